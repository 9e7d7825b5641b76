"""Request bodies are read only where a view expects them, and only up to its limit
(config.middleware.BodyGateMiddleware, config.uploads): issue #20 item 6."""

import pytest
from django.core.files.uploadedfile import InMemoryUploadedFile, SimpleUploadedFile
from django.test import Client, RequestFactory
from django.test.client import MULTIPART_CONTENT, encode_multipart

from config.uploads import MULTIPART_OVERHEAD, BoundedMemoryUploadHandler, UploadTooLarge
from translators import exchange

IMPORT_API = "/api/v1/games/rada-miasta/translations/en/import/"
IMPORT_PAGE = "/translate/rada-miasta/en/import/"
HUGE = str(300 * 1024 * 1024)


def _multipart(**fields) -> bytes:
    return encode_multipart("BoUnDaRy", fields)


CONTENT_TYPE = "multipart/form-data; boundary=BoUnDaRy"


@pytest.mark.parametrize("path", ["/", "/referee/", "/accounts/login/", "/api/v1/games/"])
def test_a_declared_huge_form_body_is_a_413_before_a_byte_is_read(corpus, path):
    # The test client's body is a few bytes: reading past them fails the test (FakePayload),
    # so a 413 here means nobody read the 300 MB the client said it would send.
    body = _multipart(f=SimpleUploadedFile("a.bin", b"x" * 10))
    r = Client().generic("POST", path, body, content_type=CONTENT_TYPE, CONTENT_LENGTH=HUGE)
    assert r.status_code == 413
    message = "The body is larger than 2621440 bytes."
    if path.startswith("/api/"):
        assert r.json() == {"errors": {"body": [message]}}
    else:
        assert r.content.decode() == message


def test_a_file_sent_to_a_page_that_takes_none_is_a_400_and_never_stored(corpus, settings, tmp_path):
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 10  # what used to go to a temporary file past this
    r = Client().post("/accounts/login/", {"username": "x", "f": SimpleUploadedFile("a.bin", b"y" * 1000)})
    assert r.status_code == 400
    assert list(tmp_path.iterdir()) == []


def test_an_anonymous_upload_to_a_page_is_sent_to_log_in_unread(corpus):
    # A client holding a CSRF cookie (anyone can get one): CSRF would read the body first.
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    body = _multipart(file=SimpleUploadedFile("x.xlf", b"x" * 10), csrfmiddlewaretoken="a" * 32)
    declared = str(exchange.MAX_FILE)  # within the limit, and far more than the body
    r = client.generic("POST", IMPORT_PAGE, body, content_type=CONTENT_TYPE, CONTENT_LENGTH=declared)
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/?next=")


def test_an_import_past_its_limit_is_a_413_in_json_before_it_is_read(corpus, make_user):
    client = Client()
    client.force_login(make_user("root", superuser=True))
    body = _multipart(file=SimpleUploadedFile("x.xlf", b"x" * 10))
    limit = exchange.MAX_FILE + MULTIPART_OVERHEAD
    r = client.generic("POST", IMPORT_API, body, content_type=CONTENT_TYPE, CONTENT_LENGTH=str(limit + 1))
    assert r.status_code == 413
    assert r.json() == {"errors": {"body": [f"The body is larger than {limit} bytes."]}}


def test_an_upload_is_kept_in_memory_never_in_a_temporary_file(
    corpus, make_user, settings, tmp_path, monkeypatch
):
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    seen = []
    original = exchange.import_upload

    def spy(**kwargs):
        seen.append((type(kwargs["upload"]), sorted(p.name for p in tmp_path.iterdir())))
        return original(**kwargs)

    monkeypatch.setattr(exchange, "import_upload", spy)
    client = Client()
    client.force_login(make_user("root", superuser=True))
    # Past Django's FILE_UPLOAD_MAX_MEMORY_SIZE (2.5 MB), where it used to spool to disk.
    data = b"not a translation file\n" * (3 * 1024 * 1024 // 23)
    r = client.post(IMPORT_API, {"file": SimpleUploadedFile("x.xlf", data)})
    assert r.status_code == 400 and "file" in r.json()["errors"]
    assert seen == [(InMemoryUploadedFile, [])]
    assert list(tmp_path.iterdir()) == []


def test_the_upload_handler_stops_at_the_limit_while_streaming():
    # A body longer than the limit that got past the Content-Length check (a server that
    # streams a chunked body): the handler counts and stops.
    body = _multipart(file=SimpleUploadedFile("x.xlf", b"x" * 5000))
    request = RequestFactory().generic("POST", "/", body, content_type=CONTENT_TYPE)
    request.upload_limit = 1000
    request.upload_handlers = [BoundedMemoryUploadHandler(request)]
    with pytest.raises(UploadTooLarge, match="larger than 1000 bytes"):
        request.FILES  # noqa: B018


def test_nul_in_a_page_form_is_still_a_400_naming_the_field(corpus):
    r = Client().post("/accounts/login/", {"username": "a\x00b", "password": "x"})
    assert r.status_code == 400 and r.content.decode() == "username: NUL characters are not allowed."


def test_a_multipart_form_without_a_file_still_works_on_a_page(corpus, make_user):
    make_user("ala")
    r = Client().post(
        "/accounts/login/", {"username": "ala", "password": "pw-ala"}, content_type=MULTIPART_CONTENT
    )
    assert r.status_code == 302
