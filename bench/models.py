from django.db import models


class Fortune(models.Model):
    """A row of the classic "fortunes" web-framework benchmark table."""

    id = models.IntegerField(primary_key=True)
    message = models.CharField(max_length=2048)

    class Meta:
        db_table = "bench_fortune"

    def __str__(self) -> str:
        return self.message
