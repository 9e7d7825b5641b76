"""Glossary terms found in a text: by whole words and the language's stems, or by the
glossary's own pattern where it gives one.

Polish and Greek inflect by changing word endings (Polish *dzielnica* → *dzielnicy*,
*dzielnicę*, *dzielnicach*; Greek *πόλη* → *πόλης*, *πόλεις*), English by adding a few
letters (*district* → *districts*). So a word of a term matches a **whole word** of the text
that starts with the term word's **stem** and ends at most ``ENDING[lang]`` letters past the
term word's length: the stem is the word (case- and accent-folded) less up to
``ENDING[lang]`` final letters, but never shorter than ``STEM_SHARE`` of the word nor than
``MIN_STEM`` letters, so a short word's stem cannot swallow another word (*στοίβα* does not
match *στο*, *Teren* not *teraz*, *περιοχή* not *περίπτωση*). A word of at most ``MIN_STEM``
letters, and an all-capitals abbreviation (*ZA*, *PRZECIW*, *A.S.T.*), match whole (the
abbreviation in capitals only: *za* is a preposition). Multi-word terms match word by word in
a row. Chinese and Japanese are not inflected and not spaced: a term matches by its
characters, as written.

A glossary entry may give its own regular expression for a language (``match`` for the
original, ``<lang>_match`` for a translation, rules/corpus/FORMAT.md): where it does, that
pattern is what finds the term (stems that change inside the word, *obóz* / *obozu*; Greek
inflection), as the corpus's own check reads it.

A glossary form may hold alternatives (``"stage / phase"``) and a parenthesised qualifier
(``"ship (warship)"``): the alternatives are matched, the qualifier is optional.

In a translation a term's words may also be shared out (``_shared``): by coordinated
modifiers ("a Residential, Industrial or Commercial District" holds "Residential District",
"the Event or Plan cards" "Event card"; Polish "karty Planów lub Zdarzeń" "karta Zdarzenia")
and, in English, by ellipsis ("three Calamities …, of which up to 2 Major … or 3 Minor" holds
"Major calamity"). Every word of the term is still required, so a dropped modifier warns.

What this misses, honestly: suppletion, a stem change with no pattern given, words the
translator replaced by a pronoun, a head shared by modifiers after it when the term's
modifier is not the last of them ("Dzielnicę Mieszkaniową, Przemysłową czy Handlową" for
"Dzielnica Przemysłowa": the corpus gives that term a pattern), and coordination of
conjuncts longer than a word. On the shipped
translations the check draws no warning (bench/results/2026-11-26-glossary-warnings.md). A
warning is a prompt to look, not a verdict.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from dataclasses import dataclass

from rules.diff import _CJK

# How many final letters an inflected form may change, by language (primary subtag).
ENDING = {"pl": 3, "el": 3, "en": 2, "de": 2, "fr": 2, "es": 2, "it": 2, "ru": 3, "uk": 3, "cs": 3, "sk": 3}
DEFAULT_ENDING = 2
MIN_STEM = 3
STEM_SHARE = 0.7
UNSPACED = {"zh", "ja"}

_WORD = re.compile(rf"[^\W\d_{_CJK}]+|\d+", re.UNICODE)
_HAS_CJK = re.compile(rf"[{_CJK}]")


def primary(lang: str) -> str:
    return lang.split("-")[0].lower()


def alternatives(form: str) -> list[str]:
    """The forms a glossary entry accepts: its "/"-separated alternatives, qualifier dropped."""
    main = re.sub(r"\([^)]*\)", " ", form)
    return [" ".join(alt.split()) for alt in main.split("/") if alt.strip()]


@functools.lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    folded = "".join(c for c in unicodedata.normalize("NFKD", ch.casefold()) if not unicodedata.combining(c))
    folded = folded.replace("ł", "l")
    return folded if len(folded) == 1 else ch.lower()[:1] or ch


def fold(text: str) -> str:
    """``text`` case- and accent-folded character by character (same length, so a match in it is
    at the same place in ``text``)."""
    return "".join(_fold_char(ch) for ch in text)


# The inflectional endings of a language, case- and accent-folded (``fold``), for the strict
# match: a term's word is its stem (the word less the longest of these it ends with, at least
# MIN_STEM letters left) followed by one of them, and nothing else (Polish *pole* → *pola*,
# *polu*, *polach*, not *północ*; *okręt* → *okrętu*, not *określa*; Greek *στοίβα* → *στοίβες*,
# not *στο*). A language without a list falls back to the stem less ``ENDING`` letters.
ENDINGS = {
    "pl": (
        "a e i o u y em om am ow ie ia iu ii io ach ami ego emu ej ym ych ymi im ich imi owi owie "
        "iach iami iem iom iego iej"
    ).split(),
    "el": "α ασ εσ η ησ ο οσ ου ων οι ουσ ι ια ιου ιων εισ εων εωσ ε ον αν ην ιεσ ιασ".split(),
    "en": "s es ed d ing er ers".split(),
}


# Polish consonant alternations before the locative's and dative's -e (folded): *punkt* →
# *punkcie*, *obszar* → *obszarze*, *ręka* → *ręce*, *noga* → *nodze*, *miasto* → *mieście* is
# beyond them (its vowel changes too: the glossary's pattern says it).
ALTERNATIONS = {
    "pl": (
        ("st", "scie"),
        ("sl", "sle"),
        ("t", "cie"),
        ("d", "dzie"),
        ("r", "rze"),
        ("l", "le"),
        ("k", "ce"),
        ("g", "dze"),
        ("ch", "sze"),
    ),
}


def _inflected(word: str, lang: str) -> str | None:
    """The pattern of ``word``'s inflected forms by the language's endings (None: no list)."""
    endings = ENDINGS.get(primary(lang))
    if endings is None:
        return None
    stem = word
    for ending in sorted(endings, key=len, reverse=True):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            stem = word[: -len(ending)]
            break
    alternation = "|".join(re.escape(e) for e in sorted(set(endings), key=len, reverse=True))
    forms = [rf"{re.escape(stem)}(?:{alternation})?"]
    for final, changed in ALTERNATIONS.get(primary(lang), ()):
        if stem.endswith(final):
            forms.append(re.escape(stem[: -len(final)] + changed))
    return rf"(?<!\w)(?:{'|'.join(forms)})(?!\w)"


def _token_pattern(token: str, lang: str, *, lenient: bool = False) -> str:
    """A pattern finding one whitespace-separated word of a form in folded text (``lenient``:
    the stem followed by any letters, see ``matcher``)."""
    if not _WORD.fullmatch(token):
        # A word with marks in it (A.S.T., 2-3): as written, on its own.
        return rf"(?<!\w){re.escape(fold(token))}" + (r"(?!\w)" if token[-1].isalnum() else "")
    word = fold(token)
    ending = ENDING.get(primary(lang), DEFAULT_ENDING)
    if lenient:
        return rf"(?<!\w){re.escape(word[: max(MIN_STEM, len(word) - ending)])}\w*"
    if len(word) <= MIN_STEM:
        return rf"(?<!\w){re.escape(word)}(?!\w)"
    inflected = _inflected(word, lang)
    if inflected is not None:
        return inflected
    stem = max(MIN_STEM, len(word) - ending, math.ceil(STEM_SHARE * len(word)))
    return rf"(?<!\w){re.escape(word[:stem])}\w{{0,{len(word) - stem + ending}}}(?!\w)"


@dataclass(frozen=True)
class Matcher:
    """How one term is found in one language: on the folded text (stems) or, for capitals and
    the glossary's own pattern, on the text as written."""

    folded: re.Pattern[str] | None
    raw: re.Pattern[str] | None

    def finditer(self, text: str, folded: str):
        if self.raw is not None:
            yield from ((m.start(), m.end()) for m in self.raw.finditer(text))
        if self.folded is not None:
            yield from ((m.start(), m.end()) for m in self.folded.finditer(folded))


# Coordinating conjunctions by language (primary subtag), folded: a term's words may be shared
# out by coordination in a translation (``_shared``). A language without a list gets no such
# reading.
CONJUNCTIONS = {
    "en": ("and", "or", "nor"),
    "pl": ("i", "oraz", "lub", "albo", "czy", "ani"),
    # (Not "ή": folded it is "η", the article.)
    "el": ("και", "ειτε"),
}
# Languages whose noun phrases end in their head noun (the term's last word): there a term's
# modifiers may stand for the whole term by ellipsis, the head said earlier in the sentence.
HEAD_LAST = {"en"}

# One conjunct of a coordination: a word (hyphenated or not), a number before it or not.
_CONJUNCT = r"(?:\d+\s+)?\w+(?:-\w+)*"


def _shared(tokens: list[str], lang: str) -> list[str]:
    """Patterns of a multi-word form whose words a translation shares out (folded text):

    - coordinated modifiers sharing the head after them: "Residential, Industrial or
      Commercial District" holds "Residential District", "2 Major or 3 Minor calamities"
      "Minor calamity" — the term's first words, then conjuncts with a conjunction, then the
      rest of the term;
    - in a language whose head may come first (not ``HEAD_LAST``), the head shared by the
      modifiers after it, the term's last word the last conjunct: Polish "karty Planów lub
      Zdarzeń" holds "karta Zdarzenia";
    - in a ``HEAD_LAST`` language, ellipsis: the modifiers alone closing a noun phrase (before
      punctuation, a bracket, a conjunction or the end) after the head in the same sentence:
      "three Calamities …, of which up to 2 Major (…) or 3 Minor" holds "Major calamity".

    The term's own words are all required (a modifier dropped still warns) and each conjunct
    is one word, so a phrase between them does not pass for coordination."""
    conjunctions = CONJUNCTIONS.get(primary(lang))
    if len(tokens) < 2 or not conjunctions or not all(_WORD.fullmatch(t) for t in tokens):
        return []
    words = [_token_pattern(t, lang, lenient=True) for t in tokens]
    conj = rf"(?:{'|'.join(re.escape(c) for c in conjunctions)})"
    after = rf"(?:\s*,\s*{_CONJUNCT}){{0,4}}\s*,?\s+{conj}\s+{_CONJUNCT}\s+"
    before = rf"\s+{_CONJUNCT}(?:\s*,\s*{_CONJUNCT}){{0,4}}\s*,?\s+{conj}\s+"
    out = []
    for i in range(1, len(tokens)):
        gaps = [after] if primary(lang) in HEAD_LAST else [after, before]
        out += [r"\s+".join(words[:i]) + gap + r"\s+".join(words[i:]) for gap in gaps]
    if primary(lang) in HEAD_LAST:
        closed = rf"(?=\s*(?:[,;:.!?()]|$)|\s+{conj}(?!\w))"
        out.append(words[-1] + r"[^.!?;]*?" + r"\s+".join(words[:-1]) + closed)
    return out


def _capitalised_words(tokens: list[str]) -> bool:
    """Whether a form in capitals is words, not an abbreviation: each a plain word longer than
    ``MIN_STEM`` ("CITY COUNCIL VOTE", not "ZA" or "A.S.T."). In a translation such words
    inflect like any ("0 CITY COUNCIL VOTES")."""
    return all(_WORD.fullmatch(t) and len(t) > MIN_STEM for t in tokens)


@functools.lru_cache(maxsize=4096)
def matcher(form: str, lang: str, pattern: str = "", *, lenient: bool = False) -> Matcher:
    """The matcher of a glossary ``form`` in ``lang`` (``pattern``: the glossary's own regular
    expression for it, which replaces the derived one).

    Strict (finding a term in the original, highlighting it): whole words, bounded endings.
    ``lenient`` (is the term's form in a translation?): each word's stem followed by any
    letters, as the corpus's own check reads a translation (rules/corpus/FORMAT.md), since
    Polish inflection also changes the stem's last letters (*płytka* → *płytek*, *rynek* →
    *rynku*, *tor* → *toru*): a missed term there would be a false warning."""
    if pattern:
        try:
            return Matcher(None, re.compile(pattern, re.IGNORECASE))
        except re.error:
            pass  # a broken pattern in an edited glossary: fall back to the form's words
    folded, raw = [], []
    forms = alternatives(form)
    if lenient:
        # In a translation the qualifier is a form too: "A.S.T." for "Table (A.S.T.)".
        forms += [q for inner in re.findall(r"\(([^)]*)\)", form) for q in alternatives(inner)]
    for alt in forms:
        if primary(lang) in UNSPACED or _HAS_CJK.search(alt):
            folded.append(re.escape(fold(alt)))  # by the term's characters
            continue
        tokens = alt.split()
        if any(len(t) > 1 and t.isupper() for t in tokens) and not (lenient and _capitalised_words(tokens)):
            # An abbreviation in capitals: the whole form as written, capitals included.
            raw.append(
                r"(?<!\w)"
                + r"\s+".join(re.escape(t) for t in tokens)
                + (r"(?!\w)" if alt[-1].isalnum() else "")
            )
            continue
        # In a translation a compound may be hyphenated: "favor-point reward" for "favor point".
        joint = r"(?:\s+|-)" if lenient else r"\s+"
        folded.append(joint.join(_token_pattern(t, lang, lenient=lenient) for t in tokens))
        if lenient:
            folded += _shared(tokens, lang)
    return Matcher(
        re.compile("|".join(folded)) if folded else None,
        # (In a translation, capitals or not: "MOTION" is written "motion" in a sentence.)
        re.compile("|".join(raw), re.IGNORECASE if lenient else 0) if raw else None,
    )


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    key: str


def find(text: str, lang: str, terms) -> list[Match]:
    """Where the glossary ``terms`` ((key, form in ``lang``) or (key, form, the glossary's own
    pattern for ``lang``)) occur in ``text``, in text order, without overlaps (a longer term
    wins)."""
    folded = fold(text)
    candidates: list[Match] = []
    for key, form, *pattern in terms:
        for start, end in matcher(form, lang, pattern[0] if pattern else "").finditer(text, folded):
            if end > start:
                candidates.append(Match(start, end, key))
    chosen: list[Match] = []
    for m in sorted(candidates, key=lambda m: (-(m.end - m.start), m.start)):
        if all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    return sorted(chosen, key=lambda m: m.start)


def contains(text: str, lang: str, form: str, pattern: str = "") -> bool:
    """Whether a translation ``text`` holds the glossary ``form`` (any alternative, inflected;
    leniently, see ``matcher``), or what its ``pattern`` finds."""
    folded = fold(text)
    return any(True for _ in matcher(form, lang, pattern, lenient=True).finditer(text, folded))


def term_entries(terms, lang: str) -> list[tuple[str, str, str]]:
    """(key, form, pattern) of each term with a ``lang`` form; ``terms``: (key, forms) or (key,
    forms, patterns by language)."""
    out = []
    for key, forms, *rest in terms:
        if forms.get(lang):
            out.append((key, forms[lang], (rest[0] if rest else {}).get(lang, "")))
    return out


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
