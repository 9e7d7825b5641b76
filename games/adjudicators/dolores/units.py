"""Troop units (section ``units``): stacks, sabotage, missile strikes, and GNIAZDO's doubts 7, 9
and 10 computed.

``stacking``: which tokens of a field can be attacked (dl.stacking, dl.top-token-active);
``sabotage``: what a successful sabotage does (dl.sabotage, dl.sabotage-effect);
``missile-strike``: whether a missile may strike and what it leaves on the field
(dl.missile-range, dl.missile-single-use, dl.missile-effect, dl.super-missile-*).

``combat-odds``: the exact odds of a clash (dl.combat, dl.top-token-active) for each pair of
units and of N attackers against one defender, the question of doubt 7; ``missile-shootdown``:
doubt 9's missile against missile, under each reading side by side (dl.missile-range,
dl.super-missile-range, dl.missile-single-use); ``ship-reach``: doubt 10 on a board the
referee gives, the fields out of every ship's reach (dl.attack-range, dl.ship-move).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Die, Int, List, Object, Str, ruled_out
from games.engine.rules import active as rules_in_force

from .common import (
    MAX_DISTRICTS,
    NAMES,
    READINGS,
    WORDS,
    adjudicator,
    board_size,
    districts_within_table,
    field_list,
    outside_board,
    pieces_on_their_terrain,
    say_fields,
    token_set,
)
from .military import _destroyed

UNIT_KINDS = WORDS["units"]
MISSILE_KINDS = WORDS["missiles"]

# ============================================================== combat-odds


def _both_rolls(i: Any) -> Iterable[tuple[str, str]]:
    if (i.attacker_roll is None) != (i.defender_roll is None):
        missing = "defender_roll" if i.defender_roll is None else "attacker_roll"
        yield missing, _("A clash is rolled by both sides: give both rolls, or neither.")


COMBAT_ODDS_INPUTS = Object(
    attacker=Choice.of(UNIT_KINDS, default="infantry", label=gettext_lazy("Attacking unit")),
    defender=Choice.of(UNIT_KINDS, default="armored", label=gettext_lazy("Defending unit")),
    attackers=Int(1, 99, default=1, label=gettext_lazy("Attacking units, one after another")),
    attacker_roll=Die(
        default=None, nullable=True, label=gettext_lazy("The attacker's roll (a clash rolled)")
    ),
    defender_roll=Die(
        default=None, nullable=True, label=gettext_lazy("The defender's roll (a clash rolled)")
    ),
    checks=[_both_rolls],
)


def odds(p: Fraction) -> dict[str, Any]:
    """An exact probability as the outcome gives it: numerator, denominator and a rounded percent."""
    return {"num": p.numerator, "den": p.denominator, "percent": round(float(p) * 100, 2)}


def _modifier(rules: Rules, unit: str, other: str) -> int:
    """dl.combat: "od rzutu piechoty odejmuje się cztery oczka w walce przeciwko okrętowi" — the
    only modifier the text states; the unit descriptions give no other."""
    if unit == "infantry" and other == "ship":
        return -rules.param("infantry_ship_malus")
    return 0


def clash(rules: Rules, attacker: str, defender: str) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, attacker loses, tie) of one clash: each side rolls one die, modified, and
    the lower total is removed (dl.combat), over the 36 equally likely pairs of rolls."""
    ma, md = _modifier(rules, attacker, defender), _modifier(rules, defender, attacker)
    win = lose = tie = 0
    for a in range(1, 7):
        for d in range(1, 7):
            ta, td = a + ma, d + md
            if ta > td:
                win += 1
            elif ta < td:
                lose += 1
            else:
                tie += 1
    return Fraction(win, 36), Fraction(lose, 36), Fraction(tie, 36)


def _removed(r: Reasoning, rules: Rules, i: Any) -> str | None:
    """dl.combat: "Jednostkę, która uzyskała niższą sumę usuwa się z planszy" — given the dice of
    one clash, who is removed (the rolls modified as the descriptions say): "attacker",
    "defender", "neither" on equal totals; None when no clash was rolled."""
    if i.attacker_roll is None:
        return None
    ta = i.attacker_roll + _modifier(rules, i.attacker, i.defender)
    td = i.defender_roll + _modifier(rules, i.defender, i.attacker)
    removed = "defender" if ta > td else "attacker" if ta < td else "neither"
    r.step(
        "dl.combat",
        _("Rolled: the attacker %(ta)s, the defender %(td)s; the lower total is removed: %(removed)s.")
        % {"ta": ta, "td": td, "removed": WORDS["removed"][removed]},
    )
    return removed


def _combat_odds_summary(o: dict[str, Any]) -> str:
    survives = o["defender_survives"]
    return _(
        "One clash is won by the attacker with odds %(win)s%%; the defender survives all the attacks with "
        "odds %(written)s%% as written (ties stand), %(reroll)s%% if ties are rolled again."
    ) % {
        "win": o["clash"]["win"]["percent"],
        "written": survives["as-written"]["percent"],
        "reroll": survives["reroll"]["percent"],
    }


@adjudicator("combat-odds", inputs=COMBAT_ODDS_INPUTS, summary=_combat_odds_summary)
def combat_odds(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    win, lose, tie = clash(rules, i.attacker, i.defender)
    attacker, defender = UNIT_KINDS[i.attacker], UNIT_KINDS[i.defender]
    r.step(
        "dl.combat",
        _(
            "%(attacker)s against %(defender)s: one die each, the lower total removed; the rolls take "
            "%(ma)+d and %(md)+d. Of 36 pairs of rolls the attacker wins %(win)s, loses %(lose)s, ties %(tie)s."
        )
        % {
            "attacker": attacker,
            "defender": defender,
            "ma": _modifier(rules, i.attacker, i.defender),
            "md": _modifier(rules, i.defender, i.attacker),
            "win": win * 36,
            "lose": lose * 36,
            "tie": tie * 36,
        },
    )
    r.gap("dl.combat", "modifiers-not-given", malus=rules.param("infantry_ship_malus"))
    # dl.top-token-active: only the token on top can be attacked, so N attackers meet the one
    # defender one clash at a time; it survives only if it wins or ties every one of them.
    r.step(
        "dl.top-token-active",
        _("Only the token on top is active: the attackers (%(n)s) clash with it one after another.")
        % {"n": i.attackers},
    )
    # Ties: "Jednostkę, która uzyskała niższą sumę usuwa się" — with equal totals neither is lower.
    decisive = win + lose
    survives = {
        "as-written": (1 - win) ** i.attackers,
        "reroll": (lose / decisive) ** i.attackers if decisive else Fraction(1),
    }
    removed = _removed(r, rules, i)
    r.gap(
        "dl.combat",
        "tie",
        readings=[(_("A tie is rolled again."), {"removed": "roll-again"})] if removed == "neither" else [],
    )
    r.step(
        "dl.doubt-7",
        ngettext(
            "The defender survives %(n)s attack with odds %(written)s%% as written (a tie removes "
            "neither), %(reroll)s%% if a tie is rolled again.",
            "The defender survives %(n)s attacks with odds %(written)s%% as written (a tie removes "
            "neither), %(reroll)s%% if a tie is rolled again.",
            i.attackers,
        )
        % {
            "n": i.attackers,
            "written": odds(survives["as-written"])["percent"],
            "reroll": odds(survives["reroll"])["percent"],
        },
    )
    pairs = []
    for a in UNIT_KINDS:
        for d in UNIT_KINDS:
            w, lo, t = clash(rules, a, d)
            pairs.append({"attacker": a, "defender": d, "win": odds(w), "lose": odds(lo), "tie": odds(t)})
    return r.result(
        {
            "removed": removed,
            "clash": {"win": odds(win), "lose": odds(lose), "tie": odds(tie)},
            "defender_survives": {k: odds(v) for k, v in survives.items()},
            "pairs": pairs,
        }
    )


# ========================================================= missile-shootdown


def _launcher_on_the_board(i: Any) -> Iterable[tuple]:
    """dl.missile-single-use: "Jest jednorazowego użytku, co oznacza, że po pierwszym ataku jej
    żeton usuwa się z planszy" — a launcher that has attacked is no longer on the board, so it
    neither strikes nor shoots again."""
    if i.used:
        yield ruled_out(
            "used",
            _(
                "A missile that has attacked was removed from the board after that attack: it cannot fire again."
            ),
            "dl.missile-single-use",
        )


MISSILE_SHOOTDOWN_INPUTS = Object(
    shooter=Choice.of(MISSILE_KINDS, default="missile", label=gettext_lazy("The missile that would shoot")),
    distance=Int(0, 999, label=gettext_lazy("Fields between it and the missile in flight")),
    owner_fires=Bool(default=False, label=gettext_lazy("Does its owner choose to fire?")),
    used=Bool(default=False, label=gettext_lazy("Has the missile that would shoot attacked before?")),
    checks=[_launcher_on_the_board],
)

# Doubt 9's two questions, crossed: is the shot automatic or the owner's choice; must the missile
# in flight be within the shooter's range?
SHOOTDOWN_READINGS = ("automatic-in-range", "automatic-any-range", "chosen-in-range", "chosen-any-range")


def _missile_range(rules: Rules, kind: str) -> tuple[int, str]:
    """dl.missile-range: "Zasięg rakiety wynosi 10 pól"; dl.super-missile-range: "Zasięg wynosi 20 pól"."""
    if kind == "super":
        return rules.param("super_missile_range"), "dl.super-missile-range"
    return rules.param("missile_range"), "dl.missile-range"


def _within_range(r: Reasoning, rules: Rules, kind: str, distance: int, saying: str) -> bool:
    """Whether a target ``distance`` fields away is within the range of a missile of ``kind``,
    the step citing its range's clause and ``saying`` its reach, the distance and the verdict."""
    reach, clause = _missile_range(rules, kind)
    in_range = distance <= reach
    verdict = _("within range") if in_range else _("out of range")
    r.step(clause, saying % {"reach": reach, "distance": distance, "verdict": verdict})
    return in_range


def _shootdown_summary(o: dict[str, Any]) -> str:
    fires = [str(READINGS[k]) for k, v in o["fires"].items() if v]
    if not fires:
        return _("Under no reading does the missile fire.")
    return _("The missile fires under these readings: %(readings)s.") % {"readings": "; ".join(fires)}


@adjudicator("missile-shootdown", inputs=MISSILE_SHOOTDOWN_INPUTS, summary=_shootdown_summary)
def missile_shootdown(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    in_range = _within_range(
        r,
        rules,
        i.shooter,
        i.distance,
        _("Its range is %(reach)s fields; the missile in flight is %(distance)s away: %(verdict)s."),
    )
    # dl.doubt-9: "Instrukcja nie precyzuje czy dzieje się to automatycznie. Nie wiadomo także czy
    # zestrzeliwana rakieta musi być w zasięgu rakiety zestrzeliwującej."
    r.gap("dl.doubt-9", "missile-against-missile")
    fires = {}
    for reading in SHOOTDOWN_READINGS:
        automatic = reading.startswith("automatic")
        needs_range = reading.endswith("in-range")
        fires[reading] = (automatic or i.owner_fires) and (in_range or not needs_range)
    r.step(
        "dl.doubt-9",
        _("Each reading side by side: %(readings)s.")
        % {
            "readings": "; ".join(
                f"{READINGS[k]}: {_('fires') if v else _('does not fire')}" for k, v in fires.items()
            )
        },
    )
    if any(fires.values()):
        # dl.missile-single-use: "po pierwszym ataku jej żeton usuwa się z planszy".
        r.step(
            "dl.missile-single-use",
            _("A missile is single-use: where it fires, its token is removed from the board afterwards."),
        )
        r.gap("dl.missile-single-use", "shot-is-an-attack")
    return r.result({"in_range": in_range, "fires": fires})


# ================================================================= ship-reach


def _ships_at_sea(i: Any) -> Iterable[tuple]:
    yield from outside_board(i, ("sea", "ships"))
    sea = set(i.sea)
    for n, c in enumerate(i.ships):
        if c not in sea:
            # dl.ship-move: "Porusza się tylko po polach morskich".
            yield ruled_out(
                f"ships.{n}",
                _("A ship moves only on sea fields: [%(x)s, %(y)s] is not one.") % {"x": c[0], "y": c[1]},
                "dl.ship-move",
            )


SHIP_REACH_INPUTS = Object(
    **board_size(1, 100),
    sea=field_list(gettext_lazy("Sea fields"), max_length=10_000),
    ships=field_list(gettext_lazy("Ships (none: a ship may be on any sea field)"), max_length=200),
    checks=[_ships_at_sea],
)


def _distances(width: int, height: int, sources: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Fields counted across edges from the nearest source (a breadth-first search over the board)."""
    far = 10**9  # no source: no field is within any reach
    dist = [[far] * width for _ in range(height)]
    frontier = []
    for x, y in sources:
        if dist[y][x]:
            dist[y][x] = 0
            frontier.append((x, y))
    d = 0
    while frontier:
        d += 1
        nxt = []
        for x, y in frontier:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height and dist[ny][nx] > d:
                    dist[ny][nx] = d
                    nxt.append((nx, ny))
        frontier = nxt
    return dist


def _ship_reach_summary(o: dict[str, Any]) -> str:
    return _(
        "Land fields out of every ship's reach: %(five)s if a ship strikes five fields away (doubt 10), "
        "%(own)s if it strikes only on its own field."
    ) % {"five": o["safe_fields"]["five-fields"], "own": o["safe_fields"]["own-field"]}


@adjudicator("ship-reach", inputs=SHIP_REACH_INPUTS, summary=_ship_reach_summary)
def ship_reach(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    sea = set(i.sea)
    land = [(x, y) for y in range(i.height) for x in range(i.width) if (x, y) not in sea]
    reach = rules.param("ship_move")
    r.step(
        "dl.ship-move",
        _("A ship moves only on sea fields, %(n)s fields a round.") % {"n": reach},
    )
    sources = list(i.ships) if i.ships else list(sea)
    if not i.ships:
        r.step("dl.ship-move", _("No ship is placed: any sea field may hold one, so every one counts."))
    r.step(
        "dl.attack-range",
        _(
            "A unit attacks what is on its own field or at the distance its description gives; the "
            "ship's gives %(n)s fields only as its move."
        )
        % {"n": reach},
    )
    r.gap("dl.attack-range", "ship-attack-distance", n=reach)
    if variant == "gniazdo" and i.ships:
        # dl.proposal-6: "jednostka może wykonać jeden ruch i jeden atak w dowolnej kolejności" — a
        # ship may first sail its fields, then strike.
        sources = _sailed(i.width, i.height, sea, sources, reach)
        r.step(
            "dl.proposal-6",
            _("One move and one attack in any order: a ship may first sail %(n)s sea fields, then strike.")
            % {"n": reach},
        )
    five = _out_of_reach(i.width, i.height, land, sources, reach)
    r.step(
        "dl.doubt-10",
        _(
            "Read as doubt 10 reads it, %(n)s fields of range: %(count)s of %(land)s land fields are out of reach%(which)s."
        )
        % {
            "n": reach,
            "count": len(five),
            "land": len(land),
            "which": (": " + say_fields(five[:20]) + (" …" if len(five) > 20 else "")) if five else "",
        },
    )
    # Side by side: striking only on its own (sea) field, a ship reaches no land field at all.
    outcome = {
        "reach": reach,
        "land_fields": len(land),
        "safe_fields": {"own-field": len(land), "five-fields": len(five)},
        "out_of_reach": five,
    }
    if variant != "gniazdo" and i.ships:
        # dl.doubt-6: "Nie wiadomo, czy oddział może ruszać się i atakować w tej samej rundzie" — if
        # it may, a ship sails first and strikes from where it stops.
        moved = _out_of_reach(i.width, i.height, land, _sailed(i.width, i.height, sea, sources, reach), reach)
        other = {"safe_fields": {"own-field": len(land), "five-fields": len(moved)}, "out_of_reach": moved}
        r.gap(
            "dl.doubt-6",
            "ship-moves-then-strikes",
            n=reach,
            readings=[
                (
                    _("A unit may move and attack in one round: a ship sails %(n)s sea fields, then strikes.")
                    % {"n": reach},
                    {k: v for k, v in other.items() if outcome[k] != v},
                )
            ],
        )
    return r.result(outcome)


def _sailed(width: int, height: int, sea: set, ships: list, reach: int) -> list[tuple[int, int]]:
    """dl.ship-move: the sea fields a ship reaches sailing up to ``reach`` fields over sea only."""
    seen = set(map(tuple, ships))
    frontier = list(seen)
    for _step in range(reach):
        nxt = []
        for x, y in frontier:
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c in sea and c not in seen:
                    seen.add(c)
                    nxt.append(c)
        frontier = nxt
    return sorted(seen)


def _out_of_reach(width: int, height: int, land: list, sources: list, reach: int) -> list[list[int]]:
    """The land fields farther than ``reach`` from every one of ``sources``."""
    dist = _distances(width, height, sources)
    return [[x, y] for x, y in land if dist[y][x] > reach]


# ================================================================== stacking

ATTACKERS = WORDS["attackers"]

STACK_TOKEN = Object(
    federation=Str(1, 40, label=gettext_lazy("Federation")),
    unit=Choice.of(UNIT_KINDS, label=gettext_lazy("Unit")),
)


def _carried_by_ships(i: Any) -> Iterable[tuple]:
    """dl.ship-move: ships only on sea fields, land units on land ones, so a stack holding a ship
    is at sea, and its infantry and armored units are carried: dl.ship-transport "Może przewozić
    do dwóch oddziałów piechoty lub pancernych", per ship."""
    ships = sum(1 for t in i.stack if t.unit == "ship")
    if not ships:
        return
    carried = sum(1 for t in i.stack if t.unit != "ship")
    capacity = rules_in_force().param("ship_capacity") * ships
    if carried > capacity:
        yield ruled_out(
            "stack",
            _(
                "A field with a ship is a sea field, where land units are only carried by ships: %(n)s land "
                "units, but the ships here carry %(capacity)s."
            )
            % {"n": carried, "capacity": capacity},
            "dl.ship-move",
            "dl.ship-transport",
        )


STACKING_INPUTS = Object(
    stack=List(
        STACK_TOKEN, min_length=1, max_length=60, label=gettext_lazy("Units on the field, bottom first")
    ),
    attacker=Choice.of(ATTACKERS, default="infantry", label=gettext_lazy("Attacked by")),
    checks=[_carried_by_ships],
)


def _stacking_summary(o: dict[str, Any]) -> str:
    if len(o["attackable"]) == 1:
        return _("Only the token on top (number %(n)s from the bottom) can be attacked.") % {
            "n": o["attackable"][0] + 1
        }
    return _("Every token of the field is struck (%(n)s).") % {"n": len(o["attackable"])}


# The stacking question's units, by the token set's names (dl.federation-tokens).
SET_OF_UNIT = {"infantry": "infantry", "armored": "armored", "ship": "ships"}


def _stack_past_the_set(r: Reasoning, rules: Rules, i: Any, allowed: bool | None) -> None:
    """dl.doubt-2: "Nie wiadomo czy można przekroczyć określone w instrukcji limity" — one
    federation's units of a kind on this field past its token set (dl.federation-tokens: "15
    oddziałów piechoty, 10 oddziałów wojsk pancernych, 10 okrętów"): as entered, the stack stands;
    read as limits, it cannot be on the board."""
    counts: dict[tuple[str, str], int] = {}
    for t in i.stack:
        counts[(t.federation, t.unit)] = counts.get((t.federation, t.unit), 0) + 1
    for (federation, unit), n in counts.items():
        limit = token_set(rules, SET_OF_UNIT[unit])
        if n > limit:
            r.gap(
                "dl.doubt-2",
                "token-set-stacked",
                limit=limit,
                what=NAMES[SET_OF_UNIT[unit]],
                count=n,
                readings=[
                    (
                        _(
                            "The set sizes are limits: %(federation)s has no more than %(limit)s, so the stack cannot be."
                        )
                        % {"federation": federation, "limit": limit},
                        {"allowed": False} if allowed is not False else {},
                    )
                ],
            )


@adjudicator("stacking", inputs=STACKING_INPUTS, summary=_stacking_summary)
def stacking(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    federations = list(dict.fromkeys(t.federation for t in i.stack))
    if len(federations) == 1:
        r.step(
            "dl.stacking",
            _("Any number of one federation's units may share a field: %(n)s of %(federation)s's here.")
            % {"n": len(i.stack), "federation": federations[0]},
        )
        allowed: bool | None = True
    else:
        r.step(
            "dl.stacking",
            _(
                "Any number of one federation's units may share a field; here there are several: %(federations)s."
            )
            % {"federations": ", ".join(federations)},
        )
        r.gap("dl.stacking", "federations-share-a-field")
        allowed = None
    _stack_past_the_set(r, rules, i, allowed)
    top = len(i.stack) - 1
    if i.attacker in ("missile", "super"):
        # dl.missile-effect: "Z zaatakowanego pola usuwa się wszystkie żetony" — a missile strikes
        # the whole field; dl.top-token-active names only infantry, armored units and ships.
        r.step(
            "dl.missile-effect",
            _("A missile is not bound to the top token: it removes every unit token of the field."),
        )
        attackable = list(range(len(i.stack)))
    else:
        r.step(
            "dl.top-token-active",
            _(
                "Only the token on top is active, and only it may be attacked by %(attacker)s: %(unit)s of %(federation)s."
            )
            % {
                "attacker": ATTACKERS[i.attacker],
                "unit": UNIT_KINDS[i.stack[top].unit],
                "federation": i.stack[top].federation,
            },
        )
        attackable = [top]
    return r.result({"allowed": allowed, "active": top, "attackable": attackable})


# ================================================================== sabotage

SABOTAGE_TARGETS = WORDS["sabotage-targets"]


def _city_has_a_district(i: Any) -> Iterable[tuple]:
    """dl.sabotage-effect: "W przypadku miast sukces oznacza zniszczenie ostatniej zabudowanej
    dzielnicy" — the city sabotaged has a last built district: none built is no city to attack."""
    if i.target == "city" and i.districts < 1:
        yield ruled_out(
            "districts",
            _(
                "A city sabotaged has a last built district to lose; a city with none built is not on the board."
            ),
            "dl.sabotage-effect",
        )


SABOTAGE_INPUTS = Object(
    unit=Choice.of(UNIT_KINDS, default="infantry", label=gettext_lazy("Unit")),
    target=Choice.of(SABOTAGE_TARGETS, label=gettext_lazy("Target")),
    roll=Die(label=gettext_lazy("The player's roll")),
    districts=Int(0, MAX_DISTRICTS, default=0, label=gettext_lazy("Built districts (a city)")),
    checks=[districts_within_table("districts"), _city_has_a_district],
)


# dl.sabotage-effect: "W przypadku miast sukces oznacza zniszczenie ostatniej zabudowanej
# dzielnicy, a w przypadku lasów i pól - zastąpienie ich żetonów żetonem pożaru."
EFFECTS = {"city": "last-district-destroyed", "forest": "replaced-by-fire", "farm": "replaced-by-fire"}


def _sabotage_summary(o: dict[str, Any]) -> str:
    if o["effect"] is None:
        return _("The text says neither what roll succeeds nor what a successful sabotage does here.")
    return _("The text does not say what roll succeeds; if it does: %(effect)s.") % {
        "effect": WORDS["effects"][o["effect"]]
    }


@adjudicator("sabotage", inputs=SABOTAGE_INPUTS, summary=_sabotage_summary)
def sabotage(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    r.step(
        "dl.sabotage",
        _("%(unit)s may sabotage %(target)s; it succeeds on the number of pips the unit's description names.")
        % {"unit": UNIT_KINDS[i.unit], "target": SABOTAGE_TARGETS[i.target]},
    )
    r.gap("dl.sabotage", "sabotage-roll", roll=i.roll)
    effect = EFFECTS.get(i.target)
    after = None
    if effect is None:
        r.step(
            "dl.sabotage-effect",
            _("Success is described for cities, forests and fields only, not for routes."),
        )
        r.gap("dl.sabotage-effect", "sabotage-route")
    elif i.target == "city":
        after = max(0, i.districts - 1)
        r.step(
            "dl.sabotage-effect",
            _("In a city success destroys the last built district: %(before)s districts, then %(after)s.")
            % {"before": i.districts, "after": after},
        )
    else:
        r.step("dl.sabotage-effect", _("In a forest or field success replaces its token with a fire token."))
    return r.result({"success": None, "effect": effect, "districts_after": after})


# ============================================================= missile-strike

FIELD_TOKENS = WORDS["field-tokens"]
# dl.missile-effect: "z wyjątkiem miasta, gdzie rakieta niszczy co drugą dzielnicę oraz żetonów
# przemysłowych zanieczyszczeń, chmury radioaktywnej i pożaru".
SPARED = ("pollution", "radioactive", "fire")

MISSILE_STRIKE_INPUTS = Object(
    kind=Choice.of(MISSILE_KINDS, default="missile", label=gettext_lazy("Missile")),
    distance=Int(0, 999, label=gettext_lazy("Fields from the launcher to the chosen field")),
    used=Bool(default=False, label=gettext_lazy("Has this launcher attacked before?")),
    tokens=List(
        Choice.of(FIELD_TOKENS),
        default=[],
        max_length=60,
        label=gettext_lazy("Other tokens on the chosen field"),
    ),
    districts=Int(
        0, MAX_DISTRICTS, default=0, label=gettext_lazy("Built districts of a city there (0: none)")
    ),
    sea=Bool(default=False, label=gettext_lazy("Is the chosen field a sea field?")),
    checks=[districts_within_table("districts"), pieces_on_their_terrain(), _launcher_on_the_board],
)


def _strike_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("The missile may not strike.")
    n, d = len(o["tokens_removed"]), o["districts_destroyed"]
    return _("The strike removes %(tokens)s and %(districts)s; the launcher is removed.") % {
        "tokens": ngettext("%(n)s token", "%(n)s tokens", n) % {"n": n},
        "districts": ngettext("%(n)s district", "%(n)s districts", d) % {"n": d},
    }


@adjudicator("missile-strike", inputs=MISSILE_STRIKE_INPUTS, summary=_strike_summary)
def missile_strike(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    in_range = _within_range(
        r,
        rules,
        i.kind,
        i.distance,
        _("Its range is %(reach)s fields; the chosen field is %(distance)s away: %(verdict)s."),
    )
    r.step(
        "dl.missile-single-use",
        _("A missile is single-use: its token is removed after its first attack%(used)s.") % {"used": ""},
    )
    if not in_range:
        return r.result(
            {
                "allowed": False,
                "fields_hit": 0,
                "tokens_removed": [],
                "districts_destroyed": 0,
                "radioactive_cloud": False,
            }
        )
    if i.kind == "super":
        r.step(
            "dl.super-missile-same-rules",
            _("The super missile follows the missile's rules on each field it hits."),
        )
        r.step(
            "dl.super-missile-area",
            _("The attack covers %(n)s fields: the chosen one and those sharing its edges.")
            % {"n": rules.param("super_missile_fields")},
        )
    removed = [t for t in i.tokens if t not in SPARED]
    step = rules.param("missile_district_step")
    destroyed = _destroyed(i.districts, step) if i.districts else 0
    if i.districts % step:
        r.gap("dl.missile-effect", "uneven-districts", k=step, uneven=str(i.districts))
    r.step(
        "dl.missile-effect",
        _(
            "Every token of the field is removed but pollution, radioactive clouds and fires (%(removed)s); a city loses one district in every %(k)s: %(d)s."
        )
        % {
            "removed": ", ".join(str(FIELD_TOKENS[t]) for t in removed) or _("nothing"),
            "k": step,
            "d": destroyed,
        },
    )
    if i.kind == "super":
        r.step("dl.super-missile-cloud", _("A radioactive cloud token appears on the chosen field."))
        if i.districts:
            r.gap("dl.radioactive-cloud", "cloud-on-the-city")
    return r.result(
        {
            "allowed": True,
            "fields_hit": rules.param("super_missile_fields") if i.kind == "super" else 1,
            "tokens_removed": removed,
            "districts_destroyed": destroyed,
            "radioactive_cloud": i.kind == "super",
        }
    )
