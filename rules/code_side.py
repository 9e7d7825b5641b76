"""What the catalogue asks of the code that rules on it, without importing that code.

The catalogue (``rules``) sits below the adjudication (``games``) and never imports it. A
few questions only the code can answer are asked through this module instead, and
``games`` answers them when Django starts (``games.apps.GamesConfig.ready`` calls
``answer``):

- ``parameter_readers(slug, name)``: the adjudicators whose code reads parameter ``name``
  (a revision may not remove one: ``services.clause_revise``);
- ``check_declarations(game)``: the problems of a corpus game's ``restates`` declarations
  that only the code can see (``corpus.read_game`` refuses them);
- ``clause_code(slug, key, version)`` and ``clause_coverage(slug, clause, version)``: the
  code side of the clause page (``views.clause``).

Asked before ``games`` answered, each raises instead of answering "nothing": a check
skipped in silence would let through a revision no code can rule on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CodeSide:
    parameter_readers: Callable[[str, str], list[str]]
    check_declarations: Callable[[Any], list[str]]
    clause_code: Callable[[str, str, Any], Any]
    clause_coverage: Callable[[str, Any, Any], Any]


_answered: list[CodeSide] = []


def answer(side: CodeSide) -> None:
    """Plug in the code's answers (once, when the app that holds the code starts)."""
    _answered[:] = [side]


def code_side() -> CodeSide:
    """The code's answers; ``RuntimeError`` when no app has given them yet."""
    if not _answered:
        raise RuntimeError("no app answers for the code yet: the games app has not started (django.setup)")
    return _answered[0]
