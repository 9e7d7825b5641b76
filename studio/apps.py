from django.apps import AppConfig


class StudioConfig(AppConfig):
    """The workspaces of the people who write the rules: designers (drafts, clause editor,
    impact report, publish). Built on the catalogue (rules) and the adjudicators (games)."""

    name = "studio"
    verbose_name = "Studio"
