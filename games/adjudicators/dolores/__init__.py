"""Dolores (seed 004): the GNIAZDO group's abbreviated rules, with Tables 1 and 2.

DESIGN. One module per stage (clause section) of the rules; importing the package
registers every adjudicator and dispute of the game:

- ``common``   — the CONTRACT vocabulary (resources, units, routes, buildings and their
  names) and the lookups into Table 1 (dl.t1.*) and Table 2 (dl.t2.*);
- ``taxes``    — stage 3, section ``taxes``: ``city-tax`` (dl.taxes-due, dl.table-2-intro,
  dl.t2.*) and ``tax-bill`` (plus dl.taxes-table, dl.t1.*, dl.robots-tax,
  dl.robots-raise-n, dl.doubt-2 on the token sets of dl.federation-tokens);
- ``profit``   — stage 4, section ``profit``: ``profit-eligibility`` (dl.taxes-unpaid,
  dl.doubt-5, dl.profit-from-bank; gniazdo: dl.proposal-1, dl.proposal-5) and ``profit``
  (dl.profit-*, dl.pollution-reduces-n, dl.pollution-treatment-plant, dl.robots-raise-n,
  dl.robots-example);
- ``weather``  — stage 2, section ``wind``: ``wind`` (dl.wind-*, dl.fire-spread); section
  ``disasters``: ``pollution`` (dl.pollution-appears, dl.pollution-treatment-plant);
- ``military`` — stage 5 and section ``units``: ``missile`` (dl.missile-effect,
  dl.super-missile-*, dl.radioactive-cloud, dl.doubt-8), ``movement`` (dl.infantry-*,
  dl.armored-*, dl.ship-move, dl.ship-transport), ``move-and-attack`` (dl.military-stage,
  dl.doubt-6; gniazdo: dl.proposal-6) and ``interception`` (dl.ship-intercept,
  dl.super-missile-same-rules);
- ``adjudicators.toml`` — each adjudicator's question (title, en + pl) and the clause keys it
  may cite, in the order the pages list them (the stages' order); the modules above hold only
  the code: ``@adjudicator("name", inputs=…, summary=…)`` over the function;
- ``disputes.toml`` — section ``doubts``: the ten doubts of the closing list as disputes;
- ``examples.json`` — each adjudicator's worked examples;
- ``gaps.toml`` — the known gaps: where the text is silent and what a ruling assumes there;
- ``labels.toml`` — the outcome fields as the referee page shows them (en + pl), and the
  game's vocabulary: the names of its resources, units, routes, buildings, the wind's
  directions … (``[maps]``), which the form and the computed messages say too (``common.WORDS``;
  all five files are data: ``games.engine.data``, ``games.labels``).

Every figure of the two tables (prices, taxes) is table data of the edition's rules
(``rules.table``); every figure written in a sentence (movement ranges, 10 x N energy,
3 wood per forest, 2 energy per robot, the dice faces of the wind and of a ship's
interception, the token sets' sizes …) is a parameter bound to its clause's words
(``rules.param``), so a draft that changes the words changes the ruling.

Variants: ``original`` (the abbreviated instruction as written) and ``gniazdo``
(GNIAZDO's proposals 1, 5 and 6 of the closing list).
"""

from pathlib import Path

from games import labels
from games.engine import data

# Importing the modules declares the adjudicators' code; adjudicators.toml lists them, in the
# order the pages and the API show them.
from . import investment, military, profit, setup, taxes, units, weather  # noqa: F401
from .common import GAME

# The titles, clause keys, worked examples, disputes, known gaps and outcome labels are data
# beside the code (games.engine.data, games.labels).
folder = Path(__file__).parent
data.load(GAME, folder)
labels.load(GAME, folder / "labels.toml")

__all__ = ["GAME"]
