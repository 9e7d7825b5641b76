"""Dolores's vocabulary and the lookups into Tables 1 and 2 (sections ``table-1``, ``table-2``).

The ids are the CONTRACT §4 vocabulary (resources, units, routes, buildings); their names
are the game's words, in ``labels.toml``'s ``[maps]`` (``WORDS``). The tables' cells are
table data: they come from the rules snapshot an adjudicator rules under
(``rules.table("table-1")``), never from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from games import labels
from games.engine import Rules, registrar
from games.engine.declare import Coord, Int, List

GAME = "dolores"
adjudicator = registrar(GAME)

# CONTRACT §4 vocabulary.
MINERALS = (
    "coal",
    "oil",
    "iron",
    "zinc-lead",
    "bauxite",
    "copper",
    "platinum",
    "sulfur",
    "other-metals",
    "uranium",
)
RESOURCES = (*MINERALS, "food", "wood", "energy", "robots")
UNITS = ("infantry", "armored", "ships", "missile_launchers", "super_missile_launchers")
ROUTES = ("land", "sea")
# Order of the keys in a yields outcome: resources, route segments, units.
YIELD_ORDER = (*RESOURCES, *ROUTES, *UNITS)

# Table 2 runs from 1 to 12 built districts: its last row bounds a city's districts.
MAX_DISTRICTS = 12

# The names of the resources, units, route segments and tokens and of the buildings are the
# game's words, with their Polish: labels.toml's [maps] (games.labels), read here because the
# input declarations name them.
WORDS = labels.vocabulary(Path(__file__).parent / "labels.toml")
NAMES = WORDS["names"]
# The buildings (CONTRACT §4 ids) are its keys, in Table 1's order.
BUILDING_NAMES = WORDS["buildings"]
# The readings a ruling shows side by side where the wording leaves a point open (the doubts
# of the closing list): the keys of an outcome's per-reading maps.
READINGS = WORDS["readings"]
# The same names with a count, singular and plural: AMOUNTS[k] % {"n": 3}.
AMOUNTS = {
    "coal": ngettext_lazy("%(n)s coal", "%(n)s coal", "n"),
    "oil": ngettext_lazy("%(n)s oil", "%(n)s oil", "n"),
    "iron": ngettext_lazy("%(n)s iron", "%(n)s iron", "n"),
    "zinc-lead": ngettext_lazy("%(n)s zinc and lead", "%(n)s zinc and lead", "n"),
    "bauxite": ngettext_lazy("%(n)s bauxite", "%(n)s bauxite", "n"),
    "copper": ngettext_lazy("%(n)s copper", "%(n)s copper", "n"),
    "platinum": ngettext_lazy("%(n)s platinum", "%(n)s platinum", "n"),
    "sulfur": ngettext_lazy("%(n)s sulfur", "%(n)s sulfur", "n"),
    "other-metals": ngettext_lazy("%(n)s other metals", "%(n)s other metals", "n"),
    "uranium": ngettext_lazy("%(n)s uranium", "%(n)s uranium", "n"),
    "food": ngettext_lazy("%(n)s food", "%(n)s food", "n"),
    "wood": ngettext_lazy("%(n)s wood", "%(n)s wood", "n"),
    "energy": ngettext_lazy("%(n)s energy", "%(n)s energy", "n"),
    "robots": ngettext_lazy("%(n)s robot", "%(n)s robots", "n"),
    "infantry": ngettext_lazy("%(n)s infantry unit", "%(n)s infantry units", "n"),
    "armored": ngettext_lazy("%(n)s armored unit", "%(n)s armored units", "n"),
    "ships": ngettext_lazy("%(n)s ship", "%(n)s ships", "n"),
    "missile_launchers": ngettext_lazy("%(n)s missile launcher", "%(n)s missile launchers", "n"),
    "super_missile_launchers": ngettext_lazy(
        "%(n)s super missile launcher", "%(n)s super missile launchers", "n"
    ),
    "land": ngettext_lazy("%(n)s land route segment", "%(n)s land route segments", "n"),
    "sea": ngettext_lazy("%(n)s sea route segment", "%(n)s sea route segments", "n"),
    "sea-route-segment": ngettext_lazy(
        "%(n)s sea route segment token", "%(n)s sea route segment tokens", "n"
    ),
    "missile": ngettext_lazy("%(n)s ordinary missile", "%(n)s ordinary missiles", "n"),
}


# --------------------------------------------------------------------- tables


def t1(rules: Rules, category: str, item: str) -> Mapping[str, Any]:
    """The row of Table 1 (dl.t1.*) for ``item`` of ``category``, in this edition."""
    return next(r for r in rules.table("table-1") if (r["category"], r["item"]) == (category, item))


def t2(rules: Rules, districts: int) -> Mapping[str, Any]:
    """The row of Table 2 (dl.t2.*) whose district range holds ``districts``, in this edition."""
    rows = rules.table("table-2")
    return next(row for row in rows if row["districts"][0] <= districts <= row["districts"][1])


def district_range(row: Mapping[str, Any]) -> str:
    """Say a Table 2 row's districts: "9", or "3 or 4"."""
    low, high = row["districts"]
    if low == high:
        return str(low)
    return _("%(low)s or %(high)s") % {"low": low, "high": high}


# ---------------------------------------------------------------------- goods


def goods(bundle: Mapping[str, int]) -> str:
    """Say a bundle of goods in words ("3 oil, 1 food"), or "nothing"."""
    parts = [_("%(n)s %(what)s") % {"n": n, "what": NAMES.get(k, k)} for k, n in bundle.items() if n]
    return ", ".join(parts) if parts else _("nothing")


def add(total: dict[str, int], bundle: Mapping[str, int], times: int = 1) -> None:
    """Add ``times`` the ``bundle`` to ``total``."""
    for key, n in bundle.items():
        total[key] = total.get(key, 0) + n * times


def scaled(bundle: Mapping[str, int], count: int) -> dict[str, int]:
    """The ``bundle`` ``count`` times over."""
    return {k: v * count for k, v in bundle.items()}


def ordered(total: Mapping[str, int], order: Iterable[str]) -> dict[str, int]:
    """Drop zero entries and put the keys in vocabulary order."""
    order = tuple(order)
    keys = [k for k in order if total.get(k)] + sorted(k for k in total if k not in order and total[k])
    return {k: total[k] for k in keys}


def coord(c: Iterable[int]) -> list[int]:
    """A board field as a JSON list ``[x, y]``."""
    return [int(v) for v in c]


def say_fields(cells: Iterable[Iterable[int]]) -> str:
    """Say board fields: "[3, 2], [4, 2]"."""
    return ", ".join(f"[{x}, {y}]" for x, y in cells)


# ---------------------------------------------------------------------- board


def board_size(low: int, high: int) -> dict[str, Int]:
    """An input declaration's ``width`` and ``height`` of the board, in fields, each from
    ``low`` to ``high``."""
    return {
        "width": Int(low, high, label=gettext_lazy("Board width (fields)")),
        "height": Int(low, high, label=gettext_lazy("Board height (fields)")),
    }


def field_list(label: Any, *, max_length: int, unique: bool = True) -> List:
    """An input declaration's list of board fields (``[x, y]`` each), none by default."""
    return List(Coord(), default=[], max_length=max_length, unique=unique, label=label)


def outside_board(i: Any, names: Iterable[str]) -> Iterator[tuple[str, str]]:
    """An input check's errors: every field of the lists ``names`` that lies outside the
    ``i.width`` x ``i.height`` board."""
    for name in names:
        for n, (x, y) in enumerate(getattr(i, name)):
            if x >= i.width or y >= i.height:
                yield (
                    f"{name}.{n}",
                    _("[%(x)s, %(y)s] is outside the %(w)s x %(h)s board.")
                    % {"x": x, "y": y, "w": i.width, "h": i.height},
                )


def on_board(*names: str) -> Callable[[Any], Iterator[tuple[str, str]]]:
    """Return an input check that every field of the lists ``names`` lies on the board."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        return outside_board(i, names)

    return check
