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


# --------------------------------------------------------------------------- ?edition= (CONTRACT.md §5)


def _draft_with(make_user, text_from, text_to):
    """A designer's draft of Rada Miasta with rm.vote.decay revised; (designer, edition number)."""
    from django.utils import timezone

    from rules import services
    from rules.models import Game
    from tests.conftest import revise

    designer = make_user("dora", kind="designer", game="rada-miasta")
    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="dora", now=timezone.now())
    revise(draft, "rm.vote.decay", text_from, text_to)
    return designer, draft.number


def _decay(body):
    return next(c for c in body if c["key"] == "rm.vote.decay")


def test_clauses_read_the_edition_asked_for(corpus, api, make_user):
    from rules.models import ClauseVersion

    before = ClauseVersion.objects.filter(clause__key="rm.vote.decay").order_by("-number").first()
    designer, n = _draft_with(make_user, "1 punkcie", "2 punktach")
    current = api.get("/api/v1/games/rada-miasta/clauses/").json()
    assert _decay(current)["text"] == before.text
    published = api.get("/api/v1/games/rada-miasta/clauses/?edition=1").json()
    assert _decay(published)["text"] == before.text
    api.force_authenticate(designer)
    drafted = api.get(f"/api/v1/games/rada-miasta/clauses/?edition={n}&lang=en")
    assert drafted.status_code == 200
    assert "2 punktach" in _decay(drafted.json())["text"]
    assert _decay(drafted.json())["version"] == before.number + 1
    assert [c["key"] for c in drafted.json()] == [c["key"] for c in current]


def test_a_draft_is_a_404_to_anyone_but_its_designers(corpus, api, make_user):
    _designer, n = _draft_with(make_user, "1 punkcie", "2 punktach")
    assert api.get(f"/api/v1/games/rada-miasta/clauses/?edition={n}").status_code == 404
    api.force_authenticate(make_user("tomek", kind="designer", game="praetor"))
    assert api.get(f"/api/v1/games/rada-miasta/clauses/?edition={n}").status_code == 404
    assert api.get("/api/v1/games/rada-miasta/clauses/?edition=99").status_code == 404


@pytest.mark.parametrize("edition", ["abc", "0", "²", "①", "٣", "１", "𝟙", "1.0", "-1", "99999999999"])
def test_an_edition_that_is_not_ascii_digits_is_a_400(corpus, api, edition):
    r = api.get("/api/v1/games/rada-miasta/clauses/", {"edition": edition})
    assert r.status_code == 400
    assert list(r.json()["errors"]) == ["edition"]
