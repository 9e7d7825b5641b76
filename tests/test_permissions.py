"""Who may write what, as one table: every kind of user × every write page and API endpoint
→ the status it gets (one role model, rules.permissions, for pages and API alike)."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from rules.models import Edition, Game, Role, Translation

pytestmark = pytest.mark.django_db

USERS = [
    "anonymous",
    "no-role",
    "translator",
    "reviewer",
    "other-translator",
    "game-translator",
    "other-designer",
    "staff",
    "designer",
    "superuser",
]
ALLOWED = {"designer", "superuser"}
# Who may work on praetor's Polish translation: a translator or reviewer of Polish (of every
# game, or of praetor), not one of another language, another game, or a designer.
TRANSLATORS = {"translator", "reviewer", "game-translator", "superuser"}


def _user(kind):
    if kind == "anonymous":
        return None
    user = get_user_model().objects.create_user(
        kind, password="pw", is_staff=kind in ("staff", "superuser"), is_superuser=kind == "superuser"
    )
    role = {
        "translator": ("translator", None, "pl"),
        "reviewer": ("reviewer", None, "pl"),
        "other-translator": ("translator", None, "el"),
        "game-translator": ("translator", "praetor", "pl"),
        "other-designer": ("designer", "dolores", ""),
        "designer": ("designer", "rada-miasta", ""),
    }.get(kind)
    if role:
        kind_, game, lang = role
        Role.objects.create(
            user=user, kind=kind_, game=Game.objects.get(slug=game) if game else None, lang=lang
        )
    return user


@pytest.fixture
def draft(corpus):
    from django.utils import timezone

    from rules import services

    return services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="x", now=timezone.now())


TITLE = "pr.intro.title"


def _endpoints(n):
    limits = "rm.support.limits"
    revision = {
        "text": "Poziom poparcia danej grupy nie może przekroczyć 9 i nie może być ujemny",
        "based_on": 1,
        "status": "draft",
    }
    return [
        # (name, kind, method, path, body, success)
        ("api: open a draft", "api", "post", "/api/v1/games/rada-miasta/drafts/", None, 201),
        (
            "api: revise a clause",
            "api",
            "post",
            f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{limits}/",
            revision,
            201,
        ),
        ("api: impact report", "api", "get", f"/api/v1/games/rada-miasta/drafts/{n}/impact/", None, 200),
        ("api: publish", "api", "post", f"/api/v1/games/rada-miasta/drafts/{n}/publish/", None, 200),
        ("page: workspace", "page", "get", "/design/rada-miasta/", None, 200),
        ("page: open a draft", "page", "post", "/design/rada-miasta/drafts/", {}, 302),
        ("page: draft", "page", "get", f"/design/rada-miasta/{n}/", None, 200),
        ("page: clause editor", "page", "get", f"/design/rada-miasta/{n}/c/{limits}/", None, 200),
        ("page: save a revision", "page", "post", f"/design/rada-miasta/{n}/c/{limits}/", revision, 302),
        ("page: preview", "page", "post", f"/design/rada-miasta/{n}/c/{limits}/preview/", {"text": "x"}, 200),
        ("page: impact report", "page", "get", f"/design/rada-miasta/{n}/impact/", None, 200),
        ("page: publish", "page", "post", f"/design/rada-miasta/{n}/publish/", {"confirm": "1"}, 302),
        ("page: translation list", "page", "get", "/translate/praetor/pl/", None, 200, TRANSLATORS),
        (
            "page: translation editor",
            "page",
            "get",
            f"/translate/praetor/pl/c/{TITLE}/",
            None,
            200,
            TRANSLATORS,
        ),
        (
            "page: save a translation",
            "page",
            "post",
            f"/translate/praetor/pl/c/{TITLE}/",
            {
                "text": "Pretor",
                "state": "translated",
                "version": 1,
                "expected_revision": 1,
            },  # Praetor ships a Polish translation: revision 1
            302,
            TRANSLATORS,
        ),
        ("page: import a file", "page", "get", "/translate/praetor/pl/import/", None, 200, TRANSLATORS),
        ("page: align a document", "page", "get", "/translate/praetor/pl/align/", None, 200, TRANSLATORS),
        (
            "api: export",
            "api",
            "get",
            "/api/v1/games/praetor/translations/pl/?format=xliff2",
            None,
            200,
            TRANSLATORS,
        ),
        (
            "api: align",
            "api",
            "post",
            "/api/v1/games/praetor/translations/pl/align/",
            {"text": "Pretor. Gra o budowie miasta."},
            200,
            TRANSLATORS,
        ),
        (
            "api: glossary",
            "api",
            "get",
            "/api/v1/games/praetor/glossary/?format=tbx",
            None,
            200,
            TRANSLATORS | {"other-translator"},
        ),
    ]


ENDPOINT_NAMES = [e[0] for e in _endpoints(0)]


@pytest.mark.parametrize("endpoint", ENDPOINT_NAMES)
@pytest.mark.parametrize("who", USERS)
def test_the_permission_matrix(client, api, draft, who, endpoint):
    name, kind, method, path, body, success, *allowed = next(
        e for e in _endpoints(draft.number) if e[0] == endpoint
    )
    allowed = allowed[0] if allowed else ALLOWED
    user = _user(who)
    translations = Translation.objects.count()
    if kind == "api":
        if user is not None:
            api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        response = (
            getattr(api, method)(path, body, format="json")
            if body
            else getattr(api, method)(path, format="json")
        )
        expected = success if who in allowed else (401 if who == "anonymous" else 403)
    else:
        if user is not None:
            client.force_login(user)
        response = getattr(client, method)(path, body) if method == "post" else client.get(path)
        expected = success if who in allowed else (302 if who == "anonymous" else 403)
    assert response.status_code == expected, (who, name, response.content[:300])
    if kind == "page" and who == "anonymous":
        assert response["Location"].startswith("/accounts/login/")
    if who not in allowed:
        assert Translation.objects.count() == translations
        # Nothing was written: still one draft, not published, and the clause at version 1.
        assert Edition.objects.filter(game__slug="rada-miasta", status="draft").count() == 1
        assert Edition.objects.get(game__slug="rada-miasta", is_current=True).number != draft.number


@pytest.mark.parametrize("who", USERS)
def test_everyone_may_ask_for_a_ruling_and_read(client, corpus, who):
    user = _user(who)
    if user is not None:
        client.force_login(user)
    assert client.get("/g/rada-miasta/").status_code == 200
    r = client.post(
        "/api/v1/games/dolores/adjudicators/interception/",
        {"inputs": {"roll": 5}},
        content_type="application/json",
    )
    assert r.status_code == 200
