"""A figure whose words go (CONTRACT.md §5, issues #31 and #34 item 5): a revision, an accepted
deletion or an accept that removes the words of a figure the code reads is taken into the
draft; the parameter is re-bound where its number still stands, or marked unbound; the
impact report and the publish confirmation name it; publishing needs ``confirm_unbound``;
rulings read the last stated figure with a gap quoting its old words. Never a 5xx."""

import pytest

from rules.models import ClauseVersion

pytestmark = pytest.mark.django_db

DL = "/api/v1/games/dolores"
WIND = {"direction_roll": 3, "strength_roll": 4, "width": 12, "height": 10, "pollution": [[2, 3]]}
FACES = ["wind_east_face", "wind_north_face", "wind_south_face", "wind_west_face"]


@pytest.fixture
def dora(make_user, corpus):
    return make_user("dora", kind="designer", game="dolores")


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _draft(api, slug="dolores"):
    r = api.post(f"/api/v1/games/{slug}/drafts/", format="json")
    assert r.status_code == 201
    return r.json()["edition"]


def _wind(api, n):
    r = api.post(f"{DL}/adjudicators/wind/", {"inputs": WIND, "edition": n}, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def _check_unbound_draft(api, n):
    """The draft marks the four wind faces unbound: the report and the confirmation name them,
    rulings read the last stated faces with a gap, and publishing needs the confirmation."""
    report = api.get(f"{DL}/drafts/{n}/impact/")
    assert report.status_code == 200, report.content
    unbound = {u["name"]: u for u in report.json()["unbound_parameters"]}
    assert sorted(unbound) == FACES
    assert unbound["wind_east_face"]["value"] == 3 and unbound["wind_east_face"]["words"] == "3 - wschód"
    assert unbound["wind_east_face"]["readers"][0] == "wind"
    ruling = _wind(api, n)
    assert ruling["outcome"]["direction"] == "east"  # the last stated face 3
    gaps = [g for g in ruling["gaps"] if "no longer states wind_east_face" in g["question"]]
    assert gaps and "“3 - wschód”" in gaps[0]["question"] and gaps[0]["clause"] == "dl.wind-direction"
    refused = api.post(f"{DL}/drafts/{n}/publish/", {}, format="json")
    assert refused.status_code == 409, refused.content
    assert "wind_east_face" in refused.json()["errors"]["confirm_unbound"][0]
    assert sorted(refused.json()["unbound"]) == FACES
    published = api.post(f"{DL}/drafts/{n}/publish/", {"confirm_unbound": FACES}, format="json")
    assert published.status_code == 200, published.content
    after = _wind(api, None)
    assert after["edition"] == n and after["outcome"]["direction"] == "east"
    assert any("no longer states wind_east_face" in g["question"] for g in after["gaps"])


def test_a_revision_that_removes_a_figures_words_is_taken_and_the_figure_marked_unbound(dora, token_api):
    api = token_api(dora)
    n = _draft(api)
    body = {"text": "Pierwszy rzut określa kierunek wiatru.", "based_on": _newest("dl.wind-direction").number}
    r = api.post(f"{DL}/drafts/{n}/clauses/dl.wind-direction/", {**body, "status": "draft"}, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["parameters"] == {}
    _check_unbound_draft(api, n)


def test_an_accepted_deletion_of_a_clause_whose_figures_the_code_reads_is_never_a_500(dora, token_api):
    api = token_api(dora)
    n = _draft(api)
    change = {"key": "dl.wind-direction", "change": "deleted", "text": "", "section": "wind"}
    r = api.post(
        f"{DL}/drafts/{n}/document/accept/",
        {"changes": [change], "based_on": {"dl.wind-direction": _newest("dl.wind-direction").number}},
        format="json",
    )
    assert r.status_code == 200, r.content
    _check_unbound_draft(api, n)


def test_the_confirmation_page_names_the_unbound_figures_and_publishes_once_ticked(dora, token_api, client):
    api = token_api(dora)
    n = _draft(api)
    body = {"text": "Pierwszy rzut określa kierunek wiatru.", "based_on": _newest("dl.wind-direction").number}
    api.post(f"{DL}/drafts/{n}/clauses/dl.wind-direction/", {**body, "status": "draft"}, format="json")
    client.force_login(dora)
    page = client.get(f"/design/dolores/{n}/publish/").content.decode()
    assert 'data-unbound="wind_east_face"' in page and "“3 - wschód”" in page
    assert 'name="confirm_unbound" value="wind_east_face"' in page
    impact = client.get(f"/design/dolores/{n}/impact/").content.decode()
    assert 'data-unbound="wind_east_face"' in impact
    assert client.post(f"/design/dolores/{n}/publish/", {"confirm": "1"}).status_code == 409
    ticked = client.post(f"/design/dolores/{n}/publish/", {"confirm": "1", "confirm_unbound": FACES})
    assert ticked.status_code == 302


@pytest.mark.parametrize(
    ("slug", "key", "old", "new", "name", "value"),
    [
        # The words around the figure change; its number still stands: re-bound there.
        (
            "mega-civilization",
            "mc.trade-cards.empty-stack-water",
            "κάρτα Νερού",
            "κάρτα από την επόμενη στοιβάδα",
            "water_cards",
            1,
        ),
        (
            "rada-miasta",
            "rm.support.limits",
            "nie może przekroczyć 10",
            "nie może być większy niż 10",
            "max_support",
            10,
        ),
    ],
)
def test_a_revision_rewording_around_a_figure_is_re_bound_where_its_number_stands(
    make_user, corpus, token_api, slug, key, old, new, name, value
):
    api = token_api(make_user("des", kind="designer", game=slug))
    n = _draft(api, slug)
    text = _newest(key).text
    assert old in text
    body = {"text": text.replace(old, new), "based_on": _newest(key).number, "status": "draft"}
    r = api.post(f"/api/v1/games/{slug}/drafts/{n}/clauses/{key}/", body, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["parameters"][name]["value"] == value
    report = api.get(f"/api/v1/games/{slug}/drafts/{n}/impact/").json()
    assert report["unbound_parameters"] == []
