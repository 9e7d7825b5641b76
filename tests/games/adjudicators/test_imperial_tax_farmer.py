"""Imperial Tax Farmer: each adjudicator against the prototype rules (no database).

Every case names, in its id, the clause (and where useful the sentence) it checks. The
``referee`` fixture (conftest) rules under the shipped corpus; ``referee.with_params``
under a draft that changed a figure of the text.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from rules import corpus
from tests.cases import parametrize_cases
from tests.games.referee import CASES, PROPERTY, install_cases

GAME = "imperial-tax-farmer"


# --- the corpus pieces the adjudicators lean on ---------------------------------


def test_everyone_loses_variant_activates_the_optional_clarification():
    game = corpus.game(GAME)
    assert [v.slug for v in game.variants] == ["original", "everyone-loses"]
    kinds = {c.key: c.kind for c in game.clauses}
    assert game.variants[1].activates == ("itf.optional.everyone-loses",)
    assert kinds["itf.optional.everyone-loses"] == "clarification"


def test_broken_sentence_of_lines_19_and_21_is_one_clause():
    texts = {c.key: c.text for c in corpus.game(GAME).clauses}
    text = corpus.normalise(texts["itf.rebellion.while-rebelling"])
    assert "nie można korzystać z akcji i zbierać produkcji" in text


def test_disputes_are_registered():
    keys = {d.key for d in engine.disputes_for(GAME)}
    assert {"bribery-rate", "first-player-tie", "marker-past-100", "everyone-loses"} <= keys


# --- rebellion-test ---------------------------------------------------------------

EFFECTS = ["marker-placed", "agents-removed", "need-cards-reshuffled"]


def test_rebellion_test_says_the_numbers(referee):
    result = referee.rule("rebellion-test", {"players": 4, "dice": [2, 3, 1, 4], "agents": 7, "coins": 4})
    assert result.steps[2].explanation == (
        "7 agents + 4 coins = 11; the dice total 10 is not more, so a rebellion begins."
    )
    assert referee.describe("rebellion-test", result.outcome) == (
        "Rebellion: the dice total 10, not more than the agents and coins together (11)."
    )


def test_rebellion_test_dice_message_is_exact(referee):
    errs = referee.errors("rebellion-test", {"players": 4, "dice": [1, 2, 3], "agents": 0, "coins": 0})
    assert errs == {"inputs.dice": ["Roll one die per player: 4 players roll 4 dice, not 3."]}


# --- bribery ----------------------------------------------------------------------


def test_bribery_messages_are_exact(referee):
    assert referee.errors("bribery", {"points": 5, "gold": 2, "buy_points": 6}) == {
        "inputs.buy_points": ["6 points cost 3 gold at 1 gold for 2 points; you have 2."]
    }
    assert referee.errors("bribery", {"points": 5, "gold": 0, "sell_points": 6}) == {
        "inputs.sell_points": ["You cannot take 6 points off the track: you have 5."]
    }


# --- end-of-round -----------------------------------------------------------------


def round_(points, imperia, marker=42, dice=(4, 2), **extra):
    return {"points": points, "imperia_agents": imperia, "marker": marker, "marker_dice": list(dice), **extra}


FOUR = {"Ala": 18, "Bartek": 31, "Celina": 25, "Darek": 52}
NORMAL_TAIL = ["itf.round-end.below-marker", "itf.round-end.clear-agents", "itf.game-end.marker-100"]


def test_everyone_loses_variant_makes_every_player_lose(referee):
    # itf.optional.everyone-loses, active only under the everyone-loses variant.
    raw = round_(FOUR, {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0}, all_provinces_rebelled=True)
    result = referee.rule("end-of-round", raw, variant="everyone-loses")
    assert result.outcome["game_over"] is True
    assert result.outcome["winners"] == []
    assert referee.steps(result)[-2:] == ["itf.game-end.all-rebelled", "itf.optional.everyone-loses"]
    assert referee.gaps(result) == []
    assert referee.describe("end-of-round", result.outcome) == "The game is over and every player loses."


def test_everyone_loses_even_when_the_marker_reaches_100_is_a_gap(referee):
    raw = round_(
        FOUR,
        {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0},
        marker=98,
        dice=(1, 1),
        all_provinces_rebelled=True,
    )
    result = referee.rule("end-of-round", raw, variant="everyone-loses")
    assert result.outcome["winners"] == []
    assert referee.gaps(result) == ["itf.optional.everyone-loses"]


def test_everyone_loses_variant_changes_nothing_without_the_rebellions(referee):
    raw = round_(
        {"Ala": 70, "Bartek": 64, "Celina": 55}, {"Ala": 0, "Bartek": 2, "Celina": 0}, marker=94, dice=(6,)
    )
    original = referee.rule("end-of-round", raw)
    variant = referee.rule("end-of-round", raw, variant="everyone-loses")
    assert original.outcome == variant.outcome
    assert variant.outcome["winners"] == ["Ala"]
    assert "itf.optional.everyone-loses" not in referee.steps(variant)


def test_a_player_left_out_of_imperia_agents_had_none_there(referee):
    # itf.round-end.marker-mover: the players left out count 0, so Bartek has the majority.
    result = referee.rule("end-of-round", round_(FOUR, {"Bartek": 1}))
    assert result.outcome["marker_mover"] == "Bartek"
    result = referee.rule("end-of-round", round_(FOUR, {}))
    assert result.outcome["marker_mover"] == "Ala"  # itf.round-end.mover-lowest


def test_end_of_round_steps_say_the_numbers(referee):
    result = referee.rule("end-of-round", round_(FOUR, {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0}))
    assert result.steps[0].explanation == (
        "Ala has the fewest points (18): Ala takes the FIRST PLAYER marker and 2 extra agents for the next turn."
    )
    assert result.steps[2].explanation == "The marker moves 4 + 2 = 6 spaces, from 42 to 48."


FOUR_IMPERIA = {"Ala": 0, "Bartek": 0, "Celina": 0, "Darek": 0}


# --- properties -------------------------------------------------------------------


@PROPERTY
@given(
    points=st.integers(0, 999),
    gold=st.integers(0, 999),
    sell=st.integers(0, 999),
    buy=st.integers(0, 999),
)
def test_bribery_never_creates_gold_or_points_from_nothing(points, gold, sell, buy, referee):
    # itf.bribery.rate: 2 points are worth 1 gold, so points + 2 * gold is conserved.
    raw = {"points": points, "gold": gold, "sell_points": sell, "buy_points": buy}
    try:
        result = referee.rule("bribery", raw)
    except Invalid as exc:
        assert set(exc.errors) <= {"inputs.sell_points", "inputs.buy_points"}
        assert sell > points or buy // 2 > gold + sell // 2
        return
    after = result.outcome
    assert after["points_after"] >= 0 and after["gold_after"] >= 0
    assert after["points_after"] + 2 * after["gold_after"] == points + 2 * gold
    assert after["points_after"] <= points + buy and after["gold_after"] <= gold + sell // 2


@PROPERTY
@given(
    data=st.data(),
    players=st.integers(3, 6),
    agents=st.integers(0, 999),
    coins=st.integers(0, 999),
)
def test_a_rebelling_province_never_rebels_again(data, players, agents, coins, referee):
    # itf.rebellion.no-retest: no new rebellion, no further test, until crushed.
    dice = data.draw(st.sampled_from([[], None]))
    if dice is None:
        dice = data.draw(st.lists(st.integers(1, 6), min_size=players, max_size=players))
    raw = {"players": players, "dice": dice, "agents": agents, "coins": coins, "rebelling": True}
    result = referee.rule("rebellion-test", raw)
    assert result.outcome["rebellion"] is False
    assert result.outcome["tested"] is False
    assert result.outcome["effects"] == []


@PROPERTY
@given(data=st.data(), players=st.integers(3, 6), agents=st.integers(0, 40), coins=st.integers(0, 40))
def test_rebellion_exactly_when_the_dice_do_not_exceed_agents_and_coins(
    data, players, agents, coins, referee
):
    # itf.rebellion.threshold
    dice = data.draw(st.lists(st.integers(1, 6), min_size=players, max_size=players))
    result = referee.rule(
        "rebellion-test", {"players": players, "dice": dice, "agents": agents, "coins": coins}
    )
    assert result.outcome["rebellion"] is (sum(dice) <= agents + coins)
    assert (result.outcome["effects"] == EFFECTS) is result.outcome["rebellion"]


names = st.lists(
    st.sampled_from(["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]),
    min_size=3,
    max_size=6,
    unique=True,
)


@PROPERTY
@given(data=st.data(), players=names, marker=st.integers(0, 99), rebelled=st.booleans())
def test_end_of_round_invariants(data, players, marker, rebelled, referee):
    points = {p: data.draw(st.integers(0, 120)) for p in players}
    imperia = {p: data.draw(st.integers(0, 5)) for p in players}
    dice = data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    raw = round_(points, imperia, marker=marker, dice=dice, all_provinces_rebelled=rebelled)
    for variant in ("original", "everyone-loses"):
        o = referee.rule("end-of-round", raw, variant=variant).outcome
        assert list(o["bonus_agents"]) == players
        # itf.round-end.first-player (+2) and itf.round-end.below-marker (+1) only.
        for p, n in o["bonus_agents"].items():
            expected = (2 if p == o["first_player"] else 0) + (1 if points[p] < o["marker_after"] else 0)
            assert n == expected
        assert o["marker_after"] == min(100, marker + sum(dice))
        assert o["game_over"] is (o["marker_after"] == 100 or rebelled)
        assert set(o["winners"]) <= set(players)
        if o["winners"]:
            assert {points[w] for w in o["winners"]} == {max(points.values())}
        if variant == "everyone-loses" and rebelled:
            assert o["winners"] == []
        elif o["game_over"]:
            assert o["winners"]
        if o["first_player"] is not None:
            assert points[o["first_player"]] == min(points.values())


# --- parameters: the figures come from the text, and a draft that changes one changes the ruling


def test_every_parameter_of_the_game_is_checked_above(referee):
    # 12, and issue #21's start_agents, start_gold, start_points and supply_coins (cases: setup, supply).
    assert len(referee.rules.params) == 16


def test_the_default_limits_say_their_figures(referee):
    assert referee.errors("end-of-round", round_(FOUR, FOUR_IMPERIA, marker=100)) == {
        "inputs.marker": ["The marker is already on space 100: the game is over."]
    }
    assert referee.errors("control", {"agents": {f"P{n}": 1 for n in range(7)}}) == {
        "inputs.agents": ["At most 6 players take part in the game."]
    }


def test_crush_reward_follows_crush_points(referee):
    result = referee.with_params(crush_points=15).rule(
        "crush-rebellion", {"agents": {"Ala": 5, "Bartek": 3}, "player": "Ala", "weapon": True}
    )
    assert result.outcome == {"crushed": True, "election_points": 15}
    assert result.steps[1].explanation == "Ala moves their marker 15 points up the election track."


@parametrize_cases(
    CASES / "imperial_tax_farmer.json", "bribery_follows_its_rate", "params, raw, outcome, rate_step"
)
def test_bribery_follows_its_rate(referee, params, raw, outcome, rate_step):
    result = referee.with_params(**params).rule("bribery", raw)
    assert result.outcome == outcome
    assert result.steps[-1].explanation == rate_step


def test_bribery_buying_follows_the_rate_back(referee):
    result = referee.with_params(bribery_points=3, bribery_gold=2).rule(
        "bribery", {"points": 0, "gold": 5, "buy_points": 7}
    )
    assert result.outcome == {"points_after": 6, "gold_after": 1}
    assert [g.assumed for g in result.gaps] == [
        'The same rate back, 2 gold for 3 points: the text calls selling points a change "back" into gold.',
        "No: only whole lots of 3 points are bought, so the 1 left over are not bought.",
    ]


def test_bribery_odd_point_gap_says_the_rate(referee):
    result = referee.rule("bribery", {"points": 21, "gold": 3, "sell_points": 5})
    assert [g.question for g in result.gaps] == [
        "5 points is not a multiple of 2; what are the 1 left over worth?"
    ]


def test_end_of_round_bonus_agents_follow_their_parameters(referee):
    raw = round_(FOUR, {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0})
    result = referee.with_params(first_player_agents=3, below_marker_agents=2).rule("end-of-round", raw)
    assert result.outcome["bonus_agents"] == {"Ala": 5, "Bartek": 2, "Celina": 2, "Darek": 0}
    assert result.steps[0].explanation == (
        "Ala has the fewest points (18): Ala takes the FIRST PLAYER marker and 3 extra agents for the next turn."
    )
    assert result.steps[3].explanation == (
        "With the marker now on 48, Ala, Bartek, Celina are below it and get 2 extra agents each."
    )


def test_end_of_round_ends_on_the_final_space_of_the_text(referee):
    raw = round_({"Ala": 70, "Bartek": 64, "Celina": 55}, {"Bartek": 2}, marker=46, dice=(6,))
    result = referee.with_params(final_space=50).rule("end-of-round", raw)
    assert result.outcome["marker_after"] == 50
    assert result.outcome["game_over"] is True
    assert result.outcome["winners"] == ["Ala"]
    assert referee.gaps(result) == ["itf.game-end.marker-100"]
    assert result.gaps[0].question == "The roll takes the marker to 52, past space 50: does the game end?"
    assert result.steps[5].explanation == "The marker is on space 50: the game ends."
    # Under the shipped text the same roll only reaches 52 of 100.
    assert referee.outcome("end-of-round", raw)["game_over"] is False


def test_three_tied_winners_are_foreseen_when_the_text_says_three(referee):
    raw = round_(
        {"Ala": 70, "Bartek": 70, "Celina": 70}, {"Ala": 2, "Bartek": 2, "Celina": 2}, marker=96, dice=(4,)
    )
    result = referee.with_params(tie_winners=3).rule("end-of-round", raw)
    assert result.outcome["winners"] == ["Ala", "Bartek", "Celina"]
    assert "itf.game-end.two-winners" not in referee.gaps(result)
    assert result.steps[-1].explanation == "Still a tie: the game ends with 3 winners, Ala, Bartek, Celina."


def test_marker_dice_label_says_the_figures_of_the_edition(referee):
    marker_dice = referee.adj("end-of-round").inputs.fields["marker_dice"]
    assert referee.adj("end-of-round").schema(referee.rules)["properties"]["marker_dice"]["title"] == (
        "Dice rolled for the election marker (1 to 3)"
    )
    draft = referee.with_params(marker_dice_max=4)
    assert draft.adj("end-of-round").schema(draft.rules)["properties"]["marker_dice"]["title"] == (
        "Dice rolled for the election marker (1 to 4)"
    )
    # Drawn outside any edition (the views lay a form out once without one), it still reads.
    assert (
        str(marker_dice.label)
        == "Dice rolled for the election marker (‹marker_dice_min› to ‹marker_dice_max›)"
    )


# The tables of cases: cases/imperial_tax_farmer.json, one test a section (tests.games.referee.install_cases).
install_cases(globals(), "imperial_tax_farmer")
