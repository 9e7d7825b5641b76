"""Background tasks of the playtest lab (django-tasks: the database backend and its
``db_worker`` in production, the immediate backend in the tests)."""

from django_tasks import task

from . import services


@task()
def play_shard(shard_id: int) -> str:
    """Play one shard of a playtest run (see ``lab.services.shard_play``)."""
    return services.shard_play(shard_id=shard_id)
