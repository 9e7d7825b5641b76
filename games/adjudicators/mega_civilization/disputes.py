"""Mega Civilization: the known disputed points, each with a worked example to run live.

Dispute texts are shown outside any edition's rules, so they avoid the figures a
parameter carries (the tax per city, the tokens a city is worth); where a dispute is
about one figure's wording (a card costing exactly 200) it quotes that wording.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .common import dispute

dispute(
    key="tax-revolt-several-cities",
    title=gettext_lazy("How many cities revolt when a player cannot pay for several?"),
    question=gettext_lazy(
        "Tax is owed per city, but the revolt rule speaks of the beneficiary replacing one city ('whichever "
        "city he wishes'). With 4 cities and 3 tokens in stock, does one city revolt, or one per unpaid city?"
    ),
    clauses=["mc.tax.collection", "mc.tax.revolt", "mc.tax.revolt-next-beneficiary"],
    adjudicator="tax",
    inputs={
        "players": [{"name": "Ala", "cities": 4, "stock": 3}, {"name": "Bartek", "cities": 2, "stock": 9}]
    },
    at_stake=["paid", "revolting_cities"],
)

dispute(
    key="conflict-tie-odd-limit",
    title=gettext_lazy("Tied sides one token above the limit"),
    question=gettext_lazy(
        "Equal sides remove simultaneously until the area holds its population limit; with 3 against 3 in an "
        "area of limit 3, the second simultaneous removal would leave 2. Who removes the last token?"
    ),
    clauses=["mc.conflict.tokens", "mc.conflict.tokens-equal", "mc.ast-order.ties"],
    adjudicator="conflict",
    # The ruling needs the A.S.T. order here (without it the question is refused).
    inputs={"limit": 3, "forces": {"Ala": 3, "Bartek": 3}, "ast_order": ["Bartek", "Ala"]},
    at_stake=["remaining", "removals"],
)

dispute(
    key="city-attack-win",
    title=gettext_lazy("When does the attacker of a city win?"),
    question=gettext_lazy(
        "After the city is replaced by tokens and the conflict is fought, both sides may still have tokens "
        "in the area. Has the attacker won, and may they plunder?"
    ),
    clauses=["mc.conflict.city-replaced", "mc.conflict.tokens", "mc.conflict.city-plunder"],
    adjudicator="city-attack",
    inputs={"attacker": "Ala", "defender": "Bartek", "attackers": 8, "limit": 4},
    at_stake=["city_destroyed", "plunder"],
)

dispute(
    key="trade-cards-tie",
    title=gettext_lazy("Who draws first when players have as many cities?"),
    question=gettext_lazy(
        "Drawing starts with the player with the fewest cities; the text does not say who goes first among "
        "players with the same number. It matters when a stack runs out (a Water card is drawn instead)."
    ),
    clauses=["mc.trade-cards.acquisition", "mc.trade-cards.empty-stack-water", "mc.ast-order.ties"],
    adjudicator="trade-cards",
    inputs={
        "players": [
            {"name": "Ala", "cities": 2, "treasury": 0},
            {"name": "Bartek", "cities": 2, "treasury": 0},
        ],
        "ast_order": ["Bartek", "Ala"],
        "stacks": {"1": 5, "2": 1, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5},
    },
    at_stake=["order", "draws"],
)

dispute(
    key="card-costing-200",
    title=gettext_lazy("A civilization advance costing exactly 200"),
    question=gettext_lazy(
        "Cards costing 100 to 199 score 3 points and cards costing 'above 200' score 6. What does a card "
        "costing exactly 200 score?"
    ),
    clauses=["mc.vp.cards-100-to-199", "mc.vp.cards-above-200"],
    adjudicator="victory-points",
    inputs={"cities": 0, "cards": [200], "ast_steps": 0, "sole_late_iron_age": False},
    at_stake=["cards"],
)

dispute(
    key="ast-move-criteria-without-city",
    title=gettext_lazy("Criteria met with no city on the map"),
    question=gettext_lazy(
        "A player who meets the criteria moves their marker forward; a player with no city on the map moves it "
        "back. What happens to a player who is both?"
    ),
    clauses=["mc.ast-move.advance", "mc.ast-move.no-city-back"],
    adjudicator="ast-move",
    inputs={"meets_requirements": True, "cities_on_board": 0},
    at_stake=["move"],
)
