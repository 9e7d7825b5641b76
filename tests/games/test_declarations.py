"""Any input to any declaration either rules or is a 400 (Invalid), never an exception."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine.declare import Choice, Int, Invalid, List, Map, Object, Player, Players, counts, record
from games.snapshot import from_corpus
from rules import corpus

ADJUDICATORS = engine.all_adjudicators()
IDS = [f"{a.game}/{a.name}" for a in ADJUDICATORS]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    yield path


def _replace(value, path, new):
    if not path:
        return new
    head, *rest = path
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


def _rule_or_invalid(adj, raw):
    try:
        inputs = adj.validate(raw, rules=from_corpus(adj.game))
    except Invalid as exc:
        assert exc.errors and all(k.startswith("inputs") for k in exc.errors)
        assert all(isinstance(m, str) for ms in exc.errors.values() for m in ms)
        return None
    results = []
    for v in corpus.game(adj.game).variants:
        result = adj(inputs, variant=v.slug, rules=from_corpus(adj.game))
        assert isinstance(result.outcome, dict)
        results.append(result)
    return results


@pytest.mark.parametrize("adj", ADJUDICATORS, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_examples_rule_or_are_rejected(adj, data):
    example = adj.examples[0]
    paths = list(_leaves(example))
    path = data.draw(st.sampled_from(paths))
    new = data.draw(json_values)
    _rule_or_invalid(adj, _replace(example, path, new))


@pytest.mark.parametrize("adj", ADJUDICATORS, ids=IDS)
@settings(max_examples=30, deadline=None)
@given(raw=json_values)
def test_arbitrary_json_rules_or_is_rejected(adj, raw):
    _rule_or_invalid(adj, raw)


def test_errors_are_reported_by_dotted_path():
    decl = Object(
        seating=Players(),
        support=Map(Player(among="seating"), Int(0, 10), complete=True),
        dice=List(Int(1, 6), min_length=1),
    )
    with pytest.raises(Invalid) as exc:
        decl.validate({"seating": ["a", "b"], "support": {"a": 11, "c": 1}, "dice": [0], "x": 1}, "inputs")
    assert exc.value.errors == {
        "inputs.support.a": ["Ensure this value is less than or equal to 10."],
        "inputs.dice.0": ["Ensure this value is greater than or equal to 1."],
        "inputs.x": ["Unknown field."],
        "inputs.support.c": ["Unknown player: c."],
        "inputs.support.b": ["This field is required."],
    }


def test_parsed_inputs_are_frozen():
    decl = Object(seating=Players(), support=Map(Player(among="seating"), Int(0, 10)))
    parsed = decl.validate({"seating": ["a", "b"], "support": {"a": 1}})
    assert parsed == record(seating=("a", "b"), support={"a": 1})
    with pytest.raises(AttributeError):
        parsed.seating = ()
    with pytest.raises(TypeError):
        parsed.support["a"] = 2


def test_a_choice_of_a_vocabulary_offers_its_keys_in_order_each_with_its_word():
    words = {"south": "south", "east": "east", "north": "north"}
    choice = Choice.of(words, default="east", label="Wind")
    assert choice.options == ("south", "east", "north") and choice.labels == words
    assert choice.schema() == {"enum": ["south", "east", "north"], "title": "Wind", "default": "east"}


def test_counts_are_a_whole_number_from_zero_of_each_key():
    decl = Object(units=counts(Choice(("infantry", "ships")), 5, default={}))
    assert decl.validate({"units": {"ships": 5}}).units == {"ships": 5}
    assert decl.validate({}).units == {}
    with pytest.raises(Invalid) as exc:
        decl.validate({"units": {"infantry": -1, "ships": 6, "tanks": 1}}, "inputs")
    assert set(exc.value.errors) == {"inputs.units.infantry", "inputs.units.ships", "inputs.units.tanks"}
    assert decl.fields["units"].schema()["properties"]["ships"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 5,
    }
