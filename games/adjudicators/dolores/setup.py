"""Setup (section ``setup``): ``first-city``, GNIAZDO's doubt 3 ruled under both readings.

The setup hands each president money and a first city with a warehouse (dl.setup-money,
dl.setup-warehouse) without saying whether the city is paid for; Table 1 prices a city
(dl.t1.city). Doubt 3 (dl.doubt-3) asks which: the ruling gives the money left under each
reading, side by side, and reports the gap.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Int, Object

from .common import READINGS, adjudicator, t1

# ================================================================ first-city

FIRST_CITY_INPUTS = Object(
    spend=Int(
        0,
        100_000,
        default=0,
        label=gettext_lazy("Kokosy the federation wants to spend in its first investment stage"),
    ),
)


def _first_city_summary(o: dict[str, Any]) -> str:
    return _("Money after setup: %(free)s kokosy if the first city is free, %(paid)s if it is paid for.") % {
        "free": o["kokosy"]["free"],
        "paid": o["kokosy"]["paid"],
    }


@adjudicator("first-city", inputs=FIRST_CITY_INPUTS, summary=_first_city_summary)
def first_city(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    money = rules.param("setup_kokosy")
    r.step(
        "dl.setup-money",
        _("Each president receives %(money)s kokosy and a city token, placed on its designated field.")
        % {"money": money},
    )
    r.step(
        "dl.setup-warehouse",
        _("The federation has a warehouse in the first district of its first city, written in its journal."),
    )
    row = t1(rules, "terrain", "city")
    price = row["purchase"]
    r.step(
        row["clause"],
        _("Table 1 prices a city at %(price)s kokosy bought from the bank; it has no row for a warehouse.")
        % {"price": price},
    )
    r.step("dl.prices-in-kokosy", _("Every price is in kokosy, the money the presidents receive."))
    # dl.doubt-3: "Instrukcja nie precyzuje, czy uczestnicy są zwolnieni z opłaty za pierwsze miasto".
    r.gap("dl.doubt-3", "first-city-paid", price=price, money=money)
    kokosy = {"free": money, "paid": money - price}
    r.step(
        "dl.doubt-3",
        _(
            "Both readings side by side: %(free_name)s, %(free)s kokosy left; %(paid_name)s, %(paid)s "
            "kokosy left; the warehouse has no price under either."
        )
        % {
            "free_name": READINGS["free"],
            "free": kokosy["free"],
            "paid_name": READINGS["paid"],
            "paid": kokosy["paid"],
        },
    )
    return r.result({"kokosy": kokosy, "affordable": {k: i.spend <= v for k, v in kokosy.items()}})
