from django.apps import AppConfig


class WorkersConfig(AppConfig):
    """The background task workers' liveness: a heartbeat per ``db_worker`` process, so that the
    tasks a killed worker was running are marked failed instead of staying RUNNING forever."""

    name = "workers"
    verbose_name = "Task workers"
