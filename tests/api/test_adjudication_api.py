"""The adjudication API answers as docs/api.md says, within its query budget."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import engine
from games.models import RulingCitation
from rules import corpus as corpus_files
from rules.models import Clause, Game, Translation
from rules.services import (
    catalogue_touch,
    clause_revise,
    edition_publish,
    translation_save,
)
from tests.conftest import real_queries

UNPAID = {
    "all_taxes_paid": False,
    "cities": [
        {
            "id": "capital",
            "tax_paid": True,
            "connected": True,
            "facilities": [{"id": "mine-1", "tax_paid": True}, {"id": "plant-1", "tax_paid": False}],
        },
        {
            "id": "port",
            "tax_paid": False,
            "connected": True,
            "facilities": [{"id": "yard-1", "tax_paid": True}],
        },
    ],
}


def post(api, game, name, body):
    return api.post(f"/api/v1/games/{game}/adjudicators/{name}/", body, format="json")


def test_adjudicators_are_listed_with_their_json_schema(corpus, api):
    r = api.get("/api/v1/games/dolores/adjudicators/")
    assert r.status_code == 200
    items = {a["name"]: a for a in r.json()}
    pe = items["profit-eligibility"]
    assert pe["variants"] == ["original", "gniazdo"]
    assert pe["inputs_schema"]["type"] == "object"
    assert {"all_taxes_paid", "cities"} <= set(pe["inputs_schema"]["properties"])
    assert pe["clauses"] and all(k.startswith("dl.") for k in pe["clauses"])


def test_a_ruling_has_the_contract_shape_and_quotes_the_source(corpus, api):
    r = post(api, "dolores", "profit-eligibility", {"inputs": UNPAID, "variant": "original", "lang": "en"})
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["game"] == "dolores" and body["adjudicator"] == "profit-eligibility"
    assert body["variant"] == "original"
    assert body["outcome"]["profit_phase"] == "skipped" and body["outcome"]["producing"] == []
    source = corpus.model.objects.get(slug="dolores").documents.get().text
    flat = " ".join(source.split())
    for step in body["steps"]:
        assert set(step) >= {"clause", "version", "original", "translation", "explanation"}
        assert " ".join(step["original"].split()) in flat
        assert step["translation"]
    alt = body["alternatives"]
    assert [a["variant"] for a in alt] == ["gniazdo"]
    assert alt[0]["differs"] is True
    assert alt[0]["outcome"]["profit_phase"] == "partial"
    assert alt[0]["outcome"]["producing"] == ["mine-1"]
    assert body["permalink"] == f"/rulings/{body['ruling']}/"


def test_under_gniazdo_the_original_is_the_alternative(corpus, api):
    body = post(api, "dolores", "profit-eligibility", {"inputs": UNPAID, "variant": "gniazdo"}).json()
    assert body["outcome"]["profit_phase"] == "partial"
    assert body["alternatives"][0]["variant"] == "original"
    assert body["alternatives"][0]["outcome"]["profit_phase"] == "skipped"
    assert any(s["clause"] == "dl.proposal-1" for s in body["steps"])


@pytest.mark.parametrize(
    "body,path",
    [
        ({}, "inputs"),
        ([1, 2], "body"),
        ({"inputs": UNPAID, "variant": "house"}, "variant"),
        ({"inputs": UNPAID, "lang": "??"}, "lang"),
        ({"inputs": UNPAID, "lang": ""}, "lang"),
        ({"inputs": {**UNPAID, "all_taxes_paid": "no"}}, "inputs.all_taxes_paid"),
        ({"inputs": {**UNPAID, "extra": 1}}, "inputs.extra"),
    ],
)
def test_bad_requests_are_400_naming_the_field(corpus, api, body, path):
    r = post(api, "dolores", "profit-eligibility", body)
    assert r.status_code == 400
    assert path in r.json()["errors"]


def test_unknown_game_or_adjudicator_is_404(corpus, api):
    assert post(api, "nope", "x", {"inputs": {}}).status_code == 404
    assert post(api, "dolores", "nope", {"inputs": {}}).status_code == 404


def test_malformed_json_is_a_400_not_a_500(corpus, api):
    r = api.generic(
        "POST", "/api/v1/games/dolores/adjudicators/wind/", "{not json", content_type="application/json"
    )
    assert r.status_code == 400 and "errors" in r.json()


def test_a_ruling_costs_at_most_four_queries(corpus, api):
    body = {"inputs": UNPAID, "variant": "original", "lang": "en"}
    catalogue_touch(game_id=Game.objects.get(slug="dolores").id)  # as after any catalogue write
    with CaptureQueriesContext(connection) as cold:
        assert post(api, "dolores", "profit-eligibility", body).status_code == 200
    with CaptureQueriesContext(connection) as warm:
        assert post(api, "dolores", "profit-eligibility", body).status_code == 200
    # stamp + edition with translations (only after a change) + ruling and citations: one
    # statement on PostgreSQL, an insert each on SQLite (games.services._insert_together)
    store = 1 if connection.vendor == "postgresql" else 2
    assert len(real_queries(cold)) == 2 + store, real_queries(cold)
    assert len(real_queries(warm)) == 1 + store, real_queries(warm)
    doc = post(api, "dolores", "profit-eligibility", body).json()
    cited = {s["clause"] for s in doc["steps"]} | {
        s["clause"] for a in doc["alternatives"] for s in a["steps"]
    }
    stored = RulingCitation.objects.filter(ruling_id=doc["ruling"]).values_list(
        "version__clause__key", flat=True
    )
    assert sorted(stored) == sorted(cited) and cited


def test_a_new_ruling_quotes_the_wording_published_since_the_last_one(corpus, api, save_translation):
    body = {"inputs": UNPAID, "variant": "original", "lang": "en"}
    first = post(api, "dolores", "profit-eligibility", body).json()
    cited = first["steps"][0]
    clause = Clause.objects.get(key=cited["clause"])
    now = timezone.now()
    clause_revise(
        clause=clause,
        text=cited["original"] + " (poprawione)",
        status="published",
        expected_version=cited["version"],
        now=now,
    )
    # Not yet in the current edition: rulings still quote the published wording.
    assert post(api, "dolores", "profit-eligibility", body).json()["steps"][0] == cited
    edition_publish(game=clause.game, name="Next", now=now)
    step = post(api, "dolores", "profit-eligibility", body).json()["steps"][0]
    assert (step["version"], step["original"]) == (cited["version"] + 1, cited["original"] + " (poprawione)")
    assert step["translation"] == cited["translation"] and step["translation_stale"] is True
    translation = Translation.objects.get(clause=clause, lang="en")
    fresh = translation_save(
        expected_revision=0,
        version=clause.versions.get(number=step["version"]),
        lang="en",
        text=cited["translation"] + " (corrected)",
        state="needs-review",
        author="t",
        now=now,
    )
    # A translation that needs review is not quoted over a translated one, nor clears the flag.
    step = post(api, "dolores", "profit-eligibility", body).json()["steps"][0]
    assert step["translation"] == translation.text and step["translation_stale"] is True
    assert step["translation_state"] == "translated"
    save_translation(fresh, fresh.text, author="t")
    step = post(api, "dolores", "profit-eligibility", body).json()["steps"][0]
    assert step["translation"] == translation.text + " (corrected)" and step["translation_stale"] is False
    assert step["translation_state"] == "translated"


def test_text_that_needs_review_is_quoted_only_when_nothing_else_is_and_then_marked(corpus, api, client):
    body = {"inputs": UNPAID, "variant": "original", "lang": "en"}
    cited = post(api, "dolores", "profit-eligibility", body).json()["steps"][0]
    clause = Clause.objects.get(key=cited["clause"])
    translation_save(
        expected_revision=0,
        version=clause.versions.get(number=cited["version"]),
        lang="el",
        text="Κείμενο προς έλεγχο.",
        state="needs-review",
        author="t",
        now=timezone.now(),
    )
    ruling = post(api, "dolores", "profit-eligibility", {**body, "lang": "el"}).json()
    step = ruling["steps"][0]
    assert (step["translation"], step["translation_state"]) == ("Κείμενο προς έλεγχο.", "needs-review")
    again = api.get(f"/api/v1/rulings/{ruling['ruling']}/").json()["steps"][0]
    assert again["translation_state"] == "needs-review"
    page = client.get(f"/rulings/{ruling['ruling']}/").content.decode()
    assert "translation needs review" in page
    reader = client.get("/g/dolores/?lang=el").content.decode()
    assert "Translation needs review" in reader


def test_a_stored_ruling_stays_pinned_after_the_clause_is_revised(corpus, api):
    first = post(api, "dolores", "profit-eligibility", {"inputs": UNPAID}).json()
    cited = first["steps"][0]
    clause = Clause.objects.get(key=cited["clause"])
    clause_revise(
        clause=clause,
        text=cited["original"] + " (poprawione)",
        status="published",
        expected_version=cited["version"],
        now=timezone.now(),
    )
    again = api.get(f"/api/v1/rulings/{first['ruling']}/")
    assert again.status_code == 200
    stored = again.json()
    assert stored["steps"][0]["original"] == cited["original"]
    assert stored["steps"][0]["version"] == cited["version"]
    assert stored["steps"][0]["newer_version"] == cited["version"] + 1
    assert stored["newer_versions"] == {cited["clause"]: cited["version"] + 1}
    assert stored["outcome"] == first["outcome"]
    page = api.get(f"/rulings/{first['ruling']}/")
    assert page.status_code == 200
    assert "newer version v2 exists" in page.content.decode()


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_every_adjudicator_rules_on_its_example_through_the_api(corpus, api, adj):
    r = post(api, adj.game, adj.name, {"inputs": adj.examples[0], "lang": "en"})
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["steps"] and body["outcome"] is not None
    variants = [v.slug for v in corpus_files.game(adj.game).variants]
    assert [a["variant"] for a in body["alternatives"]] == variants[1:]
    assert all(set(a) >= {"variant", "outcome", "differs"} for a in body["alternatives"])


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_the_ruling_document_is_what_the_declared_serializer_describes(corpus, adj):
    """games.ruling.RulingDoc.to_json() is the response; RulingOut only documents it."""
    from rest_framework.renderers import JSONRenderer
    from rest_framework.serializers import Serializer

    from games import snapshot
    from games.api import RulingOut
    from games.services import ruling_create

    snap = snapshot.load(adj.game, lang="en")
    doc = ruling_create(
        adj=adj,
        inputs=adj.validate(adj.examples[0], "inputs", rules=snap.rules),
        variant="original",
        snapshot=snap,
        now=timezone.now(),
    )
    doc.newer_versions = {doc.steps[0].clause: doc.steps[0].version + 1}
    doc.steps[0].newer_version = doc.steps[0].version + 1
    declared = Serializer.to_representation(RulingOut(), doc)
    assert json.loads(JSONRenderer().render(doc.to_json())) == json.loads(JSONRenderer().render(declared))


def test_a_ruling_says_which_edition_it_was_given_under(corpus, api):
    r = post(api, "dolores", "city-tax", {"inputs": {"districts": 3, "first_city": False}})
    body = r.json()
    current = corpus.model.objects.get(slug="dolores").editions.get(is_current=True).number
    assert (body["edition"], body["draft"], body["warnings"]) == (current, False, [])
    stored = api.get(f"/api/v1/rulings/{body['ruling']}/").json()
    assert (stored["edition"], stored["draft"], stored["warnings"]) == (current, False, [])
    again = post(
        api, "dolores", "city-tax", {"inputs": {"districts": 3, "first_city": False}, "edition": current}
    )
    assert again.status_code == 200 and again.json()["edition"] == current


@pytest.mark.parametrize(
    "edition, message",
    [
        (0, "An edition number (a whole number from 1) is required."),
        ("two", "An edition number (a whole number from 1) is required."),
        (True, "An edition number (a whole number from 1) is required."),
        (999, "This game has no edition 999."),
    ],
)
def test_an_unknown_edition_is_a_400_naming_it(corpus, api, edition, message):
    r = post(
        api, "dolores", "city-tax", {"inputs": {"districts": 3, "first_city": False}, "edition": edition}
    )
    assert r.status_code == 400
    assert r.json()["errors"] == {"edition": [message]}
