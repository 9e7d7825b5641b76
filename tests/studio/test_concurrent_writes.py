"""Revisions and publishes of one draft racing (issue #20 item 1): every 201 is in the edition
that was published, every loser is a 409 naming the edition, and no version is left in no
edition. Real threads, real transactions, on whichever database the run uses (SQLite by
default, PostgreSQL with DATABASE_URL)."""

import functools

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from rules import services
from rules.models import Clause, ClauseVersion, Edition, EditionEntry, Game
from tests.conftest import in_threads

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 16
THREADS = 16
PUBLISHERS = 2  # per round; the other threads each revise a clause of their own


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def dana(make_user, corpus):
    return make_user("dana", kind="designer", game="rada-miasta")


def _clauses(count):
    """Rada Miasta's first ``count`` rule clauses that no table row reads."""
    return list(
        Clause.objects.filter(game__slug="rada-miasta", kind="rule", table_rows__isnull=True)
        .order_by("position")
        .values_list("key", flat=True)[:count]
    )


def _round(user, n, newest, tag):
    """The calls of one round: PUBLISHERS publishes of draft ``n``, then one revision per clause."""

    def publish():
        return _client(user).post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json")

    def revise(key):
        body = {"text": f"{newest[key].text} ({tag})", "based_on": newest[key].number, "status": "draft"}
        # The round's tag is a figure; rm.support.tracking is declared not executable: confirmed.
        body["confirm_not_executable"] = True
        return _client(user).post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{key}/", body, format="json")

    return [publish] * PUBLISHERS + [functools.partial(revise, key) for key in newest]


def test_sixteen_rounds_of_revisions_racing_a_publish_lose_nothing(dana):
    keys = _clauses(THREADS - PUBLISHERS)
    assert len(keys) == THREADS - PUBLISHERS
    game = Game.objects.get(slug="rada-miasta")
    wins = losses = 0
    for round_ in range(ROUNDS):
        n = services.draft_open(game=game, author="dana", now=timezone.now()).number
        newest = {
            key: ClauseVersion.objects.filter(clause__key=key).order_by("-number").first() for key in keys
        }
        calls = _round(dana, n, newest, f"r{round_}")
        results = in_threads(calls)
        crashed = [r for r in results if isinstance(r, Exception) or r.status_code >= 500]
        assert crashed == [], crashed

        published = [r.status_code for r in results[:PUBLISHERS]]
        assert sorted(published) == [200] + [409] * (PUBLISHERS - 1), published
        edition = Edition.objects.get(game=game, number=n)
        assert (edition.status, edition.is_current) == ("published", True)
        in_edition = dict(
            EditionEntry.objects.filter(edition=edition).values_list("clause__key", "version__number")
        )
        for key, r in zip(keys, results[PUBLISHERS:], strict=True):
            if r.status_code == 201:
                # The answer says where the version is: in this draft, now the published edition.
                assert in_edition[key] == r.json()["number"], (round_, key)
                wins += 1
            else:
                assert r.status_code == 409, (round_, key, r.status_code, r.content)
                assert r.json()["errors"] == {
                    "edition": [f"edition {n} is already published: open a new draft to revise it further"]
                }
                assert in_edition[key] == newest[key].number
                losses += 1
        for r in results[:PUBLISHERS]:
            if r.status_code == 409:
                assert f"edition {n}" in r.json()["errors"]["edition"][0]

    # Nothing orphaned: every version the designer wrote is in an edition.
    written = ClauseVersion.objects.filter(author="dana")
    assert written.count() == wins
    assert not written.exclude(id__in=EditionEntry.objects.values("version_id")).exists()
    assert wins + losses == ROUNDS * (THREADS - PUBLISHERS)


def test_sixteen_simultaneous_publishes_give_one_200_and_fifteen_409s(dana):
    game = Game.objects.get(slug="rada-miasta")
    n = services.draft_open(game=game, author="dana", now=timezone.now()).number

    def publish():
        return _client(dana).post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json")

    codes = sorted(r.status_code for r in in_threads([publish] * THREADS))
    assert codes == [200] + [409] * (THREADS - 1)
    assert Edition.objects.get(game=game, is_current=True).number == n
