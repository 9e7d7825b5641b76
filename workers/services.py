"""Writes of the task workers' liveness: a worker's heartbeat, and the recovery of the task
rows that dead workers left RUNNING.

django-tasks-db claims a task by setting it RUNNING with the worker's id, and only that worker
ever finishes it: a worker killed mid-task (SIGKILL, out of memory, a machine lost) leaves the
row RUNNING forever. Our ``db_worker`` (``workers/management/commands/db_worker.py``) writes a
heartbeat every ``TASK_WORKER_STALE_AFTER / 4`` seconds; a RUNNING task whose worker has no
heartbeat younger than ``TASK_WORKER_STALE_AFTER`` and that started before that is marked
FAILED, saying so. Failed, not run again: a task may have done half its writes, and only its
own code knows whether running it twice is safe (the playtest lab's shards know, and are
replayed from their own heartbeats: ``work_replay``, which the lab answers with
``lab.services.runs_sweep``, is asked when a worker starts, at each of its heartbeats and by
``recover_tasks``, so a killed worker's shards are queued again without anyone opening a page).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import socket

from django.conf import settings
from django.db import transaction
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from config.answers import Question

from .models import WorkerBeat

# Queue again the work of dead workers that knows how to be replayed; returns how much.
work_replay = Question("workers.services.work_replay", answered_by="the lab app (LabConfig.ready)")

log = logging.getLogger(__name__)


class WorkerLost(Exception):
    """The worker running this task stopped without finishing it."""


def stale_after() -> dt.timedelta:
    """A worker whose last heartbeat is older than this is taken to be dead."""
    return dt.timedelta(seconds=settings.TASK_WORKER_STALE_AFTER)


@transaction.atomic
def worker_beat(*, worker_id: str, now: dt.datetime) -> None:
    """Record that this worker process is alive now."""
    updated = WorkerBeat.objects.filter(worker_id=worker_id).update(beat_at=now)
    if not updated:
        WorkerBeat.objects.create(
            worker_id=worker_id,
            host=socket.gethostname()[:255],
            pid=os.getpid(),
            started_at=now,
            beat_at=now,
        )


@transaction.atomic
def worker_stop(*, worker_id: str) -> None:
    """Forget a worker that stopped cleanly (its tasks are finished or were never claimed)."""
    WorkerBeat.objects.filter(worker_id=worker_id).delete()


@transaction.atomic
def tasks_recover(*, now: dt.datetime) -> list[str]:
    """Mark FAILED the RUNNING tasks whose worker is dead; return their ids."""
    cutoff = now - stale_after()
    alive = set(WorkerBeat.objects.filter(beat_at__gte=cutoff).values_list("worker_id", flat=True))
    recovered = []
    running = DBTaskResult.objects.select_for_update().filter(
        status=TaskResultStatus.RUNNING, started_at__lt=cutoff
    )
    for row in running:
        worker = row.worker_ids[-1] if row.worker_ids else None
        if worker in alive:
            continue
        row.set_failed(
            WorkerLost(
                f"Worker {worker} stopped while running this task (no heartbeat for "
                f"{settings.TASK_WORKER_STALE_AFTER} s); marked failed at {now.isoformat()}."
            )
        )
        recovered.append(str(row.id))
    # Rows of workers long dead are of no further use.
    WorkerBeat.objects.filter(beat_at__lt=now - 10 * stale_after()).delete()
    if recovered:
        log.warning("Marked %d task(s) of dead workers failed: %s", len(recovered), ", ".join(recovered))
    return recovered
