"""Mega Civilization's outcome fields and their values as the referee page shows them (games.labels)."""

from django.utils.translation import pgettext_lazy

from games.labels import DECIDED_BY, Out, outcome_labels

from .common import GAME

# What chose the beneficiary: mc.beneficiary.most-cities, .tie-tokens, .tie-ast, in that order.
BENEFICIARY_BY_LABELS = {
    "cities": pgettext_lazy("beneficiary chosen by", "most cities in stock"),
    "tokens": pgettext_lazy("beneficiary chosen by", "most tokens in stock"),
    "ast": pgettext_lazy("beneficiary chosen by", "A.S.T. order"),
}
# mc.calamity-selection.hand: the ways a hand of calamities breaks the rule (the limits are
# parameters of the edition, so the labels name no figure).
VIOLATION_LABELS = {
    "more-than-three": pgettext_lazy("calamity hand", "too many calamities"),
    "more-than-two-major": pgettext_lazy("calamity hand", "too many major calamities"),
    "duplicate": pgettext_lazy("calamity hand", "the same calamity twice"),
}

outcome_labels(
    GAME,
    {
        "beneficiary": Out(pgettext_lazy("outcome", "Beneficiary")),
        "decided_by": Out(DECIDED_BY, values=BENEFICIARY_BY_LABELS),
        "due": Out(pgettext_lazy("outcome", "Tax due")),
        "paid": Out(pgettext_lazy("outcome", "Tax paid")),
        "revolting_cities": Out(pgettext_lazy("outcome", "Cities in revolt")),
        "areas": Out(pgettext_lazy("outcome", "Tokens per area")),
        "census": Out(pgettext_lazy("outcome", "Census")),
        "remaining": Out(pgettext_lazy("outcome", "Tokens left")),
        "removals": Out(
            pgettext_lazy("outcome", "Removals in order"),
            values={"both": pgettext_lazy("token removal", "both at once")},
        ),
        "fails": Out(pgettext_lazy("outcome", "The attack fails")),
        "city_destroyed": Out(pgettext_lazy("outcome", "City destroyed")),
        "plunder": Out(
            pgettext_lazy("outcome", "Plunder"),
            keys={
                "trade_cards": pgettext_lazy("plunder", "trade cards"),
                "treasure_max": pgettext_lazy("plunder", "treasure, at most"),
            },
        ),
        "built": Out(pgettext_lazy("outcome", "Built")),
        "required": Out(pgettext_lazy("outcome", "Tokens required")),
        "surplus_removed": Out(pgettext_lazy("outcome", "Surplus tokens removed")),
        "reduced": Out(pgettext_lazy("outcome", "Cities reduced")),
        "cities_after": Out(pgettext_lazy("outcome", "Cities afterwards")),
        "tokens_after": Out(pgettext_lazy("outcome", "Tokens afterwards")),
        "order": Out(pgettext_lazy("outcome", "Drawing order")),
        "draws": Out(
            pgettext_lazy("outcome", "Free draws (stack)"),
            values={"water": pgettext_lazy("trade card", "Water")},
        ),
        "purchased": Out(pgettext_lazy("outcome", "Bought a card of stack 9")),
        "stacks_after": Out(pgettext_lazy("outcome", "Cards left per stack")),
        "treasury_after": Out(pgettext_lazy("outcome", "Treasury afterwards")),
        "valid": Out(pgettext_lazy("outcome", "Valid")),
        "violations": Out(pgettext_lazy("outcome", "Broken rules"), values=VIOLATION_LABELS),
        "major": Out(pgettext_lazy("outcome", "Major calamities")),
        "minor": Out(pgettext_lazy("outcome", "Minor calamities")),
        "duplicates": Out(pgettext_lazy("outcome", "Held twice")),
        "limit": Out(pgettext_lazy("outcome", "Hand limit")),
        "cities": Out(pgettext_lazy("outcome", "Points for cities")),
        "cards": Out(pgettext_lazy("outcome", "Points for cards")),
        "ast": Out(pgettext_lazy("outcome", "Points for the A.S.T.")),
        "bonus": Out(pgettext_lazy("outcome", "Bonus points")),
        "total": Out(pgettext_lazy("outcome", "Total")),
        "move": Out(pgettext_lazy("outcome", "A.S.T. move")),
        "option": Out(pgettext_lazy("outcome", "Payment option")),
    },
)
