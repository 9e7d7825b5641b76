"""How long what only grows is kept: the retention policy ``manage.py prune`` applies (in the
release steps of docs/deploy.md, and worth a daily cron). Each table's rule, and why:

- ``games.ImpactRun``, finished or failed: **7 days**. A cached background re-ruling for one
  draft state; a report opened later runs again (a revision makes a new row anyway).
- django-tasks' results (``DBTaskResult``), successful or failed: **14 days** (the library's
  own ``prune_db_task_results`` default). Queued and running ones are never touched.
- Lab runs (``lab.PlaytestRun``, with their shards), finished or failed: **30 days** for a
  designer's run (its share link then answers 404); a game's reference runs (the disputes
  pages' figures) likewise, except its **3 newest**, the ones ``lab.selectors.dispute_figures``
  reads. Running runs are the recovery's (``lab.services.run_sweep``), never pruned.
- Django's sessions: the **expired** ones (``SESSION_COOKIE_AGE``, two weeks), as
  ``clearsessions`` does.
- django-axes' logs of logins (``AccessLog``, each successful sign-in) and of failures
  (``AccessFailureLog``): **90 days**. The lock-out itself (``AccessAttempt``) expires by its
  cool-off and is not touched here.
"""

from __future__ import annotations

import datetime as dt

from axes.models import AccessFailureLog, AccessLog
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Q
from django_tasks_db.models import DBTaskResult

from games.models import ImpactRun

from .models import PlaytestRun, PlaytestShard
from .services import FIGURES

DAYS = {
    "impact_runs": 7,
    "task_results": 14,
    "lab_runs": 30,
    "login_logs": 90,
}
REFERENCE_RUNS_KEPT = 3


@transaction.atomic
def tables_prune(*, now: dt.datetime, dry_run: bool = False) -> dict[str, int]:
    """Delete what the policy no longer keeps; the rows deleted (or, dry, that would be) per
    table, shards counted apart from their runs."""

    def before(key: str) -> dt.datetime:
        return now - dt.timedelta(days=DAYS[key])

    kept_references = [
        pk
        for game in PlaytestRun.objects.filter(purpose=FIGURES).values_list("game_id", flat=True).distinct()
        for pk in PlaytestRun.objects.filter(game_id=game, purpose=FIGURES)
        .order_by("-created_at")
        .values_list("pk", flat=True)[:REFERENCE_RUNS_KEPT]
    ]
    old_runs = (
        PlaytestRun.objects.exclude(status=PlaytestRun.Status.RUNNING)
        .filter(
            Q(finished_at__lt=before("lab_runs"))
            | Q(finished_at__isnull=True, created_at__lt=before("lab_runs"))
        )
        .exclude(pk__in=kept_references)
    )
    tables = {
        "impact_runs": ImpactRun.objects.exclude(status=ImpactRun.Status.RUNNING).filter(
            Q(finished_at__lt=before("impact_runs"))
            | Q(finished_at__isnull=True, created_at__lt=before("impact_runs"))
        ),
        "task_results": DBTaskResult.objects.finished().filter(finished_at__lt=before("task_results")),
        "lab_shards": PlaytestShard.objects.filter(run__in=old_runs),
        "lab_runs": old_runs,
        "sessions": Session.objects.filter(expire_date__lt=now),
        "login_logs": AccessLog.objects.filter(attempt_time__lt=before("login_logs")),
        "login_failure_logs": AccessFailureLog.objects.filter(attempt_time__lt=before("login_logs")),
    }
    counts = {}
    for name, rows in tables.items():
        if dry_run:
            counts[name] = rows.count()
        else:
            counts[name] = rows.delete()[1].get(rows.model._meta.label, 0)
    return counts
