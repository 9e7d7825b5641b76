"""Django's flush, allowed to empty the append-only tables (rules/append_only.py)."""

from django.core.management.commands.flush import Command as FlushCommand

from rules.append_only import deletions_allowed


class Command(FlushCommand):
    def handle(self, **options):
        with deletions_allowed():
            return super().handle(**options)
