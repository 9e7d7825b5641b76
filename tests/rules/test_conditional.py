"""Conditional GETs of the reader and clause pages, and their per-process page cache
(config.http, around rules.views): a weak ETag from the catalogue stamp, the language, the URL and the client's
cookies; 304 on a match; a new ETag and the new text at once after a catalogue write."""

from __future__ import annotations

import gzip
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config import http
from rules import services, views
from rules.models import Game
from tests.rules.test_views import current_entries

pytestmark = pytest.mark.django_db

READER = "/g/rada-miasta/?lang=en"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')


def clause_url() -> tuple[str, object]:
    entry = current_entries("rada-miasta").filter(clause__kind="rule").first()
    return f"/g/rada-miasta/c/{entry.clause.key}/", entry


def revise(entry, text: str):
    services.clause_revise(
        clause=entry.clause,
        text=text,
        status="published",
        expected_version=entry.version.number,
        now=timezone.now(),
    )


@pytest.fixture
def url(request, corpus):
    return READER if request.param == "reader" else clause_url()[0]


@pytest.mark.parametrize("url", ["reader", "clause"], indirect=True)
def test_a_page_has_a_weak_etag_and_a_match_is_a_304_in_one_query(client, url):
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert re.fullmatch(r'W/"[0-9a-f]{32}"', etag)
    assert first["Cache-Control"] == "private, no-cache"
    vary = {v.strip() for v in first["Vary"].split(",")}
    assert vary >= {"Accept-Language", "Cookie", "HX-Request", "Accept-Encoding"}
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and len(ctx.captured_queries) == 1
    assert {v.strip() for v in again["Vary"].split(",")} >= vary
    # Any of several validators, the weak comparison, and HEAD.
    assert client.get(url, HTTP_IF_NONE_MATCH=f'"x", {etag}').status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag.removeprefix("W/")).status_code == 304
    assert client.head(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    head = client.head(url)
    assert head.status_code == 200 and head["ETag"] == etag
    assert client.get(url, HTTP_IF_NONE_MATCH='W/"stale"').status_code == 200


def test_a_new_clause_version_and_a_publication_change_the_etag_and_the_page(client, corpus):
    url, entry = clause_url()
    etags = {"reader": client.get(READER)["ETag"], "clause": client.get(url)["ETag"]}
    revise(entry, "Poprawione w szkicu.")
    for key, path in (("reader", READER), ("clause", url)):
        r = client.get(path, HTTP_IF_NONE_MATCH=etags[key])
        assert r.status_code == 200 and r["ETag"] != etags[key]
        etags[key] = r["ETag"]
    assert "Poprawione w szkicu." in client.get(url).content.decode()
    services.edition_publish(game=Game.objects.get(slug="rada-miasta"), name="Next", now=timezone.now())
    r = client.get(READER, HTTP_IF_NONE_MATCH=etags["reader"])
    assert r.status_code == 200 and "Poprawione w szkicu." in r.content.decode()
    assert client.get(READER, HTTP_IF_NONE_MATCH=r["ETag"]).status_code == 304


def test_the_etag_follows_the_translation_the_interface_language_and_htmx(client, corpus):
    etags = {
        client.get(READER)["ETag"],
        client.get("/g/rada-miasta/?lang=original")["ETag"],
        client.get(READER, HTTP_ACCEPT_LANGUAGE="pl")["ETag"],
        client.get(READER, HTTP_HX_REQUEST="true")["ETag"],
        client.get("/g/praetor/?lang=en")["ETag"],
    }
    assert len(etags) == 5
    polish = client.get(READER, HTTP_ACCEPT_LANGUAGE="pl")
    assert client.get(READER, HTTP_IF_NONE_MATCH=polish["ETag"]).status_code == 200
    fragment = client.get(READER, HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode() and 'id="document"' in fragment.content.decode()


def test_another_clients_etag_is_not_a_match(corpus):
    """The ETag covers the client's CSRF secret: a page kept by one browser holds its form
    token, which another client (or the same one after its token rotated) cannot use."""
    a, b = Client(), Client()
    etag = a.get(READER)["ETag"]
    assert a.get(READER, HTTP_IF_NONE_MATCH=etag).status_code == 304
    b.get(READER)
    assert b.get(READER, HTTP_IF_NONE_MATCH=etag).status_code == 200


def masked(page: str) -> str:
    """The page with every CSRF token (64 letters and digits) replaced by "T"."""
    return re.sub(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])", "T", page)


def test_a_kept_page_carries_each_clients_own_token_and_is_the_same_page(corpus):
    cache.clear()
    a, b = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    rendered = a.get(READER).content.decode()
    with CaptureQueriesContext(connection) as ctx:
        page = b.get(READER).content.decode()
    assert len(ctx.captured_queries) == 1  # the stamp: the page itself came from the cache
    secret = b.cookies[settings.CSRF_COOKIE_NAME].value
    tokens = set(TOKEN.findall(page)) | set(re.findall(r'"X-CSRFToken": "([A-Za-z0-9]{64})"', page))
    assert len(tokens) == 1 and http.token_carries(tokens.pop(), secret)
    assert secret != a.cookies[settings.CSRF_COOKIE_NAME].value
    assert masked(page) == masked(rendered) and masked(page).count('T"') >= 2
    # The token works: the interface-language form posts with it.
    token = TOKEN.findall(page)[0]
    r = b.post("/i18n/setlang/", {"language": "pl", "next": "/", "csrfmiddlewaretoken": token})
    assert r.status_code == 302


def test_the_gzip_answer_of_a_kept_page_is_the_plain_answer(corpus):
    client = Client()
    client.get(READER)
    plain = client.get(READER)
    zipped = client.get(READER, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip" and len(zipped.content) < len(plain.content) / 3
    assert masked(gzip.decompress(zipped.content).decode()) == masked(plain.content.decode())
    assert "Accept-Encoding" in zipped["Vary"]


def test_the_page_cache_is_bounded_whatever_the_query_strings(client, corpus):
    cache.clear()
    for n in range(http.MAX_PAGES + 20):
        assert client.get(f"/g/rada-miasta/?lang=x{n}").status_code == 200
    kept = [k for k in cache._cache if ":page:" in k]
    assert len(kept) == http.MAX_PAGES


def test_signed_in_pages_are_rendered_not_kept(client, corpus):
    cache.clear()
    user = get_user_model().objects.create_user("reader", password="pw")
    client.force_login(user)
    client.get(READER)
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(READER)
    assert r.status_code == 200 and len(ctx.captured_queries) > 1  # rendered again
    assert not [k for k in cache._cache if ":page:" in k]


def test_an_unknown_game_or_clause_is_a_404_without_an_etag(client, corpus):
    elsewhere = clause_url()[0].replace("rada-miasta", "praetor")
    for url in ("/g/nope/", "/g/rada-miasta/c/nope/", elsewhere):
        r = client.get(url)
        assert r.status_code == 404 and not r.has_header("ETag")


@pytest.mark.parametrize("sets_cookie, renders", [(False, 1), (True, 2)])
def test_only_a_page_the_same_for_everyone_is_kept(rf, corpus, sets_cookie, renders):
    cache.clear()
    calls = []

    def view(request, slug):
        calls.append(slug)
        response = HttpResponse("<p>" + "x" * 300 + "</p>")
        if sets_cookie:
            response.set_cookie("preference", "1")
        return response

    page = views.catalogue_page(view)
    answers = [page(rf.get("/g/rada-miasta/?lang=en"), "rada-miasta") for _ in range(2)]
    assert len(calls) == renders
    assert {a.content for a in answers} == {b"<p>" + b"x" * 300 + b"</p>"}


def test_the_code_digest_follows_a_template_edit_in_debug_and_is_read_once_deployed(
    settings, monkeypatch, tmp_path
):
    """A development server's templates change while it runs: in DEBUG the pages' ETags
    follow them at once; deployed, the files are read once per process."""
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("<p>one</p>")
    settings.BASE_DIR = tmp_path
    monkeypatch.setattr(http, "CODE_DIRS", ("templates",))
    http._deployed_digest.cache_clear()
    try:
        settings.DEBUG = True
        first = http.code_digest()
        assert http.code_digest() == first
        page.write_text("<p>two, longer</p>")
        assert http.code_digest() != first
        settings.DEBUG = False
        deployed = http.code_digest()
        page.write_text("<p>three</p>")
        assert http.code_digest() == deployed
    finally:
        http._deployed_digest.cache_clear()
