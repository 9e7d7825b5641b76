"""Clause → code: which adjudicators and functions cite a clause, with file and line.

A step names its clause; this index answers the other way round for the clause page
("Implemented by") and for the test that every clause an adjudicator declares is cited
by its code. It reads the source of the registered adjudicators' modules (the whole
game package) with ``ast``: a function cites the clause keys written as string literals
in its body (docstrings aside) or in the module-level constants it uses by name, and an
adjudicator cites what its function and the package's functions it calls cite. It runs
no code, so a key passed through a variable from outside the package is not seen; the
rule sets keep their keys as literals for that reason.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from .core import CLAUSE_KEY, all_adjudicators, disputes_for, relative_path


@dataclass(frozen=True)
class Citer:
    """One place in the code that cites a clause."""

    kind: str  # "adjudicator" or "function"
    game: str
    name: str
    file: str
    line: int


@dataclass
class _Function:
    name: str
    file: str
    line: int
    keys: dict[str, int]  # key → line of the literal
    names: set[str]  # names used (constants) and called (functions)


def _package_files(module_file: str) -> list[Path]:
    """The game's package (every module beside the adjudicator's), or its single module."""
    path = Path(module_file)
    if path.parent.name == "adjudicators":
        return [path]
    return sorted(path.parent.glob("*.py"))


def _literals(node: ast.AST) -> dict[str, int]:
    found: dict[str, int] = {}
    body = getattr(node, "body", None)
    skip = None
    if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
        value = body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            skip = value  # the docstring
    for sub in ast.walk(node):
        if sub is skip:
            continue
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and CLAUSE_KEY.match(sub.value):
            found.setdefault(sub.value, sub.lineno)
    return found


def _names(node: ast.AST) -> set[str]:
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
    return out


def _scan(files: list[Path]) -> tuple[dict[str, list[_Function]], dict[str, dict[str, int]]]:
    functions: dict[str, list[_Function]] = defaultdict(list)
    constants: dict[str, dict[str, int]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = relative_path(str(path))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions[node.name].append(
                    _Function(node.name, rel, node.lineno, _literals(node), _names(node))
                )
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                keys = _literals(node)
                for t in targets:
                    if isinstance(t, ast.Name) and keys:
                        constants[t.id] = {k: line for k, line in keys.items()}
    return functions, constants


def _own_keys(fn: _Function, constants: dict[str, dict[str, int]]) -> dict[str, int]:
    keys = dict(fn.keys)
    for name in fn.names & constants.keys():
        for key, line in constants[name].items():
            keys.setdefault(key, line)
    return keys


@functools.cache
def _game_index(game: str) -> tuple[dict[str, set[str]], dict[str, list[Citer]]]:
    """(adjudicator name → keys it reaches, clause key → citers) for one game."""
    adjs = [a for a in all_adjudicators() if a.game == game]
    if not adjs:
        return {}, {}
    files = _package_files(adjs[0].fn.__code__.co_filename)
    functions, constants = _scan(files)
    reaches: dict[str, set[str]] = {}
    citers: dict[str, list[Citer]] = defaultdict(list)
    for fns in functions.values():
        for fn in fns:
            for key, line in sorted(_own_keys(fn, constants).items(), key=lambda kv: kv[1]):
                citers[key].append(Citer("function", game, fn.name, fn.file, line))
    for adj in adjs:
        seen: set[str] = set()
        todo = [adj.fn.__name__]
        keys: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for fn in functions.get(name, ()):
                keys.update(_own_keys(fn, constants))
                todo.extend(n for n in fn.names if n in functions)
        reaches[adj.name] = keys
        file, line = adj.source
        for key in keys:
            citers[key].append(Citer("adjudicator", game, adj.name, file, line))
    return reaches, dict(citers)


def reached_by(game: str, name: str) -> set[str]:
    """Every clause key the adjudicator's code cites (its function and what it calls)."""
    return set(_game_index(game)[0].get(name, set()))


def implemented_by(game: str, key: str) -> list[Citer]:
    """The adjudicators (first) and functions citing clause ``key``, with file and line."""
    found = _game_index(game)[1].get(key, [])
    return sorted(found, key=lambda c: (c.kind != "adjudicator", c.file, c.line, c.name))


def disputes_citing(game: str, key: str) -> list:
    """The registered disputes of ``game`` whose wording in dispute includes ``key``."""
    return [d for d in disputes_for(game) if key in d.clauses]
