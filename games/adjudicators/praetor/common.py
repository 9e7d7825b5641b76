"""Praetor's shared vocabulary and input declarations (no clause of its own).

Figures the text states are parameters of their clauses (``rules.param``/``P``); what
is here is vocabulary and our own caps on input sizes:

- ``max_players`` (pr.components.player-boards: "5张玩家面板", five boards and colours);
- ``worker_dice`` (pr.components.dice-and-discs: "8个工人骰子", read as per colour);
- ``city_tiles`` / ``wall_tiles`` (pr.components.city-tiles / wall-tiles: 42 and 14);
- ``experience_cap`` (pr.concepts.workers-dice: a worker is a die, retiring at 6).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from django.utils.translation import gettext as _

from games import labels
from games.engine import P, registrar
from games.engine.declare import Field, Int, List, player_list, ruled_out
from games.engine.rules import active as rules_in_force

GAME = "praetor"
adjudicator = registrar(GAME)
# The resources, tile colours and the like are the game's words, with their Polish:
# labels.toml's [maps] (games.labels), read here because the input declarations name them.
WORDS = labels.vocabulary(Path(__file__).parent / "labels.toml")
# pr.concepts.resources names five resources; these are their outcome/input keys.
RESOURCES = ("gold", "wood", "stone", "marble", "weapons")
RESOURCE_LABELS = WORDS["resources"]
# Era I and II city tiles (pr.setup.stacks, pr.upkeep.retirement).
ERAS = ("I", "II")
# The overview names no minimum; the smallest tile set is "2+" (pr.setup.tiles-by-player-count).
MIN_PLAYERS = 2

MAX_PLAYERS = P("max_players")
MAX_WORKERS = P("worker_dice")
EXPERIENCE_CAP = P("experience_cap")
CITY_TILES = P("city_tiles")
WALL_TILES = P("wall_tiles")


def favor_field(label):
    """Favor points (our own generous bounds; penalties can make them negative)."""
    return Int(-999, 9999, label=label)


def morale_field(label, **kw):
    """A morale level (the track is printed on the player board, not in the text)."""
    return Int(-99, 99, label=label, **kw)


def players(**fields: Field) -> List:
    """The players compared by a rule, each ``{name, **fields}``: from ``MIN_PLAYERS`` to
    pr.components.player-boards' "5张玩家面板" (``max_players``)."""
    return player_list(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS, **fields)


def dice_of_a_colour(path: str, workers: int) -> Iterator[tuple]:
    """pr.components.dice-and-discs: "8个工人骰子" (``worker_dice``, read as per colour): a
    player's workers together, wherever they are, cannot be more dice than a colour has."""
    return past_the_box(
        path,
        workers,
        "worker_dice",
        "pr.components.dice-and-discs",
        _("These are %(n)s workers of one player together; a colour has %(have)s worker dice."),
    )


def gold_is_gold(i) -> Iterator[tuple]:
    """pr.final.convert-resources: "按照市场比例把资源转换成金币" — a market ratio is a resource's
    price in gold, so gold's own is 1 and no other figure."""
    if "gold" in i.rates and i.rates["gold"] != 1:
        yield ruled_out(
            "rates.gold",
            _("A market ratio is a price in gold: gold's own is 1."),
            "pr.final.convert-resources",
        )


def past_the_box(path: str, n: int, param: str, clause: str, message: str) -> Iterator[tuple]:
    """``n`` pieces counted together are more than the game has (``param``, the figure of
    ``clause``): ruled out, saying ``message`` (with ``%(n)s`` and ``%(have)s``)."""
    have = rules_in_force().param(param)
    if n > have:
        yield ruled_out(path, message % {"n": n, "have": have}, clause)
