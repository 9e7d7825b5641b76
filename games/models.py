"""Stored rulings, pinned to the exact clause versions and translation revisions they cited."""

from __future__ import annotations

import uuid

from django.db import models

from rules.models import AppendOnlyModel, ClauseVersion, Game, TranslationRevision


class Ruling(AppendOnlyModel):
    """One adjudication as it was given; never rewritten."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rulings")
    adjudicator = models.CharField(max_length=80)
    variant = models.CharField(max_length=60)
    lang = models.CharField(max_length=20)
    inputs = models.JSONField()
    outcome = models.JSONField()
    summary = models.TextField(blank=True)
    steps = models.JSONField(help_text="[{clause, version, explanation}] in the order applied")
    gaps = models.JSONField()
    alternatives = models.JSONField()
    created_at = models.DateTimeField()
    cited_versions = models.ManyToManyField(ClauseVersion, through="RulingCitation", related_name="rulings")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["game", "adjudicator"])]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.adjudicator} {self.id}"


class RulingCitation(AppendOnlyModel):
    ruling = models.ForeignKey(Ruling, on_delete=models.PROTECT, related_name="citations")
    version = models.ForeignKey(ClauseVersion, on_delete=models.PROTECT, related_name="citations")
    translation = models.ForeignKey(
        TranslationRevision, on_delete=models.PROTECT, related_name="citations", null=True, blank=True
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruling", "version"], name="uniq_ruling_citation")]

    def __str__(self) -> str:
        return f"{self.ruling_id} cites {self.version_id}"
