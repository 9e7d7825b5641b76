"""The GNIAZDO group's closing list of doubts (clause section ``doubts``) as disputes.

Each of the ten doubts (dl.doubt-1 … dl.doubt-10), with GNIAZDO's proposals 1, 5
and 6 where they exist, runs live on one of the adjudicators: the disputes page
shows the ruling under both variants (``original`` and ``gniazdo``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute

dispute(
    key="doubt-1",
    title=gettext_lazy("One unpaid tax: does every factory stop?"),
    question=gettext_lazy(
        "The tax stage says a player who cannot pay skips the next profit stage. Doubt 1: so one missing "
        "unit stops every factory. GNIAZDO's proposal 1: only factories whose own and city tax were paid work."
    ),
    clauses=["dl.taxes-unpaid", "dl.doubt-1", "dl.proposal-1"],
    adjudicator="profit-eligibility",
    inputs={
        "all_taxes_paid": False,
        "cities": [
            {
                "id": "Capital",
                "tax_paid": True,
                "connected": True,
                "facilities": [
                    {"id": "coal mine", "tax_paid": True},
                    {"id": "robot factory", "tax_paid": False},
                ],
            }
        ],
    },
)
dispute(
    key="doubt-2",
    title=gettext_lazy("May the token limits be exceeded?"),
    question=gettext_lazy(
        "The federation's set holds 30 land route tokens. Doubt 2: may a route be longer than 30 fields? "
        "Here 31 land segments are taxed."
    ),
    clauses=["dl.federation-tokens", "dl.general-tokens", "dl.doubt-2"],
    adjudicator="tax-bill",
    inputs={"cities": [], "units": {}, "routes": {"land": 31}},
)
dispute(
    key="doubt-3",
    title=gettext_lazy("Is the first city free?"),
    question=gettext_lazy(
        "Doubt 3: the instruction does not say whether the first city and its warehouse are paid for. "
        "Table 2 does tax the first city, in its own column."
    ),
    clauses=["dl.setup-money", "dl.setup-warehouse", "dl.t1.city", "dl.doubt-3", "dl.t2.districts-1-2"],
    adjudicator="city-tax",
    inputs={"districts": 1, "first_city": True},
)
dispute(
    key="doubt-4",
    title=gettext_lazy("Do borders move after a conquest?"),
    question=gettext_lazy(
        "Troops cross borders freely, but doubt 4: nothing lets the borders change after a federation's "
        "lands are occupied. Infantry moving through open land here crosses a border."
    ),
    clauses=["dl.borders", "dl.cross-borders", "dl.doubt-4"],
    adjudicator="movement",
    inputs={"unit": "infantry", "terrain": "open"},
)
dispute(
    key="doubt-5",
    title=gettext_lazy("A broken route: which factories stop?"),
    question=gettext_lazy(
        "Doubt 5: breaking a route anywhere stops ALL factories and mines. GNIAZDO's proposal 5: only those "
        "in cities cut off from the capital stop."
    ),
    clauses=["dl.doubt-5", "dl.proposal-5", "dl.profit-from-bank"],
    adjudicator="profit-eligibility",
    inputs={
        "all_taxes_paid": True,
        "cities": [
            {
                "id": "Capital",
                "tax_paid": True,
                "connected": True,
                "facilities": [{"id": "mine", "tax_paid": True}],
            },
            {
                "id": "Outpost",
                "tax_paid": True,
                "connected": False,
                "facilities": [{"id": "power plant", "tax_paid": True}],
            },
        ],
    },
)
dispute(
    key="doubt-6",
    title=gettext_lazy("May a unit move and attack in one round?"),
    question=gettext_lazy(
        "Doubt 6: it is not known whether a unit may move and attack in the same round. GNIAZDO's proposal 6: "
        "one move and one attack, in any order."
    ),
    clauses=["dl.military-stage", "dl.doubt-6", "dl.proposal-6"],
    adjudicator="move-and-attack",
    inputs={"actions": ["move", "attack"]},
)
dispute(
    key="doubt-7",
    title=gettext_lazy("Are the units too unequal?"),
    question=gettext_lazy(
        "Doubt 7: a weaker unit almost always loses to a stronger one, and many infantry cannot beat one "
        "armored unit. The movement of an armored unit shows its edge over infantry in open land."
    ),
    clauses=["dl.combat", "dl.armored-move", "dl.doubt-7"],
    adjudicator="movement",
    inputs={"unit": "armored", "terrain": "open"},
)
dispute(
    key="doubt-8",
    title=gettext_lazy("Four missiles to raze a city?"),
    question=gettext_lazy(
        "A missile destroys every second district. Doubt 8: a twelve-district city loses 6, then 3, then "
        "'two or one', and falls only to the fourth attack; the author probably meant two."
    ),
    clauses=["dl.missile-effect", "dl.doubt-8"],
    adjudicator="missile",
    inputs={"districts": 12, "kind": "missile"},
)
dispute(
    key="missile-odd-districts",
    title=gettext_lazy("Every second district of an odd number"),
    question=gettext_lazy(
        "How many districts does a missile destroy in a city of three districts? Doubt 8 itself says "
        "'two or one'."
    ),
    clauses=["dl.missile-effect", "dl.super-missile-same-rules", "dl.doubt-8"],
    adjudicator="missile",
    inputs={"districts": 3, "kind": "missile"},
)
dispute(
    key="doubt-9",
    title=gettext_lazy("Shooting missiles down"),
    question=gettext_lazy(
        "Doubt 9: a missile may shoot down another in flight, but not whether automatically nor within what "
        "range. The abbreviated text gives only the ship's rule: a 5 or 6 shoots down a missile aimed at it."
    ),
    clauses=["dl.ship-intercept", "dl.missile-range", "dl.doubt-9"],
    adjudicator="interception",
    inputs={"roll": 5},
)
dispute(
    key="doubt-10",
    title=gettext_lazy("No field is safe from ships"),
    question=gettext_lazy(
        "Doubt 10: with a range of five fields, ships can attack every field of the board from the water."
    ),
    clauses=["dl.ship-move", "dl.attack-range", "dl.doubt-10"],
    adjudicator="movement",
    inputs={"unit": "ship", "terrain": "sea"},
)
