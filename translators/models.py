"""What the workspace keeps besides the catalogue's translations: suggestions, i.e. text that
arrived for a clause but was not applied (an imported unit in conflict with a newer revision,
an aligned text for a clause already translated). Kept, never applied silently; the editor
lists them with the translation memory."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.models import AppendOnlyModel, Clause, ClauseVersion


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
