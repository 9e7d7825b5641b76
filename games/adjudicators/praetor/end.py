"""The round's end and the game's: the last-round check (upkeep step 7, ``last-round``), the
city's maintenance (step 6, and the first reveal at set-up: ``refill``) and what follows each
phase, the end of the game included (pr.flow.*: ``game-end``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import labels
from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Int, Object, ruled_out
from games.engine.rules import active as rules_in_force

from .common import CITY_TILES, GAME, MAX_PLAYERS, MIN_PLAYERS, WALL_TILES, WORDS, adjudicator, past_the_box

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


# --------------------------------------------------------------------------- game-end

# pr.flow.rounds: the three phases of a round, in order (the phases map adds final scoring).
ROUND_PHASES = ("turn-order", "actions", "upkeep")


def _announced(i):
    """pr.upkeep.city-deck-empty / wall-deck-empty: a stack only shrinks when the city is
    maintained (upkeep step 6), and step 7 then announces the last round if it is empty; so
    before an upkeep, an empty stack means this round was announced as the last."""
    if i.last_round or i.phase == "upkeep":
        return
    for path, left, clause in (
        ("city_deck", i.city_deck, "pr.upkeep.city-deck-empty"),
        ("wall_deck", i.wall_deck, "pr.upkeep.wall-deck-empty"),
    ):
        if left == 0:
            yield ruled_out(
                path,
                _("The stack was empty at the last upkeep's check, so this round is the last."),
                clause,
            )


GAME_END_INPUTS = Object(
    phase=Choice(
        ROUND_PHASES,
        labels={p: WORDS["phases"][p] for p in ROUND_PHASES},
        label=gettext_lazy("Phase being played"),
    ),
    last_round=Bool(
        default=False, label=gettext_lazy("Is this the last round (announced at the previous upkeep)?")
    ),
    city_deck=Int(
        0,
        CITY_TILES,
        nullable=True,
        default=None,
        label=gettext_lazy("City tiles left in the stack (optional)"),
    ),
    wall_deck=Int(
        0,
        WALL_TILES,
        nullable=True,
        default=None,
        label=gettext_lazy("Wall tiles left in the stack (optional)"),
    ),
    checks=[_announced],
)


def _game_end_summary(o: dict[str, Any]) -> str:
    if o["game_over"]:
        return _("The game ends: final scoring follows.")
    return _("Next: %(p)s.") % {"p": labels.value_label(GAME, "next_phase", o["next_phase"])}


def _after_upkeep(r: Reasoning, last: bool) -> dict[str, Any]:
    """pr.upkeep.maintain-city ("最后一回合跳过"), and what follows the upkeep of a round."""
    if not last:
        r.step(
            "pr.upkeep.maintain-city",
            _(
                "Not the last round: the city is maintained in upkeep step 6, then step 7 checks whether "
                "the next round is the last."
            ),
        )
        r.step("pr.flow.turn-order-phase", _("A new round begins with its turn-order phase."))
        return {"next_phase": "turn-order", "game_over": False, "maintain_city": True}
    r.step("pr.upkeep.maintain-city", _("The last round: upkeep step 6, maintaining the city, is skipped."))
    r.step("pr.flow.final-scoring", _("After the last round of the game there is a final scoring phase."))
    r.step("pr.final.last-round-only", _("Final scoring comes after the last round only."))
    r.step(
        "pr.overview.game-end",
        _("The game ends: the stacks announced the last round, and the most favor wins."),
    )
    r.gap("pr.overview.game-end", "game-end-after-last-round")
    return {"next_phase": "final-scoring", "game_over": True, "maintain_city": False}


@adjudicator("game-end", inputs=GAME_END_INPUTS, summary=_game_end_summary)
def game_end(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule what follows the phase being played: the next phase, or the end of the game."""
    r = Reasoning()
    r.step(
        "pr.flow.rounds",
        _("The game is played in rounds of three phases: turn order, actions, upkeep."),
    )
    if i.phase == "turn-order":
        r.step("pr.flow.turn-order-phase", _("The turn-order phase is the first of the round."))
        r.step("pr.flow.action-phase", _("The action phase follows it."))
        return r.result({"next_phase": "actions", "game_over": False, "maintain_city": None})
    if i.phase == "actions":
        r.step("pr.flow.action-phase", _("The action phase is the second of the round."))
        r.step("pr.flow.upkeep-phase", _("The upkeep phase follows it."))
        return r.result({"next_phase": "upkeep", "game_over": False, "maintain_city": None})
    r.step("pr.flow.upkeep-phase", _("The upkeep phase is the last of the round."))
    return r.result(_after_upkeep(r, i.last_round))


# --------------------------------------------------------------------------- refill


def _refill_checks(i):
    if i.era_one > i.city_deck:
        yield "era_one", _("The era I tiles are among the %(n)s tiles of the stack.") % {"n": i.city_deck}
    rules = rules_in_force()
    yield from _in_the_box(i.available + i.city_deck, i.walls_available + i.wall_deck)
    if i.setup:
        # pr.setup.reveal: "翻开玩家人数加1数量的城市板块形成可用城市板块,并翻开顶部的城墙板块" —
        # the first reveal makes the available tiles; none are there before it.
        for path, n in (("available", i.available), ("walls_available", i.walls_available)):
            if n:
                yield ruled_out(
                    path, _("Nothing is available before the first reveal at set-up."), "pr.setup.reveal"
                )
        return
    # pr.upkeep.refill-city-tiles / pr.setup.reveal: every reveal stops at players plus one, and
    # the action phase only takes tiles away, so a later refill never finds more.
    most = i.players + rules.param("refill_extra")
    if i.available > most:
        yield ruled_out(
            "available",
            _(
                "The last reveal stopped at %(n)s available city tiles (players plus %(e)s); the round only takes them away."
            )
            % {"n": most, "e": rules.param("refill_extra")},
            "pr.upkeep.refill-city-tiles",
        )
    # pr.upkeep.replace-wall-tile: "移除所有可用的城墙板块,翻开一个新的" (and the first reveal turns
    # up one): one wall tile at most is ever available.
    if i.walls_available > 1:
        yield ruled_out(
            "walls_available",
            _("Each upkeep removes every available wall tile and turns up one: at most one is available."),
            "pr.upkeep.replace-wall-tile",
        )


def _in_the_box(city: int, walls: int):
    """pr.components.city-tiles / wall-tiles ("42个城市板块", "14个城墙板块"): the tiles available
    and in the stack together are no more than the game has."""
    message = _("These are %(n)s tiles together; the game has %(have)s.")
    yield from past_the_box("city_deck", city, "city_tiles", "pr.components.city-tiles", message)
    yield from past_the_box("wall_deck", walls, "wall_tiles", "pr.components.wall-tiles", message)


REFILL_INPUTS = Object(
    setup=Bool(default=False, label=gettext_lazy("At set-up (the first reveal)?")),
    last_round=Bool(default=False, label=gettext_lazy("Is this the last round?")),
    players=Int(MIN_PLAYERS, MAX_PLAYERS, label=gettext_lazy("Players")),
    available=Int(0, CITY_TILES, default=0, label=gettext_lazy("City tiles still available")),
    city_deck=Int(0, CITY_TILES, label=gettext_lazy("City tiles left in the stack")),
    era_one=Int(0, CITY_TILES, default=0, label=gettext_lazy("Era I tiles among them (on top)")),
    walls_available=Int(0, WALL_TILES, default=0, label=gettext_lazy("Wall tiles still available")),
    wall_deck=Int(0, WALL_TILES, label=gettext_lazy("Wall tiles left in the stack")),
    checks=[_refill_checks],
)


def _refill_summary(o: dict[str, Any]) -> str:
    return ngettext(
        "%(n)s city tile turned up: %(a)s available, %(d)s left in the stack (era %(era)s).",
        "%(n)s city tiles turned up: %(a)s available, %(d)s left in the stack (era %(era)s).",
        o["turned_up"],
    ) % {"n": o["turned_up"], "a": o["available_after"], "d": o["city_deck_after"], "era": o["era"]}


def _turn_up(r: Reasoning, i: Any, target: int, clause: str) -> int:
    """Turn up city tiles until ``target`` are available (what the stack holds at most)."""
    wanted = max(target - i.available, 0)
    turned = min(wanted, i.city_deck)
    r.step(
        clause,
        ngettext(
            "%(a)s available, %(t)s wanted (%(p)s players plus %(e)s): turn up %(n)s city tile.",
            "%(a)s available, %(t)s wanted (%(p)s players plus %(e)s): turn up %(n)s city tiles.",
            turned,
        )
        % {"a": i.available, "t": target, "p": i.players, "e": target - i.players, "n": turned},
    )
    if turned < wanted and clause == "pr.upkeep.refill-city-tiles":
        r.gap(clause, "city-stack-runs-short", n=i.city_deck)
    return turned


def _era(r: Reasoning, i: Any, turned: int) -> str:
    """pr.setup.stacks ("I在上面") and pr.upkeep.retirement ("根据城市板块堆上来决定…时代")."""
    left_one = max(i.era_one - turned, 0)
    deck = i.city_deck - turned
    era = "I" if left_one else "II"
    r.step(
        "pr.setup.stacks",
        _("Era I tiles lie on top of the stack, so they are turned up first: %(n)s left of %(d)s.")
        % {"n": left_one, "d": deck},
    )
    r.step("pr.upkeep.retirement", _("The city tile stack now shows era %(era)s.") % {"era": era})
    if deck == 0:
        r.gap("pr.upkeep.retirement", "era-of-an-empty-stack")
    return era


@adjudicator("refill", inputs=REFILL_INPUTS, summary=_refill_summary)
def refill(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule the city's maintenance (or the first reveal): the city tiles turned up, the wall tile."""
    r = Reasoning()
    if i.setup:
        extra = rules.param("reveal_extra")
        turned = _turn_up(r, i, i.players + extra, "pr.setup.reveal")
        r.step("pr.setup.reveal", _("The top wall tile is revealed."))
        removed, wall = 0, i.wall_deck > 0
    elif i.last_round:
        r.step("pr.upkeep.maintain-city", _("The last round: the city is not maintained."))
        return r.result(
            {
                "turned_up": 0,
                "available_after": i.available,
                "city_deck_after": i.city_deck,
                "era": "I" if i.era_one else "II",
                "walls_removed": 0,
                "wall_turned_up": False,
                "wall_deck_after": i.wall_deck,
            }
        )
    else:
        r.step("pr.upkeep.maintain-city", _("Upkeep step 6: the city is maintained."))
        extra = rules.param("refill_extra")
        turned = _turn_up(r, i, i.players + extra, "pr.upkeep.refill-city-tiles")
        removed, wall = i.walls_available, i.wall_deck > 0
        gone = ngettext(
            "%(n)s available wall tile is removed",
            "%(n)s available wall tiles are removed",
            removed,
        ) % {"n": removed}
        new = (
            _("a new one is turned up (%(d)s in the stack).") % {"d": i.wall_deck}
            if wall
            else _("the wall stack is empty, so none is turned up.")
        )
        r.step("pr.upkeep.replace-wall-tile", _("%(gone)s; %(new)s") % {"gone": gone, "new": new})
    era = _era(r, i, turned)
    return r.result(
        {
            "turned_up": turned,
            "available_after": i.available + turned,
            "city_deck_after": i.city_deck - turned,
            "era": era,
            "walls_removed": removed,
            "wall_turned_up": wall,
            "wall_deck_after": i.wall_deck - (1 if wall else 0),
        }
    )
