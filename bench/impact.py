#!/usr/bin/env python
"""How long a draft's impact report takes, per game, and how many queries it costs.

    .venv/bin/python bench/impact.py [--db sqlite|postgres] [--rulings 200] [--repeat 5]

On a fresh database with the corpus loaded and DEBUG off, for each game: store
``--rulings`` rulings (each adjudicator's examples, round-robin), mark one of them as a
reference ruling, open a draft, revise one clause that a figure is bound to (its first
parameter's value + 1, so examples do change), then time ``games.impact.impact`` (both
editions' snapshots warm, as in the designer's second look; and cold, after the stamp
moved) and count its SQL queries. The target (issue #9) is under 1 s for the biggest
game on a 2-core machine. Writes bench/results/<date>-impact-<db>.md (and .json).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import setup_django, table
from bench.common import DEFAULT_PG_URL, fresh_database, machine, today, write_results


def _bump(text: str, words: str) -> str:
    """The text with the figure's words replaced by the figure + 1 (digits only)."""
    return text.replace(words, str(int(words) + 1), 1) if words.isdigit() else text


def measure_game(slug: str, rulings: int, repeat: int) -> dict:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games import engine, services, snapshot
    from games.impact import impact
    from games.models import ReferenceRuling
    from rules import services as rule_services
    from rules.models import Clause, Game

    game = Game.objects.get(slug=slug)
    snap = snapshot.load(slug, lang="en")
    examples = [(a, e) for a in engine.for_game(slug) for e in a.examples]
    stored = []
    for n in range(rulings):
        adj, example = examples[n % len(examples)]
        inputs = adj.validate(example, "inputs", rules=snap.rules)
        stored.append(
            services.ruling_create(
                adj=adj, inputs=inputs, variant="original", snapshot=snap, now=timezone.now()
            )
        )
    ReferenceRuling.objects.create(ruling_id=stored[0].id, marked_by="bench", marked_at=timezone.now())

    draft = rule_services.draft_open(game=game, author="bench", now=timezone.now())
    param = next((p for p in snap.rules.params.values() if p.words.isdigit()), None)
    revised = None
    if param is not None:
        clause = Clause.objects.get(key=param.clause)
        text = snap.clauses[param.clause].text
        rule_services.clause_revise(
            clause=clause,
            text=_bump(text, param.words),
            status="draft",
            author="bench",
            expected_version=snap.clauses[param.clause].number,
            now=timezone.now(),
            draft=draft,
        )
        revised = f"{param.name} {param.value} → {int(param.words) + 1}"

    def run():
        published = snapshot.load(slug, edition=draft.based_on.number)
        return impact(slug, published=published, draft=snapshot.load(slug, edition=draft.number))

    snapshot.clear()
    with CaptureQueriesContext(connection) as cold_queries:
        start = time.perf_counter()
        report = run()
        cold = time.perf_counter() - start
    warm = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        warm.append(time.perf_counter() - start)
    with CaptureQueriesContext(connection) as warm_queries:
        run()
    return {
        "game": slug,
        "revised": revised,
        "examples_run": report.examples_run,
        "changed_examples": len(report.changed_examples),
        "rulings_checked": report.rulings_checked,
        "overturned": len(report.overturned_rulings),
        "cold_ms": round(cold * 1000, 1),
        "warm_ms_median": round(statistics.median(warm) * 1000, 1),
        "queries_cold": len(cold_queries.captured_queries),
        "queries_warm": len(warm_queries.captured_queries),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--pg-url", default=DEFAULT_PG_URL)
    p.add_argument("--rulings", type=int, default=200, help="stored rulings per game")
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.db, Path(tmp), args.pg_url) as url:
        setup_django(url, [])
        from rules import corpus

        rows = [measure_game(slug, args.rulings, args.repeat) for slug in corpus.GAME_SLUGS]
    info = machine()
    headers = list(rows[0])
    md = "\n".join(
        [
            f"# Impact report timings ({args.db}, {today()})",
            "",
            f"{info.get('cores', '?')} cores; {args.rulings} stored rulings per game; one clause revised per "
            "draft (its first figure + 1); cold = first report after the snapshots were dropped, "
            f"warm = median of {args.repeat}. Target: under 1 s for the biggest game.",
            "",
            table(headers, [[r[h] for h in headers] for r in rows]),
            "",
        ]
    )
    write_results(f"{today()}-impact-{args.db}", md, {"machine": info, "rows": rows})
    print(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
