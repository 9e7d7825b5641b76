"""Roles where people look for them (issue #25 item 3): their own admin page and an inline on
the user, for superusers only, validated so that no role is given that could never be used."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from rules.models import Game, Role

ADD = "admin:rules_role_add"


@pytest.fixture
def root(corpus, make_user):
    client = Client()
    client.force_login(make_user("root", superuser=True))
    return client


def _add(client, user, kind, game, lang):
    data = {"user": user.pk, "kind": kind, "game": game.pk if game else "", "lang": lang}
    return client.post(reverse(ADD), data)


@pytest.mark.parametrize(
    "kind, slug, lang, field, message",
    [
        ("translator", "dolores", "pl", "lang", "pl is the language of"),
        ("reviewer", "mega-civilization", "el", "lang", "el is the language of"),
        ("translator", "dolores", "not a code", "lang", "Not a BCP 47 language code"),
        # Only languages a game can have: one the site can name, written as translations store
        # it, and not a regional form of the original's.
        ("translator", "dolores", "xx", "lang", "xx is no language this site can name"),
        ("reviewer", None, "tlh", "lang", "tlh is no language this site can name"),
        ("translator", None, "zh-hans", "lang", "Write it as zh-Hans"),
        ("translator", "dolores", "pl-PL", "lang", "pl-PL is the language of"),
        ("designer", None, "", "game", "A designer designs one game"),
        ("designer", "dolores", "en", "lang", "A designer&#x27;s role names no language."),
    ],
)
def test_a_role_that_could_never_be_used_is_refused(root, make_user, kind, slug, lang, field, message):
    user = make_user("ola")
    r = _add(root, user, kind, Game.objects.get(slug=slug) if slug else None, lang)
    assert r.status_code == 200 and message in r.content.decode()
    assert not Role.objects.filter(user=user).exists()


def test_a_superuser_gives_a_role_on_its_page_and_sees_it_on_the_user(root, make_user):
    user = make_user("ola")
    dolores = Game.objects.get(slug="dolores")
    assert _add(root, user, "translator", dolores, "en").status_code == 302
    assert list(Role.objects.filter(user=user).values_list("kind", "game__slug", "lang")) == [
        ("translator", "dolores", "en")
    ]
    page = root.get(reverse("admin:auth_user_change", args=[user.pk])).content.decode()
    assert 'name="roles-0-lang"' in page and 'value="en"' in page


def test_only_a_superuser_gives_roles(corpus, make_user):
    staff = make_user("staff", staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label__in=["rules", "auth"]))
    client = Client()
    client.force_login(staff)
    assert client.get(reverse(ADD)).status_code == 403
    assert client.get(reverse("admin:rules_role_changelist")).status_code == 403
    page = client.get(reverse("admin:auth_user_change", args=[staff.pk])).content.decode()
    assert "roles-0-lang" not in page
