from django.apps import AppConfig


class TranslatorsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "translators"
    verbose_name = "Translators' workspace"

    def ready(self) -> None:
        # The reader's glossary (rules) shows each term's form in effect, an approved proposal
        # included: the workspace builds on the catalogue, so it answers here (config.answers).
        from rules import selectors as rule_selectors

        from .selectors import glossary_entries

        rule_selectors.glossary_in_effect.answer(glossary_entries)
