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
