"""GET /api/v1/games/<game>/coverage/ (docs/api.md) and the coverage page /g/<game>/coverage/."""

import pytest

from games import coverage
from rules import corpus
from rules.models import ClauseVersion

pytestmark = pytest.mark.django_db

STAGES = "rm.vote.lost-stage-2-3"


def _get(api, slug, query=""):
    return api.get(f"/api/v1/games/{slug}/coverage/{query}")


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_the_api_answers_every_rule_clause_as_the_shipped_corpus_counts_it(api, corpus, slug):
    r = _get(api, slug)
    assert r.status_code == 200, r.content
    body = r.json()
    assert set(body) == {"clauses", "summary"}
    shipped = coverage.of_corpus(slug)
    assert [c["key"] for c in body["clauses"]] == [c.key for c in shipped.clauses]
    for c in body["clauses"]:
        assert set(c) == {"key", "kind", "executable", "implemented_by", "reason"}
        assert c["kind"] in ("rule", "table", "clarification")
        for i in c["implemented_by"]:
            assert set(i) == {"adjudicator", "file", "line"}
        if c["implemented_by"]:
            assert c["reason"] is None
    assert body["summary"] == {
        "rule_clauses": shipped.rule_clauses,
        "implemented": shipped.implemented,
        "not_executable": shipped.not_executable,
    }
    assert body["summary"]["implemented"] == sum(1 for c in body["clauses"] if c["implemented_by"])


def test_a_clause_read_only_as_a_parameter_is_implemented_by_its_reader(api, corpus):
    clauses = {c["key"]: c for c in _get(api, "rada-miasta").json()["clauses"]}
    readers = {i["adjudicator"] for i in clauses[STAGES]["implemented_by"]}
    assert "support-gain" in readers
    entry = next(i for i in clauses[STAGES]["implemented_by"] if i["adjudicator"] == "support-gain")
    assert entry["file"] == "games/adjudicators/rada_miasta/support.py" and entry["line"] > 0
    assert (clauses[STAGES]["executable"], clauses[STAGES]["reason"]) == (True, None)


def test_a_table_row_is_implemented_by_the_adjudicators_reading_the_table(api, corpus):
    clauses = {c["key"]: c for c in _get(api, "dolores").json()["clauses"]}
    assert {"tax-bill"} <= {i["adjudicator"] for i in clauses["dl.t1.coal"]["implemented_by"]}


def test_a_draft_edition_is_answered_from_its_own_bindings(api, make_user, corpus):
    api.force_authenticate(make_user("dana", kind="designer", game="rada-miasta"))
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    stages = ClauseVersion.objects.filter(clause__key=STAGES).order_by("-number").first()
    # Re-bound to other words of the same clause: still the clause support-gain reads.
    r = api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{STAGES}/",
        {
            "text": stages.text.replace("(etapu 2 lub 3)", "(etapu 2 lub 4)"),
            "based_on": stages.number,
            "status": "draft",
            "bindings": {"max_stage": "etapu 2 lub {num})"},
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    draft = _get(api, "rada-miasta", f"?edition={n}").json()
    assert draft == _get(api, "rada-miasta").json()
    assert "support-gain" in {
        i["adjudicator"] for c in draft["clauses"] if c["key"] == STAGES for i in c["implemented_by"]
    }


@pytest.mark.parametrize(
    ("query", "status", "errors"),
    [
        ("?edition=x", 400, {"edition": ["An edition number (a whole number from 1) is required."]}),
        ("?edition=999", 404, {"edition": ["This game has no edition 999."]}),
    ],
)
def test_a_bad_edition_is_a_clear_4xx(api, corpus, query, status, errors):
    r = _get(api, "rada-miasta", query)
    assert r.status_code == status
    assert r.json()["errors"] == errors


def test_an_unknown_game_is_a_404(api, corpus):
    assert _get(api, "nope").status_code == 404


def test_the_schema_documents_the_coverage_answer(api, corpus):
    schema = api.get("/api/v1/schema/?format=json").json()
    op = schema["paths"]["/api/v1/games/{slug}/coverage/"]["get"]
    ref = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    out = schema["components"]["schemas"][ref]
    assert set(out["properties"]) == {"clauses", "summary"}
    clause = schema["components"]["schemas"]["ClauseCoverageOut"]
    assert set(clause["properties"]) == {"key", "kind", "executable", "implemented_by", "reason"}


def test_the_page_shows_each_section_with_a_bar_and_the_clause_page_says_which(client, corpus):
    page = client.get("/g/rada-miasta/coverage/").content.decode()
    assert page.count('<svg class="bar"') == 1 + len(coverage.of_corpus("rada-miasta").by_section())
    assert "rm.vote.lost-stage-2-3" in page and "reads its figure max_stage" in page
    clause = client.get(f"/g/rada-miasta/c/{STAGES}/").content.decode()
    assert 'id="coverage"' in clause and "support-gain" in clause
    assert client.get("/g/nope/coverage/").status_code == 404
