"""Every number read from a query string or a form is ASCII digits or a 400 (a page: 404), the
reading config.numbers gives every view (issue 31 item 4): "²" and "①" were 500s (``isdigit()``
is true of them, ``int()`` fails) and "٣", "１" and "𝟙" were quietly read as 3, 1 and 1."""

from urllib.parse import quote

import pytest

from config.numbers import ascii_number, is_ascii_digits, signed_number
from rules.models import Role, Translation

pytestmark = pytest.mark.django_db

# Two that int() refuses (the 500s) and three it reads as another number (the quiet 3, 1, 1).
UNICODE_DIGITS = ["²", "①", "٣", "１", "𝟙"]


@pytest.mark.parametrize("text", UNICODE_DIGITS + ["", " 1", "1 ", "+1", "-1", "1_000", "1.0", None, 1])
def test_only_the_ascii_digits_are_digits(text):
    assert not is_ascii_digits(text)
    assert ascii_number(text) is None


def test_ascii_digits_are_read_within_their_length():
    assert (ascii_number("0"), ascii_number("0042"), ascii_number("12345", max_digits=4)) == (0, 42, None)
    assert (signed_number("-3"), signed_number("3"), signed_number("-"), signed_number("--3")) == (
        -3,
        3,
        None,
        None,
    )
    assert signed_number("-٣") is None


EDITION_MESSAGE = "An edition number (a whole number from 1) is required."

# (method, url with {n} where the number goes, expected status, expected 400 body or None)
QUERY_ENDPOINTS = [
    ("/api/v1/games/dolores/coverage/?edition={n}", 400, {"errors": {"edition": [EDITION_MESSAGE]}}),
    ("/api/v1/games/dolores/parameters/?edition={n}", 400, {"errors": {"edition": [EDITION_MESSAGE]}}),
    ("/api/v1/games/dolores/adjudicators/?edition={n}", 400, {"errors": {"edition": [EDITION_MESSAGE]}}),
    ("/g/dolores/coverage/?edition={n}", 404, None),
    ("/referee/?game=dolores&q=wind&edition={n}", 404, None),
    ("/search/?q=wiatr&page={n}", 200, None),  # a page number that is not one: the first page
    ("/g/dolores/editions/?to={n}", 400, None),
]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
@pytest.mark.parametrize(("url", "status", "body"), QUERY_ENDPOINTS)
def test_a_unicode_digit_in_a_query_is_refused_never_read(client, corpus, url, status, body, digit):
    r = client.get(url.format(n=quote(digit)))
    assert r.status_code == status, r.content[:300]
    if body is not None:
        assert r.json() == body


def test_the_search_page_reads_a_unicode_page_number_as_no_page_number(client, corpus):
    first = client.get("/search/?q=wiatr").content
    assert client.get("/search/?q=wiatr&page=%C2%B2").content.count(b"<li") == first.count(b"<li")


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_edition_in_a_ruling_body_is_a_400_naming_it(api, corpus, digit):
    body = {"inputs": {"districts": 3, "first_city": True}, "edition": digit}
    r = api.post("/api/v1/games/dolores/adjudicators/city-tax/", body, format="json")
    assert r.status_code == 400 and r.json()["errors"] == {"edition": [EDITION_MESSAGE]}


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_typed_in_the_referee_form_is_not_a_number(client, corpus, digit):
    r = client.post("/referee/dolores/city-tax/", {"districts": digit, "first_city": "on"})
    assert r.status_code == 400
    assert "A whole number is required." in r.content.decode()
    r = client.post("/referee/dolores/city-tax/", {"districts": "3", "first_city": "on", "edition": digit})
    assert r.status_code == 400
    assert EDITION_MESSAGE in r.content.decode()


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_id_on_the_people_and_glossary_pages_is_no_such_row(client, corpus, make_user, digit):
    boss = make_user("boss", superuser=True)
    make_user("rhea", ("reviewer", "dolores", "el"))
    roles = Role.objects.count()
    client.force_login(boss)
    assert client.post("/translate/people/", {"action": "remove", "role": digit}).status_code == 404
    assert Role.objects.count() == roles
    r = client.post("/translate/dolores/el/glossary/", {"action": "approve", "proposal": digit})
    assert r.status_code == 404


@pytest.mark.parametrize("digit", ["²", "١"])
def test_a_unicode_revision_on_the_translators_page_is_a_conflict_that_keeps_the_text(
    client, corpus, make_user, digit
):
    client.force_login(make_user("tina", ("translator", "rada-miasta", "en")))
    version = Translation.objects.filter(lang="en", clause__key="rm.vote.decay").first()
    number = version.based_on.number if version else 1
    before = Translation.objects.count()
    r = client.post(
        "/translate/rada-miasta/en/c/rm.vote.decay/",
        {"text": "Kept text.", "state": "translated", "version": number, "expected_revision": digit},
    )
    assert r.status_code == 409 and "Kept text." in r.content.decode()
    assert Translation.objects.count() == before
