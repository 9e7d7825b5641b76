"""Fixed alignment fixtures, made from the shipped corpus (no database): a game's translation
into a language joined into plain paragraphs, and the same with a tenth of its sentences
removed and the paragraphs broken elsewhere (a fixed seed)."""

from __future__ import annotations

import random
import re

from rules import corpus
from translators import align

_ENDS = re.compile(r"[.!?。！？…][\"'”’»)\]]*$")


def clauses(slug: str, lang: str) -> list[tuple[str, str, str]]:
    """(key, original, translation) of the game's translatable clauses, in document order."""
    game = corpus.game(slug)
    texts = game.translations_of(lang)
    return [(c.key, c.text, texts.get(c.key, "")) for c in game.clauses if c.kind != "furniture"]


def plain(slug: str, lang: str) -> tuple[str, dict[str, str]]:
    """The translation as a plain-text document: a section's sentences run on in one
    paragraph; a table row, and an item that ends without a full stop, end their line; a
    heading is a paragraph of its own, and so is each section."""
    game = corpus.game(slug)
    texts = game.translations_of(lang)
    out: list[str] = []
    section = previous = None
    for c in game.clauses:
        if c.kind == "furniture" or not texts.get(c.key):
            continue
        text = " ".join(texts[c.key].split())
        if c.section != section or c.kind == "heading":
            out.append("\n\n" if out else "")
        elif out and (not _ENDS.search(out[-1]) or c.kind == "table" or previous == "table"):
            out.append("\n")
        else:
            out.append(" ")
        out.append(text)
        section = c.section if c.kind != "heading" else None
        previous = c.kind
    return "".join(out), {k: " ".join(t.split()) for k, _o, t in clauses(slug, lang)}


def degraded(slug: str, lang: str, *, seed: int = 11, drop: float = 0.10) -> tuple[str, dict[str, str]]:
    """A tenth of the translation's sentences removed (a fixed seed), and the paragraphs broken
    elsewhere: the original paragraph breaks are gone and a blank line follows every 2–6
    sentences instead. A heading, a table row or an item without a full stop still ends its
    line, as in ``plain``."""
    rng = random.Random(f"{seed}-{slug}-{lang}")
    game = corpus.game(slug)
    kinds = {c.key: c.kind for c in game.clauses}
    kept: list[tuple[str, str]] = []
    for key, _original, text in clauses(slug, lang):
        for s in align.sentences(" ".join(text.split()), lang):
            kept.append((key, s))
    removed = set(rng.sample(range(len(kept)), round(drop * len(kept))))
    kept = [k for n, k in enumerate(kept) if n not in removed]
    expected: dict[str, list[str]] = {k: [] for k, _o, _t in clauses(slug, lang)}
    out: list[str] = []
    until_break = rng.randint(2, 6)
    for n, (key, s) in enumerate(kept):
        expected[key].append(s)
        if out:
            until_break -= 1
            previous_key = kept[n - 1][0]
            if until_break <= 0:
                out.append("\n\n")
                until_break = rng.randint(2, 6)
            elif (
                not _ENDS.search(kept[n - 1][1])
                or "table" in (kinds[key], kinds[previous_key])
                or "heading" in (kinds[key], kinds[previous_key])
                and key != previous_key
            ):
                out.append("\n")
            else:
                out.append(" ")
        out.append(s)
    return "".join(out), {k: " ".join(v) for k, v in expected.items()}


def accuracy(slug: str, lang: str, text: str, expected: dict[str, str]) -> tuple[float, list[tuple]]:
    """The share of clauses whose proposed text is exactly the expected one (whitespace
    normalised), and the misses."""
    game = corpus.game(slug)
    terms = [(t.key, {**t.forms, game.language: t.original, "en": t.en}) for t in game.terms]
    result = align.align([(k, o) for k, o, _t in clauses(slug, lang)], game.language, text, lang, terms)
    misses = [
        (p.clause, expected[p.clause], p.text, p.confidence)
        for p in result.pairs
        if " ".join(p.text.split()) != expected[p.clause]
    ]
    return 1 - len(misses) / len(result.pairs), misses
