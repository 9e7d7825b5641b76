"""What the management commands that work on some of the games, or on all, have in common."""

from collections.abc import Iterable

from django.core.management.base import CommandError


def add_games_argument(parser) -> None:
    """The ``games`` argument: the slugs of the games to work on, none meaning every game."""
    parser.add_argument("games", nargs="*", help="Game slugs (default: every game).")


def chosen_games(slugs: list[str], known: Iterable[str]) -> list[str]:
    """``slugs``, or every ``known`` game when none is named; a CommandError names each slug
    that is not a known game (rather than failing later on what the game lacks)."""
    known = list(known)
    unknown = [slug for slug in slugs if slug not in known]
    if unknown:
        raise CommandError(f"no such game: {', '.join(unknown)} (the games: {', '.join(known)})")
    return list(slugs) or known
