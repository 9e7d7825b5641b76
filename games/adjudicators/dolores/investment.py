"""Stage 1, the investment stage (section ``investment``), and the lands a federation owns.

``territory``: whose is a field an enemy's troops occupy, GNIAZDO's doubt 4 ruled under the
wording (borders stay where they were bought: dl.borders, dl.investment-actions,
dl.cross-borders) and under the reading that moves them, side by side, with what turns on it
(the forests a wood industry may take, dl.profit-wood; where missiles may be placed,
dl.missile-deploy).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Object, Str

from .common import READINGS, adjudicator, t1

# ================================================================= territory


def _two_federations(i: Any) -> Iterable[tuple[str, str]]:
    if i.owner == i.occupier:
        yield "occupier", _("The occupier must be another federation than the owner.")


TERRITORY_INPUTS = Object(
    owner=Str(1, 40, label=gettext_lazy("Federation that bought the field")),
    occupier=Str(1, 40, label=gettext_lazy("Federation whose troops occupy it")),
    checks=[_two_federations],
)


def _territory_summary(o: dict[str, Any]) -> str:
    return _("As written the field stays %(kept)s's; if borders moved it would be %(moved)s's.") % {
        "kept": o["owner"]["as-written"],
        "moved": o["owner"]["borders-move"],
    }


@adjudicator("territory", inputs=TERRITORY_INPUTS, summary=_territory_summary)
def territory(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    row = t1(rules, "terrain", "land-field")
    r.step(
        "dl.investment-actions",
        _(
            "A federation expands its territory in the investment stage, buying fields (a land field: %(price)s kokosy)."
        )
        % {"price": row["purchase"]},
    )
    r.step(
        row["clause"],
        _("Table 1: a land field costs %(price)s kokosy from the bank.") % {"price": row["purchase"]},
    )
    r.step(
        "dl.borders",
        _("%(owner)s's lands are marked by the border tokens around the fields it bought.")
        % {"owner": i.owner},
    )
    r.step(
        "dl.cross-borders",
        _("%(occupier)s's troops may cross the borders freely; no rule of the military stage moves them.")
        % {"occupier": i.occupier},
    )
    # dl.doubt-4: "Brakuje możliwości zmiany biegu granic po zajęciu terenów wrogiej federacji".
    r.gap("dl.doubt-4", "borders-after-conquest", owner=i.owner, occupier=i.occupier)
    owner = {"as-written": i.owner, "borders-move": i.occupier}
    r.step(
        "dl.doubt-4",
        _("Side by side: %(written)s, the field stays %(owner)s's; %(moved)s, it passes to %(occupier)s.")
        % {
            "written": READINGS["as-written"],
            "owner": i.owner,
            "moved": READINGS["borders-move"],
            "occupier": i.occupier,
        },
    )
    r.step(
        "dl.profit-wood",
        _("Its forests may be taken only by a wood industry of the federation the field belongs to."),
    )
    r.step(
        "dl.missile-deploy",
        _("A missile may be placed on it only by the federation it belongs to, in the investment stage."),
    )
    return r.result({"owner": owner})
