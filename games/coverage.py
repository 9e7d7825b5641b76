"""Every rule clause accounted for: implemented by an adjudicator, or declared not executable.

A clause of kind ``rule``, ``table`` or ``clarification`` (``rules.corpus.RULE_KINDS``) is
*implemented* when an adjudicator

- cites it: its key is in the code of the adjudicator or of a function it calls
  (``games.engine.citations``);
- reads a parameter the clause binds (``params = {...}`` in clauses.toml: ``max_stage`` of
  ``rm.vote.lost-stage-2-3`` is read by support-gain, so that clause is implemented by it);
- reads a table whose rows the clause holds (``rules.table("table-1")`` implements every
  row's clause of Dolores's Table 1).

The code says what it reads by name (found statically, no code is run); the edition says which
clause binds the name and holds the rows, so a parameter re-bound to another clause moves its
implementation with it. Otherwise the clause carries ``not_executable`` in clauses.toml with
one of three reasons (FORMAT.md "Coverage"). Declarations are about the code of this release,
like the pins, so they are read from the shipped corpus, whatever the edition.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules import corpus

from .engine import citations
from .engine.core import for_game
from .engine.rules import Rules


@dataclass(frozen=True)
class Implementer:
    """An adjudicator that implements a clause, and where it does (its definition)."""

    adjudicator: str
    file: str
    line: int
    via: str  # "cites", "parameter" or "table"
    name: str = ""  # the parameter's name or the table's key

    @property
    def how(self) -> str:
        """``cites``, ``parameter max_stage`` or ``table table-1`` (for messages and tests)."""
        return f"{self.via} {self.name}".strip()


@dataclass(frozen=True)
class ClauseCoverage:
    key: str
    kind: str
    section: str
    implemented_by: tuple[Implementer, ...]
    # The clauses.toml declaration ({"reason", "clause"|"why"}) or None.
    declared: Mapping[str, str] | None = None

    @property
    def executable(self) -> bool:
        """False when the clause is declared not executable."""
        return self.declared is None

    @property
    def reason(self) -> str | None:
        """Why no adjudicator implements it; None when one does (or none does and none should)."""
        if self.implemented_by or self.declared is None:
            return None
        return self.declared["reason"]

    @property
    def restates(self) -> str | None:
        return (self.declared or {}).get("clause") if self.reason == "restates" else None

    @property
    def why(self) -> str | None:
        return (self.declared or {}).get("why") if self.reason == "table-talk" else None

    @property
    def accounted(self) -> bool:
        """Implemented, or declared not executable."""
        return bool(self.implemented_by) or self.declared is not None


@dataclass(frozen=True)
class Coverage:
    game: str
    clauses: tuple[ClauseCoverage, ...]
    sections: tuple[tuple[str, str], ...] = field(default=())  # (key, title) in document order

    @property
    def rule_clauses(self) -> int:
        return len(self.clauses)

    @property
    def implemented(self) -> int:
        return sum(1 for c in self.clauses if c.implemented_by)

    @property
    def not_executable(self) -> int:
        return sum(1 for c in self.clauses if c.reason is not None)

    @property
    def unaccounted(self) -> list[str]:
        """Rule clauses neither implemented nor declared not executable."""
        return [c.key for c in self.clauses if not c.accounted]

    def by_reason(self, reason: str) -> int:
        return sum(1 for c in self.clauses if c.reason == reason)

    @property
    def executable_share(self) -> float:
        """Implemented / rule clauses less ``components`` and ``restates`` (issue #21's 90 %)."""
        base = self.rule_clauses - self.by_reason("components") - self.by_reason("restates")
        return self.implemented / base if base else 1.0

    def total(self) -> dict:
        """The counts and shares of the whole game, as ``by_section`` gives them per section."""
        return _counts(self.clauses)

    def by_section(self) -> list[dict]:
        """Per section with rule clauses: its clauses and counts, in document order."""
        groups: dict[str, list[ClauseCoverage]] = defaultdict(list)
        for c in self.clauses:
            groups[c.section].append(c)
        return [
            {"key": key, "title": title, **_counts(groups[key])}
            for key, title in self.sections
            if groups.get(key)
        ]


def _counts(clauses: Iterable[ClauseCoverage]) -> dict:
    clauses = list(clauses)
    n = len(clauses)
    implemented = sum(1 for c in clauses if c.implemented_by)
    declared = sum(1 for c in clauses if c.reason is not None)
    return {
        "clauses": clauses,
        "total": n,
        "implemented": implemented,
        "not_executable": declared,
        "missing": n - implemented - declared,
        # Shares of the bar; implemented is rounded down so the two never overflow 100.
        "implemented_pct": 100 * implemented // n if n else 0,
        "not_executable_pct": round(100 * declared / n) if n else 0,
    }


def implementers(
    game: str, *, param_clauses: Mapping[str, str], table_rows: Mapping[str, Iterable[str]]
) -> dict[str, list[Implementer]]:
    """Clause key → the adjudicators implementing it, given which clause binds each parameter
    (``param_clauses``: name → key) and which clauses hold each table's rows (no query)."""
    out: dict[str, list[Implementer]] = defaultdict(list)
    for adj in for_game(game):
        file, line = adj.source
        seen: set[str] = set()

        def add(key: str, via: str, name: str = "", adj=adj, file=file, line=line, seen=seen) -> None:
            if key not in seen:
                seen.add(key)
                out[key].append(Implementer(adj.name, file, line, via, name))

        for key in sorted(citations.reached_by(game, adj.name)):
            add(key, "cites")
        reads = citations.reads_of(game, adj.name)
        for name in sorted(reads.params):
            if name in param_clauses:
                add(param_clauses[name], "parameter", name)
        for table in sorted(reads.tables):
            for key in table_rows.get(table, ()):
                add(key, "table", table)
    return dict(out)


def _corpus_reads(data: corpus.GameData) -> tuple[dict[str, str], dict[str, list[str]]]:
    param_clauses = {name: c.key for c in data.clauses for name in c.params}
    table_rows = {
        t["key"]: [r["clause"] for r in t.get("rows", []) if "clause" in r]
        for t in data.tables.get("tables", [])
    }
    return param_clauses, table_rows


def shipped_table_rows(game: str) -> dict[str, list[str]]:
    """Table key → the clauses of its rows, as shipped (empty for a game not in the corpus)."""
    try:
        return _corpus_reads(corpus.game(game))[1]
    except FileNotFoundError:
        return {}


def declarations(game: str) -> dict[str, Mapping[str, str]]:
    """Clause key → its ``not_executable`` declaration in the shipped corpus."""
    try:
        data = corpus.game(game)
    except FileNotFoundError:
        return {}
    return {c.key: c.not_executable for c in data.clauses if c.not_executable is not None}


def compute(
    game: str,
    *,
    clauses: Iterable[tuple[str, str, str]],
    param_clauses: Mapping[str, str],
    table_rows: Mapping[str, Iterable[str]],
    sections: Iterable[tuple[str, str]] = (),
    declared: Mapping[str, Mapping[str, str]] | None = None,
) -> Coverage:
    """The coverage of ``clauses`` ((key, kind, section) in document order; only rule kinds
    count) under these parameter bindings and table rows."""
    found = implementers(game, param_clauses=param_clauses, table_rows=table_rows)
    declared = declarations(game) if declared is None else declared
    return Coverage(
        game=game,
        clauses=tuple(
            ClauseCoverage(key, kind, section, tuple(found.get(key, ())), declared.get(key))
            for key, kind, section in clauses
            if kind in corpus.RULE_KINDS
        ),
        sections=tuple(sections),
    )


@functools.cache
def of_corpus(game: str) -> Coverage:
    """The coverage of the shipped corpus (no database): what the tests hold to account."""
    data = corpus.game(game)
    param_clauses, table_rows = _corpus_reads(data)
    return compute(
        game,
        clauses=[(c.key, c.kind, c.section) for c in data.clauses],
        param_clauses=param_clauses,
        table_rows=table_rows,
        sections=[(s.key, s.en or s.title) for s in data.sections],
        declared=declarations(game),
    )


def check_declarations(data: corpus.GameData) -> list[str]:
    """The ``restates`` declarations whose clause no adjudicator implements (the loader refuses
    them: a restatement of nothing executable accounts for nothing)."""
    import games.adjudicators  # noqa: F401  (registers every adjudicator: the index reads them)

    if not for_game(data.slug):
        return []  # a game with no rule set yet: nothing implements, nothing to check against
    param_clauses, table_rows = _corpus_reads(data)
    found = implementers(data.slug, param_clauses=param_clauses, table_rows=table_rows)
    problems = []
    for c in data.clauses:
        decl = c.not_executable
        if decl is None:
            continue
        if decl.get("reason") == "restates" and decl.get("clause") and decl["clause"] not in found:
            problems.append(
                f"{c.key}: restates {decl['clause']}, which no adjudicator implements (implement it, or "
                "declare what it is)"
            )
    return problems


def _rules_reads(rules: Rules) -> tuple[dict[str, str], dict[str, list[str]]]:
    param_clauses = {name: p.clause for name, p in rules.params.items()}
    table_rows = {key: [r["clause"] for r in rows if "clause" in r] for key, rows in rules.tables.items()}
    return param_clauses, table_rows


def implemented_keys(game: str, rules: Rules) -> set[str]:
    """Every clause an adjudicator of ``game`` implements under ``rules``: what the pins cover."""
    param_clauses, table_rows = _rules_reads(rules)
    return set(implementers(game, param_clauses=param_clauses, table_rows=table_rows))


def read_clauses(game: str, adjudicator: str, rules: Rules) -> set[str]:
    """The clauses whose parameters and table rows the adjudicator reads under ``rules``: a
    ruling depends on them even where no step quotes them (its pins warn for them too)."""
    reads = citations.reads_of(game, adjudicator)
    out = {rules.params[name].clause for name in reads.params if name in rules.params}
    for table in reads.tables:
        out.update(r["clause"] for r in rules.tables.get(table, ()) if "clause" in r)
    return out
