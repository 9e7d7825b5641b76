"""Stage 4, the profit stage (clause section ``profit``): ``profit-eligibility`` and ``profit``.

``profit-eligibility`` decides which facilities produce: dl.taxes-unpaid (original)
or GNIAZDO's proposals 1 and 5 (variant ``gniazdo``), with doubt 5 for a broken
route. ``profit`` computes what they yield: N from the roll (dl.profit-roll), cut
by pollution (dl.pollution-reduces-n, section ``disasters``) and raised by robots
(dl.robots-raise-n, section ``robots``), times each facility's yield
(dl.profit-farm … dl.profit-other-factories).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Bool, Choice, Die, Int, List, Object, Str, ruled_out

from .common import (
    BUILDING_NAMES,
    MINERALS,
    NAMES,
    RESOURCE_MAP,
    YIELD_ORDER,
    add,
    adjudicator,
    field_resources,
    goods,
    ordered,
)

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


def _paid_flags_agree(i: Any) -> Iterable[tuple]:
    """dl.taxes-due: "Gracze płacą do banku podatek za każde miasto, fabrykę, jednostkę wojskową i
    odcinek szlaków" — all the taxes are every one of these, so none of them is unpaid."""
    if not i.all_taxes_paid:
        return
    unpaid = [c.id for c in i.cities if not c.tax_paid]
    unpaid += [f.id for c in i.cities for f in c.facilities if not f.tax_paid]
    if unpaid:
        yield ruled_out(
            "all_taxes_paid",
            _("All taxes cannot be paid while these taxes are unpaid: %(ids)s.") % {"ids": ", ".join(unpaid)},
            "dl.taxes-due",
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
        # "Partial" with no producer would contradict itself: say what happens instead.
        return _("The profit stage is held, but no facility may produce in it.")
    # Only the GNIAZDO proposals make a phase partial with producers left.
    return _("Only paid factories in paid, connected cities produce: %(ids)s.") % {
        "ids": ", ".join(o["producing"])
    }


def _eligibility_original(r: Reasoning, i: Any, every: list[str]) -> Result:
    """dl.taxes-unpaid: an unpaid tax skips the next profit stage; dl.doubt-5: a broken route
    anywhere stops ALL factories and mines."""
    if not i.all_taxes_paid:
        r.step(
            "dl.taxes-unpaid",
            _("Not every tax was paid, so the player skips the next profit stage: no facility produces."),
        )
        return r.result({"profit_phase": "skipped", "producing": []})
    r.step("dl.taxes-unpaid", _("Every tax was paid, so the player takes part in the profit stage."))
    cut_off = [c.id for c in i.cities if not c.connected]
    if not cut_off:
        r.step("dl.profit-from-bank", _("Every city is connected to the capital, where the products go."))
        return r.result({"profit_phase": "full", "producing": every})
    r.step(
        "dl.doubt-5",
        _(
            "%(cities)s has no connection to the capital: a broken route stops ALL factories and mines, "
            "so no facility produces."
        )
        % {"cities": ", ".join(cut_off)},
    )
    # The other reading: GNIAZDO's proposal 5, only the facilities of the cities cut off stop.
    connected = [f.id for c in i.cities if c.connected for f in c.facilities]
    r.gap(
        "dl.doubt-5",
        "broken-route",
        readings=[
            (
                _(
                    "Only the factories and mines of the cities cut off from the capital stop (GNIAZDO's proposal 5)."
                ),
                {"producing": connected},
            )
        ],
    )
    return r.result({"profit_phase": "partial", "producing": []})


def _proposal_1(r: Reasoning, i: Any) -> None:
    """dl.proposal-1: only factories whose own tax and whose city's tax were paid work."""
    unpaid_cities = [c.id for c in i.cities if not c.tax_paid]
    unpaid_facilities = [f.id for c in i.cities for f in c.facilities if not f.tax_paid]
    if unpaid_cities or unpaid_facilities:
        r.step(
            "dl.proposal-1",
            _(
                "Only factories whose own tax and whose city's tax were paid work. Unpaid: cities "
                "%(cities)s; facilities %(facilities)s."
            )
            % {"cities": names(unpaid_cities), "facilities": names(unpaid_facilities)},
        )
        return
    r.step("dl.proposal-1", _("Every city and facility tax was paid, so no facility is stopped for tax."))
    if not i.all_taxes_paid:
        r.gap("dl.proposal-1", "unpaid-unit-or-route-tax")


def _proposal_5(r: Reasoning, i: Any) -> None:
    """dl.proposal-5: no profit from factories and mines in cities cut off from the capital."""
    cut_off = [c.id for c in i.cities if not c.connected]
    if cut_off:
        r.step(
            "dl.proposal-5",
            _("No profit from factories and mines in cities cut off from the capital: %(cities)s.")
            % {"cities": ", ".join(cut_off)},
        )
    else:
        r.step("dl.proposal-5", _("Every city is connected to the capital."))


@adjudicator("profit-eligibility", inputs=PROFIT_ELIGIBILITY_INPUTS, summary=_eligibility_summary)
def profit_eligibility(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    every = [f.id for c in i.cities for f in c.facilities]
    if variant != "gniazdo":
        return _eligibility_original(r, i, every)
    _proposal_1(r, i)
    _proposal_5(r, i)
    producing = [f.id for c in i.cities if c.tax_paid and c.connected for f in c.facilities if f.tax_paid]
    # The phase is full only where nothing is stopped: a city unpaid or cut off makes it partial even
    # with no facility listed in it (issue 36: "every facility produces" beside "Unpaid: cities Port").
    stopped = any(not c.tax_paid or not c.connected for c in i.cities)
    phase = "full" if producing == every and not stopped else "partial"
    return r.result({"profit_phase": phase, "producing": producing})


# ==================================================================== profit

PROFIT_FACILITY = Object(
    id=Str(1, 40, label=gettext_lazy("Facility")),
    kind=Choice.of(BUILDING_NAMES, label=gettext_lazy("Building")),
    robots=Int(0, 99, default=0, label=gettext_lazy("Robots installed")),
    resource=Choice(
        MINERALS,
        labels=NAMES,
        default=None,
        nullable=True,
        label=gettext_lazy("Resource (mines only)"),
    ),
    field=Int(
        1,
        len(RESOURCE_MAP),
        default=None,
        nullable=True,
        label=gettext_lazy("Resource field of the board it stands on (1-18; mines only)"),
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
        if f.kind == "mine" and f.field is not None and f.resource is not None:
            clause, found = field_resources(f.field)
            if f.resource not in found:
                # dl.resource-fields: "Na białych polach (lądowych) znajdują się następujące surowce" —
                # a mine extracts "danego surowca" (dl.profit-mines), one its field has.
                yield ruled_out(
                    f"facilities.{n}.resource",
                    _("Resource field %(k)s has %(found)s; there is no %(what)s on it to extract.")
                    % {"k": f.field, "found": names(str(NAMES[x]) for x in found), "what": NAMES[f.resource]},
                    clause,
                    "dl.resource-fields",
                    "dl.profit-mines",
                )


PROFIT_INPUTS = Object(
    roll=Die(label=gettext_lazy("Profit roll (N)")),
    pollution_clouds=Int(0, 999, default=0, label=gettext_lazy("Pollution clouds over your cities")),
    farms=Int(0, 999, default=0, label=gettext_lazy("Farm fields")),
    forests=Int(0, 9999, default=0, label=gettext_lazy("Forest tokens on your lands")),
    facilities=List(PROFIT_FACILITY, default=[], max_length=200, label=gettext_lazy("Producing facilities")),
    checks=[_profit_checks],
)

# dl.profit-other-factories: "Pozostałe fabryki (wojskowe, komunikacji, robotów) produkują po N
# jednostek produktów" — what each makes with its N. The food industry is named nowhere in
# the profit stage: its product (food) is a gap.
PRODUCTS = {
    "land-transport-industry": "land",
    "sea-transport-industry": "sea",
    "robot-factory": "robots",
    "arms-infantry": "infantry",
    "arms-armored": "armored",
    "arms-ships": "ships",
    "arms-missiles": "missile_launchers",
    "arms-super-missiles": "super_missile_launchers",
    "food-industry": "food",
}


def _federation_n(r: Reasoning, rules: Rules, roll: int, clouds: int) -> tuple[int, int]:
    """dl.profit-roll: the roll is N; dl.pollution-reduces-n: "liczba N … zostaje zmniejszona o
    jeden" per cloud over a city, "wynik ujemny traktuje się jak zero". Returns (unfloored, N)."""
    cut = rules.param("pollution_n_penalty") * clouds
    raw = roll - cut
    r.step("dl.profit-roll", _("The federation rolls %(roll)s for N.") % {"roll": roll})
    if clouds:
        r.step(
            "dl.pollution-reduces-n",
            _(
                "Pollution clouds over the federation's cities: %(clouds)s, taking %(cut)s off, so "
                "N = %(roll)s - %(cut)s = %(n)s%(floor)s."
            )
            % {
                "clouds": clouds,
                "cut": cut,
                "roll": roll,
                "n": raw,
                "floor": _(", which counts as 0") if raw < 0 else "",
            },
        )
    return raw, max(0, raw)


def _farms(r: Reasoning, farms: int, n: int, yields: dict[str, int]) -> None:
    """dl.profit-farm: a farm field yields N food and its token is removed."""
    if not farms:
        return
    food = farms * n
    add(yields, {"food": food})
    r.step(
        "dl.profit-farm",
        _("Farm fields: %(farms)s, each yielding %(n)s food (%(food)s food); their tokens are removed.")
        % {"farms": farms, "n": n, "food": food},
    )
    if n == 0:
        r.gap("dl.profit-farm", "farm-yields-nothing")


class _Reasoning(Reasoning):
    """Reasoning that notes which of the per-facility gaps it has recorded: a body may list
    200 facilities, and translating the same gap's texts for each one would cost more than
    the rest of the ruling (bench/max_bounds.py)."""

    def __init__(self) -> None:
        super().__init__()
        self._noted: set[str] = set()

    def first(self, key: str) -> bool:
        """Whether ``key`` comes up for the first time (and note it)."""
        if key in self._noted:
            return False
        self._noted.add(key)
        return True


def _facility_n(r: _Reasoning, rules: Rules, f: Any, n: int, raw: int) -> int:
    """dl.robots-raise-n: "Za każdą zainstalowaną … jednostkę robotów liczba N dla tego obiektu
    zwiększa się o jeden"."""
    if not f.robots:
        return n
    nf = n + rules.param("robot_n_bonus") * f.robots
    r.step(
        "dl.robots-raise-n",
        _("%(id)s: robots installed: %(robots)s, so its N rises from %(n)s to %(nf)s.")
        % {"id": f.id, "robots": f.robots, "n": n, "nf": nf},
    )
    if raw < 0 and r.first("robots-after-floor"):
        r.gap("dl.robots-raise-n", "robots-after-floor")
    return nf


def _wood(r: Reasoning, rules: Rules, f: Any, nf: int, forests_left: int) -> tuple[dict[str, int], int]:
    """dl.profit-wood: remove N forest tokens; "Jeden zdjęty żeton daje 3 jednostki drewna".
    Returns what it made and the tokens taken."""
    per = rules.param("wood_per_forest")
    taken = min(nf, forests_left)
    r.step(
        "dl.profit-wood",
        _("%(id)s (wood industry) removes %(taken)s forest tokens for %(per)s wood each: %(wood)s wood.")
        % {"id": f.id, "taken": taken, "per": per, "wood": per * taken},
    )
    return {"wood": per * taken}, taken


def _treatment_plant(r: _Reasoning, f: Any) -> dict[str, int]:
    """dl.pollution-treatment-plant: its task is to keep pollution away; no profit clause names it."""
    r.step(
        "dl.pollution-treatment-plant",
        _("%(id)s (treatment plant) keeps pollution away; it produces nothing.") % {"id": f.id},
    )
    if r.first("treatment-plant"):
        r.gap("dl.profit-other-factories", "treatment-plant-yield")
    return {}


def _power_plant(r: Reasoning, rules: Rules, f: Any, nf: int) -> dict[str, int]:
    """dl.profit-power: "Elektrownia konwencjonalna generuje 10 razy N jednostek energii
    elektrycznej, natomiast atomowa 30 razy N"; dl.robots-example: "10 razy (N+2)"."""
    conventional = f.kind == "conventional-power-plant"
    per = rules.param("conventional_energy_per_n") if conventional else rules.param("nuclear_energy_per_n")
    made = {"energy": per * nf}
    r.step(
        "dl.profit-power",
        _("%(id)s (%(building)s) produces %(made)s.")
        % {"id": f.id, "building": BUILDING_NAMES[f.kind], "made": goods(made)},
    )
    if conventional and f.robots:
        r.step(
            "dl.robots-example",
            _("As in the example: %(per)s x (N + %(robots)s) energy.") % {"per": per, "robots": f.robots},
        )
    return made


def _factory(r: _Reasoning, f: Any, nf: int) -> dict[str, int]:
    """dl.profit-other-factories: the other factories produce N units of their products each."""
    made = {PRODUCTS[f.kind]: nf}
    r.step(
        "dl.profit-other-factories",
        _("%(id)s (%(building)s) produces %(made)s.")
        % {"id": f.id, "building": BUILDING_NAMES[f.kind], "made": goods(made)},
    )
    if f.kind == "food-industry" and r.first("food-industry"):
        r.gap("dl.profit-other-factories", "food-industry-yield")
    return made


def _facility_yield(r: _Reasoning, rules: Rules, f: Any, nf: int) -> dict[str, int]:
    """What one facility other than a wood industry makes with its N (dl.profit-*)."""
    if f.kind == "mine":
        if f.field is not None:
            # dl.resource-fields and dl.resource-field-<k>: what the board's resource field holds.
            clause, found = field_resources(f.field)
            r.step(
                clause,
                _("%(id)s stands on resource field %(k)s, which has %(found)s.")
                % {"id": f.id, "k": f.field, "found": names(str(NAMES[x]) for x in found)},
            )
        # dl.profit-mines: "Kopalnie wydobywają N jednostek danego surowca."
        r.step(
            "dl.profit-mines",
            _("%(id)s (mine) extracts %(n)s %(what)s.") % {"id": f.id, "n": nf, "what": NAMES[f.resource]},
        )
        return {f.resource: nf}
    if f.kind == "treatment-plant":
        return _treatment_plant(r, f)
    if f.kind in ("conventional-power-plant", "nuclear-power-plant"):
        return _power_plant(r, rules, f, nf)
    return _factory(r, f, nf)


def _profit_summary(o: dict[str, Any]) -> str:
    return _("N is %(n)s; the profit stage yields %(yields)s.") % {"n": o["n"], "yields": goods(o["yields"])}


@adjudicator("profit", inputs=PROFIT_INPUTS, summary=_profit_summary)
def profit(i: Any, *, variant: str, rules: Rules) -> Result:
    r = _Reasoning()
    raw, n = _federation_n(r, rules, i.roll, i.pollution_clouds)
    yields: dict[str, int] = {}
    _farms(r, i.farms, n, yields)
    forests_left, entitled, details = i.forests, 0, []
    for f in i.facilities:
        nf = _facility_n(r, rules, f, n, raw)
        if f.kind == "wood-industry":
            entitled += nf
            made, taken = _wood(r, rules, f, nf, forests_left)
            forests_left -= taken
        else:
            made = _facility_yield(r, rules, f, nf)
        add(yields, made)
        details.append({"id": f.id, "n": nf, "yields": ordered(made, YIELD_ORDER)})
    if entitled > i.forests:
        r.gap("dl.profit-wood", "too-few-forests", entitled=entitled, forests=i.forests)
    return r.result(
        {
            "n": n,
            "yields": ordered(yields, YIELD_ORDER),
            "farms_removed": i.farms,
            "forests_removed": i.forests - forests_left,
            "facilities": details,
        }
    )
