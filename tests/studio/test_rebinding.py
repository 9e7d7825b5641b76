"""Re-binding the designer can do (issue #22 item 2): when a revision loses a bound figure's
words, the 400 (and the editor) propose the words where a figure now stands; a parameter may
be a set of die faces where the rule lists them (dl.ship-intercept)."""

import pytest

from rules import params
from rules.models import ClauseVersion

LIMITS = "rm.support.limits"
WATER = "mc.trade-cards.empty-stack-water"
INTERCEPT = "dl.ship-intercept"


@pytest.mark.parametrize(
    ("text", "faces", "words"),
    [
        ("jeżeli wyrzuci 5 lub 6 oczek.", [5, 6], "5 lub 6"),
        ("jeżeli wyrzuci 4, 5 lub 6 oczek.", [4, 5, 6], "4, 5 lub 6"),
        ("jeżeli wyrzuci 6 oczek.", [6], "6"),
        ("jeżeli wyrzuci 2, 4 albo 6 oczek.", [2, 4, 6], "2, 4 albo 6"),
    ],
)
def test_a_set_of_die_faces_is_read_as_the_rule_lists_it(text, faces, words):
    reading = params.read("intercept_faces", "wyrzuci {faces} oczek", text)
    assert (reading.value, reading.words, text[reading.start : reading.end]) == (faces, words, words)


@pytest.mark.parametrize(
    ("template", "text", "was", "proposed"),
    [
        (
            "nie może przekroczyć {num}",
            "Poziom poparcia danej grupy jest od zera do ośmiu punktów.",
            10,
            ["do {num} punktów"],
        ),
        (
            "τραβάει {num} κάρτα Νερού",
            "Όταν μία από τις στοιβάδες είναι άδεια, ο παίκτης τραβάει δύο κάρτες Νερού.",
            1,
            ["τραβάει {num} κάρτες", "Όταν {num} από"],
        ),
        ("每一个新手获得{num}个赏赐点", "每个新手可得一个赏赐点", 1, ["可得{num}个赏"]),
        ("nie może przekroczyć {num}", "Bez liczby.", 10, []),
    ],
)
def test_the_candidates_are_the_words_where_a_figure_now_stands(template, text, was, proposed):
    assert params.candidates("p", template, text, was=was) == proposed
    for candidate in proposed:
        assert params.read("p", candidate, text)  # each reads exactly once


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _revise(api, slug, n, key, text, **extra):
    body = {"text": text, "based_on": _newest(key).number, "status": "draft", **extra}
    return api.post(f"/api/v1/games/{slug}/drafts/{n}/clauses/{key}/", body, format="json")


def _open(api, slug):
    return api.post(f"/api/v1/games/{slug}/drafts/", format="json").json()["edition"]


@pytest.mark.django_db
def test_the_unbound_figure_names_the_candidates_and_binding_one_saves(designer, token_api):
    api = token_api(designer)
    n = _open(api, "rada-miasta")
    text = "Poziom poparcia danej grupy jest od zera do ośmiu punktów."
    r = _revise(api, "rada-miasta", n, LIMITS, text)
    assert r.status_code == 201, r.content
    unbound = r.json()["unbound"]["max_support"]
    assert unbound == {
        "value": 10,
        "version": 1,
        "words": "nie może przekroczyć 10",
        "candidates": ["do {num} punktów"],
    }
    # A template of the designer's own that does not read is still a 400 naming it.
    wrong = _revise(api, "rada-miasta", n, LIMITS, text, bindings={"max_support": "aż do {num} kropek"})
    assert wrong.status_code == 400 and list(wrong.json()["errors"]) == ["parameters.max_support"]
    r = _revise(api, "rada-miasta", n, LIMITS, text, bindings={"max_support": unbound["candidates"][0]})
    assert r.status_code == 201 and r.json()["parameters"]["max_support"]["value"] == 8


@pytest.mark.django_db
def test_rewording_the_water_card_rule_is_rebound_through_the_candidate(make_user, corpus, token_api):
    api = token_api(make_user("maria", kind="designer", game="mega-civilization"))
    n = _open(api, "mega-civilization")
    text = "Όταν μία από τις στοιβάδες είναι άδεια, ο παίκτης τραβάει δύο κάρτες Νερού."
    r = _revise(api, "mega-civilization", n, WATER, text)
    assert (
        r.status_code == 201 and r.json()["unbound"]["water_cards"]["candidates"][0] == "τραβάει {num} κάρτες"
    )
    r = _revise(api, "mega-civilization", n, WATER, text, bindings={"water_cards": "τραβάει {num} κάρτες"})
    assert r.status_code == 201 and r.json()["parameters"]["water_cards"]["value"] == 2


@pytest.mark.django_db
def test_a_ship_that_intercepts_on_4_5_or_6_rules_so_with_no_warning(make_user, corpus, token_api):
    api = token_api(make_user("dora", kind="designer", game="dolores"))
    n = _open(api, "dolores")
    r = _revise(api, "dolores", n, INTERCEPT, _newest(INTERCEPT).text.replace("5 lub 6", "4, 5 lub 6"))
    assert r.status_code == 201, r.content
    assert r.json()["parameters"]["intercept_faces"] == {
        "value": [4, 5, 6],
        "clause": INTERCEPT,
        "version": r.json()["number"],
        "words": "4, 5 lub 6",
    }

    def rule(roll, **extra):
        return api.post(
            "/api/v1/games/dolores/adjudicators/interception/",
            {"inputs": {"roll": roll}, **extra},
            format="json",
        ).json()

    draft = rule(4, edition=n)
    assert (draft["outcome"], draft["warnings"]) == ({"shot_down": True}, [])
    assert draft["steps"][0]["explanation"] == "The ship rolled 4: shot down (it needs 4, 5 or 6)."
    assert rule(4)["outcome"] == {"shot_down": False}


@pytest.mark.django_db
def test_the_editor_proposes_the_words_in_the_interface_language(designer, client):
    from django.utils import timezone

    from rules import services
    from rules.models import Game

    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="dana", now=timezone.now())
    client.force_login(designer)
    client.cookies["django_language"] = "pl"
    text = "Poziom poparcia danej grupy jest od zera do ośmiu punktów."
    r = client.post(
        f"/design/rada-miasta/{draft.number}/c/{LIMITS}/",
        {"text": text, "status": "draft", "based_on": _newest(LIMITS).number, "note": ""},
    )
    assert r.status_code == 302  # taken, and back to the editor, which proposes the words
    html = client.get(r["Location"]).content.decode()
    assert 'data-testid="candidates-max_support"' in html and 'value="do {num} punktów"' in html
    assert "nie ma już w tekście" in html  # the message in Polish
