"""One reading of a clause revision for the API, the designer's editor and the admin
(``rules.revision_request``, issue #38 item 1): the same fields refused with the same
messages everywhere, and a version number that is not ASCII digits a 400, never read."""

import pytest
from django.urls import reverse
from django.utils import timezone

from rules import services
from rules.models import Clause, ClauseVersion, Game

pytestmark = pytest.mark.django_db

LIMITS = "rm.support.limits"


def _newest():
    return ClauseVersion.objects.filter(clause__key=LIMITS).order_by("-number").first()


def _body(**changes):
    return {"text": _newest().text + " Nowe.", "based_on": _newest().number, "status": "draft", **changes}


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"based_on": "²"}, "based_on"),
        ({"based_on": "٣"}, "based_on"),
        ({"based_on": "１"}, "based_on"),
        ({"based_on": True}, "based_on"),
        ({"text": "   "}, "text"),
        ({"text": "x" * 20_001}, "text"),
        ({"status": "final"}, "status"),
        ({"wording_only": "x" * 2001}, "wording_only"),
        ({"confirm_not_executable": "yes"}, "confirm_not_executable"),
        ({"bindings": ["max_support"]}, "bindings"),
        ({"bindings": {"max_support": 7}}, "bindings.max_support"),
    ],
)
def test_a_bad_revision_is_a_400_naming_the_field_and_saves_nothing(designer, token_api, changes, path):
    api = token_api(designer)
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    versions = ClauseVersion.objects.count()
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{LIMITS}/", _body(**changes), format="json")
    assert r.status_code == 400 and path in r.json()["errors"], r.content
    assert ClauseVersion.objects.count() == versions


@pytest.mark.parametrize(("field", "value"), [("based_on", "٣"), ("text", " "), ("status", "final")])
def test_the_editor_refuses_what_the_api_refuses_with_the_same_message(
    designer, token_api, client, field, value
):
    api = token_api(designer)
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    message = api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{LIMITS}/", _body(**{field: value}), format="json"
    ).json()["errors"][field][0]
    client.force_login(designer)
    page = client.post(f"/design/rada-miasta/{n}/c/{LIMITS}/", _body(**{field: value}))
    assert page.status_code == 400
    assert message.replace("(", "").split()[0] in page.content.decode()
    assert f"<code>{field}</code>" in page.content.decode() or message in page.content.decode()


def test_the_admin_refuses_a_version_number_that_is_not_ascii_digits(admin_client, corpus):
    clause = Clause.objects.get(game__slug="rada-miasta", key=LIMITS)
    versions = clause.versions.count()
    form = {"clause": clause.pk, "text": "Mine.", "status": "draft", "note": "", "expected_version": "١"}
    r = admin_client.post(reverse("admin:rules_clauseversion_add"), form)
    assert r.status_code == 200  # the form again
    assert "The version you revised (ASCII digits) is required." in r.content.decode()
    assert clause.versions.count() == versions


def test_a_revision_request_is_what_the_service_is_called_with(corpus):
    from rules.revision_request import revision_request

    rev = revision_request({"text": "Tekst.", "based_on": "1", "status": "draft", "note": None})
    clause = Clause.objects.get(game__slug="rada-miasta", key="rm.intro")
    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="d", now=timezone.now())
    version = services.clause_revise(
        clause=clause, author="d", now=timezone.now(), draft=draft, **rev.service_kwargs()
    )
    assert (version.number, version.text, version.note) == (2, "Tekst.", clause.versions.get(number=1).note)
