"""python manage.py recover_tasks: mark failed the tasks that dead workers left RUNNING."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from workers import services


class Command(BaseCommand):
    help = (
        "Mark FAILED the background tasks left RUNNING by a worker that has sent no heartbeat for "
        "TASK_WORKER_STALE_AFTER seconds (every db_worker also does this when it starts), and queue "
        "again the playtest shards whose heartbeat stopped LAB_STALE_AFTER seconds ago."
    )

    def handle(self, *args, **options):
        recovered = services.tasks_recover(now=timezone.now())
        self.stdout.write(f"{len(recovered)} task(s) of dead workers marked failed")
        for task_id in recovered:
            self.stdout.write(f"  {task_id}")
        replayed = services.work_replay(now=timezone.now())
        self.stdout.write(f"{replayed} playtest shard(s) of dead workers queued again")
