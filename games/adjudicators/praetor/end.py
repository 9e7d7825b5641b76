"""Section "upkeep", step 7 (pr.upkeep.last-round-check): is the next round the last?"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, adjudicator
from games.engine.declare import Int, Object

from .common import CITY_TILES, GAME, WALL_TILES

LAST_ROUND_INPUTS = Object(
    city_deck=Int(0, CITY_TILES, label=gettext_lazy("City tiles left in the stack")),
    wall_deck=Int(0, WALL_TILES, label=gettext_lazy("Wall tiles left in the stack")),
)


def _city_deck_ends(r: Reasoning, left: int, rules: Rules) -> bool:
    """pr.upkeep.city-deck-empty: "如果城市板块堆空了,那么下回合是最后一回合"."""
    ends = left <= rules.param("city_deck_last")
    r.step(
        "pr.upkeep.city-deck-empty",
        _("The city tile stack is empty: the next round is the last.")
        if ends
        else _("The city tile stack is not empty."),
    )
    return ends


def _wall_deck_ends(r: Reasoning, left: int, rules: Rules) -> bool:
    """pr.upkeep.wall-deck-empty: "如果长城板块堆空了,那么下回合是最后一回合"."""
    ends = left <= rules.param("wall_deck_last")
    r.step(
        "pr.upkeep.wall-deck-empty",
        _("The wall tile stack is empty: the next round is the last.")
        if ends
        else _("The wall tile stack is not empty."),
    )
    return ends


@adjudicator(
    game=GAME,
    name="last-round",
    title=gettext_lazy("Is the next round the last one?"),
    inputs=LAST_ROUND_INPUTS,
    clauses=["pr.upkeep.last-round-check", "pr.upkeep.city-deck-empty", "pr.upkeep.wall-deck-empty"],
    summary=lambda o: (
        _("The next round is the last.") if o["next_is_last"] else _("The next round is not the last.")
    ),
    examples=[{"city_deck": 0, "wall_deck": 3}, {"city_deck": 5, "wall_deck": 2}],
)
def last_round(i: Any, *, variant: str, rules: Rules) -> Result:
    """Check, after maintaining the city, whether the next round is the last."""
    r = Reasoning()
    r.step(
        "pr.upkeep.last-round-check",
        _("After maintenance: %(c)s city tile(s) and %(w)s wall tile(s) left in the stacks.")
        % {"c": i.city_deck, "w": i.wall_deck},
    )
    city = _city_deck_ends(r, i.city_deck, rules)
    wall = _wall_deck_ends(r, i.wall_deck, rules)
    return r.result({"next_is_last": city or wall})
