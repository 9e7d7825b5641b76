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


# --------------------------------------------------------------------------- the model plays its text


def test_every_agent_is_placed_each_round():
    # itf.placement.until-all: "Ten cykl jest powtarzany, aż wszyscy AGENCI zostaną rozmieszczeni".
    import random

    from lab import itf

    rng = random.Random(4)
    for agents in ({"P1": 10, "P2": 12, "P3": 11}, {"P1": 1, "P2": 0, "P3": 13, "P4": 10}):
        board = itf.place_agents(list(agents), agents, rng)
        assert {p: sum(board[prov][p] for prov in itf.PROVINCES) for p in agents} == agents


class _Rulings:
    """The rulings the model asks for, answered by the adjudicators and recorded."""

    def __init__(self):
        self.ref = simulate.Referee("imperial-tax-farmer", RULES, "original", checked=True)
        self.asked = []

    def __call__(self, name, raw):
        self.asked.append((name, raw))
        return self.ref.result(name, raw, None, "original").outcome


def test_a_rebellion_removes_the_agents_and_lasts_until_crushed():
    # itf.rebellion.remove-agents "Usuń z niej wszystkich AGENTÓW"; itf.rebellion.no-retest "nie
    # wykonujesz kolejnych TESTÓW REBELII, dopóki ktoś nie zdławi REBELII w tej PROWINCJI".
    import random

    from lab import itf

    rule, rng = _Rulings(), random.Random(1)
    board = {prov: {"P1": 5, "P2": 5, "P3": 5} for prov in itf.PROVINCES}  # 15 agents: rebels
    rebelling = {"Halm"}
    itf.test_rebellion(rule, 3, board, rebelling, rng)
    tested = [raw for name, raw in rule.asked if name == "rebellion-test"]
    assert len(tested) == 2  # Estyx and Corvia; Halm is in rebellion, Imperia never tested
    assert rebelling == {"Halm", "Estyx", "Corvia"}
    assert board["Estyx"] == board["Corvia"] == {"P1": 0, "P2": 0, "P3": 0}
    assert board["Halm"] == {"P1": 5, "P2": 5, "P3": 5}  # placed there this round, to crush it


def test_a_province_acts_once_a_round_and_a_rebellion_is_crushed_by_activating_it():
    # itf.actions.one-at-a-time: after acting "usuń z niej wszystkich agentów"; itf.rebellion
    # crushing needs a weapon and the majority in the rebelling province.
    import random

    from lab import itf

    rule = _Rulings()
    board = {prov: {"P1": 0, "P2": 0, "P3": 0} for prov in itf.PROVINCES}
    board["Halm"] = {"P1": 4, "P2": 1, "P3": 0}
    board["Corvia"] = {"P1": 3, "P2": 0, "P3": 0}
    gold, points = dict.fromkeys(("P1", "P2", "P3"), 0), dict.fromkeys(("P1", "P2", "P3"), 20)
    assert random.Random(1).random() < 0.5  # the first draw: P1 holds a weapon
    rebelling = {"Halm"}
    itf.act(rule, ["P1", "P2", "P3"], board, rebelling, gold, points, random.Random(1))
    crushes = [raw for name, raw in rule.asked if name == "crush-rebellion"]
    assert [c["player"] for c in crushes] == ["P1"]
    assert rebelling == set() and points["P1"] == 30
    assert gold == {"P1": 2, "P2": 0, "P3": 0}  # Corvia paid once; Halm, in rebellion, paid nothing


def test_three_players_start_with_a_province_in_rebellion_and_two_are_not_played(monkeypatch):
    # itf.setup.three-players: "Jeśli w grze uczestniczy tylko 3 graczy, jedna z prowincji rozpoczyna
    # ze znacznikiem REBELII"; the text's counts are 3 to 6 ("maksymalnie 6" dice, one a player).
    import random

    from lab import itf

    first_round = {}
    tested = itf.test_rebellion

    def seen(rule, players, board, rebelling, rng):
        first_round.setdefault(players, set(rebelling))
        return tested(rule, players, board, rebelling, rng)

    monkeypatch.setattr(itf, "test_rebellion", seen)
    for players in (3, 4):
        ref = simulate.Referee("imperial-tax-farmer", RULES, "original", checked=True)
        itf.play_game(ref, players, random.Random(2), "original", None)
    assert len(first_round[3]) == 1 and first_round[3] <= set(itf.PROVINCES[1:])
    assert first_round[4] == set()
    assert (itf.ImperialTaxFarmer.min_players, itf.ImperialTaxFarmer.max_players) == (3, 6)


def test_most_games_end_with_every_province_in_rebellion():
    # With the rules above followed and random play, rebellions pile up: most 3- and 4-player games
    # end with every province but Imperia in rebellion (itf.game-end.all-rebelled) — the lab used
    # to say 0 %.
    for players in (3, 4):
        config = config_for("imperial-tax-farmer", RULES, players=players, games=60, seed=9)
        ref = simulate.Referee("imperial-tax-farmer", RULES, "original")
        m = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, 60, ref))["metrics"]
        assert m["all_rebelled_share"]["value"] > 0.6
        assert m["rounds_mean"]["value"] < 12
