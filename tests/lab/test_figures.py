"""The disputes pages' figures in play: one reference run per game and rules fingerprint,
computed once (``lab.services.figures_start``, ``manage.py dispute_figures``), read by
``lab.selectors.dispute_figures`` and shown beside each worked example the model reaches."""

import re

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from lab import services, simulate
from lab.models import PlaytestRun
from tests.conftest import real_queries

from .conftest import DUMMY


def _page(client, slug, lang="en"):
    r = client.get(f"/g/{slug}/disputes/", HTTP_ACCEPT_LANGUAGE=lang)
    assert r.status_code == 200
    return r.content.decode()


def _in_play(page, key):
    article = re.search(rf'<article class="card dispute" id="{key}">(.*?)</article>', page, re.S).group(1)
    found = re.search(r'<section class="in-play".*?</section>', article, re.S)
    return found and re.sub(r"[ \t\n]+", " ", found.group(0))


def _state(page):
    return re.search(r'data-testid="in-play-state" data-state="(\w+)"', page).group(1)


def test_before_any_run_the_page_says_the_figures_are_not_computed(corpus, client):
    page = _page(client, "dolores")
    assert _state(page) == "none"
    assert "has not been computed yet" in page
    assert _in_play(page, "doubt-1") is None


def test_the_figures_are_computed_once_and_shown_beside_the_examples_the_model_reaches(corpus, client):
    run = services.figures_start(game="dolores", now=timezone.now(), games=60)
    assert (run.status, run.purpose, run.config["seed"]) == ("finished", "disputes", services.FIGURES_SEED)
    # Stored for these rules: a second call starts nothing.
    assert services.figures_start(game="dolores", now=timezone.now(), games=60) is None
    page = _page(client, "dolores")
    assert _state(page) == "finished"
    assert "played 60 games of 4 players (seed 2026) under edition 1" in page
    by_id = {d["id"]: d for d in run.result["disputes"]}
    shown = _in_play(page, "doubt-1")
    assert by_id["doubt-1"]["arises_share"] == 1.0
    assert "arises in 100\xa0% of games [" in shown
    assert "the readings' rulings differ in" in shown
    # The Dolores model has no winner: said, with the model's reason.
    assert "effect on the winner: not measured — The Dolores model has no winner" in shown
    polish = _page(client, "dolores", lang="pl")
    assert "model laboratorium testów rozegrał 60 gier 4 graczy" in polish
    assert "zdarza się w 100\xa0% gier [" in _in_play(polish, "doubt-1")
    # A doubt outside the model has no figures.
    assert "doubt-3" not in simulate.model("dolores").disputes
    assert _in_play(page, "doubt-3") is None


def test_a_game_of_one_reading_says_why_the_differences_are_not_measured(corpus, client):
    services.figures_start(game="praetor", now=timezone.now(), games=20)
    shown = _in_play(_page(client, "praetor"), "final-scoring-by-experience")
    assert "arises in 100\xa0% of games" in shown
    assert "not measured — The edition has one reading (variant) of this point" in shown


def test_the_page_reads_the_stored_figures_in_five_queries(corpus, client):
    services.figures_start(game="dolores", now=timezone.now(), games=20)
    _page(client, "dolores")
    with CaptureQueriesContext(connection) as ctx:
        page = _page(client, "dolores")
    assert _state(page) == "finished"
    assert len(real_queries(ctx)) <= 5, real_queries(ctx)


def test_figures_of_other_rules_are_not_shown_and_a_new_run_is_started(corpus, client):
    old = services.figures_start(game="dolores", now=timezone.now(), games=20)
    # The rules changed since: the stored run's fingerprint is not the current rules'.
    PlaytestRun.objects.filter(pk=old.pk).update(rules_fingerprint="0" * 64)
    page = _page(client, "dolores")
    assert _state(page) == "stale"
    assert "those figures no longer apply" in page
    assert _in_play(page, "doubt-1") is None
    new = services.figures_start(game="dolores", now=timezone.now(), games=20)
    assert new is not None and new.pk != old.pk
    assert _state(_page(client, "dolores")) == "finished"


def test_a_run_in_the_background_is_shown_as_being_computed_in_polish(corpus, client, settings):
    settings.TASKS = DUMMY  # enqueued for the workers, not played here
    call_command("dispute_figures", "dolores", "--games", "20", stdout=open("/dev/null", "w"))
    run = PlaytestRun.objects.get(purpose="disputes")
    assert (run.status, run.config["games"]) == ("running", 20)
    page = _page(client, "dolores", lang="pl")
    assert _state(page) == "computing"
    assert "being computed" not in page and "edycji 1" in page


def test_percentages_carry_as_many_decimals_as_tell_the_interval_apart():
    from lab.selectors import Figure, _figure

    row = {
        "x": 0.9617,
        "x_ci": [0.955, 0.9678],
        "y": 0.38,
        "y_ci": [0.35, 0.41],
        "z": 0.0,
        "z_ci": [0.0, 0.00044],
    }
    assert _figure(row, "x") == Figure("96.2\xa0%", "95.5\xa0%", "96.8\xa0%")
    assert _figure(row, "y") == Figure("38\xa0%", "35\xa0%", "41\xa0%")
    assert _figure(row, "z") == Figure("0\xa0%", "0\xa0%", "0.044\xa0%")
    assert _figure({"w": None, "w_reason": "why"}, "w").reason == "why"
