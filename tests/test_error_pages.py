"""403 and 404 pages say the reason in the interface language, in the site's layout."""

import re
import uuid

import pytest


def _reason(response) -> str:
    return re.search(r'data-testid="reason">([^<]*)</p>', response.content.decode()).group(1)


@pytest.mark.parametrize(
    "language, reason",
    [("en", "Unknown ruling."), ("pl", "Nieznane orzeczenie.")],
)
def test_a_404_says_why_in_the_interface_language(client, corpus, language, reason):
    client.cookies["django_language"] = language
    response = client.get(f"/rulings/{uuid.uuid4()}/")
    assert response.status_code == 404
    assert _reason(response) == reason
    assert 'href="/referee/"' in response.content.decode()  # the site's header: a way back


def test_an_unknown_question_says_so_in_polish(client, corpus):
    client.cookies["django_language"] = "pl"
    response = client.get("/referee/?game=dolores&q=no-such-question")
    assert response.status_code == 404 and _reason(response) == "Nieznane pytanie."


@pytest.mark.parametrize(
    "url",
    [
        "/referee/?game=rada-miasta&edition=abc",
        "/referee/?game=rada-miasta&q=council-vote&example=1&edition=1x",
        "/referee/?game=rada-miasta&edition=99",
        "/g/rada-miasta/coverage/?edition=-1",
    ],
)
def test_an_edition_that_is_not_one_is_not_found_rather_than_the_latest(client, corpus, url):
    """A shared link whose edition is mangled must not quietly show the latest edition."""
    response = client.get(url)
    assert response.status_code == 404
    assert _reason(response) in ("Unknown game or edition.", "Unknown game.")


def test_no_edition_or_an_empty_one_is_the_latest(client, corpus):
    for url in ("/referee/?game=rada-miasta", "/referee/?game=rada-miasta&edition="):
        assert client.get(url).status_code == 200
