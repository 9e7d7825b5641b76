"""Rada Miasta (seed 000): support points, round order, the City Council vote, event cards.

DESIGN. One module per section of ``rules/corpus/rada-miasta/clauses.toml``; importing
the package registers every adjudicator and dispute:

- ``common``: the vocabulary (groups, District types, cards) and the shared input
  declarations (support levels 0-``max_support``, District stages 1-``max_stage``);
- ``support`` (section "support", with ``rm.intro.terrain``): adjudicator
  ``support-gain`` — ``rm.support.gain-by-stage``, ``rm.support.public-district``,
  ``rm.support.limits``; its ``add_district_support`` is reused by ``rm.vote.won-gain``;
- ``order`` (section "order"): adjudicator ``round-order`` — ``rm.order.*``;
- ``vote`` (sections "vote-needed" and "vote", and the two cards played during a vote):
  adjudicator ``council-vote`` — ``rm.vote-needed.rebuilding``, ``rm.vote.*``,
  ``rm.support.groups`` (the three groups the vote is weighed in),
  ``rm.events.councillor-absent``, ``rm.events.technical-problems[-cost]``;
- ``events`` (section "events"): adjudicator ``event-card`` —
  ``rm.events.outside-vote``, ``rm.events.regulatory-confusion``,
  ``rm.events.election-promises``;
- ``adjudicators.toml``: each adjudicator's question (title, en + pl) and the clause keys it
  may cite, in the order the pages list them; the modules above hold only the code:
  ``@adjudicator("name", inputs=…, summary=…)`` over the function;
- ``disputes.toml``: the game's four known disputed points; ``gaps.toml``: the points where
  the draft is silent (below) and the reading a ruling takes; ``examples.json``: each
  adjudicator's worked examples; ``labels.toml``: the outcome fields as the referee page shows
  them, en + pl, and the game's vocabulary (groups, District types, cards: ``[maps]``), which
  the messages and the form say too (``common.WORDS``; all data: ``games.engine.data``,
  ``games.labels``).

Every figure or choice the code takes from the text is a parameter bound to the words of
its clause (``params = {...}`` in clauses.toml): ``max_support``, ``support_gain``,
``first_player_support``, ``turn_direction``, ``group_vote_for``, ``group_vote_none``,
``council_votes_to_win``, ``pile_stage``, ``max_stage``, ``decay_points``,
``decay_players``, ``councillor_absent_points``, ``election_promises_points``. The draft
is silent on several points (what a cancelled vote leaves behind, whose support
Regulatory Confusion removes, how much a Public District gives); those are reported as
gaps with the reading taken. The post-vote decay (``rm.vote.decay``) is the designer's
uncertain "red text": its step says so whenever the edition's wording is marked uncertain.
Every rule clause is implemented but ``rm.support.tracking`` (how the points are marked on
the table), declared ``table-talk`` in clauses.toml (``games.coverage``).
"""

from pathlib import Path

from games import labels
from games.engine import data

# Importing the modules declares the adjudicators' code; adjudicators.toml lists them, in the
# order the pages and the API show them.
from . import events, order, support, vote  # noqa: F401
from .common import GAME

# The titles, clause keys, worked examples, disputes, known gaps and outcome labels are data
# beside the code (games.engine.data, games.labels).
folder = Path(__file__).parent
data.load(GAME, folder)
labels.load(GAME, folder / "labels.toml")

__all__ = ["GAME"]
