"""The read API answers as docs/api.md says."""

import pytest
from drf_spectacular.validation import validate_schema

from rules import corpus as corpus_files

SLUGS = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]


def test_games_are_listed_in_contract_order_with_required_fields(corpus, api):
    r = api.get("/api/v1/games/")
    assert r.status_code == 200
    games = r.json()
    assert [g["slug"] for g in games] == SLUGS
    languages = {g["slug"]: g["language"] for g in games}
    assert languages == {
        "rada-miasta": "pl",
        "praetor": "zh-Hans",
        "imperial-tax-farmer": "pl",
        "mega-civilization": "el",
        "dolores": "pl",
    }
    for g in games:
        assert g["title"] and g["clause_count"] > 10
        assert g["languages"][0] == g["language"] and "en" in g["languages"]
        assert g["variants"][0] == {"slug": "original", "title": g["variants"][0]["title"]}
    dolores = games[-1]
    assert [v["slug"] for v in dolores["variants"]] == ["original", "gniazdo"]


@pytest.mark.parametrize("slug", SLUGS)
def test_clause_texts_reproduce_the_source_document(corpus, api, slug):
    r = api.get(f"/api/v1/games/{slug}/clauses/?lang=en")
    assert r.status_code == 200
    clauses = r.json()
    source = corpus_files.normalise((corpus_files.ROOT / slug / "source.txt").read_text(encoding="utf-8"))
    assert corpus_files.join_wordings([c["text"] for c in clauses], source) == source
    assert [c["position"] for c in clauses] == sorted(c["position"] for c in clauses)
    for c in clauses:
        assert set(c) >= {"key", "section", "position", "kind", "version", "status", "text", "translation"}
        if c["kind"] == "furniture":
            continue
        assert c["translation"]["lang"] == "en" and c["translation"]["text"]
        assert c["translation"]["stale"] is False


def test_clauses_without_lang_have_no_translation(corpus, api):
    clauses = api.get("/api/v1/games/praetor/clauses/").json()
    assert all(c["translation"] is None for c in clauses)


def test_furniture_is_marked_in_dolores_and_mega_civilization(corpus, api):
    kinds = {c["text"]: c["kind"] for c in api.get("/api/v1/games/dolores/clauses/").json()}
    assert kinds['Przejdź do opisu "Dolores".'] == "furniture"
    mc = api.get("/api/v1/games/mega-civilization/clauses/").json()
    assert mc[-1]["text"] == "Comments" and mc[-1]["kind"] == "furniture"


def test_clause_versions_oldest_first(corpus, api):
    r = api.get("/api/v1/clauses/rm.vote.decay/versions/")
    assert r.status_code == 200
    versions = r.json()
    assert [v["version"] for v in versions] == [1]
    assert versions[0]["status"] == "uncertain"
    assert set(versions[0]) >= {"version", "text", "status", "created_at", "note"}


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/games/nope/clauses/",
        "/api/v1/clauses/xx.nope/versions/",
        "/api/v1/games/nope/adjudicators/",
        "/api/v1/rulings/not-a-uuid/",
        "/api/v1/rulings/00000000-0000-0000-0000-000000000000/",
    ],
)
def test_unknown_things_are_404_with_the_error_shape(corpus, api, url):
    r = api.get(url)
    assert r.status_code == 404
    assert list(r.json()) == ["errors"]


@pytest.mark.parametrize("lang", ["not a code", ""])
def test_a_bad_language_code_is_a_400_naming_lang(corpus, api, lang):
    r = api.get(f"/api/v1/games/praetor/clauses/?lang={lang}")
    assert r.status_code == 400
    assert list(r.json()["errors"]) == ["lang"]


def test_the_openapi_schema_is_generated_and_valid(corpus, api):
    r = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert r.status_code == 200
    schema = r.json()
    validate_schema(schema)
    paths = schema["paths"]
    for path in [
        "/api/v1/games/",
        "/api/v1/games/{slug}/clauses/",
        "/api/v1/clauses/{key}/versions/",
        "/api/v1/games/{slug}/adjudicators/",
        "/api/v1/games/{slug}/adjudicators/{name}/",
        "/api/v1/rulings/{ruling_id}/",
    ]:
        assert path in paths
    body = paths["/api/v1/games/{slug}/adjudicators/{name}/"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/AdjudicationRequest"
    }
    assert "DoloresProfitEligibilityInputs" in schema["components"]["schemas"]


def test_the_api_root_lists_the_resources(api, corpus):
    r = api.get("/api/v1/")
    assert r.status_code == 200
    resources = r.json()["resources"]
    assert resources["schema"] == "/api/v1/schema/" and resources["games"] == "/api/v1/games/"
    for path in resources.values():
        if "{" not in path and not path.startswith("POST"):
            assert api.get(path).status_code == 200, path
