"""The benchmark's settings: production's (config.settings, everything from the environment as
on a production machine: DEBUG, SECRET_KEY, DATABASE_URL, ...), plus the bench app — the
bare-Django "fortunes" baseline, its model and its /bench/ URL — which the product itself
never installs or serves. Nothing else differs (tests/test_bench_is_not_the_product.py).

The benchmark's collectstatic writes into a temporary directory (the STATIC_ROOT variable that
config.settings reads), never into the working tree. Used by bench/run.py and the other
scripts of bench/, and by the tests of tests/bench (``pytest --ds=bench.settings tests/bench``,
which ``make test`` runs): under pytest the base is the suite's config.test_settings
(development mode by default, as every other test runs), never on a benchmark's server.
"""

import sys

if "pytest" in sys.modules:
    from config.test_settings import *  # noqa: F403
else:
    from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]  # noqa: F405
ROOT_URLCONF = "bench.root_urls"
