"""python manage.py prune: apply the retention policy (``lab.retention``) to the tables that
only grow: impact runs, task results, lab runs and shards, expired sessions, login logs."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from lab import retention


class Command(BaseCommand):
    help = (
        "Delete finished impact runs older than 7 days, finished task results older than 14, "
        "lab runs (and shards) older than 30 but each game's 3 newest reference runs, expired "
        "sessions, and login logs older than 90 (lab/retention.py says why)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="Count what would go; delete nothing.")

    def handle(self, *args, dry_run=False, **options):
        counts = retention.tables_prune(now=timezone.now(), dry_run=dry_run)
        verb = "would delete" if dry_run else "deleted"
        for table, n in counts.items():
            self.stdout.write(f"{table}: {verb} {n}")
