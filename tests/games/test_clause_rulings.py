"""A designer sees which stored rulings cite a clause: those given under an older wording,
and those another variant would overturn."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rules.models import Clause
from rules.services import clause_revise
from tests.api.test_adjudication_api import UNPAID, post
from tests.conftest import real_queries

PAID = {
    "all_taxes_paid": True,
    "cities": [
        {
            "id": "capital",
            "tax_paid": True,
            "connected": True,
            "facilities": [{"id": "mine-1", "tax_paid": True}],
        },
    ],
}
URL = "/g/dolores/c/dl.taxes-unpaid/rulings/"


def test_no_ruling_yet(corpus, client):
    page = client.get(URL).content.decode()
    assert "No stored ruling cites this clause yet." in page
    assert "0 stored rulings cite this clause." in page


def test_each_citing_ruling_is_listed_with_the_variant_that_would_overturn_it(corpus, api, client):
    unpaid = post(api, "dolores", "profit-eligibility", {"inputs": UNPAID}).json()
    paid = post(api, "dolores", "profit-eligibility", {"inputs": PAID}).json()
    # Unpaid taxes: the original skips the profit phase, GNIAZDO lets paid factories produce.
    assert unpaid["alternatives"][0]["differs"] is True
    assert paid["alternatives"][0]["differs"] is False

    page = client.get(URL).content.decode()
    assert "2 stored rulings cite this clause." in page
    assert f'href="/rulings/{unpaid["ruling"]}/"' in page and f'href="/rulings/{paid["ruling"]}/"' in page
    assert "Under “GNIAZDO proposals”, 1 of them would go the other way." in page
    assert f"<strong>GNIAZDO proposals:</strong> {unpaid['alternatives'][0]['summary']}" in page
    assert page.count('class="alt"') == 2  # the one count and the one differing ruling
    assert "older wording" not in page


def test_rulings_given_under_an_older_wording_are_flagged_after_a_revision(corpus, api, client):
    response = post(api, "dolores", "profit-eligibility", {"inputs": UNPAID})
    assert response.status_code == 200, response.json()
    ruling = response.json()
    clause = Clause.objects.get(game__slug="dolores", key="dl.taxes-unpaid")
    current = clause.versions.order_by("-number").first()
    clause_revise(
        clause=clause,
        text=current.text + " (draft)",
        status="draft",
        expected_version=current.number,
        now=timezone.now(),
    )
    page = client.get(URL).content.decode()
    assert f'data-ruling="{ruling["ruling"]}"' in page
    assert (
        f"1 of them were given under an older wording; the clause is now at version {current.number + 1}."
        in page
    )
    assert f"cites version {current.number}" in page and 'class="badge stale">older wording' in page


def test_the_clause_page_links_to_it(corpus, client):
    page = client.get("/g/dolores/c/dl.taxes-unpaid/").content.decode()
    assert f'href="{URL}"' in page


def test_unknown_clause_or_game_is_404(corpus, client):
    assert client.get("/g/dolores/c/nope/rulings/").status_code == 404
    assert client.get("/g/nope/c/dl.taxes-unpaid/rulings/").status_code == 404


@pytest.mark.parametrize("rulings", [1, 12])
def test_three_queries_whatever_the_number_of_rulings(corpus, api, client, rulings):
    for _ in range(rulings):
        post(api, "dolores", "profit-eligibility", {"inputs": UNPAID})
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(URL).status_code == 200
    # The clause, the count, the page of rulings (plus the session/auth reads of the page: none).
    assert len(real_queries(ctx)) == 3, real_queries(ctx)
