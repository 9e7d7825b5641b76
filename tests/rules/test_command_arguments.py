"""The game slugs the corpus and pins commands take (rules/management/arguments.py)."""

import pytest
from django.core.management import CommandError

from rules.management.arguments import chosen_games

KNOWN = ("rada-miasta", "praetor", "dolores")


def test_no_slug_means_every_known_game_in_its_order():
    assert chosen_games([], KNOWN) == ["rada-miasta", "praetor", "dolores"]


def test_named_games_are_worked_on_in_the_order_given():
    assert chosen_games(["dolores", "rada-miasta"], KNOWN) == ["dolores", "rada-miasta"]


def test_an_unknown_slug_is_an_error_naming_it_and_the_games():
    with pytest.raises(CommandError) as caught:
        chosen_games(["praetor", "rada_miasta"], KNOWN)
    assert str(caught.value) == "no such game: rada_miasta (the games: rada-miasta, praetor, dolores)"
