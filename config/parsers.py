"""The API's JSON parser: a size and a depth limit, answered in JSON (413 / 400 naming ``body``),
and no unpaired surrogate and no NUL (400 naming the string's path).

Kept apart from config.api: DRF imports its parser classes while rest_framework.views is
still loading, so this module must not import DRF's views."""

import json
import re

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser

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
NUL = re.compile("\x00")
NUL_MESSAGE = "NUL characters are not allowed."


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

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and declared.isdigit() and int(declared) > MAX_BODY:
            raise PayloadTooLarge()
        raw = stream.read(MAX_BODY + 1) if stream is not None else b""
        if len(raw) > MAX_BODY:
            raise PayloadTooLarge()
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
            _refuse(data, NUL, NUL_MESSAGE, NUL_MESSAGE)
        return data
