"""Rada Miasta, section "order" (Ustalanie kolejności graczy w rundzie): adjudicator round-order.

Clauses: ``rm.order.first-round-lot`` (round 1 is drawn by lot), ``rm.order.totals``
(support added up over all three groups), ``rm.order.most-support-first`` (the player
with "najwięcej" support is first, parameter ``first_player_support``),
``rm.order.tie-previous-first`` (otherwise the previous round's first player) and
``rm.order.clockwise`` (turns go "zgodnie z ruchem wskazówek zegara", parameter
``turn_direction``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import P, Reasoning, Result, Rules, around_table, names, tied_for_best
from games.engine.declare import Int, Map, Object, Player, Players

from .common import adjudicator, group_support, levels


def _check_round_order(i: Any) -> Iterable[tuple[str, str]]:
    if i.round >= 2:
        if i.support is None:
            yield "support", _("From round 2 on, every player's support is needed to find the first player.")
        if i.previous_first is None:
            yield (
                "previous_first",
                _("From round 2 on, the previous round's first player is needed (it breaks ties)."),
            )


ROUND_ORDER_INPUTS = Object(
    seating=Players(label=gettext_lazy("Players, clockwise")),
    round=Int(1, label=gettext_lazy("Round")),
    support=Map(
        Player(among="seating"),
        group_support(),
        complete=True,
        required=False,
        nullable=True,
        label=gettext_lazy("Each player's support (from round 2)"),
    ),
    previous_first=Player(
        among="seating",
        required=False,
        nullable=True,
        label=gettext_lazy("First player of the previous round (from round 2)"),
    ),
    checks=[_check_round_order],
)


def _turn_order(seating: list[str], first: str, rules: Rules) -> list[str]:
    """rm.order.clockwise: "zgodnie z ruchem wskazówek zegara poczynając od gracza pierwszego".

    The seating is entered clockwise; the other direction walks it backwards."""
    return around_table(seating, first, clockwise=rules.param("turn_direction") == "clockwise")


def _direction(turn_direction: str) -> str:
    return _("clockwise") if turn_direction == "clockwise" else _("anticlockwise")


def _leaders(totals: dict[str, int], rules: Rules) -> tuple[list[str], int]:
    """rm.order.most-support-first: the players with "najwięcej" (most) support, and that total."""
    pick = max if rules.param("first_player_support") == "most" else min
    best, leaders = tied_for_best(totals, totals.get, best=pick)
    return leaders, best


def _say_first(r: Reasoning, leaders: list[str], best: int, rules: Rules) -> None:
    """The step of rm.order.most-support-first: one player first, or none (a tie)."""
    most = rules.param("first_player_support") == "most"
    if len(leaders) == 1:
        text = (
            _("%(player)s has the most support (%(n)s) and is the first player.")
            if most
            else _("%(player)s has the least support (%(n)s) and is the first player.")
        )
    else:
        text = (
            _("No single player has the most support: %(players)s tie on %(n)s.")
            if most
            else _("No single player has the least support: %(players)s tie on %(n)s.")
        )
    r.step("rm.order.most-support-first", text % {"player": leaders[0], "players": names(leaders), "n": best})


def _tie_first(r: Reasoning, leaders: list[str], previous_first: str) -> str:
    """rm.order.tie-previous-first: "graczem pierwszym jest ten sam gracz co w poprzedniej rundzie"."""
    r.step(
        "rm.order.tie-previous-first",
        _("So the first player is the previous round's first player, %(player)s.")
        % {"player": previous_first},
    )
    if previous_first not in leaders:
        r.gap("rm.order.tie-previous-first", "previous-first-not-tied")
    return previous_first


def _round_order_summary(o: dict[str, Any]) -> str:
    if o["by_lot"]:
        return _("Round 1: the first player is drawn by lot; play then goes %(direction)s from them.") % {
            "direction": _direction(P("turn_direction").value())
        }
    return _("%(first)s goes first; turn order %(order)s.") % {
        "first": o["first"],
        "order": names(o["order"]),
    }


@adjudicator("round-order", inputs=ROUND_ORDER_INPUTS, summary=_round_order_summary)
def round_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on the first player and the turn order of a round."""
    r = Reasoning()
    seating = list(i.seating)
    if i.round == 1:
        r.step(
            "rm.order.first-round-lot",
            _(
                "Round 1: the players draw lots (for example with a die) for the first player; it cannot be computed."
            ),
        )
        r.step(
            "rm.order.clockwise",
            _("Once drawn, turns go %(direction)s from the first player around the seating %(seating)s.")
            % {"direction": _direction(rules.param("turn_direction")), "seating": names(seating)},
        )
        return r.result({"first": None, "order": None, "by_lot": True, "totals": None})

    totals = {p: sum(levels(i.support[p]).values()) for p in seating}
    r.step(
        "rm.order.totals",
        _("Round %(round)s: support added up over the three groups: %(totals)s.")
        % {"round": i.round, "totals": ", ".join(f"{p} {t}" for p, t in totals.items())},
    )
    leaders, best = _leaders(totals, rules)
    _say_first(r, leaders, best, rules)
    first = leaders[0] if len(leaders) == 1 else _tie_first(r, leaders, i.previous_first)
    order = _turn_order(seating, first, rules)
    r.step(
        "rm.order.clockwise",
        _("Turns go %(direction)s from %(first)s: %(order)s.")
        % {"direction": _direction(rules.param("turn_direction")), "first": first, "order": names(order)},
    )
    return r.result({"first": first, "order": order, "by_lot": False, "totals": totals})
