"""NUL (which PostgreSQL cannot store) is refused in one place per kind of body, each a 400
naming the field: a page's form by config.middleware.RefuseNulMiddleware, the API's JSON by
config.parsers.BoundedJSONParser, the API's forms (multipart, urlencoded) by
config.parsers.NulFreeMultiPartParser / NulFreeFormParser. The views check no NUL of their own."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import MULTIPART_CONTENT
from django.utils import timezone

from rules.models import Game
from rules.services import draft_open

pytestmark = pytest.mark.django_db

KEY = "rm.vote.decay"
MESSAGE = "NUL characters are not allowed."


@pytest.fixture
def root(corpus, make_user):
    """A superuser: a designer and a translator of everything."""
    return make_user("root", superuser=True)


@pytest.fixture
def draft(root):
    """A draft of Rada Miasta."""
    return draft_open(game=Game.objects.get(slug="rada-miasta"), author="root", now=timezone.now()).number


def _page_forms(n: int) -> list[tuple[str, dict, str]]:
    studio = f"/design/rada-miasta/{n}"
    clause = {"text": "x", "status": "draft", "based_on": "1", "note": "", "wording_only": ""}
    return [
        (f"{studio}/c/{KEY}/", {**clause, "text": "a\x00b"}, "text"),
        (f"{studio}/c/{KEY}/", {**clause, "note": "a\x00b"}, "note"),
        (f"{studio}/c/{KEY}/", {**clause, "wording_only": "a\x00b"}, "wording_only"),
        (f"{studio}/document/", {"text": "a\x00b"}, "text"),
        ("/design/rada-miasta/drafts/", {"name": "a\x00b"}, "name"),
        (f"/translate/rada-miasta/en/c/{KEY}/", {"text": "a\x00b", "state": "translated"}, "text"),
        ("/translate/rada-miasta/de/align/", {"action": "align", "document": "a\x00b"}, "document"),
        ("/translate/rada-miasta/de/align/", {"action": "save", f"text-{KEY}": "a\x00b"}, f"text-{KEY}"),
    ]


@pytest.mark.parametrize("case", range(8))
@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", MULTIPART_CONTENT])
def test_a_nul_in_each_page_form_is_a_400_naming_the_field(client, root, draft, case, content_type):
    url, data, field = _page_forms(draft)[case]
    client.force_login(root)
    if content_type == MULTIPART_CONTENT:
        r = client.post(url, data)
    else:
        from urllib.parse import urlencode

        r = client.post(url, urlencode(data), content_type=content_type)
    assert r.status_code == 400
    assert r.content.decode() == f"{field}: {MESSAGE}"


def _api_bodies(n: int) -> list[tuple[str, str, object, str]]:
    draft = f"/api/v1/games/rada-miasta/drafts/{n}"
    change = {"key": KEY, "change": "revised", "text": "a\x00b", "section": ""}
    upload = SimpleUploadedFile("x.po", b'msgctxt "rm.vote.decay"\nmsgid "a"\nmsgstr "b"\n')
    return [
        (f"{draft}/clauses/{KEY}/", "json", {"text": "a\x00b", "based_on": 1, "status": "draft"}, "text"),
        (f"{draft}/document/", "json", {"text": "a\x00b"}, "text"),
        (f"{draft}/document/", "multipart", {"text": "a\x00b"}, "text"),
        (f"{draft}/document/accept/", "json", {"changes": [change]}, "changes.0.text"),
        (f"{draft}/rebase/", "json", {"keep": {"a\x00b": "draft"}}, "keep"),
        ("/api/v1/games/rada-miasta/translations/de/align/", "json", {"text": "a\x00b"}, "text"),
        (
            "/api/v1/games/rada-miasta/translations/de/import/",
            "multipart",
            {"file": upload, "note": "a\x00"},
            "note",
        ),
    ]


@pytest.mark.parametrize("case", range(7))
def test_a_nul_in_each_api_body_is_a_400_naming_the_field(api, root, draft, case):
    url, fmt, data, field = _api_bodies(draft)[case]
    api.force_authenticate(root)
    r = api.post(url, data, format=fmt)
    assert r.status_code == 400
    assert r.json() == {"errors": {field: [MESSAGE]}}


def test_a_form_without_nul_still_reaches_the_api_views(api, root, draft):
    """The form parsers refuse only NUL: a document sent as a multipart form is compared."""
    api.force_authenticate(root)
    r = api.post(
        f"/api/v1/games/rada-miasta/drafts/{draft}/document/", {"text": "Nowe zdanie."}, format="multipart"
    )
    assert r.status_code == 200 and r.json()["changes"]
