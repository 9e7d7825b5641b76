"""Write docs/api.md from the code (the endpoints and every adjudicator), or check it is current."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.apidoc import render

DOC = Path(settings.BASE_DIR) / "docs" / "api.md"


class Command(BaseCommand):
    help = "Write docs/api.md from the code; with --check, fail if it is out of date instead."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if docs/api.md is not current.")

    def handle(self, *args, check, **options):
        text = render()
        if check:
            if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
                raise CommandError("docs/api.md is out of date: run `python manage.py apidoc`")
            self.stdout.write("docs/api.md is current")
            return
        DOC.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {DOC.relative_to(settings.BASE_DIR)}")
