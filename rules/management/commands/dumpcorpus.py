"""Write a game's current published edition back to the corpus files, so a site edit can be committed.

Each clause of ``rules/corpus/<game>/clauses.toml`` gets the edition's text, status, note and
parameters, and the English translation of that version (a version with no English keeps
the file's). A clause whose text is no longer its part of ``source.txt`` keeps that wording
as ``source``: the source document never changes. Only the fields that differ are rewritten;
comments and layout stay. ``loadcorpus`` after ``dumpcorpus`` changes nothing.
"""

import dataclasses
import tomllib
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules import corpus
from rules.models import QUOTABLE, Edition, EditionEntry, Game, Translation

from .loadcorpus import add_root_argument, keys, plural, read_games


class Command(BaseCommand):
    help = "Write a game's current published edition (texts, translations, parameters) to its clauses.toml."

    def add_arguments(self, parser):
        parser.add_argument("game", help="Game slug, e.g. rada-miasta.")
        add_root_argument(parser)

    def handle(self, *args, game, root, **options):
        (data,) = read_games([game], root)
        edition = Edition.objects.filter(
            game__in=Game.objects.filter(slug=game), is_current=True, status=Edition.Status.PUBLISHED
        ).first()
        if edition is None:
            raise CommandError(f"{game} has no published edition in the database (run loadcorpus).")
        entries = list(
            EditionEntry.objects.filter(edition=edition)
            .select_related("clause", "version")
            .order_by("position")
        )
        english = dict(
            # Only finished English: a text that needs review is not shipped as the translation.
            Translation.objects.filter(
                based_on__in=[e.version_id for e in entries], lang="en", state__in=QUOTABLE
            ).values_list("based_on_id", "text")
        )
        in_file = {c.key for c in data.clauses}
        missing = [e.clause.key for e in entries if e.clause.key not in in_file]
        if missing:
            raise CommandError(
                f"edition {edition.number} of {game} holds clauses that clauses.toml does not: "
                f"{', '.join(missing)} (add them to the file by hand first)."
            )
        wordings = {
            e.clause.key: corpus.ClauseWording(
                text=e.version.text,
                status=e.version.status,
                note=e.version.note,
                params=dict(e.version.bindings),
                en=english.get(e.version_id),
            )
            for e in entries
        }
        path = root / game / "clauses.toml"
        before = path.read_text(encoding="utf-8")
        try:
            after = corpus.rewrite_clauses(before, wordings)
            clauses = corpus.parse_clauses(tomllib.loads(after))
        except corpus.CorpusError as exc:
            raise CommandError(f"{game}: {exc}") from exc
        problems = corpus.check_game(dataclasses.replace(data, clauses=clauses))
        if problems:
            raise CommandError(
                f"{game}: edition {edition.number} would break the corpus: " + "; ".join(problems)
            )
        changed = [new.key for old, new in zip(data.clauses, clauses, strict=True) if old != new]
        if after != before:
            partial = path.with_name(path.name + ".partial")
            partial.write_text(after, encoding="utf-8", newline="")
            partial.replace(path)
        if options["verbosity"] >= 1:
            shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
            self.stdout.write(
                f"{game}: edition {edition.number} → {shown}: "
                f"{plural(len(changed), 'clause')} changed{keys(changed)}"
            )
