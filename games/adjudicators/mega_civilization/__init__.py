"""Mega Civilization (seed 003): adjudicators over the Greek "how to play" summary.

Every decision cites the clause of ``rules/corpus/mega-civilization/clauses.toml`` that
holds it, and every figure the code uses is a parameter bound to that clause's words
(``rules.param(...)``), so a draft that changes a figure changes the ruling. The summary
is short and often silent; each point where the inputs hit a silence is reported as a
gap together with the reading taken.

Layout, by the sections of the text (one module per phase of the round):

- ``common``      — shared vocabulary: the players list and the A.S.T. order
  (``mc.ast-order.*``), declared once.
- ``taxes``       — ``beneficiary`` (section "beneficiary", ``mc.tax.revolter-not-beneficiary``,
  ``mc.tax.revolt-next-beneficiary``) and ``tax`` (section "tax", 1.1-1.2).
- ``population``  — ``population-growth`` (section "growth", 2.1-2.2).
- ``ships``       — ``ship-payment`` (section "movement", ``mc.movement.ship-cost``).
- ``conflict``    — ``conflict`` and ``city-attack`` (section "conflict", 4.1-4.2, with
  ``mc.ast-order.ties`` for equal sides).
- ``cities``      — ``city-construction`` and ``city-support`` (section "cities", 5.1-5.3).
- ``trade``       — ``trade-cards`` (section "trade-cards", 6.1-6.2).
- ``calamities``  — ``calamity-hand`` (section "calamity-selection") and ``hand-limit``
  (``mc.hand-limit.*`` of section "advances").
- ``scoring``     — ``victory-points`` (section "winner", ``mc.vp.*``) and ``ast-move``
  (section "ast-move", 13.1).
- ``adjudicators.toml`` — each adjudicator's question (title, en + pl) and the clause keys it
  may cite, in the order of the round (the order the pages list them); the modules above hold
  only the code: ``@adjudicator("name", inputs=…, summary=…)`` over the function.
- ``disputes.toml`` — the known disputed points, each with its worked example;
  ``examples.json`` — each adjudicator's worked examples; ``gaps.toml`` — the known gaps,
  where the text is silent and what a ruling assumes there; ``labels.toml`` — the outcome fields
  as the referee page shows them, en + pl (all data: ``games.engine.data``, ``games.labels``).

Importing the package registers every adjudicator and dispute.
"""

from pathlib import Path

from games import labels
from games.engine import data

# Importing the modules declares the adjudicators' code; adjudicators.toml lists them, in the
# order the pages and the API show them.
from . import advances, calamities, cities, conflict, phases, population, scoring, ships, taxes, trade  # noqa: F401
from .common import GAME

# The titles, clause keys, worked examples, disputes, known gaps and outcome labels are data
# beside the code (games.engine.data, games.labels).
folder = Path(__file__).parent
data.load(GAME, folder)
labels.load(GAME, folder / "labels.toml")

__all__ = ["GAME"]
