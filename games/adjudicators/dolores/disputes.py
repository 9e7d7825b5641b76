"""The GNIAZDO group's closing list of doubts (clause section ``doubts``) as disputes.

Each of the ten doubts (dl.doubt-1 … dl.doubt-10), with GNIAZDO's proposals 1, 5
and 6 where they exist. Where an adjudicator's outcome turns on the doubted point, the
worked example puts the reader in that situation and runs it live under both variants
(``original`` and ``gniazdo``). Doubts 3, 4, 7, 9 and 10 are about things no
adjudicator rules yet (setup purchases, borders, combat, missiles meeting missiles,
attack ranges): those say so, with the question left open and what the wording says.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute

dispute(
    key="doubt-1",
    title=gettext_lazy("One unpaid tax: does every factory stop?"),
    question=gettext_lazy(
        "The tax stage says a player who cannot pay skips the next profit stage. Doubt 1: so one missing "
        "unit stops every factory. GNIAZDO's proposal 1: only factories whose own and city tax were paid work. "
        "Here the capital's tax was paid, and so was its coal mine's, but not its robot factory's."
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
    at_stake=["profit_phase", "producing"],
)
dispute(
    key="doubt-2",
    title=gettext_lazy("May the token limits be exceeded?"),
    question=gettext_lazy(
        "The federation's set holds 30 land route tokens. Doubt 2: may a route be longer than 30 fields? "
        "Here a federation has 31 land route segments on the board when its tax falls due."
    ),
    clauses=["dl.federation-tokens", "dl.general-tokens", "dl.doubt-2"],
    adjudicator="tax-bill",
    inputs={"cities": [], "units": {}, "routes": {"land": 31}},
    at_stake=["bill"],
    agree=gettext_lazy(
        "GNIAZDO proposes nothing on the token limits, so both variants read the same wording: neither "
        "says the counts of a set are hard limits, and each ruling says which reading it leans on."
    ),
)
dispute(
    key="doubt-3",
    title=gettext_lazy("Is the first city free?"),
    question=gettext_lazy(
        "At setup each president receives 1100 kokosy and a city token, placed on its field, and keeps a "
        "warehouse in the first district of that first city. Table 1 prices a city at 100 kokosy. Doubt 3: "
        "the instruction does not say whether the players are exempt from paying for the first city and "
        "its warehouse."
    ),
    clauses=["dl.setup-money", "dl.setup-warehouse", "dl.t1.city", "dl.doubt-3"],
    open_question=gettext_lazy(
        "Does a federation pay 100 kokosy for its first city, and anything for its warehouse, out of the "
        "1100 kokosy it starts with?"
    ),
    wording=gettext_lazy(
        "Setup hands out the city token and records the warehouse without naming a price; Table 1 prices "
        "a city at 100 kokosy to buy and has no row for a warehouse."
    ),
)
dispute(
    key="doubt-4",
    title=gettext_lazy("Do borders move after a conquest?"),
    question=gettext_lazy(
        "A federation's troops occupy fields of an enemy federation. Borders are tokens stood around the "
        "fields a federation owns, and troops cross them freely. Doubt 4: nothing lets the borders change "
        "after such an occupation."
    ),
    clauses=["dl.borders", "dl.investment-actions", "dl.t1.land-field", "dl.cross-borders", "dl.doubt-4"],
    open_question=gettext_lazy(
        "When a federation's troops occupy an enemy federation's lands, do those lands, and the border "
        "tokens around them, pass to the occupier?"
    ),
    wording=gettext_lazy(
        "Territory grows only by purchase in the investment stage (a land field costs 3 kokosy in Table 1) "
        "and is marked with border tokens; the military stage lets troops cross borders but never moves "
        "them. As written, lands bought stay the buyer's until the end of the game, which doubt 4 calls a "
        "shortcoming."
    ),
)
dispute(
    key="doubt-5",
    title=gettext_lazy("A broken route: which factories stop?"),
    question=gettext_lazy(
        "Doubt 5: breaking a route anywhere stops ALL factories and mines. GNIAZDO's proposal 5: only those "
        "in cities cut off from the capital stop. Here every tax was paid, but the route to the Outpost is "
        "broken."
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
    at_stake=["producing"],
)
dispute(
    key="doubt-6",
    title=gettext_lazy("May a unit move and attack in one round?"),
    question=gettext_lazy(
        "Doubt 6: it is not known whether a unit may move and attack in the same round. GNIAZDO's proposal 6: "
        "one move and one attack, in any order. Here one unit moves, then attacks, in the military stage."
    ),
    clauses=["dl.military-stage", "dl.doubt-6", "dl.proposal-6"],
    adjudicator="move-and-attack",
    inputs={"actions": ["move", "attack"]},
    at_stake=["allowed"],
)
dispute(
    key="doubt-7",
    title=gettext_lazy("Are the units too unequal?"),
    question=gettext_lazy(
        "A clash between units: each side rolls a die, modified as the unit descriptions say, and the lower "
        "total is removed. Doubt 7: a weaker unit almost always loses to a stronger one (infantry to armored "
        "units, both to a ship); even many infantry units cannot beat one armored unit."
    ),
    clauses=["dl.combat", "dl.top-token-active", "dl.infantry-move", "dl.armored-move", "dl.doubt-7"],
    open_question=gettext_lazy(
        "The combat rule leaves the modifiers to the unit descriptions, which give none; its own example "
        "(infantry takes 4 off against a ship) is the only one in the text. What modifies each unit's roll "
        "in a clash?"
    ),
    wording=gettext_lazy(
        "One die per side, modified as the unit descriptions say, and the lower total is removed; only the "
        "token on top of a stack can be attacked. Doubt 7 questions the balance rather than the wording, "
        "and GNIAZDO proposes no change."
    ),
)
dispute(
    key="doubt-8",
    title=gettext_lazy("Four missiles to raze a city?"),
    question=gettext_lazy(
        "A missile destroys every second district. Doubt 8: a twelve-district city loses 6, then 3, then "
        "'two or one', and falls only to the fourth attack; the author probably meant two. Here a missile "
        "hits a city of twelve districts."
    ),
    clauses=["dl.missile-effect", "dl.doubt-8"],
    adjudicator="missile",
    inputs={"districts": 12, "kind": "missile"},
    at_stake=["destroyed", "attacks_to_raze"],
    agree=gettext_lazy(
        "GNIAZDO only points out the consequence and proposes no change, so both variants read 'every "
        "second district' as written."
    ),
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
    at_stake=["destroyed", "remaining"],
    agree=gettext_lazy(
        "Neither variant says how to take every second district of an odd number: both take the reading "
        "their ruling states where the wording is silent."
    ),
)
dispute(
    key="doubt-9",
    title=gettext_lazy("Shooting missiles down"),
    question=gettext_lazy(
        "A missile flies at its target and an enemy missile could shoot it down. Doubt 9: a missile may "
        "shoot down another in flight, but the instruction does not say whether this happens automatically, "
        "nor whether the missile shot down must be within the range of the one shooting."
    ),
    clauses=["dl.missile-range", "dl.missile-single-use", "dl.ship-intercept", "dl.doubt-9"],
    open_question=gettext_lazy(
        "Does a missile shoot down an enemy missile automatically, or only when its owner chooses to, and "
        "on what roll? Must the missile shot down be within the shooter's range of 10 fields?"
    ),
    wording=gettext_lazy(
        "The abbreviated text has no rule for a missile shooting down a missile. Its only interception is a "
        "ship's: it shoots down a missile aimed at it on a roll of 5 or 6. A missile reaches 10 fields and "
        "is spent after its first attack."
    ),
)
dispute(
    key="doubt-10",
    title=gettext_lazy("No field is safe from ships"),
    question=gettext_lazy(
        "A ship at sea, an enemy city inland. A unit attacks what is within its range: on its own field or "
        "at the distance its description gives. Doubt 10: with a range of five fields, ships can attack "
        "every field of the board from the water."
    ),
    clauses=["dl.attack-range", "dl.ship-move", "dl.doubt-10"],
    open_question=gettext_lazy(
        "Are a ship's five fields also the range of its attacks, so that it can strike land fields up to "
        "five fields from the sea?"
    ),
    wording=gettext_lazy(
        "The ship's description gives five fields only as its move per round, on sea fields only, and "
        "states no attack distance; the general rule allows an attack on the unit's own field or at the "
        "distance its description gives. Doubt 10 reads the five fields as the ship's range."
    ),
)
