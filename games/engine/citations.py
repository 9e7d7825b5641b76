"""Clause → code: which adjudicators and functions cite a clause, with file and line.

A step names its clause; this index answers the other way round for the clause page
("Implemented by") and for the test that every clause an adjudicator declares is cited
by its code. It reads the source of the registered adjudicators' modules (the whole
game package) with ``ast``: a function cites the clause keys written as string literals
in its body (docstrings aside) or in the module-level constants it uses by name, and an
adjudicator cites what its function and the package's functions it calls cite. It runs
no code, so a key passed through a variable from outside the package is not seen; the
rule sets keep their keys as literals for that reason.

The same walk finds what an adjudicator reads from the edition's rules, which is how a
clause can be implemented without its key in the code: the parameters it reads
(``rules.param("max_stage")`` or ``P("max_stage")`` with a literal name, or a literal in a
module constant the function uses, like mega-civilization's ``HAND_LIMIT_LINES``) and the
tables (``rules.table("table-1")``). Which clause binds a parameter, and which clauses hold a
table's rows, is the edition's business, not the code's: ``games.coverage`` joins the two.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field
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
    params: dict[str, int]  # parameter name → line of the read
    tables: dict[str, int]  # table key → line of the read


# A parameter's name is a Python identifier (rules/corpus FORMAT.md ``params``).
_PARAM_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Reads:
    """What one adjudicator reads from the edition's rules, each with the file and line of a read."""

    params: dict[str, tuple[str, int]]
    tables: dict[str, tuple[str, int]]


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


def _literal_arg(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def _reads(node: ast.AST, file: str) -> tuple[dict[str, int], dict[str, int]]:
    """Parameters (``.param("x")``, ``P("x")``) and tables (``.table("x")``) read by literal name."""
    params: dict[str, int] = {}
    tables: dict[str, int] = {}
    for sub in ast.walk(node):
        if not isinstance(sub, ast.Call) or (name := _literal_arg(sub)) is None:
            continue
        func = sub.func
        called = (
            func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        )
        if called in ("param", "P"):
            params.setdefault(name, sub.lineno)
        elif called == "table":
            tables.setdefault(name, sub.lineno)
    return params, tables


def _identifiers(node: ast.AST) -> dict[str, int]:
    """String literals that could name a parameter (a module constant listing parameters)."""
    found: dict[str, int] = {}
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _PARAM_NAME.match(sub.value):
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


@dataclass
class _Constant:
    file: str
    keys: dict[str, int]
    params: dict[str, int]  # read through P("x") in the constant (an input declaration's bound)
    tables: dict[str, int]
    identifiers: dict[str, int]  # every identifier-like literal: parameter names it may list
    # Every name it uses: a dispatch table (a constant naming the functions that rule each row)
    # calls those functions for the adjudicator that uses it.
    names: set[str] = field(default_factory=set)


def _scan(files: list[Path]) -> tuple[dict[str, list[_Function]], dict[str, _Constant]]:
    functions: dict[str, list[_Function]] = defaultdict(list)
    constants: dict[str, _Constant] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = relative_path(str(path))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                params, tables = _reads(node, rel)
                functions[node.name].append(
                    _Function(node.name, rel, node.lineno, _literals(node), _names(node), params, tables)
                )
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                params, tables = _reads(node, rel)
                constant = _Constant(rel, _literals(node), params, tables, _identifiers(node), _names(node))
                for t in targets:
                    if isinstance(t, ast.Name):
                        constants[t.id] = constant
    return functions, constants


def _own_keys(fn: _Function, constants: dict[str, _Constant]) -> dict[str, int]:
    keys = dict(fn.keys)
    for name in fn.names & constants.keys():
        for key, line in constants[name].keys.items():
            keys.setdefault(key, line)
    return keys


def _constants_used(names: set[str], constants: dict[str, _Constant]) -> list[str]:
    """The module constants among ``names``, and those they name in turn (an input declaration
    naming ``MAX_WORKERS = P("worker_dice")``), in a stable order."""
    found: set[str] = set()
    todo = sorted(names & constants.keys())
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo.extend(sorted(constants[name].names & constants.keys()))
    return sorted(found)


def _own_reads(fn: _Function, constants: dict[str, _Constant], reads: Reads) -> None:
    """Add what ``fn`` reads (itself and through the module constants it uses) to ``reads``."""
    for name, line in fn.params.items():
        reads.params.setdefault(name, (fn.file, line))
    for key, line in fn.tables.items():
        reads.tables.setdefault(key, (fn.file, line))
    for used in _constants_used(fn.names, constants):
        constant = constants[used]
        for name, line in {**constant.identifiers, **constant.params}.items():
            # Any identifier a used constant lists may name a parameter; games.coverage keeps
            # only the names the edition binds, so "most" or "red" never count.
            reads.params.setdefault(name, (constant.file, line))
        for key, line in constant.tables.items():
            reads.tables.setdefault(key, (constant.file, line))


@functools.cache
def _game_index(game: str) -> tuple[dict[str, set[str]], dict[str, list[Citer]], dict[str, Reads]]:
    """(adjudicator name → keys it reaches, clause key → citers, adjudicator name → what it
    reads) for one game."""
    adjs = [a for a in all_adjudicators() if a.game == game]
    if not adjs:
        return {}, {}, {}
    files = _package_files(adjs[0].fn.__code__.co_filename)
    functions, constants = _scan(files)
    reaches: dict[str, set[str]] = {}
    citers: dict[str, list[Citer]] = defaultdict(list)
    for fns in functions.values():
        for fn in fns:
            for key, line in sorted(_own_keys(fn, constants).items(), key=lambda kv: kv[1]):
                citers[key].append(Citer("function", game, fn.name, fn.file, line))
    reads: dict[str, Reads] = {}
    for adj in adjs:
        seen: set[str] = set()
        todo = [adj.fn.__name__]
        keys: set[str] = set()
        found = Reads({}, {})
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for fn in functions.get(name, ()):
                keys.update(_own_keys(fn, constants))
                _own_reads(fn, constants, found)
                todo.extend(n for n in fn.names if n in functions)
                for used in fn.names & constants.keys():
                    todo.extend(n for n in constants[used].names if n in functions)
        reaches[adj.name] = keys
        reads[adj.name] = found
        file, line = adj.source
        for key in keys:
            citers[key].append(Citer("adjudicator", game, adj.name, file, line))
    return reaches, dict(citers), reads


def reached_by(game: str, name: str) -> set[str]:
    """Every clause key the adjudicator's code cites (its function and what it calls)."""
    return set(_game_index(game)[0].get(name, set()))


def reads_of(game: str, name: str) -> Reads:
    """The parameters and tables the adjudicator's code reads by name (its function and what it
    calls, and the constants they use, its input declaration included)."""
    return _game_index(game)[2].get(name, Reads({}, {}))


def implemented_by(game: str, key: str) -> list[Citer]:
    """The adjudicators (first) and functions citing clause ``key``, with file and line."""
    found = _game_index(game)[1].get(key, [])
    return sorted(found, key=lambda c: (c.kind != "adjudicator", c.file, c.line, c.name))


def disputes_citing(game: str, key: str) -> list:
    """The registered disputes of ``game`` whose wording in dispute includes ``key``."""
    return [d for d in disputes_for(game) if key in d.clauses]
