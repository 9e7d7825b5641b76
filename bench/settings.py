"""The benchmark's settings: the project's, plus the bench app (the bare-Django "fortunes"
baseline, its model and its /bench/ URL), which the product itself never installs or serves.

The benchmark's collectstatic writes into a temporary directory (the STATIC_ROOT variable that
config.settings reads), never into the working tree. Used by bench/run.py and by the tests of
tests/bench (``pytest --ds=bench.settings tests/bench``, which ``make test`` runs);
everything else comes from the environment exactly as in production (DEBUG=0, SECRET_KEY,
DATABASE_URL, ...).
"""

import os

# The bench's own tests (pytest --ds=bench.settings) run in development mode, as the suite's;
# bench/run.py sets DEBUG=0 and a SECRET_KEY for its production-mode servers.
os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: E402, F403

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]  # noqa: F405
ROOT_URLCONF = "bench.root_urls"
