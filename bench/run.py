#!/usr/bin/env python
"""Load-test the app's hot paths against a bare Django baseline, side by side.

    .venv/bin/python bench/run.py [--db sqlite|postgres|both] [--duration 10] [--connections 16]

For each database: a fresh database (migrate + loadcorpus), collectstatic into a
temporary STATIC_ROOT, gunicorn started with the project's gunicorn.conf.py in
production mode (DEBUG=0) on a free loopback port, then wrk, interleaving the
baseline (/bench/fortunes/: one query, one template) with each app path
(A/B, B/A, A/B, ... so that drift cancels out), and each app path's throughput
divided by its paired baseline leg. Results go to
bench/results/<date>-<db>.md and .json. See bench/README.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import resource
import secrets
import statistics
import string
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import DEFAULT_PG_URL, RESULTS, ROOT, fresh_database, machine, today
from bench.server import Gunicorn, describe_server, gunicorn_config, prepare, production_env

WRK_DIR = ROOT / "bench" / "wrk"
DB_NAMES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}

# The targets every app path is judged against (DESIGN.md §6).
MIN_RATIO = 0.5  # ruling throughput ≥ 0.5× the baseline's (DESIGN.md §6)
# Issue #12's own bars: the stored JSON ruling ≥ 0.33×, the reader's full answer ≥ 0.5×.
ISSUE_12 = "issue #12"
MAX_P95_MS = 50.0  # p95 latency at the configured connections (16 by default)
MAX_ERRORS = 0  # non-2xx responses + socket errors, over every leg


@dataclass
class Target:
    key: str
    title: str
    method: str
    path: str
    script: str
    ratio_target: bool = False  # judged against MIN_RATIO
    # Further throughput bars, by where they come from: {"issue #12": 0.33}.
    min_ratios: dict[str, float] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)


def server_options(doc: str, *, duration: int, connections: int) -> argparse.ArgumentParser:
    """The options bench/run.py and bench/load.py share: the databases, the server, the
    ruling measured, wrk's load."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    p.add_argument("--duration", type=int, default=duration, help=f"seconds per leg (default {duration})")
    p.add_argument("--connections", type=int, default=connections)
    p.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    p.add_argument("--warmup", type=int, default=3, help="seconds of warm-up per path")
    p.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1, help="WEB_CONCURRENCY")
    p.add_argument("--game", default="rada-miasta")
    p.add_argument("--question", default="council-vote")
    p.add_argument(
        "--players",
        default="Ala,Bartek,Celina",
        help="players of the referee form's page (bench/load.py's read)",
    )
    p.add_argument("--no-gzip", action="store_true", help="do not send Accept-Encoding: gzip")
    p.add_argument("--corpus", nargs="*", default=[], help="load only these games (default: all)")
    p.add_argument("--pg-url", default=DEFAULT_PG_URL, help="server to create the fresh database on")
    p.add_argument(
        "--redis-url", default="", help="REDIS_URL of the server (default: throttles in the database)"
    )
    p.add_argument("--label", default="", help="suffix of the results files (<date>-<db>-<label>)")
    return p


def parse_args(argv=None) -> argparse.Namespace:
    p = server_options(__doc__, duration=10, connections=16)
    p.add_argument("--rounds", type=int, default=3, help="A/B rounds per app path (≥3)")
    p.add_argument(
        "--render", metavar="RESULT.json", help="only rewrite the .md of a results .json (no load)"
    )
    args = p.parse_args(argv)
    if args.rounds < 3:
        p.error("--rounds must be at least 3")
    return args


# ---------------------------------------------------------------- server


class Server(Gunicorn):
    """gunicorn (gunicorn.conf.py, DEBUG=0) on a fresh database, with the bench app's
    baseline page (bench.settings) and a throttle that never answers 429."""

    def __init__(self, args, database_url: str, tmp: Path):
        settings = dict(
            DJANGO_SETTINGS_MODULE="bench.settings",
            SECURE_SSL_REDIRECT="0",
            RULING_RATE="1000000/s",
            WEB_CONCURRENCY=str(args.workers),
        )
        if args.redis_url:
            settings["REDIS_URL"] = args.redis_url
        super().__init__(production_env(database_url, tmp, **settings), tmp, ready="/bench/fortunes/")
        self.args = args

    def prepare(self) -> None:
        prepare(self.env, self.args.corpus)


# ---------------------------------------------------------------- request bodies


class FormFields(HTMLParser):
    """The name/value pairs a browser submits for <form id=...> (no button pressed)."""

    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            return
        if not self.inside:
            return
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "reset", "image", "file"):
                return
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value") or "on"))
                return
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self._select, self._options = a["name"], []
        elif tag == "option" and self._select is not None:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and a.get("name"):
            self._textarea, self._text = a["name"], ""

    def handle_data(self, data):
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select is not None:
            chosen = [v for v, sel in self._options if sel] or [v for v, _ in self._options[:1]]
            if chosen:
                self.fields.append((self._select, chosen[-1]))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, self._text))
            self._textarea = None


def server_line(cfg: dict) -> str:
    """The server a result ran on, as recorded (files written before the worker class was
    recorded say so rather than guess)."""
    if "worker_class" not in cfg:
        return (
            f"gunicorn `gunicorn.conf.py`: {cfg['workers']} workers (worker class and threads not recorded)"
        )
    return describe_server(
        {
            "workers": cfg["workers"],
            "worker_class": cfg["worker_class"],
            "threads": cfg["gunicorn_threads"],
            "settings": cfg.get("settings", "bench.settings"),
        }
    )


def csrf_token() -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(32))


def stored_ruling(server: Server, game: str, question: str, body: bytes) -> str:
    """Store one ruling through the API; its id."""
    status, _h, content = server.request(
        "POST", f"/api/v1/games/{game}/adjudicators/{question}/", body, {"Content-Type": "application/json"}
    )
    if status != 200:
        raise RuntimeError(f"could not store a ruling to read back: {status} {content[:300]!r}")
    return json.loads(content)["ruling"]


def referee_form_fields(server: Server, args, token: str) -> list[tuple[str, str]]:
    """The referee's htmx POST: exactly the fields the page's form submits filled in with the
    worked example ("Fill in the example", its own players), with ``token`` as its CSRF token.
    The form opens empty, and an empty form is refused (the form again with its errors), not
    ruled: posting that measured the refusal, not a ruling."""
    form_page = f"/referee/?{urlencode({'game': args.game, 'q': args.question, 'example': '1'})}"
    status, _h, body = server.request("GET", form_page)
    if status != 200:
        raise RuntimeError(f"GET {form_page} → {status}")
    parser = FormFields("referee-form")
    parser.feed(body.decode())
    fields = [(k, token if k == "csrfmiddlewaretoken" else v) for k, v in parser.fields]
    if not fields:
        raise RuntimeError(f"no form fields found on {form_page}")
    return fields


def api_example_body(server: Server, game: str, question: str) -> bytes:
    """The JSON API's body: the adjudicator's own first example."""
    status, _h, body = server.request("GET", f"/api/v1/games/{game}/adjudicators/")
    if status != 200:
        raise RuntimeError(f"adjudicator list → {status}")
    example = next(a["example"] for a in json.loads(body) if a["name"] == question)
    return json.dumps({"inputs": example, "variant": "original", "lang": "en"}).encode()


def app_targets(game: str, question: str, tmp: Path, token: str, gzip: str, ruling: str) -> list[Target]:
    """The baseline and the app paths, in the order the checks and the report use."""

    def read(key: str, title: str, path: str, bar: float) -> Target:
        return Target(key, title, "GET", path, "get.lua", min_ratios={ISSUE_12: bar}, args=[gzip])

    return [
        Target(
            "baseline",
            "Baseline: fortunes (1 query, 1 template)",
            "GET",
            "/bench/fortunes/",
            "get.lua",
            args=[gzip],
        ),
        Target(
            "ruling-html",
            f"Referee ruling, htmx fragment ({game}/{question})",
            "POST",
            f"/referee/{game}/{question}/",
            "post_form.lua",
            ratio_target=True,
            args=[str(tmp / "ruling.form"), token, gzip],
        ),
        Target(
            "ruling-json",
            f"Ruling API, JSON ({game}/{question})",
            "POST",
            f"/api/v1/games/{game}/adjudicators/{question}/",
            "post_json.lua",
            ratio_target=True,
            min_ratios={ISSUE_12: 0.33},
            args=[str(tmp / "ruling.json"), gzip],
        ),
        read("ruling-get", f"A stored ruling, JSON ({game}/{question})", f"/api/v1/rulings/{ruling}/", 0.33),
        read("reader", f"Document reader ({game}, lang=en)", f"/g/{game}/?lang=en", 0.5),
    ]


def preflight(
    server: Server, targets: list[Target], form_body: bytes, json_body: bytes, token: str, gzip: str
) -> dict:
    """One request on each path, before any load: each must answer 2xx, and the htmx ruling a
    fragment, not a whole page. What each answered (status, type, encoding, size)."""
    checks = {}
    common = {"Accept-Encoding": gzip} if gzip else {}
    htmx = {
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
        "HX-Target": "result",
        "Cookie": f"csrftoken={token}",
        "X-CSRFToken": token,
    }
    probes = {
        "baseline": ("GET", "/bench/fortunes/", None, {}),
        "ruling-html": ("POST", targets[1].path, form_body, htmx),
        "ruling-json": ("POST", targets[2].path, json_body, {"Content-Type": "application/json"}),
        "ruling-get": ("GET", targets[3].path, None, {}),
        "reader": ("GET", targets[4].path, None, {}),
    }
    for key, (method, path, data, headers) in probes.items():
        status, resp_headers, content = server.request(method, path, data, {**common, **headers})
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} {path} → {status}: {content[:500]!r}")
        checks[key] = {
            "status": status,
            "content_type": resp_headers.get("Content-Type", ""),
            "content_encoding": resp_headers.get("Content-Encoding", ""),
            "bytes_on_wire": len(content),
        }
    status, resp_headers, content = server.request("POST", targets[1].path, form_body, htmx)
    if b"<html" in content.lower() or b"<!doctype" in content.lower():
        raise RuntimeError("the htmx ruling POST answered a whole page, not the fragment")
    if "X-Form-Invalid" in resp_headers or b'id="ruling"' not in content:
        raise RuntimeError(f"the htmx ruling POST was not ruled on: {content[:500]!r}")
    checks["ruling-html"]["uncompressed_bytes"] = len(content)
    return checks


def build_targets(args, server: Server, tmp: Path) -> tuple[list[Target], dict]:
    """Fetch the real referee form and the API example, write the request bodies, check
    that every path answers 2xx with the right kind of body before any load is applied."""
    game, question = args.game, args.question
    gzip = "" if args.no_gzip else "gzip"
    token = csrf_token()
    fields = referee_form_fields(server, args, token)
    form_body = urlencode(fields).encode()
    (tmp / "ruling.form").write_bytes(form_body)
    json_body = api_example_body(server, game, question)
    (tmp / "ruling.json").write_bytes(json_body)
    ruling = stored_ruling(server, game, question, json_body)
    targets = app_targets(game, question, tmp, token, gzip, ruling)
    checks = preflight(server, targets, form_body, json_body, token, gzip)
    checks["form_fields"] = len(fields)
    return targets, checks


# ---------------------------------------------------------------- wrk


def system_busy_seconds() -> float:
    """CPU time (all cores) the machine has spent busy since boot, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    total = sum(fields[:8])  # user nice system idle iowait irq softirq steal (guest is in user)
    return (total - idle) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measured_leg(args, server: Server, target: Target, duration: int) -> dict:
    """One wrk leg, with where the machine's CPU went meanwhile (in cores: CPU s ÷ wall s)."""
    busy, gunicorn, wrk, wall = (
        system_busy_seconds(),
        server.cpu_seconds(),
        children_cpu_seconds(),
        time.monotonic(),
    )
    leg = run_wrk(args, server, target, duration)
    wall = time.monotonic() - wall
    busy = system_busy_seconds() - busy
    gunicorn = server.cpu_seconds() - gunicorn
    wrk = children_cpu_seconds() - wrk
    leg["server_cpu_ms_per_request"] = round(1000 * gunicorn / max(leg["requests"], 1), 3)
    leg["cpu_cores"] = {
        "gunicorn": round(gunicorn / wall, 2),
        "wrk": round(wrk / wall, 2),
        # everything else: the PostgreSQL server (when used), the kernel, other users' processes
        "other": round(max(0.0, busy - gunicorn - wrk) / wall, 2),
    }
    return leg


def run_wrk(args, server: Server, target: Target, duration: int) -> dict:
    cmd = [
        "wrk",
        f"-t{min(args.threads, args.connections)}",
        f"-c{args.connections}",
        f"-d{duration}s",
        "--latency",
        "--timeout",
        "10s",
        "-s",
        str(WRK_DIR / target.script),
        server.url(target.path),
        *target.args,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=duration + 120)
    line = next((x for x in out.stdout.splitlines() if x.startswith("WRKJSON ")), None)
    if out.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({out.returncode}): {out.stdout}\n{out.stderr}")
    r = json.loads(line.removeprefix("WRKJSON "))
    seconds = r["duration_us"] / 1e6
    socket_errors = r["connect"] + r["read"] + r["write"] + r["timeout"]
    return {
        "path": target.key,
        "requests": r["requests"],
        "seconds": round(seconds, 3),
        "rps": round(r["requests"] / seconds, 1),
        "p50_ms": r["p50_us"] / 1000,
        "p75_ms": r["p75_us"] / 1000,
        "p90_ms": r["p90_us"] / 1000,
        "p95_ms": r["p95_us"] / 1000,
        "p99_ms": r["p99_us"] / 1000,
        "max_ms": r["latency_max_us"] / 1000,
        "mean_ms": round(r["latency_mean_us"] / 1000, 3),
        "non2xx": r["non2xx"],
        "socket_errors": socket_errors,
        "socket_errors_detail": {k: r[k] for k in ("connect", "read", "write", "timeout")},
        "statuses": r["statuses"],
        "bytes": r["bytes"],
        "wrk_output": "\n".join(x for x in out.stdout.splitlines() if not x.startswith("WRKJSON ")),
    }


def schedule(targets: list[Target], rounds: int) -> list[tuple[int, Target, Target]]:
    """(round, first, second) pairs: each app path next to a baseline leg, order flipped each round."""
    baseline, apps = targets[0], targets[1:]
    out = []
    for r in range(rounds):
        for t in apps:
            out.append((r + 1, baseline, t) if r % 2 == 0 else (r + 1, t, baseline))
    return out


def ok_rate(leg: dict) -> float:
    """The leg's rate of 2xx answers (req/s × the share of 2xx)."""
    ok = sum(n for code, n in leg["statuses"].items() if str(code).startswith("2"))
    return leg["rps"] * ok / leg["requests"] if leg["requests"] else 0.0


def summarise(legs: list[dict], targets: list[Target]) -> dict:
    summary = {}
    by_pair: dict[tuple[int, str], dict] = {}
    for leg in legs:
        by_pair.setdefault((leg["round"], leg["pair"]), {})[leg["path"]] = leg
    for t in targets:
        mine = [x for x in legs if x["path"] == t.key]
        rps = [x["rps"] for x in mine]
        ok_rps = [ok_rate(x) for x in mine]
        s = {
            "title": t.title,
            "request": f"{t.method} {t.path}",
            "legs": len(mine),
            "rps_median": round(statistics.median(rps), 1),
            "rps_min": min(rps),
            "rps_max": max(rps),
            "ok_rps_median": round(statistics.median(ok_rps), 1),
            "p50_ms": statistics.median(x["p50_ms"] for x in mine),
            "p95_ms": statistics.median(x["p95_ms"] for x in mine),
            "p95_ms_worst": max(x["p95_ms"] for x in mine),
            "p99_ms": statistics.median(x["p99_ms"] for x in mine),
            "cpu_ms_per_request": round(statistics.median(x["server_cpu_ms_per_request"] for x in mine), 3),
            "requests": sum(x["requests"] for x in mine),
            "non2xx": sum(x["non2xx"] for x in mine),
            "socket_errors": sum(x["socket_errors"] for x in mine),
        }
        statuses: dict[str, int] = {}
        for x in mine:
            for code, n in x["statuses"].items():
                statuses[code] = statuses.get(code, 0) + n
        s["statuses"] = statuses
        s["errors"] = s["non2xx"] + s["socket_errors"]
        if t.key != "baseline":
            ratios = [
                pair[t.key]["rps"] / pair["baseline"]["rps"]
                for (_r, key), pair in by_pair.items()
                if key == t.key and "baseline" in pair and pair["baseline"]["rps"]
            ]
            ok_ratios = [
                ok_rate(pair[t.key]) / pair["baseline"]["rps"]
                for (_r, key), pair in by_pair.items()
                if key == t.key and "baseline" in pair and pair["baseline"]["rps"]
            ]
            s["ok_ratio_median"] = round(statistics.median(ok_ratios), 3)
            s["cpu_ratio"] = round(summary["baseline"]["cpu_ms_per_request"] / s["cpu_ms_per_request"], 3)
            s["ratio_median"] = round(statistics.median(ratios), 3)
            s["ratio_min"] = round(min(ratios), 3)
            s["ratio_max"] = round(max(ratios), 3)
            verdicts = {
                "p95": {
                    "target": f"< {MAX_P95_MS:g} ms",
                    "value": s["p95_ms"],
                    "pass": s["p95_ms"] < MAX_P95_MS,
                },
                "errors": {
                    "target": f"= {MAX_ERRORS}",
                    "value": s["errors"],
                    "pass": s["errors"] <= MAX_ERRORS,
                },
            }
            bars = ({"DESIGN §6": MIN_RATIO} if t.ratio_target else {}) | dict(t.min_ratios)
            for source, minimum in bars.items():
                verdicts[f"throughput ({source})"] = {
                    "target": f"≥ {minimum:g}× baseline",
                    "value": s["ratio_median"],
                    "pass": s["ratio_median"] >= minimum,
                }
            s["verdicts"] = verdicts
            s["pass"] = all(v["pass"] for v in verdicts.values())
        summary[t.key] = s
    return summary


# ---------------------------------------------------------------- report


def fmt_ms(x: float) -> str:
    return f"{x:.1f}"


def _md_header(result: dict) -> list[str]:
    """The title, the command and how the run was set up."""
    cfg, m = result["config"], result["machine"]
    db = DB_NAMES[result["db"]]
    return [
        f"# Throughput and latency — {db} — {result['date']}",
        "",
        f"`{result['command']}`",
        "",
        f"{server_line(cfg)} "
        f"(WEB_CONCURRENCY = 2 × {m['cores']} cores + 1; the project's settings plus the baseline app), "
        f"DEBUG=0, fresh {db} database with the corpus "
        f"({', '.join(cfg['corpus']) or 'all games'}). "
        f"wrk: {cfg['connections']} connections, {cfg['threads']} threads, {cfg['duration']} s per leg, "
        f"{cfg['rounds']} A/B rounds per path (order flipped each round), {cfg['warmup']} s warm-up per path, "
        f"{'Accept-Encoding: gzip' if cfg['gzip'] else 'no Accept-Encoding'}. "
        "Throughput ratio = app req/s ÷ req/s of the baseline leg run next to it; median over rounds "
        "(the target is judged on it, errors included; *2xx req/s* counts successful answers only). "
        "Server CPU ms/req = CPU time of gunicorn (master + workers) during a leg ÷ its requests, "
        "median over legs: a load-independent cross-check of the ratio (it leaves out wrk and the "
        "database server).",
        "",
    ]


def _md_summary(summary: dict) -> list[str]:
    """The summary table: one row a path, the baseline first."""
    lines = [
        "## Summary",
        "",
        "| path | request | req/s (median, min–max) | × baseline (median, min–max) | 2xx req/s (× baseline) "
        "| p50 ms | p95 ms (worst leg) | p99 ms | errors (non-2xx + socket) "
        "| server CPU ms/req (baseline ÷ this) | verdict |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for key, s in summary.items():
        ratio = (
            "1 (reference)"
            if key == "baseline"
            else f"**{s['ratio_median']:.2f}×** ({s['ratio_min']:.2f}–{s['ratio_max']:.2f})"
        )
        verdict = "—" if key == "baseline" else ("PASS" if s["pass"] else "**FAIL**")
        cpu = "" if key == "baseline" else f" ({s['cpu_ratio']:.2f}×)"
        ok = f"{s['ok_rps_median']:.0f}" + ("" if key == "baseline" else f" ({s['ok_ratio_median']:.2f}×)")
        lines.append(
            f"| {key} | `{s['request']}` | {s['rps_median']:.0f} ({s['rps_min']:.0f}–{s['rps_max']:.0f}) | {ratio} | {ok} "
            f"| {fmt_ms(s['p50_ms'])} | {fmt_ms(s['p95_ms'])} ({fmt_ms(s['p95_ms_worst'])}) | {fmt_ms(s['p99_ms'])} "
            f"| {s['errors']} ({s['non2xx']} + {s['socket_errors']}) | {s['cpu_ms_per_request']:.2f}{cpu} "
            f"| {verdict} |"
        )
    return lines


def _md_targets(summary: dict) -> list[str]:
    """Each app path's verdicts against its targets, and which targets were missed."""
    lines = ["", "## Targets", ""]
    for key, s in summary.items():
        if key == "baseline":
            continue
        parts = []
        for name, v in s["verdicts"].items():
            value = (
                f"{v['value']:.2f}×"
                if name.startswith("throughput")
                else (f"{v['value']:.1f} ms" if name == "p95" else str(v["value"]))
            )
            parts.append(f"{name} {v['target']}: {value} → {'pass' if v['pass'] else '**FAIL**'}")
        lines.append(f"- **{key}**: " + "; ".join(parts))
    failing = [k for k, s in summary.items() if k != "baseline" and not s["pass"]]
    return lines + ["", f"Targets missed: {', '.join(failing)}." if failing else "Every target met.", ""]


def _md_legs(legs: list[dict]) -> list[str]:
    """Every leg's figures, in the order they ran."""
    lines = [
        "## Legs, in run order",
        "",
        "| # | round | path | req/s | p50 | p95 | p99 | max ms | non-2xx | socket errors | statuses "
        "| server CPU ms/req | CPU cores: gunicorn / wrk / other |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for i, x in enumerate(legs, 1):
        st = ", ".join(f"{k}: {v}" for k, v in sorted(x["statuses"].items()))
        lines.append(
            f"| {i} | {x['round']} | {x['path']} | {x['rps']:.0f} | {fmt_ms(x['p50_ms'])} | {fmt_ms(x['p95_ms'])} "
            f"| {fmt_ms(x['p99_ms'])} | {fmt_ms(x['max_ms'])} | {x['non2xx']} | {x['socket_errors']} | {st} "
            f"| {x['server_cpu_ms_per_request']:.2f} "
            f"| {x['cpu_cores']['gunicorn']:.2f} / {x['cpu_cores']['wrk']:.2f} / {x['cpu_cores']['other']:.2f} |"
        )
    return lines


def _md_server_log(log: dict) -> list[str]:
    """What the server's log holds: errors, tracebacks, timeouts, exceptions, its last lines."""
    lines = [
        "",
        "## Server log",
        "",
        f"{log['internal_server_errors']} 'Internal Server Error' entries, {log['tracebacks']} tracebacks, "
        f"{log['worker_timeouts']} worker timeouts (warm-up legs included).",
    ]
    if log["exceptions"]:
        lines += ["", "| exception | count |", "|---|---|"]
        lines += [f"| `{e}` | {n} |" for e, n in log["exceptions"].items()]
    if log["tail"]:
        lines += ["", "Last lines:", "", "```", log["tail"].strip()[-2500:], "```"]
    return lines


def _md_checks_and_machine(result: dict) -> list[str]:
    """The pre-flight checks' answers and the machine the run was on."""
    cfg, m = result["config"], result["machine"]
    return [
        "",
        "## Pre-flight checks (one request each, before any load)",
        "",
        "```json",
        json.dumps(result["checks"], indent=1),
        "```",
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in m.items()],
        f"| gunicorn | {server_line(cfg)} |",
        "",
    ]


def markdown(result: dict) -> str:
    """The run's report: set-up, summary, targets, notes, legs, server log, checks, machine."""
    summary = result["summary"]
    lines = _md_header(result) + _md_summary(summary) + _md_targets(summary)
    if result.get("notes"):
        lines += ["## Notes", "", *[f"- {n}" for n in result["notes"]], ""]
    lines += _md_legs(result["legs"]) + _md_server_log(result["server_log"])
    return "\n".join(lines + _md_checks_and_machine(result))


def bench_one(args, kind: str, command: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
        tmp = Path(tmpdir)
        with fresh_database(kind, tmp, args.pg_url) as url:
            server = Server(args, url, tmp)
            served = gunicorn_config(server.env)  # what gunicorn.conf.py makes of the server's env
            print(f"[{kind}] preparing a fresh database (migrate, loadcorpus, collectstatic)…", flush=True)
            server.prepare()
            server.start()
            try:
                print(f"[{kind}] {describe_server(served)} on {server.url('/')}", flush=True)
                info = machine(kind, args.pg_url)
                targets, checks = build_targets(args, server, tmp)
                for t in targets:
                    print(f"[{kind}] warm-up {t.key} ({args.warmup} s)", flush=True)
                    run_wrk(args, server, t, args.warmup)
                legs = []
                for pair_index, (rnd, first, second) in enumerate(schedule(targets, args.rounds)):
                    app = second if first.key == "baseline" else first
                    for t in (first, second):
                        leg = measured_leg(args, server, t, args.duration)
                        leg.update(round=rnd, pair=app.key, pair_index=pair_index)
                        legs.append(leg)
                        print(
                            f"[{kind}] round {rnd} {t.key:12s} {leg['rps']:8.1f} req/s  p95 {leg['p95_ms']:7.1f} ms"
                            f"  non-2xx {leg['non2xx']}  socket errors {leg['socket_errors']}",
                            flush=True,
                        )
            finally:
                server.stop()
            info["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
            result = {
                "date": today(),
                "db": kind,
                "command": command,
                "config": {
                    "duration": args.duration,
                    "connections": args.connections,
                    "threads": min(args.threads, args.connections),
                    "rounds": args.rounds,
                    "warmup": args.warmup,
                    "workers": served["workers"],
                    "worker_class": served["worker_class"],
                    "gunicorn_threads": served["threads"],
                    "settings": served["settings"],
                    "gzip": not args.no_gzip,
                    "corpus": args.corpus,
                    "targets": {"min_ratio": MIN_RATIO, "max_p95_ms": MAX_P95_MS, "max_errors": MAX_ERRORS},
                },
                "machine": info,
                "checks": checks,
                "targets": [{k: v for k, v in dataclasses.asdict(t).items() if k != "args"} for t in targets],
                "summary": summarise(legs, targets),
                "legs": legs,
                "server_log": server.log_summary(),
                "notes": [],
            }
            other = statistics.mean(x["cpu_cores"]["other"] for x in legs)
            busiest = max(x["cpu_cores"]["other"] for x in legs)
            whose = "the PostgreSQL server, the kernel and" if kind == "postgres" else "the kernel and"
            result["notes"].append(
                f"CPU used by neither gunicorn nor wrk during the legs ({whose} any other process on the "
                f"machine): {other:.2f} cores on average, {busiest:.2f} at most, of {info['cores']}. "
                f"1-min load average {info['loadavg_at_start'][0]} at start, {info['loadavg_at_end'][0]} at end."
            )
            log = result["server_log"]
            if log["internal_server_errors"]:
                top = next(iter(log["exceptions"]), "see the server log below")
                result["notes"].append(
                    f"{log['internal_server_errors']} requests (warm-up included) ended in a 500 "
                    f"'Internal Server Error'; the exception: `{top}`. Their req/s count those fast failures."
                )
            result["notes"].append(
                f"wrk and gunicorn share the same {info['cores']} cores, so absolute figures are lower than on a "
                "dedicated load generator; the ratios compare like with like."
            )
            return result


def write(result: dict, label: str) -> tuple[Path, Path]:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = f"{result['date']}-{result['db']}" + (f"-{label}" if label else "")
    md, js = RESULTS / f"{stem}.md", RESULTS / f"{stem}.json"
    md.write_text(markdown(result))
    slim = {**result, "legs": [{k: v for k, v in x.items() if k != "wrk_output"} for x in result["legs"]]}
    slim["wrk_outputs"] = [x["wrk_output"] for x in result["legs"]]
    js.write_text(json.dumps(slim, indent=1, ensure_ascii=False) + "\n")
    return md, js


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.render:
        path = Path(args.render)
        result = json.loads(path.read_text())
        targets = [Target(**t) for t in result["targets"]]
        result["summary"] = summarise(result["legs"], targets)
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        path.with_suffix(".md").write_text(markdown(result))
        print(f"rewritten: {path.with_suffix('.md')}")
        return 0
    command = "bench/run.py " + " ".join(sys.argv[1:] if argv is None else argv)
    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    failed = False
    for kind in kinds:
        result = bench_one(args, kind, command.strip())
        md, js = write(result, args.label)
        print(f"\n{md.read_text().split('## Targets')[0]}")
        print(f"written: {md.relative_to(ROOT)}, {js.relative_to(ROOT)}\n", flush=True)
        failed |= any(not s.get("pass", True) for s in result["summary"].values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
