"""Section "order-phase" (回合顺位阶段): the turn order of a round."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, names, ties, unique_names
from games.engine.declare import Int, Object

from .common import MAX_PLAYERS, adjudicator, favor_field, players


def _turn_order_checks(i):
    yield from unique_names("players")(i)
    # Markers sharing a favor space lie one on another: two cannot have the same height.
    seen: dict[tuple[int, int], str] = {}
    for n, p in enumerate(i.players):
        spot = (p.favor, p.stack)
        if spot in seen:
            yield (
                f"players.{n}.stack",
                _(
                    "%(a)s and %(b)s are tied on %(favor)s favor, so their markers are stacked: "
                    "they cannot both be at height %(h)s."
                )
                % {"a": seen[spot], "b": p.name, "favor": p.favor, "h": p.stack},
            )
        else:
            seen[spot] = p.name


TURN_ORDER_INPUTS = Object(
    players=players(
        favor=favor_field(gettext_lazy("Favor points")),
        stack=Int(
            1,
            MAX_PLAYERS,
            default=1,
            label=gettext_lazy("Height in a shared favor space (1 = bottom)"),
        ),
    ),
    checks=[_turn_order_checks],
)


def _ties(players: list) -> list[tuple[int, list]]:
    """The groups of two or more players sharing a favor space, in turn order."""
    return ties(players, attrgetter("favor"))


def _turn_order_summary(o: dict[str, Any]) -> str:
    return _("Turn order: %(order)s.") % {"order": names(o["order"])}


@adjudicator("turn-order", inputs=TURN_ORDER_INPUTS, summary=_turn_order_summary)
def turn_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """pr.order.by-favor: "越低的玩家顺位越高"; pr.order.tie-top-first: "赏赐点相同时,堆叠最上方的玩家顺位最高"."""
    r = Reasoning()
    players = sorted(i.players, key=lambda p: (p.favor, -p.stack))
    r.step(
        "pr.order.by-favor",
        _("Lower favor goes earlier: %(list)s.") % {"list": names(f"{p.name} {p.favor}" for p in players)},
    )
    for favor, group in _ties(players):
        r.step(
            "pr.order.tie-top-first",
            _("Tied on %(favor)s favor, the marker on top goes first: %(list)s.")
            % {"favor": favor, "list": names(f"{p.name} (height {p.stack})" for p in group)},
        )
        if len(group) > 2:
            r.gap("pr.order.tie-top-first", "order-below-the-top")
    return r.result({"order": [p.name for p in players]})
