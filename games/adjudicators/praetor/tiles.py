"""Section "tiles" (#城市板块细节): what activating each city tile yields.

``city-tile`` is table-driven: ``TILES`` names, for each tile of the section, the clause
that states its action and the function that computes it (``_yield_*``); the activation
itself (a worker or a marker, the fee to the builder) is the action phase's
(``actions.activation_fee`` / ``special_fee``). The market and the imperial outpost take
inputs of their own (what is exchanged, the wall tile), so each is its own question:
``market`` and ``imperial-outpost``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Bool, Choice, Int, List, Object, Player, counts, ruled_out

from .actions import activation_fee, special_fee
from .common import (
    CITY_TILES,
    EXPERIENCE_CAP,
    MAX_WORKERS,
    RESOURCE_LABELS,
    RESOURCES,
    WALL_TILES,
    WORDS,
    adjudicator,
    dice_of_a_colour,
    gold_is_gold,
)

# pr.tiles.resources-heading: "效果取决于工人经验" — the yield depends on the worker's experience,
# and pr.components.city-tile-action says the tile shows it; the overview prints no figure. The
# printed figure is an input (``printed_yield``); without it the amount is left open (null) and
# one unit per point of experience is the gap's reading, not a ruling.
YIELD_PER_EXPERIENCE_READING = 1
# pr.tiles.senate: "根据你控制的城市板块数量获得金币", no rate either: one gold per tile is its reading.
GOLD_PER_CITY_TILE_READING = 1


@dataclass
class _Yield:
    """What one activation gives (resources may be negative: the smithy's wood)."""

    resources: dict[str, int | None] = field(default_factory=dict)
    favor: int = 0
    morale: int = 0
    recruited: int = 0
    # The gap (its id) and the printed figure its reading gives, where the text prints none.
    unprinted: tuple[str, int] | None = None


@dataclass(frozen=True)
class Tile:
    """One row of the section: the tile's clause, its colour class, and its action."""

    clause: str
    special: bool = False  # grey: pr.tiles.special-heading
    action: Callable[[Reasoning, Any, int, Rules], _Yield] | None = None
    # Why a tile without an action phase action has none (said in its step).
    no_action: str = ""


def _unlimited(r: Reasoning) -> None:
    """pr.components.resources: "游戏中资源被认为是无限的" — a yield never waits on the supply."""
    r.step("pr.components.resources", _("Resources are unlimited: the supply never runs short."))


def _resource(resource: str, clause: str) -> Callable[[Reasoning, Any, int, Rules], _Yield]:
    """A resource tile: "根据工人经验获得…" (gold mine, lumber camp, quarry, marble quarry)."""

    def action(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
        n = i.printed_yield
        if n is None:
            r.step(
                clause,
                _("A %(xp)s-experience worker gains %(what)s by their experience; the text prints no figure.")
                % {"xp": xp, "what": RESOURCE_LABELS[resource]},
            )
            _unlimited(r)
            return _Yield(
                resources={resource: None},
                unprinted=("yield-per-experience", xp * YIELD_PER_EXPERIENCE_READING),
            )
        r.step(
            clause,
            _("A %(xp)s-experience worker gains %(n)s %(what)s.")
            % {"xp": xp, "n": n, "what": RESOURCE_LABELS[resource]},
        )
        _unlimited(r)
        return _Yield(resources={resource: n})

    return action


def _yield_smithy(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.smithy: "根据工人经验将木头转化成同等数量的武器"; pr.concepts.resources: wood makes weapons."""
    wood = i.resources.get("wood", 0)
    r.step(
        "pr.concepts.resources",
        _("Wood is also used to make weapons."),
    )
    cap = i.printed_yield
    if cap is None and wood:
        r.step(
            "pr.tiles.smithy",
            _(
                "A %(xp)s-experience worker converts wood into as many weapons by their experience; "
                "the text prints no figure, and you have %(wood)s wood."
            )
            % {"xp": xp, "wood": wood},
        )
        _unlimited(r)
        return _Yield(
            resources={"wood": None, "weapons": None},
            unprinted=("yield-per-experience", xp * YIELD_PER_EXPERIENCE_READING),
        )
    n = min(cap or 0, wood)
    r.step(
        "pr.tiles.smithy",
        _(
            "A %(xp)s-experience worker converts up to %(cap)s wood; you have %(wood)s: %(n)s wood become %(n)s weapons."
        )
        % {"xp": xp, "cap": "?" if cap is None else cap, "wood": wood, "n": n},
    )
    if cap is not None and wood < cap:
        r.gap("pr.tiles.smithy", "smithy-short-of-wood", wood=wood)
    _unlimited(r)
    return _Yield(resources={"wood": -n, "weapons": n} if n else {})


def _yield_senate(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.senate: "根据你控制的城市板块数量获得金币" (the rate is a gap)."""
    n = i.printed_yield
    if n is None and i.city_tiles:
        r.step(
            "pr.tiles.senate",
            ngettext(
                "You control %(t)s city tile: gold by that count; the text prints no rate.",
                "You control %(t)s city tiles: gold by that count; the text prints no rate.",
                i.city_tiles,
            )
            % {"t": i.city_tiles},
        )
        _unlimited(r)
        return _Yield(
            resources={"gold": None}, unprinted=("senate-rate", i.city_tiles * GOLD_PER_CITY_TILE_READING)
        )
    n = n or 0
    r.step(
        "pr.tiles.senate",
        ngettext(
            "You control %(t)s city tile: %(n)s gold.",
            "You control %(t)s city tiles: %(n)s gold.",
            i.city_tiles,
        )
        % {"t": i.city_tiles, "n": n},
    )
    _unlimited(r)
    return _Yield(resources={"gold": n})


def _yield_forum(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.forum: "每一个你的活跃工人获得2个金币"."""
    each = rules.param("forum_gold")
    n = i.active_workers * each
    r.step(
        "pr.tiles.forum",
        ngettext(
            "%(w)s active worker × %(each)s gold = %(n)s gold.",
            "%(w)s active workers × %(each)s gold = %(n)s gold.",
            i.active_workers,
        )
        % {"w": i.active_workers, "each": each, "n": n},
    )
    r.gap("pr.tiles.forum", "forum-active-workers")
    _unlimited(r)
    return _Yield(resources={"gold": n})


def _yield_maia(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.temple-maia: "每一个你的活跃工人获得2赏赐点"."""
    each = rules.param("maia_favor")
    n = i.active_workers * each
    r.step(
        "pr.tiles.temple-maia",
        ngettext(
            "%(w)s active worker × %(each)s favor = %(n)s favor.",
            "%(w)s active workers × %(each)s favor = %(n)s favor.",
            i.active_workers,
        )
        % {"w": i.active_workers, "each": each, "n": n},
    )
    r.gap("pr.tiles.temple-maia", "maia-active-workers")
    return _Yield(favor=n)


def _yield_apollo(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.temple-apollo: "每一个你控制的城市板块获得1赏赐点"."""
    each = rules.param("apollo_favor")
    n = i.city_tiles * each
    r.step(
        "pr.tiles.temple-apollo",
        ngettext(
            "%(t)s city tile you control × %(each)s favor = %(n)s favor.",
            "%(t)s city tiles you control × %(each)s favor = %(n)s favor.",
            i.city_tiles,
        )
        % {"t": i.city_tiles, "each": each, "n": n},
    )
    return _Yield(favor=n)


def _per_resource(r: Reasoning, i: Any, clause: str, rates: tuple[tuple[str, int], ...]) -> _Yield:
    """A temple paying favor for each unit of some resources you own (they are kept)."""
    parts, total = [], 0
    for resource, each in rates:
        held = i.resources.get(resource, 0)
        total += held * each
        parts.append(f"{held} {RESOURCE_LABELS[resource]} × {each}")
    r.step(
        clause,
        _("You own %(parts)s = %(n)s favor; the resources are only counted, not spent.")
        % {"parts": " + ".join(parts), "n": total},
    )
    return _Yield(favor=total)


def _yield_plutus(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.temple-plutus: "每一个你拥有的木头获得1赏赐点,每一个你拥有的石头获得1赏赐点"."""
    rates = (("wood", rules.param("plutus_wood_favor")), ("stone", rules.param("plutus_stone_favor")))
    return _per_resource(r, i, "pr.tiles.temple-plutus", rates)


def _yield_mercury(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.temple-mercury: "每一个你拥有的大理石获得2赏赐点,每一个你拥有的武器获得2赏赐点"."""
    rates = (
        ("marble", rules.param("mercury_marble_favor")),
        ("weapons", rules.param("mercury_weapons_favor")),
    )
    return _per_resource(r, i, "pr.tiles.temple-mercury", rates)


def _yield_venus(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.temple-venus: "根据你的人心等级获得赏赐点" (the scale is the morale track's, a gap)."""
    n = max(i.morale_favor, 0)
    r.step(
        "pr.tiles.temple-venus",
        _("Your morale level shows %(m)s favor: you gain %(n)s favor.") % {"m": i.morale_favor, "n": n},
    )
    r.step(
        "pr.components.morale-track",
        _("Each level of the morale track shows its favor reward or penalty."),
    )
    r.gap("pr.tiles.temple-venus", "venus-scale")
    return _Yield(favor=n)


def _yield_arena(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.arena: "每两个你控制的城市板块获得一个人心等级"."""
    per, each = rules.param("arena_tiles"), rules.param("arena_morale")
    n = i.city_tiles // per * each
    r.step(
        "pr.tiles.arena",
        ngettext(
            "%(t)s city tile you control, %(each)s morale per %(per)s tiles: morale +%(n)s.",
            "%(t)s city tiles you control, %(each)s morale per %(per)s tiles: morale +%(n)s.",
            i.city_tiles,
        )
        % {"t": i.city_tiles, "each": each, "per": per, "n": n},
    )
    return _Yield(morale=n)


def _yield_oracle(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.oracle: "每一个退休的工人获得两个人心等级"."""
    each = rules.param("oracle_morale")
    n = i.retired * each
    r.step(
        "pr.tiles.oracle",
        ngettext(
            "%(w)s retired worker × %(each)s morale: morale +%(n)s.",
            "%(w)s retired workers × %(each)s morale: morale +%(n)s.",
            i.retired,
        )
        % {"w": i.retired, "each": each, "n": n},
    )
    return _Yield(morale=n)


def _yield_workers_camp(r: Reasoning, i: Any, xp: int, rules: Rules) -> _Yield:
    """pr.tiles.workers-camp: "将一个1经验的工人从村民区放到新手区第一格"."""
    if i.villagers == 0:
        r.step("pr.tiles.workers-camp", _("You have no villager, so nobody moves to the novice area."))
        r.gap("pr.tiles.workers-camp", "camp-without-villager")
        return _Yield()
    r.step(
        "pr.tiles.workers-camp",
        _("One villager becomes a %(xp)s-experience novice on the first space of the novice area.")
        % {"xp": rules.param("novice_experience")},
    )
    return _Yield(recruited=1)


# The section in its order, each tile with its clause (pr.tiles.*). The market and the imperial
# outpost are ruled by their own questions below; the academy works in the upkeep phase.
TILES: dict[str, Tile] = {
    "gold-mine": Tile("pr.tiles.gold-mine", action=_resource("gold", "pr.tiles.gold-mine")),
    "lumber-camp": Tile("pr.tiles.lumber-camp", action=_resource("wood", "pr.tiles.lumber-camp")),
    "quarry": Tile("pr.tiles.quarry", action=_resource("stone", "pr.tiles.quarry")),
    "marble-quarry": Tile("pr.tiles.marble-quarry", action=_resource("marble", "pr.tiles.marble-quarry")),
    "smithy": Tile("pr.tiles.smithy", action=_yield_smithy),
    "senate": Tile("pr.tiles.senate", action=_yield_senate),
    "forum": Tile("pr.tiles.forum", action=_yield_forum),
    "temple-maia": Tile("pr.tiles.temple-maia", action=_yield_maia),
    "temple-apollo": Tile("pr.tiles.temple-apollo", action=_yield_apollo),
    "temple-plutus": Tile("pr.tiles.temple-plutus", action=_yield_plutus),
    "temple-mercury": Tile("pr.tiles.temple-mercury", action=_yield_mercury),
    "temple-venus": Tile("pr.tiles.temple-venus", action=_yield_venus),
    "arena": Tile("pr.tiles.arena", action=_yield_arena),
    "oracle": Tile("pr.tiles.oracle", action=_yield_oracle),
    "workers-camp": Tile("pr.tiles.workers-camp", action=_yield_workers_camp),
    "academy": Tile(
        "pr.tiles.academy",
        special=True,
        no_action=gettext_lazy("The academy is used in the upkeep phase, not as an action."),
    ),
    "labour-camp": Tile("pr.tiles.labour-camp", special=True),
    "statue": Tile(
        "pr.tiles.statue", no_action=gettext_lazy("The statue has no action: it is purely for favor points.")
    ),
    "triumphal-arch": Tile(
        "pr.tiles.triumphal-arch",
        no_action=gettext_lazy("The triumphal arch has no action: it is purely for favor points."),
    ),
}

# --------------------------------------------------------------------------- city-tile


def _city_tile_checks(i):
    if i.tile == "labour-camp" and i.retired_worker:
        yield (
            "retired_worker",
            _("The labour camp itself sends the retired worker: choose the tile it acts on."),
        )
    elif i.retired_worker and i.retired == 0:
        # pr.tiles.labour-camp: "让你的一名退休工人作为6点经验的活跃工人执行一个行动" — the worker it
        # sends is one of the player's retired workers, so a player with none sends none.
        yield ruled_out(
            "retired_worker",
            _("The labour camp sends one of your retired workers, and you have none."),
            "pr.tiles.labour-camp",
        )
    yield from dice_of_a_colour("active_workers", i.active_workers + i.retired + i.villagers)


CITY_TILE_INPUTS = Object(
    player=Player(label=gettext_lazy("Who activates the tile?")),
    tile=Choice.of(WORDS["city_tiles"], label=gettext_lazy("City tile")),
    owner=Player(nullable=True, default=None, label=gettext_lazy("Who built it (empty: a start tile)")),
    fee=Int(0, 99, default=0, label=gettext_lazy("Fee on the tile")),
    used_this_round=Bool(
        default=False, label=gettext_lazy("Already activated this round (a special tile: by this player)?")
    ),
    experience=Int(1, EXPERIENCE_CAP, default=1, label=gettext_lazy("Experience of the worker placed")),
    retired_worker=Bool(
        default=False, label=gettext_lazy("Is the worker a retired one, sent by the labour camp?")
    ),
    active_workers=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Your active workers")),
    retired=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Your retired workers")),
    villagers=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Your villagers")),
    city_tiles=Int(0, CITY_TILES, default=0, label=gettext_lazy("City tiles you control")),
    resources=counts(
        Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("Resources you own (after the fee)")
    ),
    morale_favor=Int(-99, 99, default=0, label=gettext_lazy("Favor shown at your morale level")),
    printed_yield=Int(
        0,
        99,
        nullable=True,
        default=None,
        label=gettext_lazy(
            "Yield the tile prints for this worker (resource tiles, smithy, senate; optional)"
        ),
    ),
    checks=[_city_tile_checks],
)


def _city_tile_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed.")
    gains = [
        f"{n:+d} {RESOURCE_LABELS[r]}"
        if n is not None
        else _("%(r)s (by a figure the text does not print)") % {"r": RESOURCE_LABELS[r]}
        for r, n in o["resources"].items()
    ]
    if o["favor_gained"]:
        gains.append(_("%(n)+d favor") % {"n": o["favor_gained"]})
    if o["morale_gained"]:
        gains.append(_("%(n)+d morale") % {"n": o["morale_gained"]})
    if o["recruited"]:
        gains.append(ngettext("%(n)s novice", "%(n)s novices", o["recruited"]) % {"n": o["recruited"]})
    if not gains and o["returns_to_board"]:
        gains.append(_("a retired worker acts at %(xp)s experience") % {"xp": o["experience"]})
    fee = _("; pay the owner %(fee)s") % {"fee": o["fee_due"]} if o["pays_owner"] else ""
    return _("Allowed: %(gains)s%(fee)s.") % {"gains": names(gains, empty=_("nothing gained")), "fee": fee}


def _refused() -> dict[str, Any]:
    """The outcome of an activation that is not allowed (or has no action)."""
    return {
        "allowed": False,
        "pays_owner": False,
        "fee_due": 0,
        "experience": None,
        "resources": {},
        "favor_gained": 0,
        "morale_gained": 0,
        "recruited": 0,
        "returns_to_board": False,
    }


def _labour_camp(r: Reasoning, i: Any, rules: Rules) -> dict[str, Any]:
    """pr.tiles.labour-camp: "在行动阶段使用,不用活跃工人来执行。每回合一次,支付劳动营的拥有者费用,
    将一个你的已经退休的工人看作是有6点经验的活跃工人执行一个行动"."""
    xp = rules.param("labour_camp_experience")
    if i.used_this_round:
        r.step(
            "pr.tiles.labour-camp",
            _("The labour camp is used once per round: %(p)s already has.") % {"p": i.player},
        )
        return _refused()
    if i.retired == 0:
        r.step("pr.tiles.labour-camp", _("%(p)s has no retired worker to send.") % {"p": i.player})
        return _refused()
    r.step(
        "pr.tiles.labour-camp",
        _(
            "Used in the action phase without an active worker, once per round: one of %(p)s's retired "
            "workers performs one action as an active worker with %(xp)s experience."
        )
        % {"p": i.player, "xp": xp},
    )
    pays = special_fee(r, i.player, i.owner, i.fee)
    r.step(
        "pr.upkeep.labour-camp-return",
        _("At upkeep the retired worker returns to your player board and gains no experience."),
    )
    return {
        **_refused(),
        "allowed": True,
        "pays_owner": pays,
        "fee_due": i.fee if pays else 0,
        "experience": xp,
        "returns_to_board": True,
    }


def _special(r: Reasoning, i: Any, tile: Tile, rules: Rules) -> dict[str, Any]:
    """pr.actions.special: a grey tile, "执行区域为灰色"."""
    r.step("pr.actions.special", _("A special city tile: its activation area is grey."))
    if tile.no_action:
        r.step(tile.clause, str(tile.no_action))
        return _refused()
    return _labour_camp(r, i, rules)


def _worker(r: Reasoning, i: Any, rules: Rules) -> int:
    """The experience the action is performed at: the worker's, or the labour camp's figure."""
    if not i.retired_worker:
        r.step(
            "pr.actions.activate",
            _("A worker from the active area, with %(xp)s experience, is placed on the tile.")
            % {"xp": i.experience},
        )
        return i.experience
    xp = rules.param("labour_camp_experience")
    r.step(
        "pr.tiles.labour-camp",
        _("A retired worker sent by the labour camp acts as an active worker with %(xp)s experience.")
        % {"xp": xp},
    )
    return xp


def _gains(got: _Yield) -> dict[str, int | None]:
    """The resources an activation changes; None: by a figure the text does not print."""
    return {k: v for k, v in got.resources.items() if v is None or v}


def _builder_fee(r: Reasoning, i: Any) -> bool:
    """pr.actions.activate-fee, and pr.concepts.building-yield: "城市板块被执行时会为其建造着带来收益"."""
    pays = activation_fee(r, i.player, i.owner, i.fee)
    if pays:
        r.step(
            "pr.concepts.building-yield",
            _("An activated tile brings its builder %(o)s an income: the fee.") % {"o": i.owner},
        )
        r.gap("pr.concepts.building-yield", "builder-income")
    return pays


@adjudicator("city-tile", inputs=CITY_TILE_INPUTS, summary=_city_tile_summary)
def city_tile(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule one activation of a city tile: allowed, the fee to its builder, and its yield."""
    r = Reasoning()
    tile = TILES[i.tile]
    if tile.special:
        return r.result(_special(r, i, tile, rules))
    if tile.no_action:
        r.step(tile.clause, str(tile.no_action))
        return r.result(_refused())
    xp = _worker(r, i, rules)
    # pr.actions.activate-once-per-round: "每个城市板块一回合只能被执行一次".
    if i.used_this_round:
        r.step(
            "pr.actions.activate-once-per-round",
            _("This tile has already been activated this round: it cannot be activated again."),
        )
        return r.result(_refused())
    r.step(
        "pr.actions.activate-once-per-round",
        _("Nobody has activated this tile this round, so it is free to use."),
    )
    pays = _builder_fee(r, i)
    # pr.actions.activate-yield: "4. 获得收益" — what the tile's own clause gives.
    r.step("pr.actions.activate-yield", _("You gain the tile's yield."))
    got = tile.action(r, i, xp, rules)
    if got.unprinted is not None:
        gap, figure = got.unprinted
        # The other reading, run by the same action: the tile prints that figure.
        other = {"resources": _gains(tile.action(Reasoning(), replace(i, printed_yield=figure), xp, rules))}
        if gap == "senate-rate":
            r.gap(
                "pr.tiles.senate", "senate-rate", readings=[(_("One gold per city tile you control."), other)]
            )
        else:
            reading = _("One unit per point of the worker's experience.")
            r.gap("pr.components.city-tile-action", "yield-per-experience", readings=[(reading, other)])
    if i.retired_worker:
        # pr.upkeep.labour-camp-return: "返回他们至你的玩家面板,他们不获得经验".
        r.step(
            "pr.upkeep.labour-camp-return",
            _("At upkeep the retired worker returns to your player board and gains no experience."),
        )
    return r.result(
        {
            "allowed": True,
            "pays_owner": pays,
            "fee_due": i.fee if pays else 0,
            "experience": xp,
            "resources": _gains(got),
            "favor_gained": got.favor,
            "morale_gained": got.morale,
            "recruited": got.recruited,
            "returns_to_board": i.retired_worker,
        }
    )


# --------------------------------------------------------------------------- market


def _market_checks(i):
    for side in ("give", "take"):
        for res, qty in getattr(i, side).items():
            if res != "gold" and qty and res not in i.rates:
                yield f"rates.{res}", _("Give the market rate of %(r)s.") % {"r": RESOURCE_LABELS[res]}
    for res, qty in i.take.items():
        if qty and i.give.get(res, 0):
            yield f"take.{res}", _("You cannot give and take the same resource.")
    yield from gold_is_gold(i)


MARKET_INPUTS = Object(
    resources=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("Resources you own")),
    rates=counts(
        Choice.of(RESOURCE_LABELS), 99, default={}, label=gettext_lazy("Market rate: gold per unit")
    ),
    give=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("What you give")),
    take=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("What you take")),
    checks=[_market_checks],
)


def _value(side: Mapping[str, int], rates: Mapping[str, int]) -> tuple[int, str]:
    """The gold value of a side of the exchange at the market rates, and how it adds up."""
    total, parts = 0, []
    for res in RESOURCES:
        qty = side.get(res, 0)
        if qty:
            rate = 1 if res == "gold" else rates[res]
            total += qty * rate
            parts.append(f"{qty} {RESOURCE_LABELS[res]} × {rate}")
    return total, " + ".join(parts) or "0"


def _market_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed.")
    return _("Allowed: %(v)s gold's worth each way.") % {"v": o["value_given"]}


@adjudicator("market", inputs=MARKET_INPUTS, summary=_market_summary)
def market(i: Any, *, variant: str, rules: Rules) -> Result:
    """pr.tiles.market: may this exchange be made at the market ratios, and what is left after it."""
    r = Reasoning()
    given, given_parts = _value(i.give, i.rates)
    taken, taken_parts = _value(i.take, i.rates)
    r.step(
        "pr.components.exchange-rates",
        _(
            "The market ratios are the exchange rates on your player board: you give %(g)s = %(gv)s gold, "
            "you take %(t)s = %(tv)s gold."
        )
        % {"g": given_parts, "gv": given, "t": taken_parts, "tv": taken},
    )
    r.gap("pr.components.exchange-rates", "market-ratios")
    short = [res for res in RESOURCES if i.give.get(res, 0) > i.resources.get(res, 0)]
    allowed = not short and given == taken and given > 0
    if short:
        text = _("You cannot give what you do not own: %(list)s.") % {
            "list": names(
                f"{i.give[res]} {RESOURCE_LABELS[res]} ({i.resources.get(res, 0)})" for res in short
            )
        }
    elif given == 0 and taken == 0:
        text = _("Nothing is exchanged.")
    elif given == taken:
        text = _(
            "You may exchange resources freely at the market ratios: both sides are worth %(v)s gold."
        ) % {"v": given}
    else:
        text = _(
            "The two sides are worth %(g)s and %(t)s gold: that is not an exchange at the market ratios."
        ) % {
            "g": given,
            "t": taken,
        }
    r.step("pr.tiles.market", text)
    if not short and given > taken:
        r.gap("pr.tiles.market", "market-overpay")
    after = dict(i.resources)
    if allowed:
        for res in RESOURCES:
            after[res] = after.get(res, 0) - i.give.get(res, 0) + i.take.get(res, 0)
    return r.result(
        {
            "allowed": allowed,
            "value_given": given,
            "value_taken": taken,
            "resources_after": {res: after[res] for res in RESOURCES if after.get(res)},
        }
    )


# --------------------------------------------------------------------------- imperial-outpost

IMPERIAL_OUTPOST_INPUTS = Object(
    wall_available=Bool(default=True, label=gettext_lazy("Is a wall tile available?")),
    wall=Object(
        cost=counts(Choice.of(RESOURCE_LABELS), 99, default={}, label=gettext_lazy("Resources it demands")),
        favor=Int(0, 99, label=gettext_lazy("Favor it rewards")),
        label=gettext_lazy("The available wall tile's front"),
    ),
    resources=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("Resources you own")),
    walls=List(
        Int(0, 99, label=gettext_lazy("Extra favor on its back")),
        max_length=WALL_TILES,
        default=[],
        label=gettext_lazy("Your face-down wall tiles"),
    ),
)


def _imperial_outpost_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed.")
    return ngettext(
        "Allowed: %(f)s favor; you now have %(w)s wall tile.",
        "Allowed: %(f)s favor; you now have %(w)s wall tiles.",
        o["walls"],
    ) % {"f": o["favor_gained"], "w": o["walls"]}


@adjudicator("imperial-outpost", inputs=IMPERIAL_OUTPOST_INPUTS, summary=_imperial_outpost_summary)
def imperial_outpost(i: Any, *, variant: str, rules: Rules) -> Result:
    """pr.tiles.imperial-outpost: pay the available wall tile's demand for its favor and the backs' bonus."""
    r = Reasoning()
    r.step(
        "pr.concepts.caesar",
        _("Activating the imperial outpost satisfies Caesar's demands: resources paid for favor points."),
    )
    refused = {"allowed": False, "paid": {}, "favor_gained": 0, "walls": len(i.walls)}
    if not i.wall_available:
        r.step("pr.tiles.imperial-outpost", _("No wall tile is available to choose."))
        return r.result(refused)
    demand = {res: i.wall.cost[res] for res in RESOURCES if i.wall.cost.get(res)}
    r.step(
        "pr.components.wall-tile-front",
        _("The wall tile's front demands %(cost)s and rewards %(f)s favor.")
        % {"cost": names(f"{n} {RESOURCE_LABELS[res]}" for res, n in demand.items()), "f": i.wall.favor},
    )
    short = [res for res, n in demand.items() if i.resources.get(res, 0) < n]
    if short:
        r.step(
            "pr.tiles.imperial-outpost",
            _("You cannot pay its cost: too little %(list)s.")
            % {"list": names(str(RESOURCE_LABELS[res]) for res in short)},
        )
        return r.result(refused)
    r.step("pr.concepts.resources", _("Any resource may be used to satisfy Caesar's demands."))
    bonus = sum(i.walls)
    r.step(
        "pr.tiles.imperial-outpost",
        ngettext(
            "You pay the cost and gain %(f)s favor, plus the extra favor of your %(n)s face-down wall tile: "
            "%(total)s; then it goes face down in front of you.",
            "You pay the cost and gain %(f)s favor, plus the extra favor of your %(n)s face-down wall tiles: "
            "%(total)s; then it goes face down in front of you.",
            len(i.walls),
        )
        % {"f": i.wall.favor, "n": len(i.walls), "total": i.wall.favor + bonus},
    )
    if i.walls:
        r.step(
            "pr.components.wall-tile-back",
            _("Their backs show the extra favor for completing more of the Wall: %(list)s = %(b)s.")
            % {"list": " + ".join(str(b) for b in i.walls), "b": bonus},
        )
    return r.result(
        {"allowed": True, "paid": demand, "favor_gained": i.wall.favor + bonus, "walls": len(i.walls) + 1}
    )
