"""Parameters bound to the words of a clause: read a figure or a choice from the text.

A binding is a short template of the clause's own words with one placeholder, e.g.
``"nie może przekroczyć {num}"`` for ``max_support`` of ``rm.support.limits``. Reading
a text finds the template's words (whitespace-folded, case as written) exactly once and
parses the placeholder:

- ``{int}``: digits (``10``);
- ``{num}``: digits, or a number word of the originals' languages — Polish (``dwa``,
  ``dwie``, ``trzech`` …), Greek (``δύο``, ``τρεις`` …) or Chinese numerals (``三``,
  ``十二``) — so "dwie" → "trzy" in a draft re-reads as 2 → 3;
- ``{choice:za=for|przeciw=against}``: one of the listed words, mapped to its value
  (digits map to integers);
- ``{faces}``: a set of die faces, as the rule lists them: ``5 lub 6`` → ``[5, 6]``,
  ``4, 5 lub 6`` → ``[4, 5, 6]``, ``6`` → ``[6]`` (a sorted list, for JSON).

A new clause version re-reads every binding of the version it revises from its own
text; a binding whose words are gone (or appear twice) is an error that names the
parameter, so the text and the code can never silently disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# The messages reach the designer's pages (in their language) and the API.
from django.utils.translation import gettext as _

_PLACEHOLDER = re.compile(r"\{(int|num|faces|choice:[^{}]+)\}")
# "or"/"and" between the last two faces, in the originals' languages and English.
_JOINERS = r"(?:lub|albo|i|oraz|ή|και|或|和|or|and)"
_FACES = rf"\d+(?:\s*,\s*\d+)*(?:,?\s*{_JOINERS}\s*\d+)?"

_PL = {
    1: "jeden jedna jedno jednego jednej jednym jedną",
    2: "dwa dwie dwóch dwu dwoma",
    3: "trzy trzech trzema",
    4: "cztery czterech czterema",
    5: "pięć pięciu",
    6: "sześć sześciu",
    7: "siedem siedmiu",
    8: "osiem ośmiu",
    9: "dziewięć dziewięciu",
    10: "dziesięć dziesięciu",
    11: "jedenaście",
    12: "dwanaście",
    15: "piętnaście",
    20: "dwadzieścia",
}
_EL = {
    1: "ένα ένας μία μια ενός μιας",
    2: "δύο Δύο",
    3: "τρία τρεις τριών",
    # "τέσσερεις" is a common misspelling of τέσσερις (Mega Civilization writes it so).
    4: "τέσσερα τέσσερις τέσσερεις τεσσάρων",
    5: "πέντε",
    6: "έξι",
    7: "επτά εφτά",
    8: "οκτώ οχτώ",
    9: "εννέα εννιά",
    10: "δέκα",
    11: "έντεκα",
    12: "δώδεκα",
}
NUMBER_WORDS: dict[str, int] = {
    word: n for table in (_PL, _EL) for n, words in table.items() for word in words.split()
}
_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH = "[零〇一二两三四五六七八九十百]+"
# Longest words first, so "dwanaście" is not read as "dwa".
_WORDS = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
_NUM = rf"\d+|{_ZH}|(?<!\w)(?:{_WORDS})(?!\w)"


def normalise(text: str) -> str:
    """Collapse every run of whitespace to one space (the corpus's only liberty): the form of
    a text bindings are read from."""
    return " ".join(text.split())


class BindingError(ValueError):
    """A parameter's words are not (or not once) in the text, or do not parse."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message


@dataclass(frozen=True)
class Reading:
    """What a binding read from one text: the value and the exact words stating it."""

    name: str
    template: str
    value: Any
    words: str
    phrase: str
    # Where ``words`` stand in the text read: not ``phrase.find(words)``, which finds the
    # first "一" of "每一个新手获得一个" instead of the bound one.
    start: int = 0
    end: int = 0


def zh_number(text: str) -> int:
    """Read a Chinese numeral up to the hundreds (``十二`` → 12, ``二十`` → 20)."""
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
    return total + current


def _number(words: str) -> int:
    if words.isdigit():
        return int(words)
    if words in NUMBER_WORDS:
        return NUMBER_WORDS[words]
    return zh_number(words)


def _choices(spec: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in spec.split("|"):
        word, _, value = item.partition("=")
        value = value.strip() or word.strip()
        out[word.strip()] = int(value) if value.lstrip("-").isdigit() else value
    return out


def _compile(name: str, template: str) -> tuple[re.Pattern[str], str]:
    found = _PLACEHOLDER.findall(template)
    if len(found) != 1:
        raise BindingError(
            name, _("the binding %(words)s must hold exactly one placeholder") % {"words": repr(template)}
        )
    kind = found[0]
    before, after = _PLACEHOLDER.split(template)[0], _PLACEHOLDER.split(template)[-1]
    if kind == "int":
        value = r"\d+"
    elif kind == "faces":
        value = _FACES
    elif kind == "num":
        value = _NUM
    else:
        value = "|".join(sorted((re.escape(w) for w in _choices(kind[7:])), key=len, reverse=True))
    literal = [r"\s+".join(re.escape(part) for part in side.split()) for side in (before, after)]
    # A space in the template between the words and the placeholder stands for any run
    # of whitespace; no space (Chinese, "10%") means none.
    gap_before = r"\s+" if before[-1:].isspace() else ""
    gap_after = r"\s+" if after[:1].isspace() else ""
    pattern = f"{literal[0]}{gap_before}(?P<value>{value}){gap_after}{literal[1]}"
    return re.compile(pattern), kind


def read(name: str, template: str, text: str) -> Reading:
    """Read parameter ``name`` from ``text`` through its binding ``template``."""
    pattern, kind = _compile(name, template)
    matches = list(pattern.finditer(text))
    if not matches:
        raise BindingError(
            name, _("the words %(words)s are no longer in the text") % {"words": repr(template)}
        )
    if len(matches) > 1:
        raise BindingError(
            name,
            _("the words %(words)s appear %(n)s times in the text")
            % {"words": repr(template), "n": len(matches)},
        )
    match = matches[0]
    words = match.group("value")
    if kind in ("int", "num"):
        value: Any = _number(words)
    elif kind == "faces":
        value = sorted({int(n) for n in re.findall(r"\d+", words)})
    else:
        value = _choices(kind[7:])[words]
    return Reading(
        name=name,
        template=template,
        value=value,
        words=words,
        phrase=match.group(0),
        start=match.start("value"),
        end=match.end("value"),
    )


def read_all(bindings: dict[str, str], text: str) -> tuple[dict[str, Reading], dict[str, str]]:
    """Read every binding; return the readings and the errors by parameter name."""
    readings, errors = {}, {}
    for name, template in bindings.items():
        try:
            readings[name] = read(name, template, text)
        except BindingError as exc:
            errors[name] = exc.message
    return readings, errors


def rebind(bindings: dict[str, str], changes: dict[str, str | None] | None) -> dict[str, str]:
    """``bindings`` with a designer's changes: name → a new template, or None to remove it."""
    out = dict(bindings)
    for name, template in (changes or {}).items():
        if template is None:
            out.pop(name, None)
        else:
            out[name] = template
    return out


def _value_pattern(kind: str) -> str:
    if kind == "int":
        return r"\d+"
    if kind == "num":
        return _NUM
    if kind == "faces":
        return _FACES
    return "|".join(sorted((re.escape(w) for w in _choices(kind[7:])), key=len, reverse=True))


def _words_of(template: str) -> set[str]:
    return {w.lower() for w in _PLACEHOLDER.sub(" ", template).split()}


def candidates(name: str, template: str, text: str, *, was: Any = None, limit: int = 3) -> list[str]:
    """New binding templates for parameter ``name`` whose words ``template`` are no longer in
    ``text``: each figure of the placeholder's kind that ``text`` states, with the fewest
    surrounding words that make it read exactly once: those sharing the most words with the
    old template first, then the figure equal to the old value (``was``)."""
    found = _PLACEHOLDER.findall(template)
    if len(found) != 1:
        return []
    kind = found[0]
    placeholder = "{" + kind + "}"
    old_words = _words_of(template)
    scored = []
    for match in re.finditer(_value_pattern(kind), text):
        start, end = match.span()
        # Neither part of a longer number nor inside a word.
        if (start and text[start - 1].isdigit()) or (end < len(text) and text[end].isdigit()):
            continue
        for before, after in ((1, 1), (2, 1), (2, 2), (3, 2), (4, 2)):
            left = _context_start(text, start, before)
            right = _context_end(text, end, after)
            # A sentence's full stop or a comma is not part of the words stating the figure.
            proposal = (text[left:start] + placeholder + text[end:right].rstrip(".,;:!?。，；")).strip()
            if proposal == placeholder:
                continue
            try:
                reading = read(name, proposal, text)
            except BindingError:
                continue
            if reading.start != start:
                continue
            same = reading.value == was
            shared = len(old_words & _words_of(proposal))
            scored.append((-shared, not same, start, proposal))
            break
    return [p for *_rank, p in sorted(scored)][:limit]


def _context_start(text: str, start: int, words: int) -> int:
    """Where the ``words`` words before ``start`` begin (characters, for text without spaces)."""
    i = start
    if i and not text[i - 1].isspace() and not re.search(r"\s", text[max(0, i - 6) : i]):
        return max(0, i - 2 * words)  # Chinese runs on: a character is a word
    for _n in range(words):
        while i and text[i - 1].isspace():
            i -= 1
        while i and not text[i - 1].isspace():
            i -= 1
    return i


def _context_end(text: str, end: int, words: int) -> int:
    i = end
    if i < len(text) and not text[i].isspace() and not re.search(r"\s", text[i : i + 6]):
        return min(len(text), i + 2 * words)
    for _n in range(words):
        while i < len(text) and text[i].isspace():
            i += 1
        while i < len(text) and not text[i].isspace():
            i += 1
    return i


class BindingsBroken(ValueError):
    """A revised text no longer states a parameter's figure: re-bind or remove it.
    ``candidates`` proposes, per parameter, new words where a figure now stands."""

    def __init__(self, errors: dict[str, str], *, text: str, candidates: dict[str, list[str]] | None = None):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors
        self.text = text
        self.candidates = candidates or {}


def rebound(
    previous: dict[str, str],
    text: str,
    changes: dict[str, str | None] | None = None,
    *,
    previous_text: str | None = None,
) -> dict[str, str]:
    """The bindings of a new version of a clause: the previous version's, with ``changes``
    (name → new template, or None to remove it), each read from ``text``; raises
    ``BindingsBroken`` naming every parameter whose words are gone (or doubled), with the
    new words proposed where a figure now stands (the old value, read from
    ``previous_text``, first)."""
    bindings = rebind(previous, changes)
    normal = normalise(text)
    _readings, errors = read_all(bindings, normal)
    if errors:
        before, _errors = read_all(previous, normalise(previous_text)) if previous_text else ({}, {})
        proposed = {
            name: candidates(name, bindings[name], normal, was=before[name].value if name in before else None)
            for name in errors
        }
        raise BindingsBroken(errors, text=text, candidates=proposed)
    return bindings


def rebound_or_lost(
    previous: dict[str, str],
    text: str,
    changes: dict[str, str | None] | None = None,
    *,
    previous_text: str | None = None,
) -> tuple[dict[str, str], dict[str, Reading]]:
    """The bindings of a new version whose words may no longer state a figure (CONTRACT.md §5:
    the designer is the authority on the text): each such binding re-bound where its number
    still stands (the proposed words reading the old value), else left out and returned, by
    name, with what the previous text stated (the last stated figure). A template the designer
    gave in ``changes`` that does not read is still ``BindingsBroken``: that is a mistake in
    the binding, not a change of the text."""
    bindings = rebind(previous, changes)
    normal = normalise(text)
    _readings, errors = read_all(bindings, normal)
    if not errors:
        return bindings, {}
    before, _errors = read_all(previous, normalise(previous_text)) if previous_text else ({}, {})
    given = {name for name in errors if (changes or {}).get(name) is not None}
    if given:
        raise BindingsBroken(
            {name: errors[name] for name in given},
            text=text,
            candidates={name: candidates(name, bindings[name], normal) for name in given},
        )
    lost: dict[str, Reading] = {}
    for name in errors:
        was = before.get(name)
        # Where the figure now stands is the proposal sharing most words with the old binding;
        # re-bound there only if it still reads the same number (a "μία" elsewhere is not it).
        proposed = candidates(name, bindings[name], normal, was=was.value if was else None)[:1]
        if was is not None and proposed and read(name, proposed[0], normal).value == was.value:
            bindings[name] = proposed[0]
        else:
            del bindings[name]
            if was is not None:
                lost[name] = was
    return bindings, lost
