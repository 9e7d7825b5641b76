"""Dolores's outcome fields and their values as the referee page shows them (games.labels)."""

from django.utils.translation import pgettext_lazy

from games.labels import ALLOWED, Out, outcome_labels

from .common import GAME, NAMES

PHASE_LABELS = {
    "full": pgettext_lazy("profit phase", "full"),
    "partial": pgettext_lazy("profit phase", "partial"),
    "skipped": pgettext_lazy("profit phase", "skipped"),
}
DIRECTION_LABELS = {
    "south": pgettext_lazy("wind direction", "south"),
    "east": pgettext_lazy("wind direction", "east"),
    "north": pgettext_lazy("wind direction", "north"),
    "west": pgettext_lazy("wind direction", "west"),
}
TOKEN_LABELS = {
    "pollution": pgettext_lazy("token", "pollution"),
    "radioactive": pgettext_lazy("token", "radioactive cloud"),
}
# The keys of a facility's line of the profit (what it is, its N, what it yields).
FACILITY_KEYS = {
    **NAMES,
    "id": pgettext_lazy("profit facility", "Facility"),
    "n": pgettext_lazy("profit facility", "N"),
    "yields": pgettext_lazy("profit facility", "Yields"),
}

outcome_labels(
    GAME,
    {
        "food": Out(pgettext_lazy("outcome", "Food")),
        "energy": Out(pgettext_lazy("outcome", "Energy")),
        "bill": Out(pgettext_lazy("outcome", "Tax bill"), keys=NAMES),
        "other": Out(pgettext_lazy("outcome", "Also due"), keys=NAMES),
        "profit_phase": Out(pgettext_lazy("outcome", "Profit phase"), values=PHASE_LABELS),
        "producing": Out(pgettext_lazy("outcome", "Facilities producing")),
        "n": Out(pgettext_lazy("outcome", "N")),
        "yields": Out(pgettext_lazy("outcome", "Yields"), keys=NAMES),
        "farms_removed": Out(pgettext_lazy("outcome", "Farm tokens removed")),
        "forests_removed": Out(pgettext_lazy("outcome", "Forest tokens removed")),
        "facilities": Out(pgettext_lazy("outcome", "Per facility"), keys=FACILITY_KEYS),
        "direction": Out(pgettext_lazy("outcome", "Wind direction"), values=DIRECTION_LABELS),
        "strength": Out(pgettext_lazy("outcome", "Wind strength")),
        "pollution": Out(pgettext_lazy("outcome", "Pollution"), coords=True),
        "radioactive": Out(pgettext_lazy("outcome", "Radioactive clouds"), coords=True),
        "new_fires": Out(pgettext_lazy("outcome", "New fires"), coords=True),
        "removed_off_board": Out(
            pgettext_lazy("outcome", "Blown off the board"),
            values=TOKEN_LABELS,
            coords=True,
            keys={
                "kind": pgettext_lazy("blown off the board", "Token"),
                "from": pgettext_lazy("blown off the board", "From"),
            },
        ),
        "destroyed": Out(pgettext_lazy("outcome", "Districts destroyed")),
        "remaining": Out(pgettext_lazy("outcome", "Districts left")),
        "attacks_to_raze": Out(pgettext_lazy("outcome", "Attacks to raze the city")),
        "radioactive_cloud": Out(pgettext_lazy("outcome", "Radioactive cloud")),
        "allowed": Out(ALLOWED),
        "max_fields": Out(pgettext_lazy("outcome", "Fields at most")),
        "shot_down": Out(pgettext_lazy("outcome", "Shot down")),
    },
)
