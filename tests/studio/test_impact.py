"""The impact report to act on (issue #22 item 4, issue #20 item 7): every stored ruling of the
replaced edition re-ruled, grouped by situation, said in words; a background run above a
size; publishing after a confirmation; a restored wording stales nothing."""

import pytest

from games import impact
from games.models import ImpactRun, Ruling
from rules.models import ClauseVersion, Edition, Translation

pytestmark = pytest.mark.django_db

LIMITS = "rm.support.limits"
DECAY = "rm.vote.decay"
MAJORITY = "rm.vote.majority"
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _gain(residents, stage=3):
    return {"support": {"residents": residents}, "district": {"type": "residential", "stage": stage}}


def _rule(api, inputs, times=1, **extra):
    """Store ``times`` rulings of this support-gain situation; the last one's JSON, with
    ``ids``: every one's id."""
    ids = []
    for _ in range(times):
        r = api.post(
            "/api/v1/games/rada-miasta/adjudicators/support-gain/", {"inputs": inputs, **extra}, format="json"
        )
        assert r.status_code == 200, r.content
        ids.append(r.json()["ruling"])
    return {**r.json(), "ids": ids}


def _revise(api, n, key, text, **extra):
    body = {"text": text, "based_on": _newest(key).number, "status": "draft", **extra}
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{key}/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def _open(api):
    return api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]


def _cap_8(api, n):
    _revise(api, n, LIMITS, _newest(LIMITS).text.replace("przekroczyć 10", "przekroczyć 8"))


def test_every_stored_ruling_of_the_replaced_edition_is_re_ruled_once_per_situation(designer, token_api):
    api = token_api(designer)
    capped = _rule(api, _gain(7), times=5)  # 7 + 3 = 10 under the cap of 10; 8 under a cap of 8
    under = _rule(api, _gain(5), times=3)  # 5 + 3 = 8: the same under both
    _rule(api, _gain(6))  # 6 + 3 = 9, 8 under the draft
    # Round order cites nothing of the limits, but reads the cap in its inputs' bounds: a
    # support of 9 is refused under a cap of 8, so this ruling is overturned too.
    order = api.post(
        "/api/v1/games/rada-miasta/adjudicators/round-order/",
        {
            "inputs": {
                "seating": ["Ala", "Bartek"],
                "round": 2,
                "support": {"Ala": {"residents": 9}, "Bartek": {"merchants": 2}},
                "previous_first": "Bartek",
            }
        },
        format="json",
    ).json()
    assert LIMITS not in [s["clause"] for s in order["steps"]]
    n = _open(api)
    _cap_8(api, n)
    _rule(api, _gain(7), edition=n)  # a ruling under the draft itself is no stored ruling of edition 1

    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert report["rulings_status"] == "done"
    assert (report["rulings_checked"], report["situations_checked"]) == (10, 4)
    refused_order = [e for e in report["overturned_rulings"] if e["adjudicator"] == "round-order"]
    assert [(e["ruling"], e["draft"]) for e in refused_order] == [
        (
            order["ruling"],
            {"refused": {"inputs.support.Ala.residents": ["Ensure this value is less than or equal to 8."]}},
        )
    ]
    by_residents = {
        e["inputs"]["support"]["residents"]: e
        for e in report["overturned_rulings"]
        if e["adjudicator"] == "support-gain"
    }
    assert sorted(by_residents) == [6, 7]
    seven = by_residents[7]
    assert (seven["rulings"], seven["adjudicator"], seven["variant"]) == (5, "support-gain", "original")
    assert seven["ruling"] in capped["ids"]
    assert seven["published"]["support"]["residents"] == 10
    assert (seven["draft"]["support"]["residents"], seven["draft"]["discarded"]) == (8, 2)
    # In words: the situation with the form's labels, each outcome in one sentence.
    assert seven["published_summary"] == "Gains 3 Residents support (now 10)."
    assert seven["draft_summary"] == "Gains 3 Residents support; 2 over the limit of 8 removed (now 8)."
    assert [(line["lead"], line["text"]) for line in seven["situation"]] == [
        ("Builder's support before building:", "Residents: 7"),
        ("District built:", "District type: Residential; Stage: 3"),
    ]
    assert by_residents[6]["rulings"] == 1
    assert not set(under["ids"]) & {e["ruling"] for e in report["overturned_rulings"]}
    assert Ruling.objects.filter(edition=n).count() == 1


def test_rulings_of_an_older_edition_are_not_the_replaced_editions(designer, token_api):
    api = token_api(designer)
    _rule(api, _gain(7))  # under edition 1
    first = _open(api)
    _revise(api, first, DECAY, _newest(DECAY).text + " ")
    assert api.post(f"/api/v1/games/rada-miasta/drafts/{first}/publish/", format="json").status_code == 200
    n = _open(api)
    _cap_8(api, n)
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (report["published"], report["overturned_rulings"], report["rulings_checked"]) == (first, [], 0)
    _rule(api, _gain(7))  # under edition `first`, the one the draft replaces
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert [e["rulings"] for e in report["overturned_rulings"]] == [1]


@pytest.mark.parametrize(
    "key, change",
    [
        (DECAY, lambda text: text.replace(" ", "  ", 3) + "\n"),  # whitespace only
        ("rm.intro", lambda text: text + " Powodzenia!"),  # commentary only
    ],
    ids=["whitespace", "commentary"],
)
def test_a_whitespace_or_commentary_only_draft_overturns_nothing(designer, token_api, key, change):
    api = token_api(designer)
    for residents in (2, 7, 9):
        _rule(api, _gain(residents))
    api.post(
        "/api/v1/games/rada-miasta/adjudicators/council-vote/",
        {
            "inputs": {
                "seating": ["Ala", "Bartek"],
                "proposer": "Ala",
                "support": {"Ala": {"residents": 2}, "Bartek": {"residents": 3}},
                "votes": {"Ala": "for", "Bartek": "against"},
                "district": {"type": "residential", "stage": 1},
            }
        },
        format="json",
    )
    n = _open(api)
    _revise(api, n, key, change(_newest(key).text))
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert report["revised"] == [key]
    assert (report["overturned_rulings"], report["changed_examples"]) == ([], [])


@pytest.fixture
def run_waiting(designer, token_api, settings, monkeypatch):
    """Three situations ruled, a draft capping support at 8 (two of them overturned), and
    above two situations the re-ruling left to a background task, enqueued, not run yet:
    (the designer's API client, the draft's number)."""
    api = token_api(designer)
    for residents in (5, 6, 7):
        _rule(api, _gain(residents))
    n = _open(api)
    _cap_8(api, n)
    monkeypatch.setattr(impact, "SYNC_SITUATIONS", 2)
    settings.TASKS = DUMMY
    return api, n


def test_above_the_size_the_rulings_are_re_ruled_in_the_background_with_progress(run_waiting, settings):
    api, n = run_waiting
    waiting = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (waiting["rulings_status"], waiting["rulings_progress"]) == ("running", {"done": 0, "total": 3})
    assert waiting["overturned_rulings"] == []
    assert waiting["parameters_changed"][0]["name"] == "max_support"  # the rest is there already
    run = ImpactRun.objects.get()
    assert (run.edition, run.total, run.status) == (n, 3, "running")
    # Asking again neither starts another run nor loses this one.
    api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/")
    assert ImpactRun.objects.count() == 1

    from games import services as game_services

    assert game_services.impact_run_work(run_id=str(run.pk)) == "done"
    done = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (done["rulings_status"], done["rulings_checked"], done["situations_checked"]) == ("done", 3, 3)
    assert sorted(e["inputs"]["support"]["residents"] for e in done["overturned_rulings"]) == [6, 7]
    assert done["overturned_rulings"][0]["draft_summary"]  # said in words from the stored run

    # A revision of the draft makes the stored run stale: a new run, here run at once.
    settings.TASKS = IMMEDIATE
    _revise(api, n, LIMITS, _newest(LIMITS).text.replace("przekroczyć 8", "przekroczyć 9"))
    again = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert again["rulings_status"] == "done"
    assert [e["inputs"]["support"]["residents"] for e in again["overturned_rulings"]] == [7]
    assert ImpactRun.objects.count() == 2


def test_the_page_says_each_change_in_words_and_publishing_asks_first(client, designer, token_api):
    api = token_api(designer)
    _rule(api, _gain(7), times=2)
    n = _open(api)
    _cap_8(api, n)
    _revise(api, n, DECAY, _newest(DECAY).text + " Nie dotyczy wnioskodawcy.")  # a pin goes out of date
    client.force_login(designer)
    page = client.get(f"/design/rada-miasta/{n}/impact/").content.decode()
    assert "Gains 3 Residents support; 2 over the limit of 8 removed (now 8)." in page
    assert "2 stored rulings" in page
    assert "{&#x27;support&#x27;" not in page and "{'support'" not in page  # no Python dicts
    assert 'class="situation"' in page

    confirm = client.get(f"/design/rada-miasta/{n}/publish/")
    text = confirm.content.decode()
    assert confirm.status_code == 200
    assert f"Publish as edition {n}?" in text
    assert "<code>rm.vote.decay</code>" in text
    assert "would go the other way in 1 situation" in text
    assert "Gains 3 Residents support (now 10)." in text
    # Without the confirmation nothing is published.
    assert client.post(f"/design/rada-miasta/{n}/publish/").status_code == 200
    assert Edition.objects.get(game__slug="rada-miasta", number=n).status == "draft"
    assert client.post(f"/design/rada-miasta/{n}/publish/", {"confirm": "1"}).status_code == 302
    assert Edition.objects.get(game__slug="rada-miasta", number=n).status == "published"


def test_a_restored_wording_is_no_revision_and_stales_no_translation(designer, token_api):
    """rm.vote.majority v3 = v1: revised in the draft, then restored word for word."""
    api = token_api(designer)
    v1 = _newest(MAJORITY)
    english = Translation.objects.get(based_on=v1, lang="en")
    n = _open(api)
    _revise(api, n, MAJORITY, v1.text.replace("co najmniej 2", "co najmniej 3"))
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert report["revised"] == [MAJORITY]
    assert {"clause": MAJORITY, "lang": "en", "state": english.state} in report["stale_translations"]

    _revise(api, n, MAJORITY, v1.text, status=v1.status)
    v3 = _newest(MAJORITY)
    assert v3.number == v1.number + 2
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert MAJORITY not in report["revised"]
    assert [t for t in report["stale_translations"] if t["clause"] == MAJORITY] == []
    carried = Translation.objects.get(based_on=v3, lang="en")
    assert (carried.text, carried.state, carried.translator) == (
        english.text,
        english.state,
        english.translator,
    )
    # Published, the reader shows the translation as current, not stale.
    assert api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json").status_code == 200
    clauses = api.get("/api/v1/games/rada-miasta/clauses/?lang=en").json()
    majority = next(c for c in clauses if c["key"] == MAJORITY)
    assert (majority["version"], majority["translation"]["stale"]) == (v3.number, False)


def test_a_run_whose_worker_died_is_started_again(run_waiting, settings):
    import datetime as dt

    from games import services as game_services

    api, n = run_waiting
    api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/")
    run = ImpactRun.objects.get()
    # Its worker got half way, then was killed: the heartbeat stops.
    ImpactRun.objects.filter(pk=run.pk).update(
        done=2, heartbeat_at=run.heartbeat_at - dt.timedelta(minutes=1)
    )
    still = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (still["rulings_status"], still["rulings_progress"]) == ("running", {"done": 2, "total": 3})
    ImpactRun.objects.filter(pk=run.pk).update(
        heartbeat_at=run.heartbeat_at - game_services.IMPACT_RUN_STALE * 2
    )
    settings.TASKS = IMMEDIATE
    again = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (again["rulings_status"], again["situations_checked"]) == ("done", 3)
    assert ImpactRun.objects.count() == 1


def test_the_impact_report_is_what_its_generated_serializer_describes(designer, token_api):
    """The OpenAPI "Impact" is generated from games.impact.Impact's fields
    (games.api.doc_serializer): it describes every key the report answers, and only those."""
    from rest_framework.serializers import Serializer

    from games.api import doc_serializer

    api = token_api(designer)
    _rule(api, _gain(7))
    n = _open(api)
    _cap_8(api, n)
    body = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert body["overturned_rulings"] and body["revised"] == [LIMITS]
    report = impact.Impact(**body)
    described = Serializer.to_representation(doc_serializer(impact.Impact, "Impact")(), report)
    assert described == body == report.to_json()


def test_a_ruling_stored_after_a_background_run_began_is_in_the_report(run_waiting, settings):
    """The run is keyed by the stored rulings too: one stored after it began makes a new run,
    so the report (and the publish confirmation, which reads the same) counts it."""
    api, n = run_waiting
    api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/")
    from games import services as game_services

    assert game_services.impact_run_work(run_id=str(ImpactRun.objects.get().pk)) == "done"
    settings.TASKS = IMMEDIATE
    _rule(api, _gain(8))  # stored after the run: overturned by the cap at 8 too
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert (report["rulings_status"], report["rulings_checked"]) == ("done", 4)
    assert sorted(e["inputs"]["support"]["residents"] for e in report["overturned_rulings"]) == [6, 7, 8]
    assert ImpactRun.objects.count() == 2
