"""Rada Miasta (seed 000) adjudicators, case by case against the clauses they cite."""

import dataclasses
from types import MappingProxyType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import engine
from rules import corpus, params
from tests.cases import load_cases, parametrize_cases
from tests.games.referee import CASES, PROPERTY, install_cases

GAME = "rada-miasta"
GROUPS = ("residents", "entrepreneurs", "merchants")


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


def test_support_gain_explains_with_the_numbers(referee):
    result = referee.rule(
        "support-gain", {"support": levels(0, 0, 9), "district": {"type": "commercial", "stage": 3}}
    )
    assert result.steps[1].explanation == (
        "Merchants support: 9 + 3 = 12, over the limit of 10: 2 removed, it stays at 10."
    )
    assert referee.describe("support-gain", result.outcome) == (
        "Gains 3 Merchants support; 2 over the limit of 10 removed (now 10)."
    )


# ---------------------------------------------------------------- round-order

SEATING = ["Ala", "Bartek", "Celina"]


def test_round_order_round_one_is_by_lot(referee):
    # rm.order.first-round-lot: drawn by lot (e.g. a die); nothing to compute.
    result = referee.rule("round-order", {"seating": SEATING, "round": 1})
    assert result.outcome == {"first": None, "order": None, "by_lot": True, "totals": None}
    assert referee.steps(result) == ["rm.order.first-round-lot", "rm.order.clockwise"]
    assert result.gaps == ()


def test_round_order_explains_totals(referee):
    result = referee.rule(
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
    assert referee.describe("round-order", result.outcome) == (
        "Bartek goes first; turn order Bartek, Celina, Ala."
    )


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
    "rm.support.groups",
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


def test_council_vote_won_with_two_groups(referee):
    # rm.vote.tallies / group-vote-for / group-vote-none / majority / decay / won-gain, in that order.
    result = referee.rule("council-vote", vote({"Ala": "for", "Bartek": "against", "Celina": "for"}))
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
    assert referee.steps(result) == PASSED_STEPS
    assert result.gaps == ()
    assert result.steps[5].explanation == (
        "The vote is weighed in each of the 3 basic social groups the players court: "
        "Residents, Entrepreneurs, Merchants."
    )
    assert (
        result.steps[7].explanation == "Residents: 6 for, 2 against, so the motion gets 1 City Council vote."
    )
    assert referee.describe("council-vote", result.outcome) == (
        "The motion passes with 2 of 3 City Council votes; the District is rebuilt."
    )


def test_the_decay_step_says_the_rule_is_uncertain(referee):
    result = referee.rule("council-vote", vote({"Ala": "for", "Bartek": "against", "Celina": "for"}))
    decay = next(s for s in result.steps if s.clause == "rm.vote.decay")
    assert "uncertain" in decay.explanation and "red text" in decay.explanation


@parametrize_cases(
    CASES / "rada_miasta.json",
    "council_vote_results",
    "votes, district, council_votes, passed, unanimous, fate, extra_steps",
)
def test_council_vote_results(referee, votes, district, council_votes, passed, unanimous, fate, extra_steps):
    # Support: Ala 5/1/4, Bartek 2/4/3, Celina 1/2/0 (residents/entrepreneurs/merchants).
    result = referee.rule("council-vote", vote(votes, district=district))
    o = result.outcome
    expected = {
        "council_votes": council_votes,
        "passed": passed,
        "unanimous": unanimous,
        "district_fate": fate,
    }
    assert {k: o[k] for k in expected} == expected
    # rm.vote.lost-ends-turn: only a lost vote ends the proposer's turn.
    assert o["turn_ends"] is (not passed)
    keys = referee.steps(result)
    for key in extra_steps:
        assert key in keys
    assert ("rm.vote.won-gain" in keys) is passed
    assert keys.index("rm.vote.decay") > max((keys.index(k) for k in extra_steps), default=-1)
    assert result.gaps == ()


def ala_against_bartek(referee, ala, bartek):
    """The ruling of a vote of Ala (for) against Bartek, the two of them at the table, with
    their support levels ``ala`` and ``bartek``."""
    raw = vote(
        {"Ala": "for", "Bartek": "against"}, seating=["Ala", "Bartek"], support={"Ala": ala, "Bartek": bartek}
    )
    return referee.rule("council-vote", raw)


def test_a_tie_in_a_group_gives_no_council_vote(referee):
    # rm.vote.group-vote-none: REMIS gives 0; two ties and one win lose the vote (rm.vote.majority).
    result = ala_against_bartek(referee, levels(3, 2, 5), levels(3, 2, 1))
    o = result.outcome
    assert o["tallies"] == {
        "residents": {"for": 3, "against": 3},
        "entrepreneurs": {"for": 2, "against": 2},
        "merchants": {"for": 5, "against": 1},
    }
    assert (o["council_votes"], o["passed"]) == (1, False)
    assert referee.steps(result).count("rm.vote.group-vote-none") == 2
    assert "a tie" in result.steps[referee.steps(result).index("rm.vote.group-vote-none")].explanation


@pytest.mark.parametrize(
    "seating, proposer, order",
    [
        (["Ala", "Bartek", "Celina", "Darek"], "Ala", ["Bartek", "Celina", "Darek", "Ala"]),
        (["Ala", "Bartek", "Celina", "Darek"], "Celina", ["Darek", "Ala", "Bartek", "Celina"]),
        (["Ala", "Bartek", "Celina", "Darek"], "Darek", ["Ala", "Bartek", "Celina", "Darek"]),
        (["Ala", "Bartek"], "Bartek", ["Ala", "Bartek"]),
    ],
)
def test_voting_order_starts_left_of_the_proposer_and_ends_with_them(referee, seating, proposer, order):
    # rm.vote.order
    raw = vote(
        {p: "for" for p in seating},
        seating=seating,
        proposer=proposer,
        support={p: levels(1, 1, 1) for p in seating},
    )
    assert referee.rule("council-vote", raw).outcome["voting_order"] == order


def test_the_proposer_may_vote_against_their_own_motion(referee):
    # rm.vote.proposer-either-way: the proposer's AGAINST counts like any other.
    result = referee.rule("council-vote", vote({"Ala": "against", "Bartek": "for", "Celina": "for"}))
    o = result.outcome
    assert o["tallies"]["residents"] == {"for": 3, "against": 5}
    assert o["council_votes"] == 1 and o["passed"] is False
    step = result.steps[referee.steps(result).index("rm.vote.proposer-either-way")]
    assert step.explanation == "Ala, the proposer, votes AGAINST their own motion, which the rules allow."


def test_councillor_absent_lowers_the_tally_for_this_vote_only(referee):
    # rm.events.councillor-absent: Celina's entrepreneurs count 1 less in the tally; her
    # real support is untouched, so only the decay (rm.vote.decay) changes it afterwards.
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        support={"Ala": levels(0, 2, 0), "Bartek": levels(0, 4, 0), "Celina": levels(0, 2, 0)},
        events=[
            {"card": "councillor-absent", "player": "Bartek", "target": "Celina", "group": "entrepreneurs"}
        ],
    )
    result = referee.rule("council-vote", raw)
    o = result.outcome
    assert o["tallies"]["entrepreneurs"] == {"for": 3, "against": 4}
    assert o["council_votes"] == 0 and o["passed"] is False
    assert o["support_after"]["Celina"] == levels(0, 1, 0)
    assert referee.steps(result).index("rm.events.councillor-absent") < referee.steps(result).index(
        "rm.vote.tallies"
    )
    assert result.gaps == ()


def test_councillor_absent_cannot_push_support_below_zero(referee):
    # rm.events.councillor-absent with rm.support.limits: 0 stays 0.
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        events=[{"card": "councillor-absent", "player": "Bartek", "target": "Celina", "group": "merchants"}],
    )
    result = referee.rule("council-vote", raw)
    assert result.outcome["tallies"]["merchants"] == {"for": 4, "against": 3}
    keys = referee.steps(result)
    assert keys[keys.index("rm.events.councillor-absent") + 1] == "rm.support.limits"


def test_two_councillor_absent_cards_add_up_with_a_gap(referee):
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        events=[
            {"card": "councillor-absent", "player": "Bartek", "target": "Ala", "group": "merchants"},
            {"card": "councillor-absent", "player": "Bartek", "target": "Ala", "group": "merchants"},
        ],
    )
    result = referee.rule("council-vote", raw)
    assert result.outcome["tallies"]["merchants"] == {"for": 2, "against": 3}
    assert referee.gaps(result) == ["rm.events.councillor-absent"]


def test_technical_problems_cancels_the_vote_with_its_gaps(referee):
    # rm.events.technical-problems: the vote is cancelled; decay, turn end and the District's
    # fate are silent points, each reported.
    support = {"Ala": levels(5, 1, 4), "Bartek": levels(2, 4, 3), "Celina": levels(1, 2, 0)}
    raw = vote(
        {"Ala": "for", "Bartek": "against", "Celina": "for"},
        support=support,
        district={"type": "residential", "stage": 1},
        events=[{"card": "technical-problems", "player": "Bartek"}],
    )
    result = referee.rule("council-vote", raw)
    o = result.outcome
    assert o["cancelled"] is True
    assert (o["passed"], o["unanimous"], o["turn_ends"], o["district_fate"]) == (False, False, False, None)
    assert o["support_after"] == support
    assert o["council_votes"] == 2
    keys = referee.steps(result)
    assert keys[-2:] == ["rm.events.technical-problems", "rm.events.technical-problems-cost"]
    assert "rm.vote.decay" not in keys and "rm.vote.majority" not in keys
    assert referee.gaps(result) == ["rm.vote.decay", "rm.vote.lost-ends-turn", "rm.events.technical-problems"]
    assert referee.describe("council-vote", o) == "The vote is cancelled by Technical Problems."


def test_decay_first_then_gain_capped_at_ten_with_a_gap(referee):
    # rm.vote.decay (10 -> 9) then rm.vote.won-gain (+2 -> 11 -> 10, rm.support.limits); the
    # other order would give 9, so the order is reported as a gap.
    result = ala_against_bartek(referee, levels(3, 4, 10), levels(2, 2, 6))
    assert result.outcome["support_after"] == {"Ala": levels(2, 3, 10), "Bartek": levels(1, 1, 5)}
    assert referee.gaps(result) == ["rm.vote.won-gain"]


def test_decay_first_matters_for_an_empty_group_too(referee):
    # Ala has no merchants: decay leaves 0, the District adds 2; gain first would give 1.
    result = ala_against_bartek(referee, levels(5, 5, 0), levels(1, 1, 1))
    assert result.outcome["support_after"]["Ala"] == levels(4, 4, 2)
    assert referee.gaps(result) == ["rm.vote.won-gain"]


def test_a_won_public_district_goes_to_the_chosen_group(referee):
    # rm.vote.won-gain with rm.support.public-district (amount = stage, a gap).
    raw = vote(
        {"Ala": "for", "Bartek": "for", "Celina": "for"},
        district={"type": "public", "stage": 3},
        chosen_group="entrepreneurs",
    )
    result = referee.rule("council-vote", raw)
    assert result.outcome["support_after"]["Ala"] == levels(4, 3, 3)
    assert "rm.support.public-district" in referee.steps(result)
    assert referee.gaps(result) == ["rm.support.public-district"]


def test_a_lost_public_district_needs_no_chosen_group(referee):
    raw = vote(
        {"Ala": "against", "Bartek": "against", "Celina": "against"}, district={"type": "public", "stage": 2}
    )
    result = referee.rule("council-vote", raw)
    assert result.outcome["district_fate"] == "stays"
    assert result.gaps == ()


# ---------------------------------------------------------------- event-card

TABLE = {"Ala": levels(2, 0, 7), "Bartek": levels(4, 3, 5), "Celina": levels(1, 6, 0)}


def test_regulatory_confusion_removes_every_players_support_in_the_group_with_a_gap(referee):
    # rm.events.regulatory-confusion: "all support votes in a chosen social group"; whose is a gap.
    result = referee.rule(
        "event-card", {"support": TABLE, "card": "regulatory-confusion", "group": "merchants"}
    )
    assert result.outcome == {
        "support_after": {"Ala": levels(2, 0, 0), "Bartek": levels(4, 3, 0), "Celina": levels(1, 6, 0)}
    }
    assert referee.steps(result) == ["rm.events.outside-vote", "rm.events.regulatory-confusion"]
    assert referee.gaps(result) == ["rm.events.regulatory-confusion"]


@pytest.mark.parametrize(
    "target, group, after",
    [
        # rm.events.election-promises: +1 in the chosen group to the chosen player.
        ("Bartek", "residents", levels(5, 3, 5)),
        ("Celina", "merchants", levels(1, 6, 1)),
    ],
)
def test_election_promises_adds_one(referee, target, group, after):
    result = referee.rule(
        "event-card", {"support": TABLE, "card": "election-promises", "group": group, "target": target}
    )
    assert result.outcome["support_after"][target] == after
    assert {p: s for p, s in result.outcome["support_after"].items() if p != target} == {
        p: s for p, s in TABLE.items() if p != target
    }
    assert referee.steps(result) == [
        "rm.events.outside-vote",
        "rm.events.election-promises",
        "rm.support.limits",
    ]
    assert result.gaps == ()


def test_election_promises_at_ten_stays_at_ten(referee):
    # rm.support.limits: the excess is removed automatically.
    result = referee.rule(
        "event-card",
        {"support": {"Ala": levels(10)}, "card": "election-promises", "group": "residents", "target": "Ala"},
    )
    assert result.outcome == {"support_after": {"Ala": levels(10)}}
    assert (
        result.steps[-1].explanation
        == "Ala already has 10 Residents support: the extra point is removed at once."
    )


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


@PROPERTY
@given(council_votes_raw())
def test_a_council_vote_never_ties_and_support_stays_within_0_10(referee, raw):
    # rm.pros-cons.pro-no-tie: groups may tie, the vote never does; rm.support.limits: 0-10.
    result = referee.rule("council-vote", raw)
    o = result.outcome
    assert isinstance(o["passed"], bool)
    assert 0 <= o["council_votes"] <= 3
    keys = referee.steps(result)
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


@PROPERTY
@given(
    group_levels,
    st.sampled_from(["residential", "industrial", "commercial", "public", "terrain"]),
    st.integers(1, 3),
    st.sampled_from(GROUPS),
)
def test_support_gain_stays_within_0_10(referee, support, district_type, stage, chosen):
    raw = {"support": support, "district": {"type": district_type, "stage": stage}}
    if district_type == "public":
        raw["chosen_group"] = chosen
    o = referee.rule("support-gain", raw).outcome
    assert all(0 <= v <= 10 for v in o["support"].values())
    if o["group"] is not None:
        assert o["support"][o["group"]] == min(10, support[o["group"]] + stage)
        assert o["discarded"] == max(0, support[o["group"]] + stage - 10)
        assert o["gained"] == stage


@PROPERTY
@given(
    st.dictionaries(st.sampled_from(NAMES), group_levels, min_size=1),
    st.sampled_from(["regulatory-confusion", "election-promises"]),
    st.sampled_from(GROUPS),
    st.data(),
)
def test_event_cards_keep_support_within_0_10(referee, support, card, group, data):
    raw = {"support": support, "card": card, "group": group}
    if card == "election-promises":
        raw["target"] = data.draw(st.sampled_from(sorted(support)))
    assert _within_limits(referee.rule("event-card", raw).outcome["support_after"])


@PROPERTY
@given(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True), st.integers(2, 50), st.data())
def test_round_order_is_a_rotation_of_the_seating(referee, seating, round_, data):
    support = {p: data.draw(group_levels) for p in seating}
    previous = data.draw(st.sampled_from(seating))
    o = referee.rule(
        "round-order", {"seating": seating, "round": round_, "support": support, "previous_first": previous}
    ).outcome
    n = seating.index(o["first"])
    assert o["order"] == seating[n:] + seating[:n]
    best = max(o["totals"].values())
    leaders = [p for p in seating if o["totals"][p] == best]
    assert o["first"] == (leaders[0] if len(leaders) == 1 else previous)


# ---------------------------------------------------------------- parameters bound to the text


def test_no_parameter_is_left_unlisted(referee):
    assert sorted(referee.rules.params) == sorted(
        case["param"]
        for case in load_cases(CASES / "rada_miasta.json")["every_parameter_is_read_from_its_clause"]
    )


@pytest.mark.parametrize(
    "clause, name, old, new, value",
    [
        ("rm.support.limits", "max_support", "przekroczyć 10", "przekroczyć 8", 8),
        ("rm.vote.majority", "council_votes_to_win", "co najmniej 2", "co najmniej 3", 3),
        ("rm.vote.decay", "decay_points", "po 1 punkcie", "po 2 punkty", 2),
        ("rm.vote.decay", "decay_players", "każdemu graczowi", "wnioskodawcy", "proposer"),
        (
            "rm.vote.decay",
            "decay_players",
            "każdemu graczowi (o ile go posiadał)",
            "graczom głosującym PRZECIW (o ile go posiadali)",
            "against",
        ),
        ("rm.order.most-support-first", "first_player_support", "najwięcej", "najmniej", "least"),
        ("rm.order.clockwise", "turn_direction", "zgodnie z ruchem", "przeciwnie do ruchu", "anticlockwise"),
        ("rm.events.election-promises", "election_promises_points", "dodać 1", "dodać dwa", 2),
    ],
)
def test_a_draft_that_changes_the_words_changes_the_parameter(clause, name, old, new, value):
    c = next(c for c in corpus.game(GAME).clauses if c.key == clause)
    assert old in c.text
    draft = corpus.normalise(c.text.replace(old, new))
    assert params.read(name, c.params[name], draft).value == value


def test_max_support_8_caps_the_gain_bounds_the_inputs_and_says_so(referee):
    raw = {"support": levels(7), "district": {"type": "residential", "stage": 3}}
    assert referee.outcome("support-gain", raw) == {
        "support": levels(10),
        "gained": 3,
        "group": "residents",
        "discarded": 0,
    }
    draft = referee.with_params(max_support=8)
    result = draft.rule("support-gain", raw)
    assert result.outcome == {"support": levels(8), "gained": 3, "group": "residents", "discarded": 2}
    assert result.steps[-1].explanation == (
        "Residents support: 7 + 3 = 10, over the limit of 8: 2 removed, it stays at 8."
    )
    assert draft.describe("support-gain", result.outcome) == (
        "Gains 3 Residents support; 2 over the limit of 8 removed (now 8)."
    )
    nine = {"support": levels(9), "district": {"type": "residential", "stage": 1}}
    assert draft.errors("support-gain", nine) == {
        "inputs.support.residents": ["Ensure this value is less than or equal to 8."]
    }
    assert referee.outcome("support-gain", nine)["support"] == levels(10)
    schema = draft.adj("support-gain").schema(draft.rules)["properties"]["support"]
    assert [s["maximum"] for s in schema["properties"].values()] == [8, 8, 8]
    assert schema["description"] == "Support points per social group, 0-8; a group left out counts as 0."


@pytest.mark.parametrize(
    "name, raw, path",
    [
        (
            "round-order",
            {
                "seating": ["Ala", "Bartek"],
                "round": 2,
                "support": {"Ala": levels(9), "Bartek": levels()},
                "previous_first": "Ala",
            },
            "inputs.support.Ala.residents",
        ),
        (
            "event-card",
            {"support": {"Ala": levels(0, 9)}, "card": "regulatory-confusion", "group": "residents"},
            "inputs.support.Ala.entrepreneurs",
        ),
    ],
)
def test_max_support_bounds_every_support_input(referee, name, raw, path):
    assert path in referee.with_params(max_support=8).errors(name, raw)
    assert referee.rule(name, raw).outcome is not None


def test_election_promises_caps_at_the_edition_limit(referee):
    raw = {"support": {"Ala": levels(8)}, "card": "election-promises", "group": "residents", "target": "Ala"}
    result = referee.with_params(max_support=8).rule("event-card", raw)
    assert result.outcome == {"support_after": {"Ala": levels(8)}}
    assert (
        result.steps[-1].explanation
        == "Ala already has 8 Residents support: the extra point is removed at once."
    )
    two = referee.with_params(election_promises_points=2).rule("event-card", raw)
    assert two.outcome == {"support_after": {"Ala": levels(10)}}
    assert two.steps[1].explanation == "Election Promises adds 2 Residents support points to Ala (8 + 2)."


def test_max_stage_and_pile_stage_bound_the_district(referee):
    raw = vote(
        {"Ala": "against", "Bartek": "against", "Celina": "against"},
        district={"type": "industrial", "stage": 4},
    )
    assert "inputs.district.stage" in referee.errors("council-vote", raw)
    assert referee.with_params(max_stage=4).outcome("council-vote", raw)["district_fate"] == "stays"


@pytest.mark.parametrize(
    "draft, first, order, explanation",
    [
        (
            {},
            "Bartek",
            ["Bartek", "Celina", "Ala"],
            "Bartek has the most support (10) and is the first player.",
        ),
        (
            {"first_player_support": "least"},
            "Ala",
            ["Ala", "Bartek", "Celina"],
            "Ala has the least support (7) and is the first player.",
        ),
        (
            {"turn_direction": "anticlockwise"},
            "Bartek",
            ["Bartek", "Ala", "Celina"],
            "Bartek has the most support (10) and is the first player.",
        ),
    ],
)
def test_round_order_follows_its_parameters(referee, draft, first, order, explanation):
    raw = {
        "seating": SEATING,
        "round": 2,
        "support": {"Ala": levels(5, 2), "Bartek": levels(3, 3, 4), "Celina": levels(0, 6, 2)},
        "previous_first": "Celina",
    }
    result = referee.with_params(**draft).rule("round-order", raw)
    assert (result.outcome["first"], result.outcome["order"]) == (first, order)
    assert result.steps[1].explanation == explanation


# ---------------------------------------------------------------- the uncertain decay


def with_status(referee, key, status):
    statuses = {**referee.rules.statuses, key: status}
    return type(referee)(GAME, dataclasses.replace(referee.rules, statuses=MappingProxyType(statuses)))


DECAY_WORDS = (
    "After the concluded vote every player loses 1 support point in each group where they have any: "
    "Ala: Residents 4, Entrepreneurs 0, Merchants 3; Bartek: Residents 1, Entrepreneurs 3, Merchants 2; "
    "Celina: Residents 0, Entrepreneurs 1, Merchants 0."
)


@pytest.mark.parametrize(
    "status, explanation",
    [
        (
            "uncertain",
            DECAY_WORDS + " This rule is marked uncertain (the designer's red text) and may change.",
        ),
        ("published", DECAY_WORDS),
    ],
)
def test_the_decay_step_says_uncertain_only_when_the_edition_marks_it(referee, status, explanation):
    ref = with_status(referee, "rm.vote.decay", status)
    assert ref.rules.uncertain("rm.vote.decay") is (status == "uncertain")
    result = ref.rule("council-vote", vote({"Ala": "against", "Bartek": "against", "Celina": "against"}))
    decay = next(s for s in result.steps if s.clause == "rm.vote.decay")
    assert decay.explanation == explanation


def test_the_schema_drawn_outside_any_edition_names_the_parameters(referee):
    # The OpenAPI document draws every schema with no edition (games/schema.py).
    support = referee.adj("support-gain").schema(None)["properties"]["support"]
    assert (
        support["description"]
        == "Support points per social group, 0-‹max_support›; a group left out counts as 0."
    )
    stage = referee.adj("council-vote").schema(None)["properties"]["district"]["properties"]["stage"]
    assert "1-‹max_stage›; not needed for a Terrain." in str(stage)


# The tables of cases: cases/rada_miasta.json, one test a section (tests.games.referee.install_cases).
install_cases(globals(), "rada_miasta")


def test_both_rules_that_build_a_district_declare_it_with_its_chosen_group_in_place():
    """support-gain and council-vote take the District and its Public group from one
    declaration (common.district_built), where their other fields put it."""
    from games.adjudicators.rada_miasta.support import SUPPORT_GAIN_INPUTS
    from games.adjudicators.rada_miasta.vote import COUNCIL_VOTE_INPUTS

    assert list(SUPPORT_GAIN_INPUTS.fields) == ["support", "district", "chosen_group"]
    assert list(COUNCIL_VOTE_INPUTS.fields)[-3:] == ["district", "chosen_group", "events"]
    for decl in (SUPPORT_GAIN_INPUTS, COUNCIL_VOTE_INPUTS):
        schema = decl.schema()["properties"]
        assert schema["chosen_group"] == {
            "anyOf": [
                {
                    "enum": ["residents", "entrepreneurs", "merchants"],
                    "title": "Group chosen for a Public District",
                },
                {"type": "null"},
            ]
        }
        assert schema["district"]["properties"]["type"]["enum"][-1] == "terrain"
    assert str(SUPPORT_GAIN_INPUTS.fields["district"].label) == "District built"


def test_a_same_type_build_gives_the_rebuilding_reading(referee):
    # rm.vote-needed.rebuilding (issue 32): "zmieniając jej główny typ" — the same type is read as
    # no rebuilding; the other reading, run by the same rule, needs the vote.
    raw = {"district": {"type": "residential", "stage": 3}, "built_on": "residential"}
    (gap,) = referee.rule("vote-needed", raw).gaps
    assert [dict(x.outcome) for x in gap.readings] == [{"needs_vote": True, "rebuilding": True}]
