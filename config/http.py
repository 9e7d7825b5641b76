"""Conditional GETs and a per-process page cache for pages that follow a stamp.

A page kept here (the catalogue's reader and clause pages: ``rules.views.catalogue_page``)
is a function of a **stamp** (the game's catalogue stamp, which every catalogue write
replaces in the write's own transaction), the interface language, the request's path and
query, the htmx headers that pick a fragment, and the code that renders it. Two things
follow, both done by ``stamped_page(stamp_of)`` around such a view:

- **ETag.** A weak validator ``W/"…"`` over those inputs and the client's CSRF and session
  cookies. Weak, because equal pages are equivalent, not byte-identical: each answer
  carries a freshly masked CSRF token, and gzip adds random bytes. The cookies are in it so
  that a page kept by the browser is never revalidated for a client whose form token (after
  signing in, say) or session would render it differently. A matching ``If-None-Match``
  gets a 304 for GET and HEAD in one query (the stamp), without running the view.
- **Page cache.** The body of an anonymous GET (no session cookie) answered 200 is kept
  per process in the ``default`` cache, keyed on the same inputs less the cookies, with the
  CSRF token cut out: each later answer splices in the client's own freshly masked token.
  For gzip, each piece between the tokens is compressed once, as its own deflate segment,
  and the token is sent as a stored (uncompressed) block between them, so an answer costs
  no compression and the secret is never compressed next to text the client chose (the
  BREACH concern GZipMiddleware's random file name also answers, as here). At most
  ``MAX_PAGES`` pages per process: a client sending 3,000 different query strings evicts
  pages, it never grows memory. Coherent across processes and machines: a page is only
  served for the stamp read in this request.

A decorated view must render the same page for every anonymous client, given those
inputs: nothing of the user, the session or the clock.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import string
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import django
from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language

from config.lru import LRU

MAX_PAGES = 48
# Pages vary on these besides the URL: caches and clients must keep them apart.
VARY = ("HX-Request", "Cookie", "Accept-Language", "Accept-Encoding")
CACHE_CONTROL = "private, no-cache"  # per client (its CSRF token); revalidate every time
HTMX_HEADERS = ("HTTP_HX_REQUEST", "HTTP_HX_BOOSTED", "HTTP_HX_HISTORY_RESTORE_REQUEST")
# A masked CSRF token as Django writes it into a page (django.middleware.csrf).
MASKED_TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
CODE_DIRS = ("config", "rules", "games", "lab", "studio", "translators", "templates", "locale", "static")
CODE_SUFFIXES = {".py", ".html", ".mo", ".json", ".toml", ".css", ".js"}


# ---------------------------------------------------------------- validators


def _code_files() -> list[Path]:
    base = Path(settings.BASE_DIR)
    return [
        path
        for top in CODE_DIRS
        for path in sorted((base / top).rglob("*"))
        if path.suffix in CODE_SUFFIXES and path.is_file()
    ]


@functools.cache
def _deployed_digest() -> str:
    h = hashlib.blake2b(django.get_version().encode(), digest_size=16)
    base = Path(settings.BASE_DIR)
    for path in _code_files():
        h.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def code_digest() -> str:
    """A digest of what renders the pages (templates, code, catalogues, data, static files):
    a deployment that changes any of them changes every ETag. Deployed, their contents, read
    once per process (the same on every machine); in DEBUG, their sizes and modification times
    on every call (about 3 ms), since a development server's templates change while it runs."""
    if not settings.DEBUG:
        return _deployed_digest()
    h = hashlib.blake2b(django.get_version().encode(), digest_size=16)
    for path in _code_files():
        stat = path.stat()
        h.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return h.hexdigest()


def page_key(request, stamp: str) -> str:
    """What the page depends on, for every anonymous client alike."""
    htmx = "|".join(request.META.get(h, "") for h in HTMX_HEADERS)
    return f"{code_digest()}|{stamp}|{get_language()}|{htmx}|{request.get_full_path()}"


def etag_for(request, key: str, csrf_secret: str | None) -> str:
    """The page's weak ETag for this client."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    digest = hashlib.blake2b(f"{key}|{csrf_secret or ''}|{session}".encode(), digest_size=16)
    return f'W/"{digest.hexdigest()}"'


# ---------------------------------------------------------------- gzip in pieces


def _deflate(data: bytes, final: bool) -> bytes:
    """``data`` as a raw deflate segment that needs nothing before it: a fresh compressor,
    ended by a sync flush (byte-aligned, not final) or, last, by the final block."""
    c = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return c.compress(data) + c.flush(zlib.Z_FINISH if final else zlib.Z_SYNC_FLUSH)


def _stored(data: bytes) -> bytes:
    """``data`` as one stored deflate block, not final (RFC 1951 §3.2.4)."""
    return b"\x00" + struct.pack("<HH", len(data), len(data) ^ 0xFFFF) + data


def _gzip_header() -> bytes:
    """A gzip header naming a random file of random length (RFC 1952), as Django's
    GZipMiddleware writes it: the body's compressed length then says less about its text."""
    name = "".join(secrets.choice(string.ascii_letters) for _ in range(secrets.randbelow(100)))
    return b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff" + name.encode() + b"\x00"


class Page:
    """A rendered page with its CSRF tokens cut out: ``pieces`` around them, and each piece
    compressed on its own (``deflated``) when that pays."""

    def __init__(self, content: bytes, token_spans: list[bytes], headers: dict[str, str]):
        pieces = [content]
        for token in token_spans:
            pieces = [part for piece in pieces for part in piece.split(token)]
        self.pieces = tuple(pieces)
        self.headers = headers
        self.deflated = (
            tuple(_deflate(p, i == len(pieces) - 1) for i, p in enumerate(pieces))
            if len(content) >= 200
            else None
        )

    def plain(self, token: bytes) -> bytes:
        return token.join(self.pieces)

    def gzip(self, token: bytes) -> bytes:
        crc, body = 0, [_gzip_header()]
        for i, (piece, segment) in enumerate(zip(self.pieces, self.deflated, strict=True)):
            if i:
                body.append(_stored(token))
                crc = zlib.crc32(token, crc)
            body.append(segment)
            crc = zlib.crc32(piece, crc)
        size = sum(map(len, self.pieces)) + len(token) * (len(self.pieces) - 1)
        body.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
        return b"".join(body)


def token_carries(token: str, secret: str) -> bool:
    """Whether the masked CSRF token ``token`` (as ``{% csrf_token %}`` writes it) is a mask of
    ``secret``.

    Django has no public API for this: ``get_token`` only masks, and the middleware's check
    compares a request's token, not a page's. So this is the one place that calls the
    private ``django.middleware.csrf._unmask_cipher_token``; the page-cache tests
    (tests/rules/test_conditional.py) fail if a Django upgrade changes it."""
    from django.middleware.csrf import _unmask_cipher_token

    return _unmask_cipher_token(token) == secret


def _tokens_in(content: bytes, secret: str | None) -> list[bytes]:
    """The masked CSRF tokens of ``secret`` written in the page (one per render)."""
    if not secret:
        return []
    found = []
    for m in MASKED_TOKEN.finditer(content):
        if m.group() not in found and token_carries(m.group().decode(), secret):
            found.append(m.group())
    return found


# ---------------------------------------------------------------- the page cache


# The keys of the pages this process has cached: at most MAX_PAGES, the least recently kept
# dropped first.
_index = LRU(MAX_PAGES)


def _cache_key(key: str) -> str:
    return "page:" + hashlib.blake2b(key.encode(), digest_size=20).hexdigest()


def page_response(request, page: Page) -> HttpResponse:
    """Answer with a kept page: gzip if the client takes it, and the client's own token."""
    # Each answer its own mask of the client's secret (made, and its cookie set, if new).
    token = get_token(request).encode() if len(page.pieces) > 1 else b""
    if page.deflated is not None and ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(page.gzip(token))
        response.headers["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it alone
        patch_vary_headers(response, ("Accept-Encoding",))
    else:
        response = HttpResponse(page.plain(token))
    for name, value in page.headers.items():
        response.headers[name] = value
    return response


def stamped_page(stamp_of: Callable[[str], str | None]):
    """A decorator answering conditional GETs of a page and keeping its anonymous body per
    process (see the module's docstring). The view's first argument after the request is a
    slug; ``stamp_of(slug)`` is its stamp, or None when the slug names nothing (the view
    then answers, with its 404)."""
    return functools.partial(_stamped, stamp_of=stamp_of)


def _stamped(view, *, stamp_of: Callable[[str], str | None]):
    @functools.wraps(view)
    def wrapped(request, slug: str, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug, *args, **kwargs)
        stamp = stamp_of(slug)
        if stamp is None:
            return view(request, slug, *args, **kwargs)  # its 404
        return stamped_response(request, stamp, lambda: view(request, slug, *args, **kwargs))

    return wrapped


def stamped_response(request, stamp: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    """A GET or HEAD of a page that is a function of ``stamp`` (and of what ``page_key``
    names): a 304 for a matching ETag, the kept body for an anonymous client, else
    ``render()``, kept when it is a 200 for everyone alike (the module's docstring)."""
    key = page_key(request, stamp)
    etag = etag_for(request, key, request.META.get("CSRF_COOKIE"))
    response = get_conditional_response(request, etag=etag)
    if response is None:
        anonymous = settings.SESSION_COOKIE_NAME not in request.COOKIES and request.method == "GET"
        stored = cache.get(_cache_key(key)) if anonymous else None
        if stored is not None:
            response = page_response(request, stored)
        else:
            response = render()
            if response.status_code != 200:
                return response
            # A page that sets a cookie of its own, or came compressed, is not the same
            # for everyone: it is not kept.
            if (
                anonymous
                and not response.streaming
                and not response.cookies
                and not response.has_header("Content-Encoding")
            ):
                _keep(key, request, response)
        # After the view: a first visit's render made the CSRF cookie it now sends.
        etag = etag_for(request, key, request.META.get("CSRF_COOKIE"))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, VARY)
    return response


def _keep(key: str, request, response) -> None:
    tokens = _tokens_in(response.content, request.META.get("CSRF_COOKIE"))
    headers = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
    cache.set(_cache_key(key), Page(response.content, tokens, headers), timeout=None)
    for old in _index.put(_cache_key(key), True):
        cache.delete(old)
