"""Imperial Tax Farmer's outcome fields and their values as the referee page shows them (games.labels)."""

from django.utils.translation import pgettext_lazy

from games.labels import FIRST_PLAYER, GOLD_AFTER, Out, outcome_labels

from .common import GAME

# What a rebellion does (rebellion.REBELLION_EFFECTS, clauses itf.rebellion.*).
EFFECT_LABELS = {
    "marker-placed": pgettext_lazy("rebellion effect", "a rebellion marker is placed"),
    "agents-removed": pgettext_lazy("rebellion effect", "the agents are removed"),
    "need-cards-reshuffled": pgettext_lazy("rebellion effect", "the need cards are shuffled into the deck"),
}

outcome_labels(
    GAME,
    {
        "tested": Out(pgettext_lazy("outcome", "Tested")),
        "dice_sum": Out(pgettext_lazy("outcome", "Dice total")),
        "threshold": Out(pgettext_lazy("outcome", "Threshold (agents and coins)")),
        "rebellion": Out(pgettext_lazy("outcome", "Rebellion")),
        "effects": Out(pgettext_lazy("outcome", "What follows"), values=EFFECT_LABELS),
        "controller": Out(pgettext_lazy("outcome", "Controlled by")),
        "active": Out(pgettext_lazy("outcome", "Active")),
        "crushed": Out(pgettext_lazy("outcome", "Crushed")),
        "election_points": Out(pgettext_lazy("outcome", "Election points")),
        "points_after": Out(pgettext_lazy("outcome", "Points afterwards")),
        "gold_after": Out(GOLD_AFTER),
        "first_player": Out(FIRST_PLAYER),
        "marker_mover": Out(pgettext_lazy("outcome", "Moves the marker")),
        "marker_after": Out(pgettext_lazy("outcome", "Marker afterwards")),
        "bonus_agents": Out(pgettext_lazy("outcome", "Extra agents")),
        "game_over": Out(pgettext_lazy("outcome", "Game over")),
        "winners": Out(pgettext_lazy("outcome", "Winners")),
    },
)
