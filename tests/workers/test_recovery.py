"""A killed task worker's tasks do not stay RUNNING forever (workers.services, our db_worker)."""

import datetime as dt
import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from django_tasks import task
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tests.conftest import database_url
from workers import services
from workers.models import WorkerBeat


@task()
def hold(seconds: float) -> str:
    """Stand for a long task: sleep (the worker is killed before it ends)."""
    time.sleep(seconds)
    return "done"


def _running(worker_id: str, *, started: dt.datetime) -> DBTaskResult:
    row = DBTaskResult.objects.get(id=hold.enqueue(1).id)
    row.status, row.started_at, row.worker_ids = TaskResultStatus.RUNNING, started, [worker_id]
    row.save()
    return row


@pytest.mark.django_db
def test_only_the_tasks_of_silent_workers_are_marked_failed(settings, capsys):
    settings.TASK_WORKER_STALE_AFTER = 60
    now = timezone.now()
    old = now - dt.timedelta(minutes=5)
    WorkerBeat.objects.create(worker_id="alive", host="h", pid=1, started_at=old, beat_at=now)
    WorkerBeat.objects.create(worker_id="silent", host="h", pid=2, started_at=old, beat_at=old)
    alive = _running("alive", started=old)
    silent = _running("silent", started=old)
    unknown = _running("never-beat", started=old)
    # Claimed a moment ago: its worker may not have written a beat anyone has read yet.
    fresh = _running("silent", started=now - dt.timedelta(seconds=5))

    call_command("recover_tasks")

    assert capsys.readouterr().out.startswith("2 task(s) of dead workers marked failed")
    states = {
        r.id: r for r in DBTaskResult.objects.filter(id__in=[alive.id, silent.id, unknown.id, fresh.id])
    }
    assert [states[r.id].status for r in (alive, silent, unknown, fresh)] == [
        TaskResultStatus.RUNNING,
        TaskResultStatus.FAILED,
        TaskResultStatus.FAILED,
        TaskResultStatus.RUNNING,
    ]
    lost = states[silent.id]
    assert lost.exception_class_path == "workers.services.WorkerLost"
    assert "Worker silent stopped while running this task" in lost.traceback
    assert lost.finished_at is not None
    assert lost.task_result.errors[0].exception_class_path == "workers.services.WorkerLost"
    # A second pass finds nothing more to do.
    assert services.tasks_recover(now=timezone.now()) == []


def _worker(worker_id: str, *extra: str) -> subprocess.Popen:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="worker-test-" + "k" * 50,
        DATABASE_URL=database_url(),
        TASK_WORKER_STALE_AFTER="2",
    )
    argv = [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--interval", "0.1"]
    return subprocess.Popen(
        [*argv, "--worker-id", worker_id, *extra],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def _wait(predicate, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_leaves_no_task_running_forever():
    result = hold.enqueue(120)
    row = DBTaskResult.objects.filter(id=result.id)
    first = _worker("doomed-worker")
    try:
        _wait(lambda: row.get().status == TaskResultStatus.RUNNING, "the worker never took the task")
        beat = WorkerBeat.objects.get(worker_id="doomed-worker").beat_at
        _wait(lambda: WorkerBeat.objects.get(worker_id="doomed-worker").beat_at > beat, "no heartbeat")
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        if first.poll() is None:
            first.kill()
    assert row.get().status == TaskResultStatus.RUNNING
    time.sleep(2.2)  # the dead worker's heartbeat goes stale (TASK_WORKER_STALE_AFTER=2)

    # The next worker to start marks it failed, then works through the queue (empty) and stops.
    second = _worker("next-worker", "--batch")
    out, _ = second.communicate(timeout=60)
    assert second.returncode == 0, out.decode()
    lost = row.get()
    assert lost.status == TaskResultStatus.FAILED
    assert lost.exception_class_path == "workers.services.WorkerLost"
    assert "Worker doomed-worker stopped while running this task" in lost.traceback
    # A worker that stops cleanly removes its heartbeat; the killed one's is still there, stale.
    assert list(WorkerBeat.objects.values_list("worker_id", flat=True)) == ["doomed-worker"]
