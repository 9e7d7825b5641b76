"""Alignment of a whole translated document (plain text or Markdown, e.g. a community
translation of a rulebook) to a game's clauses.

1. **Segmentation.** The clauses are cut into sentences in the original's language and the
   document into sentences in its own (pysbd, which knows Polish, Greek, Chinese, English
   and 19 more; a language it does not know is cut as English). A line break ends a
   sentence unless the line is a hard-wrapped continuation (a full line that does not end a
   sentence, followed by one in lower case); Markdown headings, bullets, emphasis and links
   are stripped first.
2. **Alignment.** A dynamic programme over the two sentence sequences (Gale & Church 1993)
   with beads 1–1, 1–2, 2–1, 1–0 and 0–1. A bead costs its prior, how far its lengths are
   from the document's own length ratio (measured on the text, so Chinese → English works
   as well as Polish → English; re-measured on the one-to-one beads of a first pass), and
   its **anchors**: numbers shared or not, glossary terms whose target form is (or is not)
   there, and the sentence-final punctuation (a question, a colon, a full stop; Chinese and
   Greek marks read as theirs). A document far shorter than a whole translation would be (a
   translation of one part of the rules) is measured by the languages' usual length ratio
   instead, skipping clauses is made as likely as the part missing, and a run of skipped
   clauses costs once to open, so the part aligns as one stretch.
3. **Projection.** Each clause gets the text aligned to its sentences. Where two clauses'
   sentences met one sentence of the document (a heading run into the first sentence after
   it, an item without a full stop), the sentence is cut between them at the likeliest
   word boundary (a capital after an unpunctuated word, a colon), by their lengths.
   Each clause's **confidence** (0–1) is the length fit of its beads, raised by shared
   anchors, lowered by conflicting numbers and by merges.

``align`` is pure (no database); ``align_game`` reads a game's current edition.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field

import pysbd
from pysbd.languages import LANGUAGE_CODES

from rules.diff import _CJK

from . import glossary

# The longest document aligned (characters): the longest rules document is some 16 000, and
# aligning this much costs under a second of CPU whatever it holds (splitting and the programme
# are linear in it: tests/translators/test_align_linear.py).
MAX_TEXT = 120_000

# Gale & Church's priors of the bead types.
PRIOR = {(1, 1): 0.89, (1, 0): 0.0099, (0, 1): 0.0099, (2, 1): 0.089, (1, 2): 0.089}
BEADS = list(PRIOR)
VARIANCE = 6.8
NUMBER_WEIGHT = 2.0
TERM_WEIGHT = 1.0
PUNCT_WEIGHT = 0.6
SKIP_COST = 0.5
# A bead that cuts one sentence of the document between two clauses costs this much per unit
# of the cut's penalty (``_cut_penalty``): a cut needs a likely boundary near its place.
CUT_WEIGHT = 4.0
GAP_OPEN = 2.0

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_TERMINAL = {"。": ".", "．": ".", "？": "?", "！": "!", "：": ":", "；": ";", "\u037e": "?", "…": "."}
_CLOSERS = "\"'”’»)]）」』"
_MD = [
    (re.compile(r"^\s{0,3}#{1,6}\s+"), ""),  # headings
    (re.compile(r"^\s*[-*+]\s+(?=\S)"), ""),  # bullets (a number stays: it is often the text's own)
    (re.compile(r"^\s*>\s?"), ""),  # block quotes
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images
    (re.compile(r"(\*\*|__)(.+?)\1"), r"\2"),  # strong
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),  # emphasis
    (re.compile(r"`([^`]*)`"), r"\1"),  # code
]


def _plain(line: str) -> str:
    for pattern, replacement in _MD:
        line = pattern.sub(replacement, line)
    return line


@functools.lru_cache(maxsize=32)
def _segmenter(lang: str) -> pysbd.Segmenter:
    code = glossary.primary(lang)
    return pysbd.Segmenter(language=code if code in LANGUAGE_CODES else "en", clean=False)


def sentences(text: str, lang: str) -> list[str]:
    """``text`` cut into sentences (pysbd), each stripped, none empty."""
    return [text[a:b].strip() for a, b in _spans(text, lang)]


# A "sentence" this short (an abbreviation's letter, a stray mark) belongs to the one before.
TINY = 3


# A mark that may end a sentence: a text with none before its end is one sentence, and pysbd
# (some milliseconds a call) is not asked.
_MAY_END = re.compile(r"[.!?…。！？．;；:：\n]")


# pysbd is superlinear on some texts: ``Segmenter.segment`` looks for each sentence again from
# the start of the text (so "w. " repeated to 30 000 characters cost 10 s), and its list and
# abbreviation rules substitute over a whole line once per match ("a) b) " repeated: 40 µs a
# character at 100 characters, growing with the length). So pysbd's processor is called
# directly, on windows of at most SBD_WINDOW characters cut where a sentence likely ends, and a
# window holding more than SBD_MAX_MARKS short tokens ending in "." or ")" (list items and
# abbreviations, pysbd's slow cases; a rules paragraph has at most 3) is cut by
# ``_plain_sentences`` instead: splitting costs time linear in the text, some microseconds a
# character at worst.
SBD_WINDOW = 2_000
SBD_MAX_MARKS = 12
_MARK = re.compile(r"(?<!\S)\(?[^\s.()]{1,3}[.)]")
_CLOSING = re.escape(_CLOSERS)
_LIKELY_END = re.compile(rf"[.!?…。！？．]+[{_CLOSING}]*\s+")
_PLAIN_END = re.compile(rf"[.!?…]+[{_CLOSING}]*(?=\s|$)|[。！？；]+[{_CLOSING}]*")
# Only short texts are cached (the clauses' own sentences): a pasted document is not kept.
CACHED_TEXT = 2_000


def _windows(text: str) -> list[tuple[int, int]]:
    """``text`` cut into stretches of at most SBD_WINDOW characters, each ending where a
    sentence likely ends (else at a space) in its second half."""
    out: list[tuple[int, int]] = []
    start = 0
    while len(text) - start > SBD_WINDOW:
        limit = start + SBD_WINDOW
        cut = None
        for m in _LIKELY_END.finditer(text, start + SBD_WINDOW // 2, limit):
            cut = m.end()
        if cut is None:
            space = text.rfind(" ", start + SBD_WINDOW // 2, limit)
            cut = space + 1 if space > start else limit
        out.append((start, cut))
        start = cut
    out.append((start, len(text)))
    return out


def _plain_sentences(text: str) -> list[str]:
    """``text`` cut after each run of sentence-final marks (followed by a space, or Chinese
    ones): the linear cut for the windows pysbd would be slow on."""
    out, at = [], 0
    for m in _PLAIN_END.finditer(text):
        out.append(text[at : m.end()])
        at = m.end()
    out.append(text[at:])
    return [piece for piece in out if piece.strip()]


def _pieces(text: str, lang: str):
    """(start, end) of each sentence pysbd (or, in its slow cases, ``_plain_sentences``) finds
    in ``text``, stripped, in order."""
    segmenter = _segmenter(lang)
    for w0, w1 in _windows(text):
        window = text[w0:w1]
        if not window.strip():
            continue
        slow = len(_MARK.findall(window)) > SBD_MAX_MARKS
        found = _plain_sentences(window) if slow else segmenter.processor(window).process()
        at = 0
        for sentence in found:
            piece = sentence.strip()
            if not piece:
                continue
            # Near where the last one ended: pysbd keeps the text's order, and a search bounded
            # so keeps the whole linear (a piece pysbd rewrote is not found, as in segment()).
            start = window.find(piece, at, at + len(piece) + 64)
            if start < 0:
                continue
            at = start + len(piece)
            yield w0 + start, w0 + at


def _spans(text: str, lang: str) -> tuple[tuple[int, int], ...]:
    """Where ``text``'s sentences start and end (pysbd), tiny ones joined to the one before
    (cached for short texts: the clauses' own sentences are the same on every alignment)."""
    return _cached_spans(text, lang) if len(text) <= CACHED_TEXT else _find_spans(text, lang)


@functools.lru_cache(maxsize=4096)
def _cached_spans(text: str, lang: str) -> tuple[tuple[int, int], ...]:
    return _find_spans(text, lang)


def _find_spans(text: str, lang: str) -> tuple[tuple[int, int], ...]:
    stripped = text.strip()
    if not stripped:
        return ()
    if not _MAY_END.search(stripped[:-1]):
        start = text.find(stripped)
        return ((start, start + len(stripped)),)
    out: list[tuple[int, int, bool]] = []
    for start, end in _pieces(text, lang):
        piece = text[start:end]
        if out and out[-1][2] and len(re.sub(r"\s", "", text[out[-1][0] : out[-1][1]])) <= TINY:
            out[-1] = (out[-1][0], end, False)  # "2." numbered the sentence after it
        elif out and (
            len(re.sub(r"\s", "", piece)) <= TINY and not _ENUMERATOR.match(piece) or piece[0].islower()
        ):
            # A tiny piece, or one going on in lower case ("3 pkt. i 2 zł."), continues the last.
            out[-1] = (out[-1][0], end, False)
        else:
            out.append((start, end, bool(_ENUMERATOR.match(piece))))
    return tuple((a, b) for a, b, _numbering in out)


_ENUMERATOR = re.compile(r"^\(?(?:\d{1,3}|[A-Za-z])[.)]$")


def _ends_sentence(line: str) -> bool:
    stripped = line.rstrip().rstrip(_CLOSERS)
    return bool(stripped) and (stripped[-1] in ".!?:;…" or stripped[-1] in _TERMINAL)


def blocks(text: str) -> list[str]:
    """The document's blocks: paragraphs and lines, Markdown stripped, hard wraps re-joined.

    A line is a hard-wrapped part of a paragraph when it is full (the next line's first word
    would not have fitted in the document's usual line width), does not end a sentence, and
    the next line goes on in lower case; any other line break ends a block (an item, a table
    row or a heading is a line of its own)."""
    lines = [(raw, _plain(raw).strip()) for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    lengths = sorted(len(raw.rstrip()) for raw, line in lines if line)
    width = lengths[int(0.95 * (len(lengths) - 1))] if lengths else 0
    out: list[str] = []
    current: list[str] = []
    last_raw = ""
    for raw, line in lines:
        if not line:
            if current:
                out.append(" ".join(current))
                current = []
            continue
        structural = _MD[0][0].match(raw) or _MD[1][0].match(raw)
        # Hard wraps are at most some 120 columns; a document of one line per paragraph is not wrapped.
        full = width <= 120 and len(last_raw.rstrip()) + 1 + len(line.split()[0]) > width
        if current and full and not structural and not _ends_sentence(current[-1]) and line[0].islower():
            current.append(line)  # a hard-wrapped line goes on
        else:
            if current:
                out.append(" ".join(current))
            current = [line]
        last_raw = raw
    if current:
        out.append(" ".join(current))
    return out


@dataclass(frozen=True)
class Span:
    """A sentence of the document: where it is in which block."""

    block: int
    start: int
    end: int


def document_spans(text: str, lang: str) -> tuple[list[str], list[Span]]:
    """The document's blocks and its sentences in them."""
    found = blocks(text)
    return found, [Span(n, a, b) for n, block in enumerate(found) for a, b in _spans(block, lang)]


def _join(found: list[str], spans: list[Span]) -> str:
    """The document's own text of these sentences: contiguous ones as written, others joined
    by a space."""
    parts: list[str] = []
    last: Span | None = None
    for span in spans:
        if last is not None and last.block == span.block and span.start >= last.end:
            parts[-1] = parts[-1] + found[span.block][last.end : span.end]
        else:
            parts.append(found[span.block][span.start : span.end])
        last = span
    return " ".join(p.strip() for p in parts if p.strip())


# ---------------------------------------------------------------- features and costs


@dataclass(frozen=True)
class Feature:
    length: int
    numbers: frozenset[str]
    terms: frozenset[str]
    end: str  # the sentence-final mark, as its English equivalent; "" when none


def _length(text: str) -> int:
    return len(re.sub(r"\s+", "", text))


def _end(text: str, lang: str) -> str:
    stripped = text.rstrip().rstrip(_CLOSERS)
    if not stripped:
        return ""
    mark = _TERMINAL.get(stripped[-1], stripped[-1])
    if mark == ";" and glossary.primary(lang) == "el":
        mark = "?"  # the Greek question mark is a semicolon
    return mark if mark in ".!?:;" else ""


def feature(text: str, lang: str, terms: list[tuple[str, str, str]]) -> Feature:
    return Feature(
        length=_length(text),
        numbers=frozenset(n.replace(",", ".") for n in _NUMBER.findall(text)),
        terms=frozenset(m.key for m in glossary.find(text, lang, terms)) if terms else frozenset(),
        end=_end(text, lang),
    )


def _merge(features: list[Feature]) -> Feature:
    return Feature(
        length=sum(f.length for f in features),
        numbers=frozenset().union(*(f.numbers for f in features)),
        terms=frozenset().union(*(f.terms for f in features)),
        end=features[-1].end,
    )


def _tail(p: float) -> float:
    """Two-sided tail of the standard normal beyond |δ|."""
    return math.erfc(p / math.sqrt(2))


@dataclass(frozen=True)
class Scored:
    cost: float
    confidence: float


def score(
    s: Feature | None, t: Feature | None, bead: tuple[int, int], ratio: float, prior: dict | None = None
) -> Scored:
    """The cost of aligning source sentences (merged into ``s``) with target sentences (``t``)
    as one bead of shape ``bead``, and the confidence it gives."""
    cost = -math.log((prior or PRIOR)[bead])
    if s is None or t is None:
        return Scored(cost + SKIP_COST, 0.0)
    mean = max(1.0, (s.length * ratio + t.length) / 2)
    delta = (t.length - s.length * ratio) / math.sqrt(mean * VARIANCE)
    fit = max(_tail(abs(delta)), 1e-12)
    cost -= math.log(fit)
    confidence = fit
    shared = len(s.numbers & t.numbers)
    differing = len(s.numbers ^ t.numbers)
    cost += NUMBER_WEIGHT * (differing - shared)
    confidence += 0.15 * shared - 0.25 * differing
    terms_shared = len(s.terms & t.terms)
    cost += TERM_WEIGHT * (len(s.terms ^ t.terms) - terms_shared) * 0.5
    confidence += 0.05 * terms_shared
    if s.end and t.end:
        same = s.end == t.end
        cost += -PUNCT_WEIGHT if same else PUNCT_WEIGHT
        confidence += 0.05 if same else -0.1
    if bead != (1, 1):
        confidence *= 0.85
    return Scored(cost, max(0.0, min(1.0, confidence)))


# ---------------------------------------------------------------- the alignment


@dataclass
class AlignedClause:
    """The text the alignment proposes for one clause (empty: none), and how sure it is."""

    clause: str
    text: str
    confidence: float

    def to_json(self) -> dict:
        return {"clause": self.clause, "text": self.text, "confidence": round(self.confidence, 3)}


@dataclass
class Alignment:
    pairs: list[AlignedClause]
    unplaced: list[str] = field(default_factory=list)  # document sentences no clause took


def align(
    clauses: list[tuple[str, str]],
    source_lang: str,
    text: str,
    target_lang: str,
    terms: list[tuple] = (),
) -> Alignment:
    """Align the document ``text`` (in ``target_lang``) to ``clauses`` ((key, original text) in
    document order, in ``source_lang``): every clause, in order, with its proposed text."""
    # Terms with a form on both sides: (key, forms) or (key, forms, the glossary's own patterns).
    both = [t for t in terms if t[1].get(source_lang) and t[1].get(target_lang)]
    src_terms = glossary.term_entries(both, source_lang)
    tgt_terms = glossary.term_entries(both, target_lang)
    pieces = [
        (i, s)
        for i, (_key, original) in enumerate(clauses)
        for s in sentences(" ".join(original.split()), source_lang)
    ]
    found, targets = document_spans(text, target_lang)
    # A sentence's features once per distinct sentence: documents repeat lines (and a hostile
    # one repeats one line thousands of times).
    seen: dict[tuple[str, str], Feature] = {}

    def features(text: str, lang: str, terms_: list) -> Feature:
        if (text, lang) not in seen:
            seen[(text, lang)] = feature(text, lang, terms_)
        return seen[(text, lang)]

    src = [features(s, source_lang, src_terms) for _i, s in pieces]
    tgt = [features(found[t.block][t.start : t.end], target_lang, tgt_terms) for t in targets]
    ratio, prior = _ratio(src, tgt, source_lang, target_lang)
    cross = [pieces[i][0] != pieces[i + 1][0] for i in range(len(pieces) - 1)]
    cues = [_cue_positions(found[t.block][t.start : t.end]) for t in targets]
    beads = _path(src, tgt, ratio, cross, cues, prior)
    # Re-estimate the length ratio on the one-to-one beads found (a document with sentences
    # missing is shorter than its clauses' translation would be), and align again.
    ones = [(i0, j0) for (i0, i1, j0, j1), _s in beads if (i1 - i0, j1 - j0) == (1, 1)]
    if len(ones) >= 5:
        measured = sum(tgt[j].length for _i, j in ones) / max(1, sum(src[i].length for i, _j in ones))
        # A ratio within 1% of the first would find the same path: not worth a second pass.
        if abs(measured - ratio) > 0.01 * ratio:
            ratio = measured
            beads = _path(src, tgt, ratio, cross, cues, prior)
    spans: list[list[Span]] = [[] for _ in clauses]
    confidences: list[list[float]] = [[] for _ in clauses]
    unplaced: list[str] = []
    for (i0, i1, j0, j1), scored in beads:
        owners = [pieces[i][0] for i in range(i0, i1)]
        segs = targets[j0:j1]
        if not owners:
            unplaced.extend(_join(found, [t]) for t in segs)
            continue
        if len(set(owners)) == 2 and len(segs) == 1:
            seg = segs[0]
            share = src[i0].length / max(1, src[i0].length + src[i0 + 1].length)
            at = seg.start + _cut(found[seg.block][seg.start : seg.end], share)
            spans[owners[0]].append(Span(seg.block, seg.start, at))
            spans[owners[1]].append(Span(seg.block, at, seg.end))
        else:
            spans[owners[0]].extend(segs)
        for owner in set(owners):
            confidences[owner].append(scored.confidence)
    texts = [_join(found, s) for s in spans]
    own = [
        sum(confidences[n]) / len(confidences[n]) if confidences[n] and texts[n] else 0.0
        for n in range(len(clauses))
    ]
    pairs = [
        AlignedClause(key, texts[n], _in_company(own, texts, n)) for n, (key, _original) in enumerate(clauses)
    ]
    return Alignment(pairs, unplaced)


LONELY = 0.5  # below it, a neighbour is unsure (the review ticks a pair from 0.5)
SURE = 0.7  # from it, a pair is shown as sure (the review's green badge)


def _in_company(own: list[float], texts: list[str], n: int) -> float:
    """Clause n's confidence; between two unsure neighbours, no higher than the mean of the
    three: a sentence left out of the document shifts the pairs after it by one, and a shifted
    pair can fit its wrong sentence well on its own while the pairs around it do not (issue 39:
    every wrong pair of an independent translation flagged by its confidence). A neighbour with
    no text (a clause the document skips) is no evidence either way."""
    if not texts[n]:
        return 0.0
    neighbours = [own[k] for k in (n - 1, n + 1) if 0 <= k < len(own) and texts[k]]
    # Only a sure pair among unsure ones on both sides is pulled down: one unsure neighbour (a
    # short heading, say) says nothing of the pair beside it, and an unsure pair is flagged already.
    if own[n] < SURE or len(neighbours) < 2 or max(neighbours) >= LONELY:
        return own[n]
    return min(own[n], (own[n] + sum(neighbours)) / 3)


# Characters (spaces not counted) a text takes in a language, relative to English: measured
# on this corpus for Polish, Greek and Chinese (its English translations), rough elsewhere.
CHARS_PER_ENGLISH = {
    "en": 1.0,
    "pl": 1.07,
    "el": 1.11,
    "zh": 0.37,
    "ja": 0.4,
    "ko": 0.5,
    "de": 1.1,
    "fr": 1.1,
}


def _ratio(src: list[Feature], tgt: list[Feature], source_lang: str, target_lang: str) -> tuple[float, dict]:
    """The target length one source character is expected to take, and the bead priors.

    The document's own ratio (its length over the clauses') is used unless it is far from
    what the two languages usually give: then the document translates only part of the rules
    (or adds much), the usual ratio is used, and skipping a clause (or a sentence of the
    document) is made as likely as the missing (or extra) share says — else every skip would
    cost so much that merging unrelated sentences would look cheaper."""
    usual = CHARS_PER_ENGLISH.get(glossary.primary(target_lang), 1.0) / CHARS_PER_ENGLISH.get(
        glossary.primary(source_lang), 1.0
    )
    measured = (sum(f.length for f in tgt) or 1) / (sum(f.length for f in src) or 1)
    coverage = measured / usual
    if 2 / 3 <= coverage <= 3 / 2:
        return measured, PRIOR
    prior = dict(PRIOR)
    if coverage < 1:
        prior[(1, 0)] = max(PRIOR[(1, 0)], 1 - coverage)
    else:
        prior[(0, 1)] = max(PRIOR[(0, 1)], 1 - 1 / coverage)
    return usual, prior


def _merged(features: list[Feature]) -> tuple[list[Feature], list[Feature | None]]:
    """Each feature, and each with the next merged (None past the end)."""
    return features, [
        _merge(features[k : k + 2]) if k + 1 < len(features) else None for k in range(len(features))
    ]


# The dynamic programme visits at most this many cells (source × target sentences near the
# diagonal): the band narrows for long documents, so aligning is bounded whatever is pasted (a
# whole rulebook's clauses against a document of any length takes well under a second here).
MAX_CELLS = 16_000
_SQRT2 = math.sqrt(2)


def _cost(s: Feature | None, t: Feature | None, bead_cost: float, ratio: float) -> float:
    """``score(s, t, bead, ratio, prior).cost``, without the confidence (the programme's hot
    loop: the confidence is computed only for the beads of the path found)."""
    if s is None or t is None:
        return bead_cost + SKIP_COST
    expected = s.length * ratio
    mean = (expected + t.length) / 2
    if mean < 1.0:
        mean = 1.0
    fit = math.erfc(abs(t.length - expected) / math.sqrt(mean * VARIANCE) / _SQRT2)
    cost = bead_cost - math.log(fit if fit > 1e-12 else 1e-12)
    if s.numbers or t.numbers:
        cost += NUMBER_WEIGHT * (len(s.numbers ^ t.numbers) - len(s.numbers & t.numbers))
    if s.terms or t.terms:
        cost += TERM_WEIGHT * (len(s.terms ^ t.terms) - len(s.terms & t.terms)) * 0.5
    if s.end and t.end:
        cost += -PUNCT_WEIGHT if s.end == t.end else PUNCT_WEIGHT
    return cost


def _path(
    src: list[Feature],
    tgt: list[Feature],
    ratio: float,
    cross: list[bool],
    cues: list[list[tuple[float, float]]],
    prior: dict = PRIOR,
) -> list[tuple[tuple[int, int, int, int], Scored]]:
    """The cheapest sequence of beads from (0, 0) to (len(src), len(tgt)). ``cross[i]``: source
    sentences i and i+1 belong to different clauses; ``cues[j]``: where target sentence j may
    be cut (position as a share of its length, penalty)."""
    n, m = len(src), len(tgt)
    if not n or not m:
        skips = [((i, i + 1, 0, 0), Scored(0.0, 0.0)) for i in range(n)]
        return skips + [((n, n, j, j + 1), Scored(0.0, 0.0)) for j in range(m)]
    s1, s2 = _merged(src)
    t1, t2 = _merged(tgt)
    grid = _Grid(n, m)
    _fill(grid, src, (s1, s2), (t1, t2), ratio, cross, cues, prior)
    path = []
    i, j = n, m
    k = m - grid.lo[n]
    state = 0 if grid.cost0[n][k] <= grid.cost1[n][k] else 1
    while (i, j) != (0, 0):
        pi, pj, pstate, (di, dj) = (grid.back0 if state == 0 else grid.back1)[i][j - grid.lo[i]]
        s = None if di == 0 else (s1[pi] if di == 1 else s2[pi])
        t = None if dj == 0 else (t1[pj] if dj == 1 else t2[pj])
        path.append(((pi, i, pj, j), score(s, t, (di, dj), ratio, prior)))
        i, j, state = pi, pj, pstate
    return path[::-1]


class _Grid:
    """The dynamic programme's cells: only those near the diagonal are worth visiting. The band
    widens with the length gap, up to MAX_CELLS cells in all (then the path keeps nearer the
    document's own proportions). Row i holds the cells lo[i]..hi[i] only, in two layers: arrived
    by a match (0) or by skipping a source sentence (1), each with its cost and back pointer."""

    def __init__(self, n: int, m: int):
        band = max(20, abs(n - m) + max(n, m) // 8)
        # Never narrower than the document's sentences per source sentence, so the end is
        # reachable (a document of many short lines: the cells then grow with its length, linearly).
        band = max(10, min(band, MAX_CELLS // (2 * (n + 1))), math.ceil(m / n) + 2)
        inf = float("inf")
        self.lo = [max(0, int(i * m / n) - band) for i in range(n + 1)]
        self.hi = [min(m, int(i * m / n) + band) for i in range(n + 1)]
        widths = [self.hi[i] - self.lo[i] + 1 for i in range(n + 1)]
        self.cost0 = [[inf] * w for w in widths]
        self.cost1 = [[inf] * w for w in widths]
        self.back0: list[list] = [[None] * w for w in widths]
        self.back1: list[list] = [[None] * w for w in widths]
        self.cost0[0][0] = 0.0


def _fill(
    grid: _Grid,
    src: list[Feature],
    source: tuple[list[Feature], list[Feature | None]],
    target: tuple[list[Feature], list[Feature | None]],
    ratio: float,
    cross: list[bool],
    cues: list[list[tuple[float, float]]],
    prior: dict,
) -> None:
    """Every cell's cheapest cost and how it was reached (``source`` and ``target``: each
    sentence, and each with the next merged). A bead landing outside its row's band is dropped
    (it could never be extended)."""
    (s1, s2), (t1, t2) = source, target
    n, m = len(s1), len(t1)
    lo, hi, cost0, cost1, back0, back1 = grid.lo, grid.hi, grid.cost0, grid.cost1, grid.back0, grid.back1
    # Opening a run of skipped sentences costs GAP_OPEN once, so a partial translation aligns
    # as one stretch rather than scattered over the clauses. Only for a partial document: in a
    # whole one a missing sentence is an isolated skip.
    gap_open = GAP_OPEN if prior[(1, 0)] > PRIOR[(1, 0)] else 0.0
    bead_costs = {bead: -math.log(prior[bead]) for bead in BEADS}
    c11, c10, c01, c21, c12 = (bead_costs[b] for b in ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2)))
    inf = float("inf")
    for i in range(n + 1):
        row_lo, row0, row1 = lo[i], cost0[i], cost1[i]
        nxt_lo, nxt_hi = (lo[i + 1], hi[i + 1]) if i < n else (0, -1)
        far_lo, far_hi = (lo[i + 2], hi[i + 2]) if i + 1 < n else (0, -1)
        skip = _cost(s1[i], None, c10, ratio) if i < n else 0.0
        for j in range(row_lo, hi[i] + 1):
            k = j - row_lo
            here0, here1 = row0[k], row1[k]
            if here0 <= here1:
                best, best_state = here0, 0
            else:
                best, best_state = here1, 1
            if best == inf:
                continue
            # Every bead but the source skip lands in the match layer: only the cheaper of the
            # two layers can lead to its best, so it is the one extended.
            if j < m and j + 1 <= hi[i]:
                total = best + _cost(None, t1[j], c01, ratio)
                if total < row0[k + 1]:
                    row0[k + 1] = total
                    back0[i][k + 1] = (i, j, best_state, (0, 1))
            if i == n:
                continue
            # A source skip: opening a run costs GAP_OPEN, going on with one does not.
            if nxt_lo <= j <= nxt_hi:
                kk = j - nxt_lo
                for total, state in ((here0 + skip + gap_open, 0), (here1 + skip, 1)):
                    if total < cost1[i + 1][kk]:
                        cost1[i + 1][kk] = total
                        back1[i + 1][kk] = (i, j, state, (1, 0))
            if j == m:
                continue
            if nxt_lo <= j + 1 <= nxt_hi:
                kk = j + 1 - nxt_lo
                total = best + _cost(s1[i], t1[j], c11, ratio)
                if total < cost0[i + 1][kk]:
                    cost0[i + 1][kk] = total
                    back0[i + 1][kk] = (i, j, best_state, (1, 1))
            if j + 1 < m and nxt_lo <= j + 2 <= nxt_hi:
                kk = j + 2 - nxt_lo
                total = best + _cost(s1[i], t2[j], c12, ratio)
                if total < cost0[i + 1][kk]:
                    cost0[i + 1][kk] = total
                    back0[i + 1][kk] = (i, j, best_state, (1, 2))
            if i + 1 < n and far_lo <= j + 1 <= far_hi:
                kk = j + 1 - far_lo
                extra = 0.0
                if cross[i]:
                    share = src[i].length / max(1, src[i].length + src[i + 1].length)
                    extra = CUT_WEIGHT * min((p + abs(at - share) for at, p in cues[j]), default=1.0)
                total = best + _cost(s2[i], t1[j], c21, ratio) + extra
                if total < cost0[i + 2][kk]:
                    cost0[i + 2][kk] = total
                    back0[i + 2][kk] = (i, j, best_state, (2, 1))


_LETTER_OR_DIGIT = rf"A-ZÀ-ÖØ-ÞĄĆĘŁŃÓŚŹŻΑ-ΩΆ-Ώ\d{_CJK}"
# Where one clause likely ends inside a sentence of the document, best first: a full stop the
# segmenter took for an abbreviation ("side A. On side A"), a colon or semicolon, a heading run
# into the text (an unpunctuated word before a capital).
_CUES = [
    (re.compile(rf"(?<=[.!?…。！？])\s+(?=[{_LETTER_OR_DIGIT}])"), 0.0),
    # A colon or a semicolon, Greek's (the ano teleia, "·", U+0387 or its twin U+00B7) too.
    (re.compile(r"(?<=[:;：；·\u0387])\s*"), 0.05),
    # After a comma: where a sentence holding two clauses often joins them ("…, and …").
    (re.compile(rf"(?<=[,，、])\s+(?=[{_LETTER_OR_DIGIT}a-zà-ÿą-żα-ω])"), 0.1),
    (re.compile(rf"(?<=[^\s.!?:;…])\s+(?=[{_LETTER_OR_DIGIT}])"), 0.15),
    (re.compile(r"\s+"), 1.0),
]


def _cue_positions(text: str) -> list[tuple[float, float]]:
    """Where ``text`` may be cut between two clauses: (position as a share of its length, the
    boundary's penalty), the likeliest kind of boundary (``_CUES``) at each place."""
    best: dict[int, float] = {}
    for pattern, penalty in _CUES:
        for m in pattern.finditer(text):
            if 0 < m.start() < len(text):
                best[m.start()] = min(best.get(m.start(), penalty), penalty)
    return [(at / len(text), penalty) for at, penalty in sorted(best.items())]


def _cut(text: str, share: float) -> int:
    """Where to cut one sentence of the document between two clauses: the likeliest boundary
    nearest to ``share`` of its length."""
    candidates = [(p + abs(at - share), at) for at, p in _cue_positions(text)]
    return round(min(candidates)[1] * len(text)) if candidates else round(share * len(text))


def align_game(game, lang: str, text: str) -> list[AlignedClause]:
    """Align ``text`` to ``game``'s current edition (its translatable clauses, in order)."""
    from . import selectors

    units = selectors.units(game, lang)
    terms = [(t.key, t.forms, t.matches) for t in selectors.terms(game)]
    return align([(u.key, u.version.text) for u in units], game.language, text, lang, terms).pairs


# ---------------------------------------------------------------- the review page's moves


def _join_texts(a: str, b: str) -> str:
    return " ".join(p for p in (a.strip(), b.strip()) if p)


def merge(texts: list[str], i: int) -> list[str]:
    """Clause i takes the text of clause i+1; the texts after it move up one clause."""
    if i + 1 >= len(texts):
        return texts
    return [*texts[:i], _join_texts(texts[i], texts[i + 1]), *texts[i + 2 :], ""]


def split(texts: list[str], i: int, lang: str, share: float = 0.5) -> list[str]:
    """Clause i keeps the first half of its sentences; the rest becomes clause i+1's text and
    the texts after it move down one clause (the last clause takes what falls off the end).
    One sentence holding two clauses' texts is cut where the alignment cuts one (``_cut``):
    at the likeliest boundary nearest ``share`` of it (the first clause's share of the two
    originals' length)."""
    parts = sentences(texts[i], lang)
    if len(parts) < 2:
        one = texts[i].strip()
        if not _cue_positions(one):  # one word: nothing to cut
            return texts
        at = _cut(one, share)
        if not one[:at].strip() or not one[at:].strip():
            return texts
        parts, half = [one[:at].strip(), one[at:].strip()], 1
    else:
        half = len(parts) // 2
    moved = [*texts[:i], " ".join(parts[:half]), " ".join(parts[half:]), *texts[i + 1 :]]
    return [*moved[: len(texts) - 1], _join_texts(moved[len(texts) - 1], moved[len(texts)])]


def shift_up(texts: list[str], i: int, lang: str) -> list[str]:
    """The first sentence of clause i goes to the end of clause i-1."""
    parts = sentences(texts[i], lang)
    if i == 0 or not parts:
        return texts
    out = list(texts)
    out[i - 1] = _join_texts(out[i - 1], parts[0])
    out[i] = " ".join(parts[1:])
    return out


def shift_down(texts: list[str], i: int, lang: str) -> list[str]:
    """The last sentence of clause i goes to the start of clause i+1."""
    parts = sentences(texts[i], lang)
    if i + 1 >= len(texts) or not parts:
        return texts
    out = list(texts)
    out[i + 1] = _join_texts(parts[-1], out[i + 1])
    out[i] = " ".join(parts[:-1])
    return out


@dataclass(frozen=True)
class Proposal:
    """A row of the review page: the text proposed for a clause, how sure the alignment was of
    it, and whether it is ticked to be saved. The three move together."""

    text: str
    confidence: float
    accept: bool


MOVES = ("merge", "split", "up", "down")


def _combined(parts: list[Proposal], text: str) -> Proposal:
    """One row made of several rows' texts: as sure as the least sure of them, ticked only if
    every one with a text was."""
    with_text = [p for p in parts if p.text.strip()]
    return Proposal(
        text,
        min((p.confidence for p in with_text), default=0.0),
        bool(with_text) and all(p.accept for p in with_text),
    )


def move(
    rows: list[Proposal], op: str, i: int, lang: str, originals: list[str] | None = None
) -> list[Proposal]:
    """Apply a review move (``MOVES``) at row ``i``: the texts move as ``merge``, ``split``,
    ``shift_up`` and ``shift_down`` say, and each text's confidence and tick go with it; a row
    left without a text is unticked. ``originals`` (the clauses' texts, in the rows' order)
    tell ``split`` where one sentence holding two clauses is likeliest cut."""
    texts = [r.text for r in rows]
    n = len(rows)
    if op == "merge":
        new = merge(texts, i)
        if new is texts:
            return rows
        empty = Proposal("", 0.0, False)
        out = [*rows[:i], _combined(rows[i : i + 2], new[i]), *rows[i + 2 :], empty]
    elif op == "split":
        share = 0.5
        if originals and i + 1 < len(originals):
            first, second = (_length(originals[k]) for k in (i, i + 1))
            share = first / max(1, first + second)
        new = split(texts, i, lang, share)
        if new is texts:
            return rows
        # The second half is a new row after i, as sure and as ticked as the text it came from;
        # the rows after it move down, and the last two become one (the last clause takes what
        # fell off the end).
        shifted = [*rows[: i + 1], rows[i], *rows[i + 1 :]]
        out = [*shifted[: n - 1], _combined(shifted[n - 1 :], new[n - 1])]
        out = [Proposal(t, r.confidence, r.accept) for t, r in zip(new, out, strict=True)]
    elif op in ("up", "down"):
        new = (shift_up if op == "up" else shift_down)(texts, i, lang)
        out = [Proposal(t, r.confidence, r.accept) for t, r in zip(new, rows, strict=True)]
    else:
        raise ValueError(f"unknown move {op!r}")
    return [r if r.text.strip() else Proposal(r.text, 0.0, False) for r in out]
