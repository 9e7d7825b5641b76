"""python manage.py db_worker: django-tasks-db's worker, with a heartbeat, and a start that first
marks failed the tasks dead workers left RUNNING (``workers.services``).

This app comes before django_tasks_db in INSTALLED_APPS, so this command replaces the library's
one of the same name; its options are the library's.
"""

from __future__ import annotations

import logging
import os
import threading

from django.db import DatabaseError, connections
from django.utils import timezone
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands import db_worker as upstream

from workers import services

log = logging.getLogger(__name__)


class _Heartbeat(threading.Thread):
    def __init__(self, worker_id: str, every: float):
        super().__init__(name=f"heartbeat-{worker_id}", daemon=True)
        self.worker_id = worker_id
        self.every = every
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(self.every):
                try:
                    services.worker_beat(worker_id=self.worker_id, now=timezone.now())
                    services.work_replay(now=timezone.now())  # a killed worker's shards
                except DatabaseError:
                    # The database is away: the next beat tries again; if it stays away long
                    # enough, this worker's tasks are rightly taken for lost.
                    log.warning("Worker %s could not write its heartbeat", self.worker_id, exc_info=True)
        finally:
            connections.close_all()


class Command(upstream.Command):
    help = upstream.Command.help + " (with a heartbeat; first marks the tasks of dead workers failed)"

    def handle(self, *args, worker_id: str, reload: bool, **options):
        if reload and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true":
            # The autoreloader's parent process only restarts the child, which does the work.
            return super().handle(*args, worker_id=worker_id, reload=reload, **options)
        services.tasks_recover(now=timezone.now())
        services.work_replay(now=timezone.now())
        # The first beat before the first claim: a task is never RUNNING under a worker
        # without a heartbeat.
        services.worker_beat(worker_id=worker_id, now=timezone.now())
        heartbeat = _Heartbeat(worker_id, services.stale_after().total_seconds() / 4)
        heartbeat.start()
        try:
            return super().handle(*args, worker_id=worker_id, reload=reload, **options)
        finally:
            heartbeat.stopped.set()
            heartbeat.join(timeout=5)
            try:
                services.worker_stop(worker_id=worker_id)
            except DatabaseError:
                log.warning("Worker %s could not remove its heartbeat", worker_id, exc_info=True)
