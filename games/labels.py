"""Outcome fields and their vocabulary as people read them, in the interface language.

An outcome's keys and slug values are contract vocabulary (CONTRACT.md §4): the API sends
them unchanged, in every language. The referee page and the summaries show them through
these labels instead: "District fate: returned to the pile", not
"district_fate: returned-to-pile". Each game package declares its table once
(``outcome_labels(GAME, {...})`` in its ``labels`` module); a field or value without a label
falls back to its name with the separators spaced out, and a test checks that every field
and every slug value the adjudicators return has one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import pgettext_lazy


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

_TABLES: dict[str, dict[str, Out]] = {}


def outcome_labels(game: str, table: Mapping[str, Out]) -> None:
    """Register (or extend) ``game``'s labels of outcome fields."""
    _TABLES.setdefault(game, {}).update(table)


def plain(name: Any) -> str:
    """A name without a label, readable: 'support_after' → 'support after'."""
    return str(name).replace("_", " ").replace("-", " ")


def field_of(game: str, name: str) -> Out | None:
    return _TABLES.get(game, {}).get(name)


def field_label(game: str, name: str) -> str:
    """The label of outcome field ``name`` of ``game``."""
    out = field_of(game, name)
    return str(out.label) if out else plain(name)


def value_label(game: str, name: str, value: Any) -> Any:
    """The label of a slug ``value`` of field ``name`` (other values unchanged)."""
    out = field_of(game, name)
    if out and isinstance(value, str) and value in out.values:
        return str(out.values[value])
    return value


def key_label(game: str, name: str, key: Any) -> str:
    """The label of a map key inside field ``name`` (a player's name stays as it is)."""
    out = field_of(game, name)
    if out and key in out.keys:
        return str(out.keys[key])
    return str(key)


def table(game: str) -> dict[str, Out]:
    """Every labelled field of ``game`` (for the tests)."""
    return dict(_TABLES.get(game, {}))
