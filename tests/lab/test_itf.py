"""Imperial Tax Farmer's whole-game model: inputs its declarations accept, games ended by
the end-of-round ruling, and each dispute ruled under both readings."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.snapshot import from_corpus
from lab import simulate

from .conftest import config_for

RULES = from_corpus("imperial-tax-farmer")


def test_games_end_by_the_ruling_and_every_call_passes_its_declaration():
    config = config_for("imperial-tax-farmer", RULES, players=3, games=3, seed=5)
    ref = simulate.Referee("imperial-tax-farmer", RULES, "original", checked=True)
    body = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, 3, ref))
    m = body["metrics"]
    assert m["game_ended_share"]["value"] == 1.0
    assert m["rounds_mean"]["value"] > 1
    assert ref.calls["end-of-round"] > 3 and ref.calls["control"] and ref.calls["bribery"]
    bribery = next(d for d in body["disputes"] if d["id"] == "bribery-rate")
    # Bribery is ruled every round: the point's wording is met in every game, and both
    # readings were asked (a share of differences, not a reason).
    assert bribery["arises_share"] == 1.0 and bribery["differs_share"] is not None
    assert bribery["winner_changed_share"] is not None


@pytest.mark.django_db
def test_the_command_for_imperial_tax_farmer(corpus):
    args = ("imperial-tax-farmer", "--games", "6", "--players", "3", "--seed", "2", "--json")
    first, again = StringIO(), StringIO()
    call_command("playtest", *args, stdout=first)
    call_command("playtest", *args, stdout=again)
    assert first.getvalue() == again.getvalue()
    body = json.loads(first.getvalue())
    assert {"first_player_win_share", "rounds_mean"} <= set(body["metrics"])
    assert {d["id"] for d in body["disputes"]} >= {"everyone-loses", "bribery-rate"}
