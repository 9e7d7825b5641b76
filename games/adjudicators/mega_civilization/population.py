"""Mega Civilization, section "growth" (2. population growth and census).

- ``population-growth``: ``mc.growth.one-token`` (``growth_one_at`` token gains
  ``growth_one_add``), ``mc.growth.two-or-more`` (``growth_many_from``+ gain
  ``growth_many_add``), ``mc.growth.census``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Int, Map, Object, Str

from .common import MAX_TOKENS, adjudicator

POPULATION_GROWTH_INPUTS = Object(
    areas=Map(
        Str(1, 40, label=gettext_lazy("Area")),
        Int(0, MAX_TOKENS, label=gettext_lazy("Tokens")),
        label=gettext_lazy("Tokens of the player in each area"),
    ),
)


def _growth(tokens: int, rules: Rules) -> int:
    """The tokens added to an area holding ``tokens``.

    mc.growth.two-or-more: "Εκεί που υπάρχουν 2+ προσθέτουμε 2 tokens";
    mc.growth.one-token: "Όπου υπάρχει ένα token ... προσθέτουμε άλλο ένα"; any other area
    (an empty one) gets nothing.
    """
    if tokens >= rules.param("growth_many_from"):
        return rules.param("growth_many_add")
    if tokens == rules.param("growth_one_at"):
        return rules.param("growth_one_add")
    return 0


def _population_growth_summary(o: dict[str, Any]) -> str:
    return ngettext(
        "After growth the census is %(n)s token.", "After growth the census is %(n)s tokens.", o["census"]
    ) % {"n": o["census"]}


@adjudicator("population-growth", inputs=POPULATION_GROWTH_INPUTS, summary=_population_growth_summary)
def population_growth(i: Any, *, variant: str, rules: Rules) -> Result:
    """Add tokens by the two growth sentences, then count the census."""
    r = Reasoning()
    after = {area: tokens + _growth(tokens, rules) for area, tokens in i.areas.items()}
    many = [a for a, n in i.areas.items() if n >= rules.param("growth_many_from")]
    rest = [a for a in i.areas if a not in many]
    grown = [a for a in rest if after[a] > i.areas[a]]
    empty = [a for a in rest if a not in grown]
    if rest:
        r.step(
            "mc.growth.one-token",
            _("Where there is %(one)s token, %(add)s more is added: %(a)s. Other areas get none: %(e)s.")
            % {
                "one": rules.param("growth_one_at"),
                "add": rules.param("growth_one_add"),
                "a": names(f"{a} {i.areas[a]}→{after[a]}" for a in grown),
                "e": names(empty),
            },
        )
    if many:
        r.step(
            "mc.growth.two-or-more",
            _("%(add)s tokens are added where there were %(from)s or more: %(a)s.")
            % {
                "add": rules.param("growth_many_add"),
                "from": rules.param("growth_many_from"),
                "a": names(f"{a} {i.areas[a]}→{after[a]}" for a in many),
            },
        )
    census = sum(after.values())
    r.step(
        "mc.growth.census",
        _("The tokens on the map are counted: the census is %(n)s.") % {"n": census},
    )
    return r.result({"areas": after, "census": census})
