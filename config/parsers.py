"""The API's parsers. JSON: a size and a depth limit, answered in JSON (413 / 400 naming
``body``), and no unpaired surrogate and no NUL (400 naming the string's path). Forms (an
upload's multipart body, a urlencoded one): no NUL in a field (400 naming it), as
``config.middleware.RefuseNulMiddleware`` refuses it in a page's form — the API's views parse
their own bodies, after authenticating the client, so the middleware leaves them to these.

Kept apart from config.api: DRF imports its parser classes while rest_framework.views is
still loading, so this module must not import DRF's views."""

from __future__ import annotations

import json
import re

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser

from config.numbers import is_ascii_digits

# A ruling body of the largest game at its maximum bounds is a few tens of KB; anything much
# bigger is refused before it is parsed, and so is JSON nested deeper than any input.
MAX_BODY = 256 * 1024
MAX_DEPTH = 32


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = {"body": [f"The body is larger than {MAX_BODY} bytes."]}


def _depth(value) -> int:
    """Nesting depth of parsed JSON (a scalar inside a container counts a level), iteratively:
    a recursive walk could itself overflow. Only containers are walked, so that a body of
    10,000 board squares is measured in a few milliseconds."""
    if not isinstance(value, dict | list):
        return 1
    deepest, stack = 1, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif deepest <= depth:
                deepest = depth + 1
    return deepest


# UTF-8 cannot carry a surrogate code point: one can only come from a \udXXX escape. Paired
# escapes make one character; an unpaired one is not text, and neither database can store it.
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
SURROGATE = re.compile("[\ud800-\udfff]")


# JSON cannot carry a raw NUL in a string either (a control character): only a \u0000 escape.
# PostgreSQL cannot store it (SQLite can): refused here, the one place every JSON body passes,
# so both databases answer the same 400 naming the field.
NUL_ESCAPE = re.compile(rb"\\u0000")
NUL = "\x00"
NUL_MESSAGE = "NUL characters are not allowed."
_NUL = re.compile(NUL)


def nul_field(query) -> str | None:
    """The first field of ``query`` (a QueryDict) whose name or a value holds NUL (its name
    without the NUL), or None."""
    for name, values in query.lists():
        if NUL in name or any(NUL in v for v in values):
            return name.replace(NUL, "")
    return None


def _refuse(data, pattern: re.Pattern, in_string: str, in_key: str) -> None:
    """A 400 naming the first string (or the object holding the first key) ``pattern`` finds."""
    stack = [(data, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str) and pattern.search(item):
            raise ParseError({path or "body": [in_string]})
        if isinstance(item, dict):
            for key, value in item.items():
                if pattern.search(key):
                    raise ParseError({path or "body": [in_key]})
                stack.append((value, f"{path}.{key}" if path else key))
        elif isinstance(item, list):
            stack.extend((v, f"{path}.{n}" if path else str(n)) for n, v in enumerate(item))


class BoundedJSONParser(BaseParser):
    """JSON with a size and a depth limit: a 413 or a 400 naming ``body``, never a 500.

    Not a subclass of DRF's JSONParser on purpose: DRF hands a JSONParser the whole body read
    through Django's ``request.body`` (a 500 past DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB); this
    one gets the stream and reads at most MAX_BODY + 1 bytes of it."""

    media_type = "application/json"
    max_body = MAX_BODY

    @classmethod
    def up_to(cls, max_body: int) -> type[BoundedJSONParser]:
        """This parser with another size limit (a whole document's body, say)."""
        return type(f"BoundedJSONParser{max_body}", (cls,), {"max_body": max_body})

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        too_large = PayloadTooLarge({"body": [f"The body is larger than {self.max_body} bytes."]})
        if is_ascii_digits(declared) and int(declared) > self.max_body:
            raise too_large
        raw = stream.read(self.max_body + 1) if stream is not None else b""
        if len(raw) > self.max_body:
            raise too_large
        try:
            data = json.loads(raw.decode((parser_context or {}).get("encoding") or "utf-8"))
        except RecursionError:
            raise ParseError({"body": [f"JSON nested deeper than {MAX_DEPTH} levels."]}) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError({"body": [f"Not valid JSON: {exc}"]}) from None
        if _depth(data) > MAX_DEPTH:
            raise ParseError({"body": [f"JSON nested deeper than {MAX_DEPTH} levels."]})
        if SURROGATE_ESCAPE.search(raw):
            unicode = "not valid Unicode text."
            _refuse(
                data,
                SURROGATE,
                f"Unpaired surrogate in a string: {unicode}",
                f"Unpaired surrogate in a key: {unicode}",
            )
        if NUL_ESCAPE.search(raw):
            _refuse(data, _NUL, NUL_MESSAGE, NUL_MESSAGE)
        return data


def _nul_free(data):
    """``data`` (a form's fields) unless a field holds NUL: a 400 naming it."""
    field = nul_field(data)
    if field is not None:
        raise ParseError({field: [NUL_MESSAGE]})
    return data


class NulFreeFormParser(FormParser):
    """A urlencoded API body, no NUL in a field."""

    def parse(self, stream, media_type=None, parser_context=None):
        return _nul_free(super().parse(stream, media_type, parser_context))


class NulFreeMultiPartParser(MultiPartParser):
    """A multipart API body (an upload), no NUL in a field (a file's content is the view's to
    read: a text file may not hold NUL either, an XLIFF file cannot)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _nul_free(parsed.data)
        return parsed
