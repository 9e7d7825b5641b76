"""GET /api/v1/rulings/{id}/ keeps each ruling's rendered document per process (games.api.
RulingAPI): one query while nothing it depends on changed, the same document as rendering it
afresh, and what is derived at read time (newer versions, the reference mark, the title's
language) up to date at once."""

import gzip
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from games import selectors, services
from games.api import RulingAPI
from rules.models import Clause
from rules.services import clause_revise
from tests.api.test_adjudication_api import UNPAID, post

pytestmark = pytest.mark.django_db


def get(api, ruling_id, **headers):
    return api.get(f"/api/v1/rulings/{ruling_id}/", **headers)


@pytest.fixture
def ruling(corpus, api):
    RulingAPI.documents.clear()
    return post(api, "dolores", "profit-eligibility", {"inputs": UNPAID}).json()


def test_a_kept_document_is_the_rendered_one_and_costs_one_query(api, ruling):
    first = get(api, ruling["ruling"])
    with CaptureQueriesContext(connection) as ctx:
        again = get(api, ruling["ruling"])
    assert len(ctx.captured_queries) == 1
    assert (
        again.content
        == first.content
        == JSONRenderer().render(selectors.ruling_get(ruling["ruling"]).to_json())
    )
    assert again["Content-Type"] == "application/json"
    body = again.json()
    assert {k: body[k] for k in ("outcome", "steps", "ruling")} == {
        k: ruling[k] for k in ("outcome", "steps", "ruling")
    }
    zipped = get(api, ruling["ruling"], HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip" and gzip.decompress(zipped.content) == again.content


def test_a_newer_version_of_a_cited_clause_shows_at_once(api, ruling):
    cited = ruling["steps"][0]
    assert get(api, ruling["ruling"]).json()["newer_versions"] == {}
    clause_revise(
        clause=Clause.objects.get(key=cited["clause"]),
        text=cited["original"] + " (poprawione)",
        status="published",
        expected_version=cited["version"],
        now=timezone.now(),
    )
    stored = get(api, ruling["ruling"]).json()
    assert stored["newer_versions"] == {cited["clause"]: cited["version"] + 1}
    assert stored["steps"][0]["original"] == cited["original"]


def test_marking_a_reference_ruling_shows_at_once(api, ruling):
    assert get(api, ruling["ruling"]).json()["reference"] is False
    services.ruling_mark_reference(ruling_id=ruling["ruling"], by="designer", now=timezone.now())
    assert get(api, ruling["ruling"]).json()["reference"] is True


def test_the_title_follows_the_interface_language(api, ruling):
    english = get(api, ruling["ruling"]).json()["title"]
    polish = get(api, ruling["ruling"], HTTP_ACCEPT_LANGUAGE="pl").json()["title"]
    assert english != polish
    assert get(api, ruling["ruling"]).json()["title"] == english


@pytest.mark.parametrize("ruling_id", ["not-a-uuid", "00000000-0000-0000-0000-000000000000"])
def test_an_unknown_ruling_is_a_json_404(api, corpus, ruling_id):
    r = get(api, ruling_id)
    assert r.status_code == 404 and json.loads(r.content) == {"errors": {"detail": ["Unknown ruling."]}}


def test_the_kept_documents_are_bounded(api, corpus, monkeypatch):
    from config.lru import LRU

    monkeypatch.setattr(RulingAPI, "documents", LRU(2))
    ids = [post(api, "dolores", "interception", {"inputs": {"roll": r}}).json()["ruling"] for r in (1, 2, 3)]
    for ruling_id in ids:
        get(api, ruling_id)
    assert [key[0] for key in RulingAPI.documents._data] == ids[1:]
