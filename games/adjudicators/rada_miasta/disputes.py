"""Rada Miasta: the game's known disputed points, each with a worked example to run live."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute

dispute(
    key="technical-problems-and-decay",
    title=gettext_lazy("Technical Problems and the post-vote decay"),
    question=gettext_lazy(
        "When Technical Problems cancels a vote, does every player still lose 1 support per group, "
        "does the proposer's turn end, and what happens to the District? The card only says the vote "
        "is cancelled; the decay follows a 'concluded' vote and the turn ends after a 'lost' one."
    ),
    clauses=[
        "rm.events.technical-problems",
        "rm.events.technical-problems-cost",
        "rm.vote.decay",
        "rm.vote.lost-ends-turn",
        "rm.vote.lost-stage-1",
        "rm.vote.lost-stage-2-3",
    ],
    adjudicator="council-vote",
    inputs={
        "seating": ["Ala", "Bartek", "Celina"],
        "proposer": "Ala",
        "support": {
            "Ala": {"residents": 6, "entrepreneurs": 2, "merchants": 5},
            "Bartek": {"residents": 2, "entrepreneurs": 3, "merchants": 1},
            "Celina": {"residents": 1, "entrepreneurs": 1, "merchants": 2},
        },
        "votes": {"Ala": "for", "Bartek": "against", "Celina": "against"},
        "district": {"type": "residential", "stage": 1},
        "events": [{"card": "technical-problems", "player": "Bartek"}],
    },
    at_stake=["cancelled", "turn_ends", "district_fate", "support_after"],
)

dispute(
    key="uncertain-decay-on-won-vote",
    title=gettext_lazy("The uncertain post-vote decay on a won vote"),
    question=gettext_lazy(
        "The designer marks the post-vote decay as red text, the least certain rule. After a won vote, "
        "is the decay applied before the new District's support (document order), so that a proposer "
        "at 10 keeps the gain, or after it, and will the rule survive testing at all?"
    ),
    clauses=[
        "rm.vote.decay",
        "rm.intro.red-text",
        "rm.pros-cons.con-max-support-deadlock",
        "rm.vote.won-gain",
    ],
    adjudicator="council-vote",
    inputs={
        "seating": ["Ala", "Bartek"],
        "proposer": "Ala",
        "support": {
            "Ala": {"residents": 3, "entrepreneurs": 4, "merchants": 10},
            "Bartek": {"residents": 2, "entrepreneurs": 2, "merchants": 6},
        },
        "votes": {"Ala": "for", "Bartek": "against"},
        "district": {"type": "commercial", "stage": 2},
    },
    at_stake=["support_after"],
)

dispute(
    key="regulatory-confusion-scope",
    title=gettext_lazy("Whose support Regulatory Confusion removes"),
    question=gettext_lazy(
        "Regulatory Confusion removes 'all support votes in a chosen social group': every player's "
        "support in that group, or only one chosen player's?"
    ),
    clauses=["rm.events.regulatory-confusion", "rm.events.election-promises"],
    adjudicator="event-card",
    inputs={
        "support": {
            "Ala": {"residents": 2, "entrepreneurs": 0, "merchants": 7},
            "Bartek": {"residents": 4, "entrepreneurs": 3, "merchants": 5},
        },
        "card": "regulatory-confusion",
        "group": "merchants",
    },
    at_stake=["support_after"],
)

dispute(
    key="round-order-tie",
    title=gettext_lazy("A tie for the most support"),
    question=gettext_lazy(
        "When players tie for the most support, the previous round's first player goes first again. "
        "Does that hold even when that player is not one of the tied leaders, and what other cases does "
        "'for example in the case of a tie' cover?"
    ),
    clauses=["rm.order.most-support-first", "rm.order.tie-previous-first"],
    adjudicator="round-order",
    inputs={
        "seating": ["Ala", "Bartek", "Celina"],
        "round": 4,
        "support": {
            "Ala": {"residents": 5, "entrepreneurs": 3, "merchants": 2},
            "Bartek": {"residents": 4, "entrepreneurs": 4, "merchants": 2},
            "Celina": {"residents": 1, "entrepreneurs": 2, "merchants": 3},
        },
        "previous_first": "Celina",
    },
    at_stake=["first", "order"],
)
