"""Rate limits that hold across workers and machines: an atomic counter per client per window
of the clock, in Redis when the "shared" cache is Redis (``REDIS_URL``), else in a small table
of the database (``games.models.ThrottleCount``) — never per process.

What a limit allows is in ``WindowThrottle``'s docstring. Unlike a log of every request's
time (DRF's ``SimpleRateThrottle``, whose list grows with the rate and is read, rewritten and
raced by every worker), each request costs one round trip that is atomic in the store, so
under concurrency exactly ``limit`` requests get through:

- Redis: ``INCR`` and ``EXPIRE`` of the window's key and ``GET`` of the previous window's, in
  one pipeline.
- The database (SQLite ≥ 3.35 or PostgreSQL): one ``INSERT … ON CONFLICT DO UPDATE …
  RETURNING`` on the client's row, which holds this window's and the previous window's counts
  and moves them along when a new window starts; rows whose windows are over are deleted at
  most once a minute per process.

A refused request takes its hit back (one more round trip, on the refused path only).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import re
import time

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.db.models import F
from redis.exceptions import RedisError
from rest_framework.throttling import BaseThrottle

from config.clients import client_address

from .models import ThrottleCount

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# Client identities stored as they are; anything else (a long or odd X-Forwarded-For entry
# behind a misconfigured NUM_PROXIES) is stored as its hash, so no key is too long or
# holds a character a store refuses.
PLAIN_IDENT = re.compile(r"[0-9A-Za-z.:_\-\[\]%]{1,64}\Z")
PURGE_EVERY = 60  # seconds between one process's deletions of finished windows' rows


def parse_rate(rate: str) -> tuple[int, int]:
    """``"120/min"`` → (120, 60): the limit and the period in seconds (DRF's notation)."""
    num, period = rate.split("/")
    return int(num), PERIODS[period[0]]


@functools.cache
def _upsert_sql(vendor: str) -> str:
    """The one statement that counts a hit in ``ThrottleCount`` (built once per database
    vendor, not on every request): insert the client's row, or move its windows along and
    count the hit, and return (hits in this window, hits in the window before)."""
    meta, qn = ThrottleCount._meta, connection.ops.quote_name
    table = qn(meta.db_table)
    col = {f.name: qn(f.column) for f in meta.concrete_fields}
    current, hits, previous = col["window"], col["hits"], col["previous"]
    return (
        f"INSERT INTO {table} ({col['key']}, {current}, {hits}, {previous}, {col['expires']}) "
        f"VALUES (%s, %s, 1, 0, %s) ON CONFLICT ({col['key']}) DO UPDATE SET "
        # Every right-hand side reads the row as it was (SQL's UPDATE semantics).
        f"{previous} = CASE WHEN {table}.{current} = excluded.{current} THEN {table}.{previous} "
        f"WHEN {table}.{current} = excluded.{current} - 1 THEN {table}.{hits} ELSE 0 END, "
        f"{hits} = CASE WHEN {table}.{current} = excluded.{current} THEN {table}.{hits} + 1 ELSE 1 END, "
        f"{current} = excluded.{current}, {col['expires']} = excluded.{col['expires']} "
        f"RETURNING {hits}, {previous}"
    )


class DatabaseWindows:
    """The counts in ``ThrottleCount``: one row per client and period."""

    _next_purge = 0.0

    def hit(self, key: str, window: int, expires: int, now: float) -> tuple[int, int]:
        """Count a request in ``window``: (hits in it so far, this one included; hits in the
        window before)."""
        self._purge(now)
        with connection.cursor() as cursor:
            cursor.execute(_upsert_sql(connection.vendor), [key, window, expires])
            count, before = cursor.fetchone()
        return count, before

    def undo(self, key: str, window: int) -> None:
        """Take back a refused request's hit."""
        ThrottleCount.objects.filter(key=key, window=window, hits__gt=0).update(hits=F("hits") - 1)

    def forget(self, key: str, window: int) -> None:
        """Forget a client's counts."""
        ThrottleCount.objects.filter(key=key).delete()

    @classmethod
    def _purge(cls, now: float) -> None:
        if now < cls._next_purge:
            return
        cls._next_purge = now + PURGE_EVERY
        ThrottleCount.objects.filter(expires__lt=int(now)).delete()


class RedisWindows:
    """The counts in Redis (the "shared" cache's server): one key per client and window,
    expiring when its window can no longer count."""

    def __init__(self, cache: RedisCache):
        self.cache = cache

    def _key(self, key: str, window: int) -> str:
        return self.cache.make_key(f"{key}:{window}")

    def hit(self, key: str, window: int, expires: int, now: float) -> tuple[int, int]:
        """Count a request in ``window``: (hits in it so far, this one included; hits in the
        window before)."""
        current = self._key(key, window)
        # Django's RedisCache has no public pipeline or INCR-with-expiry; its client accessor
        # (``_cache.get_client``, Django ≥ 4.0) gives the redis-py client the cache itself uses,
        # with the same server choice and key prefix (tests/api/test_throttle.py runs on Redis).
        pipe = self.cache._cache.get_client(current, write=True).pipeline(transaction=False)
        pipe.incr(current)
        pipe.expire(current, max(1, math.ceil(expires - now)))  # relative: the clocks may differ
        pipe.get(self._key(key, window - 1))
        count, _set, before = pipe.execute()
        return count, int(before or 0)

    def undo(self, key: str, window: int) -> None:
        """Take back a refused request's hit."""
        current = self._key(key, window)
        self.cache._cache.get_client(current, write=True).decr(current)

    def forget(self, key: str, window: int) -> None:
        """Forget a client's counts."""
        self.cache._cache.get_client(write=True).delete(self._key(key, window), self._key(key, window - 1))


# After Redis fails, this process counts in the database for this many seconds before trying
# Redis again: a Redis that is down costs one timeout (socket_connect_timeout, 0.5 s) per
# process every REDIS_RETRY_AFTER seconds, not one per request.
REDIS_RETRY_AFTER = 30.0


class _RedisDown:
    until = 0.0


def windows() -> DatabaseWindows | RedisWindows:
    """Where the counts are kept: the shared cache's Redis, else (or while Redis is down) the
    database."""
    shared = caches["shared"]
    if isinstance(shared, RedisCache) and time.monotonic() >= _RedisDown.until:
        return RedisWindows(shared)
    return DatabaseWindows()


def _counted(store, method: str, *args):
    """``store.<method>(*args)``; if Redis cannot be reached, the same in the database (the
    rulings go on; a client's counts restart there, so a limit may let up to twice through
    while Redis is away), logged, and the database used for REDIS_RETRY_AFTER seconds."""
    try:
        return getattr(store, method)(*args)
    except RedisError as exc:
        if not isinstance(store, RedisWindows):
            raise
        _RedisDown.until = time.monotonic() + REDIS_RETRY_AFTER
        log.warning(
            "Redis unreachable (%s): the throttle counts in the database for %d s", exc, REDIS_RETRY_AFTER
        )
        return getattr(DatabaseWindows(), method)(*args)


class WindowThrottle(BaseThrottle):
    """A per-client limit: a two-window sliding estimate, counted where the module says.

    A rate ``limit/period`` (period: s, min, hour, day) cuts time into windows of one period,
    aligned on the epoch. A client's request at a fraction ``f`` of the way into window ``n``
    is allowed when

        hits(n) + ⌈hits(n - 1) × (1 − f)⌉ < limit

    where ``hits(n)`` counts the requests already allowed in window ``n`` (a refused request is
    not counted: a client that waits as Retry-After says gets through). So a client gets at
    most ``limit`` requests in each window of the clock and, counting the previous window's
    requests as spread evenly over it, about ``limit`` in any period-long stretch; in the worst
    case (all of the previous window's requests at its very end) under 2 × ``limit`` in a
    stretch that straddles two windows.

    Subclasses name a ``scope`` and give the rate (``"120/min"``, or None: no limit) in
    ``get_rate``; the client is ``config.clients.client_address`` (``NUM_PROXIES`` decides
    whether to trust ``X-Forwarded-For``), as for the login lock-out."""

    scope = ""
    timer = staticmethod(time.time)

    def get_rate(self) -> str | None:
        raise NotImplementedError

    def get_ident(self, request) -> str:
        """The client's address, the same the login lock-out counts (``config.clients``)."""
        return client_address(request)

    def key(self, ident: str, period: int) -> str:
        """The client's key in the store, per scope and period length."""
        if not PLAIN_IDENT.match(ident or ""):
            ident = "h" + hashlib.sha256((ident or "").encode("utf-8", "surrogatepass")).hexdigest()[:40]
        return f"throttle:{self.scope}:{period}:{ident}"

    def allow_request(self, request, view) -> bool:
        rate = self.get_rate()
        if rate is None:
            return True
        limit, period = parse_rate(rate)
        now = self.timer()
        window = int(now // period)
        key = self.key(self.get_ident(request), period)
        store = windows()
        hits, previous = _counted(store, "hit", key, window, (window + 2) * period, now)
        hits -= 1  # the ones before this request
        if hits + _share(previous, (window + 1) * period - now, period) < limit:
            return True
        _counted(store, "undo", key, window)
        self._refused = (limit, period, now, hits, previous)
        return False

    def forget(self, ident: str) -> None:
        """Forget what a client has been counted so far (a benchmark's fresh start)."""
        rate = self.get_rate()
        if rate is not None:
            period = parse_rate(rate)[1]
            _counted(windows(), "forget", self.key(ident, period), int(self.timer() // period))

    def wait(self) -> float:
        """Seconds until a request would be allowed again (after a refusal)."""
        limit, period, now, hits, previous = self._refused
        if limit <= 0:
            return float(period)
        left = ((now // period + 1) * period - now) / period  # the fraction of the window left
        room = limit - 1 - hits  # of the previous window's share, once it has shrunk enough
        if room >= 0:
            return (left - room / previous) * period
        # In the next window, where this window's hits are the previous window's.
        return left * period + (1 - (limit - 1) / hits) * period


class RulingThrottle(WindowThrottle):
    """Per-client limit on rulings (each one is stored), for the API and the referee form
    alike, counted across workers and machines (what the limit allows exactly is in
    ``WindowThrottle``'s docstring); the rate, ``RULING_RATE``, is read per request. The
    client is its address (``NUM_PROXIES`` says which), signed in or not."""

    scope = "rulings"

    def get_rate(self):
        return settings.RULING_RATE


class RulingPageThrottle(RulingThrottle):
    """The same limit on the GETs of a stored ruling's pages (the share page, the reopened
    form), counted apart from the rulings themselves: a page kept in the cache costs little,
    but the first answer of each re-runs the adjudicator and describes the whole situation."""

    scope = "ruling-pages"


def _share(previous: int, left: float, period: int) -> int:
    """The previous window's hits still counted with ``left`` seconds of this window to go:
    its share as if they were spread evenly over it, rounded up (a client never gets more
    than that estimate allows)."""
    return math.ceil(previous * left / period - 1e-9) if previous else 0


def ceil_seconds(wait: float) -> int:
    """Retry-After in whole seconds, at least 1."""
    return max(1, math.ceil(wait))
