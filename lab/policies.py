"""Seat policies for Rada Miasta: what a player chooses where the rules leave the choice.

The rules decide what happens (every support change, vote, order and card effect is the
adjudicators' answer); a policy only decides what a player *does*: which District of the
offer to take, whether to build it on an empty plot or to move its rebuilding, how to
vote, and when to play an event card. A policy never applies a rule itself: to foresee
a vote it asks the council-vote adjudicator (``Table.forecast``), and its rankings are
preferences, not rulings.

- ``random``: takes a random District and a random legal place for it, votes FOR its own
  motions and FOR or AGAINST others' with even odds, plays a card it holds with odds ½
  when it can (random group and target).
- ``greedy``: takes the District of the highest stage (ties: the one whose group it has
  least support in; a Public District counts for its weakest group; a Terrain last),
  builds on an empty plot when there is one and otherwise moves a rebuilding; votes
  AGAINST a motion whose proposer's total support plus the District's stage would reach
  its own total, FOR otherwise; plays Election Promises on itself in its weakest group
  below the cap, Regulatory Confusion on the group where the others hold the most more
  than it does, Councillor Absent and then Technical Problems against an opponent's motion
  that the adjudicator forecasts to pass by the narrowest margin.
- ``spoiler`` (the designer's worry 4): plays as ``greedy`` but, on each turn where it
  could build on an empty plot, asks the council-vote adjudicator what a motion would do
  with every other player voting against it, and moves the motion instead when that
  leaves it a better margin over its strongest opponent than the build would (the
  decay of ``rm.vote.decay`` lowering the others' support), even though a lost vote ends
  its turn (``rm.vote.lost-ends-turn``). It votes AGAINST every other player's motion.
- ``drain`` (worry 4 as written): ``spoiler``'s choice of a motion called only to drain,
  and nothing else: it votes and plays cards as ``greedy``. Paired with ``greedy`` on the
  same seeds it measures the payoff of calling such votes (``drain_vote_payoff``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.adjudicators.rada_miasta.common import GROUPS

if TYPE_CHECKING:  # pragma: no cover
    from .rada import Table

NAMES = ("greedy", "random", "spoiler", "drain")
DEFAULT = "greedy"


class Policy:
    """What one seat does; subclasses override the choices."""

    name = ""
    # Whether its choices draw from the game's generator (a policy asked what it would do,
    # without doing it, must not: lab.rada.Game's fork).
    draws = False

    # ------------------------------------------------------------ turn
    def outside_card(self, t: Table, me: str) -> dict[str, Any] | None:
        """An event card to play before building: {"card", "group", "target"} or None."""
        return None

    def action(self, t: Table, me: str) -> tuple | None:
        """("build", offer index, plot, group) / ("motion", offer index, plot, group) / None."""
        raise NotImplementedError

    # ------------------------------------------------------------ others' motions
    def vote(self, t: Table, me: str, motion: dict[str, Any]) -> str:
        raise NotImplementedError

    def vote_card(self, t: Table, me: str, motion: dict[str, Any], forecast: dict[str, Any]) -> dict | None:
        """A card to play during a vote, once the votes are known: an event or None."""
        return None


def weakest_group(levels: dict[str, int]) -> str:
    """The group with the least support (a tie: the first of GROUPS)."""
    return min(GROUPS, key=levels.__getitem__)


class Greedy(Policy):
    name = "greedy"

    def _wants(self, t: Table, me: str) -> tuple[list[int], dict[str, str]]:
        """Offer indices, most wanted first (a preference, not a computed gain), and the
        group each type of District would serve (a Public one: ``me``'s weakest; a Terrain
        none): a Terrain last, then the highest stage, the lowest level of that group, the
        first offered."""
        support = t.support[me]
        groups = {**t.district_group, "public": weakest_group(support)}
        keys = [
            (kind != "terrain", stage, -support[groups[kind]] if kind in groups else 0, -n)
            for n, (kind, stage) in enumerate(t.offer)
        ]
        return [-key[3] for key in sorted(keys, reverse=True)], groups

    def _motion(self, t: Table, ranked: list[int], groups: dict[str, str]) -> tuple | None:
        for n in ranked:
            district = t.offer[n]
            plots = t.rebuildable(district)
            if plots:
                return ("motion", n, plots[0], groups.get(district[0]))
        return None

    def _build(self, t: Table, ranked: list[int], groups: dict[str, str]) -> tuple | None:
        empty = t.empty_plots()
        if not empty or not ranked or t.offer[ranked[0]][0] == "terrain":
            return None
        n = ranked[0]
        return ("build", n, empty[0], groups.get(t.offer[n][0]))

    def action(self, t: Table, me: str) -> tuple | None:
        ranked, groups = self._wants(t, me)
        return self._build(t, ranked, groups) or self._motion(t, ranked, groups)

    def vote(self, t: Table, me: str, motion: dict[str, Any]) -> str:
        proposer = motion["proposer"]
        if proposer == me:
            return "for"
        reach = t.total(proposer) + motion["district"][1]
        return "against" if reach >= t.total(me) else "for"

    def outside_card(self, t: Table, me: str) -> dict[str, Any] | None:
        hand = t.hands[me]
        if "election-promises" in hand:
            group = weakest_group(t.support[me])
            if t.support[me][group] < t.max_support:
                return {"card": "election-promises", "group": group, "target": me}
        if "regulatory-confusion" in hand:
            others = [p for p in t.players if p != me]

            def score(g: str) -> int:
                return sum(t.support[p][g] for p in others) - len(others) * t.support[me][g]

            group = max(GROUPS, key=score)  # a tie: the first of GROUPS
            if score(group) >= 2:
                return {"card": "regulatory-confusion", "group": group, "target": None}
        return None

    def vote_card(self, t: Table, me: str, motion: dict[str, Any], forecast: dict[str, Any]) -> dict | None:
        hand = t.hands[me]
        if "councillor-absent" not in hand and "technical-problems" not in hand:
            return None
        proposer = motion["proposer"]
        need = t.rules.param("council_votes_to_win")
        points = t.rules.param("councillor_absent_points")
        tallies = forecast["tallies"]
        votes = motion["votes"]
        if proposer != me and forecast["passed"]:
            if "councillor-absent" in hand and forecast["council_votes"] == need:
                for g in GROUPS:
                    margin = tallies[g]["for"] - tallies[g]["against"]
                    if 0 < margin <= points:
                        target = next(
                            (p for p in t.players if votes[p] == "for" and t.support[p][g] > 0), None
                        )
                        if target is not None:
                            return {"card": "councillor-absent", "player": me, "target": target, "group": g}
            if "technical-problems" in hand and len(hand) >= 2:
                return {"card": "technical-problems", "player": me}
        if proposer == me and not forecast["passed"] and "councillor-absent" in hand:
            if forecast["council_votes"] == need - 1:
                for g in GROUPS:
                    gap = tallies[g]["against"] - tallies[g]["for"]
                    if 0 <= gap < points:
                        target = next(
                            (p for p in t.players if votes[p] == "against" and t.support[p][g] > 0), None
                        )
                        if target is not None:
                            return {"card": "councillor-absent", "player": me, "target": target, "group": g}
        return None


class Drain(Greedy):
    """Greedy in everything but one choice: where it could build, it moves a motion instead
    when the decay would leave it a better margin (a vote called only to drain)."""

    name = "drain"

    def action(self, t: Table, me: str) -> tuple | None:
        ranked, groups = self._wants(t, me)
        build = self._build(t, ranked, groups)
        motion = self._motion(t, ranked, groups)
        if build is None or motion is None:
            return build or motion
        forecast = t.forecast(me, motion)
        after = forecast["support_after"]
        others = [p for p in t.players if p != me]
        by_vote = sum(after[me].values()) - max(sum(after[p].values()) for p in others)
        by_build = t.total(me) + t.offer[build[1]][1] - max(t.total(p) for p in others)
        return motion if by_vote > by_build else build


class Spoiler(Drain):
    name = "spoiler"

    def vote(self, t: Table, me: str, motion: dict[str, Any]) -> str:
        return "for" if motion["proposer"] == me else "against"


class Random(Policy):
    name = "random"
    draws = True

    def action(self, t: Table, me: str) -> tuple | None:
        choices = []
        empty = t.empty_plots()
        for n, district in enumerate(t.offer):
            group = None
            if district[0] == "public":
                group = t.rng.choice(GROUPS)
            elif district[0] != "terrain":
                group = t.district_group[district[0]]
            choices += [("build", n, plot, group) for plot in empty]
            choices += [("motion", n, plot, group) for plot in t.rebuildable(district)]
        return t.rng.choice(choices) if choices else None

    def vote(self, t: Table, me: str, motion: dict[str, Any]) -> str:
        if motion["proposer"] == me:
            return "for"
        return t.rng.choice(("for", "against"))

    def outside_card(self, t: Table, me: str) -> dict[str, Any] | None:
        cards = [c for c in t.hands[me] if c in ("election-promises", "regulatory-confusion")]
        if not cards or t.rng.random() >= 0.5:
            return None
        card = t.rng.choice(cards)
        target = t.rng.choice(t.players) if card == "election-promises" else None
        return {"card": card, "group": t.rng.choice(GROUPS), "target": target}

    def vote_card(self, t: Table, me: str, motion: dict[str, Any], forecast: dict[str, Any]) -> dict | None:
        hand = t.hands[me]
        cards = [
            c for c in hand if c == "councillor-absent" or (c == "technical-problems" and len(hand) >= 2)
        ]
        if not cards or t.rng.random() >= 0.5:
            return None
        card = t.rng.choice(cards)
        if card == "technical-problems":
            return {"card": card, "player": me}
        return {"card": card, "player": me, "target": t.rng.choice(t.players), "group": t.rng.choice(GROUPS)}


POLICIES: dict[str, type[Policy]] = {"greedy": Greedy, "random": Random, "spoiler": Spoiler, "drain": Drain}


def make(name: str) -> Policy:
    return POLICIES[name]()
