#!/usr/bin/env python
"""Micro-benchmark: rulings per second of every adjudicator, pure and through the service.

    .venv/bin/python bench/adjudicators.py [--db sqlite|postgres|both] [--budget 0.3]

For each registered adjudicator (``games.engine.all_adjudicators()``), on its first
example: ``adj.validate(example, rules=from_corpus(adj.game))`` (parsing the JSON inputs), ``adj(inputs,
variant=...)`` (the pure function, under the game's first variant), and the full
service path ``games.services.ruling_create`` (every variant, the clause lookups,
the ruling stored) on a fresh database with the corpus loaded, with the number of
SQL queries one ruling costs. In one process, one thread: no HTTP, no concurrency.
Prints a table and writes bench/results/<date>-adjudicators.md (and .json).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    DEFAULT_PG_URL,
    ROOT,
    fresh_database,
    heading,
    machine,
    machine_section,
    table,
    today,
    write_results,
)

MAX_QUERIES = 4  # DESIGN.md §6: a ruling costs at most four SQL queries
# BEGIN/COMMIT/SAVEPOINT are transaction control, not queries: counted apart.
TX = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b", re.I)


def rate(fn, budget: float, repeat: int = 3, clock=time.perf_counter) -> tuple[float, int]:
    """Best calls per second over ``repeat`` runs of at least ``budget`` seconds each, by
    ``clock`` (wall time by default; ``time.thread_time`` for this thread's CPU time)."""
    timer = timeit.Timer(fn, timer=clock)
    number = 1
    while True:  # like Timer.autorange, but up to ``budget`` instead of 0.2 s
        elapsed = timer.timeit(number)
        if elapsed >= budget / 4:
            break
        number *= 2
    number = max(1, int(number * budget / max(elapsed, 1e-9)))
    best = min(timer.repeat(repeat=repeat, number=number))
    return number / best, number * repeat


def from_corpus(game: str):
    """The shipped corpus's rules of ``game`` (imported late: Django is set up in main())."""
    from games.snapshot import from_corpus as rules_of

    return rules_of(game)


def setup_django(database_url: str, corpus: list[str], settings: str = "config.settings") -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE=settings,
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=os.environ.get("SECRET_KEY") or "bench-adjudicators-" + "x" * 40,
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="ERROR",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("loadcorpus", *corpus, verbosity=0)


def setup_django_without_db(tmpdir: str) -> None:
    """Django set up for the pure functions: settings and translations, but no database (the
    one named is never opened)."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{tmpdir}/unused.sqlite3",
        DEBUG="0",
        SECRET_KEY="bench-adjudicators-" + "x" * 40,
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="ERROR",
    )
    import django

    django.setup()


def example_rows(measure) -> list[dict]:
    """One row per adjudicator: what ``measure(adj, variant)`` reports on its first example
    under the game's first variant, or why it could not be measured."""
    from games import engine

    rows = []
    for adj in engine.all_adjudicators():
        row = {"game": adj.game, "adjudicator": adj.name}
        if not adj.examples:
            rows.append({**row, "error": "no example"})
            continue
        try:
            rows.append({**row, **measure(adj, from_corpus(adj.game).variants[0].slug)})
        except Exception as exc:
            rows.append({**row, "error": f"{type(exc).__name__}: {exc}"[:200]})
    return rows


def pure_rows(budget: float) -> list[dict]:
    def measure(adj, variant: str) -> dict:
        example, rules = adj.examples[0], from_corpus(adj.game)
        inputs = adj.validate(example, rules=rules)
        adj(inputs, variant=variant, rules=rules)
        validate_rate, _ = rate(lambda: adj.validate(example, rules=rules), budget)
        pure_rate, calls = rate(lambda: adj(inputs, variant=variant, rules=rules), budget)
        return {
            "variant": variant,
            "variants": len(rules.variants),
            "validate_per_s": round(validate_rate),
            "pure_per_s": round(pure_rate),
            "pure_us": round(1e6 / pure_rate, 1),
            "calls": calls,
        }

    return example_rows(measure)


def service_rows(budget: float) -> list[dict]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games import services, snapshot

    def measure(adj, variant: str) -> dict:
        snap = snapshot.load(adj.game, lang="en")
        inputs = adj.validate(adj.examples[0], rules=snap.rules)

        def create():
            return services.ruling_create(
                adj=adj, inputs=inputs, variant=variant, snapshot=snap, now=timezone.now()
            )

        create()
        with CaptureQueriesContext(connection) as ctx:
            create()
        per_s, calls = rate(create, budget)
        return {
            "service_per_s": round(per_s),
            "service_ms": round(1000 / per_s, 3),
            "queries": sum(1 for q in ctx.captured_queries if not TX.match(q["sql"])),
            "transaction_statements": sum(1 for q in ctx.captured_queries if TX.match(q["sql"])),
            "calls": calls,
        }

    return example_rows(measure)


def run_service_in_child(kind: str, args) -> list[dict]:
    """The service path needs Django set up on one database per process: run a child."""
    import subprocess

    out = subprocess.run(
        [
            sys.executable,
            __file__,
            "--child",
            kind,
            "--budget",
            str(args.budget),
            "--pg-url",
            args.pg_url,
            "--corpus",
            *args.corpus,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"service benchmark on {kind} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def child(kind: str, args) -> None:
    with (
        tempfile.TemporaryDirectory(prefix="bench-adj-") as tmpdir,
        fresh_database(kind, Path(tmpdir), args.pg_url) as url,
    ):
        setup_django(url, args.corpus)
        rows = service_rows(args.budget)
        from django.db import connections

        connections.close_all()
    print(json.dumps(rows))


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    p.add_argument("--budget", type=float, default=0.3, help="seconds per timing run (best of 3)")
    p.add_argument("--pg-url", default=DEFAULT_PG_URL)
    p.add_argument("--corpus", nargs="*", default=[], help="load only these games (default: all)")
    p.add_argument("--child", choices=["sqlite", "postgres"], help=argparse.SUPPRESS)
    return p.parse_args(argv)


def table_rows(pure: list[dict], service: dict[str, list[dict]], kinds: list[str]) -> tuple[list, list]:
    """The report's table: its headers, and a row an adjudicator (the pure figures, then the
    service's on each database, or why one could not be measured)."""
    headers = ["game", "adjudicator", "validate/s", "pure rulings/s", "µs/ruling"]
    for kind in kinds:
        headers += [f"service/s ({kind})", f"ms ({kind})", f"queries ({kind})"]
    rows = []
    for i, r in enumerate(pure):
        line = [r["game"], r["adjudicator"]]
        if "error" in r:
            line += [r["error"], "", ""]
        else:
            line += [f"{r['validate_per_s']:,}", f"{r['pure_per_s']:,}", f"{r['pure_us']}"]
        for kind in kinds:
            s = service[kind][i]
            if "error" in s:
                line += [s["error"], "", ""]
            else:
                flag = "" if s["queries"] <= MAX_QUERIES else " ⚠"
                line += [
                    f"{s['service_per_s']:,}",
                    f"{s['service_ms']:.2f}",
                    f"{s['queries']} (+{s['transaction_statements']} tx){flag}",
                ]
        rows.append(line)
    return headers, rows


def medians_of(pure: list[dict], service: dict[str, list[dict]], kinds: list[str]) -> dict[str, int]:
    """The median rates over the adjudicators measured, and the most queries a ruling cost."""
    ok = [r for r in pure if "error" not in r]
    medians = {}
    if ok:
        medians["pure_per_s"] = round(statistics.median(r["pure_per_s"] for r in ok))
    for kind in kinds:
        good = [s for s in service[kind] if "error" not in s]
        if good:
            medians[f"service_per_s_{kind}"] = round(statistics.median(s["service_per_s"] for s in good))
            medians[f"max_queries_{kind}"] = max(s["queries"] for s in good)
    return medians


def report(argv, budget: float, table_text: str, medians: dict[str, int], info: dict) -> str:
    """The Markdown report: what was measured and how, the table, the medians, the machine."""
    return "\n".join(
        [
            *heading("Adjudicators — rulings per second", "bench/adjudicators.py", argv),
            "One process, one thread, each adjudicator's first example. *validate/s*: `adj.validate(example, rules=from_corpus(adj.game))`; "
            "*pure rulings/s*: `adj(inputs, variant=<first variant>, rules=from_corpus(adj.game))`; *service/s*: "
            "`games.services.ruling_create(...)` — every variant run, the cited clause versions and "
            "translations looked up, the ruling and its citations stored (one transaction) — on a fresh "
            f"database with the corpus; *queries*: SQL queries of one such ruling (target ≤ {MAX_QUERIES}), "
            "plus the transaction's BEGIN/COMMIT. "
            f"Best of 3 timing runs of ≥ {budget:g} s each.",
            "",
            table_text,
            "",
            "Medians: " + ", ".join(f"{k} = {v:,}" for k, v in medians.items()),
            "",
            *machine_section(info),
        ]
    )


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.child:
        child(args.child, args)
        return 0

    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    with tempfile.TemporaryDirectory(prefix="bench-adj-") as tmpdir:
        setup_django_without_db(tmpdir)
        started = time.time()
        pure = pure_rows(args.budget)
    service = {kind: run_service_in_child(kind, args) for kind in kinds}
    info = machine(args.db, args.pg_url)
    medians = medians_of(pure, service, kinds)
    text = report(argv, args.budget, table(*table_rows(pure, service, kinds)), medians, info)
    print(text)
    md, _json = write_results(
        f"{today()}-adjudicators",
        text,
        {
            "date": today(),
            "budget": args.budget,
            "machine": info,
            "pure": pure,
            "service": service,
            "medians": medians,
            "seconds": round(time.time() - started, 1),
        },
    )
    print(f"written: {md.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
