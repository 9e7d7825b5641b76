"""Dolores in random play: each GNIAZDO doubt's situation, ruled under both variants."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from games.snapshot import from_corpus
from lab import dolores, simulate

from .conftest import config_for

RULES = from_corpus("dolores")


def _config(games=8, players=4, seed=3):
    return config_for("dolores", RULES, players=players, games=games, seed=seed)


def test_every_situation_passes_the_declarations_and_the_memo_changes_nothing():
    config = _config()
    checked = simulate.Referee("dolores", RULES, "original", checked=True)
    sums = simulate.run_range(config, RULES, 0, config.games, ref=checked)
    assert set(checked.calls) == {"profit-eligibility", "tax-bill", "move-and-attack", "missile"}
    assert simulate.run_range(config, RULES, 0, config.games) == sums


def test_what_the_variants_decide_differently_and_what_they_do_not():
    m = simulate.summarize(_config(games=30), RULES, simulate.run_range(_config(games=30), RULES, 0, 30))[
        "metrics"
    ]
    for doubt in dolores.DOUBTS:
        assert 0 < m[f"doubt_{doubt}_arises_share"]["value"] < 1, doubt
    # Doubt 6: the original wording leaves a move and an attack undecided (null), proposal 6
    # decides it: every time it arises the rulings differ. Doubts 1: an unpaid tax skips the
    # profit stage as written, proposal 1 keeps the paid factories working.
    assert m["doubt_6_variants_differ_share"]["value"] == 1.0
    assert m["doubt_1_variants_differ_share"]["value"] == 1.0
    # No proposal touches the token sets (doubt 2) or the missile's rounding (doubt 8).
    assert m["doubt_2_variants_differ_share"]["value"] == 0.0
    assert m["doubt_8_variants_differ_share"]["value"] == 0.0


@pytest.mark.django_db
def test_the_command_for_dolores(corpus):
    out = StringIO()
    call_command("playtest", "dolores", "--games", "5", "--players", "3", "--seed", "2", "--json", stdout=out)
    body = json.loads(out.getvalue())
    assert (body["game"], body["games"], body["players"], body["seed"]) == ("dolores", 5, 3, 2)
    assert set(body["metrics"]) == {
        f"doubt_{d}_{kind}" for d in dolores.DOUBTS for kind in ("arises_share", "variants_differ_share")
    } | {"first_player_win_share", "rounds_mean"}
