"""One row per running ``db_worker`` process: its id (the one django-tasks-db writes in a task
row's ``worker_ids``) and when it last said it was alive."""

from django.db import models


class WorkerBeat(models.Model):
    worker_id = models.CharField(max_length=64, primary_key=True)
    host = models.CharField(max_length=255)
    pid = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    beat_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.worker_id} ({self.host}:{self.pid})"
