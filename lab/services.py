"""Writes of the playtest lab: start a run, play a shard, sweep dead claims, finish a run.

A shard's life: pending → running (claimed: a fresh claim token, claimed_at, heartbeat) →
done (its sums saved in one transaction, only if the same claim still holds it). A worker
that dies leaves its shard running with a heartbeat that stops; ``run_sweep`` (called
when a shard ends and whenever the run's page polls) puts a shard whose heartbeat is older
than ``settings.LAB_STALE_AFTER`` seconds back to pending and enqueues it again. If the first worker was only
slow, its late save finds its claim gone and is dropped: nothing is counted twice, and a
finished shard is never touched again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import math
import uuid

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.engine import Rules
from rules.models import Game

from . import simulate, stats
from .models import PlaytestRun, PlaytestShard

log = logging.getLogger(__name__)

# Games per shard: a few seconds of one core each, so that progress moves and a dead
# worker's loss is small.
SHARD_GAMES = 250
MAX_SHARDS = 400
# Games played between two heartbeats.
HEARTBEAT_EVERY = 25
MAX_ATTEMPTS = 3


class ShardLost(Exception):
    """This worker's claim on the shard was taken over (it was thought dead)."""


def stale_after() -> dt.timedelta:
    """A running shard whose heartbeat is older than this is taken to be dead."""
    return dt.timedelta(seconds=settings.LAB_STALE_AFTER)


def rules_fingerprint(rules: Rules) -> str:
    """The clause versions and figures of the rules a run plays (a draft may change)."""
    data = {
        "edition": rules.edition,
        "versions": dict(sorted(rules.versions.items())),
        "params": {n: p.value for n, p in sorted(rules.params.items())},
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def shard_count(games: int) -> int:
    return max(1, min(MAX_SHARDS, math.ceil(games / SHARD_GAMES)))


@transaction.atomic
def run_create(
    *,
    config: simulate.Config,
    rules: Rules,
    user=None,
    now: dt.datetime,
    shards: int | None = None,
    purpose: str = "",
) -> PlaytestRun:
    """Store a run and its shards, and enqueue one task per shard.

    The tasks are written in the same transaction as the shards (the database backend), so
    no worker sees a shard before it exists; with the immediate backend they run here."""
    game = Game.objects.get(slug=config.game)
    bounds = simulate.shard_bounds(config.games, shards or shard_count(config.games))
    run = PlaytestRun.objects.create(
        game=game,
        config=config.as_json(),
        rules_fingerprint=rules_fingerprint(rules),
        purpose=purpose,
        shards_total=len(bounds),
        created_by=user if getattr(user, "is_authenticated", False) else None,
        created_at=now,
    )
    PlaytestShard.objects.bulk_create(
        PlaytestShard(run=run, index=n, start=a, stop=b) for n, (a, b) in enumerate(bounds)
    )
    for shard_id in run.shards.order_by("index").values_list("id", flat=True):
        _enqueue(shard_id)
    run.refresh_from_db()
    return run


def _enqueue(shard_id: int) -> None:
    from .tasks import play_shard

    play_shard.enqueue(shard_id)


def _claim(shard_id: int, now: dt.datetime) -> tuple[PlaytestShard, str] | None:
    """Claim a pending (or dead) shard; None when it is done or alive in another worker."""
    with transaction.atomic():
        shard = PlaytestShard.objects.select_for_update().select_related("run").filter(pk=shard_id).first()
        if shard is None or shard.status in (PlaytestShard.Status.DONE, PlaytestShard.Status.FAILED):
            return None
        if shard.status == PlaytestShard.Status.RUNNING and shard.heartbeat_at > now - stale_after():
            return None
        token = uuid.uuid4().hex
        shard.status = PlaytestShard.Status.RUNNING
        shard.claim, shard.claimed_at, shard.heartbeat_at = token, now, now
        shard.attempts += 1
        shard.save(update_fields=["status", "claim", "claimed_at", "heartbeat_at", "attempts"])
        return shard, token


# A worker's Referees, kept from one shard to the next: their memo of rulings (three in four
# questions are asked again) would otherwise start empty at every shard, which cost the
# worker path 10-20 % more CPU a game than one process playing the same games.
_REFEREES: dict[tuple[str, str], tuple[Rules, simulate.Referee]] = {}


def _referee(config: simulate.Config, rules: Rules) -> simulate.Referee:
    """The Referee of the game and variant under these very rules (``games.snapshot``
    returns the same object while the game's rules are unchanged), made once per worker."""
    key = (config.game, config.variant)
    held = _REFEREES.get(key)
    if held is None or held[0] is not rules:
        if len(_REFEREES) >= 8:
            _REFEREES.clear()
        held = _REFEREES[key] = (rules, simulate.Referee(config.game, rules, config.variant))
    return held[1]


def shard_play(*, shard_id: int, now=timezone.now) -> str:
    """Play one shard's games and save their sums; return what happened."""
    claimed = _claim(shard_id, now())
    if claimed is None:
        return "skipped"
    shard, token = claimed
    run = shard.run
    mine = PlaytestShard.objects.filter(pk=shard.pk, claim=token, status=PlaytestShard.Status.RUNNING)
    try:
        config = simulate.Config.from_json(run.config)
        rules = simulate.load_rules(config.game, config.edition)
        if rules_fingerprint(rules) != run.rules_fingerprint:
            raise RuntimeError(
                f"Edition {config.edition} has changed since the run started; start a new run to play it."
            )
        ref = _referee(config, rules)
        sums = stats.Sums()
        for a in range(shard.start, shard.stop, HEARTBEAT_EVERY):
            sums.merge(simulate.run_range(config, rules, a, min(a + HEARTBEAT_EVERY, shard.stop), ref=ref))
            if not mine.update(heartbeat_at=now()):
                raise ShardLost(shard.pk)
    except ShardLost:
        return "lost"
    except Exception as exc:  # a failed shard fails its run, with the reason shown
        log.exception("playtest shard %s failed", shard.pk)
        with transaction.atomic():
            if mine.update(status=PlaytestShard.Status.FAILED, error=str(exc)[:2000], finished_at=now()):
                PlaytestRun.objects.filter(pk=run.pk).update(
                    status=PlaytestRun.Status.FAILED, error=str(exc)[:2000], finished_at=now()
                )
        return "failed"
    with transaction.atomic():
        saved = mine.update(status=PlaytestShard.Status.DONE, sums=dict(sums), finished_at=now())
    if not saved:
        return "lost"
    run_finish(run_id=run.pk, now=now())
    run_sweep(run_id=run.pk, now=now())
    return "done"


def run_finish(*, run_id, now: dt.datetime) -> bool:
    """When every shard is done, add their sums and store the run's result (once)."""
    with transaction.atomic():
        run = PlaytestRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status != PlaytestRun.Status.RUNNING:
            return False
        # Cheap first: every shard's end asks, only the last one adds the sums.
        if run.shards.exclude(status=PlaytestShard.Status.DONE).exists():
            return False
        shards = list(run.shards.order_by("index").values_list("status", "sums"))
        total = stats.Sums()
        for _status, sums in shards:
            total.merge(sums)
        config = simulate.Config.from_json(run.config)
        rules = simulate.load_rules(config.game, config.edition)
        run.result = simulate.summarize(config, rules, total)
        run.status = PlaytestRun.Status.FINISHED
        run.finished_at = now
        run.save(update_fields=["result", "status", "finished_at"])
        return True


def run_sweep(*, run_id, now: dt.datetime) -> int:
    """Put the run's dead shards (no heartbeat for LAB_STALE_AFTER seconds) back in the queue."""
    stale = Q(status=PlaytestShard.Status.RUNNING, heartbeat_at__lt=now - stale_after())
    requeued = 0
    with transaction.atomic():
        for shard in PlaytestShard.objects.select_for_update().filter(stale, run_id=run_id):
            if shard.attempts >= MAX_ATTEMPTS:
                reason = f"Shard {shard.index} was abandoned by {shard.attempts} workers."
                shard.status, shard.error = PlaytestShard.Status.FAILED, reason
                shard.save(update_fields=["status", "error"])
                PlaytestRun.objects.filter(pk=run_id).update(
                    status=PlaytestRun.Status.FAILED, error=reason, finished_at=now
                )
                continue
            shard.status, shard.claim = PlaytestShard.Status.PENDING, ""
            shard.save(update_fields=["status", "claim"])
            _enqueue(shard.pk)
            requeued += 1
    return requeued


# ---------------------------------------------------------------- the disputes pages' figures

# The reference run whose dispute figures each game's disputes page shows: a fixed
# configuration (docs/lab.md), under the current published edition, the first reading
# (variant) and the default seats; computed once per rules fingerprint, in the background.
FIGURES = "disputes"
FIGURES_GAMES = 2000
FIGURES_SEED = 2026
FIGURES_PLAYERS = {
    "rada-miasta": 4,
    "dolores": 4,
    "praetor": 3,
    "imperial-tax-farmer": 3,
    "mega-civilization": 5,
}
_LIVE = (PlaytestRun.Status.RUNNING, PlaytestRun.Status.FINISHED)


@transaction.atomic
def figures_start(*, game: str, now: dt.datetime, games: int | None = None, force: bool = False):
    """Start the reference run of ``game``'s current rules unless one is stored or running for
    them (their fingerprint); return the run started, or None. ``force``: start one anyway.
    ``games``: ``FIGURES_GAMES`` unless given.

    Two callers racing (a publish's ``edition_published`` and ``manage.py dispute_figures``,
    or two publishes) start one run: the game's row is locked (PostgreSQL; SQLite's IMMEDIATE
    transactions serialize the writers) before the check, so the second sees the first's run."""
    Game.objects.select_for_update().filter(slug=game).first()
    rules = simulate.load_rules(game, None)
    fingerprint = rules_fingerprint(rules)
    held = PlaytestRun.objects.filter(
        game__slug=game, purpose=FIGURES, rules_fingerprint=fingerprint, status__in=_LIVE
    )
    if not force and held.exists():
        return None
    config, rules = simulate.configure(
        game=game,
        players=FIGURES_PLAYERS[game],
        games=games or FIGURES_GAMES,
        seed=FIGURES_SEED,
        edition=rules.edition,
    )
    return run_create(config=config, rules=rules, now=now, purpose=FIGURES)


def figures_on_publish(*, sender, edition, **_kwargs) -> None:
    """``rules.signals.edition_published``: queue the reference run of the game's new rules
    (a game the lab has no model of has none). Sent after the publish committed."""
    slug = edition.game.slug
    if simulate.model(slug) is not None:
        figures_start(game=slug, now=timezone.now())
