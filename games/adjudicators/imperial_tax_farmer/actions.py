"""Imperial Tax Farmer, section "3. Akcje" (itf.actions.*, itf.crush.*): control, crush-rebellion
and fulfil-need.

Reading: "największa ilość AGENTÓW" / "przewaga" (the majority) is strictly more agents
than every other player (``common.leader``); who acts in IMPERIA without a majority is
a gap.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names, tied_for_best
from games.engine.declare import Bool, Int, List, Object, Player, Str, counts, ruled_out

from .common import MAX_COUNT, adjudicator, at_most_players, leader, most_of_the_others
from .setup import NOTHING

# --- control ------------------------------------------------------------------

CONTROL_INPUTS = Object(
    agents=counts(Player(), MAX_COUNT, label=gettext_lazy("Agents of each player in the province")),
    imperia=Bool(default=False, label=gettext_lazy("The province is IMPERIA")),
    checks=[at_most_players("agents")],
)


def _control_summary(o: dict[str, Any]) -> str:
    if o["controller"] is not None:
        return _("%(player)s has the majority and acts in the province.") % {"player": o["controller"]}
    if o["active"]:
        return _("Nobody has the majority, but IMPERIA stays active.")
    return _("Nobody has the majority: the province stays inactive.")


def _no_majority_why(counts: dict[str, int]) -> str:
    """Say why nobody has the majority (itf.actions.no-majority): nobody there, or a tie."""
    best, tied = tied_for_best(counts, counts.get, default=0)
    if best == 0:
        return _("nobody has agents there")
    return ngettext(
        "%(players)s tie with %(n)s agent each", "%(players)s tie with %(n)s agents each", best
    ) % {
        "players": names(tied),
        "n": best,
    }


@adjudicator("control", inputs=CONTROL_INPUTS, summary=_control_summary)
def control(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide who has the majority of agents in a province and whether it is active."""
    r = Reasoning()
    counts = dict(i.agents)
    controller = leader(counts)
    if controller is not None:
        # itf.actions.majority: the player with the most agents carries out the actions.
        others = most_of_the_others(counts, controller)
        r.step(
            "itf.actions.majority",
            _(
                "%(player)s has the most agents (%(n)s, against at most %(others)s for anyone else), so "
                "%(player)s carries out the actions of the province."
            )
            % {"player": controller, "n": counts[controller], "others": others},
        )
        return r.result({"controller": controller, "active": True})

    # itf.actions.no-majority: inactive without a majority, "oprócz PROWINCJI IMPERIA".
    why = _no_majority_why(counts)
    if not i.imperia:
        r.step(
            "itf.actions.no-majority",
            _("Nobody has the majority (%(why)s), so the province stays inactive.") % {"why": why},
        )
        return r.result({"controller": None, "active": False})
    r.step(
        "itf.actions.no-majority",
        _("Nobody has the majority (%(why)s), but IMPERIA stays active all the same.") % {"why": why},
    )
    r.gap("itf.actions.no-majority", "imperia-without-majority")
    return r.result({"controller": None, "active": True})


# --- crush-rebellion ------------------------------------------------------------

CRUSH_REBELLION_INPUTS = Object(
    agents=counts(Player(), MAX_COUNT, label=gettext_lazy("Agents of each player in the rebelling province")),
    player=Player(
        label=gettext_lazy("Player trying to crush the rebellion"),
        help=gettext_lazy("A player missing from the agents counts as having none there."),
    ),
    weapon=Bool(label=gettext_lazy("That player holds a WEAPON card")),
    checks=[at_most_players("agents")],
)


def _crush_summary(o: dict[str, Any]) -> str:
    if o["crushed"]:
        return ngettext(
            "The rebellion is crushed: %(n)s point on the election track.",
            "The rebellion is crushed: %(n)s points on the election track.",
            o["election_points"],
        ) % {"n": o["election_points"]}
    return _("The rebellion is not crushed.")


def _requirements(r: Reasoning, i: Any) -> bool:
    """itf.crush.requirements: "musisz posiadać kartę BRONŃ i przewagę AGENTÓW" — both needed."""
    counts = dict(i.agents)
    has_majority = leader(counts) == i.player
    crushed = i.weapon and has_majority
    facts = {
        "player": i.player,
        "n": counts.get(i.player, 0),
        "others": most_of_the_others(counts, i.player),
    }
    if has_majority:
        majority = _("%(player)s has the majority of agents (%(n)s against at most %(others)s)") % facts
    else:
        majority = _("%(player)s does not have the majority of agents (%(n)s against %(others)s)") % facts
    weapon = _("holds a WEAPON card") if i.weapon else _("holds no WEAPON card")
    message = (
        _("%(majority)s and %(weapon)s: the rebellion is crushed.")
        if crushed
        else _("%(majority)s and %(weapon)s: both are needed, so the rebellion is not crushed.")
    )
    r.step("itf.crush.requirements", message % {"majority": majority, "weapon": weapon})
    return crushed


@adjudicator("crush-rebellion", inputs=CRUSH_REBELLION_INPUTS, summary=_crush_summary)
def crush_rebellion(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether a player crushes the rebellion in a province, and what it earns."""
    r = Reasoning()
    if not _requirements(r, i):
        return r.result({"crushed": False, "election_points": 0})
    # itf.crush.reward: "przesuwasz swój marker na TORZE ELEKCJI o 10 punktów".
    points = rules.param("crush_points")
    r.step(
        "itf.crush.reward",
        _("%(player)s moves their marker %(points)s points up the election track.")
        % {"player": i.player, "points": points},
    )
    r.gap("itf.crush.requirements", "weapon-card-spent")
    r.step(
        "itf.rebellion.no-retest",
        _("The rebellion is over: the province is tested for rebellion again from the next round."),
    )
    return r.result({"crushed": True, "election_points": points})


# --- fulfil-need ----------------------------------------------------------------


def _need_on_the_board(i: Any) -> Iterator[tuple]:
    """itf.rebellion.remove-needs / itf.rebellion.while-rebelling: a rebelling province's need
    cards were removed and none is placed there, so there is none to fulfil."""
    if i.rebelling:
        yield ruled_out(
            "rebelling",
            _("A province in rebellion has no need card: its cards were removed and none is placed there."),
            "itf.rebellion.remove-needs",
            "itf.rebellion.while-rebelling",
        )


FULFIL_NEED_INPUTS = Object(
    need=Str(1, 40, label=gettext_lazy("Good named on the need card (or nothing)")),
    coins=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Coins lying on the need card")),
    reward=Int(
        0,
        MAX_COUNT,
        nullable=True,
        default=None,
        label=gettext_lazy("Reward printed on the need card, in gold (optional)"),
    ),
    goods=List(
        Str(1, 40),
        max_length=MAX_COUNT,
        unique=True,
        default=[],
        label=gettext_lazy("Goods cards the player holds"),
    ),
    rebelling=Bool(default=False, label=gettext_lazy("The province is in rebellion")),
    checks=[_need_on_the_board],
)


def _fulfil_need_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("The need cannot be fulfilled.")
    if o["gold_gained"] is None:
        return _("Fulfilled: the coins on the card and its printed reward.")
    return _("Fulfilled: %(g)s gold.") % {"g": o["gold_gained"]}


@adjudicator("fulfil-need", inputs=FULFIL_NEED_INPUTS, summary=_fulfil_need_summary)
def fulfil_need(i: Any, *, variant: str, rules: Rules) -> Result:
    """itf.actions.fulfil-need: "możesz, ale nie musisz, wypełnić POTRZEBY … zdejmując kartę POTRZEB …
    i pozbywając się odpowiedniej karty TOWARU, w twoim posiadaniu, jednocześnie odbierając nagrodę
    za wypełnienie POTRZEBY i zabierając monety, które na niej znajdowały"."""
    r = Reasoning()
    held = {g.casefold(): g for g in i.goods}
    need = i.need.casefold()
    if need == NOTHING:
        r.step("itf.setup.nothing-cards", _("A NOTHING card names no good: there is no need to fulfil."))
        return r.result({"allowed": False, "good_given": None, "coins_taken": 0, "gold_gained": 0})
    if need not in held:
        r.step(
            "itf.actions.fulfil-need",
            _("The need asks for %(g)s, and the player holds no such goods card: it cannot be fulfilled.")
            % {"g": i.need},
        )
        return r.result({"allowed": False, "good_given": None, "coins_taken": 0, "gold_gained": 0})
    if i.reward is None:
        r.step(
            "itf.actions.fulfil-need",
            _(
                "The player gives up their %(g)s card and takes the need card, its reward and the %(c)s coins "
                "on it; the text prints no reward, the card does."
            )
            % {"g": held[need], "c": i.coins},
        )
        r.gap("itf.actions.fulfil-need", "need-reward-unprinted")
        gold = None
    else:
        gold = i.reward + i.coins
        r.step(
            "itf.actions.fulfil-need",
            _(
                "The player gives up their %(g)s card and takes the need card: its reward, %(r)s, and the %(c)s "
                "coins on it, %(n)s gold."
            )
            % {"g": held[need], "r": i.reward, "c": i.coins, "n": gold},
        )
    return r.result({"allowed": True, "good_given": held[need], "coins_taken": i.coins, "gold_gained": gold})
