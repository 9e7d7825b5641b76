"""A whole document as a draft: the designer's next version of the rules, compared clause by
clause with the draft's current wording (issue #22 item 6).

Pure (no database): ``compare(clauses, text, lang=..., prefix=...)`` answers, in the order of
the document, which clauses are there word for word (``unchanged``), word for word but out of
their order (``moved``: not on the longest run of clauses the document keeps in order),
reworded (``revised``), gone (``deleted``) and which sentences are no clause's (``new``,
each with a key in the game's style and the section of the clause before it).

How: the document is cut into blocks as the translators' alignment cuts a translation
(``translators.align.blocks``: Markdown stripped, hard wraps re-joined). Each clause's exact
wording is looked for first (longest first, never inside another's), then what is left is cut
into sentences (``translators.align.sentences``, the same segmenter) and each remaining
clause takes the sentence, or the run of two or three sentences of one block, most like it
(word similarity at least ``SIMILAR``); sentences no clause takes are new.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass

from rules import corpus
from translators import align

CHANGES = ("unchanged", "revised", "new", "deleted", "moved")
# How alike a sentence must be to a clause (difflib's ratio over words) to be its revision.
SIMILAR = 0.5
MAX_RUN = 3


@dataclass(frozen=True)
class ClauseText:
    """A clause of the draft as the comparison needs it."""

    key: str
    section: str
    text: str


@dataclass
class Change:
    key: str
    change: str
    text: str
    section: str
    # Where it stands in the document (characters), to order the answer; deleted clauses
    # stand where they were.
    at: float = 0.0
    was: str = ""  # the draft's wording, for a revised clause's word diff

    def to_json(self) -> dict[str, str]:
        return {"key": self.key, "change": self.change, "text": self.text, "section": self.section}


def _words(text: str) -> list[str]:
    return re.findall(r"\w+|[^\w\s]", text.lower())


def similarity(a: str, b: str) -> float:
    """How alike two wordings are, 0–1 (word by word; a CJK character counts as a word)."""
    wa, wb = _words(a), _words(b)
    if any(len(w) > 1 and _is_cjk(w) for w in wa + wb):
        wa, wb = list("".join(wa)), list("".join(wb))
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def _is_cjk(word: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in word)


# What ends a sentence (or a clause cut at a colon): a clause's wording found in the document
# starts after one of these or a block's start, and ends with one or at a block's end.
_ENDS = '.!?…:;,。！？：；，、)）"”»'


def _sentence_bounded(doc: str, i: int, end: int) -> bool:
    """Whether ``doc[i:end]`` stands as whole sentences: a heading found inside a sentence
    ("Oddziały wojsk" in "Oddziały wojsk mogą …") is not that heading."""
    before = doc[:i].rstrip(" ")
    starts = not before or before[-1] == "\n" or before[-1] in _ENDS
    ends = end == len(doc) or doc[end] == "\n" or doc[end - 1] in _ENDS
    return starts and ends


def _find(doc: str, needle: str, taken: list[tuple[int, int]]) -> int:
    """The first place ``needle`` stands in ``doc`` as whole sentences, outside ``taken``."""
    start = 0
    while (i := doc.find(needle, start)) >= 0:
        end = i + len(needle)
        if _sentence_bounded(doc, i, end) and not any(s < end and i < e for s, e in taken):
            return i
        start = i + 1
    return -1


def _in_order(positions: list[int]) -> set[int]:
    """Indexes of the longest increasing run of ``positions`` (the clauses kept in order)."""
    tails: list[int] = []
    tail_index: list[int] = []
    parent = [-1] * len(positions)
    for i, p in enumerate(positions):
        j = bisect_left(tails, p)
        if j == len(tails):
            tails.append(p)
            tail_index.append(i)
        else:
            tails[j] = p
            tail_index[j] = i
        parent[i] = tail_index[j - 1] if j else -1
    keep, i = set(), tail_index[-1] if tail_index else -1
    while i >= 0:
        keep.add(i)
        i = parent[i]
    return keep


def slug(text: str, words: int = 3) -> str:
    """Lowercase ASCII words of ``text`` joined by "-" (Polish letters folded), or ""."""
    folded = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    ascii_ = folded.encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_)[:words])


def new_key(prefix: str, section: str, text: str, taken: set[str]) -> str:
    """A key in the game's style (``rm.<section>.<words>``), never one already taken."""
    base = f"{prefix}.{section}.{slug(text) or 'new'}".strip(".")
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key


def _exact_wordings(clauses: list[ClauseText], wording: dict[str, str], doc: str) -> dict[str, int]:
    """Where each clause's exact wording stands in ``doc``, looked for longest first so a short
    heading is not found inside a rule, and never inside a wording found before."""
    taken: list[tuple[int, int]] = []
    found: dict[str, int] = {}
    for c in sorted(clauses, key=lambda c: -len(wording[c.key])):
        if not wording[c.key]:
            continue
        i = _find(doc, wording[c.key], taken)
        if i >= 0:
            found[c.key] = i
            taken.append((i, i + len(wording[c.key])))
    return found


def _left_over(doc: str, taken: list[tuple[int, int]], lang: str) -> list[tuple[int, str, int]]:
    """The sentences of ``doc`` outside the ``taken`` stretches, in document order: (where it
    stands, the sentence, its block)."""
    left: list[tuple[int, str, int]] = []
    cursor = 0
    for n, (start, end) in enumerate([*sorted(taken), (len(doc), len(doc))]):
        stretch = doc[cursor:start]
        base = cursor
        for block, part in enumerate(stretch.split("\n")):
            offset = stretch.find(part) if part else 0
            for sentence in align.sentences(part, lang) if part.strip() else []:
                s = sentence.strip()
                if not any(ch.isalnum() for ch in s):
                    continue
                at = doc.find(s, base + offset)
                left.append((at if at >= 0 else base + offset, s, n * 1000 + block))
        cursor = max(cursor, end)
    return left


def _candidates(missing: list[ClauseText], wording: dict[str, str], left: list[tuple[int, str, int]]) -> list:
    """Every run of one to ``MAX_RUN`` sentences of one block alike enough to a missing
    clause to be its revision: (score, key, first sentence, run, the run's text)."""
    candidates = []
    vocab = [set(_words(s)) for _at, s, _b in left]
    for c in missing:
        own = set(_words(wording[c.key]))
        for i in range(len(left)):
            # A cheap test first: a sentence sharing too few words is no revision of it.
            if len(own & vocab[i]) < 0.2 * min(len(own), len(vocab[i]) or 1):
                continue
            for run in range(1, MAX_RUN + 1):
                part = left[i : i + run]
                if len(part) < run or part[-1][2] != part[0][2]:
                    break
                joined = " ".join(s for _at, s, _b in part)
                score = similarity(wording[c.key], joined)
                if score >= SIMILAR:
                    candidates.append((score, c.key, i, run, joined))
    return candidates


def _revisions(
    candidates: list, by_key: dict[str, ClauseText], left: list[tuple[int, str, int]]
) -> tuple[list[Change], set[int]]:
    """The best candidates first, each clause and each sentence taken once: the revised
    clauses, and the sentences they took."""
    changes: list[Change] = []
    used: set[int] = set()
    revised: set[str] = set()
    for _score, key, i, run, joined in sorted(candidates, key=lambda x: (-x[0], x[2])):
        span = set(range(i, i + run))
        if key in revised or span & used:
            continue
        used |= span
        revised.add(key)
        changes.append(
            Change(key, "revised", joined, by_key[key].section, at=left[i][0], was=by_key[key].text)
        )
    return changes, used


def _new_sentences(
    changes: list[Change], left: list[tuple[int, str, int]], used: set[int], prefix: str, keys: set[str]
) -> list[Change]:
    """The sentences no clause took, each a new clause in the section of the change before it."""
    placed = sorted(changes, key=lambda ch: ch.at)
    new = []
    for i, (at, sentence, _block) in enumerate(left):
        if i in used:
            continue
        before = [ch for ch in placed if ch.at <= at]
        section = (before[-1] if before else placed[0]).section if placed else ""
        new.append(Change(new_key(prefix, section, sentence, keys), "new", sentence, section, at=at))
    return new


def _deleted(clauses: list[ClauseText], wording: dict[str, str], changes: list[Change]) -> list[Change]:
    """The clauses nothing in the document matched, each where it stood (after the clause
    before it)."""
    position = {ch.key: ch.at for ch in changes}
    deleted = []
    previous = -1.0
    for c in clauses:
        if c.key in position:
            previous = position[c.key]
        elif wording[c.key]:
            deleted.append(Change(c.key, "deleted", c.text, c.section, at=previous + 0.5))
    return deleted


def compare(clauses: list[ClauseText], text: str, *, lang: str, prefix: str) -> list[Change]:
    """The document ``text`` against the draft's ``clauses`` (in the draft's order)."""
    paragraphs = [corpus.normalise(b) for b in align.blocks(text)]
    doc = "\n".join(p for p in paragraphs if p)
    wording = {c.key: corpus.normalise(c.text) for c in clauses}
    by_key = {c.key: c for c in clauses}
    # 1. Exact wordings: unchanged where they keep the draft's order, else moved.
    found = _exact_wordings(clauses, wording, doc)
    order = [c.key for c in clauses if c.key in found]
    kept = _in_order([found[k] for k in order])
    changes = [
        Change(
            key, "unchanged" if n in kept else "moved", by_key[key].text, by_key[key].section, at=found[key]
        )
        for n, key in enumerate(order)
    ]
    # 2. What is left: sentences, each with its block, in document order.
    left = _left_over(doc, [(found[k], found[k] + len(wording[k])) for k in found], lang)
    # 3. Each remaining clause takes the run of sentences most like it.
    missing = [c for c in clauses if c.key not in found and wording[c.key]]
    revised, used = _revisions(_candidates(missing, wording, left), by_key, left)
    changes += revised
    # 4. Sentences no clause took are new; clauses nothing matched are deleted.
    changes += _new_sentences(changes, left, used, prefix, {c.key for c in clauses})
    changes += _deleted(clauses, wording, changes)
    return sorted(changes, key=lambda ch: ch.at)


class Unreadable(ValueError):
    """An uploaded file that is not plain text, Markdown or .docx (or is damaged)."""


MAX_BYTES = 2_000_000
MAX_CHARS = 120_000  # the longest rules document is some 16 000; the comparison is quadratic


def read_file(name: str, data: bytes) -> str:
    """The text of an uploaded document: plain text or Markdown (UTF-8), or a .docx's
    paragraphs, one a line (python-docx)."""
    if len(data) > MAX_BYTES:
        raise Unreadable(f"The file is larger than {MAX_BYTES // 1_000_000} MB.")
    lower = name.lower()
    if lower.endswith(".docx") or data[:2] == b"PK":
        import io
        import zipfile

        import docx

        try:
            document = docx.Document(io.BytesIO(data))
        except (zipfile.BadZipFile, KeyError, ValueError) as exc:
            raise Unreadable("The file is not a readable .docx document.") from exc
        return "\n".join(p.text for p in document.paragraphs)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unreadable("The file is not UTF-8 text, Markdown or a .docx document.") from exc
    if "\x00" in text:
        raise Unreadable("The file is not UTF-8 text, Markdown or a .docx document.")
    return text
