"""Rada Miasta played by the adjudicators: the game model and its metrics.

What the adjudicators decide (each call validated by the adjudicator's own declaration,
exactly as the referee's form and the API validate it):

- ``round-order`` — the first player and the turn order of every round
  (``rm.order.totals``, ``rm.order.most-support-first``, ``rm.order.tie-previous-first``,
  ``rm.order.clockwise``), and who leads at the end (asked as for round R + 1);
- ``support-gain`` — what building a District on an empty plot gives
  (``rm.support.gain-by-stage``, ``rm.support.public-district``, ``rm.support.limits``,
  ``rm.intro.terrain``);
- ``council-vote`` — every rebuilding (``rm.vote-needed.rebuilding``): the count, the
  result, the cards played during it (``rm.events.councillor-absent``,
  ``rm.events.technical-problems``), what a lost vote does to the turn and the District
  (``rm.vote.lost-ends-turn``, ``rm.vote.lost-stage-1``, ``rm.vote.lost-stage-2-3``), the
  decay (``rm.vote.decay``) and the won District's support (``rm.vote.won-gain``);
- ``event-card`` — Regulatory Confusion and Election Promises played outside a vote
  (``rm.events.outside-vote``, ``rm.events.regulatory-confusion``,
  ``rm.events.election-promises``).

What the draft does not describe, and this model states (docs/lab.md):

- the game lasts ``rounds`` rounds (default 8); the seats are P1…Pn clockwise;
- round 1's first player is drawn by lot (``rm.order.first-round-lot``) from the run's
  seeded generator, and the table is ordered from them by ``round-order`` (asked as a
  tie, which goes to the previous first player);
- each round an offer of n + 1 Districts is revealed; each District's type is drawn with
  weights residential 3, industrial 3, commercial 3, public 2, terrain 1 and its stage
  uniformly from 1 to the edition's ``max_stage``; unused Districts are discarded at the
  end of the round;
- the city has ``plots`` plots (default n × rounds / 2: it fills half-way through the
  game), empty at the start. On its turn a player
  takes one District of the offer and either builds it on an empty plot (no vote) or
  moves to rebuild a plot holding a District of another type (not a Terrain): a council
  vote. A won vote rebuilds the plot; a District the adjudicator returns to the pile is
  gone; one that "stays" goes back into the offer for the later players of the round; a
  cancelled motion's District goes back into the offer. A player with nothing to do passes;
- event cards (``cards``, on by default): each player draws one event card a round; a
  quarter of the deck are the four cards of the draft, in equal numbers (the rest are
  events outside the fragment, not played here); a hand keeps at most 3 (a random one is
  discarded). A player may play one of Regulatory Confusion / Election Promises
  before building; during a vote, once the votes are known, each player in voting order
  may play Councillor Absent or Technical Problems (which costs one more card of the
  hand, ``rm.events.technical-problems-cost``);
- who wins is outside the fragment: the *leader* is the player ``round-order`` would make
  first after the last round (the most support; a tie goes to the last first player).

The policies (``lab.policies``) choose what the rules leave to the players.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect
from itertools import accumulate
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from django.utils.translation import gettext_lazy, ngettext

from games.adjudicators.rada_miasta.common import DISTRICT_GROUP, GROUPS
from games.adjudicators.rada_miasta.vote import group_vote, vote_passes

from . import policies as policies_
from . import stats
from .charts import Chart, Series
from .simulate import Model, Referee
from .stats import (
    MEAN,
    RATIO,
    RATIO_MEAN,
    SHARE,
    Sums,
    mean_obs,
    paired_obs,
    ratio_obs,
    share_obs,
    wilson,
)

SLUG = "rada-miasta"
TYPE_WEIGHTS = (("residential", 3), ("industrial", 3), ("commercial", 3), ("public", 2), ("terrain", 1))
CARDS = ("councillor-absent", "technical-problems", "regulatory-confusion", "election-promises")
HAND_LIMIT = 3
# The draft shows "kilka kart Zdarzeń" (a few event cards) of a larger deck: the share of
# the deck that are these four; the other events are outside the fragment.
EVENT_SHARE = 0.25
SATURATION_BUCKETS = 5
# What reaches worry 3's state (found by trying; docs/lab.md): few players, many rounds,
# a large city, no event cards. The page offers it as a preset.
SATURATION_PRESET = {"players": 2, "rounds": 30, "plots": 50, "cards": False}
SATURATION_HINT = (
    "try {players} players, {rounds} rounds, {plots} plots, no event cards (the preset "
    "'saturation': /lab/rada-miasta/?preset=saturation) or a draft with a lower max support or "
    "a smaller decay."
).format(**SATURATION_PRESET)
# The disputes whose situation the model reaches: a vote cancelled by Technical Problems, a
# won vote (the decay after it is the red text), Regulatory Confusion played, a tie for the
# most support whose previous first player is not among the tied (the ruling's gap).
DISPUTES = (
    "technical-problems-and-decay",
    "uncertain-decay-on-won-vote",
    "regulatory-confusion-scope",
    "round-order-tie",
)
PROBE_DISTRICT = ("residential", 1)
TYPES = tuple(kind for kind, _weight in TYPE_WEIGHTS)
CUM_WEIGHTS = tuple(accumulate(weight for _kind, weight in TYPE_WEIGHTS))
# A player's support levels in the order of GROUPS (a tuple: a memo key).
ROW = itemgetter(*GROUPS)


class Table:
    """One game in progress: the state the policies look at and the moves that change it."""

    def __init__(self, ref: Referee, players: list[str], seats: list[policies_.Policy], rng, options):
        self.ref = ref
        self.rules = ref.rules
        self.rng = rng
        self.players = players
        self.seats = dict(zip(players, seats, strict=True))
        self.max_support = self.rules.param("max_support")
        self.max_stage = self.rules.param("max_stage")
        self.district_group = DISTRICT_GROUP
        self.support = {p: dict.fromkeys(GROUPS, 0) for p in players}
        self._rows = {p: ROW(levels) for p, levels in self.support.items()}
        self.city: list[tuple[str, int] | None] = [None] * options["plots"]
        self.offer: list[tuple[str, int]] = []
        self.hands: dict[str, list[str]] = {p: [] for p in players}
        self.cards = options["cards"]
        self._levels: tuple | None = None
        # Everyone else AGAINST, as ``forecast`` asks, by proposer.
        self._alone = {p: {q: "for" if q == p else "against" for q in players} for p in players}

    # ------------------------------------------------------------ what policies read
    def total(self, player: str) -> int:
        return sum(self._rows[player])

    def empty_plots(self) -> list[int]:
        return [n for n, d in enumerate(self.city) if d is None]

    def rebuildable(self, district: tuple[str, int]) -> list[int]:
        """Plots a District could rebuild (rm.vote-needed.rebuilding: another main type;
        rm.intro.terrain: never a Terrain, never with one)."""
        if district[0] == "terrain":
            return []
        return [n for n, d in enumerate(self.city) if d is not None and d[0] not in ("terrain", district[0])]

    def forecast(self, proposer: str, action: tuple | None) -> dict[str, Any]:
        """The council-vote adjudicator's outcome if ``proposer`` moved ``action`` (or a
        stand-in District) with every other player voting AGAINST and no card played."""
        if action is None:
            district, group = PROBE_DISTRICT, None
        else:
            district, group = self.offer[action[1]], action[3]
        return self.council_vote(proposer, self._alone[proposer], district, group, ())

    # ------------------------------------------------------------ adjudicated moves
    def set_support(self, after: dict[str, Any]) -> None:
        for p, levels in after.items():
            self.support[p] = dict(levels)
            self._rows[p] = ROW(levels)
        self._levels = None

    def levels(self, player: str | None = None) -> tuple:
        """The support levels as a key: one player's, or every player's in seating order."""
        if player is not None:
            return self._rows[player]
        if self._levels is None:
            self._levels = tuple(map(self._rows.__getitem__, self.players))
        return self._levels

    def council_vote(self, proposer, votes, district, group, events) -> dict[str, Any]:
        """The council-vote adjudicator's outcome on this motion."""
        key = (len(self.players), proposer, self.levels(), tuple(votes.values()), district, group, events)
        return self.ref("council-vote", lambda: self._motion(proposer, votes, district, group, events), key)

    def _motion(self, proposer, votes, district, group, events) -> dict[str, Any]:
        return {
            "seating": self.players,
            "proposer": proposer,
            "support": self.support,
            "votes": votes,
            "district": {"type": district[0], "stage": district[1]},
            "chosen_group": group if district[0] == "public" else None,
            "events": [dict(e) for e in events],
        }

    def copy(self) -> Table:
        """A table that goes on apart from this one: its own city, offer, hands, support
        and generator (in the state this one's is in); the rules and the referee shared."""
        t = copy.copy(self)
        t.rng = copy.copy(self.rng)
        t.seats = dict(self.seats)
        t.support = dict(self.support)  # set_support replaces a player's levels, never changes them
        t._rows = dict(self._rows)
        t.city = list(self.city)
        t.offer = list(self.offer)
        t.hands = {p: list(hand) for p, hand in self.hands.items()}
        return t

    def draw_district(self) -> tuple[str, int]:
        # random.choices(TYPES, cum_weights=CUM_WEIGHTS)[0], the same draw without its set-up.
        kind = TYPES[bisect(CUM_WEIGHTS, self.rng.random() * CUM_WEIGHTS[-1], 0, len(TYPES) - 1)]
        return kind, self.rng.randint(1, self.max_stage)

    def draw_cards(self) -> None:
        for p in self.players:
            if self.rng.random() >= EVENT_SHARE:
                continue  # an event outside the fragment
            hand = self.hands[p]
            hand.append(self.rng.choice(CARDS))
            while len(hand) > HAND_LIMIT:
                hand.pop(self.rng.randrange(len(hand)))


class Recorder:
    """Integer tallies of one game, turned into ``Sums`` when the game ends."""

    def __init__(self, cap: int):
        self.cap = cap
        self.turns = self.saturated_turns = 0
        self.levels = [0] * (cap + 1)
        self.votes = self.passed = self.cancelled = 0
        self.saturated_votes = self.saturated_failed = 0
        self.one_point = 0
        # Disputes reached (rada-miasta disputes.toml keys): times the situation arose.
        self.disputes = dict.fromkeys(DISPUTES, 0)
        self.by_saturation = [[0, 0] for _ in range(SATURATION_BUCKETS)]
        # Worry 1 in play: support a player's own turn gained them (its card, its build or
        # vote, the decay after it), for the round's first player and for the others.
        self.gain = [0, 0]
        self.gain_turns = [0, 0]

    def turn_gain(self, first: bool, gained: int) -> None:
        self.gain[not first] += gained
        self.gain_turns[not first] += 1

    def saturated(self, t: Table, proposer: str) -> bool:
        """Worry 3's state: the proposer holds support in some groups and every player is at
        the cap in each of them."""
        mine = [g for g, level in enumerate(t.levels(proposer)) if level > 0]
        return bool(mine) and all(row[g] == self.cap for row in t.levels() for g in mine)

    def vote(self, t: Table, outcome: dict[str, Any], saturated: bool) -> None:
        if outcome["cancelled"]:
            self.cancelled += 1
            self.disputes["technical-problems-and-decay"] += 1
            return
        if saturated:
            self.saturated_votes += 1
            self.saturated_failed += not outcome["passed"]
        if outcome["passed"]:
            self.disputes["uncertain-decay-on-won-vote"] += 1
        # Asked again of the same tallies often: kept in the Referee's memo (its rules).
        tallies = outcome["tallies"]
        key = (
            "one-point",
            None,
            tuple((x["for"], x["against"]) for x in tallies.values()),
            outcome["passed"],
        )
        one = t.ref.memo.get(key)
        if one is None:
            one = t.ref.memo[key] = turns_on_one_point(outcome, t.ref.rules)
        self.one_point += one
        levels = t.levels()
        mean = sum(map(sum, levels)) / (len(levels) * len(GROUPS) * self.cap)
        bucket = min(SATURATION_BUCKETS - 1, int(mean * SATURATION_BUCKETS))
        self.votes += 1
        self.passed += outcome["passed"]
        self.by_saturation[bucket][0] += 1
        self.by_saturation[bucket][1] += outcome["passed"]

    def round_end(self, t: Table) -> None:
        for row in t.levels():
            for v in row:
                self.levels[v] += 1


def turns_on_one_point(outcome: dict[str, Any], rules) -> bool:
    """Worry 2's proxy: would one support point more or less on either side, in any group,
    have reversed the vote? Asked of the adjudicator's own tally rules (``group_vote``,
    ``vote_passes``) on the tallies it reported, one group changed at a time."""
    won, passed = outcome["council_votes"], outcome["passed"]
    for tally in outcome["tallies"].values():
        base = won - group_vote(tally, rules)
        for side in ("for", "against"):
            for step in (1, -1):
                if tally[side] + step < 0:
                    continue
                changed = {**tally, side: tally[side] + step}
                if vote_passes(base + group_vote(changed, rules), rules) != passed:
                    return True
    return False


class Game:
    """One game as state that can be copied mid-turn: the table, the round, its turn order
    and the next turn. ``play`` plays it to the end.

    The paired game of worry 4 (the measured seat as ``drain`` instead of ``greedy``, or the
    reverse) is the same game until that seat first acts otherwise: with ``twin`` set, the
    game asks the twin policy at each of that seat's turns what it would do and, at the first
    turn where it would act otherwise, keeps a copy (``fork``) that resumes with the twin's
    action. Played on, the copy is the game the twin would have played from the start, but
    without replaying the common turns (tests/lab/test_rada.py plays both ways)."""

    def __init__(
        self, ref: Referee, players: list[str], names: list[str], rng, options, rec: Recorder | None
    ):
        self.t = Table(ref, players, [policies_.make(n) for n in names], rng, options)
        self.ref, self.players, self.rounds, self.rec = ref, players, options["rounds"], rec
        self.firsts: list[str] = []
        self.first_order: list[str] = []
        self.rnd, self.order, self.next = 0, (), 0
        self.twin: tuple[str, policies_.Policy] | None = None
        self.fork: Game | None = None
        self.pending: tuple[str, tuple | None] | None = None

    def play(self) -> tuple[list[str], str, list[str], dict[str, int]]:
        """Play to the end; return (the firsts of each round, the leader, the round-1 order,
        each player's total support)."""
        if self.pending is not None:  # a fork resumes inside the turn where it parted
            me, action = self.pending
            self.pending = None
            _act(self.t, me, action, None, False)
            self._finish_round()
        while self.rnd < self.rounds:
            self.rnd += 1
            self._start_round()
            self._finish_round()
        t, players = self.t, self.players
        last, previous = self.rounds + 1, self.firsts[-1]
        final = self.ref(
            "round-order", _order_inputs(players, last, t.support, previous), (last, t.levels(), previous)
        )
        return self.firsts, final["first"], self.first_order, {p: t.total(p) for p in players}

    def _start_round(self) -> None:
        t, players, ref, rnd = self.t, self.players, self.ref, self.rnd
        if rnd == 1:
            # rm.order.first-round-lot: the lot is the model's; the order from that player is
            # the adjudicator's (asked as a tie, which the previous first player breaks).
            lot = players[t.rng.randrange(len(players))]
            ruled = ref.result("round-order", _order_inputs(players, 2, t.support, lot), (2, t.levels(), lot))
            self.first_order = list(ruled.outcome["order"])
        else:
            previous = self.firsts[-1]
            ruled = ref.result(
                "round-order", _order_inputs(players, rnd, t.support, previous), (rnd, t.levels(), previous)
            )
            if self.rec is not None and any(g.clause == "rm.order.tie-previous-first" for g in ruled.gaps):
                self.rec.disputes["round-order-tie"] += 1
        self.order, self.next = ruled.outcome["order"], 0
        self.firsts.append(self.order[0])
        if t.cards:
            t.draw_cards()
        t.offer = [t.draw_district() for _ in range(len(players) + 1)]

    def _finish_round(self) -> None:
        while self.next < len(self.order):
            self.next += 1
            self._turn(self.order[self.next - 1])
        if self.rec is not None:
            self.rec.round_end(self.t)

    def _turn(self, me: str) -> None:
        t, rec = self.t, self.rec
        policy = t.seats[me]
        before = t.total(me) if rec is not None else 0
        if t.cards:
            _outside_card(t, me, policy, rec)
        action = policy.action(t, me)
        if self.twin is not None and self.twin[0] == me:
            other = self.twin[1].action(t, me)
            if other != action:
                self.fork = self._copy(me, self.twin[1], other)
                self.twin = None
        saturated = False
        if rec is not None:
            saturated = rec.saturated(t, me)
            rec.turns += 1
            rec.saturated_turns += saturated
        _act(t, me, action, rec, saturated)
        if rec is not None:
            rec.turn_gain(self.next == 1, t.total(me) - before)

    def _copy(self, me: str, policy: policies_.Policy, action: tuple | None) -> Game:
        """This game with ``me`` played by ``policy`` from here, about to take ``action``."""
        g = copy.copy(self)
        g.t = self.t.copy()
        g.t.seats[me] = policy
        g.firsts, g.first_order = list(self.firsts), list(self.first_order)
        g.rec, g.twin, g.fork, g.pending = None, None, None, (me, action)
        return g


def forkable(a: str, b: str) -> bool:
    """Whether two policies' paired games can be played as one game and a fork: they differ
    only in ``action`` and neither's action draws from the game's generator (asking the twin
    must not change the game)."""
    pa, pb = policies_.POLICIES[a], policies_.POLICIES[b]
    same = all(getattr(pa, m) is getattr(pb, m) for m in ("outside_card", "vote", "vote_card"))
    return same and not (pa.draws or pb.draws)


def play_game(ref: Referee, players: list[str], names: list[str], rng, options, rec: Recorder | None):
    """Play one game from the start; return what ``Game.play`` returns."""
    return Game(ref, players, names, rng, options, rec).play()


def _order_inputs(players, rnd, support, previous_first):
    return {"seating": players, "round": rnd, "support": support, "previous_first": previous_first}


def _outside_card(t: Table, me: str, policy: policies_.Policy, rec: Recorder | None) -> None:
    card = policy.outside_card(t, me)
    if card is not None:
        t.hands[me].remove(card["card"])
        if rec is not None and card["card"] == "regulatory-confusion":
            rec.disputes["regulatory-confusion-scope"] += 1
        raw = {
            "support": t.support,
            "card": card["card"],
            "group": card["group"],
            "target": card["target"],
        }
        t.set_support(t.ref("event-card", raw)["support_after"])


def _act(t: Table, me: str, action: tuple | None, rec: Recorder | None, saturated: bool) -> None:
    if action is None:
        return
    kind, n, plot, group = action
    district = t.offer[n]
    if kind == "build":
        raw = {
            "support": t.support[me],
            "district": {"type": district[0], "stage": district[1] if district[0] != "terrain" else None},
            "chosen_group": group if district[0] == "public" else None,
        }
        gained = t.ref("support-gain", raw, (t.levels(me), district, raw["chosen_group"]))
        t.set_support({me: gained["support"]})
        t.city[plot] = district
        t.offer.pop(n)
        return
    outcome = _vote(t, me, district, group)
    if rec is not None:
        rec.vote(t, outcome, saturated)
    t.set_support(outcome["support_after"])
    fate = outcome["district_fate"]
    if fate == "rebuilt":
        t.city[plot] = district
    if fate in ("rebuilt", "returned-to-pile"):
        t.offer.pop(n)


def _vote(t: Table, proposer: str, district, group) -> dict[str, Any]:
    """Collect the votes, then any cards played once they are known, in the voting order
    the adjudicator gives (rm.vote.order)."""
    motion = {"proposer": proposer, "district": district, "votes": {}}
    for p in t.players:
        motion["votes"][p] = t.seats[p].vote(t, p, motion)
    votes = dict(motion["votes"])
    forecast = t.council_vote(proposer, votes, district, group, ())
    if not t.cards:
        return forecast
    events = []
    for p in forecast["voting_order"]:
        hand = t.hands[p]
        if not hand:
            continue  # no card to play
        card = t.seats[p].vote_card(t, p, motion, forecast)
        if card is None:
            continue
        hand.remove(card["card"])
        if card["card"] == "technical-problems":
            # rm.events.technical-problems-cost: one more card of the hand is discarded.
            hand.pop(t.rng.randrange(len(hand)))
        events.append(tuple(sorted(card.items())))
        if card["card"] == "technical-problems":
            break
    if not events:
        return forecast
    return t.council_vote(proposer, votes, district, group, tuple(events))


# Worry 4's pair: each policy's twin in the paired game.
PAIRED = {"drain": "greedy", "greedy": "drain"}


class RadaMiasta(Model):
    slug = SLUG
    min_players, max_players = 2, 6
    policies = policies_.NAMES
    default_policy = policies_.DEFAULT
    disputes = DISPUTES
    # Configurations the lab's form can be opened with (/lab/<game>/?preset=<name>).
    presets = MappingProxyType({"saturation": SATURATION_PRESET})

    def reason(self, name: str, config) -> str:
        if name == "saturated_vote_fail_share":
            return (
                f"No vote of the {config.games} games was held with every player at the cap in the "
                f"proposer's groups; {SATURATION_HINT}"
            )
        return super().reason(name, config)

    def options(self, players: int, rounds: int | None = None, plots: int | None = None, cards: bool = True):
        rounds = rounds or 8
        return {"rounds": rounds, "plots": plots or players * rounds // 2, "cards": cards}

    def drain_seat(self, names: list[str]) -> int:
        """The seat whose payoff of draining is measured: the first drain seat, else the first
        greedy seat, else seat 1."""
        for policy in ("drain", "greedy"):
            if policy in names:
                return names.index(policy)
        return 0

    def play(self, ref: Referee, config, index: int) -> Sums:
        players = [f"P{n + 1}" for n in range(config.players)]
        names = list(config.policies)
        rec = Recorder(ref.rules.param("max_support"))
        s = self.drain_seat(names)
        game = Game(ref, players, names, self.rng(config, index), config.options, rec)
        twin = PAIRED.get(names[s])
        if twin is not None and forkable(names[s], twin):
            game.twin = (players[s], policies_.make(twin))
        firsts, leader, first_order, totals = game.play()
        out = Sums()
        seat = players.index(leader)
        for n in range(config.players):
            out.add(f"lead_seat_{n + 1}", share_obs(seat == n))
            out.add(f"lead_start_{n + 1}", share_obs(first_order.index(leader) == n))
        out.add("rounds", mean_obs(len(firsts)))
        # Who leads at the end when the players end level: the tie rule's previous first
        # player (rm.order.tie-previous-first), not a lead in support. Said on worry 1's card.
        top = max(totals.values())
        out.add("final_tie", share_obs(sum(v == top for v in totals.values()) > 1))
        out.add("final_zero", share_obs(top == 0))
        # first / n_first - others / n_others, kept whole (sums add exactly): every player has
        # a turn each round, so n_first = R and n_others = (P - 1) R; the metric's scale
        # divides by their product.
        (first, others), (n_first, n_others) = rec.gain, rec.gain_turns
        out.add("first_turn_edge", mean_obs(first * n_others - others * n_first))
        out.add("others_turn_gain", ratio_obs(others, n_others))
        stays = sum(a == b for a, b in zip(firsts, firsts[1:], strict=False))
        out.add("first_stays", ratio_obs(stays, len(firsts) - 1))
        observed = sum(rec.levels)
        out.add("at_cap", ratio_obs(rec.levels[-1], observed))
        out.add("mean_level", ratio_obs(sum(v * c for v, c in enumerate(rec.levels)), observed))
        # Worry 2's proxy: support levels above 0 on the table at a round's end.
        out.add("tracked", ratio_obs(observed - rec.levels[0], len(firsts)))
        out.add("one_point", ratio_obs(rec.one_point, rec.votes))
        out.add("levels", rec.levels)
        out.add("votes", mean_obs(rec.votes))
        out.add("passed", ratio_obs(rec.passed, rec.votes))
        out.add("cancelled", ratio_obs(rec.cancelled, rec.votes + rec.cancelled))
        out.add("saturated_fail", ratio_obs(rec.saturated_failed, rec.saturated_votes))
        out.add("saturated_game", share_obs(rec.saturated_turns > 0))
        out.add("saturated_turns", ratio_obs(rec.saturated_turns, rec.turns))
        out.add("by_saturation", [x for held, won in rec.by_saturation for x in (held, won)])
        for key, times in rec.disputes.items():
            out.add(f"dispute_arises:{key}", share_obs(times > 0))

        # Worry 4: the same game (same seed, so the same draws) with the measured seat played
        # by ``drain`` and by ``greedy``, which differ only in calling votes to drain; the
        # payoff is the paired difference of its leading and of its final margin. Where the
        # seat plays one of the two, the other's game is this one's fork (``Game``).
        played = {names[s]: (leader, totals)}
        if game.fork is not None:
            _f, twin_leader, _o, twin_totals = game.fork.play()
            played[twin] = (twin_leader, twin_totals)
        elif game.twin is not None:  # watched to the end: the twin never acted otherwise
            played[twin] = (leader, totals)
        led, margin = {}, {}
        for policy in ("drain", "greedy"):
            if policy not in played:
                other = names[:s] + [policy] + names[s + 1 :]
                _f, twin_leader, _o, twin_totals = play_game(
                    ref, players, other, self.rng(config, index), config.options, None
                )
                played[policy] = (twin_leader, twin_totals)
            result = played[policy]
            led[policy] = result[0] == players[s]
            me = result[1][players[s]]
            margin[policy] = me - max(v for p, v in result[1].items() if p != players[s])
        out.add("drain_diff", paired_obs(int(led["drain"]) - int(led["greedy"])))
        out.add("drain_margin_diff", mean_obs(margin["drain"] - margin["greedy"]))
        out.add("drain_win", share_obs(led["drain"]))
        out.add("greedy_win", share_obs(led["greedy"]))
        return out

    def metrics(self, config, rules, sums: Sums) -> tuple[list[tuple], dict[str, Any]]:
        cap = rules.param("max_support")
        rounds = config.options["rounds"]
        specs = [
            ("first_player_win_share", SHARE, "lead_start_1", 1),
            ("rounds_mean", MEAN, "rounds", 1),
            ("first_player_stays_first", RATIO, "first_stays", 1),
            ("first_turn_gain_edge", MEAN, "first_turn_edge", rounds * rounds * (config.players - 1)),
            ("others_turn_gain_mean", RATIO_MEAN, "others_turn_gain", 1),
            ("final_tie_share", SHARE, "final_tie", 1),
            ("final_all_zero_share", SHARE, "final_zero", 1),
        ]
        specs += [(f"lead_share_seat_{n}", SHARE, f"lead_seat_{n}", 1) for n in range(1, config.players + 1)]
        specs += [
            (f"lead_share_start_{n}", SHARE, f"lead_start_{n}", 1) for n in range(1, config.players + 1)
        ]
        specs += [
            ("support_at_cap_share", RATIO, "at_cap", 1),
            ("support_mean_level", RATIO_MEAN, "mean_level", 1),
            ("support_states_tracked_mean", RATIO_MEAN, "tracked", 1),
            ("votes_on_one_point_share", RATIO, "one_point", 1),
            ("votes_per_game", MEAN, "votes", 1),
            ("votes_passed_share", RATIO, "passed", 1),
            ("votes_cancelled_share", RATIO, "cancelled", 1),
            ("saturated_vote_fail_share", RATIO, "saturated_fail", 1),
            ("saturation_game_share", SHARE, "saturated_game", 1),
            ("saturated_turn_share", RATIO, "saturated_turns", 1),
            ("drain_vote_payoff", stats.PAIRED, "drain_diff", 1),
            ("drain_vote_margin_payoff", MEAN, "drain_margin_diff", 1),
            ("drain_seat_lead_share", SHARE, "drain_win", 1),
            ("drain_seat_greedy_lead_share", SHARE, "greedy_win", 1),
        ]
        flat = sums.get("by_saturation", [0] * (2 * SATURATION_BUCKETS))
        series = {
            "support_levels": {
                "x": list(range(cap + 1)),
                "y": (sums.get("levels") or []) + [0] * (cap + 1 - len(sums.get("levels") or [])),
            },
            "votes_by_saturation": {
                "x": [
                    f"{100 * b // SATURATION_BUCKETS}-{100 * (b + 1) // SATURATION_BUCKETS}%"
                    for b in range(5)
                ],
                "held": flat[0::2],
                "passed": flat[1::2],
            },
        }
        return specs, series

    def charts(self, results):
        return charts(results)

    def worries(self, result):
        return worries(result)

    def label(self, name: str) -> str:
        return label(name)

    @staticmethod
    def rng(config, index: int):
        # Seeding with a string is stable across processes and platforms (SHA-512 of it).
        return random.Random(f"{config.game}:{config.seed}:{index}")


# ---------------------------------------------------------------- what the page shows

HEADLINE = (
    ("first_player_stays_first", gettext_lazy("1: first stays")),
    ("support_at_cap_share", gettext_lazy("2: at cap")),
    ("votes_on_one_point_share", gettext_lazy("2: on one point")),
    ("votes_passed_share", gettext_lazy("3: pass")),
    ("saturated_vote_fail_share", gettext_lazy("3: fail at cap")),
)


def charts(results: list[tuple[str, dict[str, Any]]]) -> list[Chart]:
    """The four worries as charts, one series per configuration."""
    players = results[0][1]["players"]
    out = [
        Chart(
            key="headline",
            title=str(gettext_lazy("The worries at a glance")),
            caption=str(
                gettext_lazy(
                    "1: the round's first player is first again next round; 2: support levels at the cap, "
                    "and votes that one support point more or less would have reversed; "
                    "3: votes that pass, and votes that fail when every player is at the cap in the "
                    "proposer's groups. "
                    "Whiskers: 95 percent confidence intervals."
                )
            ),
            categories=[str(label) for _name, label in HEADLINE],
            series=[_metric_series(label, r, [name for name, _l in HEADLINE]) for label, r in results],
        ),
        Chart(
            key="lead-by-start",
            title=str(gettext_lazy("Worry 1: who leads at the end, by place in round 1's turn order")),
            categories=[str(gettext_lazy("place %(n)s") % {"n": n}) for n in range(1, players + 1)],
            series=[
                _metric_series(label, r, [f"lead_share_start_{n}" for n in range(1, players + 1)])
                for label, r in results
            ],
            lines=(1 / players,),
            caption=str(gettext_lazy("The line is an even share, 1 in %(n)s.") % {"n": players}),
        ),
    ]
    levels = results[0][1]["series"]["support_levels"]["x"]
    out.append(
        Chart(
            key="support-levels",
            title=str(gettext_lazy("Worry 2: support levels at the ends of rounds (share of all levels)")),
            categories=[str(x) for x in levels],
            series=[
                Series(label, [c / max(1, sum(ys)) for c in ys])
                for label, r in results
                for ys in [r["series"]["support_levels"]["y"]]
            ],
        )
    )
    saturation = results[0][1]["series"]["votes_by_saturation"]["x"]
    series = []
    for label, r in results:
        s = r["series"]["votes_by_saturation"]
        values, low, high, notes = [], [], [], []
        for held, passed in zip(s["held"], s["passed"], strict=True):
            lo, hi = wilson(passed, held)
            values.append(passed / held if held else None)
            low.append(lo if held else None)
            high.append(hi if held else None)
            notes.append(ngettext("%(n)s vote", "%(n)s votes", held) % {"n": held})
        series.append(Series(label, values, low, high, notes))
    out.append(
        Chart(
            key="votes-by-saturation",
            title=str(
                gettext_lazy("Worry 3: votes that pass, by the table's mean support as a share of the cap")
            ),
            categories=saturation,
            series=series,
            caption=str(gettext_lazy("Wilson intervals per vote; hover a bar for the number of votes.")),
        )
    )
    return out


def _metric_series(label: str, result: dict[str, Any], names: list[str]) -> Series:
    metrics = result["metrics"]
    return Series(
        label,
        [metrics[n]["value"] for n in names],
        [metrics[n]["ci_low"] for n in names],
        [metrics[n]["ci_high"] for n in names],
    )


LABELS = {
    "first_player_stays_first": gettext_lazy("Round's first player is first again the next round"),
    "support_at_cap_share": gettext_lazy("Support levels at the cap (round ends)"),
    "support_mean_level": gettext_lazy("Mean support level (round ends)"),
    "support_states_tracked_mean": gettext_lazy(
        "Support levels above 0 on the table at a round's end (figures a player tracks)"
    ),
    "votes_on_one_point_share": gettext_lazy(
        "Votes that one support point more or less, on either side, would have reversed"
    ),
    "votes_per_game": gettext_lazy("Votes per game"),
    "votes_passed_share": gettext_lazy("Votes that pass"),
    "votes_cancelled_share": gettext_lazy("Votes cancelled by Technical Problems"),
    "first_player_win_share": gettext_lazy("Round 1's first player leads at the end"),
    "rounds_mean": gettext_lazy("Rounds per game"),
    "first_turn_gain_edge": gettext_lazy(
        "Support a round's first player gains on their turn, more than the others on theirs (points, mean per game)"
    ),
    "others_turn_gain_mean": gettext_lazy("Support the other players gain on their turns (points a turn)"),
    "final_tie_share": gettext_lazy(
        "Games that end with players tied for the most support (the tie rule picks the leader)"
    ),
    "final_all_zero_share": gettext_lazy("Games that end with every player at 0 support"),
    "saturated_vote_fail_share": gettext_lazy(
        "Votes that fail, of those held with every player at the cap in the proposer's groups"
    ),
    "saturation_game_share": gettext_lazy("Games that reach every player at the cap in a proposer's groups"),
    "saturated_turn_share": gettext_lazy("Turns whose player to move is in that state"),
    "drain_vote_payoff": gettext_lazy(
        "Payoff of calling votes only to drain: the seat's lead share as drain minus as greedy (paired)"
    ),
    "drain_vote_margin_payoff": gettext_lazy(
        "The same in final margin over the strongest opponent (support points, paired)"
    ),
    "drain_seat_lead_share": gettext_lazy("Measured seat leads, calling votes to drain"),
    "drain_seat_greedy_lead_share": gettext_lazy("Measured seat leads, played greedily"),
}


def label(name: str) -> str:
    """A metric's name in words."""
    for prefix, text in (
        ("lead_share_seat_", gettext_lazy("Seat %(n)s leads at the end")),
        ("lead_share_start_", gettext_lazy("Player in place %(n)s of round 1's order leads at the end")),
    ):
        if name.startswith(prefix):
            return str(text) % {"n": name.removeprefix(prefix)}
    return str(LABELS.get(name, name))


# ---------------------------------------------------------------- the worries in words

# The designer's sentences at the end of the draft (rules/corpus/rada-miasta/source.txt),
# quoted as written.
WORRY_QUOTES = (
    "Gracz, który jest pierwszy w rundzie wybierając Dzielnicę do budowania jako pierwszy może mieć "
    "zbyt dużą przewagę nad innymi",
    "Zbyt duża liczba głosów poparcia może spowodować, że system będzie zbyt skomplikowany",
    "Może się okazać, że wszyscy gracze będą mieli maksymalne poziomy poparcia i głosowanie nigdy nie "
    "skończy się korzystnie dla wnioskodawcy",
    "Gracze mogą specjalnie inicjować głosowanie zmniejszając poziom poparcia przeciwników nawet kosztem "
    "zakończenia tury",
)


def _pc(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f} %"


def _interval(m: dict[str, Any]) -> dict[str, str]:
    return {"v": _pc(m["value"]), "lo": _pc(m["ci_low"]), "hi": _pc(m["ci_high"])}


def worries(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Each worry's card: the designer's sentence, what the metric means, the verdict."""
    m = result["metrics"]
    return [
        {"quote": WORRY_QUOTES[0], **_worry_first(m, result["players"])},
        {"quote": WORRY_QUOTES[1], **_worry_tracking(m, result["players"])},
        {"quote": WORRY_QUOTES[2], **_worry_saturation(m)},
        {"quote": WORRY_QUOTES[3], **_worry_drain(m)},
    ]


def _worry_first(m: dict[str, Any], players: int) -> dict[str, str]:
    """Worry 1: does round 1's first player lead at the end more than an even share?"""
    first, even = m["first_player_win_share"], 1 / players
    if first["ci_low"] is not None and first["ci_low"] > even:
        v1 = gettext_lazy(
            "Yes: round 1's first player leads at the end in %(v)s of games [%(lo)s, %(hi)s], more than an even %(even)s."
        )
    elif first["ci_high"] is not None and first["ci_high"] < even:
        v1 = gettext_lazy(
            "No: round 1's first player leads at the end in %(v)s of games [%(lo)s, %(hi)s], less than an even %(even)s."
        )
    else:
        v1 = gettext_lazy(
            "Not shown: round 1's first player leads at the end in %(v)s of games [%(lo)s, %(hi)s], consistent with an even %(even)s."
        )
    verdict = str(v1) % {**_interval(first), "even": _pc(even)}
    edge, others = m.get("first_turn_gain_edge"), m.get("others_turn_gain_mean")
    if edge and others and edge["value"] is not None and others["value"] is not None:
        verdict += " " + str(
            gettext_lazy(
                "In play, the round's first player gains %(v)s support points a turn more than the others [%(lo)s, %(hi)s], who gain %(o)s a turn."
            )
        ) % {
            "v": _num(edge["value"], 2),
            "lo": _num(edge["ci_low"], 2),
            "hi": _num(edge["ci_high"], 2),
            "o": _num(others["value"], 2),
        }
    return {
        "meaning": str(gettext_lazy("Share of games led at the end by the first player of round 1.")),
        "verdict": f"{verdict}{_level_ending(m)}",
    }


def _level_ending(m: dict[str, Any]) -> str:
    """What the leader means when games end level: said beside worries 1 and 4, whose
    verdicts count who leads."""
    tie, zero = m.get("final_tie_share"), m.get("final_all_zero_share")
    if tie is None or zero is None or not tie["value"]:
        return ""  # none, or a run stored before these were measured
    return " " + str(
        gettext_lazy(
            "But %(v)s of games [%(lo)s, %(hi)s] end with players tied for the most support (every player at 0 in %(z)s): there the leader is the last round's first player, by the tie rule, not a player with more support."
        )
    ) % {**_interval(tie), "z": _pc(zero["value"])}


# Worry 2's verdict: most votes turning on one point means every point must be tracked
# exactly; few, that a player's rough idea of the levels would rarely mislead them.
ONE_POINT_MANY, ONE_POINT_FEW = 0.5, 0.1


def _worry_tracking(m: dict[str, Any], players: int) -> dict[str, str]:
    """Worry 2 (complexity) by a proxy, said to be one: the support levels a player must
    track, and how often a vote turns on a single point of them."""
    tracked, one = m["support_states_tracked_mean"], m["votes_on_one_point_share"]
    cap = m["support_at_cap_share"]
    if one["value"] is None:
        verdict = gettext_lazy("No vote was held: how often a vote turns on one point is not measured.")
    elif one["ci_low"] > ONE_POINT_MANY:
        verdict = gettext_lazy(
            "Heavy: most votes turn on a single point (%(v)s [%(lo)s, %(hi)s]), so a player must track every level exactly."
        )
    elif one["ci_high"] < ONE_POINT_FEW:
        verdict = gettext_lazy(
            "Light: few votes turn on a single point (%(v)s [%(lo)s, %(hi)s]); a rough idea of the levels rarely misleads a player."
        )
    else:
        verdict = gettext_lazy(
            "Some votes turn on a single point (%(v)s [%(lo)s, %(hi)s]): exact tracking matters now and then."
        )
    figures = gettext_lazy(
        "Measured: %(n)s support levels above 0 on the table at a round's end [%(nlo)s, %(nhi)s], of %(all)s; %(cap)s of levels at the cap."
    ) % {
        "n": _num(tracked["value"]),
        "nlo": _num(tracked["ci_low"]),
        "nhi": _num(tracked["ci_high"]),
        "all": players * len(GROUPS),
        "cap": _pc(cap["value"]),
    }
    text = str(verdict) % _interval(one) if one["value"] is not None else str(verdict)
    return {
        "meaning": str(
            gettext_lazy(
                "A proxy, not complexity itself: how many support levels a player must keep in mind, and how often a vote's result turns on a single point of them (one point more or less for either side would have reversed it)."
            )
        ),
        "verdict": f"{text} {figures}",
    }


def _num(x: float | None, places: int = 1) -> str:
    return "—" if x is None else f"{x:.{places}f}"


def _worry_saturation(m: dict[str, Any]) -> dict[str, Any]:
    """Worry 3: of the votes held with everyone at the cap, the share that fail."""
    fail, games = m["saturated_vote_fail_share"], m["saturation_game_share"]
    if fail["value"] is None:
        v3 = str(
            gettext_lazy(
                "No game reached that state (%(g)s of games): this run cannot speak to the worry. Try %(players)s players, %(rounds)s rounds, %(plots)s plots, no event cards (the preset below)."
            )
        ) % {"g": _pc(games["value"]), **SATURATION_PRESET}
    else:
        v3 = str(
            gettext_lazy(
                "%(v)s of the votes held in that state failed [%(lo)s, %(hi)s]; %(g)s of games reached it."
            )
        ) % {**_interval(fail), "g": _pc(games["value"])}
    return {
        # The configuration that reaches the state, offered as the form's preset.
        "preset": "saturation" if fail["value"] is None else None,
        "meaning": str(
            gettext_lazy(
                "Of the votes held when every player is at the cap in the proposer's groups, the share that fail."
            )
        ),
        "verdict": v3,
    }


def _worry_drain(m: dict[str, Any]) -> dict[str, str]:
    """Worry 4: the paired payoff of calling votes only to drain."""
    drain, margin = m["drain_vote_payoff"], m["drain_vote_margin_payoff"]
    v4 = ""
    if drain["value"] is not None:
        if drain["ci_low"] > 0:
            w = gettext_lazy(
                "It pays: calling votes only to drain raises the seat's lead share by %(v)s [%(lo)s, %(hi)s] (margin %(m)s points)."
            )
        elif drain["ci_high"] < 0:
            w = gettext_lazy(
                "It does not pay: calling votes only to drain lowers the seat's lead share by %(v)s [%(lo)s, %(hi)s] (margin %(m)s points)."
            )
        else:
            w = gettext_lazy(
                "No payoff shown: calling votes only to drain changes the seat's lead share by %(v)s [%(lo)s, %(hi)s] (margin %(m)s points)."
            )
        v4 = str(w) % {**_interval(drain), "m": f"{margin['value']:+.2f}"} + _level_ending(m)
    return {
        "meaning": str(
            gettext_lazy(
                "The same seat on the same seeds, calling votes only to drain or not: the difference in its lead share."
            )
        ),
        "verdict": v4,
    }
