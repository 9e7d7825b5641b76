"""Parameter → code: which adjudicators read a parameter (``rules.param("x")``, ``P("x")``).

A designer may remove a parameter from a clause only when no code reads it: an adjudicator
asking an edition for a figure its clauses no longer state cannot rule
(``MissingParameter``). This index answers "who reads it?" for that refusal
(``rules.services.clause_revise``) the way ``citations`` answers "who cites this clause?":
it reads the source of the game's package with ``ast`` and runs nothing. An adjudicator
reads the parameter names written as string literals in its function, its decorator (the
input declaration and the summary), and every top-level function, class or constant of the
package it reaches by name. The lab's modules are read too: a playtest under the draft
would ask for the figure as well.

It errs towards refusing: a name defined in two modules of a package is followed into both.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

from .citations import _names, _package_files
from .core import all_adjudicators

LAB = Path(__file__).resolve().parent.parent.parent / "lab"


def _strings(node: ast.AST) -> set[str]:
    return {s.value for s in ast.walk(node) if isinstance(s, ast.Constant) and isinstance(s.value, str)}


def _definitions(files: list[Path]) -> dict[str, list[tuple[set[str], set[str]]]]:
    """Top-level name → (string literals, names used) of each definition of it."""
    out: dict[str, list[tuple[set[str], set[str]]]] = defaultdict(list)
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                targets = [node.name]
            elif isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                targets = [node.target.id]
            else:
                continue
            for name in targets:
                out[name].append((_strings(node), _names(node)))
    return out


@functools.cache
def _reads(game: str) -> dict[str, frozenset[str]]:
    """Adjudicator name → every string literal its code reaches."""
    adjs = [a for a in all_adjudicators() if a.game == game]
    if not adjs:
        return {}
    defs = _definitions(_package_files(adjs[0].fn.__code__.co_filename))
    out = {}
    for adj in adjs:
        seen: set[str] = set()
        todo = [adj.fn.__name__]
        strings: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for literals, names in defs.get(name, ()):
                strings |= literals
                todo.extend(n for n in names if n in defs)
        out[adj.name] = frozenset(strings)
    return out


@functools.cache
def _lab_strings() -> frozenset[str]:
    return frozenset(
        s for path in sorted(LAB.glob("*.py")) for s in _strings(ast.parse(path.read_text("utf-8")))
    )


def parameter_readers(game: str, name: str) -> list[str]:
    """The adjudicators of ``game`` whose code reads parameter ``name`` (then "lab" when the
    playtest lab reads it), in name order; empty when no code reads it."""
    found = sorted(adj for adj, strings in _reads(game).items() if name in strings)
    if name in _lab_strings():
        found.append("lab")
    return found
