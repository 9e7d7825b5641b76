"""Word-level diff between two wordings of a clause.

Latin, Greek and other space-separated scripts are compared word by word;
Chinese, Japanese and Korean characters are compared one by one, because those
scripts do not separate words with spaces (a whole Chinese sentence would
otherwise be one "word"). Whitespace is carried with the word before it, so the
pieces of the result join back into the texts they came from.

Bounded work whatever the texts (issue #20: difflib alone took 10-15 s on two 20,000-character
versions). The words both texts share at their start and end are matched first; a stretch
left over is compared by ``difflib`` only while it is small (``SMALL`` pairs of words); a
larger one is cut at the words that occur exactly once on each side, in the order both
texts have them (the anchors of a patience diff; where no single word is unique, as in
Chinese, which repeats its characters, runs of 2, 4 … 16 words), and each piece between
two anchors is compared the same way. A large stretch with no anchor at all (a text made
of the same few words, or two unrelated texts) is shown replaced as a whole, and so is
one left when the search for anchors has read the texts ``BUDGET`` times; the diff then
says so (``Diff.coarse``: "too long to compare word by word"). Two 20,000-character
versions take milliseconds (bench/word_diff.py).
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections import Counter
from typing import Literal

Op = Literal["equal", "insert", "delete"]

# Han (with extensions and compatibility ideographs), kana, Hangul, and the CJK
# and full-width punctuation that sits between them without spaces.
_CJK = (
    "\u2e80-\u2fdf"  # CJK radicals, Kangxi radicals
    "\u3000-\u303f"  # CJK symbols and punctuation
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3100-\u312f\u31a0-\u31bf"  # bopomofo
    "\u3400-\u4dbf"  # extension A
    "\u4e00-\u9fff"  # unified ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # compatibility ideographs
    "\ufe30-\ufe4f"  # CJK compatibility forms
    "\uff00-\uffef"  # half-width and full-width forms
    "\U00020000-\U0003134f"  # extensions B-G
)
# One CJK character, or one run of other non-space characters, each with the
# whitespace after it; leading whitespace is a token of its own.
_TOKEN = re.compile(rf"[{_CJK}]\s*|[^\s{_CJK}]+\s*|\s+")


def tokens(text: str) -> list[str]:
    """Split ``text`` into diff tokens (words, or single CJK characters) with their trailing whitespace."""
    return _TOKEN.findall(text)


class Diff(list):
    """The pieces of a word diff; ``coarse`` when some long stretch could not be compared word
    by word within the bound and is shown replaced as a whole."""

    coarse: bool = False


def word_diff(old: str, new: str) -> Diff:
    """Return the pieces that turn ``old`` into ``new``: ("equal" | "delete" | "insert", text).

    Joining the "equal" and "insert" pieces gives ``new``; joining the "equal"
    and "delete" pieces gives the words of ``old`` (equal pieces carry the new
    text's whitespace, so re-wrapping alone is no change). Adjacent pieces
    never share an op and none is empty.
    """
    a, b = tokens(old), tokens(new)
    # Compare words without their whitespace: a re-wrapped line is not a change.
    opcodes, coarse = _opcodes([t.strip() for t in a], [t.strip() for t in b])
    out = Diff()
    out.coarse = coarse

    def emit(op: Op, text: str) -> None:
        if not text:
            return
        if out and out[-1][0] == op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))

    gap = ""  # whitespace the old text had after an equal run and the new text lacks
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            emit("equal", "".join(b[j1:j2]))
            old_space, new_space = _trailing_space(a[i2 - 1]), _trailing_space(b[j2 - 1])
            gap = old_space if old_space and not new_space else ""
        else:
            # Keep the old words apart: the whitespace the old text had after the equal run
            # goes to the deleted side ("a b" → "a" is "a", " b"; "a a" → "a。a" deletes " ").
            emit("delete", gap + "".join(a[i1:i2]))
            emit("insert", "".join(b[j1:j2]))
            gap = ""
    return out


def _trailing_space(token: str) -> str:
    return token[len(token.rstrip()) :]


# Stretches of at most this many (old word, new word) pairs are compared by difflib, whose
# time grows with the product; larger ones are cut at unique words first.
SMALL = 40_000
# Anchors are single words, else runs of 2, 4 … words where no single word is unique; a
# run of more words than this is not looked for.
LONGEST_RUN = 16
# Looking for anchors may read the words this many times in all, so the whole diff stays
# linear in the texts' length even for texts built to defeat it.
BUDGET = 40


def _opcodes(a: list[str], b: list[str]) -> tuple[list[tuple[str, int, int, int, int]], bool]:
    """difflib-style opcodes ("equal" or "replace") turning ``a`` into ``b``, and whether a
    long stretch was given up on (replaced as a whole)."""
    out = []
    i = j = 0
    blocks, coarse = _matching_blocks(a, b)
    for bi, bj, size in blocks:
        if i < bi or j < bj:
            out.append(("replace", i, bi, j, bj))
        if size:
            out.append(("equal", bi, bi + size, bj, bj + size))
        i, j = bi + size, bj + size
    return out, coarse


def _matching_blocks(a: list[str], b: list[str]) -> tuple[list[tuple[int, int, int]], bool]:
    """Runs of equal words (i, j, size), in order, ending with (len(a), len(b), 0); and
    whether some long stretch found no anchor."""
    found: list[tuple[int, int, int]] = []
    coarse = False
    budget = BUDGET * (len(a) + len(b))
    stack = [(0, len(a), 0, len(b))]
    while stack:
        a0, a1, b0, b1 = stack.pop()
        while a0 < a1 and b0 < b1 and a[a0] == b[b0]:
            found.append((a0, b0, 1))
            a0, b0 = a0 + 1, b0 + 1
        while a0 < a1 and b0 < b1 and a[a1 - 1] == b[b1 - 1]:
            a1, b1 = a1 - 1, b1 - 1
            found.append((a1, b1, 1))
        if a0 == a1 or b0 == b1:
            continue
        if (a1 - a0) * (b1 - b0) <= SMALL:
            matcher = difflib.SequenceMatcher(None, a[a0:a1], b[b0:b1], autojunk=False)
            found += [(a0 + i, b0 + j, n) for i, j, n in matcher.get_matching_blocks() if n]
            continue
        anchors: list[tuple[int, int]] = []
        keys_a, keys_b, run = a[a0:a1], b[b0:b1], 1
        while True:
            budget -= len(keys_a) + len(keys_b)
            if budget < 0:
                break
            anchors = _unique_common(keys_a, keys_b, run)
            if anchors or run * 2 > min(LONGEST_RUN, a1 - a0, b1 - b0):
                break
            keys_a, keys_b = _doubled(keys_a, keys_b, run)
            run *= 2
        if not anchors:
            coarse = True  # shown replaced as a whole (see the module docstring)
            continue
        i, j = a0, b0
        for ai, bj in anchors:
            found.append((a0 + ai, b0 + bj, run))
            stack.append((i, a0 + ai, j, b0 + bj))
            i, j = a0 + ai + run, b0 + bj + run
        stack.append((i, a1, j, b1))
    found.sort()
    merged: list[tuple[int, int, int]] = []
    for i, j, n in found:
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + n)
        else:
            merged.append((i, j, n))
    return [*merged, (len(a), len(b), 0)], coarse


def _doubled(keys_a: list, keys_b: list, run: int) -> tuple[list[int], list[int]]:
    """Keys of the runs of 2 × ``run`` words, from the keys of the runs of ``run`` words
    (the same run gets the same key on both sides): one pass, whatever the run's length."""
    ids: dict[tuple, int] = {}

    def pairs(keys: list) -> list[int]:
        return [ids.setdefault((keys[k], keys[k + run]), len(ids)) for k in range(len(keys) - run)]

    return pairs(keys_a), pairs(keys_b)


def _unique_common(keys_a: list, keys_b: list, run: int) -> list[tuple[int, int]]:
    """The positions (i, j) of the keys occurring once in ``keys_a`` and once in ``keys_b``:
    the longest chain of them in the same order on both sides, each clear of the run of
    ``run`` words before it (patience sorting, n log n)."""
    count_a, count_b = Counter(keys_a), Counter(keys_b)
    where_b = {key: j for j, key in enumerate(keys_b) if count_b[key] == 1}
    pairs = [(i, where_b[key]) for i, key in enumerate(keys_a) if count_a[key] == 1 and key in where_b]
    # Longest increasing subsequence of the j's, keeping back-links to rebuild it.
    tails: list[int] = []  # tails[k]: the j ending the best chain of length k + 1
    ends: list[int] = []  # ends[k]: index into pairs of that j
    back = [-1] * len(pairs)
    for n, (_i, j) in enumerate(pairs):
        k = bisect.bisect_left(tails, j)
        back[n] = ends[k - 1] if k else -1
        if k == len(tails):
            tails.append(j)
            ends.append(n)
        else:
            tails[k], ends[k] = j, n
    chain = []
    n = ends[-1] if ends else -1
    while n >= 0:
        chain.append(pairs[n])
        n = back[n]
    out: list[tuple[int, int]] = []
    for i, j in reversed(chain):
        if not out or (i >= out[-1][0] + run and j >= out[-1][1] + run):
            out.append((i, j))
    return out
