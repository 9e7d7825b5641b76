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
    # One tax ruling a round: the rounds each game lasted, which its goal decides.
    assert ref.calls["winner"] == 3 and ref.calls["tax"] == round(3 * m["rounds_mean"]["value"])
    assert m["cities_at_end_mean"]["value"] > 0
    assert m["first_player_win_share"]["value"] is not None


@pytest.mark.django_db
def test_the_command_for_mega_civilization(corpus):
    out = StringIO()
    args = ("mega-civilization", "--games", "5", "--players", "5", "--seed", "9", "--rounds", "6", "--json")
    call_command("playtest", *args, stdout=out)
    body = json.loads(out.getvalue())
    assert body["metrics"]["rounds_mean"]["value"] == 6
    assert {d["id"] for d in body["disputes"]} >= {"tax-revolt-several-cities", "growth-short-stock"}


def test_the_game_ends_at_the_end_of_the_round_a_player_reaches_the_goal(monkeypatch):
    # mc.round: "Στο τέλος κάθε γύρου οι παίκτες ελέγχουν εάν έπιασαν τους στόχους τους"; the goal
    # is the lab's setting (the summary names none): A.S.T. square 8, the Late Iron Age's. Every
    # game ends by it, well before the bound of 40 rounds, and only then is the bonus scored.
    from lab import megaciv

    config = config_for("mega-civilization", RULES, players=5, games=20, seed=4)
    ref = simulate.Referee("mega-civilization", RULES, "original", checked=True)
    asked = []
    result = ref.result

    def seen(name, raw, *rest):
        asked.append((name, raw))
        return result(name, raw, *rest)

    monkeypatch.setattr(ref, "result", seen)
    m = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, 20, ref))["metrics"]
    assert m["game_ended_share"]["value"] == 1.0
    assert megaciv.GOAL <= m["rounds_mean"]["value"] < megaciv.MAX_ROUNDS
    scored = [raw for name, raw in asked if name == "victory-points"]
    assert len(scored) == 5 * 20
    for game in range(20):
        reached = [raw for raw in scored[5 * game : 5 * game + 5] if raw["ast_steps"] >= megaciv.GOAL]
        alone = [raw["sole_late_iron_age"] for raw in scored[5 * game : 5 * game + 5]]
        assert reached and sum(alone) == (len(reached) == 1)


def test_the_player_counts_are_the_texts():
    # mc.trade-cards.hand-limit knows "5 έως 11" and "12 έως 18" players only.
    from lab import megaciv

    assert (megaciv.MegaCivilization.min_players, megaciv.MegaCivilization.max_players) == (5, 18)
