"""gunicorn in production mode, as `make serve-prod` runs it, for the scripts of bench/.

``Gunicorn(env, tmp)`` prepares a database (migrate, loadcorpus, collectstatic into a
temporary STATIC_ROOT) and serves the project with its own gunicorn.conf.py on a free
loopback port, in a process group of its own, its log in ``tmp``. ``production_env``
is the environment a production machine has: DEBUG off, a random SECRET_KEY, no
inherited DATABASE_URL, REDIS_URL or settings module.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import runpy
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from bench.common import ROOT

PY = sys.executable
# How `make serve-prod` starts the site: the project's gunicorn.conf.py, settings from the environment.
COMMAND = [PY, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "config.wsgi"]
# The last line of a traceback: "django.db.utils.OperationalError: database is locked".
EXCEPTION_LINE = re.compile(r"^((?:[A-Za-z_][\w]*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit)\b.*)$", re.M)
# Variables a server must not inherit from whoever runs the script (a test run's settings).
NOT_INHERITED = {
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "GUNICORN_ACCESSLOG",
    "GUNICORN_THREADS",
    "DEBUG",
    "SECRET_KEY",
    "RULING_RATE",
    "NUM_PROXIES",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def production_env(database_url: str, tmp: Path, **settings: str) -> dict[str, str]:
    """The environment of a production server on ``database_url``; ``settings`` on top."""
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        STATIC_ROOT=str(tmp / "static"),
        DEBUG="0",
        SECRET_KEY="bench-" + secrets.token_urlsafe(48),
        ALLOWED_HOSTS="127.0.0.1",
        HOST="127.0.0.1",
        LOG_LEVEL="WARNING",
    )
    env.update(settings)
    return env


def gunicorn_config(env: dict[str, str]) -> dict[str, object]:
    """What gunicorn.conf.py makes of ``env``, the server's environment: its workers, worker
    class and threads per worker, read from the file itself (as gunicorn reads it), so that a
    report says what was started, not what a script assumes."""
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(env)
        conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    threads = int(conf.get("threads", 1))
    worker_class = str(conf.get("worker_class", "sync"))
    if worker_class == "sync" and threads > 1:
        worker_class = "gthread"  # gunicorn's own rule: a sync worker with threads is a gthread one
    return {
        "workers": int(conf["workers"]),
        "worker_class": worker_class,
        "threads": threads if worker_class == "gthread" else 1,
        "settings": env.get("DJANGO_SETTINGS_MODULE", "config.settings"),
    }


def describe_server(cfg: dict[str, object]) -> str:
    """One line saying which server ran: "5 gthread workers × 16 threads, bench.settings"."""
    threads = cfg["threads"]
    return (
        f"gunicorn -c gunicorn.conf.py: {cfg['workers']} {cfg['worker_class']} workers × {threads} "
        f"thread{'s' if threads != 1 else ''}, DJANGO_SETTINGS_MODULE={cfg['settings']}"
    )


SET_UP = """
import json, sys
import django
django.setup()
from django.core.management import call_command

corpus, designer_of = json.loads(sys.argv[1])
call_command("migrate", interactive=False, verbosity=0)
call_command("loadcorpus", *corpus, verbosity=0)
call_command("collectstatic", interactive=False, verbosity=0)
# A run a minute ago may have counted this client's rulings in the same Redis database.
from games.throttle import RulingThrottle
RulingThrottle().forget("127.0.0.1")
if designer_of:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token
    from rules.models import Game, Role

    user = get_user_model().objects.create_user("designer")
    Role.objects.create(user=user, kind="designer", game=Game.objects.get(slug=designer_of))
    print(Token.objects.create(user=user).key)
"""


def prepare(env: dict[str, str], corpus: list[str] = (), designer_of: str | None = None) -> str | None:
    """What a deployment does once before its servers start — migrate the (fresh) database,
    load the corpus (``corpus``: only these games), collect the static files — in one
    process; with ``designer_of``, a designer of that game too: their API token."""
    out = subprocess.run(
        [PY, "-c", SET_UP, json.dumps([list(corpus), designer_of])],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if out.returncode != 0:
        raise RuntimeError(f"set-up failed:\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}")
    return out.stdout.strip().splitlines()[-1] if designer_of else None


class Gunicorn:
    """One gunicorn (gunicorn.conf.py) with ``env``, on a free port, in its own process group."""

    def __init__(self, env: dict[str, str], tmp: Path, name: str = "gunicorn", ready: str = "/"):
        self.port = free_port()
        self.env = {**env, "PORT": str(self.port)}
        self.log_path = tmp / f"{name}.log"
        self.ready = ready
        self.proc: subprocess.Popen | None = None
        self.log = None

    def start(self, timeout: float = 60) -> None:
        self.spawn()
        self.wait_ready(timeout)

    def spawn(self) -> None:
        """Start gunicorn without waiting for it (see ``wait_ready``)."""
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            COMMAND,
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 60) -> None:
        """Wait until ``ready`` answers 200."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited ({self.proc.returncode}): {self.log_path.read_text()[-2000:]}"
                )
            try:
                if self.request("GET", self.ready)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {timeout:g} s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # the master stops its workers
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # our own process group only
                self.proc.wait()
        if self.log:
            self.log.close()

    def __enter__(self) -> Gunicorn:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def request(self, method: str, path: str, body: bytes | None = None, headers=None, timeout: float = 30):
        """(status, headers, body) of one request on a new connection."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, dict(resp.getheaders()), resp.read()
        finally:
            conn.close()

    def cpu_seconds(self) -> float:
        """CPU time used so far by gunicorn: the master, its live workers, and (via the
        master's cutime/cstime) the workers it has already reaped (max_requests restarts)."""
        tick = os.sysconf("SC_CLK_TCK")

        def times(pid: int, children: bool) -> int:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                return 0
            own = int(fields[11]) + int(fields[12])  # utime + stime
            return own + (int(fields[13]) + int(fields[14]) if children else 0)

        pid = self.proc.pid
        try:
            kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            kids = []
        return (times(pid, True) + sum(times(int(k), False) for k in kids)) / tick

    def log_summary(self) -> dict:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return {
            "internal_server_errors": text.count("Internal Server Error"),
            "tracebacks": text.count("Traceback (most recent call last)"),
            "worker_timeouts": text.count("WORKER TIMEOUT"),
            "exceptions": dict(Counter(EXCEPTION_LINE.findall(text)).most_common(10)),
            "tail": text[-1500:] if ("Traceback" in text or "Error" in text) else "",
            "first_traceback": text[text.find("Traceback") - 300 :][:4000] if "Traceback" in text else "",
        }
