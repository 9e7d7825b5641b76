"""Pins cover what the code reads (issue #21 item 4): a clause whose parameter or table row an
adjudicator reads is pinned like a cited one, and a re-binding is a change of that clause."""

import pytest

from games import coverage, snapshot
from games.pins import pins, wording
from rules import corpus as shipped
from rules.models import ClauseVersion

pytestmark = pytest.mark.django_db

STAGES = "rm.vote.lost-stage-2-3"


def test_a_clause_read_only_as_a_parameter_or_a_table_row_is_pinned():
    assert STAGES in pins()["rada-miasta"]
    assert "dl.t1.coal" in pins()["dolores"]
    rules = snapshot.from_corpus("rada-miasta")
    assert STAGES in coverage.read_clauses("rada-miasta", "support-gain", rules)


def test_a_rebinding_with_the_text_unchanged_changes_the_fingerprint():
    text = next(c.text for c in shipped.game("rada-miasta").clauses if c.key == STAGES)
    assert wording(text, {"max_stage": "(etapu 2 lub {num})"}) != wording(
        text, {"max_stage": "(etapu {num} lub 3)"}
    )


def test_support_gain_warns_when_max_stage_is_rebound_with_the_text_unchanged(api, make_user, corpus):
    api.force_authenticate(make_user("dana", kind="designer", game="rada-miasta"))
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    stages = ClauseVersion.objects.filter(clause__key=STAGES).order_by("-number").first()
    r = api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{STAGES}/",
        {
            "text": stages.text,
            "based_on": stages.number,
            "status": "draft",
            "bindings": {"max_stage": "(etapu {num} lub 3)"},
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["parameters"]["max_stage"]["value"] == 2
    situation = {"support": {"residents": 1}, "district": {"type": "residential", "stage": 2}}
    ruled = api.post(
        "/api/v1/games/rada-miasta/adjudicators/support-gain/",
        {"inputs": situation, "edition": n},
        format="json",
    ).json()
    # support-gain quotes no step of rm.vote.lost-stage-2-3, yet it reads its figure: it warns.
    assert STAGES not in {s["clause"] for s in ruled["steps"]}
    assert [w["clause"] for w in ruled["warnings"]] == [STAGES]
    published = api.post(
        "/api/v1/games/rada-miasta/adjudicators/support-gain/", {"inputs": situation}, format="json"
    ).json()
    assert published["warnings"] == []
    impact = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert STAGES in str(impact["pins_out_of_date"])
