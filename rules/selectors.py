"""Reads from the catalogue, each in a constant number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, Q, Subquery

from config.answers import Question

from . import search as search_engine
from . import tables
from .models import (
    Clause,
    ClauseVersion,
    Edition,
    EditionEntry,
    Game,
    SearchEntry,
    TableRow,
    Translation,
    Variant,
    quoted_translations,
)


@dataclass
class GameSummary:
    game: Game
    clause_count: int
    translatable: int
    coverage: dict[str, int]
    variants: list[Variant]

    @property
    def languages(self) -> list[str]:
        """The original plus every language with a translation of every translatable clause."""
        complete = [lang for lang, n in sorted(self.coverage.items()) if n >= self.translatable]
        return [self.game.language, *[lang for lang in complete if lang != self.game.language]]

    def coverage_percent(self, lang: str) -> int:
        if not self.translatable:
            return 100
        return round(100 * self.coverage.get(lang, 0) / self.translatable)


def game_summaries() -> list[GameSummary]:
    """Return every game with its clause count, translation coverage and variants (3 queries)."""
    games = list(
        Game.objects.annotate(
            clause_count=Count("editions__entries", filter=Q(editions__is_current=True)),
            translatable=Count(
                "editions__entries",
                filter=Q(editions__is_current=True) & ~Q(editions__entries__clause__kind="furniture"),
            ),
        ).order_by("position")
    )
    variants: dict[int, list[Variant]] = defaultdict(list)
    for v in Variant.objects.order_by("game_id", "position"):
        variants[v.game_id].append(v)
    coverage: dict[int, dict[str, int]] = defaultdict(dict)
    for row in (
        Translation.objects.filter(clause__kind__in=[k for k in Clause.Kind.values if k != "furniture"])
        .values("clause__game_id", "lang")
        .annotate(n=Count("clause_id", distinct=True))
    ):
        coverage[row["clause__game_id"]][row["lang"]] = row["n"]
    return [GameSummary(g, g.clause_count, g.translatable, coverage[g.id], variants[g.id]) for g in games]


def game_get(slug: str) -> Game | None:
    return Game.objects.filter(slug=slug).first()


def game_fields(slug: str, *fields: str) -> tuple | None:
    """The named fields of the game ``slug`` as the database returns them (a stamp may be a
    UUID or its hex), or None for an unknown game: one query in plain SQL, since every page
    view and every ruling runs it and the ORM's query building costs more than the query."""
    meta, qn = Game._meta, connection.ops.quote_name
    columns = ", ".join(qn(meta.get_field(f).column) for f in fields)
    where = qn(meta.get_field("slug").column)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {qn(meta.db_table)} WHERE {where} = %s", [slug])
        return cursor.fetchone()


def catalogue_stamp(slug: str) -> str | None:
    """The game's catalogue stamp, or None for an unknown game (one query): what the reader's
    and clause pages' ETags and page cache follow (``rules.views.catalogue_page``)."""
    row = game_fields(slug, "catalogue_stamp")
    return str(row[0]) if row else None


def editions(game: Game | int, *, clause_counts: bool = False) -> list[Edition]:
    """A game's editions, drafts included, newest first, each with the edition it was opened
    from (``based_on``); with ``clause_counts``, each with its number of clauses
    (``clause_count``). One query. Every list of a game's editions reads this one (the pages
    order them as they show them)."""
    query = Edition.objects.filter(game=game).select_related("based_on").order_by("-number")
    if clause_counts:
        query = query.annotate(clause_count=Count("entries"))
    return list(query)


def games() -> list[Game]:
    """Every game in catalogue order (one query)."""
    return list(Game.objects.order_by("position"))


@dataclass
class ClauseView:
    """One clause of an edition with its version and the best translation in a language."""

    clause: Clause
    version: ClauseVersion
    translation: Translation | None = None
    table_rows: list[TableRow] = field(default_factory=list)

    @property
    def stale(self) -> bool:
        return self.translation is not None and self.translation.is_stale(self.version)

    @property
    def unreviewed(self) -> bool:
        """The text shown is not translated or approved yet: readers mark it."""
        return self.translation is not None and not self.translation.quotable


def _views(entries, game: Game, lang: str | None) -> list[ClauseView]:
    """The entries (an ``EditionEntry`` query) as clause views in document order, each with
    the translation into ``lang`` that readers quote (``quoted_translations``): 2 queries."""
    entries = entries.select_related("clause__section", "version").order_by("position")
    if not (lang and lang != game.language):
        return [ClauseView(e.clause, e.version) for e in entries]
    entries = list(entries.annotate(quoted=Subquery(quoted_translations(lang).values("id")[:1])))
    shown = Translation.objects.select_related("based_on").in_bulk([e.quoted for e in entries if e.quoted])
    return [ClauseView(e.clause, e.version, shown.get(e.quoted)) for e in entries]


def edition_get(game: Game, number: int) -> Edition | None:
    """Edition ``number`` of ``game`` (a draft included), or None (1 query)."""
    return Edition.objects.filter(game=game, number=number).first()


def edition_clauses(edition: Edition, lang: str | None) -> list[ClauseView]:
    """The clauses of ``edition`` (a draft included) in document order (2-3 queries)."""
    return _views(EditionEntry.objects.filter(edition=edition), edition.game, lang)


def current_clauses(game: Game, lang: str | None, *, with_tables: bool = False) -> list[ClauseView]:
    """Return the current edition of ``game`` in document order (2-4 queries whatever its size)."""
    views = _views(EditionEntry.objects.filter(edition__game=game, edition__is_current=True), game, lang)
    if with_tables:
        rows: dict[int, list[TableRow]] = defaultdict(list)
        for row in TableRow.objects.filter(game=game).order_by("table", "position"):
            rows[row.clause_id].append(row)
        for v in views:
            v.table_rows = rows.get(v.clause.id, [])
            for row in v.table_rows:
                # The figures are the ones this edition's wording states (rules.tables).
                try:
                    row.data = tables.read_row({**row.data, "clause": v.clause.key}, v.version.text)
                    row.data.pop("clause")
                except tables.RowBindingError:
                    pass
    return views


@dataclass
class VersionView:
    version: ClauseVersion
    editions: list[Edition]
    translations: list[Translation]
    previous: ClauseVersion | None


def clause_history(key: str) -> tuple[Clause, list[VersionView], ClauseVersion | None] | None:
    """Return a clause, every version (oldest first) with its editions and translations,
    and the version in the current edition (4 queries)."""
    clause = Clause.objects.select_related("game", "section").filter(key=key).first()
    if clause is None:
        return None
    versions = list(ClauseVersion.objects.filter(clause=clause).order_by("number"))
    editions: dict[int, list[Edition]] = defaultdict(list)
    current = None
    for entry in (
        EditionEntry.objects.filter(clause=clause).select_related("edition").order_by("edition__number")
    ):
        editions[entry.version_id].append(entry.edition)
        if entry.edition.is_current:
            current = entry.version_id
    translations: dict[int, list[Translation]] = defaultdict(list)
    for t in Translation.objects.filter(clause=clause).order_by("lang"):
        translations[t.based_on_id].append(t)
    out = []
    previous = None
    for v in versions:
        out.append(VersionView(v, editions[v.id], translations[v.id], previous))
        previous = v
    current_version = next((v for v in versions if v.id == current), None)
    return clause, out, current_version


def clause_version(clause: Clause, number: int) -> ClauseVersion:
    """One version of a clause by number (one query)."""
    return ClauseVersion.objects.get(clause=clause, number=number)


def clause_versions(key: str) -> list[ClauseVersion] | None:
    clause = Clause.objects.filter(key=key).first()
    if clause is None:
        return None
    return list(ClauseVersion.objects.filter(clause=clause).order_by("number"))


@dataclass
class SearchHit:
    """One clause found: its wording and the translation to show beside it (in the language
    asked for, or else the one the query matched), and how closely they match."""

    clause: Clause
    version: ClauseVersion
    translation: Translation | None
    lang: str | None  # the shown translation's language, or the one asked for when it has none
    tier: int  # 0 when every query word is in the text whole; more for other forms (rules.search.QueryWord.tier)


@dataclass
class SearchResults:
    terms: list[search_engine.Term]
    hits: list[SearchHit]
    total: int  # clauses matching, beyond those listed too
    languages: set[str] = field(default_factory=set)  # of the listed clauses' translations


def search(query: str, *, lang: str | None, limit: int = 50, offset: int = 0) -> SearchResults:
    """Find the clauses of the current published editions matching ``query`` in the original or
    a translation, best first (``rules.search``), each with its translation into ``lang``.

    Three queries whatever the corpus (the index's stamps, the match, the hits' texts), plus a
    rebuild of the index of any game whose catalogue changed since the last search.
    """
    terms = search_engine.parse(query)
    if not terms:
        return SearchResults(terms, [], 0)
    search_engine.index_refresh()
    matches = search_engine.match(terms, limit=limit, offset=offset)
    if not matches:
        return SearchResults(terms, [], 0)
    by_clause: dict[int, list[SearchEntry]] = defaultdict(list)
    for entry in SearchEntry.objects.filter(clause_id__in=[m.clause_id for m in matches]).select_related(
        "clause__game", "version", "translation"
    ):
        by_clause[entry.clause_id].append(entry)
    hits = []
    for m in matches:
        entries = by_clause.get(m.clause_id)
        if not entries:
            continue  # rebuilt by another request since the match: found again next time
        original = next((e for e in entries if e.translation_id is None), entries[0])
        found = {e.id: search_engine.tier(terms, e.body) for e in entries}
        # BCP 47 tags are case-insensitive; asking for the original's language asks for no translation.
        wanted = lang.lower() if lang and lang.lower() != original.clause.game.language.lower() else None
        translations = sorted((e for e in entries if e.translation_id is not None), key=lambda e: e.lang)
        shown = next((e for e in translations if e.lang.lower() == wanted), None)
        if wanted and found[original.id] is None and (shown is None or found[shown.id] is None):
            # Found only through another translation: show that one beside the original.
            shown = next((e for e in translations if found[e.id] is not None), shown)
        tiers = [t for t in found.values() if t is not None]
        hits.append(
            SearchHit(
                clause=original.clause,
                version=original.version,
                translation=shown.translation if shown else None,
                lang=shown.lang if shown else (lang if wanted else None),
                tier=min(tiers, default=len(terms) * 4),
            )
        )
    # The database ranked them (whole words first, then relevance); word starts before stems.
    hits.sort(key=lambda h: h.tier)
    languages = {e.lang for entries in by_clause.values() for e in entries if e.translation_id is not None}
    return SearchResults(terms, hits, matches[0].total, languages)


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary term as readers see it: ``forms`` are the ones in effect, by language (the
    corpus's, or where a reviewer of the language approved a proposal, that one), and
    ``approved`` the languages whose form in effect is such an approval, not the corpus's."""

    key: str
    note: str
    forms: dict[str, str]
    approved: frozenset[str] = frozenset()


# The glossary in effect (``translators.selectors.terms``): translators grow a glossary per
# language, and an approved form replaces the corpus's. The workspace builds on the catalogue,
# so it answers when it starts (translators.apps.TranslatorsConfig.ready).
glossary_in_effect = Question(
    "rules.selectors.glossary_in_effect", answered_by="the translators app (TranslatorsConfig.ready)"
)


def glossary(game: Game) -> list[GlossaryEntry]:
    """The game's terms in order, each with its forms in effect per language (one query)."""
    return glossary_in_effect(game)


def clauses_by_key(game: Game, keys, lang: str | None) -> list[ClauseView]:
    """Return the current-edition clauses of ``game`` with these keys, in document order (≤2 queries)."""
    return _views(
        EditionEntry.objects.filter(edition__game=game, edition__is_current=True, clause__key__in=list(keys)),
        game,
        lang,
    )


@dataclass
class EditionChange:
    """One clause between two editions: added, removed or changed (with both versions)."""

    kind: str  # "added" | "removed" | "changed"
    key: str
    old: ClauseVersion | None
    new: ClauseVersion | None


@dataclass
class EditionDiff:
    old: Edition
    new: Edition
    changes: list[EditionChange]
    unchanged: int


def edition_diff(old_number: int, new_number: int, all_editions: list[Edition]) -> EditionDiff | None:
    """What changed in a game's clauses from edition ``old_number`` to ``new_number``: the
    clauses added, removed or given another version, in the newer edition's order (removed
    ones after). One query (the two editions' entries with their versions), given the game's
    editions as ``editions()`` reads them; None when either number is not one of them."""
    by_number = {e.number: e for e in all_editions}
    old, new = by_number.get(old_number), by_number.get(new_number)
    if old is None or new is None:
        return None
    entries = (
        EditionEntry.objects.filter(edition_id__in=[old.id, new.id])
        .select_related("clause", "version")
        .order_by("position")
    )
    before: dict[int, EditionEntry] = {}
    after: dict[int, EditionEntry] = {}
    for entry in entries:
        # Comparing an edition with itself: the same entry is on both sides.
        if entry.edition_id == old.id:
            before[entry.clause_id] = entry
        if entry.edition_id == new.id:
            after[entry.clause_id] = entry
    changes, unchanged = [], 0
    for clause_id, entry in after.items():
        was = before.get(clause_id)
        if was is None:
            changes.append(EditionChange("added", entry.clause.key, None, entry.version))
        elif was.version_id != entry.version_id:
            changes.append(EditionChange("changed", entry.clause.key, was.version, entry.version))
        else:
            unchanged += 1
    for clause_id, was in before.items():
        if clause_id not in after:
            changes.append(EditionChange("removed", was.clause.key, was.version, None))
    return EditionDiff(old, new, changes, unchanged)


def variant_marks(game: Game) -> tuple[dict[int, list[Variant]], dict[int, list[Variant]]]:
    """Map clause id → the variants that activate it, and → those that override it (2 queries)."""
    activated: dict[int, list[Variant]] = defaultdict(list)
    overridden: dict[int, list[Variant]] = defaultdict(list)
    for through, out in ((Variant.activates.through, activated), (Variant.overrides.through, overridden)):
        for link in (
            through.objects.filter(variant__game=game).select_related("variant").order_by("variant__position")
        ):
            out[link.clause_id].append(link.variant)
    return activated, overridden


def translation_languages(game: Game) -> list[str]:
    """The languages any clause of ``game`` is translated into (one query)."""
    return translation_languages_of(game.id)


def translation_languages_of(game_id: int) -> list[str]:
    """The languages any clause of the game ``game_id`` is translated into (one query)."""
    return list(Translation.objects.filter(clause__game_id=game_id).values_list("lang", flat=True).distinct())
