"""The benchmark baseline (bench/) is a separate settings module's app, never the product's."""

import pytest
from django.conf import settings


def test_the_product_does_not_install_the_bench_app():
    assert "bench" not in settings.INSTALLED_APPS
    assert settings.ROOT_URLCONF == "config.urls"


@pytest.mark.django_db
def test_the_product_serves_no_bench_url(client):
    assert client.get("/bench/fortunes/").status_code == 404


# Each settings module imported alone in a fresh interpreter under one production environment
# (DEBUG not set, as on a production machine): its settings as text.
_DUMP = """
import importlib, json, sys
import django
django.setup()
module = importlib.import_module(sys.argv[1])
out = {k: repr(getattr(module, k)) for k in dir(module) if k.isupper() and not k.startswith("_")}
from django.urls import get_resolver
from config import urls
first, *rest = get_resolver().url_patterns
out["urls: the product's after the first"] = repr(rest == urls.urlpatterns)
out["urls: the first"] = str(first.pattern)
print(json.dumps(out))
"""


def _settings_of(module: str, tmp_path) -> dict[str, str]:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(
        SECRET_KEY="production-" + "k" * 50,
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ALLOWED_HOSTS="example.org",
        STATIC_ROOT=str(tmp_path / "static"),
        DJANGO_SETTINGS_MODULE=module,  # what the settings read of Django's while they load
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", _DUMP, module], env=env, cwd=root, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_the_bench_settings_are_production_s_plus_the_baseline_page(tmp_path):
    """What bench/run.py serves is what production serves, plus /bench/fortunes/: every setting
    the same under the same environment but the installed apps (one more: bench) and the root
    URLs (bench.root_urls, which mounts /bench/ before the product's own)."""
    product = _settings_of("config.settings", tmp_path)
    bench = _settings_of("bench.settings", tmp_path)
    differ = {k for k in product.keys() | bench.keys() if product.get(k) != bench.get(k)}
    assert differ == {
        "INSTALLED_APPS",
        "ROOT_URLCONF",
        "urls: the first",
        "urls: the product's after the first",
    }
    assert bench["urls: the product's after the first"] == "True"
    assert bench["urls: the first"] == "bench/"
    assert bench["INSTALLED_APPS"] == product["INSTALLED_APPS"][:-1] + ", 'bench']"
    assert bench["ROOT_URLCONF"] == "'bench.root_urls'"
    assert product["DEBUG"] == bench["DEBUG"] == "False"


def test_the_benchmark_reports_the_server_gunicorn_conf_starts(tmp_path):
    """bench/run.py reads what gunicorn.conf.py makes of its server's environment (the worker
    class and threads included), not what a script assumes: "5 sync workers × 1 thread" was
    printed while gthread workers of 16 threads served."""
    from bench.server import describe_server, gunicorn_config, production_env

    env = production_env(
        "sqlite:///unused", tmp_path, DJANGO_SETTINGS_MODULE="bench.settings", WEB_CONCURRENCY="5"
    )
    served = gunicorn_config(env)
    assert served == {"workers": 5, "worker_class": "gthread", "threads": 16, "settings": "bench.settings"}
    assert "5 gthread workers × 16 threads, DJANGO_SETTINGS_MODULE=bench.settings" in describe_server(served)
    sync = gunicorn_config({**env, "GUNICORN_WORKER_CLASS": "sync", "GUNICORN_THREADS": "1"})
    assert "5 sync workers × 1 thread," in describe_server(sync)
