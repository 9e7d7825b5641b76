"""Adjudicators of Imperial Tax Farmer (seed 002, the designer's prototype rules).

Every step cites the clause of ``rules/corpus/imperial-tax-farmer/clauses.toml``
that decided it. Readings taken on ambiguous wording (each reported as a gap
when the inputs reach it):

- the rebellion threshold is one total: all agents in the province plus the
  coins lying on its need card(s);
- "majority" (przewaga) means strictly more agents than every other player;
- bribery buys points at the stated selling rate, 1 gold for 2 points, and
  only whole pairs of points change hands;
- "below the marker" is checked after the marker has moved, and strictly;
- a marker rolled past space 100 stops on 100 and ends the game; a tie of
  three or more after every tie-break gives that many winners.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, adjudicator, dispute
from games.engine.declare import Bool, Die, Int, List, Map, Object, Player

GAME = "imperial-tax-farmer"

# The game is for 3 to 6 players: "3 graczy = 3 kości, 6 graczy = 6 kości"
# (itf.rebellion.dice-count) with at most 6 dice (itf.setup.dice).
MIN_PLAYERS, MAX_PLAYERS = 3, 6
# The election marker's last space (itf.game-end.marker-100).
FINAL_SPACE = 100
# Large enough for any table, small enough to keep arithmetic trivial.
MAX_COUNT = 999


def _names(players: Iterable[str]) -> str:
    return ", ".join(players)


def _leader(counts: Mapping[str, int]) -> str | None:
    """Return the player with strictly more than every other, or None (itf.actions.no-majority)."""
    best = max(counts.values(), default=0)
    leaders = [p for p, n in counts.items() if n == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def _at_most_six(field: str):
    def check(i: Any) -> Iterable[tuple[str, str]]:
        if len(getattr(i, field)) > MAX_PLAYERS:
            yield field, _("At most %(n)s players take part in the game.") % {"n": MAX_PLAYERS}

    return check


# --- rebellion-test -----------------------------------------------------------


def _one_die_per_player(i: Any) -> Iterable[tuple[str, str]]:
    # itf.rebellion.dice-count: as many dice as players. A province already in
    # rebellion is not tested (itf.rebellion.no-retest), so no dice are needed then.
    if i.rebelling and not i.dice:
        return
    if len(i.dice) != i.players:
        yield (
            "dice",
            _("Roll one die per player: %(players)s players roll %(players)s dice, not %(dice)s.")
            % {"players": i.players, "dice": len(i.dice)},
        )


REBELLION_TEST_INPUTS = Object(
    players=Int(MIN_PLAYERS, MAX_PLAYERS, label=gettext_lazy("Number of players")),
    dice=List(
        Die(),
        max_length=MAX_PLAYERS,
        label=gettext_lazy("Dice rolled (one per player)"),
        help=gettext_lazy("May be left empty for a province already in rebellion: it is not tested."),
    ),
    agents=Int(0, MAX_COUNT, label=gettext_lazy("Agents in the province (all players together)")),
    coins=Int(0, MAX_COUNT, label=gettext_lazy("Coins lying on its need card")),
    rebelling=Bool(default=False, label=gettext_lazy("Province already in rebellion")),
    estyx=Bool(
        default=False,
        label=gettext_lazy("The province is ESTYX (two need cards)"),
        help=gettext_lazy("Enter in coins the coins lying on both of its need cards."),
    ),
    checks=[_one_die_per_player],
)


def _rebellion_summary(o: dict[str, Any]) -> str:
    if not o["tested"]:
        return _("No test: the province is already in rebellion.")
    if o["rebellion"]:
        return _("Rebellion: the dice total %(sum)s, not more than %(threshold)s agents and coins.") % {
            "sum": o["dice_sum"],
            "threshold": o["threshold"],
        }
    return _("No rebellion: the dice total %(sum)s, more than %(threshold)s agents and coins.") % {
        "sum": o["dice_sum"],
        "threshold": o["threshold"],
    }


@adjudicator(
    game=GAME,
    name="rebellion-test",
    title=gettext_lazy("Does the province rebel?"),
    inputs=REBELLION_TEST_INPUTS,
    clauses=[
        "itf.rebellion.test-each",
        "itf.rebellion.dice-count",
        "itf.rebellion.threshold",
        "itf.setup.estyx",
        "itf.rebellion.marker",
        "itf.rebellion.remove-agents",
        "itf.rebellion.remove-needs",
        "itf.rebellion.while-rebelling",
        "itf.rebellion.no-retest",
    ],
    summary=_rebellion_summary,
    examples=[
        {"players": 4, "dice": [2, 3, 1, 4], "agents": 7, "coins": 4, "rebelling": False},
        {"players": 3, "dice": [6, 5, 4], "agents": 3, "coins": 2, "rebelling": False},
        {"players": 5, "dice": [], "agents": 2, "coins": 0, "rebelling": True},
        {"players": 3, "dice": [1, 2, 3], "agents": 4, "coins": 2, "rebelling": False, "estyx": True},
    ],
)
def rebellion_test(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether one province rebels in the Rebellion Test."""
    r = Reasoning()
    if i.rebelling:
        r.step(
            "itf.rebellion.no-retest",
            _(
                "The province is already in rebellion: it is not tested again and no new rebellion "
                "can begin there until someone crushes this one."
            ),
        )
        return r.result(
            {"tested": False, "dice_sum": None, "threshold": None, "rebellion": False, "effects": []}
        )

    r.step("itf.rebellion.test-each", _("The province is not in rebellion, so it is tested."))
    dice_sum = sum(i.dice)
    r.step(
        "itf.rebellion.dice-count",
        _("%(players)s players roll %(players)s dice: %(dice)s, a total of %(sum)s.")
        % {"players": i.players, "dice": " + ".join(str(d) for d in i.dice), "sum": dice_sum},
    )
    if i.estyx:
        r.gap(
            "itf.setup.estyx",
            question=_(
                'ESTYX has two need cards, but the test counts the coins on "the NEED CARD": '
                "do the coins on both cards count?"
            ),
            assumed=_("The coins on both of ESTYX's need cards count (the number entered)."),
        )
    threshold = i.agents + i.coins
    rebellion = dice_sum <= threshold
    r.step(
        "itf.rebellion.threshold",
        (
            _(
                "%(agents)s agents + %(coins)s coins = %(threshold)s; the dice total %(sum)s is not more, so a rebellion begins."
            )
            if rebellion
            else _(
                "%(agents)s agents + %(coins)s coins = %(threshold)s; the dice total %(sum)s is more, so no rebellion begins."
            )
        )
        % {"agents": i.agents, "coins": i.coins, "threshold": threshold, "sum": dice_sum},
    )
    effects: list[str] = []
    if rebellion:
        r.step("itf.rebellion.marker", _("Put a rebellion marker on the province."))
        effects.append("marker-placed")
        r.step(
            "itf.rebellion.remove-agents",
            _("Remove all %(agents)s agents from the province.") % {"agents": i.agents},
        )
        effects.append("agents-removed")
        r.step(
            "itf.rebellion.remove-needs",
            _("Remove the province's need cards and shuffle them into the deck."),
        )
        effects.append("need-cards-reshuffled")
        if i.coins:
            r.gap(
                "itf.rebellion.remove-needs",
                question=_("What becomes of the %(coins)s coins lying on the removed need cards?")
                % {"coins": i.coins},
                assumed=_("They go back to the bank with the cards; nobody takes them."),
            )
        r.step(
            "itf.rebellion.while-rebelling",
            _(
                "While the rebellion lasts, nobody may use the province's actions or collect its "
                "production, and no need cards are placed on it."
            ),
        )
    return r.result(
        {
            "tested": True,
            "dice_sum": dice_sum,
            "threshold": threshold,
            "rebellion": rebellion,
            "effects": effects,
        }
    )


# --- control ------------------------------------------------------------------

CONTROL_INPUTS = Object(
    agents=Map(
        Player(),
        Int(0, MAX_COUNT),
        label=gettext_lazy("Agents of each player in the province"),
    ),
    imperia=Bool(default=False, label=gettext_lazy("The province is IMPERIA")),
    checks=[_at_most_six("agents")],
)


def _control_summary(o: dict[str, Any]) -> str:
    if o["controller"] is not None:
        return _("%(player)s has the majority and acts in the province.") % {"player": o["controller"]}
    if o["active"]:
        return _("Nobody has the majority, but IMPERIA stays active.")
    return _("Nobody has the majority: the province stays inactive.")


@adjudicator(
    game=GAME,
    name="control",
    title=gettext_lazy("Who acts in this province?"),
    inputs=CONTROL_INPUTS,
    clauses=["itf.actions.majority", "itf.actions.no-majority"],
    summary=_control_summary,
    examples=[
        {"agents": {"Ala": 4, "Bartek": 2, "Celina": 1}, "imperia": False},
        {"agents": {"Ala": 3, "Bartek": 3, "Celina": 1}, "imperia": False},
        {"agents": {"Ala": 3, "Bartek": 3}, "imperia": True},
    ],
)
def control(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide who has the majority of agents in a province and whether it is active."""
    r = Reasoning()
    counts = dict(i.agents)
    controller = _leader(counts)
    if controller is not None:
        others = max((n for p, n in counts.items() if p != controller), default=0)
        r.step(
            "itf.actions.majority",
            _(
                "%(player)s has the most agents (%(n)s, against at most %(others)s for anyone else), so "
                "%(player)s carries out the actions of the province."
            )
            % {"player": controller, "n": counts[controller], "others": others},
        )
        return r.result({"controller": controller, "active": True})

    best = max(counts.values(), default=0)
    if best == 0:
        why = _("nobody has agents there")
    else:
        tied = [p for p, n in counts.items() if n == best]
        why = _("%(players)s tie with %(n)s agents each") % {"players": _names(tied), "n": best}
    if i.imperia:
        r.step(
            "itf.actions.no-majority",
            _("Nobody has the majority (%(why)s), but IMPERIA stays active all the same.") % {"why": why},
        )
        r.gap(
            "itf.actions.no-majority",
            question=_("IMPERIA stays active without a majority, but who carries out its actions?"),
            assumed=_(
                "No controller is named (null). A defensible table practice: the players tied for "
                "the most agents there act in turn order, starting from the FIRST PLAYER."
            ),
        )
        return r.result({"controller": None, "active": True})
    r.step(
        "itf.actions.no-majority",
        _("Nobody has the majority (%(why)s), so the province stays inactive.") % {"why": why},
    )
    return r.result({"controller": None, "active": False})


# --- crush-rebellion ------------------------------------------------------------

CRUSH_REBELLION_INPUTS = Object(
    agents=Map(
        Player(),
        Int(0, MAX_COUNT),
        label=gettext_lazy("Agents of each player in the rebelling province"),
    ),
    player=Player(
        label=gettext_lazy("Player trying to crush the rebellion"),
        help=gettext_lazy("A player missing from the agents counts as having none there."),
    ),
    weapon=Bool(label=gettext_lazy("That player holds a WEAPON card")),
    checks=[_at_most_six("agents")],
)

CRUSH_POINTS = 10  # itf.crush.reward


def _crush_summary(o: dict[str, Any]) -> str:
    if o["crushed"]:
        return _("The rebellion is crushed: %(n)s points on the election track.") % {
            "n": o["election_points"]
        }
    return _("The rebellion is not crushed.")


@adjudicator(
    game=GAME,
    name="crush-rebellion",
    title=gettext_lazy("Can this player crush the rebellion?"),
    inputs=CRUSH_REBELLION_INPUTS,
    clauses=["itf.crush.requirements", "itf.crush.reward", "itf.rebellion.no-retest"],
    summary=_crush_summary,
    examples=[
        {"agents": {"Ala": 5, "Bartek": 3}, "player": "Ala", "weapon": True},
        {"agents": {"Ala": 4, "Bartek": 4}, "player": "Ala", "weapon": True},
        {"agents": {"Ala": 5, "Bartek": 3}, "player": "Ala", "weapon": False},
    ],
)
def crush_rebellion(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether a player crushes the rebellion in a province, and what it earns."""
    r = Reasoning()
    counts = dict(i.agents)
    own = counts.get(i.player, 0)
    has_majority = _leader(counts) == i.player
    crushed = i.weapon and has_majority
    facts = {
        "player": i.player,
        "n": own,
        "others": max((n for p, n in counts.items() if p != i.player), default=0),
    }
    if has_majority:
        majority = _("%(player)s has the majority of agents (%(n)s against at most %(others)s)") % facts
    else:
        majority = _("%(player)s does not have the majority of agents (%(n)s against %(others)s)") % facts
    weapon = _("holds a WEAPON card") if i.weapon else _("holds no WEAPON card")
    r.step(
        "itf.crush.requirements",
        (
            _("%(majority)s and %(weapon)s: the rebellion is crushed.")
            if crushed
            else _("%(majority)s and %(weapon)s: both are needed, so the rebellion is not crushed.")
        )
        % {"majority": majority, "weapon": weapon},
    )
    if not crushed:
        return r.result({"crushed": False, "election_points": 0})
    r.step(
        "itf.crush.reward",
        _("%(player)s moves their marker %(points)s points up the election track.")
        % {"player": i.player, "points": CRUSH_POINTS},
    )
    r.gap(
        "itf.crush.requirements",
        question=_("Is the WEAPON card spent when the rebellion is crushed?"),
        assumed=_("No: the text only requires holding it, so the player keeps it."),
    )
    r.step(
        "itf.rebellion.no-retest",
        _("The rebellion is over: the province is tested for rebellion again from the next round."),
    )
    return r.result({"crushed": True, "election_points": CRUSH_POINTS})


# --- bribery --------------------------------------------------------------------

POINTS_PER_GOLD = 2  # itf.bribery.rate: "Za każde dwa punkty ... jedną sztukę złota"


def _bribery_affordable(i: Any) -> Iterable[tuple[str, str]]:
    # Points and gold are physical stock: you cannot give up more than you hold.
    if i.sell_points > i.points:
        yield (
            "sell_points",
            _("You cannot take %(sell)s points off the track: you have %(points)s.")
            % {"sell": i.sell_points, "points": i.points},
        )
        return
    cost = i.buy_points // POINTS_PER_GOLD
    available = i.gold + i.sell_points // POINTS_PER_GOLD
    if cost > available:
        yield (
            "buy_points",
            _("%(buy)s points cost %(cost)s gold at 1 gold for 2 points; you have %(gold)s.")
            % {"buy": i.buy_points, "cost": cost, "gold": available},
        )


BRIBERY_INPUTS = Object(
    points=Int(0, MAX_COUNT, label=gettext_lazy("Points on the election track")),
    gold=Int(0, MAX_COUNT, label=gettext_lazy("Gold held")),
    sell_points=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Points to sell for gold")),
    buy_points=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Points to buy with gold")),
    checks=[_bribery_affordable],
)


def _bribery_summary(o: dict[str, Any]) -> str:
    return _("After bribery: %(points)s points and %(gold)s gold.") % {
        "points": o["points_after"],
        "gold": o["gold_after"],
    }


@adjudicator(
    game=GAME,
    name="bribery",
    title=gettext_lazy("How many points and how much gold after bribery?"),
    inputs=BRIBERY_INPUTS,
    clauses=["itf.bribery.gold-for-points", "itf.bribery.points-for-gold", "itf.bribery.rate"],
    summary=_bribery_summary,
    examples=[
        {"points": 24, "gold": 7, "sell_points": 0, "buy_points": 6},
        {"points": 30, "gold": 2, "sell_points": 8, "buy_points": 0},
        {"points": 20, "gold": 10, "sell_points": 0, "buy_points": 0},
        {"points": 21, "gold": 3, "sell_points": 5, "buy_points": 0},
    ],
)
def bribery(i: Any, *, variant: str, rules: Rules) -> Result:
    """Exchange election points and gold in the Bribery phase."""
    r = Reasoning()
    points, gold = i.points, i.gold
    if not i.sell_points and not i.buy_points:
        r.step(
            "itf.bribery.gold-for-points",
            _("Exchanging is optional and nothing is exchanged: %(points)s points and %(gold)s gold stay.")
            % {"points": points, "gold": gold},
        )
        return r.result({"points_after": points, "gold_after": gold})

    if i.sell_points and i.buy_points:
        r.gap(
            "itf.bribery.points-for-gold",
            question=_("May a player both sell and buy points in the same phase, and in which order?"),
            assumed=_(
                "Yes; the points are sold first and the gold they bring may be spent at once "
                "(at one rate both ways this changes nothing)."
            ),
        )

    if i.sell_points:
        pairs = i.sell_points // POINTS_PER_GOLD
        r.step(
            "itf.bribery.points-for-gold",
            _("%(sell)s points are changed back into gold.") % {"sell": i.sell_points},
        )
        if i.sell_points % POINTS_PER_GOLD:
            r.gap(
                "itf.bribery.rate",
                question=_("%(sell)s points is an odd number; what is a single point worth?")
                % {"sell": i.sell_points},
                assumed=_("Nothing: only whole pairs are exchanged, so the odd point stays on the track."),
            )
        points -= pairs * POINTS_PER_GOLD
        gold += pairs
        r.step(
            "itf.bribery.rate",
            _("%(taken)s points off the track give %(pairs)s gold: now %(points)s points and %(gold)s gold.")
            % {"taken": pairs * POINTS_PER_GOLD, "pairs": pairs, "points": points, "gold": gold},
        )

    if i.buy_points:
        pairs = i.buy_points // POINTS_PER_GOLD
        r.gap(
            "itf.bribery.gold-for-points",
            question=_("The text gives a rate only for selling points; how much gold does a point cost?"),
            assumed=_(
                "The same rate back, 1 gold for 2 points: the text calls selling points a change "
                '"back" into gold.'
            ),
        )
        if i.buy_points % POINTS_PER_GOLD:
            r.gap(
                "itf.bribery.gold-for-points",
                question=_("%(buy)s points is an odd number; can a single point be bought?")
                % {"buy": i.buy_points},
                assumed=_("No: only whole pairs are bought, so the odd point is not bought."),
            )
        points += pairs * POINTS_PER_GOLD
        gold -= pairs
        r.step(
            "itf.bribery.gold-for-points",
            _("%(pairs)s gold buy %(got)s points: now %(points)s points and %(gold)s gold.")
            % {"pairs": pairs, "got": pairs * POINTS_PER_GOLD, "points": points, "gold": gold},
        )
    return r.result({"points_after": points, "gold_after": gold})


# --- end-of-round ---------------------------------------------------------------


def _round_players(i: Any) -> Iterable[tuple[str, str]]:
    n = len(i.points)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        yield (
            "points",
            _("The game is for %(min)s to %(max)s players; %(n)s are listed.")
            % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "n": n},
        )
    # A player left out of imperia_agents had no agents there; a name that is
    # not among the players is a typo.
    for player in i.imperia_agents:
        if player not in i.points:
            yield f"imperia_agents.{player}", _("Unknown player: %(p)s.") % {"p": player}


END_OF_ROUND_INPUTS = Object(
    points=Map(Player(), Int(0, MAX_COUNT), label=gettext_lazy("Election-track points of each player")),
    imperia_agents=Map(
        Player(),
        Int(0, MAX_COUNT),
        label=gettext_lazy("Agents each player had in IMPERIA this round"),
        help=gettext_lazy("A player left out had no agents there."),
    ),
    marker=Int(0, FINAL_SPACE - 1, label=gettext_lazy("Space of the black election marker before the move")),
    marker_dice=List(
        Die(),
        min_length=1,
        max_length=3,
        label=gettext_lazy("Dice rolled for the election marker (1 to 3)"),
    ),
    all_provinces_rebelled=Bool(
        default=False,
        label=gettext_lazy("Every province but IMPERIA is in rebellion"),
    ),
    checks=[_round_players],
)


def _end_of_round_summary(o: dict[str, Any]) -> str:
    if o["game_over"]:
        if not o["winners"]:
            return _("The game is over and every player loses.")
        return _("The game is over; won by %(winners)s.") % {"winners": _names(o["winners"])}
    first = o["first_player"] or _("undecided (die roll)")
    return _("The marker reaches %(space)s; the game goes on; first player: %(first)s.") % {
        "space": o["marker_after"],
        "first": first,
    }


def _example_round(**overrides: Any) -> dict[str, Any]:
    base = {
        "points": {"Ala": 18, "Bartek": 31, "Celina": 25, "Darek": 52},
        "imperia_agents": {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0},
        "marker": 42,
        "marker_dice": [4, 2],
    }
    return {**base, **overrides}


@adjudicator(
    game=GAME,
    name="end-of-round",
    title=gettext_lazy("Who goes first, who moves the marker, and is the game over?"),
    inputs=END_OF_ROUND_INPUTS,
    clauses=[
        "itf.round-end.first-player",
        "itf.setup.first-player",
        "itf.round-end.marker-mover",
        "itf.round-end.mover-lowest",
        "itf.round-end.mover-tie",
        "itf.round-end.mover-roll",
        "itf.round-end.below-marker",
        "itf.round-end.clear-agents",
        "itf.game-end.marker-100",
        "itf.game-end.tie-imperia",
        "itf.game-end.two-winners",
        "itf.game-end.all-rebelled",
        "itf.optional.everyone-loses",
    ],
    summary=_end_of_round_summary,
    examples=[
        _example_round(),
        _example_round(
            points={"Ala": 61, "Bartek": 58, "Celina": 61},
            imperia_agents={"Ala": 2, "Bartek": 2, "Celina": 4},
            marker=95,
            marker_dice=[3, 2],
        ),
        _example_round(all_provinces_rebelled=True),
    ],
)
def end_of_round(i: Any, *, variant: str, rules: Rules) -> Result:
    """Settle the end of a round: first player, election marker, extra agents, game end."""
    r = Reasoning()
    points = dict(i.points)
    imperia = {p: i.imperia_agents.get(p, 0) for p in points}
    bonus = {p: 0 for p in points}

    # The player with the fewest points (itf.round-end.first-player).
    lowest = min(points.values())
    low = [p for p, n in points.items() if n == lowest]
    if len(low) == 1:
        first: str | None = low[0]
        bonus[first] += 2
        r.step(
            "itf.round-end.first-player",
            _(
                "%(player)s has the fewest points (%(n)s): %(player)s takes the FIRST PLAYER marker "
                "and 2 extra agents for the next turn."
            )
            % {"player": first, "n": lowest},
        )
    else:
        first = None
        r.step(
            "itf.round-end.first-player",
            _("%(players)s tie for the fewest points (%(n)s): the text names no single player.")
            % {"players": _names(low), "n": lowest},
        )
        r.gap(
            "itf.round-end.first-player",
            question=_(
                "Several players tie for the fewest points: who gets the FIRST PLAYER marker and the 2 extra agents?"
            ),
            assumed=_(
                "Nobody yet (null): the tied players roll a die, as for the first player at the start "
                "of the game; the winner of the roll also takes the 2 extra agents, which are "
                "therefore not counted here."
            ),
        )

    # Who moves the black election marker (itf.round-end.marker-mover and the next three).
    mover = _leader(imperia)
    if mover is not None:
        r.step(
            "itf.round-end.marker-mover",
            _("%(player)s has the most agents in IMPERIA (%(n)s) and moves the election marker.")
            % {"player": mover, "n": imperia[mover]},
        )
    else:
        r.step(
            "itf.round-end.marker-mover",
            _("Nobody has the most agents in IMPERIA alone, so nobody moves the marker by that rule."),
        )
        if len(low) == 1:
            mover = low[0]
            r.step(
                "itf.round-end.mover-lowest",
                _(
                    "Nobody has the majority in IMPERIA, so %(player)s, with the fewest points, moves the marker."
                )
                % {"player": mover},
            )
        else:
            r.step(
                "itf.round-end.mover-lowest",
                _("Nobody has the majority in IMPERIA, and %(players)s tie for the fewest points.")
                % {"players": _names(low)},
            )
            mover = _leader({p: imperia[p] for p in low})
            if mover is not None:
                r.step(
                    "itf.round-end.mover-tie",
                    _("Of them, %(player)s has the most agents in IMPERIA (%(n)s) and moves the marker.")
                    % {"player": mover, "n": imperia[mover]},
                )
            else:
                r.step(
                    "itf.round-end.mover-tie",
                    _("Of them, nobody has more agents in IMPERIA than the others."),
                )
                r.step(
                    "itf.round-end.mover-roll",
                    _("The tie is settled by a die roll among %(players)s.") % {"players": _names(low)},
                )
                r.gap(
                    "itf.round-end.mover-roll",
                    question=_("Who wins the die roll for moving the marker?"),
                    assumed=_(
                        "The mover is left open (null) until the tied players roll; the marker still "
                        "moves by the dice entered."
                    ),
                )

    # The move itself: the dice total, 1 to 3 dice (itf.round-end.marker-mover).
    rolled = sum(i.marker_dice)
    reached = i.marker + rolled
    marker_after = min(reached, FINAL_SPACE)
    r.step(
        "itf.round-end.marker-mover",
        _("The marker moves %(dice)s = %(rolled)s spaces, from %(start)s to %(end)s.")
        % {
            "dice": " + ".join(str(d) for d in i.marker_dice),
            "rolled": rolled,
            "start": i.marker,
            "end": reached,
        },
    )
    if reached > FINAL_SPACE:
        r.gap(
            "itf.game-end.marker-100",
            question=_("The roll takes the marker to %(n)s, past space 100: does the game end?")
            % {"n": reached},
            assumed=_("Yes: the marker stops on space 100, the last one, and the game ends."),
        )

    # One extra agent below the marker, checked after the move, strictly below.
    below = [p for p, n in points.items() if n < marker_after]
    for p in below:
        bonus[p] += 1
    r.step(
        "itf.round-end.below-marker",
        (
            _("With the marker now on %(space)s, %(players)s are below it and get 1 extra agent each.")
            % {"space": marker_after, "players": _names(below)}
            if below
            else _(
                "With the marker now on %(space)s, nobody has fewer points, so nobody gets an extra agent."
            )
            % {"space": marker_after}
        ),
    )
    r.step("itf.round-end.clear-agents", _("All remaining agents leave the board."))

    # The end of the game.
    by_marker = marker_after == FINAL_SPACE
    if by_marker:
        r.step("itf.game-end.marker-100", _("The marker is on space 100: the game ends."))
    else:
        r.step(
            "itf.game-end.marker-100",
            _("The marker is on space %(space)s, not 100: the game goes on by this rule.")
            % {"space": marker_after},
        )
    game_over = by_marker
    everyone_loses = False
    if i.all_provinces_rebelled:
        game_over = True
        r.step("itf.game-end.all-rebelled", _("Every province but IMPERIA has rebelled: the game ends."))
        if variant == "everyone-loses":
            everyone_loses = True
            r.step("itf.optional.everyone-loses", _("Under the optional rule every player loses."))
            if by_marker:
                r.gap(
                    "itf.optional.everyone-loses",
                    question=_(
                        "The marker reached 100 as well: does the optional rule still make everyone lose?"
                    ),
                    assumed=_(
                        "Yes: the optional rule makes everyone lose whenever every province but IMPERIA rebels."
                    ),
                )
        elif not by_marker:
            r.gap(
                "itf.game-end.all-rebelled",
                question=_("Who wins when the game ends because every province but IMPERIA rebelled?"),
                assumed=_(
                    "The same winner as when the marker reaches 100: the most points, then IMPERIA agents."
                ),
            )

    winners: list[str] = []
    if game_over and not everyone_loses:
        winners = _winners(r, points, imperia)
    return r.result(
        {
            "first_player": first,
            "marker_mover": mover,
            "marker_after": marker_after,
            "bonus_agents": bonus,
            "game_over": game_over,
            "winners": winners,
        }
    )


def _winners(r: Reasoning, points: dict[str, int], imperia: dict[str, int]) -> list[str]:
    """Apply the winner rule and its tie-breaks (itf.game-end.*)."""
    top = max(points.values())
    tied = [p for p, n in points.items() if n == top]
    if len(tied) == 1:
        r.step(
            "itf.game-end.marker-100",
            _("%(player)s has the most points (%(n)s) and wins.") % {"player": tied[0], "n": top},
        )
        return tied
    r.step(
        "itf.game-end.marker-100",
        _("%(players)s tie for the most points (%(n)s).") % {"players": _names(tied), "n": top},
    )
    most = max(imperia[p] for p in tied)
    still = [p for p in tied if imperia[p] == most]
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
        % {"players": _names(still), "n": most},
    )
    if len(still) == 2:
        r.step(
            "itf.game-end.two-winners",
            _("Still a tie: the game ends with 2 winners, %(players)s.") % {"players": _names(still)},
        )
    else:
        r.step(
            "itf.game-end.two-winners",
            _("Still a tie, among %(n)s players: %(players)s.") % {"n": len(still), "players": _names(still)},
        )
        r.gap(
            "itf.game-end.two-winners",
            question=_("The text foresees 2 winners; %(n)s players are still tied. Who wins?")
            % {"n": len(still)},
            assumed=_("Every player still tied wins: the rule shares the win among the tied players."),
        )
    return still


# --- Known disputed points --------------------------------------------------------

dispute(
    game=GAME,
    key="bribery-rate",
    title=gettext_lazy("Buying points with gold: at what rate?"),
    question=gettext_lazy(
        "Gold may be exchanged for points, but the text states a rate only for selling points "
        "(2 points give 1 gold). How much gold does a point cost?"
    ),
    clauses=["itf.bribery.gold-for-points", "itf.bribery.points-for-gold", "itf.bribery.rate"],
    adjudicator="bribery",
    inputs={"points": 22, "gold": 9, "sell_points": 0, "buy_points": 8},
)

dispute(
    game=GAME,
    key="first-player-tie",
    title=gettext_lazy("A tie for the fewest points: who is first player?"),
    question=gettext_lazy(
        "The player with the fewest points takes the FIRST PLAYER marker and 2 extra agents. "
        "Who takes them when several players tie for the fewest points?"
    ),
    clauses=["itf.round-end.first-player", "itf.setup.first-player", "itf.round-end.mover-roll"],
    adjudicator="end-of-round",
    inputs=_example_round(points={"Ala": 18, "Bartek": 31, "Celina": 18, "Darek": 52}),
)

dispute(
    game=GAME,
    key="marker-past-100",
    title=gettext_lazy("The election marker rolled past space 100"),
    question=gettext_lazy(
        "The game ends when the election marker is on space 100. Does it end when a roll takes "
        "the marker past 100?"
    ),
    clauses=["itf.game-end.marker-100", "itf.round-end.marker-mover"],
    adjudicator="end-of-round",
    inputs=_example_round(marker=97, marker_dice=[3, 4]),
)

dispute(
    game=GAME,
    key="everyone-loses",
    title=gettext_lazy("Every province but IMPERIA has rebelled"),
    question=gettext_lazy(
        "The game ends when every province but IMPERIA has rebelled. Who wins then: the player "
        "with the most points, or, under the optional rule, nobody?"
    ),
    clauses=["itf.game-end.all-rebelled", "itf.optional.everyone-loses"],
    adjudicator="end-of-round",
    inputs=_example_round(all_provinces_rebelled=True),
)

dispute(
    game=GAME,
    key="imperia-without-majority",
    title=gettext_lazy("Who acts in IMPERIA without a majority?"),
    question=gettext_lazy(
        "Provinces without a majority stay inactive, except IMPERIA. Who carries out IMPERIA's "
        "actions when nobody has the majority there?"
    ),
    clauses=["itf.actions.no-majority", "itf.actions.majority"],
    adjudicator="control",
    inputs={"agents": {"Ala": 3, "Bartek": 3, "Celina": 1}, "imperia": True},
)

dispute(
    game=GAME,
    key="three-way-tie",
    title=gettext_lazy("Three players tied at the end"),
    question=gettext_lazy(
        'Ties at the end are broken by agents in IMPERIA, then "the game ends with 2 winners". '
        "What if three players are still tied?"
    ),
    clauses=["itf.game-end.tie-imperia", "itf.game-end.two-winners", "itf.game-end.designer-aside"],
    adjudicator="end-of-round",
    inputs=_example_round(
        points={"Ala": 60, "Bartek": 60, "Celina": 60},
        imperia_agents={"Ala": 2, "Bartek": 2, "Celina": 2},
        marker=96,
        marker_dice=[5],
    ),
)
