"""games.situation: an adjudicator's inputs said in words with its declaration's labels (no database)."""

import pytest

from games import engine
from games.engine import using
from games.engine.declare import Bool, Choice, Coord, Die, Int, List, Map, Object, Player, Players, Str
from games.situation import Line, describe
from games.snapshot import from_corpus

DECL = Object(
    players=Players(label="Players, clockwise"),
    first=Player(among="players", label="First player"),
    roll=Die(label="Roll"),
    paid=Bool(label="Tax paid?"),
    kind=Choice(
        ("missile", "super"), labels={"missile": "missile", "super": "super missile"}, label="Missile"
    ),
    fires=List(Coord(), default=[], label="Fires"),
    support=Map(
        Player(among="players"),
        Map(
            Choice(("residents", "merchants"), labels={"residents": "Residents", "merchants": "Merchants"}),
            Int(),
        ),
        label="Support",
    ),
    cities=List(
        Object(
            id=Str(label="City"),
            districts=Int(1, 12, label="Districts"),
            facilities=List(Object(id=Str(label="Facility"), robots=Int(0, 9, label="Robots")), default=[]),
        ),
        default=[],
        label="Cities",
    ),
    owner=Player(nullable=True, default=None, label="Owner"),
    note=Str(required=False, label="Note"),
    robots=Int(0, 9, default=0, label="Robots installed"),
)
RAW = {
    "players": ["Ala", "Bartek"],
    "first": "Bartek",
    "roll": 5,
    "paid": False,
    "kind": "super",
    "fires": [[3, 2], [4, 2]],
    "support": {"Ala": {"residents": 6, "merchants": 5}, "Bartek": {"residents": 0, "merchants": 1}},
    "cities": [{"id": "Capital", "districts": 8, "facilities": [{"id": "mine", "robots": 2}]}],
    "owner": None,
}


def test_a_situation_is_said_with_the_declared_labels_in_declaration_order():
    assert describe(DECL, RAW) == [
        Line("Players, clockwise", "Ala, Bartek"),
        Line("First player", "Bartek"),
        Line("Roll", "5"),
        Line("Tax paid?", "no"),
        Line("Missile", "super missile"),
        Line("Fires", "[3, 2], [4, 2]"),
        Line(
            "Support",
            items=(
                Line("Ala", "Residents: 6, Merchants: 5"),
                Line("Bartek", "Residents: 0, Merchants: 1"),
            ),
        ),
        Line(
            "Cities",
            items=(
                Line(
                    "Capital",
                    items=(
                        Line("Districts", "8"),
                        Line("Facilities", items=(Line("mine", "Robots: 2"),)),
                    ),
                ),
            ),
        ),
        # Given as null where null is allowed: said. Left out with a default: said with it.
        Line("Owner", "none"),
        Line("Robots installed", "0"),
    ]


def test_what_is_left_out_without_a_default_is_not_said_and_empty_lists_say_none():
    lines = describe(DECL, {**RAW, "fires": [], "cities": []})
    labels = {line.label: line.text for line in lines}
    assert "Note" not in labels
    assert labels["Fires"] == "none" and labels["Cities"] == "none"


def test_items_without_a_name_are_numbered():
    decl = Object(workers=List(Object(experience=Int(1, 6, label="Experience")), label="Workers"))
    assert describe(decl, {"workers": [{"experience": 5}, {"experience": 2}]}) == [
        Line("Workers", items=(Line("No. 1", "Experience: 5"), Line("No. 2", "Experience: 2")))
    ]


def test_a_board_square_is_said_as_one_square_though_it_is_a_list_and_a_die_as_its_number():
    decl = Object(
        at=Coord(label="Unit at"),
        to=List(Coord(), label="Path"),
        rolls=List(Die(), label="Rolls"),
        seating=Players(label="Seating"),
    )
    raw = {"at": [3, 4], "to": [[3, 5], [3, 6]], "rolls": [6, 1], "seating": ["Ala", "Bartek"]}
    assert describe(decl, raw) == [
        Line("Unit at", "[3, 4]"),
        Line("Path", "[3, 5], [3, 6]"),
        Line("Rolls", "6, 1"),
        Line("Seating", "Ala, Bartek"),
    ]


def test_a_label_leads_its_value_with_a_colon_unless_it_asks_a_question():
    assert Line("Unit", "ship").lead == "Unit:"
    assert Line("First city?", "yes").lead == "First city?"


def test_labels_quoting_a_figure_of_the_rules_quote_the_editions_figure():
    adj = engine.get("imperial-tax-farmer", "end-of-round")
    example = adj.examples[0]
    without = describe(adj.inputs, example)
    under = describe(adj.inputs, example, rules=from_corpus("imperial-tax-farmer"))
    assert any("‹" in line.label for line in without)
    assert not any("‹" in line.label for line in under)


def _walk(lines):
    for line in lines:
        yield line
        yield from _walk(line.items)


@pytest.mark.parametrize(
    "adj, example",
    [(a, e) for a in engine.all_adjudicators() for e in a.examples],
    ids=[f"{a.game}/{a.name}/{n}" for a in engine.all_adjudicators() for n, _e in enumerate(a.examples, 1)],
)
def test_every_adjudicators_examples_are_said_in_words(adj, example):
    rules = from_corpus(adj.game)
    lines = describe(adj.inputs, example, rules=rules)
    with using(rules):
        declared = {str(f.label) for f in adj.inputs.fields.values()}
    assert lines and {line.label for line in lines} <= declared
    for line in _walk(lines):
        assert line.label and (line.text or line.items), (adj.name, line)
        # No value is dumped as JSON: no braces, no quoted keys.
        assert "{" not in line.text and '"' not in line.text, (adj.name, line)
    # Every number, name or choice given at the top level is said, a choice by its label.
    for name, value in example.items():
        f = adj.inputs.fields[name]
        if isinstance(value, int | str) and not isinstance(value, bool):
            said = next(line.text for line in lines if line.label == str(f.label))
            expected = str(f.labels.get(value, value)) if isinstance(f, Choice) else str(value)
            assert said == expected, (name, said)
