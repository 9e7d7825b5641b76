"""The designer API (docs/api.md): drafts whose rulings follow the wording."""

import pytest

from rules.models import ClauseVersion, Edition

pytestmark = pytest.mark.django_db

LIMITS = "rm.support.limits"
DECAY = "rm.vote.decay"


def _text(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _open(client, slug="rada-miasta"):
    r = client.post(f"/api/v1/games/{slug}/drafts/", format="json")
    assert r.status_code == 201, r.content
    return r.json()["edition"]


def _revise(client, n, key, text, *, based_on=None, status="draft", **extra):
    based_on = _text(key).number if based_on is None else based_on
    body = {"text": text, "based_on": based_on, "status": status, **extra}
    return client.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{key}/", body, format="json")


def _rule(client, name, inputs, **extra):
    return client.post(
        f"/api/v1/games/rada-miasta/adjudicators/{name}/", {"inputs": inputs, **extra}, format="json"
    )


def _two_player_vote(bartek_support):
    """Ala proposes a residential district and votes for it; Bartek, with this support, against."""
    return {
        "seating": ["Ala", "Bartek"],
        "proposer": "Ala",
        "support": {"Ala": {"residents": 2}, "Bartek": bartek_support},
        "votes": {"Ala": "for", "Bartek": "against"},
        "district": {"type": "residential", "stage": 1},
    }


def test_a_draft_that_lowers_max_support_to_8_rules_with_8(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    r = _revise(api, n, LIMITS, _text(LIMITS).text.replace("przekroczyć 10", "przekroczyć 8"))
    assert r.status_code == 201, r.json()
    body = r.json()
    assert (body["key"], body["status"]) == (LIMITS, "draft")
    assert body["parameters"]["max_support"] == {
        "value": 8,
        "clause": LIMITS,
        "version": body["number"],
        "words": "8",
    }

    situation = {"support": {"residents": 7}, "district": {"type": "residential", "stage": 3}}
    draft = _rule(api, "support-gain", situation, edition=n).json()
    assert (draft["outcome"]["support"]["residents"], draft["outcome"]["discarded"]) == (8, 2)
    assert (draft["edition"], draft["draft"], draft["warnings"]) == (n, True, [])
    published = _rule(api, "support-gain", situation).json()
    assert (published["outcome"]["support"]["residents"], published["outcome"]["discarded"]) == (10, 0)
    assert published["draft"] is False

    refused = _rule(api, "support-gain", {**situation, "support": {"residents": 9}}, edition=n)
    assert refused.status_code == 400
    # The figure is the draft's, and so are the quoted words: the English translation, made from
    # the published wording ("cannot exceed 10"), is stale, so the original is quoted.
    assert refused.json()["errors"] == {
        "inputs.support.residents": [
            "Ensure this value is less than or equal to 8. The rules (rm.support.limits): “Poziom "
            "poparcia danej grupy nie może przekroczyć 8 i nie może być ujemny (nadmiar jest usuwany "
            "automatycznie)”"
        ]
    }
    assert refused.json()["clauses"] == {"inputs.support.residents": ["rm.support.limits"]}
    assert _rule(api, "support-gain", {**situation, "support": {"residents": 9}}).status_code == 200

    listed = api.get(f"/api/v1/games/rada-miasta/adjudicators/?edition={n}").json()
    schema = next(a for a in listed if a["name"] == "support-gain")["inputs_schema"]
    assert schema["properties"]["support"]["properties"]["residents"]["maximum"] == 8
    params = api.get(f"/api/v1/games/rada-miasta/parameters/?edition={n}").json()
    assert params["max_support"]["value"] == 8
    assert api.get("/api/v1/games/rada-miasta/parameters/").json()["max_support"]["value"] == 10


def test_a_draft_that_changes_what_the_decay_rule_says_warns_on_council_votes(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    old = _text(DECAY)
    new = old.text + " Nie dotyczy to graczy, którzy zagrali Zdarzenie w tym głosowaniu."
    assert _revise(api, n, DECAY, new, status="uncertain").status_code == 201
    vote = _two_player_vote({"merchants": 1})
    ruling = _rule(api, "council-vote", vote, edition=n).json()
    assert ruling["warnings"] == [
        {
            "clause": DECAY,
            "code_version": old.number,
            "cited_version": old.number + 1,
            "message": f"The code follows version {old.number} of {DECAY}; this edition's version "
            f"{old.number + 1} says something else, beyond its figures. This ruling may not follow the "
            "new wording until the code is updated.",
            "kind": "meaning",
            "reason": None,
            "by": None,
            "at": None,
        }
    ]
    stored = api.get(f"/api/v1/rulings/{ruling['ruling']}/").json()
    assert stored["warnings"] == ruling["warnings"] and stored["edition"] == n
    assert _rule(api, "council-vote", vote).json()["warnings"] == []


def test_a_draft_that_changes_only_who_loses_points_follows_the_new_word(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    new = _text(DECAY).text.replace("każdemu graczowi", "graczom głosującym ZA")
    r = _revise(api, n, DECAY, new, status="uncertain")
    assert r.status_code == 201 and r.json()["parameters"]["decay_players"]["value"] == "for"
    vote = _two_player_vote({"residents": 3})
    draft = _rule(api, "council-vote", vote, edition=n).json()
    published = _rule(api, "council-vote", vote).json()
    assert draft["warnings"] == []
    assert draft["outcome"]["support_after"]["Bartek"]["residents"] == 3
    assert published["outcome"]["support_after"]["Bartek"]["residents"] == 2


def test_a_revision_based_on_an_old_version_is_a_409_that_keeps_the_text(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    current = _text(LIMITS)
    assert _revise(api, n, LIMITS, current.text.replace("10", "9")).status_code == 201
    mine = current.text.replace("10", "7")
    r = _revise(api, n, LIMITS, mine, based_on=current.number)
    assert r.status_code == 409
    assert r.json()["current"] == {"number": current.number + 1, "text": current.text.replace("10", "9")}
    assert r.json()["text"] == mine and "based_on" in r.json()["errors"]


def test_a_text_that_drops_a_bound_figure_is_taken_and_unbound_until_rebound(designer, token_api):
    """CONTRACT.md §5: the designer is the authority on the text; the figure is marked unbound."""
    api = token_api(designer)
    n = _open(api)
    text = "Poziom poparcia danej grupy jest od zera do ośmiu punktów."
    r = _revise(api, n, LIMITS, text)
    assert r.status_code == 201, r.content
    assert r.json()["unbound"]["max_support"]["value"] == 10 and "max_support" not in r.json()["parameters"]
    assert _text(LIMITS).number == 2
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert [u["name"] for u in report["unbound_parameters"]] == ["max_support"]
    r = _revise(
        api,
        n,
        LIMITS,
        "Poziom poparcia danej grupy wynosi od 0 do 8 punktów.",
        bindings={"max_support": "od 0 do {num} punktów"},
    )
    assert r.status_code == 201, r.json()
    assert r.json()["parameters"]["max_support"]["value"] == 8 and r.json()["unbound"] == {}
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert report["unbound_parameters"] == []


def test_the_impact_report_lists_what_the_draft_changes(designer, token_api):
    api = token_api(designer)
    stored = _rule(
        api, "support-gain", {"support": {"residents": 9}, "district": {"type": "residential", "stage": 2}}
    ).json()
    n = _open(api)
    _revise(api, n, LIMITS, _text(LIMITS).text.replace("przekroczyć 10", "przekroczyć 8"))
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert report["revised"] == [LIMITS]
    assert report["parameters_changed"] == [
        {
            "name": "max_support",
            "clause": LIMITS,
            "published": 10,
            "draft": 8,
            "published_words": "10",
            "draft_words": "8",
        }
    ]
    assert report["pins_out_of_date"] == []
    changed = {(e["adjudicator"], e["example"]) for e in report["changed_examples"]}
    # Example 2 starts from residents 9 (+ a stage-3 public district: 10): the draft refuses 9.
    assert ("support-gain", "example 2") in changed
    example = next(e for e in report["changed_examples"] if e["example"] == "example 2")
    assert example["published"]["support"]["residents"] == 10
    assert example["draft"] == {
        "refused": {"inputs.support.residents": ["Ensure this value is less than or equal to 8."]}
    }
    assert ("support-gain", "example 1") not in changed  # 4 + a stage-2 District: 6 under both
    assert {"clause": LIMITS, "lang": "en", "state": "translated"} in report["stale_translations"]
    assert [r["ruling"] for r in report["overturned_rulings"]] == [stored["ruling"]]
    assert report["overturned_rulings"][0]["draft"] == {
        "refused": {"inputs.support.residents": ["Ensure this value is less than or equal to 8."]}
    }


def test_publishing_a_draft_makes_it_the_current_edition(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    _revise(api, n, LIMITS, _text(LIMITS).text.replace("przekroczyć 10", "przekroczyć 8"))
    other = _open(api)
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json")
    assert r.status_code == 200 and r.json() == {"edition": n}
    assert Edition.objects.get(game__slug="rada-miasta", is_current=True).number == n
    assert api.get("/api/v1/games/rada-miasta/parameters/").json()["max_support"]["value"] == 8
    # The other draft was opened from the edition before: publishing it would drop this one.
    late = api.post(f"/api/v1/games/rada-miasta/drafts/{other}/publish/", format="json")
    assert late.status_code == 409 and "edition" in late.json()["errors"]


@pytest.mark.parametrize(
    "who, expected",
    [
        ("anonymous", 401),
        ("nobody", 403),
        ("staff", 403),
        ("other-designer", 403),
        ("translator", 403),
        ("designer", 201),
        ("superuser", 201),
    ],
)
def test_who_may_open_a_draft(make_user, corpus, api, token_api, who, expected):
    users = {
        "nobody": lambda: make_user("nobody"),
        "staff": lambda: make_user("staff", staff=True),
        "other-designer": lambda: make_user("olek", kind="designer", game="dolores"),
        "translator": lambda: make_user("tom", kind="translator", lang="pl"),
        "designer": lambda: make_user("dana", kind="designer", game="rada-miasta"),
        "superuser": lambda: make_user("root", superuser=True),
    }
    client = api if who == "anonymous" else token_api(users[who]())
    r = client.post("/api/v1/games/rada-miasta/drafts/", format="json")
    assert r.status_code == expected
    if expected >= 400:
        assert "errors" in r.json()


def test_a_session_user_may_use_the_api_too(designer, client):
    client.force_login(designer)
    assert (
        client.post("/api/v1/games/rada-miasta/drafts/", content_type="application/json").status_code == 201
    )


def test_bad_revision_bodies_are_400s_naming_the_field(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    url = f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{LIMITS}/"
    assert set(api.post(url, {}, format="json").json()["errors"]) == {"text", "based_on", "status"}
    r = api.post(url, {"text": "x\x00", "based_on": 1, "status": "draft"}, format="json")
    assert r.status_code == 400 and r.json()["errors"] == {"text": ["NUL characters are not allowed."]}
    r = api.post(url, {"text": "x", "based_on": 1, "status": "final"}, format="json")
    assert r.status_code == 400 and "status" in r.json()["errors"]
    assert (
        api.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/no.such/", {}, format="json").status_code
        == 404
    )
    assert api.post("/api/v1/games/rada-miasta/drafts/999/publish/", format="json").status_code == 404


def test_the_impact_report_names_a_table_cell_the_draft_changes(make_user, token_api, corpus):
    api = token_api(make_user("dora", kind="designer", game="dolores"))
    n = api.post("/api/v1/games/dolores/drafts/", format="json").json()["edition"]
    r = api.post(
        f"/api/v1/games/dolores/drafts/{n}/clauses/dl.t1.coal/",
        {"text": "węgiel 5 30 N/D", "based_on": 1, "status": "draft"},
        format="json",
    )
    assert r.status_code == 201
    report = api.get(f"/api/v1/games/dolores/drafts/{n}/impact/").json()
    assert {
        "name": "table-1:coal:purchase",
        "clause": "dl.t1.coal",
        "published": 25,
        "draft": 30,
        "published_words": None,
        "draft_words": None,
    } in report["parameters_changed"]
    bad = api.post(
        f"/api/v1/games/dolores/drafts/{n}/clauses/dl.t1.coal/",
        {"text": "węgiel pięć N/D", "based_on": 2, "status": "draft"},
        format="json",
    )
    assert bad.status_code == 400 and list(bad.json()["errors"]) == ["parameters.table"]


def test_a_revision_of_a_draft_published_meanwhile_is_a_409_naming_the_edition(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    before = ClauseVersion.objects.count()
    assert api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json").status_code == 200
    r = _revise(api, n, DECAY, _text(DECAY).text + " Nowe zdanie.")
    assert r.status_code == 409
    assert r.json() == {
        "errors": {"edition": [f"edition {n} is already published: open a new draft to revise it further"]}
    }
    again = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/publish/", format="json")
    assert again.status_code == 409
    assert again.json()["errors"]["edition"][0].startswith(f"edition {n} is already published")
    assert ClauseVersion.objects.count() == before


def test_the_service_checks_the_drafts_status_under_its_lock_not_as_the_caller_read_it(designer):
    """The caller's Edition was read while it was a draft; it was published since."""
    from django.utils import timezone

    from rules import services
    from rules.models import Clause, Game

    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="d", now=timezone.now())
    stale = Edition.objects.get(pk=draft.pk)
    services.draft_publish(draft=draft, now=timezone.now())
    before = ClauseVersion.objects.count()
    with pytest.raises(services.DraftClosed) as refused:
        services.clause_revise(
            clause=Clause.objects.get(key=DECAY),
            text=_text(DECAY).text + " Nowe zdanie.",
            status="draft",
            expected_version=_text(DECAY).number,
            now=timezone.now(),
            draft=stale,
        )
    assert refused.value.edition.number == draft.number
    assert ClauseVersion.objects.count() == before


ABSENT = "rm.events.councillor-absent"
PROMISES = "rm.events.election-promises"


def test_a_revision_keeps_the_note_unless_the_designer_changes_it(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    note = _text(DECAY).note
    assert note.startswith("Red text (least certain")
    kept = _revise(api, n, DECAY, _text(DECAY).text + " Zdanie.")
    assert kept.status_code == 201, kept.json()
    assert _text(DECAY).note == note
    changed = _revise(api, n, DECAY, _text(DECAY).text, note="Read again after the playtest.")
    assert changed.status_code == 201
    assert _text(DECAY).note == "Read again after the playtest."
    cleared = _revise(api, n, DECAY, _text(DECAY).text, note="")
    assert cleared.status_code == 201 and _text(DECAY).note == ""


def test_removing_a_parameter_that_code_reads_is_a_400_naming_its_readers(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    before = _text(ABSENT)
    text = before.text.replace("poparcia o 1 w", "poparcia w")
    r = _revise(api, n, ABSENT, text, bindings={"councillor_absent_points": None})
    assert r.status_code == 400
    assert r.json() == {
        "errors": {
            "bindings.councillor_absent_points": [
                "council-vote, lab read councillor_absent_points: it cannot be removed, or their rulings "
                "could not be given. Re-bind it to the words that state the figure instead."
            ]
        }
    }
    assert _text(ABSENT) == before
    # Nothing reached the draft: its council votes are still ruled.
    vote = {
        **_two_player_vote({"residents": 2}),
        "events": [{"card": "councillor-absent", "player": "Ala", "target": "Bartek", "group": "residents"}],
    }
    assert _rule(api, "council-vote", vote, edition=n).status_code == 200
    assert api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").status_code == 200
