"""Rada Miasta (seed 000): support points, round order, the City Council vote, event cards.

Every decision cites the clause of ``rules/corpus/rada-miasta/clauses.toml``
that holds it. The draft is short and silent on several points (what a
cancelled vote leaves behind, whose support Regulatory Confusion removes, how
much a Public District gives); those are reported as gaps with the reading
taken. The post-vote decay (``rm.vote.decay``) is the designer's uncertain
"red text" and every step citing it says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, adjudicator, dispute
from games.engine.declare import Choice, Int, List, Map, Object, Player, Players

GAME = "rada-miasta"

GROUPS = ("residents", "entrepreneurs", "merchants")
GROUP_LABELS = {
    "residents": gettext_lazy("Residents"),
    "entrepreneurs": gettext_lazy("Entrepreneurs"),
    "merchants": gettext_lazy("Merchants"),
}
DISTRICT_TYPES = ("residential", "industrial", "commercial", "public", "terrain")
DISTRICT_LABELS = {
    "residential": gettext_lazy("Residential"),
    "industrial": gettext_lazy("Industrial"),
    "commercial": gettext_lazy("Commercial"),
    "public": gettext_lazy("Public"),
    "terrain": gettext_lazy("Terrain"),
}
# rm.support.gain-by-stage pairs the groups with the District types "odpowiednio" (respectively).
DISTRICT_GROUP = {"residential": "residents", "industrial": "entrepreneurs", "commercial": "merchants"}
MAX_SUPPORT = 10  # rm.support.limits
COUNCIL_VOTES_TO_WIN = 2  # rm.vote.majority

VOTE_CARDS = ("councillor-absent", "technical-problems")
OTHER_CARDS = ("regulatory-confusion", "election-promises")
CARD_LABELS = {
    "councillor-absent": gettext_lazy("Councillor Absent"),
    "technical-problems": gettext_lazy("Technical Problems"),
    "regulatory-confusion": gettext_lazy("Regulatory Confusion"),
    "election-promises": gettext_lazy("Election Promises"),
}


# ---------------------------------------------------------------- shared declarations


def _group_support(**kw: Any) -> Map:
    return Map(
        Choice(GROUPS, labels=GROUP_LABELS),
        Int(0, MAX_SUPPORT),
        help=gettext_lazy("Support points per social group, 0-10; a group left out counts as 0."),
        **kw,
    )


def _district(**kw: Any) -> Object:
    return Object(
        type=Choice(DISTRICT_TYPES, labels=DISTRICT_LABELS, label=gettext_lazy("District type")),
        stage=Int(
            1,
            3,
            required=False,
            nullable=True,
            label=gettext_lazy("Stage"),
            help=gettext_lazy("1-3; not needed for a Terrain."),
        ),
        **kw,
    )


def _chosen_group() -> Choice:
    return Choice(
        GROUPS,
        labels=GROUP_LABELS,
        required=False,
        nullable=True,
        label=gettext_lazy("Group chosen for a Public District"),
    )


def _check_stage(i: Any) -> Iterable[tuple[str, str]]:
    if i.district.type != "terrain" and i.district.stage is None:
        yield "district.stage", _("This field is required.")


def _check_chosen_group_only_for_public(i: Any) -> Iterable[tuple[str, str]]:
    if i.chosen_group is not None and i.district.type != "public":
        yield "chosen_group", _("Only a Public District's support goes to a chosen group.")


def _check_public_needs_group(i: Any) -> Iterable[tuple[str, str]]:
    # rm.support.public-district: the builder assigns the points to one group of their choice.
    if i.district.type == "public" and i.chosen_group is None:
        yield (
            "chosen_group",
            _("A Public District's support goes to a group the builder chooses: choose one."),
        )


# ---------------------------------------------------------------- shared helpers


def _g(group: str) -> str:
    return str(GROUP_LABELS[group])


def _district_name(district: Any) -> str:
    return _("stage %(stage)s %(type)s District") % {
        "stage": district.stage,
        "type": DISTRICT_LABELS[district.type],
    }


def _levels(support: Mapping[str, int] | None) -> dict[str, int]:
    """Return all three groups' levels; a group left out of the inputs is 0."""
    support = support or {}
    return {g: support.get(g, 0) for g in GROUPS}


def _names(players: Iterable[str]) -> str:
    return ", ".join(players)


def _gain(
    r: Reasoning, levels: dict[str, int], district: Any, chosen_group: str | None, whom: str
) -> tuple[dict[str, int], int, str, int]:
    """Add a built District's support to ``levels`` (rm.support.*); return new levels, gained, group, discarded."""
    gained = district.stage
    if district.type == "public":
        group = chosen_group
        r.step(
            "rm.support.public-district",
            _(
                "The %(district)s gives %(whom)s %(n)s support points, all assigned to the chosen group, %(group)s."
            )
            % {"district": _district_name(district), "whom": whom, "n": gained, "group": _g(group)},
        )
        r.gap(
            "rm.support.public-district",
            question=_(
                "How many support points does a Public District give? The text says only 'the support points gained'."
            ),
            assumed=_("As many as its stage, as for the other District types."),
        )
    else:
        group = DISTRICT_GROUP[district.type]
        r.step(
            "rm.support.gain-by-stage",
            _("The %(district)s gives %(whom)s %(n)s %(group)s support points, as many as its stage.")
            % {"district": _district_name(district), "whom": whom, "n": gained, "group": _g(group)},
        )
    before = levels[group]
    raw = before + gained
    after = min(raw, MAX_SUPPORT)
    discarded = raw - after
    if discarded:
        r.step(
            "rm.support.limits",
            _(
                "%(group)s support: %(before)s + %(n)s = %(raw)s, over the limit of 10: %(d)s removed, it stays at 10."
            )
            % {"group": _g(group), "before": before, "n": gained, "raw": raw, "d": discarded},
        )
    else:
        r.step(
            "rm.support.limits",
            _("%(group)s support: %(before)s + %(n)s = %(after)s, within the limit of 10.")
            % {"group": _g(group), "before": before, "n": gained, "after": after},
        )
    return {**levels, group: after}, gained, group, discarded


# ---------------------------------------------------------------- support-gain


SUPPORT_GAIN_INPUTS = Object(
    support=_group_support(label=gettext_lazy("Builder's support before building")),
    district=_district(label=gettext_lazy("District built")),
    chosen_group=_chosen_group(),
    checks=[
        _check_stage,
        _check_chosen_group_only_for_public,
        _check_public_needs_group,
    ],
)


def _support_gain_summary(o: dict[str, Any]) -> str:
    if o["group"] is None:
        return _("A Terrain gives no support.")
    if o["discarded"]:
        return _("Gains %(n)s %(group)s support; %(d)s over the limit of 10 removed (now %(level)s).") % {
            "n": o["gained"],
            "group": _g(o["group"]),
            "d": o["discarded"],
            "level": o["support"][o["group"]],
        }
    return _("Gains %(n)s %(group)s support (now %(level)s).") % {
        "n": o["gained"],
        "group": _g(o["group"]),
        "level": o["support"][o["group"]],
    }


@adjudicator(
    game=GAME,
    name="support-gain",
    title=gettext_lazy("How much support does building this District give?"),
    inputs=SUPPORT_GAIN_INPUTS,
    clauses=[
        "rm.intro.terrain",
        "rm.support.gain-by-stage",
        "rm.support.public-district",
        "rm.support.limits",
    ],
    summary=_support_gain_summary,
    examples=[
        {
            "support": {"residents": 4, "entrepreneurs": 2, "merchants": 0},
            "district": {"type": "residential", "stage": 2},
        },
        {
            "support": {"residents": 9, "entrepreneurs": 1, "merchants": 3},
            "district": {"type": "public", "stage": 3},
            "chosen_group": "residents",
        },
        {"support": {"residents": 5}, "district": {"type": "terrain"}},
    ],
)
def support_gain(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on the support one player gains by building a District."""
    r = Reasoning()
    levels = _levels(i.support)
    if i.district.type == "terrain":
        r.step("rm.intro.terrain", _("A Terrain gives no support: no group gains anything."))
        return r.result({"support": levels, "gained": 0, "group": None, "discarded": 0})
    after, gained, group, discarded = _gain(r, levels, i.district, i.chosen_group, _("the builder"))
    return r.result({"support": after, "gained": gained, "group": group, "discarded": discarded})


# ---------------------------------------------------------------- round-order


def _check_round_order(i: Any) -> Iterable[tuple[str, str]]:
    if i.round >= 2:
        if i.support is None:
            yield "support", _("From round 2 on, every player's support is needed to find the first player.")
        if i.previous_first is None:
            yield (
                "previous_first",
                _("From round 2 on, the previous round's first player is needed (it breaks ties)."),
            )


ROUND_ORDER_INPUTS = Object(
    seating=Players(label=gettext_lazy("Players, clockwise")),
    round=Int(1, label=gettext_lazy("Round")),
    support=Map(
        Player(among="seating"),
        _group_support(),
        complete=True,
        required=False,
        nullable=True,
        label=gettext_lazy("Each player's support (from round 2)"),
    ),
    previous_first=Player(
        among="seating",
        required=False,
        nullable=True,
        label=gettext_lazy("First player of the previous round (from round 2)"),
    ),
    checks=[_check_round_order],
)


def _clockwise_from(seating: list[str], first: str) -> list[str]:
    n = seating.index(first)
    return seating[n:] + seating[:n]


def _round_order_summary(o: dict[str, Any]) -> str:
    if o["by_lot"]:
        return _("Round 1: the first player is drawn by lot; play then goes clockwise from them.")
    return _("%(first)s goes first; turn order %(order)s.") % {
        "first": o["first"],
        "order": _names(o["order"]),
    }


@adjudicator(
    game=GAME,
    name="round-order",
    title=gettext_lazy("Who goes first this round, and in what order do we play?"),
    inputs=ROUND_ORDER_INPUTS,
    clauses=[
        "rm.order.first-round-lot",
        "rm.order.totals",
        "rm.order.most-support-first",
        "rm.order.tie-previous-first",
        "rm.order.clockwise",
    ],
    summary=_round_order_summary,
    examples=[
        {
            "seating": ["Ala", "Bartek", "Celina"],
            "round": 3,
            "support": {
                "Ala": {"residents": 5, "entrepreneurs": 2, "merchants": 1},
                "Bartek": {"residents": 3, "entrepreneurs": 3, "merchants": 4},
                "Celina": {"residents": 0, "entrepreneurs": 6, "merchants": 2},
            },
            "previous_first": "Ala",
        },
        {"seating": ["Ala", "Bartek", "Celina"], "round": 1},
        {
            "seating": ["Ala", "Bartek", "Celina"],
            "round": 2,
            "support": {
                "Ala": {"residents": 4, "entrepreneurs": 0, "merchants": 0},
                "Bartek": {"residents": 2, "entrepreneurs": 2, "merchants": 0},
                "Celina": {"residents": 1, "entrepreneurs": 0, "merchants": 0},
            },
            "previous_first": "Celina",
        },
    ],
)
def round_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on the first player and the turn order of a round."""
    r = Reasoning()
    seating = list(i.seating)
    if i.round == 1:
        r.step(
            "rm.order.first-round-lot",
            _(
                "Round 1: the players draw lots (for example with a die) for the first player; it cannot be computed."
            ),
        )
        r.step(
            "rm.order.clockwise",
            _("Once drawn, turns go clockwise from the first player around the seating %(seating)s.")
            % {"seating": _names(seating)},
        )
        return r.result({"first": None, "order": None, "by_lot": True, "totals": None})

    totals = {p: sum(_levels(i.support[p]).values()) for p in seating}
    r.step(
        "rm.order.totals",
        _("Round %(round)s: support added up over the three groups: %(totals)s.")
        % {"round": i.round, "totals": ", ".join(f"{p} {t}" for p, t in totals.items())},
    )
    best = max(totals.values())
    leaders = [p for p in seating if totals[p] == best]
    if len(leaders) == 1:
        first = leaders[0]
        r.step(
            "rm.order.most-support-first",
            _("%(player)s has the most support (%(n)s) and is the first player.")
            % {"player": first, "n": best},
        )
    else:
        first = i.previous_first
        r.step(
            "rm.order.most-support-first",
            _("No single player has the most support: %(players)s tie on %(n)s.")
            % {"players": _names(leaders), "n": best},
        )
        r.step(
            "rm.order.tie-previous-first",
            _("So the first player is the previous round's first player, %(player)s.") % {"player": first},
        )
        if first not in leaders:
            r.gap(
                "rm.order.tie-previous-first",
                question=_(
                    "The previous round's first player is not among those tied for the most support. "
                    "Do they still go first?"
                ),
                assumed=_(
                    "Yes: the text gives first place to the same player as in the previous round "
                    "and does not limit it to the tied players."
                ),
            )
    order = _clockwise_from(seating, first)
    r.step(
        "rm.order.clockwise",
        _("Turns go clockwise from %(first)s: %(order)s.") % {"first": first, "order": _names(order)},
    )
    return r.result({"first": first, "order": order, "by_lot": False, "totals": totals})


# ---------------------------------------------------------------- council-vote


def _voting_order(seating: list[str], proposer: str) -> list[str]:
    """From the proposer's left (next clockwise) round to the proposer (rm.vote.order)."""
    n = seating.index(proposer)
    return seating[n + 1 :] + seating[: n + 1]


def _absent_effects(support: Mapping[str, Any], events: Iterable[Any]) -> tuple[dict, list[tuple[Any, int]]]:
    """Apply every Councillor Absent card to a copy of the support; return it and each card's effect."""
    counted = {p: _levels(s) for p, s in support.items()}
    effects = []
    for e in events:
        if e.card != "councillor-absent":
            continue
        before = counted[e.target][e.group]
        counted[e.target][e.group] = max(0, before - 1)
        effects.append((e, before))
    return counted, effects


def _tallies(counted: Mapping[str, Mapping[str, int]], votes: Mapping[str, str]) -> dict[str, dict[str, int]]:
    return {
        g: {
            "for": sum(counted[p][g] for p, v in votes.items() if v == "for"),
            "against": sum(counted[p][g] for p, v in votes.items() if v == "against"),
        }
        for g in GROUPS
    }


def _council_votes(tallies: Mapping[str, Mapping[str, int]]) -> int:
    return sum(1 for t in tallies.values() if t["for"] > t["against"])


def _vote_passes(i: Any) -> bool:
    """Whether a vote is won and not cancelled (used by the checks to ask for a chosen group)."""
    if any(e.card == "technical-problems" for e in i.events):
        return False
    counted, _effects = _absent_effects(i.support, i.events)
    return _council_votes(_tallies(counted, i.votes)) >= COUNCIL_VOTES_TO_WIN


def _check_council_vote(i: Any) -> Iterable[tuple[str, str]]:
    if i.district.type == "terrain":
        yield "district.type", _("A Terrain cannot be rebuilt or used to rebuild.")
        return
    if i.district.stage is None:
        yield "district.stage", _("This field is required.")
    yield from _check_chosen_group_only_for_public(i)
    bad_event = False
    for n, e in enumerate(i.events):
        if e.card == "councillor-absent":
            for name in ("target", "group"):
                if getattr(e, name) is None:
                    bad_event = True
                    yield f"events.{n}.{name}", _("This field is required.")
        else:
            for name in ("target", "group"):
                if getattr(e, name) is not None:
                    bad_event = True
                    yield f"events.{n}.{name}", _("Technical Problems names no target player or group.")
    if (
        not bad_event
        and i.district.stage is not None
        and i.district.type == "public"
        and i.chosen_group is None
        and _vote_passes(i)
    ):
        yield (
            "chosen_group",
            _(
                "The vote passes, and a Public District's support goes to a group the proposer chooses: choose one."
            ),
        )


COUNCIL_EVENT = Object(
    card=Choice(VOTE_CARDS, labels=CARD_LABELS, label=gettext_lazy("Card")),
    player=Player(among="seating", label=gettext_lazy("Played by")),
    target=Player(
        among="seating",
        required=False,
        nullable=True,
        label=gettext_lazy("Target player (Councillor Absent)"),
    ),
    group=Choice(
        GROUPS,
        labels=GROUP_LABELS,
        required=False,
        nullable=True,
        label=gettext_lazy("Group (Councillor Absent)"),
    ),
)

COUNCIL_VOTE_INPUTS = Object(
    seating=Players(label=gettext_lazy("Players, clockwise")),
    proposer=Player(among="seating", label=gettext_lazy("Proposer")),
    support=Map(
        Player(among="seating"),
        _group_support(),
        complete=True,
        label=gettext_lazy("Each player's support"),
    ),
    votes=Map(
        Player(among="seating"),
        Choice(("for", "against"), labels={"for": gettext_lazy("For"), "against": gettext_lazy("Against")}),
        complete=True,
        label=gettext_lazy("Votes"),
    ),
    district=_district(label=gettext_lazy("District to build by rebuilding")),
    chosen_group=_chosen_group(),
    events=List(COUNCIL_EVENT, default=[], label=gettext_lazy("Event cards played during the vote")),
    checks=[_check_council_vote],
)


def _council_vote_summary(o: dict[str, Any]) -> str:
    if o["cancelled"]:
        return _("The vote is cancelled by Technical Problems.")
    if o["passed"]:
        return _("The motion passes with %(n)s of 3 City Council votes; the District is rebuilt.") % {
            "n": o["council_votes"]
        }
    fate = (
        _("the District returns to the pile of unbuilt Districts")
        if o["district_fate"] == "returned-to-pile"
        else _("the District stays in its place")
    )
    return _(
        "The motion fails with %(n)s of 3 City Council votes; the proposer's turn ends and %(fate)s."
    ) % {
        "n": o["council_votes"],
        "fate": fate,
    }


def _levels_text(levels: Mapping[str, int]) -> str:
    return ", ".join(f"{_g(g)} {levels[g]}" for g in GROUPS)


@adjudicator(
    game=GAME,
    name="council-vote",
    title=gettext_lazy("Does the City Council vote pass, and what happens after it?"),
    inputs=COUNCIL_VOTE_INPUTS,
    clauses=[
        "rm.vote-needed.rebuilding",
        "rm.vote.proposal",
        "rm.vote.order",
        "rm.vote.for-against",
        "rm.vote.proposer-either-way",
        "rm.events.councillor-absent",
        "rm.support.limits",
        "rm.vote.tallies",
        "rm.vote.group-vote-for",
        "rm.vote.group-vote-none",
        "rm.events.technical-problems",
        "rm.events.technical-problems-cost",
        "rm.vote.majority",
        "rm.vote.unanimous",
        "rm.vote.lost-ends-turn",
        "rm.vote.lost-stage-1",
        "rm.vote.lost-stage-2-3",
        "rm.vote.decay",
        "rm.vote.won-gain",
        "rm.support.gain-by-stage",
        "rm.support.public-district",
    ],
    summary=_council_vote_summary,
    examples=[
        {
            "seating": ["Ala", "Bartek", "Celina"],
            "proposer": "Ala",
            "support": {
                "Ala": {"residents": 5, "entrepreneurs": 1, "merchants": 4},
                "Bartek": {"residents": 2, "entrepreneurs": 4, "merchants": 3},
                "Celina": {"residents": 1, "entrepreneurs": 2, "merchants": 0},
            },
            "votes": {"Ala": "for", "Bartek": "against", "Celina": "for"},
            "district": {"type": "commercial", "stage": 2},
        },
        {
            "seating": ["Ala", "Bartek", "Celina", "Darek"],
            "proposer": "Bartek",
            "support": {
                "Ala": {"residents": 3, "entrepreneurs": 3, "merchants": 3},
                "Bartek": {"residents": 4, "entrepreneurs": 0, "merchants": 2},
                "Celina": {"residents": 0, "entrepreneurs": 5, "merchants": 1},
                "Darek": {"residents": 1, "entrepreneurs": 1, "merchants": 2},
            },
            "votes": {"Ala": "against", "Bartek": "for", "Celina": "for", "Darek": "against"},
            "district": {"type": "public", "stage": 1},
            "chosen_group": "residents",
            "events": [
                {"card": "councillor-absent", "player": "Ala", "target": "Celina", "group": "entrepreneurs"}
            ],
        },
        {
            "seating": ["Ala", "Bartek"],
            "proposer": "Ala",
            "support": {
                "Ala": {"residents": 6, "entrepreneurs": 6, "merchants": 0},
                "Bartek": {"residents": 2, "entrepreneurs": 1, "merchants": 3},
            },
            "votes": {"Ala": "for", "Bartek": "against"},
            "district": {"type": "industrial", "stage": 3},
            "events": [{"card": "technical-problems", "player": "Bartek"}],
        },
    ],
)
def council_vote(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on a City Council vote on a rebuilding, and on what follows it."""
    r = Reasoning()
    seating = list(i.seating)
    proposer = i.proposer
    district = i.district
    votes = dict(i.votes)

    r.step(
        "rm.vote-needed.rebuilding",
        _("Building the %(district)s by rebuilding needs a won City Council vote.")
        % {"district": _district_name(district)},
    )
    r.step(
        "rm.vote.proposal",
        _("%(player)s is the proposer; the rebuilding is the motion.") % {"player": proposer},
    )
    order = _voting_order(seating, proposer)
    r.step(
        "rm.vote.order",
        _("Voting order, from the proposer's left clockwise and ending with the proposer: %(order)s.")
        % {"order": _names(order)},
    )
    backers = [p for p in order if votes[p] == "for"]
    opponents = [p for p in order if votes[p] == "against"]
    r.step(
        "rm.vote.for-against",
        _("FOR the motion: %(for)s. AGAINST: %(against)s.")
        % {"for": _names(backers) or _("nobody"), "against": _names(opponents) or _("nobody")},
    )
    r.step(
        "rm.vote.proposer-either-way",
        (
            _("%(player)s, the proposer, votes FOR their own motion, as they may.")
            if votes[proposer] == "for"
            else _("%(player)s, the proposer, votes AGAINST their own motion, which the rules allow.")
        )
        % {"player": proposer},
    )

    counted, effects = _absent_effects(i.support, i.events)
    for e, before in effects:
        if before > 0:
            r.step(
                "rm.events.councillor-absent",
                _(
                    "%(player)s plays Councillor Absent on %(target)s: for this vote only, %(target)s's "
                    "%(group)s support counts 1 less, %(before)s → %(after)s."
                )
                % {
                    "player": e.player,
                    "target": e.target,
                    "group": _g(e.group),
                    "before": before,
                    "after": before - 1,
                },
            )
        else:
            r.step(
                "rm.events.councillor-absent",
                _(
                    "%(player)s plays Councillor Absent on %(target)s, lowering their %(group)s support for this vote."
                )
                % {"player": e.player, "target": e.target, "group": _g(e.group)},
            )
            r.step(
                "rm.support.limits",
                _(
                    "%(target)s already counts 0 %(group)s support, which cannot go negative: the card changes nothing."
                )
                % {"target": e.target, "group": _g(e.group)},
            )
    if len(effects) > 1:
        r.gap(
            "rm.events.councillor-absent",
            question=_(
                "May several Councillor Absent cards be played in one vote, and do their effects add up?"
            ),
            assumed=_("Yes: each card lowers its target's counted support by 1 more, never below 0."),
        )

    tallies = _tallies(counted, votes)
    r.step(
        "rm.vote.tallies",
        _("Support summed per group, FOR against AGAINST: %(tallies)s.")
        % {"tallies": "; ".join(f"{_g(g)} {t['for']}-{t['against']}" for g, t in tallies.items())},
    )
    for g, t in tallies.items():
        if t["for"] > t["against"]:
            r.step(
                "rm.vote.group-vote-for",
                _("%(group)s: %(for)s for, %(against)s against, so the motion gets 1 City Council vote.")
                % {"group": _g(g), "for": t["for"], "against": t["against"]},
            )
        else:
            r.step(
                "rm.vote.group-vote-none",
                (
                    _(
                        "%(group)s: %(for)s for, %(against)s against, a tie, so the motion gets 0 City Council votes."
                    )
                    if t["for"] == t["against"]
                    else _(
                        "%(group)s: %(for)s for, %(against)s against, so the motion gets 0 City Council votes."
                    )
                )
                % {"group": _g(g), "for": t["for"], "against": t["against"]},
            )
    council_votes = _council_votes(tallies)
    support_before = {p: _levels(i.support[p]) for p in seating}
    outcome: dict[str, Any] = {
        "voting_order": order,
        "tallies": tallies,
        "council_votes": council_votes,
    }

    canceller = next((e for e in i.events if e.card == "technical-problems"), None)
    if canceller is not None:
        r.step(
            "rm.events.technical-problems",
            _(
                "%(player)s plays Technical Problems: the vote is cancelled "
                "(it stood at %(n)s City Council votes), so it is neither won nor lost."
            )
            % {"player": canceller.player, "n": council_votes},
        )
        r.step(
            "rm.events.technical-problems-cost",
            _("%(player)s must discard a card from their hand to play it.") % {"player": canceller.player},
        )
        r.gap(
            "rm.vote.decay",
            question=_("Does the support decay after a vote apply when the vote is cancelled?"),
            assumed=_(
                "No: the decay follows a concluded vote, and a cancelled vote has not concluded; support is unchanged."
            ),
        )
        r.gap(
            "rm.vote.lost-ends-turn",
            question=_("Does a cancelled vote end the proposer's turn?"),
            assumed=_("No: only a lost vote ends the turn, and a cancelled vote is not lost."),
        )
        r.gap(
            "rm.events.technical-problems",
            question=_("What becomes of the District of a cancelled motion?"),
            assumed=_(
                "It is not rebuilt; the text does not say whether it returns to the pile or stays, "
                "so no fate is given."
            ),
        )
        return r.result(
            {
                **outcome,
                "passed": False,
                "unanimous": False,
                "cancelled": True,
                "turn_ends": False,
                "district_fate": None,
                "support_after": support_before,
            }
        )

    passed = council_votes >= COUNCIL_VOTES_TO_WIN
    r.step(
        "rm.vote.majority",
        (
            _("%(n)s City Council votes, at least 2: the vote is won and the rebuilding goes ahead.")
            if passed
            else _("%(n)s City Council votes, fewer than 2: the vote is lost.")
        )
        % {"n": council_votes},
    )
    unanimous = council_votes in (0, 3)
    if council_votes == 3:
        text = _("3 City Council votes: the vote is unanimous, with unanimous support.")
    elif council_votes == 0:
        text = _("0 City Council votes: the vote is unanimous, with unanimous opposition.")
    else:
        text = _("%(n)s City Council votes: the vote is not unanimous.") % {"n": council_votes}
    r.step("rm.vote.unanimous", text)

    if passed:
        fate = "rebuilt"
    else:
        r.step(
            "rm.vote.lost-ends-turn",
            _("The vote on the rebuilding is lost: %(player)s's turn ends at once.") % {"player": proposer},
        )
        if district.stage == 1:
            fate = "returned-to-pile"
            r.step(
                "rm.vote.lost-stage-1",
                _("The motion concerned a stage 1 District: it goes to the pile of unbuilt Districts."),
            )
        else:
            fate = "stays"
            r.step(
                "rm.vote.lost-stage-2-3",
                _(
                    "The motion concerned a stage %(stage)s District: it stays in its place, "
                    "and later players this round may try to build it."
                )
                % {"stage": district.stage},
            )

    after = {p: {g: max(0, v - 1) for g, v in levels.items()} for p, levels in support_before.items()}
    r.step(
        "rm.vote.decay",
        _(
            "After the concluded vote every player loses 1 support point in each group where they have any "
            "(this rule is marked uncertain, the designer's red text, and may change): %(after)s."
        )
        % {"after": "; ".join(f"{p}: {_levels_text(after[p])}" for p in seating)},
    )
    if passed:
        r.step(
            "rm.vote.won-gain",
            _(
                "After the won vote the new %(district)s gives its support to %(player)s, the proposer, by the usual rules."
            )
            % {"district": _district_name(district), "player": proposer},
        )
        after[proposer], _gained, group, _discarded = _gain(
            r, after[proposer], district, i.chosen_group, proposer
        )
        # Both effects come "after the vote"; the order only shows when the group is empty or near 10.
        before = support_before[proposer][group]
        gain_first = max(0, min(MAX_SUPPORT, before + district.stage) - 1)
        if gain_first != after[proposer][group]:
            r.gap(
                "rm.vote.won-gain",
                question=_(
                    "Both the decay and the new District's support come after the vote: which is applied first? "
                    "Here the order changes %(player)s's %(group)s support (%(decay_first)s or %(gain_first)s)."
                )
                % {
                    "player": proposer,
                    "group": _g(group),
                    "decay_first": after[proposer][group],
                    "gain_first": gain_first,
                },
                assumed=_(
                    "The decay first, then the new District's support, in the order the rules are written."
                ),
            )

    return r.result(
        {
            **outcome,
            "passed": passed,
            "unanimous": unanimous,
            "cancelled": False,
            "turn_ends": not passed,
            "district_fate": fate,
            "support_after": after,
        }
    )


# ---------------------------------------------------------------- event-card


def _check_event_card(i: Any) -> Iterable[tuple[str, str]]:
    if not i.support:
        yield "support", _("Enter at least one player's support.")
    if i.card == "election-promises":
        if i.target is None:
            yield "target", _("This field is required.")
        elif i.target not in i.support:
            yield "target", _("Unknown player: %(p)s.") % {"p": i.target}
    elif i.target is not None:
        yield "target", _("Only Election Promises names a target player.")


EVENT_CARD_INPUTS = Object(
    support=Map(
        Player(),
        _group_support(),
        label=gettext_lazy("Each player's support"),
    ),
    card=Choice(OTHER_CARDS, labels=CARD_LABELS, label=gettext_lazy("Card")),
    group=Choice(GROUPS, labels=GROUP_LABELS, label=gettext_lazy("Chosen group")),
    target=Player(
        required=False,
        nullable=True,
        label=gettext_lazy("Chosen player (Election Promises)"),
    ),
    checks=[_check_event_card],
)


def _event_card_summary(o: dict[str, Any]) -> str:
    return _("Support after the card: %(support)s.") % {
        "support": "; ".join(f"{p}: {_levels_text(s)}" for p, s in o["support_after"].items())
    }


@adjudicator(
    game=GAME,
    name="event-card",
    title=gettext_lazy("What does this event card do to support?"),
    inputs=EVENT_CARD_INPUTS,
    clauses=[
        "rm.events.outside-vote",
        "rm.events.regulatory-confusion",
        "rm.events.election-promises",
        "rm.support.limits",
    ],
    summary=_event_card_summary,
    examples=[
        {
            "support": {
                "Ala": {"residents": 2, "entrepreneurs": 0, "merchants": 7},
                "Bartek": {"residents": 4, "entrepreneurs": 3, "merchants": 5},
                "Celina": {"residents": 1, "entrepreneurs": 6, "merchants": 0},
            },
            "card": "regulatory-confusion",
            "group": "merchants",
        },
        {
            "support": {
                "Ala": {"residents": 2, "entrepreneurs": 0, "merchants": 7},
                "Bartek": {"residents": 4, "entrepreneurs": 3, "merchants": 5},
            },
            "card": "election-promises",
            "group": "residents",
            "target": "Bartek",
        },
    ],
)
def event_card(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on Regulatory Confusion or Election Promises, played outside a vote."""
    r = Reasoning()
    after = {p: _levels(s) for p, s in i.support.items()}
    group = i.group
    r.step(
        "rm.events.outside-vote",
        _(
            "%(card)s cannot be played during a City Council vote; played outside one, it changes support for later votes."
        )
        % {"card": CARD_LABELS[i.card]},
    )
    if i.card == "regulatory-confusion":
        changes = ", ".join(f"{p} {levels[group]} → 0" for p, levels in after.items())
        for levels in after.values():
            levels[group] = 0
        r.step(
            "rm.events.regulatory-confusion",
            _("Regulatory Confusion removes all %(group)s support: %(changes)s.")
            % {"group": _g(group), "changes": changes},
        )
        r.gap(
            "rm.events.regulatory-confusion",
            question=_(
                "Whose support does Regulatory Confusion remove: every player's in the chosen group, "
                "or only one chosen player's?"
            ),
            assumed=_("Every player's support in the chosen group, the plain sense of 'all support votes'."),
        )
    else:
        target = i.target
        before = after[target][group]
        r.step(
            "rm.events.election-promises",
            _("Election Promises adds 1 %(group)s support point to %(target)s (%(before)s + 1).")
            % {"group": _g(group), "target": target, "before": before},
        )
        if before >= MAX_SUPPORT:
            r.step(
                "rm.support.limits",
                _("%(target)s already has 10 %(group)s support: the extra point is removed at once.")
                % {"target": target, "group": _g(group)},
            )
        else:
            after[target][group] = before + 1
            r.step(
                "rm.support.limits",
                _("%(target)s's %(group)s support is now %(after)s, within the limit of 10.")
                % {"target": target, "group": _g(group), "after": before + 1},
            )
    return r.result({"support_after": after})


# ---------------------------------------------------------------- disputes

dispute(
    game=GAME,
    key="technical-problems-and-decay",
    title=gettext_lazy("Technical Problems and the post-vote decay"),
    question=gettext_lazy(
        "When Technical Problems cancels a vote, does every player still lose 1 support per group, "
        "does the proposer's turn end, and what happens to the District? The card only says the vote "
        "is cancelled; the decay follows a 'concluded' vote and the turn ends after a 'lost' one."
    ),
    clauses=[
        "rm.events.technical-problems",
        "rm.events.technical-problems-cost",
        "rm.vote.decay",
        "rm.vote.lost-ends-turn",
        "rm.vote.lost-stage-1",
        "rm.vote.lost-stage-2-3",
    ],
    adjudicator="council-vote",
    inputs={
        "seating": ["Ala", "Bartek", "Celina"],
        "proposer": "Ala",
        "support": {
            "Ala": {"residents": 6, "entrepreneurs": 2, "merchants": 5},
            "Bartek": {"residents": 2, "entrepreneurs": 3, "merchants": 1},
            "Celina": {"residents": 1, "entrepreneurs": 1, "merchants": 2},
        },
        "votes": {"Ala": "for", "Bartek": "against", "Celina": "against"},
        "district": {"type": "residential", "stage": 1},
        "events": [{"card": "technical-problems", "player": "Bartek"}],
    },
)

dispute(
    game=GAME,
    key="uncertain-decay-on-won-vote",
    title=gettext_lazy("The uncertain post-vote decay on a won vote"),
    question=gettext_lazy(
        "The designer marks the post-vote decay as red text, the least certain rule. After a won vote, "
        "is the decay applied before the new District's support (document order), so that a proposer "
        "at 10 keeps the gain, or after it, and will the rule survive testing at all?"
    ),
    clauses=[
        "rm.vote.decay",
        "rm.intro.red-text",
        "rm.pros-cons.con-max-support-deadlock",
        "rm.vote.won-gain",
    ],
    adjudicator="council-vote",
    inputs={
        "seating": ["Ala", "Bartek"],
        "proposer": "Ala",
        "support": {
            "Ala": {"residents": 3, "entrepreneurs": 4, "merchants": 10},
            "Bartek": {"residents": 2, "entrepreneurs": 2, "merchants": 6},
        },
        "votes": {"Ala": "for", "Bartek": "against"},
        "district": {"type": "commercial", "stage": 2},
    },
)

dispute(
    game=GAME,
    key="regulatory-confusion-scope",
    title=gettext_lazy("Whose support Regulatory Confusion removes"),
    question=gettext_lazy(
        "Regulatory Confusion removes 'all support votes in a chosen social group': every player's "
        "support in that group, or only one chosen player's?"
    ),
    clauses=["rm.events.regulatory-confusion", "rm.events.election-promises"],
    adjudicator="event-card",
    inputs={
        "support": {
            "Ala": {"residents": 2, "entrepreneurs": 0, "merchants": 7},
            "Bartek": {"residents": 4, "entrepreneurs": 3, "merchants": 5},
        },
        "card": "regulatory-confusion",
        "group": "merchants",
    },
)

dispute(
    game=GAME,
    key="round-order-tie",
    title=gettext_lazy("A tie for the most support"),
    question=gettext_lazy(
        "When players tie for the most support, the previous round's first player goes first again. "
        "Does that hold even when that player is not one of the tied leaders, and what other cases does "
        "'for example in the case of a tie' cover?"
    ),
    clauses=["rm.order.most-support-first", "rm.order.tie-previous-first"],
    adjudicator="round-order",
    inputs={
        "seating": ["Ala", "Bartek", "Celina"],
        "round": 4,
        "support": {
            "Ala": {"residents": 5, "entrepreneurs": 3, "merchants": 2},
            "Bartek": {"residents": 4, "entrepreneurs": 4, "merchants": 2},
            "Celina": {"residents": 1, "entrepreneurs": 2, "merchants": 3},
        },
        "previous_first": "Celina",
    },
)
