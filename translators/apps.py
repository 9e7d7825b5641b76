from django.apps import AppConfig


class TranslatorsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "translators"
    verbose_name = "Translators' workspace"
