"""`make serve-prod`'s server keeps answering its health check within 2 s while 5 slow uploads
and 6 slow-header connections are open (bench/slow_clients.py against gunicorn.conf.py's
defaults, in production mode): issue #20 item 6."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bench import slow_clients
from tests.conftest import database_url

ROOT = Path(__file__).resolve().parents[1]

# Under pytest-xdist (make test), with the other tests that start servers: one at a time, in
# one worker (their gunicorns count rulings per client address in the same Redis).
pytestmark = pytest.mark.xdist_group("servers")


@pytest.fixture
def server(corpus, tmp_path):
    """gunicorn as `make serve-prod` starts it (gunicorn.conf.py, its default workers and
    threads), on the test database (the corpus committed when the session began; this test's
    own transaction writes nothing, and the throttle, which would write, is off)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "WEB_CONCURRENCY", "GUNICORN_"))
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="slow-clients-" + "k" * 50,
        DATABASE_URL=database_url(),
        PORT=str(port),
        RULING_RATE="none",
    )
    log = open(tmp_path / "gunicorn.log", "wb")
    gunicorn = Path(sys.executable).parent / "gunicorn"
    proc = subprocess.Popen(
        [str(gunicorn), "-c", "gunicorn.conf.py", "config.wsgi"], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url + slow_clients.HEALTH, timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, (
                tmp_path / "gunicorn.log"
            ).read_text()
            time.sleep(0.3)
        # Every worker has served once (imports done), as on a server that has been up a while.
        for _ in range(20):
            urllib.request.urlopen(url + slow_clients.HEALTH, timeout=10).read()
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_health_checks_answer_within_2_s_under_slow_clients(server):
    result = slow_clients.run(server, seconds=10, uploads=5, big_uploads=1, slow_headers=6, max_latency=2.0)
    assert result["held_at_start"] == {"uploads": 5, "slow_headers": 6}
    assert result["health_checks"] >= 10
    assert result["health_failures"] == [], result
    # The 300 MB body no page takes is refused before it is read.
    assert [status for _t, status in result["big_upload_answers"]] == [413], result
    assert result["ok"]


def test_the_probe_runs_only_against_this_machine():
    with pytest.raises(SystemExit, match="only runs against this machine"):
        slow_clients.run(
            "http://example.org", seconds=1, uploads=0, big_uploads=0, slow_headers=0, max_latency=2
        )
