"""Rada Miasta (seed 000) adjudicators, case by case against the clauses they cite."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from games.snapshot import from_corpus
from rules import corpus

GAME = "rada-miasta"
RULES = from_corpus(GAME)
GROUPS = ("residents", "entrepreneurs", "merchants")


def rule(name, raw, variant="original", rules=RULES):
    adj = engine.get(GAME, name)
    return adj(adj.validate(raw, rules=RULES), variant=variant, rules=RULES)


def clause_keys(result):
    return [s.clause for s in result.steps]


def gap_keys(result):
    return [g.clause for g in result.gaps]


def errors_of(name, raw):
    adj = engine.get(GAME, name)
    with pytest.raises(Invalid) as exc:
        adj.validate(raw, rules=RULES)
    return exc.value.errors


def levels(residents=0, entrepreneurs=0, merchants=0):
    return {"residents": residents, "entrepreneurs": entrepreneurs, "merchants": merchants}


# ---------------------------------------------------------------- corpus ties


def test_every_cited_key_exists_and_the_decay_rule_is_the_uncertain_one():
    game = corpus.game(GAME)
    by_key = {c.key: c for c in game.clauses}
    cited = {k for a in engine.for_game(GAME) for k in a.clauses}
    cited |= {k for d in engine.disputes_for(GAME) for k in d.clauses}
    assert cited - set(by_key) == set()
    assert [c.key for c in game.clauses if c.status == "uncertain"] == ["rm.vote.decay"]
    assert by_key["rm.furniture.comments"].kind == "furniture"


def test_the_four_disputes_are_registered():
    assert [d.key for d in engine.disputes_for(GAME)] == [
        "technical-problems-and-decay",
        "uncertain-decay-on-won-vote",
        "regulatory-confusion-scope",
        "round-order-tie",
    ]


# ---------------------------------------------------------------- support-gain


@pytest.mark.parametrize(
    "support, district, chosen, expected, steps, gaps",
    [
        pytest.param(
            levels(4, 2, 0),
            {"type": "residential", "stage": 2},
            None,
            {"support": levels(6, 2, 0), "gained": 2, "group": "residents", "discarded": 0},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="rm.support.gain-by-stage: residential stage 2 gives 2 residents",
        ),
        pytest.param(
            levels(0, 5, 0),
            {"type": "industrial", "stage": 3},
            None,
            {"support": levels(0, 8, 0), "gained": 3, "group": "entrepreneurs", "discarded": 0},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="rm.support.gain-by-stage: industrial goes to entrepreneurs",
        ),
        pytest.param(
            levels(1, 1, 1),
            {"type": "commercial", "stage": 1},
            None,
            {"support": levels(1, 1, 2), "gained": 1, "group": "merchants", "discarded": 0},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="rm.support.gain-by-stage: commercial goes to merchants",
        ),
        pytest.param(
            levels(0, 0, 9),
            {"type": "commercial", "stage": 3},
            None,
            {"support": levels(0, 0, 10), "gained": 3, "group": "merchants", "discarded": 2},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="rm.support.limits: 9+3 caps at 10, 2 discarded",
        ),
        pytest.param(
            levels(10, 0, 0),
            {"type": "residential", "stage": 1},
            None,
            {"support": levels(10, 0, 0), "gained": 1, "group": "residents", "discarded": 1},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="rm.support.limits: already at 10, the point is discarded",
        ),
        pytest.param(
            levels(3, 4, 5),
            {"type": "public", "stage": 2},
            "entrepreneurs",
            {"support": levels(3, 6, 5), "gained": 2, "group": "entrepreneurs", "discarded": 0},
            ["rm.support.public-district", "rm.support.limits"],
            ["rm.support.public-district"],
            id="rm.support.public-district: to the chosen group; the amount is a gap",
        ),
        pytest.param(
            levels(7, 7, 7),
            {"type": "terrain"},
            None,
            {"support": levels(7, 7, 7), "gained": 0, "group": None, "discarded": 0},
            ["rm.intro.terrain"],
            [],
            id="rm.intro.terrain: terrain gives no support",
        ),
        pytest.param(
            {"residents": 2},
            {"type": "industrial", "stage": 1},
            None,
            {"support": levels(2, 1, 0), "gained": 1, "group": "entrepreneurs", "discarded": 0},
            ["rm.support.gain-by-stage", "rm.support.limits"],
            [],
            id="input convention: a group left out counts as 0",
        ),
    ],
)
def test_support_gain(support, district, chosen, expected, steps, gaps):
    raw = {"support": support, "district": district}
    if chosen is not None:
        raw["chosen_group"] = chosen
    result = rule("support-gain", raw)
    assert result.outcome == expected
    assert clause_keys(result) == steps
    assert gap_keys(result) == gaps


def test_support_gain_explains_with_the_numbers():
    result = rule(
        "support-gain", {"support": levels(0, 0, 9), "district": {"type": "commercial", "stage": 3}}
    )
    assert result.steps[1].explanation == (
        "Merchants support: 9 + 3 = 12, over the limit of 10: 2 removed, it stays at 10."
    )
    assert engine.get(GAME, "support-gain").describe(result.outcome, rules=RULES) == (
        "Gains 3 Merchants support; 2 over the limit of 10 removed (now 10)."
    )


@pytest.mark.parametrize(
    "raw, path",
    [
        # rm.support.public-district: the builder must choose the group.
        ({"support": levels(), "district": {"type": "public", "stage": 1}}, "inputs.chosen_group"),
        (
            {"support": levels(), "district": {"type": "public", "stage": 1}, "chosen_group": None},
            "inputs.chosen_group",
        ),
        # Only a Public District's support goes to a chosen group.
        (
            {
                "support": levels(),
                "district": {"type": "residential", "stage": 1},
                "chosen_group": "merchants",
            },
            "inputs.chosen_group",
        ),
        (
            {"support": levels(), "district": {"type": "terrain"}, "chosen_group": "merchants"},
            "inputs.chosen_group",
        ),
        # rm.support.limits: 0-10.
        (
            {"support": levels(11), "district": {"type": "residential", "stage": 1}},
            "inputs.support.residents",
        ),
        (
            {"support": levels(0, 0, -1), "district": {"type": "residential", "stage": 1}},
            "inputs.support.merchants",
        ),
        (
            {"support": {"residents": True}, "district": {"type": "residential", "stage": 1}},
            "inputs.support.residents",
        ),
        (
            {"support": {"nobles": 1}, "district": {"type": "residential", "stage": 1}},
            "inputs.support.nobles",
        ),
        ({"support": [], "district": {"type": "residential", "stage": 1}}, "inputs.support"),
        # Stages 1-3; required except for a Terrain.
        ({"support": levels(), "district": {"type": "residential", "stage": 4}}, "inputs.district.stage"),
        ({"support": levels(), "district": {"type": "residential", "stage": 0}}, "inputs.district.stage"),
        ({"support": levels(), "district": {"type": "residential"}}, "inputs.district.stage"),
        ({"support": levels(), "district": {"type": "castle", "stage": 1}}, "inputs.district.type"),
        ({"support": levels()}, "inputs.district"),
        ({"support": levels(), "district": {"type": "residential", "stage": 1}, "extra": 1}, "inputs.extra"),
    ],
)
def test_support_gain_rejects(raw, path):
    assert path in errors_of("support-gain", raw)


# ---------------------------------------------------------------- round-order

SEATING = ["Ala", "Bartek", "Celina"]


@pytest.mark.parametrize(
    "support, previous_first, first, order, steps, gaps",
    [
        pytest.param(
            {"Ala": levels(5, 2, 1), "Bartek": levels(3, 3, 4), "Celina": levels(0, 6, 2)},
            "Ala",
            "Bartek",
            ["Bartek", "Celina", "Ala"],
            ["rm.order.totals", "rm.order.most-support-first", "rm.order.clockwise"],
            [],
            id="rm.order.most-support-first: the unique maximum is first, clockwise after",
        ),
        pytest.param(
            {"Ala": levels(1), "Bartek": levels(2), "Celina": levels(9)},
            "Ala",
            "Celina",
            ["Celina", "Ala", "Bartek"],
            ["rm.order.totals", "rm.order.most-support-first", "rm.order.clockwise"],
            [],
            id="rm.order.clockwise: the order wraps round the seating",
        ),
        pytest.param(
            {"Ala": levels(4), "Bartek": levels(2, 2), "Celina": levels(1)},
            "Bartek",
            "Bartek",
            ["Bartek", "Celina", "Ala"],
            [
                "rm.order.totals",
                "rm.order.most-support-first",
                "rm.order.tie-previous-first",
                "rm.order.clockwise",
            ],
            [],
            id="rm.order.tie-previous-first: a tie keeps the previous first player",
        ),
        pytest.param(
            {"Ala": levels(4), "Bartek": levels(2, 2), "Celina": levels(1)},
            "Celina",
            "Celina",
            ["Celina", "Ala", "Bartek"],
            [
                "rm.order.totals",
                "rm.order.most-support-first",
                "rm.order.tie-previous-first",
                "rm.order.clockwise",
            ],
            ["rm.order.tie-previous-first"],
            id="rm.order.tie-previous-first: literally, even when not among the tied (gap)",
        ),
        pytest.param(
            {"Ala": levels(), "Bartek": levels(), "Celina": levels()},
            "Ala",
            "Ala",
            ["Ala", "Bartek", "Celina"],
            [
                "rm.order.totals",
                "rm.order.most-support-first",
                "rm.order.tie-previous-first",
                "rm.order.clockwise",
            ],
            [],
            id="rm.order.tie-previous-first: everyone at 0 is a tie",
        ),
    ],
)
def test_round_order_from_round_two(support, previous_first, first, order, steps, gaps):
    result = rule(
        "round-order", {"seating": SEATING, "round": 2, "support": support, "previous_first": previous_first}
    )
    totals = {p: sum(s.values()) for p, s in support.items()}
    assert result.outcome == {"first": first, "order": order, "by_lot": False, "totals": totals}
    assert clause_keys(result) == steps
    assert gap_keys(result) == gaps


def test_round_order_round_one_is_by_lot():
    # rm.order.first-round-lot: drawn by lot (e.g. a die); nothing to compute.
    result = rule("round-order", {"seating": SEATING, "round": 1})
    assert result.outcome == {"first": None, "order": None, "by_lot": True, "totals": None}
    assert clause_keys(result) == ["rm.order.first-round-lot", "rm.order.clockwise"]
    assert result.gaps == ()


def test_round_order_explains_totals():
    result = rule(
        "round-order",
        {
            "seating": SEATING,
            "round": 3,
            "support": {"Ala": levels(5, 2, 1), "Bartek": levels(3, 3, 4), "Celina": levels(0, 6, 2)},
            "previous_first": "Ala",
        },
    )
    assert result.steps[0].explanation == (
        "Round 3: support added up over the three groups: Ala 8, Bartek 10, Celina 8."
    )
    assert engine.get(GAME, "round-order").describe(result.outcome, rules=RULES) == (
        "Bartek goes first; turn order Bartek, Celina, Ala."
    )


FULL_SUPPORT = {"Ala": levels(1), "Bartek": levels(2), "Celina": levels(3)}


@pytest.mark.parametrize(
    "raw, path",
    [
        # From round 2 the totals and the previous first player are needed.
        ({"seating": SEATING, "round": 2, "previous_first": "Ala"}, "inputs.support"),
        ({"seating": SEATING, "round": 2, "support": FULL_SUPPORT}, "inputs.previous_first"),
        ({"seating": SEATING, "round": 0}, "inputs.round"),
        ({"seating": SEATING, "round": "2"}, "inputs.round"),
        (
            {
                "seating": SEATING,
                "round": 2,
                "support": {"Ala": levels(), "Bartek": levels()},
                "previous_first": "Ala",
            },
            "inputs.support.Celina",
        ),
        (
            {
                "seating": SEATING,
                "round": 2,
                "support": {**FULL_SUPPORT, "Zed": levels()},
                "previous_first": "Ala",
            },
            "inputs.support.Zed",
        ),
        (
            {"seating": SEATING, "round": 2, "support": FULL_SUPPORT, "previous_first": "Zed"},
            "inputs.previous_first",
        ),
        ({"seating": ["Ala", "Ala"], "round": 1}, "inputs.seating.1"),
        ({"seating": ["Ala"], "round": 1}, "inputs.seating"),
        (
            {
                "seating": SEATING,
                "round": 2,
                "support": {**FULL_SUPPORT, "Ala": levels(11)},
                "previous_first": "Ala",
            },
            "inputs.support.Ala.residents",
        ),
    ],
)
def test_round_order_rejects(raw, path):
    assert path in errors_of("round-order", raw)


# ---------------------------------------------------------------- council-vote


def vote(votes, support=None, district=None, proposer="Ala", seating=None, **extra):
    raw = {
        "seating": seating or ["Ala", "Bartek", "Celina"],
        "proposer": proposer,
        "support": support or {"Ala": levels(5, 1, 4), "Bartek": levels(2, 4, 3), "Celina": levels(1, 2, 0)},
        "votes": votes,
        "district": district or {"type": "commercial", "stage": 2},
        **extra,
    }
    return raw


PASSED_STEPS = [
    "rm.vote-needed.rebuilding",
    "rm.vote.proposal",
    "rm.vote.order",
    "rm.vote.for-against",
    "rm.vote.proposer-either-way",
    "rm.vote.tallies",
    "rm.vote.group-vote-for",
    "rm.vote.group-vote-none",
    "rm.vote.group-vote-for",
    "rm.vote.majority",
    "rm.vote.unanimous",
    "rm.vote.decay",
    "rm.vote.won-gain",
    "rm.support.gain-by-stage",
    "rm.support.limits",
]


def test_council_vote_won_with_two_groups():
    # rm.vote.tallies / group-vote-for / group-vote-none / majority / decay / won-gain, in that order.
    result = rule("council-vote", vote({"Ala": "for", "Bartek": "against", "Celina": "for"}))
    assert result.outcome == {
        "voting_order": ["Bartek", "Celina", "Ala"],
        "tallies": {
            "residents": {"for": 6, "against": 2},
            "entrepreneurs": {"for": 3, "against": 4},
            "merchants": {"for": 4, "against": 3},
        },
        "council_votes": 2,
        "passed": True,
        "unanimous": False,
        "cancelled": False,
        "turn_ends": False,
        "district_fate": "rebuilt",
        # Everyone loses 1 where they had any; then Ala's stage 2 Commercial District adds 2 merchants.
        "support_after": {"Ala": levels(4, 0, 5), "Bartek": levels(1, 3, 2), "Celina": levels(0, 1, 0)},
    }
    assert clause_keys(result) == PASSED_STEPS
    assert result.gaps == ()
    assert (
        result.steps[6].explanation == "Residents: 6 for, 2 against, so the motion gets 1 City Council vote."
    )
    assert engine.get(GAME, "council-vote").describe(result.outcome, rules=RULES) == (
        "The motion passes with 2 of 3 City Council votes; the District is rebuilt."
    )


def test_the_decay_step_says_the_rule_is_uncertain():
    result = rule("council-vote", vote({"Ala": "for", "Bartek": "against", "Celina": "for"}))
    decay = next(s for s in result.steps if s.clause == "rm.vote.decay")
    assert "uncertain" in decay.explanation and "red text" in decay.explanation


@pytest.mark.parametrize(
    "votes, district, council_votes, passed, unanimous, fate, extra_steps",
    [
        pytest.param(
            {"Ala": "for", "Bartek": "for", "Celina": "for"},
            {"type": "commercial", "stage": 2},
            3,
            True,
            True,
            "rebuilt",
            [],
            id="rm.vote.unanimous: 3 council votes is unanimous support",
        ),
        pytest.param(
            {"Ala": "against", "Bartek": "against", "Celina": "against"},
            {"type": "residential", "stage": 1},
            0,
            False,
            True,
            "returned-to-pile",
            ["rm.vote.lost-ends-turn", "rm.vote.lost-stage-1"],
            id="rm.vote.lost-stage-1: a lost stage 1 District goes to the pile",
        ),
        pytest.param(
            {"Ala": "against", "Bartek": "for", "Celina": "against"},
            {"type": "industrial", "stage": 2},
            1,
            False,
            False,
            "stays",
            ["rm.vote.lost-ends-turn", "rm.vote.lost-stage-2-3"],
            id="rm.vote.lost-stage-2-3: a lost stage 2 District stays",
        ),
        pytest.param(
            {"Ala": "against", "Bartek": "for", "Celina": "against"},
            {"type": "industrial", "stage": 3},
            1,
            False,
            False,
            "stays",
            ["rm.vote.lost-ends-turn", "rm.vote.lost-stage-2-3"],
            id="rm.vote.lost-stage-2-3: a lost stage 3 District stays",
        ),
    ],
)
def test_council_vote_results(votes, district, council_votes, passed, unanimous, fate, extra_steps):
    # Support: Ala 5/1/4, Bartek 2/4/3, Celina 1/2/0 (residents/entrepreneurs/merchants).
    result = rule("council-vote", vote(votes, district=district))
    o = result.outcome
    assert (o["council_votes"], o["passed"], o["unanimous"], o["district_fate"]) == (
        council_votes,
        passed,
        unanimous,
        fate,
    )
    # rm.vote.lost-ends-turn: only a lost vote ends the proposer's turn.
    assert o["turn_ends"] is (not passed)
    keys = clause_keys(result)
    for key in extra_steps:
        assert key in keys
    assert ("rm.vote.won-gain" in keys) is passed
    assert keys.index("rm.vote.decay") > max((keys.index(k) for k in extra_steps), default=-1)
    assert result.gaps == ()


def test_a_tie_in_a_group_gives_no_council_vote():
    # rm.vote.group-vote-none: REMIS gives 0; two ties and one win lose the vote (rm.vote.majority).
    result = rule(
        "council-vote",
        vote(
            {"Ala": "for", "Bartek": "against"},
            seating=["Ala", "Bartek"],
            support={"Ala": levels(3, 2, 5), "Bartek": levels(3, 2, 1)},
        ),
    )
    o = result.outcome
    assert o["tallies"] == {
        "residents": {"for": 3, "against": 3},
        "entrepreneurs": {"for": 2, "against": 2},
        "merchants": {"for": 5, "against": 1},
    }
    assert (o["council_votes"], o["passed"]) == (1, False)
    assert clause_keys(result).count("rm.vote.group-vote-none") == 2
    assert "a tie" in result.steps[clause_keys(result).index("rm.vote.group-vote-none")].explanation


@pytest.mark.parametrize(
    "seating, proposer, order",
    [
        (["Ala", "Bartek", "Celina", "Darek"], "Ala", ["Bartek", "Celina", "Darek", "Ala"]),
        (["Ala", "Bartek", "Celina", "Darek"], "Celina", ["Darek", "Ala", "Bartek", "Celina"]),
        (["Ala", "Bartek", "Celina", "Darek"], "Darek", ["Ala", "Bartek", "Celina", "Darek"]),
        (["Ala", "Bartek"], "Bartek", ["Ala", "Bartek"]),
    ],
)
def test_voting_order_starts_left_of_the_proposer_and_ends_with_them(seating, proposer, order):
    # rm.vote.order
    raw = vote(
        {p: "for" for p in seating},
        seating=seating,
        proposer=proposer,
        support={p: levels(1, 1, 1) for p in seating},
    )
    assert rule("council-vote", raw).outcome["voting_order"] == order


def test_the_proposer_may_vote_against_their_own_motion():
    # rm.vote.proposer-either-way: the proposer's AGAINST counts like any other.
    result = rule("council-vote", vote({"Ala": "against", "Bartek": "for", "Celina": "for"}))
    o = result.outcome
    assert o["tallies"]["residents"] == {"for": 3, "against": 5}
    assert o["council_votes"] == 1 and o["passed"] is False
    step = result.steps[clause_keys(result).index("rm.vote.proposer-either-way")]
    assert step.explanation == "Ala, the proposer, votes AGAINST their own motion, which the rules allow."


def test_councillor_absent_lowers_the_tally_for_this_vote_only():
    # rm.events.councillor-absent: Celina's entrepreneurs count 1 less in the tally; her
    # real support is untouched, so only the decay (rm.vote.decay) changes it afterwards.
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        support={"Ala": levels(0, 2, 0), "Bartek": levels(0, 4, 0), "Celina": levels(0, 2, 0)},
        events=[
            {"card": "councillor-absent", "player": "Bartek", "target": "Celina", "group": "entrepreneurs"}
        ],
    )
    result = rule("council-vote", raw)
    o = result.outcome
    assert o["tallies"]["entrepreneurs"] == {"for": 3, "against": 4}
    assert o["council_votes"] == 0 and o["passed"] is False
    assert o["support_after"]["Celina"] == levels(0, 1, 0)
    assert clause_keys(result).index("rm.events.councillor-absent") < clause_keys(result).index(
        "rm.vote.tallies"
    )
    assert result.gaps == ()


def test_councillor_absent_cannot_push_support_below_zero():
    # rm.events.councillor-absent with rm.support.limits: 0 stays 0.
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        events=[{"card": "councillor-absent", "player": "Bartek", "target": "Celina", "group": "merchants"}],
    )
    result = rule("council-vote", raw)
    assert result.outcome["tallies"]["merchants"] == {"for": 4, "against": 3}
    keys = clause_keys(result)
    assert keys[keys.index("rm.events.councillor-absent") + 1] == "rm.support.limits"


def test_two_councillor_absent_cards_add_up_with_a_gap():
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        events=[
            {"card": "councillor-absent", "player": "Bartek", "target": "Ala", "group": "merchants"},
            {"card": "councillor-absent", "player": "Bartek", "target": "Ala", "group": "merchants"},
        ],
    )
    result = rule("council-vote", raw)
    assert result.outcome["tallies"]["merchants"] == {"for": 2, "against": 3}
    assert gap_keys(result) == ["rm.events.councillor-absent"]


def test_technical_problems_cancels_the_vote_with_its_gaps():
    # rm.events.technical-problems: the vote is cancelled; decay, turn end and the District's
    # fate are silent points, each reported.
    support = {"Ala": levels(5, 1, 4), "Bartek": levels(2, 4, 3), "Celina": levels(1, 2, 0)}
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        support=support,
        district={"type": "residential", "stage": 1},
        events=[{"card": "technical-problems", "player": "Bartek"}],
    )
    result = rule("council-vote", raw)
    o = result.outcome
    assert o["cancelled"] is True
    assert (o["passed"], o["unanimous"], o["turn_ends"], o["district_fate"]) == (False, False, False, None)
    assert o["support_after"] == support
    assert o["council_votes"] == 2
    keys = clause_keys(result)
    assert keys[-2:] == ["rm.events.technical-problems", "rm.events.technical-problems-cost"]
    assert "rm.vote.decay" not in keys and "rm.vote.majority" not in keys
    assert gap_keys(result) == ["rm.vote.decay", "rm.vote.lost-ends-turn", "rm.events.technical-problems"]
    assert (
        engine.get(GAME, "council-vote").describe(o, rules=RULES)
        == "The vote is cancelled by Technical Problems."
    )


def test_decay_first_then_gain_capped_at_ten_with_a_gap():
    # rm.vote.decay (10 -> 9) then rm.vote.won-gain (+2 -> 11 -> 10, rm.support.limits); the
    # other order would give 9, so the order is reported as a gap.
    raw = vote(
        {"Ala": "for", "Bartek": "against"},
        seating=["Ala", "Bartek"],
        support={"Ala": levels(3, 4, 10), "Bartek": levels(2, 2, 6)},
    )
    result = rule("council-vote", raw)
    assert result.outcome["support_after"] == {"Ala": levels(2, 3, 10), "Bartek": levels(1, 1, 5)}
    assert gap_keys(result) == ["rm.vote.won-gain"]


def test_decay_first_matters_for_an_empty_group_too():
    # Ala has no merchants: decay leaves 0, the District adds 2; gain first would give 1.
    raw = vote(
        {"Ala": "for", "Bartek": "against"},
        seating=["Ala", "Bartek"],
        support={"Ala": levels(5, 5, 0), "Bartek": levels(1, 1, 1)},
    )
    result = rule("council-vote", raw)
    assert result.outcome["support_after"]["Ala"] == levels(4, 4, 2)
    assert gap_keys(result) == ["rm.vote.won-gain"]


def test_a_won_public_district_goes_to_the_chosen_group():
    # rm.vote.won-gain with rm.support.public-district (amount = stage, a gap).
    raw = vote(
        {"Ala": "for", "Bartek": "for", "Celina": "for"},
        district={"type": "public", "stage": 3},
        chosen_group="entrepreneurs",
    )
    result = rule("council-vote", raw)
    assert result.outcome["support_after"]["Ala"] == levels(4, 3, 3)
    assert "rm.support.public-district" in clause_keys(result)
    assert gap_keys(result) == ["rm.support.public-district"]


def test_a_lost_public_district_needs_no_chosen_group():
    raw = vote(
        {"Ala": "against", "Bartek": "against", "Celina": "against"}, district={"type": "public", "stage": 2}
    )
    result = rule("council-vote", raw)
    assert result.outcome["district_fate"] == "stays"
    assert result.gaps == ()


@pytest.mark.parametrize(
    "raw, path",
    [
        # rm.intro.terrain: a Terrain cannot be used to rebuild.
        (
            vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, district={"type": "terrain"}),
            "inputs.district.type",
        ),
        (
            vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, district={"type": "terrain", "stage": 1}),
            "inputs.district.type",
        ),
        # rm.vote.order: every player announces FOR or AGAINST.
        (vote({"Ala": "for", "Bartek": "for"}), "inputs.votes.Celina"),
        (vote({"Ala": "for", "Bartek": "for", "Celina": "for", "Zed": "for"}), "inputs.votes.Zed"),
        (vote({"Ala": "abstain", "Bartek": "for", "Celina": "for"}), "inputs.votes.Ala"),
        (vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, proposer="Zed"), "inputs.proposer"),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                support={"Ala": levels(), "Bartek": levels()},
            ),
            "inputs.support.Celina",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                support={"Ala": levels(0, 0, 11), "Bartek": levels(), "Celina": levels()},
            ),
            "inputs.support.Ala.merchants",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"}, district={"type": "industrial", "stage": 5}
            ),
            "inputs.district.stage",
        ),
        (
            vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, district={"type": "industrial"}),
            "inputs.district.stage",
        ),
        # A passing public motion needs the chosen group; a non-public one must not have one.
        (
            vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, district={"type": "public", "stage": 2}),
            "inputs.chosen_group",
        ),
        (
            vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, chosen_group="merchants"),
            "inputs.chosen_group",
        ),
        # Events: Councillor Absent names a target and a group; Technical Problems neither.
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[{"card": "councillor-absent", "player": "Bartek", "group": "residents"}],
            ),
            "inputs.events.0.target",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[{"card": "councillor-absent", "player": "Bartek", "target": "Ala"}],
            ),
            "inputs.events.0.group",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[{"card": "technical-problems", "player": "Bartek", "target": "Ala"}],
            ),
            "inputs.events.0.target",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[{"card": "regulatory-confusion", "player": "Bartek"}],
            ),
            "inputs.events.0.card",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[{"card": "technical-problems", "player": "Zed"}],
            ),
            "inputs.events.0.player",
        ),
        (
            vote(
                {"Ala": "for", "Bartek": "for", "Celina": "for"},
                events=[
                    {"card": "councillor-absent", "player": "Ala", "target": "Zed", "group": "residents"}
                ],
            ),
            "inputs.events.0.target",
        ),
        (vote({"Ala": "for", "Bartek": "for", "Celina": "for"}, events={}), "inputs.events"),
    ],
)
def test_council_vote_rejects(raw, path):
    assert path in errors_of("council-vote", raw)


# ---------------------------------------------------------------- event-card

TABLE = {"Ala": levels(2, 0, 7), "Bartek": levels(4, 3, 5), "Celina": levels(1, 6, 0)}


def test_regulatory_confusion_removes_every_players_support_in_the_group_with_a_gap():
    # rm.events.regulatory-confusion: "all support votes in a chosen social group"; whose is a gap.
    result = rule("event-card", {"support": TABLE, "card": "regulatory-confusion", "group": "merchants"})
    assert result.outcome == {
        "support_after": {"Ala": levels(2, 0, 0), "Bartek": levels(4, 3, 0), "Celina": levels(1, 6, 0)}
    }
    assert clause_keys(result) == ["rm.events.outside-vote", "rm.events.regulatory-confusion"]
    assert gap_keys(result) == ["rm.events.regulatory-confusion"]


@pytest.mark.parametrize(
    "target, group, after",
    [
        # rm.events.election-promises: +1 in the chosen group to the chosen player.
        ("Bartek", "residents", levels(5, 3, 5)),
        ("Celina", "merchants", levels(1, 6, 1)),
    ],
)
def test_election_promises_adds_one(target, group, after):
    result = rule(
        "event-card", {"support": TABLE, "card": "election-promises", "group": group, "target": target}
    )
    assert result.outcome["support_after"][target] == after
    assert {p: s for p, s in result.outcome["support_after"].items() if p != target} == {
        p: s for p, s in TABLE.items() if p != target
    }
    assert clause_keys(result) == [
        "rm.events.outside-vote",
        "rm.events.election-promises",
        "rm.support.limits",
    ]
    assert result.gaps == ()


def test_election_promises_at_ten_stays_at_ten():
    # rm.support.limits: the excess is removed automatically.
    result = rule(
        "event-card",
        {"support": {"Ala": levels(10)}, "card": "election-promises", "group": "residents", "target": "Ala"},
    )
    assert result.outcome == {"support_after": {"Ala": levels(10)}}
    assert (
        result.steps[-1].explanation
        == "Ala already has 10 Residents support: the extra point is removed at once."
    )


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"support": TABLE, "card": "election-promises", "group": "residents"}, "inputs.target"),
        (
            {"support": TABLE, "card": "election-promises", "group": "residents", "target": "Zed"},
            "inputs.target",
        ),
        (
            {"support": TABLE, "card": "regulatory-confusion", "group": "residents", "target": "Ala"},
            "inputs.target",
        ),
        ({"support": {}, "card": "regulatory-confusion", "group": "residents"}, "inputs.support"),
        ({"support": TABLE, "card": "councillor-absent", "group": "residents"}, "inputs.card"),
        ({"support": TABLE, "card": "regulatory-confusion", "group": "nobles"}, "inputs.group"),
        (
            {"support": {"Ala": levels(12)}, "card": "regulatory-confusion", "group": "residents"},
            "inputs.support.Ala.residents",
        ),
    ],
)
def test_event_card_rejects(raw, path):
    assert path in errors_of("event-card", raw)


# ---------------------------------------------------------------- properties

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa"]
group_levels = st.fixed_dictionaries({g: st.integers(0, 10) for g in GROUPS})


@st.composite
def council_votes_raw(draw):
    seating = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    district_type = draw(st.sampled_from(["residential", "industrial", "commercial", "public"]))
    events = draw(
        st.lists(
            st.one_of(
                st.fixed_dictionaries(
                    {
                        "card": st.just("councillor-absent"),
                        "player": st.sampled_from(seating),
                        "target": st.sampled_from(seating),
                        "group": st.sampled_from(GROUPS),
                    }
                ),
                st.fixed_dictionaries(
                    {"card": st.just("technical-problems"), "player": st.sampled_from(seating)}
                ),
            ),
            max_size=3,
        )
    )
    raw = {
        "seating": seating,
        "proposer": draw(st.sampled_from(seating)),
        "support": {p: draw(group_levels) for p in seating},
        "votes": {p: draw(st.sampled_from(["for", "against"])) for p in seating},
        "district": {"type": district_type, "stage": draw(st.integers(1, 3))},
        "events": events,
    }
    if district_type == "public":
        raw["chosen_group"] = draw(st.sampled_from(GROUPS))
    return raw


def _within_limits(support_after):
    return all(0 <= v <= 10 for s in support_after.values() for v in s.values())


@settings(max_examples=200, deadline=None)
@given(council_votes_raw())
def test_a_council_vote_never_ties_and_support_stays_within_0_10(raw):
    # rm.pros-cons.pro-no-tie: groups may tie, the vote never does; rm.support.limits: 0-10.
    result = rule("council-vote", raw)
    o = result.outcome
    assert isinstance(o["passed"], bool)
    assert 0 <= o["council_votes"] <= 3
    keys = clause_keys(result)
    assert keys.count("rm.vote.group-vote-for") + keys.count("rm.vote.group-vote-none") == 3
    assert keys.count("rm.vote.group-vote-for") == o["council_votes"]
    assert _within_limits(o["support_after"])
    assert list(o["support_after"]) == raw["seating"]
    assert o["voting_order"][-1] == raw["proposer"] and sorted(o["voting_order"]) == sorted(raw["seating"])
    if o["cancelled"]:
        assert o["passed"] is False and o["district_fate"] is None
    else:
        assert o["passed"] is (o["council_votes"] >= 2)
        assert o["unanimous"] is (o["council_votes"] in (0, 3))
        assert o["turn_ends"] is (not o["passed"])
        assert (o["district_fate"] == "rebuilt") is o["passed"]


@settings(max_examples=200, deadline=None)
@given(
    group_levels,
    st.sampled_from(["residential", "industrial", "commercial", "public", "terrain"]),
    st.integers(1, 3),
    st.sampled_from(GROUPS),
)
def test_support_gain_stays_within_0_10(support, district_type, stage, chosen):
    raw = {"support": support, "district": {"type": district_type, "stage": stage}}
    if district_type == "public":
        raw["chosen_group"] = chosen
    o = rule("support-gain", raw).outcome
    assert all(0 <= v <= 10 for v in o["support"].values())
    if o["group"] is not None:
        assert o["support"][o["group"]] == min(10, support[o["group"]] + stage)
        assert o["discarded"] == max(0, support[o["group"]] + stage - 10)
        assert o["gained"] == stage


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), group_levels, min_size=1),
    st.sampled_from(["regulatory-confusion", "election-promises"]),
    st.sampled_from(GROUPS),
    st.data(),
)
def test_event_cards_keep_support_within_0_10(support, card, group, data):
    raw = {"support": support, "card": card, "group": group}
    if card == "election-promises":
        raw["target"] = data.draw(st.sampled_from(sorted(support)))
    assert _within_limits(rule("event-card", raw).outcome["support_after"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True), st.integers(2, 50), st.data())
def test_round_order_is_a_rotation_of_the_seating(seating, round_, data):
    support = {p: data.draw(group_levels) for p in seating}
    previous = data.draw(st.sampled_from(seating))
    o = rule(
        "round-order", {"seating": seating, "round": round_, "support": support, "previous_first": previous}
    ).outcome
    n = seating.index(o["first"])
    assert o["order"] == seating[n:] + seating[:n]
    best = max(o["totals"].values())
    leaders = [p for p in seating if o["totals"][p] == best]
    assert o["first"] == (leaders[0] if len(leaders) == 1 else previous)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
FIELDS = {
    "support-gain": ["support", "district", "chosen_group"],
    "round-order": ["seating", "round", "support", "previous_first"],
    "council-vote": ["seating", "proposer", "support", "votes", "district", "chosen_group", "events"],
    "event-card": ["support", "card", "group", "target"],
}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(FIELDS)), st.data())
def test_any_json_rules_or_is_invalid_never_crashes(name, data):
    adj = engine.get(GAME, name)
    example = dict(data.draw(st.sampled_from(adj.examples)))
    for field in data.draw(st.lists(st.sampled_from(FIELDS[name]), max_size=2, unique=True)):
        example[field] = data.draw(json_values)
    try:
        inputs = adj.validate(example, rules=RULES)
    except Invalid as exc:
        assert exc.errors and all(k.startswith("inputs") for k in exc.errors)
        return
    assert adj(inputs, variant="original", rules=RULES).outcome is not None
