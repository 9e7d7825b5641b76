"""Imperial Tax Farmer, section "4. Przekupstwo" (itf.bribery.*): the bribery adjudicator.

The only rate the text states is for selling points (itf.bribery.rate: "Za każde dwa
punkty ... możesz otrzymać jedną sztukę złota", parameters ``bribery_points`` and
``bribery_gold``). Readings, each a gap when reached: buying points costs the same rate
back, and only whole lots of ``bribery_points`` points change hands.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import P, Reasoning, Result, Rules
from games.engine.declare import Int, Object, ruled_out

from .common import MAX_COUNT, adjudicator


@dataclass(frozen=True)
class Rate:
    """itf.bribery.rate: every ``points`` points off the track are worth ``gold`` gold."""

    points: int
    gold: int

    def lots(self, points: int) -> int:
        """How many whole lots of ``points`` change hands (the rest has no stated value)."""
        return points // self.points

    def rest(self, points: int) -> int:
        """The points of ``points`` left over beyond whole lots."""
        return points % self.points

    def facts(self) -> dict[str, int]:
        return {"rate_points": self.points, "rate_gold": self.gold}


def _rate() -> Rate:
    # Read from the edition in force (inside validation, a ruling or a summary).
    return Rate(points=P("bribery_points").value(), gold=P("bribery_gold").value())


def _bribery_affordable(i: Any) -> Iterator[tuple[str, str]]:
    # Points and gold are physical stock: you cannot give up more than you hold.
    if i.sell_points > i.points:
        # itf.bribery.rate: the points sold are "które zabierzesz z toru zwycięstwa", taken off the track.
        yield ruled_out(
            "sell_points",
            _("You cannot take %(sell)s off the track: you have %(points)s.")
            % {"sell": _points(i.sell_points), "points": i.points},
            "itf.bribery.rate",
        )
        return
    rate = _rate()
    cost = rate.lots(i.buy_points) * rate.gold
    available = i.gold + rate.lots(i.sell_points) * rate.gold
    if cost > available:
        # itf.bribery.gold-for-points: points are bought with "swoje złota", the gold one has.
        yield ruled_out(
            "buy_points",
            _(
                "%(buy)s points cost %(cost)s gold at %(rate_gold)s gold for %(rate_points)s points; you have %(gold)s."
            )
            % {"buy": i.buy_points, "cost": cost, "gold": available, **rate.facts()},
            "itf.bribery.gold-for-points",
        )


BRIBERY_INPUTS = Object(
    points=Int(0, MAX_COUNT, label=gettext_lazy("Points on the election track")),
    gold=Int(0, MAX_COUNT, label=gettext_lazy("Gold held")),
    sell_points=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Points to sell for gold")),
    buy_points=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Points to buy with gold")),
    checks=[_bribery_affordable],
)


def _points(n: int) -> str:
    """'1 point', '30 points' (election points)."""
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


def _bribery_summary(o: dict[str, Any]) -> str:
    return _("After bribery: %(points)s and %(gold)s gold.") % {
        "points": _points(o["points_after"]),
        "gold": o["gold_after"],
    }


def _sell(r: Reasoning, i: Any, rate: Rate, points: int, gold: int) -> tuple[int, int]:
    """itf.bribery.points-for-gold and itf.bribery.rate: points changed back into gold."""
    r.step(
        "itf.bribery.points-for-gold",
        ngettext(
            "%(n)s point is changed back into gold.",
            "%(n)s points are changed back into gold.",
            i.sell_points,
        )
        % {"n": i.sell_points},
    )
    rest = rate.rest(i.sell_points)
    if rest:
        r.gap("itf.bribery.rate", "sold-points-left-over", sell=i.sell_points, rest=rest, **rate.facts())
    taken = rate.lots(i.sell_points) * rate.points
    got = rate.lots(i.sell_points) * rate.gold
    points, gold = points - taken, gold + got
    r.step(
        "itf.bribery.rate",
        _("%(taken)s off the track give %(pairs)s gold: now %(points)s and %(gold)s gold.")
        % {"taken": _points(taken), "pairs": got, "points": _points(points), "gold": gold},
    )
    return points, gold


def _buy(r: Reasoning, i: Any, rate: Rate, points: int, gold: int) -> tuple[int, int]:
    """itf.bribery.gold-for-points: gold exchanged for points, at a rate the text does not state."""
    r.gap("itf.bribery.gold-for-points", "price-of-a-point", **rate.facts())
    rest = rate.rest(i.buy_points)
    if rest:
        r.gap(
            "itf.bribery.gold-for-points",
            "bought-points-left-over",
            buy=i.buy_points,
            rest=rest,
            **rate.facts(),
        )
    spent = rate.lots(i.buy_points) * rate.gold
    got = rate.lots(i.buy_points) * rate.points
    points, gold = points + got, gold - spent
    r.step(
        "itf.bribery.gold-for-points",
        _("%(pairs)s gold buy %(got)s: now %(points)s and %(gold)s gold.")
        % {"pairs": spent, "got": _points(got), "points": _points(points), "gold": gold},
    )
    return points, gold


@adjudicator("bribery", inputs=BRIBERY_INPUTS, summary=_bribery_summary)
def bribery(i: Any, *, variant: str, rules: Rules) -> Result:
    """Exchange election points and gold in the Bribery phase."""
    r = Reasoning()
    points, gold = i.points, i.gold
    if not i.sell_points and not i.buy_points:
        # itf.bribery.gold-for-points: "możesz wymienić" — exchanging is optional.
        r.step(
            "itf.bribery.gold-for-points",
            _("Exchanging is optional and nothing is exchanged: %(points)s and %(gold)s gold stay.")
            % {"points": _points(points), "gold": gold},
        )
        return r.result({"points_after": points, "gold_after": gold})
    if i.sell_points and i.buy_points:
        r.gap("itf.bribery.points-for-gold", "sell-and-buy")
    rate = Rate(points=rules.param("bribery_points"), gold=rules.param("bribery_gold"))
    if i.sell_points:
        points, gold = _sell(r, i, rate, points, gold)
    if i.buy_points:
        points, gold = _buy(r, i, rate, points, gold)
    return r.result({"points_after": points, "gold_after": gold})
