from django.apps import AppConfig


class LabConfig(AppConfig):
    """The playtest lab: many games played by the adjudicators under a designer's edition or
    draft, their metrics with confidence intervals, run as sharded background tasks."""

    name = "lab"
    verbose_name = "Playtest lab"
