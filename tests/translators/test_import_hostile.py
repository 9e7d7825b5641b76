"""Hostile XLIFF imports (issue #31 item 2): an entity bomb (in UTF-8 or hidden in UTF-16),
an external entity and an external DTD are each a 400 naming ``file``, read without expanding
or fetching anything, within well under a second of CPU."""

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db

BASE = "/api/v1/games/rada-miasta/translations/en/"
XLIFF = (
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="pl" '
    'target-language="en" original="rada-miasta" datatype="plaintext"><body><trans-unit id="rm.intro.goal">'
    "<source>{text}</source><target>{text}</target></trans-unit></body></file></xliff>"
)
LAUGHS = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))


def declared(doctype: str, text: str, encoding: str = "UTF-8") -> str:
    return f'<?xml version="1.0" encoding="{encoding}"?><!DOCTYPE xliff {doctype}>' + XLIFF.format(text=text)


HOSTILE = {
    "entity bomb": declared(f'[<!ENTITY l0 "lol">{LAUGHS}]', "&l9;").encode(),
    "entity bomb in UTF-16": declared(f'[<!ENTITY l0 "lol">{LAUGHS}]', "&l9;", "UTF-16").encode("utf-16"),
    "external entity": declared('[<!ENTITY x SYSTEM "file:///etc/passwd">]', "&x;").encode(),
    "external DTD": declared('SYSTEM "http://127.0.0.1:9/never.dtd"', "&x;").encode(),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_xliff_is_a_400_naming_the_file(api, translator, kind):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=translator).key}")
    started = time.process_time()
    r = api.post(BASE + "import/", {"file": SimpleUploadedFile("x.xlf", HOSTILE[kind])}, format="multipart")
    assert time.process_time() - started < 1.0
    assert r.status_code == 400, r.content
    assert list(r.json()["errors"]) == ["file"]
    assert "root:" not in r.content.decode()  # /etc/passwd was never read into the answer
