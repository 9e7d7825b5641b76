#!/usr/bin/env python
"""Two app servers, one PostgreSQL and one Redis: the several-machines deployment, locally.

    .venv/bin/python bench/two_servers.py [--pg-url postgres://…] [--redis-url redis://…]

As docs/deploy.md sets it up: a fresh PostgreSQL database migrated and loaded once, static
files collected, then two gunicorn servers in production mode (DEBUG=0, the same SECRET_KEY,
two workers each) on two ports, sharing the database and Redis. Then:

1. both servers' workers read Rada Miasta's reader, clause page and clause API (so each
   process has the page and the snapshot in its own caches);
2. a designer revises a clause through server A's API with a token (docs/api.md: open a
   draft, revise, publish);
3. server B answers the new wording at once, from every worker: reader, clause page, API;
   and the reader's ETag from A is B's too (a 304 there);
4. rulings are posted to A and B in turn with RULING_RATE=6/min: the 7th and 8th get 429,
   whichever server they reach, because both count in Redis.

Prints what it saw as JSON (``run()`` returns it; tests/test_two_servers.py asserts on it).
Takes about 30 s, most of it PostgreSQL's migrations.
"""

from __future__ import annotations

import argparse
import http.cookies
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import DEFAULT_PG_URL, fresh_database
from bench.server import Gunicorn, prepare, production_env

GAME = "rada-miasta"
RATE = 6  # rulings per minute per client, across both servers
WORKERS = 2  # per server


def call(server: Gunicorn, method: str, path: str, body=None, **headers):
    """(status, headers, decoded body or JSON) of one request."""
    data = json.dumps(body).encode() if body is not None else None
    if data is not None:
        headers.setdefault("Content-Type", "application/json")
    status, h, raw = server.request(method, path, data, headers)
    text = raw.decode(errors="replace")
    return status, h, (json.loads(text) if h.get("Content-Type") == "application/json" and text else text)


def run(pg_url: str, redis_url: str, tmp: Path) -> dict:
    started = time.monotonic()
    seen: dict = {}
    with fresh_database("postgres", tmp, pg_url) as database_url:
        env = production_env(
            database_url,
            tmp,
            REDIS_URL=redis_url,
            RULING_RATE=f"{RATE}/min",
            WEB_CONCURRENCY=str(WORKERS),
            SECRET_KEY="two-servers-" + secrets.token_urlsafe(40),  # one key for both machines
        )
        token = prepare(env, [GAME], designer_of=GAME)
        seen["set_up_s"] = round(time.monotonic() - started, 1)
        a, b = Gunicorn(env, tmp, "server-a"), Gunicorn(env, tmp, "server-b")
        try:
            a.spawn()  # both start at once, as two machines would
            b.spawn()
            a.wait_ready()
            b.wait_ready()
            seen["servers_up_s"] = round(time.monotonic() - started, 1)
            seen.update(scenario(a, b, token))
        finally:
            a.stop()
            b.stop()
        seen["logs"] = {"a": a.log_summary(), "b": b.log_summary()}
    seen["seconds"] = round(time.monotonic() - started, 1)
    return seen


def scenario(a: Gunicorn, b: Gunicorn, token: str) -> dict:
    seen: dict = {}
    _s, _h, clauses = call(b, "GET", f"/api/v1/games/{GAME}/clauses/?lang=en")
    clause = next(c for c in clauses if c["kind"] == "rule")
    key, old = clause["key"], clause["text"]
    reader, page = f"/g/{GAME}/?lang=original", f"/g/{GAME}/c/{key}/"
    # 1. Every worker of both servers holds the old wording in its caches.
    for server in (a, b):
        for _ in range(3 * WORKERS):
            for path in (reader, page):
                assert server.request("GET", path)[0] == 200
            call(server, "GET", f"/api/v1/games/{GAME}/clauses/?lang=en")

    # 2. A designer revises it through server A.
    auth = {"Authorization": f"Token {token}"}
    new = f"{old} Revised-{secrets.token_hex(4)}"
    status, _h, draft = call(a, "POST", f"/api/v1/games/{GAME}/drafts/", {}, **auth)
    seen["draft_opened"] = status
    n = draft["edition"]
    body = {"text": new, "based_on": clause["version"], "status": "published"}
    seen["revised"] = call(a, "POST", f"/api/v1/games/{GAME}/drafts/{n}/clauses/{key}/", body, **auth)[0]
    seen["published"] = call(a, "POST", f"/api/v1/games/{GAME}/drafts/{n}/publish/", {}, **auth)[0]

    # 3. Server B, every worker, at once.
    marker = new.rsplit(" ", 1)[1]
    answers = []
    for _ in range(3 * WORKERS):
        answers.append(marker in b.request("GET", reader)[2].decode())
        answers.append(marker in b.request("GET", page)[2].decode())
        _s, _h, listed = call(b, "GET", f"/api/v1/games/{GAME}/clauses/?lang=en")
        answers.append(next(c["text"] for c in listed if c["key"] == key) == new)
    seen["b_serves_the_revision"] = answers
    seen["b_workers"] = WORKERS
    # The reader's validator is the same on both machines: A's ETag is a 304 on B.
    status, headers, _body = a.request("GET", reader)
    cookie = http.cookies.SimpleCookie(headers.get("Set-Cookie", ""))
    jar = "; ".join(f"{k}={v.value}" for k, v in cookie.items())
    seen["etag_on_a"] = headers.get("ETag")
    seen["etag_on_b"] = b.request("GET", reader, headers={"Cookie": jar, "If-None-Match": headers["ETag"]})[0]

    # 4. The throttle counts across both servers.
    codes = []
    for i in range(RATE + 2):
        server = (a, b)[i % 2]
        status, headers, _body = call(
            server, "POST", f"/api/v1/games/{GAME}/adjudicators/round-order/", {"inputs": ROUND_ORDER}
        )
        codes.append([("a", "b")[i % 2], status])
    seen["rulings"] = codes
    seen["rate"] = RATE
    seen["healthy"] = a.alive() and b.alive()
    return seen


ROUND_ORDER = {"seating": ["Ala", "Bartek"], "round": 1}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pg-url", default=os.environ.get("DATABASE_URL", DEFAULT_PG_URL))
    p.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/6"))
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="two-servers-") as tmpdir:
        seen = run(args.pg_url, args.redis_url, Path(tmpdir))
    print(json.dumps(seen, indent=1))
    ok = (
        all(seen["b_serves_the_revision"])
        and seen["etag_on_b"] == 304
        and [c for _s, c in seen["rulings"]] == [200] * RATE + [429, 429]
        and not any(log["tracebacks"] for log in seen["logs"].values())
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
