"""Production is the default: DEBUG off whatever the entry point, Django's deployment checklist
clean with the documented settings, and docs/deploy.md, followed as written from an empty
directory (the checkout copied in, its virtualenv created and installed, the release steps, a
server and a worker), serves the site with its CSS.

Run time, on a 2-core machine at load 15: the walkthrough 97 s on SQLite and 200 s on
PostgreSQL (the offline install about 15 s of it, ``loadcorpus`` most of the rest); the other
tests here a few seconds each."""

import contextlib
import http.client
import os
import re
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Under pytest-xdist (make test), with the other tests that start servers: one at a time, in
# one worker (their gunicorns count rulings per client address in the same Redis).
pytestmark = pytest.mark.xdist_group("servers")


def test_check_deploy_is_clean_with_the_documented_settings(tmp_path):
    # Exactly the environment docs/deploy.md lists (no DEBUG: production is the default), as
    # the page says to check it.
    env = _documented_env(tmp_path, os.environ.get("DATABASE_URL", f"sqlite:///{tmp_path / 'check.sqlite3'}"))
    assert "python manage.py check --deploy" in DEPLOY_DOC.read_text()
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env["DEBUG"] = "0"
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def _settings_in(env_changes: dict[str, str | None]) -> str:
    """Print a few settings as the given environment makes them (a fresh interpreter)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "HTTPS", "LOG_LEVEL")}
    env.update({k: v for k, v in env_changes.items() if v is not None})
    code = (
        "import os, django; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        "from django.conf import settings as s; import logging;"
        "print(s.DEBUG, getattr(s, 'SECURE_SSL_REDIRECT', False), s.SESSION_COOKIE_SECURE,"
        " logging.getLevelName(logging.getLogger().level))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_a_server_defaults_to_production_over_plain_http():
    key = "k" * 60
    assert _settings_in({"SECRET_KEY": key}) == "False False False WARNING"
    assert _settings_in({"SECRET_KEY": key, "HTTPS": "1"}) == "False True True WARNING"
    assert _settings_in({"SECRET_KEY": key, "LOG_LEVEL": "info"}) == "False False False INFO"


# --- docs/deploy.md followed literally -------------------------------------------------------

DEPLOY_DOC = ROOT / "docs" / "deploy.md"
# Servers: started and left running, as on a machine; every other command must finish with 0.
SERVERS = ("gunicorn", "python manage.py db_worker")
# The page's install steps, in its order, before the manage.py and gunicorn commands.
INSTALL = ("python3 -m venv .venv", ". .venv/bin/activate", "pip install -r requirements.txt")
# Rows of the table that keep their defaults in this walkthrough (documented as optional).
# Documented with a default the walkthrough keeps.
OPTIONAL = {
    "REDIS_URL",
    "RULING_RATE",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_HOURS",
    "LOG_LEVEL",
    "DB_POOL_TIMEOUT",
    "REQUEST_DEADLINE",
    "HOST",  # its default, 127.0.0.1, is where the walkthrough's requests go
}


def _doc_commands() -> list[str]:
    """The shell commands of docs/deploy.md, in the page's order (the install, manage.py and
    gunicorn)."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", DEPLOY_DOC.read_text(), re.S):
        for line in block.splitlines():
            command = line.split("#", 1)[0].strip()
            if command in INSTALL or command.startswith(("python manage.py ", "gunicorn ")):
                commands.append(command)
    return commands


def _doc_variables() -> set[str]:
    """The variables named in the first column of docs/deploy.md's settings table."""
    names = set()
    for row in re.findall(r"^\| (`[^|]+`) \|", DEPLOY_DOC.read_text(), re.M):
        names.update(re.findall(r"`([A-Z_]+)`", row))
    return names


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _documented_env(tmp_path: Path, database_url: str) -> dict[str, str]:
    """A fresh machine's environment: nothing but the documented settings (no DEBUG)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": database_url,
        "ALLOWED_HOSTS": "rules.example.org",
        "CSRF_TRUSTED_ORIGINS": "https://rules.example.org",
        "HTTPS": "1",
        "NUM_PROXIES": "1",
        "STATIC_ROOT": str(tmp_path / "static"),
        "WEB_CONCURRENCY": "2",
        "DB_POOL_MAX": "2",
        "PORT": str(_free_port()),
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env


def test_the_walkthrough_sets_every_documented_variable():
    missing = _doc_variables() - set(_documented_env(Path("/tmp"), "sqlite://")) - OPTIONAL
    assert not missing and "SECRET_KEY" in _doc_variables()


@contextlib.contextmanager
def _fresh_database(tmp_path: Path):
    """A new empty database of the kind the tests run on (SQLite file, or PostgreSQL)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'rules.sqlite3'}"
        return
    import psycopg

    base = urlsplit(url)
    name = f"{base.path.lstrip('/') or 'rules'}_deploy_doc"
    admin = urlunsplit(base._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(base._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _copy_checkout(dest: Path) -> None:
    """The checkout's files as a fresh clone has them (tracked and new, not ignored ones)."""
    files = (
        subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def _get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """GET as the documented proxy forwards it (TLS ended there, the client appended)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(
            "GET",
            path,
            headers={
                "Host": "rules.example.org",
                "X-Forwarded-Proto": "https",
                "X-Forwarded-For": "203.0.113.9",
            },
        )
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to list the checkout's files")
def _installed_offline(venv: Path, env: dict[str, str]) -> None:
    """Let ``pip install -r requirements.txt`` in the new virtualenv find every requirement
    installed already (the test venv's packages, on its path), never the network: the page's
    install, checked and made quick, without downloading what this machine has."""
    purelib = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    shared = [p for p in sys.path if p.endswith("site-packages")]
    Path(purelib, "test-venv-packages.pth").write_text("\n".join(shared) + "\n")
    env["PIP_NO_INDEX"] = "1"


def _argv(command: str, venv: Path) -> list[str]:
    """The page's command as run in its virtualenv (activated: ``python`` and ``pip`` are its
    own; gunicorn is its module, whose script the offline install did not write)."""
    argv = shlex.split(command)
    if argv[0] == "gunicorn":
        return [str(venv / "bin" / "python"), "-m", "gunicorn", *argv[1:]]
    if argv[0] == "python3":
        return [sys.executable, *argv[1:]]  # the machine's Python 3.11+, which makes the venv
    return [str(venv / "bin" / argv[0]), *argv[1:]]


def test_following_docs_deploy_md_serves_the_referee_with_its_css(tmp_path):
    commands = _doc_commands()
    assert commands[: len(INSTALL)] == list(INSTALL)
    assert [c.split()[:3] for c in commands if c.startswith("python ")] == [
        ["python", "manage.py", "migrate"],
        ["python", "manage.py", "loadcorpus"],
        ["python", "manage.py", "dispute_figures"],
        ["python", "manage.py", "prune"],
        ["python", "manage.py", "collectstatic"],
        ["python", "manage.py", "db_worker"],
    ]
    checkout = tmp_path / "checkout"  # an empty directory, then the code as a clone has it
    checkout.mkdir()
    assert not any(checkout.iterdir())
    _copy_checkout(checkout)
    venv = checkout / ".venv"
    servers: list[subprocess.Popen] = []
    with _fresh_database(tmp_path) as database_url:
        env = _documented_env(tmp_path, database_url)
        port = int(env["PORT"])
        try:
            for command in commands:
                if command == ". .venv/bin/activate":
                    env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}:{env['PATH']}")
                    continue
                if command.startswith("pip install"):
                    _installed_offline(venv, env)
                argv = _argv(command, venv)
                if command.startswith(SERVERS):
                    log = open(tmp_path / f"{len(servers)}.log", "wb")
                    servers.append(subprocess.Popen(argv, cwd=checkout, env=env, stdout=log, stderr=log))
                    continue
                done = subprocess.run(
                    argv, cwd=checkout, env=env, capture_output=True, text=True, timeout=300
                )
                assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
            # Production mode wrote the hashed files and their manifest.
            assert (Path(env["STATIC_ROOT"]) / "staticfiles.json").is_file()
            deadline = time.monotonic() + 60
            while True:
                try:
                    if _get(port, "/api/v1/games/")[0] == 200:
                        break
                except OSError:
                    pass
                assert time.monotonic() < deadline, (tmp_path / "0.log").read_text()
                assert all(s.poll() is None for s in servers), (tmp_path / "0.log").read_text()
                time.sleep(0.3)
            status, _headers, body = _get(port, "/referee/")
            assert status == 200, body[:2000]
            css = re.search(rb'<link rel="stylesheet" href="(/static/css/app\.[0-9a-f]{12}\.css)">', body)
            assert css, body[:2000]
            status, headers, sheet = _get(port, css.group(1).decode())
            assert status == 200 and headers["content-type"].startswith("text/css") and sheet
            # The task worker is still up (it started in production mode, nothing made it stop).
            assert all(s.poll() is None for s in servers)
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()


def test_every_manage_py_command_of_the_deploy_doc_runs_in_production_mode(tmp_path):
    env = _documented_env(tmp_path, f"sqlite:///{tmp_path / 'unused.sqlite3'}")
    code = (
        "from django.conf import settings; print(settings.DEBUG, settings.STORAGES['staticfiles']['BACKEND'])"
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == (
        "False whitenoise.storage.CompressedManifestStaticFilesStorage"
    )
