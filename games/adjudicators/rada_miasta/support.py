"""Rada Miasta, section "support" (Zyskiwanie punktów poparcia mieszkańców): adjudicator support-gain.

Clauses: ``rm.intro.terrain`` (a Terrain gives no support), ``rm.support.gain-by-stage``
(as many points as the District's stage, parameter ``support_gain``),
``rm.support.public-district`` (a Public District's points go to one chosen group) and
``rm.support.limits`` (a level "nie może przekroczyć 10 i nie może być ujemny",
parameter ``max_support``). ``add_district_support`` is also what the council vote's
``rm.vote.won-gain`` applies.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import P, Reasoning, Result, Rules
from games.engine.declare import Object

from .common import (
    DISTRICT_GROUP,
    adjudicator,
    check_chosen_group_only_for_public,
    check_stage,
    district_built,
    district_name,
    group_name,
    group_support,
    levels,
)


def capped(level: int, change: int, rules: Rules) -> tuple[int, int]:
    """rm.support.limits: "nie może przekroczyć {max_support} i nie może być ujemny"
    ("the excess is removed automatically"). Return the new level and the points removed."""
    raw = level + change
    after = min(max(raw, 0), rules.param("max_support"))
    return after, abs(raw - after)


def gain_amount(district: Any, rules: Rules) -> int:
    """rm.support.gain-by-stage: "tyle punktów poparcia … ile wynosi etap budowanej Dzielnicy"."""
    measure = {"stage": district.stage}
    return measure[rules.param("support_gain")]


def _say_gain(r: Reasoning, district: Any, group: str, gained: int, whom: str) -> None:
    """The step of rm.support.gain-by-stage or rm.support.public-district (with its gap)."""
    words = {"district": district_name(district), "whom": whom, "n": gained, "group": group_name(group)}
    if district.type != "public":
        r.step(
            "rm.support.gain-by-stage",
            _("The %(district)s gives %(whom)s %(n)s %(group)s support points, as many as its stage.")
            % words,
        )
        return
    r.step(
        "rm.support.public-district",
        _(
            "The %(district)s gives %(whom)s %(n)s support points, all assigned to the chosen group, %(group)s."
        )
        % words,
    )
    r.gap("rm.support.public-district", "public-district-points")


def _say_limit(r: Reasoning, group: str, before: int, gained: int, discarded: int, limit: int) -> None:
    """The step of rm.support.limits for a gain: within the limit, or the excess removed."""
    words = {
        "group": group_name(group),
        "before": before,
        "n": gained,
        "raw": before + gained,
        "after": before + gained - discarded,
        "d": discarded,
        "max": limit,
    }
    if discarded:
        text = _(
            "%(group)s support: %(before)s + %(n)s = %(raw)s, over the limit of %(max)s: "
            "%(d)s removed, it stays at %(max)s."
        )
    else:
        text = _("%(group)s support: %(before)s + %(n)s = %(after)s, within the limit of %(max)s.")
    r.step("rm.support.limits", text % words)


def add_district_support(
    r: Reasoning, group_levels: dict[str, int], district: Any, chosen: str | None, whom: str, rules: Rules
) -> tuple[dict[str, int], int, str, int]:
    """Add a built District's support to ``group_levels`` (rm.support.*).

    Return the new levels, the points gained, the group and the points discarded."""
    # rm.support.public-district: "przydzielić do jednej wybranej przez siebie grupy".
    group = chosen if district.type == "public" else DISTRICT_GROUP[district.type]
    gained = gain_amount(district, rules)
    _say_gain(r, district, group, gained, whom)
    before = group_levels[group]
    after, discarded = capped(before, gained, rules)
    _say_limit(r, group, before, gained, discarded, rules.param("max_support"))
    return {**group_levels, group: after}, gained, group, discarded


# ---------------------------------------------------------------- support-gain


def _check_public_needs_group(i: Any) -> Iterable[tuple[str, str]]:
    # rm.support.public-district: the builder assigns the points to one group of their choice.
    if i.district.type == "public" and i.chosen_group is None:
        yield (
            "chosen_group",
            _("A Public District's support goes to a group the builder chooses: choose one."),
        )


SUPPORT_GAIN_INPUTS = Object(
    support=group_support(label=gettext_lazy("Builder's support before building")),
    **district_built(gettext_lazy("District built")),
    checks=[check_stage, check_chosen_group_only_for_public, _check_public_needs_group],
)


def _support_gain_summary(o: dict[str, Any]) -> str:
    if o["group"] is None:
        return _("A Terrain gives no support.")
    words = {
        "n": o["gained"],
        "group": group_name(o["group"]),
        "d": o["discarded"],
        "level": o["support"][o["group"]],
        "max": P("max_support").value(),
    }
    if o["discarded"]:
        return (
            _("Gains %(n)s %(group)s support; %(d)s over the limit of %(max)s removed (now %(level)s).")
            % words
        )
    return _("Gains %(n)s %(group)s support (now %(level)s).") % words


@adjudicator("support-gain", inputs=SUPPORT_GAIN_INPUTS, summary=_support_gain_summary)
def support_gain(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on the support one player gains by building a District."""
    r = Reasoning()
    before = levels(i.support)
    if i.district.type == "terrain":
        r.step("rm.intro.terrain", _("A Terrain gives no support: no group gains anything."))
        return r.result({"support": before, "gained": 0, "group": None, "discarded": 0})
    after, gained, group, discarded = add_district_support(
        r, before, i.district, i.chosen_group, _("the builder"), rules
    )
    return r.result({"support": after, "gained": gained, "group": group, "discarded": discarded})
