"""Section "setup" (游戏设置): the starting favor markers and the first turn order (``starting-favor``),
the city tiles in play and each player's starting stock (``setup``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, around_table, names
from games.engine.declare import Choice, Int, Map, Object, Player, Players

from .common import CITY_TILES, MAX_PLAYERS, MIN_PLAYERS, RESOURCE_LABELS, adjudicator, past_the_box

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


# --------------------------------------------------------------------------- setup

# pr.setup.tiles-by-player-count: each city tile is marked with the least number of players it is
# played with ("3人游戏选取2+和3+的板块").
MARKS = {"2+": 2, "3+": 3, "4+": 4, "5+": 5}


def _tiles_in_the_box(i: Any):
    """pr.components.city-tiles: "42个城市板块" — the marks together cannot count more tiles than
    the game has (each mark alone is bounded by the same figure)."""
    yield from past_the_box(
        "tiles",
        sum(i.tiles.values()),
        "city_tiles",
        "pr.components.city-tiles",
        _("These marks count %(n)s city tiles together; the game has %(have)s."),
    )


SETUP_INPUTS = Object(
    players=Int(MIN_PLAYERS, MAX_PLAYERS, label=gettext_lazy("Players")),
    tiles=Map(
        Choice(tuple(MARKS)),
        Int(0, CITY_TILES),
        default={},
        label=gettext_lazy("City tiles of each player-count mark, eras I and II together"),
    ),
    checks=[_tiles_in_the_box],
)


def _setup_summary(o: dict[str, Any]) -> str:
    return ngettext(
        "%(n)s city tile in play (%(marks)s); each player's active workers start at %(w)s experience.",
        "%(n)s city tiles in play (%(marks)s); each player's active workers start at %(w)s experience.",
        o["tiles_in_play"],
    ) % {"n": o["tiles_in_play"], "marks": names(o["marks_used"]), "w": names(str(w) for w in o["workers"])}


def _tiles(r: Reasoning, i: Any) -> tuple[list[str], int]:
    """pr.setup.tiles-by-player-count: the tiles marked for this many players or fewer."""
    used = [mark for mark, least in MARKS.items() if least <= i.players]
    count = sum(i.tiles.get(mark, 0) for mark in used)
    r.step(
        "pr.setup.tiles-by-player-count",
        _(
            "With %(p)s players the tiles marked %(marks)s are used: %(n)s city tiles, besides the starting tiles."
        )
        % {"p": i.players, "marks": names(used), "n": count},
    )
    return used, count


@adjudicator("setup", inputs=SETUP_INPUTS, summary=_setup_summary)
def setup(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule the set-up: which city tiles are played, and what each player starts with."""
    r = Reasoning()
    used, count = _tiles(r, i)
    # pr.setup.starting-resources: "拿取10个金币,4个木头,3个石头,2个大理石,1个武器".
    stock = {
        "gold": rules.param("start_gold"),
        "wood": rules.param("start_wood"),
        "stone": rules.param("start_stone"),
        "marble": rules.param("start_marble"),
        "weapons": rules.param("start_weapons"),
    }
    workers = sorted(
        (rules.param("start_xp_low"), rules.param("start_xp_mid"), rules.param("start_xp_high")), reverse=True
    )
    villagers = max(rules.param("worker_dice") - len(workers), 0)
    morale = rules.param("start_morale")
    r.step(
        "pr.setup.starting-resources",
        _(
            "Each player takes %(stock)s, puts a marker on %(m)s of the morale track, and has active workers "
            "at %(workers)s experience; the other %(v)s, at %(vx)s, are villagers."
        )
        % {
            "stock": names(f"{n} {RESOURCE_LABELS[res]}" for res, n in stock.items()),
            "m": morale,
            "workers": names(str(w) for w in workers),
            "v": villagers,
            "vx": rules.param("villager_experience"),
        },
    )
    r.gap("pr.setup.starting-resources", "worker-dice-per-colour", v=villagers)
    r.step(
        "pr.setup.gold-mine-marker",
        _("Each player puts a marker on the gold mine nearest to them: that start tile is theirs."),
    )
    r.gap("pr.setup.gold-mine-marker", "start-gold-mine-owner")
    return r.result(
        {
            "marks_used": used,
            "tiles_in_play": count,
            "starting_resources": stock,
            "workers": workers,
            "villagers": villagers,
            "morale": morale,
            "city_tiles": 1,
        }
    )
