"""Users with roles, for the designer workspace and API tests."""

import pytest
from rest_framework.authtoken.models import Token


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
