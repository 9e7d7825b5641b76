"""Refuse text PostgreSQL cannot store (NUL) before it reaches a query: a 400 naming the field."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpResponseBadRequest, JsonResponse

NUL = "\x00"


def _nul_field(request) -> str | None:
    if NUL in request.path:
        return "path"
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in v for v in values):
            return name.replace(NUL, "")
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        for name, values in request.POST.lists():
            if NUL in name or any(NUL in v for v in values):
                return name.replace(NUL, "")
    return None


class RefuseNulMiddleware:
    """PostgreSQL refuses NUL in text (SQLite stores it): both databases answer the same 400."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            field = _nul_field(request)
        except SuspiciousOperation as exc:  # a form body Django refuses to read: JSON for the API
            if not request.path.startswith("/api/"):
                raise
            too_big = isinstance(exc, RequestDataTooBig)
            message = (
                f"The body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes."
                if too_big
                else str(exc)
            )
            return JsonResponse({"errors": {"body": [message]}}, status=413 if too_big else 400)
        if field is None:
            return self.get_response(request)
        message = "NUL characters are not allowed."
        if request.path.startswith("/api/"):
            return JsonResponse({"errors": {field: [message]}}, status=400)
        return HttpResponseBadRequest(f"{field}: {message}", content_type="text/plain; charset=utf-8")
