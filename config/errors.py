"""Error answers: JSON on every /api/ path, a 503 with Retry-After when a dependency is down.

Django's handlers (``handler400`` … ``handler500`` in config.urls) answer here, so an error
raised outside a DRF view (a middleware, the URL resolver, a broken database) is JSON under
/api/ too. A database that cannot be reached (a refused connection, the pool's timeout, a
locked SQLite file) or a request past its deadline (config.deadline) is a 503 saying when to
try again, not a 500: the request was fine, the service will be back. A write PostgreSQL
aborted because it met another (a deadlock, a serialization failure) is a 409, never "the
database cannot be reached": the database is up, and the write can be sent again.
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

from config.deadline import RequestDeadlineExceeded

log = logging.getLogger(__name__)

RETRY_AFTER = 5  # seconds: the pool reconnects in the background meanwhile
MESSAGES = {
    "database": "The database cannot be reached right now; try again in a few seconds.",
    "deadline": "The request took too long and was stopped; try again in a few seconds.",
}


def is_api(request) -> bool:
    return request.path.startswith("/api/")


# SQLSTATEs of two writes that met (a deadlock, a serialization failure): the database is up
# and the write may simply be sent again.
CONTENTION = {"40001", "40P01"}


def contention(exc: BaseException | None) -> bool:
    """Whether ``exc`` is a write that met another (PostgreSQL aborted it to let the other
    through), not a database that cannot be reached."""
    cause = getattr(exc, "__cause__", None)
    return isinstance(exc, OperationalError) and getattr(cause, "sqlstate", None) in CONTENTION


def dependency_down(exc: BaseException | None) -> str | None:
    """What is down, if ``exc`` says a dependency is unavailable (not a bug): else None."""
    if isinstance(exc, RequestDeadlineExceeded):
        return "deadline"
    if isinstance(exc, OperationalError | InterfaceError) and not contention(exc):
        return "database"
    return None


def met_another_write(request) -> HttpResponse:
    """A 409 for a write PostgreSQL aborted because it met another one: nothing of it was
    saved, and sending it again (after reading what the other wrote) is safe."""
    message = _(
        "Another change to the same rules was being saved at the same moment; nothing of yours "
        "was saved. Reload and try again."
    )
    if is_api(request):
        return JsonResponse({"errors": {"detail": [message]}}, status=409)
    return HttpResponse(
        f'<!doctype html><html><head><meta charset="utf-8"><title>409</title></head>'
        f"<body><h1>409</h1><p>{message}</p></body></html>",
        status=409,
    )


def unavailable(request, what: str) -> HttpResponse:
    """A 503 with Retry-After: JSON under /api/, a short page elsewhere."""
    if is_api(request):
        response = JsonResponse({"errors": {"detail": [MESSAGES[what]]}}, status=503)
    else:
        # No template: base.html reads the database, which may be what is down.
        text = _("The service is briefly unavailable. Try again in a few seconds.")
        response = HttpResponse(
            f'<!doctype html><html><head><meta charset="utf-8"><title>503</title></head>'
            f"<body><h1>503</h1><p>{text}</p></body></html>",
            status=503,
        )
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def _api_error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"errors": {"detail": [message]}}, status=status)


def bad_request(request, exception=None):
    if is_api(request):
        return _api_error(400, str(exception) if exception else "Bad request.")
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return _api_error(403, str(exception) or "You do not have permission to do this.")
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return JsonResponse({"errors": {"path": ["No such API resource."]}}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    exc = sys.exc_info()[1]
    if contention(exc):
        return met_another_write(request)
    what = dependency_down(exc)
    if what is not None:
        return unavailable(request, what)
    if is_api(request):
        return _api_error(500, "Internal error: it has been logged.")
    return defaults.server_error(request)
