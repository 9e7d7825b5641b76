"""Mega Civilization, section "movement" (3. movement): the price of a ship.

- ``ship-payment``: ``mc.movement.ship-cost`` — its four payments, each figure a parameter:
  ``ship_area_tokens``; ``ship_split_area`` + ``ship_split_other``; ``ship_treasury``;
  a population token + ``ship_mixed_treasury``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Int, Object

from .common import MAX_LIMIT, adjudicator

SHIP_PAYMENT_INPUTS = Object(
    area_tokens=Int(0, MAX_LIMIT, label=gettext_lazy("Population tokens paid in the building area")),
    other_area_tokens=Int(0, MAX_LIMIT, label=gettext_lazy("Population tokens paid from another area")),
    treasury=Int(0, MAX_LIMIT, label=gettext_lazy("Treasury tokens paid")),
)

# The fourth payment's population token carries no number word ("ή  token πληθυσμού"):
# the singular noun says one. Not a figure the text writes, so not a parameter.
MIXED_POPULATION = 1


def ship_options(rules: Rules) -> dict[tuple[int, int, int], int]:
    """(building area, other area, treasury) → the payment of mc.movement.ship-cost it is.

    "2 tokens πληθυσμού στην περιοχή ... ή ένα ... στην περιοχή ... και ένα από άλλη περιοχή,
    ή δύο tokens θησαυρού, ή token πληθυσμού και ένα token θησαυρού" — the fourth payment's
    population token may stand in either area (the text does not say; see the gap).
    """
    mixed = rules.param("ship_mixed_treasury")
    options = {
        (0, MIXED_POPULATION, mixed): 4,
        (MIXED_POPULATION, 0, mixed): 4,
        (0, 0, rules.param("ship_treasury")): 3,
        (rules.param("ship_split_area"), rules.param("ship_split_other"), 0): 2,
        (rules.param("ship_area_tokens"), 0, 0): 1,
    }
    return options


def _ship_payment_summary(o: dict[str, Any]) -> str:
    return _("The ship is paid for.") if o["valid"] else _("This does not pay for a ship.")


@adjudicator("ship-payment", inputs=SHIP_PAYMENT_INPUTS, summary=_ship_payment_summary)
def ship_payment(i: Any, *, variant: str, rules: Rules) -> Result:
    """Accept exactly one of the four payments the text lists."""
    r = Reasoning()
    paid = (i.area_tokens, i.other_area_tokens, i.treasury)
    option = ship_options(rules).get(paid)
    said = {"a": i.area_tokens, "o": i.other_area_tokens, "t": i.treasury}
    if option is None:
        r.step(
            "mc.movement.ship-cost",
            _(
                "Paid: %(a)s in the building area, %(o)s from another area, %(t)s from the treasury. This "
                "matches none of the four payments (%(p1)s there; %(p2a)s there + %(p2o)s elsewhere; %(p3)s "
                "treasury; %(p4p)s population + %(p4t)s treasury)."
            )
            % {
                **said,
                "p1": rules.param("ship_area_tokens"),
                "p2a": rules.param("ship_split_area"),
                "p2o": rules.param("ship_split_other"),
                "p3": rules.param("ship_treasury"),
                "p4p": MIXED_POPULATION,
                "p4t": rules.param("ship_mixed_treasury"),
            },
        )
    else:
        r.step(
            "mc.movement.ship-cost",
            _(
                "Paid: %(a)s in the building area, %(o)s from another area, %(t)s from the treasury. This is "
                "payment option %(n)s."
            )
            % {**said, "n": option},
        )
    if option == 4 and paid[1] > 0:
        r.gap("mc.movement.ship-cost", "fourth-payment-area")
    return r.result({"valid": option is not None, "option": option})
