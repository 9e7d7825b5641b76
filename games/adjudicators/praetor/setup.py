"""Section "setup" (游戏设置): the starting favor markers and the first turn order."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, around_table, names
from games.engine.declare import Object, Player, Players

from .common import MAX_PLAYERS, MIN_PLAYERS, adjudicator

STARTING_FAVOR_INPUTS = Object(
    seating=Players(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        label=gettext_lazy("Players, in clockwise seating order"),
    ),
    last_in_rome=Player(among="seating", label=gettext_lazy("Who was most recently in Rome?")),
)


def _starting_favor(seating: list[str], first: str, rules: Rules) -> dict[str, int]:
    """pr.setup.starting-favor: "最近去过罗马的玩家放一个标记在10赏赐点的位置,剩下的玩家逆时针递减1".

    The seating is clockwise, so counter-clockwise walks backwards through it.
    """
    top, step = rules.param("start_favor"), rules.param("start_favor_step")
    ring = around_table(seating, first, clockwise=rules.param("start_favor_direction") != "ccw")
    return {player: top - step * k for k, player in enumerate(ring)}


def _starting_favor_summary(o: dict[str, Any]) -> str:
    return _("Starting turn order: %(order)s.") % {"order": names(o["order"])}


@adjudicator("starting-favor", inputs=STARTING_FAVOR_INPUTS, summary=_starting_favor_summary)
def starting_favor(i: Any, *, variant: str, rules: Rules) -> Result:
    """Place the favor markers at setup and derive the first turn order."""
    r = Reasoning()
    seating = list(i.seating)
    favor = _starting_favor(seating, i.last_in_rome, rules)
    if rules.param("start_favor_direction") == "ccw":
        text = _(
            "%(p)s was most recently in Rome and starts on %(top)s favor; the others, counter-clockwise, "
            "%(step)s less each: %(list)s."
        )
    else:
        text = _(
            "%(p)s was most recently in Rome and starts on %(top)s favor; the others, clockwise, "
            "%(step)s less each: %(list)s."
        )
    values = {
        "p": i.last_in_rome,
        "top": rules.param("start_favor"),
        "step": rules.param("start_favor_step"),
        "list": names(f"{p} {favor[p]}" for p in favor),
    }
    r.step("pr.setup.starting-favor", text % values)
    # "然后赏赐点越低的玩家行动顺位越高": the lower the favor, the earlier.
    order = sorted(favor, key=favor.get)
    r.step(
        "pr.setup.starting-order",
        _("Lower favor acts earlier, so the turn order is %(order)s.") % {"order": names(order)},
    )
    return r.result({"favor": {p: favor[p] for p in seating}, "order": order})
