"""Revising a clause declared not executable (issue #21 item 4): the impact report says no ruling
depends on it, and a revision adding a figure or a rule asks the designer to confirm."""

import pytest

from rules import declared
from rules.models import ClauseVersion

pytestmark = pytest.mark.django_db

TRACKING = "rm.support.tracking"
MESSAGE = "no ruling depends on this clause — referees cannot rule on what it now says"


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _revise(api, n, key, text, **extra):
    body = {"text": text, "based_on": _newest(key).number, "status": "draft", **extra}
    return api.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{key}/", body, format="json")


@pytest.fixture
def draft(designer, token_api):
    api = token_api(designer)
    return api, api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]


def test_adding_a_limit_to_a_table_talk_clause_needs_confirmation(draft):
    api, n = draft
    # The example: a figure and a rule written into rm.support.tracking.
    text = _newest(TRACKING).text + " Poparcie gracza we wszystkich grupach łącznie nie może przekroczyć 12."
    refused = _revise(api, n, TRACKING, text)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "confirm_not_executable": [
            "rm.support.tracking is declared not executable (table-talk): no ruling depends on it, so "
            "referees cannot rule on what it says. This revision adds “12”, “może”, “nie”, “przekroczyć”. "
            "Confirm it (confirm_not_executable), or ask a developer to implement the clause first."
        ]
    }
    assert _newest(TRACKING).number == 1  # nothing saved
    saved = _revise(api, n, TRACKING, text, confirm_not_executable=True)
    assert saved.status_code == 201, saved.json()

    impact = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert impact["not_executable_revised"] == [
        {"clause": TRACKING, "reason": "table-talk", "message": MESSAGE}
    ]


def test_a_rewording_that_adds_no_figure_or_rule_needs_no_confirmation_but_shows_in_the_report(draft):
    api, n = draft
    text = _newest(TRACKING).text.replace("kolorowymi znacznikami", "kolorowymi pionkami")
    assert _revise(api, n, TRACKING, text).status_code == 201
    impact = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert [e["clause"] for e in impact["not_executable_revised"]] == [TRACKING]


def test_an_implemented_clause_needs_no_confirmation_and_no_such_line(draft):
    api, n = draft
    key = "rm.support.groups"
    assert _revise(api, n, key, _newest(key).text + " Nie może ich być 4.").status_code == 201
    assert api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()["not_executable_revised"] == []


def test_the_editor_asks_for_the_confirmation_and_saves_with_it(client, designer):
    client.force_login(designer)
    n = client.post("/api/v1/games/rada-miasta/drafts/", content_type="application/json").json()["edition"]
    url = f"/design/rada-miasta/{n}/c/{TRACKING}/"
    text = _newest(TRACKING).text + " Najwyżej 12 znaczników."
    form = {"text": text, "status": "draft", "note": "", "based_on": _newest(TRACKING).number}
    asked = client.post(url, form)
    assert asked.status_code == 400
    page = asked.content.decode()
    assert "confirm_not_executable" in page and 'name="confirm_not_executable"' in page
    saved = client.post(url, {**form, "confirm_not_executable": "on"})
    assert saved.status_code in (200, 302)
    assert _newest(TRACKING).text == text


@pytest.mark.parametrize(
    ("before", "after", "lang", "added"),
    [
        ("Gracz ma znaczniki.", "Gracz ma 3 znaczniki.", "pl", ["3"]),
        ("Gracz ma znaczniki.", "Gracz ma dwa znaczniki.", "pl", ["dwa"]),
        ("Gracz ma 3 znaczniki.", "Gracz ma 4 znaczniki.", "pl", ["4"]),
        ("Gracz ma znaczniki.", "Gracz musi mieć znaczniki.", "pl", ["musi"]),
        ("Gracz ma znaczniki.", "Gracz ma kolorowe znaczniki.", "pl", []),
        ("每个玩家有标记。", "每个玩家最多有三个标记。", "zh-Hans", ["三", "最多"]),
    ],
)
def test_what_a_revision_adds(before, after, lang, added):
    assert declared.added(before, after, lang) == added
