from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Adjudication"

    def ready(self) -> None:
        # Importing the rule sets registers every adjudicator and dispute. The engine never
        # imports them itself: the registry is filled here, once, when Django starts.
        from . import adjudicators  # noqa: F401

        self._answer_the_catalogue()

    @staticmethod
    def _answer_the_catalogue() -> None:
        """The catalogue asks the code what only the code knows (``rules.code_side``): answered
        here, so that rules never imports games."""
        from rules import code_side

        from . import coverage, selectors
        from .engine.readers import parameter_readers

        code_side.parameter_readers.answer(parameter_readers)
        code_side.check_declarations.answer(coverage.check_declarations)
        code_side.clause_code.answer(selectors.clause_code)
        code_side.clause_coverage.answer(selectors.clause_coverage)
