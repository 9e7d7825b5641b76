"""Praetor (seed 001): adjudicators over the Chinese Essen 2014 overview.

The overview is a blogger's summary, not the rulebook: where it is silent the
rulings say what they assumed (``Reasoning.gap``) instead of importing rules
from elsewhere. Only one variant exists, ``original`` (the overview as written).

Design: one module per clause section of the overview, importing the package
registers everything.

- ``common``: vocabulary (resources, eras) and the shared input bounds, bound to the
  components' figures (``max_players``, ``worker_dice``, ``city_tiles``, ``wall_tiles``)
  and to ``experience_cap`` (pr.concepts.workers-dice).
- ``setup`` (pr.setup.*): ``starting-favor`` — pr.setup.starting-favor.
- ``order`` (pr.order.*): ``turn-order`` — pr.order.by-favor.
- ``actions`` (pr.actions.*): ``activation`` — pr.actions.activate-*, special-*, and the
  experience it earns at upkeep (pr.upkeep.red-experience / no-experience).
- ``upkeep`` (pr.upkeep.* steps 1-5): ``upkeep`` — novices and the academy
  (pr.upkeep.novice-*, pr.tiles.academy, pr.tiles.workers-camp), experience
  (pr.upkeep.*-experience, pr.concepts.workers-dice), retirement, wages and morale,
  the emergency worker.
- ``build`` (pr.actions.build-*): ``build`` — building a city tile and the favor it earns
  (the tile's favor, the plazas, the favor track).
- ``passing`` (pr.actions.one-at-a-time, must-pass, passed-final, early-pass): ``pass`` — whose
  turn it is in the action phase, and whether that player must pass.
- ``tiles`` (pr.tiles.*): ``city-tile`` — each tile's action, fee and yield, from a table naming
  each tile's clause (``TILES``); ``market`` (pr.tiles.market) and ``imperial-outpost``
  (pr.tiles.imperial-outpost, pr.concepts.caesar, the wall tiles' front and back).
- ``end`` (pr.upkeep.last-round-check, step 7): ``last-round``.
- ``scoring`` (pr.final.*, pr.victory.*): ``final-scoring`` and ``winner``.
- ``adjudicators.toml``: each adjudicator's question (title, en + pl) and the clause keys it
  may cite, in the order the pages list them; the modules above hold only the code:
  ``@adjudicator("name", inputs=…, summary=…)`` over the function.
- ``disputes.toml``: the known disputed points, each run on one of the adjudicators above;
  ``examples.json``: each adjudicator's worked examples; ``gaps.toml``: the known gaps, where
  the overview is silent and what a ruling assumes there; ``labels.toml``: the outcome fields as
  the referee page shows them, en + pl (all data: ``games.engine.data``, ``games.labels``).

Every figure the text states (favor values, experience thresholds, costs, rates) is a
parameter of its clause in ``rules/corpus/praetor/clauses.toml``, read with
``rules.param``; figures the text does not state stay constants next to the gap that
records the assumption.
"""

from pathlib import Path

from games import labels
from games.engine import data

# Importing the modules declares the adjudicators' code; adjudicators.toml lists them, in the
# order the pages and the API show them.
from . import actions, build, end, order, passing, scoring, setup, tiles, upkeep  # noqa: F401
from .common import GAME

# The titles, clause keys, worked examples, disputes, known gaps and outcome labels are data
# beside the code (games.engine.data, games.labels).
folder = Path(__file__).parent
data.load(GAME, folder)
labels.load(GAME, folder / "labels.toml")

__all__ = ["GAME"]
