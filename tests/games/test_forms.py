"""The referee form is the declaration: what it renders, it collects back unchanged."""

import pytest
from django.http import QueryDict

from games import engine, forms
from games.engine import using
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
    from games.engine.declare import Object

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
