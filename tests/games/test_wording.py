"""What the adjudicators say reads right: counts agree with their nouns (ngettext), no "(s)", and
no player is assumed to be a man or a woman. Checked on every example and dispute, every variant."""

from __future__ import annotations

import re

import pytest

from games.snapshot import from_corpus
from tests.games.referee import every_ruling

GAMES = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]

GENDERED = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.I)
# "1 tokens", "1 City Council votes": a count of one with a plural noun after it.
ONE_PLURAL = re.compile(r"(?<![\d.,×x*+-] )(?<![\d.,-])\b1 (?:[A-Z][a-z]+ )*([a-z]+s)\b")
# Words after "1" that end in s and are no plural noun.
NOT_PLURALS = {"less", "simultaneous", "gives", "is", "was", "has", "does", "pays", "plays", "gets", "goes"}


def _texts(game: str):
    """(where, text) for every summary, step, gap and assumption the examples and disputes give."""
    rules = from_corpus(game)
    for adj, _raw, variant, result in every_ruling(game):
        where = f"{adj.name} ({variant})"
        yield where, adj.describe(result.outcome, rules=rules)
        for s in result.steps:
            yield where, s.explanation
        for g in result.gaps:
            yield where, g.question
            yield where, g.assumed


def _unquoted(text: str) -> str:
    """The text without what it quotes from the rules ('…' or "…"), which keeps its own wording."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|“[^”]*”", "", text)


@pytest.mark.parametrize("game", GAMES)
def test_no_wording_assumes_a_gender_or_leaves_a_plural_open(game):
    bad = []
    for where, text in _texts(game):
        plain = _unquoted(text)
        if GENDERED.search(plain) or "(s)" in plain:
            bad.append(f"{where}: {text}")
        for m in ONE_PLURAL.finditer(plain):
            if m.group(1) not in NOT_PLURALS:
                bad.append(f"{where}: {m.group(0)!r} in {text}")
    assert bad == []
