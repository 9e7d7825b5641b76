"""API-wide conventions: every error as {"errors": {path: [messages]}}."""

import json
import logging

from django.views.decorators.csrf import csrf_exempt
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger("config.api")

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


def flatten_errors(detail, prefix: str = "") -> dict[str, list[str]]:
    """Flatten DRF's nested error detail into dotted paths."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            for k, v in flatten_errors(value, path).items():
                out.setdefault(k, []).extend(v)
    elif isinstance(detail, list):
        if all(not isinstance(v, (dict, list)) for v in detail):
            out[prefix or "non_field_errors"] = [str(v) for v in detail]
        else:
            for n, value in enumerate(detail):
                path = f"{prefix}.{n}" if prefix else str(n)
                for k, v in flatten_errors(value, path).items():
                    out.setdefault(k, []).extend(v)
    else:
        out[prefix or "detail"] = [str(detail)]
    return out


def exception_handler(exc, context):
    response = drf_exception_handler(exc, context)
    if response is None:
        # Not an API error: a bug. Logged with its traceback; the client gets JSON too.
        logger.error("unexpected error in %s", context.get("view"), exc_info=exc)
        return Response(
            {"errors": {"detail": ["Internal error: it has been logged."]}},
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    data = response.data
    if isinstance(data, dict) and set(data) == {"detail"}:
        response.data = {"errors": {"detail": [str(data["detail"])]}}
    else:
        response.data = {"errors": flatten_errors(data)}
    return response


@csrf_exempt  # it writes nothing; a POST with a stale cookie must still get this JSON 404
def api_not_found(request, *args, **kwargs):
    """A JSON 404 for any path under the API that names no resource."""
    from django.http import JsonResponse

    return JsonResponse({"errors": {"path": ["No such API resource."]}}, status=404)
