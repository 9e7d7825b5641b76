"""Section "upkeep", step 7 (pr.upkeep.last-round-check): is the next round the last?"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Int, Object

from .common import CITY_TILES, WALL_TILES, adjudicator

LAST_ROUND_INPUTS = Object(
    city_deck=Int(0, CITY_TILES, label=gettext_lazy("City tiles left in the stack")),
    wall_deck=Int(0, WALL_TILES, label=gettext_lazy("Wall tiles left in the stack")),
)


def _stack_ends(r: Reasoning, clause: str, empty: bool, yes: str, no: str) -> bool:
    """One stack's clause: when it is ``empty`` the next round is the last (says ``yes``, else ``no``)."""
    r.step(clause, yes if empty else no)
    return empty


def _last_round_summary(o: dict[str, Any]) -> str:
    return _("The next round is the last.") if o["next_is_last"] else _("The next round is not the last.")


@adjudicator("last-round", inputs=LAST_ROUND_INPUTS, summary=_last_round_summary)
def last_round(i: Any, *, variant: str, rules: Rules) -> Result:
    """Check, after maintaining the city, whether the next round is the last."""
    r = Reasoning()
    r.step(
        "pr.upkeep.last-round-check",
        _("After maintenance: %(city)s and %(wall)s left in the stacks.")
        % {
            "city": ngettext("%(n)s city tile", "%(n)s city tiles", i.city_deck) % {"n": i.city_deck},
            "wall": ngettext("%(n)s wall tile", "%(n)s wall tiles", i.wall_deck) % {"n": i.wall_deck},
        },
    )
    # pr.upkeep.city-deck-empty: "如果城市板块堆空了,那么下回合是最后一回合".
    city = _stack_ends(
        r,
        "pr.upkeep.city-deck-empty",
        i.city_deck <= rules.param("city_deck_last"),
        _("The city tile stack is empty: the next round is the last."),
        _("The city tile stack is not empty."),
    )
    # pr.upkeep.wall-deck-empty: "如果长城板块堆空了,那么下回合是最后一回合".
    wall = _stack_ends(
        r,
        "pr.upkeep.wall-deck-empty",
        i.wall_deck <= rules.param("wall_deck_last"),
        _("The wall tile stack is empty: the next round is the last."),
        _("The wall tile stack is not empty."),
    )
    return r.result({"next_is_last": city or wall})
