"""Bounds every request meets before a view runs, reading no body that the view does not expect.

``BodyGateMiddleware`` (before CSRF, which reads a form body): a form body longer than the
view takes is a 413 before a byte of it is read, an anonymous upload to a page is sent to the
login before its body is read (``config.uploads``). ``RefuseNulMiddleware``: text PostgreSQL
cannot store (NUL) in the path or the query, and, once CSRF has passed, in a page's form
fields, is a 400 naming the field.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse

from config.parsers import NUL, NUL_MESSAGE, nul_field
from config.uploads import upload_limit

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _declared_length(request) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


class BodyGateMiddleware:
    """A form body is read only by a view that expects it, and only up to its limit."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.content_type not in FORM_TYPES:
            return None  # JSON and the rest: the parser of the view that takes them bounds them
        limit = upload_limit(view_func)
        # Read by config.uploads.BoundedMemoryUploadHandler while the body streams in.
        request.upload_limit = limit
        # An upload endpoint's own forms (no file) may be as large as any other form.
        fields = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        cap = None if fields is None and not limit else max(limit or 0, fields or 0)
        if cap is not None and _declared_length(request) > cap:
            message = f"The body is larger than {cap} bytes."
            if _is_api(request):
                return JsonResponse({"errors": {"body": [message]}}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        if limit and not getattr(view_func, "csrf_exempt", False) and not request.user.is_authenticated:
            # A page's upload needs a login (CSRF would read the body first): ask for it now.
            return redirect_to_login(request.get_full_path())
        return None


class RefuseNulMiddleware:
    """PostgreSQL refuses NUL in text (SQLite stores it): both databases answer the same 400."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        field = "path" if NUL in request.path else nul_field(request.GET)
        if field is None:
            return self.get_response(request)
        return self._refuse(request, field)

    def process_view(self, request, view_func, view_args, view_kwargs):
        # A page's form, after CSRF has let it through (so after CSRF read it). The API's
        # views (CSRF-exempt) parse their own bodies, after authenticating the client.
        if request.method != "POST" or request.content_type not in FORM_TYPES:
            return None
        if getattr(view_func, "csrf_exempt", False):
            return None
        field = nul_field(request.POST)
        return None if field is None else self._refuse(request, field)

    @staticmethod
    def _refuse(request, field: str):
        message = NUL_MESSAGE
        if _is_api(request):
            return JsonResponse({"errors": {field: [message]}}, status=400)
        return HttpResponseBadRequest(f"{field}: {message}", content_type="text/plain; charset=utf-8")
