"""The helpers the five rule sets share (games.engine.common): the order round the table,
who is tied for the best, ties in a turn order, repeated and unknown names."""

from __future__ import annotations

from operator import itemgetter
from types import SimpleNamespace

import pytest

from games.engine import around_table, repeated, tied_for_best, ties, unique_names, unknown_players

SEATING = ["Ala", "Bartek", "Celina", "Darek"]


@pytest.mark.parametrize(
    ("first", "clockwise", "expected"),
    [
        ("Ala", True, ["Ala", "Bartek", "Celina", "Darek"]),
        ("Celina", True, ["Celina", "Darek", "Ala", "Bartek"]),
        ("Celina", False, ["Celina", "Bartek", "Ala", "Darek"]),
        ("Ala", False, ["Ala", "Darek", "Celina", "Bartek"]),
    ],
)
def test_around_table_starts_from_first_and_goes_either_way(first, clockwise, expected):
    assert around_table(SEATING, first, clockwise=clockwise) == expected


@pytest.mark.parametrize(
    ("scores", "best", "default", "expected"),
    [
        ({"Ala": 3, "Bartek": 5, "Celina": 5}, max, None, (5, ["Bartek", "Celina"])),
        ({"Ala": 3, "Bartek": 5, "Celina": 3}, min, None, (3, ["Ala", "Celina"])),
        ({"Ala": 4}, max, None, (4, ["Ala"])),
        ({}, max, 0, (0, [])),
    ],
)
def test_tied_for_best_names_every_holder_of_the_best_value_in_order(scores, best, default, expected):
    assert tied_for_best(scores, scores.get, best=best, default=default) == expected


def test_ties_groups_two_or_more_sharing_a_value_in_turn_order():
    ordered = [("Ala", 1), ("Bartek", 2), ("Celina", 2), ("Darek", 3), ("Ewa", 3), ("Filip", 3)]
    assert ties(ordered, itemgetter(1)) == [
        (2, [("Bartek", 2), ("Celina", 2)]),
        (3, [("Darek", 3), ("Ewa", 3), ("Filip", 3)]),
    ]
    assert ties(ordered[:2], itemgetter(1)) == []


def test_repeated_and_unique_names_point_at_every_later_copy():
    players = [SimpleNamespace(name=n) for n in ("Ala", "Bartek", "Ala", "Ala")]
    assert list(repeated(players, lambda p: p.name)) == [(2, "Ala"), (3, "Ala")]
    assert [path for path, _message in unique_names("players")(SimpleNamespace(players=players))] == [
        "players.2.name",
        "players.3.name",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (("Ala", "Zenon", "Bartek", "Yeti"), ["named.1", "named.3"]),
        ({"Ala": 1, "Zenon": 2}, ["named.Zenon"]),
    ],
)
def test_unknown_players_points_at_list_positions_and_map_keys(value, expected):
    errors = list(unknown_players(SimpleNamespace(named=value), "named", {"Ala", "Bartek"}))
    assert [path for path, _message in errors] == expected
