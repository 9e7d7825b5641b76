#!/usr/bin/env python
"""Where one ruling's time goes, stage by stage, next to the baseline page.

    .venv/bin/python bench/ruling_costs.py [--db sqlite|postgres] [--game rada-miasta]
                                            [--question council-vote] [--budget 0.3]

In one process and one thread, on a fresh database with the corpus loaded and DEBUG off:
the whole baseline request (``GET /bench/fortunes/``) and the whole ruling request (``POST``
to the ruling API, throttle off) through Django's full middleware stack (the test client, no
sockets, no gunicorn), then the ruling's stages one by one — parse and validate the inputs,
run the adjudicator under every variant, read the citable edition (warm), the whole service
call ``games.services.ruling_create`` (which includes those two and stores the ruling and its
citations in one transaction), and render the JSON body. ``store and assemble`` is the
service call less its two measured reads. Best of three timing runs of ≥ ``--budget`` s.

Then the requests as ``bench/run.py`` sends them — gzip accepted, the throttle on at
``RULING_RATE=1000000/s`` (its round trip to the database or Redis included) — the ruling
API POST and the referee form's htmx POST (the fields the form on the page submits), each
beside the baseline, in CPU time of the thread (``time.thread_time``: a neighbour's load on
a shared machine moves it less than wall time), with the SQL queries each request costs.

`bench/run.py` measures the same requests over HTTP with concurrency; this script says
why the ratio is what it is. Writes bench/results/<date>-ruling-costs-<db>[-<label>].md (and
.json).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import rate, setup_django, table  # noqa: E402
from bench.common import DEFAULT_PG_URL, RESULTS, fresh_database, machine, today  # noqa: E402
from bench.run import FormFields  # noqa: E402


def measure(
    game: str, question: str, budget: float
) -> tuple[list[tuple[str, float]], list[tuple[str, float, int]]]:
    from django.conf import settings
    from django.test import Client
    from django.utils import timezone

    from config.languages import language
    from games import engine, services, snapshot

    settings.RULING_RATE = None  # read per request by games.throttle.RulingThrottle
    adj = engine.get(game, question)
    if adj is None:
        raise SystemExit(f"no adjudicator {game}/{question}")
    example = adj.examples[0]
    snap = snapshot.load(game, lang="en")
    inputs = adj.validate(example, "inputs", rules=snap.rules)
    variants = [v.slug for v in snap.rules.variants]
    client = Client()
    url = f"/api/v1/games/{game}/adjudicators/{question}/"
    body = json.dumps({"inputs": example, "lang": "en"})
    now = timezone.now()

    def baseline():
        assert client.get("/bench/fortunes/").status_code == 200

    def request():
        assert client.post(url, body, content_type="application/json").status_code == 200

    def adjudicate():
        for v in variants:
            with language("en"):
                adj.describe(adj(inputs, variant=v, rules=snap.rules).outcome, rules=snap.rules)

    def service():
        return services.ruling_create(adj=adj, inputs=inputs, variant=variants[0], snapshot=snap, now=now)

    doc = service()

    def ms(fn) -> float:
        per_s, _ = rate(fn, budget)
        return 1000 / per_s

    # The two whole requests are timed first and again last, and the better of each kept: on
    # a shared machine a neighbour's burst during one of them would otherwise set the ratio.
    baseline_ms, request_ms = ms(baseline), ms(request)
    adjudicate_ms = ms(adjudicate)
    edition_ms = ms(lambda: snapshot.load(game, lang="en"))
    service_ms = ms(service)
    validate_ms = ms(lambda: adj.validate(example, "inputs", rules=snap.rules))
    render_ms = ms(lambda: json.dumps(doc.to_json()))
    baseline_ms, request_ms = min(baseline_ms, ms(baseline)), min(request_ms, ms(request))
    return [
        ("baseline request: GET /bench/fortunes/", baseline_ms),
        ("ruling request: POST the ruling API", request_ms),
        ("  parse and validate the inputs", validate_ms),
        (f"  adjudicate under every variant ({len(variants)})", adjudicate_ms),
        ("  read the edition's snapshot (warm: 1 query)", edition_ms),
        ("  the service call (ruling_create)", service_ms),
        ("  render the JSON body", render_ms),
        ("  ⇒ store and assemble (service less the two reads)", service_ms - adjudicate_ms - edition_ms),
    ], as_sent(game, question, budget)


def as_sent(game: str, question: str, budget: float, players: str = "Ala, Bartek, Celina"):
    """The baseline, the ruling API POST and the referee's htmx POST as bench/run.py sends them
    (gzip, the throttle on), in CPU ms of this thread, with the queries each one costs."""
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import engine

    settings.RULING_RATE = "1000000/s"  # as bench/run.py: counted, never refused
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    page = client.get(f"/referee/?{urlencode({'game': game, 'q': question, 'players': players})}")
    form = FormFields("referee-form")
    form.feed(gzip.decompress(page.content).decode())
    form_body = urlencode(form.fields)
    token = client.cookies["csrftoken"].value
    api_body = json.dumps(
        {"inputs": engine.get(game, question).examples[0], "variant": "original", "lang": "en"}
    )
    requests = [
        ("baseline request: GET /bench/fortunes/", lambda: client.get("/bench/fortunes/"), None),
        (
            "ruling API POST, gzip, throttle on",
            lambda: client.post(
                f"/api/v1/games/{game}/adjudicators/{question}/", api_body, content_type="application/json"
            ),
            None,
        ),
        (
            "referee form POST (htmx), gzip, throttle on",
            lambda: client.post(
                f"/referee/{game}/{question}/",
                form_body,
                content_type="application/x-www-form-urlencoded",
                headers={"HX-Request": "true", "X-CSRFToken": token},
            ),
            b'id="ruling"',
        ),
    ]
    rows = []
    for name, send, expect in requests:
        send()  # warm
        with CaptureQueriesContext(connection) as queries:
            response = send()
        n_queries = len(queries.captured_queries)  # read now: every request clears the log
        assert response.status_code == 200, (name, response.status_code)
        if expect is not None:  # the ruling fragment, not the form again
            assert expect in gzip.decompress(response.content), name
        cpu_ms = 1000 / rate(send, budget, clock=time.thread_time)[0]
        rows.append((name, cpu_ms, n_queries))
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--game", default="rada-miasta")
    p.add_argument("--question", default="council-vote")
    p.add_argument("--budget", type=float, default=0.3, help="seconds per timing run (best of 3)")
    p.add_argument("--pg-url", default=DEFAULT_PG_URL)
    p.add_argument("--label", default="", help="suffix of the result files (a run beside the day's)")
    args = p.parse_args(argv)
    with (
        tempfile.TemporaryDirectory(prefix="bench-costs-") as tmpdir,
        fresh_database(args.db, Path(tmpdir), args.pg_url) as url,
    ):
        os.environ["STATIC_ROOT"] = str(Path(tmpdir) / "static")  # the referee page's, as bench/run.py
        setup_django(url, [args.game], settings="bench.settings")  # the baseline page is the bench app's
        from django.core.management import call_command

        call_command("collectstatic", interactive=False, verbosity=0)
        rows, sent = measure(args.game, args.question, args.budget)
        from django.db import connections

        connections.close_all()
    base, sent_base = rows[0][1], sent[0][1]
    md = [
        f"# Where a ruling's time goes — {args.db} — {today()}",
        "",
        f"`bench/ruling_costs.py --db {args.db}{f' --label {args.label}' if args.label else ''}`:"
        f" {args.game}/{args.question}, one process, one thread, DEBUG off, best of 3.",
        "",
        table(["stage", "ms", "× baseline request"], [[n, f"{v:.3f}", f"{v / base:.2f}"] for n, v in rows]),
        "",
        f"Ratio of the whole requests: baseline ÷ ruling = {base / rows[1][1]:.2f}.",
        "",
        "As bench/run.py sends them (gzip accepted, the throttle on), in CPU time of the thread:",
        "",
        table(
            ["request", "CPU ms", "baseline ÷ this", "SQL queries"],
            [[n, f"{v:.3f}", f"{sent_base / v:.2f}", str(q)] for n, v, q in sent],
        ),
        "",
        "```json",
        json.dumps(machine(args.db, args.pg_url), indent=1, ensure_ascii=False),
        "```",
    ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = RESULTS / f"{today()}-ruling-costs-{args.db}{f'-{args.label}' if args.label else ''}"
    stem.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    stem.with_suffix(".json").write_text(
        json.dumps(
            {
                "db": args.db,
                "game": args.game,
                "question": args.question,
                "stages_ms": dict(rows),
                "as_sent_cpu_ms": {n: v for n, v, _q in sent},
                "as_sent_queries": {n: q for n, _v, q in sent},
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print("\n".join(md[:16]))
    print(f"written: {stem}.md, {stem}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
