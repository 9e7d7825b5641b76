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
from games.engine.declare import Coord, Int, List, ruled_out
from games.engine.rules import active as rules_in_force

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

# Our own cap on a city's built districts in an input declaration; the text's bound is Table
# 2's last row (12 built districts), read from the edition in force by ``districts_within_table``,
# which refuses a count past it quoting that row.
MAX_DISTRICTS = 99

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


# The board's resource fields (dl.resource-fields: "Na białych polach (lądowych) znajdują się
# następujące surowce naturalne:"), each list item of the text with the resources it names, as
# CONTRACT ids ("ropa naftowa" oil, "cynk i ołów" zinc-lead, "boksyty" bauxite, "inne metale"
# other-metals; the source's slips "cynki", "żelaz", "wegiel" read as zinc, iron, coal).
RESOURCE_MAP = {
    "dl.resource-field-1": ("oil", "iron", "coal", "sulfur"),
    "dl.resource-field-2": ("coal", "copper", "zinc-lead", "bauxite"),
    "dl.resource-field-3": ("iron", "copper", "bauxite", "zinc-lead"),
    "dl.resource-field-4": ("sulfur", "copper", "zinc-lead", "bauxite"),
    "dl.resource-field-5": ("oil", "copper", "zinc-lead", "bauxite"),
    "dl.resource-field-6": ("sulfur", "iron", "copper", "coal"),
    "dl.resource-field-7": ("coal", "zinc-lead", "bauxite", "platinum"),
    "dl.resource-field-8": ("oil", "iron", "copper", "sulfur"),
    "dl.resource-field-9": ("bauxite", "uranium", "coal", "zinc-lead"),
    "dl.resource-field-10": ("sulfur", "oil", "copper"),
    "dl.resource-field-11": ("sulfur", "bauxite", "other-metals", "copper"),
    "dl.resource-field-12": ("coal", "zinc-lead", "iron", "oil"),
    "dl.resource-field-13": ("sulfur", "copper", "other-metals", "zinc-lead"),
    "dl.resource-field-14": ("iron", "coal", "sulfur", "bauxite"),
    "dl.resource-field-15": ("sulfur", "zinc-lead", "platinum", "copper"),
    "dl.resource-field-16": ("oil", "coal", "zinc-lead", "sulfur"),
    "dl.resource-field-17": ("copper", "uranium", "bauxite", "iron"),
    "dl.resource-field-18": ("bauxite", "other-metals", "zinc-lead"),
}


def field_resources(k: int) -> tuple[str, tuple[str, ...]]:
    """Resource field ``k`` of the board (1-18): its clause and the resources it has."""
    clause = list(RESOURCE_MAP)[k - 1]
    return clause, RESOURCE_MAP[clause]


# --------------------------------------------------------------------- tables


def t1(rules: Rules, category: str, item: str) -> Mapping[str, Any]:
    """The row of Table 1 (dl.t1.*) for ``item`` of ``category``, in this edition."""
    return next(r for r in rules.table("table-1") if (r["category"], r["item"]) == (category, item))


def t2(rules: Rules, districts: int) -> Mapping[str, Any]:
    """The row of Table 2 (dl.t2.*) whose district range holds ``districts``, in this edition."""
    rows = rules.table("table-2")
    return next(row for row in rows if row["districts"][0] <= districts <= row["districts"][1])


def token_set(rules: Rules, what: str) -> int:
    """dl.federation-tokens: "30 żetonów szlaków komunikacyjnych lądowych, 10 szlaków morskich,
    8 miast, 15 oddziałów piechoty, …" — how many tokens of ``what`` one federation's set holds."""
    return {
        "cities": rules.param("token_set_cities"),
        "land": rules.param("token_set_land_routes"),
        "sea": rules.param("token_set_sea_routes"),
        "infantry": rules.param("token_set_infantry"),
        "armored": rules.param("token_set_armored"),
        "ships": rules.param("token_set_ships"),
        "missile_launchers": rules.param("token_set_missile_launchers"),
        "super_missile_launchers": rules.param("token_set_super_missile_launchers"),
    }[what]


# The building rows of Table 1 whose flattening leaves open which goods are construction cost and
# which are tax (tables.toml ``flagged`` with its ``reading``: the power plants).
FLAGGED_BUILD_READINGS = ("conventional-power-plant", "nuclear-power-plant")


def other_readings(row: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The other readings tables.toml's ``reading`` names for a flagged power-plant row, each as
    (what it reads, the row read so): its price is the demolition price only and all its goods are
    the construction cost (no tax); or its price is both and all its goods are the tax."""
    every: dict[str, int] = {}
    add(every, row.get("purchase_goods", {}))
    add(every, row.get("tax", {}))
    said = goods(every)
    return [
        (
            _(
                "%(price)s is the demolition price only; %(goods)s are the whole construction cost, and no tax."
            )
            % {"price": row["sale"], "goods": said},
            {**row, "purchase": 0, "purchase_goods": every, "tax": {}},
        ),
        (
            _("%(price)s is the demolition and construction price; %(goods)s are all its tax.")
            % {"price": row["sale"], "goods": said},
            {**row, "purchase_goods": {}, "tax": every},
        ),
    ]


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


# ------------------------------------------------------------- ruled out by the text
# The checks below yield ``ruled_out`` (games.engine.declare): a situation the text makes
# impossible is a 400 quoting the clause, never a ruling (issue 32, CONTRACT.md §1).


def most_districts() -> tuple[int, str]:
    """Table 2's last row (dl.t2.districts-12: "12 46 15 46 15"): the most districts a city can
    have built, and the clause of that row, in the edition in force."""
    last = max(rules_in_force().table("table-2"), key=lambda row: row["districts"][1])
    return last["districts"][1], last["clause"]


def districts_within_table(*paths: str) -> Callable[[Any], Iterator[tuple]]:
    """Return an input check that each of the fields ``paths`` (dotted; ``cities.*.districts``
    walks a list) counts no more built districts than Table 2 has rows for."""

    def values(obj: Any, parts: list[str], path: str) -> Iterator[tuple[str, int]]:
        head, *rest = parts
        if head == "*":
            for n, item in enumerate(obj):
                yield from values(item, rest, f"{path}.{n}" if path else str(n))
            return
        value = getattr(obj, head)
        where = f"{path}.{head}" if path else head
        if rest:
            yield from values(value, rest, where)
        else:
            yield where, value

    def check(i: Any) -> Iterator[tuple]:
        top, clause = most_districts()
        for path in paths:
            for where, n in values(i, path.split("."), ""):
                if n > top:
                    yield ruled_out(
                        where,
                        _(
                            "A city has at most %(top)s built districts (Table 2's last row); %(n)s is past it."
                        )
                        % {"top": top, "n": n},
                        clause,
                        "dl.table-2-intro",
                    )

    return check


# Tokens that only lie on land, and the clause that puts them there.
LAND_ONLY = {
    # dl.setup-forests: "Żetony lasu kładzie się na wszystkie lądowe pola planszy".
    "forest": "dl.setup-forests",
    # dl.missile-deploy: "na dowolnym należącym do niego polu lądowym".
    "missile_launcher": "dl.missile-deploy",
    "super_missile_launcher": "dl.missile-deploy",
}
CARRIED = ("infantry", "armored")


def pieces_on_their_terrain(tokens: str = "tokens", sea: str = "sea") -> Callable[[Any], Iterator[tuple]]:
    """Return an input check that the list ``tokens`` of a field holds only what the text lets
    lie on it: on land no ship (dl.ship-move: "Porusza się tylko po polach morskich"); at sea no
    forest or launcher, and no more infantry and armored units than its ships carry
    (dl.ship-transport: "Może przewozić do dwóch oddziałów piechoty lub pancernych")."""

    def check(i: Any) -> Iterator[tuple]:
        held = list(getattr(i, tokens))
        if not getattr(i, sea):
            if "ship" in held:
                n = held.index("ship")
                yield ruled_out(
                    f"{tokens}.{n}",
                    _("A ship moves only on sea fields: it cannot lie on a land field."),
                    "dl.ship-move",
                )
            return
        for n, token in enumerate(held):
            if token in LAND_ONLY:
                yield ruled_out(
                    f"{tokens}.{n}",
                    _("This is a sea field, and a token of %(token)s lies only on a land field.")
                    % {"token": WORDS["field-tokens"][token]},
                    LAND_ONLY[token],
                )
        carried = sum(held.count(k) for k in CARRIED)
        capacity = rules_in_force().param("ship_capacity") * held.count("ship")
        if carried > capacity:
            yield ruled_out(
                tokens,
                _(
                    "On a sea field land units are only carried by ships: %(n)s land units, but the ships "
                    "here carry %(capacity)s."
                )
                % {"n": carried, "capacity": capacity},
                "dl.ship-transport",
            )

    return check
