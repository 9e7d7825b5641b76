"""bench/max_bounds.py: every adjudicator's largest accepted body is found from its declaration,
and rules in bounded time; the declaration's fast path for board squares keeps its messages."""

import time

import pytest

from bench import max_bounds
from games import engine
from games.engine import Invalid
from games.snapshot import from_corpus

ADJUDICATORS = engine.all_adjudicators()


@pytest.mark.parametrize("adj", ADJUDICATORS, ids=lambda a: f"{a.game}/{a.name}")
def test_each_adjudicator_gets_a_body_at_its_bounds_and_rules_on_it_in_bounded_time(adj):
    rules = from_corpus(adj.game)
    body, shape = max_bounds.largest(adj, rules)
    assert shape is not None, "no drawn body validates: the generator falls back to the example"
    adj.validate(body, rules=rules)
    run = max_bounds.ruling(adj, body, rules)
    start = time.thread_time()
    run()
    # bench/max_bounds.py holds each to 50 ms of CPU and records it; ten times that here, so
    # that a shared test machine never fails it while a quadratic slip still would.
    assert time.thread_time() - start < 0.5


def test_the_largest_wind_body_lists_every_square_it_may():
    adj = engine.get("dolores", "wind")
    body, _shape = max_bounds.largest(adj, from_corpus("dolores"))
    assert [len(body[k]) for k in ("pollution", "radioactive", "fires", "burnable")] == [
        1000,
        1000,
        1000,
        10000,
    ]
    assert len({tuple(c) for c in body["burnable"]}) == 10000


@pytest.mark.parametrize(
    ("squares", "errors"),
    [
        ([[1000, 0]], {"inputs.pollution.0.0": ["Ensure this value is less than or equal to 999."]}),
        ([[1, True]], {"inputs.pollution.0.1": ["A whole number is required."]}),
        ([[1, 2, 3]], {"inputs.pollution.0": ["Ensure this list has at most 2 items."]}),
        ([[1]], {"inputs.pollution.0": ["Ensure this list has at least 2 items."]}),
        ([(1, 2)], {"inputs.pollution.0": ["A list is required."]}),
    ],
)
def test_a_malformed_square_still_gets_its_message(squares, errors):
    adj = engine.get("dolores", "wind")
    raw = {"direction_roll": 3, "strength_roll": 1, "width": 1000, "height": 1000, "pollution": squares}
    with pytest.raises(Invalid) as exc:
        adj.validate(raw, rules=from_corpus("dolores"))
    assert exc.value.errors == errors


def test_duplicate_squares_are_named_and_distinct_ones_pass():
    adj = engine.get("dolores", "wind")
    raw = {
        "direction_roll": 3,
        "strength_roll": 1,
        "width": 9,
        "height": 9,
        "fires": [[1, 1], [2, 1], [1, 1]],
    }
    with pytest.raises(Invalid) as exc:
        adj.validate(raw, rules=from_corpus("dolores"))
    assert exc.value.errors == {"inputs.fires.2": ["Duplicate entry: (1, 1)."]}
    raw["fires"] = [[1, 1], [1, 2]]
    assert adj.validate(raw, rules=from_corpus("dolores")).fires == ((1, 1), (1, 2))
