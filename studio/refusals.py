"""Why a designer's write was refused, said once for the API and the pages: every refusal the
catalogue's writes raise becomes its status and its body (``{"errors": {path: [messages]}}``
and what else the designer needs to go on), by ``answer``. The API returns that body; a page
shows the same errors with the same status."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules import declared, services
from rules import selectors as rule_selectors
from rules.params import BindingsBroken

from . import services as studio_services
from .write_request import RequestInvalid

# Every refusal ``answer`` says; anything else is a bug (a 500), not a refusal.
REFUSED = (
    RequestInvalid,
    studio_services.DocumentRefused,
    studio_services.DocumentStale,
    services.DraftOutdated,
    services.NotExecutableRevision,
    services.Conflict,
    services.ParameterInUse,
    BindingsBroken,
)


@dataclass
class Refusal:
    status: int
    errors: dict[str, list[str]]
    # What else the body carries: the current version, the designer's text, candidates.
    extra: dict[str, Any] = field(default_factory=dict)

    def body(self) -> dict[str, Any]:
        return {"errors": self.errors, **self.extra}


def in_use_message(name: str, readers: list[str]) -> str:
    """Why parameter ``name`` cannot be removed: the code that reads it."""
    return _(
        "%(readers)s read %(name)s: it cannot be removed, or their rulings could not be given. "
        "Re-bind it to the words that state the figure instead."
    ) % {"readers": ", ".join(readers), "name": name}


def broken_message(name: str, message: str, candidates: list[str]) -> str:
    """Why a revision loses parameter ``name``, the way forward, and the words proposed."""
    text = _(
        "%(message)s: re-bind it to the new words (bindings.%(name)s) or remove it (bindings.%(name)s = null)."
    ) % {"message": message, "name": name}
    if candidates:
        text += " " + _("Where the figure now stands: %(candidates)s.") % {
            "candidates": ", ".join(f"“{c}”" for c in candidates)
        }
    return text


def stale_message(key: str, compared: int, now: int) -> str:
    return _(
        "%(key)s was revised in the draft since the document was compared (version %(was)s, now "
        "%(now)s): compare the document again, so that revision is not overwritten."
    ) % {"key": key, "was": compared, "now": now}


def _conflict(exc: services.Conflict, clause) -> Refusal:
    if clause is None:  # a document accept: a clause revised between its reads
        return Refusal(409, {"changes": [str(exc)]}, {"text": exc.text})
    current = rule_selectors.clause_version(clause, exc.current_revision)
    message = _("The clause is at version %(n)s: revise that one.") % {"n": current.number}
    return Refusal(
        409,
        {"based_on": [message]},
        {"current": {"number": current.number, "text": current.text}, "text": exc.text},
    )


def answer(exc: Exception, *, clause=None) -> Refusal:
    """The status and body of refusal ``exc`` (one of ``REFUSED``); ``clause``, the clause a
    revision was of (its 409 carries the version that won)."""
    if isinstance(exc, RequestInvalid | studio_services.DocumentRefused):
        return Refusal(400, exc.errors)
    if isinstance(exc, studio_services.DocumentStale):
        return Refusal(
            409,
            {f"based_on.{k}": [stale_message(k, was, now)] for k, (was, now) in sorted(exc.revised.items())},
            {"revised": {k: now for k, (_was, now) in sorted(exc.revised.items())}},
        )
    if isinstance(exc, services.UnboundUnconfirmed):
        return Refusal(
            409,
            {"confirm_unbound": [str(exc)]},
            {
                "unbound": {
                    n: {k: e[k] for k in ("clause", "version", "words", "value")}
                    for n, e in exc.unbound.items()
                }
            },
        )
    if isinstance(exc, services.DraftOutdated):
        return Refusal(409, {"edition": [str(exc)]})
    if isinstance(exc, services.NotExecutableRevision):
        return Refusal(400, {"confirm_not_executable": [declared.refusal(exc)]})
    if isinstance(exc, services.Conflict):
        return _conflict(exc, clause)
    if isinstance(exc, services.ParameterInUse):
        return Refusal(400, {f"bindings.{k}": [in_use_message(k, who)] for k, who in exc.readers.items()})
    if isinstance(exc, BindingsBroken):
        return Refusal(
            400,
            {
                f"parameters.{k}": [broken_message(k, v, exc.candidates.get(k, []))]
                for k, v in exc.errors.items()
            },
            {"candidates": {k: exc.candidates.get(k, []) for k in exc.errors}},
        )
    raise TypeError(f"not a refusal: {exc!r}")
