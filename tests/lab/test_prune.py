"""Nothing grows without bound (issue 31 item 5): ``manage.py prune`` applies the retention
policy of lab/retention.py to impact runs, task results, lab runs and shards, sessions and
login logs, keeping what is young, running, or read by a page; and a game with an impact run or
a lab run can be deleted."""

import datetime as dt
import io

import pytest
from axes.models import AccessFailureLog, AccessLog
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games.models import ImpactRun
from lab import retention
from lab.models import PlaytestRun, PlaytestShard
from lab.services import FIGURES
from rules.models import Game

pytestmark = pytest.mark.django_db

NOW = timezone.now()


def ago(days: float) -> dt.datetime:
    return NOW - dt.timedelta(days=days)


def _impact(game, days, status=ImpactRun.Status.DONE):
    n = ImpactRun.objects.count() + 1
    return ImpactRun.objects.create(
        game=game,
        edition=n,
        fingerprint=f"f{n}",
        status=status,
        total=1,
        created_at=ago(days),
        heartbeat_at=ago(days),
        finished_at=None if status == ImpactRun.Status.RUNNING else ago(days),
    )


def _run(game, days, purpose="", status=PlaytestRun.Status.FINISHED):
    run = PlaytestRun.objects.create(
        game=game,
        config={"game": game.slug},
        rules_fingerprint="r",
        purpose=purpose,
        status=status,
        shards_total=2,
        created_at=ago(days),
        finished_at=None if status == PlaytestRun.Status.RUNNING else ago(days),
    )
    for i in range(2):
        PlaytestShard.objects.create(run=run, index=i, start=i, stop=i + 1)
    return run


def _task(days, status="SUCCESSFUL"):
    return DBTaskResult.objects.create(
        status=status,
        args_kwargs={"args": [], "kwargs": {}},
        task_path="lab.tasks.shard_play",
        backend_name="default",
        run_after=ago(days),
        finished_at=None if status == "READY" else ago(days),
        exception_class_path="",
        traceback="",
    )


def _login(days, model=AccessLog):
    row = model.objects.create(
        username="u", ip_address="127.0.0.1", user_agent="t", http_accept="*/*", path_info="/"
    )
    model.objects.filter(pk=row.pk).update(attempt_time=ago(days))
    return row


@pytest.fixture
def tables(corpus):
    dolores, praetor = Game.objects.get(slug="dolores"), Game.objects.get(slug="praetor")
    rows = {
        "old impact": _impact(dolores, 8),
        "young impact": _impact(dolores, 6),
        "old running impact": _impact(dolores, 30, status=ImpactRun.Status.RUNNING),
        "old task": _task(15),
        "young task": _task(13),
        "old failed task": _task(15, status="FAILED"),
        "old queued task": _task(40, status="READY"),
        "old run": _run(dolores, 31),
        "young run": _run(dolores, 29),
        "old running run": _run(dolores, 60, status=PlaytestRun.Status.RUNNING),
        # Praetor's reference runs: the three newest are kept however old, the fourth goes.
        **{f"reference {n}": _run(praetor, 40 + n, purpose=FIGURES) for n in range(4)},
        "old login": _login(91),
        "young login": _login(89),
        "old failure": _login(91, AccessFailureLog),
    }
    Session.objects.create(session_key="old", session_data="x", expire_date=ago(1))
    Session.objects.create(session_key="live", session_data="x", expire_date=ago(-1))
    return rows


def _exists(row) -> bool:
    return type(row).objects.filter(pk=row.pk).exists()


def test_prune_deletes_what_the_policy_no_longer_keeps(tables):
    counts = retention.tables_prune(now=NOW)
    assert counts == {
        "impact_runs": 1,
        "task_results": 2,
        "lab_shards": 4,
        "lab_runs": 2,
        "sessions": 1,
        "login_logs": 1,
        "login_failure_logs": 1,
    }
    gone = {"old impact", "old task", "old failed task", "old run", "reference 3", "old login", "old failure"}
    assert {name for name, row in tables.items() if not _exists(row)} == gone
    assert list(Session.objects.values_list("session_key", flat=True)) == ["live"]
    assert PlaytestShard.objects.filter(run=tables["young run"]).count() == 2
    assert retention.tables_prune(now=NOW) == dict.fromkeys(counts, 0)  # idempotent


def test_the_command_applies_it_and_a_dry_run_deletes_nothing(tables):
    out = io.StringIO()
    call_command("prune", "--dry-run", stdout=out)
    assert "impact_runs: would delete 1" in out.getvalue() and "lab_runs: would delete 2" in out.getvalue()
    assert all(_exists(row) for row in tables.values())
    out = io.StringIO()
    call_command("prune", stdout=out)
    assert "task_results: deleted 2" in out.getvalue() and "sessions: deleted 1" in out.getvalue()
    assert not _exists(tables["old impact"])


def test_a_game_with_an_impact_run_and_a_lab_run_can_be_deleted(corpus):
    game = Game.objects.create(slug="bare", title="Bare", language="en", position=99)
    _impact(game, 1)
    _run(game, 1)
    game.delete()
    assert not ImpactRun.objects.filter(game__slug="bare").exists()
    assert not PlaytestRun.objects.filter(config__game="bare").exists()
