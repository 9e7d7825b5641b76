"""Mega Civilization, section "movement" (3. movement): the price of a ship.

- ``ship-payment``: ``mc.movement.ship-cost`` — its four payments, each figure a parameter:
  ``ship_area_tokens``; ``ship_split_area`` + ``ship_split_other``; ``ship_treasury``;
  a population token + ``ship_mixed_treasury``.
- ``movement``: ``mc.movement.adjacent`` (``move_areas``), ``mc.movement.water`` and
  ``mc.movement.ship-capacity`` (``ship_capacity`` tokens, ``ship_range`` areas, coastal).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Int, Object

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


# ---------------------------------------------------------------------------
# movement

MOVEMENT_INPUTS = Object(
    areas=Int(1, MAX_LIMIT, label=gettext_lazy("Areas moved through (1: the adjacent area)")),
    tokens=Int(1, MAX_LIMIT, label=gettext_lazy("Population tokens moving together")),
    water=Bool(default=False, label=gettext_lazy("The move crosses water")),
    ship=Bool(default=False, label=gettext_lazy("A ship carries the tokens")),
    # Said as the exception, so that an unticked box (false) is the common case: a ship sails
    # "μέσω παράκτιων περιοχών".
    inland=Bool(default=False, label=gettext_lazy("An area on the ship's way is not coastal")),
)


def _by_land(r: Reasoning, i: Any, rules: Rules) -> list[str]:
    """mc.movement.adjacent ("σε μία διπλανή περιοχή") and mc.movement.water, without a ship."""
    broken = []
    step = rules.param("move_areas")
    if i.areas > step:
        broken.append("too-far")
        r.step(
            "mc.movement.adjacent",
            _("Without a ship a token moves to %(n)s adjacent area only; this move goes %(a)s areas.")
            % {"n": step, "a": i.areas},
        )
    else:
        r.step("mc.movement.adjacent", _("The tokens move to an adjacent area, as each token may."))
    if i.water:
        broken.append("water-without-ship")
        r.step(
            "mc.movement.water",
            _(
                "A token cannot cross water unless there is a ship; here there is none (one can be built this round)."
            ),
        )
    return broken


def _by_ship(r: Reasoning, i: Any, rules: Rules) -> list[str]:
    """mc.movement.ship-capacity: "μέχρι 5 tokens πληθυσμού μέχρι τέσσερεις περιοχές μέσω παράκτιων"."""
    if i.water:
        r.step("mc.movement.water", _("The move crosses water, which a ship makes possible."))
    broken = []
    capacity, reach = rules.param("ship_capacity"), rules.param("ship_range")
    if i.tokens > capacity:
        broken.append("over-capacity")
    if i.areas > reach:
        broken.append("too-far")
    if i.inland:
        broken.append("not-coastal")
    r.step(
        "mc.movement.ship-capacity",
        _(
            "A ship carries up to %(c)s population tokens up to %(k)s areas through coastal areas: here %(t)s "
            "tokens over %(a)s areas, %(coast)s."
        )
        % {
            "c": capacity,
            "k": reach,
            "t": i.tokens,
            "a": i.areas,
            "coast": _("not all coastal") if i.inland else _("all coastal"),
        },
    )
    return broken


def _movement_summary(o: dict[str, Any]) -> str:
    return _("The move is allowed.") if o["allowed"] else _("The move is not allowed.")


@adjudicator("movement", inputs=MOVEMENT_INPUTS, summary=_movement_summary)
def movement(i: Any, *, variant: str, rules: Rules) -> Result:
    """Allow a move to an adjacent area on land, or a ship's voyage within its load and reach."""
    r = Reasoning()
    broken = _by_ship(r, i, rules) if i.ship else _by_land(r, i, rules)
    if i.ship and not i.water:
        r.gap("mc.movement.ship-capacity", "ship-without-water")
    return r.result(
        {
            "allowed": not broken,
            "needs_ship": i.water or i.areas > rules.param("move_areas"),
            "broken": broken,
        }
    )
