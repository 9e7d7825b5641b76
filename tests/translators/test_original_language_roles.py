"""No role opens the translation of a game into its own original's language, in any regional
form (issue 31 item 4): a role for every game in "pl-PL" is accepted, for it serves the games
not written in Polish, but it must not open Dolores's (Polish) workspace, nor save there."""

import pytest

from rules.models import Game, Role, Translation
from rules.permissions import can_review, can_work_on, is_original_language

pytestmark = pytest.mark.django_db

KEY = "dl.currency"


@pytest.fixture
def ola(client, corpus, make_user):
    """A reviewer of "pl-PL" in every game, given on the people page."""
    make_user("ola")
    client.force_login(make_user("root", superuser=True))
    r = client.post(
        "/translate/people/",
        {"action": "give", "user": "ola", "kind": "reviewer", "game": "", "lang": "pl-PL"},
    )
    assert r.status_code == 302
    role = Role.objects.get(user__username="ola")
    assert (role.game, role.lang) == (None, "pl-PL")
    client.force_login(role.user)
    return role.user


@pytest.mark.parametrize(
    ("slug", "lang", "original"),
    [
        ("dolores", "pl", True),
        ("dolores", "pl-PL", True),
        ("dolores", "PL-pl", True),
        ("praetor", "zh", True),
        ("praetor", "zh-Hans", True),
        ("praetor", "zh-Hant", False),
        ("praetor", "pl-PL", False),
        ("mega-civilization", "el-GR", True),
        ("mega-civilization", "pl-PL", False),
    ],
)
def test_the_original_language_is_known_in_any_form(corpus, slug, lang, original):
    game = Game.objects.get(slug=slug)
    assert is_original_language(game, lang) is original
    assert is_original_language(game.pk, lang) is original


def test_an_every_game_regional_role_does_not_open_the_original_language(client, ola):
    assert client.get("/translate/dolores/pl-PL/").status_code == 404
    r = client.post(
        f"/translate/dolores/pl-PL/c/{KEY}/",
        {"text": "Nie tłumaczenie.", "state": "approved", "version": 1, "expected_revision": 0},
    )
    assert r.status_code == 404
    assert not Translation.objects.filter(lang="pl-PL", clause__game__slug="dolores").exists()
    dolores = Game.objects.get(slug="dolores")
    assert not can_work_on(ola, dolores, "pl-PL") and not can_review(ola, dolores.pk, "pl-PL")


def test_the_same_role_still_serves_the_games_in_other_languages(client, ola):
    for slug in ("praetor", "mega-civilization"):
        assert client.get(f"/translate/{slug}/pl-PL/").status_code == 200
        game = Game.objects.get(slug=slug)
        assert can_work_on(ola, game, "pl-PL") and can_review(ola, game.pk, "pl-PL")
    home = client.get("/translate/").content.decode()
    assert "/translate/praetor/pl-PL/" in home and "/translate/mega-civilization/pl-PL/" in home
    assert "/translate/dolores/pl-PL/" not in home


def test_the_api_refuses_the_original_language_too(api, ola):
    api.force_authenticate(ola)
    r = api.post("/api/v1/games/dolores/translations/pl-PL/align/", {"text": "Tekst."}, format="json")
    assert r.status_code == 400 and r.json()["errors"] == {
        "lang": ["pl-PL is the language of dolores's original."]
    }
    assert (
        api.post(
            "/api/v1/games/praetor/translations/pl-PL/align/", {"text": "Tekst."}, format="json"
        ).status_code
        == 200
    )


def test_not_even_a_superuser_opens_the_original_language(client, corpus, make_user):
    client.force_login(make_user("root", superuser=True))
    assert client.get("/translate/dolores/pl-PL/").status_code == 404
    assert client.get("/translate/praetor/zh/").status_code == 404
    assert client.get("/translate/praetor/pl-PL/").status_code == 200
