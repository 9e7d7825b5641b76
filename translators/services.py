"""Writes of the translators' workspace (the catalogue's own writes are in rules.services).

Every suggestion is kept here (``suggestion_keep``): by the import (``translators.exchange``)
and by the alignment (``alignment_save``), once per text and version."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from rules import services as rule_services
from rules.models import Clause, ClauseVersion, Translation

from .models import Suggestion
from .selectors import Unit


@transaction.atomic
def suggestion_keep(
    *,
    clause: Clause,
    lang: str,
    based_on: ClauseVersion,
    text: str,
    origin: str,
    reason: str,
    author: str,
    now: dt.datetime,
) -> tuple[Suggestion, bool]:
    """Keep ``text`` as a suggestion for ``clause`` in ``lang``, made from ``based_on``; once:
    the same text from the same version is the suggestion already kept (created: False)."""
    if based_on.clause_id != clause.pk:
        raise ValueError(f"version {based_on.pk} is not a version of {clause.key}")
    # Lock the clause so two imports of the same file keep one copy (SQLite's IMMEDIATE
    # transactions already serialise writers; this is for PostgreSQL).
    Clause.objects.select_for_update().filter(pk=clause.pk).first()
    existing = Suggestion.objects.filter(clause=clause, lang=lang, based_on=based_on, text=text).first()
    if existing is not None:
        return existing, False
    suggestion = Suggestion.objects.create(
        clause=clause,
        lang=lang,
        based_on=based_on,
        text=text,
        origin=origin,
        reason=reason,
        author=author,
        created_at=now,
    )
    return suggestion, True


@dataclass(frozen=True)
class AlignmentSaved:
    """What ``alignment_save`` did: clauses saved as needing review, texts kept as suggestions."""

    saved: int
    kept: int


def alignment_save(
    *, units: list[Unit], lang: str, accepted: dict[str, str], author: str, now: dt.datetime
) -> AlignmentSaved:
    """Save the accepted aligned texts (clause key → text) of ``units`` as needs-review
    revisions. A clause whose translation is translated or approved is never replaced by an
    alignment: its text is kept as a suggestion to compare, as is one someone saved meanwhile.
    An empty text, or the clause's own, is skipped."""
    saved = kept = 0
    for u in units:
        text = accepted.get(u.key, "")
        if not text.strip() or (u.current is not None and u.current.text == text):
            continue
        if u.current is not None and u.current.state != Translation.State.NEEDS_REVIEW:
            reason = _("Aligned from a document; the clause already had a translated text.")
        else:
            try:
                rule_services.translation_save(
                    version=u.version,
                    lang=lang,
                    text=text,
                    state=Translation.State.NEEDS_REVIEW,
                    expected_revision=u.expected_revision,
                    author=author,
                    now=now,
                )
            except rule_services.Conflict:
                reason = _("Aligned from a document; someone saved the clause's translation meanwhile.")
            else:
                saved += 1
                continue
        suggestion_keep(
            clause=u.clause,
            lang=lang,
            based_on=u.version,
            text=text,
            origin=Suggestion.Origin.ALIGNMENT,
            reason=reason,
            author=author,
            now=now,
        )
        kept += 1
    return AlignmentSaved(saved, kept)
