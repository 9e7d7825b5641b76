"""rules.diff.word_diff: words for spaced scripts, characters for Chinese, Japanese and Korean."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.diff import tokens, word_diff
from tests.cases import parametrize_cases

CASES = Path(__file__).parent / "cases" / "diff.json"


@parametrize_cases(CASES, "word_diff", "old, new, expected")
def test_word_diff(old, new, expected):
    # The pieces are (op, text) pairs; JSON writes each as a list.
    assert word_diff(old, new) == [tuple(piece) for piece in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Gracz  otrzymuje\n2", ["Gracz  ", "otrzymuje\n", "2"]),
        ("  wcięcie", ["  ", "wcięcie"]),
        ("执政官 Praetor", ["执", "政", "官 ", "Praetor"]),
    ],
)
def test_tokens_keep_their_trailing_whitespace(text, expected):
    assert tokens(text) == expected
    assert "".join(tokens(text)) == text


def _words(text):
    return [t.strip() for t in tokens(text) if t.strip()]


_texts = st.text(alphabet=st.sampled_from(list("ab ć\nΣσ游戏。x")), max_size=30)


@given(old=_texts, new=_texts)
def test_word_diff_rebuilds_both_texts(old, new):
    pieces = word_diff(old, new)
    assert "".join(t for op, t in pieces if op != "delete") == new
    # The old side is the old text's words (or CJK characters); only whitespace may differ.
    rebuilt = "".join(t for op, t in pieces if op != "insert")
    assert _words(rebuilt) == _words(old)
    assert all(a[0] != b[0] for a, b in zip(pieces, pieces[1:], strict=False))
    assert all(text for _op, text in pieces)


def test_a_space_replaced_by_cjk_punctuation_keeps_the_old_words_apart():
    # Found by the property above: "a a" → "a。a" once rebuilt the old side as "aa".
    pieces = word_diff("a a", "a。a")
    assert pieces == [("equal", "a"), ("delete", " "), ("insert", "。"), ("equal", "a")]


@given(old=_texts, new=_texts)
def test_word_diff_rebuilds_both_texts_when_long_stretches_are_cut_at_unique_words(old, new):
    from rules import diff

    small, diff.SMALL = diff.SMALL, 2  # every stretch of more than 2 pairs goes the bounded way
    try:
        pieces = word_diff(old, new)
    finally:
        diff.SMALL = small
    assert "".join(t for op, t in pieces if op != "delete") == new
    assert _words("".join(t for op, t in pieces if op != "insert")) == _words(old)
    assert all(a[0] != b[0] for a, b in zip(pieces, pieces[1:], strict=False))


def test_two_long_versions_are_compared_word_by_word_around_each_change():
    words = [f"słowo{n}" for n in range(4000)]
    new = list(words)
    new[1000], new[3000] = "zmiana", "inna"
    pieces = word_diff(" ".join(words), " ".join(new))
    changed = [(op, text.strip()) for op, text in pieces if op != "equal"]
    assert changed == [
        ("delete", "słowo1000"),
        ("insert", "zmiana"),
        ("delete", "słowo3000"),
        ("insert", "inna"),
    ]


def test_a_long_stretch_with_no_unique_word_is_shown_whole_and_says_so():
    old, new = "a b " * 300, "b a " * 300
    pieces = word_diff(old, new)
    assert pieces.coarse is True
    assert pieces == [("delete", old), ("insert", new)]
    assert word_diff("a b", "b a").coarse is False
    from django.template.loader import render_to_string

    assert "Too long to compare word by word" in render_to_string("rules/_diff.html", {"diff": pieces})
    assert "Too long" not in render_to_string("rules/_diff.html", {"diff": word_diff("a b", "b a")})
