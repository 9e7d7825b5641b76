"""Load the shipped corpus (rules/corpus/) into the database, idempotently."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from rules import corpus
from rules.services import corpus_load


class Command(BaseCommand):
    help = "Load the five rule documents, their clauses, versions, translations and tables."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="Game slugs (default: all five).")

    def handle(self, *args, games, **options):
        data = [corpus.read_game(slug) for slug in (games or corpus.GAME_SLUGS)]
        report = corpus_load(now=timezone.now(), games=data)
        self.stdout.write(
            f"{report.games} games: {report.new_clauses} new clauses, {report.new_versions} new versions, "
            f"{report.new_translations} new translations, {report.new_translation_revisions} new "
            f"translation revisions, {report.new_editions} new editions."
        )
        for key in report.changed[:50]:
            self.stdout.write(f"  changed: {key}")
