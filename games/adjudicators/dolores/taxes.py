"""Stage 3, the tax stage (clause section ``taxes``): adjudicators ``city-tax`` and ``tax-bill``.

The amounts are Table 1 (buildings, units, routes: dl.t1.*) and Table 2 (cities:
dl.t2.*), read from the edition's rules. Two figures come from sentences: the
robots' extra tax (dl.robots-tax, ``robot_tax_energy``) and the sizes of the
federation's token sets (dl.federation-tokens, ``token_set_*``), which doubt 2
(dl.doubt-2) asks whether a tax bill may exceed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Int, List, Object, counts, ruled_out

from .common import (
    AMOUNTS,
    BUILDING_NAMES,
    FLAGGED_BUILD_READINGS,
    MAX_DISTRICTS,
    NAMES,
    RESOURCES,
    ROUTES,
    UNITS,
    WORDS,
    add,
    adjudicator,
    district_range,
    districts_within_table,
    goods,
    ordered,
    other_readings,
    scaled,
    t1,
    t2,
    token_set,
)

# ================================================================== city-tax

CITY_TAX_INPUTS = Object(
    districts=Int(1, MAX_DISTRICTS, label=gettext_lazy("Built districts")),
    first_city=Bool(label=gettext_lazy("Is it the federation's first city?")),
    checks=[districts_within_table("districts")],
)


def city_tax_of(
    r: Reasoning, rules: Rules, districts: int, first_city: bool, *, name: str = ""
) -> dict[str, int]:
    """dl.t2.*: the row of Table 2 for the city's built districts, first-city or later column."""
    row = t2(rules, districts)
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
            "range": district_range(row),
            "column": column,
            "food": tax["food"],
            "energy": tax["energy"],
        },
    )
    return {"food": tax["food"], "energy": tax["energy"]}


def _city_tax_summary(o: dict[str, Any]) -> str:
    return _("The city pays %(food)s food and %(energy)s energy in tax.") % o


@adjudicator("city-tax", inputs=CITY_TAX_INPUTS, summary=_city_tax_summary)
def city_tax(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step("dl.taxes-due", _("Every city pays a tax in the tax stage."))
    r.step(
        "dl.table-2-intro",
        _("A city's tax depends on its number of built districts: %(n)s here.") % {"n": i.districts},
    )
    # dl.t2.header: "pierwsze miasto / następne miasta" — the first city has a column of its own.
    r.step(
        "dl.t2.header",
        _("Table 2 has a column for the first city and one for the later cities: this is %(which)s.")
        % {"which": _("the first city") if i.first_city else _("a later city")},
    )
    return r.result(city_tax_of(r, rules, i.districts, i.first_city))


# ================================================================== tax-bill

TAX_BILL_BUILDING = Object(
    kind=Choice.of(BUILDING_NAMES, label=gettext_lazy("Building")),
    robots=Int(0, 99, default=0, label=gettext_lazy("Robots installed")),
)
TAX_BILL_CITY = Object(
    districts=Int(1, MAX_DISTRICTS, label=gettext_lazy("Built districts")),
    first_city=Bool(default=False, label=gettext_lazy("First city?")),
    buildings=List(TAX_BILL_BUILDING, default=[], max_length=60, label=gettext_lazy("Buildings")),
)


def _one_first_city(i: Any) -> Iterable[tuple]:
    """dl.setup-money: each president receives "żeton miasta" — one city token, the first city
    (dl.t2.header's "pierwsze miasto" column): a federation has one first city."""
    firsts = [n for n, city in enumerate(i.cities) if city.first_city]
    for n in firsts[1:]:
        yield ruled_out(
            f"cities.{n}.first_city",
            _("A federation has only one first city."),
            "dl.setup-money",
            "dl.t2.header",
        )


TAX_BILL_INPUTS = Object(
    cities=List(TAX_BILL_CITY, default=[], max_length=50, label=gettext_lazy("Cities")),
    units=counts(
        Choice(UNITS, labels=NAMES), 999, default={}, label=gettext_lazy("Military units on the board")
    ),
    routes=counts(
        Choice.of(WORDS["routes"]), 999, default={}, label=gettext_lazy("Route segments on the board")
    ),
    checks=[_one_first_city, districts_within_table("cities.*.districts")],
)


def _over_limit(r: Reasoning, rules: Rules, i: Any, outcome: dict[str, Any]) -> None:
    """dl.doubt-2: "Nie wiadomo czy można przekroczyć określone w instrukcji limity" — taxed as
    entered; the other reading, that a set's size is a limit, has only the set's pieces on the
    board: the bill of the pieces within the sets (the first city kept, the last cities dropped)."""
    counts = {"cities": len(i.cities), **dict(i.units), **{k: i.routes.get(k, 0) for k in ROUTES}}
    over = {k: n for k, n in counts.items() if n > token_set(rules, k)}
    if not over:
        return
    cities = list(i.cities)
    if "cities" in over:
        limit = token_set(rules, "cities")
        first = [c for c in cities if c.first_city][:1]
        cities = first + [c for c in cities if not c.first_city][: limit - len(first)]
    units = {k: min(n, token_set(rules, k)) for k, n in i.units.items()}
    routes = {k: min(n, token_set(rules, k)) for k, n in i.routes.items()}
    capped = _bill(Reasoning(), rules, cities, units, routes)
    changed = {k: v for k, v in capped.items() if outcome[k] != v}
    for what, count in over.items():
        limit = token_set(rules, what)
        r.gap(
            "dl.doubt-2",
            "token-set-exceeded",
            limit=limit,
            what=_("cities") if what == "cities" else NAMES[what],
            count=count,
            readings=[
                (
                    _(
                        "The set sizes are limits: only the pieces within the sets can be on the board, and the "
                        "bill is theirs."
                    ),
                    changed,
                )
            ],
        )


def _cities_tax(r: Reasoning, rules: Rules, cities: list[Any], bill: dict[str, int]) -> None:
    """dl.table-2-intro: a city's tax is Table 2's row for its built districts."""
    if cities:
        r.step("dl.table-2-intro", _("City taxes come from Table 2, by built districts."))
    for n, city in enumerate(cities, 1):
        label = _("City %(n)s: ") % {"n": n}
        add(bill, city_tax_of(r, rules, city.districts, city.first_city, name=label))


def _building_tax(
    r: Reasoning,
    rules: Rules,
    kind: str,
    count: int,
    bill: dict[str, int],
    other: dict[str, int],
    rows: dict[str, Any] | None = None,
    readings: Any = lambda kind: (),
) -> None:
    """dl.t1.<building>: the building's tax per token on the board (N/D: none); ``rows`` puts
    another reading of a row in its place; ``readings(kind)``: a flagged row's other readings."""
    row = (rows or {}).get(kind) or t1(rules, "building", kind)
    name = BUILDING_NAMES[kind]
    if "tax" in row.get("nd", ()):
        r.step(
            row["clause"],
            _("%(count)s x %(building)s: Table 1 gives N/D (not applicable), so no tax.")
            % {"count": count, "building": name},
        )
        return
    tax = dict(row.get("tax", {}))
    extra = dict(row.get("tax_other", {}))
    add(bill, tax, count)
    add(other, extra, count)
    r.step(
        row["clause"],
        _("%(count)s x %(building)s: Table 1 gives %(each)s each, so %(total)s.")
        % {
            "count": count,
            "building": name,
            "each": goods({**extra, **tax}),
            "total": goods(scaled({**extra, **tax}, count)),
        },
    )
    if row.get("flagged") and not rows:
        # A row tables.toml flags was flattened from its cells: how they were read is a known gap
        # (with the other readings of a power plant's row: _flagged_rows).
        r.gap(row["clause"], f"{kind}-tax-cell", other=goods(extra), tax=goods(tax), readings=readings(kind))


def _robots_tax(r: Reasoning, rules: Rules, cities: list[Any], bill: dict[str, int]) -> None:
    """dl.robots-tax: "podatek za obiekt zwiększa o dwie jednostki energii elektrycznej za każdą
    zainstalowaną jednostkę robotów"; dl.robots-raise-n names only factories and mines."""
    robots = sum(b.robots for c in cities for b in c.buildings)
    per = rules.param("robot_tax_energy")
    if robots:
        add(bill, {"energy": per * robots})
        r.step(
            "dl.robots-tax",
            _("Robots installed: %(robots)s; at %(per)s energy each, the tax rises by %(energy)s energy.")
            % {"robots": robots, "per": per, "energy": per * robots},
        )
    if any(b.robots for c in cities for b in c.buildings if b.kind == "treatment-plant"):
        r.gap("dl.robots-raise-n", "robots-in-treatment-plant")


def _tokens_tax(
    r: Reasoning, rules: Rules, category: str, counts: dict[str, int], bill: dict[str, int]
) -> None:
    """dl.t1.<unit> / dl.t1.<route>: the tax per unit or segment on the board, from Table 1."""
    message = (
        _("%(units)s: Table 1 gives %(each)s each, so %(total)s.")
        if category == "unit"
        else _("%(segments)s: Table 1 gives %(each)s per segment, so %(total)s.")
    )
    for item, count in counts.items():
        if not count:
            continue
        tax = dict(t1(rules, category, item).get("tax", {}))
        add(bill, tax, count)
        said = AMOUNTS[item] % {"n": count}
        r.step(
            t1(rules, category, item)["clause"],
            message
            % {"units": said, "segments": said, "each": goods(tax), "total": goods(scaled(tax, count))},
        )


def _tax_bill_summary(o: dict[str, Any]) -> str:
    text = _("The federation's tax bill is %(bill)s.") % {"bill": goods(o["bill"])}
    if o.get("other"):
        text = _("The federation's tax bill is %(bill)s, plus %(other)s.") % {
            "bill": goods(o["bill"]),
            "other": goods(o["other"]),
        }
    return text


def _bill(
    r: Reasoning,
    rules: Rules,
    cities: list[Any],
    units: dict[str, int],
    routes: dict[str, int],
    rows: dict[str, Any] | None = None,
    readings: Any = lambda kind: (),
) -> dict[str, Any]:
    """The bill of these cities, units and route segments, each row of Table 1 as the edition
    reads it (``rows`` puts another reading of a building's row in its place; ``readings(kind)``
    gives a flagged row's gap its other readings)."""
    bill: dict[str, int] = {}
    other: dict[str, int] = {}
    r.step(
        "dl.taxes-due",
        _(
            "Tax is due for %(cities)s cities, %(buildings)s factories and other buildings, %(units)s "
            "military units and %(segments)s route segments."
        )
        % {
            "cities": len(cities),
            "buildings": sum(len(c.buildings) for c in cities),
            "units": sum(units.values()),
            "segments": sum(routes.values()),
        },
    )
    _cities_tax(r, rules, cities, bill)
    # Buildings: Table 1, one step per kind in the order first met.
    counts: dict[str, int] = {}
    for b in (b for c in cities for b in c.buildings):
        counts[b.kind] = counts.get(b.kind, 0) + 1
    if counts:
        r.step(
            "dl.taxes-table", _("Building, unit and route taxes come from Table 1, per token on the board.")
        )
    for kind, count in counts.items():
        _building_tax(r, rules, kind, count, bill, other, rows, readings)
    _robots_tax(r, rules, cities, bill)
    _tokens_tax(r, rules, "unit", dict(units), bill)
    _tokens_tax(r, rules, "route", {route: routes.get(route, 0) for route in ROUTES}, bill)
    return {"bill": ordered(bill, RESOURCES), "other": ordered(other, ())}


@adjudicator("tax-bill", inputs=TAX_BILL_INPUTS, summary=_tax_bill_summary)
def tax_bill(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    cities, units, routes = list(i.cities), dict(i.units), dict(i.routes)

    def readings(kind: str) -> list[tuple[str, dict[str, Any]]]:
        """A flagged power-plant row read otherwise (common.other_readings): the bill again."""
        if kind not in FLAGGED_BUILD_READINGS:
            return []
        mine = _bill(Reasoning(), rules, cities, units, routes)
        found = []
        for text, row in other_readings(t1(rules, "building", kind)):
            theirs = _bill(Reasoning(), rules, cities, units, routes, {kind: row})
            found.append((text, {k: v for k, v in theirs.items() if mine[k] != v}))
        return found

    outcome = _bill(r, rules, cities, units, routes, readings=readings)
    _over_limit(r, rules, i, outcome)
    return r.result(outcome)
