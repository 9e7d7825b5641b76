"""Role grants are unique in the database (issue 31 item 1): 16 simultaneous grants of one role
on the people page store one row and each answer as the one grant (PostgreSQL gave 13 × 500 and
2 rows for a role of every game, whose NULL game the first unique constraint could not see)."""

import pytest
from django.db import IntegrityError, connection, transaction

from rules.models import Game, Role
from tests.conftest import in_threads
from translators import services

THREADS = 16


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("kind", "game", "lang"),
    [("reviewer", "", "en"), ("translator", "dolores", "el"), ("designer", "praetor", "")],
)
def test_simultaneous_grants_of_one_role_store_one_row(corpus, make_user, kind, game, lang):
    from django.test import Client

    root = make_user("root", superuser=True)
    ola = make_user("ola")

    def give():
        client = Client()
        client.force_login(root)
        r = client.post(
            "/translate/people/", {"action": "give", "user": "ola", "kind": kind, "game": game, "lang": lang}
        )
        return r.status_code

    connection.close()  # this thread's connection back to the pool (16 at most) for the others
    codes = in_threads([give] * THREADS)
    assert codes == [302] * THREADS, codes
    assert Role.objects.filter(user=ola).count() == 1
    # And every later grant of it is the same role again, not a 500.
    role, created = services.role_give(
        user=ola, kind=kind, game=Game.objects.filter(slug=game).first(), lang=lang
    )
    assert not created and Role.objects.filter(user=ola).count() == 1


@pytest.mark.django_db
def test_the_database_refuses_a_second_role_for_every_game(corpus, make_user):
    ola = make_user("ola", ("reviewer", None, "en"))
    with pytest.raises(IntegrityError), transaction.atomic():
        Role.objects.create(user=ola, kind="reviewer", game=None, lang="en")
    Role.objects.create(user=ola, kind="translator", game=None, lang="en")  # another role: kept
    assert Role.objects.filter(user=ola).count() == 2
