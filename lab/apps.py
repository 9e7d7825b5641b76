from django.apps import AppConfig


class LabConfig(AppConfig):
    """The playtest lab: many games played by the adjudicators under a designer's edition or
    draft, their metrics with confidence intervals, run as sharded background tasks."""

    name = "lab"
    verbose_name = "Playtest lab"

    def ready(self) -> None:
        # The disputes pages (games) show how often the lab's model meets each dispute: the
        # lab builds on games, so it answers that question here (config.answers).
        from games import selectors as game_selectors

        from .selectors import dispute_figures

        game_selectors.dispute_figures.answer(dispute_figures)
        # A killed task worker's shards are queued again by the workers (workers.services).
        from workers import services as worker_services

        from .services import runs_sweep

        worker_services.work_replay.answer(runs_sweep)
        # A new edition's rules need their own figures: queued when its publish commits.
        from rules.signals import edition_published

        from .services import figures_on_publish

        edition_published.connect(figures_on_publish, dispatch_uid="lab.figures_on_publish")
