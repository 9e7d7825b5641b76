"""Translation memory: exact and fuzzy matches of a source text among the translated pairs of
the same language pair, with their similarity.

Similarity is difflib's ratio over the texts' diff tokens (``rules.diff.tokens``: words, or
single characters in Chinese and Japanese), compared case- and accent-folded, so a changed
number or word costs alike in every script. 1.0 is an exact match.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from rules.diff import tokens
from rules.models import search_form

THRESHOLD = 0.6
LIMIT = 5


@dataclass(frozen=True)
class Pair:
    """A source text and its translation, with where it comes from."""

    source: str
    target: str
    clause: str
    version: int


@dataclass(frozen=True)
class MemoryMatch:
    """A translated pair whose source is like the text being translated, and how alike (1.0: the
    same words); not ``translators.models.Suggestion``, a text kept for a clause."""

    similarity: float
    pair: Pair

    @property
    def percent(self) -> int:
        return int(self.similarity * 100)

    @property
    def exact(self) -> bool:
        return self.similarity >= 1.0


def _key(text: str) -> list[str]:
    return [t.strip() for t in tokens(search_form(text)) if t.strip()]


def similarity(a: str, b: str) -> float:
    """How alike two source texts are, 0–1 (1: the same words)."""
    return _ratio(_key(a), _key(b))


def _ratio(a: list[str], b: list[str]) -> float:
    if not a and not b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def suggest(
    source: str, pairs: Iterable[Pair], *, threshold: float = THRESHOLD, limit: int = LIMIT
) -> list[MemoryMatch]:
    """The pairs whose source is most like ``source`` (at least ``threshold``), best first; one
    suggestion per distinct translation."""
    wanted = _key(source)
    n = len(wanted)
    found: dict[str, MemoryMatch] = {}
    for pair in pairs:
        other = _key(pair.source)
        # A ratio can be at most 2·min/(sum): skip what cannot reach the threshold.
        if n + len(other) == 0 or 2 * min(n, len(other)) / (n + len(other)) < threshold:
            continue
        matcher = difflib.SequenceMatcher(None, wanted, other, autojunk=False)
        if matcher.quick_ratio() < threshold:
            continue
        score = 1.0 if wanted == other else matcher.ratio()
        if score >= threshold and (pair.target not in found or found[pair.target].similarity < score):
            found[pair.target] = MemoryMatch(round(score, 3), pair)
    return sorted(found.values(), key=lambda s: (-s.similarity, s.pair.clause))[:limit]
