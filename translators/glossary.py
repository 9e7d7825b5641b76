"""Glossary terms found in a text, with inflection handled by stems (no dictionary).

Polish and Greek inflect by changing word endings (Polish *dzielnica* → *dzielnicy*,
*dzielnicę*, *dzielnicach*; Greek *πόλη* → *πόλης*, *πόλεις*), English by adding a few
letters (*district* → *districts*). So a word of a term matches a word of the text when the
text's word starts with the term word's **stem**: the word, case- and accent-folded
(``rules.models.search_form``), less up to ``ENDING[lang]`` final letters, never shorter
than ``MIN_STEM`` letters; a word of at most ``MIN_STEM`` letters must match whole. Multi-word
terms match word by word in a row. Chinese and Japanese are not inflected and not spaced: a
term matches as a substring.

What this misses, honestly: stem changes inside the word (Polish *miasto* → *mieście*,
*ręka* → *ręce*; Greek stress-moving plurals are fine, accents are folded), suppletion,
and words the translator replaced by a pronoun. What it over-accepts: another word that
shares the stem (*pole* → *polityka*). A warning is a prompt to look, not a verdict.

A glossary form may hold alternatives (``"stage / phase"``) and a parenthesised qualifier
(``"ship (warship)"``): the alternatives are matched, the qualifier is optional.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.diff import _CJK
from rules.models import search_form

# How many final letters an inflected form may change, by language (primary subtag).
ENDING = {"pl": 3, "el": 3, "en": 2, "de": 2, "fr": 2, "es": 2, "it": 2, "ru": 3, "uk": 3, "cs": 3, "sk": 3}
DEFAULT_ENDING = 2
MIN_STEM = 3
UNSPACED = {"zh", "ja"}

_WORD = re.compile(rf"[^\W\d_{_CJK}]+|\d+", re.UNICODE)


def primary(lang: str) -> str:
    return lang.split("-")[0].lower()


def alternatives(form: str) -> list[str]:
    """The forms a glossary entry accepts: its "/"-separated alternatives, qualifier dropped."""
    main = re.sub(r"\([^)]*\)", " ", form)
    return [" ".join(alt.split()) for alt in main.split("/") if alt.strip()]


def _stem(word: str, lang: str) -> str:
    if len(word) <= MIN_STEM:
        return word
    return word[: max(MIN_STEM, len(word) - ENDING.get(primary(lang), DEFAULT_ENDING))]


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    key: str


def _words(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), search_form(m.group())) for m in _WORD.finditer(text)]


def find(text: str, lang: str, terms: list[tuple[str, str]]) -> list[Match]:
    """Where the glossary ``terms`` ((key, form in ``lang``)) occur in ``text``, in text order,
    without overlaps (a longer term wins)."""
    candidates: list[Match] = []
    if primary(lang) in UNSPACED:
        folded = text.casefold()
        for key, form in terms:
            for alt in alternatives(form):
                for m in re.finditer(re.escape(alt.casefold()), folded):
                    candidates.append(Match(m.start(), m.end(), key))
    else:
        words = _words(text)
        for key, form in terms:
            for alt in alternatives(form):
                wanted = [w for _s, _e, w in _words(alt)]
                if not wanted:
                    continue
                for i in range(len(words) - len(wanted) + 1):
                    if all(_word_matches(words[i + j][2], w, lang) for j, w in enumerate(wanted)):
                        candidates.append(Match(words[i][0], words[i + len(wanted) - 1][1], key))
    chosen: list[Match] = []
    for m in sorted(candidates, key=lambda m: (-(m.end - m.start), m.start)):
        if all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    return sorted(chosen, key=lambda m: m.start)


def _word_matches(word: str, term_word: str, lang: str) -> bool:
    """A word of the text is an inflected form of a term's word: it starts with the term word's
    stem and is not longer than the term word plus an ending."""
    return word.startswith(_stem(term_word, lang)) and len(word) <= len(term_word) + ENDING.get(
        primary(lang), DEFAULT_ENDING
    )


def contains(text: str, lang: str, form: str) -> bool:
    """Whether ``text`` holds the glossary ``form`` (any alternative, inflected)."""
    return bool(find(text, lang, [("", form)]))


def segments(text: str, matches: list[Match]) -> list[tuple[str, str | None]]:
    """``text`` cut into (piece, term key or None) for highlighting."""
    out: list[tuple[str, str | None]] = []
    at = 0
    for m in matches:
        if m.start > at:
            out.append((text[at : m.start], None))
        out.append((text[m.start : m.end], m.key))
        at = m.end
    if at < len(text):
        out.append((text[at:], None))
    return out
