"""Writes of the translators' workspace (the catalogue's own writes are in rules.services).

Every suggestion is kept here (``suggestion_keep``): by the import (``translators.exchange``)
and by the alignment (``alignment_save``), once per text and version. The glossary's proposals
(``term_propose``) and their decisions (``term_decide``, once per proposal), and the roles the
people page gives and takes away (``role_give``, ``role_remove``), are written here too."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.languages import same_language, translation_language_problem
from rules import services as rule_services
from rules.models import Clause, ClauseVersion, Role, Term, Translation

from .models import Suggestion, TermDecision, TermProposal
from .selectors import Unit

MAX_TERM = 200


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


class AlreadyDecided(Exception):
    """A decision on a proposal that has one already (a 409): ``decision`` is the one that stands."""

    def __init__(self, decision: TermDecision):
        super().__init__(f"proposal {decision.proposal_id} was already {decision.verdict}")
        self.decision = decision


def term_propose(
    *, term: Term, lang: str, text: str, author: str, now: dt.datetime
) -> tuple[TermProposal, bool]:
    """Propose ``text`` (its whitespace, new lines too, folded to single spaces) as ``term``'s
    form in ``lang``. Refused (``ValidationError`` naming ``text`` or ``lang``) when empty, too
    long, in the original's language or in one no game can have;
    the same text as an open proposal is that proposal (created: False). Who may propose is the
    caller's to check (a translator or reviewer of the language, ``rules.permissions``)."""
    text = " ".join(text.split())
    if not text:
        raise ValidationError({"text": _("Write the term in the language.")})
    if len(text) > MAX_TERM or "\x00" in text:
        raise ValidationError({"text": _("At most 200 characters, with no control characters.")})
    if same_language(lang, term.game.language):
        raise ValidationError(
            {"lang": _("The original's terms come with the rules: propose them in a translation.")}
        )
    problem = translation_language_problem(lang)
    if problem:
        raise ValidationError({"lang": problem})
    with transaction.atomic():
        # One open copy of a text even when the same form is sent twice at once (PostgreSQL; SQLite's
        # IMMEDIATE transactions already serialise writers).
        Term.objects.select_for_update().filter(pk=term.pk).first()
        same = TermProposal.objects.filter(term=term, lang=lang, text=text, decision__isnull=True).first()
        if same is not None:
            return same, False
        return TermProposal.objects.create(
            term=term, lang=lang, text=text, author=author, created_at=now
        ), True


def term_decide(*, proposal: TermProposal, verdict: str, decided_by: str, now: dt.datetime) -> TermDecision:
    """Approve or reject ``proposal``, once: a proposal decided already — before, or by a
    decision racing this one — raises ``AlreadyDecided`` with the decision that stands (the
    unique proposal of ``TermDecision`` settles the race in the database). Who may decide is
    the caller's to check (a reviewer of the language)."""
    if verdict not in TermDecision.Verdict.values:
        raise ValidationError({"verdict": _("Approve or reject.")})
    try:
        with transaction.atomic():
            return TermDecision.objects.create(
                proposal=proposal, verdict=verdict, decided_by=decided_by, decided_at=now
            )
    except IntegrityError:
        raise AlreadyDecided(TermDecision.objects.get(proposal=proposal)) from None


def role_give(*, user, kind: str, game, lang: str) -> tuple[Role, bool]:
    """Give ``user`` a role, validated as the admin validates it (``Role.clean``: a
    ``ValidationError`` by field); a role held already is that role (created: False)."""
    role = Role(user=user, kind=kind, game=game, lang=lang)
    role.full_clean(validate_unique=False, validate_constraints=False)
    with transaction.atomic():
        return Role.objects.get_or_create(user=user, kind=kind, game=game, lang=lang)


def role_remove(*, role: Role) -> None:
    """Take a role away (roles are permissions, not history: the row goes)."""
    role.delete()
