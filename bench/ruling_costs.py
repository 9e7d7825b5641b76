#!/usr/bin/env python
"""Where one ruling's time goes, stage by stage, on both ruling paths, next to the baseline page.

    .venv/bin/python bench/ruling_costs.py [--db sqlite|postgres] [--game rada-miasta]
                                            [--question council-vote] [--budget 0.3] [--label x]

In one process and one thread, on a fresh database with the corpus loaded and DEBUG off
(Django's test client, no sockets, no gunicorn), for each ruling path — the JSON API's
``POST /api/v1/games/<g>/adjudicators/<name>/`` (the adjudicator's first example, explained in
``lang``) and the referee's htmx POST (the form filled with the example, as the page's "Fill
in the example" fills it, explained in the interface language) — each stage called as the
request calls it: parse the body and validate the inputs (the edition's snapshot included,
and apart), adjudicate under each variant, pins and warnings, every variant's sentence in
the language the ruling is explained in, the document assembled (steps, gaps,
alternatives), store the ruling and its citations, render the answer (the JSON, or the
ruling fragment), and the whole service call. Each in CPU time of the thread
(``time.thread_time``: a neighbour's load on a shared machine moves it less than wall
time), best of three runs of ≥ ``--budget`` s, with the SQL queries one call sends.

Then the whole requests as ``bench/run.py`` sends them — gzip accepted, the throttle on at
``RULING_RATE=1000000/s`` (its round trip to the database or Redis included) — beside the
baseline page (``GET /bench/fortunes/``), timed first and again last, the better kept.

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
import uuid
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import rate, setup_django, table
from bench.common import DEFAULT_PG_URL, RESULTS, fresh_database, machine, today
from bench.run import FormFields


def stages(game: str, question: str, budget: float, players: str = "Ala, Bartek, Celina"):
    """Each ruling path stage by stage, in CPU ms of this thread and SQL queries per stage:
    the JSON API's (``POST /api/v1/games/<g>/adjudicators/<name>/``, explained in ``lang``)
    and the referee's htmx POST (explained in the interface language, English here), each
    stage called as the request calls it, then the whole request as bench/run.py sends it
    (gzip accepted, the throttle on at ``RULING_RATE=1000000/s``) beside the baseline page."""
    from django.conf import settings
    from django.contrib.auth.models import AnonymousUser
    from django.shortcuts import render
    from django.test import Client, RequestFactory
    from django.utils import timezone
    from rest_framework.renderers import JSONRenderer

    from config.languages import language
    from games import coverage, engine, ruling_request, services, snapshot, views
    from games.models import Ruling, RulingCitation

    settings.RULING_RATE = "1000000/s"  # as bench/run.py: counted, never refused
    adj = engine.get(game, question)
    if adj is None:
        raise SystemExit(f"no adjudicator {game}/{question}")
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    # The form as the referee sends it filled in: the page's "Fill in the example" (the form
    # opens empty, and an empty form is refused, not ruled).
    page = client.get(f"/referee/?{urlencode({'game': game, 'q': question, 'example': '1'})}")
    form = FormFields("referee-form")
    form.feed(gzip.decompress(page.content).decode())
    form_body = urlencode(form.fields)
    token = client.cookies["csrftoken"].value
    example = adj.examples[0]
    api_body = json.dumps({"inputs": example, "variant": "original", "lang": "en"})
    api_url = f"/api/v1/games/{game}/adjudicators/{question}/"
    form_url = f"/referee/{game}/{question}/"
    htmx = {"HX-Request": "true", "X-CSRFToken": token}
    whole = {
        "baseline": lambda: client.get("/bench/fortunes/"),
        "json": lambda: client.post(api_url, api_body, content_type="application/json"),
        "html": lambda: client.post(
            form_url, form_body, content_type="application/x-www-form-urlencoded", headers=htmx
        ),
    }
    # The form must be ruled on, not shown again with its errors.
    answer = whole["html"]()
    assert answer.status_code == 200 and "X-Form-Invalid" not in answer, answer.headers
    assert b'id="ruling"' in gzip.decompress(answer.content)
    now = timezone.now()
    factory = RequestFactory(headers={"Accept-Encoding": "gzip"})

    def paths():
        for path in ("json", "html"):
            if path == "json":

                def parse():
                    data = json.loads(api_body)
                    return ruling_request.parse(
                        adj,
                        lang=data.get("lang"),
                        edition=data.get("edition"),
                        variant=data.get("variant"),
                        inputs=data["inputs"],
                    )

                explain = "en"
            else:
                post = factory.post(
                    form_url, form_body, content_type="application/x-www-form-urlencoded"
                ).POST

                def parse(post=post):
                    raw, _players = views._collected(post, adj)
                    asked = {
                        "lang": views._posted_lang(post.get("lang"), game),
                        "edition": post.get("edition"),
                        "variant": post.get("variant"),
                    }
                    return ruling_request.parse(adj, **asked, inputs=raw)

                explain = "en"  # the interface language of these requests (no Accept-Language)
            yield path, parse, explain

    def one_path(path, parse, explain):
        inputs, variant, snap = parse()
        rules = snap.rules
        with language(explain):
            ruled = services._rule_every_variant(adj, inputs, variant=variant, snapshot=snap)
        doc = services.ruling_create(
            adj=adj, inputs=inputs, variant=variant, snapshot=snap, now=now, explain_in=explain
        )

        def adjudicate(v):
            return lambda: adj(inputs, variant=v, rules=rules)

        outcomes = [adj(inputs, variant=v, rules=rules).outcome for v in rules.variant_slugs]

        def sentences():
            with language(explain):
                for outcome in outcomes:
                    adj.describe(outcome, rules=rules)

        def assemble():
            with language(explain):
                d = services._ruling_doc(adj, inputs, ruled, title=str(adj.title), snapshot=snap, now=now)
                services.attach_warnings(d)

        def store():
            doc.id = str(uuid.uuid4())
            services._insert_together(
                [
                    (Ruling, [{"id": doc.id, "game": snap.game_id, **doc.stored()}]),
                    (
                        RulingCitation,
                        [
                            {
                                "ruling": doc.id,
                                "version": snap.clauses[k].version_id,
                                "translation": snap.clauses[k].translation_revision_id,
                            }
                            for k in ruled.keys
                        ],
                    ),
                ]
            )

        if path == "json":

            def rendered():
                return JSONRenderer().render(doc.to_json())
        else:
            request = factory.post(form_url, headers={"HX-Request": "true"})
            request.user = AnonymousUser()
            request.htmx = True

            def rendered():
                context = {
                    "game": snap,
                    "adj": adj,
                    "ruling": doc,
                    "focus": True,
                    "lang_next": views.reopen_url(doc),
                }
                with language(explain):
                    return render(request, "games/referee_form.html#ruling", context)

        rows = [
            ("parse the body and validate the inputs (snapshot included)", parse),
            ("  of which: the edition's snapshot (warm)", lambda: snapshot.load(game, lang=snap.lang)),
            *[(f"adjudicate under variant {v!r} (pure)", adjudicate(v)) for v in rules.variant_slugs],
            (
                "pins and warnings (the cited and read clauses)",
                lambda: services.pin_warnings(
                    game, snap, ruled.keys | coverage.read_clauses(adj.game, adj.name, rules)
                ),
            ),
            (f"sentences in {explain!r}: every variant's outcome described", sentences),
            ("gaps, steps and alternatives: the document assembled", assemble),
            ("store the ruling and its citations", store),
            ("render the answer" + (" (JSON)" if path == "json" else " (the htmx fragment)"), rendered),
            (
                "the whole service call (ruling_create)",
                lambda: services.ruling_create(
                    adj=adj, inputs=inputs, variant=variant, snapshot=snap, now=now, explain_in=explain
                ),
            ),
        ]
        return [(name, *cost(fn, budget)) for name, fn in rows]

    out = {path: one_path(path, parse, explain) for path, parse, explain in paths()}
    sent = [
        ("baseline request: GET /bench/fortunes/", whole["baseline"]),
        ("ruling API POST, gzip, throttle on", whole["json"]),
        ("referee form POST (htmx), gzip, throttle on", whole["html"]),
    ]
    requests = [(name, *cost(fn, budget)) for name, fn in sent]
    # Timed first and again last, the better kept: a neighbour's burst moves single timings.
    requests = [
        (n, min(ms, cost(fn, budget)[0]), q) for (n, ms, q), (_n, fn) in zip(requests, sent, strict=True)
    ]
    return out, requests


def cost(fn, budget: float) -> tuple[float, int]:
    """CPU ms of this thread per call (best of 3) and the SQL queries one call sends."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    fn()  # warm
    with CaptureQueriesContext(connection) as queries:
        fn()
    n = len(queries.captured_queries)
    return 1000 / rate(fn, budget, clock=time.thread_time)[0], n


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
        paths, sent = stages(args.game, args.question, args.budget)
        from django.db import connections

        connections.close_all()
    base = sent[0][1]
    titles = {"json": "JSON API ruling", "html": "Referee's htmx ruling"}
    md = [
        f"# Where a ruling's time goes — {args.db} — {today()}",
        "",
        f"`bench/ruling_costs.py --db {args.db}{f' --label {args.label}' if args.label else ''}`:"
        f" {args.game}/{args.question}, one process, one thread, DEBUG off, CPU time of the"
        " thread, best of 3.",
        "",
        "The whole requests as bench/run.py sends them (gzip accepted, the throttle on):",
        "",
        table(
            ["request", "CPU ms", "× baseline CPU", "SQL queries"],
            [[n, f"{v:.3f}", f"{v / base:.2f}", str(q)] for n, v, q in sent],
        ),
        "",
    ]
    for path, rows in paths.items():
        md += [
            f"## {titles[path]}, stage by stage",
            "",
            table(
                ["stage", "CPU ms", "× baseline CPU", "SQL queries"],
                [[n, f"{v:.3f}", f"{v / base:.2f}", str(q)] for n, v, q in rows],
            ),
            "",
        ]
    md += ["```json", json.dumps(machine(args.db, args.pg_url), indent=1, ensure_ascii=False), "```"]
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = RESULTS / f"{today()}-ruling-costs-{args.db}{f'-{args.label}' if args.label else ''}"
    stem.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    stem.with_suffix(".json").write_text(
        json.dumps(
            {
                "db": args.db,
                "game": args.game,
                "question": args.question,
                "requests": [{"request": n, "cpu_ms": v, "queries": q} for n, v, q in sent],
                "stages": {
                    path: [{"stage": n, "cpu_ms": v, "queries": q} for n, v, q in rows]
                    for path, rows in paths.items()
                },
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print("\n".join(md[:-3]))
    print(f"written: {stem}.md, {stem}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
