"""Stage 2, the wind (clause section ``wind``), and industrial pollution (section ``disasters``).

``wind`` moves the pollution and radioactive clouds (dl.wind-rolls … dl.wind-off-board)
and spreads fires (dl.wind-fire-spread, dl.fire-spread, dl.wind-fire-burns);
``pollution`` says whether a city gets industrial pollution (dl.pollution-appears,
dl.pollution-treatment-plant); ``disaster`` what a pollution cloud or a radioactive cloud that
stops on a field, or a fire burning there, destroys (dl.pollution-farms, dl.radioactive-cloud,
dl.fire-land, dl.fire-city).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Die, Int, List, Object

from .common import (
    MAX_DISTRICTS,
    WORDS,
    adjudicator,
    board_size,
    coord,
    districts_within_table,
    field_list,
    on_board,
    pieces_on_their_terrain,
    say_fields,
)

# ====================================================================== wind

# Where the wind blows ("blows east") and what it carries: the game's words (labels.toml).
DIRECTION_NAMES = WORDS["directions"]
# A step of one field in each direction: x grows east, y grows south.
STEPS = {"south": (0, 1), "east": (1, 0), "north": (0, -1), "west": (-1, 0)}
TOKEN_NAMES = WORDS["tokens"]


WIND_INPUTS = Object(
    direction_roll=Die(label=gettext_lazy("First roll (direction)")),
    strength_roll=Die(label=gettext_lazy("Second roll (strength)")),
    **board_size(1, 1000),
    pollution=field_list(gettext_lazy("Pollution tokens"), max_length=1000, unique=False),
    radioactive=field_list(gettext_lazy("Radioactive clouds"), max_length=1000, unique=False),
    fires=field_list(gettext_lazy("Fires"), max_length=1000),
    burnable=field_list(gettext_lazy("Fields with forest, farm field or city"), max_length=10000),
    checks=[on_board("pollution", "radioactive", "fires", "burnable")],
)


def _wind_summary(o: dict[str, Any]) -> str:
    if o["direction"] is None:
        return _("No wind: nothing moves and no fire spreads.")
    return _(
        "The wind blows %(direction)s with strength %(strength)s. Tokens blown off the board: %(removed)s; "
        "new fires: %(fires)s."
    ) % {
        "direction": DIRECTION_NAMES[o["direction"]],
        "strength": o["strength"],
        "removed": len(o["removed_off_board"]),
        "fires": len(o["new_fires"]),
    }


def _direction(rules: Rules, roll: int) -> str | None:
    """dl.wind-direction: "2 - południe, 3 - wschód, 4 - północ, 5 - zachód"; any other face is
    calm (dl.wind-calm: "1 lub 6 oczek … oznacza brak wiatru")."""
    faces = {
        rules.param("wind_south_face"): "south",
        rules.param("wind_east_face"): "east",
        rules.param("wind_north_face"): "north",
        rules.param("wind_west_face"): "west",
    }
    return faces.get(roll)


def _drift(r: Reasoning, i: Any, direction: str, strength: int) -> tuple[dict[str, list[list[int]]], list]:
    """dl.wind-drift: clouds move downwind by the strength; dl.wind-off-board: off the board is gone."""
    dx, dy = STEPS[direction]
    moved: dict[str, list[list[int]]] = {"pollution": [], "radioactive": []}
    removed = []
    for kind in ("pollution", "radioactive"):
        for x, y in getattr(i, kind):
            nx, ny = x + dx * strength, y + dy * strength
            if 0 <= nx < i.width and 0 <= ny < i.height:
                moved[kind].append([nx, ny])
            else:
                removed.append({"kind": kind, "from": [x, y]})
    if i.pollution or i.radioactive:
        r.step(
            "dl.wind-drift",
            ngettext(
                "Pollution and radioactive cloud tokens (%(count)s) move %(s)s field %(direction)s.",
                "Pollution and radioactive cloud tokens (%(count)s) move %(s)s fields %(direction)s.",
                strength,
            )
            % {
                "count": len(i.pollution) + len(i.radioactive),
                "s": strength,
                "direction": DIRECTION_NAMES[direction],
            },
        )
    if removed:
        names = {kind: str(name) for kind, name in TOKEN_NAMES.items()}  # translated once, not per token
        which = ", ".join(f"{names[t['kind']]} [{t['from'][0]}, {t['from'][1]}]" for t in removed)
        r.step(
            "dl.wind-off-board",
            _("Tokens leaving the board are removed for good (%(count)s): %(which)s.")
            % {"count": len(removed), "which": which},
        )
    return moved, removed


def _downwind(c: Iterable[int], direction: str, reach: int) -> tuple[int, int]:
    x, y = c
    dx, dy = STEPS[direction]
    return x + dx * reach, y + dy * reach


def _spread_fires(r: Reasoning, rules: Rules, i: Any, direction: str) -> list[list[int]]:
    """dl.fire-spread: "Pożar nie przesuwa się, a rozprzestrzenia o jedno pole w kierunku wiatru";
    dl.wind-fire-spread: only onto a forest, farm field or city; dl.wind-fire-burns."""
    reach = rules.param("fire_spread_fields")
    burning = {tuple(c) for c in i.fires}
    burnable = {tuple(c) for c in i.burnable}
    targets = [_downwind(c, direction, reach) for c in i.fires]
    new_fires: list[list[int]] = []
    placed: set[tuple[int, int]] = set()  # a set: a board may list a thousand fires
    for target in targets:
        if target in burnable and target not in burning and target not in placed:
            placed.add(target)
            new_fires.append(list(target))
    if i.fires:
        r.step(
            "dl.fire-spread",
            ngettext(
                "Fires do not move; each spreads %(n)s field %(direction)s, whatever the strength.",
                "Fires do not move; each spreads %(n)s fields %(direction)s, whatever the strength.",
                reach,
            )
            % {"n": reach, "direction": DIRECTION_NAMES[direction]},
        )
        r.step(
            "dl.wind-fire-spread",
            _(
                "New fire tokens go only where the field downwind holds a forest, farm field or city: %(fields)s."
            )
            % {"fields": say_fields(new_fires) or _("none")},
        )
    if new_fires:
        r.step(
            "dl.wind-fire-burns",
            _("Forest and farm field tokens are removed from the newly burning fields: %(fields)s.")
            % {"fields": say_fields(new_fires)},
        )
    _fire_gaps(r, burning, burnable, targets, new_fires, direction, reach)
    _fire_tokens_left(r, rules, i, new_fires)
    return new_fires


def _fire_tokens_left(r: Reasoning, rules: Rules, i: Any, new_fires: list[list[int]]) -> None:
    """dl.general-tokens: "Zalicza się do nich … 50 pożarów" — the fire tokens there are; dl.doubt-2:
    "Nie wiadomo czy można przekroczyć określone w instrukcji limity". As written the fires spread
    as the wind says; read as a limit, only the tokens left can be laid, in the order listed."""
    have = rules.param("general_fires")
    if len(i.fires) + len(new_fires) <= have:
        return
    left = max(0, have - len(i.fires))
    r.step(
        "dl.general-tokens",
        _("The general tokens hold %(have)s fires; %(n)s would be on the board after this stage.")
        % {"have": have, "n": len(i.fires) + len(new_fires)},
    )
    r.gap(
        "dl.doubt-2",
        "general-tokens-exceeded",
        limit=have,
        count=len(i.fires) + len(new_fires),
        readings=[
            (
                _("The set sizes are limits: only %(left)s fire tokens are left to lay.") % {"left": left},
                {"new_fires": new_fires[:left]},
            )
        ],
    )


def _fire_gaps(
    r: Reasoning, burning: set, burnable: set, targets: list, new_fires: list, direction: str, reach: int
) -> None:
    """dl.wind-fire-spread is silent on a field downwind already burning, and on a new fire spreading again."""
    if any(t in burnable and t in burning for t in targets):
        r.gap("dl.wind-fire-spread", "fire-downwind-burning")
    chained = [c for c in new_fires if (t := _downwind(c, direction, reach)) in burnable and t not in burning]
    if chained:
        r.gap("dl.wind-fire-spread", "new-fire-spreads", n=reach)


@adjudicator("wind", inputs=WIND_INPUTS, summary=_wind_summary)
def wind(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step(
        "dl.wind-rolls",
        _("The die was rolled twice: %(first)s, then %(second)s.")
        % {"first": i.direction_roll, "second": i.strength_roll},
    )
    direction = _direction(rules, i.direction_roll)
    if direction is None:
        r.step(
            "dl.wind-calm",
            _("A %(roll)s on the first roll means no wind: the stage ends at once and nothing moves.")
            % {"roll": i.direction_roll},
        )
        return r.result(
            {
                "direction": None,
                "strength": 0,
                "pollution": [coord(c) for c in i.pollution],
                "radioactive": [coord(c) for c in i.radioactive],
                "new_fires": [],
                "removed_off_board": [],
            }
        )
    r.step(
        "dl.wind-direction",
        _("A %(roll)s on the first roll: the wind blows %(direction)s.")
        % {"roll": i.direction_roll, "direction": DIRECTION_NAMES[direction]},
    )
    # dl.wind-strength: "Siła wiatru jest równa liczbie oczek wyrzuconych przy drugim rzucie."
    strength = i.strength_roll
    r.step("dl.wind-strength", _("The strength of the wind is %(s)s.") % {"s": strength})
    moved, removed = _drift(r, i, direction, strength)
    new_fires = _spread_fires(r, rules, i, direction)
    return r.result(
        {
            "direction": direction,
            "strength": strength,
            "pollution": moved["pollution"],
            "radioactive": moved["radioactive"],
            "new_fires": new_fires,
            "removed_off_board": removed,
        }
    )


# ================================================================= pollution

POLLUTION_INPUTS = Object(
    districts=Int(1, MAX_DISTRICTS, label=gettext_lazy("Built districts")),
    treatment_plant=Bool(default=False, label=gettext_lazy("Treatment plant built beforehand?")),
    checks=[districts_within_table("districts")],
)


def _pollution_summary(o: dict[str, Any]) -> str:
    return _("Industrial pollution appears over the city.") if o["pollution"] else _("No pollution appears.")


@adjudicator("pollution", inputs=POLLUTION_INPUTS, summary=_pollution_summary)
def pollution(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    # dl.pollution-appears: "Pojawiają się nad miastem … po zabudowaniu jego ósmej dzielnicy."
    threshold = rules.param("pollution_district")
    if i.districts < threshold:
        r.step(
            "dl.pollution-appears",
            _("Pollution comes only after district %(k)s is built; the city has %(n)s.")
            % {"k": threshold, "n": i.districts},
        )
        return r.result({"pollution": False})
    r.step(
        "dl.pollution-appears",
        _("The city has %(n)s built districts, so its district %(k)s is built.")
        % {"n": i.districts, "k": threshold},
    )
    # dl.pollution-treatment-plant: "Wcześniejsze wybudowanie oczyszczalni … pozwala uniknąć zanieczyszczeń."
    if i.treatment_plant:
        r.step("dl.pollution-treatment-plant", _("A treatment plant built beforehand avoids the pollution."))
        return r.result({"pollution": False})
    r.step("dl.pollution-treatment-plant", _("No treatment plant was built beforehand."))
    r.gap("dl.pollution-appears", "pollution-timing", k=threshold)
    return r.result({"pollution": True})


# ================================================================== disaster

HAZARDS = WORDS["hazards"]
FIELD_TOKENS = WORDS["field-tokens"]

DISASTER_INPUTS = Object(
    hazard=Choice.of(HAZARDS, label=gettext_lazy("What stopped on the field, or burns there")),
    tokens=List(
        Choice.of(FIELD_TOKENS), default=[], max_length=60, label=gettext_lazy("Other tokens on the field")
    ),
    districts=Int(
        0, MAX_DISTRICTS, default=0, label=gettext_lazy("Built districts of a city there (0: none)")
    ),
    sea=Bool(default=False, label=gettext_lazy("Is it a sea field?")),
    checks=[districts_within_table("districts"), pieces_on_their_terrain()],
)


def _disaster_summary(o: dict[str, Any]) -> str:
    return _("Tokens removed: %(n)s; districts left: %(d)s.") % {
        "n": len(o["tokens_removed"]),
        "d": o["districts_after"],
    }


def _pollution_stops(r: Reasoning, i: Any) -> list[str]:
    """dl.pollution-farms: a farm field token where the cloud stops is removed at once; "Podobnie
    postępuje się z żetonami piechoty"."""
    removed = [t for t in i.tokens if t in ("farm", "infantry")]
    r.step(
        "dl.pollution-farms",
        _(
            "A pollution cloud that stops on a field removes its farm field and infantry tokens at once: %(removed)s."
        )
        % {"removed": ", ".join(str(FIELD_TOKENS[t]) for t in removed) or _("none here")},
    )
    return removed


@adjudicator("disaster", inputs=DISASTER_INPUTS, summary=_disaster_summary)
def disaster(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    districts = i.districts
    if i.hazard == "pollution":
        removed = _pollution_stops(r, i)
        if districts:
            r.step(
                "dl.pollution-reduces-n",
                _("Over a city it destroys nothing, but cuts the federation's N in the profit stage."),
            )
    elif i.hazard == "radioactive":
        # dl.radioactive-cloud: "niszczy każdy żeton z wyjątkiem innych chmur, zanieczyszczeń
        # przemysłowych oraz pożaru" — the city token included.
        removed = [t for t in i.tokens if t not in ("pollution", "radioactive", "fire")]
        r.step(
            "dl.radioactive-cloud",
            _(
                "A radioactive cloud destroys every token where it stops but clouds, pollution and fires: %(removed)s%(city)s."
            )
            % {
                "removed": ", ".join(str(FIELD_TOKENS[t]) for t in removed) or _("no other token"),
                "city": _(", and the city") if districts else "",
            },
        )
        districts = 0
    else:
        removed = [t for t in i.tokens if t in ("farm", "forest")]
        r.step(
            "dl.fire-land",
            _("On land a fire destroys farm fields and forests: %(removed)s.")
            % {"removed": ", ".join(str(FIELD_TOKENS[t]) for t in removed) or _("none here")},
        )
        if districts:
            districts -= 1
            r.step(
                "dl.fire-city",
                _(
                    "In a city a fire destroys one district a round, from the last: %(d)s left after this round."
                )
                % {"d": districts},
            )
        if any(t not in ("farm", "forest", "fire") for t in i.tokens):
            r.gap("dl.fire-land", "fire-and-units")
    return r.result({"tokens_removed": removed, "districts_after": districts})
