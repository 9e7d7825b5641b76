"""The htmx-config a page puts in its ``<meta name="htmx-config">``: which answers htmx swaps.

Every page with a form swaps 2xx and 3xx answers and none of 204, and treats other 4xx/5xx
as errors; a form that answers some 4xx with itself and its message (the referee's 400 and
429, the workspace editor's 400 and 409) names those codes (``swapped``)."""

from __future__ import annotations

import json
from typing import Any

from django.utils.safestring import SafeString, mark_safe


def meta_config(*swapped: dict[str, Any]) -> SafeString:
    """The compact JSON for a single-quoted meta content attribute, ``swapped`` response
    handlers between the successes and the errors."""
    config = {
        "includeIndicatorStyles": False,
        "responseHandling": [
            {"code": "204", "swap": False},
            {"code": "[23]..", "swap": True},
            *swapped,
            {"code": "[45]..", "swap": False, "error": True},
        ],
    }
    return mark_safe(json.dumps(config, separators=(",", ":")))
