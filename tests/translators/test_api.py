"""Translator API (docs/api.md): export, import, align, glossary; token or session auth."""

import pytest
from rest_framework.authtoken.models import Token

from rules.models import Game, Translation
from translators import exchange

from .conftest import DECAY
from .test_exchange import edit

pytestmark = pytest.mark.django_db

BASE = "/api/v1/games/rada-miasta/translations/en/"


@pytest.fixture
def token_api(api, translator):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=translator).key}")
    return api


@pytest.mark.parametrize(
    "fmt, content_type, start",
    [
        (
            "xliff2",
            "application/xliff+xml",
            b'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"',
        ),
        (
            "xliff",
            "application/x-xliff+xml",
            b'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"',
        ),
        ("po", "text/x-gettext-translation", b'msgid ""'),
        ("tmx", "application/x-tmx+xml", b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tmx'),
    ],
)
def test_export_in_each_format_with_its_content_type(token_api, fmt, content_type, start):
    r = token_api.get(BASE + f"?format={fmt}")
    assert r.status_code == 200
    assert r["Content-Type"].split(";")[0] == content_type
    assert r.content.startswith(start)
    assert r["Content-Disposition"].startswith('attachment; filename="rada-miasta.en.')


def test_the_glossary_as_tbx(token_api):
    r = token_api.get("/api/v1/games/rada-miasta/glossary/?format=tbx")
    assert r.status_code == 200 and r["Content-Type"].startswith("application/x-tbx+xml")
    assert b"<termEntry" in r.content and b'xml:lang="en"' in r.content


def test_import_two_changed_units_reports_them_applied(token_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = token_api.get(BASE + "?format=xliff2").content
    data = edit("xliff2", data, {DECAY: "Changed A.", "rm.vote.won-gain": "Changed B."})
    r = token_api.post(BASE + "import/", {"file": SimpleUploadedFile("x.xlf", data)}, format="multipart")
    assert r.status_code == 200
    body = r.json()
    assert (body["applied"], body["unchanged"], body["conflicts"], body["rejected"]) == (2, 51, 0, 0)
    assert {"clause": DECAY, "result": "applied", "reason": "Saved as revision 2 (translated)."} in body[
        "units"
    ]
    assert Translation.objects.get(clause__key=DECAY, lang="en").text == "Changed A."


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda api: api.get(BASE + "?format=docx"), "format"),
        (lambda api: api.get("/api/v1/games/rada-miasta/translations/pl/"), "lang"),
        (lambda api: api.get("/api/v1/games/rada-miasta/translations/not%20a%20code/"), "lang"),
        (lambda api: api.post(BASE + "import/", {}, format="multipart"), "file"),
        (lambda api: api.post(BASE + "align/", {"text": ""}, format="json"), "text"),
        (lambda api: api.post(BASE + "align/", ["x"], format="json"), "body"),
        (lambda api: api.get("/api/v1/games/rada-miasta/glossary/?format=csv"), "format"),
    ],
)
def test_bad_requests_are_400_naming_the_field(token_api, translator, call, field):
    from rules.models import Role

    Role.objects.create(user=translator, kind="translator", lang="pl")
    r = call(token_api)
    assert r.status_code == 400 and field in r.json()["errors"], r.content


def test_an_unreadable_file_is_a_400(token_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    r = token_api.post(
        BASE + "import/", {"file": SimpleUploadedFile("x.xlf", b"<html/>")}, format="multipart"
    )
    assert r.status_code == 400 and "not XLIFF" in r.json()["errors"]["file"][0]


def test_align_answers_every_clause_in_document_order(token_api):
    from rules import corpus

    from . import alignment_fixtures

    text, expected = alignment_fixtures.plain("rada-miasta", "en")
    before = Translation.objects.count()
    r = token_api.post(BASE + "align/", {"text": text}, format="json")
    assert r.status_code == 200
    pairs = r.json()["pairs"]
    keys = [c.key for c in corpus.game("rada-miasta").clauses if c.kind != "furniture"]
    assert [p["clause"] for p in pairs] == keys
    assert all(0 <= p["confidence"] <= 1 for p in pairs)
    assert sum(p["text"] == expected[p["clause"]] for p in pairs) >= 0.98 * len(pairs)
    assert Translation.objects.count() == before  # nothing saved


def test_anonymous_is_401_and_a_translator_of_another_language_403(api, make_user, corpus):
    assert api.get(BASE).status_code == 401
    other = make_user("gosia", ("translator", None, "pl"))
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=other).key}")
    assert api.get(BASE).status_code == 403
    assert api.post(BASE + "align/", {"text": "x"}, format="json").status_code == 403
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = {"file": SimpleUploadedFile("x.po", b'msgid ""\nmsgstr ""\n')}
    assert api.post(BASE + "import/", upload, format="multipart").status_code == 403
    api.credentials()
    assert api.post(BASE + "import/", upload, format="multipart").status_code == 401
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=other).key}")
    # The glossary: a translator of any language of the game.
    assert api.get("/api/v1/games/rada-miasta/glossary/").status_code == 200


def test_a_session_works_too(client, translator):
    client.force_login(translator)
    assert client.get(BASE + "?format=po").status_code == 200


def test_the_openapi_document_lists_the_translator_api(api):
    schema = api.get("/api/v1/schema/?format=json").json()
    for path in (
        "/api/v1/games/{slug}/translations/{lang}/",
        "/api/v1/games/{slug}/translations/{lang}/import/",
        "/api/v1/games/{slug}/translations/{lang}/align/",
        "/api/v1/games/{slug}/glossary/",
    ):
        assert path in schema["paths"], path
    export = schema["paths"]["/api/v1/games/{slug}/translations/{lang}/"]["get"]
    assert set(export["responses"]["200"]["content"]) == {
        "application/xliff+xml",
        "application/x-xliff+xml",
        "text/x-gettext-translation",
        "application/x-tmx+xml",
    }
    assert (
        "multipart/form-data"
        in schema["paths"]["/api/v1/games/{slug}/translations/{lang}/import/"]["post"]["requestBody"][
            "content"
        ]
    )


def test_exporting_needs_no_more_queries_for_a_bigger_game(token_api, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        assert token_api.get("/api/v1/games/dolores/translations/en/?format=xliff2").status_code == 200
    assert len(exchange.units(Game.objects.get(slug="dolores"), "en")) == 192
