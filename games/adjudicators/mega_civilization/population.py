"""Mega Civilization, section "growth" (2. population growth and census).

- ``population-growth``: ``mc.growth.one-token`` (``growth_one_at`` token gains
  ``growth_one_add``), ``mc.growth.two-or-more`` (``growth_many_from``+ gain
  ``growth_many_add``), ``mc.growth.census``; with the optional ``stock`` (the player's
  population tokens in stock), no more tokens are placed than the stock holds (the text is
  silent on a short stock: the known gap ``growth-short-stock``).
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
    # Optional so that every caller written before it keeps its answer (docs/api.md).
    stock=Int(
        0,
        MAX_TOKENS,
        nullable=True,
        default=None,
        label=gettext_lazy("Population tokens in the player's stock (optional)"),
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


def _place(wanted: dict[str, int], stock: int | None) -> dict[str, int]:
    """The tokens each area actually gets: all it grows by, or, from a ``stock`` too small for
    every area, the stock's tokens area by area in the order the areas are entered (the
    player's choice; the text is silent, gap ``growth-short-stock``)."""
    if stock is None:
        return dict(wanted)
    placed, left = {}, stock
    for area, n in wanted.items():
        placed[area] = min(n, left)
        left -= placed[area]
    return placed


def _census_step(r: Reasoning, i: Any, wanted: dict[str, int], placed: dict[str, int], census: int) -> None:
    """mc.growth.census, saying what the stock allowed ("μετά την τοποθέτηση των tokens")."""
    want, put = sum(wanted.values()), sum(placed.values())
    counted = _("The tokens on the map are counted: the census is %(n)s.") % {"n": census}
    if i.stock is None:
        stock = _(
            "No stock was given: the %(w)s tokens growth adds are assumed to be in the player's stock."
        ) % {"w": want}
    elif put < want:
        r.gap("mc.growth.two-or-more", "growth-short-stock", stock=i.stock, wanted=want)
        stock = _(
            "The stock holds only %(s)s of the %(w)s tokens growth adds: they are placed in the order the areas "
            "are entered, and %(u)s cannot be placed (%(a)s)."
        ) % {
            "s": i.stock,
            "w": want,
            "u": want - put,
            "a": names(f"{a} {placed[a]}/{wanted[a]}" for a in wanted if placed[a] < wanted[a]),
        }
    else:
        stock = _("Tokens in stock: %(s)s; the %(w)s added are taken from it and %(left)s stay in stock.") % {
            "s": i.stock,
            "w": want,
            "left": i.stock - put,
        }
    r.step("mc.growth.census", f"{stock} {counted}")


@adjudicator("population-growth", inputs=POPULATION_GROWTH_INPUTS, summary=_population_growth_summary)
def population_growth(i: Any, *, variant: str, rules: Rules) -> Result:
    """Add tokens by the two growth sentences, no more than the stock holds, then count the census."""
    r = Reasoning()
    wanted = {area: _growth(tokens, rules) for area, tokens in i.areas.items()}
    placed = _place(wanted, i.stock)
    after = {area: tokens + placed[area] for area, tokens in i.areas.items()}
    many = [a for a, n in i.areas.items() if n >= rules.param("growth_many_from")]
    rest = [a for a in i.areas if a not in many]
    grown = [a for a in rest if wanted[a] > 0]
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
    _census_step(r, i, wanted, placed, census)
    outcome: dict[str, Any] = {"areas": after, "census": census}
    if i.stock is not None:
        # Only a caller who gives the stock gets these: the outcome of one who does not is as before.
        outcome["stock_after"] = i.stock - sum(placed.values())
        outcome["unplaced"] = sum(wanted.values()) - sum(placed.values())
    return r.result(outcome)
