#!/usr/bin/env python
"""Hostile input against a production server: every category of issue #12, on each database.

    .venv/bin/python bench/hostile.py [--db sqlite|postgres|both] [--pg-url …] [--langs 3000]

A fresh database with the corpus and gunicorn exactly as `make serve-prod` runs it (DEBUG=0,
gunicorn.conf.py, 2 × cores + 1 sync workers), then, while a health URL is polled four times a
second:

- small inputs that ask for big work (100,000 players on the referee form, a 100,000-key map,
  round = 10**4000), huge and deep JSON, oversized bodies and headers, NUL characters in
  strings, queries, paths and keys, unpaired surrogates, 30-character and "en\\n" language
  codes, HEAD wherever GET answers, JSON of every wrong shape;
- 3,000 distinct `lang` values on the reader, the clause API and the ruling API, with the
  workers' memory before and after;
- every adjudicator's largest body (bench/max_bounds.py), twice each, as many at a time as
  the machine has cores;
- 16 designers' revisions of one clause at once through the API (one wins, 15 conflicts);
- a brute force on the admin's and the site's login forms, from rotating addresses;

then on a second server with a real throttle (20 rulings a minute): rulings from rotating
X-Forwarded-For addresses, through the API and the referee form, across its workers; then
UPDATE and DELETE sent straight to the append-only tables; then a production start without
SECRET_KEY. Target (issue #12): 0 5xx, no request over 2 s, every probe answered as it should
be, the server healthy throughout (each poll a 200 within 2 s, no traceback or worker timeout
in its log, up at the end). Writes bench/results/<date>-hostile-<db>.{md,json}.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sqlite3
import string
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

import dj_database_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.adjudicators import setup_django_without_db
from bench.server import COMMAND, Gunicorn, prepare, production_env

MAX_SECONDS = 2.0
HEALTH = "/api/v1/games/"
THROTTLED_RATE = 20  # rulings a minute on the throttle server
GAME = "rada-miasta"


@dataclass
class Probe:
    category: str
    name: str
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    expect: tuple[int, ...] = ()  # the right statuses; empty: anything but a 5xx


def api(game: str, name: str) -> str:
    return f"/api/v1/games/{game}/adjudicators/{name}/"


def js(value) -> bytes:
    return json.dumps(value).encode()


JSON = {"Content-Type": "application/json"}
TOKEN = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
CSRF = {"Cookie": f"csrftoken={TOKEN}", "X-CSRFToken": TOKEN}
FORM = {"Content-Type": "application/x-www-form-urlencoded", **CSRF}


# ---------------------------------------------------------------- the probes


class ProbeList:
    """The hostile list being written, in order: ``add`` any request, ``rule`` a ruling."""

    def __init__(self) -> None:
        self.out: list[Probe] = []

    def add(self, category, name, method, path, body=None, headers=None, expect=()) -> None:
        self.out.append(Probe(category, name, method, path, body, dict(headers or {}), tuple(expect)))

    def rule(self, category, name, adjudicator, body, expect=(400,)) -> None:
        """A ruling request: ``body`` is JSON as bytes, or a value to write as JSON."""
        game, question = adjudicator.split("/")
        self.add(
            category,
            name,
            "POST",
            api(game, question),
            body if isinstance(body, bytes) else js(body),
            JSON,
            expect,
        )


REFEREE_FORM = "/referee/rada-miasta/council-vote/"
ORDER, GROWTH = "rada-miasta/round-order", "mega-civilization/population-growth"
TWO_SEATS = {"seating": ["A", "B"], "round": 1}


def small_input_big_work(p: ProbeList) -> None:
    """Small requests that ask for big work: many players, many keys, huge numbers, long
    names and searches."""
    c = "small input, big work"
    many = ",".join(f"P{n}" for n in range(100_000))
    referee = f"/referee/?game={GAME}&q=council-vote&players="
    p.add(c, "100,000 players in the referee page's URL", "GET", referee + many, expect=(400, 414))
    # The names step says "at most 18 players" (a 400 with the names kept), no longer cutting
    # the list to 18 silently (issue #24).
    p.add(c, "400 players in the referee page's URL", "GET", referee + many[:2400], expect=(400,))
    p.add(
        c,
        "100,000 players posted in the referee form",
        "POST",
        REFEREE_FORM,
        f"players={many}".encode(),
        FORM,
        (200, 400),
    )
    p.rule(
        c,
        "a map of 100,000 keys",
        GROWTH,
        {"inputs": {"areas": {f"a{n}": 1 for n in range(100_000)}}},
        (413,),
    )
    p.rule(c, "a map of 201 keys", GROWTH, {"inputs": {"areas": {f"a{n}": 1 for n in range(201)}}})
    for digits in (4000, 5000):  # 5000: past Python's limit on the digits of an int
        p.rule(
            c,
            f"round = 10**{digits}",
            ORDER,
            b'{"inputs": {"seating": ["A", "B"], "round": 1' + b"0" * digits + b"}}",
        )
    p.rule(c, "round = 1e308", ORDER, b'{"inputs": {"seating": ["A", "B"], "round": 1e308}}')
    p.rule(c, "a 200,000-character name", ORDER, {"inputs": {"seating": ["x" * 200_000, "B"], "round": 1}})
    # The search takes at most 200 characters (rules.views.MAX_QUERY_LENGTH) and says so with a
    # 400; at the limit, the costliest query is as many one-letter word starts as fit.
    p.add(c, "a 2,000-character search", "GET", "/search/?q=" + "ab" * 1000, expect=(400,))
    p.add(
        c, "a search of 100 one-letter word starts", "GET", "/search/?q=" + "+".join("a" * 100), expect=(200,)
    )


def bad_characters(p: ProbeList) -> None:
    """NUL characters and unpaired surrogates in strings, queries, paths and keys."""
    c = "NUL"
    p.add(c, "in a search", "GET", "/search/?q=a%00b", expect=(400,))
    p.add(c, "in a clause key (page)", "GET", "/g/dolores/c/dl.taxes%00unpaid/", expect=(400, 404))
    p.add(c, "in a clause key (API)", "GET", "/api/v1/clauses/dl.taxes%00unpaid/versions/", expect=(400,))
    p.add(c, "in lang (API)", "GET", "/api/v1/games/dolores/clauses/?lang=e%00n", expect=(400,))
    p.add(c, "in lang (reader)", "GET", "/g/dolores/?lang=e%00n", expect=(400,))
    p.rule(c, "in a ruling's string", ORDER, {"inputs": {**TWO_SEATS, "seating": ["A\x00", "B"]}})
    p.rule(c, "in a ruling's key", GROWTH, {"inputs": {"areas": {"a\x00": 1}}})
    p.add(c, "in a form field", "POST", "/referee/dolores/interception/", b"roll=5%00", FORM, (400,))
    p.add(c, "in a ruling id", "GET", "/api/v1/rulings/a%00b/", expect=(400, 404))

    c = "unpaired surrogate"
    p.rule(c, "in a ruling's string", ORDER, b'{"inputs": {"seating": ["\\ud800", "B"], "round": 1}}')
    p.rule(c, "in a ruling's key", GROWTH, b'{"inputs": {"areas": {"\\udfff": 1}}}')
    p.rule(c, "in lang", "dolores/interception", b'{"inputs": {"roll": 5}, "lang": "e\\ud800"}')
    p.add(c, "as invalid UTF-8 in a query", "GET", "/search/?q=%ED%A0%80", expect=(200,))


def language_codes(p: ProbeList) -> None:
    """Over-long, malformed and multi-line ``lang`` values on a ruling, the clause API and the
    reader."""
    c = "language codes"
    for lang in ("a" * 30, "zh-Hans-aaaaaaaa-bbbbbbbb", "en\n", "e", "x" * 1000):
        shown = repr(lang[:32])
        p.rule(c, f"lang={shown} on a ruling", "dolores/interception", {"inputs": {"roll": 5}, "lang": lang})
        p.add(
            c,
            f"lang={shown} on the clause API",
            "GET",
            f"/api/v1/games/dolores/clauses/?lang={quote(lang)}",
            expect=(200, 400),
        )
        p.add(c, f"lang={shown} on the reader", "GET", f"/g/dolores/?lang={quote(lang)}", expect=(200,))


def deep_and_oversized(p: ProbeList) -> None:
    """Deeply nested JSON, and bodies, headers and URLs past their limits."""
    c = "deep JSON"
    for depth in (33, 1000, 100_000):
        p.rule(c, f"{depth} nested lists", ORDER, b'{"inputs": ' + b"[" * depth + b"]" * depth + b"}")
    p.rule(c, "100,000 nested objects", ORDER, b'{"a": ' * 100_000 + b"1" + b"}" * 100_000, (400, 413))

    c = "oversized"
    p.rule(c, "a 300 KB JSON body", ORDER, {"inputs": {}, "pad": "x" * 300_000}, (413,))
    p.rule(c, "a 3 MB JSON body (past Django's own limit)", ORDER, {"pad": "x" * 3_000_000}, (413,))
    p.add(c, "a 3 MB form body", "POST", REFEREE_FORM, b"players=" + b"x" * 3_000_000, FORM, (400, 413))
    p.add(c, "a 10 KB header", "GET", "/", headers={"X-Pad": "x" * 10_000}, expect=(400, 431))
    p.add(c, "a 5 KB URL", "GET", "/search/?q=" + "x" * 5000, expect=(400, 414))


def wrong_shapes(p: ProbeList) -> None:
    """JSON of every wrong shape, wrong content types, unknown names and bad paths."""
    c = "wrong shapes"
    for raw in (
        b"",
        b"[]",
        b"null",
        b"{}",
        b'"x"',
        b"{",
        b'{"inputs": NaN}',
        b'{"inputs": Infinity}',
        b"\xff\xfe",
        b'{"inputs": {}, "inputs": []}',
        b'{"inputs": {"seating": "AB", "round": "1"}}',
        b'{"inputs": null, "variant": {}, "edition": "x"}',
    ):
        p.rule(c, f"body {raw[:40]!r}", ORDER, raw)
    p.add(c, "text/plain", "POST", api(GAME, "round-order"), b"{}", {"Content-Type": "text/plain"}, (415,))
    p.add(c, "no content type", "POST", api(GAME, "round-order"), b"{}", {}, (400, 415))
    p.rule(c, "an unknown game", "nope/x", {"inputs": {}}, (404,))
    p.rule(c, "an unknown adjudicator", f"{GAME}/nope", {"inputs": {}}, (404,))
    p.rule(c, "an unknown edition", ORDER, {"inputs": TWO_SEATS, "edition": 999})
    p.add(c, "a ruling id that is no UUID", "GET", "/api/v1/rulings/not-a-uuid/", expect=(404,))
    p.add(c, "PUT on a read", "PUT", "/api/v1/games/", b"{}", JSON, (405,))
    p.add(c, "a path with ..", "GET", "/api/v1/games/../../etc/passwd", expect=(404,))
    p.add(c, "a page under a bad slug", "GET", "/g/%FF%FE/", expect=(404,))
    p.add(
        c, "edition=-1 in a query", "GET", "/api/v1/games/dolores/parameters/?edition=-1", expect=(400, 404)
    )


def head_requests(p: ProbeList) -> None:
    """HEAD wherever GET answers, and on an endpoint that only takes POST."""
    c = "HEAD"
    pages = ["/", "/referee/", f"/g/{GAME}/", f"/g/{GAME}/glossary/", f"/g/{GAME}/editions/"]
    pages += ["/g/dolores/c/dl.taxes-unpaid/", "/g/dolores/disputes/", "/search/?q=gracz", "/api/v1/", HEALTH]
    for path in [*pages, f"/api/v1/games/{GAME}/clauses/", f"/api/v1/games/{GAME}/adjudicators/"]:
        p.add(c, f"HEAD {path}", "HEAD", path, expect=(200,))
    p.add(c, "HEAD on a POST-only endpoint", "HEAD", api(GAME, "round-order"), expect=(405,))


def probes() -> list[Probe]:
    """The hostile list: (category, what, request, the right answers)."""
    p = ProbeList()
    for category in (
        small_input_big_work,
        bad_characters,
        language_codes,
        deep_and_oversized,
        wrong_shapes,
        head_requests,
    ):
        category(p)
    return p.out


def big_bodies() -> list[Probe]:
    """Every adjudicator's largest accepted body (bench/max_bounds.py), as a ruling request."""
    from bench.max_bounds import largest
    from games import engine
    from games.snapshot import from_corpus

    out = []
    for adj in engine.all_adjudicators():
        body, _shape = largest(adj, from_corpus(adj.game))
        out.append(
            Probe(
                "largest bodies",
                f"{adj.game}/{adj.name}",
                "POST",
                api(adj.game, adj.name),
                js({"inputs": body}),
                JSON,
                (200,),
            )
        )
    return out


# ---------------------------------------------------------------- sending


class Recorder:
    """Send probes, time each, keep what came back."""

    def __init__(self, server: Gunicorn):
        self.server = server
        self.rows: list[dict] = []
        self.lock = threading.Lock()

    def send(self, p: Probe, sequential: bool = True) -> tuple[int | None, dict, bytes]:
        # Sent one at a time, a request's cost to the server is the server's CPU meanwhile
        # (the health polls add ~2 ms each): what its time would be on an idle machine.
        cpu = self.server.cpu_seconds() if sequential else None
        start = time.monotonic()
        try:
            status, headers, body = self.server.request(p.method, p.path, p.body, p.headers, timeout=30)
            error = None
        except OSError as exc:  # the server hung up: an answer of its own kind, recorded
            status, headers, body, error = None, {}, b"", f"{type(exc).__name__}: {exc}"
        seconds = time.monotonic() - start
        if cpu is not None:
            cpu = round(self.server.cpu_seconds() - cpu, 3)
        row = {
            "category": p.category,
            "name": p.name,
            "request": f"{p.method} {p.path[:100]}{'…' if len(p.path) > 100 else ''}",
            "bytes_sent": len(p.body or b"") + len(p.path),
            "status": status,
            "seconds": round(seconds, 4),
            "server_cpu_s": cpu,
            "expected": list(p.expect),
            "error": error,
            "ok": status is not None
            and status < 500
            and (not p.expect or status in p.expect)
            and seconds <= MAX_SECONDS,
        }
        with self.lock:
            self.rows.append(row)
        return status, headers, body

    def send_all(self, items: list[Probe], concurrency: int = 1) -> list:
        if concurrency == 1:
            return [self.send(p) for p in items]
        with ThreadPoolExecutor(concurrency) as pool:
            return list(pool.map(lambda p: self.send(p, sequential=False), items))


class Health:
    """Poll a URL four times a second until stopped: status and time of each answer."""

    def __init__(self, server: Gunicorn):
        self.server, self.polls, self.stop_event = server, [], threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop_event.is_set():
            start = time.monotonic()
            try:
                status = self.server.request("GET", HEALTH, timeout=10)[0]
            except OSError:
                status = None
            self.polls.append((status, round(time.monotonic() - start, 4)))
            self.stop_event.wait(0.25)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_event.set()
        self.thread.join()

    def summary(self) -> dict:
        times = sorted(t for _s, t in self.polls)
        return {
            "polls": len(self.polls),
            "not_200": sum(1 for s, _t in self.polls if s != 200),
            "max_seconds": times[-1] if times else None,
            "p95_seconds": times[int(0.95 * (len(times) - 1))] if times else None,
            "over_2s": sum(1 for t in times if t > MAX_SECONDS),
        }


def rss_mb(server: Gunicorn) -> dict:
    """Resident memory of gunicorn's master and each worker, in MB."""

    def rss(pid: int) -> float:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    pid = server.proc.pid
    kids = [int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return {"master": round(rss(pid), 1), "workers": [round(rss(k), 1) for k in kids]}


# ---------------------------------------------------------------- the scenarios


def warm_up(server: Gunicorn, workers: int) -> None:
    """Every page and endpoint the probes use, a few times per worker, before any is timed."""
    paths = [
        f"/g/{GAME}/",
        "/g/dolores/",
        "/g/dolores/c/dl.taxes-unpaid/",
        "/g/dolores/disputes/",
        "/search/?q=gracz",
    ]
    paths += [
        "/referee/",
        f"/referee/?game={GAME}&q=council-vote&players=Ala,Bartek",
        "/admin/login/",
        "/accounts/login/",
    ]
    paths += [HEALTH, f"/api/v1/games/{GAME}/clauses/?lang=en", f"/api/v1/games/{GAME}/adjudicators/"]
    for _ in range(2 * workers):
        for path in paths:
            server.request("GET", path)
        server.request("POST", api("dolores", "interception"), js({"inputs": {"roll": 5}}), JSON)


def memory_probes(n: int) -> list[Probe]:
    """n distinct language codes on the reader, the clause API and (a tenth as many) rulings."""
    # Well-formed BCP 47 codes nobody translates into: "zz-aaaa", "zz-aaab", …
    langs = ["zz-" + "".join(string.ascii_lowercase[i // 26**k % 26] for k in (3, 2, 1, 0)) for i in range(n)]
    c = f"{n:,} distinct lang values"
    out = [Probe(c, "reader", "GET", f"/g/{GAME}/?lang={lang}", expect=(200,)) for lang in langs]
    out += [
        Probe(c, "clause API", "GET", f"/api/v1/games/{GAME}/clauses/?lang={lang}", expect=(200,))
        for lang in langs
    ]
    out += [
        Probe(
            c,
            "ruling API",
            "POST",
            api("dolores", "interception"),
            js({"inputs": {"roll": 5}, "lang": lang}),
            JSON,
            (200,),
        )
        for lang in langs[: n // 10]
    ]
    return out


def revision_race(rec: Recorder, token: str) -> dict:
    """16 revisions of one clause at once, each based on its current version."""
    status, _h, body = rec.send(
        Probe("revision race", "the clause list", "GET", f"/api/v1/games/{GAME}/clauses/", expect=(200,))
    )
    clause = next(c for c in json.loads(body) if c["kind"] == "rule")
    auth = {"Authorization": f"Token {token}", **JSON}
    _s, _h, draft = rec.send(
        Probe("revision race", "open a draft", "POST", f"/api/v1/games/{GAME}/drafts/", b"{}", auth, (201,))
    )
    n = json.loads(draft)["edition"]
    path = f"/api/v1/games/{GAME}/drafts/{n}/clauses/{clause['key']}/"
    race = [
        Probe(
            "revision race",
            f"revision {i}",
            "POST",
            path,
            js({"text": f"{clause['text']} ({i})", "based_on": clause["version"], "status": "draft"}),
            auth,
            (201, 409),
        )
        for i in range(16)
    ]
    codes = [r[0] for r in rec.send_all(race, concurrency=16)]
    return {
        "created": codes.count(201),
        "conflicts": codes.count(409),
        "others": [c for c in codes if c not in (201, 409)],
    }


def brute_force(rec: Recorder, path: str, attempts: int) -> list[int | None]:
    """Wrong passwords for one user name from rotating X-Forwarded-For addresses."""
    codes = []
    for i in range(attempts):
        body = urlencode(
            {"username": "designer", "password": f"guess-{i}", "csrfmiddlewaretoken": TOKEN}
        ).encode()
        headers = {**FORM, "X-Forwarded-For": f"10.9.{i // 250}.{i % 250}"}
        codes.append(
            rec.send(
                Probe("login brute force", f"{path} attempt {i + 1}", "POST", path, body, headers, (200, 429))
            )[0]
        )
    return codes


def throttle_bypass(rec: Recorder, attempts: int) -> list[int | None]:
    """Rulings from rotating X-Forwarded-For addresses, through the API and the form in turn."""
    codes = []
    for i in range(attempts):
        xff = {"X-Forwarded-For": f"203.0.113.{i % 250}"}
        if i % 2:
            p = Probe(
                "throttle",
                f"form ruling {i + 1}",
                "POST",
                "/referee/dolores/interception/",
                b"roll=5",
                {**FORM, **xff},
                (200, 429),
            )
        else:
            p = Probe(
                "throttle",
                f"API ruling {i + 1}",
                "POST",
                api("dolores", "interception"),
                js({"inputs": {"roll": 5}}),
                {**JSON, **xff},
                (200, 429),
            )
        codes.append(rec.send(p)[0])
    return codes


APPEND_ONLY = ("rules_clauseversion", "rules_translationrevision", "games_ruling", "games_rulingcitation")


def raw_writes(database_url: str) -> dict[str, str]:
    """UPDATE and DELETE sent straight to each append-only table: what the database said."""
    out = {}
    for table in APPEND_ONLY:
        for sql in (f"UPDATE {table} SET id = id", f"DELETE FROM {table}"):
            try:
                if database_url.startswith("sqlite"):
                    with sqlite3.connect(dj_database_url.parse(database_url)["NAME"]) as conn:
                        conn.execute(sql)
                else:
                    import psycopg

                    with psycopg.connect(database_url) as conn:
                        conn.execute(sql)
                out[sql] = "ACCEPTED"
            except Exception as exc:  # the refusal is the point
                out[sql] = f"refused: {str(exc).splitlines()[0][:120]}"
    return out


def start_without_secret_key(env: dict[str, str], tmp: Path) -> dict:
    """gunicorn in production mode with no SECRET_KEY: it must refuse to start, and say why."""
    env = {k: v for k, v in env.items() if k != "SECRET_KEY"}
    log = tmp / "no-secret.log"
    with open(log, "w") as out:
        try:
            proc = subprocess.run(
                COMMAND,
                cwd=common.ROOT,
                env={**env, "PORT": "0", "WEB_CONCURRENCY": "1"},
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=60,
            )
            code = proc.returncode
        except subprocess.TimeoutExpired:
            code = None
    text = log.read_text(errors="replace")
    return {"exit_code": code, "says_why": "SECRET_KEY must be set" in text}


# ---------------------------------------------------------------- one database


def bench_one(args, kind: str, bodies: list[Probe]) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmpdir:
        tmp = Path(tmpdir)
        with common.fresh_database(kind, tmp, args.pg_url) as url:
            env = production_env(url, tmp, RULING_RATE="none", WEB_CONCURRENCY=str(args.workers))
            print(f"[{kind}] preparing a fresh database…", flush=True)
            token = prepare(env, [], designer_of=GAME)
            result: dict = {"db": kind, "machine": common.machine(kind, args.pg_url)}
            server = Gunicorn(env, tmp, "hostile")
            server.start()
            rec = Recorder(server)
            try:
                # A production server is warm: each worker has rendered each page once.
                warm_up(server, args.workers)
                with Health(server) as health:
                    print(f"[{kind}] the hostile list", flush=True)
                    rec.send_all(probes())
                    print(f"[{kind}] {args.langs:,} language codes", flush=True)
                    before = rss_mb(server)
                    rec.send_all(memory_probes(args.langs), concurrency=8)
                    result["memory_mb"] = {"before": before, "after": rss_mb(server)}
                    # As many at a time as the machine has cores (the machine has two).
                    print(f"[{kind}] the largest bodies, {os.cpu_count()} at a time", flush=True)
                    rec.send_all(bodies * 2, concurrency=os.cpu_count() or 2)
                    print(f"[{kind}] revisions at once, logins", flush=True)
                    result["revision_race"] = revision_race(rec, token)
                    attempts = 8
                    result["brute_force"] = {
                        path: brute_force(rec, path, attempts)
                        for path in ("/admin/login/", "/accounts/login/")
                    }
                result["health"] = health.summary()
                result["alive"] = server.alive()
            finally:
                server.stop()
            result["server_log"] = server.log_summary()

            print(f"[{kind}] the throttle across workers", flush=True)
            throttled = Gunicorn({**env, "RULING_RATE": f"{THROTTLED_RATE}/min"}, tmp, "throttled")
            throttled.start()
            try:
                result["throttle"] = throttle_bypass(Recorder(throttled), THROTTLED_RATE + 10)
            finally:
                throttled.stop()
            result["throttle_log"] = throttled.log_summary()
            result["raw_writes"] = raw_writes(url)
            result["start_without_secret_key"] = start_without_secret_key(env, tmp)
        result["machine"]["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
        result["requests"] = rec.rows
        result["verdicts"] = verdicts(result)
        result["pass"] = all(v["pass"] for v in result["verdicts"].values())
        return result


def verdicts(r: dict) -> dict:
    rows = r["requests"]
    fives = [x for x in rows if x["status"] is not None and x["status"] >= 500]
    slow = [x for x in rows if x["seconds"] > MAX_SECONDS]
    wrong = [x for x in rows if not x["ok"]]
    log, health = r["server_log"], r["health"]
    throttle_ok = (
        r["throttle"].count(200) == THROTTLED_RATE
        and r["throttle"].count(429) == len(r["throttle"]) - THROTTLED_RATE
    )
    limit = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
    locked = all(
        codes[limit - 1 :] == [429] * (len(codes) - limit + 1) for codes in r["brute_force"].values()
    )
    race = r["revision_race"]
    growth = sum(r["memory_mb"]["after"]["workers"]) - sum(r["memory_mb"]["before"]["workers"])
    return {
        "no 5xx": {"value": len(fives), "pass": not fives},
        f"no request over {MAX_SECONDS:g} s": {
            "value": len(slow)
            if not slow
            else f"{len(slow)}: "
            + "; ".join(
                f"{x['name']} {x['seconds']:.2f} s"
                + ("" if x["server_cpu_s"] is None else f" ({x['server_cpu_s']:.2f} s of server CPU)")
                for x in slow[:10]
            ),
            "pass": not slow,
        },
        "every probe answered as it should": {"value": len(wrong), "pass": not wrong},
        "health polls all 200 within 2 s": {
            "value": f"{health['polls']} polls, {health['not_200']} not 200, slowest {health['max_seconds']} s",
            "pass": health["polls"] > 0 and not health["not_200"] and not health["over_2s"],
        },
        "server up, no error in its log": {
            "value": f"up: {r['alive']}; {log['internal_server_errors']} 'Internal Server Error', "
            f"{log['worker_timeouts']} worker timeouts ({log['tracebacks']} tracebacks in all: Django logs "
            "a refused body with one, answered 400)",
            "pass": r["alive"]
            and not log["internal_server_errors"]
            and not log["worker_timeouts"]
            and not r["throttle_log"]["internal_server_errors"],
        },
        f"throttle: {THROTTLED_RATE} rulings a minute whatever X-Forwarded-For, API and form together": {
            "value": f"{r['throttle'].count(200)} × 200, {r['throttle'].count(429)} × 429",
            "pass": throttle_ok,
        },
        f"login locked after {limit} failures from rotating addresses": {
            "value": r["brute_force"],
            "pass": locked,
        },
        "16 revisions at once: 1 wins, 15 conflicts": {
            "value": race,
            "pass": (race["created"], race["conflicts"]) == (1, 15),
        },
        "raw UPDATE/DELETE on append-only tables refused": {
            "value": sum(1 for v in r["raw_writes"].values() if v.startswith("refused")),
            "pass": all(v.startswith("refused") for v in r["raw_writes"].values()),
        },
        "no start without SECRET_KEY": {
            "value": r["start_without_secret_key"],
            "pass": r["start_without_secret_key"]["exit_code"] not in (0, None)
            and r["start_without_secret_key"]["says_why"],
        },
        "memory of the workers after the language codes": {
            "value": f"{growth:+.1f} MB in all ({sum(r['memory_mb']['before']['workers']):.0f} → {sum(r['memory_mb']['after']['workers']):.0f} MB)",
            "pass": growth < 64 * max(1, len(r["memory_mb"]["after"]["workers"])),
        },
    }


def markdown(r: dict, argv) -> str:
    db = {"sqlite": "SQLite", "postgres": "PostgreSQL"}[r["db"]]
    rows = r["requests"]
    categories: dict[str, list[dict]] = {}
    for x in rows:
        categories.setdefault(x["category"], []).append(x)
    lines = [
        *common.heading(f"Hostile input — {db}", "bench/hostile.py", argv),
        "Every category of issue #12 against gunicorn in production mode on a fresh "
        f"{db} database, the health URL `{HEALTH}` polled four times a second meanwhile "
        "(see the script's docstring). " + ("**PASS**." if r["pass"] else "**FAIL**."),
        "",
        common.table(
            ["check", "result", "verdict"],
            [[k, v["value"], "pass" if v["pass"] else "**FAIL**"] for k, v in r["verdicts"].items()],
        ),
        "",
        "## Requests by category",
        "",
        common.table(
            ["category", "requests", "statuses", "slowest s", "5xx", "not as expected"],
            [
                [
                    name,
                    len(xs),
                    ", ".join(
                        f"{k}: {v}" for k, v in sorted(_count(x["status"] for x in xs).items(), key=str)
                    ),
                    f"{max(x['seconds'] for x in xs):.3f}",
                    sum(1 for x in xs if x["status"] is not None and x["status"] >= 500),
                    sum(1 for x in xs if not x["ok"]),
                ]
                for name, xs in categories.items()
            ],
        ),
        "",
        "## Each probe of the hostile list",
        "",
        common.table(
            ["category", "probe", "status (expected)", "s", "server CPU s"],
            [
                [
                    x["category"],
                    x["name"],
                    f"{x['status']} ({', '.join(map(str, x['expected'])) or 'not 5xx'})"
                    + ("" if x["ok"] else " **✗**"),
                    f"{x['seconds']:.3f}",
                    "" if x["server_cpu_s"] is None else f"{x['server_cpu_s']:.3f}",
                ]
                for x in rows
                if not x["category"].endswith("lang values")
                and x["category"] not in ("largest bodies", "throttle")
            ],
        ),
        "",
        "## Memory, throttle, raw writes",
        "",
        f"Workers' resident memory before the language codes: {r['memory_mb']['before']}; after: {r['memory_mb']['after']} (MB).",
        "",
        f"Throttle server ({THROTTLED_RATE}/min), rulings in order (API and form in turn, a new X-Forwarded-For each): {r['throttle']}.",
        "",
        common.table(["statement", "answer"], [[f"`{k}`", v] for k, v in r["raw_writes"].items()]),
        "",
        f"Health polls: {r['health']}.",
        "",
        f"1-min load average {r['machine']['loadavg_at_start'][0]} at the start, {r['machine']['loadavg_at_end'][0]} at the end "
        "(2 cores shared with other work).",
        "",
        *common.machine_section(r["machine"]),
    ]
    return "\n".join(lines)


def _count(values) -> dict:
    out: dict = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    p.add_argument("--pg-url", default=common.DEFAULT_PG_URL)
    p.add_argument("--langs", type=int, default=3000, help="distinct lang values (default 3,000)")
    p.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1, help="WEB_CONCURRENCY")
    p.add_argument("--label", default="")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-hostile-django-") as tmpdir:
        setup_django_without_db(tmpdir)  # to draw the largest bodies from the declarations
        bodies = big_bodies()
    ok = True
    for kind in ["sqlite", "postgres"] if args.db == "both" else [args.db]:
        result = bench_one(args, kind, bodies)
        text = markdown(result, argv)
        stem = f"{common.today()}-hostile-{kind}" + (f"-{args.label}" if args.label else "")
        md, _js = common.write_results(stem, text, result)
        print(text.split("## Requests by category")[0])
        print(f"written: {md}", flush=True)
        ok &= result["pass"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
