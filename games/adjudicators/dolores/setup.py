"""Setup, the course of play and the end (sections ``setup``, ``sequence``, ``intro``):
``first-city``, GNIAZDO's doubt 3 ruled under both readings; ``stage-order``, who acts next
and when the next stage and round begin (dl.setup-order, dl.rounds, dl.stage-order);
``game-end``, whether the game is over (dl.game-end, dl.bank-fields); ``setup-forests``, the
bank, the first cities' fields and where the forest tokens go at setup on a board the referee
gives (dl.bank-fields, dl.starting-routes, dl.setup-forests).

The setup hands each president money and a first city with a warehouse (dl.setup-money,
dl.setup-warehouse) without saying whether the city is paid for; Table 1 prices a city
(dl.t1.city). Doubt 3 (dl.doubt-3) asks which: the ruling gives the money left under each
reading, side by side, and reports the gap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import P, Reasoning, Result, Rules, unique_names
from games.engine.declare import Choice, Int, List, Object, Str, ruled_out
from games.engine.rules import active as rules_in_force

from .common import READINGS, WORDS, adjudicator, board_size, field_list, on_board, say_fields, t1

# ================================================================ first-city

FIRST_CITY_INPUTS = Object(
    spend=Int(
        0,
        100_000,
        default=0,
        label=gettext_lazy("Kokosy the federation wants to spend in its first investment stage"),
    ),
)


def _first_city_summary(o: dict[str, Any]) -> str:
    return _("Money after setup: %(free)s kokosy if the first city is free, %(paid)s if it is paid for.") % {
        "free": o["kokosy"]["free"],
        "paid": o["kokosy"]["paid"],
    }


@adjudicator("first-city", inputs=FIRST_CITY_INPUTS, summary=_first_city_summary)
def first_city(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    money = rules.param("setup_kokosy")
    r.step(
        "dl.setup-money",
        _("Each president receives %(money)s kokosy and a city token, placed on its designated field.")
        % {"money": money},
    )
    r.step(
        "dl.setup-warehouse",
        _("The federation has a warehouse in the first district of its first city, written in its journal."),
    )
    # dl.journals: "Rejestracja odbywa się na kartkach papieru, które są widoczne dla pozostałych
    # uczestników" — a journal is open information: any player may read another's.
    r.step(
        "dl.journals",
        _(
            "Each player keeps a journal of the money held, the buildings of each city and the balance of taxes "
            "and profits; it is open: the other players may see it."
        ),
    )
    row = t1(rules, "terrain", "city")
    price = row["purchase"]
    r.step(
        row["clause"],
        _(
            "In Table 1, a city bought from the bank costs %(price)s kokosy; the table has no row for a warehouse."
        )
        % {"price": price},
    )
    r.step("dl.prices-in-kokosy", _("Every price is in kokosy, the money the presidents receive."))
    # dl.doubt-3: "Instrukcja nie precyzuje, czy uczestnicy są zwolnieni z opłaty za pierwsze miasto".
    r.gap("dl.doubt-3", "first-city-paid", price=price, money=money)
    kokosy = {"free": money, "paid": money - price}
    r.step(
        "dl.doubt-3",
        _(
            "Both readings side by side: %(free_name)s, %(free)s kokosy left; %(paid_name)s, %(paid)s "
            "kokosy left; the warehouse has no price under either."
        )
        % {
            "free_name": READINGS["free"],
            "free": kokosy["free"],
            "paid_name": READINGS["paid"],
            "paid": kokosy["paid"],
        },
    )
    return r.result({"kokosy": kokosy, "affordable": {k: i.spend <= v for k, v in kokosy.items()}})


# ================================================================== game-end


def _owned_on_board(i: Any) -> Iterable[tuple]:
    """dl.bank-fields: "Dziewięć centralnych pól planszy należy do banku. Nie podlegają one
    wykupowi." — no federation owns a bank field, so together they own at most the rest."""
    bank = rules_in_force().param("bank_fields")
    buyable = i.board_fields - bank
    for n, p in enumerate(i.players):
        if p.fields_owned > buyable:
            yield ruled_out(
                f"players.{n}.fields_owned",
                _("%(name)s owns %(owned)s fields; only %(buyable)s of the %(fields)s can be bought.")
                % {"name": p.name, "owned": p.fields_owned, "buyable": buyable, "fields": i.board_fields},
                "dl.bank-fields",
            )
    owned = sum(p.fields_owned for p in i.players)
    if owned > buyable >= max(p.fields_owned for p in i.players):
        yield ruled_out(
            "players",
            _(
                "The federations own %(owned)s fields together; only %(buyable)s of the %(fields)s can be bought."
            )
            % {"owned": owned, "buyable": buyable, "fields": i.board_fields},
            "dl.bank-fields",
        )


GAME_END_INPUTS = Object(
    board_fields=Int(10, 10_000, label=gettext_lazy("Fields on the board, the bank's included")),
    players=List(
        Object(
            name=Str(1, 40, label=gettext_lazy("Federation")),
            fields_owned=Int(0, 10_000, default=0, label=gettext_lazy("Fields it owns")),
            cities=Int(0, 99, default=0, label=gettext_lazy("Cities")),
            units=Int(0, 999, default=0, label=gettext_lazy("Military units")),
        ),
        min_length=2,
        # dl.starting-routes: one starting route and first city for each federation's colour.
        max_length=P("federations"),
        label=gettext_lazy("Federations"),
    ),
    checks=[unique_names("players"), _owned_on_board],
)


def _game_end_summary(o: dict[str, Any]) -> str:
    return _("Over by territory: %(t)s; over by rivals removed: %(r)s.") % {
        "t": o["winner"]["territory"] or _("no"),
        "r": o["winner"]["rivals-removed"] or _("no"),
    }


@adjudicator("game-end", inputs=GAME_END_INPUTS, summary=_game_end_summary)
def game_end(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    bank = rules.param("bank_fields")
    r.step(
        "dl.game-end",
        _("The game ends when one side takes control of the territory of the whole planet."),
    )
    r.gap("dl.game-end", "whole-planet", bank=bank)
    buyable = i.board_fields - bank
    r.step(
        "dl.bank-fields",
        _(
            "The bank's %(bank)s central fields cannot be bought: %(buyable)s of the %(fields)s fields can be owned."
        )
        % {"bank": bank, "buyable": buyable, "fields": i.board_fields},
    )
    by_land = [p.name for p in i.players if p.fields_owned >= buyable]
    standing = [p.name for p in i.players if p.cities or p.units]
    winner = {
        "territory": by_land[0] if by_land else None,
        "rivals-removed": standing[0] if len(standing) == 1 else None,
    }
    r.step(
        "dl.game-end",
        _("Side by side: %(t_name)s, %(t)s; %(r_name)s, %(r)s.")
        % {
            "t_name": READINGS["territory"],
            "t": winner["territory"] or _("not over"),
            "r_name": READINGS["rivals-removed"],
            "r": winner["rivals-removed"] or _("not over"),
        },
    )
    return r.result({"game_over": {k: v is not None for k, v in winner.items()}, "winner": winner})


# ================================================================ stage-order

STAGES = WORDS["stages"]


def _acted_in_order(i: Any) -> Iterable[tuple[str, str]]:
    if len(set(i.order)) != len(i.order):
        yield "order", _("A federation is listed twice.")
    if list(i.acted) != list(i.order[: len(i.acted)]):
        # dl.rounds: "wszyscy gracze wykonują akcje według kolejności".
        yield ruled_out(
            "acted",
            _("The players act in the order: those who have acted are the first of it."),
            "dl.rounds",
        )


STAGE_ORDER_INPUTS = Object(
    # dl.starting-routes: "cztery lądowe szlaki … oznaczone jednolitymi kolorami federacji" — one
    # federation for each colour, no more.
    order=List(
        Str(1, 40), min_length=2, max_length=P("federations"), label=gettext_lazy("Order fixed at setup")
    ),
    round=Int(1, 999, default=1, label=gettext_lazy("Round")),
    stage=Choice.of(STAGES, default="investment", label=gettext_lazy("Stage")),
    acted=List(
        Str(1, 40),
        default=[],
        max_length=P("federations"),
        label=gettext_lazy("Who has had the opportunity to act"),
    ),
    checks=[_acted_in_order],
)


def _stage_order_summary(o: dict[str, Any]) -> str:
    return _("Next: %(player)s, %(stage)s stage of round %(round)s.") % {
        "player": o["next_player"],
        "stage": STAGES[o["next_stage"]],
        "round": o["next_round"],
    }


def _wind_stage(r: Reasoning, i: Any) -> Result:
    """dl.wind-rolls: "Na początku etapu rzuca się dwukrotnie kością" — the die is rolled twice
    for the whole table, not once a player; dl.wind-calm: "1 lub 6 oczek w pierwszym rzucie oznacza
    brak wiatru i etap natychmiast się kończy"; otherwise it ends once the tokens have moved. No
    federation takes a turn in it, so the tax stage follows, begun by the first in the order."""
    r.step(
        "dl.wind-rolls",
        _(
            "The wind stage is not played in turns: at its start the die is rolled twice, for the whole table."
        ),
    )
    r.step(
        "dl.wind-calm",
        _(
            "A 1 or 6 on the first roll ends the stage at once; otherwise it ends when the clouds have moved "
            "and the fires spread. The %(stage)s stage follows, begun by %(player)s."
        )
        % {"stage": STAGES["taxes"], "player": i.order[0]},
    )
    return r.result({"next_player": i.order[0], "next_stage": "taxes", "next_round": i.round})


@adjudicator("stage-order", inputs=STAGE_ORDER_INPUTS, summary=_stage_order_summary)
def stage_order(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step(
        "dl.setup-order",
        _("The order set at the end of setup applies all game: %(order)s.") % {"order": ", ".join(i.order)},
    )
    r.gap("dl.setup-order", "how-order-is-set")
    r.step("dl.rounds", _("A round has five stages, in each of which every player acts in that order."))
    if i.stage == "wind":
        return _wind_stage(r, i)
    if len(i.acted) < len(i.order):
        nxt = i.order[len(i.acted)]
        r.step(
            "dl.stage-order",
            _("Not everyone has had the opportunity to act yet: the stage goes on with %(player)s.")
            % {"player": nxt},
        )
        return r.result({"next_player": nxt, "next_stage": i.stage, "next_round": i.round})
    stages = list(STAGES)
    last = i.stage == stages[-1]
    nxt_stage = stages[0] if last else stages[stages.index(i.stage) + 1]
    nxt_round = i.round + 1 if last else i.round
    r.step(
        "dl.stage-order",
        _("Everyone has had the opportunity to act: the %(stage)s stage of round %(round)s begins.")
        % {"stage": STAGES[nxt_stage], "round": nxt_round},
    )
    return r.result({"next_player": i.order[0], "next_stage": nxt_stage, "next_round": nxt_round})


# ============================================================= setup-forests


def _land_where_the_text_puts_it(i: Any) -> Iterable[tuple]:
    """dl.starting-routes: "cztery lądowe szlaki … Prowadzące one do czterech pól z surowcami"
    and dl.resource-fields: "Na białych polach (lądowych) znajdują się … surowce" — the starting
    routes, the first cities' fields and every resource field are land."""
    if any(x >= i.width or y >= i.height for x, y in (*i.sea, *i.resource_fields)):
        return  # on_board says which
    _bank_fields, _centre, routes, cities = _starting_fields(rules_in_force(), i.width, i.height)
    sea = {tuple(c): n for n, c in enumerate(i.sea)}
    for what, fields in ((_("a starting land route"), routes), (_("a first city's field"), cities)):
        for c in fields:
            if c in sea:
                yield ruled_out(
                    f"sea.{sea[c]}",
                    _("%(field)s is %(what)s, which is land: it cannot be a sea field.")
                    % {"field": say_fields([c]), "what": what},
                    "dl.starting-routes",
                )
    for n, c in enumerate(i.resource_fields):
        if tuple(c) in sea:
            yield ruled_out(
                f"resource_fields.{n}",
                _("%(field)s is given as a sea field; resources lie on land fields only.")
                % {"field": say_fields([c])},
                "dl.resource-fields",
            )


SETUP_FORESTS_INPUTS = Object(
    **board_size(5, 60),
    sea=field_list(gettext_lazy("Sea fields"), max_length=3600),
    resource_fields=field_list(gettext_lazy("Resource fields (the board's 1-18)"), max_length=3600),
    checks=[on_board("sea", "resource_fields"), _land_where_the_text_puts_it],
)


def _setup_forests_summary(o: dict[str, Any]) -> str:
    return _("Forest tokens go on %(n)s fields; the first cities on %(cities)s.") % {
        "n": len(o["forests"]),
        "cities": say_fields(o["first_city_fields"]),
    }


def _starting_fields(rules: Rules, width: int, height: int) -> tuple[set, tuple[int, int], list, list]:
    """The bank's fields (dl.bank-fields: a square of that many fields around the central one),
    the central field, and the four starting routes' and first cities' fields (dl.starting-routes:
    four land routes one field long leave the central field and lead to the four resource fields
    where the first cities are founded, bordering the bank) on the board."""
    count = rules.param("bank_fields")
    side = int(count**0.5)
    cx, cy = (width - 1) // 2, (height - 1) // 2
    half = side // 2
    bank = {(x, y) for x in range(cx - half, cx - half + side) for y in range(cy - half, cy - half + side)}
    reach = side // 2 + 1
    routes = [(cx, cy - reach + 1), (cx + reach - 1, cy), (cx, cy + reach - 1), (cx - reach + 1, cy)]
    cities = [(cx, cy - reach), (cx + reach, cy), (cx, cy + reach), (cx - reach, cy)]
    cities = [c for c in cities if 0 <= c[0] < width and 0 <= c[1] < height]
    return bank, (cx, cy), routes, cities


def _bank(
    r: Reasoning, rules: Rules, width: int, height: int
) -> tuple[set[tuple[int, int]], tuple[int, int]]:
    """dl.bank-fields: "Dziewięć centralnych pól planszy należy do banku" — a square of that many
    fields around the central one."""
    count = rules.param("bank_fields")
    side = int(count**0.5)
    bank, (cx, cy), _routes, _cities = _starting_fields(rules, width, height)
    r.step(
        "dl.bank-fields",
        _("The %(n)s central fields belong to the bank, around the central field %(centre)s.")
        % {"n": count, "centre": say_fields([(cx, cy)])},
    )
    if width % 2 == 0 or height % 2 == 0 or side * side != count:
        r.gap("dl.bank-fields", "no-central-field", width=width, height=height)
    return bank, (cx, cy)


@adjudicator("setup-forests", inputs=SETUP_FORESTS_INPUTS, summary=_setup_forests_summary)
def setup_forests(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    bank, _centre = _bank(r, rules, i.width, i.height)
    # dl.starting-routes: four land routes one field long leave the central field and lead to the
    # four resource fields where the first cities are founded, bordering the bank.
    _fields, _centre, routes, cities = _starting_fields(rules, i.width, i.height)
    r.gap("dl.starting-routes", "route-directions")
    r.step(
        "dl.starting-routes",
        _(
            "The four starting routes, one field long, lead from the central field to the first cities' fields: %(cities)s."
        )
        % {"cities": say_fields(cities)},
    )
    sea = set(i.sea)
    if i.resource_fields:
        r.step(
            "dl.resource-fields",
            _("The resources lie on land fields: the %(n)s resource fields given are land.")
            % {"n": len(i.resource_fields)},
        )
    resources = set(i.resource_fields) | set(cities)
    around = {(x + dx, y + dy) for x, y in cities for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - set(cities)
    forests = [
        [x, y]
        for y in range(i.height)
        for x in range(i.width)
        if (x, y) not in sea and (x, y) not in bank and (x, y) not in resources and (x, y) not in around
    ]
    r.step(
        "dl.setup-forests",
        _(
            "Forest tokens go on every land field but the bank's, the resource fields and the fields around the "
            "first cities: %(n)s fields."
        )
        % {"n": len(forests)},
    )
    r.gap("dl.setup-forests", "fields-around")
    return r.result(
        {
            "bank": [[x, y] for y in range(i.height) for x in range(i.width) if (x, y) in bank],
            "starting_routes": [list(c) for c in routes],
            "first_city_fields": [list(c) for c in cities],
            "forests": forests,
        }
    )
