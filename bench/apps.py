from django.apps import AppConfig


class BenchConfig(AppConfig):
    """The "fortunes" baseline page: one query over a 12-row table, one template."""

    name = "bench"
    default_auto_field = "django.db.models.BigAutoField"
