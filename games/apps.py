from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Adjudication"

    def ready(self) -> None:
        # Importing the rule sets registers every adjudicator and dispute. The engine never
        # imports them itself: the registry is filled here, once, when Django starts.
        # The catalogue asks the code what only the code knows (rules.code_side): answered
        # here, so that rules never imports games.
        from rules.code_side import CodeSide, answer

        from . import (
            adjudicators,  # noqa: F401
            coverage,
            selectors,
        )
        from .engine.readers import parameter_readers

        answer(
            CodeSide(
                parameter_readers=parameter_readers,
                check_declarations=coverage.check_declarations,
                clause_code=selectors.clause_code,
                clause_coverage=selectors.clause_coverage,
            )
        )
