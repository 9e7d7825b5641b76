"""Mega Civilization: the vocabulary and declarations every phase module shares.

The list of players and the A.S.T. order (section "ast-order", ``mc.ast-order.*``) are
declared here once. ``ast_order`` lists players in A.S.T. order: the first acts first and
wins an A.S.T. tie-break (docs/api.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import labels
from games.engine import P, names, registrar, unique_names, unknown_players
from games.engine.declare import Field, Int, List, Player, player_list, ruled_out
from games.engine.rules import active as rules_in_force

GAME = "mega-civilization"
adjudicator = registrar(GAME)
# The game's vocabulary (the [maps] of labels.toml): the phases of the round, in order.
WORDS = labels.vocabulary(Path(__file__).parent / "labels.toml")

# The text gives no token counts; these bounds only keep inputs sane (not text figures).
MAX_TOKENS = 999
MAX_LIMIT = 99
# The trade-card stacks are numbered 1 to 9 (the deck's layout, which the summary takes
# for granted: mc.trade-cards.acquisition draws from stacks 1..n, mc.trade-cards.buy-stack-9
# names stack 9). This is the input's vocabulary, not a figure a clause states.
STACKS = tuple(str(n) for n in range(1, 10))

# The most players any clause allows: "9 για παιγνίδι με 12 έως 18 παίκτες"
# (mc.hand-limit.12-to-18, bound as ``large_game_max_players``).
MAX_PLAYERS = P("large_game_max_players")
# "και τις 9 πόλεις τους" (mc.tax.revolt-city-destroyed): the city pieces of one player.
MAX_CITIES = P("cities_per_player")


def cities_on_map() -> Int:
    """How many cities a player has on the map: 0 to their ``MAX_CITIES`` city pieces."""
    return Int(0, MAX_CITIES, label=gettext_lazy("Cities on the map"))


def players(**fields: Field) -> List:
    """The list of players, each ``{name, **fields}``; names are checked by ``PLAYER_CHECKS``
    (or ``AST_PLAYER_CHECKS`` beside ``players_in_ast_order``)."""
    return player_list(max_length=MAX_PLAYERS, **fields)


def some_players(label: Any) -> List:
    """Some of the players by name, each at most once, or none."""
    return List(Player(), max_length=MAX_PLAYERS, unique=True, default=[], label=label)


def ast_order(*, optional: bool = False, label: Any = None) -> List:
    """The A.S.T. order (mc.ast-order.ties): the first listed acts first."""
    if optional:
        return some_players(label or gettext_lazy("A.S.T. order (optional)"))
    return List(
        Player(),
        min_length=1,
        max_length=MAX_PLAYERS,
        unique=True,
        label=label or gettext_lazy("A.S.T. order (first acts first)"),
    )


def player_names(i: Any) -> list[str]:
    return [p.name for p in i.players]


def ast_order_covers_players(i: Any) -> Iterator[tuple[str, str]]:
    """Every name in ``ast_order`` is a player, and every player is in it."""
    known = player_names(i)
    yield from unknown_players(i, "ast_order", known)
    missing = [name for name in known if name not in i.ast_order]
    if missing:
        yield (
            "ast_order",
            _("The A.S.T. order must list every player; missing: %(p)s.") % {"p": names(missing)},
        )


def players_in_ast_order(**fields: Field) -> dict[str, Field]:
    """The players (each ``{name, **fields}``) and the A.S.T. order they act in, the two
    inputs of a rule that breaks ties by mc.ast-order.ties ("βάσει της κατάταξής τους στον
    Πίνακα Αρχαιολογικής Μεταβολής"); pass them first to ``Object`` and check them with
    ``AST_PLAYER_CHECKS``."""
    return {"players": players(**fields), "ast_order": ast_order()}


# A list of players names each player once; an A.S.T. order beside it lists exactly them.
PLAYER_CHECKS = (unique_names("players"),)
AST_PLAYER_CHECKS = (*PLAYER_CHECKS, ast_order_covers_players)


def known_players(field: str) -> Any:
    """An input check that every name (or key) of ``field`` is one of the players."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        return unknown_players(i, field, player_names(i))

    return check


def known_names(field: str) -> Any:
    """An input check that every name (or key) of ``field`` is in the A.S.T. order (the inputs
    that list the players only there)."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        return unknown_players(i, field, list(i.ast_order))

    return check


def players_the_text_knows(path: str, n: int) -> Iterator[tuple]:
    """mc.hand-limit.5-to-11 / 12-to-18: the only player counts the text gives a game are
    ``small_game_min_players`` to ``large_game_max_players`` (5 to 18); the hand limit, the
    winner and the phase order read the same two figures, so they agree on who can play."""
    rules = rules_in_force()
    fewest, most = rules.params["small_game_min_players"], rules.params["large_game_max_players"]
    if n < fewest.value:
        yield ruled_out(
            path,
            _("The text gives a game of %(min)s to %(max)s players; %(n)s is too few.")
            % {"min": fewest.value, "max": most.value, "n": n},
            fewest.clause,
        )
    elif n > most.value:
        yield ruled_out(
            path,
            _("The text gives a game of %(min)s to %(max)s players; %(n)s is too many.")
            % {"min": fewest.value, "max": most.value, "n": n},
            most.clause,
        )
