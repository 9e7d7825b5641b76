"""Shared fixtures: the shipped corpus loaded once into the test database."""

import os

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("loadcorpus", verbosity=0)


@pytest.fixture
def corpus(db):
    """The five games loaded (reloaded if a transactional test flushed them)."""
    from rules.models import Game

    if not Game.objects.exists():
        call_command("loadcorpus", verbosity=0)
    return Game.objects.order_by("position")


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
        caches["shared"].clear()


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
        except Exception as exc:  # noqa: BLE001 - a 500 would be a result the test reports
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
