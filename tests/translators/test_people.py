"""The workspace's people page (issue #25 item 3): a superuser sees every user with their roles,
gives a role — validated as the admin validates it, each refusal beside its field — and takes one
away; anyone else gets 403."""

import pytest

from rules.models import Role
from tests.markup import page_html
from translators import selectors

pytestmark = pytest.mark.django_db

PEOPLE = "/translate/people/"


@pytest.fixture
def root(client, corpus, make_user):
    client.force_login(make_user("root", superuser=True))
    return client


def _give(client, user="ola", kind="translator", game="dolores", lang="el"):
    return client.post(PEOPLE, {"action": "give", "user": user, "kind": kind, "game": game, "lang": lang})


def test_only_a_superuser_opens_the_people_page(client, corpus, make_user):
    assert client.get(PEOPLE).status_code == 302  # to sign in
    tina = make_user("tina", ("reviewer", None, "en"))
    client.force_login(tina)
    assert client.get(PEOPLE).status_code == 403
    assert _give(client, user="tina", kind="reviewer", lang="el").status_code == 403
    assert 'data-testid="people-link"' not in client.get("/translate/").content.decode()
    assert Role.objects.filter(user=tina).count() == 1


def test_a_superuser_gives_a_role_and_takes_it_away(root, make_user):
    assert 'href="/translate/people/" data-testid="people-link"' in root.get("/translate/").content.decode()
    ola = make_user("ola")
    r = _give(root)
    assert r.status_code == 302 and r["Location"] == f"{PEOPLE}#u-{ola.pk}"
    role = Role.objects.get(user=ola)
    assert (role.kind, role.game.slug, role.lang) == ("translator", "dolores", "el")
    page = page_html(root.get(PEOPLE))
    assert 'data-testid="role">Translator · Dolores · Greek (el)' in page
    assert _give(root, kind="designer", lang="").status_code == 302
    assert root.post(PEOPLE, {"action": "remove", "role": role.pk}).status_code == 302
    assert list(Role.objects.filter(user=ola).values_list("kind", flat=True)) == ["designer"]
    assert root.post(PEOPLE, {"action": "remove", "role": role.pk}).status_code == 404


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"lang": "pl"}, "lang", "pl is the language of Dolores"),
        ({"lang": "pl-PL"}, "lang", "pl-PL is the language of Dolores"),
        ({"lang": "xx"}, "lang", "xx is no language this site can name"),
        # Never "Write it as xx-Nope", a spelling then refused too: what is accepted, named.
        (
            {"lang": "xx-nope"},
            "lang",
            "xx-nope is no language this site can name: translations are into known",
        ),
        ({"lang": "zh-hans", "game": "rada-miasta"}, "lang", "Write it as zh-Hans"),
        ({"lang": "en", "kind": "designer"}, "lang", "A designer&#x27;s role names no language."),
        ({"lang": "", "kind": "designer", "game": ""}, "game", "A designer designs one game"),
        ({"user": "nobody"}, "user", "No active user of that name."),
        ({"game": "no-such-game"}, "game", "No such game."),
        ({"kind": "owner"}, "kind", "Choose designer, translator or reviewer."),
    ],
)
def test_a_role_that_could_never_be_used_is_refused_beside_its_field(root, make_user, data, field, message):
    make_user("ola")
    r = _give(root, **data)
    assert r.status_code == 400
    page = r.content.decode()
    assert f'aria-describedby="e-{field}"' in page
    said = page.split(f'<p class="errors" id="e-{field}">', 1)[1].split("</p>", 1)[0]
    assert message in said
    assert not Role.objects.filter(user__username="ola").exists()


def test_the_people_in_two_queries(django_assert_num_queries, corpus, make_user):
    make_user("ola", ("translator", "dolores", "el"), ("reviewer", None, "en"))
    make_user("dana", kind="designer", game="praetor")
    with django_assert_num_queries(2):
        people = selectors.people()
        roles = {
            u.username: [(r.kind, r.game.slug if r.game else None, r.lang) for r in u.role_list]
            for u in people
        }
    assert roles == {
        "dana": [("designer", "praetor", "")],
        "ola": [("reviewer", None, "en"), ("translator", "dolores", "el")],
    }


@pytest.mark.parametrize("typed", ["xx-nope", "XX-NOPE", "zh-hans", "PT-br", "EN-nope", "sr-latn", "qq"])
def test_a_spelling_suggested_is_one_then_accepted(typed):
    from config.languages import translation_language_problem

    problem = translation_language_problem(typed)
    if problem.startswith("Write it as "):
        suggested = problem.removeprefix("Write it as ").split(" ")[0]
        assert translation_language_problem(suggested) == ""
    else:
        assert "no language this site can name" in problem
