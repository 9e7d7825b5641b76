"""List the code pins that are out of date, or update them on purpose (games/pins.lock.json)."""

from django.core.management.base import BaseCommand, CommandError

from games import coverage, engine, snapshot
from games.pins import Pin, pins, write
from rules.management.arguments import add_games_argument, chosen_games


class Command(BaseCommand):
    help = (
        "List the clauses whose wording in the current edition is not the one the code was written "
        "for; with --update, record the current wording as the one the code now follows."
    )

    def add_arguments(self, parser):
        add_games_argument(parser)
        parser.add_argument(
            "--update",
            action="store_true",
            help="Pin every clause the adjudicators implement (cite, or read as a parameter or a "
            "table row) to the current edition's version (after updating the code for it).",
        )

    def handle(self, *args, games, update, **options):
        slugs = chosen_games(games, sorted({a.game for a in engine.all_adjudicators()}))
        lock = {game: dict(clauses) for game, clauses in pins().items()}
        stale = 0
        for slug in slugs:
            try:
                rules = snapshot.rules_for(slug)
            except snapshot.EditionNotFound as exc:
                raise CommandError(f"{slug}: no edition loaded (run loadcorpus)") from exc
            # Every clause the code depends on: cited, or read as a parameter or a table row.
            cited = sorted(coverage.implemented_keys(slug, rules))
            if update:
                lock[slug] = {k: Pin(k, rules.versions[k], rules.wordings[k]) for k in cited}
                continue
            for key in cited:
                pin = lock.get(slug, {}).get(key)
                if pin is None or pin.wording != rules.wordings.get(key):
                    stale += 1
                    code = f"v{pin.version}" if pin else "no pin"
                    note = rules.wording_notes.get(key)
                    # A designer's wording-only record, for the developer to accept or not.
                    said = f" (wording only, {note.author}: {note.reason})" if note else ""
                    self.stdout.write(
                        f"{slug} {key}: the code follows {code}; the text is at v{rules.versions[key]}{said}"
                    )
        if update:
            write(lock)
            self.stdout.write(f"Pinned {sum(len(v) for v in lock.values())} clauses of {len(lock)} games.")
        else:
            self.stdout.write(f"{stale} pins out of date.")
