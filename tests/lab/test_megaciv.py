"""Mega Civilization's whole-game model: inputs its declarations accept and the contract."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.snapshot import from_corpus
from lab import simulate

from .conftest import config_for

RULES = from_corpus("mega-civilization")


def test_every_call_passes_its_declaration_and_someone_wins():
    config = config_for("mega-civilization", RULES, players=5, games=3, seed=2)
    ref = simulate.Referee("mega-civilization", RULES, "original", checked=True)
    m = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, 3, ref))["metrics"]
    assert ref.calls["winner"] == 3 and ref.calls["tax"] == 3 * 12
    assert m["rounds_mean"]["value"] == 12 and m["cities_at_end_mean"]["value"] > 0
    assert m["first_player_win_share"]["value"] is not None


@pytest.mark.django_db
def test_the_command_for_mega_civilization(corpus):
    out = StringIO()
    args = ("mega-civilization", "--games", "5", "--players", "5", "--seed", "9", "--rounds", "6", "--json")
    call_command("playtest", *args, stdout=out)
    body = json.loads(out.getvalue())
    assert body["metrics"]["rounds_mean"]["value"] == 6
    assert {d["id"] for d in body["disputes"]} >= {"tax-revolt-several-cities", "growth-short-stock"}
