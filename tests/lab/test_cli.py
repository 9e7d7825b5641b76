"""python manage.py playtest (docs/api.md): the JSON's shape, reproducibility, drafts."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from .conftest import DECAY, DECAY_WORDS, LIMITS

pytestmark = pytest.mark.django_db

RADA_METRICS = {
    "first_player_win_share",
    "rounds_mean",
    "first_player_stays_first",
    "support_at_cap_share",
    "support_states_tracked_mean",
    "votes_on_one_point_share",
    "votes_passed_share",
    "saturated_vote_fail_share",
    "saturation_game_share",
    "drain_vote_payoff",
}


def playtest(*args):
    out = StringIO()
    call_command("playtest", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_the_json_has_the_contract_shape(corpus):
    body = playtest("rada-miasta", "--games", "6", "--players", "3", "--seed", "5", "--policy", "2=spoiler")
    assert [k for k in body][:7] == ["game", "games", "players", "edition", "seed", "warnings", "metrics"]
    assert (body["game"], body["games"], body["players"], body["edition"], body["seed"]) == (
        "rada-miasta",
        6,
        3,
        1,
        5,
    )
    assert RADA_METRICS <= set(body["metrics"])
    for name, m in body["metrics"].items():
        assert {"value", "ci_low", "ci_high"} <= set(m), name
        if m["value"] is not None:
            assert m["ci_low"] <= m["value"] <= m["ci_high"], name
    assert body["policies"] == ["greedy", "spoiler", "greedy"]


def test_the_same_seed_gives_the_same_output_and_jobs_do_not_change_it(corpus):
    args = ("rada-miasta", "--games", "8", "--players", "4", "--seed", "9", "--policy", "all=random")
    first = playtest(*args)
    assert playtest(*args) == first
    assert playtest(*args, "--jobs", "2") == first
    assert (
        playtest("rada-miasta", "--games", "8", "--players", "4", "--seed", "10", "--policy", "all=random")
        != first
    )


def test_a_draft_with_max_support_8_changes_the_metrics_with_no_code_change(draft):
    n = draft({LIMITS: ("przekroczyć 10", "przekroczyć 8")})
    args = ("rada-miasta", "--games", "20", "--players", "2", "--rounds", "12", "--no-cards")
    published, eight = playtest(*args), playtest(*args, "--edition", str(n))
    assert (published["edition"], eight["edition"], eight["draft"]) == (1, n, True)
    assert eight["parameters"]["max_support"] == 8
    assert eight["metrics"]["support_at_cap_share"] != published["metrics"]["support_at_cap_share"]


def test_worry_3_with_and_without_the_decay(draft):
    n = draft({DECAY: (DECAY_WORDS, "po 0 punktów poparcia")})
    args = ("rada-miasta", "--games", "20", "--players", "2", "--rounds", "20", "--seed", "3")
    decay, none = playtest(*args), playtest(*args, "--edition", str(n))
    assert none["parameters"]["decay_points"] == 0
    # Without the decay nothing takes support away: the levels climb to the cap.
    assert (
        none["metrics"]["support_at_cap_share"]["value"] > decay["metrics"]["support_at_cap_share"]["value"]
    )


def test_worry_4_with_the_decay_at_0_has_no_significant_payoff(draft):
    n = draft({DECAY: (DECAY_WORDS, "po 0 punktów poparcia")})
    args = ("rada-miasta", "--games", "60", "--players", "4", "--seed", "7", "--policy", "1=drain")
    decay, none = playtest(*args), playtest(*args, "--edition", str(n))
    # With nothing to drain a vote called only to drain cannot pay: the interval reaches 0.
    assert none["metrics"]["drain_vote_payoff"]["ci_low"] <= 0
    assert none["metrics"]["drain_vote_margin_payoff"]["ci_low"] <= 0
    assert decay["metrics"]["drain_vote_payoff"]["value"] is not None


def test_worry_3_unreached_says_why_and_the_preset_reaches_it(corpus):
    default = playtest("rada-miasta", "--games", "10", "--players", "4", "--seed", "2")
    m = default["metrics"]
    assert m["saturation_game_share"]["value"] == 0.0
    assert m["saturated_vote_fail_share"]["value"] is None
    assert "30 rounds" in m["saturated_vote_fail_share"]["reason"]
    preset = playtest(
        "rada-miasta", "--games", "10", "--players", "2", "--rounds", "30", "--plots", "50", "--no-cards"
    )
    assert preset["metrics"]["saturation_game_share"]["value"] > 0.5
    assert preset["metrics"]["saturated_vote_fail_share"]["value"] is not None


def test_every_game_reports_the_common_metrics_and_its_disputes(corpus):
    body = playtest("dolores", "--games", "5", "--players", "3", "--seed", "4")
    assert {"first_player_win_share", "rounds_mean"} <= set(body["metrics"])
    # The model has no winner: the metric is null and says why.
    assert body["metrics"]["first_player_win_share"]["value"] is None
    assert body["metrics"]["first_player_win_share"]["reason"]
    assert body["metrics"]["rounds_mean"]["value"] == 10
    ids = [d["id"] for d in body["disputes"]]
    assert "doubt-1" in ids and "doubt-6" in ids
    for d in body["disputes"]:
        assert {"id", "arises_share", "differs_share", "winner_changed_share"} <= set(d)
    six = next(d for d in body["disputes"] if d["id"] == "doubt-6")
    assert 0 < six["arises_share"] <= 1 and six["differs_share"] == 1.0


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("--players", "7"), "--players"),
        (("--players", "x"), "--players"),
        (("--games", "0"), "--games"),
        (("--edition", "99"), "--edition"),
        (("--variant", "gniazdo"), "--variant"),
        (("--policy", "9=greedy"), "--policy"),
        (("--policy", "1=cheater"), "--policy"),
        (("--seed", "-1"), "--seed"),
    ],
)
def test_bad_arguments_name_the_option(corpus, args, field):
    with pytest.raises(CommandError, match=field):
        call_command("playtest", "rada-miasta", "--games", "2", *args, "--json", stdout=StringIO())


def test_an_unknown_game_is_refused(corpus):
    with pytest.raises(CommandError, match="--game"):
        call_command("playtest", "monopoly", "--json", stdout=StringIO())


def test_a_database_never_migrated_is_a_message_not_a_traceback(monkeypatch):
    """As when the command runs while `make run` is still migrating a new database."""
    from django.db import OperationalError

    from lab import simulate

    def no_tables(game, edition):
        raise OperationalError("no such table: rules_game")

    monkeypatch.setattr(simulate, "load_rules", no_tables)
    with pytest.raises(CommandError, match="no such table: rules_game.*manage.py migrate"):
        call_command("playtest", "rada-miasta", "--json", stdout=StringIO())


def test_without_the_translation_catalogues_the_games_are_the_same():
    """A worker runs with USE_I18N=0 (make run): the sentences change, never the outcomes."""
    import os
    import subprocess
    import sys

    from django.conf import settings

    script = (
        "import json, django; django.setup()\n"
        "from games.snapshot import from_corpus\n"
        "from lab import simulate\n"
        "from tests.lab.conftest import config_for\n"
        "rules = from_corpus('rada-miasta')\n"
        "config = config_for('rada-miasta', rules, players=3, games=4, seed=8, names=['random', 'spoiler', 'greedy'])\n"
        "print(json.dumps(simulate.summarize(config, rules, simulate.run_range(config, rules, 0, 4))))\n"
    )
    env = {**os.environ, "USE_I18N": "0", "DJANGO_SETTINGS_MODULE": "config.test_settings"}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=settings.BASE_DIR, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    from games.snapshot import from_corpus
    from lab import simulate

    from .conftest import config_for

    rules = from_corpus("rada-miasta")
    config = config_for(
        "rada-miasta", rules, players=3, games=4, seed=8, names=["random", "spoiler", "greedy"]
    )
    here = simulate.summarize(config, rules, simulate.run_range(config, rules, 0, 4))
    assert json.loads(out.stdout) == json.loads(json.dumps(here))
