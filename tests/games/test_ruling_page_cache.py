"""A stored ruling's pages cost a cache read and are throttled (issue 31 item 2): the share page
and the reopened form re-ran the adjudicator and described the whole situation on every GET
(0.27 s of CPU for a tax bill at its bounds), and 130 GETs from one address were all 200."""

import re

import pytest

from games import views
from tests.markup import page_html

pytestmark = pytest.mark.django_db

BODY = {
    "inputs": {
        "cities": [{"districts": 12, "first_city": False, "buildings": [{"kind": "mine", "robots": 2}] * 6}]
        * 12,
        "units": {"infantry": 30, "ships": 12},
        "routes": {"land": 20, "sea": 10},
    }
}


@pytest.fixture
def ruling(api, corpus):
    r = api.post("/api/v1/games/dolores/adjudicators/tax-bill/", BODY, format="json")
    assert r.status_code == 200, r.content
    return r.json()["ruling"]


@pytest.fixture
def runs(monkeypatch):
    """How many times a stored ruling's adjudicator is run again to describe it."""
    calls = []
    said_again = views._said_again

    def counted(ruling):
        calls.append(ruling.id)
        return said_again(ruling)

    monkeypatch.setattr(views, "_said_again", counted)
    return calls


def _without_token(page: str) -> str:
    return re.sub(r'csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"', "", page)


def test_the_share_page_is_rendered_once_per_ruling_and_language(client, ruling, runs):
    url = f"/rulings/{ruling}/"
    first = client.get(url)
    again = [client.get(url) for _ in range(5)]
    assert [r.status_code for r in [first, *again]] == [200] * 6
    assert len(runs) == 1
    assert {_without_token(page_html(r)) for r in again} == {_without_token(page_html(first))}
    client.cookies["django_language"] = "pl"
    polish = client.get(url)
    assert polish.status_code == 200 and len(runs) == 2 and 'lang="pl"' in page_html(polish)
    client.get(url)
    assert len(runs) == 2


def test_the_reopened_form_is_rendered_once_per_ruling_and_language(client, ruling, runs, monkeypatch):
    rendered = []
    reopen = views._reopen
    monkeypatch.setattr(views, "_reopen", lambda *a, **k: rendered.append(1) or reopen(*a, **k))
    url = f"/referee/?game=dolores&q=tax-bill&from={ruling}"
    pages = [client.get(url) for _ in range(4)]
    assert [r.status_code for r in pages] == [200] * 4 and len(rendered) == 1
    assert 'data-testid="reopened"' in page_html(pages[-1])
    # A ruling of another question still opens that question's form empty, not cached as it.
    other = client.get(f"/referee/?game=dolores&q=wind&from={ruling}")
    assert other.status_code == 200 and 'data-testid="reopened"' not in page_html(other)


def test_a_signed_in_designer_is_not_served_the_anonymous_page(client, ruling, make_user):
    url = f"/rulings/{ruling}/"
    anonymous = page_html(client.get(url))
    client.force_login(make_user("dana", kind="designer", game="dolores"))
    designer = page_html(client.get(url))
    assert "Sign out" in designer and "Sign out" not in anonymous


def test_a_clause_revised_since_changes_the_kept_page(client, ruling, runs):
    from rules.models import Game

    url = f"/rulings/{ruling}/"
    client.get(url)
    Game.objects.filter(slug="dolores").update(catalogue_stamp="00000000-0000-0000-0000-000000000001")
    client.get(url)
    assert len(runs) == 2


def test_the_stored_rulings_pages_are_throttled_like_rulings(client, api, ruling, settings):
    settings.RULING_RATE = "5/min"
    pages = [f"/rulings/{ruling}/", f"/referee/?game=dolores&q=tax-bill&from={ruling}"] * 3
    codes = [client.get(url).status_code for url in pages]
    assert codes == [200] * 5 + [429]
    refused = client.get(pages[0])
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many pages from this device" in page_html(refused)
    # Counted apart from the rulings themselves: this address may still ask for one.
    body = {"inputs": {"roll": 5}}
    assert (
        api.post("/api/v1/games/dolores/adjudicators/interception/", body, format="json").status_code == 200
    )


def test_an_unknown_ruling_is_still_a_404(client, corpus):
    assert client.get("/rulings/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/rulings/nope/").status_code == 404


def test_marking_the_ruling_a_reference_changes_the_kept_page(client, ruling):
    from games.models import ReferenceRuling, Ruling

    url = f"/rulings/{ruling}/"
    assert "reference ruling" not in page_html(client.get(url))
    from django.utils import timezone

    ReferenceRuling.objects.create(
        ruling=Ruling.objects.get(pk=ruling), marked_by="dana", marked_at=timezone.now()
    )
    assert "reference ruling" in page_html(client.get(url))
