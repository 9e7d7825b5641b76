"""Adjudicators of Imperial Tax Farmer (seed 002, the designer's prototype rules).

Every step cites the clause of ``rules/corpus/imperial-tax-farmer/clauses.toml`` that
decided it, and every figure the rulings use is a parameter bound to the words of its
clause (``rules.param(...)``, ``P(...)``), so a draft that changes a figure in the text
changes the rulings, the input bounds and the messages with no code change.

One module per section of the rules:

- ``common``: the game, its dice and players (itf.setup.dice: ``die_faces``,
  ``max_dice``; itf.setup.three-players: ``min_players``) and the majority reading
  ("przewaga" is strictly more agents than every other player);
- ``rebellion`` — "2. Test Rebelii": ``rebellion-test`` (itf.rebellion.*, itf.setup.estyx);
- ``actions`` — "3. Akcje": ``control`` (itf.actions.majority, .no-majority) and
  ``crush-rebellion`` (itf.crush.requirements, itf.crush.reward: ``crush_points``;
  itf.rebellion.no-retest);
- ``bribery`` — "4. Przekupstwo": ``bribery`` (itf.bribery.*; itf.bribery.rate:
  ``bribery_points``, ``bribery_gold``);
- ``round`` — the end of the round and of the game, written at the end of section 4:
  ``end-of-round`` (itf.round-end.*: ``first_player_agents``, ``marker_dice_min``,
  ``marker_dice_max``, ``below_marker_agents``; itf.game-end.*: ``final_space``,
  ``tie_winners``; itf.optional.everyone-loses under the everyone-loses variant);
- ``adjudicators.toml``: each adjudicator's question (title, en + pl) and the clause keys it
  may cite, in the order of the rules (the order the referee offers them); the modules above
  hold only the code: ``@adjudicator("name", inputs=…, summary=…)`` over the function;
- ``disputes.toml``: the known disputed points, each run live on one of the above;
  ``examples.json``: each adjudicator's worked examples; ``gaps.toml``: the readings below, as
  known gaps; ``labels.toml``: the outcome fields as the referee page shows them, en + pl (all
  data: ``games.engine.data``, ``games.labels``).

Readings taken on ambiguous wording (each reported as a gap when the inputs reach it):

- the rebellion threshold is one total: all agents in the province plus the coins
  lying on its need card(s);
- bribery buys points at the stated selling rate, and only whole lots of points
  change hands;
- "below the marker" is checked after the marker has moved, and strictly;
- a marker rolled past the last space stops there and ends the game; a tie of more
  players than the text foresees after every tie-break gives that many winners.

Sections "1. Rozmieszczanie Agentów" and "5. Zaopatrzenie" have no adjudicator.
"""

from pathlib import Path

from games import labels
from games.engine import data

# Importing the modules declares the adjudicators' code; adjudicators.toml lists them, in the
# order the pages and the API show them.
from . import actions, bribery, rebellion, round, setup  # noqa: F401
from .common import GAME

# The titles, clause keys, worked examples, disputes, known gaps and outcome labels are data
# beside the code (games.engine.data, games.labels).
folder = Path(__file__).parent
data.load(GAME, folder)
labels.load(GAME, folder / "labels.toml")

__all__ = ["GAME"]
