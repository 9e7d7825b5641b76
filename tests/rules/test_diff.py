"""rules.diff.word_diff: words for spaced scripts, characters for Chinese, Japanese and Korean."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.diff import tokens, word_diff


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param("", "", [], id="both-empty"),
        pytest.param("a b c", "a b c", [("equal", "a b c")], id="unchanged"),
        pytest.param("", "Nowe zdanie.", [("insert", "Nowe zdanie.")], id="from-nothing"),
        pytest.param("Stare zdanie.", "", [("delete", "Stare zdanie.")], id="to-nothing"),
        pytest.param(
            "Gracz otrzymuje 2 punkty.",
            "Gracz otrzymuje 3 punkty.",
            [("equal", "Gracz otrzymuje "), ("delete", "2 "), ("insert", "3 "), ("equal", "punkty.")],
            id="latin-replace-one-word",
        ),
        pytest.param(
            "Gracz otrzymuje punkty teraz",
            "Gracz otrzymuje punkty",
            [("equal", "Gracz otrzymuje punkty"), ("delete", " teraz")],
            id="latin-delete-last-word-keeps-its-space",
        ),
        pytest.param(
            "Gracz otrzymuje punkty.",
            "Gracz zawsze otrzymuje punkty.",
            [("equal", "Gracz "), ("insert", "zawsze "), ("equal", "otrzymuje punkty.")],
            id="latin-insert",
        ),
        pytest.param(
            "Each player draws two cards now.",
            "Each player draws now.",
            [("equal", "Each player draws "), ("delete", "two cards "), ("equal", "now.")],
            id="latin-delete-adjacent-words-merge",
        ),
        pytest.param(
            "jeden dwa\ntrzy",
            "jeden  dwa trzy",
            [("equal", "jeden  dwa trzy")],
            id="whitespace-only-is-no-change",
        ),
        pytest.param(
            "Ο παίκτης παίζει",
            "Ο παικτης παίζει",
            [("equal", "Ο "), ("delete", "παίκτης "), ("insert", "παικτης "), ("equal", "παίζει")],
            id="greek-accent-is-a-change",
        ),
        pytest.param(
            "Poparcie: 5",
            "poparcie: 5",
            [("delete", "Poparcie: "), ("insert", "poparcie: "), ("equal", "5")],
            id="case-is-a-change",
        ),
        pytest.param(
            "游戏开始时每人",
            "游戏结束时每人",
            [("equal", "游戏"), ("delete", "开始"), ("insert", "结束"), ("equal", "时每人")],
            id="cjk-per-character-replace",
        ),
        pytest.param(
            "每个玩家获得赏赐点",
            "每个玩家立即获得赏赐点",
            [("equal", "每个玩家"), ("insert", "立即"), ("equal", "获得赏赐点")],
            id="cjk-per-character-insert",
        ),
        pytest.param(
            "支付工资,然后退休。",
            "支付工资。",
            [("equal", "支付工资"), ("delete", ",然后退休"), ("equal", "。")],
            id="cjk-punctuation-is-a-character",
        ),
        pytest.param(
            "Praetor是一个工人放置游戏",
            "Roma是一个工人放置游戏",
            [("delete", "Praetor"), ("insert", "Roma"), ("equal", "是一个工人放置游戏")],
            id="latin-word-inside-chinese-stays-a-word",
        ),
    ],
)
def test_word_diff(old, new, expected):
    assert word_diff(old, new) == expected


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
