"""A playtest run and its shards.

A run is split into shards of consecutive game indices; each shard is one background task
(django-tasks). A worker claims a shard with a fresh claim token and a heartbeat; a shard
whose heartbeat stops (its worker died) is claimed again by the next sweep; a finished
shard's sums are saved in one transaction, only by the claim that still holds it, so a
late or duplicate worker can neither lose nor double anything. The run's result is the
sum of its shards' sums, the same whatever the split.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class PlaytestRun(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        FAILED = "failed"

    # The share link is /lab/runs/<id>/: a random id nobody can guess or enumerate.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.ForeignKey("rules.Game", on_delete=models.CASCADE, related_name="playtest_runs")
    config = models.JSONField()
    # The edition's clause versions and figures when the run started: a shard refuses to
    # play a draft that has changed since (its games would follow other rules).
    rules_fingerprint = models.CharField(max_length=64)
    # Why the run was started: "" a designer's run; "disputes" the reference run whose
    # dispute figures the game's disputes page shows (lab.figures), one per rules fingerprint.
    purpose = models.CharField(max_length=16, blank=True, default="")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    shards_total = models.PositiveIntegerField()
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.config.get('game')} run {self.id}"


class PlaytestShard(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    run = models.ForeignKey(PlaytestRun, on_delete=models.CASCADE, related_name="shards")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    claim = models.CharField(max_length=64, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    sums = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="lab_shard_unique_index")]
        indexes = [models.Index(fields=["run", "status"], name="lab_shard_run_status")]

    def __str__(self) -> str:
        return f"shard {self.index} of {self.run_id} ({self.status})"
