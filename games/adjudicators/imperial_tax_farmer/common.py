"""Imperial Tax Farmer: what the adjudicators share (the game, its dice, its players, majority).

The figures here come from the introduction of the rules (section ``intro``) and are
parameters of their clauses, never constants:

- ``die_faces`` and ``max_dice`` (itf.setup.dice: "kostek sześciennych (maksymalnie 6)"):
  a die shows 1 to 6, and with one die per player in the Rebellion Test
  (itf.rebellion.dice-count) at most 6 players take part;
- ``min_players`` (itf.setup.three-players: "uczestniczy tylko 3 graczy"): the fewest
  players the text foresees.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine import P, registrar, tied_for_best
from games.engine.declare import Die as _BaseDie
from games.engine.declare import Int, ruled_out

GAME = "imperial-tax-farmer"
adjudicator = registrar(GAME)

# Not in the text: large enough for any table, small enough to keep arithmetic trivial.
MAX_COUNT = 999


class Die(_BaseDie):
    """One die of the game: 1 to ``die_faces`` ("kostek sześciennych", itf.setup.dice)."""

    def __init__(self, **kw: Any):
        # The engine's Die is fixed at 1-6; this one reads its faces from the edition.
        Int.__init__(self, 1, P("die_faces"), **kw)


def dice_text(dice: Iterable[int]) -> str:
    """Say a roll as a sum ("4 + 2")."""
    return " + ".join(str(d) for d in dice)


def leader(counts: Mapping[str, int]) -> str | None:
    """The player with strictly more agents than every other, or None.

    itf.actions.no-majority: "przewaga" (majority) is read as strictly more agents than
    every other player; nobody has it with no agents at all.
    """
    best, leaders = tied_for_best(counts, counts.get, default=0)
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def most_of_the_others(counts: Mapping[str, int], player: str) -> int:
    """The most agents any player but ``player`` has (0 when nobody else is there)."""
    return max((n for p, n in counts.items() if p != player), default=0)


def at_most_players(field: str) -> Callable[[Any], Iterator[tuple[str, str]]]:
    """An input check: ``field`` lists no more players than there are dice (itf.setup.dice)."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        # Checks run while the edition is in force, so the parameter resolves.
        most = P("max_dice").value()
        if len(getattr(i, field)) > most:
            yield ruled_out(
                field, _("At most %(n)s players take part in the game.") % {"n": most}, "itf.setup.dice"
            )

    return check
