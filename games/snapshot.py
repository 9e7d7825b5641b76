"""One edition of a game as rulings read it: the frozen ``Rules`` and the citable clauses.

``load(slug, lang=..., edition=...)`` returns a ``Snapshot``: the ``Rules`` the
adjudicator rules under (variants, tables, and the parameters read from the edition's
clause versions' own words) and, per clause key, the version and the translation in
``lang`` that a ruling quotes. Both come from the database in a constant number of
queries and are kept per process, keyed on the game's stamps:

- the catalogue stamp (every write to clauses, editions, translations, variants, tables)
  guards the edition's clauses and parameters: one query re-reads them;
- the rules stamp (writes to variants and tables only) guards those: three queries.

So a ruling costs one query (the stamps) while nothing changed, two after a clause edit.
The caches are bounded: at most ``MAX_ENTRIES`` (game, edition, language) snapshots,
least recently used first out, so a client sending many ``lang`` values cannot grow them.

``from_corpus(slug)`` builds the same ``Rules`` from the shipped corpus files, for tests
and benchmarks that run adjudicators without a database; nothing at run time reads them.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from django.db.models import F, Subquery

from config.lru import LRU
from rules import corpus, params
from rules import tables as tables_
from rules.models import (
    ClauseVersion,
    Edition,
    EditionEntry,
    TableRow,
    Translation,
    Variant,
    quoted_translations,
)
from rules.selectors import game_fields
from rules.variants import VariantRule

from .engine.rules import Param, Rules
from .pins import pins, wording, wording_note

MAX_ENTRIES = 64


class EditionNotFound(LookupError):
    """The game has no such edition (or no edition at all: run loadcorpus)."""


@dataclass(frozen=True)
class Citable:
    """What a ruling quotes of one clause: the edition's version and its translation."""

    key: str
    clause_id: int
    kind: str
    version_id: int
    number: int
    status: str
    text: str
    # The translation quoted beside the text (none when the ruling quotes the original only).
    translation: str | None = None
    translation_revision_id: int | None = None
    translation_stale: bool = False
    translation_state: str | None = None


@dataclass(frozen=True)
class Snapshot:
    """One edition of one game, in one language, as of one catalogue stamp."""

    game_id: int
    slug: str
    title: str
    language: str
    lang: str
    stamp: str
    rules: Rules
    clauses: Mapping[str, Citable]


def _freeze_tables(rows: dict[str, list[dict[str, Any]]]) -> MappingProxyType:
    return MappingProxyType({k: tuple(MappingProxyType(r) for r in v) for k, v in rows.items()})


def read_tables(rows: Mapping[str, Any], texts: Mapping[str, str]) -> MappingProxyType:
    """Every table's rows with their figures read from the edition's wording of their clause
    (``rules.tables``): a draft that changes a number in a row's clause changes the cell."""
    normal = {k: corpus.normalise(t) for k, t in texts.items()}
    return _freeze_tables({key: tables_.read_rows(table, normal) for key, table in rows.items()})


def table_cells(rows: Mapping[str, Any]) -> dict[str, list[str]]:
    """Clause key → the cell paths its numbers fill, for every table row's clause: the figures
    a wording fingerprint masks (``games.pins.wording``)."""
    return {row["clause"]: tables_.paths_of(row) for table in rows.values() for row in table}


def wording_notes(game_id: int, slug: str, versions: Mapping[str, int], wordings: Mapping[str, str], cells):
    """Clause key → the quiet note of each pinned clause whose wording in the edition differs
    from its pin by wording-only revisions alone (``games.pins.wording_note``). One query, and
    only when some pin is out of date."""
    pinned = pins().get(slug, {})
    stale = [k for k, pin in pinned.items() if k in wordings and wordings[k] != pin.wording]
    if not stale:
        return MappingProxyType({})
    history: dict[str, list] = defaultdict(list)
    for key, number, text, bindings, reason, author, at in (
        ClauseVersion.objects.filter(clause__game_id=game_id, clause__key__in=stale)
        .order_by("clause__key", "number")
        .values_list("clause__key", "number", "text", "bindings", "wording_only", "author", "created_at")
    ):
        if number <= versions[key]:
            history[key].append((number, text, bindings, reason, author, at.isoformat()))
    out = {}
    for key in stale:
        note = wording_note(key, pinned[key], history[key], cells.get(key))
        if note is not None:
            out[key] = note
    return MappingProxyType(out)


def read_params(entries) -> MappingProxyType:
    """Read every bound parameter of these (key, version, text, bindings) from the text."""
    out: dict[str, Param] = {}
    for key, number, text, bindings in entries:
        for name, template in (bindings or {}).items():
            try:
                reading = params.read(name, template, corpus.normalise(text))
            except params.BindingError:
                # A version whose words no longer state a figure states no parameter: its
                # draft holds the last stated one (Edition.unbound, ``_params``).
                continue
            out[name] = Param(name, reading.value, key, number, reading.words)
    return MappingProxyType(out)


@functools.cache
def from_corpus(slug: str) -> Rules:
    """The shipped corpus of ``slug`` as rules (no database): each clause's ``text``, at
    version 1, or 2 where the clause also carries the ``source`` wording it revised."""
    data = corpus.game(slug)
    tables = {
        t["key"]: [{**r, "numbers": tables_.paths_of(r)} for r in t.get("rows", [])]
        for t in data.tables.get("tables", [])
    }
    position = {c.key: n for n, c in enumerate(data.clauses)}
    cells = table_cells(tables)

    def in_document_order(keys):
        return tuple(sorted(keys, key=position.__getitem__))

    return Rules(
        game=slug,
        edition=1,
        variants=tuple(
            VariantRule(v.slug, v.title, in_document_order(v.activates), in_document_order(v.overrides))
            for v in data.variants
        ),
        params=read_params([(c.key, _number(c), c.text, c.params) for c in data.clauses]),
        tables=read_tables(tables, {c.key: c.text for c in data.clauses}),
        versions=MappingProxyType({c.key: _number(c) for c in data.clauses}),
        statuses=MappingProxyType({c.key: c.status for c in data.clauses}),
        wordings=MappingProxyType({c.key: wording(c.text, c.params, cells.get(c.key)) for c in data.clauses}),
    )


def _number(clause: corpus.ClauseData) -> int:
    # A fresh load makes the source wording version 1 and the revised text version 2.
    return 1 if clause.source is None else 2


# (slug, edition or None, lang) → Snapshot; slug → (rules stamp, variants, tables).
_snapshots = LRU(MAX_ENTRIES)
_rules_data = LRU(MAX_ENTRIES)


def load(slug: str, *, lang: str | None = None, edition: int | None = None) -> Snapshot:
    """The edition ``edition`` of ``slug`` (None: the current published one) with its clauses
    translated into ``lang`` (None: the original only). Raises ``EditionNotFound``."""
    row = game_fields(slug, "id", "title", "language", "catalogue_stamp", "rules_stamp")
    if row is None:
        raise EditionNotFound(slug)
    game_id, title, language, stamp, rules_stamp = row
    lang = lang or language
    cached = _snapshots.get((slug, edition, lang))
    if cached is not None and cached.stamp == str(stamp):
        return cached
    variants, rows = _variants_and_tables(slug, game_id, str(rules_stamp))
    number, draft, clauses, entries, unbound = _edition(game_id, slug, edition, lang, language)
    parameters, gone = _params(entries, unbound)
    cells = table_cells(rows)
    wordings = {key: wording(text, b, cells.get(key)) for key, _, text, b in entries}
    versions = {c.key: c.number for c in clauses.values()}
    rules = Rules(
        game=slug,
        edition=number,
        draft=draft,
        variants=variants,
        params=parameters,
        unbound=gone,
        tables=read_tables(rows, {key: text for key, _n, text, _b in entries}),
        versions=MappingProxyType(versions),
        statuses=MappingProxyType({c.key: c.status for c in clauses.values()}),
        wordings=MappingProxyType(wordings),
        wording_notes=wording_notes(game_id, slug, versions, wordings, cells),
    )
    snapshot = Snapshot(game_id, slug, title, language, lang, str(stamp), rules, MappingProxyType(clauses))
    _snapshots.put((slug, edition, lang), snapshot)
    return snapshot


def rules_for(slug: str, edition: int | None = None) -> Rules:
    """The rules of ``slug`` under ``edition`` (None: the current published one)."""
    return load(slug, edition=edition).rules


def _edition(game_id: int, slug: str, edition: int | None, lang: str, language: str):
    """One query: the edition's entries with version, bindings and the newest translation,
    each column named as the ``Citable`` field it fills."""
    entries = EditionEntry.objects.filter(edition__game_id=game_id)
    if edition is None:
        entries = entries.filter(edition__is_current=True)
    else:
        entries = entries.filter(edition__number=edition)
    fields = ["clause_id", "version_id"]
    if lang != language:
        # The translation quoted: the one the reader shows beside this wording.
        newest = quoted_translations(lang)
        entries = entries.annotate(
            translation=Subquery(newest.values("text")[:1]),
            translation_revision_id=Subquery(newest.values("current_revision_id")[:1]),
            translation_state=Subquery(newest.values("state")[:1]),
            translation_based_on=Subquery(newest.values("based_on_id")[:1]),
        )
        fields += ["translation", "translation_revision_id", "translation_state", "translation_based_on"]
    clauses: dict[str, Citable] = {}
    texts = []
    number, draft = None, False
    for row in entries.order_by("position").values(
        *fields,
        key=F("clause__key"),
        kind=F("clause__kind"),
        number=F("version__number"),
        status=F("version__status"),
        text=F("version__text"),
        bindings=F("version__bindings"),
        edition_number=F("edition__number"),
        edition_status=F("edition__status"),
        edition_unbound=F("edition__unbound"),
    ):
        number = row.pop("edition_number")
        draft = row.pop("edition_status") == Edition.Status.DRAFT
        unbound = row.pop("edition_unbound") or {}
        bindings = row.pop("bindings")
        based_on = row.pop("translation_based_on", None)
        cited = Citable(**row, translation_stale=Translation.made_from_other(based_on, row["version_id"]))
        clauses[cited.key] = cited
        texts.append((cited.key, cited.number, cited.text, bindings))
    if number is None:
        raise EditionNotFound(f"{slug} edition {edition or 'current'}")
    for u in unbound.values():
        if u["clause"] not in clauses:
            # A clause deleted in the draft whose figure the code reads: quoted as its last
            # version, the one that stated the figure (CONTRACT.md §5).
            clauses[u["clause"]] = Citable(
                u["clause"], u["clause_id"], u["kind"], u["version_id"], u["version"], u["status"], u["text"]
            )
            texts.append((u["clause"], u["version"], u["text"], {}))
    return number, draft, clauses, texts, unbound


def _params(entries, unbound: dict[str, dict]) -> tuple[MappingProxyType, MappingProxyType]:
    """The edition's parameters, and those whose words its text no longer states: each read
    as its last stated figure (``Edition.unbound``)."""
    stated = dict(read_params(entries))
    gone = {
        name: Param(name, u["value"], u["clause"], u["version"], u["words"])
        for name, u in unbound.items()
        if name not in stated
    }
    return MappingProxyType(stated | gone), MappingProxyType(gone)


def _variants_and_tables(slug: str, game_id: int, rules_stamp: str):
    cached = _rules_data.get(slug)
    if cached is not None and cached[0] == rules_stamp:
        return cached[1], cached[2]
    keys: dict[tuple[int, str], list[str]] = defaultdict(list)
    for through, kind in ((Variant.activates.through, "activates"), (Variant.overrides.through, "overrides")):
        for variant_id, key in (
            through.objects.filter(variant__game_id=game_id)
            .order_by("clause__position")
            .values_list("variant_id", "clause__key")
        ):
            keys[(variant_id, kind)].append(key)
    variants = tuple(
        VariantRule(slug_, title, tuple(keys[(vid, "activates")]), tuple(keys[(vid, "overrides")]))
        for vid, slug_, title in Variant.objects.filter(game_id=game_id)
        .order_by("position")
        .values_list("id", "slug", "title")
    )
    tables: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for table, data, clause, flagged, reading in (
        TableRow.objects.filter(game_id=game_id)
        .order_by("table", "position")
        .values_list("table", "data", "clause__key", "flagged", "reading")
    ):
        # The same shape as a row of tables.toml (from_corpus): its data, clause and flag.
        row = {**data, "clause": clause}
        if flagged:
            row.update(flagged=True, reading=reading)
        tables[table].append(row)
    frozen = _freeze_tables(dict(tables))
    _rules_data.put(slug, (rules_stamp, variants, frozen))
    return variants, frozen


def clear() -> None:
    """Forget every cached snapshot (tests that rewrite the database under a process)."""
    _snapshots.clear()
    _rules_data.clear()
