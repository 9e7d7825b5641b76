"""Dolores (seed 004): the GNIAZDO group's abbreviated rules, with Tables 1 and 2.

Every figure of the two tables (prices, taxes) is read from
``rules/corpus/dolores/tables.toml``, never repeated here; the figures written
in code (movement ranges, 10 x N energy, 3 wood per forest, 2 energy per robot,
the token sets' sizes) come from sentences of the text and name their clause.

Variants: ``original`` (the abbreviated instruction as written) and
``gniazdo`` (GNIAZDO's proposals 1, 5 and 6 of the closing list).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games.engine import Reasoning, Result, Rules, adjudicator, dispute
from games.engine.declare import Bool, Choice, Coord, Die, Int, List, Map, Object, Str
from games.engine.rules import active

GAME = "dolores"

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
BUILDINGS = (
    "food-industry",
    "wood-industry",
    "mine",
    "conventional-power-plant",
    "nuclear-power-plant",
    "land-transport-industry",
    "sea-transport-industry",
    "robot-factory",
    "arms-infantry",
    "arms-armored",
    "arms-ships",
    "arms-missiles",
    "arms-super-missiles",
    "treatment-plant",
)

NAMES = {
    "coal": gettext_lazy("coal"),
    "oil": gettext_lazy("oil"),
    "iron": gettext_lazy("iron"),
    "zinc-lead": gettext_lazy("zinc and lead"),
    "bauxite": gettext_lazy("bauxite"),
    "copper": gettext_lazy("copper"),
    "platinum": gettext_lazy("platinum"),
    "sulfur": gettext_lazy("sulfur"),
    "other-metals": gettext_lazy("other metals"),
    "uranium": gettext_lazy("uranium"),
    "food": gettext_lazy("food"),
    "wood": gettext_lazy("wood"),
    "energy": gettext_lazy("energy"),
    "robots": gettext_lazy("robots"),
    "infantry": gettext_lazy("infantry units"),
    "armored": gettext_lazy("armored units"),
    "ships": gettext_lazy("ships"),
    "missile_launchers": gettext_lazy("missile launchers"),
    "super_missile_launchers": gettext_lazy("super missile launchers"),
    "land": gettext_lazy("land route segments"),
    "sea": gettext_lazy("sea route segments"),
    "sea-route-segment": gettext_lazy("sea route segment tokens"),
    "missile": gettext_lazy("ordinary missiles"),
}
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
BUILDING_NAMES = {
    "food-industry": gettext_lazy("food industry"),
    "wood-industry": gettext_lazy("wood industry"),
    "mine": gettext_lazy("mine"),
    "conventional-power-plant": gettext_lazy("conventional power plant"),
    "nuclear-power-plant": gettext_lazy("nuclear power plant"),
    "land-transport-industry": gettext_lazy("land transport industry"),
    "sea-transport-industry": gettext_lazy("sea transport industry"),
    "robot-factory": gettext_lazy("robot factory"),
    "arms-infantry": gettext_lazy("arms industry: infantry"),
    "arms-armored": gettext_lazy("arms industry: armored units"),
    "arms-ships": gettext_lazy("arms industry: ships"),
    "arms-missiles": gettext_lazy("arms industry: missiles"),
    "arms-super-missiles": gettext_lazy("arms industry: super missiles"),
    "treatment-plant": gettext_lazy("treatment plant"),
}
# Order of the keys in a yields outcome: resources, route segments, units.
YIELD_ORDER = (*RESOURCES, *ROUTES, *UNITS)

# The federation's token sets (dl.federation-tokens): whether these are hard
# limits is dl.doubt-2, so exceeding them is a gap, not a 400.
TOKEN_SETS = {
    "cities": 8,
    "land": 30,
    "sea": 10,
    "infantry": 15,
    "armored": 10,
    "ships": 10,
    "missile_launchers": 20,
    "super_missile_launchers": 20,
}

# What each factory makes with its N (dl.profit-*): (yield key, per N, clause).
# The food industry is named nowhere in the profit stage: its product is a gap.
PRODUCTS = {
    "conventional-power-plant": ("energy", 10, "dl.profit-power"),
    "nuclear-power-plant": ("energy", 30, "dl.profit-power"),
    "land-transport-industry": ("land", 1, "dl.profit-other-factories"),
    "sea-transport-industry": ("sea", 1, "dl.profit-other-factories"),
    "robot-factory": ("robots", 1, "dl.profit-other-factories"),
    "arms-infantry": ("infantry", 1, "dl.profit-other-factories"),
    "arms-armored": ("armored", 1, "dl.profit-other-factories"),
    "arms-ships": ("ships", 1, "dl.profit-other-factories"),
    "arms-missiles": ("missile_launchers", 1, "dl.profit-other-factories"),
    "arms-super-missiles": ("super_missile_launchers", 1, "dl.profit-other-factories"),
    "food-industry": ("food", 1, "dl.profit-other-factories"),
}
WOOD_PER_FOREST = 3  # dl.profit-wood: "Jeden zdjęty żeton daje 3 jednostki drewna."
ENERGY_PER_ROBOT = 2  # dl.robots-tax: "o dwie jednostki energii elektrycznej"


# --------------------------------------------------------------------- tables


def _table(key: str) -> tuple[Mapping[str, Any], ...]:
    # The rows of the edition in force (set by the engine while the adjudicator runs).
    return active().table(key)


def _t1(category: str, item: str) -> Mapping[str, Any]:
    return next(r for r in _table("table-1") if (r["category"], r["item"]) == (category, item))


def _t2(districts: int) -> Mapping[str, Any]:
    rows = _table("table-2")
    return next(row for row in rows if row["districts"][0] <= districts <= row["districts"][1])


def _goods(goods: Mapping[str, int]) -> str:
    """Say a bundle of goods in words ("3 oil, 1 food"), or "nothing"."""
    parts = [_("%(n)s %(what)s") % {"n": n, "what": NAMES.get(k, k)} for k, n in goods.items() if n]
    return ", ".join(parts) if parts else _("nothing")


def _add(total: dict[str, int], goods: Mapping[str, int], times: int = 1) -> None:
    for key, n in goods.items():
        total[key] = total.get(key, 0) + n * times


def _ordered(total: Mapping[str, int], order: Iterable[str]) -> dict[str, int]:
    """Drop zero entries and put the keys in vocabulary order."""
    order = tuple(order)
    keys = [k for k in order if total.get(k)] + sorted(k for k in total if k not in order and total[k])
    return {k: total[k] for k in keys}


def _range(row: dict[str, Any]) -> str:
    low, high = row["districts"]
    if low == high:
        return str(low)
    return _("%(low)s or %(high)s") % {"low": low, "high": high}


def _coord(c: Iterable[int]) -> list[int]:
    return [int(v) for v in c]


# ================================================================== city-tax

CITY_TAX_INPUTS = Object(
    districts=Int(1, 12, label=gettext_lazy("Built districts")),
    first_city=Bool(label=gettext_lazy("Is it the federation's first city?")),
)


def _city_tax(r: Reasoning, districts: int, first_city: bool, *, name: str = "") -> dict[str, int]:
    """Apply Table 2 to one city and return its tax."""
    row = _t2(districts)
    tax = dict(row["first" if first_city else "later"])
    column = _("first city") if first_city else _("subsequent cities")
    r.step(
        row["clause"],
        _(
            "%(city)sTable 2, %(range)s built districts, column '%(column)s': %(food)s food and "
            "%(energy)s energy."
        )
        % {
            "city": name,
            "range": _range(row),
            "column": column,
            "food": tax["food"],
            "energy": tax["energy"],
        },
    )
    return {"food": tax["food"], "energy": tax["energy"]}


def _city_tax_summary(o: dict[str, Any]) -> str:
    return _("The city pays %(food)s food and %(energy)s energy in tax.") % o


@adjudicator(
    game=GAME,
    name="city-tax",
    title=gettext_lazy("What tax does a city pay?"),
    inputs=CITY_TAX_INPUTS,
    clauses=[
        "dl.taxes-due",
        "dl.table-2-intro",
        *(f"dl.t2.districts-{k}" for k in ("1-2", "3-4", "5-6", "7-8", "9", "10", "11", "12")),
    ],
    summary=_city_tax_summary,
    examples=[{"districts": 8, "first_city": False}, {"districts": 1, "first_city": True}],
)
def city_tax(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step("dl.taxes-due", _("Every city pays a tax in the tax stage."))
    r.step(
        "dl.table-2-intro",
        _("A city's tax depends on its number of built districts: %(n)s here.") % {"n": i.districts},
    )
    return r.result(_city_tax(r, i.districts, i.first_city))


# ================================================================== tax-bill

BUILDING_LABELS = BUILDING_NAMES
UNIT_LABELS = {k: NAMES[k] for k in UNITS}

TAX_BILL_BUILDING = Object(
    kind=Choice(BUILDINGS, labels=BUILDING_LABELS, label=gettext_lazy("Building")),
    robots=Int(0, 99, default=0, label=gettext_lazy("Robots installed")),
)
TAX_BILL_CITY = Object(
    districts=Int(1, 12, label=gettext_lazy("Built districts")),
    first_city=Bool(default=False, label=gettext_lazy("First city?")),
    buildings=List(TAX_BILL_BUILDING, default=[], max_length=60, label=gettext_lazy("Buildings")),
)


def _one_first_city(i: Any) -> Iterable[tuple[str, str]]:
    firsts = [n for n, city in enumerate(i.cities) if city.first_city]
    for n in firsts[1:]:
        yield f"cities.{n}.first_city", _("A federation has only one first city.")


TAX_BILL_INPUTS = Object(
    cities=List(TAX_BILL_CITY, default=[], max_length=50, label=gettext_lazy("Cities")),
    units=Map(
        Choice(UNITS, labels=UNIT_LABELS),
        Int(0, 999),
        default={},
        label=gettext_lazy("Military units on the board"),
    ),
    routes=Map(
        Choice(ROUTES, labels={"land": gettext_lazy("land"), "sea": gettext_lazy("sea")}),
        Int(0, 999),
        default={},
        label=gettext_lazy("Route segments on the board"),
    ),
    checks=[_one_first_city],
)

FLAGGED_GAPS = {
    "conventional-power-plant": (
        gettext_lazy(
            "Table 1's conventional power plant row was flattened into a single price and a list of "
            "goods: which of the goods are its tax?"
        ),
        gettext_lazy(
            "The last item, %(tax)s, is the tax each round (the robots example speaks of the plant's "
            "standard coal tax); the other goods are paid with the construction."
        ),
    ),
    "nuclear-power-plant": (
        gettext_lazy(
            "Table 1's nuclear power plant row was flattened into a single price and a list of goods: "
            "which of the goods are its tax?"
        ),
        gettext_lazy(
            "By analogy with the conventional power plant, the last item, %(tax)s, is the tax each "
            "round and the other goods are paid with the construction; nothing in the text confirms it."
        ),
    ),
    "arms-ships": (
        gettext_lazy(
            "The ships arms industry's tax cell lists %(other)s, which is not a resource: is it really "
            "handed in every round?"
        ),
        gettext_lazy(
            "Read as written: it is handed in with the tax each round. It is listed under 'other', "
            "outside the bill of resources."
        ),
    ),
    "arms-super-missiles": (
        gettext_lazy(
            "The super missiles arms industry's tax cell lists %(other)s, which is not a resource: is it "
            "really handed in every round?"
        ),
        gettext_lazy(
            "Read as written: it is handed in with the tax each round. It is listed under 'other', "
            "outside the bill of resources."
        ),
    ),
}


def _over_limit(r: Reasoning, what: str, count: int) -> None:
    limit = TOKEN_SETS[what]
    if count > limit:
        r.gap(
            "dl.doubt-2",
            question=_(
                "A federation's token set holds %(limit)s %(what)s, but %(count)s are taxed here: may the "
                "limits of the token sets be exceeded?"
            )
            % {"limit": limit, "what": _("cities") if what == "cities" else NAMES[what], "count": count},
            assumed=_(
                "Yes, as entered: every one of them is taxed. The instruction does not say its token "
                "counts are hard limits (doubt 2)."
            ),
        )


def _tax_bill_summary(o: dict[str, Any]) -> str:
    text = _("The federation's tax bill is %(bill)s.") % {"bill": _goods(o["bill"])}
    if o.get("other"):
        text = _("The federation's tax bill is %(bill)s, plus %(other)s.") % {
            "bill": _goods(o["bill"]),
            "other": _goods(o["other"]),
        }
    return text


@adjudicator(
    game=GAME,
    name="tax-bill",
    title=gettext_lazy("What is a federation's tax bill?"),
    inputs=TAX_BILL_INPUTS,
    clauses=[
        "dl.taxes-due",
        "dl.taxes-table",
        "dl.table-2-intro",
        *(f"dl.t2.districts-{k}" for k in ("1-2", "3-4", "5-6", "7-8", "9", "10", "11", "12")),
        *(f"dl.t1.{b}" for b in BUILDINGS),
        "dl.robots-tax",
        "dl.robots-raise-n",
        "dl.t1.infantry",
        "dl.t1.armored",
        "dl.t1.ships",
        "dl.t1.missile-launchers",
        "dl.t1.super-missile-launchers",
        "dl.t1.land-route",
        "dl.t1.sea-route",
        "dl.doubt-2",
    ],
    summary=_tax_bill_summary,
    examples=[
        {
            "cities": [
                {
                    "districts": 8,
                    "first_city": True,
                    "buildings": [
                        {"kind": "conventional-power-plant", "robots": 2},
                        {"kind": "mine", "robots": 0},
                        {"kind": "arms-infantry", "robots": 0},
                    ],
                },
                {"districts": 3, "first_city": False, "buildings": [{"kind": "robot-factory", "robots": 1}]},
            ],
            "units": {"infantry": 4, "armored": 1},
            "routes": {"land": 6, "sea": 1},
        },
        {"cities": [], "units": {}, "routes": {"land": 31}},
    ],
)
def tax_bill(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    bill: dict[str, int] = {}
    other: dict[str, int] = {}
    n_buildings = sum(len(c.buildings) for c in i.cities)
    n_units = sum(i.units.values())
    n_segments = sum(i.routes.values())
    r.step(
        "dl.taxes-due",
        _(
            "Tax is due for %(cities)s cities, %(buildings)s factories and other buildings, %(units)s "
            "military units and %(segments)s route segments."
        )
        % {"cities": len(i.cities), "buildings": n_buildings, "units": n_units, "segments": n_segments},
    )

    # Cities: Table 2.
    if i.cities:
        r.step("dl.table-2-intro", _("City taxes come from Table 2, by built districts."))
        _over_limit(r, "cities", len(i.cities))
    for n, city in enumerate(i.cities, 1):
        label = _("City %(n)s: ") % {"n": n}
        _add(bill, _city_tax(r, city.districts, city.first_city, name=label))

    # Buildings: Table 1, one step per kind in the order first met.
    counts: dict[str, int] = {}
    robots = 0
    treatment_robots = 0
    for city in i.cities:
        for b in city.buildings:
            counts[b.kind] = counts.get(b.kind, 0) + 1
            robots += b.robots
            if b.kind == "treatment-plant":
                treatment_robots += b.robots
    if counts:
        r.step(
            "dl.taxes-table", _("Building, unit and route taxes come from Table 1, per token on the board.")
        )
    for kind, count in counts.items():
        row = _t1("building", kind)
        name = BUILDING_NAMES[kind]
        if "tax" in row.get("nd", ()):
            r.step(
                row["clause"],
                _("%(count)s x %(building)s: Table 1 gives N/D (not applicable), so no tax.")
                % {"count": count, "building": name},
            )
            continue
        tax = dict(row.get("tax", {}))
        extra = dict(row.get("tax_other", {}))
        _add(bill, tax, count)
        _add(other, extra, count)
        r.step(
            row["clause"],
            _("%(count)s x %(building)s: Table 1 gives %(each)s each, so %(total)s.")
            % {
                "count": count,
                "building": name,
                "each": _goods({**extra, **tax}),
                "total": _goods({k: v * count for k, v in {**extra, **tax}.items()}),
            },
        )
        if row.get("flagged"):
            question, assumed = FLAGGED_GAPS[kind]
            r.gap(
                row["clause"],
                question=str(question) % {"other": _goods(extra)},
                assumed=str(assumed) % {"tax": _goods(tax)},
            )
    if robots:
        _add(bill, {"energy": ENERGY_PER_ROBOT * robots})
        r.step(
            "dl.robots-tax",
            _("Robots installed: %(robots)s; at %(per)s energy each, the tax rises by %(energy)s energy.")
            % {"robots": robots, "per": ENERGY_PER_ROBOT, "energy": ENERGY_PER_ROBOT * robots},
        )
    if treatment_robots:
        r.gap(
            "dl.robots-raise-n",
            question=_(
                "Robots are installed in factories and mines; may they be installed in a treatment plant, "
                "and do they raise its tax?"
            ),
            assumed=_("Yes, as entered: each robot there raises the tax by the same energy."),
        )

    # Units and routes: Table 1.
    for unit, count in i.units.items():
        if not count:
            continue
        row = _t1("unit", unit)
        tax = dict(row.get("tax", {}))
        _add(bill, tax, count)
        r.step(
            row["clause"],
            _("%(units)s: Table 1 gives %(each)s each, so %(total)s.")
            % {
                "units": AMOUNTS[unit] % {"n": count},
                "each": _goods(tax),
                "total": _goods({k: v * count for k, v in tax.items()}),
            },
        )
        _over_limit(r, unit, count)
    for route in ROUTES:
        count = i.routes.get(route, 0)
        if not count:
            continue
        row = _t1("route", route)
        tax = dict(row.get("tax", {}))
        _add(bill, tax, count)
        r.step(
            row["clause"],
            _("%(segments)s: Table 1 gives %(each)s per segment, so %(total)s.")
            % {
                "segments": AMOUNTS[route] % {"n": count},
                "each": _goods(tax),
                "total": _goods({k: v * count for k, v in tax.items()}),
            },
        )
        _over_limit(r, route, count)
    return r.result({"bill": _ordered(bill, RESOURCES), "other": _ordered(other, ())})


# ======================================================== profit-eligibility

ELIGIBILITY_FACILITY = Object(
    id=Str(1, 40, label=gettext_lazy("Facility")),
    tax_paid=Bool(label=gettext_lazy("Its tax paid?")),
)
ELIGIBILITY_CITY = Object(
    id=Str(1, 40, label=gettext_lazy("City")),
    tax_paid=Bool(label=gettext_lazy("City tax paid?")),
    connected=Bool(label=gettext_lazy("Connected to the capital?")),
    facilities=List(ELIGIBILITY_FACILITY, default=[], max_length=60, label=gettext_lazy("Facilities")),
)


def _unique_ids(i: Any) -> Iterable[tuple[str, str]]:
    cities: set[str] = set()
    facilities: set[str] = set()
    for n, city in enumerate(i.cities):
        if city.id in cities:
            yield f"cities.{n}.id", _("Duplicate city: %(id)s.") % {"id": city.id}
        cities.add(city.id)
        for m, f in enumerate(city.facilities):
            if f.id in facilities:
                yield f"cities.{n}.facilities.{m}.id", _("Duplicate facility: %(id)s.") % {"id": f.id}
            facilities.add(f.id)


def _paid_flags_agree(i: Any) -> Iterable[tuple[str, str]]:
    if not i.all_taxes_paid:
        return
    unpaid = [c.id for c in i.cities if not c.tax_paid]
    unpaid += [f.id for c in i.cities for f in c.facilities if not f.tax_paid]
    if unpaid:
        yield (
            "all_taxes_paid",
            _("All taxes cannot be paid while these taxes are unpaid: %(ids)s.") % {"ids": ", ".join(unpaid)},
        )


PROFIT_ELIGIBILITY_INPUTS = Object(
    all_taxes_paid=Bool(label=gettext_lazy("Were all the federation's taxes paid?")),
    cities=List(ELIGIBILITY_CITY, default=[], max_length=50, label=gettext_lazy("Cities")),
    checks=[_unique_ids, _paid_flags_agree],
)


def _eligibility_summary(o: dict[str, Any]) -> str:
    if o["profit_phase"] == "skipped":
        return _("Profit phase skipped: the player skips the next profit stage, so nothing is produced.")
    if o["profit_phase"] == "full":
        return _("Full profit phase: every facility produces.")
    if not o["producing"]:
        return _("Partial profit phase: no facility produces.")
    # Only the GNIAZDO proposals make a phase partial with producers left.
    return _("Only paid factories in paid, connected cities produce: %(ids)s.") % {
        "ids": ", ".join(o["producing"])
    }


@adjudicator(
    game=GAME,
    name="profit-eligibility",
    title=gettext_lazy("Which facilities produce in the profit stage?"),
    inputs=PROFIT_ELIGIBILITY_INPUTS,
    clauses=[
        "dl.taxes-unpaid",
        "dl.doubt-1",
        "dl.proposal-1",
        "dl.doubt-5",
        "dl.proposal-5",
        "dl.profit-from-bank",
    ],
    summary=_eligibility_summary,
    examples=[
        {
            "all_taxes_paid": False,
            "cities": [
                {
                    "id": "Capital",
                    "tax_paid": True,
                    "connected": True,
                    "facilities": [
                        {"id": "coal mine", "tax_paid": True},
                        {"id": "robot factory", "tax_paid": False},
                    ],
                },
                {
                    "id": "Harbour",
                    "tax_paid": True,
                    "connected": True,
                    "facilities": [{"id": "power plant", "tax_paid": True}],
                },
            ],
        },
        {
            "all_taxes_paid": True,
            "cities": [
                {
                    "id": "Capital",
                    "tax_paid": True,
                    "connected": True,
                    "facilities": [{"id": "mine", "tax_paid": True}],
                },
                {
                    "id": "Outpost",
                    "tax_paid": True,
                    "connected": False,
                    "facilities": [{"id": "sawmill", "tax_paid": True}],
                },
            ],
        },
    ],
)
def profit_eligibility(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    every = [f.id for c in i.cities for f in c.facilities]
    if variant == "gniazdo":
        return _eligibility_gniazdo(r, i, every)
    if not i.all_taxes_paid:
        r.step(
            "dl.taxes-unpaid",
            _("Not every tax was paid, so the player skips the next profit stage: no facility produces."),
        )
        return r.result({"profit_phase": "skipped", "producing": []})
    r.step("dl.taxes-unpaid", _("Every tax was paid, so the player takes part in the profit stage."))
    cut_off = [c.id for c in i.cities if not c.connected]
    if cut_off:
        r.step(
            "dl.doubt-5",
            _(
                "%(cities)s has no connection to the capital: a broken route stops ALL factories and mines, "
                "so no facility produces."
            )
            % {"cities": ", ".join(cut_off)},
        )
        r.gap(
            "dl.doubt-5",
            question=_(
                "The abbreviated text states no rule for cities cut off from the capital: what happens to "
                "production when a route is broken?"
            ),
            assumed=_(
                "Doubt 5's account of the original instruction: a broken route anywhere stops every factory "
                "and mine of the federation (products must reach the warehouse in the capital). The stage "
                "itself is not skipped: farm fields still yield."
            ),
        )
        return r.result({"profit_phase": "partial", "producing": []})
    r.step("dl.profit-from-bank", _("Every city is connected to the capital, where the products go."))
    return r.result({"profit_phase": "full", "producing": every})


def _eligibility_gniazdo(r: Reasoning, i: Any, every: list[str]) -> Result:
    unpaid_cities = [c.id for c in i.cities if not c.tax_paid]
    unpaid_facilities = [f.id for c in i.cities for f in c.facilities if not f.tax_paid]
    if unpaid_cities or unpaid_facilities:
        r.step(
            "dl.proposal-1",
            _(
                "Only factories whose own tax and whose city's tax were paid work. Unpaid: cities "
                "%(cities)s; facilities %(facilities)s."
            )
            % {"cities": ", ".join(unpaid_cities) or "-", "facilities": ", ".join(unpaid_facilities) or "-"},
        )
    else:
        r.step("dl.proposal-1", _("Every city and facility tax was paid, so no facility is stopped for tax."))
        if not i.all_taxes_paid:
            r.gap(
                "dl.proposal-1",
                question=_(
                    "Proposal 1 names only the taxes of factories and cities: what does an unpaid unit or "
                    "route tax cost?"
                ),
                assumed=_(
                    "Nothing in the profit stage: every factory whose own and city tax were paid works."
                ),
            )
    cut_off = [c.id for c in i.cities if not c.connected]
    if cut_off:
        r.step(
            "dl.proposal-5",
            _("No profit from factories and mines in cities cut off from the capital: %(cities)s.")
            % {"cities": ", ".join(cut_off)},
        )
    else:
        r.step("dl.proposal-5", _("Every city is connected to the capital."))
    producing = [f.id for c in i.cities if c.tax_paid and c.connected for f in c.facilities if f.tax_paid]
    phase = "full" if producing == every else "partial"
    return r.result({"profit_phase": phase, "producing": producing})


# ==================================================================== profit

PROFIT_FACILITY = Object(
    id=Str(1, 40, label=gettext_lazy("Facility")),
    kind=Choice(BUILDINGS, labels=BUILDING_LABELS, label=gettext_lazy("Building")),
    robots=Int(0, 99, default=0, label=gettext_lazy("Robots installed")),
    resource=Choice(
        MINERALS,
        labels={k: NAMES[k] for k in MINERALS},
        default=None,
        nullable=True,
        label=gettext_lazy("Resource (mines only)"),
    ),
)


def _profit_checks(i: Any) -> Iterable[tuple[str, str]]:
    seen: set[str] = set()
    for n, f in enumerate(i.facilities):
        if f.id in seen:
            yield f"facilities.{n}.id", _("Duplicate facility: %(id)s.") % {"id": f.id}
        seen.add(f.id)
        if f.kind == "mine" and f.resource is None:
            yield f"facilities.{n}.resource", _("A mine needs the resource it extracts.")
        if f.kind != "mine" and f.resource is not None:
            yield f"facilities.{n}.resource", _("Only a mine extracts a resource.")


PROFIT_INPUTS = Object(
    roll=Die(label=gettext_lazy("Profit roll (N)")),
    pollution_clouds=Int(0, 999, default=0, label=gettext_lazy("Pollution clouds over your cities")),
    farms=Int(0, 999, default=0, label=gettext_lazy("Farm fields")),
    forests=Int(0, 9999, default=0, label=gettext_lazy("Forest tokens on your lands")),
    facilities=List(PROFIT_FACILITY, default=[], max_length=200, label=gettext_lazy("Producing facilities")),
    checks=[_profit_checks],
)


def _profit_summary(o: dict[str, Any]) -> str:
    return _("N is %(n)s; the profit stage yields %(yields)s.") % {"n": o["n"], "yields": _goods(o["yields"])}


@adjudicator(
    game=GAME,
    name="profit",
    title=gettext_lazy("What does the profit stage yield?"),
    inputs=PROFIT_INPUTS,
    clauses=[
        "dl.profit-roll",
        "dl.pollution-reduces-n",
        "dl.profit-farm",
        "dl.profit-power",
        "dl.profit-wood",
        "dl.profit-mines",
        "dl.profit-other-factories",
        "dl.robots-raise-n",
        "dl.robots-example",
        "dl.pollution-treatment-plant",
    ],
    summary=_profit_summary,
    examples=[
        {
            "roll": 4,
            "pollution_clouds": 1,
            "farms": 2,
            "forests": 5,
            "facilities": [
                {"id": "power plant", "kind": "conventional-power-plant", "robots": 2},
                {"id": "sawmill", "kind": "wood-industry", "robots": 0},
                {"id": "coal mine", "kind": "mine", "robots": 0, "resource": "coal"},
                {"id": "barracks", "kind": "arms-infantry", "robots": 1},
            ],
        },
        {
            "roll": 1,
            "pollution_clouds": 3,
            "farms": 1,
            "facilities": [{"id": "mine", "kind": "mine", "resource": "iron"}],
        },
    ],
)
def profit(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    raw = i.roll - i.pollution_clouds
    n = max(0, raw)
    r.step("dl.profit-roll", _("The federation rolls %(roll)s for N.") % {"roll": i.roll})
    if i.pollution_clouds:
        r.step(
            "dl.pollution-reduces-n",
            _(
                "Pollution clouds over the federation's cities: %(clouds)s, so N = %(roll)s - %(clouds)s = %(n)s%(floor)s."
            )
            % {
                "clouds": i.pollution_clouds,
                "roll": i.roll,
                "n": raw,
                "floor": _(", which counts as 0") if raw < 0 else "",
            },
        )
    yields: dict[str, int] = {}
    if i.farms:
        food = i.farms * n
        _add(yields, {"food": food})
        r.step(
            "dl.profit-farm",
            _("Farm fields: %(farms)s, each yielding %(n)s food (%(food)s food); their tokens are removed.")
            % {"farms": i.farms, "n": n, "food": food},
        )
        if n == 0:
            r.gap(
                "dl.profit-farm",
                question=_("N is 0: is a farm field that yields nothing still removed?"),
                assumed=_("Yes: the sentence removes the token whatever it yields."),
            )
    forests_left = i.forests
    entitled = 0
    details = []
    for f in i.facilities:
        nf = n + f.robots
        if f.robots:
            r.step(
                "dl.robots-raise-n",
                _("%(id)s: robots installed: %(robots)s, so its N rises from %(n)s to %(nf)s.")
                % {"id": f.id, "robots": f.robots, "n": n, "nf": nf},
            )
            if raw < 0:
                r.gap(
                    "dl.robots-raise-n",
                    question=_(
                        "The clouds outnumber the roll: do a facility's robots add to the N already "
                        "floored at zero, or to the roll before the clouds are taken off?"
                    ),
                    assumed=_(
                        "To the federation's N after the clouds and the floor at zero: N for the facility = "
                        "0 + its robots."
                    ),
                )
        made: dict[str, int] = {}
        if f.kind == "mine":
            made = {f.resource: nf}
            r.step(
                "dl.profit-mines",
                _("%(id)s (mine) extracts %(n)s %(what)s.")
                % {"id": f.id, "n": nf, "what": NAMES[f.resource]},
            )
        elif f.kind == "wood-industry":
            entitled += nf
            taken = min(nf, forests_left)
            forests_left -= taken
            made = {"wood": WOOD_PER_FOREST * taken}
            r.step(
                "dl.profit-wood",
                _(
                    "%(id)s (wood industry) removes %(taken)s forest tokens for %(per)s wood each: %(wood)s wood."
                )
                % {"id": f.id, "taken": taken, "per": WOOD_PER_FOREST, "wood": WOOD_PER_FOREST * taken},
            )
        elif f.kind == "treatment-plant":
            r.step(
                "dl.pollution-treatment-plant",
                _("%(id)s (treatment plant) keeps pollution away; it produces nothing.") % {"id": f.id},
            )
            r.gap(
                "dl.profit-other-factories",
                question=_("Does a treatment plant produce anything in the profit stage?"),
                assumed=_("No: the text gives it only the task of keeping pollution away."),
            )
        else:
            key, per, clause = PRODUCTS[f.kind]
            made = {key: per * nf}
            r.step(
                clause,
                _("%(id)s (%(building)s) produces %(made)s.")
                % {"id": f.id, "building": BUILDING_NAMES[f.kind], "made": _goods(made)},
            )
            if f.kind == "conventional-power-plant" and f.robots:
                r.step(
                    "dl.robots-example",
                    _("As in the example: 10 x (N + %(robots)s) energy.") % {"robots": f.robots},
                )
            if f.kind == "food-industry":
                r.gap(
                    "dl.profit-other-factories",
                    question=_("The profit stage does not name the food industry: what does it produce?"),
                    assumed=_(
                        "N units of food, its product, like every other factory's N units of products."
                    ),
                )
        _add(yields, made)
        details.append({"id": f.id, "n": nf, "yields": _ordered(made, YIELD_ORDER)})
    if entitled > i.forests:
        r.gap(
            "dl.profit-wood",
            question=_(
                "The wood industries may remove %(entitled)s forest tokens but only %(forests)s lie on the "
                "federation's lands: what then?"
            )
            % {"entitled": entitled, "forests": i.forests},
            assumed=_("They remove only the tokens there are, in the order the facilities are listed."),
        )
    return r.result(
        {
            "n": n,
            "yields": _ordered(yields, YIELD_ORDER),
            "farms_removed": i.farms,
            "forests_removed": i.forests - forests_left,
            "facilities": details,
        }
    )


# ====================================================================== wind

DIRECTIONS = {2: ("south", (0, 1)), 3: ("east", (1, 0)), 4: ("north", (0, -1)), 5: ("west", (-1, 0))}
DIRECTION_NAMES = {
    "south": gettext_lazy("south"),
    "east": gettext_lazy("east"),
    "north": gettext_lazy("north"),
    "west": gettext_lazy("west"),
}
TOKEN_NAMES = {"pollution": gettext_lazy("pollution"), "radioactive": gettext_lazy("radioactive cloud")}


def _on_board(i: Any) -> Iterable[tuple[str, str]]:
    for name in ("pollution", "radioactive", "fires", "burnable"):
        for n, (x, y) in enumerate(getattr(i, name)):
            if x >= i.width or y >= i.height:
                yield (
                    f"{name}.{n}",
                    _("[%(x)s, %(y)s] is outside the %(w)s x %(h)s board.")
                    % {"x": x, "y": y, "w": i.width, "h": i.height},
                )


WIND_INPUTS = Object(
    direction_roll=Die(label=gettext_lazy("First roll (direction)")),
    strength_roll=Die(label=gettext_lazy("Second roll (strength)")),
    width=Int(1, 1000, label=gettext_lazy("Board width (fields)")),
    height=Int(1, 1000, label=gettext_lazy("Board height (fields)")),
    pollution=List(Coord(), default=[], max_length=1000, label=gettext_lazy("Pollution tokens")),
    radioactive=List(Coord(), default=[], max_length=1000, label=gettext_lazy("Radioactive clouds")),
    fires=List(Coord(), default=[], max_length=1000, unique=True, label=gettext_lazy("Fires")),
    burnable=List(
        Coord(),
        default=[],
        max_length=10000,
        unique=True,
        label=gettext_lazy("Fields with forest, farm field or city"),
    ),
    checks=[_on_board],
)


def _wind_summary(o: dict[str, Any]) -> str:
    if o["direction"] is None:
        return _("No wind: nothing moves and no fire spreads.")
    return _(
        "The wind blows %(direction)s with strength %(strength)s. Tokens blown off the board: %(removed)s; "
        "new fires: %(fires)s."
    ) % {
        "direction": DIRECTION_NAMES[o["direction"]],
        "strength": o["strength"],
        "removed": len(o["removed_off_board"]),
        "fires": len(o["new_fires"]),
    }


@adjudicator(
    game=GAME,
    name="wind",
    title=gettext_lazy("Where does the wind move clouds and fires?"),
    inputs=WIND_INPUTS,
    clauses=[
        "dl.wind-rolls",
        "dl.wind-direction",
        "dl.wind-strength",
        "dl.wind-calm",
        "dl.wind-drift",
        "dl.wind-off-board",
        "dl.wind-fire-spread",
        "dl.fire-spread",
        "dl.wind-fire-burns",
    ],
    summary=_wind_summary,
    examples=[
        {
            "direction_roll": 3,
            "strength_roll": 4,
            "width": 12,
            "height": 10,
            "pollution": [[2, 3], [9, 5]],
            "radioactive": [[6, 6]],
            "fires": [[4, 4]],
            "burnable": [[5, 4], [6, 4]],
        },
        {"direction_roll": 6, "strength_roll": 5, "width": 10, "height": 10, "pollution": [[1, 1]]},
    ],
)
def wind(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step(
        "dl.wind-rolls",
        _("The die was rolled twice: %(first)s, then %(second)s.")
        % {"first": i.direction_roll, "second": i.strength_roll},
    )
    if i.direction_roll not in DIRECTIONS:
        r.step(
            "dl.wind-calm",
            _("A %(roll)s on the first roll means no wind: the stage ends at once and nothing moves.")
            % {"roll": i.direction_roll},
        )
        return r.result(
            {
                "direction": None,
                "strength": 0,
                "pollution": [_coord(c) for c in i.pollution],
                "radioactive": [_coord(c) for c in i.radioactive],
                "new_fires": [],
                "removed_off_board": [],
            }
        )
    direction, (dx, dy) = DIRECTIONS[i.direction_roll]
    strength = i.strength_roll
    r.step(
        "dl.wind-direction",
        _("A %(roll)s on the first roll: the wind blows %(direction)s.")
        % {"roll": i.direction_roll, "direction": DIRECTION_NAMES[direction]},
    )
    r.step("dl.wind-strength", _("The strength of the wind is %(s)s.") % {"s": strength})

    def inside(x: int, y: int) -> bool:
        return 0 <= x < i.width and 0 <= y < i.height

    moved: dict[str, list[list[int]]] = {"pollution": [], "radioactive": []}
    removed = []
    for kind in ("pollution", "radioactive"):
        for x, y in getattr(i, kind):
            nx, ny = x + dx * strength, y + dy * strength
            if inside(nx, ny):
                moved[kind].append([nx, ny])
            else:
                removed.append({"kind": kind, "from": [x, y]})
    if i.pollution or i.radioactive:
        r.step(
            "dl.wind-drift",
            ngettext(
                "Pollution and radioactive cloud tokens (%(count)s) move %(s)s field %(direction)s.",
                "Pollution and radioactive cloud tokens (%(count)s) move %(s)s fields %(direction)s.",
                strength,
            )
            % {
                "count": len(i.pollution) + len(i.radioactive),
                "s": strength,
                "direction": DIRECTION_NAMES[direction],
            },
        )
    if removed:
        r.step(
            "dl.wind-off-board",
            _("Tokens leaving the board are removed for good (%(count)s): %(which)s.")
            % {
                "count": len(removed),
                "which": ", ".join(
                    f"{TOKEN_NAMES[t['kind']]} [{t['from'][0]}, {t['from'][1]}]" for t in removed
                ),
            },
        )

    burning = {tuple(c) for c in i.fires}
    burnable = {tuple(c) for c in i.burnable}
    new_fires: list[list[int]] = []
    already: list[tuple[int, int]] = []
    for x, y in i.fires:
        target = (x + dx, y + dy)
        if target not in burnable:
            continue
        if target in burning:
            already.append(target)
            continue
        if list(target) not in new_fires:
            new_fires.append(list(target))
    if i.fires:
        r.step(
            "dl.fire-spread",
            _("Fires do not move; each spreads one field %(direction)s, whatever the strength.")
            % {"direction": DIRECTION_NAMES[direction]},
        )
        r.step(
            "dl.wind-fire-spread",
            _(
                "New fire tokens go only where the field downwind holds a forest, farm field or city: %(fields)s."
            )
            % {"fields": ", ".join(f"[{x}, {y}]" for x, y in new_fires) or _("none")},
        )
    if new_fires:
        r.step(
            "dl.wind-fire-burns",
            _("Forest and farm field tokens are removed from the newly burning fields: %(fields)s.")
            % {"fields": ", ".join(f"[{x}, {y}]" for x, y in new_fires)},
        )
    if already:
        r.gap(
            "dl.wind-fire-spread",
            question=_("The field downwind of a fire is already burning: is another fire token put there?"),
            assumed=_("No: the field already burns; nothing is added."),
        )
    chained = [
        c for c in new_fires if (c[0] + dx, c[1] + dy) in burnable and (c[0] + dx, c[1] + dy) not in burning
    ]
    if chained:
        r.gap(
            "dl.wind-fire-spread",
            question=_("Does a fire placed in this wind stage spread again at once?"),
            assumed=_(
                "No: only the fires lying on the board when the wind blew spread, by one field "
                "(a fire spreads by one field)."
            ),
        )
    return r.result(
        {
            "direction": direction,
            "strength": strength,
            "pollution": moved["pollution"],
            "radioactive": moved["radioactive"],
            "new_fires": new_fires,
            "removed_off_board": removed,
        }
    )


# =================================================================== missile

MISSILE_INPUTS = Object(
    districts=Int(1, 12, label=gettext_lazy("Built districts of the city hit")),
    kind=Choice(
        ("missile", "super"),
        labels={"missile": gettext_lazy("missile"), "super": gettext_lazy("super missile")},
        default="missile",
        label=gettext_lazy("Missile"),
    ),
)


def _every_second(districts: int) -> int:
    """Districts one missile destroys: every second, counted from the last built (half rounded up)."""
    return (districts + 1) // 2


def _missile_summary(o: dict[str, Any]) -> str:
    return _(
        "Districts destroyed: %(destroyed)s; left: %(remaining)s. The city falls to attack number %(attacks)s."
    ) % {"destroyed": o["destroyed"], "remaining": o["remaining"], "attacks": o["attacks_to_raze"]}


@adjudicator(
    game=GAME,
    name="missile",
    title=gettext_lazy("How many districts does a missile destroy?"),
    inputs=MISSILE_INPUTS,
    clauses=[
        "dl.missile-effect",
        "dl.super-missile-same-rules",
        "dl.super-missile-cloud",
        "dl.radioactive-cloud",
        "dl.doubt-8",
    ],
    summary=_missile_summary,
    examples=[{"districts": 12, "kind": "missile"}, {"districts": 3, "kind": "super"}],
)
def missile(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    if i.kind == "super":
        r.step(
            "dl.super-missile-same-rules",
            _("A super missile follows the missile's rules: the same city rule applies to the city hit."),
        )
    destroyed = _every_second(i.districts)
    remaining = i.districts - destroyed
    r.step(
        "dl.missile-effect",
        _("The missile destroys every second district of the city: %(d)s of %(n)s destroyed, %(r)s left.")
        % {"d": destroyed, "n": i.districts, "r": remaining},
    )
    sequence = [i.districts]
    while sequence[-1]:
        sequence.append(sequence[-1] - _every_second(sequence[-1]))
    attacks = len(sequence) - 1
    r.step(
        "dl.doubt-8",
        _("Attack after attack the city goes %(sequence)s: razed by attack number %(k)s.")
        % {"sequence": " -> ".join(str(s) for s in sequence), "k": attacks},
    )
    odd = [s for s in sequence[:-1] if s % 2]
    r.gap(
        "dl.missile-effect",
        question=_(
            "'Every second district' is silent for an odd number of districts (%(odd)s here): how many "
            "does one missile destroy then?"
        )
        % {"odd": ", ".join(str(s) for s in odd)},
        assumed=_(
            "Half rounded up, counting every second district from the last built one: one district alone "
            "is destroyed too. This matches doubt 8, where a twelve-district city falls to the fourth attack."
        ),
    )
    if i.kind == "super":
        r.step(
            "dl.super-missile-cloud",
            _("A radioactive cloud token appears on the chosen field."),
        )
        r.gap(
            "dl.radioactive-cloud",
            question=_(
                "If the city stands on the chosen field, does the radioactive cloud that appears there "
                "destroy what is left of it?"
            ),
            assumed=_(
                "No: a cloud destroys tokens where it stops after drifting, and the super missile follows the "
                "missile's city rule; the remaining districts stay."
            ),
        )
    return r.result(
        {
            "destroyed": destroyed,
            "remaining": remaining,
            "attacks_to_raze": attacks,
            "radioactive_cloud": i.kind == "super",
        }
    )


# ================================================================== movement

UNIT_KINDS = {
    "infantry": gettext_lazy("infantry"),
    "armored": gettext_lazy("armored unit"),
    "ship": gettext_lazy("ship"),
}
TERRAINS = {
    "open": gettext_lazy("open land"),
    "forest": gettext_lazy("forest"),
    "route": gettext_lazy("land route"),
    "sea": gettext_lazy("sea"),
}
# (unit, terrain) -> (max fields, clause that says so); figures from the unit descriptions.
MOVES = {
    ("infantry", "open"): (2, "dl.infantry-move"),
    ("infantry", "forest"): (1, "dl.infantry-forest-route"),
    ("infantry", "route"): (5, "dl.infantry-forest-route"),
    ("infantry", "sea"): (0, "dl.infantry-move"),
    ("armored", "open"): (3, "dl.armored-move"),
    ("armored", "route"): (5, "dl.armored-move"),
    ("armored", "forest"): (0, "dl.armored-forest"),
    ("armored", "sea"): (0, "dl.armored-move"),
    ("ship", "sea"): (5, "dl.ship-move"),
    ("ship", "open"): (0, "dl.ship-move"),
    ("ship", "forest"): (0, "dl.ship-move"),
    ("ship", "route"): (0, "dl.ship-move"),
}

MOVEMENT_INPUTS = Object(
    unit=Choice(tuple(UNIT_KINDS), labels=UNIT_KINDS, label=gettext_lazy("Unit")),
    terrain=Choice(tuple(TERRAINS), labels=TERRAINS, label=gettext_lazy("Terrain")),
)


def _movement_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("The unit may not move there.")
    return ngettext(
        "The unit may move up to %(n)s field.", "The unit may move up to %(n)s fields.", o["max_fields"]
    ) % {"n": o["max_fields"]}


@adjudicator(
    game=GAME,
    name="movement",
    title=gettext_lazy("How far may a unit move?"),
    inputs=MOVEMENT_INPUTS,
    clauses=[
        "dl.infantry-move",
        "dl.infantry-forest-route",
        "dl.armored-move",
        "dl.armored-forest",
        "dl.ship-move",
        "dl.ship-transport",
    ],
    summary=_movement_summary,
    examples=[{"unit": "infantry", "terrain": "forest"}, {"unit": "ship", "terrain": "sea"}],
)
def movement(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    fields, clause = MOVES[(i.unit, i.terrain)]
    unit, terrain = UNIT_KINDS[i.unit], TERRAINS[i.terrain]
    if fields:
        r.step(
            clause,
            ngettext(
                "Unit: %(unit)s; terrain: %(terrain)s; it moves up to %(n)s field per round.",
                "Unit: %(unit)s; terrain: %(terrain)s; it moves up to %(n)s fields per round.",
                fields,
            )
            % {"unit": unit, "n": fields, "terrain": terrain},
        )
    else:
        r.step(
            clause,
            _("Unit: %(unit)s; terrain: %(terrain)s; it cannot move there.")
            % {"unit": unit, "terrain": terrain},
        )
    if i.terrain == "sea" and i.unit != "ship":
        r.step(
            "dl.ship-transport", _("Land units cross the sea only carried by a ship, up to two at a time.")
        )
    if (i.unit, i.terrain) == ("armored", "sea"):
        r.gap(
            "dl.armored-move",
            question=_(
                "The armored unit's description does not say 'land' fields: may it move on sea fields?"
            ),
            assumed=_("No: it is a land unit, carried across the sea by ships like infantry."),
        )
    return r.result({"allowed": fields > 0, "max_fields": fields})


# =========================================================== move-and-attack

MOVE_AND_ATTACK_INPUTS = Object(
    actions=List(
        Choice(
            ("move", "attack"),
            labels={"move": gettext_lazy("move"), "attack": gettext_lazy("attack")},
        ),
        max_length=6,
        label=gettext_lazy("One unit's actions this round, in order"),
    ),
)


def _move_and_attack_summary(o: dict[str, Any]) -> str:
    if o["allowed"] is None:
        return _("The wording does not decide whether the unit may do this.")
    if o["allowed"]:
        return _("The unit may do this in one round.")
    return _("The unit may not do this in one round.")


@adjudicator(
    game=GAME,
    name="move-and-attack",
    title=gettext_lazy("May a unit move and attack in one round?"),
    inputs=MOVE_AND_ATTACK_INPUTS,
    clauses=["dl.military-stage", "dl.doubt-6", "dl.proposal-6"],
    summary=_move_and_attack_summary,
    examples=[{"actions": ["move", "attack"]}, {"actions": ["attack"]}],
)
def move_and_attack(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    moves, attacks = i.actions.count("move"), i.actions.count("attack")
    shown = _(", then ").join(i.actions) or _("nothing")
    if variant == "gniazdo":
        allowed = moves <= 1 and attacks <= 1
        r.step(
            "dl.proposal-6",
            _("One move and one attack, in any order: %(actions)s is %(verdict)s.")
            % {"actions": shown, "verdict": _("allowed") if allowed else _("not allowed")},
        )
        return r.result({"allowed": allowed})
    r.step("dl.military-stage", _("In the military stage the players move their units and attack."))
    if len(i.actions) <= 1:
        r.step("dl.military-stage", _("A single action (%(actions)s) is allowed.") % {"actions": shown})
        return r.result({"allowed": True})
    r.gap(
        "dl.doubt-6",
        question=_("The rules do not say whether one unit may %(actions)s in the same round.")
        % {"actions": shown},
        assumed=_("Undecided: the ruling gives no answer (allowed is null); the gniazdo variant decides it."),
    )
    return r.result({"allowed": None})


# ================================================================= pollution

POLLUTION_INPUTS = Object(
    districts=Int(1, 12, label=gettext_lazy("Built districts")),
    treatment_plant=Bool(default=False, label=gettext_lazy("Treatment plant built beforehand?")),
)


def _pollution_summary(o: dict[str, Any]) -> str:
    return _("Industrial pollution appears over the city.") if o["pollution"] else _("No pollution appears.")


@adjudicator(
    game=GAME,
    name="pollution",
    title=gettext_lazy("Does a city get industrial pollution?"),
    inputs=POLLUTION_INPUTS,
    clauses=["dl.pollution-appears", "dl.pollution-treatment-plant"],
    summary=_pollution_summary,
    examples=[{"districts": 8, "treatment_plant": False}, {"districts": 9, "treatment_plant": True}],
)
def pollution(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    if i.districts < 8:
        r.step(
            "dl.pollution-appears",
            _("Pollution comes only after the eighth district is built; the city has %(n)s.")
            % {"n": i.districts},
        )
        return r.result({"pollution": False})
    r.step(
        "dl.pollution-appears",
        _("The city has %(n)s built districts, so its eighth is built.") % {"n": i.districts},
    )
    if i.treatment_plant:
        r.step("dl.pollution-treatment-plant", _("A treatment plant built beforehand avoids the pollution."))
        return r.result({"pollution": False})
    r.step("dl.pollution-treatment-plant", _("No treatment plant was built beforehand."))
    r.gap(
        "dl.pollution-appears",
        question=_(
            "'In the second stage after' the eighth district: in the wind stage, or two stages later? And does "
            "a new token appear every round?"
        ),
        assumed=_(
            "The token is placed on the city's field in the wind stage (stage 2) after the eighth district "
            "is built; this ruling says only that the city gets pollution."
        ),
    )
    return r.result({"pollution": True})


# ============================================================== interception

INTERCEPTION_INPUTS = Object(
    roll=Die(label=gettext_lazy("The ship's roll")),
    kind=Choice(
        ("missile", "super"),
        labels={"missile": gettext_lazy("missile"), "super": gettext_lazy("super missile")},
        default="missile",
        label=gettext_lazy("Missile aimed at the ship"),
    ),
)


def _interception_summary(o: dict[str, Any]) -> str:
    return _("The ship shoots the missile down.") if o["shot_down"] else _("The missile gets through.")


@adjudicator(
    game=GAME,
    name="interception",
    title=gettext_lazy("Does a ship shoot down a missile?"),
    inputs=INTERCEPTION_INPUTS,
    clauses=["dl.ship-intercept", "dl.super-missile-same-rules"],
    summary=_interception_summary,
    examples=[{"roll": 5}, {"roll": 2, "kind": "super"}],
)
def interception(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    shot_down = i.roll in (5, 6)
    r.step(
        "dl.ship-intercept",
        _("The ship rolled %(roll)s: %(verdict)s (it needs 5 or 6).")
        % {"roll": i.roll, "verdict": _("shot down") if shot_down else _("not shot down")},
    )
    if i.kind == "super":
        r.step(
            "dl.super-missile-same-rules",
            _("A super missile follows the missile's rules, so a ship may shoot it down too."),
        )
        r.gap(
            "dl.ship-intercept",
            question=_("The ship's rule speaks of a missile: may a ship shoot down a super missile?"),
            assumed=_("Yes, on the same 5 or 6: the other rules of a super missile are those of a missile."),
        )
    return r.result({"shot_down": shot_down})


# ================================================================== disputes

dispute(
    game=GAME,
    key="doubt-1",
    title=gettext_lazy("One unpaid tax: does every factory stop?"),
    question=gettext_lazy(
        "The tax stage says a player who cannot pay skips the next profit stage. Doubt 1: so one missing "
        "unit stops every factory. GNIAZDO's proposal 1: only factories whose own and city tax were paid work."
    ),
    clauses=["dl.taxes-unpaid", "dl.doubt-1", "dl.proposal-1"],
    adjudicator="profit-eligibility",
    inputs={
        "all_taxes_paid": False,
        "cities": [
            {
                "id": "Capital",
                "tax_paid": True,
                "connected": True,
                "facilities": [
                    {"id": "coal mine", "tax_paid": True},
                    {"id": "robot factory", "tax_paid": False},
                ],
            }
        ],
    },
)
dispute(
    game=GAME,
    key="doubt-2",
    title=gettext_lazy("May the token limits be exceeded?"),
    question=gettext_lazy(
        "The federation's set holds 30 land route tokens. Doubt 2: may a route be longer than 30 fields? "
        "Here 31 land segments are taxed."
    ),
    clauses=["dl.federation-tokens", "dl.general-tokens", "dl.doubt-2"],
    adjudicator="tax-bill",
    inputs={"cities": [], "units": {}, "routes": {"land": 31}},
)
dispute(
    game=GAME,
    key="doubt-3",
    title=gettext_lazy("Is the first city free?"),
    question=gettext_lazy(
        "Doubt 3: the instruction does not say whether the first city and its warehouse are paid for. "
        "Table 2 does tax the first city, in its own column."
    ),
    clauses=["dl.setup-money", "dl.setup-warehouse", "dl.t1.city", "dl.doubt-3", "dl.t2.districts-1-2"],
    adjudicator="city-tax",
    inputs={"districts": 1, "first_city": True},
)
dispute(
    game=GAME,
    key="doubt-4",
    title=gettext_lazy("Do borders move after a conquest?"),
    question=gettext_lazy(
        "Troops cross borders freely, but doubt 4: nothing lets the borders change after a federation's "
        "lands are occupied. Infantry moving through open land here crosses a border."
    ),
    clauses=["dl.borders", "dl.cross-borders", "dl.doubt-4"],
    adjudicator="movement",
    inputs={"unit": "infantry", "terrain": "open"},
)
dispute(
    game=GAME,
    key="doubt-5",
    title=gettext_lazy("A broken route: which factories stop?"),
    question=gettext_lazy(
        "Doubt 5: breaking a route anywhere stops ALL factories and mines. GNIAZDO's proposal 5: only those "
        "in cities cut off from the capital stop."
    ),
    clauses=["dl.doubt-5", "dl.proposal-5", "dl.profit-from-bank"],
    adjudicator="profit-eligibility",
    inputs={
        "all_taxes_paid": True,
        "cities": [
            {
                "id": "Capital",
                "tax_paid": True,
                "connected": True,
                "facilities": [{"id": "mine", "tax_paid": True}],
            },
            {
                "id": "Outpost",
                "tax_paid": True,
                "connected": False,
                "facilities": [{"id": "power plant", "tax_paid": True}],
            },
        ],
    },
)
dispute(
    game=GAME,
    key="doubt-6",
    title=gettext_lazy("May a unit move and attack in one round?"),
    question=gettext_lazy(
        "Doubt 6: it is not known whether a unit may move and attack in the same round. GNIAZDO's proposal 6: "
        "one move and one attack, in any order."
    ),
    clauses=["dl.military-stage", "dl.doubt-6", "dl.proposal-6"],
    adjudicator="move-and-attack",
    inputs={"actions": ["move", "attack"]},
)
dispute(
    game=GAME,
    key="doubt-7",
    title=gettext_lazy("Are the units too unequal?"),
    question=gettext_lazy(
        "Doubt 7: a weaker unit almost always loses to a stronger one, and many infantry cannot beat one "
        "armored unit. The movement of an armored unit shows its edge over infantry in open land."
    ),
    clauses=["dl.combat", "dl.armored-move", "dl.doubt-7"],
    adjudicator="movement",
    inputs={"unit": "armored", "terrain": "open"},
)
dispute(
    game=GAME,
    key="doubt-8",
    title=gettext_lazy("Four missiles to raze a city?"),
    question=gettext_lazy(
        "A missile destroys every second district. Doubt 8: a twelve-district city loses 6, then 3, then "
        "'two or one', and falls only to the fourth attack; the author probably meant two."
    ),
    clauses=["dl.missile-effect", "dl.doubt-8"],
    adjudicator="missile",
    inputs={"districts": 12, "kind": "missile"},
)
dispute(
    game=GAME,
    key="missile-odd-districts",
    title=gettext_lazy("Every second district of an odd number"),
    question=gettext_lazy(
        "How many districts does a missile destroy in a city of three districts? Doubt 8 itself says "
        "'two or one'."
    ),
    clauses=["dl.missile-effect", "dl.super-missile-same-rules", "dl.doubt-8"],
    adjudicator="missile",
    inputs={"districts": 3, "kind": "missile"},
)
dispute(
    game=GAME,
    key="doubt-9",
    title=gettext_lazy("Shooting missiles down"),
    question=gettext_lazy(
        "Doubt 9: a missile may shoot down another in flight, but not whether automatically nor within what "
        "range. The abbreviated text gives only the ship's rule: a 5 or 6 shoots down a missile aimed at it."
    ),
    clauses=["dl.ship-intercept", "dl.missile-range", "dl.doubt-9"],
    adjudicator="interception",
    inputs={"roll": 5},
)
dispute(
    game=GAME,
    key="doubt-10",
    title=gettext_lazy("No field is safe from ships"),
    question=gettext_lazy(
        "Doubt 10: with a range of five fields, ships can attack every field of the board from the water."
    ),
    clauses=["dl.ship-move", "dl.attack-range", "dl.doubt-10"],
    adjudicator="movement",
    inputs={"unit": "ship", "terrain": "sea"},
)
