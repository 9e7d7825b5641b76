"""Imperial Tax Farmer: the known disputed points of the rules, each with a worked example.

The titles and questions quote the wording of the shipped edition (figures included):
they describe the dispute, the worked example runs under the edition's parameters.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute
from .round import example_round

# Why the optional rule (variant ``everyone-loses``) rules the same as the rules as written.
OPTIONAL_RULE_ASIDE = gettext_lazy(
    "The optional rule changes only the end of a game in which every province but IMPERIA has "
    "rebelled; on this point it leaves the rules as written."
)

dispute(
    key="bribery-rate",
    title=gettext_lazy("Buying points with gold: at what rate?"),
    question=gettext_lazy(
        "Gold may be exchanged for points, but the text states a rate only for selling points "
        "(2 points give 1 gold). How much gold does a point cost?"
    ),
    clauses=["itf.bribery.gold-for-points", "itf.bribery.points-for-gold", "itf.bribery.rate"],
    adjudicator="bribery",
    inputs={"points": 22, "gold": 9, "sell_points": 0, "buy_points": 8},
    at_stake=["points_after", "gold_after"],
    agree=OPTIONAL_RULE_ASIDE,
)

dispute(
    key="first-player-tie",
    title=gettext_lazy("A tie for the fewest points: who is first player?"),
    question=gettext_lazy(
        "The player with the fewest points takes the FIRST PLAYER marker and 2 extra agents. "
        "Who takes them when several players tie for the fewest points?"
    ),
    clauses=["itf.round-end.first-player", "itf.setup.first-player", "itf.round-end.mover-roll"],
    adjudicator="end-of-round",
    inputs=example_round(points={"Ala": 18, "Bartek": 31, "Celina": 18, "Darek": 52}),
    at_stake=["first_player", "bonus_agents"],
    agree=OPTIONAL_RULE_ASIDE,
)

dispute(
    key="marker-past-100",
    title=gettext_lazy("The election marker rolled past space 100"),
    question=gettext_lazy(
        "The game ends when the election marker is on space 100. Does it end when a roll takes "
        "the marker past 100?"
    ),
    clauses=["itf.game-end.marker-100", "itf.round-end.marker-mover"],
    adjudicator="end-of-round",
    inputs=example_round(marker=97, marker_dice=[3, 4]),
    at_stake=["marker_after", "game_over"],
    agree=OPTIONAL_RULE_ASIDE,
)

dispute(
    key="everyone-loses",
    title=gettext_lazy("Every province but IMPERIA has rebelled"),
    question=gettext_lazy(
        "The game ends when every province but IMPERIA has rebelled. Who wins then: the player "
        "with the most points, or, under the optional rule, nobody?"
    ),
    clauses=["itf.game-end.all-rebelled", "itf.optional.everyone-loses"],
    adjudicator="end-of-round",
    inputs=example_round(all_provinces_rebelled=True),
    at_stake=["winners"],
)

dispute(
    key="imperia-without-majority",
    title=gettext_lazy("Who acts in IMPERIA without a majority?"),
    question=gettext_lazy(
        "Provinces without a majority stay inactive, except IMPERIA. Who carries out IMPERIA's "
        "actions when nobody has the majority there?"
    ),
    clauses=["itf.actions.no-majority", "itf.actions.majority"],
    adjudicator="control",
    inputs={"agents": {"Ala": 3, "Bartek": 3, "Celina": 1}, "imperia": True},
    at_stake=["controller", "active"],
    agree=OPTIONAL_RULE_ASIDE,
)

dispute(
    key="three-way-tie",
    title=gettext_lazy("Three players tied at the end"),
    question=gettext_lazy(
        'Ties at the end are broken by agents in IMPERIA, then "the game ends with 2 winners". '
        "What if three players are still tied?"
    ),
    clauses=["itf.game-end.tie-imperia", "itf.game-end.two-winners", "itf.game-end.designer-aside"],
    adjudicator="end-of-round",
    inputs=example_round(
        points={"Ala": 60, "Bartek": 60, "Celina": 60},
        imperia_agents={"Ala": 2, "Bartek": 2, "Celina": 2},
        marker=96,
        marker_dice=[5],
    ),
    at_stake=["winners"],
    agree=OPTIONAL_RULE_ASIDE,
)
