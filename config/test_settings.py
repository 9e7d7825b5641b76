"""The project's settings for the test suite: DEBUG defaults on here, as `make run` sets it (the
test runner itself serves with DEBUG off), so no SECRET_KEY is needed to run the tests."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403

# pytest-xdist runs the tests in several processes (PYTEST_XDIST_WORKER: gw0, gw1, …), each with
# a test database of its own (pytest-django's suffix). They share REDIS_URL's database: each
# worker's keys carry its name, and tests/conftest.py clears only its own worker's keys.
if os.environ.get("REDIS_URL"):
    CACHES["shared"]["KEY_PREFIX"] = "test-" + os.environ.get("PYTEST_XDIST_WORKER", "main")  # noqa: F405
