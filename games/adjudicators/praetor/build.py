"""Section "actions" (行动阶段), the first action: build a city tile (pr.actions.build-*, steps 1-7),
and the favor building earns."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Bool, Choice, Int, Object, counts

from .common import MAX_WORKERS, RESOURCE_LABELS, RESOURCES, adjudicator, favor_field

# Our own caps, not the text's: a tile placed in a grid touches at most 8 others, and has 4 corners.
MAX_NEIGHBOURS = 8
CORNERS = 4

BUILD_INPUTS = Object(
    available=Bool(default=True, label=gettext_lazy("Is the tile among the available city tiles?")),
    cost=counts(Choice.of(RESOURCE_LABELS), 99, default={}, label=gettext_lazy("Building cost on the tile")),
    favor=Int(0, 99, label=gettext_lazy("Favor points on the tile")),
    resources=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("Resources you own")),
    workers=Int(0, MAX_WORKERS, label=gettext_lazy("Active workers not yet placed this round")),
    passed=Bool(default=False, label=gettext_lazy("Have you already passed this round?")),
    adjacent=Int(0, MAX_NEIGHBOURS, label=gettext_lazy("Built city tiles next to the place chosen for it")),
    plazas=Int(
        0, CORNERS, default=0, label=gettext_lazy("Corners whose plaza matches the adjacent tile's corner")
    ),
    favor_before=favor_field(gettext_lazy("Your favor before building")),
)


def _build_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed.")
    return _("Allowed: %(f)s favor, your marker moves to %(after)s.") % {
        "f": o["favor_gained"],
        "after": o["favor_after"],
    }


def _refused(i: Any) -> dict[str, Any]:
    return {
        "allowed": False,
        "paid": {},
        "favor_gained": 0,
        "favor_after": i.favor_before,
        "gains_experience": False,
    }


def _choose(r: Reasoning, i: Any) -> bool:
    """Step 1, pr.actions.build-choose: "选择一个可用的城市板块,检查你是否有足够资源"."""
    cost = {res: i.cost[res] for res in RESOURCES if i.cost.get(res)}
    r.step(
        "pr.components.city-tile-cost",
        _("The tile shows its building cost, %(cost)s, and the builder's reward, %(f)s favor.")
        % {
            "cost": names((f"{n} {RESOURCE_LABELS[res]}" for res, n in cost.items()), empty=_("nothing")),
            "f": i.favor,
        },
    )
    if not i.available:
        r.step("pr.actions.build-choose", _("Only an available city tile can be chosen: this one is not."))
        return False
    short = [res for res, n in cost.items() if i.resources.get(res, 0) < n]
    if short:
        r.step(
            "pr.actions.build-choose",
            _("You do not have enough resources: %(list)s.")
            % {
                "list": names(
                    f"{RESOURCE_LABELS[res]} {i.resources.get(res, 0)}/{cost[res]}" for res in short
                )
            },
        )
        return False
    r.step("pr.actions.build-choose", _("The tile is available and you have enough resources."))
    return True


def _place_and_pay(r: Reasoning, i: Any) -> bool:
    """Step 2, pr.actions.build-place-and-pay: "放置一个活跃区的工人到可用的城市板块的中央,支付资源"."""
    if i.workers == 0:
        r.step(
            "pr.actions.build-place-and-pay",
            _("Building takes a worker from the active area, and you have none left to place."),
        )
        return False
    r.step(
        "pr.actions.build-place-and-pay",
        _("One of your %(n)s unplaced active workers goes on the centre of the tile, and you pay its cost.")
        % {"n": i.workers},
    )
    return True


def _adjacent(r: Reasoning, i: Any) -> bool:
    """Step 3, pr.actions.build-adjacent: "至少要和一个已经建造好的城市板块相邻"."""
    if i.adjacent == 0:
        r.step(
            "pr.actions.build-adjacent",
            _("The new tile must be adjacent to at least one built city tile: this place touches none."),
        )
        return False
    r.step(
        "pr.actions.build-adjacent",
        ngettext(
            "The place touches %(n)s built city tile, so the tile may go there.",
            "The place touches %(n)s built city tiles, so the tile may go there.",
            i.adjacent,
        )
        % {"n": i.adjacent},
    )
    return True


def _favor(r: Reasoning, i: Any, rules: Rules) -> int:
    """Steps 4-7: the marker, the tile's favor, the plazas, the favor track."""
    r.step(
        "pr.actions.build-marker",
        _("Your marker goes on the tile: you built it, so other players pay you its fee."),
    )
    r.step("pr.actions.build-favor", _("You gain the tile's %(f)s favor.") % {"f": i.favor})
    r.step(
        "pr.concepts.building-reward",
        _("Resources spent on building a city tile are rewarded with favor points."),
    )
    r.step("pr.goal.ways-to-favor", _("Building new tiles in the city is one way to gain favor."))
    each = rules.param("plaza_favor")
    plazas = i.plazas * each
    r.step(
        "pr.actions.build-plazas",
        _("Corners whose plaza matches the adjacent tile's: %(n)s × %(each)s = %(p)s extra favor.")
        % {"n": i.plazas, "each": each, "p": plazas},
    )
    r.step(
        "pr.components.city-tile-plazas",
        _("The plazas are the designs in the tiles' corners; matching designs earn the extra favor."),
    )
    gained = i.favor + plazas
    r.step(
        "pr.actions.build-track",
        _("Your marker on the favor track moves from %(b)s to %(a)s.")
        % {"b": i.favor_before, "a": i.favor_before + gained},
    )
    return gained


@adjudicator("build", inputs=BUILD_INPUTS, summary=_build_summary)
def build(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule one build action: allowed, what is paid, the favor gained and where the marker goes."""
    r = Reasoning()
    r.step(
        "pr.actions.build",
        _("Building: place a worker from the active area on an available city tile to build it."),
    )
    r.step("pr.concepts.building", _("The city grows by laying city tiles."))
    if i.passed:
        # pr.actions.passed-final: "一旦玩家pass了,他就不能再放置工人了".
        r.step("pr.actions.passed-final", _("You have passed this round: you can no longer place workers."))
        return r.result(_refused(i))
    if not (_choose(r, i) and _place_and_pay(r, i) and _adjacent(r, i)):
        return r.result(_refused(i))
    gained = _favor(r, i, rules)
    r.step(
        "pr.upkeep.build-experience",
        _("At upkeep the worker who built gains %(xp)s experience.")
        % {"xp": rules.param("build_experience")},
    )
    return r.result(
        {
            "allowed": True,
            "paid": {res: i.cost[res] for res in RESOURCES if i.cost.get(res)},
            "favor_gained": gained,
            "favor_after": i.favor_before + gained,
            "gains_experience": True,
        }
    )
