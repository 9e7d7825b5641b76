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
from bisect import bisect_left, bisect_right, insort
from collections import Counter
from dataclasses import dataclass

from rules import corpus
from translators import align

CHANGES = ("unchanged", "revised", "new", "deleted", "moved")
# The sentences left over (no clause's exact wording) times the clauses not found is the work of
# step 3, some microseconds a pair: a whole rewrite of the longest draft (Dolores: 195 clauses,
# 304 sentences) is 60 000 pairs; past this bound the document is refused.
MAX_COMPARISONS = 250_000
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
    if _cjk(wa) or _cjk(wb):
        wa, wb = list("".join(wa)), list("".join(wb))
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def _cjk(words: list[str]) -> bool:
    """Whether ``similarity`` compares these words character by character."""
    return any(len(w) > 1 and _is_cjk(w) for w in words)


def _is_cjk(word: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in word)


# What ends a sentence (or a clause cut at a colon): a clause's wording found in the document
# starts after one of these or a block's start, and ends with one or at a block's end.
_ENDS = '.!?…:;,。！？：；，、)）"”»'


def _sentence_bounded(doc: str, i: int, end: int) -> bool:
    """Whether ``doc[i:end]`` stands as whole sentences: a heading found inside a sentence
    ("Oddziały wojsk" in "Oddziały wojsk mogą …") is not that heading."""
    j = i - 1
    while j >= 0 and doc[j] == " ":  # not doc[:i].rstrip(): that copies the text for every find
        j -= 1
    starts = j < 0 or doc[j] == "\n" or doc[j] in _ENDS
    ends = end == len(doc) or doc[end] == "\n" or doc[end - 1] in _ENDS
    return starts and ends


def _find(doc: str, needle: str, taken: list[tuple[int, int]]) -> int:
    """The first place ``needle`` stands in ``doc`` as whole sentences, outside ``taken``
    (disjoint stretches, sorted)."""
    start = 0
    while (i := doc.find(needle, start)) >= 0:
        end = i + len(needle)
        # The stretches are disjoint: only the last one starting before ``end`` can overlap.
        k = bisect_left(taken, (end, -1)) - 1
        if _sentence_bounded(doc, i, end) and not (k >= 0 and taken[k][1] > i):
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


def new_key(
    prefix: str, section: str, text: str, taken: set[str], tried: dict[str, int] | None = None
) -> str:
    """A key in the game's style (``rm.<section>.<words>``), never one already taken (``tried``:
    the next number to try for each base, so many sentences alike cost no more than one)."""
    base = f"{prefix}.{section}.{slug(text) or 'new'}".strip(".")
    tried = {} if tried is None else tried
    key, n = (base, 2) if base not in tried else (f"{base}-{tried[base]}", tried[base] + 1)
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    tried[base] = n
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
            insort(taken, (i, i + len(wording[c.key])))
    return found


def _left_over(doc: str, taken: list[tuple[int, int]], lang: str) -> list[tuple[int, str, int]]:
    """The sentences of ``doc`` outside the ``taken`` stretches, in document order: (where it
    stands, the sentence, its block)."""
    left: list[tuple[int, str, int]] = []
    cursor = 0
    for n, (start, end) in enumerate([*sorted(taken), (len(doc), len(doc))]):
        stretch = doc[cursor:start]
        offset = cursor
        for block, part in enumerate(stretch.split("\n")):
            for a, b in align._spans(part, lang) if part.strip() else ():
                s = part[a:b].strip()
                if any(ch.isalnum() for ch in s):
                    left.append(
                        (offset + a + (len(part[a:b]) - len(part[a:b].lstrip())), s, n * 1000 + block)
                    )
            offset += len(part) + 1
        cursor = max(cursor, end)
    return left


def _candidates(missing: list[ClauseText], wording: dict[str, str], left: list[tuple[int, str, int]]) -> list:
    """Every run of one to ``MAX_RUN`` sentences of one block alike enough to a missing
    clause to be its revision: (score, key, first sentence, run, the run's text)."""
    candidates = []
    words = [_words(s) for _at, s, _b in left]
    vocab = [set(w) for w in words]
    cjk = [_cjk(w) for w in words]
    # Each sentence as ``similarity`` compares it: words, or characters where one is Chinese.
    units = {False: words, True: [list("".join(w)) for w in words]}
    counts = {mode: [Counter(u) for u in units[mode]] for mode in (False, True)}
    for c in missing:
        own_words = _words(wording[c.key])
        own, own_cjk = set(own_words), _cjk(own_words)
        own_units = {False: own_words, True: list("".join(own_words))}
        own_counts = {mode: Counter(u) for mode, u in own_units.items()}
        shared: dict[tuple[bool, int], int] = {}
        for i in range(len(left)):
            # A cheap test first: a sentence sharing too few words is no revision of it.
            if len(own & vocab[i]) < 0.2 * min(len(own), len(vocab[i]) or 1):
                continue
            for run in range(1, MAX_RUN + 1):
                part = left[i : i + run]
                if len(part) < run or part[-1][2] != part[0][2]:
                    break
                mode = own_cjk or any(cjk[i : i + run])
                mine = own_units[mode]
                length = sum(len(u) for u in units[mode][i : i + run])
                # difflib's bounds, cheapest first: wordings of lengths a and b sharing m
                # words (counted with repeats) are at most 2·min(a, b)/(a + b) and 2·m/(a + b)
                # alike, so most runs are never compared (a document of thousands of
                # sentences alike would cost seconds a clause).
                if 2 * min(length, len(mine)) < SIMILAR * (length + len(mine)):
                    if length > len(mine):
                        break
                    continue
                for k in range(i, i + run):
                    if (mode, k) not in shared:
                        theirs, own_count = counts[mode][k], own_counts[mode]
                        shared[mode, k] = sum(
                            min(n, own_count[u]) for u, n in theirs.items() if u in own_count
                        )
                if 2 * sum(shared[mode, k] for k in range(i, i + run)) < SIMILAR * (length + len(mine)):
                    continue
                joined = " ".join(s for _at, s, _b in part)
                theirs = [u for sentence in units[mode][i : i + run] for u in sentence]
                score = difflib.SequenceMatcher(None, mine, theirs, autojunk=False).ratio()
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
    places = [ch.at for ch in placed]
    tried: dict[str, int] = {}
    new = []
    for i, (at, sentence, _block) in enumerate(left):
        if i in used:
            continue
        before = bisect_right(places, at)
        section = placed[before - 1 if before else 0].section if placed else ""
        new.append(Change(new_key(prefix, section, sentence, keys, tried), "new", sentence, section, at=at))
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
    if len(missing) * len(left) > MAX_COMPARISONS:
        from django.utils.translation import gettext as _

        raise TooDifferent(
            _(
                "The document has %(sentences)d sentences that are not the draft's word for word, too "
                "many to compare with its %(clauses)d other clauses (at most %(n)d sentence–clause pairs)."
            )
            % {"sentences": len(left), "clauses": len(missing), "n": MAX_COMPARISONS}
        )
    revised, used = _revisions(_candidates(missing, wording, left), by_key, left)
    changes += revised
    # 4. Sentences no clause took are new; clauses nothing matched are deleted.
    changes += _new_sentences(changes, left, used, prefix, {c.key for c in clauses})
    changes += _deleted(clauses, wording, changes)
    return sorted(changes, key=lambda ch: ch.at)


class TooDifferent(ValueError):
    """A document too far from the draft to compare within MAX_COMPARISONS."""


class Unreadable(ValueError):
    """An uploaded file that is not plain text, Markdown or .docx (or is damaged)."""


MAX_BYTES = 2_000_000
MAX_CHARS = 120_000  # the longest rules document is some 16 000; comparing is linear in it
# A .docx is a zip (bounded by config.uploads.ZIP_*); of it only these parts are inflated, each
# streamed into the XML parser and stopped at its bound.
DOCX_MAX_RELS_BYTES = 256 * 1024  # _rels/.rels, which names the document's part
DOCX_MAX_XML_BYTES = 10_000_000  # the document's part (word/document.xml)
DOCX_MAX_PARAGRAPHS = 20_000  # the longest rules document has some 600
DOCX_MAX_ELEMENTS = 1_000_000  # XML elements of the document's part (runs, properties, …)

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
# A run's pieces as python-docx reads them (docx.oxml.text.run): a tab, a line break, a hyphen.
_RUN_TEXT = {f"{_W}tab": "\t", f"{_W}ptab": "\t", f"{_W}cr": "\n", f"{_W}noBreakHyphen": "-"}


def read_file(name: str, data: bytes) -> str:
    """The text of an uploaded document: plain text or Markdown (UTF-8), or a .docx's
    paragraphs, one a line."""
    from django.utils.translation import gettext as _

    if len(data) > MAX_BYTES:
        raise Unreadable(_("The file is larger than %(mb)d MB.") % {"mb": MAX_BYTES // 1_000_000})
    if name.lower().endswith(".docx") or data[:2] == b"PK":
        return read_docx(data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unreadable(_("The file is not UTF-8 text, Markdown or a .docx document.")) from exc
    if "\x00" in text:
        raise Unreadable(_("The file is not UTF-8 text, Markdown or a .docx document."))
    return text


def read_docx(data: bytes) -> str:
    """A .docx's body paragraphs, one a line, as python-docx's ``Document.paragraphs`` reads
    them; ``Unreadable`` for a damaged or hostile file, decided within the DOCX_* and
    ``config.uploads.ZIP_*`` bounds (the zip's directory first, then streaming, never trusting
    a declared size)."""
    from django.utils.translation import gettext as _

    from config import uploads

    try:
        archive = uploads.zip_open(data)
        part = _docx_part(archive)
        return "\n".join(_docx_paragraphs(uploads.zip_chunks(archive, part, DOCX_MAX_XML_BYTES)))
    except uploads.ArchiveRefused as exc:
        raise Unreadable(str(exc)) from None
    except KeyError:
        raise Unreadable(_("The file is not a .docx document: it has no document part.")) from None


def _xml_events(chunks, tag=None):
    """(event, element) of the XML streamed in ``chunks``: UTF-8 whatever it declares, no DTD
    (entities are neither declared nor resolved), nothing fetched, libxml2's default depth and
    size limits."""
    from django.utils.translation import gettext as _
    from lxml import etree

    from config import uploads

    parser = etree.XMLPullParser(
        events=("end",),
        tag=tag,
        resolve_entities=False,
        no_network=True,
        huge_tree=False,
        load_dtd=False,
        encoding="utf-8",
    )
    tail = b""
    try:
        for chunk in chunks:
            # Word writes no DTD; one is refused before it is parsed (an entity bomb, or an
            # external entity pointing at a file or a URL).
            if b"<!DOCTYPE" in tail + chunk or b"<!ENTITY" in tail + chunk:
                raise uploads.ArchiveRefused(
                    _("The document declares XML entities (a DTD); Word never does.")
                )
            tail = chunk[-16:]
            parser.feed(chunk)
            yield from parser.read_events()
        parser.close()
        yield from parser.read_events()
    except etree.XMLSyntaxError:
        raise uploads.ArchiveRefused(_("The document's XML is malformed.")) from None


def _docx_part(archive) -> str:
    """The name of the document's main part, as ``_rels/.rels`` names it."""
    from config import uploads

    rels = uploads.zip_chunks(archive, "_rels/.rels", DOCX_MAX_RELS_BYTES)
    for _event, rel in _xml_events(rels, tag=_RELS):
        if rel.get("Type") == _OFFICE_DOCUMENT and not rel.get("TargetMode"):
            return rel.get("Target", "").lstrip("/")
    raise KeyError("officeDocument")


def _docx_paragraphs(chunks):
    """The text of each paragraph directly in the document's body, streamed: each element is
    let go once read, and reading stops at DOCX_MAX_PARAGRAPHS, DOCX_MAX_ELEMENTS or MAX_CHARS."""
    from django.utils.translation import gettext as _

    from config import uploads

    paragraphs = elements = chars = 0
    body = f"{_W}body"
    for _event, element in _xml_events(chunks):
        elements += 1
        if elements > DOCX_MAX_ELEMENTS:
            raise uploads.ArchiveRefused(
                _("The document has more than %(n)d XML elements.") % {"n": DOCX_MAX_ELEMENTS}
            )
        parent = element.getparent()
        if parent is None:
            if element.tag != f"{_W}document":
                raise uploads.ArchiveRefused(_("The file is not a Word document."))
            continue
        if parent.tag != body:
            continue
        if element.tag == f"{_W}p":
            paragraphs += 1
            if paragraphs > DOCX_MAX_PARAGRAPHS:
                raise uploads.ArchiveRefused(
                    _("The document has more than %(n)d paragraphs.") % {"n": DOCX_MAX_PARAGRAPHS}
                )
            text = _paragraph_text(element)
            chars += len(text) + 1
            if chars > MAX_CHARS + 1:
                raise uploads.ArchiveRefused(
                    _("Ensure the document has no more than %(n)d characters.") % {"n": MAX_CHARS}
                )
            yield text
        # Read: let it go (and what came before it), so memory stays one paragraph's.
        element.clear()
        while element.getprevious() is not None:
            del parent[0]


def _paragraph_text(p) -> str:
    """A paragraph's text as python-docx's ``Paragraph.text``: its runs and its hyperlinks' runs."""
    runs = (r for child in p if child.tag in (f"{_W}r", f"{_W}hyperlink") for r in _runs(child))
    return "".join(_run_text(piece) for r in runs for piece in r)


def _runs(element):
    return [element] if element.tag == f"{_W}r" else [r for r in element if r.tag == f"{_W}r"]


def _run_text(piece) -> str:
    if piece.tag == f"{_W}t":
        return piece.text or ""
    if piece.tag == f"{_W}br":
        return "\n" if piece.get(f"{_W}type", "textWrapping") == "textWrapping" else ""
    return _RUN_TEXT.get(piece.tag, "")
