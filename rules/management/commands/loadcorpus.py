"""Fast-forward the database to the shipped corpus (rules/corpus/), never over the site's edits.

Prints one line per game and a total line. A clause or translation revised in the site
since the corpus last loaded it is *diverged*: it keeps the site's wording and is listed.
``dumpcorpus`` writes the site's current edition back to the corpus files.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from rules import corpus, search
from rules.loading import GameLoad, LoadReport, corpus_load
from rules.management.arguments import add_games_argument

LISTED = 5  # diverged keys named per game before "… and N more"


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def keys(found: list[str]) -> str:
    """`` (a, b, c)`` with at most LISTED keys named; empty when there are none."""
    if not found:
        return ""
    named = ", ".join(found[:LISTED])
    more = f" … and {len(found) - LISTED} more" if len(found) > LISTED else ""
    return f" ({named}{more})"


def by_lang(counts: dict[str, int]) -> str:
    """`` (en 53, zh-Hans 54)`` when more than English is counted; empty otherwise."""
    if set(counts) <= {"en"}:
        return ""
    return " (" + ", ".join(f"{lang} {n}" for lang, n in sorted(counts.items())) + ")"


def game_line(load: GameLoad) -> str:
    if load.edition is None:
        edition = "no edition"
    else:
        edition = f"edition {load.edition} {'published' if load.edition_published else 'unchanged'}"
    removed = f", {len(load.removed)} removed{keys(load.removed)}" if load.removed else ""
    return (
        f"{load.slug}: {plural(load.new_clauses, 'new clause')}, {len(load.fast_forwarded)} fast-forwarded, "
        f"{len(load.diverged)} diverged{keys(load.diverged)}{removed}; "
        f"translations: {load.new_translations} new{by_lang(load.new_by_lang)}, "
        f"{len(load.translations_updated)} updated, "
        f"{len(load.translations_diverged)} diverged{keys(load.translations_diverged)}; {edition}"
    )


def total_line(report: LoadReport) -> str:
    return (
        f"{plural(report.games, 'game')}: {plural(report.new_clauses, 'new clause')}, "
        f"{len(report.changed)} fast-forwarded, {len(report.diverged)} diverged; "
        f"translations: {report.new_translations} new{by_lang(report.new_by_lang)}, "
        f"{report.new_translation_revisions} updated, "
        f"{len(report.translations_diverged)} diverged; "
        f"{plural(report.new_editions, 'edition')} published"
    )


def add_root_argument(parser) -> None:
    """The corpus commands' ``--root``: where the corpus is read from (and written to)."""
    parser.add_argument(
        "--root",
        type=Path,
        default=corpus.ROOT,
        help="The corpus folder holding one folder per game (default: rules/corpus/).",
    )


def read_games(slugs, root: Path) -> list[corpus.GameData]:
    """The corpus of each game, read from ``root``; a CommandError names the game that cannot be read."""
    data = []
    for slug in slugs:
        try:
            data.append(corpus.read_game(slug, root=root))
        except (OSError, ValueError, KeyError) as exc:
            raise CommandError(f"cannot read the corpus of {slug}: {exc}") from exc
    return data


class Command(BaseCommand):
    help = (
        "Load the rule documents, their clauses, versions, translations and tables; fast-forward "
        "only what the corpus wrote last, and report what was revised in the site as diverged."
    )

    def add_arguments(self, parser):
        add_games_argument(parser)
        add_root_argument(parser)

    def handle(self, *args, games, root, **options):
        data = read_games(games or corpus.GAME_SLUGS, root)
        report = corpus_load(now=timezone.now(), games=data)
        # The search index follows the catalogue stamps on its own; building it now spares
        # the first search after a start-up the wait.
        search.index_refresh()
        if options["verbosity"] >= 1:
            for load in report.per_game:
                self.stdout.write(game_line(load))
            self.stdout.write(total_line(report))
