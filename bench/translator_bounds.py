#!/usr/bin/env python
"""The translators' heavy requests, timed through the API in one process (issue #20 item 6).

    .venv/bin/python bench/translator_bounds.py [--label ...]

A fresh SQLite database with the shipped corpus, a translator of English signed in, and the
Django test client (no server, so what is timed is the view's own work): alignment of
8,000 characters of ``"Ab cd.\\n\\n"`` (target ≤ 1 s) and of the real English Dolores, the
clauses' translations as one document (some 16,000 characters, target ≤ 2 s); imports of an
XLIFF 2.0 file of 5,000 units (the limit), 20,000 (target ≤ 3 s) and 60,000 (≤ 10 s, or a
clear 413 with the limit), of the real Dolores export, and of odd files (each a 400). Each
timing is the first call in the process (cold: pysbd compiles its patterns) and the best of
three after it. Writes bench/results/<date>-translator-bounds[-label].{md,json}.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import setup_django
from bench.common import heading, machine, machine_section, table, today, write_results

HOSTILE = "Ab cd.\n\n" * 1000  # 8,000 characters


def xliff2_units(n: int) -> bytes:
    """An XLIFF 2.0 file (Polish → English) of ``n`` units, as a tool would write it."""
    from translate.storage import xliff2

    store = xliff2.Xliff2File()
    store.setsourcelanguage("pl")
    store.settargetlanguage("en")
    for k in range(n):
        unit = store.addsourceunit(f"Tekst {k}.")
        unit.setid(f"dl.unit-{k}")
        unit.target = f"Text {k}."
    return bytes(store)


ODD = {
    "XLIFF 1.2 with no <file>": b'<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"></xliff>',
    "XLIFF 2.0 with no <file>": b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="pl"/>',
    "an empty file": b"",
    "a bare <xliff/>": b"<xliff/>",
    "a wrong root in the XLIFF 2.0 namespace": b'<foo xmlns="urn:oasis:names:tc:xliff:document:2.0"/>',
}


def timed(call, runs: int = 3) -> tuple[float, float, float, object]:
    """(first call's wall seconds, best of ``runs`` after it in wall seconds, and in CPU seconds
    of this process: on a shared machine the CPU time is what the work costs), the response."""
    start, cpu = time.perf_counter(), time.process_time()
    response = call()
    cold = time.perf_counter() - start
    cold_cpu = time.process_time() - cpu
    best = best_cpu = float("inf")
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        response = call()
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return (cold, cold_cpu), best, best_cpu, response


def setup_site(tmp: str):
    """Django on a fresh SQLite database in ``tmp`` with the shipped corpus, and a test client
    signed in as a translator of English."""
    os.environ["ALLOWED_HOSTS"] = "testserver"  # the test client's host, in production mode
    setup_django(f"sqlite:///{tmp}/bench.sqlite3", [])
    from django.contrib.auth import get_user_model
    from django.test import Client

    from rules.models import Role

    user = get_user_model().objects.create_user("bench-translator")
    Role.objects.create(user=user, kind="translator", lang="en")
    client = Client()
    client.force_login(user)
    return client


def real_english_dolores() -> str:
    """The shipped English translation of Dolores's clauses, as one document."""
    from rules import corpus

    game = corpus.game("dolores")
    english = game.translations_of("en")
    return "\n\n".join(english[c.key] for c in game.clauses if c.kind != "furniture" and english.get(c.key))


class Cases:
    """The timed cases: the report's table rows and the results file's records."""

    def __init__(self, label: str):
        self.rows: list[list] = []
        self.data: dict = {"date": today(), "label": label, "cases": []}

    def record(self, what: str, target: str, first: tuple, best: float, cpu: float, status: int) -> None:
        cold, cold_cpu = first
        self.rows.append(
            [what, target, f"{cold:.2f} ({cold_cpu:.2f} CPU)", f"{best:.2f}", f"{cpu:.2f}", status]
        )
        self.data["cases"].append(
            {
                "case": what,
                "target": target,
                "cold_s": round(cold, 3),
                "cold_cpu_s": round(cold_cpu, 3),
                "best_s": round(best, 3),
                "best_cpu_s": round(cpu, 3),
                "status": status,
            }
        )
        print(f"{what}: cold {cold:.2f} s, best {best:.2f} s ({cpu:.2f} s CPU), HTTP {status}", flush=True)


def time_alignments(client, cases: Cases) -> None:
    """Align the hostile repetition and the real English Dolores."""
    real = real_english_dolores()
    align_url = "/api/v1/games/dolores/translations/en/align/"
    for what, text, target in [
        (f'align {len(HOSTILE):,} characters of "Ab cd.\\n\\n"', HOSTILE, "≤ 1 s"),
        (f"align the real English Dolores ({len(real):,} characters)", real, "≤ 2 s"),
    ]:
        cold, best, cpu, r = timed(
            lambda text=text: client.post(align_url, {"text": text}, content_type="application/json")
        )
        cases.record(what, target, cold, best, cpu, r.status_code)


def time_imports(client, cases: Cases) -> None:
    """Import the real Dolores export, files of 5,000 (the limit), 20,000 and 60,000 units, and
    the odd files."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from rules.models import Game
    from translators import exchange

    import_url = "/api/v1/games/dolores/translations/en/import/"
    files = [
        (
            "import the real Dolores export (XLIFF 2.0)",
            exchange.export("xliff2", Game.objects.get(slug="dolores"), "en"),
            "—",
        ),
        (
            f"import {exchange.MAX_UNITS:,} units (XLIFF 2.0, the limit)",
            xliff2_units(exchange.MAX_UNITS),
            "—",
        ),
        ("import 20,000 units (XLIFF 2.0)", xliff2_units(20_000), "≤ 3 s or 413"),
        ("import 60,000 units (XLIFF 2.0)", xliff2_units(60_000), "≤ 10 s or 413"),
    ] + [(f"import {name}", body, "400") for name, body in ODD.items()]
    for what, body, target in files:
        cold, best, cpu, r = timed(
            lambda body=body: client.post(import_url, {"file": SimpleUploadedFile("x.xlf", body)})
        )
        cases.record(f"{what} ({len(body):,} bytes)", target, cold, best, cpu, r.status_code)


def write_report(cases: Cases, label: str, argv: list[str] | None) -> Path:
    """Write the table and the machine to bench/results; the .md's path."""
    text = heading("Translators' bounded work", "bench/translator_bounds.py", argv)
    text += [
        "Through the API with the Django test client, SQLite, one process; seconds of wall time.",
        f"Load average when run: {os.getloadavg()[0]:.1f} (a shared two-core machine): the CPU seconds are what the work itself costs.",
        "",
        table(["case", "target", "first call (s)", "best of 3 (s)", "its CPU (s)", "HTTP"], cases.rows),
        "",
    ]
    info = machine("sqlite")
    text += machine_section(info)
    cases.data["machine"] = info
    stem = f"{today()}-translator-bounds" + (f"-{label}" if label else "")
    md, _js = write_results(stem, "\n".join(text), cases.data)
    return md


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="")
    args = parser.parse_args(argv)
    client = setup_site(tempfile.mkdtemp(prefix="bench-translators-"))
    cases = Cases(args.label)
    time_alignments(client, cases)
    time_imports(client, cases)
    print(write_report(cases, args.label, argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
