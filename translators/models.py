"""What the workspace keeps besides the catalogue's translations: suggestions, i.e. text that
arrived for a clause but was not applied (an imported unit in conflict with a newer revision,
an aligned text for a clause already translated). Kept, never applied silently; the editor
lists them with the translation memory. And the glossary the translators grow: proposed forms of
a game's terms in their language, each approved or rejected once by a reviewer."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.models import AppendOnlyModel, Clause, ClauseVersion, Term


class Suggestion(AppendOnlyModel):
    class Origin(models.TextChoices):
        IMPORT = "import", _("Import")
        ALIGNMENT = "alignment", _("Alignment")

    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="+")
    lang = models.CharField(max_length=20)
    # The version of the original the text was made from, when the file said (else the current).
    based_on = models.ForeignKey(ClauseVersion, on_delete=models.PROTECT, related_name="+")
    text = models.TextField()
    origin = models.CharField(max_length=20, choices=Origin.choices)
    reason = models.TextField(blank=True)
    author = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["clause", "lang", "-created_at"]
        indexes = [models.Index(fields=["clause", "lang"])]

    def __str__(self) -> str:
        return f"{self.clause_id} [{self.lang}] {self.origin}"


class TermProposal(AppendOnlyModel):
    """A translator's proposed form of a glossary term in one language. Undecided until a
    reviewer of the language approves or rejects it (``TermDecision``); an approved form is the
    glossary's form in that language (``translators.selectors.terms`` says which wins)."""

    term = models.ForeignKey(Term, on_delete=models.PROTECT, related_name="proposals")
    lang = models.CharField(max_length=20)
    text = models.CharField(max_length=200)
    author = models.CharField(max_length=150)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["term", "lang", "created_at"]
        indexes = [models.Index(fields=["term", "lang"])]

    def __str__(self) -> str:
        return f"{self.term_id} [{self.lang}] {self.text}"


class TermDecision(AppendOnlyModel):
    """A reviewer's verdict on a proposal: one per proposal, never changed (the unique proposal
    is what makes the second of two racing decisions fail)."""

    class Verdict(models.TextChoices):
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")

    proposal = models.OneToOneField(TermProposal, on_delete=models.PROTECT, related_name="decision")
    verdict = models.CharField(max_length=20, choices=Verdict.choices)
    decided_by = models.CharField(max_length=150)
    decided_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.proposal_id} {self.verdict}"
