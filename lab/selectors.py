"""Reads of the playtest lab."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from . import services
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


def runs_live(user) -> int:
    """How many of ``user``'s runs are queued or running (``settings.LAB_RUNS_PER_USER`` caps
    it); one query."""
    return PlaytestRun.objects.filter(created_by=user, status=PlaytestRun.Status.RUNNING).count()


def progress(run: PlaytestRun) -> dict[str, Any]:
    """Finished shards of all, for the progress bar."""
    done = PlaytestShard.objects.filter(run=run, status=PlaytestShard.Status.DONE).count()
    return {"done": done, "total": run.shards_total, "status": run.status}


@dataclass(frozen=True)
class Figure:
    """One dispute figure as the page shows it: percentages, or why it is not measured."""

    value: str | None
    low: str | None = None
    high: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class DisputeFigures:
    """The disputes page's figures from the game's reference run (``services.figures_start``).

    ``state``: "finished" (``rows`` by dispute key: arises, differs, winner — each a
    ``Figure``), "computing" (the run for the current rules is being played), "stale" (the
    latest stored run played rules that have changed since: its figures are not shown) or
    "none" (never computed)."""

    state: str
    run: PlaytestRun | None = None
    rows: dict[str, dict[str, Figure]] = field(default_factory=dict)


def _percent(x: float, decimals: int) -> str:
    """``x`` as a percentage: ``decimals`` places, two significant figures under 1 %, no
    trailing ".0"; a no-break space before the sign."""
    p = 100 * x
    text = f"{p:.2g}" if 0 < p < 1 else f"{p:.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    if not fraction.strip("0"):
        text = whole
    return f"{text}\u00a0%"


def _figure(row: dict[str, Any], name: str) -> Figure:
    """One field of a dispute's row: as many decimals as tell its interval's ends apart."""
    if row.get(name) is None:
        return Figure(None, reason=row.get(f"{name}_reason"))
    low, high = row[f"{name}_ci"]
    width = 100 * (high - low)
    decimals = 0 if width >= 2 else 1 if width >= 0.2 else 2
    return Figure(*(_percent(x, decimals) for x in (row[name], low, high)))


def dispute_figures(game, rules) -> DisputeFigures:
    """How often each dispute of ``game`` arises in play, from its reference run under
    ``rules`` (the current edition's: their fingerprint must match); 1 query."""
    fingerprint = services.rules_fingerprint(rules)
    runs = list(
        PlaytestRun.objects.filter(game=game, purpose=services.FIGURES)
        .exclude(status=PlaytestRun.Status.FAILED)
        .order_by("-created_at")[:3]
    )
    current = [r for r in runs if r.rules_fingerprint == fingerprint]
    done = next((r for r in current if r.status == PlaytestRun.Status.FINISHED), None)
    if done is not None:
        rows = {
            d["id"]: {n: _figure(d, n) for n in ("arises_share", "differs_share", "winner_changed_share")}
            for d in done.result.get("disputes", ())
        }
        return DisputeFigures("finished", done, rows)
    if current:
        return DisputeFigures("computing", current[0])
    return DisputeFigures("stale", runs[0]) if runs else DisputeFigures("none")
