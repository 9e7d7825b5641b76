"""Writes of the translators' workspace (the catalogue's own writes are in rules.services)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from rules.models import Clause, ClauseVersion

from .models import Suggestion


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
