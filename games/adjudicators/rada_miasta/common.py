"""Rada Miasta: the game's vocabulary and the input declarations its adjudicators share.

The three social groups and the District types are named by ``rm.support.gain-by-stage``
("Mieszkańcy, Przedsiębiorcy oraz Handlowcy … Dzielnicę Mieszkaniową, Przemysłową czy
Handlową"), ``rm.support.public-district`` and ``rm.intro.terrain``; the event cards by
the ``events`` section. Support levels are bounded by ``rm.support.limits`` (parameter
``max_support``), District stages by ``rm.vote.lost-stage-2-3`` (``max_stage``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import labels
from games.engine import Fmt, P, registrar
from games.engine.declare import Choice, Field, Int, Map, Object, counts

GAME = "rada-miasta"
adjudicator = registrar(GAME)

# The groups, District types and event cards are the game's words, with their Polish:
# labels.toml's [maps] (games.labels), read here because the input declarations name them.
WORDS = labels.vocabulary(Path(__file__).parent / "labels.toml")
GROUPS = ("residents", "entrepreneurs", "merchants")
GROUP_LABELS = WORDS["groups"]
DISTRICT_LABELS = WORDS["districts"]
# rm.support.gain-by-stage pairs the groups with the District types "odpowiednio" (respectively).
DISTRICT_GROUP = {"residential": "residents", "industrial": "entrepreneurs", "commercial": "merchants"}
# Stages are numbered from 1 (rm.vote.lost-stage-1 "Dzielnicy etapu 1"); the highest is a parameter.
FIRST_STAGE = 1

VOTE_CARDS = ("councillor-absent", "technical-problems")
OTHER_CARDS = ("regulatory-confusion", "election-promises")
CARD_LABELS = WORDS["cards"]


# ---------------------------------------------------------------- shared declarations


def group_support(**kw: Any) -> Map:
    """One player's support per group: 0 to ``max_support`` (rm.support.limits)."""
    return counts(
        Choice.of(GROUP_LABELS),
        P("max_support"),
        help=Fmt(
            gettext_lazy("Support points per social group, 0-%(max_support)s; a group left out counts as 0.")
        ),
        **kw,
    )


def district(**kw: Any) -> Object:
    """A District: its type and its stage, 1 to ``max_stage`` (rm.vote.lost-stage-2-3)."""
    return Object(
        type=Choice.of(DISTRICT_LABELS, label=gettext_lazy("District type")),
        stage=Int(
            FIRST_STAGE,
            P("max_stage"),
            required=False,
            nullable=True,
            label=gettext_lazy("Stage"),
            help=Fmt(gettext_lazy("1-%(max_stage)s; not needed for a Terrain.")),
        ),
        **kw,
    )


def optional_group(label: Any) -> Choice:
    """One of the three social groups of rm.support.gain-by-stage ("Mieszkańcy,
    Przedsiębiorcy oraz Handlowcy"), or none when the situation needs no group."""
    return Choice.of(GROUP_LABELS, required=False, nullable=True, label=label)


def chosen_group() -> Choice:
    """rm.support.public-district: "może zdobyte punkty poparcia przydzielić do jednej
    wybranej przez siebie grupy" (only a Public District has one)."""
    return optional_group(gettext_lazy("Group chosen for a Public District"))


def district_built(label: Any) -> dict[str, Field]:
    """The District a rule builds and, for a Public one, the group its support goes to
    (rm.support.public-district): the two inputs of a rule that adds a District's support;
    pass them to ``Object`` and check them with ``check_chosen_group_only_for_public``."""
    return {"district": district(label=label), "chosen_group": chosen_group()}


def check_stage(i: Any) -> Iterable[tuple[str, str]]:
    if i.district.type != "terrain" and i.district.stage is None:
        yield "district.stage", _("This field is required.")


def check_chosen_group_only_for_public(i: Any) -> Iterable[tuple[str, str]]:
    if i.chosen_group is not None and i.district.type != "public":
        yield "chosen_group", _("Only a Public District's support goes to a chosen group.")


# ---------------------------------------------------------------- shared wording


def group_name(group: str) -> str:
    return str(GROUP_LABELS[group])


def district_name(district: Any) -> str:
    return _("stage %(stage)s %(type)s District") % {
        "stage": district.stage,
        "type": DISTRICT_LABELS[district.type],
    }


def levels(support: Mapping[str, int] | None) -> dict[str, int]:
    """Return all three groups' levels; a group left out of the inputs is 0."""
    support = support or {}
    return {g: support.get(g, 0) for g in GROUPS}


def levels_text(group_levels: Mapping[str, int]) -> str:
    return ", ".join(f"{group_name(g)} {group_levels[g]}" for g in GROUPS)
