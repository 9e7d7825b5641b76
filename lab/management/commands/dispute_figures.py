"""python manage.py dispute_figures [GAME …] [--games N] [--force]

Start, for each game with a playtest model (default: all), the reference run whose figures
its disputes page shows — how often each dispute arises in play, how often the readings'
rulings differ when it does, and how often it changes the winner — unless one is stored or
running for the game's current rules (their fingerprint: edition, clause versions, figures).
The runs are played by the background workers (``db_worker``); this command only enqueues
them, so it is quick (``make run`` calls it). With ``TASKS_BACKEND=immediate`` they are
played here. The configuration is fixed (``lab.services.FIGURES_*``, docs/lab.md).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.snapshot import EditionNotFound
from lab import services, simulate


class Command(BaseCommand):
    help = "Start the reference playtest runs whose dispute figures the disputes pages show."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="game slugs (default: every game with a model)")
        parser.add_argument(
            "--games",
            dest="count",
            type=int,
            default=services.FIGURES_GAMES,
            help=f"games per run (default {services.FIGURES_GAMES}; the pages say how many)",
        )
        parser.add_argument("--force", action="store_true", help="start a run even if one is stored")

    def handle(self, *args, **o):
        slugs = o["games"] or list(simulate.models())
        unknown = [s for s in slugs if simulate.model(s) is None]
        if unknown:
            raise CommandError(
                f"No playtest model for {', '.join(unknown)}; one of: {', '.join(simulate.models())}."
            )
        for slug in slugs:
            try:
                run = services.figures_start(
                    game=slug, now=timezone.now(), games=o["count"], force=o["force"]
                )
            except EditionNotFound:
                self.stdout.write(f"{slug}: not loaded (loadcorpus first)")
                continue
            if run is None:
                self.stdout.write(f"{slug}: figures stored or being computed for the current rules")
            else:
                self.stdout.write(f"{slug}: run {run.pk} started ({run.config['games']} games)")
