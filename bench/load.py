#!/usr/bin/env python
"""Load and robustness: each hot path for 60 s at 64 connections, in production mode.

    .venv/bin/python bench/load.py [--db sqlite|postgres|both] [--duration 60] [--connections 64]

For each database: a fresh one with the corpus, gunicorn exactly as `make serve-prod` runs it
(bench/run.py's set-up: DEBUG=0, gunicorn.conf.py, 2 × cores + 1 sync workers), then wrk on
each path in turn — the reader, the referee form (its page and its htmx ruling POST), the
ruling API POST and the API reads (games, clauses, a stored ruling) — with gzip, as browsers
ask. Target (issue #12): 0 errors (socket errors and non-2xx answers) and 0 5xx on every
path, on both databases, and nothing in the server's log. Writes
bench/results/<date>-load-<db>.{md,json}.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.run import DB_NAMES, Server, Target, build_targets, measured_leg, run_wrk, server_options


def parse_args(argv=None) -> argparse.Namespace:
    p = server_options(__doc__, duration=60, connections=64)
    p.add_argument("--only", nargs="*", default=[], help="run only these paths")
    return p.parse_args(argv)


def targets_for(args, server: Server, tmp: Path) -> tuple[list[Target], dict]:
    """bench/run.py's ruling and reader paths (checked 2xx before any load), and the reads."""
    shared, checks = build_targets(args, server, tmp)
    by_key = {t.key: t for t in shared}
    game, question = args.game, args.question
    form = f"/referee/?{urlencode({'game': game, 'q': question, 'players': args.players})}"
    reads = {
        "referee-form": (f"Referee form ({game}/{question})", form),
        "api-games": ("API: the games", "/api/v1/games/"),
        "api-clauses": (f"API: {game}'s clauses in English", f"/api/v1/games/{game}/clauses/?lang=en"),
    }
    targets = [by_key["reader"]]
    for key, (title, path) in reads.items():
        status, _h, _b = server.request("GET", path, headers={"Accept-Encoding": "gzip"})
        if status != 200:
            raise RuntimeError(f"GET {path} → {status}")
        checks[key] = {"status": status}
        targets.append(Target(key, title, "GET", path, "get.lua", args=["gzip"]))
        if key == "referee-form":
            targets += [by_key["ruling-html"], by_key["ruling-json"]]
    targets.append(by_key["ruling-get"])
    if args.only:
        targets = [t for t in targets if t.key in args.only]
    return targets, checks


def fives(leg: dict) -> int:
    return sum(n for code, n in leg["statuses"].items() if str(code).startswith("5"))


def bench_one(args, kind: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmpdir:
        tmp = Path(tmpdir)
        with common.fresh_database(kind, tmp, args.pg_url) as url:
            server = Server(args, url, tmp)
            print(f"[{kind}] preparing a fresh database…", flush=True)
            server.prepare()
            server.start()
            try:
                info = common.machine(kind, args.pg_url)
                targets, checks = targets_for(args, server, tmp)
                legs = []
                for t in targets:
                    run_wrk(args, server, t, args.warmup)
                    leg = measured_leg(args, server, t, args.duration)
                    leg.update(title=t.title, request=f"{t.method} {t.path}", fives=fives(leg))
                    legs.append(leg)
                    print(
                        f"[{kind}] {t.key:13s} {leg['rps']:7.1f} req/s  p99 {leg['p99_ms']:7.1f} ms  "
                        f"non-2xx {leg['non2xx']}  5xx {leg['fives']}  socket errors {leg['socket_errors']}",
                        flush=True,
                    )
                alive = server.alive()
            finally:
                server.stop()
            info["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
            log = server.log_summary()
            errors = sum(x["non2xx"] + x["socket_errors"] for x in legs)
            return {
                "db": kind,
                "config": {
                    "duration": args.duration,
                    "connections": args.connections,
                    "threads": args.threads,
                    "workers": args.workers,
                    "warmup": args.warmup,
                    "redis": bool(args.redis_url),
                    "corpus": args.corpus,
                },
                "machine": info,
                "checks": checks,
                "legs": legs,
                "server_log": log,
                "server_alive_at_end": alive,
                "pass": errors == 0
                and all(x["requests"] for x in legs)
                and not any(x["fives"] for x in legs)
                and not log["tracebacks"]
                and alive,
            }


def markdown(result: dict, argv) -> str:
    cfg, legs, log = result["config"], result["legs"], result["server_log"]
    db = DB_NAMES[result["db"]]
    other = [x["cpu_cores"]["other"] for x in legs]
    lines = [
        *common.heading(f"Load and robustness — {db}", "bench/load.py", argv),
        f"Each path alone for {cfg['duration']} s at {cfg['connections']} connections (wrk, "
        f"{cfg['threads']} threads, gzip asked for, after {cfg['warmup']} s of warm-up), against gunicorn "
        f"in production mode (DEBUG=0, gunicorn.conf.py, {cfg['workers']} sync workers) on a fresh {db} "
        "database with the corpus; the ruling throttle counts in "
        + ("Redis" if cfg["redis"] else "its table in the database")
        + " (its rate set out of reach). Target (issue #12): 0 errors — socket errors and non-2xx "
        "answers — and 0 5xx on every path, nothing in the server's log, the server up at the end.",
        "",
        "**" + ("PASS" if result["pass"] else "FAIL") + f"**: {sum(x['requests'] for x in legs):,} requests, "
        f"{sum(x['non2xx'] + x['socket_errors'] for x in legs)} errors, {sum(x['fives'] for x in legs)} 5xx; "
        f"{log['internal_server_errors']} 'Internal Server Error' and {log['tracebacks']} tracebacks in "
        f"the server's log; server up at the end: {'yes' if result['server_alive_at_end'] else 'NO'}.",
        "",
        common.table(
            [
                "path",
                "request",
                "requests",
                "req/s",
                "p50 ms",
                "p95 ms",
                "p99 ms",
                "max ms",
                "non-2xx",
                "5xx",
                "socket errors",
                "statuses",
            ],
            [
                [
                    x["path"],
                    f"`{x['request']}`",
                    f"{x['requests']:,}",
                    f"{x['rps']:.0f}",
                    f"{x['p50_ms']:.1f}",
                    f"{x['p95_ms']:.1f}",
                    f"{x['p99_ms']:.1f}",
                    f"{x['max_ms']:.1f}",
                    x["non2xx"],
                    x["fives"],
                    x["socket_errors"],
                    ", ".join(f"{k}: {v}" for k, v in sorted(x["statuses"].items())),
                ]
                for x in legs
            ],
        ),
        "",
        "Latency at 64 connections is a queue: wrk keeps 64 requests waiting on "
        f"{cfg['workers']} single-threaded workers, so mean latency ≈ 64 ÷ throughput (Little's law). "
        "It is reported, not judged here (bench/run.py judges p95 at 16 connections).",
        "",
        f"How busy the machine was: CPU used by neither gunicorn nor wrk (the database server, the "
        f"kernel, other work on this shared 2-core machine) {sum(other) / len(other):.2f} cores on average "
        f"during the legs, {max(other):.2f} at most; 1-min load average {result['machine']['loadavg_at_start'][0]} "
        f"at the start, {result['machine']['loadavg_at_end'][0]} at the end.",
        "",
        *common.machine_section(result["machine"]),
    ]
    return "\n".join(lines)


def main(argv=None) -> int:
    args = parse_args(argv)
    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    ok = True
    for kind in kinds:
        result = bench_one(args, kind)
        text = markdown(result, argv)
        stem = f"{common.today()}-load-{kind}" + (f"-{args.label}" if args.label else "")
        slim = {**result, "legs": [{k: v for k, v in x.items() if k != "wrk_output"} for x in result["legs"]]}
        md, _js = common.write_results(stem, text, slim)
        print(text.split("| path")[0])
        print(f"written: {md}")
        ok &= result["pass"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
