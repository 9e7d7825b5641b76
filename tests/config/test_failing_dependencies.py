"""Failing dependencies fail fast and clean (issue #20 item 8): a database that cannot be
reached is a 503 with Retry-After within 2 s, JSON under /api/; a Redis that cannot be reached
leaves rulings working (the throttle counts in the database and says so in the log); a request
past its deadline is a 503 before gunicorn's worker timeout; every error under /api/ is JSON."""

import json
import logging
import os
import runpy
import subprocess
import sys
import time

import pytest
from django.conf import settings as django_settings

from games import throttle

RULING = "/api/v1/games/dolores/adjudicators/interception/"

# Run in a fresh interpreter, whose only database is one that cannot be reached.
PROBE = """
import json, time, django
django.setup()
from django.test import Client
client = Client(raise_request_exception=False)
RULING = "/api/v1/games/dolores/adjudicators/interception/"
client.get("/api/v1/")  # a running server: its code loaded (this one reads no database)
out = []
for method, path in [("get", "/api/v1/games/"), ("post", RULING), ("get", "/referee/")]:
    started = time.monotonic()
    r = getattr(client, method)(path, {"inputs": {"roll": 5}} if method == "post" else None,
                                content_type="application/json")
    out.append({"path": path, "status": r.status_code, "seconds": time.monotonic() - started,
                "retry_after": r.get("Retry-After"), "type": r["Content-Type"], "body": r.content.decode()})
print(json.dumps(out))
"""


@pytest.mark.parametrize(
    "database_url",
    [
        "postgres://postgres@127.0.0.1:9/nothing_listens_here",  # refused: the pool's timeout
        "sqlite:////nonexistent-directory/rules.sqlite3",  # cannot be opened
    ],
)
def test_a_database_that_cannot_be_reached_is_a_503_with_retry_after_within_2_s(database_url):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY="unreachable-" + "k" * 50,
        DATABASE_URL=database_url,
        LOG_LEVEL="CRITICAL",
    )
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=django_settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    api_games, api_ruling, page = json.loads(done.stdout.strip().splitlines()[-1])
    for answer in (api_games, api_ruling):
        assert answer["status"] == 503 and answer["retry_after"] == "5", answer
        assert answer["type"] == "application/json"
        assert json.loads(answer["body"]) == {
            "errors": {"detail": ["The database cannot be reached right now; try again in a few seconds."]}
        }
        assert answer["seconds"] < 2, answer
    assert page["status"] == 503 and page["retry_after"] == "5" and page["type"].startswith("text/html")
    assert "Try again in a few seconds." in page["body"] and page["seconds"] < 2


@pytest.fixture
def redis_down(settings, monkeypatch):
    """The shared cache on a Redis nobody answers (a closed port on this machine)."""
    monkeypatch.setattr(throttle._RedisDown, "until", 0.0)
    settings.CACHES = {
        **settings.CACHES,
        "shared": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }


def test_rulings_keep_working_while_redis_is_down(corpus, api, settings, redis_down, caplog):
    from games.models import ThrottleCount

    settings.RULING_RATE = "3/min"
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="games.throttle"):
        codes = [api.post(RULING, {"inputs": {"roll": 5}}, format="json").status_code for _ in range(4)]
    # The limit still holds, counted in the database; Redis was tried once, not per request.
    assert codes == [200, 200, 200, 429]
    assert ThrottleCount.objects.get(key="throttle:rulings:60:127.0.0.1").hits == 3
    assert time.monotonic() - started < 3
    warnings = [r.getMessage() for r in caplog.records if r.name == "games.throttle"]
    assert len(warnings) == 1 and warnings[0].startswith("Redis unreachable")
    assert "the throttle counts in the database for 30 s" in warnings[0]


def test_a_request_past_its_deadline_is_a_503_in_json(corpus, client, settings, monkeypatch):
    from games import api

    settings.REQUEST_DEADLINE = 0.5

    def slow(*args, **kwargs):
        # Pure-Python work that would run for 5 s (an alignment, a diff...).
        end = time.monotonic() + 5
        while time.monotonic() < end:
            pass
        raise AssertionError("the deadline did not stop the request")

    monkeypatch.setattr(api, "parse_request", slow)
    started = time.monotonic()
    r = client.post(RULING, {"inputs": {"roll": 5}}, content_type="application/json")
    assert time.monotonic() - started < 2
    assert r.status_code == 503 and r["Retry-After"] == "5"
    assert r.json() == {
        "errors": {"detail": ["The request took too long and was stopped; try again in a few seconds."]}
    }
    # The next request is served as usual, and no late deadline hits this thread afterwards.
    monkeypatch.undo()
    settings.REQUEST_DEADLINE = 0.3
    assert client.get("/api/v1/games/").status_code == 200
    time.sleep(0.6)


def test_the_deadline_answers_before_gunicorns_worker_timeout():
    conf = runpy.run_path(str(django_settings.BASE_DIR / "gunicorn.conf.py"))
    assert 0 < django_settings.REQUEST_DEADLINE <= conf["timeout"] - 5


@pytest.mark.parametrize(
    "path, extra, status",
    [
        ("/api/v1/games/", {"HTTP_HOST": "evil.example.org"}, 400),  # DisallowedHost, before any view
        ("/api/v1/games/", {"HTTP_HOST": "evil.example.org", "REQUEST_METHOD": "POST"}, 400),
    ],
)
def test_errors_raised_outside_the_api_views_are_json_too(client, corpus, path, extra, status):
    r = client.generic(extra.pop("REQUEST_METHOD", "GET"), path, **extra)
    assert r.status_code == status
    assert r["Content-Type"] == "application/json" and list(r.json()) == ["errors"]
