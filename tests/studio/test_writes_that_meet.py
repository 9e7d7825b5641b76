"""Catalogue writes that meet (issue #31 item 1): every one locks the game's row first, so the
admin's "Publish a new edition" and a designer's publish queue instead of deadlocking; and a
write PostgreSQL aborts for meeting another (a deadlock, a serialization failure) is a 409
saying so, never "the database cannot be reached"."""

import functools

import pytest
from django.db import OperationalError
from django.utils import timezone

from rules import services
from rules.models import Edition, Game
from tests.conftest import in_threads


class _Aborted(Exception):
    """What psycopg raises for a deadlock (SQLSTATE 40P01) or a serialization failure (40001)."""

    def __init__(self, sqlstate):
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def _met(sqlstate):
    exc = OperationalError("deadlock detected")
    exc.__cause__ = _Aborted(sqlstate)
    return exc


@pytest.mark.django_db
@pytest.mark.parametrize("sqlstate", ["40P01", "40001"])
def test_a_write_aborted_for_meeting_another_is_a_409_not_the_database_down(
    designer, token_api, monkeypatch, sqlstate
):
    api = token_api(designer)
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]

    def publish(**kwargs):
        raise _met(sqlstate)

    monkeypatch.setattr(services, "draft_publish", publish)
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json")
    assert r.status_code == 409, r.content
    assert "at the same moment" in r.json()["errors"]["detail"][0]
    assert "cannot be reached" not in r.content.decode()


def test_a_database_that_cannot_be_reached_is_still_a_503():
    from config.errors import contention, dependency_down

    refused = OperationalError("connection refused")
    assert dependency_down(refused) == "database" and not contention(refused)
    assert dependency_down(_met("40P01")) is None and contention(_met("40P01"))


@pytest.mark.django_db(transaction=True)
def test_the_admins_publish_and_designers_publishes_queue_on_the_games_row(corpus):
    """4 designers' publishes of their drafts racing 4 of the admin's "Publish a new edition":
    none fails but by a refusal, and the game ends with exactly one current edition."""
    game = Game.objects.get(slug="rada-miasta")
    drafts = [services.draft_open(game=game, author=f"d{i}", now=timezone.now()) for i in range(4)]

    def designer_publish(draft):
        try:
            return services.draft_publish(draft=draft, now=timezone.now())
        except services.DraftOutdated as exc:
            return exc

    def admin_publish():
        return services.edition_publish(game=game, name=None, now=timezone.now())

    calls = [functools.partial(designer_publish, d) for d in drafts] + [admin_publish] * 4
    results = in_threads(calls, timeout=120)
    unexpected = [
        r for r in results if isinstance(r, Exception) and not isinstance(r, services.DraftOutdated)
    ]
    assert unexpected == [], unexpected
    assert Edition.objects.filter(game=game, is_current=True).count() == 1
    assert sum(isinstance(r, Edition) for r in results) >= 4  # the admin's four, at least
