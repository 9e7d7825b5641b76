"""Imperial Tax Farmer, section "3. Akcje" (itf.actions.*, itf.crush.*): control and crush-rebellion.

Reading: "największa ilość AGENTÓW" / "przewaga" (the majority) is strictly more agents
than every other player (``common.leader``); who acts in IMPERIA without a majority is
a gap.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names, tied_for_best
from games.engine.declare import Bool, Object, Player, counts

from .common import MAX_COUNT, adjudicator, at_most_players, leader, most_of_the_others

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
