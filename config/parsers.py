"""The API's JSON parser: a size and a depth limit, answered in JSON (413 / 400 naming ``body``).

Kept apart from config.api: DRF imports its parser classes while rest_framework.views is
still loading, so this module must not import DRF's views."""

import json

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

# A ruling body of the largest game at its maximum bounds is a few tens of KB; anything much
# bigger is refused before it is parsed, and so is JSON nested deeper than any input.
MAX_BODY = 256 * 1024
MAX_DEPTH = 32


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = {"body": [f"The body is larger than {MAX_BODY} bytes."]}


def _depth(value) -> int:
    """Nesting depth of parsed JSON, iteratively (a recursive walk could itself overflow)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


class BoundedJSONParser(JSONParser):
    """JSON with a size and a depth limit: a 413 or a 400 naming ``body``, never a 500."""

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
        return data
