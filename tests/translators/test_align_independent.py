"""An independent translation aligned to the clauses (issue 39 item 3): a Greek translation of
Rada Miasta's source.txt (tests/translators/fixtures/rada-miasta-el-independent.md), written
from the Polish document alone, never from clauses.toml: its sentences merge and split where
the translator liked (two clauses in one sentence joined by the ano teleia "·", one clause's
list of groups moved into the sentence before, a Markdown heading per section, bullet lists).
Which Greek text belongs to which clause was then annotated by hand, pair by pair
(…-el-independent.expected.json). The bar: 85 % of the clauses aligned exactly, and every
wrong pair flagged by its confidence (under 70 %: not the review page's green badge)."""

import json
from pathlib import Path

import pytest

from rules import corpus
from translators import align

from . import alignment_fixtures as fixtures

FIXTURES = Path(__file__).parent / "fixtures"
DOCUMENT = (FIXTURES / "rada-miasta-el-independent.md").read_text(encoding="utf-8")
EXPECTED = json.loads((FIXTURES / "rada-miasta-el-independent.expected.json").read_text(encoding="utf-8"))
FLAGGED = 0.7  # the review page's green badge starts at 70 % (templates/translators/align.html)
# A sentence the translator left out (a document is rarely complete): its clause gets nothing.
LEFT_OUT = "Γι' αυτό όποιος παίζει αυτό το Γεγονός πρέπει να πετάξει μια κάρτα από το χέρι του."


def _aligned(text: str) -> list[align.AlignedClause]:
    game = corpus.game("rada-miasta")
    terms = [(t.key, {**t.forms, game.language: t.original, "en": t.en}) for t in game.terms]
    clauses = [(key, original) for key, original, _en in fixtures.clauses("rada-miasta", "en")]
    return align.align(clauses, game.language, text, "el", terms).pairs


@pytest.mark.parametrize("left_out", [False, True], ids=["whole", "a-sentence-left-out"])
def test_an_independent_greek_translation_aligns_85_percent_and_flags_every_wrong_pair(left_out):
    text, expected = DOCUMENT, dict(EXPECTED)
    if left_out:
        text = text.replace(" " + LEFT_OUT, "")
        expected["rm.events.technical-problems-cost"] = ""
    pairs = _aligned(text)
    assert [p.clause for p in pairs] == list(expected)
    wrong = [p for p in pairs if " ".join(p.text.split()) != " ".join(expected[p.clause].split())]
    assert 1 - len(wrong) / len(pairs) >= 0.85, [(p.clause, p.text) for p in wrong]
    assert [(p.clause, round(p.confidence, 2)) for p in wrong if p.confidence >= FLAGGED] == []


def test_two_clauses_in_one_greek_sentence_are_cut_at_its_ano_teleia():
    by_key = {p.clause: p.text for p in _aligned(DOCUMENT)}
    assert by_key["rm.order.most-support-first"].endswith("τους περισσότερους πόντους·")
    assert by_key["rm.order.tie-previous-first"].startswith("αν δεν υπάρχει τέτοιος παίκτης")
    assert by_key["rm.vote.group-vote-none"].startswith("αν υπάρχει ΙΣΟΠΑΛΙΑ")
