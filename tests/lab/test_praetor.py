"""Praetor's whole-game model: every input the adjudicators' own declarations accept, the
contract's metrics, and its disputes measured from the rulings' gaps."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.snapshot import from_corpus
from lab import simulate

from .conftest import config_for

RULES = from_corpus("praetor")


def test_games_end_and_every_call_passes_its_declaration():
    config = config_for("praetor", RULES, players=3, games=4, seed=3)
    ref = simulate.Referee("praetor", RULES, "original", checked=True)
    sums = simulate.run_range(config, RULES, 0, 4, ref)
    m = simulate.summarize(config, RULES, sums)["metrics"]
    # The game ends by the game-end ruling (never by the model's safety bound).
    assert m["game_ended_share"]["value"] == 1.0
    assert 1 < m["rounds_mean"]["value"] < simulate.MAX_ROUNDS
    assert m["builds_per_game"]["value"] > 0
    assert ref.calls["build"] and ref.calls["pass"] and ref.calls["winner"] == 4
    wins = sum(m[f"win_share_seat_{n}"]["value"] for n in (1, 2, 3))
    assert wins == pytest.approx(1.0)


@pytest.mark.django_db
def test_the_command_for_praetor(corpus):
    out = StringIO()
    call_command(
        "playtest", "praetor", "--games", "20", "--players", "3", "--seed", "2", "--json", stdout=out
    )
    body = json.loads(out.getvalue())
    assert {"first_player_win_share", "rounds_mean"} <= set(body["metrics"])
    assert body["metrics"]["first_player_win_share"]["value"] is not None
    tiebreak = next(d for d in body["disputes"] if d["id"] == "final-scoring-by-experience")
    # Every game's final scoring meets the open 'according to their experience'.
    assert tiebreak["arises_share"] == 1.0
    # One reading in the edition: nothing to compare, and the JSON says so.
    assert tiebreak["differs_share"] is None and tiebreak["differs_share_reason"]


# --------------------------------------------------------------------------- the model plays its text


def _games(players, games=30, seed=11):
    """Play ``games`` games and keep each one's ``lab.praetor.Game`` (its stacks after every upkeep)."""
    from lab import praetor

    config = config_for("praetor", RULES, players=players, games=games, seed=seed)
    ref = simulate.Referee("praetor", RULES, "original", checked=True)
    kept = []
    start = praetor.start

    def keep(rule, n):
        kept.append(start(rule, n))
        return kept[-1]

    praetor.start = keep
    try:
        simulate.run_range(config, RULES, 0, games, ref)
    finally:
        praetor.start = start
    return kept


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_round_after_a_stack_runs_out_is_the_last(players):
    # pr.upkeep.maintain-city then pr.upkeep.last-round-check: "6. 维持城市 … 从城市板块堆翻出城市板块,直到
    # 可用城市板块数量等于玩家数量加一" and then "7. … 如果城市板块堆空了,那么下回合是最后一回合" (the wall
    # stack likewise): the game lasts exactly one round past the first upkeep that empties a stack.
    for g in _games(players):
        empties = next(n for n, (city, wall) in enumerate(g.stacks, start=1) if city == 0 or wall == 0)
        assert g.rounds == empties + 1, (g.rounds, g.stacks)


def test_the_wall_stack_alone_ends_the_game_in_fourteen_rounds():
    # 14 wall tiles ("14个城墙板块"): one turned up at set-up, then one each upkeep ("移除所有可用长城
    # 板块,翻出一个新的"), so the 13th upkeep empties it and round 14 is the last, when no city stack
    # runs out first. 2 players play the 2+ tiles only (20), so the builders can outlast the walls.
    rounds = {g.rounds for g in _games(2) if all(city > 0 for city, _wall in g.stacks)}
    assert rounds == {14}


def test_players_choose_from_one_shared_row_of_players_plus_one_tiles():
    # pr.setup.reveal: "翻开玩家人数加一数量的城市板块形成可用城市板块"; after each refill the row holds
    # players + 1 tiles again, while the stack lasts.
    for players in (3, 5):
        for g in _games(players, games=5):
            assert g.deck["available_after"] <= players + 1
            assert len(g.row) == g.deck["available_after"]
