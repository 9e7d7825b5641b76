"""Rada Miasta, section "events" (Zdarzenia dotyczące głosowań): adjudicator event-card.

The cards played outside a vote: ``rm.events.outside-vote``,
``rm.events.regulatory-confusion`` (removes all support in a chosen group; whose is a
gap) and ``rm.events.election-promises`` (adds 1 point, ``election_promises_points``,
capped by ``rm.support.limits``). The cards played during a vote (Councillor Absent,
Technical Problems) are ruled in ``vote.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Choice, Map, Object, Player

from .common import (
    CARD_LABELS,
    GROUP_LABELS,
    OTHER_CARDS,
    adjudicator,
    group_name,
    group_support,
    levels,
    levels_text,
)
from .support import capped


def _check_event_card(i: Any) -> Iterable[tuple[str, str]]:
    if not i.support:
        yield "support", _("Enter at least one player's support.")
    if i.card == "election-promises":
        if i.target is None:
            yield "target", _("This field is required.")
        elif i.target not in i.support:
            yield "target", _("Unknown player: %(p)s.") % {"p": i.target}
    elif i.target is not None:
        yield "target", _("Only Election Promises names a target player.")


EVENT_CARD_INPUTS = Object(
    support=Map(Player(), group_support(), label=gettext_lazy("Each player's support")),
    card=Choice(OTHER_CARDS, labels=CARD_LABELS, label=gettext_lazy("Card")),
    group=Choice.of(GROUP_LABELS, label=gettext_lazy("Chosen group")),
    target=Player(required=False, nullable=True, label=gettext_lazy("Chosen player (Election Promises)")),
    checks=[_check_event_card],
)


def _regulatory_confusion(r: Reasoning, after: dict[str, dict[str, int]], group: str) -> None:
    """rm.events.regulatory-confusion: "usunąć wszystkie głosy poparcia w wybranej grupie społecznej"."""
    changes = ", ".join(f"{p} {group_levels[group]} → 0" for p, group_levels in after.items())
    for group_levels in after.values():
        group_levels[group] = 0
    r.step(
        "rm.events.regulatory-confusion",
        _("Regulatory Confusion removes all %(group)s support: %(changes)s.")
        % {"group": group_name(group), "changes": changes},
    )
    r.gap("rm.events.regulatory-confusion", "regulatory-confusion-whose-support")


def _election_promises(
    r: Reasoning, after: dict[str, dict[str, int]], group: str, target: str, rules: Rules
) -> None:
    """rm.events.election-promises: "dodać 1 głos poparcia w wybranej grupie … wybranemu graczowi",
    capped by rm.support.limits."""
    points = rules.param("election_promises_points")
    before = after[target][group]
    after[target][group], removed = capped(before, points, rules)
    words = {
        "group": group_name(group),
        "target": target,
        "before": before,
        "n": points,
        "after": after[target][group],
        "max": rules.param("max_support"),
    }
    r.step(
        "rm.events.election-promises",
        ngettext(
            "Election Promises adds %(n)s %(group)s support point to %(target)s (%(before)s + %(n)s).",
            "Election Promises adds %(n)s %(group)s support points to %(target)s (%(before)s + %(n)s).",
            points,
        )
        % words,
    )
    if removed == points:
        text = ngettext(
            "%(target)s already has %(max)s %(group)s support: the extra point is removed at once.",
            "%(target)s already has %(max)s %(group)s support: the extra points are removed at once.",
            points,
        )
    elif removed:
        text = _(
            "%(target)s's %(group)s support is now %(after)s, the limit of %(max)s: the rest is removed at once."
        )
    else:
        text = _("%(target)s's %(group)s support is now %(after)s, within the limit of %(max)s.")
    r.step("rm.support.limits", text % words)


def _event_card_summary(o: dict[str, Any]) -> str:
    return _("Support after the card: %(support)s.") % {
        "support": "; ".join(f"{p}: {levels_text(s)}" for p, s in o["support_after"].items())
    }


@adjudicator("event-card", inputs=EVENT_CARD_INPUTS, summary=_event_card_summary)
def event_card(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on Regulatory Confusion or Election Promises, played outside a vote."""
    r = Reasoning()
    after = {p: levels(s) for p, s in i.support.items()}
    r.step(
        "rm.events.outside-vote",
        _(
            "%(card)s cannot be played during a City Council vote; played outside one, it changes support for later votes."
        )
        % {"card": CARD_LABELS[i.card]},
    )
    if i.card == "regulatory-confusion":
        _regulatory_confusion(r, after, i.group)
    else:
        _election_promises(r, after, i.group, i.target, rules)
    return r.result({"support_after": after})
