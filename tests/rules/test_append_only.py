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
