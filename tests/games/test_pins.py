"""Code pins (games/pins.lock.json): the wording each cited clause's code was written for.

Like a lock file, updated on purpose (``manage.py pins --update``), never silently: these
tests fail when the shipped corpus says something the pinned code was not written for."""

import io

import pytest
from django.core.management import CommandError, call_command

from games import coverage, engine, snapshot
from games.pins import pins, wording

GAMES = sorted({a.game for a in engine.all_adjudicators()})


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_the_code_implements_is_pinned_and_nothing_else(game):
    # Cited, or read as a parameter or a table row (games.coverage): the code depends on each.
    implemented = coverage.implemented_keys(game, snapshot.from_corpus(game))
    assert {k for a in engine.for_game(game) for k in a.clauses} <= implemented
    assert set(pins()[game]) == implemented


@pytest.mark.parametrize("game", GAMES)
def test_the_pins_match_the_shipped_wording(game):
    # The shipped wordings, each table row's cells masked like the parameters' words.
    shipped = snapshot.from_corpus(game).wordings
    for key, pin in pins()[game].items():
        assert pin.wording == shipped[key], (
            f"{key}: the shipped wording is not the one the code was pinned to; update the code for "
            "it, then run `python manage.py pins --update`"
        )


def test_the_fingerprint_ignores_figures_but_not_words():
    bindings = {"max_support": "nie może przekroczyć {num}"}
    text = "Poziom poparcia danej grupy nie może przekroczyć 10 i nie może być ujemny"
    assert wording(text, bindings) == wording(text.replace("10", "8"), bindings)
    assert wording(text, bindings) != wording(text.replace("ujemny", "dodatni"), bindings)
    assert wording(text, bindings) == wording("  " + text.replace(" ", "\n", 3), bindings)


def _pins(*args) -> str:
    out = io.StringIO()
    call_command("pins", *args, stdout=out)
    return out.getvalue()


def test_the_command_finds_no_pin_out_of_date_in_the_shipped_corpus(corpus):
    assert _pins() == "0 pins out of date.\n"
    assert _pins("dolores", "praetor") == "0 pins out of date.\n"


def test_the_command_names_the_slugs_that_are_no_game(corpus):
    # Not "nope: no edition loaded (run loadcorpus)", which sent a typo to reload the corpus.
    with pytest.raises(CommandError, match=r"^no such game: nope, tax \(the games: dolores, "):
        _pins("dolores", "nope", "tax")
