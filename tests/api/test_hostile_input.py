"""Hostile input gets a quick, clear JSON answer naming what is wrong: never a 5xx, never
minutes of work (issue #12: bounded work, every API error in JSON, HEAD like GET)."""

import json
import time

import pytest

from config.parsers import MAX_BODY, MAX_DEPTH
from games import forms

pytestmark = pytest.mark.django_db

URL = "/api/v1/games/{game}/adjudicators/{name}/"


def post(client, game, name, body):
    return client.post(URL.format(game=game, name=name), json.dumps(body), content_type="application/json")


def test_a_huge_round_number_is_a_400_not_a_bignum(client, corpus):
    body = {"inputs": {"seating": ["A", "B"], "round": 10**4000}}
    r = post(client, "rada-miasta", "round-order", body)
    assert r.status_code == 400
    assert r.json()["errors"]["inputs.round"] == ["Ensure this value is less than or equal to 1000000."]


def test_a_map_of_100k_keys_is_refused_at_once(client, corpus):
    body = {"inputs": {"areas": {f"area-{n}": 1 for n in range(100_000)}}}
    start = time.perf_counter()
    r = post(client, "mega-civilization", "population-growth", body)
    elapsed = time.perf_counter() - start
    assert r.status_code == 413 or (r.status_code == 400 and "inputs.areas" in r.json()["errors"]), r.content[
        :300
    ]
    assert elapsed < 2


def test_a_map_just_over_the_cap_names_the_field(client, corpus):
    body = {"inputs": {"areas": {f"a{n}": 1 for n in range(201)}}}
    r = post(client, "mega-civilization", "population-growth", body)
    assert r.status_code == 400
    assert r.json()["errors"] == {"inputs.areas": ["Ensure this object has at most 200 entries."]}


def test_an_oversized_body_is_a_413_in_json(client, corpus):
    body = {"inputs": {"seating": ["A", "B"], "round": 1}, "pad": "x" * (MAX_BODY + 10)}
    r = post(client, "rada-miasta", "round-order", body)
    assert r.status_code == 413
    assert r["Content-Type"] == "application/json"
    assert r.json() == {"errors": {"body": [f"The body is larger than {MAX_BODY} bytes."]}}


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deeply_nested_json_is_a_400_in_json(client, corpus, depth):
    raw = '{"inputs": ' + "[" * depth + "]" * depth + "}"
    r = client.post(URL.format(game="rada-miasta", name="round-order"), raw, content_type="application/json")
    assert r.status_code == 400
    assert r.json() == {"errors": {"body": [f"JSON nested deeper than {MAX_DEPTH} levels."]}}


def test_a_referee_form_with_100k_players_costs_no_more_than_18(corpus):
    text = ",".join(f"P{n}" for n in range(100_000))
    start = time.perf_counter()
    players = forms.split_players(text)
    assert time.perf_counter() - start < 0.05
    assert players == [f"P{n}" for n in range(18)]


@pytest.mark.parametrize(
    "path",
    ["/referee/", "/g/dolores/", "/g/dolores/c/dl.taxes-unpaid/", "/g/dolores/disputes/", "/api/v1/games/"],
)
def test_head_answers_wherever_get_does(client, corpus, path):
    assert client.head(path).status_code == client.get(path).status_code == 200


@pytest.mark.parametrize(
    "method, path, expected",
    [
        ("put", "/api/v1/games/", 405),
        ("post", "/api/v1/games/dolores/clauses/", 405),
        ("get", "/api/v1/nothing/here/", 404),
    ],
)
def test_api_errors_are_json(client, corpus, method, path, expected):
    r = getattr(client, method)(path)
    assert r.status_code == expected
    assert r["Content-Type"] == "application/json" and "errors" in r.json()


def test_an_unsupported_media_type_is_a_415_in_json(client, corpus):
    r = client.post(URL.format(game="rada-miasta", name="round-order"), "x", content_type="text/plain")
    assert r.status_code == 415 and "errors" in r.json()


def test_an_unexpected_error_in_the_api_is_a_500_in_json(client, corpus, monkeypatch):
    from games import api

    def boom(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(api, "parse_request", boom)
    r = post(client, "rada-miasta", "round-order", {"inputs": {}})
    assert r.status_code == 500
    assert r.json() == {"errors": {"detail": ["Internal error: it has been logged."]}}


@pytest.mark.parametrize(
    "body, field",
    [
        ({"inputs": {"seating": ["A", "B"], "round": 1}, "lang": "e\x00n"}, "lang"),
        ({"inputs": {"seating": ["A", "B\x00"], "round": 1}}, "inputs.seating.1"),
        ({"inputs": {"seating": ["A", "B"], "round": 1, "extra": {"deep": "x\x00"}}}, "inputs.extra.deep"),
        ({"inputs": {"seating\x00": ["A", "B"], "round": 1}}, "inputs"),  # a key: its object named
        ({"inputs": {"seating": ["A", "B"], "round": 1}, "variant\x00": "x"}, "body"),
    ],
)
def test_nul_anywhere_in_a_json_body_is_a_400_naming_the_field(client, corpus, body, field):
    # Refused by the API's one JSON parser (config.parsers), before any view reads the body.
    r = post(client, "rada-miasta", "round-order", body)
    assert r.status_code == 400
    assert r.json() == {"errors": {field: ["NUL characters are not allowed."]}}


def test_nul_in_a_page_form_field_is_a_400_naming_it(client, corpus):
    # Refused by config.middleware.RefuseNulMiddleware, the one place every form post passes.
    r = client.post("/accounts/login/", {"username": "ann", "password": "a\x00b"})
    assert r.status_code == 400
    assert r.content.decode() == "password: NUL characters are not allowed."


@pytest.mark.parametrize(
    "path, field",
    [
        ("/api/v1/clauses/dl.taxes%00unpaid/versions/", "path"),
        ("/api/v1/games/dolores/clauses/?lang=e%00n", "lang"),
        ("/search/?q=a%00b", "q"),
    ],
)
def test_nul_in_a_path_or_a_query_is_a_400_naming_it(client, corpus, path, field):
    r = client.get(path)
    assert r.status_code == 400
    if path.startswith("/api/"):
        assert r.json() == {"errors": {field: ["NUL characters are not allowed."]}}
    else:
        assert r.content.decode() == f"{field}: NUL characters are not allowed."


def test_nul_in_a_ruling_input_is_a_400_naming_it(client, corpus):
    r = post(client, "rada-miasta", "round-order", {"inputs": {"seating": ["A\x00", "B"], "round": 1}})
    assert r.status_code == 400
    assert r.json()["errors"] == {"inputs.seating.0": ["NUL characters are not allowed."]}


@pytest.mark.parametrize("lang", ["en\n", "zh-Hans-aaaaaaaa-bbbbbbbb", "e"])
def test_a_language_code_the_columns_cannot_hold_is_a_400(client, corpus, lang):
    r = post(client, "dolores", "interception", {"inputs": {"roll": 5}, "lang": lang})
    assert r.status_code == 400 and list(r.json()["errors"]) == ["lang"]


def test_the_longest_language_code_accepted_fits_its_column(client, corpus):
    lang = "zh-Hans-" + "a" * 8 + "-bb"  # 19 characters
    r = post(client, "dolores", "interception", {"inputs": {"roll": 5}, "lang": lang})
    assert r.status_code == 200 and r.json()["lang"] == lang


@pytest.mark.parametrize(
    "raw, field",
    [
        ('{"inputs": {"seating": ["\\ud800", "B"], "round": 1}}', "inputs.seating.0"),
        ('{"inputs": {"seating": ["A", "B"], "round": 1}, "lang": "e\\udfffn"}', "lang"),
        ('{"inputs": {"areas": {"\\udfff": 1}}}', "inputs.areas"),
    ],
)
def test_an_unpaired_surrogate_is_a_400_naming_where_it_is(client, corpus, raw, field):
    """Only a \\uD800-\\uDFFF escape can carry one; neither database can store it (it was a 500)."""
    game, name = (
        ("mega-civilization", "population-growth") if "areas" in raw else ("rada-miasta", "round-order")
    )
    r = client.post(URL.format(game=game, name=name), raw, content_type="application/json")
    assert r.status_code == 400
    assert list(r.json()["errors"]) == [field]


def test_a_surrogate_pair_is_one_character_and_welcome(client, corpus):
    raw = '{"inputs": {"seating": ["\\ud83c\\udfb2 Ala", "B"], "round": 1}}'
    r = client.post(URL.format(game="rada-miasta", name="round-order"), raw, content_type="application/json")
    assert r.status_code == 200 and r.json()["inputs"]["seating"][0] == "\U0001f3b2 Ala"


def test_a_body_past_djangos_own_limit_is_a_413_in_json_too(client, corpus):
    """Past DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) Django refuses to read a body at all: that
    was a 500 from the API (found by bench/hostile.py)."""
    raw = json.dumps({"pad": "x" * 3_000_000})
    r = client.post(URL.format(game="rada-miasta", name="round-order"), raw, content_type="application/json")
    assert r.status_code == 413
    assert r.json() == {"errors": {"body": [f"The body is larger than {MAX_BODY} bytes."]}}


def test_a_multipart_body_past_djangos_limit_is_a_413_in_json(client, corpus, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    r = client.post("/api/v1/games/dolores/translations/en/import/", {"note": "x" * 2000})
    assert r.status_code == 413
    assert r.json() == {"errors": {"body": ["The body is larger than 1000 bytes."]}}
