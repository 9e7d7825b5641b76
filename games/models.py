"""Stored rulings, pinned to the exact clause versions and translation revisions they cited."""

from __future__ import annotations

import uuid

from django.db import models

from rules.models import AppendOnlyModel, ClauseVersion, Game, TranslationRevision


class Ruling(AppendOnlyModel):
    """One adjudication as it was given; never rewritten."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # No index of its own: the (game, adjudicator) index below serves lookups by game.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rulings", db_index=False)
    adjudicator = models.CharField(max_length=80)
    variant = models.CharField(max_length=60)
    lang = models.CharField(max_length=20)
    inputs = models.JSONField()
    outcome = models.JSONField()
    summary = models.TextField(blank=True)
    steps = models.JSONField(help_text="[{clause, version, explanation}] in the order applied")
    gaps = models.JSONField()
    alternatives = models.JSONField()
    # The edition ruled under (rulings before editions were recorded: the first), whether it
    # was a draft then, and the pin warnings given (games.pins).
    edition = models.PositiveIntegerField(default=1)
    draft = models.BooleanField(default=False)
    warnings = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField()
    cited_versions = models.ManyToManyField(ClauseVersion, through="RulingCitation", related_name="rulings")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["game", "adjudicator"])]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.adjudicator} {self.id}"


class RulingCitation(AppendOnlyModel):
    """One clause version (and the translation revision quoted with it) that a ruling cited.

    Every ruling writes one row per cited version, so each index here is paid on the ruling
    path (bench/ruling_costs.py): only two are kept. The unique (ruling, version) index serves
    a ruling's citations; the version index serves "which rulings cite this clause". Nothing
    looks citations up by translation revision (revisions are never deleted)."""

    ruling = models.ForeignKey(Ruling, on_delete=models.PROTECT, related_name="citations", db_index=False)
    version = models.ForeignKey(ClauseVersion, on_delete=models.PROTECT, related_name="citations")
    translation = models.ForeignKey(
        TranslationRevision,
        on_delete=models.PROTECT,
        related_name="citations",
        null=True,
        blank=True,
        db_index=False,
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruling", "version"], name="uniq_ruling_citation")]

    def __str__(self) -> str:
        return f"{self.ruling_id} cites {self.version_id}"


class ReferenceRuling(models.Model):
    """A stored ruling a designer marked as a reference: a canonical example that every
    draft's impact report runs again (``games.impact``). The ruling itself stays as it was."""

    ruling = models.OneToOneField(Ruling, on_delete=models.PROTECT, related_name="reference")
    marked_by = models.CharField(max_length=150)
    marked_at = models.DateTimeField()
    note = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"reference {self.ruling_id}"


class ThrottleCount(models.Model):
    """A client's requests counted by a throttle in the current and the previous window of
    its period, when the counts are kept in the database (no Redis): ``games.throttle``. Not
    append-only: the one row per client and period is rewritten on each request, and deleted
    once ``expires`` (epoch seconds) has passed."""

    key = models.CharField(max_length=120, primary_key=True)
    window = models.BigIntegerField(help_text="The current window: epoch seconds // period.")
    hits = models.PositiveIntegerField(help_text="Requests allowed in that window.")
    previous = models.PositiveIntegerField(help_text="Requests allowed in the window before it.")
    expires = models.BigIntegerField(help_text="Epoch seconds after which the row counts nothing.")

    def __str__(self) -> str:
        return f"{self.key}: {self.hits} in window {self.window}, {self.previous} before"


class ImpactRun(models.Model):
    """A background re-ruling of the stored rulings a draft may overturn, for its impact report
    (``games.impact``), when they are too many distinct situations to re-rule while the
    designer waits. One per draft and ``fingerprint`` (both editions' clause versions and
    rules as they were): a revision of the draft makes a new one. ``done`` of ``total``
    distinct situations is its progress; ``result`` holds the overturned rulings, raw (the
    page says them in words in the reader's language)."""

    class Status(models.TextChoices):
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # A cached computation: it goes with its game (a PROTECT here kept any game from deletion).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="impact_runs")
    edition = models.PositiveIntegerField(help_text="The draft's number.")
    fingerprint = models.CharField(max_length=64)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    total = models.PositiveIntegerField(help_text="Distinct situations to re-rule.")
    done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField()
    # Moved on every progress step: a run whose worker died stops moving and is started again.
    heartbeat_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "edition", "fingerprint"], name="one_impact_run_per_draft_state"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game_id} draft {self.edition} impact run ({self.status}, {self.done}/{self.total})"
