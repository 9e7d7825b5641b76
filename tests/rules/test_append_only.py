"""Append-only in the database: a raw UPDATE or DELETE of a version, a translation revision,
a ruling or a citation fails, whatever the ORM says (both databases)."""

import pytest
from django.db import DatabaseError, connection, transaction

from rules.append_only import TABLES

pytestmark = pytest.mark.django_db


def _one_row(table):
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT id FROM "{table}" LIMIT 1')
        return cursor.fetchone()[0]


@pytest.fixture
def a_ruling(corpus, api):
    api.post("/api/v1/games/dolores/adjudicators/interception/", {"inputs": {"roll": 5}}, format="json")


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize(
    "statement", ['UPDATE "{t}" SET id = id WHERE id = %s', 'DELETE FROM "{t}" WHERE id = %s']
)
def test_a_raw_rewrite_is_refused(a_ruling, table, statement):
    row = _one_row(table)
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement.format(t=table), [row])


def test_the_base_manager_cannot_rewrite_a_version_either(corpus):
    from rules.models import ClauseVersion

    version = ClauseVersion.objects.first()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        ClauseVersion._base_manager.filter(pk=version.pk).update(text="rewritten")
    version.refresh_from_db()
    assert version.text != "rewritten"


def _published_and_draft(corpus):
    from django.utils import timezone

    from rules import services
    from rules.models import Edition, Game

    game = Game.objects.get(slug="rada-miasta")
    published = Edition.objects.get(game=game, is_current=True)
    draft = services.draft_open(game=game, author="designer", now=timezone.now())
    return published, draft


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE rules_edition SET status = 'draft' WHERE id = %(published)s",
        "UPDATE rules_edition SET name = 'rewritten' WHERE id = %(published)s",
        "DELETE FROM rules_edition WHERE id = %(published)s",
        "UPDATE rules_editionentry SET version_id = version_id WHERE edition_id = %(published)s",
        "UPDATE rules_editionentry SET edition_id = %(published)s WHERE edition_id = %(draft)s",
        "DELETE FROM rules_editionentry WHERE edition_id = %(published)s",
    ],
)
def test_a_published_edition_and_its_entries_cannot_be_changed(corpus, statement):
    published, draft = _published_and_draft(corpus)
    with (
        pytest.raises(DatabaseError, match="a published edition is immutable"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            statement.replace("%(published)s", str(published.pk)).replace("%(draft)s", str(draft.pk))
        )


def test_a_draft_changes_freely_and_a_published_edition_stops_being_current(corpus):
    from rules.models import Edition, EditionEntry

    published, draft = _published_and_draft(corpus)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rules_edition SET name = 'Working' WHERE id = %s", [draft.pk])
        cursor.execute("UPDATE rules_editionentry SET position = position WHERE edition_id = %s", [draft.pk])
    # What publishing the next edition does to this one.
    Edition.objects.filter(pk=published.pk).update(is_current=False)
    assert not Edition.objects.get(pk=published.pk).is_current
    EditionEntry.objects.filter(edition=draft).drop()
    assert not EditionEntry.objects.filter(edition=draft).exists()
