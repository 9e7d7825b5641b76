"""The README's set-up and first-use commands run as written on a fresh clone (issue 39).

The repository's tracked files are copied (modification times kept, so make sees the installed
virtualenv as up to date) into a temporary directory with the shared ``.venv`` linked in: a
clone with nothing made yet, no ``db.sqlite3``. Every shell block under "Set up" and "First
use" runs there, line by line, exactly as written, with ``DEBUG``, ``SECRET_KEY``,
``DATABASE_URL`` and ``REDIS_URL`` taken out of the environment (so a command that needs more
than it says fails). ``make run`` runs as written, on a free port (``PORT`` from the
environment, as the README says), until the site answers and its task worker is up, and is then
stopped; ``make test`` is this suite itself, so make only checks it with ``-n`` (the target
exists and its recipe expands). About 90 s on the shared machine.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ("Set up", "First use")


def commands(readme: str) -> list[str]:
    """The command lines of the ```sh blocks under the README's set-up and first-use headings."""
    out = []
    for section in SECTIONS:
        m = re.search(rf"^## {section}\n(.*?)(?=^## )", readme, re.S | re.M)
        assert m, f"README has no '## {section}' section"
        for block in re.findall(r"```sh\n(.*?)```", m.group(1), re.S):
            for line in block.splitlines():
                line = line.strip()
                if line and not line.startswith("#"):
                    out.append(line)
    return out


def test_set_up_and_first_use_come_before_the_feature_list():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", readme, re.M)
    assert headings[:3] == ["Set up", "First use", "What it does"]
    said = commands(readme)
    for needed in ("make run", "loadcorpus", "createsuperuser", "playtest", "pins --update"):
        assert any(needed in line for line in said), needed
    # What make run starts in the background is said.
    setup = readme.split("## First use")[0]
    assert "db_worker" in setup and "five" in setup and "2,000-game" in setup


@pytest.fixture
def clone(tmp_path):
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split("\0")
    dest = tmp_path / "clone"
    for name in filter(None, files):
        source = ROOT / name
        if not source.is_file():
            continue  # removed in the working tree, not yet committed
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    (dest / ".venv").symlink_to((ROOT / ".venv").resolve())
    return dest


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _make_run(clone: Path, env: dict) -> None:
    """``make run`` as written: it migrates, loads the corpus, queues the reference runs and
    serves, with its task worker beside the server; stopped once both are up."""
    import signal
    import time
    import urllib.request

    port = _free_port()
    server = subprocess.Popen(
        ["bash", "-c", "make run"],
        cwd=clone,
        env={**env, "PORT": str(port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 240
        while True:
            assert server.poll() is None, server.stdout.read().decode()[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/referee/", timeout=5) as page:
                    assert page.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "make run did not serve within 240 s"
                time.sleep(1)
        workers = subprocess.run(
            ["pgrep", "-f", "-g", str(server.pid), "db_worker"], capture_output=True, text=True
        )
        assert workers.stdout.strip(), "make run started no task worker"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(30)
    assert (clone / "db.sqlite3").exists()


def test_every_set_up_and_first_use_command_runs_as_written(clone):
    assert not (clone / "db.sqlite3").exists()
    env = {
        k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL")
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    ran = []
    for line in commands((ROOT / "README.md").read_text(encoding="utf-8")):
        if line == "make run":
            _make_run(clone, env)
            ran.append(line)
            continue
        if line.startswith("make "):
            line = line.replace("make ", "make -n ", 1)
        done = subprocess.run(
            ["bash", "-c", line], cwd=clone, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        ran.append(line)
    assert any("createsuperuser" in line for line in ran)
    # The first user signs in: it is a superuser, the designer and translator of everything.
    check = subprocess.run(
        [
            ".venv/bin/python",
            "manage.py",
            "shell",
            "-c",
            "from django.contrib.auth import get_user_model; u = get_user_model().objects.get(username='admin');"
            " print(u.is_superuser, u.check_password('change-me'))",
        ],
        cwd=clone,
        env={**env, "DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.stdout.split()[-2:] == ["True", "True"], check.stderr
    # Without DEBUG=1 a command still refuses to start without a key: production stays safe.
    refused = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode != 0 and "SECRET_KEY must be set when DEBUG is off" in refused.stderr
