"""Praetor's known disputed points, each with a worked example run live on the disputes page."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute

dispute(
    key="city-tiles-tiebreak",
    title=gettext_lazy("The third tie-break: fewer or more city tiles?"),
    question=gettext_lazy(
        "The third tie-break is written '-城市板块数量' ('-number of city tiles'). Is the minus a sign "
        "that fewer city tiles wins, or a stray list dash meaning more city tiles wins?"
    ),
    clauses=["pr.victory.most-favor", "pr.victory.tiebreak-city-tiles"],
    adjudicator="winner",
    inputs={
        "players": [
            {"name": "Livia", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 7, "age": 34},
            {"name": "Marcus", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 5, "age": 41},
        ]
    },
    at_stake=["winner", "decided_by"],
)

dispute(
    key="grey-tile-own-fee",
    title=gettext_lazy("Fee for activating your own special tile"),
    question=gettext_lazy(
        "Special (grey) tiles say you must pay the owner's fee, with no exception for the owner; ordinary "
        "tiles are free to the player who built them. Does the owner of a special tile pay anything?"
    ),
    clauses=["pr.actions.special-fee", "pr.actions.activate-fee", "pr.tiles.labour-camp"],
    adjudicator="activation",
    inputs={
        "player": "Livia",
        "tile": {"kind": "grey", "owner": "Livia", "fee": 2, "used_this_round": False},
        "player_used_this_round": False,
    },
    at_stake=["pays_owner", "fee_due"],
)

dispute(
    key="final-scoring-by-experience",
    title=gettext_lazy("Active workers 'according to their experience'"),
    question=gettext_lazy(
        "Final scoring gives each active worker favor 'according to their experience' without a table. "
        "Is it one favor per point of experience, or a scale printed elsewhere?"
    ),
    clauses=["pr.final.active-workers", "pr.concepts.workers-dice"],
    adjudicator="final-scoring",
    inputs={"favor": 60, "active_workers": [5, 3, 1], "novices": 1, "morale_favor": 0},
    at_stake=["workers", "total"],
)

dispute(
    key="wage-shortfall-at-minimum-morale",
    title=gettext_lazy("Missing wages once morale hits its minimum"),
    question=gettext_lazy(
        "'If your morale drops to the minimum, lose 5 favor for each missing gold': only the gold still "
        "missing after morale reached the minimum, or every missing gold of that payment?"
    ),
    clauses=["pr.upkeep.wage-shortfall", "pr.upkeep.wages-due"],
    adjudicator="upkeep",
    inputs={
        "era": "I",
        "novices": {"first": 0, "second": 0},
        "academy": "none",
        "workers": [{"experience": 2, "used": "other"}, {"experience": 3, "used": "other"}],
        "retired": 2,
        "wage_per_active": 1,
        "pension_per_retired": 1,
        "gold": 0,
        "morale": 0,
        "morale_min": -2,
    },
    at_stake=["favor_penalty"],
)
