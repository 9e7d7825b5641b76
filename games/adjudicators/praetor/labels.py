"""Praetor's outcome fields and their values as the referee page shows them (games.labels)."""

from django.utils.translation import pgettext_lazy

from games.labels import ALLOWED, DECIDED_BY, GOLD_AFTER, Out, outcome_labels

from .common import GAME

# What settled the ranking: favor, then the tie-breaks pr.victory.tiebreak-* in their order.
DECIDED_BY_LABELS = {
    "favor": pgettext_lazy("praetor tie-break", "favor"),
    "morale": pgettext_lazy("praetor tie-break", "morale"),
    "walls": pgettext_lazy("praetor tie-break", "walls"),
    "city_tiles": pgettext_lazy("praetor tie-break", "city tiles"),
    "age": pgettext_lazy("praetor tie-break", "age"),
}
NOVICE_SPACE_LABELS = {
    "first": pgettext_lazy("novice space", "First space"),
    "second": pgettext_lazy("novice space", "Second space"),
}

outcome_labels(
    GAME,
    {
        "favor": Out(pgettext_lazy("outcome", "Favor")),
        "order": Out(pgettext_lazy("outcome", "Turn order")),
        "novices": Out(pgettext_lazy("outcome", "Novices"), keys=NOVICE_SPACE_LABELS),
        "promoted": Out(pgettext_lazy("outcome", "Novices made active")),
        "workers": Out(pgettext_lazy("outcome", "Active workers")),
        "retired_now": Out(pgettext_lazy("outcome", "Retiring now")),
        "retired": Out(pgettext_lazy("outcome", "Retired workers")),
        "favor_from_retirement": Out(pgettext_lazy("outcome", "Favor from retirement")),
        "wages_due": Out(pgettext_lazy("outcome", "Wages due")),
        "gold_after": Out(GOLD_AFTER),
        "morale_after": Out(pgettext_lazy("outcome", "Morale afterwards")),
        "favor_penalty": Out(pgettext_lazy("outcome", "Favor lost")),
        "stone_paid": Out(pgettext_lazy("outcome", "Stone paid")),
        "may_buy_emergency_worker": Out(pgettext_lazy("outcome", "May buy an emergency worker")),
        "morale": Out(pgettext_lazy("outcome", "Morale")),
        "gold_total": Out(pgettext_lazy("outcome", "Resources in gold")),
        "resources_favor": Out(pgettext_lazy("outcome", "Favor from resources")),
        "total": Out(pgettext_lazy("outcome", "Total favor")),
        "winner": Out(pgettext_lazy("outcome", "Winner")),
        "ranking": Out(pgettext_lazy("outcome", "Ranking")),
        "decided_by": Out(DECIDED_BY, values=DECIDED_BY_LABELS),
        "allowed": Out(ALLOWED),
        "pays_owner": Out(pgettext_lazy("outcome", "Pays the owner")),
        "fee_due": Out(pgettext_lazy("outcome", "Fee due")),
        "needs_worker": Out(pgettext_lazy("outcome", "Needs a worker")),
        "gains_experience": Out(pgettext_lazy("outcome", "Gains experience")),
        "next_is_last": Out(pgettext_lazy("outcome", "Next round is the last")),
    },
)
