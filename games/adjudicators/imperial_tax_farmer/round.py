"""Imperial Tax Farmer, the end of the round and of the game (itf.round-end.*, itf.game-end.*,
itf.optional.everyone-loses): the end-of-round adjudicator.

The source writes these rules at the end of section "4. Przekupstwo". Readings, each a
gap when reached: "below the marker" is checked after the marker has moved, and
strictly; a marker rolled past the last space stops there and ends the game; a tie of
more players than ``tie_winners`` after every tie-break gives that many winners.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Fmt, P, Reasoning, Result, Rules, names, tied_for_best, unknown_players
from games.engine.declare import Bool, Int, List, Object, Player, counts, ruled_out

from .common import MAX_COUNT, Die, adjudicator, dice_text, leader


def _round_players(i: Any) -> Iterator[tuple[str, str]]:
    fewest, most = P("min_players").value(), P("max_dice").value()
    n = len(i.points)
    if not fewest <= n <= most:
        # itf.setup.three-players ("uczestniczy tylko 3 graczy", the fewest) and itf.setup.dice
        # (one die each, "maksymalnie 6").
        yield ruled_out(
            "points",
            _("The game is for %(min)s to %(max)s players; %(n)s are listed.")
            % {"min": fewest, "max": most, "n": n},
            "itf.setup.three-players" if n < fewest else "itf.setup.dice",
        )
    # A player left out of imperia_agents had no agents there; a name that is
    # not among the players is a typo.
    yield from unknown_players(i, "imperia_agents", i.points)


def _marker_not_at_the_end(i: Any) -> Iterator[tuple[str, str]]:
    # itf.game-end.marker-100: on the last space the game is already over.
    last = P("final_space").value()
    if i.marker >= last:
        yield ruled_out(
            "marker",
            _("The marker is already on space %(space)s: the game is over.") % {"space": last},
            "itf.game-end.marker-100",
        )


END_OF_ROUND_INPUTS = Object(
    points=counts(Player(), MAX_COUNT, label=gettext_lazy("Election-track points of each player")),
    imperia_agents=counts(
        Player(),
        MAX_COUNT,
        label=gettext_lazy("Agents each player had in IMPERIA this round"),
        help=gettext_lazy("A player left out had no agents there."),
    ),
    marker=Int(0, P("final_space"), label=gettext_lazy("Space of the black election marker before the move")),
    marker_dice=List(
        Die(),
        min_length=P("marker_dice_min"),
        max_length=P("marker_dice_max"),
        label=Fmt(
            gettext_lazy("Dice rolled for the election marker (%(marker_dice_min)s to %(marker_dice_max)s)")
        ),
    ),
    all_provinces_rebelled=Bool(
        default=False,
        label=gettext_lazy("Every province but IMPERIA is in rebellion"),
    ),
    checks=[_round_players, _marker_not_at_the_end],
)


@dataclass
class Round:
    """What the end of the round works on: the players' points and IMPERIA agents, and the
    extra agents each gets for the next turn."""

    points: dict[str, int]
    imperia: dict[str, int]
    bonus: dict[str, int]

    @classmethod
    def of(cls, i: Any) -> Round:
        points = dict(i.points)
        return cls(
            points=points,
            imperia={p: i.imperia_agents.get(p, 0) for p in points},
            bonus={p: 0 for p in points},
        )

    def fewest(self) -> tuple[int, list[str]]:
        """The fewest points, and the players who have them."""
        return tied_for_best(self.points, self.points.get, best=min)


def _first_player(r: Reasoning, g: Round, rules: Rules) -> str | None:
    """itf.round-end.first-player: "Gracz z najmniejszą ilością punktów otrzymuje znacznik
    PIERWSZY GRACZ i dodatkowych 2 AGENTÓW"; a tie is not addressed (a gap)."""
    extra = rules.param("first_player_agents")
    lowest, low = g.fewest()
    if len(low) == 1:
        first = low[0]
        g.bonus[first] += extra
        r.step(
            "itf.round-end.first-player",
            ngettext(
                "%(player)s has the fewest points (%(n)s): %(player)s takes the FIRST PLAYER marker "
                "and %(agents)s extra agent for the next turn.",
                "%(player)s has the fewest points (%(n)s): %(player)s takes the FIRST PLAYER marker "
                "and %(agents)s extra agents for the next turn.",
                extra,
            )
            % {"player": first, "n": lowest, "agents": extra},
        )
        return first
    r.step(
        "itf.round-end.first-player",
        _("%(players)s tie for the fewest points (%(n)s): the text names no single player.")
        % {"players": names(low), "n": lowest},
    )
    r.gap("itf.round-end.first-player", "tied-for-fewest-points", agents=extra)
    return None


def _imperia_leader(r: Reasoning, imperia: dict[str, int], clause: str, found: str) -> str | None:
    """The player with the most agents of ``imperia`` (``leader``); ``clause``'s step says so."""
    mover = leader(imperia)
    if mover is not None:
        r.step(clause, found % {"player": mover, "n": imperia[mover]})
    return mover


def _mover_among_the_fewest(r: Reasoning, g: Round) -> str | None:
    """itf.round-end.mover-lowest, .mover-tie and .mover-roll: without a majority in IMPERIA
    the fewest points move the marker; among them the most IMPERIA agents; then a die."""
    _lowest, low = g.fewest()
    if len(low) == 1:
        r.step(
            "itf.round-end.mover-lowest",
            _("Nobody has the majority in IMPERIA, so %(player)s, with the fewest points, moves the marker.")
            % {"player": low[0]},
        )
        return low[0]
    r.step(
        "itf.round-end.mover-lowest",
        _("Nobody has the majority in IMPERIA, and %(players)s tie for the fewest points.")
        % {"players": names(low)},
    )
    mover = _imperia_leader(
        r,
        {p: g.imperia[p] for p in low},
        "itf.round-end.mover-tie",
        _("Of them, %(player)s has the most agents in IMPERIA (%(n)s) and moves the marker."),
    )
    if mover is not None:
        return mover
    r.step("itf.round-end.mover-tie", _("Of them, nobody has more agents in IMPERIA than the others."))
    r.step(
        "itf.round-end.mover-roll",
        _("The tie is settled by a die roll among %(players)s.") % {"players": names(low)},
    )
    r.gap("itf.round-end.mover-roll", "mover-roll")
    return None


def _marker_mover(r: Reasoning, g: Round) -> str | None:
    """itf.round-end.marker-mover: "Gracz z największą ilością AGENTÓW w PROWINCJI IMPERIA
    przesuwa czarny ZNACZNIK ELEKCJI"; otherwise the next three clauses decide."""
    mover = _imperia_leader(
        r,
        g.imperia,
        "itf.round-end.marker-mover",
        _("%(player)s has the most agents in IMPERIA (%(n)s) and moves the election marker."),
    )
    if mover is not None:
        return mover
    r.step(
        "itf.round-end.marker-mover",
        _("Nobody has the most agents in IMPERIA alone, so nobody moves the marker by that rule."),
    )
    return _mover_among_the_fewest(r, g)


def _move_marker(r: Reasoning, i: Any, rules: Rules) -> int:
    """itf.round-end.marker-mover: the marker moves by the dice total; it stops on the last
    space, "pole 100" (itf.game-end.marker-100), a roll past it being a gap."""
    last = rules.param("final_space")
    rolled = sum(i.marker_dice)
    reached = i.marker + rolled
    r.step(
        "itf.round-end.marker-mover",
        ngettext(
            "The marker moves %(dice)s = %(rolled)s space, from %(start)s to %(end)s.",
            "The marker moves %(dice)s = %(rolled)s spaces, from %(start)s to %(end)s.",
            rolled,
        )
        % {"dice": dice_text(i.marker_dice), "rolled": rolled, "start": i.marker, "end": reached},
    )
    if reached > last:
        r.gap("itf.game-end.marker-100", "marker-past-last-space", n=reached, last=last)
    return min(reached, last)


def _below_marker(r: Reasoning, g: Round, marker: int, rules: Rules) -> None:
    """itf.round-end.below-marker: every player below the marker "dostaje jednego
    dodatkowego AGENTA" — checked after the move, strictly below."""
    extra = rules.param("below_marker_agents")
    below = [p for p, n in g.points.items() if n < marker]
    for p in below:
        g.bonus[p] += extra
    if not below:
        message = _(
            "With the marker now on %(space)s, nobody has fewer points, so nobody gets an extra agent."
        ) % {"space": marker}
    else:
        message = ngettext(
            "With the marker now on %(space)s, %(players)s are below it and get %(agents)s extra agent each.",
            "With the marker now on %(space)s, %(players)s are below it and get %(agents)s extra agents each.",
            extra,
        ) % {"space": marker, "players": names(below), "agents": extra}
    r.step("itf.round-end.below-marker", message)


@dataclass(frozen=True)
class Ending:
    """Whether the game is over, and whether the optional rule makes every player lose."""

    game_over: bool
    everyone_loses: bool


def _all_rebelled(r: Reasoning, by_marker: bool, variant: str, last: int) -> bool:
    """itf.game-end.all-rebelled ends the game; under the everyone-loses variant
    itf.optional.everyone-loses makes every player lose. Return whether everyone loses."""
    r.step("itf.game-end.all-rebelled", _("Every province but IMPERIA has rebelled: the game ends."))
    if variant != "everyone-loses":
        if not by_marker:
            r.gap("itf.game-end.all-rebelled", "winner-when-all-rebelled", last=last)
        return False
    r.step("itf.optional.everyone-loses", _("Under the optional rule every player loses."))
    if by_marker:
        r.gap("itf.optional.everyone-loses", "everyone-loses-at-last-space", last=last)
    return True


def _game_end(r: Reasoning, i: Any, marker: int, variant: str, rules: Rules) -> Ending:
    """itf.game-end.marker-100 ("Jeśli znacznik ELEKCJI znajduje się na polu 100 gra się
    kończy") and itf.game-end.all-rebelled."""
    last = rules.param("final_space")
    by_marker = marker == last
    if by_marker:
        r.step(
            "itf.game-end.marker-100", _("The marker is on space %(last)s: the game ends.") % {"last": last}
        )
    else:
        r.step(
            "itf.game-end.marker-100",
            _("The marker is on space %(space)s, not %(last)s: the game goes on by this rule.")
            % {"space": marker, "last": last},
        )
    if not i.all_provinces_rebelled:
        return Ending(game_over=by_marker, everyone_loses=False)
    return Ending(game_over=True, everyone_loses=_all_rebelled(r, by_marker, variant, last))


def _winners(r: Reasoning, g: Round, rules: Rules) -> list[str]:
    """Apply the winner rule and its tie-breaks (itf.game-end.marker-100, .tie-imperia,
    .two-winners)."""
    top, tied = tied_for_best(g.points, g.points.get)
    if len(tied) == 1:
        r.step(
            "itf.game-end.marker-100",
            _("%(player)s has the most points (%(n)s) and wins.") % {"player": tied[0], "n": top},
        )
        return tied
    r.step(
        "itf.game-end.marker-100",
        _("%(players)s tie for the most points (%(n)s).") % {"players": names(tied), "n": top},
    )
    # itf.game-end.tie-imperia: "decyduje ilość agentów, jacy znajdowali się w IMPERII".
    most, still = tied_for_best(tied, g.imperia.get)
    if len(still) == 1:
        r.step(
            "itf.game-end.tie-imperia",
            _("%(player)s had the most agents in IMPERIA in the last turn (%(n)s) and wins.")
            % {"player": still[0], "n": most},
        )
        return still
    r.step(
        "itf.game-end.tie-imperia",
        _("%(players)s also tie on agents in IMPERIA in the last turn (%(n)s).")
        % {"players": names(still), "n": most},
    )
    _still_tied(r, still, rules.param("tie_winners"))
    return still


def _still_tied(r: Reasoning, still: list[str], foreseen: int) -> None:
    """itf.game-end.two-winners: "gra kończy się z 2 zwycięzcami"; more tied players is a gap."""
    if len(still) == foreseen:
        r.step(
            "itf.game-end.two-winners",
            _("Still a tie: the game ends with %(n)s winners, %(players)s.")
            % {"n": foreseen, "players": names(still)},
        )
        return
    r.step(
        "itf.game-end.two-winners",
        _("Still a tie, among %(n)s players: %(players)s.") % {"n": len(still), "players": names(still)},
    )
    r.gap("itf.game-end.two-winners", "more-tied-than-foreseen", foreseen=foreseen, n=len(still))


def _end_of_round_summary(o: dict[str, Any]) -> str:
    if o["game_over"]:
        if not o["winners"]:
            return _("The game is over and every player loses.")
        return _("The game is over; won by %(winners)s.") % {"winners": names(o["winners"])}
    first = o["first_player"] or _("undecided (die roll)")
    return _("The marker reaches %(space)s; the game goes on; first player: %(first)s.") % {
        "space": o["marker_after"],
        "first": first,
    }


@adjudicator("end-of-round", inputs=END_OF_ROUND_INPUTS, summary=_end_of_round_summary)
def end_of_round(i: Any, *, variant: str, rules: Rules) -> Result:
    """Settle the end of a round: first player, election marker, extra agents, game end."""
    r = Reasoning()
    g = Round.of(i)
    first = _first_player(r, g, rules)
    mover = _marker_mover(r, g)
    marker = _move_marker(r, i, rules)
    _below_marker(r, g, marker, rules)
    r.step("itf.round-end.clear-agents", _("All remaining agents leave the board."))
    ending = _game_end(r, i, marker, variant, rules)
    winners = _winners(r, g, rules) if ending.game_over and not ending.everyone_loses else []
    return r.result(
        {
            "first_player": first,
            "marker_mover": mover,
            "marker_after": marker,
            "bonus_agents": g.bonus,
            "game_over": ending.game_over,
            "winners": winners,
        }
    )
