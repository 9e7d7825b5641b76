"""Writes to the catalogue. Every function is keyword-only, typed and atomic.

Nothing here overwrites wording: a changed clause text becomes a new
``ClauseVersion``, a changed translation becomes a new ``TranslationRevision``.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max

from . import corpus as corpus_files
from .models import (
    Clause,
    ClauseVersion,
    Document,
    Edition,
    EditionEntry,
    Game,
    Section,
    TableRow,
    Term,
    Translation,
    TranslationRevision,
    Variant,
    search_form,
)

CORPUS_AUTHOR = "corpus"


class Conflict(Exception):
    """Someone else saved first; the caller's text is carried back, not lost."""

    def __init__(self, message: str, *, current_revision: int, text: str):
        super().__init__(message)
        self.current_revision = current_revision
        self.text = text


@dataclass
class LoadReport:
    games: int = 0
    new_clauses: int = 0
    new_versions: int = 0
    new_translations: int = 0
    new_translation_revisions: int = 0
    new_editions: int = 0
    changed: list[str] = field(default_factory=list)

    @property
    def anything_new(self) -> bool:
        return bool(
            self.new_clauses
            or self.new_versions
            or self.new_translations
            or self.new_translation_revisions
            or self.new_editions
        )


def catalogue_touch(*, game_id: int | None = None, clause_id: int | None = None, rules: bool = False) -> None:
    """Record that ``game``'s clauses, editions or translations changed (with ``rules``: its
    variants or tables too).

    Every write in this module calls it inside its own transaction, so the new stamp
    commits (or rolls back) with the change; caches keyed on the stamp can never
    serve wording from before a committed change.
    """
    games = Game.objects.filter(pk=game_id) if clause_id is None else Game.objects.filter(clauses=clause_id)
    stamps = {"catalogue_stamp": uuid.uuid4()}
    if rules:
        stamps["rules_stamp"] = uuid.uuid4()
    games.update(**stamps)


def corpus_load(*, now: dt.datetime, games: list[corpus_files.GameData] | None = None) -> LoadReport:
    """Load the shipped corpus idempotently; changed wording becomes new versions."""
    report = LoadReport()
    for position, data in enumerate(games or corpus_files.all_games(), start=1):
        _load_game(data, position=position, now=now, report=report)
        report.games += 1
    return report


@transaction.atomic
def _load_game(data: corpus_files.GameData, *, position: int, now: dt.datetime, report: LoadReport) -> None:
    game, _ = Game.objects.update_or_create(
        slug=data.slug,
        defaults={
            "title": data.title,
            "language": data.language,
            "origin": data.origin,
            "description": data.description,
            "position": position,
        },
    )
    document, _ = Document.objects.update_or_create(
        game=game,
        name=data.source_name or "source.txt",
        defaults={"language": data.language, "text": data.source},
    )
    sections = {}
    for n, s in enumerate(data.sections, start=1):
        sections[s.key], _ = Section.objects.update_or_create(
            document=document, key=s.key, defaults={"title": s.title, "title_en": s.en, "position": n}
        )

    before = (
        report.new_clauses,
        report.new_versions,
        report.new_translations,
        report.new_translation_revisions,
    )
    metadata_changed = False
    existing = {c.key: c for c in Clause.objects.filter(game=game)}
    latest = {
        v.clause_id: v
        for v in ClauseVersion.objects.filter(clause__game=game).order_by("clause_id", "number")
    }
    translations = {
        (t.clause_id, t.based_on_id): t
        for t in Translation.objects.filter(clause__game=game, lang="en").select_related("based_on")
    }
    latest_translation: dict[int, Translation] = {}
    for t in sorted(translations.values(), key=lambda t: t.based_on.number):
        latest_translation[t.clause_id] = t

    entries: list[tuple[Clause, ClauseVersion]] = []
    edition_changed = False
    for n, c in enumerate(data.clauses, start=1):
        clause = existing.get(c.key)
        if clause is None:
            clause = Clause.objects.create(
                game=game, section=sections[c.section], key=c.key, position=n, kind=c.kind
            )
            report.new_clauses += 1
        elif (clause.section_id, clause.position, clause.kind) != (sections[c.section].id, n, c.kind):
            clause.section, clause.position, clause.kind = sections[c.section], n, c.kind
            clause.save(update_fields=["section", "position", "kind"])
            metadata_changed = True
        version = latest.get(clause.id)
        shipped = (c.text, c.status, c.note, c.params)
        if version is None or (version.text, version.status, version.note, version.bindings) != shipped:
            version = ClauseVersion.objects.create(
                clause=clause,
                number=(version.number + 1) if version else 1,
                text=c.text,
                status=c.status,
                note=c.note,
                bindings=c.params,
                author=CORPUS_AUTHOR,
                created_at=now,
            )
            report.new_versions += 1
            report.changed.append(c.key)
            edition_changed = True
        entries.append((clause, version))
        if c.en:
            _load_translation(
                clause, version, c.en, latest_translation.get(clause.id), now=now, report=report
            )

    current = Edition.objects.filter(game=game, is_current=True).first()
    if current is not None and not edition_changed:
        current_ids = set(current.entries.values_list("version_id", flat=True))
        edition_changed = current_ids != {v.id for _, v in entries}
    if current is None or edition_changed:
        _edition_publish(game=game, entries=entries, now=now, name=None)
        report.new_editions += 1
    after = (
        report.new_clauses,
        report.new_versions,
        report.new_translations,
        report.new_translation_revisions,
    )
    if metadata_changed or after != before:
        catalogue_touch(game_id=game.id)

    _load_rules_data(game, data, clauses={c.key: c for c, _ in entries})
    _load_terms(game, data)


def _load_translation(
    clause: Clause,
    version: ClauseVersion,
    text: str,
    previous: Translation | None,
    *,
    now: dt.datetime,
    report: LoadReport,
) -> None:
    """Keep the shipped English in step without hiding staleness.

    A new clause version whose English did not change keeps the old
    translation (which now shows as stale); only a changed English text makes a
    translation of the new version.
    """
    if previous is not None and previous.based_on_id == version.id:
        if previous.text != text:
            translation_submit(
                translation=previous,
                text=text,
                state=previous.state,
                expected_revision=previous.revision,
                author=CORPUS_AUTHOR,
                now=now,
            )
            report.new_translation_revisions += 1
        return
    if previous is not None and previous.text == text:
        return
    translation_create(
        version=version,
        lang="en",
        text=text,
        state=Translation.State.NEEDS_REVIEW,
        author=CORPUS_AUTHOR,
        now=now,
    )
    report.new_translations += 1


def _variants_now(game: Game) -> list[tuple]:
    return [
        (
            v.slug,
            v.title,
            v.description,
            v.position,
            sorted(c.key for c in v.activates.all()),
            sorted(c.key for c in v.overrides.all()),
        )
        for v in Variant.objects.filter(game=game)
        .order_by("position")
        .prefetch_related("activates", "overrides")
    ]


def _tables_now(game: Game) -> list[tuple]:
    return list(
        TableRow.objects.filter(game=game)
        .order_by("table", "position")
        .values_list("table", "position", "clause_id", "data", "columns", "flagged", "reading")
    )


def _load_rules_data(game: Game, data: corpus_files.GameData, *, clauses: dict[str, Clause]) -> None:
    """Load variants and tables; move the rules stamp only when something really changed."""
    before = (_variants_now(game), _tables_now(game))
    _load_variants(game, data, existing_clauses=clauses)
    _load_tables(game, data, clauses=clauses)
    if (_variants_now(game), _tables_now(game)) != before:
        catalogue_touch(game_id=game.id, rules=True)


def _load_variants(game: Game, data: corpus_files.GameData, *, existing_clauses: dict[str, Clause]) -> None:
    keep = []
    for n, v in enumerate(data.variants):
        variant, _ = Variant.objects.update_or_create(
            game=game, slug=v.slug, defaults={"title": v.title, "description": v.description, "position": n}
        )
        variant.activates.set([existing_clauses[k] for k in v.activates])
        variant.overrides.set([existing_clauses[k] for k in v.overrides])
        keep.append(variant.id)
    Variant.objects.filter(game=game).exclude(id__in=keep).delete()


def _load_terms(game: Game, data: corpus_files.GameData) -> None:
    keep = []
    for n, t in enumerate(data.terms):
        term, _ = Term.objects.update_or_create(
            game=game,
            key=t.key,
            defaults={"forms": {data.language: t.original, "en": t.en}, "note": t.note, "position": n},
        )
        keep.append(term.id)
    Term.objects.filter(game=game).exclude(id__in=keep).delete()


def _load_tables(game: Game, data: corpus_files.GameData, *, clauses: dict[str, Clause]) -> None:
    keep = []
    for table in data.tables.get("tables", []):
        for n, row in enumerate(table.get("rows", []), start=1):
            payload = {k: v for k, v in row.items() if k not in {"clause", "flagged", "reading"}}
            obj, _ = TableRow.objects.update_or_create(
                game=game,
                table=table["key"],
                position=n,
                defaults={
                    "clause": clauses[row["clause"]],
                    "data": payload,
                    "columns": list(payload),
                    "flagged": bool(row.get("flagged")),
                    "reading": row.get("reading", ""),
                },
            )
            keep.append(obj.id)
    TableRow.objects.filter(game=game).exclude(id__in=keep).delete()


def _edition_publish(
    *, game: Game, entries: list[tuple[Clause, ClauseVersion]], now: dt.datetime, name: str | None
) -> Edition:
    number = (Edition.objects.filter(game=game).aggregate(n=Max("number"))["n"] or 0) + 1
    Edition.objects.filter(game=game, is_current=True).update(is_current=False)
    edition = Edition.objects.create(
        game=game, number=number, name=name or f"Edition {number}", created_at=now, is_current=True
    )
    EditionEntry.objects.bulk_create(
        EditionEntry(edition=edition, clause=clause, version=version, position=n)
        for n, (clause, version) in enumerate(entries, start=1)
    )
    catalogue_touch(game_id=game.id)
    return edition


@transaction.atomic
def clause_revise(
    *,
    clause: Clause,
    text: str,
    status: str,
    note: str = "",
    author: str = "",
    expected_version: int,
    now: dt.datetime,
) -> ClauseVersion:
    """Add a new version of ``clause``; refuse if someone else revised it first."""
    latest = ClauseVersion.objects.select_for_update().filter(clause=clause).order_by("-number").first()
    current_number = latest.number if latest else 0
    if current_number != expected_version:
        raise Conflict(
            f"{clause.key} is at version {current_number}, not {expected_version}",
            current_revision=current_number,
            text=text,
        )
    version = ClauseVersion.objects.create(
        clause=clause,
        number=current_number + 1,
        text=text,
        status=status,
        note=note,
        author=author,
        created_at=now,
        bindings=latest.bindings if latest else {},
    )
    catalogue_touch(game_id=clause.game_id)
    return version


@transaction.atomic
def edition_publish(*, game: Game, name: str | None, now: dt.datetime) -> Edition:
    """Publish the newest non-draft version of every clause of the current edition, as
    edition ``name`` (by default "Edition <number>")."""
    current = Edition.objects.get(game=game, is_current=True)
    clause_ids = list(current.entries.order_by("position").values_list("clause_id", flat=True))
    newest: dict[int, ClauseVersion] = {}
    for v in (
        ClauseVersion.objects.filter(clause_id__in=clause_ids)
        .exclude(status=ClauseVersion.Status.DRAFT)
        .select_related("clause")
        .order_by("number")
    ):
        newest[v.clause_id] = v
    entries = [(newest[cid].clause, newest[cid]) for cid in clause_ids]
    return _edition_publish(game=game, entries=entries, now=now, name=name)


@transaction.atomic
def translation_create(
    *, version: ClauseVersion, lang: str, text: str, state: str, author: str, now: dt.datetime
) -> Translation:
    """Translate one clause version into ``lang`` (first revision)."""
    translation = Translation.objects.create(
        based_on=version,
        clause_id=version.clause_id,
        lang=lang,
        text=text,
        state=state,
        revision=1,
        translator=author,
        updated_at=now,
    )
    rev = TranslationRevision.objects.create(
        translation=translation, revision=1, text=text, state=state, author=author, created_at=now
    )
    Translation.objects.filter(pk=translation.pk).update(current_revision=rev)
    translation.current_revision = rev
    catalogue_touch(clause_id=version.clause_id)
    return translation


@transaction.atomic
def translation_submit(
    *,
    translation: Translation,
    text: str,
    state: str,
    expected_revision: int,
    author: str,
    now: dt.datetime,
) -> Translation:
    """Save a new revision of a translation, one winner per revision number.

    The update is conditional on the revision the editor started from; when
    another save got there first, ``Conflict`` carries the loser's text back.
    """
    new_revision = expected_revision + 1
    rev_row = TranslationRevision(
        translation=translation,
        revision=new_revision,
        text=text,
        state=state,
        author=author,
        created_at=now,
    )
    won = Translation.objects.filter(pk=translation.pk, revision=expected_revision).update(
        text=text, state=state, revision=new_revision, updated_at=now, search_text=search_form(text)
    )
    if not won:
        current = Translation.objects.get(pk=translation.pk)
        raise Conflict(
            f"translation was saved by someone else (revision {current.revision})",
            current_revision=current.revision,
            text=text,
        )
    rev_row.save()
    Translation.objects.filter(pk=translation.pk).update(current_revision=rev_row)
    translation.refresh_from_db()
    catalogue_touch(clause_id=translation.clause_id)
    return translation
