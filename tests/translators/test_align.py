"""Alignment of a whole translated document to the clauses, measured on fixed fixtures made
from the shipped corpus (tests/translators/alignment_fixtures.py): each game's English (and
every other shipped translation, as the corpus gains them) joined into plain paragraphs
aligns ≥ 98 % of the clauses exactly; with a tenth of its sentences removed and the
paragraphs broken elsewhere, ≥ 90 %."""

import pytest

from rules import corpus
from translators import align

from . import alignment_fixtures as fixtures

SHIPPED = [(slug, lang) for slug in corpus.GAME_SLUGS for lang in corpus.game(slug).translation_languages]


@pytest.mark.parametrize("slug, lang", SHIPPED)
def test_a_translation_joined_into_paragraphs_aligns_98_percent_exactly(slug, lang):
    text, expected = fixtures.plain(slug, lang)
    accuracy, misses = fixtures.accuracy(slug, lang, text, expected)
    assert accuracy >= 0.98, misses[:5]


@pytest.mark.parametrize("slug, lang", SHIPPED)
def test_with_a_tenth_of_the_sentences_gone_and_paragraphs_rebroken_90_percent(slug, lang):
    text, expected = fixtures.degraded(slug, lang)
    assert sum(1 for v in expected.values() if not v) >= 1 or slug == "imperial-tax-farmer"
    accuracy, misses = fixtures.accuracy(slug, lang, text, expected)
    assert accuracy >= 0.90, misses[:5]


def test_every_clause_comes_back_in_order_with_a_confidence():
    clauses = [("a", "Pierwsze zdanie. Drugie zdanie."), ("b", "Trzecie, z liczbą 7."), ("c", "Czwarte?")]
    result = align.align(
        clauses, "pl", "First sentence. Second sentence.\n\nThird, with the number 7. Fourth?", "en"
    )
    assert [(p.clause, p.text) for p in result.pairs] == [
        ("a", "First sentence. Second sentence."),
        ("b", "Third, with the number 7."),
        ("c", "Fourth?"),
    ]
    assert all(0.0 <= p.confidence <= 1.0 for p in result.pairs)
    assert result.pairs[1].confidence > 0.7  # the number and the full stop agree


def test_a_missing_clause_gets_no_text_and_an_extra_sentence_is_left_unplaced():
    clauses = [
        ("a", "Gracz ma 3 żetony."),
        ("b", "Bank płaci 20 monet za każdą dzielnicę."),
        ("c", "Runda się kończy."),
        ("d", "Każdy gracz dobiera 2 karty."),
        ("e", "Pierwszy gracz zaczyna."),
        ("f", "Gra trwa 5 rund."),
        ("g", "Wygrywa gracz z największą liczbą punktów."),
    ]
    document = (
        "The player has 3 tokens. The round ends. Each player draws 2 cards. The first player begins. "
        "The game lasts 5 rounds. The player with the most points wins."
    )
    result = align.align(clauses, "pl", document, "en")
    assert [p.text for p in result.pairs] == [
        "The player has 3 tokens.",
        "",
        "The round ends.",
        "Each player draws 2 cards.",
        "The first player begins.",
        "The game lasts 5 rounds.",
        "The player with the most points wins.",
    ]
    assert result.pairs[1].confidence == 0.0
    extra = align.align(
        clauses[:2],
        "pl",
        "Translator's note. The player has 3 tokens. The bank pays 20 coins for each district.",
        "en",
    )
    assert [p.text for p in extra.pairs][1] == "The bank pays 20 coins for each district."


@pytest.mark.parametrize(
    "text, blocks",
    [
        ("# Title\n\nA sentence.\n- an item\n- another", ["Title", "A sentence.", "an item", "another"]),
        (
            "**Bold** and *emphasis* and [a link](http://x) and `code`.",
            ["Bold and emphasis and a link and code."],
        ),
        ("1. Numbered heading\nText.", ["1. Numbered heading", "Text."]),
        # A hard-wrapped paragraph (lines filled to the width) is one block; short lines are not.
        (
            "This is a long line of a hard-wrapped paragraph that goes\non in lower case.\nShort line\nnext",
            [
                "This is a long line of a hard-wrapped paragraph that goes on in lower case.",
                "Short line",
                "next",
            ],
        ),
    ],
)
def test_blocks_of_plain_text_and_markdown(text, blocks):
    assert align.blocks(text) == blocks


def test_sentences_per_language_with_numbering_and_abbreviations_kept_whole():
    assert align.sentences("2. Return your workers. Then stop.", "en") == [
        "2. Return your workers.",
        "Then stop.",
    ]
    assert align.sentences("每位玩家得到3个赏赐点。然后结束！", "zh-Hans") == [
        "每位玩家得到3个赏赐点。",
        "然后结束！",
    ]
    assert align.sentences("Πόσες πόλεις; Δύο.", "el") == ["Πόσες πόλεις;", "Δύο."]
    assert align.sentences("Kolejność Π.Α.Μ. decyduje.", "el") == ["Kolejność Π.Α.Μ. decyduje."]


def test_a_sentence_running_two_clauses_together_is_cut_where_a_heading_ends():
    clauses = [("h", "Zasoby"), ("r", "W grze jest pięć zasobów. Złoto jest najczęstsze.")]
    result = align.align(
        clauses, "pl", "Resources There are five resources in the game. Gold is the most common.", "en"
    )
    assert [p.text for p in result.pairs] == [
        "Resources",
        "There are five resources in the game. Gold is the most common.",
    ]


@pytest.mark.parametrize(
    "move, texts",
    [
        (lambda t: align.merge(t, 0), ["A1. A2. B1.", "C1.", ""]),
        (lambda t: align.split(t, 0, "en"), ["A1.", "A2.", "B1. C1."]),
        (lambda t: align.shift_up(t, 1, "en"), ["A1. A2. B1.", "", "C1."]),
        (lambda t: align.shift_down(t, 0, "en"), ["A1.", "A2. B1.", "C1."]),
    ],
    ids=["merge", "split", "shift-up", "shift-down"],
)
def test_the_review_moves(move, texts):
    names = {"A1.": "First one.", "A2.": "Second one.", "B1.": "Third one.", "C1.": "Fourth one."}

    def words(t):
        for short, long in names.items():
            t = t.replace(short, long)
        return t

    assert move([words("A1. A2."), words("B1."), words("C1.")]) == [words(t) for t in texts]


def test_a_translation_of_one_part_of_the_rules_aligns_as_one_stretch():
    """A Polish translation of Praetor's first sections only (from the Chinese): those clauses
    get their text, in order, and no later clause gets any."""
    from pathlib import Path

    game = corpus.game("praetor")
    clauses = [(c.key, c.text) for c in game.clauses if c.kind != "furniture"]
    document = (Path(__file__).parent / "fixtures" / "praetor-pl-excerpt.md").read_text(encoding="utf-8")
    result = align.align(
        clauses, "zh-Hans", document, "pl", [(t.key, {game.language: t.original}) for t in game.terms]
    )
    placed = [p.clause for p in result.pairs if p.text]
    # The excerpt runs to the end of the goal section's last clause.
    end = next(n for n, (k, _t) in enumerate(clauses) if k == "pr.goal.ways-to-favor")
    assert placed == [k for k, _t in clauses[: end + 1]]
    texts = {p.clause: p.text for p in result.pairs}
    assert texts["pr.background.wall"].startswith(
        "W 122 roku n.e. Hadrian rozpoczął już budowę Wału Hadriana"
    )
    assert texts["pr.goal.heading"] == "Cel gry"


# ---------------------------------------------------------------- the review page's moves


def _rows(*spec):
    return [align.Proposal(text, confidence, accept) for text, confidence, accept in spec]


ROWS = _rows(
    ("Heading.", 0.9, True),
    ("One. Two.", 0.8, True),
    ("Three.", 0.3, False),
    ("Four.", 0.7, True),
    ("Five.", 0.6, True),
)


def test_split_moves_ticks_and_confidences_down_with_the_texts():
    out = align.move(ROWS, "split", 1, "en")
    assert out == _rows(
        ("Heading.", 0.9, True),
        ("One.", 0.8, True),
        ("Two.", 0.8, True),  # the second half: as sure and as ticked as the text it came from
        ("Three.", 0.3, False),  # moved down a row, still unticked
        ("Four. Five.", 0.6, True),  # the last clause takes what fell off the end
    )


def test_split_cuts_one_sentence_holding_two_clauses_where_the_originals_meet():
    """A document sentence holding two clauses' texts (issue 39): Split gives the next clause
    its part, cut at a word boundary by the originals' lengths, not nothing."""
    rows = _rows(
        ("The proposer wins ties and each other player loses one point of support.", 0.6, True),
        ("", 0.0, False),
        ("Next.", 0.9, True),
    )
    originals = ["Remis wygrywa wnioskodawca", "każdy inny gracz traci jeden punkt poparcia", "Dalej."]
    out = align.move(rows, "split", 0, "en", originals)
    assert [r.text for r in out] == [
        "The proposer wins ties and",
        "each other player loses one point of support.",
        "Next.",
    ]
    assert out[1] == align.Proposal(out[1].text, 0.6, True)  # as sure and ticked as its source
    # Without the originals it cuts nearest the middle, still between words.
    halves = align.split([rows[0].text, "", "Next."], 0, "en")
    assert " ".join(halves[:2]) == rows[0].text and all(halves[:2])


def test_merge_moves_ticks_and_confidences_up_with_the_texts():
    out = align.move(ROWS, "merge", 0, "en")
    assert out == _rows(
        ("Heading. One. Two.", 0.8, True),
        ("Three.", 0.3, False),
        ("Four.", 0.7, True),
        ("Five.", 0.6, True),
        ("", 0.0, False),
    )
    # Merging an unticked text into a ticked one leaves the row for the translator to look at.
    assert align.move(ROWS, "merge", 1, "en")[1] == align.Proposal("One. Two. Three.", 0.3, False)


def test_shifts_move_sentences_and_leave_ticks_in_their_rows():
    up = align.move(ROWS, "up", 2, "en")
    assert up[1] == align.Proposal("One. Two. Three.", 0.8, True)
    assert up[2] == align.Proposal("", 0.0, False)  # left without a text: unticked
    down = align.move(ROWS, "down", 1, "en")
    assert down[1:3] == _rows(("One.", 0.8, True), ("Two. Three.", 0.3, False))


def test_moves_that_cannot_happen_change_nothing():
    assert align.move(ROWS, "merge", 4, "en") == ROWS
    assert align.move(ROWS, "split", 0, "en") == ROWS  # one sentence of one word
    assert align.move(ROWS, "up", 0, "en") == ROWS
    with pytest.raises(ValueError, match="unknown move"):
        align.move(ROWS, "swap", 0, "en")


def test_alignment_work_is_bounded_whatever_is_pasted(monkeypatch):
    """8,000 characters of "Ab cd." against a whole game: the programme visits at most
    MAX_CELLS cells a pass (each extended by at most five beads), not source × target."""
    calls = []
    cost = align._cost
    monkeypatch.setattr(align, "_cost", lambda *a: calls.append(1) or cost(*a))
    clauses = [(c.key, c.text) for c in corpus.game("dolores").clauses if c.kind != "furniture"]
    result = align.align(clauses, "pl", "Ab cd.\n\n" * 1000, "en")
    assert len(result.pairs) == len(clauses)
    assert len(calls) <= 2 * 5 * (align.MAX_CELLS + 2 * len(clauses))
    # Every line of the document is placed somewhere or listed as unplaced: nothing is lost.
    placed = sum(p.text.count("Ab cd.") for p in result.pairs) + len(result.unplaced)
    assert placed == 1000


def test_a_document_of_far_more_sentences_than_clauses_still_aligns_to_its_end():
    clauses = [(f"k{n}", f"Zdanie numer {n}.") for n in range(5)]
    result = align.align(clauses, "pl", "Line.\n" * 400, "en")
    placed = sum(p.text.count("Line.") for p in result.pairs) + len(result.unplaced)
    assert placed == 400
