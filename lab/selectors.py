"""Reads of the playtest lab."""

from __future__ import annotations

from typing import Any

from .models import PlaytestRun, PlaytestShard


def run_get(run_id) -> PlaytestRun | None:
    """The run with this id (a share link's), with its game; None when unknown or malformed."""
    try:
        return PlaytestRun.objects.select_related("game").filter(pk=run_id).first()
    except (ValueError, TypeError):  # not a UUID
        return None


def runs_recent(game, limit: int = 10):
    """The game's latest runs, newest first."""
    return PlaytestRun.objects.filter(game=game).order_by("-created_at")[:limit]


def progress(run: PlaytestRun) -> dict[str, Any]:
    """Finished shards of all, for the progress bar."""
    done = PlaytestShard.objects.filter(run=run, status=PlaytestShard.Status.DONE).count()
    return {"done": done, "total": run.shards_total, "status": run.status}
