"""Mega Civilization, section "advances" (12. acquisition of civilization advance cards).

- ``advance-purchase``: ``mc.advances.purchase`` (the printed cost) paid by
  ``mc.advances.payment`` (trade cards, credit from other advances, treasury tokens, or a
  combination).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Int, Object

from .common import MAX_TOKENS, adjudicator

# Advance costs run to the hundreds (mc.vp.cards-above-200 speaks of "άνω των 200"); the
# bound only keeps inputs sane.
MAX_VALUE = 9999

ADVANCE_PURCHASE_INPUTS = Object(
    cost=Int(0, MAX_VALUE, label=gettext_lazy("Printed cost of the advance")),
    trade_cards=Int(0, MAX_VALUE, default=0, label=gettext_lazy("Value of the trade cards handed in")),
    credit=Int(0, MAX_VALUE, default=0, label=gettext_lazy("Credit from other advances held")),
    treasury=Int(0, MAX_TOKENS, default=0, label=gettext_lazy("Treasury tokens paid")),
)


def _advance_purchase_summary(o: dict[str, Any]) -> str:
    if o["bought"]:
        return _("The advance is bought for %(p)s.") % {"p": o["payment"]}
    return _("The payment is %(s)s short of the cost.") % {"s": o["short"]}


@adjudicator("advance-purchase", inputs=ADVANCE_PURCHASE_INPUTS, summary=_advance_purchase_summary)
def advance_purchase(i: Any, *, variant: str, rules: Rules) -> Result:
    """Buy an advance when trade cards, credit and treasury together pay its printed cost."""
    r = Reasoning()
    paid = i.trade_cards + i.credit + i.treasury
    r.step(
        "mc.advances.payment",
        _(
            "Payment may combine trade cards (%(c)s), credit from other advances (%(k)s) and treasury tokens "
            "(%(t)s): %(p)s in all."
        )
        % {"c": i.trade_cards, "k": i.credit, "t": i.treasury, "p": paid},
    )
    if i.treasury:
        r.gap("mc.advances.payment", "treasury-token-value")
    bought = paid >= i.cost
    r.step(
        "mc.advances.purchase",
        (
            _("The printed cost, %(c)s, is paid: the advance is bought.")
            if bought
            else _("The printed cost, %(c)s, is not paid: %(s)s is missing.")
        )
        % {"c": i.cost, "s": i.cost - paid},
    )
    if paid > i.cost:
        r.gap("mc.advances.purchase", "overpayment")
    return r.result({"bought": bought, "payment": paid, "short": max(0, i.cost - paid)})
