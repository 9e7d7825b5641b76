"""API-wide conventions: every error as {"errors": {path: [messages]}}."""

from django.views.decorators.csrf import csrf_exempt
from rest_framework.views import exception_handler as drf_exception_handler


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
        return None
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
