"""Load the shipped corpus (``rules/corpus/<game>/*.toml``) into the catalogue: what
``manage.py loadcorpus`` runs.

The database is fast-forwarded to the shipped wording, never over the site's history: a
clause or translation revised in the site since the corpus last wrote it is *diverged*, left
alone and reported. The writes go through ``services`` (versions and translations stay
append-only); loading twice changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction

from . import corpus as corpus_files
from . import params, services, tables
from .models import (
    Clause,
    ClauseVersion,
    Document,
    Edition,
    Game,
    Section,
    TableRow,
    Term,
    Translation,
    Variant,
)

CORPUS_AUTHOR = "corpus"


@dataclass
class GameLoad:
    """What one ``loadcorpus`` run did to one game."""

    slug: str
    new_clauses: int = 0
    new_versions: int = 0
    fast_forwarded: list[str] = field(default_factory=list)
    # Clauses whose newest version was written in the site and differs from the shipped text:
    # left alone, the site's wording stays in force.
    diverged: list[str] = field(default_factory=list)
    # Clauses the corpus no longer has, dropped from the current edition (only when the corpus
    # wrote their newest version: one revised in the site stays, and counts as diverged).
    removed: list[str] = field(default_factory=list)
    new_translations: int = 0
    # Language code → how many of new_translations are in it.
    new_by_lang: dict[str, int] = field(default_factory=dict)
    translations_updated: list[str] = field(default_factory=list)
    translations_diverged: list[str] = field(default_factory=list)
    edition: int | None = None  # the current edition after the load
    edition_published: bool = False


@dataclass
class LoadReport:
    """What one ``corpus_load`` did: each game's ``GameLoad``, and the totals over them."""

    per_game: list[GameLoad] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.per_game)

    @property
    def new_clauses(self) -> int:
        return sum(g.new_clauses for g in self.per_game)

    @property
    def new_versions(self) -> int:
        return sum(g.new_versions for g in self.per_game)

    @property
    def new_translations(self) -> int:
        return sum(g.new_translations for g in self.per_game)

    @property
    def new_by_lang(self) -> dict[str, int]:
        """Language code → new translations."""
        return dict(sum((Counter(g.new_by_lang) for g in self.per_game), Counter()))

    @property
    def new_translation_revisions(self) -> int:
        return sum(len(g.translations_updated) for g in self.per_game)

    @property
    def new_editions(self) -> int:
        return sum(g.edition_published for g in self.per_game)

    @property
    def anything_new(self) -> bool:
        return bool(
            self.new_clauses
            or self.new_versions
            or self.new_translations
            or self.new_translation_revisions
            or self.new_editions
        )

    @property
    def changed(self) -> list[str]:
        """The fast-forwarded clauses."""
        return [key for g in self.per_game for key in g.fast_forwarded]

    @property
    def diverged(self) -> list[str]:
        return [key for g in self.per_game for key in g.diverged]

    @property
    def translations_diverged(self) -> list[str]:
        return [key for g in self.per_game for key in g.translations_diverged]


def corpus_load(*, now: dt.datetime, games: list[corpus_files.GameData] | None = None) -> LoadReport:
    """Fast-forward the database to the shipped corpus, never over the site's history.

    A clause whose newest version the corpus wrote follows the shipped wording (a change
    becomes a new version); a clause revised in the site since is *diverged*: it is left
    alone and reported. English translations likewise. Loading twice changes nothing.
    """
    return LoadReport(
        [
            _load_game(data, position=position, now=now)
            for position, data in enumerate(games or corpus_files.all_games(), start=1)
        ]
    )


@transaction.atomic
def _load_game(data: corpus_files.GameData, *, position: int, now: dt.datetime) -> GameLoad:
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

    load = GameLoad(slug=data.slug)
    metadata_changed = False
    existing = {c.key: c for c in Clause.objects.filter(game=game)}
    latest = {
        v.clause_id: v
        for v in ClauseVersion.objects.filter(clause__game=game).order_by("clause_id", "number")
    }
    # Per clause and language, its translation of the newest version that has one.
    latest_translation = {
        (t.clause_id, t.lang): t
        for t in Translation.objects.filter(clause__game=game, lang__in=["en", *data.translations])
        .select_related("based_on", "current_revision")
        .order_by("based_on__number")
    }

    # Per clause of the corpus: its new version (added now), or the version whose wording is
    # the shipped one (nothing to do), or None (diverged: the site's wording stays).
    shipped: list[tuple[Clause, ClauseVersion | None, bool]] = []
    for n, c in enumerate(data.clauses, start=1):
        clause = existing.get(c.key)
        if clause is None:
            clause = Clause.objects.create(
                game=game, section=sections[c.section], key=c.key, position=n, kind=c.kind
            )
            load.new_clauses += 1
        elif (clause.section_id, clause.position, clause.kind) != (sections[c.section].id, n, c.kind):
            clause.section, clause.position, clause.kind = sections[c.section], n, c.kind
            clause.save(update_fields=["section", "position", "kind"])
            metadata_changed = True
        version, added = _load_clause(clause, c, latest.get(clause.id), now=now, load=load)
        shipped.append((clause, version, added))
        if version is None:
            continue
        shipped_texts = [("en", c.en, None)] + [
            (lang, t.clauses.get(c.key), _shipped_state(t.state)) for lang, t in data.translations.items()
        ]
        for lang, text, state in shipped_texts:
            if text:
                previous = latest_translation.get((clause.id, lang))
                _load_translation(clause, version, text, previous, lang=lang, state=state, now=now, load=load)

    current = Edition.objects.filter(game=game, is_current=True, status=Edition.Status.PUBLISHED).first()
    entries = _next_edition(current, shipped, latest, load=load)
    if entries is not None:
        load.edition = services.edition_publish_entries(game=game, entries=entries, now=now, name=None).number
        load.edition_published = True
    else:
        load.edition = current.number if current is not None else None
    if metadata_changed or load.new_versions or load.new_translations or load.translations_updated:
        services.catalogue_touch(game_id=game.id)

    _load_rules_data(game, data, clauses={c.key: c for c, _, _ in shipped})
    _load_terms(game, data)
    return load


def _load_clause(
    clause: Clause,
    c: corpus_files.ClauseData,
    newest: ClauseVersion | None,
    *,
    now: dt.datetime,
    load: GameLoad,
) -> tuple[ClauseVersion | None, bool]:
    """Fast-forward one clause: return the version holding the shipped wording (None when the
    clause diverged) and whether it was added now.

    A clause with no version starts at the source wording (version 1), then the shipped
    text when the corpus carries a revision of it. A clause whose newest version the corpus
    wrote gets a new version when the shipped text, status, note or parameters differ. A
    clause revised in the site since is left alone.
    """

    def add(text: str, bindings: dict[str, str]) -> ClauseVersion:
        load.new_versions += 1
        return ClauseVersion.objects.create(
            clause=clause,
            number=(newest.number + 1) if newest else 1,
            text=text,
            status=c.status,
            note=c.note,
            bindings=bindings,
            author=CORPUS_AUTHOR,
            created_at=now,
        )

    if newest is None:
        if c.source is not None:
            newest = add(c.source, _bindings_reading(c.params, c.source))
        return add(c.text, c.params), True
    if newest.author == CORPUS_AUTHOR:
        if (newest.text, newest.status, newest.note, newest.bindings) == (c.text, c.status, c.note, c.params):
            return newest, False
        load.fast_forwarded.append(c.key)
        return add(c.text, c.params), True
    if newest.text == c.text:
        return newest, False
    load.diverged.append(c.key)
    return None, False


def _bindings_reading(bindings: dict[str, str], text: str) -> dict[str, str]:
    """The bindings whose words are in ``text`` (the source wording a revision rebound)."""
    readings, _ = params.read_all(bindings, corpus_files.normalise(text))
    return {name: template for name, template in bindings.items() if name in readings}


def _next_edition(
    current: Edition | None,
    shipped: list[tuple[Clause, ClauseVersion | None, bool]],
    latest: dict[int, ClauseVersion],
    *,
    load: GameLoad,
) -> list[tuple[Clause, ClauseVersion]] | None:
    """The entries of the edition to publish, or None when the current one stays.

    The current published edition's entries, with the fast-forwarded clauses at their new
    versions and the new clauses in corpus order. A diverged clause keeps the version the
    current edition has; a clause the corpus no longer has stays (after the clause it
    followed) only if the site revised it.
    """
    in_force: dict[int, tuple[Clause, ClauseVersion]] = {}
    if current is not None:
        in_force = {
            e.clause_id: (e.clause, e.version)
            for e in current.entries.select_related("clause", "version").order_by("position")
        }
    changed = current is None
    entries: list[tuple[Clause, ClauseVersion]] = []
    for clause, version, added in shipped:
        if clause.id in in_force and not added:
            entries.append(in_force[clause.id])
        elif version is not None:
            entries.append((clause, version))
            changed = True
    # A clause of the current edition the corpus dropped: placed after the entry it followed.
    corpus_ids = {clause.id for clause, _, _ in shipped}
    after: dict[int | None, list[tuple[Clause, ClauseVersion]]] = {}
    previous: int | None = None
    for clause_id, entry in in_force.items():
        if clause_id in corpus_ids:
            previous = clause_id
        elif latest[clause_id].author == CORPUS_AUTHOR:
            load.removed.append(entry[0].key)
            changed = True
        else:
            load.diverged.append(entry[0].key)
            after.setdefault(previous, []).append(entry)
    if not changed or not (entries or after):
        return None
    placed = after.get(None, [])
    for entry in entries:
        placed += [entry, *after.get(entry[0].id, [])]
    return placed


def _shipped_state(state: str) -> str:
    """The Translation state of a shipped translation file's ``state``: "translated" is
    finished but not yet approved by a reviewer; "approved" names its reviewer."""
    if state == "approved":
        return Translation.State.APPROVED
    return Translation.State.TRANSLATED


def _load_translation(
    clause: Clause,
    version: ClauseVersion,
    text: str,
    previous: Translation | None,
    *,
    lang: str,
    state: str | None,
    now: dt.datetime,
    load: GameLoad,
) -> None:
    """Keep the shipped translation into ``lang`` of ``version`` (which holds the shipped
    wording) in step, without hiding staleness or overwriting the site's work.

    A new clause version whose translation did not change keeps the old translation (which
    now shows as stale); a changed text makes a new revision of a translation the corpus
    wrote last, or a translation of the new version. The clause's newest translation, when
    revised in the site and different, is diverged and left alone. ``state`` is the shipped
    state (None for the English, which keeps its state and starts as translated: finished,
    not approved by a reviewer).
    """
    named = clause.key if lang == "en" else f"{clause.key} [{lang}]"
    if previous is not None and previous.text == text and previous.state == (state or previous.state):
        return
    if previous is not None and _translation_author(previous) != CORPUS_AUTHOR:
        if previous.text != text:
            load.translations_diverged.append(named)
        return
    revised = previous is not None and previous.based_on_id == version.id
    services.translation_save(
        version=version,
        lang=lang,
        text=text,
        # A new translation is shipped finished, not yet approved by a reviewer.
        state=state or (previous.state if revised else Translation.State.TRANSLATED),
        expected_revision=previous.revision if revised else 0,
        author=CORPUS_AUTHOR,
        now=now,
    )
    if revised:
        load.translations_updated.append(named)
        return
    load.new_translations += 1
    load.new_by_lang[lang] = load.new_by_lang.get(lang, 0) + 1


def _translation_author(translation: Translation) -> str:
    """Who wrote the newest revision of ``translation``."""
    if translation.current_revision is not None:
        return translation.current_revision.author
    newest = translation.revisions.order_by("-revision").first()
    return newest.author if newest is not None else translation.translator


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
        services.catalogue_touch(game_id=game.id, rules=True)


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
            defaults={
                "forms": {data.language: t.original, "en": t.en, **t.forms},
                "matches": {(lang or data.language): m for lang, m in t.matches.items()},
                "note": t.note,
                "position": n,
            },
        )
        keep.append(term.id)
    # A term gone from the corpus goes, unless translators proposed forms of it: those are kept
    # (append-only, translators.models.TermProposal), and the term with them.
    Term.objects.filter(game=game, proposals__isnull=True).exclude(id__in=keep).delete()


def _load_tables(game: Game, data: corpus_files.GameData, *, clauses: dict[str, Clause]) -> None:
    keep = []
    for table in data.tables.get("tables", []):
        for n, row in enumerate(table.get("rows", []), start=1):
            payload = {k: v for k, v in row.items() if k not in {"clause", "flagged", "reading"}}
            # Which cell each number of the clause's text fills, as a list: JSON objects keep
            # no key order on PostgreSQL, so the order of the goods must be stored.
            payload["numbers"] = tables.paths_of(row)
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
