"""Section "upkeep" (维持阶段), steps 1-5 for one player.

Each step is a helper named after its clause: novices move and the academy
(``_novices``, ``_academy``, ``_newly_active``), returned workers gain experience
(``_experience``), retirement (``_retirement``), wages and morale (``_wages``,
``_shortfall``), the emergency worker (``_emergency_worker``). Steps 6-7 (maintain the
city, the last-round check) are in ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Bool, Choice, Int, List, Object

from .common import ERAS, EXPERIENCE_CAP, MAX_WORKERS, WORDS, adjudicator, dice_of_a_colour, morale_field


def _upkeep_checks(i):
    if i.morale < i.morale_min:
        yield "morale", _("Morale cannot be below the track's minimum (%(m)s).") % {"m": i.morale_min}
    together = i.novices.first + i.novices.second + len(i.workers) + i.retired + i.villagers
    yield from dice_of_a_colour("workers", together)


UPKEEP_INPUTS = Object(
    era=Choice(ERAS, label=gettext_lazy("Era (from the city tile stack)")),
    novices=Object(
        first=Int(0, MAX_WORKERS, label=gettext_lazy("Novices on the first space")),
        second=Int(0, MAX_WORKERS, label=gettext_lazy("Novices on the second space")),
        label=gettext_lazy("Novices"),
    ),
    academy=Choice.of(WORDS["academy"], label=gettext_lazy("Academy")),
    pay_academy=Bool(default=False, label=gettext_lazy("Pay the academy's stone to its owner?")),
    stone=Int(0, 9999, default=0, label=gettext_lazy("Stone you have")),
    workers=List(
        Object(
            experience=Int(1, EXPERIENCE_CAP, label=gettext_lazy("Experience")),
            used=Choice.of(WORDS["uses"], label=gettext_lazy("Used for")),
        ),
        max_length=MAX_WORKERS,
        label=gettext_lazy("Active workers"),
    ),
    retired=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Retired workers")),
    wage_per_active=Int(0, 99, label=gettext_lazy("Wage per active worker (gold)")),
    pension_per_retired=Int(0, 99, label=gettext_lazy("Pension per retired worker (gold)")),
    gold=Int(0, 9999, label=gettext_lazy("Gold you have")),
    morale=morale_field(gettext_lazy("Morale level")),
    morale_min=morale_field(gettext_lazy("Lowest level of the morale track")),
    villagers=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Villagers")),
    checks=[_upkeep_checks],
)


def _upkeep_summary(o: dict[str, Any]) -> str:
    promoted = ngettext("%(n)s novice becomes active", "%(n)s novices become active", o["promoted"]) % {
        "n": o["promoted"]
    }
    retiring = ngettext(
        "%(n)s worker retires for %(favor)s favor",
        "%(n)s workers retire for %(favor)s favor",
        o["retired_now"],
    ) % {"n": o["retired_now"], "favor": o["favor_from_retirement"]}
    return _(
        "%(promoted)s, %(retiring)s; %(wages)s gold of wages leaves %(gold)s gold, morale %(morale)s, "
        "%(penalty)s favor lost."
    ) % {
        "promoted": promoted,
        "retiring": retiring,
        "wages": o["wages_due"],
        "gold": o["gold_after"],
        "morale": o["morale_after"],
        "penalty": o["favor_penalty"],
    }


# --------------------------------------------------------------------------- step 1: novices


def _own_academy(r: Reasoning, first: int) -> None:
    """pr.upkeep.academy-own: "如果你控制了学院,你可以跳过第二格,直接移入活跃区"."""
    r.step(
        "pr.upkeep.academy-own",
        ngettext(
            "You control the academy, so the %(n)s novice on the first space skips the second "
            "space and becomes active.",
            "You control the academy, so the %(n)s novices on the first space skip the second "
            "space and become active.",
            first,
        )
        % {"n": first},
    )
    r.gap("pr.upkeep.academy-own", "decline-own-academy")


def _academy(r: Reasoning, i: Any, rules: Rules) -> tuple[bool, int]:
    """pr.upkeep.academy-own / academy-other / pr.tiles.academy: do the first-space novices skip the second?

    "如果你控制了学院,你可以跳过第二格…如果你没有控制学院,但是城市中学院已经建造了,你可以支付
    一个石头给拥有者". Returns (skip, stone paid).
    """
    first, cost = i.novices.first, rules.param("academy_stone")
    paying = i.academy == "other" and i.pay_academy
    if first == 0:
        r.step(
            "pr.upkeep.novice-first-space",
            _("No novice is on the first space, so the academy changes nothing."),
        )
        if paying:
            r.gap("pr.tiles.academy", "academy-stone-without-novice")
        return False, 0
    if i.academy == "own":
        _own_academy(r, first)
        return True, 0
    if paying and i.stone >= cost:
        r.step(
            "pr.upkeep.academy-other",
            ngettext(
                "Another player's academy is built and you pay its owner %(cost)s stone (%(s)s left), so "
                "the %(n)s novice on the first space skips the second space and becomes active.",
                "Another player's academy is built and you pay its owner %(cost)s stone (%(s)s left), so "
                "the %(n)s novices on the first space skip the second space and become active.",
                first,
            )
            % {"cost": cost, "s": i.stone - cost, "n": first},
        )
        r.step(
            "pr.tiles.academy",
            _("The academy is used in the upkeep phase for %(cost)s stone to its owner.") % {"cost": cost},
        )
        return True, cost
    if paying:
        text = ngettext(
            "You want to pay the academy but have too little stone, so you cannot: the %(n)s novice "
            "on the first space moves to the second space.",
            "You want to pay the academy but have too little stone, so you cannot: the %(n)s novices "
            "on the first space move to the second space.",
            first,
        )
    elif i.academy == "other":
        text = ngettext(
            "You do not pay the academy's stone, so the %(n)s novice on the first space moves "
            "to the second space.",
            "You do not pay the academy's stone, so the %(n)s novices on the first space move "
            "to the second space.",
            first,
        )
    else:
        text = ngettext(
            "No academy is built, so the %(n)s novice on the first space moves to the second space.",
            "No academy is built, so the %(n)s novices on the first space move to the second space.",
            first,
        )
    r.step("pr.upkeep.novice-first-space", text % {"n": first})
    return False, 0


def _newly_active(r: Reasoning, promoted: int, rules: Rules) -> None:
    """pr.tiles.workers-camp: novices are recruited as "一个1经验的工人"; the upkeep does not say."""
    xp = rules.param("novice_experience")
    r.step(
        "pr.tiles.workers-camp",
        ngettext(
            "Novices are recruited at %(xp)s experience, so the %(n)s new active worker has "
            "%(xp)s experience.",
            "Novices are recruited at %(xp)s experience, so the %(n)s new active workers have "
            "%(xp)s experience.",
            promoted,
        )
        % {"n": promoted, "xp": xp},
    )
    r.gap("pr.upkeep.novice-second-space", "newly-active-novice", xp=xp)


@dataclass(frozen=True)
class _Novices:
    promoted: int
    after: dict[str, int]
    stone_paid: int


def _novices(r: Reasoning, i: Any, rules: Rules) -> _Novices:
    """Step 1, pr.upkeep.novices-move: "将你所有新手区的工人右移一格"."""
    first, second = i.novices.first, i.novices.second
    r.step(
        "pr.upkeep.novices-move",
        _("Novices move one space right: %(second)s on the second space, %(first)s on the first.")
        % {"second": second, "first": first},
    )
    if second:
        # pr.upkeep.novice-second-space: "如果新手工人在第二格,他变成活跃工人".
        r.step(
            "pr.upkeep.novice-second-space",
            ngettext(
                "The %(n)s novice on the second space becomes an active worker.",
                "The %(n)s novices on the second space become active workers.",
                second,
            )
            % {"n": second},
        )
    skip, stone_paid = _academy(r, i, rules)
    promoted = second + (first if skip else 0)
    if promoted:
        _newly_active(r, promoted, rules)
    return _Novices(promoted, {"first": 0, "second": 0 if skip else first}, stone_paid)


# --------------------------------------------------------------------------- steps 2-3


def _gain(used: str, rules: Rules) -> int:
    """pr.upkeep.build-experience / red-experience: "获得1经验"; no-experience: the rest gain none."""
    if used == "build":
        return rules.param("build_experience")
    if used == "red":
        return rules.param("red_experience")
    return 0


def _experience(r: Reasoning, i: Any, rules: Rules) -> list[int]:
    """Step 2, pr.upkeep.return-workers: each returned worker's experience after the step."""
    r.step(
        "pr.upkeep.return-workers",
        ngettext(
            "%(n)s active worker returns from the city.",
            "%(n)s active workers return from the city.",
            len(i.workers),
        )
        % {"n": len(i.workers)},
    )
    cap = rules.param("experience_cap")
    after, capped = [], False
    said: dict[str, list[str]] = {"build": [], "red": [], "rest": []}
    for w in i.workers:
        new = w.experience + _gain(w.used, rules)
        if new > cap:
            new, capped = cap, True
        said[w.used if w.used in ("build", "red") else "rest"].append(f"{w.experience}→{new}")
        after.append(new)
    messages = (
        (
            "build",
            "pr.upkeep.build-experience",
            _("Workers used to build gain %(gain)s experience: %(list)s."),
        ),
        (
            "red",
            "pr.upkeep.red-experience",
            _("Workers used on a red tile gain %(gain)s experience: %(list)s."),
        ),
        ("rest", "pr.upkeep.no-experience", _("The other workers gain no experience: %(list)s.")),
    )
    for used, clause, text in messages:
        if said[used]:
            r.step(clause, text % {"gain": _gain(used, rules), "list": names(said[used])})
    if capped:
        r.gap("pr.concepts.workers-dice", "experience-past-the-cap", cap=cap)
    return after


def _retirement(r: Reasoning, era: str, experience: list[int], rules: Rules) -> tuple[int, list[int], int]:
    """Step 3, pr.upkeep.retirement: "任何6经验的活跃工人退休…I时代…12赏赐点,…II时代…8赏赐点".

    Returns (retiring now, the experience of those who stay, favor gained).
    """
    at = rules.param("retirement_experience")
    each = rules.param("retirement_favor_era_1") if era == "I" else rules.param("retirement_favor_era_2")
    retiring = sum(1 for e in experience if e >= at)
    staying = [e for e in experience if e < at]
    if retiring:
        r.step(
            "pr.upkeep.retirement",
            ngettext(
                "%(n)s worker at %(at)s experience retires in era %(era)s: %(n)s × %(each)s = %(total)s favor.",
                "%(n)s workers at %(at)s experience retire in era %(era)s: %(n)s × %(each)s = %(total)s favor.",
                retiring,
            )
            % {"n": retiring, "at": at, "era": era, "each": each, "total": retiring * each},
        )
    else:
        r.step(
            "pr.upkeep.retirement",
            _("No active worker has %(at)s experience, so nobody retires.") % {"at": at},
        )
    return retiring, staying, retiring * each


# --------------------------------------------------------------------------- step 4: wages


def _shortfall(missing: int, morale: int, morale_min: int, rules: Rules) -> tuple[int, int]:
    """pr.upkeep.wage-shortfall, the arithmetic: (morale levels lost, favor lost).

    "每缺少一个金币,降低一个人心等级,如果你的人心等级跌到最低,每缺少一个金币,扣5赏赐点": the
    gold missing once morale is at its minimum (read: only those) cost favor each.
    """
    per_gold, favor = rules.param("shortfall_morale"), rules.param("shortfall_favor")
    room = morale - morale_min
    if per_gold <= 0:
        return 0, 0
    drop = min(missing * per_gold, room)
    absorbed = min(missing, -(-room // per_gold))  # gold whose morale loss fits above the minimum
    return drop, (missing - absorbed) * favor


def _wages(r: Reasoning, i: Any, active: int, retired: int, rules: Rules) -> tuple[int, int, int, int]:
    """Step 4, pr.upkeep.wages-due and wage-shortfall: (due, paid, morale after, favor lost)."""
    due = i.wage_per_active * active + i.pension_per_retired * retired
    paid = min(i.gold, due)
    values = {"a": active, "wa": i.wage_per_active, "rt": retired, "pr": i.pension_per_retired}
    r.step(
        "pr.upkeep.wages-due",
        _(
            "Wages: %(a)s active × %(wa)s + %(rt)s retired × %(pr)s = %(due)s gold; you pay %(paid)s of "
            "your %(gold)s gold."
        )
        % {**values, "due": due, "paid": paid, "gold": i.gold},
    )
    missing = due - paid
    drop, penalty = _shortfall(missing, i.morale, i.morale_min, rules)
    if missing:
        _say_shortfall(r, i, missing, drop, penalty, rules)
    return due, paid, i.morale - drop, penalty


def _say_shortfall(r: Reasoning, i: Any, missing: int, drop: int, penalty: int, rules: Rules) -> None:
    """pr.upkeep.wage-shortfall, the explanation (and the gap on its reading)."""
    after, each = i.morale - drop, rules.param("shortfall_favor")
    r.step(
        "pr.upkeep.wage-shortfall",
        ngettext(
            "%(missing)s gold missing: morale drops %(drop)s level, %(m0)s → %(m1)s (minimum %(min)s).",
            "%(missing)s gold missing: morale drops %(drop)s levels, %(m0)s → %(m1)s (minimum %(min)s).",
            drop,
        )
        % {"missing": missing, "drop": drop, "m0": i.morale, "m1": after, "min": i.morale_min},
    )
    if penalty:
        r.step(
            "pr.upkeep.wage-shortfall",
            _(
                "Morale is at its minimum, so the %(rest)s gold still missing cost %(each)s favor each: "
                "%(pen)s favor."
            )
            % {"rest": penalty // each, "each": each, "pen": penalty},
        )
    if drop and after == i.morale_min:
        r.gap("pr.upkeep.wage-shortfall", "favor-after-morale-minimum", each=each, pen=penalty)


# --------------------------------------------------------------------------- step 5


def _emergency_worker(r: Reasoning, active: int, villagers: int, rules: Rules) -> bool:
    """Step 5, pr.upkeep.emergency-worker: "你没有了活跃工人,你可以扣5赏赐点将一个村民变成1经验的活跃工人"."""
    needed = rules.param("emergency_villagers")
    if active:
        r.step(
            "pr.upkeep.emergency-worker",
            ngettext(
                "You still have %(n)s active worker, so no emergency worker.",
                "You still have %(n)s active workers, so no emergency worker.",
                active,
            )
            % {"n": active},
        )
        return False
    if villagers < needed:
        r.step(
            "pr.upkeep.emergency-worker",
            _("No active worker is left, but you have too few villagers (%(v)s) to turn into one.")
            % {"v": villagers},
        )
        return False
    r.step(
        "pr.upkeep.emergency-worker",
        ngettext(
            "No active worker is left: you may lose %(favor)s favor to turn %(n)s of your %(v)s "
            "villager into a %(xp)s-experience active worker.",
            "No active worker is left: you may lose %(favor)s favor to turn %(n)s of your %(v)s "
            "villagers into a %(xp)s-experience active worker.",
            villagers,
        )
        % {
            "favor": rules.param("emergency_favor"),
            "n": needed,
            "v": villagers,
            "xp": rules.param("emergency_experience"),
        },
    )
    return True


@adjudicator("upkeep", inputs=UPKEEP_INPUTS, summary=_upkeep_summary)
def upkeep(i: Any, *, variant: str, rules: Rules) -> Result:
    """Run upkeep steps 1-5 for one player: novices, experience, retirement, wages, emergency worker."""
    r = Reasoning()
    novices = _novices(r, i, rules)
    experience = _experience(r, i, rules)
    retired_now, staying, favor = _retirement(r, i.era, experience, rules)
    workers = sorted(staying + [rules.param("novice_experience")] * novices.promoted, reverse=True)
    retired = i.retired + retired_now
    due, paid, morale_after, penalty = _wages(r, i, len(workers), retired, rules)
    may_buy = _emergency_worker(r, len(workers), i.villagers, rules)
    return r.result(
        {
            "novices": novices.after,
            "promoted": novices.promoted,
            "workers": workers,
            "retired_now": retired_now,
            "retired": retired,
            "favor_from_retirement": favor,
            "wages_due": due,
            "gold_after": i.gold - paid,
            "morale_after": morale_after,
            "favor_penalty": penalty,
            "stone_paid": novices.stone_paid,
            "may_buy_emergency_worker": may_buy,
        }
    )
