"""A clause revision, read one way for the API, the designer's editor and the admin (as
``games.ruling_request`` reads a ruling): the posted fields become one ``RevisionRequest`` —
or one ``RequestInvalid`` naming every wrong field by its path. Each caller turns its own
input into the API's shape first (a form's checkbox into a boolean); the rules, limits and
messages are these.

Numbers sent as text are ASCII digits: "²", "٣" or "１" are refused, never read as a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from config.numbers import ascii_number

from .models import ClauseVersion

MAX_TEXT = 20_000
MAX_REASON = 2000
MAX_TEMPLATE = 300


class RequestInvalid(Exception):
    """A bad write request: ``errors`` by dotted field path (its status: 400)."""

    status = 400

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__(errors)
        self.errors = errors


def version_number(value: Any) -> int | None:
    """A version number as sent: an int, or ASCII digits as text (a form); None otherwise."""
    if isinstance(value, str):
        value = ascii_number(value, max_digits=10)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        return None
    return value


@dataclass(frozen=True)
class RevisionRequest:
    """The next version of a clause as asked: its text, the version it was written from, its
    status, its note (None: keep the revised version's), the designer's reason when the
    meaning is unchanged, their confirmation for a clause declared not executable, and
    re-bindings (name → a template, or None to remove the parameter)."""

    text: str
    based_on: int
    status: str
    note: str | None = None
    wording_only: str = ""
    confirm_not_executable: bool = False
    bindings: dict[str, str | None] | None = None

    def service_kwargs(self) -> dict[str, Any]:
        """These fields as ``rules.services.clause_revise`` takes them."""
        return {
            "text": self.text,
            "status": self.status,
            "note": self.note,
            "expected_version": self.based_on,
            "bindings": self.bindings,
            "wording_only": self.wording_only,
            "confirm_not_executable": self.confirm_not_executable,
        }


def _text(value: Any, limit: int, errors: dict[str, list[str]], field: str, *, blank: bool) -> str:
    if not isinstance(value, str) or len(value) > limit:
        errors[field] = [_("The text is too long or holds characters that cannot be stored.")]
        return ""
    if not blank and not value.strip():
        errors[field] = [_("The text may not be blank.")]
    return value


def _bindings(value: Any, errors: dict[str, list[str]]) -> dict[str, str | None] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        errors["bindings"] = [_("An object of parameter name → template (or null) is required.")]
        return None
    for name, template in value.items():
        if template is not None and (not isinstance(template, str) or len(template) > MAX_TEMPLATE):
            errors[f"bindings.{name}"] = [
                _("A template of at most %(n)s characters, or null, is required.") % {"n": MAX_TEMPLATE}
            ]
    return value


def revision_request(data: Any) -> RevisionRequest:
    """A clause revision as sent (the API's JSON body, or a page's form in the same shape)."""
    if not isinstance(data, dict):
        raise RequestInvalid({"body": [_("A JSON object is required.")]})
    errors: dict[str, list[str]] = {}
    text = _text(data.get("text"), MAX_TEXT, errors, "text", blank=False)
    based_on = version_number(data.get("based_on"))
    if based_on is None:
        errors["based_on"] = [_("The version you revised (ASCII digits) is required.")]
    status = data.get("status")
    if status not in ClauseVersion.Status.values:
        errors["status"] = [
            _("Must be one of: %(options)s.") % {"options": ", ".join(ClauseVersion.Status.values)}
        ]
    note = data.get("note")
    if note is not None:
        note = _text(note, MAX_TEXT, errors, "note", blank=True)
    wording_only = _text(data.get("wording_only") or "", MAX_REASON, errors, "wording_only", blank=True)
    confirm = data.get("confirm_not_executable", False)
    if not isinstance(confirm, bool):
        errors["confirm_not_executable"] = [_("Must be true or false.")]
    bindings = _bindings(data.get("bindings"), errors)
    if errors:
        raise RequestInvalid(errors)
    return RevisionRequest(text, based_on, status, note, wording_only, confirm, bindings)
