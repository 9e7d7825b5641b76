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
- ``disputes.toml`` — the known disputed points, each with its worked example, and
  ``examples.json`` — each adjudicator's worked examples (both data: ``games.engine.data``).

Importing the package registers every adjudicator (in the order of the round) and dispute.
"""

from pathlib import Path

from games.engine import data

# Registration order is the order of the round (the registry lists them so): keep it.
# isort: off
from . import taxes  # noqa: F401  (beneficiary, tax)
from . import population  # noqa: F401  (population-growth)
from . import conflict  # noqa: F401  (conflict, city-attack)
from . import cities  # noqa: F401  (city-construction, city-support)
from . import trade  # noqa: F401  (trade-cards)
from . import calamities  # noqa: F401  (calamity-hand, hand-limit)
from . import scoring  # noqa: F401  (victory-points, ast-move)
from . import ships  # noqa: F401  (ship-payment)
from . import labels  # noqa: F401  (outcome labels)

# isort: on
from .common import GAME

# The worked examples and the disputes are data beside the code (games.engine.data).
data.load(GAME, Path(__file__).parent)

__all__ = ["GAME"]
