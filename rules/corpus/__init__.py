"""The shipped corpus: readable TOML files, one folder per game.

Each ``rules/corpus/<slug>/`` folder holds:

- ``source.txt``: the original document, byte for byte as received;
- ``game.toml``: title, language, origin and the variants;
- ``clauses.toml``: the sections and clauses in document order, each clause
  with its wording ``text`` (verbatim from the source, unless the clause also
  carries the verbatim ``source`` wording it was revised from) and its English
  translation ``en``;
- ``glossary.toml``: the game's terms in the original and in English;
- ``tables.toml`` (Dolores only): Tables 1 and 2 as structured rows.

This module only reads and checks those files (no database); the
``loadcorpus`` command stores them. See ``rules/corpus/FORMAT.md``.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import params

ROOT = Path(__file__).resolve().parent

# Contract order of the games (CONTRACT.md §2).
GAME_SLUGS = ("rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores")

KINDS = (
    "heading",
    "rule",
    "table",
    "commentary",
    "example",
    "clarification",
    "furniture",
)
STATUSES = ("published", "uncertain")


def normalise(text: str) -> str:
    """Collapse every run of whitespace to one space (the corpus's only liberty)."""
    return " ".join(text.split())


@dataclass(frozen=True)
class SectionData:
    key: str
    title: str
    en: str


@dataclass(frozen=True)
class ClauseData:
    key: str
    section: str
    kind: str
    text: str
    en: str | None
    status: str = "published"
    note: str = ""
    # parameter name → binding template (rules/params.py): the figures code reads from the text.
    params: dict[str, str] = field(default_factory=dict)
    # The verbatim wording of source.txt when ``text`` is a later revision of it (None: ``text``
    # is the source wording). It is the clause's version 1 in a fresh database.
    source: str | None = None

    @property
    def source_wording(self) -> str:
        """The clause's part of source.txt."""
        return self.text if self.source is None else self.source


@dataclass(frozen=True)
class VariantData:
    slug: str
    title: str
    description: str = ""
    activates: tuple[str, ...] = ()
    overrides: tuple[str, ...] = ()


@dataclass(frozen=True)
class TermData:
    key: str
    original: str
    en: str
    note: str = ""


@dataclass(frozen=True)
class GameData:
    slug: str
    title: str
    language: str
    origin: str
    description: str
    source_name: str
    source: str
    sections: tuple[SectionData, ...]
    clauses: tuple[ClauseData, ...]
    variants: tuple[VariantData, ...]
    terms: tuple[TermData, ...]
    tables: dict[str, Any] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        return ROOT / self.slug


class CorpusError(ValueError):
    """A corpus file breaks one of the corpus rules."""


def _read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def read_game(slug: str, root: Path = ROOT) -> GameData:
    """Read and check one game's folder."""
    folder = root / slug
    meta = _read_toml(folder / "game.toml")
    body = _read_toml(folder / "clauses.toml")
    glossary = _read_toml(folder / "glossary.toml") if (folder / "glossary.toml").exists() else {}
    tables = _read_toml(folder / "tables.toml") if (folder / "tables.toml").exists() else {}
    game = GameData(
        slug=meta["slug"],
        title=meta["title"],
        language=meta["language"],
        origin=meta.get("origin", ""),
        description=meta.get("description", ""),
        source_name=meta.get("source_name", ""),
        source=(folder / "source.txt").read_text(encoding="utf-8"),
        sections=tuple(SectionData(s["key"], s["title"], s.get("en", "")) for s in body.get("sections", [])),
        clauses=parse_clauses(body),
        variants=tuple(
            VariantData(
                slug=v["slug"],
                title=v["title"],
                description=v.get("description", ""),
                activates=tuple(v.get("activates", ())),
                overrides=tuple(v.get("overrides", ())),
            )
            for v in meta.get("variants", [])
        ),
        terms=tuple(
            TermData(t["key"], t["original"], t["en"], t.get("note", "")) for t in glossary.get("terms", [])
        ),
        tables=tables,
    )
    problems = check_game(game)
    if problems:
        raise CorpusError(f"{slug}: " + "; ".join(problems))
    return game


def parse_clauses(body: dict[str, Any]) -> tuple[ClauseData, ...]:
    """The clauses of a parsed ``clauses.toml``."""
    return tuple(
        ClauseData(
            key=c["key"],
            section=c["section"],
            kind=c.get("kind", "rule"),
            text=c["text"].strip("\n"),
            en=(c.get("en") or "").strip("\n") or None,
            status=c.get("status", "published"),
            note=c.get("note", ""),
            params=dict(c.get("params", {})),
            source=c["source"].strip("\n") if "source" in c else None,
        )
        for c in body.get("clauses", [])
    )


def check_game(game: GameData) -> list[str]:
    """Return every broken corpus rule of ``game`` (empty when all is well)."""
    problems: list[str] = []
    section_keys = {s.key for s in game.sections}
    seen: set[str] = set()
    param_names: dict[str, str] = {}
    for c in game.clauses:
        if c.key in seen:
            problems.append(f"clause key {c.key} used twice")
        seen.add(c.key)
        if c.section not in section_keys:
            problems.append(f"{c.key}: unknown section {c.section}")
        if c.kind not in KINDS:
            problems.append(f"{c.key}: unknown kind {c.kind}")
        if c.status not in STATUSES:
            problems.append(f"{c.key}: unknown status {c.status}")
        if c.kind != "furniture" and not c.en:
            problems.append(f"{c.key}: no English translation")
        if not c.text.strip():
            problems.append(f"{c.key}: empty text")
        if c.source is not None and not c.source.strip():
            problems.append(f"{c.key}: empty source")
        for name, template in c.params.items():
            if name in param_names:
                problems.append(f"{c.key}: parameter {name} already bound in {param_names[name]}")
            param_names[name] = c.key
            try:
                params.read(name, template, normalise(c.text))
            except params.BindingError as exc:
                problems.append(f"{c.key}: parameter {exc}")
    # The source wording, not a later revision of it, is what source.txt holds.
    joined = normalise(" ".join(c.source_wording for c in game.clauses))
    if joined != normalise(game.source):
        problems.append(
            "the clauses do not reproduce source.txt: " + _first_difference(joined, normalise(game.source))
        )
    slugs = [v.slug for v in game.variants]
    if not slugs or slugs[0] != "original":
        problems.append("the first variant must be 'original'")
    for v in game.variants:
        for key in (*v.activates, *v.overrides):
            if key not in seen:
                problems.append(f"variant {v.slug} names unknown clause {key}")
    return problems


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"at character {n}: clauses have {a[n : n + 60]!r}, source has {b[n : n + 60]!r}"


@functools.cache
def game(slug: str) -> GameData:
    """Return the shipped corpus of one game (read once per process)."""
    return read_game(slug)


def all_games() -> list[GameData]:
    """Return the five shipped games in contract order."""
    return [game(slug) for slug in GAME_SLUGS]


def clause_keys() -> set[str]:
    """Return every clause key in the shipped corpus."""
    return {c.key for g in all_games() for c in g.clauses}
