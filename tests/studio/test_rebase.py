"""Drafts that outlive a publish (issue #22 item 5, docs/api.md): a draft opened from an
older edition is brought onto the newest one; clauses changed on one side only merge by
themselves, clauses changed on both sides wait, side by side, to be resolved; Publish is
refused until they are."""

import functools

import pytest

from rules import services
from rules.models import ClauseVersion, Edition
from tests.conftest import in_threads

LIMITS = "rm.support.limits"
DECAY = "rm.vote.decay"
MAJORITY = "rm.vote.majority"
INTRO = "rm.intro"
BASE = "/api/v1/games/rada-miasta/drafts"


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _open(api):
    r = api.post(f"{BASE}/", format="json")
    assert r.status_code == 201, r.content
    return r.json()["edition"]


def _revise(api, n, key, text):
    body = {"text": text, "based_on": _newest(key).number, "status": "draft"}
    r = api.post(f"{BASE}/{n}/clauses/{key}/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def _stale_draft(api):
    """Draft a (opened from edition p) revises DECAY and MAJORITY, and INTRO as b does; draft b,
    opened from p too, revises LIMITS, MAJORITY otherwise and INTRO, and is published."""
    a, b = _open(api), _open(api)
    decay = _newest(DECAY).text + " Nie dotyczy to wnioskodawcy."
    majority = _newest(MAJORITY).text
    intro = _newest(INTRO).text + " Wersja robocza."
    _revise(api, a, DECAY, decay)
    _revise(api, a, MAJORITY, majority.replace("co najmniej 2", "co najmniej 3"))
    _revise(api, b, LIMITS, _newest(LIMITS).text.replace("przekroczyć 10", "przekroczyć 8"))
    _revise(api, b, MAJORITY, majority.replace("uznaje się za wygrane", "wygrywa"))
    _revise(api, a, INTRO, intro)
    _revise(api, b, INTRO, intro)
    assert api.post(f"{BASE}/{b}/publish/", format="json").status_code == 200
    return a, b, majority


@pytest.mark.django_db
def test_a_stale_draft_is_refused_at_publish_and_brought_onto_the_newest_edition(designer, token_api):
    api = token_api(designer)
    a, b, majority = _stale_draft(api)
    refused = api.post(f"{BASE}/{a}/publish/", format="json")
    assert refused.status_code == 409 and "rebase" in refused.json()["errors"]["edition"][0]

    r = api.post(f"{BASE}/{a}/rebase/", format="json")
    assert r.status_code == 200, r.content
    assert r.json() == {
        "edition": a,
        "based_on": b,
        "merged": [INTRO, LIMITS, DECAY],
        "conflicts": [
            {
                "key": MAJORITY,
                "draft_text": majority.replace("co najmniej 2", "co najmniej 3"),
                "published_text": majority.replace("uznaje się za wygrane", "wygrywa"),
            }
        ],
    }
    draft = Edition.objects.get(game__slug="rada-miasta", number=a)
    texts = {e.clause.key: e.version.text for e in draft.entries.select_related("clause", "version")}
    assert "przekroczyć 8" in texts[LIMITS]  # taken from the new edition
    assert texts[DECAY].endswith("Nie dotyczy to wnioskodawcy.")  # kept from the draft
    assert "co najmniej 3" in texts[MAJORITY]  # the conflict keeps the draft's text until resolved
    params = api.get(f"/api/v1/games/rada-miasta/parameters/?edition={a}").json()
    assert params["max_support"]["value"] == 8

    # Still not publishable: one conflict waits.
    refused = api.post(f"{BASE}/{a}/publish/", format="json")
    assert refused.status_code == 409 and MAJORITY in refused.json()["errors"]["edition"][0]
    # Again: nothing more to merge, the conflict still listed.
    again = api.post(f"{BASE}/{a}/rebase/", format="json").json()
    assert (again["based_on"], again["merged"], [c["key"] for c in again["conflicts"]]) == (b, [], [MAJORITY])

    resolved = api.post(f"{BASE}/{a}/rebase/", {"keep": {MAJORITY: "published"}}, format="json")
    assert resolved.status_code == 200 and resolved.json()["conflicts"] == []
    assert api.post(f"{BASE}/{a}/publish/", format="json").status_code == 200
    current = Edition.objects.get(game__slug="rada-miasta", is_current=True)
    assert current.number == a
    texts = {e.clause.key: e.version.text for e in current.entries.select_related("clause", "version")}
    assert "wygrywa" in texts[MAJORITY] and "przekroczyć 8" in texts[LIMITS]


@pytest.mark.django_db
def test_a_revision_written_after_both_texts_resolves_the_conflict(designer, token_api):
    api = token_api(designer)
    a, _b, majority = _stale_draft(api)
    api.post(f"{BASE}/{a}/rebase/", format="json")
    _revise(
        api,
        a,
        MAJORITY,
        majority.replace("co najmniej 2", "co najmniej 3").replace("uznaje się za wygrane", "wygrywa"),
    )
    assert api.post(f"{BASE}/{a}/rebase/", format="json").json()["conflicts"] == []
    assert api.post(f"{BASE}/{a}/publish/", format="json").status_code == 200


@pytest.mark.django_db
def test_a_draft_on_the_newest_edition_rebases_to_nothing(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    current = Edition.objects.get(game__slug="rada-miasta", is_current=True).number
    r = api.post(f"{BASE}/{n}/rebase/", format="json")
    assert r.json() == {"edition": n, "based_on": current, "merged": [], "conflicts": []}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "path"),
    [({"keep": {MAJORITY: "mine"}}, f"keep.{MAJORITY}"), ({"keep": {LIMITS: "draft"}}, f"keep.{LIMITS}")],
)
def test_a_bad_resolution_is_a_400_that_changes_nothing(designer, token_api, body, path):
    api = token_api(designer)
    a, b, _majority = _stale_draft(api)
    r = api.post(f"{BASE}/{a}/rebase/", body, format="json")
    assert r.status_code == 400 and list(r.json()["errors"]) == [path]
    assert Edition.objects.get(game__slug="rada-miasta", number=a).based_on.number != b


@pytest.mark.django_db
def test_rebasing_needs_the_designer_role(make_user, corpus, token_api):
    api = token_api(make_user("tom", kind="translator", lang="en"))
    n = services.draft_open(game=corpus.model.objects.get(slug="rada-miasta"), author="x", now=_now())
    assert api.post(f"{BASE}/{n.number}/rebase/", format="json").status_code == 403
    assert api.post(f"{BASE}/999/rebase/", format="json").status_code in (403, 404)


def _now():
    from django.utils import timezone

    return timezone.now()


@pytest.mark.django_db(transaction=True)
def test_racing_rebases_merge_once_and_agree(designer, token_api):
    api = token_api(designer)
    a, b, _majority = _stale_draft(api)
    draft = Edition.objects.get(game__slug="rada-miasta", number=a)
    results = in_threads([functools.partial(services.draft_rebase, draft=draft)] * 6, timeout=60)
    assert [r for r in results if isinstance(r, Exception)] == []
    merged = [r for r in results if r.merged]
    assert len(merged) == 1 and merged[0].merged == [INTRO, LIMITS, DECAY]
    assert {r.based_on for r in results} == {b}
    assert all([c[0] for c in r.conflicts] == [MAJORITY] for r in results)
    assert Edition.objects.get(pk=draft.pk).conflicts == [MAJORITY]


@pytest.mark.django_db
def test_the_draft_page_says_what_it_compares_against_and_offers_the_rebase(designer, token_api, client):
    api = token_api(designer)
    a, b, _majority = _stale_draft(api)
    client.force_login(designer)
    page = client.get(f"/design/rada-miasta/{a}/").content.decode()
    opened_from = Edition.objects.get(game__slug="rada-miasta", number=a).based_on.number
    assert opened_from != b and f"Compared against edition {opened_from}." in page
    assert f"Bring onto edition {b}" in page
    impact = client.get(f"/design/rada-miasta/{a}/impact/").content.decode()
    assert "Publish as edition" not in impact and f"Bring onto edition {b}" in impact

    assert client.post(f"/design/rada-miasta/{a}/rebase/").status_code == 302
    page = client.get(f"/design/rada-miasta/{a}/").content.decode()
    assert f"Compared against edition {b}." in page and f'id="conflict-{MAJORITY}"' in page
    assert "Publish as edition" not in client.get(f"/design/rada-miasta/{a}/impact/").content.decode()

    assert client.post(f"/design/rada-miasta/{a}/rebase/", {"key": MAJORITY, "keep": "x"}).status_code == 400
    r = client.post(f"/design/rada-miasta/{a}/rebase/", {"key": MAJORITY, "keep": "draft"})
    assert r.status_code == 302
    assert Edition.objects.get(game__slug="rada-miasta", number=a).conflicts == []
    assert "Publish as edition" in client.get(f"/design/rada-miasta/{a}/impact/").content.decode()


@pytest.mark.django_db
def test_clauses_added_at_one_place_by_the_draft_and_the_published_edition_keep_unique_positions(
    designer, token_api
):
    """Both drafts add a clause after ``rm.support.limits`` through a document; one is
    published; the other, rebased, holds both — the published edition's first — and every
    position once."""
    from rules.models import EditionEntry

    api = token_api(designer)
    a, b = _open(api), _open(api)

    def add(n, key, text):
        body = {
            "changes": [
                {"key": LIMITS, "change": "unchanged", "text": "", "section": "support"},
                {"key": key, "change": "new", "text": text, "section": "support"},
            ],
            "based_on": {LIMITS: _newest(LIMITS).number},
        }
        r = api.post(f"{BASE}/{n}/document/accept/", body, format="json")
        assert r.status_code == 200, r.content

    add(a, "rm.support.draft-side", "Zasada dodana w szkicu.")
    add(b, "rm.support.published-side", "Zasada dodana w wydaniu.")
    assert api.post(f"{BASE}/{b}/publish/", format="json").status_code == 200
    r = api.post(f"{BASE}/{a}/rebase/", {}, format="json")
    assert r.status_code == 200, r.content
    rows = list(
        EditionEntry.objects.filter(edition__game__slug="rada-miasta", edition__number=a)
        .order_by("position")
        .values_list("clause__key", "position")
    )
    keys = [k for k, _p in rows]
    assert [p for _k, p in rows] == list(range(1, len(rows) + 1))
    at = keys.index(LIMITS)
    assert keys[at + 1 : at + 3] == ["rm.support.published-side", "rm.support.draft-side"]
