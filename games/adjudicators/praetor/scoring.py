"""Sections "final" (#最终计分) and "victory" (游戏胜利): final scoring and the winner."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import labels
from games.engine import Reasoning, Result, Rules, names, tied_for_best, unique_names
from games.engine.declare import Choice, Int, List, Map, Object, Str, counts
from games.engine.rules import active as rules_in_force

from .common import (
    CITY_TILES,
    EXPERIENCE_CAP,
    GAME,
    MAX_WORKERS,
    RESOURCE_LABELS,
    RESOURCES,
    WALL_TILES,
    adjudicator,
    dice_of_a_colour,
    favor_field,
    gold_is_gold,
    morale_field,
    past_the_box,
    players,
)

# pr.final.active-workers says "according to their experience" and prints no figure: the
# figures are an optional input (``worker_favor``); without them the workers' favor is left
# open, and one favor per point of experience is a reading of the gap, not a ruling.
FAVOR_PER_EXPERIENCE_READING = 1

# --------------------------------------------------------------------------- final-scoring


def _final_scoring_checks(i):
    for res, qty in i.resources.items():
        if res != "gold" and qty and res not in i.rates:
            yield (
                f"rates.{res}",
                _("Give the market rate of %(r)s: you hold %(q)s.") % {"r": res, "q": qty},
            )
    yield from gold_is_gold(i)
    yield from dice_of_a_colour("active_workers", len(i.active_workers) + i.novices)
    if i.worker_favor is not None:
        for key in i.worker_favor:
            if not key.isdigit() or not 1 <= int(key) <= rules_in_force().param("experience_cap"):
                yield f"worker_favor.{key}", _("An experience is a die's face: %(k)s is none.") % {"k": key}
        missing = sorted({str(e) for e in i.active_workers} - set(i.worker_favor))
        if missing:
            yield (
                "worker_favor",
                _("Give the favor of an active worker at %(list)s experience.") % {"list": names(missing)},
            )


FINAL_SCORING_INPUTS = Object(
    favor=favor_field(gettext_lazy("Favor before final scoring")),
    active_workers=List(
        Int(1, EXPERIENCE_CAP, label=gettext_lazy("Experience")),
        max_length=MAX_WORKERS,
        label=gettext_lazy("Active workers' experience"),
    ),
    novices=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Novices")),
    morale_favor=Int(-99, 99, default=0, label=gettext_lazy("Favor shown at your morale level")),
    resources=counts(Choice.of(RESOURCE_LABELS), 9999, default={}, label=gettext_lazy("Resources you hold")),
    rates=counts(
        Choice.of(RESOURCE_LABELS), 99, default={}, label=gettext_lazy("Market rate: gold per unit")
    ),
    worker_favor=Map(
        Str(1, 2),
        Int(0, 999),
        nullable=True,
        default=None,
        label=gettext_lazy("Favor printed for an active worker of each experience (optional)"),
    ),
    checks=[_final_scoring_checks],
)


def _workers_favor(r: Reasoning, i: Any, per_point: int | None = None) -> int | None:
    """pr.final.active-workers: "每一个活跃工人根据他们的经验给你赏赐点" — by the figures printed
    for each experience (``worker_favor``), or ``per_point`` favor per point (a reading); None
    when neither is known: the text gives no figure."""
    experience = i.active_workers
    if not experience:
        r.step("pr.final.active-workers", _("No active worker: they score nothing."))
        return 0
    if per_point is not None:
        printed = {str(e): e * per_point for e in experience}
    elif i.worker_favor is not None:
        printed = dict(i.worker_favor)
    else:
        r.step(
            "pr.final.active-workers",
            _("Active workers score by their experience (%(list)s); the text prints no figure for it.")
            % {"list": names(str(e) for e in experience)},
        )
        return None
    favor = sum(printed[str(e)] for e in experience)
    r.step(
        "pr.final.active-workers",
        _("Active workers score by experience: %(list)s = %(n)s favor.")
        % {"list": " + ".join(str(printed[str(e)]) for e in experience), "n": favor},
    )
    return favor


def _gold_total(r: Reasoning, i: Any) -> int:
    """pr.final.convert-resources: "按照市场比例将资源转换为金币"."""
    parts, total = [], 0
    for res in RESOURCES:
        qty = i.resources.get(res, 0)
        if qty:
            rate = 1 if res == "gold" else i.rates[res]
            total += qty * rate
            parts.append(f"{qty} {RESOURCE_LABELS[res]} × {rate}")
    r.step(
        "pr.final.convert-resources",
        _("Resources at market rates: %(parts)s = %(g)s gold.")
        % {"parts": " + ".join(parts) or "0", "g": total},
    )
    return total


def _gold_favor(r: Reasoning, gold: int, rules: Rules) -> int:
    """pr.final.gold-to-favor: "每10个金币获得1赏赐点" (what is left over scores nothing)."""
    lot, each = rules.param("gold_per_lot"), rules.param("favor_per_lot")
    favor = gold // lot * each
    r.step(
        "pr.final.gold-to-favor",
        _("%(g)s gold gives %(f)s favor (%(each)s per %(lot)s; %(left)s gold left over scores nothing).")
        % {"g": gold, "f": favor, "each": each, "lot": lot, "left": gold % lot},
    )
    return favor


def _final_scoring_summary(o: dict[str, Any]) -> str:
    if o["total"] is None:
        return _("The total waits on the active workers' favor, which the text does not print.")
    return _("Final total: %(t)s favor.") % {"t": o["total"]}


@adjudicator("final-scoring", inputs=FINAL_SCORING_INPUTS, summary=_final_scoring_summary)
def final_scoring(i: Any, *, variant: str, rules: Rules) -> Result:
    """Add the final-scoring favor to a player's running favor."""
    r = Reasoning()
    outcome = _final_scoring(r, i, rules, _workers_favor(r, i))
    if outcome["workers"] is None:
        # The other reading, run by the same rule: one favor per point of experience.
        quiet = Reasoning()
        reading = _final_scoring(quiet, i, rules, _workers_favor(quiet, i, FAVOR_PER_EXPERIENCE_READING))
        r.gap(
            "pr.final.active-workers",
            "favor-per-experience",
            readings=[
                (
                    _("One favor point per point of experience (a worker's die value)."),
                    {"workers": reading["workers"], "total": reading["total"]},
                )
            ],
        )
    return r.result(outcome)


def _final_scoring(r: Reasoning, i: Any, rules: Rules, workers: int | None) -> dict[str, Any]:
    """The final-scoring favor with the workers' favor ``workers`` (None: not known)."""
    # pr.final.novices: "每一个新手获得一个赏赐点".
    each = rules.param("novice_favor")
    novices = i.novices * each
    r.step(
        "pr.final.novices",
        ngettext("%(n)s novice × %(each)s: %(f)s favor.", "%(n)s novices × %(each)s: %(f)s favor.", i.novices)
        % {"n": i.novices, "each": each, "f": novices},
    )
    # pr.final.morale: "根据你的人心等级获得或者失去赏赐点" (the level's figure is on the board).
    r.step("pr.final.morale", _("Morale level: %(m)+d favor.") % {"m": i.morale_favor})
    gold = _gold_total(r, i)
    resources_favor = _gold_favor(r, gold, rules)
    known = i.favor + novices + i.morale_favor + resources_favor
    return {
        "workers": workers,
        "novices": novices,
        "morale": i.morale_favor,
        "gold_total": gold,
        "resources_favor": resources_favor,
        # The total waits on the workers' favor when the text leaves it open.
        "total": None if workers is None else known + workers,
    }


# --------------------------------------------------------------------------- winner


def _walls_in_the_box(i):
    """pr.components.wall-tiles: "14个城墙板块" — the players' wall tiles together are no more."""
    yield from past_the_box(
        "players",
        sum(p.walls for p in i.players),
        "wall_tiles",
        "pr.components.wall-tiles",
        _("The players hold %(n)s wall tiles together; the game has %(have)s."),
    )


WINNER_INPUTS = Object(
    players=players(
        favor=favor_field(gettext_lazy("Favor points")),
        morale=morale_field(gettext_lazy("Morale level")),
        walls=Int(0, WALL_TILES, label=gettext_lazy("Wall tiles")),
        city_tiles=Int(0, CITY_TILES, label=gettext_lazy("City tiles")),
        age=Int(0, 150, label=gettext_lazy("Age (years)")),
    ),
    checks=[unique_names("players"), _walls_in_the_box],
)

# Tie-break criteria in the order of pr.victory.*: (outcome name, sort key, clause).
_CRITERIA = (
    ("favor", lambda p: -p.favor, "pr.victory.most-favor"),
    ("morale", lambda p: -p.morale, "pr.victory.tiebreak-morale"),
    ("walls", lambda p: -p.walls, "pr.victory.tiebreak-walls"),
    ("city_tiles", lambda p: p.city_tiles, "pr.victory.tiebreak-city-tiles"),
    ("age", lambda p: p.age, "pr.victory.youngest"),
)


def _criterion_text(name: str) -> str:
    """What each criterion of pr.victory.* says, for its step."""
    return {
        "favor": _("Most favor wins: %(values)s."),
        "morale": _("Tied on favor; higher morale wins: %(values)s."),
        "walls": _("Still tied; more wall tiles wins: %(values)s."),
        "city_tiles": _("Still tied; fewer city tiles wins: %(values)s."),
        "age": _("Still tied; the gods favour the younger player: %(values)s."),
    }[name]


def _city_tiles_gap(r: Reasoning) -> None:
    """pr.victory.tiebreak-city-tiles: "3. -城市板块数量" — is the '-' a sign or a list dash?"""
    r.gap("pr.victory.tiebreak-city-tiles", "minus-city-tiles")


def _winner_summary(o: dict[str, Any]) -> str:
    if o["winner"] is None:
        return _("Still tied after every tie-break: compare exact birth dates.")
    by = labels.value_label(GAME, "decided_by", o["decided_by"])
    return _("%(w)s wins (decided by %(by)s).") % {"w": o["winner"], "by": by}


@adjudicator("winner", inputs=WINNER_INPUTS, summary=_winner_summary)
def winner(i: Any, *, variant: str, rules: Rules) -> Result:
    """pr.victory.*: most favor, then morale, wall tiles, (fewer) city tiles, and youth."""
    r = Reasoning()
    ranking = sorted(i.players, key=lambda p: tuple(key(p) for _n, key, _c in _CRITERIA))
    tied = list(i.players)
    decided_by = "age"
    for name, key, clause in _CRITERIA:
        values = names(f"{p.name} {getattr(p, name)}" for p in tied)
        r.step(clause, _criterion_text(name) % {"values": values})
        if name == "city_tiles" and len({p.city_tiles for p in tied}) > 1:
            _city_tiles_gap(r)
        _best, tied = tied_for_best(tied, key, best=min)
        if len(tied) == 1:
            decided_by = name
            break
    if len(tied) > 1:
        r.gap("pr.victory.youngest", "same-age", list=names(p.name for p in tied))
    won = tied[0].name if len(tied) == 1 else None
    return r.result({"winner": won, "ranking": [p.name for p in ranking], "decided_by": decided_by})
