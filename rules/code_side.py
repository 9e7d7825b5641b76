"""What the catalogue asks of the code that rules on it, without importing that code.

The catalogue (``rules``) sits below the adjudication (``games``) and never imports it. The
questions only the code can answer are asked here (``config.answers.Question``), and
``games`` answers them when Django starts (``games.apps.GamesConfig.ready``):

- ``parameter_readers(slug, name)``: the adjudicators whose code reads parameter ``name``
  (a revision may not remove one: ``services.clause_revise``);
- ``check_declarations(game)``: the problems of a corpus game's ``restates`` declarations
  that only the code can see (``corpus.read_game`` refuses them);
- ``clause_code(slug, key, version)`` and ``clause_coverage(slug, clause, version)``: the
  code side of the clause page (``views.clause``).
"""

from __future__ import annotations

from config.answers import Question

GAMES = "the games app (GamesConfig.ready)"

parameter_readers = Question("rules.code_side.parameter_readers", answered_by=GAMES)
check_declarations = Question("rules.code_side.check_declarations", answered_by=GAMES)
clause_code = Question("rules.code_side.clause_code", answered_by=GAMES)
clause_coverage = Question("rules.code_side.clause_coverage", answered_by=GAMES)
