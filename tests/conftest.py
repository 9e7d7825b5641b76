"""Shared fixtures: the shipped corpus loaded once into the test database."""

import os

import pytest
from django.core.management import call_command

from tests import snapshot


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        load_corpus()
        snapshot.take()


def load_corpus() -> None:
    call_command("loadcorpus", verbosity=0)
    snapshot.counts["loaded"] += 1


@pytest.fixture
def corpus(db):
    """The five games loaded (put back after each test that committed, so present here)."""
    from rules.models import Game

    if not Game.objects.exists():
        load_corpus()
    return Game.objects.order_by("position")


def _committed(item) -> bool:
    """Whether the test ran on committed transactions, which Django's flush empties after it."""
    marker = item.get_closest_marker("django_db")
    transaction = marker is not None and (marker.kwargs.get("transaction") or marker.args[:1] == (True,))
    return bool(transaction) or not {"transactional_db", "live_server"}.isdisjoint(item.fixturenames)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a test that committed (and so ended with the flush), the corpus as the session
    loaded it is put back (tests/snapshot.py) instead of the next test loading it again."""
    try:
        return (yield)
    finally:
        if nextitem is not None and _committed(item):  # (after the last, the database goes)
            from rules.models import Game

            with item.session.config.stash[_blocker].unblock():
                if not Game.objects.exists():
                    snapshot.restore() or load_corpus()


_blocker = pytest.StashKey()


@pytest.fixture(scope="session", autouse=True)
def _keep_the_blocker(request, django_db_blocker):
    request.config.stash[_blocker] = django_db_blocker


def pytest_terminal_summary(terminalreporter, config):
    counts = dict(snapshot.counts)
    for node_counts in config.stash.get(_worker_counts, []):
        for key, n in node_counts.items():
            counts[key] += n
    if any(counts.values()):
        terminalreporter.write_line(
            f"corpus: loaded {counts['loaded']} times, put back from its snapshot {counts['restored']} times"
        )


_worker_counts = pytest.StashKey()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist: a worker's counts, for the summary."""
    counts = getattr(node, "workeroutput", {}).get("corpus_counts")
    if counts:
        node.config.stash.setdefault(_worker_counts, []).append(counts)


def pytest_sessionfinish(session):
    if hasattr(session.config, "workeroutput"):  # a pytest-xdist worker
        session.config.workeroutput["corpus_counts"] = dict(snapshot.counts)


@pytest.fixture
def make_user(db):
    """A user (password ``pw-<name>``) with these roles: each a (kind, game slug or None, lang),
    or one said by keywords (``kind="designer", game="rada-miasta"``)."""
    from django.contrib.auth import get_user_model

    from rules.models import Game, Role

    def make(name, *roles, kind=None, game=None, lang="", staff=False, superuser=False):
        user = get_user_model().objects.create_user(
            name, password="pw-" + name, is_staff=staff or superuser, is_superuser=superuser
        )
        for role_kind, slug, role_lang in (*roles, (kind, game, lang)) if kind else roles:
            Role.objects.create(
                user=user,
                kind=role_kind,
                game=Game.objects.get(slug=slug) if slug else None,
                lang=role_lang,
            )
        return user

    return make


@pytest.fixture
def save_translation(db):
    """Save ``text`` as the next revision of ``translation``, as an editor opened on its current
    revision does (``rules.services.translation_save``): someone saving in the site meanwhile."""
    from django.utils import timezone

    from rules import services

    def save(translation, text, *, state="translated", author="translator"):
        return services.translation_save(
            version=translation.based_on,
            lang=translation.lang,
            text=text,
            state=state,
            expected_revision=translation.revision,
            author=author,
            now=timezone.now(),
        )

    return save


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture(autouse=True)
def _no_throttle_between_tests(settings):
    """Throttling has its own test; elsewhere it would only make tests order-dependent."""
    from django.core.cache import cache, caches

    settings.RULING_RATE = None
    cache.clear()
    # The shared cache outlives a test's transaction only when it is Redis (REDIS_URL: point
    # it at a database of its own for tests, as .ci/run does); the database cache rolls back.
    if os.environ.get("REDIS_URL"):
        # Only this process's keys (config.test_settings: one prefix per xdist worker); clear()
        # would empty the database under the other workers' tests.
        shared = caches["shared"]
        client = shared._cache.get_client(write=True)
        if keys := list(client.scan_iter(match=shared.make_key("*"), count=1000)):
            client.delete(*keys)


@pytest.fixture(autouse=True)
def _english_unless_asked():
    """Each test starts in the default interface language. A request through the test client
    activates its language in this thread (LocaleMiddleware) and nothing resets it, so a
    Polish request would otherwise make later tests explain themselves in Polish."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def real_queries(ctx) -> list[str]:
    """SQL sent for the request, less the SAVEPOINT/RELEASE pairs that only exist because each
    test runs inside a transaction (in production, atomic() opens a transaction instead)."""
    return [
        q["sql"] for q in ctx.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


def database_url() -> str:
    """The test database as a DATABASE_URL, for a server or worker process of its own."""
    from django.db import connection

    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def revise(edition, key: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in clause ``key``'s newest wording, in the draft ``edition``."""
    from django.utils import timezone

    from rules import services
    from rules.models import Clause, ClauseVersion

    clause = Clause.objects.get(game=edition.game, key=key)
    latest = ClauseVersion.objects.filter(clause=clause).order_by("-number").first()
    assert old in latest.text, (key, latest.text)
    services.clause_revise(
        clause=clause,
        text=latest.text.replace(old, new),
        status="draft",
        expected_version=latest.number,
        now=timezone.now(),
        draft=edition,
    )


def in_threads(calls, *, timeout: float = 120) -> list:
    """Run each call in a thread of its own, all released at once; their results in order (an
    exception raised is its call's result). Each thread closes its database connection."""
    import threading

    from django.db import close_old_connections, connection

    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(n):
        try:
            start.wait()
            results[n] = calls[n]()
        except Exception as exc:
            results[n] = exc
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    return results


def pytest_ignore_collect(collection_path, config):
    """tests/bench needs the bench app, which only bench.settings installs: ``make test`` runs
    it in a second pytest run with ``--ds=bench.settings``."""
    import os

    if collection_path.name == "bench" and collection_path.parent.name == "tests":
        return os.environ.get("DJANGO_SETTINGS_MODULE") != "bench.settings"
    return None
