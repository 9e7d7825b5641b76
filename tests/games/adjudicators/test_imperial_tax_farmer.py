"""Imperial Tax Farmer: each adjudicator against the prototype rules (no database).

Every case names, in its id, the clause (and where useful the sentence) it checks. The
``referee`` fixture (conftest) rules under the shipped corpus; ``referee.with_params``
under a draft that changed a figure of the text.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from rules import corpus
from tests.games.referee import PROPERTY

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
REBELS = [
    "itf.rebellion.test-each",
    "itf.rebellion.dice-count",
    "itf.rebellion.threshold",
    "itf.rebellion.marker",
    "itf.rebellion.remove-agents",
    "itf.rebellion.remove-needs",
    "itf.rebellion.while-rebelling",
]
CALM = ["itf.rebellion.test-each", "itf.rebellion.dice-count", "itf.rebellion.threshold"]


@pytest.mark.parametrize(
    "raw, outcome, keys, gap_keys",
    [
        pytest.param(
            {"players": 3, "dice": [2, 2, 2], "agents": 4, "coins": 2, "rebelling": False},
            {"tested": True, "dice_sum": 6, "threshold": 6, "rebellion": True, "effects": EFFECTS},
            REBELS,
            ["itf.rebellion.remove-needs"],
            id="itf.rebellion.threshold: sum equal to agents+coins rebels ('rowna badz mniejsza')",
        ),
        pytest.param(
            {"players": 3, "dice": [3, 2, 2], "agents": 4, "coins": 2, "rebelling": False},
            {"tested": True, "dice_sum": 7, "threshold": 6, "rebellion": False, "effects": []},
            CALM,
            [],
            id="itf.rebellion.threshold: one more than agents+coins does not rebel",
        ),
        pytest.param(
            {"players": 6, "dice": [1, 1, 1, 1, 1, 1], "agents": 6, "coins": 0, "rebelling": False},
            {"tested": True, "dice_sum": 6, "threshold": 6, "rebellion": True, "effects": EFFECTS},
            REBELS,
            [],
            id="itf.rebellion.dice-count: 6 players roll 6 dice; no coins, so no coin gap",
        ),
        pytest.param(
            {"players": 4, "dice": [1, 1, 1, 1], "agents": 0, "coins": 3, "rebelling": False},
            {"tested": True, "dice_sum": 4, "threshold": 3, "rebellion": False, "effects": []},
            CALM,
            [],
            id="itf.rebellion.threshold: coins count, not the card's number",
        ),
        pytest.param(
            {"players": 5, "dice": [], "agents": 9, "coins": 8, "rebelling": True},
            {"tested": False, "dice_sum": None, "threshold": None, "rebellion": False, "effects": []},
            ["itf.rebellion.no-retest"],
            [],
            id="itf.rebellion.no-retest: a rebelling province is not tested",
        ),
        pytest.param(
            {"players": 3, "dice": [1, 1, 1], "agents": 9, "coins": 8, "rebelling": True},
            {"tested": False, "dice_sum": None, "threshold": None, "rebellion": False, "effects": []},
            ["itf.rebellion.no-retest"],
            [],
            id="itf.rebellion.no-retest: dice rolled anyway are ignored",
        ),
        pytest.param(
            {"players": 3, "dice": [5, 5, 5], "agents": 4, "coins": 6, "rebelling": False, "estyx": True},
            {"tested": True, "dice_sum": 15, "threshold": 10, "rebellion": False, "effects": []},
            CALM,
            ["itf.setup.estyx"],
            id="itf.setup.estyx: two need cards, 'the NEED CARD' is silent",
        ),
    ],
)
def test_rebellion_test(raw, outcome, keys, gap_keys, referee):
    referee.check("rebellion-test", raw, outcome, keys, gap_keys)


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


# --- control ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw, outcome, keys, gap_keys",
    [
        pytest.param(
            {"agents": {"Ala": 4, "Bartek": 2, "Celina": 1}},
            {"controller": "Ala", "active": True},
            ["itf.actions.majority"],
            [],
            id="itf.actions.majority: most agents acts",
        ),
        pytest.param(
            {"agents": {"Ala": 4, "Bartek": 3, "Celina": 3}},
            {"controller": "Ala", "active": True},
            ["itf.actions.majority"],
            [],
            id="itf.actions.majority: plurality, not half, is enough",
        ),
        pytest.param(
            {"agents": {"Ala": 3, "Bartek": 3, "Celina": 1}, "imperia": False},
            {"controller": None, "active": False},
            ["itf.actions.no-majority"],
            [],
            id="itf.actions.no-majority: tie leaves the province inactive",
        ),
        pytest.param(
            {"agents": {}, "imperia": False},
            {"controller": None, "active": False},
            ["itf.actions.no-majority"],
            [],
            id="itf.actions.no-majority: empty province inactive",
        ),
        pytest.param(
            {"agents": {"Ala": 0, "Bartek": 0}, "imperia": False},
            {"controller": None, "active": False},
            ["itf.actions.no-majority"],
            [],
            id="itf.actions.no-majority: zero agents is no majority",
        ),
        pytest.param(
            {"agents": {"Ala": 3, "Bartek": 3}, "imperia": True},
            {"controller": None, "active": True},
            ["itf.actions.no-majority"],
            ["itf.actions.no-majority"],
            id="itf.actions.no-majority: IMPERIA stays active, who acts is a gap",
        ),
        pytest.param(
            {"agents": {"Ala": 1, "Bartek": 5}, "imperia": True},
            {"controller": "Bartek", "active": True},
            ["itf.actions.majority"],
            [],
            id="itf.actions.majority: IMPERIA with a majority, no gap",
        ),
    ],
)
def test_control(raw, outcome, keys, gap_keys, referee):
    referee.check("control", raw, outcome, keys, gap_keys)


# --- crush-rebellion --------------------------------------------------------------

CRUSHED = ["itf.crush.requirements", "itf.crush.reward", "itf.rebellion.no-retest"]


@pytest.mark.parametrize(
    "raw, outcome, keys, gap_keys",
    [
        pytest.param(
            {"agents": {"Ala": 5, "Bartek": 3}, "player": "Ala", "weapon": True},
            {"crushed": True, "election_points": 10},
            CRUSHED,
            ["itf.crush.requirements"],
            id="itf.crush.requirements+reward: weapon and majority give 10 points",
        ),
        pytest.param(
            {"agents": {"Ala": 1, "Bartek": 0}, "player": "Ala", "weapon": True},
            {"crushed": True, "election_points": 10},
            CRUSHED,
            ["itf.crush.requirements"],
            id="itf.crush.requirements: one agent against none is a majority",
        ),
        pytest.param(
            {"agents": {"Ala": 4, "Bartek": 4}, "player": "Ala", "weapon": True},
            {"crushed": False, "election_points": 0},
            ["itf.crush.requirements"],
            [],
            id="itf.crush.requirements: a tie is no majority",
        ),
        pytest.param(
            {"agents": {"Ala": 5, "Bartek": 3}, "player": "Ala", "weapon": False},
            {"crushed": False, "election_points": 0},
            ["itf.crush.requirements"],
            [],
            id="itf.crush.requirements: no WEAPON card",
        ),
        pytest.param(
            {"agents": {"Ala": 2, "Bartek": 3}, "player": "Ala", "weapon": True},
            {"crushed": False, "election_points": 0},
            ["itf.crush.requirements"],
            [],
            id="itf.crush.requirements: another player has the majority",
        ),
        pytest.param(
            {"agents": {"Bartek": 3}, "player": "Ala", "weapon": True},
            {"crushed": False, "election_points": 0},
            ["itf.crush.requirements"],
            [],
            id="itf.crush.requirements: no agents there",
        ),
    ],
)
def test_crush_rebellion(raw, outcome, keys, gap_keys, referee):
    referee.check("crush-rebellion", raw, outcome, keys, gap_keys)


# --- bribery ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw, outcome, keys, gap_keys",
    [
        pytest.param(
            {"points": 30, "gold": 2, "sell_points": 8, "buy_points": 0},
            {"points_after": 22, "gold_after": 6},
            ["itf.bribery.points-for-gold", "itf.bribery.rate"],
            [],
            id="itf.bribery.rate: every 2 points off the track give 1 gold",
        ),
        pytest.param(
            {"points": 20, "gold": 0, "sell_points": 20},
            {"points_after": 0, "gold_after": 10},
            ["itf.bribery.points-for-gold", "itf.bribery.rate"],
            [],
            id="itf.bribery.rate: all points may be sold",
        ),
        pytest.param(
            {"points": 21, "gold": 3, "sell_points": 5, "buy_points": 0},
            {"points_after": 17, "gold_after": 5},
            ["itf.bribery.points-for-gold", "itf.bribery.rate"],
            ["itf.bribery.rate"],
            id="itf.bribery.rate: the odd point has no stated value and stays",
        ),
        pytest.param(
            {"points": 24, "gold": 7, "sell_points": 0, "buy_points": 6},
            {"points_after": 30, "gold_after": 4},
            ["itf.bribery.gold-for-points"],
            ["itf.bribery.gold-for-points"],
            id="itf.bribery.gold-for-points: rate not stated, 1 gold for 2 points assumed",
        ),
        pytest.param(
            {"points": 24, "gold": 7, "buy_points": 5},
            {"points_after": 28, "gold_after": 5},
            ["itf.bribery.gold-for-points"],
            ["itf.bribery.gold-for-points", "itf.bribery.gold-for-points"],
            id="itf.bribery.gold-for-points: an odd point is not bought",
        ),
        pytest.param(
            {"points": 10, "gold": 0, "sell_points": 4, "buy_points": 4},
            {"points_after": 10, "gold_after": 0},
            ["itf.bribery.points-for-gold", "itf.bribery.rate", "itf.bribery.gold-for-points"],
            ["itf.bribery.points-for-gold", "itf.bribery.gold-for-points"],
            id="itf.bribery.points-for-gold: sell then buy, the proceeds may be spent",
        ),
        pytest.param(
            {"points": 20, "gold": 10},
            {"points_after": 20, "gold_after": 10},
            ["itf.bribery.gold-for-points"],
            [],
            id="itf.bribery.points-for-gold: exchanging is optional",
        ),
    ],
)
def test_bribery(raw, outcome, keys, gap_keys, referee):
    referee.check("bribery", raw, outcome, keys, gap_keys)


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
# The steps of a round whose marker mover is found at once (IMPERIA majority), or only by a die
# roll after the fewest-points and IMPERIA-agents ties.
MOVED = [
    "itf.round-end.first-player",
    "itf.round-end.marker-mover",
    "itf.round-end.marker-mover",
    *NORMAL_TAIL,
]
MOVED_BY_ROLL = [
    "itf.round-end.first-player",
    "itf.round-end.marker-mover",
    "itf.round-end.mover-lowest",
    "itf.round-end.mover-tie",
    "itf.round-end.mover-roll",
    "itf.round-end.marker-mover",
    *NORMAL_TAIL,
]


@pytest.mark.parametrize(
    "raw, expect, keys, gap_keys",
    [
        pytest.param(
            round_(FOUR, {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0}),
            {
                "first_player": "Ala",
                "marker_mover": "Bartek",
                "marker_after": 48,
                "bonus_agents": {"Ala": 3, "Bartek": 1, "Celina": 1, "Darek": 0},
                "game_over": False,
                "winners": [],
            },
            [*MOVED],
            [],
            id="itf.round-end.*: fewest points first (+2), IMPERIA majority moves, below 48 gets +1",
        ),
        pytest.param(
            round_(FOUR, {"Ala": 2, "Bartek": 2, "Celina": 0, "Darek": 1}),
            {"first_player": "Ala", "marker_mover": "Ala"},
            [
                "itf.round-end.first-player",
                "itf.round-end.marker-mover",
                "itf.round-end.mover-lowest",
                "itf.round-end.marker-mover",
                *NORMAL_TAIL,
            ],
            [],
            id="itf.round-end.mover-lowest: no IMPERIA majority, fewest points moves",
        ),
        pytest.param(
            round_(
                {"Ala": 18, "Bartek": 31, "Celina": 18, "Darek": 52},
                {"Ala": 1, "Bartek": 1, "Celina": 0, "Darek": 0},
            ),
            {
                "first_player": None,
                "marker_mover": "Ala",
                "bonus_agents": {"Ala": 1, "Bartek": 1, "Celina": 1, "Darek": 0},
            },
            [
                "itf.round-end.first-player",
                "itf.round-end.marker-mover",
                "itf.round-end.mover-lowest",
                "itf.round-end.mover-tie",
                "itf.round-end.marker-mover",
                *NORMAL_TAIL,
            ],
            ["itf.round-end.first-player"],
            id="itf.round-end.mover-tie: tied fewest points, most IMPERIA agents among them moves",
        ),
        pytest.param(
            round_(
                {"Ala": 18, "Bartek": 31, "Celina": 18, "Darek": 52},
                {"Ala": 0, "Bartek": 0, "Celina": 0, "Darek": 0},
            ),
            {"first_player": None, "marker_mover": None, "marker_after": 48},
            [*MOVED_BY_ROLL],
            ["itf.round-end.first-player", "itf.round-end.mover-roll"],
            id="itf.round-end.mover-roll: further ties by a die roll, mover null",
        ),
        pytest.param(
            round_(
                {"Ala": 47, "Bartek": 48, "Celina": 41},
                {"Ala": 3, "Bartek": 0, "Celina": 0},
                marker=40,
                dice=(6, 2),
            ),
            {
                "first_player": "Celina",
                "marker_after": 48,
                "bonus_agents": {"Ala": 1, "Bartek": 0, "Celina": 3},
            },
            [*MOVED],
            [],
            id="itf.round-end.below-marker: after the move, strictly below (47 yes, 48 no)",
        ),
        pytest.param(
            round_(
                {"Ala": 70, "Bartek": 64, "Celina": 55},
                {"Ala": 0, "Bartek": 2, "Celina": 0},
                marker=94,
                dice=(3, 2, 1),
            ),
            {"marker_after": 100, "game_over": True, "winners": ["Ala"]},
            [*MOVED, "itf.game-end.marker-100"],
            [],
            id="itf.game-end.marker-100: on space 100 the most points wins",
        ),
        pytest.param(
            round_(
                {"Ala": 70, "Bartek": 64, "Celina": 55},
                {"Ala": 0, "Bartek": 2, "Celina": 0},
                marker=97,
                dice=(6,),
            ),
            {"marker_after": 100, "game_over": True, "winners": ["Ala"]},
            [*MOVED, "itf.game-end.marker-100"],
            ["itf.game-end.marker-100"],
            id="itf.game-end.marker-100: past 100 is a gap; stops on 100, game ends",
        ),
        pytest.param(
            round_(
                {"Ala": 70, "Bartek": 70, "Celina": 55},
                {"Ala": 1, "Bartek": 2, "Celina": 0},
                marker=96,
                dice=(4,),
            ),
            {"game_over": True, "winners": ["Bartek"], "marker_mover": "Bartek"},
            [*MOVED, "itf.game-end.marker-100", "itf.game-end.tie-imperia"],
            [],
            id="itf.game-end.tie-imperia: a points tie goes to IMPERIA agents",
        ),
        pytest.param(
            round_(
                {"Ala": 70, "Bartek": 70, "Celina": 55},
                {"Ala": 2, "Bartek": 2, "Celina": 3},
                marker=96,
                dice=(4,),
            ),
            {"game_over": True, "winners": ["Ala", "Bartek"]},
            [*MOVED, "itf.game-end.marker-100", "itf.game-end.tie-imperia", "itf.game-end.two-winners"],
            [],
            id="itf.game-end.two-winners: still tied, 2 winners, no gap",
        ),
        pytest.param(
            round_(
                {"Ala": 70, "Bartek": 70, "Celina": 70},
                {"Ala": 2, "Bartek": 2, "Celina": 2},
                marker=96,
                dice=(4,),
            ),
            {
                "first_player": None,
                "marker_mover": None,
                "game_over": True,
                "winners": ["Ala", "Bartek", "Celina"],
            },
            [
                *MOVED_BY_ROLL,
                "itf.game-end.marker-100",
                "itf.game-end.tie-imperia",
                "itf.game-end.two-winners",
            ],
            ["itf.round-end.first-player", "itf.round-end.mover-roll", "itf.game-end.two-winners"],
            id="itf.game-end.two-winners: a three-way tie is a gap; all three win",
        ),
        pytest.param(
            round_(FOUR, {"Ala": 1, "Bartek": 3, "Celina": 2, "Darek": 0}, all_provinces_rebelled=True),
            {"game_over": True, "winners": ["Darek"], "marker_after": 48},
            [*MOVED, "itf.game-end.all-rebelled", "itf.game-end.marker-100"],
            ["itf.game-end.all-rebelled"],
            id="itf.game-end.all-rebelled: the game ends; who wins is a gap (original)",
        ),
    ],
)
def test_end_of_round(raw, expect, keys, gap_keys, referee):
    result = referee.rule("end-of-round", raw)
    assert {k: result.outcome[k] for k in expect} == expect
    assert set(result.outcome) == {
        "first_player",
        "marker_mover",
        "marker_after",
        "bonus_agents",
        "game_over",
        "winners",
    }
    assert referee.steps(result) == keys
    assert referee.gaps(result) == gap_keys


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


# --- what each adjudicator rejects --------------------------------------------------


@pytest.mark.parametrize(
    "name, raw, path",
    [
        # rebellion-test
        pytest.param(
            "rebellion-test",
            {"players": 2, "dice": [1, 1], "agents": 0, "coins": 0},
            "inputs.players",
            id="rebellion-test: 3 players at least",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 7, "dice": [1] * 6, "agents": 0, "coins": 0},
            "inputs.players",
            id="rebellion-test: itf.setup.dice: 6 at most",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 4, "dice": [1, 2, 3], "agents": 0, "coins": 0},
            "inputs.dice",
            id="rebellion-test: itf.rebellion.dice-count: one die per player",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [], "agents": 0, "coins": 0},
            "inputs.dice",
            id="rebellion-test: a test needs its dice",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 2], "agents": 0, "coins": 0, "rebelling": True},
            "inputs.dice",
            id="rebellion-test: rebelling: no dice or all dice",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 7, 2], "agents": 0, "coins": 0},
            "inputs.dice.1",
            id="rebellion-test: a die shows 1-6",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1] * 7, "agents": 0, "coins": 0},
            "inputs.dice",
            id="rebellion-test: seven dice",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": -1, "coins": 0},
            "inputs.agents",
            id="rebellion-test: negative agents",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": True, "coins": 0},
            "inputs.agents",
            id="rebellion-test: bool is not a number",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": 1},
            "inputs.coins",
            id="rebellion-test: coins required",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": 1, "coins": 0, "rebelling": "no"},
            "inputs.rebelling",
            id="rebellion-test: rebelling is a bool",
        ),
        pytest.param(
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": 1, "coins": 0, "province": "X"},
            "inputs.province",
            id="rebellion-test: unknown field",
        ),
        # control
        pytest.param("control", {"agents": {"Ala": -1}}, "inputs.agents.Ala", id="control: negative agents"),
        pytest.param(
            "control", {"agents": {"Ala": "3"}}, "inputs.agents.Ala", id="control: agents are numbers"
        ),
        pytest.param(
            "control",
            {"agents": {f"P{n}": 1 for n in range(7)}},
            "inputs.agents",
            id="control: at most 6 players",
        ),
        pytest.param("control", {"agents": [1, 2]}, "inputs.agents", id="control: agents is an object"),
        pytest.param("control", {"imperia": True}, "inputs.agents", id="control: agents required"),
        # crush-rebellion
        pytest.param(
            "crush-rebellion",
            {"agents": {"Ala": 1}, "player": "Ala"},
            "inputs.weapon",
            id="crush-rebellion: weapon required",
        ),
        pytest.param(
            "crush-rebellion",
            {"agents": {"Ala": 1}, "player": "Ala", "weapon": 1},
            "inputs.weapon",
            id="crush-rebellion: weapon is a bool",
        ),
        pytest.param(
            "crush-rebellion",
            {"agents": {"Ala": 1}, "player": "  ", "weapon": True},
            "inputs.player",
            id="crush-rebellion: blank player",
        ),
        pytest.param(
            "crush-rebellion",
            {"agents": {"Ala": 1}, "player": "x" * 41, "weapon": True},
            "inputs.player",
            id="crush-rebellion: long name",
        ),
        # bribery
        pytest.param(
            "bribery",
            {"points": 5, "gold": 0, "sell_points": 6},
            "inputs.sell_points",
            id="bribery: selling more points than held",
        ),
        pytest.param(
            "bribery",
            {"points": 5, "gold": 2, "buy_points": 6},
            "inputs.buy_points",
            id="bribery: spending more gold than held",
        ),
        pytest.param("bribery", {"points": 5, "gold": -1}, "inputs.gold", id="bribery: negative gold"),
        pytest.param("bribery", {"gold": 1}, "inputs.points", id="bribery: points required"),
        pytest.param(
            "bribery",
            {"points": 5, "gold": 1, "buy_points": 1000},
            "inputs.buy_points",
            id="bribery: out of range",
        ),
        # end-of-round
        pytest.param(
            "end-of-round",
            round_({"Ala": 1, "Bartek": 2}, {"Ala": 0, "Bartek": 0}),
            "inputs.points",
            id="end-of-round: 3 players at least",
        ),
        pytest.param(
            "end-of-round",
            round_({f"P{n}": 1 for n in range(7)}, {f"P{n}": 0 for n in range(7)}),
            "inputs.points",
            id="end-of-round: 6 players at most",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, {**FOUR_IMPERIA, "Zenon": 1}),
            "inputs.imperia_agents.Zenon",
            id="end-of-round: IMPERIA agents of an unknown player",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, FOUR_IMPERIA, dice=()),
            "inputs.marker_dice",
            id="end-of-round: itf.round-end.marker-mover: 1 die at least",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, FOUR_IMPERIA, dice=(1, 2, 3, 4)),
            "inputs.marker_dice",
            id="end-of-round: itf.round-end.marker-mover: 3 dice at most",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, FOUR_IMPERIA, dice=(0,)),
            "inputs.marker_dice.0",
            id="end-of-round: a die shows 1-6",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, FOUR_IMPERIA, marker=100),
            "inputs.marker",
            id="end-of-round: itf.game-end.marker-100: the game already ended",
        ),
        pytest.param(
            "end-of-round",
            round_(FOUR, FOUR_IMPERIA, marker=-1),
            "inputs.marker",
            id="end-of-round: negative marker",
        ),
        pytest.param(
            "end-of-round",
            round_({"Ala": -1, "Bartek": 2, "Celina": 3}, {"Ala": 0, "Bartek": 0, "Celina": 0}),
            "inputs.points.Ala",
            id="end-of-round: negative points",
        ),
    ],
)
def test_rejects(referee, name, raw, path):
    assert path in referee.errors(name, raw)


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


@pytest.mark.parametrize(
    "name, clause, value",
    [
        ("die_faces", "itf.setup.dice", 6),
        ("max_dice", "itf.setup.dice", 6),
        ("min_players", "itf.setup.three-players", 3),
        ("crush_points", "itf.crush.reward", 10),
        ("bribery_points", "itf.bribery.rate", 2),
        ("bribery_gold", "itf.bribery.rate", 1),
        ("first_player_agents", "itf.round-end.first-player", 2),
        ("marker_dice_min", "itf.round-end.marker-mover", 1),
        ("marker_dice_max", "itf.round-end.marker-mover", 3),
        ("below_marker_agents", "itf.round-end.below-marker", 1),
        ("final_space", "itf.game-end.marker-100", 100),
        ("tie_winners", "itf.game-end.two-winners", 2),
    ],
)
def test_parameters_are_read_from_their_clauses(referee, name, clause, value):
    param = referee.rules.params[name]
    assert (param.clause, param.value) == (clause, value)


def test_every_parameter_of_the_game_is_checked_above(referee):
    assert len(referee.rules.params) == 12


@pytest.mark.parametrize(
    "params, raw, expect",
    [
        pytest.param(
            {"min_players": 4},
            {"players": 4, "dice": [1, 1, 1, 1], "agents": 4, "coins": 0},
            {"rebellion": True, "dice_sum": 4},
            id="min_players: 4 players accepted",
        ),
        pytest.param(
            {"die_faces": 8},
            {"players": 3, "dice": [8, 8, 7], "agents": 30, "coins": 0},
            {"rebellion": True, "dice_sum": 23},
            id="die_faces: an eight-sided die may show 8",
        ),
    ],
)
def test_rebellion_test_follows_its_parameters(referee, params, raw, expect):
    outcome = referee.with_params(**params).outcome("rebellion-test", raw)
    assert {k: outcome[k] for k in expect} == expect


@pytest.mark.parametrize(
    "params, name, raw, path, message",
    [
        pytest.param(
            {"min_players": 4},
            "rebellion-test",
            {"players": 3, "dice": [1, 1, 1], "agents": 0, "coins": 0},
            "inputs.players",
            "Ensure this value is greater than or equal to 4.",
            id="min_players: 3 refused when the text says 4",
        ),
        pytest.param(
            {"max_dice": 5},
            "rebellion-test",
            {"players": 6, "dice": [1] * 5, "agents": 0, "coins": 0},
            "inputs.players",
            "Ensure this value is less than or equal to 5.",
            id="max_dice: 6 players refused with 5 dice at most",
        ),
        pytest.param(
            {"max_dice": 5},
            "control",
            {"agents": {f"P{n}": 1 for n in range(6)}},
            "inputs.agents",
            "At most 5 players take part in the game.",
            id="max_dice: control lists at most 5 players",
        ),
        pytest.param(
            {"max_dice": 5},
            "end-of-round",
            round_({f"P{n}": 1 for n in range(6)}, {}),
            "inputs.points",
            "The game is for 3 to 5 players; 6 are listed.",
            id="max_dice: end-of-round lists at most 5 players",
        ),
        pytest.param(
            {"die_faces": 4},
            "rebellion-test",
            {"players": 3, "dice": [1, 5, 1], "agents": 0, "coins": 0},
            "inputs.dice.1",
            "Ensure this value is less than or equal to 4.",
            id="die_faces: a four-sided die cannot show 5",
        ),
        pytest.param(
            {"marker_dice_max": 2},
            "end-of-round",
            round_(FOUR, {}, dice=(1, 2, 3)),
            "inputs.marker_dice",
            "Ensure this list has at most 2 items.",
            id="marker_dice_max: 3 dice refused when the text says 2",
        ),
        pytest.param(
            {"marker_dice_min": 2},
            "end-of-round",
            round_(FOUR, {}, dice=(4,)),
            "inputs.marker_dice",
            "Ensure this list has at least 2 items.",
            id="marker_dice_min: 1 die refused when the text says 2",
        ),
        pytest.param(
            {"final_space": 50},
            "end-of-round",
            round_(FOUR, {}, marker=50),
            "inputs.marker",
            "The marker is already on space 50: the game is over.",
            id="final_space: a marker on the last space is over",
        ),
        pytest.param(
            {"bribery_points": 3},
            "bribery",
            {"points": 5, "gold": 1, "buy_points": 6},
            "inputs.buy_points",
            "6 points cost 2 gold at 1 gold for 3 points; you have 1.",
            id="bribery_points: the cost follows the rate",
        ),
    ],
)
def test_inputs_follow_the_parameters(referee, params, name, raw, path, message):
    assert referee.with_params(**params).errors(name, raw) == {path: [message]}


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


@pytest.mark.parametrize(
    "params, raw, outcome, rate_step",
    [
        pytest.param(
            {"bribery_points": 3},
            {"points": 10, "gold": 0, "sell_points": 10},
            {"points_after": 1, "gold_after": 3},
            "9 points off the track give 3 gold: now 1 point and 3 gold.",
            id="bribery_points: 3 points a gold, the 10th point stays",
        ),
        pytest.param(
            {"bribery_gold": 2},
            {"points": 10, "gold": 0, "sell_points": 4},
            {"points_after": 6, "gold_after": 4},
            "4 points off the track give 4 gold: now 6 points and 4 gold.",
            id="bribery_gold: 2 gold for every 2 points",
        ),
    ],
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
