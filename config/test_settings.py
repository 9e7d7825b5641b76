"""The project's settings for the test suite: DEBUG defaults on here, as `make run` sets it (the
test runner itself serves with DEBUG off), so no SECRET_KEY is needed to run the tests."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: E402, F403
