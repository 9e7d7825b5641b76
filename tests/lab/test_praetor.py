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
