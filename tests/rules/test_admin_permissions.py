"""The admin follows the one permission model (issue #20 item 4): with every model permission,
a user still changes only what their role allows, as in the studio and the translators'
workspace; a published edition changes for no one; an API token is seen by its owner and
superusers only. The matrix below is every change page the roles touch."""

import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from rules import models, services

USERS = ["superuser", "staff-without-role", "designer-of-dolores", "translator-of-en"]
Y, N, HIDDEN = "editable", "read-only", "hidden"

# object → what each of USERS gets on its change page.
MATRIX = {
    "game dolores": (Y, N, Y, N),
    "clause of dolores": (Y, N, Y, N),
    "clause of rada-miasta": (Y, N, N, N),
    "variant of dolores": (Y, N, Y, N),
    "glossary term of dolores": (Y, N, Y, N),
    "table row of dolores": (Y, N, Y, N),
    "published edition of dolores": (N, N, N, N),
    "draft edition of dolores": (Y, N, Y, N),
    "en translation of dolores": (Y, N, N, Y),
    "the superuser's API token": (Y, HIDDEN, HIDDEN, HIDDEN),
}


@pytest.fixture
def setup(corpus, make_user):
    everything = Permission.objects.filter(content_type__app_label__in=["rules", "authtoken"])
    users = {
        "superuser": make_user("root", superuser=True),
        "staff-without-role": make_user("staff", staff=True),
        "designer-of-dolores": make_user("dd", kind="designer", game="dolores", staff=True),
        "translator-of-en": make_user("te", kind="translator", lang="en", staff=True),
    }
    for name, user in users.items():
        if name != "superuser":
            user.user_permissions.set(everything)
    dolores = models.Game.objects.get(slug="dolores")
    draft = services.draft_open(game=dolores, author="dd", now=timezone.now())
    token = Token.objects.create(user=users["superuser"])
    objects = {
        "game dolores": ("rules_game", dolores.pk),
        "clause of dolores": ("rules_clause", models.Clause.objects.filter(game=dolores).first().pk),
        "clause of rada-miasta": (
            "rules_clause",
            models.Clause.objects.filter(game__slug="rada-miasta").first().pk,
        ),
        "variant of dolores": ("rules_variant", models.Variant.objects.filter(game=dolores).first().pk),
        "glossary term of dolores": ("rules_term", models.Term.objects.filter(game=dolores).first().pk),
        "table row of dolores": ("rules_tablerow", models.TableRow.objects.filter(game=dolores).first().pk),
        "published edition of dolores": (
            "rules_edition",
            models.Edition.objects.get(game=dolores, is_current=True).pk,
        ),
        "draft edition of dolores": ("rules_edition", draft.pk),
        "en translation of dolores": (
            "rules_translation",
            models.Translation.objects.filter(clause__game=dolores, lang="en").first().pk,
        ),
        "the superuser's API token": ("authtoken_tokenproxy", users["superuser"].pk),
    }
    return users, objects, token


@pytest.mark.parametrize("what", list(MATRIX))
def test_the_admins_change_pages_follow_the_roles(setup, what):
    users, objects, _token = setup
    model, pk = objects[what]
    url = reverse(f"admin:{model}_change", args=[pk])
    for name, expected in zip(USERS, MATRIX[what], strict=True):
        client = Client()
        client.force_login(users[name])
        page = client.get(url)
        if expected == HIDDEN:
            # As if it did not exist: back to the admin's index, nothing shown.
            assert page.status_code == 302, (what, name)
            continue
        assert page.status_code == 200, (what, name)
        saves = 'name="_save"' in page.content.decode()
        assert saves == (expected == Y), (what, name, expected)
        if expected == N:
            # A forged post is refused before anything is read from it.
            assert client.post(url, {}).status_code == 403, (what, name)


def test_only_a_superuser_sees_another_users_api_token(setup):
    users, _objects, token = setup
    own = Token.objects.create(user=users["staff-without-role"])
    client = Client()
    client.force_login(users["staff-without-role"])
    page = client.get(reverse("admin:authtoken_tokenproxy_changelist")).content.decode()
    assert own.key in page and token.key not in page
    client.force_login(users["superuser"])
    page = client.get(reverse("admin:authtoken_tokenproxy_changelist")).content.decode()
    assert own.key in page and token.key in page


def test_a_designer_adds_clauses_only_to_their_games(setup):
    users, _objects, _token = setup
    client = Client()
    client.force_login(users["designer-of-dolores"])
    form = client.get(reverse("admin:rules_clause_add")).content.decode()
    games = re.search(r'<select name="game".*?</select>', form, re.S).group(0)
    assert re.findall(r'<option value="(\d+)"', games) == [str(models.Game.objects.get(slug="dolores").pk)]
    client.force_login(users["staff-without-role"])
    assert client.get(reverse("admin:rules_clause_add")).status_code == 403
