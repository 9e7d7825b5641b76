"""One ruling request read one way (games.ruling_request): the referee form and the API refuse
the same bad request with the same field paths and messages; the form shows them, never a
default in place of what was asked."""

import html
import re

import pytest

from games import engine, forms, ruling_request, snapshot
from games.engine.declare import MISSING
from games.models import Ruling
from games.views import REQUEST_FIELDS
from tests.games.test_referee_views import VOTE
from tests.markup import page_html

FORM = "/referee/rada-miasta/council-vote/"
API = "/api/v1/games/rada-miasta/adjudicators/council-vote/"
# The form with none of the question's fields: only the table, the variant and the translation.
NO_INPUTS = {"players": VOTE["players"], "variant": "original", "lang": "en"}


def _target(path: str) -> str:
    """The id of what shows the error of ``path`` on the form (games.forms.Node.id)."""
    if path in REQUEST_FIELDS:
        return REQUEST_FIELDS[path][0]
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "_", path.removeprefix("inputs."))


def _api_body(posted: dict, asked: dict) -> dict:
    """The API body of the request the form posts: the inputs the form reads from its fields,
    and lang, edition and variant as asked."""
    adj = engine.get("rada-miasta", "council-vote")
    return {"inputs": forms.collect(adj.inputs, posted, forms.split_players(posted["players"])), **asked}


@pytest.mark.parametrize(
    "base, asked, paths",
    [
        (VOTE, {"variant": "no-such"}, ["variant"]),
        (VOTE, {"edition": 999}, ["edition"]),
        (VOTE, {"edition": "abc"}, ["edition"]),
        (VOTE, {"lang": "x!"}, ["lang"]),
        (VOTE, {"lang": "x!", "edition": "0"}, ["lang", "edition"]),
        (NO_INPUTS, {}, ["inputs.seating", "inputs.proposer", "inputs.district.type"]),
        (
            NO_INPUTS,
            {"variant": "no-such"},
            ["variant", "inputs.seating", "inputs.proposer", "inputs.district.type"],
        ),
    ],
    ids=[
        "variant",
        "edition-999",
        "edition-abc",
        "lang",
        "lang-and-edition",
        "no-inputs",
        "variant-and-inputs",
    ],
)
def test_the_form_and_the_api_refuse_a_bad_request_alike(corpus, client, base, asked, paths):
    stored = Ruling.objects.count()
    posted = {**base, **{k: str(v) for k, v in asked.items()}}
    api = client.post(
        API, _api_body(posted, {"lang": posted["lang"], **asked}), content_type="application/json"
    )
    assert api.status_code == 400
    errors = api.json()["errors"]
    assert sorted(errors) == sorted(paths)
    form = client.post(FORM, posted)
    assert form.status_code == 400
    shown = sorted((e.target, e.message) for e in form.context["error_summary"])
    assert shown == sorted((_target(path), m) for path, messages in errors.items() for m in messages)
    page = html.unescape(form.content.decode())
    for path, messages in errors.items():
        assert f'id="{_target(path)}-err"' in page  # beside its field
        assert all(m in page for m in messages)
    assert 'data-testid="outcome"' not in page and Ruling.objects.count() == stored  # nothing ruled


@pytest.mark.parametrize("asked", [{"variant": "no-such"}, {"edition": "999"}, {"lang": "x!"}])
def test_with_htmx_a_bad_request_is_the_form_with_its_errors(corpus, client, asked):
    r = client.post(FORM, {**VOTE, **asked}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and r["X-Form-Invalid"] == "1"
    assert r["HX-Retarget"] == "#referee-form" and r["HX-Reswap"] == "outerHTML"
    (field,) = asked
    assert f'id="{REQUEST_FIELDS[field][0]}-err"' in page_html(r)
    assert 'name="support.Bartek.merchants" value="5"' in page_html(r)  # what was typed is kept


def test_the_form_names_the_field_in_the_interface_language(corpus, client):
    client.cookies["django_language"] = "pl"
    r = client.post(FORM, {**VOTE, "variant": "no-such"})
    assert r.status_code == 400
    assert "Wariant zasad: Dozwolone wartości: original." in html.unescape(page_html(r))
    # The request's own messages are the interface's language too, as the declarations' are.
    r = client.post(FORM, {**VOTE, "edition": "abc"})
    assert r.status_code == 400
    assert "Wymagany jest numer wydania (liczba całkowita od 1)." in html.unescape(page_html(r))
    r = client.post(FORM, {**VOTE, "edition": "99"})
    assert "Ta gra nie ma wydania 99." in html.unescape(page_html(r))


def test_a_bad_edition_shows_the_form_under_the_latest_edition_only_to_say_so(corpus, client):
    r = client.post(FORM, {**VOTE, "edition": "abc", "lang": "pl"})
    assert r.status_code == 400
    game = r.context["game"]
    assert game.rules.edition == snapshot.load("rada-miasta").rules.edition and game.lang == "pl"
    # A bad translation: the form again with the page's own translation chosen.
    r = client.post(FORM, {**VOTE, "lang": "x!"})
    assert r.status_code == 400 and r.context["game"].lang == "en"


@pytest.mark.parametrize("action", ["add:events", "players"])
def test_the_forms_own_actions_refuse_a_bad_variant_too(corpus, client, action):
    r = client.post(FORM, {**VOTE, "variant": "no-such", "action": action})
    assert r.status_code == 400 and 'id="f-variant-err"' in page_html(r)
    ok = client.post(FORM, {**VOTE, "action": action})
    assert ok.status_code == 200


def test_the_form_asks_the_original_only_with_an_empty_translation(corpus, client):
    r = client.post(FORM, {**VOTE, "lang": ""})
    assert r.status_code == 200 and r.context["ruling"].lang == "pl"  # Rada Miasta is written in Polish


def test_the_api_refuses_an_empty_translation_and_a_missing_situation(corpus, client):
    r = client.post(API, {"lang": ""}, content_type="application/json")
    assert r.status_code == 400
    assert r.json()["errors"] == {"lang": ["Not a BCP 47 language code (e.g. en, pl, el, zh-Hans)."]}
    r = client.post(API, {"variant": None}, content_type="application/json")
    assert r.json()["errors"] == {"inputs": ["This field is required."]}


@pytest.mark.parametrize(
    "value, number",
    [(None, None), ("", None), ("3", 3), (3, 3), ("0003", 3), (10**9, 10**9)],
)
def test_an_edition_number_as_asked(value, number):
    assert ruling_request.edition_number(value) == number


@pytest.mark.parametrize("value", ["abc", "0", 0, -1, True, 1.5, "1" * 11, 10**9 + 1, [1]])
def test_an_edition_that_is_not_a_number_from_one_is_named(value):
    with pytest.raises(ruling_request.RequestInvalid) as exc:
        ruling_request.edition_number(value)
    assert exc.value.errors == {"edition": ["An edition number (a whole number from 1) is required."]}


def test_parse_reads_a_request_and_keeps_the_snapshot_of_a_bad_one(corpus):
    adj = engine.get("rada-miasta", "council-vote")
    inputs = forms.collect(adj.inputs, VOTE, forms.split_players(VOTE["players"]))
    got, variant, snap = ruling_request.parse(adj, lang="en", edition=None, variant=None, inputs=inputs)
    assert variant == "original" and snap.lang == "en" and got.proposer == "Ala"
    with pytest.raises(ruling_request.RequestInvalid) as exc:
        ruling_request.parse(adj, lang=None, edition="1", variant=5, inputs=MISSING)
    assert exc.value.errors == {
        "variant": ["Must be one of: original."],
        "inputs": ["This field is required."],
    }
    assert exc.value.snapshot.rules.edition == 1 and exc.value.snapshot.lang == "pl"
    with pytest.raises(ruling_request.RequestInvalid) as exc:
        ruling_request.context(adj, lang="x!", edition=None, variant="original")
    assert exc.value.snapshot is None and list(exc.value.errors) == ["lang"]


def test_a_game_not_loaded_is_not_a_bad_request(corpus, client, monkeypatch):
    # A game whose adjudicators are registered but whose clauses were never loaded (no row).
    monkeypatch.setattr(snapshot, "game_fields", lambda slug, *fields: None)
    adj = engine.get("rada-miasta", "council-vote")
    with pytest.raises(snapshot.EditionNotFound):
        ruling_request.parse(adj, lang="en", edition=None, variant=None, inputs={})
    r = client.post(API, {"inputs": {}}, content_type="application/json")
    assert r.status_code == 404 and r.json() == {"errors": {"detail": ["Unknown game."]}}
