"""Reads of the playtest lab."""

from __future__ import annotations

import uuid
from typing import Any

from .models import PlaytestRun, PlaytestShard


def run_get(run_id) -> PlaytestRun | None:
    """The run with this id (a share link's), with its game; None when unknown or malformed."""
    try:
        pk = uuid.UUID(str(run_id))
    except ValueError:
        return None
    return PlaytestRun.objects.select_related("game").filter(pk=pk).first()


def runs_recent(game, limit: int = 10):
    """The game's latest runs, newest first."""
    return PlaytestRun.objects.filter(game=game).order_by("-created_at")[:limit]


def progress(run: PlaytestRun) -> dict[str, Any]:
    """Finished shards of all, for the progress bar."""
    done = PlaytestShard.objects.filter(run=run, status=PlaytestShard.Status.DONE).count()
    return {"done": done, "total": run.shards_total, "status": run.status}
