"""Users with roles, for the designer workspace and API tests."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from rules.models import Game, Role


@pytest.fixture
def make_user(db):
    def make(name, *, kind=None, game=None, lang="", staff=False, superuser=False):
        user = get_user_model().objects.create_user(
            name, password="pw-" + name, is_staff=staff or superuser, is_superuser=superuser
        )
        if kind:
            Role.objects.create(
                user=user, kind=kind, game=Game.objects.get(slug=game) if game else None, lang=lang
            )
        return user

    return make


@pytest.fixture
def designer(make_user, corpus):
    """A designer of Rada Miasta (and nothing else)."""
    return make_user("dana", kind="designer", game="rada-miasta")


@pytest.fixture
def token_api(api):
    """An API client that authenticates a user with their token."""

    def as_user(user):
        token, _ = Token.objects.get_or_create(user=user)
        api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return api

    return as_user
