"""The designers' writes, each read one way for the API and the pages alike (as
``games.ruling_request`` reads a ruling): a document accept's changes and the versions they
were compared against become one ``AcceptRequest`` — or one ``RequestInvalid`` naming every
wrong field by its dotted path (the API's 400; the page shows the same messages). A clause
revision is ``rules.revision_request`` (the admin reads it too).

Numbers sent as text (a form's fields) are ASCII digits: "²", "٣" or "１" are refused, never
read as a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from rules.revision_request import RequestInvalid, version_number

from . import document

__all__ = ["AcceptRequest", "RequestInvalid", "accept_request", "version_number"]

MAX_TEXT = 20_000
MAX_KEY = 80
MAX_CHANGES = 2000
# What a comparison's change writes to the clause it names (``unchanged`` writes nothing).
WRITES = ("revised", "moved", "deleted")


@dataclass(frozen=True)
class AcceptRequest:
    """The changes of a compared document to save, each ``{key, change, text, section}`` (and
    ``confirm_not_executable``), and ``based_on``: the draft's version of each clause when the
    document was compared (``document_compare``'s answer)."""

    changes: tuple[dict, ...]
    based_on: dict[str, int]


def _change(n: int, raw: Any, errors: dict[str, list[str]]) -> dict | None:
    if not isinstance(raw, dict):
        errors[f"changes.{n}"] = [_("Each change is an object with key, change, text and section.")]
        return None
    out: dict[str, Any] = {}
    for field, limit in (("key", MAX_KEY), ("text", MAX_TEXT), ("section", MAX_KEY)):
        value = raw.get(field, "")
        if not isinstance(value, str) or len(value) > limit:
            errors[f"changes.{n}.{field}"] = [
                _("A text of at most %(n)s characters is required.") % {"n": limit}
            ]
        out[field] = value
    if raw.get("change") not in document.CHANGES:
        errors[f"changes.{n}.change"] = [
            _("Must be one of: %(options)s.") % {"options": ", ".join(document.CHANGES)}
        ]
    out["change"] = raw.get("change")
    confirm = raw.get("confirm_not_executable", False)
    if not isinstance(confirm, bool):
        errors[f"changes.{n}.confirm_not_executable"] = [_("Must be true or false.")]
    out["confirm_not_executable"] = confirm is True
    return out


def _contradictions(changes: list[dict], errors: dict[str, list[str]]) -> None:
    """A list that changes one clause twice (deleted twice, revised after deleted, new twice)
    says two things of it: refused, naming the second."""
    first: dict[str, int] = {}
    for n, ch in enumerate(changes):
        key = ch["key"]
        if key in first:
            errors.setdefault(f"changes.{n}.key", []).append(
                _("%(key)s is changed twice in this list (changes.%(n)s too): send one change of it.")
                % {"key": key, "n": first[key]}
            )
        else:
            first[key] = n


def _based_on(raw: Any, changes: list[dict], errors: dict[str, list[str]]) -> dict[str, int]:
    if not isinstance(raw, dict):
        errors["based_on"] = [
            _("The versions the document was compared against ({key: version}) are required.")
        ]
        return {}
    out: dict[str, int] = {}
    for key, value in raw.items():
        number = version_number(value)
        if not isinstance(key, str) or number is None:
            errors[f"based_on.{key}"] = [_("A version number (ASCII digits) is required.")]
        else:
            out[key] = number
    for n, ch in enumerate(changes):
        if ch["change"] in WRITES and ch["key"] not in out and f"based_on.{ch['key']}" not in errors:
            errors[f"changes.{n}.key"] = [
                _("based_on does not say which version of %(key)s the document was compared against.")
                % {"key": ch["key"]}
            ]
    return out


def accept_request(data: Any) -> AcceptRequest:
    """A document accept as sent (a JSON body, or the page's form read into the same shape)."""
    if not isinstance(data, dict):
        raise RequestInvalid({"body": [_("A JSON object is required.")]})
    raw = data.get("changes")
    if not isinstance(raw, list) or not raw or len(raw) > MAX_CHANGES:
        raise RequestInvalid(
            {"changes": [_("A list of 1 to %(n)s changes is required.") % {"n": MAX_CHANGES}]}
        )
    errors: dict[str, list[str]] = {}
    changes = [ch for n, item in enumerate(raw) if (ch := _change(n, item, errors)) is not None]
    if not errors:
        _contradictions(changes, errors)
        based_on = _based_on(data.get("based_on"), changes, errors)
    if errors:
        raise RequestInvalid(errors)
    return AcceptRequest(tuple(changes), based_on)
