from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Adjudication"

    def ready(self) -> None:
        # Importing the rule sets registers every adjudicator and dispute. The engine never
        # imports them itself: the registry is filled here, once, when Django starts.
        from . import adjudicators  # noqa: F401
