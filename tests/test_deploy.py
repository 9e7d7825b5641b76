"""With DEBUG off and real values set, Django's deployment checklist reports nothing."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_check_deploy_is_clean():
    # The browser tests' conftest allows sync ORM calls under Playwright's loop; a
    # deployment never would, so that variable is not passed on.
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **env,
        "DEBUG": "0",
        "HTTPS": "1",
        "SECRET_KEY": "x7#k2!m9Qp$w4Lz8rT1vB6nY0cF3hJ5sD2gA9eU7iO4pK8mN1bV6cX3zQ0wE5rT2y",
        "ALLOWED_HOSTS": "rules.example.org",
        "DATABASE_URL": os.environ.get("DATABASE_URL", "sqlite:////tmp/deploy-check.sqlite3"),
    }
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


def test_manage_py_is_for_development():
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    code = "from django.conf import settings; print(settings.DEBUG)"
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout.strip().splitlines()[-1] == "True", out.stderr
