"""Shared by bench/run.py and bench/adjudicators.py: fresh databases, machine description."""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
import secrets
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DEFAULT_PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/test")


def today() -> str:
    return dt.date.today().isoformat()


@contextmanager
def fresh_database(kind: str, tmp: Path, pg_url: str = DEFAULT_PG_URL, keep: bool = False):
    """Yield the DATABASE_URL of a new, empty database (an SQLite file in ``tmp``, or a
    new PostgreSQL database on the server of ``pg_url``), dropped afterwards."""
    if kind == "sqlite":
        path = tmp / "bench.sqlite3"
        yield f"sqlite:///{path}"
        return
    if kind != "postgres":
        raise ValueError(kind)
    import psycopg

    name = f"bench_{os.getpid()}_{secrets.token_hex(3)}"
    parts = urlsplit(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        if not keep:
            with psycopg.connect(pg_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _first_line(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "unknown"


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or "unknown"
    m = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
    return m.group(1).strip() if m else platform.processor() or "unknown"


def _memory() -> str:
    try:
        m = re.search(r"^MemTotal:\s+(\d+) kB", Path("/proc/meminfo").read_text(), re.M)
        return f"{int(m.group(1)) / 1024 / 1024:.1f} GiB" if m else "unknown"
    except OSError:
        return "unknown"


def postgres_version(pg_url: str = DEFAULT_PG_URL) -> str:
    try:
        import psycopg

        with psycopg.connect(pg_url, connect_timeout=5) as conn:
            return "PostgreSQL " + conn.execute("SHOW server_version").fetchone()[0]
    except Exception as exc:
        return f"unavailable ({type(exc).__name__})"


def machine(db: str | None = None, pg_url: str = DEFAULT_PG_URL) -> dict:
    """Describe the machine and the software versions the numbers were measured with."""
    import django

    versions = {}
    for dist in ("gunicorn", "psycopg", "whitenoise", "djangorestframework"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "not installed"
    info = {
        "cpu_model": _cpu_model(),
        "cores": os.cpu_count(),
        "memory": _memory(),
        "kernel": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "django": django.get_version(),
        "gunicorn": versions["gunicorn"],
        "djangorestframework": versions["djangorestframework"],
        "whitenoise": versions["whitenoise"],
        "psycopg": versions["psycopg"],
        "sqlite": f"SQLite {sqlite3.sqlite_version}",
        "wrk": _first_line(["wrk", "-v"]).split(" Copyright")[0],
        "loadavg_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    if db in (None, "postgres", "both"):
        info["postgres"] = postgres_version(pg_url)
    return info


def python() -> str:
    return sys.executable


def table(headers: list[str], rows: list[list]) -> str:
    """A Markdown table."""
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def heading(title: str, script: str, argv: list[str] | None) -> list[str]:
    """The opening lines of a results file: the title with the date, and the command run."""
    args = " ".join(sys.argv[1:] if argv is None else argv)
    return [f"# {title} — {today()}", "", f"`{script}{' ' + args if args else ''}`", ""]


def machine_section(info: dict) -> list[str]:
    """The closing "Machine" section of a results file."""
    return ["## Machine", "", table(["", ""], [[k, v] for k, v in info.items()]), ""]


def write_results(stem: str, text: str, data: dict) -> tuple[Path, Path]:
    """Write bench/results/<stem>.md (``text``) and .json (``data``)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    md, js = RESULTS / f"{stem}.md", RESULTS / f"{stem}.json"
    md.write_text(text, encoding="utf-8")
    js.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return md, js
