"""Build the frozen ``Rules`` an adjudicator rules under.

``rules_for(slug, edition)`` reads one edition of a game from the database — its
variants, tables and the parameters read from its clause versions' own words — in a
constant number of queries, and keeps it per process keyed on the game's catalogue
stamp, so a write that changes anything a ruling reads (a clause version, an edition,
a variant, a table row) is seen by the very next ruling. ``from_corpus(slug)`` builds
the same snapshot from the shipped corpus files, for tests and benchmarks that run
adjudicators without a database; nothing at run time reads the corpus files.
"""

from __future__ import annotations

import functools
import threading
from collections import defaultdict
from types import MappingProxyType
from typing import Any

from rules import corpus, params
from rules.models import EditionEntry, Game, TableRow, Variant

from .engine.rules import Param, Rules, VariantRule


class EditionNotFound(LookupError):
    """The game has no such edition (or no edition at all: run loadcorpus)."""


def _freeze(rows: dict[str, list[dict[str, Any]]]) -> MappingProxyType:
    return MappingProxyType({k: tuple(MappingProxyType(r) for r in v) for k, v in rows.items()})


def _params(entries: list[tuple[str, int, str, dict[str, str]]]) -> MappingProxyType:
    """Read every bound parameter of these (key, version, text, bindings) from the text."""
    out: dict[str, Param] = {}
    for key, number, text, bindings in entries:
        for name, template in (bindings or {}).items():
            try:
                reading = params.read(name, template, corpus.normalise(text))
            except params.BindingError:
                # A version whose words no longer state the figure was refused when it was
                # written; one loaded before bindings existed simply states no parameter.
                continue
            out[name] = Param(name, reading.value, key, number, reading.words)
    return MappingProxyType(out)


@functools.cache
def from_corpus(slug: str) -> Rules:
    """The shipped corpus of ``slug`` as rules (every clause at version 1; no database)."""
    data = corpus.game(slug)
    tables = {t["key"]: [dict(r) for r in t.get("rows", [])] for t in data.tables.get("tables", [])}
    return Rules(
        game=slug,
        edition=1,
        variants=tuple(VariantRule(v.slug, v.title, v.activates, v.overrides) for v in data.variants),
        params=_params([(c.key, 1, c.text, c.params) for c in data.clauses]),
        tables=_freeze(tables),
        versions=MappingProxyType({c.key: 1 for c in data.clauses}),
        statuses=MappingProxyType({c.key: c.status for c in data.clauses}),
    )


# (slug, edition number or None for the latest published) → rules, while the stamp holds.
_cache: dict[tuple[str, int | None], tuple[str, Rules]] = {}
_lock = threading.Lock()


def rules_for(slug: str, edition: int | None = None) -> Rules:
    """The rules of ``slug`` under ``edition`` (None: the current published one).

    One query (the stamp) while nothing changed; six after a write to the game.
    Raises ``EditionNotFound`` for an unknown game or edition number."""
    row = Game.objects.filter(slug=slug).values_list("id", "catalogue_stamp").first()
    if row is None:
        raise EditionNotFound(slug)
    game_id, stamp = row
    cached = _cache.get((slug, edition))
    if cached is not None and cached[0] == str(stamp):
        return cached[1]
    rules = _load(slug, game_id, edition)
    with _lock:
        # Bounded: one entry per game and edition that exists.
        _cache[(slug, edition)] = (str(stamp), rules)
    return rules


def _load(slug: str, game_id: int, edition: int | None) -> Rules:
    entries = EditionEntry.objects.filter(edition__game_id=game_id)
    entries = (
        entries.filter(edition__is_current=True)
        if edition is None
        else entries.filter(edition__number=edition)
    )
    rows = list(
        entries.order_by("position").values_list(
            "clause__key",
            "version__number",
            "version__text",
            "version__bindings",
            "edition__number",
            "version__status",
        )
    )
    if not rows:
        raise EditionNotFound(f"{slug} edition {edition or 'current'}")
    number = rows[0][4]
    variants = []
    for variant in (
        Variant.objects.filter(game_id=game_id)
        .order_by("position")
        .prefetch_related("activates", "overrides")
    ):
        variants.append(
            VariantRule(
                variant.slug,
                variant.title,
                tuple(sorted((c.key for c in variant.activates.all()), key=_position(rows))),
                tuple(sorted((c.key for c in variant.overrides.all()), key=_position(rows))),
            )
        )
    tables: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for table, data, clause, flagged, reading in (
        TableRow.objects.filter(game_id=game_id)
        .order_by("table", "position")
        .values_list("table", "data", "clause__key", "flagged", "reading")
    ):
        # The same shape as a row of tables.toml (from_corpus): the data, its clause, its flag.
        row = {**data, "clause": clause}
        if flagged:
            row.update(flagged=True, reading=reading)
        tables[table].append(row)
    return Rules(
        game=slug,
        edition=number,
        draft=False,
        variants=tuple(variants),
        params=_params([(k, n, text, b) for k, n, text, b, *_ in rows]),
        tables=_freeze(dict(tables)),
        versions=MappingProxyType({k: n for k, n, *_ in rows}),
        statuses=MappingProxyType({row[0]: row[5] for row in rows}),
    )


def _position(rows):
    order = {key: n for n, (key, *_) in enumerate(rows)}
    return lambda key: order.get(key, len(order))
