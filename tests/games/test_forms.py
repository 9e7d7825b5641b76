"""The referee form is the declaration: what it renders, it collects back unchanged."""

import pytest
from django.http import QueryDict

from games import engine, forms
from games.engine import using
from games.engine.declare import Coord, Die, Int, List, Object, Player, Players, Str
from games.snapshot import from_corpus

ADJUDICATORS = engine.all_adjudicators()


def _form_data(nodes):
    """What a browser would post for these rendered nodes."""
    data = QueryDict(mutable=True)

    def walk(n):
        if n.widget in ("rows", "players"):
            data[f"rows.{n.name}"] = str(n.rows)
        if n.children:
            for c in n.children:
                walk(c)
            return
        if n.widget == "toggle":
            if n.value:
                data[n.name] = "on"
        elif n.value not in (None, ""):
            data[n.name] = str(n.value)

    for n in nodes:
        walk(n)
    return data


@pytest.mark.parametrize("adj", ADJUDICATORS, ids=lambda a: f"{a.game}/{a.name}")
def test_each_example_survives_a_round_trip_through_the_form(adj):
    rules = from_corpus(adj.game)
    for example in adj.examples:
        players = forms.players_in(adj.inputs, example)
        with using(rules):
            nodes = forms.build(adj.inputs, example, players)
        posted = _form_data(nodes)
        collected = adj.validate(forms.collect(adj.inputs, posted, players), rules=rules)
        expected = adj.validate(example, rules=rules)
        # The form may spell out what the example leaves to defaults (a toggle that is
        # off, say); what must not change is the ruling.
        for variant in rules.variants:
            ruled = adj(collected, variant=variant.slug, rules=rules)
            assert ruled.outcome == adj(expected, variant=variant.slug, rules=rules).outcome


def test_errors_land_on_the_field_they_name():
    adj = engine.get("rada-miasta", "council-vote")
    example = adj.examples[0]
    players = forms.players_in(adj.inputs, example)
    nodes = forms.build(adj.inputs, example, players, {"inputs.proposer": ["Unknown player: z."]})
    proposer = next(n for n in nodes if n.name == "proposer")
    assert proposer.errors == ["Unknown player: z."]
    assert proposer.widget == "choice" and [v for v, _ in proposer.options] == players


def test_player_names_are_typed_once():
    assert forms.split_players(" Ala, Bartek;Celina,, Ala ") == ["Ala", "Bartek", "Celina"]


def test_a_row_per_player_is_titled_player_n_and_other_rows_by_their_list():
    adj = engine.get("praetor", "winner")
    example = adj.examples[0]
    players = forms.players_in(adj.inputs, example)
    with using(from_corpus(adj.game)):
        nodes = forms.build(adj.inputs, example, players)
    rows = next(n for n in nodes if n.widget == "rows")
    assert [c.label for c in rows.children] == [f"Player {i + 1}" for i in range(len(players))]
    adj = engine.get("dolores", "tax-bill")
    with using(from_corpus(adj.game)):
        nodes = forms.build(adj.inputs, adj.examples[0], [])
    cities = next(n for n in nodes if n.widget == "rows")
    assert cities.children[0].label == f"{cities.label} 1"


def test_a_list_of_names_is_split_at_commas_so_a_name_may_hold_a_space():
    from games.adjudicators.mega_civilization.common import ast_order

    decl = Object(ast_order=ast_order())
    assert forms.collect(decl, {"ast_order": "Anna Maria, Jan ,Zoë"}, []) == {
        "ast_order": ["Anna Maria", "Jan", "Zoë"]
    }
    node = forms.build(decl, {"ast_order": ["Anna Maria", "Jan"]}, [])[0]
    assert node.value == "Anna Maria, Jan" and "commas" in node.help


def test_the_names_step_says_what_is_wrong_and_keeps_every_name():
    assert forms.parse_players("Ala, Bartek") == (["Ala", "Bartek"], [])
    names, errors = forms.parse_players("Ala, ALA, Bartek, bartek ")
    assert names == ["Ala", "ALA", "Bartek", "bartek"]
    assert errors == ["Each player needs a name of their own; typed more than once: Ala, Bartek."]
    assert forms.parse_players("")[1] == ["Type the names of the players at the table, separated by commas."]


def test_each_kind_of_field_is_drawn_and_read_as_itself_not_as_the_kind_it_extends():
    """A Die is an Int, Players a List of Player, a Player a Str and a board square a List of
    two numbers: each is drawn, read back and carried over to a new table as itself."""
    decl = Object(
        seating=Players(),
        roll=Die(),
        count=Int(0, 3),
        many=Int(0, 100),
        rolls=List(Die()),
        first=Player(among="seating"),
        note=Str(),
        names=List(Str()),
        at=Coord(),
        fires=List(Coord()),
        units=List(Object(n=Int(0, 3))),
    )
    table = ["Ala", "Bartek"]
    raw = {
        "seating": table,
        "roll": 4,
        "count": 2,
        "many": 50,
        "rolls": [1, 6],
        "first": "Bartek",
        "note": "Bartek",
        "names": ["Anna Maria", "Bartek"],
        "at": [3, 4],
        "fires": [[0, 1], [4, 2]],
        "units": [{"n": 1}],
    }
    nodes = {n.name: n for n in forms.build(decl, raw, table)}
    assert {name: n.widget for name, n in nodes.items()} == {
        "seating": "players",
        "roll": "die",
        "count": "stepper",
        "many": "number",
        "rolls": "dice-list",
        "first": "choice",
        "note": "text",
        "names": "text-list",
        "at": "text-list",
        "fires": "text-list",
        "units": "rows",
    }
    assert [c.value for c in nodes["seating"].children] == table
    assert nodes["roll"].options == [(str(i), str(i)) for i in range(1, 7)] and nodes["roll"].value == 4
    assert nodes["first"].options == [("Ala", "Ala"), ("Bartek", "Bartek")]
    assert (nodes["rolls"].value, nodes["names"].value) == ("1 6", "Anna Maria, Bartek")
    assert (nodes["at"].value, nodes["fires"].value) == ("3,4", "0,1; 4,2")
    posted = {
        "rows.seating": "2",
        "seating.0": "Ala",
        "seating.1": "Bartek",
        "roll": "4",
        "count": "2",
        "many": "50",
        "rolls": "1 6",
        "first": "Bartek",
        "note": "Bartek",
        "names": "Anna Maria, Bartek",
        "at": "3,4",
        "fires": "0,1; 4,2",
        "rows.units": "1",
        "units.0.n": "1",
    }
    assert forms.collect(decl, posted, table) == raw
    assert forms.players_in(decl, raw) == table
    assert forms.mentions_players(Object(seating=Players())) and forms.mentions_players(Object(p=Player()))
    assert not forms.mentions_players(Object(names=List(Str()), at=Coord()))
    # Bartek renamed Celina: the seat and the player field follow; a text is not a player.
    renamed = forms.remap_players(decl, raw, table, ["Ala", "Celina"], {"Bartek": "Celina"})
    assert (renamed["seating"], renamed["first"]) == (["Ala", "Celina"], "Celina")
    assert (renamed["note"], renamed["names"]) == ("Bartek", ["Anna Maria", "Bartek"])
    # Dorota joins: she takes a seat at the end of the seating.
    joined = forms.remap_players(decl, raw, table, [*table, "Dorota"], {})
    assert joined["seating"] == ["Ala", "Bartek", "Dorota"]
