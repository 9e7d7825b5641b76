"""Rada Miasta's outcome fields and their values as the referee page shows them (games.labels)."""

from django.utils.translation import pgettext_lazy

from games.labels import FIRST_PLAYER, Out, outcome_labels

from .common import GAME, GROUP_LABELS

TALLY_LABELS = {
    **GROUP_LABELS,
    "for": pgettext_lazy("vote", "For"),
    "against": pgettext_lazy("vote", "Against"),
}
FATE_LABELS = {
    "rebuilt": pgettext_lazy("district fate", "rebuilt"),
    "returned-to-pile": pgettext_lazy("district fate", "back to the pile of unbuilt Districts"),
    "stays": pgettext_lazy("district fate", "stays in its place"),
}

outcome_labels(
    GAME,
    {
        "support": Out(pgettext_lazy("outcome", "Support"), keys=GROUP_LABELS),
        "gained": Out(pgettext_lazy("outcome", "Points gained")),
        "group": Out(pgettext_lazy("outcome", "Group"), values=GROUP_LABELS),
        "discarded": Out(pgettext_lazy("outcome", "Points over the limit")),
        "first": Out(FIRST_PLAYER),
        "order": Out(pgettext_lazy("outcome", "Order of the round")),
        "by_lot": Out(pgettext_lazy("outcome", "Drawn by lot")),
        "totals": Out(pgettext_lazy("outcome", "Total support")),
        "voting_order": Out(pgettext_lazy("outcome", "Voting order")),
        "tallies": Out(pgettext_lazy("outcome", "Support for and against"), keys=TALLY_LABELS),
        "council_votes": Out(pgettext_lazy("outcome", "City Council votes")),
        "passed": Out(pgettext_lazy("outcome", "Passed")),
        "unanimous": Out(pgettext_lazy("outcome", "Unanimous")),
        "cancelled": Out(pgettext_lazy("outcome", "Cancelled")),
        "turn_ends": Out(pgettext_lazy("outcome", "Turn ends")),
        "district_fate": Out(pgettext_lazy("outcome", "The District"), values=FATE_LABELS),
        "support_after": Out(pgettext_lazy("outcome", "Support afterwards"), keys=GROUP_LABELS),
    },
)
