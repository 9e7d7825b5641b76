"""API-wide conventions: every error as {"errors": {path: [messages]}} (``ErrorOut`` and the
400/404 answers every endpoint's schema names), the exception handler that writes it, the
JSON 404 under /api/ and the API's root."""

import json
import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import contention, dependency_down, met_another_write, unavailable

logger = logging.getLogger("config.api")


class ErrorOut(serializers.Serializer):
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Messages by dotted field path, e.g. inputs.support.red.merchants.",
    )
    clauses = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Where the rule text rules the situation out: the clause keys that do, by the same "
        "field paths (each message then quotes them in the request's language).",
    )


ERROR_400 = OpenApiResponse(ErrorOut, description="Bad request: the field paths say what is wrong.")
ERROR_404 = OpenApiResponse(ErrorOut, description="Not found.")


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
    if contention(exc):
        logger.warning("write aborted by the database in %s: %s", context.get("view"), exc)
        return Response(
            json.loads(met_another_write(context["request"]).content), status=status.HTTP_409_CONFLICT
        )
    if dependency_down(exc):
        # The database cannot be reached: not a bug, a 503 saying when to try again.
        logger.warning("database unavailable in %s: %s", context.get("view"), exc)
        django_response = unavailable(context["request"], dependency_down(exc))
        response = Response(json.loads(django_response.content), status=503)
        response["Retry-After"] = django_response["Retry-After"]
        return response
    if isinstance(exc, SuspiciousOperation):
        # A body Django refuses to read (past DATA_UPLOAD_MAX_MEMORY_SIZE or an upload
        # endpoint's limit, too many fields, a file where none is taken): the client's fault.
        if isinstance(exc, RequestDataTooBig):
            limit = getattr(exc, "limit", None) or settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            message = f"The body is larger than {limit} bytes."
            return Response({"errors": {"body": [message]}}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        return Response({"errors": {"body": [str(exc)]}}, status=status.HTTP_400_BAD_REQUEST)
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
    clauses = getattr(exc, "clauses", None)
    if clauses:
        # The situation is one the rule text rules out: which clauses do, by field path.
        response.data["clauses"] = clauses
    return response


@csrf_exempt  # it writes nothing; a POST with a stale cookie must still get this JSON 404
def api_not_found(request, *args, **kwargs):
    """A JSON 404 for any path under the API that names no resource."""
    from django.http import JsonResponse

    return JsonResponse({"errors": {"path": ["No such API resource."]}}, status=404)


class ApiRoot(APIView):
    """What the API offers, for a person or a script arriving at /api/v1/."""

    @extend_schema(
        responses={
            200: inline_serializer(
                "ApiRoot", {"resources": serializers.DictField(child=serializers.CharField())}
            )
        },
        summary="The API's resources",
    )
    def get(self, request):
        return Response(
            {
                "resources": {
                    "schema": "/api/v1/schema/",
                    "games": "/api/v1/games/",
                    "clauses": "/api/v1/games/{slug}/clauses/?lang={lang}",
                    "clause versions": "/api/v1/clauses/{key}/versions/",
                    "adjudicators": "/api/v1/games/{slug}/adjudicators/?edition={n}",
                    "rule": "POST /api/v1/games/{slug}/adjudicators/{name}/",
                    "ruling": "/api/v1/rulings/{id}/",
                    "parameters": "/api/v1/games/{slug}/parameters/?edition={n}",
                    "drafts": "POST /api/v1/games/{slug}/drafts/",
                    "draft clause": "POST /api/v1/games/{slug}/drafts/{n}/clauses/{key}/",
                    "impact": "/api/v1/games/{slug}/drafts/{n}/impact/",
                    "publish": "POST /api/v1/games/{slug}/drafts/{n}/publish/",
                }
            }
        )
