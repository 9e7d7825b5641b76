from django.apps import AppConfig
from django.db.backends.signals import connection_created


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules catalogue"

    def ready(self) -> None:
        from .append_only import register_sqlite_function

        connection_created.connect(register_sqlite_function, dispatch_uid="append_only_sqlite_function")
