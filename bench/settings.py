"""The project's settings, unchanged, except that STATIC_ROOT can point at a temporary
directory (BENCH_STATIC_ROOT) so that the benchmark's collectstatic never writes into
the working tree. Used only by bench/run.py; everything else comes from the
environment exactly as in production (DEBUG=0, SECRET_KEY, DATABASE_URL, ...).
"""

import os
from pathlib import Path

from config.settings import *  # noqa: F403

if os.environ.get("BENCH_STATIC_ROOT"):
    STATIC_ROOT = Path(os.environ["BENCH_STATIC_ROOT"])
