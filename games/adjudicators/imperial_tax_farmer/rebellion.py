"""Imperial Tax Farmer, section "2. Test Rebelii" (itf.rebellion.*): the rebellion-test adjudicator.

Readings: the threshold is one total, all agents in the province plus the coins lying
on its need card(s) (itf.rebellion.threshold); for ESTYX, with two need cards, the
coins on both count (itf.setup.estyx, a gap).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import P, Reasoning, Result, Rules
from games.engine.declare import Bool, Int, List, Object, ruled_out

from .common import MAX_COUNT, Die, adjudicator, dice_text

REBELLION_EFFECTS = ("marker-placed", "agents-removed", "need-cards-reshuffled")


def _one_die_per_player(i: Any) -> Iterator[tuple[str, str]]:
    """itf.rebellion.dice-count: "3 graczy = 3 kości, 6 graczy = 6 kości" — one die per player.

    A province already in rebellion is not tested (itf.rebellion.no-retest), so it
    needs no dice.
    """
    if i.rebelling and not i.dice:
        return
    if len(i.dice) != i.players:
        yield ruled_out(
            "dice",
            _("Roll one die per player: %(players)s players roll %(players)s dice, not %(dice)s.")
            % {"players": i.players, "dice": len(i.dice)},
            "itf.rebellion.dice-count",
        )


REBELLION_TEST_INPUTS = Object(
    # itf.setup.three-players (the fewest) to itf.setup.dice (at most that many dice).
    players=Int(P("min_players"), P("max_dice"), label=gettext_lazy("Number of players")),
    dice=List(
        Die(),
        max_length=P("max_dice"),
        label=gettext_lazy("Dice rolled (one per player)"),
        help=gettext_lazy("May be left empty for a province already in rebellion: it is not tested."),
    ),
    agents=Int(0, MAX_COUNT, label=gettext_lazy("Agents in the province (all players together)")),
    coins=Int(0, MAX_COUNT, label=gettext_lazy("Coins lying on its need card")),
    rebelling=Bool(default=False, label=gettext_lazy("Province already in rebellion")),
    estyx=Bool(
        default=False,
        label=gettext_lazy("The province is ESTYX (two need cards)"),
        help=gettext_lazy("Enter in coins the coins lying on both of its need cards."),
    ),
    checks=[_one_die_per_player],
)


def _rebellion_summary(o: dict[str, Any]) -> str:
    if not o["tested"]:
        return _("No test: the province is already in rebellion.")
    facts = {"sum": o["dice_sum"], "threshold": o["threshold"]}
    if o["rebellion"]:
        return (
            _(
                "Rebellion: the dice total %(sum)s, not more than the agents and coins together (%(threshold)s)."
            )
            % facts
        )
    return (
        _("No rebellion: the dice total %(sum)s, more than the agents and coins together (%(threshold)s).")
        % facts
    )


def _rebels(dice_sum: int, agents: int, coins: int) -> tuple[int, bool]:
    """itf.rebellion.threshold: a rebellion begins when the dice total "jest równa bądź
    mniejsza" (is equal to or less than) all the agents plus the coins on the need card."""
    threshold = agents + coins
    return threshold, dice_sum <= threshold


def _threshold(r: Reasoning, i: Any) -> tuple[int, int, bool]:
    """Roll (itf.rebellion.dice-count) and compare (itf.rebellion.threshold); say both."""
    dice_sum = sum(i.dice)
    r.step(
        "itf.rebellion.dice-count",
        _("%(players)s players roll %(players)s dice: %(dice)s, a total of %(sum)s.")
        % {"players": i.players, "dice": dice_text(i.dice), "sum": dice_sum},
    )
    if i.estyx:
        r.gap("itf.setup.estyx", "estyx-two-need-cards")
    threshold, rebellion = _rebels(dice_sum, i.agents, i.coins)
    message = (
        _(
            "%(agents)s agents + %(coins)s coins = %(threshold)s; the dice total %(sum)s is not more, so a rebellion begins."
        )
        if rebellion
        else _(
            "%(agents)s agents + %(coins)s coins = %(threshold)s; the dice total %(sum)s is more, so no rebellion begins."
        )
    )
    r.step(
        "itf.rebellion.threshold",
        message % {"agents": i.agents, "coins": i.coins, "threshold": threshold, "sum": dice_sum},
    )
    return dice_sum, threshold, rebellion


def _rebellion_effects(r: Reasoning, i: Any) -> list[str]:
    """What a rebellion does: itf.rebellion.marker, .remove-agents, .remove-needs, .while-rebelling."""
    r.step("itf.rebellion.marker", _("Put a rebellion marker on the province."))
    r.step(
        "itf.rebellion.remove-agents",
        ngettext(
            "Remove the %(agents)s agent from the province.",
            "Remove all %(agents)s agents from the province.",
            i.agents,
        )
        % {"agents": i.agents},
    )
    r.step(
        "itf.rebellion.remove-needs",
        _("Remove the province's need cards and shuffle them into the deck."),
    )
    if i.coins:
        r.gap("itf.rebellion.remove-needs", "coins-on-removed-needs", coins=i.coins)
    r.step(
        "itf.rebellion.while-rebelling",
        _(
            "While the rebellion lasts, nobody may use the province's actions or collect its "
            "production, and no need cards are placed on it."
        ),
    )
    return list(REBELLION_EFFECTS)


@adjudicator("rebellion-test", inputs=REBELLION_TEST_INPUTS, summary=_rebellion_summary)
def rebellion_test(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether one province rebels in the Rebellion Test."""
    r = Reasoning()
    if i.rebelling:
        # itf.rebellion.no-retest: no further test until someone crushes the rebellion.
        r.step(
            "itf.rebellion.no-retest",
            _(
                "The province is already in rebellion: it is not tested again and no new rebellion "
                "can begin there until someone crushes this one."
            ),
        )
        return r.result(
            {"tested": False, "dice_sum": None, "threshold": None, "rebellion": False, "effects": []}
        )
    r.step("itf.rebellion.test-each", _("The province is not in rebellion, so it is tested."))
    dice_sum, threshold, rebellion = _threshold(r, i)
    effects = _rebellion_effects(r, i) if rebellion else []
    return r.result(
        {
            "tested": True,
            "dice_sum": dice_sum,
            "threshold": threshold,
            "rebellion": rebellion,
            "effects": effects,
        }
    )
