"""Background tasks of the adjudication engine (django-tasks: the database backend and its
``db_worker`` in production, the immediate backend where settings say so)."""

from django_tasks import task

from . import services


@task()
def impact_run(run_id: str) -> str:
    """Re-rule the stored rulings of one draft's impact report (``games.services.impact_run_work``)."""
    return services.impact_run_work(run_id=run_id)
