"""Runs split into shards, each a background task: any split gives the CLI's result; a
shard whose worker died is played again; a late worker's save is dropped; a changed draft
stops the run."""

import dataclasses
import datetime as dt

import pytest
from django.utils import timezone

from lab import services, simulate
from lab.models import PlaytestRun, PlaytestShard
from rules.models import Edition
from tests.conftest import revise

from .conftest import DUMMY, LIMITS

pytestmark = pytest.mark.django_db


def _config(games=9, edition=None, **kw):
    return simulate.configure(game="rada-miasta", players=3, games=games, seed=11, edition=edition, **kw)


def _expected(config, rules):
    return simulate.summarize(config, rules, simulate.run_range(config, rules, 0, config.games))


def test_a_run_in_any_number_of_shards_gives_the_commands_result(corpus):
    config, rules = _config(policies=["2=random"])
    expected = _expected(config, rules)
    for shards in (1, 4, 9):
        run = services.run_create(config=config, rules=rules, now=timezone.now(), shards=shards)
        assert (run.status, run.shards_total) == ("finished", shards)
        assert run.result == expected
        assert set(run.shards.values_list("status", flat=True)) == {"done"}


def test_a_shard_whose_worker_died_is_played_again_and_nothing_is_lost(corpus, settings):
    config, rules = _config()
    settings.TASKS = DUMMY  # enqueued, never run: the workers are ours to play
    now = timezone.now()
    run = services.run_create(config=config, rules=rules, now=now, shards=3)
    first, second, third = run.shards.order_by("index")
    assert services.shard_play(shard_id=first.pk) == "done"
    # The worker that claimed the second shard died an hour ago.
    long_ago = now - dt.timedelta(hours=1)
    PlaytestShard.objects.filter(pk=second.pk).update(
        status="running", claim="dead-worker", claimed_at=long_ago, heartbeat_at=long_ago, attempts=1
    )
    # Its task, run again (by the sweep, or a duplicate delivery), claims it afresh.
    assert services.shard_play(shard_id=second.pk) == "done"
    second.refresh_from_db()
    assert (second.status, second.attempts) == ("done", 2)
    assert services.shard_play(shard_id=first.pk) == "skipped"  # a finished shard stays as it is
    assert services.shard_play(shard_id=third.pk) == "done"
    run.refresh_from_db()
    assert run.status == "finished"
    assert run.result == _expected(config, rules)


def test_a_live_claim_is_left_alone_and_a_stale_one_is_swept(corpus, settings):
    config, rules = _config()
    settings.TASKS = DUMMY
    now = timezone.now()
    run = services.run_create(config=config, rules=rules, now=now, shards=2)
    shard = run.shards.get(index=0)
    PlaytestShard.objects.filter(pk=shard.pk).update(
        status="running", claim="alive", claimed_at=now, heartbeat_at=now, attempts=1
    )
    assert services.shard_play(shard_id=shard.pk) == "skipped"
    assert services.run_sweep(run_id=run.pk, now=now) == 0
    later = now + services.stale_after() + dt.timedelta(seconds=1)
    assert services.run_sweep(run_id=run.pk, now=later) == 1
    shard.refresh_from_db()
    assert (shard.status, shard.claim) == ("pending", "")


def test_a_late_worker_cannot_save_over_the_claim_that_replaced_it(corpus, settings, monkeypatch):
    config, rules = _config()
    settings.TASKS = DUMMY
    run = services.run_create(config=config, rules=rules, now=timezone.now(), shards=1)
    shard = run.shards.get()
    play = simulate.run_range

    def taken_over_meanwhile(*args, **kw):
        PlaytestShard.objects.filter(pk=shard.pk).update(claim="another-worker")
        return play(*args, **kw)

    monkeypatch.setattr(simulate, "run_range", taken_over_meanwhile)
    assert services.shard_play(shard_id=shard.pk) == "lost"
    shard.refresh_from_db()
    assert (shard.status, shard.claim, shard.sums) == ("running", "another-worker", None)


def test_a_draft_changed_during_the_run_fails_it_with_the_reason(draft, settings):
    n = draft({LIMITS: ("przekroczyć 10", "przekroczyć 8")})
    config, rules = _config(edition=n)
    settings.TASKS = DUMMY
    run = services.run_create(config=config, rules=rules, now=timezone.now(), shards=1)
    assert PlaytestRun.objects.get(pk=run.pk).config["edition"] == n
    revise(Edition.objects.get(game__slug="rada-miasta", number=n), LIMITS, "przekroczyć 8", "przekroczyć 7")
    assert services.shard_play(shard_id=run.shards.get().pk) == "failed"
    run.refresh_from_db()
    assert run.status == "failed"
    assert "has changed since the run started" in run.error


def test_a_worker_keeps_its_referee_and_memo_from_one_shard_to_the_next(corpus, settings):
    config, rules = _config(games=12)
    settings.TASKS = DUMMY
    services._REFEREES.clear()
    run = services.run_create(config=config, rules=rules, now=timezone.now(), shards=3)
    first, second, third = run.shards.order_by("index")
    assert services.shard_play(shard_id=first.pk) == "done"
    # The shards' rules: the edition's snapshot, the same object while the game is unchanged.
    played = simulate.load_rules("rada-miasta", config.edition)
    ref = services._referee(config, played)
    asked = len(ref.memo)
    assert asked > 0
    assert services.shard_play(shard_id=second.pk) == "done"
    assert services._referee(config, played) is ref and len(ref.memo) >= asked
    # Other rules (another object: a revised draft, a reloaded game) get their own Referee.
    assert services._referee(config, dataclasses.replace(played)) is not ref
    assert services.shard_play(shard_id=third.pk) == "done"
    run.refresh_from_db()
    assert run.status == "finished" and run.result == _expected(config, rules)
