"""Praetor (seed 001): adjudicators over the Chinese Essen 2014 overview.

The overview is a blogger's summary, not the rulebook: where it is silent the
rulings say what they assumed (``Reasoning.gap``) instead of importing rules
from elsewhere. Only one variant exists, ``original`` (the overview as written).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules, adjudicator, dispute
from games.engine.declare import Bool, Choice, Int, List, Map, Object, Player, Players

GAME = "praetor"
RESOURCES = ("gold", "wood", "stone", "marble", "weapons")
# Five player boards and colours (pr.components.player-boards): 2 to 5 players.
MAX_PLAYERS = 5
# Eight worker dice per colour (pr.components.dice-and-discs).
MAX_WORKERS = 8
RETIREMENT_FAVOR = {"I": 12, "II": 8}  # pr.upkeep.retirement
MORALE_FAVOR_PENALTY = 5  # pr.upkeep.wage-shortfall
EMERGENCY_WORKER_COST = 5  # pr.upkeep.emergency-worker


def _favor(label):
    return Int(-999, 9999, label=label)


def _morale(label, **kw):
    return Int(-99, 99, label=label, **kw)


def _names(names) -> str:
    return ", ".join(names) if names else "-"


def _unique_names(list_field: str):
    """Return a check that the ``name`` of every item of ``list_field`` is unique."""

    def check(i):
        seen = set()
        for n, item in enumerate(getattr(i, list_field)):
            if item.name in seen:
                yield f"{list_field}.{n}.name", _("Duplicate player: %(p)s.") % {"p": item.name}
            seen.add(item.name)

    return check


# --------------------------------------------------------------------------- starting-favor

STARTING_FAVOR_INPUTS = Object(
    seating=Players(
        min_length=2, max_length=MAX_PLAYERS, label=gettext_lazy("Players, in clockwise seating order")
    ),
    last_in_rome=Player(among="seating", label=gettext_lazy("Who was most recently in Rome?")),
)


@adjudicator(
    game=GAME,
    name="starting-favor",
    title=gettext_lazy("How much favor does each player start with, and who goes first?"),
    inputs=STARTING_FAVOR_INPUTS,
    clauses=["pr.setup.starting-favor"],
    summary=lambda o: _("Starting turn order: %(order)s.") % {"order": _names(o["order"])},
    examples=[
        {"seating": ["Livia", "Marcus", "Julia", "Gaius"], "last_in_rome": "Julia"},
        {"seating": ["Ala", "Bartek"], "last_in_rome": "Ala"},
    ],
)
def starting_favor(i: Any, *, variant: str, rules: Rules) -> Result:
    """Place the favor markers at setup and derive the first turn order."""
    r = Reasoning()
    seating = list(i.seating)
    start = seating.index(i.last_in_rome)
    # Seating is clockwise, so counter-clockwise walks backwards through it.
    favor = {seating[(start - k) % len(seating)]: 10 - k for k in range(len(seating))}
    ccw = [f"{p} {favor[p]}" for p in favor]
    r.step(
        "pr.setup.starting-favor",
        _(
            "%(p)s was most recently in Rome and starts on 10 favor; the others, counter-clockwise, "
            "one less each: %(list)s."
        )
        % {"p": i.last_in_rome, "list": _names(ccw)},
    )
    order = sorted(favor, key=favor.get)
    r.step(
        "pr.setup.starting-favor",
        _("Lower favor acts earlier, so the turn order is %(order)s.") % {"order": _names(order)},
    )
    return r.result({"favor": {p: favor[p] for p in seating}, "order": order})


# --------------------------------------------------------------------------- turn-order


def _turn_order_checks(i):
    yield from _unique_names("players")(i)
    # Markers sharing a favor space lie one on another: two cannot have the same height.
    seen: dict[tuple[int, int], str] = {}
    for n, p in enumerate(i.players):
        spot = (p.favor, p.stack)
        if spot in seen:
            yield (
                f"players.{n}.stack",
                _(
                    "%(a)s and %(b)s are tied on %(favor)s favor, so their markers are stacked: "
                    "they cannot both be at height %(h)s."
                )
                % {"a": seen[spot], "b": p.name, "favor": p.favor, "h": p.stack},
            )
        else:
            seen[spot] = p.name


TURN_ORDER_INPUTS = Object(
    players=List(
        Object(
            name=Player(label=gettext_lazy("Player")),
            favor=_favor(gettext_lazy("Favor points")),
            stack=Int(
                1,
                MAX_PLAYERS,
                default=1,
                label=gettext_lazy("Height in a shared favor space (1 = bottom)"),
            ),
        ),
        min_length=2,
        max_length=MAX_PLAYERS,
        label=gettext_lazy("Players"),
    ),
    checks=[_turn_order_checks],
)


@adjudicator(
    game=GAME,
    name="turn-order",
    title=gettext_lazy("What is the turn order this round?"),
    inputs=TURN_ORDER_INPUTS,
    clauses=["pr.order.by-favor"],
    summary=lambda o: _("Turn order: %(order)s.") % {"order": _names(o["order"])},
    examples=[
        {
            "players": [
                {"name": "Livia", "favor": 24, "stack": 1},
                {"name": "Marcus", "favor": 19, "stack": 1},
                {"name": "Julia", "favor": 24, "stack": 2},
            ]
        },
    ],
)
def turn_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Order the players for the round: lower favor first, the top of a stack first on a tie."""
    r = Reasoning()
    players = sorted(i.players, key=lambda p: (p.favor, -p.stack))
    order = [p.name for p in players]
    r.step(
        "pr.order.by-favor",
        _("Lower favor goes earlier: %(list)s.") % {"list": _names([f"{p.name} {p.favor}" for p in players])},
    )
    groups: dict[int, list] = {}
    for p in players:
        groups.setdefault(p.favor, []).append(p)
    for favor, group in groups.items():
        if len(group) < 2:
            continue
        r.step(
            "pr.order.by-favor",
            _("Tied on %(favor)s favor, the marker on top goes first: %(list)s.")
            % {"favor": favor, "list": _names([f"{p.name} (height {p.stack})" for p in group])},
        )
        if len(group) > 2:
            r.gap(
                "pr.order.by-favor",
                question=_(
                    "The overview names only the player on top of a tied stack; in what order do the "
                    "others below follow?"
                ),
                assumed=_("From the top of the stack downwards."),
            )
    return r.result({"order": order})


# --------------------------------------------------------------------------- upkeep


def _upkeep_checks(i):
    if i.morale < i.morale_min:
        yield "morale", _("Morale cannot be below the track's minimum (%(m)s).") % {"m": i.morale_min}


UPKEEP_INPUTS = Object(
    era=Choice(("I", "II"), label=gettext_lazy("Era (from the city tile stack)")),
    novices=Object(
        first=Int(0, MAX_WORKERS, label=gettext_lazy("Novices on the first space")),
        second=Int(0, MAX_WORKERS, label=gettext_lazy("Novices on the second space")),
        label=gettext_lazy("Novices"),
    ),
    academy=Choice(
        ("own", "other", "none"),
        labels={
            "own": gettext_lazy("I control it"),
            "other": gettext_lazy("Another player's"),
            "none": gettext_lazy("Not built"),
        },
        label=gettext_lazy("Academy"),
    ),
    pay_academy=Bool(default=False, label=gettext_lazy("Pay 1 stone to the academy's owner?")),
    stone=Int(0, 9999, default=0, label=gettext_lazy("Stone you have")),
    workers=List(
        Object(
            experience=Int(1, 6, label=gettext_lazy("Experience")),
            used=Choice(
                ("build", "red", "other", "none"),
                labels={
                    "build": gettext_lazy("Built a city tile"),
                    "red": gettext_lazy("Activated a red tile"),
                    "other": gettext_lazy("Other action"),
                    "none": gettext_lazy("Not placed"),
                },
                label=gettext_lazy("Used for"),
            ),
        ),
        max_length=MAX_WORKERS,
        label=gettext_lazy("Active workers"),
    ),
    retired=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Retired workers")),
    wage_per_active=Int(0, 99, label=gettext_lazy("Wage per active worker (gold)")),
    pension_per_retired=Int(0, 99, label=gettext_lazy("Pension per retired worker (gold)")),
    gold=Int(0, 9999, label=gettext_lazy("Gold you have")),
    morale=_morale(gettext_lazy("Morale level")),
    morale_min=_morale(gettext_lazy("Lowest level of the morale track")),
    villagers=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Villagers")),
    checks=[_upkeep_checks],
)


def _upkeep_summary(o):
    return _(
        "%(promoted)s novice(s) become active, %(retired)s worker(s) retire for %(favor)s favor; "
        "%(wages)s gold of wages leaves %(gold)s gold, morale %(morale)s, %(penalty)s favor lost."
    ) % {
        "promoted": o["promoted"],
        "retired": o["retired_now"],
        "favor": o["favor_from_retirement"],
        "wages": o["wages_due"],
        "gold": o["gold_after"],
        "morale": o["morale_after"],
        "penalty": o["favor_penalty"],
    }


@adjudicator(
    game=GAME,
    name="upkeep",
    title=gettext_lazy("What happens to my workers, gold and morale in the upkeep phase?"),
    inputs=UPKEEP_INPUTS,
    clauses=[
        "pr.upkeep.novices-move",
        "pr.upkeep.novice-second-space",
        "pr.upkeep.novice-first-space",
        "pr.tiles.academy",
        "pr.tiles.workers-camp",
        "pr.upkeep.return-workers",
        "pr.upkeep.build-experience",
        "pr.upkeep.red-experience",
        "pr.upkeep.no-experience",
        "pr.concepts.workers-dice",
        "pr.upkeep.retirement",
        "pr.upkeep.wages-due",
        "pr.upkeep.wage-shortfall",
        "pr.upkeep.emergency-worker",
    ],
    summary=_upkeep_summary,
    examples=[
        {
            "era": "I",
            "novices": {"first": 1, "second": 1},
            "academy": "other",
            "pay_academy": True,
            "stone": 2,
            "workers": [
                {"experience": 5, "used": "build"},
                {"experience": 3, "used": "red"},
                {"experience": 2, "used": "other"},
            ],
            "retired": 1,
            "wage_per_active": 1,
            "pension_per_retired": 1,
            "gold": 4,
            "morale": 1,
            "morale_min": -2,
            "villagers": 3,
        },
        {
            "era": "II",
            "novices": {"first": 0, "second": 0},
            "academy": "none",
            "workers": [{"experience": 6, "used": "none"}],
            "retired": 3,
            "wage_per_active": 2,
            "pension_per_retired": 2,
            "gold": 1,
            "morale": -1,
            "morale_min": -2,
            "villagers": 2,
        },
    ],
)
def upkeep(i: Any, *, variant: str, rules: Rules) -> Result:
    """Run upkeep steps 1-5 for one player: novices, experience, retirement, wages, emergency worker."""
    r = Reasoning()
    first, second = i.novices.first, i.novices.second

    # Step 1: novices move right.
    r.step(
        "pr.upkeep.novices-move",
        _("Novices move one space right: %(second)s on the second space, %(first)s on the first.")
        % {"second": second, "first": first},
    )
    if second:
        r.step(
            "pr.upkeep.novice-second-space",
            _("The %(n)s novice(s) on the second space become active workers.") % {"n": second},
        )
    skip = False
    stone_paid = 0
    if first == 0:
        r.step(
            "pr.upkeep.novice-first-space",
            _("No novice is on the first space, so the academy changes nothing."),
        )
        if i.academy == "other" and i.pay_academy:
            r.gap(
                "pr.tiles.academy",
                question=_("Is the academy's stone paid when no novice is on the first space?"),
                assumed=_("No: the stone buys the skip of the second space, and there is nothing to skip."),
            )
    elif i.academy == "own":
        skip = True
        r.step(
            "pr.upkeep.novice-first-space",
            _(
                "You control the academy, so the %(n)s novice(s) on the first space skip the second "
                "space and become active."
            )
            % {"n": first},
        )
        r.gap(
            "pr.upkeep.novice-first-space",
            question=_(
                "With your own academy the overview says you *can* skip the second space; may you "
                "decline (active workers cost wages, novices do not)?"
            ),
            assumed=_("The owner uses the academy: the novices skip the second space, at no cost."),
        )
    elif i.academy == "other" and i.pay_academy and i.stone >= 1:
        skip = True
        stone_paid = 1
        r.step(
            "pr.upkeep.novice-first-space",
            _(
                "Another player's academy is built and you pay its owner 1 stone (%(s)s left), so the "
                "%(n)s novice(s) on the first space skip the second space and become active."
            )
            % {"s": i.stone - 1, "n": first},
        )
        r.step("pr.tiles.academy", _("The academy is used in the upkeep phase for 1 stone to its owner."))
    elif i.academy == "other" and i.pay_academy:
        r.step(
            "pr.upkeep.novice-first-space",
            _(
                "You want to pay the academy but have no stone, so you cannot: the %(n)s novice(s) "
                "on the first space move to the second space."
            )
            % {"n": first},
        )
    elif i.academy == "other":
        r.step(
            "pr.upkeep.novice-first-space",
            _(
                "You do not pay the academy's stone, so the %(n)s novice(s) on the first space move "
                "to the second space."
            )
            % {"n": first},
        )
    else:
        r.step(
            "pr.upkeep.novice-first-space",
            _("No academy is built, so the %(n)s novice(s) on the first space move to the second space.")
            % {"n": first},
        )
    promoted = second + (first if skip else 0)
    novices_after = {"first": 0, "second": 0 if skip else first}
    if promoted:
        r.step(
            "pr.tiles.workers-camp",
            _("Novices are recruited at 1 experience, so the %(n)s new active worker(s) have 1 experience.")
            % {"n": promoted},
        )
        r.gap(
            "pr.upkeep.novice-second-space",
            question=_(
                "The overview does not say a newly active novice's experience, nor whether it takes "
                "part in the rest of this upkeep."
            ),
            assumed=_(
                "It becomes a 1-experience active worker (as recruited), gains no experience in step 2 "
                "(it was not used), cannot retire (1 is not 6), and its wage is due in step 4."
            ),
        )

    # Step 2: returned workers gain experience.
    r.step(
        "pr.upkeep.return-workers",
        _("%(n)s active worker(s) return from the city.") % {"n": len(i.workers)},
    )
    after = []
    capped = False
    gains = {"build": [], "red": [], "rest": []}
    for w in i.workers:
        gained = w.used in ("build", "red")
        new = w.experience + 1 if gained else w.experience
        if new > 6:
            new, capped = 6, True
        gains[w.used if gained else "rest"].append(f"{w.experience}→{new}")
        after.append(new)
    if gains["build"]:
        r.step(
            "pr.upkeep.build-experience",
            _("Workers used to build gain 1 experience: %(list)s.") % {"list": _names(gains["build"])},
        )
    if gains["red"]:
        r.step(
            "pr.upkeep.red-experience",
            _("Workers used on a red tile gain 1 experience: %(list)s.") % {"list": _names(gains["red"])},
        )
    if gains["rest"]:
        r.step(
            "pr.upkeep.no-experience",
            _("The other workers gain no experience: %(list)s.") % {"list": _names(gains["rest"])},
        )
    if capped:
        r.gap(
            "pr.concepts.workers-dice",
            question=_("A worker already at 6 experience gains one more; can experience go past 6?"),
            assumed=_("No: a worker is a die, so it stays at 6 (and retires in step 3)."),
        )

    # Step 3: retirement at 6 experience.
    retired_now = sum(1 for e in after if e == 6)
    remaining = [e for e in after if e < 6]
    favor_from_retirement = retired_now * RETIREMENT_FAVOR[i.era]
    if retired_now:
        r.step(
            "pr.upkeep.retirement",
            _("%(n)s worker(s) at 6 experience retire in era %(era)s: %(n)s × %(each)s = %(total)s favor.")
            % {
                "n": retired_now,
                "era": i.era,
                "each": RETIREMENT_FAVOR[i.era],
                "total": favor_from_retirement,
            },
        )
    else:
        r.step("pr.upkeep.retirement", _("No active worker has 6 experience, so nobody retires."))
    workers_after = sorted(remaining + [1] * promoted, reverse=True)
    retired_total = i.retired + retired_now

    # Step 4: wages and pensions.
    wages_due = i.wage_per_active * len(workers_after) + i.pension_per_retired * retired_total
    paid = min(i.gold, wages_due)
    missing = wages_due - paid
    r.step(
        "pr.upkeep.wages-due",
        _(
            "Wages: %(a)s active × %(wa)s + %(rt)s retired × %(pr)s = %(due)s gold; you pay %(paid)s of "
            "your %(gold)s gold."
        )
        % {
            "a": len(workers_after),
            "wa": i.wage_per_active,
            "rt": retired_total,
            "pr": i.pension_per_retired,
            "due": wages_due,
            "paid": paid,
            "gold": i.gold,
        },
    )
    drop = min(missing, i.morale - i.morale_min)
    morale_after = i.morale - drop
    favor_penalty = (missing - drop) * MORALE_FAVOR_PENALTY
    if missing:
        r.step(
            "pr.upkeep.wage-shortfall",
            _("%(missing)s gold missing: morale drops %(drop)s level(s), %(m0)s → %(m1)s (minimum %(min)s).")
            % {"missing": missing, "drop": drop, "m0": i.morale, "m1": morale_after, "min": i.morale_min},
        )
        if favor_penalty:
            r.step(
                "pr.upkeep.wage-shortfall",
                _(
                    "Morale is at its minimum, so the %(rest)s gold still missing cost 5 favor each: %(pen)s favor."
                )
                % {"rest": missing - drop, "pen": favor_penalty},
            )
        if drop and morale_after == i.morale_min:
            r.gap(
                "pr.upkeep.wage-shortfall",
                question=_(
                    "Morale reached its minimum during this payment: do only the gold still missing after "
                    "that cost 5 favor each, or every missing gold of the payment?"
                ),
                assumed=_("Only the gold still missing once morale is at its minimum: %(pen)s favor.")
                % {"pen": favor_penalty},
            )

    # Step 5: emergency worker.
    may_buy = not workers_after and i.villagers >= 1
    if workers_after:
        r.step(
            "pr.upkeep.emergency-worker",
            _("You still have %(n)s active worker(s), so no emergency worker.") % {"n": len(workers_after)},
        )
    elif may_buy:
        r.step(
            "pr.upkeep.emergency-worker",
            _(
                "No active worker is left: you may lose 5 favor to turn one of your %(v)s villager(s) "
                "into a 1-experience active worker."
            )
            % {"v": i.villagers},
        )
    else:
        r.step(
            "pr.upkeep.emergency-worker",
            _("No active worker is left, but you have no villager to turn into one."),
        )

    return r.result(
        {
            "novices": novices_after,
            "promoted": promoted,
            "workers": workers_after,
            "retired_now": retired_now,
            "retired": retired_total,
            "favor_from_retirement": favor_from_retirement,
            "wages_due": wages_due,
            "gold_after": i.gold - paid,
            "morale_after": morale_after,
            "favor_penalty": favor_penalty,
            "stone_paid": stone_paid,
            "may_buy_emergency_worker": may_buy,
        }
    )


# --------------------------------------------------------------------------- final-scoring


def _final_scoring_checks(i):
    for res, qty in i.resources.items():
        if res != "gold" and qty and res not in i.rates:
            yield (
                f"rates.{res}",
                _("Give the market rate of %(r)s: you hold %(q)s.") % {"r": res, "q": qty},
            )
    if "gold" in i.rates and i.rates["gold"] != 1:
        yield "rates.gold", _("Gold is already gold: its rate is 1.")


FINAL_SCORING_INPUTS = Object(
    favor=_favor(gettext_lazy("Favor before final scoring")),
    active_workers=List(
        Int(1, 6, label=gettext_lazy("Experience")),
        max_length=MAX_WORKERS,
        label=gettext_lazy("Active workers' experience"),
    ),
    novices=Int(0, MAX_WORKERS, default=0, label=gettext_lazy("Novices")),
    morale_favor=Int(-99, 99, default=0, label=gettext_lazy("Favor shown at your morale level")),
    resources=Map(
        Choice(RESOURCES),
        Int(0, 9999),
        default={},
        label=gettext_lazy("Resources you hold"),
    ),
    rates=Map(
        Choice(RESOURCES),
        Int(0, 99),
        default={},
        label=gettext_lazy("Market rate: gold per unit"),
    ),
    checks=[_final_scoring_checks],
)


@adjudicator(
    game=GAME,
    name="final-scoring",
    title=gettext_lazy("How many favor points do I score at the end of the game?"),
    inputs=FINAL_SCORING_INPUTS,
    clauses=[
        "pr.final.active-workers",
        "pr.final.novices",
        "pr.final.morale",
        "pr.final.convert-resources",
        "pr.final.gold-to-favor",
    ],
    summary=lambda o: _("Final total: %(t)s favor.") % {"t": o["total"]},
    examples=[
        {
            "favor": 62,
            "active_workers": [5, 3, 1],
            "novices": 2,
            "morale_favor": 3,
            "resources": {"gold": 7, "wood": 4, "stone": 2, "marble": 1, "weapons": 0},
            "rates": {"wood": 2, "stone": 2, "marble": 3, "weapons": 3},
        },
    ],
)
def final_scoring(i: Any, *, variant: str, rules: Rules) -> Result:
    """Add the final-scoring favor to a player's running favor."""
    r = Reasoning()
    workers = sum(i.active_workers)
    r.step(
        "pr.final.active-workers",
        _("Active workers score by experience: %(list)s = %(n)s favor.")
        % {"list": " + ".join(str(e) for e in i.active_workers) or "0", "n": workers},
    )
    if i.active_workers:
        r.gap(
            "pr.final.active-workers",
            question=_("'According to their experience' does not say how many favor points per experience."),
            assumed=_("One favor point per point of experience (a worker's die value)."),
        )
    r.step("pr.final.novices", _("%(n)s novice(s): %(n)s favor.") % {"n": i.novices})
    r.step("pr.final.morale", _("Morale level: %(m)+d favor.") % {"m": i.morale_favor})
    parts = []
    gold_total = 0
    for res in RESOURCES:
        qty = i.resources.get(res, 0)
        if not qty:
            continue
        rate = 1 if res == "gold" else i.rates[res]
        gold_total += qty * rate
        parts.append(f"{qty} {res} × {rate}")
    r.step(
        "pr.final.convert-resources",
        _("Resources at market rates: %(parts)s = %(g)s gold.")
        % {"parts": " + ".join(parts) or "0", "g": gold_total},
    )
    resources_favor = gold_total // 10
    r.step(
        "pr.final.gold-to-favor",
        _("%(g)s gold gives %(f)s favor (1 per 10; %(left)s gold left over scores nothing).")
        % {"g": gold_total, "f": resources_favor, "left": gold_total % 10},
    )
    total = i.favor + workers + i.novices + i.morale_favor + resources_favor
    return r.result(
        {
            "workers": workers,
            "novices": i.novices,
            "morale": i.morale_favor,
            "gold_total": gold_total,
            "resources_favor": resources_favor,
            "total": total,
        }
    )


# --------------------------------------------------------------------------- winner

WINNER_INPUTS = Object(
    players=List(
        Object(
            name=Player(label=gettext_lazy("Player")),
            favor=_favor(gettext_lazy("Favor points")),
            morale=_morale(gettext_lazy("Morale level")),
            walls=Int(0, 14, label=gettext_lazy("Wall tiles")),
            city_tiles=Int(0, 42, label=gettext_lazy("City tiles")),
            age=Int(0, 150, label=gettext_lazy("Age (years)")),
        ),
        min_length=2,
        max_length=MAX_PLAYERS,
        label=gettext_lazy("Players"),
    ),
    checks=[_unique_names("players")],
)

# Tie-break criteria in the order of pr.victory.*: (outcome name, sort key, clause).
_CRITERIA = (
    ("favor", lambda p: -p.favor, "pr.victory.most-favor"),
    ("morale", lambda p: -p.morale, "pr.victory.tiebreak-morale"),
    ("walls", lambda p: -p.walls, "pr.victory.tiebreak-walls"),
    ("city_tiles", lambda p: p.city_tiles, "pr.victory.tiebreak-city-tiles"),
    ("age", lambda p: p.age, "pr.victory.youngest"),
)


def _winner_summary(o):
    if o["winner"] is None:
        return _("Still tied after every tie-break: compare exact birth dates.")
    return _("%(w)s wins (decided by %(by)s).") % {"w": o["winner"], "by": o["decided_by"]}


@adjudicator(
    game=GAME,
    name="winner",
    title=gettext_lazy("Who wins the game, and which tie-break decided it?"),
    inputs=WINNER_INPUTS,
    clauses=[clause for _n, _k, clause in _CRITERIA],
    summary=_winner_summary,
    examples=[
        {
            "players": [
                {"name": "Livia", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 7, "age": 34},
                {"name": "Marcus", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 5, "age": 41},
                {"name": "Julia", "favor": 77, "morale": 5, "walls": 4, "city_tiles": 6, "age": 29},
            ]
        },
    ],
)
def winner(i: Any, *, variant: str, rules: Rules) -> Result:
    """Find the winner by favor, then morale, wall tiles, (fewer) city tiles, and youth."""
    r = Reasoning()
    ranking = sorted(i.players, key=lambda p: tuple(key(p) for _n, key, _c in _CRITERIA))
    tied = list(i.players)
    decided_by = "age"
    for name, key, clause in _CRITERIA:
        best = min(key(p) for p in tied)
        leaders = [p for p in tied if key(p) == best]
        values = _names([f"{p.name} {getattr(p, name)}" for p in tied])
        if name == "favor":
            text = _("Most favor wins: %(values)s.")
        elif name == "morale":
            text = _("Tied on favor; higher morale wins: %(values)s.")
        elif name == "walls":
            text = _("Still tied; more wall tiles wins: %(values)s.")
        elif name == "city_tiles":
            text = _("Still tied; fewer city tiles wins: %(values)s.")
        else:
            text = _("Still tied; the gods favour the younger player: %(values)s.")
        r.step(clause, text % {"values": values})
        if name == "city_tiles" and len({p.city_tiles for p in tied}) > 1:
            r.gap(
                clause,
                question=_(
                    "The third tie-break reads '-城市板块数量' ('-number of city tiles'): does the minus "
                    "mean fewer city tiles wins, or is it a stray list dash (more wins)?"
                ),
                assumed=_(
                    "Fewer city tiles wins: the item is already numbered '3.', so the '-' is read as a "
                    "reversed criterion."
                ),
            )
        tied = leaders
        if len(tied) == 1:
            decided_by = name
            break
    if len(tied) > 1:
        r.gap(
            "pr.victory.youngest",
            question=_("%(list)s are tied on everything, the same age in years included.")
            % {"list": _names([p.name for p in tied])},
            assumed=_("No winner can be named from these inputs: the younger by exact birth date wins."),
        )
        won = None
    else:
        won = tied[0].name
    return r.result({"winner": won, "ranking": [p.name for p in ranking], "decided_by": decided_by})


# --------------------------------------------------------------------------- activation

ACTIVATION_INPUTS = Object(
    player=Player(label=gettext_lazy("Who wants to activate the tile?")),
    tile=Object(
        kind=Choice(
            ("green", "red", "grey"),
            labels={
                "green": gettext_lazy("Green"),
                "red": gettext_lazy("Red"),
                "grey": gettext_lazy("Grey (special)"),
            },
            label=gettext_lazy("Tile's action colour"),
        ),
        owner=Player(nullable=True, default=None, label=gettext_lazy("Who built it (empty: a start tile)")),
        fee=Int(0, 99, default=0, label=gettext_lazy("Fee on the tile")),
        used_this_round=Bool(default=False, label=gettext_lazy("Already activated this round?")),
        label=gettext_lazy("Tile"),
    ),
    player_used_this_round=Bool(
        default=False, label=gettext_lazy("Grey tile: has this player already activated it this round?")
    ),
)


def _activation_summary(o):
    if not o["allowed"]:
        return _("Not allowed.")
    if o["pays_owner"]:
        return _("Allowed; pay the owner %(fee)s.") % {"fee": o["fee_due"]}
    return _("Allowed, with no fee to pay.")


@adjudicator(
    game=GAME,
    name="activation",
    title=gettext_lazy("Can I activate this city tile, and what does it cost?"),
    inputs=ACTIVATION_INPUTS,
    clauses=[
        "pr.actions.activate-place",
        "pr.actions.activate-once-per-round",
        "pr.actions.activate-fee",
        "pr.actions.special-once-per-player",
        "pr.actions.special-fee",
        "pr.upkeep.red-experience",
        "pr.upkeep.no-experience",
        "pr.concepts.workers-dice",
    ],
    summary=_activation_summary,
    examples=[
        {"player": "Livia", "tile": {"kind": "red", "owner": "Marcus", "fee": 2, "used_this_round": False}},
        {
            "player": "Livia",
            "tile": {"kind": "grey", "owner": "Livia", "fee": 1, "used_this_round": True},
            "player_used_this_round": False,
        },
        {"player": "Julia", "tile": {"kind": "green", "owner": None, "fee": 1, "used_this_round": False}},
    ],
)
def activation(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether a player may activate a tile, whether the owner is paid, and experience."""
    r = Reasoning()
    tile = i.tile
    own = tile.owner is not None and tile.owner == i.player
    if tile.kind == "grey":
        needs_worker = False
        allowed = not i.player_used_this_round
        if allowed:
            r.step(
                "pr.actions.special-once-per-player",
                _("A special (grey) tile may be activated once per round by each player; %(p)s has not yet.")
                % {"p": i.player},
            )
        else:
            r.step(
                "pr.actions.special-once-per-player",
                _("%(p)s has already activated this special tile this round.") % {"p": i.player},
            )
        pays = allowed and tile.owner is not None and not own
        if not allowed:
            r.step("pr.actions.special-fee", _("Not activated, so no fee and no marker."))
        elif own:
            r.step(
                "pr.actions.special-fee",
                _(
                    "No worker is needed, only a marker; %(p)s owns the tile, so the fee would come back to them."
                )
                % {"p": i.player},
            )
            r.gap(
                "pr.actions.special-fee",
                question=_("Must you pay the fee of a special tile you own yourself?"),
                assumed=_(
                    "Nothing changes hands: the fee would go back to you (and ordinary tiles are free "
                    "to their owner)."
                ),
            )
        elif tile.owner is None:
            r.step(
                "pr.actions.special-fee",
                _("No worker is needed, only a marker; the tile has no owner to pay."),
            )
            r.gap(
                "pr.actions.special-fee",
                question=_("The fee of a special tile goes to its owner; what if nobody owns it?"),
                assumed=_("Nobody is paid: the fee is not due."),
            )
        else:
            r.step(
                "pr.actions.special-fee",
                _("No worker is needed, only a marker; %(p)s must pay the owner %(o)s the fee of %(f)s.")
                % {"p": i.player, "o": tile.owner, "f": tile.fee},
            )
        gains = False
        if allowed:
            r.step("pr.upkeep.no-experience", _("No worker is placed, so no worker gains experience."))
    else:
        needs_worker = True
        allowed = not tile.used_this_round
        r.step("pr.actions.activate-place", _("Activating it takes one of your active workers."))
        if allowed:
            r.step(
                "pr.actions.activate-once-per-round",
                _("Nobody has activated this tile this round, so it is free to use."),
            )
        else:
            r.step(
                "pr.actions.activate-once-per-round",
                _("This tile has already been activated this round: it cannot be activated again."),
            )
        pays = allowed and tile.owner is not None and not own
        if allowed:
            if pays:
                text = _("%(o)s built it, so %(p)s pays them the fee of %(f)s.")
            elif own:
                text = _("%(p)s built it, so no fee is due.")
            else:
                text = _("No other player built it (a start tile), so no fee is due.")
            r.step("pr.actions.activate-fee", text % {"o": tile.owner, "p": i.player, "f": tile.fee})
        gains = allowed and tile.kind == "red"
        if gains:
            r.step("pr.upkeep.red-experience", _("A red tile: the worker gains 1 experience at upkeep."))
        elif allowed:
            r.step("pr.upkeep.no-experience", _("A green tile: the worker gains no experience at upkeep."))
            r.gap(
                "pr.concepts.workers-dice",
                question=_(
                    "The concepts say workers gain experience by performing actions, but upkeep lists only "
                    "building and red tiles; does a green tile give experience?"
                ),
                assumed=_("No: the upkeep list is the specific rule."),
            )
    return r.result(
        {
            "allowed": allowed,
            "pays_owner": pays,
            "fee_due": tile.fee if pays else 0,
            "needs_worker": needs_worker,
            "gains_experience": gains,
        }
    )


# --------------------------------------------------------------------------- last-round

LAST_ROUND_INPUTS = Object(
    city_deck=Int(0, 42, label=gettext_lazy("City tiles left in the stack")),
    wall_deck=Int(0, 14, label=gettext_lazy("Wall tiles left in the stack")),
)


@adjudicator(
    game=GAME,
    name="last-round",
    title=gettext_lazy("Is the next round the last one?"),
    inputs=LAST_ROUND_INPUTS,
    clauses=["pr.upkeep.last-round-check", "pr.upkeep.city-deck-empty", "pr.upkeep.wall-deck-empty"],
    summary=lambda o: (
        _("The next round is the last.") if o["next_is_last"] else _("The next round is not the last.")
    ),
    examples=[{"city_deck": 0, "wall_deck": 3}, {"city_deck": 5, "wall_deck": 2}],
)
def last_round(i: Any, *, variant: str, rules: Rules) -> Result:
    """Check, after maintaining the city, whether the next round is the last."""
    r = Reasoning()
    r.step(
        "pr.upkeep.last-round-check",
        _("After maintenance: %(c)s city tile(s) and %(w)s wall tile(s) left in the stacks.")
        % {"c": i.city_deck, "w": i.wall_deck},
    )
    r.step(
        "pr.upkeep.city-deck-empty",
        _("The city tile stack is empty: the next round is the last.")
        if i.city_deck == 0
        else _("The city tile stack is not empty."),
    )
    r.step(
        "pr.upkeep.wall-deck-empty",
        _("The wall tile stack is empty: the next round is the last.")
        if i.wall_deck == 0
        else _("The wall tile stack is not empty."),
    )
    return r.result({"next_is_last": i.city_deck == 0 or i.wall_deck == 0})


# --------------------------------------------------------------------------- disputes

dispute(
    game=GAME,
    key="city-tiles-tiebreak",
    title=gettext_lazy("The third tie-break: fewer or more city tiles?"),
    question=gettext_lazy(
        "The third tie-break is written '-城市板块数量' ('-number of city tiles'). Is the minus a sign "
        "that fewer city tiles wins, or a stray list dash meaning more city tiles wins?"
    ),
    clauses=["pr.victory.most-favor", "pr.victory.tiebreak-city-tiles"],
    adjudicator="winner",
    inputs={
        "players": [
            {"name": "Livia", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 7, "age": 34},
            {"name": "Marcus", "favor": 81, "morale": 3, "walls": 2, "city_tiles": 5, "age": 41},
        ]
    },
)

dispute(
    game=GAME,
    key="grey-tile-own-fee",
    title=gettext_lazy("Fee for activating your own special tile"),
    question=gettext_lazy(
        "Special (grey) tiles say you must pay the owner's fee, with no exception for the owner; ordinary "
        "tiles are free to the player who built them. Does the owner of a special tile pay anything?"
    ),
    clauses=["pr.actions.special-fee", "pr.actions.activate-fee", "pr.tiles.labour-camp"],
    adjudicator="activation",
    inputs={
        "player": "Livia",
        "tile": {"kind": "grey", "owner": "Livia", "fee": 2, "used_this_round": False},
        "player_used_this_round": False,
    },
)

dispute(
    game=GAME,
    key="final-scoring-by-experience",
    title=gettext_lazy("Active workers 'according to their experience'"),
    question=gettext_lazy(
        "Final scoring gives each active worker favor 'according to their experience' without a table. "
        "Is it one favor per point of experience, or a scale printed elsewhere?"
    ),
    clauses=["pr.final.active-workers", "pr.concepts.workers-dice"],
    adjudicator="final-scoring",
    inputs={"favor": 60, "active_workers": [5, 3, 1], "novices": 1, "morale_favor": 0},
)

dispute(
    game=GAME,
    key="wage-shortfall-at-minimum-morale",
    title=gettext_lazy("Missing wages once morale hits its minimum"),
    question=gettext_lazy(
        "'If your morale drops to the minimum, lose 5 favor for each missing gold': only the gold still "
        "missing after morale reached the minimum, or every missing gold of that payment?"
    ),
    clauses=["pr.upkeep.wage-shortfall", "pr.upkeep.wages-due"],
    adjudicator="upkeep",
    inputs={
        "era": "I",
        "novices": {"first": 0, "second": 0},
        "academy": "none",
        "workers": [{"experience": 2, "used": "other"}, {"experience": 3, "used": "other"}],
        "retired": 2,
        "wage_per_active": 1,
        "pension_per_retired": 1,
        "gold": 0,
        "morale": 0,
        "morale_min": -2,
    },
)
