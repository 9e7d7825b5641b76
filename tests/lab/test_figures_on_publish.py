"""A published edition queues its own dispute figures (issue #23): ``rules`` announces the
publish once it commits (``rules.signals.edition_published``), the lab queues the reference
run of the new rules (``lab.services.figures_on_publish``), one per rules fingerprint however
many publishes or commands race for it; meanwhile the disputes page says the figures are
being computed, and once the run is played it shows the new edition's."""

import functools
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from lab import services
from lab.models import PlaytestRun
from rules import services as rules_services
from rules.models import Edition, Game
from tests.conftest import in_threads

from .conftest import DECAY, DECAY_WORDS, DUMMY

GAMES = 40


@pytest.fixture
def queued(settings, monkeypatch):
    """Runs are enqueued for the workers (not played here), of ``GAMES`` games each."""
    settings.TASKS = DUMMY
    monkeypatch.setattr(services, "FIGURES_GAMES", GAMES)


def _page(client, lang="en"):
    r = client.get("/g/rada-miasta/disputes/", HTTP_ACCEPT_LANGUAGE=lang)
    assert r.status_code == 200
    return r.content.decode()


def _state(page):
    return re.search(r'data-testid="in-play-state" data-state="(\w+)"', page).group(1)


def _arises(page, key):
    """How often dispute ``key`` arises, as shown beside its worked example."""
    article = re.search(rf'<article class="card dispute" id="{key}">(.*?)</article>', page, re.S).group(1)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article))
    return re.search(r"arises in (.+?) of games (\[.+?\])", text).groups()


def _figure(run, key):
    """Dispute ``key``'s arising share in ``run``'s result, as the page writes it."""
    from lab.selectors import _figure

    (row,) = [d for d in run.result["disputes"] if d["id"] == key]
    shown = _figure(row, "arises_share")
    return tuple(t.replace("\xa0", " ") for t in (shown.value, f"[{shown.low}, {shown.high}]"))


def _runs(edition):
    return PlaytestRun.objects.filter(
        game=edition.game, purpose=services.FIGURES, config__edition=edition.number
    )


def _play(run):
    for shard_id in run.shards.values_list("id", flat=True):
        assert services.shard_play(shard_id=shard_id) == "done"
    run.refresh_from_db()
    return run


def test_a_published_draft_queues_its_figures_shown_once_played(
    corpus, client, draft, queued, django_capture_on_commit_callbacks
):
    before = _play(services.figures_start(game="rada-miasta", now=timezone.now()))
    assert (before.config["edition"], before.status) == (1, "finished")
    old = _page(client)
    assert _state(old) == "finished" and "under edition 1" in old

    n = draft({DECAY: (DECAY_WORDS, "po 0 punktów poparcia")})
    edition = Edition.objects.get(game__slug="rada-miasta", number=n)
    with django_capture_on_commit_callbacks(execute=False) as pending:
        rules_services.draft_publish(draft=edition, now=timezone.now())
    assert not _runs(edition).exists()  # nothing queued before the publish commits
    for callback in pending:
        callback()
    run = _runs(edition).get()
    assert (run.status, run.config["games"]) == ("running", GAMES)
    assert run.rules_fingerprint != before.rules_fingerprint

    # While the workers play it: being computed, under the new edition, no old figures.
    page = _page(client)
    assert _state(page) == "computing"
    assert f"is being computed by the playtest lab under edition {n}" in page
    assert "arises in" not in page
    assert f"edycji {n}" in _page(client, "pl")

    _play(run)
    assert run.status == "finished"
    new = _page(client)
    assert _state(new) == "finished" and f"under edition {n}" in new
    # No decay after a won vote: more votes are won, so its dispute arises more often.
    key = "uncertain-decay-on-won-vote"
    assert _arises(new, key) == _figure(run, key) != _figure(before, key) == _arises(old, key)
    assert run.result["disputes"] != before.result["disputes"]


def test_every_publish_path_queues_once_per_rules(
    corpus, make_user, queued, django_capture_on_commit_callbacks
):
    game = Game.objects.get(slug="rada-miasta")
    designer = make_user("dana", kind="designer", game="rada-miasta")
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(designer)
    n = rules_services.draft_open(game=game, author="dana", now=timezone.now()).number
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        # Published already: a 409, and nothing more queued.
        assert api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json").status_code == 409
    assert _runs(Edition.objects.get(game=game, number=n)).count() == 1
    # The command after the publish (deploy.md's advice) finds the run queued: starts nothing.
    out = []
    call_command("dispute_figures", "rada-miasta", stdout=type("W", (), {"write": out.append})())
    assert "being computed for the current rules" in out[0]
    assert _runs(Edition.objects.get(game=game, number=n)).count() == 1
    # The admin's publish (rules.services.edition_publish): a new edition, its own run.
    with django_capture_on_commit_callbacks(execute=True):
        edition = rules_services.edition_publish(game=game, name=None, now=timezone.now())
    assert _runs(edition).count() == 1


def test_a_publish_rolled_back_queues_nothing(corpus, draft, queued, django_capture_on_commit_callbacks):
    from django.db import transaction

    edition = Edition.objects.get(game__slug="rada-miasta", number=draft({}))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            rules_services.draft_publish(draft=edition, now=timezone.now())
            raise RuntimeError("rolled back")
    assert callbacks == [] and not PlaytestRun.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_publishes_and_the_command_racing_queue_one_run(corpus, make_user, queued):
    game = Game.objects.get(slug="rada-miasta")
    designer = make_user("dana", kind="designer", game="rada-miasta")
    n = rules_services.draft_open(game=game, author="dana", now=timezone.now()).number

    def publish():
        from rest_framework.test import APIClient

        api = APIClient()
        api.force_authenticate(designer)
        return api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json").status_code

    codes = in_threads([publish, publish])
    assert sorted(codes) == [200, 409], codes
    # The figures' starters racing for the new rules (the command run at the same time, twice).
    start = functools.partial(services.figures_start, game="rada-miasta", now=timezone.now())
    started = in_threads([start] * 4)
    assert [r for r in started if isinstance(r, Exception)] == []
    assert sum(r is not None for r in started) == 0  # the publish's own run was there first
    runs = _runs(Edition.objects.get(game=game, number=n))
    assert runs.count() == 1


@pytest.mark.django_db(transaction=True)
def test_starters_racing_for_new_rules_start_one_run(corpus, queued):
    start = functools.partial(services.figures_start, game="praetor", now=timezone.now())
    started = in_threads([start] * 4)
    assert [r for r in started if isinstance(r, Exception)] == []
    assert sum(r is not None for r in started) == 1
    assert PlaytestRun.objects.filter(game__slug="praetor", purpose=services.FIGURES).count() == 1
