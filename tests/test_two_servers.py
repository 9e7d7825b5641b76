"""Several app machines behind a proxy (docs/deploy.md), locally: two gunicorn servers in
production mode on two ports, one PostgreSQL database and one Redis (bench/two_servers.py).
A clause revised through one is served by the other at once, and the ruling throttle counts
across both. Runs where both are reachable — CI's PostgreSQL pass sets DATABASE_URL and
REDIS_URL — and is skipped elsewhere."""

import os

import pytest

from bench import two_servers

PG_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")

# Under pytest-xdist (make test), with the other tests that start servers: one at a time, in
# one worker (their gunicorns count rulings per client address in the same Redis).
pytestmark = pytest.mark.xdist_group("servers")


def _reachable() -> str | None:
    """Why the test cannot run here, or None."""
    if not PG_URL.startswith(("postgres://", "postgresql://")) or not REDIS_URL:
        return "needs DATABASE_URL=postgres://… and REDIS_URL"
    try:
        import psycopg
        import redis

        psycopg.connect(PG_URL, connect_timeout=3).close()
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except Exception as exc:  # any failure to connect means: not here
        return f"PostgreSQL or Redis unreachable: {type(exc).__name__}"
    return None


@pytest.mark.skipif(_reachable() is not None, reason=_reachable() or "")
def test_two_servers_share_the_catalogue_and_the_throttle(tmp_path):
    seen = two_servers.run(PG_URL, REDIS_URL, tmp_path)
    assert (seen["draft_opened"], seen["revised"], seen["published"]) == (201, 201, 200)
    # Every answer of server B, from each of its workers, after the revision through A.
    assert len(seen["b_serves_the_revision"]) == 9 * seen["b_workers"]
    assert all(seen["b_serves_the_revision"]), seen["b_serves_the_revision"]
    assert seen["etag_on_a"] and seen["etag_on_b"] == 304
    rate = seen["rate"]
    assert seen["rulings"] == [[("a", "b")[i % 2], 200] for i in range(rate)] + [["a", 429], ["b", 429]]
    assert seen["healthy"]
    for log in seen["logs"].values():
        assert (log["internal_server_errors"], log["tracebacks"], log["worker_timeouts"]) == (0, 0, 0), log
