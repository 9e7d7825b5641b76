"""Stage 5, military operations (section ``military``) and the troop units (section ``units``).

``missile``: dl.missile-effect, dl.super-missile-*, dl.radioactive-cloud, doubt 8;
``movement``: dl.infantry-*, dl.armored-*, dl.ship-move, dl.ship-transport;
``move-and-attack``: dl.military-stage, doubt 6 and GNIAZDO's proposal 6 (variant
``gniazdo``); ``interception``: dl.ship-intercept.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import P, Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Die, Int, List, Object, ruled_out

from .common import MAX_DISTRICTS, WORDS, adjudicator, districts_within_table

MISSILE_KINDS = WORDS["missiles"]

# =================================================================== missile

MISSILE_INPUTS = Object(
    districts=Int(1, MAX_DISTRICTS, label=gettext_lazy("Built districts of the city hit")),
    kind=Choice.of(MISSILE_KINDS, default="missile", label=gettext_lazy("Missile")),
    checks=[districts_within_table("districts")],
)


def _destroyed(districts: int, step: int) -> int:
    """dl.missile-effect: "rakieta niszczy co drugą dzielnicę" — one district in every ``step``,
    counted from the last built, so the share rounded up (one district alone falls too)."""
    return -(-districts // step)


def _raze_sequence(districts: int, step: int) -> list[int]:
    """dl.doubt-8: the districts left after each attack, down to 0 ("12, 6, 3, …")."""
    sequence = [districts]
    while sequence[-1]:
        sequence.append(sequence[-1] - _destroyed(sequence[-1], step))
    return sequence


def _uneven_gap(r: Reasoning, sequence: list[int], step: int) -> None:
    """dl.missile-effect is silent when the districts do not divide by the step (doubt 8: "dwie lub jedną")."""
    uneven = [s for s in sequence[:-1] if s % step]
    if not uneven:
        return
    r.gap("dl.missile-effect", "uneven-districts", k=step, uneven=", ".join(str(s) for s in uneven))


def _missile_summary(o: dict[str, Any]) -> str:
    return _(
        "Districts destroyed: %(destroyed)s; left: %(remaining)s. The city falls to attack number %(attacks)s."
    ) % {"destroyed": o["destroyed"], "remaining": o["remaining"], "attacks": o["attacks_to_raze"]}


def _super_missile_cloud(r: Reasoning) -> None:
    """dl.super-missile-cloud: a radioactive cloud appears on the chosen field; dl.radioactive-cloud
    speaks only of a cloud that stops there."""
    r.step("dl.super-missile-cloud", _("A radioactive cloud token appears on the chosen field."))
    r.gap("dl.radioactive-cloud", "cloud-on-the-city")


@adjudicator("missile", inputs=MISSILE_INPUTS, summary=_missile_summary)
def missile(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    if i.kind == "super":
        r.step(
            "dl.super-missile-same-rules",
            _("A super missile follows the missile's rules: the same city rule applies to the city hit."),
        )
    step = rules.param("missile_district_step")
    destroyed = _destroyed(i.districts, step)
    remaining = i.districts - destroyed
    r.step(
        "dl.missile-effect",
        _(
            "The missile destroys one district in every %(k)s of the city: %(d)s of %(n)s destroyed, %(r)s left."
        )
        % {"k": step, "d": destroyed, "n": i.districts, "r": remaining},
    )
    sequence = _raze_sequence(i.districts, step)
    attacks = len(sequence) - 1
    r.step(
        "dl.doubt-8",
        _("Attack after attack the city goes %(sequence)s: razed by attack number %(k)s.")
        % {"sequence": " -> ".join(str(s) for s in sequence), "k": attacks},
    )
    _uneven_gap(r, sequence, step)
    if i.kind == "super":
        _super_missile_cloud(r)
    return r.result(
        {
            "destroyed": destroyed,
            "remaining": remaining,
            "attacks_to_raze": attacks,
            "radioactive_cloud": i.kind == "super",
        }
    )


# ================================================================== movement

UNIT_KINDS = WORDS["units"]
TERRAINS = WORDS["terrains"]


def _only_a_ship_carries(i: Any) -> Iterable[tuple]:
    """dl.ship-transport: "[Okręt] może przewozić do dwóch oddziałów piechoty lub pancernych" —
    only a ship carries units."""
    if i.carried and i.unit != "ship":
        yield ruled_out("carried", _("Only a ship carries units."), "dl.ship-transport")


MOVEMENT_INPUTS = Object(
    unit=Choice.of(UNIT_KINDS, label=gettext_lazy("Unit")),
    terrain=Choice.of(TERRAINS, label=gettext_lazy("Terrain")),
    # dl.ship-transport: "Może przewozić do dwóch oddziałów" — no more.
    carried=Int(
        0, P("ship_capacity"), default=0, label=gettext_lazy("Infantry and armored units the ship carries")
    ),
    checks=[_only_a_ship_carries],
)


def _moves(rules: Rules) -> dict[tuple[str, str], tuple[int, str]]:
    """(unit, terrain) → (fields per round, the clause that says so); 0 where it may not go.

    dl.infantry-move "Porusza się o dwa pola lądowe"; dl.infantry-forest-route "Las ogranicza …
    do jednego pola, … wzdłuż lądowego szlaku … o pięć pól"; dl.armored-move "o trzy pola …,
    wzdłuż lądowego szlaku … o pięć pól"; dl.armored-forest "Nie może wejść na pole zajęte przez
    las"; dl.ship-move "tylko po polach morskich, pięć pól na rundę".
    """
    return {
        ("infantry", "open"): (rules.param("infantry_move"), "dl.infantry-move"),
        ("infantry", "forest"): (rules.param("infantry_forest_move"), "dl.infantry-forest-route"),
        ("infantry", "route"): (rules.param("infantry_route_move"), "dl.infantry-forest-route"),
        ("infantry", "sea"): (0, "dl.infantry-move"),
        ("armored", "open"): (rules.param("armored_move"), "dl.armored-move"),
        ("armored", "route"): (rules.param("armored_route_move"), "dl.armored-move"),
        ("armored", "forest"): (0, "dl.armored-forest"),
        ("armored", "sea"): (0, "dl.armored-move"),
        ("ship", "sea"): (rules.param("ship_move"), "dl.ship-move"),
        ("ship", "open"): (0, "dl.ship-move"),
        ("ship", "forest"): (0, "dl.ship-move"),
        ("ship", "route"): (0, "dl.ship-move"),
    }


def _movement_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("The unit may not move there.")
    return ngettext(
        "The unit may move up to %(n)s field.", "The unit may move up to %(n)s fields.", o["max_fields"]
    ) % {"n": o["max_fields"]}


@adjudicator("movement", inputs=MOVEMENT_INPUTS, summary=_movement_summary)
def movement(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    fields, clause = _moves(rules)[(i.unit, i.terrain)]
    unit, terrain = UNIT_KINDS[i.unit], TERRAINS[i.terrain]
    if fields:
        r.step(
            clause,
            ngettext(
                "Unit: %(unit)s; terrain: %(terrain)s; it moves up to %(n)s field per round.",
                "Unit: %(unit)s; terrain: %(terrain)s; it moves up to %(n)s fields per round.",
                fields,
            )
            % {"unit": unit, "n": fields, "terrain": terrain},
        )
    else:
        r.step(
            clause,
            _("Unit: %(unit)s; terrain: %(terrain)s; it cannot move there.")
            % {"unit": unit, "terrain": terrain},
        )
    if i.terrain == "sea" and i.unit != "ship":
        # dl.ship-transport: "Może przewozić do dwóch oddziałów piechoty lub pancernych (wejście i
        # zejście z okrętu traktuje się jako ruch)".
        r.step(
            "dl.ship-transport",
            _(
                "Land units cross the sea only carried by a ship, up to %(n)s at a time; boarding the ship is "
                "the unit's move, and so is leaving it."
            )
            % {"n": rules.param("ship_capacity")},
        )
    if i.unit == "ship" and fields:
        r.step(
            "dl.ship-transport",
            _(
                "The ship carries %(carried)s of the %(n)s infantry or armored units it may; each boards as its "
                "move and leaves as its move, and meanwhile moves with the ship."
            )
            % {"carried": i.carried, "n": rules.param("ship_capacity")},
        )
    if (i.unit, i.terrain) == ("armored", "sea"):
        r.gap("dl.armored-move", "armored-on-sea")
    return r.result({"allowed": fields > 0, "max_fields": fields})


# =========================================================== move-and-attack


def _a_missile_attacks_once(i: Any) -> Iterable[tuple]:
    """dl.missile-single-use: "Jest jednorazowego użytku, co oznacza, że po pierwszym ataku jej
    żeton usuwa się z planszy" — a missile has no second attack to make."""
    if i.unit in ("missile", "super") and i.actions.count("attack") > 1:
        yield ruled_out(
            "actions",
            _("A missile is removed from the board after its first attack: it cannot attack twice."),
            "dl.missile-single-use",
        )


MOVE_AND_ATTACK_INPUTS = Object(
    actions=List(
        Choice.of(WORDS["actions"]),
        max_length=6,
        label=gettext_lazy("One unit's actions this round, in order"),
    ),
    unit=Choice.of(WORDS["attackers"], default="infantry", label=gettext_lazy("The unit")),
    checks=[_a_missile_attacks_once],
)


def _move_and_attack_summary(o: dict[str, Any]) -> str:
    if o["allowed"] is None:
        return _("The wording does not decide whether the unit may do this.")
    if o["allowed"]:
        return _("The unit may do this in one round.")
    return _("The unit may not do this in one round.")


def _proposal_6(r: Reasoning, rules: Rules, actions: list[str], shown: str) -> bool:
    """dl.proposal-6: "jednostka może wykonać jeden ruch i jeden atak w dowolnej kolejności"."""
    moves, attacks = rules.param("proposal_moves"), rules.param("proposal_attacks")
    allowed = actions.count("move") <= moves and actions.count("attack") <= attacks
    r.step(
        "dl.proposal-6",
        _("Up to %(moves)s and %(attacks)s, in any order: %(actions)s is %(verdict)s.")
        % {
            "moves": ngettext("%(n)s move", "%(n)s moves", moves) % {"n": moves},
            "attacks": ngettext("%(n)s attack", "%(n)s attacks", attacks) % {"n": attacks},
            "actions": shown,
            "verdict": _("allowed") if allowed else _("not allowed"),
        },
    )
    return allowed


@adjudicator("move-and-attack", inputs=MOVE_AND_ATTACK_INPUTS, summary=_move_and_attack_summary)
def move_and_attack(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    shown = _(", then ").join(i.actions) or _("nothing")
    if variant == "gniazdo":
        return r.result({"allowed": _proposal_6(r, rules, list(i.actions), shown)})
    # dl.military-stage: the players move their units and attack; doubt 6: both in one round?
    r.step("dl.military-stage", _("In the military stage the players move their units and attack."))
    if len(i.actions) <= 1:
        r.step("dl.military-stage", _("A single action (%(actions)s) is allowed.") % {"actions": shown})
        return r.result({"allowed": True})
    # dl.doubt-6: "Nie wiadomo, czy oddział może ruszać się i atakować w tej samej rundzie" — the
    # two readings, each ruled: one action a round; or GNIAZDO's one move and one attack.
    either = _proposal_6(Reasoning(), rules, list(i.actions), shown)
    r.gap(
        "dl.doubt-6",
        "two-actions-one-unit",
        actions=shown,
        readings=[
            (_("A unit does one thing a round: it moves or attacks."), {"allowed": False}),
            (
                _("A unit may move once and attack once, in either order (GNIAZDO's proposal 6)."),
                {"allowed": either},
            ),
        ],
    )
    return r.result({"allowed": None})


# ============================================================== interception


def _aimed_at_the_ship(i: Any) -> Iterable[tuple]:
    """dl.ship-intercept: "Okręt może zestrzelić wymierzoną w niego rakietę" — only a missile
    aimed at the ship itself."""
    if i.aimed_elsewhere:
        yield ruled_out(
            "aimed_elsewhere",
            _("A ship may shoot down only a missile aimed at it."),
            "dl.ship-intercept",
        )


INTERCEPTION_INPUTS = Object(
    roll=Die(label=gettext_lazy("The ship's roll")),
    kind=Choice.of(MISSILE_KINDS, default="missile", label=gettext_lazy("Missile aimed at the ship")),
    aimed_elsewhere=Bool(
        default=False, label=gettext_lazy("Is the missile aimed at another field than this ship's?")
    ),
    checks=[_aimed_at_the_ship],
)


def faces_words(faces: list[int]) -> str:
    """Die faces in words: "6", "5 or 6", "4, 5 or 6" (in the active language)."""
    shown = [str(f) for f in faces]
    if len(shown) < 2:
        return "".join(shown)
    return _("%(some)s or %(last)s") % {"some": ", ".join(shown[:-1]), "last": shown[-1]}


def _interception_summary(o: dict[str, Any]) -> str:
    return _("The ship shoots the missile down.") if o["shot_down"] else _("The missile gets through.")


@adjudicator("interception", inputs=INTERCEPTION_INPUTS, summary=_interception_summary)
def interception(i: Any, *, variant: str, rules: Rules) -> Result:
    r = Reasoning()
    # dl.ship-intercept: "Okręt może zestrzelić wymierzoną w niego rakietę jeżeli wyrzuci 5 lub 6 oczek."
    # The faces are a set the text lists ("5 lub 6", or a draft's "4, 5 lub 6").
    needed = rules.param("intercept_faces")
    faces = {"faces": faces_words(needed)}
    shot_down = i.roll in needed
    r.step(
        "dl.ship-intercept",
        _("The ship rolled %(roll)s: %(verdict)s (it needs %(faces)s).")
        % {"roll": i.roll, "verdict": _("shot down") if shot_down else _("not shot down"), **faces},
    )
    if i.kind == "super":
        r.step(
            "dl.super-missile-same-rules",
            _("A super missile follows the missile's rules, so a ship may shoot it down too."),
        )
        r.gap("dl.ship-intercept", "ship-shoots-super-missile", **faces)
    return r.result({"shot_down": shot_down})
