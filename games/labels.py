"""Outcome fields and their vocabulary as people read them, in the interface language.

An outcome's keys and slug values are contract vocabulary (docs/api.md): the API sends
them unchanged, in every language. The referee page and the summaries show them through
these labels instead: "District fate: returned to the pile", not
"district_fate: returned-to-pile". A field or value without a label falls back to its name
with the separators spaced out, and a test checks that every field and every slug value the
adjudicators return has one.

Each game's labels are data, like its titles and disputes (``games.engine.data``): the
``labels.toml`` beside its package, loaded once by ``load`` when the package registers.
One ``[field.<name>]`` table per outcome field::

    [field.district_fate]
    label = { en = "The District", pl = "Dzielnica" }
    coords = true                       # optional: its [x, y] pairs are board coordinates

    [field.district_fate.values]        # labels of the slugs it may hold (alone or in a list)
    rebuilt = { en = "rebuilt", pl = "przebudowana" }

``keys`` (labels of the keys of its maps, at any depth) is written the same way. Instead of
a table, ``values``/``keys`` may name a map, or list several to merge: a ``[maps.<name>]``
table of the file. A ``label`` may name one of the ``INTERFACE`` words below.

The ``[maps]`` are the game's vocabulary: what its text calls the things it counts (Dolores's
resources and buildings, Rada Miasta's groups and District types, Praetor's resources and
tile colours …), each key with its words in every interface language::

    [maps.groups]
    residents = { en = "Residents", pl = "Mieszkańcy" }

The code reads them too, through ``vocabulary`` (``WORDS = labels.vocabulary(path)`` in the
game's ``common``): the input declarations (a ``Choice`` whose options are a map's keys is
``Choice.of(WORDS["groups"])``), the messages it computes ("%(n)s %(what)s") and the outcome
labels above all say the same words from this one place. ``vocabulary`` reads the file when
the module that names the words is imported, since a declaration needs them then — before
``load`` registers the outcome labels at the end of the package's ``__init__`` — and it fails
at once on a text lacking a language or a map the file does not have, so a game that names a
word it lacks does not start.

Why the vocabulary is data, not gettext: these words are the game's content — the names
its rule document gives its pieces, with their Polish as the game says it — like its
questions, disputes and clause texts (``games.engine.data``). Kept as gettext maps in code
they were said twice (the key tuple and the msgid map; the outcome labels then named the
code's maps from the file), and their translations lived in the interface's catalogue, far
from the game's other texts. Each text is lazy (``data.translated``), like ``gettext_lazy``.

What stays in gettext: the words of the referee page itself, not of any one game
(``INTERFACE``: "Allowed", "Decided by", "First player", "Gold afterwards" are the same words
for the same idea in several games), said once in the interface's catalogue rather than copied
into every game that uses them or kept in one game's file that the others would then read;
and the sentences the code computes around the game's words.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.utils.translation import get_language, pgettext_lazy

from games.engine import data


@dataclass(frozen=True)
class Out:
    """How people read one outcome field.

    ``label``: the field's name; ``values``: labels of the slugs it may hold (alone or in a
    list); ``keys``: labels of the keys of its maps, at any depth (groups, resources, the
    "for"/"against" of a tally), so player names, which are never vocabulary, stay as typed;
    ``coords``: its pairs of numbers are board coordinates [x, y], shown as (x, y).
    """

    label: Any
    values: Mapping[str, Any] = field(default_factory=dict)
    keys: Mapping[str, Any] = field(default_factory=dict)
    coords: bool = False


# Labels several games' outcome fields share (the same words for the same idea), said once.
ALLOWED = pgettext_lazy("outcome", "Allowed")
DECIDED_BY = pgettext_lazy("outcome", "Decided by")
FIRST_PLAYER = pgettext_lazy("outcome", "First player")
GOLD_AFTER = pgettext_lazy("outcome", "Gold afterwards")
# The names a game's labels.toml uses for them (``label = "allowed"``).
INTERFACE = {
    "allowed": ALLOWED,
    "decided-by": DECIDED_BY,
    "first-player": FIRST_PLAYER,
    "gold-after": GOLD_AFTER,
}

_TABLES: dict[str, dict[str, Out]] = {}


def outcome_labels(game: str, table: Mapping[str, Out]) -> None:
    """Register (or extend) ``game``'s labels of outcome fields."""
    _TABLES.setdefault(game, {}).update(table)
    _said.cache_clear()


FIELD_ENTRIES = {"label", "values", "keys", "coords"}


def _words(value: Any, maps: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A map of labels: a table of texts, or the name of a map, or a list of names merged."""
    if isinstance(value, Mapping):
        return {slug: data.text(t, {}, f"{where} {slug}") for slug, t in value.items()}
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names:
        raise ValueError(f"{where}: a table of labels, or the name(s) of maps")
    merged: dict[str, Any] = {}
    for name in names:
        if not isinstance(name, str) or name not in maps:
            raise ValueError(f"{where}: no map {name!r} in [maps]")
        merged.update(maps[name])
    return merged


class Vocabulary(Mapping[str, dict[str, Any]]):
    """A game's words: its ``[maps]`` by name, each ``{key: lazy text}`` in the file's order.

    Naming a map the file does not have fails at once, saying which file and which map."""

    def __init__(self, maps: Mapping[str, dict[str, Any]], where: str):
        self._maps, self.where = dict(maps), where

    def __getitem__(self, name: str) -> dict[str, Any]:
        if name not in self._maps:
            raise KeyError(f"{self.where}: no [maps.{name}]")
        return self._maps[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._maps)

    def __len__(self) -> int:
        return len(self._maps)


def _vocabulary(raw: Mapping[str, Any], where: str) -> Vocabulary:
    tables = raw.get("maps", {})
    return Vocabulary({name: _words(t, {}, f"{where} maps.{name}") for name, t in tables.items()}, where)


def vocabulary(path: Path) -> Vocabulary:
    """The vocabulary of the game whose ``labels.toml`` is ``path`` (its ``[maps]``, see above)."""
    return _vocabulary(data.read(path), f"{path.parent.name}/{path.name}")


def load(game: str, path: Path) -> None:
    """Register ``game``'s labels of outcome fields from its ``labels.toml`` (see above)."""
    raw = data.read(path)
    where = f"{path.parent.name}/{path.name}"
    if set(raw) - {"field", "maps"}:
        raise ValueError(f"{where}: unknown tables {sorted(set(raw) - {'field', 'maps'})}")
    maps = _vocabulary(raw, where)
    found: dict[str, Out] = {}
    for name, entry in raw.get("field", {}).items():
        at = f"{where} field.{name}"
        if set(entry) - FIELD_ENTRIES or "label" not in entry:
            raise ValueError(f"{at}: a field has a label and may have {sorted(FIELD_ENTRIES - {'label'})}")
        if not isinstance(entry.get("coords", False), bool):
            raise ValueError(f"{at}: coords is true or false")
        found[name] = Out(
            data.text(entry["label"], INTERFACE, f"{at} label"),
            values=_words(entry.get("values", {}), maps, f"{at} values"),
            keys=_words(entry.get("keys", {}), maps, f"{at} keys"),
            coords=entry.get("coords", False),
        )
    outcome_labels(game, found)


def plain(name: Any) -> str:
    """A name without a label, readable: 'support_after' → 'support after'."""
    return str(name).replace("_", " ").replace("-", " ")


def field_of(game: str, name: str) -> Out | None:
    return _TABLES.get(game, {}).get(name)


def field_label(game: str, name: str) -> str:
    """The label of outcome field ``name`` of ``game``."""
    return _said(game, name, _FIELD, name, get_language())


def value_label(game: str, name: str, value: Any) -> Any:
    """The label of a slug ``value`` of field ``name`` (other values unchanged)."""
    if not isinstance(value, str):
        return value
    return _said(game, name, _VALUE, value, get_language())


def key_label(game: str, name: str, key: Any) -> str:
    """The label of a map key inside field ``name`` (a player's name stays as it is)."""
    if not isinstance(key, str):  # JSON's keys are strings; anything else is said as it is
        out = field_of(game, name)
        return str(out.keys[key]) if out and key in out.keys else str(key)
    return _said(game, name, _KEY, key, get_language())


_FIELD, _VALUE, _KEY = "field", "value", "key"


@functools.lru_cache(maxsize=16384)
def _said(game: str, name: str, what: str, item: Any, lang: str | None) -> str:
    """A label in the active language ``lang``, said once per process for each (the lazy texts
    are translated on every ``str``; a ruling's outcome says the same few dozen labels)."""
    out = field_of(game, name)
    if what == _FIELD:
        return str(out.label) if out else plain(name)
    if what == _VALUE:
        return str(out.values[item]) if out and item in out.values else item
    return str(out.keys[item]) if out and item in out.keys else str(item)


def table(game: str) -> dict[str, Out]:
    """Every labelled field of ``game`` (for the tests)."""
    return dict(_TABLES.get(game, {}))
