"""Stage 1, the investment stage (section ``investment``), and the lands a federation owns.

``investment``: what a round of trading with the bank, building and demolishing, buying route
segments, units, land and services costs and brings in, priced by Table 1's columns (dl.t1.header:
sale to the bank, buildings' demolition; purchase from the bank, buildings' construction;
dl.t1.legend: N/D, not applicable) row by row, with the bank's unbuyable fields
(dl.bank-fields) and, under ``gniazdo``, no trade while the capital is cut off from the bank
(dl.proposal-5). ``deployment``: when and where produced units, route segments and missiles come
onto the board (dl.profit-units-deploy, dl.profit-routes-deploy, dl.missile-deploy).

``territory``: whose is a field an enemy's troops occupy, GNIAZDO's doubt 4 ruled under the
wording (borders stay where they were bought: dl.borders, dl.investment-actions,
dl.cross-borders) and under the reading that moves them, side by side, with what turns on it
(the forests a wood industry may take, dl.profit-wood; where missiles may be placed,
dl.missile-deploy).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import P, Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Int, Object, Str, counts, ruled_out

from .common import (
    BUILDING_NAMES,
    FLAGGED_BUILD_READINGS,
    NAMES,
    READINGS,
    RESOURCES,
    ROUTES,
    UNITS,
    WORDS,
    add,
    adjudicator,
    goods,
    ordered,
    other_readings,
    t1,
    token_set,
)

# ================================================================= territory


def _two_federations(i: Any) -> Iterable[tuple]:
    if i.owner == i.occupier:
        yield "occupier", _("The occupier must be another federation than the owner.")
    if i.bank_field:
        # dl.bank-fields: "Dziewięć centralnych pól planszy należy do banku. Nie podlegają one wykupowi."
        yield ruled_out(
            "bank_field",
            _("A bank field cannot be bought, so no federation owns it."),
            "dl.bank-fields",
        )


TERRITORY_INPUTS = Object(
    owner=Str(1, 40, label=gettext_lazy("Federation that bought the field")),
    occupier=Str(1, 40, label=gettext_lazy("Federation whose troops occupy it")),
    bank_field=Bool(default=False, label=gettext_lazy("Is it one of the bank's central fields?")),
    checks=[_two_federations],
)


def _territory_summary(o: dict[str, Any]) -> str:
    return _("As written the field stays %(kept)s's; if borders moved it would be %(moved)s's.") % {
        "kept": o["owner"]["as-written"],
        "moved": o["owner"]["borders-move"],
    }


@adjudicator("territory", inputs=TERRITORY_INPUTS, summary=_territory_summary)
def territory(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    row = t1(rules, "terrain", "land-field")
    r.step(
        "dl.investment-actions",
        _(
            "A federation expands its territory in the investment stage, buying fields (a land field: %(price)s kokosy)."
        )
        % {"price": row["purchase"]},
    )
    r.step(
        row["clause"],
        _("Table 1: a land field costs %(price)s kokosy from the bank.") % {"price": row["purchase"]},
    )
    r.step(
        "dl.borders",
        _("%(owner)s's lands are marked by the border tokens around the fields it bought.")
        % {"owner": i.owner},
    )
    r.step(
        "dl.cross-borders",
        _("%(occupier)s's troops may cross the borders freely; no rule of the military stage moves them.")
        % {"occupier": i.occupier},
    )
    # dl.doubt-4: "Brakuje możliwości zmiany biegu granic po zajęciu terenów wrogiej federacji".
    r.gap("dl.doubt-4", "borders-after-conquest", owner=i.owner, occupier=i.occupier)
    owner = {"as-written": i.owner, "borders-move": i.occupier}
    r.step(
        "dl.doubt-4",
        _("Side by side: %(written)s, the field stays %(owner)s's; %(moved)s, it passes to %(occupier)s.")
        % {
            "written": READINGS["as-written"],
            "owner": i.owner,
            "moved": READINGS["borders-move"],
            "occupier": i.occupier,
        },
    )
    r.step(
        "dl.profit-wood",
        _("Its forests may be taken only by a wood industry of the federation the field belongs to."),
    )
    r.step(
        "dl.missile-deploy",
        _("A missile may be placed on it only by the federation it belongs to, in the investment stage."),
    )
    return r.result({"owner": owner})


# ================================================================ investment

# What can be bought from or sold to the bank, by Table 1's group (its rows' category).
TERRAIN = ("land-field", "sea-field", "farm", "forest", "city")
SERVICES = ("clear-pollution", "extinguish-fire", "neutralise-radioactive-cloud")
GOODS_NAMES = {**NAMES, **WORDS["purchases"]}
CATEGORY = {
    **dict.fromkeys(RESOURCES, "resource"),
    **dict.fromkeys(UNITS, "unit"),
    **dict.fromkeys(ROUTES, "route"),
    **dict.fromkeys(TERRAIN, "terrain"),
    **dict.fromkeys(SERVICES, "service"),
}
TRADED = (*RESOURCES, *UNITS, *ROUTES, *TERRAIN, *SERVICES)
# What a federation's token set counts (dl.federation-tokens), by what the investment buys.
SET_PIECES = ("city", *ROUTES, *UNITS)
SET_NAMES = {**NAMES, "city": WORDS["purchases"]["city"]}


def _bank_fields_bought(i: Any) -> Iterable[tuple[str, str]]:
    fields = i.buy.get("land-field", 0) + i.buy.get("sea-field", 0)
    if i.bank_fields > fields:
        yield "bank_fields", _("More bank fields than fields bought (%(n)s).") % {"n": fields}


INVESTMENT_INPUTS = Object(
    kokosy=Int(0, 1_000_000, label=gettext_lazy("Kokosy before the investments")),
    buy=counts(
        Choice(TRADED, labels=GOODS_NAMES), 9999, default={}, label=gettext_lazy("Bought from the bank")
    ),
    sell=counts(Choice(TRADED, labels=GOODS_NAMES), 9999, default={}, label=gettext_lazy("Sold to the bank")),
    build=counts(Choice.of(BUILDING_NAMES), 999, default={}, label=gettext_lazy("Buildings built")),
    demolish=counts(Choice.of(BUILDING_NAMES), 999, default={}, label=gettext_lazy("Buildings demolished")),
    # dl.bank-fields: "Dziewięć centralnych pól planszy należy do banku" — there are no more.
    bank_fields=Int(
        0, P("bank_fields"), default=0, label=gettext_lazy("Of the fields bought, how many are bank fields")
    ),
    held=counts(
        Choice(SET_PIECES, labels=SET_NAMES),
        999,
        default={},
        label=gettext_lazy("Cities, route segments and units the federation has already"),
    ),
    capital_cut_off=Bool(default=False, label=gettext_lazy("Is the capital cut off from the bank?")),
    checks=[_bank_fields_bought],
)

# Table 1's columns, as dl.t1.header names them, for each side of a transaction.
COLUMNS = {"buy": "purchase", "sell": "sale", "build": "purchase", "demolish": "sale"}


def _investment_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed as entered: refused %(refused)s; cost %(cost)s, income %(income)s kokosy.") % {
            "refused": ", ".join(str(GOODS_NAMES.get(k, BUILDING_NAMES.get(k, k))) for k in o["refused"])
            or _("nothing"),
            "cost": o["cost"],
            "income": o["income"],
        }
    return _("Cost %(cost)s, income %(income)s: %(after)s kokosy left.") % {
        "cost": o["cost"],
        "income": o["income"],
        "after": o["kokosy_after"],
    }


def _price(
    r: Reasoning,
    rules: Rules,
    side: str,
    item: str,
    count: int,
    refused: list[str],
    rows: dict[str, Any] | None = None,
) -> int:
    """One line of Table 1 (dl.t1.<item>): the column of ``side`` times ``count``; N/D refuses it.
    ``rows`` replaces a building's row by another reading of it."""
    building = side in ("build", "demolish")
    row = (rows or {}).get(item) if building else None
    row = row or t1(rules, "building" if building else CATEGORY[item], item)
    column = COLUMNS[side]
    name = BUILDING_NAMES[item] if side in ("build", "demolish") else GOODS_NAMES[item]
    if column in row.get("nd", ()):
        refused.append(item)
        r.step(
            row["clause"],
            _("%(count)s x %(item)s: Table 1 gives N/D in this column, so it cannot be done.")
            % {"count": count, "item": name},
        )
        return 0
    each = row[column]
    extra = row.get("purchase_goods", {}) if side == "build" else {}
    if extra:
        r.step(
            row["clause"],
            _("%(count)s x %(item)s at %(each)s kokosy and %(goods)s each: %(total)s kokosy.")
            % {"count": count, "item": name, "each": each, "goods": goods(extra), "total": each * count},
        )
    else:
        r.step(
            row["clause"],
            _("%(count)s x %(item)s at %(each)s kokosy: %(total)s.")
            % {"count": count, "item": name, "each": each, "total": each * count},
        )
    return each * count


def _bank_trade_cut_off(r: Reasoning, i: Any, variant: str, refused: list[str]) -> set[str]:
    """dl.proposal-5: "federacja nie może handlować z bankiem jeżeli jej stolica nie ma z nim
    połączenia" (gniazdo); the original text has no such rule."""
    if variant != "gniazdo" or not i.capital_cut_off:
        return set()
    traded = {
        k
        for side in (i.buy, i.sell)
        for k, n in side.items()
        if n and CATEGORY[k] in ("resource", "unit", "route")
    }
    r.step(
        "dl.proposal-5",
        _(
            "The capital has no connection to the bank, so the federation may not trade with it: %(items)s refused."
        )
        % {"items": ", ".join(str(GOODS_NAMES[k]) for k in sorted(traded)) or _("nothing")},
    )
    r.gap("dl.proposal-5", "trade-scope")
    refused.extend(sorted(traded))
    return traded


def _invest(
    r: Reasoning, i: Any, variant: str, rules: Rules, rows: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The investments' outcome, each line priced by its row of Table 1 (``rows`` puts another
    reading of a building's row in its place)."""
    r.step(
        "dl.investment-actions",
        _("In the investment stage a federation trades, builds, lays routes and buys territory."),
    )
    r.step("dl.investment-any-number", _("It may perform any number of these actions, in any order."))
    r.step(
        "dl.t1.header",
        _(
            "Table 1's columns: sale to the bank (buildings: demolition), purchase from the bank (buildings: construction)."
        ),
    )
    refused: list[str] = []
    blocked = _bank_trade_cut_off(r, i, variant, refused)
    cost = income = 0
    needed: dict[str, int] = {}
    # dl.bank-fields: the bank fields among those bought are refused, not priced (land first).
    unbought = {"land-field": min(i.bank_fields, i.buy.get("land-field", 0))}
    unbought["sea-field"] = i.bank_fields - unbought["land-field"]
    for side in ("buy", "sell", "build", "demolish"):
        for item, count in getattr(i, side).items():
            if side == "buy" and item in unbought:
                count -= unbought[item]
            if not count or item in blocked:
                continue
            amount = _price(r, rules, side, item, count, refused, rows)
            if side == "sell":
                income += amount
            else:
                cost += amount
            if side == "build":
                row = (rows or {}).get(item) or t1(rules, "building", item)
                add(needed, row.get("purchase_goods", {}), count)
            if side == "demolish" and amount:
                # dl.table-1-intro: "w przypadku budynków: kosztów wyburzenia i budowy".
                r.step(
                    "dl.table-1-intro",
                    _(
                        "For a building the sale column is the cost of its demolition: the federation pays it."
                    ),
                )
                r.gap("dl.t1.header", "demolition-paid")
            if side == "sell" and item in ROUTES:
                r.gap("dl.doubt-5", "route-demolition")
    if set(refused) - blocked:
        r.step("dl.t1.legend", _("N/D means not applicable: what it marks cannot be bought or sold."))
    if i.bank_fields:
        # dl.bank-fields: "Dziewięć centralnych pól planszy należy do banku. Nie podlegają one wykupowi."
        refused.append("bank-field")
        r.step(
            "dl.bank-fields",
            _("The bank's central fields cannot be bought: %(n)s of the fields bought are refused.")
            % {"n": i.bank_fields},
        )
    after = i.kokosy + income - cost
    r.step(
        "dl.prices-in-kokosy",
        _("In kokosy: %(kokosy)s + %(income)s - %(cost)s = %(after)s, selling before buying.")
        % {"kokosy": i.kokosy, "income": income, "cost": cost, "after": after},
    )
    return {
        "cost": cost,
        "income": income,
        "kokosy_after": after,
        "goods_needed": ordered(needed, RESOURCES),
        "refused": refused,
        "allowed": not refused and after >= 0,
    }


def _past_the_sets(r: Reasoning, rules: Rules, i: Any, outcome: dict[str, Any]) -> None:
    """dl.doubt-2: "Nie wiadomo czy można przekroczyć określone w instrukcji limity. Czy można na
    przykład budować szlaki komunikacyjne dłuższe niż 30 pól?" — where what the federation has and
    buys passes its token set (dl.federation-tokens), the other reading refuses what passes it."""
    over = []
    for piece in SET_PIECES:
        total = i.held.get(piece, 0) + i.buy.get(piece, 0)
        limit = token_set(rules, "cities" if piece == "city" else piece)
        if i.buy.get(piece, 0) and total > limit:
            over.append(piece)
            r.gap(
                "dl.doubt-2",
                "token-set-bought",
                limit=limit,
                what=SET_NAMES[piece],
                count=total,
                readings=[
                    (
                        _(
                            "The set sizes are limits: no more than %(limit)s can be had, so this purchase is refused."
                        )
                        % {"limit": limit},
                        {"refused": [*outcome["refused"], *over], "allowed": False},
                    )
                ],
            )


def _flagged_rows(r: Reasoning, i: Any, variant: str, rules: Rules, outcome: dict[str, Any]) -> None:
    """A building's row of Table 1 that the corpus flags as ambiguous (the power plants:
    tables.toml ``flagged``, with the ``reading`` it took): the ruling says so, and gives the
    outcome under each other reading the flattened row allows, by pricing the round again."""
    for item in dict.fromkeys(k for side in ("build", "demolish") for k, n in getattr(i, side).items() if n):
        row = t1(rules, "building", item)
        if not row.get("flagged") or item not in FLAGGED_BUILD_READINGS:
            continue
        readings = []
        for text, other in other_readings(row):
            changed = _invest(Reasoning(), i, variant, rules, {item: other})
            readings.append((text, {k: v for k, v in changed.items() if outcome[k] != v}))
        r.gap(row["clause"], f"{item}-cells", readings=readings)


@adjudicator("investment", inputs=INVESTMENT_INPUTS, summary=_investment_summary)
def investment(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    outcome = _invest(r, i, variant, rules)
    _flagged_rows(r, i, variant, rules, outcome)
    _past_the_sets(r, rules, i, outcome)
    return r.result(outcome)


# ================================================================ deployment

PIECES = WORDS["pieces"]
STAGES = WORDS["stages"]
LAUNCH_FIELDS = WORDS["launch-fields"]


def _produced_before(i: Any) -> Iterable[tuple]:
    """dl.rounds and dl.stage-order: the rounds follow one another, and in each the profit stage is
    the fourth of five — a piece is made in a profit stage already played."""
    if i.produced_round > i.round:
        yield ruled_out(
            "produced_round",
            _("A piece cannot have been produced in a later round."),
            "dl.rounds",
        )
    stages = list(STAGES)
    if i.produced_round == i.round and stages.index(i.stage) <= stages.index("taxes"):
        yield ruled_out(
            "produced_round",
            _(
                "The profit stage of round %(n)s comes after its %(stage)s stage: nothing was produced in it yet."
            )
            % {"n": i.round, "stage": STAGES[i.stage]},
            "dl.rounds",
            "dl.stage-order",
        )


DEPLOYMENT_INPUTS = Object(
    piece=Choice.of(PIECES, label=gettext_lazy("Piece produced")),
    produced_round=Int(1, 999, label=gettext_lazy("Round of the profit stage that produced it")),
    round=Int(1, 999, label=gettext_lazy("Round now")),
    stage=Choice.of(STAGES, default="investment", label=gettext_lazy("Stage now")),
    field=Choice.of(LAUNCH_FIELDS, default="own-empty-land", label=gettext_lazy("The field (launchers)")),
    checks=[_produced_before],
)


def _deployment_summary(o: dict[str, Any]) -> str:
    if o["allowed"]:
        return _("The piece may be placed now.")
    return _("Not now: at the earliest in the investment stage of round %(n)s, where the rules allow.") % {
        "n": o["earliest_round"]
    }


@adjudicator("deployment", inputs=DEPLOYMENT_INPUTS, summary=_deployment_summary)
def deployment(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    # The profit stage is the fourth of the round: what it makes meets the next round's
    # investment stage first.
    earliest = i.produced_round + 1
    if i.piece in ("land", "sea"):
        r.step(
            "dl.profit-routes-deploy",
            _(
                "Route segments produced may be placed at the earliest in the next round, in the investment phase: round %(n)s."
            )
            % {"n": earliest},
        )
    else:
        r.step(
            "dl.profit-units-deploy",
            _("Military units come onto the board only in the next investment stage: round %(n)s.")
            % {"n": earliest},
        )
    in_time = i.stage == "investment" and i.round >= earliest
    r.step(
        "dl.investment-actions",
        _("Now: round %(round)s, %(stage)s stage: %(verdict)s.")
        % {
            "round": i.round,
            "stage": STAGES[i.stage],
            "verdict": _("in time") if in_time else _("not yet, or not in an investment stage"),
        },
    )
    field_ok = True
    if i.piece in ("missile_launchers", "super_missile_launchers"):
        # dl.missile-deploy: "na dowolnym należącym do niego polu lądowym, na którym nie leży żaden
        # inny żeton"; dl.super-missile-same-rules: the super missile's the same.
        field_ok = i.field == "own-empty-land"
        r.step(
            "dl.missile-deploy",
            _(
                "A launcher goes on any land field of the federation's own with no other token on it; this "
                "one is %(field)s: %(verdict)s."
            )
            % {
                "field": LAUNCH_FIELDS[i.field],
                "verdict": _("it qualifies") if field_ok else _("it does not"),
            },
        )
        if i.piece == "super_missile_launchers":
            r.step(
                "dl.super-missile-same-rules", _("A super missile launcher is placed by the missile's rules.")
            )
    elif i.piece in ("land", "sea"):
        r.gap("dl.profit-routes-deploy", "where-laid")
    else:
        r.gap("dl.profit-units-deploy", "where-placed")
    return r.result({"allowed": in_time and field_ok, "earliest_round": earliest})
