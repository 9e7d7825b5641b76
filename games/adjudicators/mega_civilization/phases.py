"""Mega Civilization, sections "round", "ast-order" and "phases": the order of the round.

- ``phase-order``: where a phase stands in the round (``mc.round.phases``, the thirteen
  ``mc.phases.*`` in their order, ``mc.round.end-check`` after the last), its sub-phases
  (``mc.cities.subphase-*``, ``mc.phases.11-surplus-removal``), and who acts when in it: the
  order each section states (its heading, ``mc.trade-cards.acquisition``, "με σειρά Α.S.T" of
  sections 9, 10, 12, 13), play at the same time where the text allows it
  (``mc.ast-order.simultaneous``, ``mc.advances.simultaneous``) unless a player insists on the
  A.S.T. order (``mc.ast-order.insist``), and no player moving on before their turn
  (``mc.ast-order.no-skipping-ahead``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import labels
from games.engine import Reasoning, Result, Rules, names
from games.engine.declare import Choice, Int, Map, Object, Player

from .common import (
    GAME,
    MAX_CITIES,
    WORDS,
    adjudicator,
    ast_order,
    known_names,
    players_the_text_knows,
    some_players,
)

# The thirteen phases of "Η ΣΕΙΡΑ ΤΩΝ ΦΑΣΕΩΝ", in the text's order: each phase's place in the
# round is the clause that lists it. The slugs are the input's vocabulary (labels.toml).
PHASES = {
    "tax-collection": "mc.phases.01-tax-collection",
    "population-growth": "mc.phases.02-population-growth",
    "movement": "mc.phases.03-movement",
    "conflict": "mc.phases.04-conflict",
    "city-construction": "mc.phases.05-city-construction",
    "trade-card-acquisition": "mc.phases.06-trade-card-acquisition",
    "trade": "mc.phases.07-trade",
    "calamity-selection": "mc.phases.08-calamity-selection",
    "calamity-resolution": "mc.phases.09-calamity-resolution",
    "special-abilities": "mc.phases.10-special-abilities",
    "surplus-removal": "mc.phases.11-surplus-removal",
    "advance-purchase": "mc.phases.12-advance-purchase",
    "ast-movement": "mc.phases.13-ast-movement",
}
END_OF_ROUND = "end-of-round"

# The sub-phases the text lists: 5.1-5.3 of city construction (mc.cities.subphases), and
# phase 11, which names the last two of them again ("Απομάκρυνση του πλεονάζοντος πληθυσμού,
# έλεγχος υποστήριξης των πόλεων").
CITY_SUBPHASES = {
    "city-building": "mc.cities.subphase-building",
    "surplus-removal": "mc.cities.subphase-surplus",
    "support-check": "mc.cities.subphase-support",
}

# The phases whose section says "each player, in A.S.T. order" (Κάθε παίκτης, με σειρά Α.S.T).
IN_AST_ORDER = {
    "calamity-resolution": "mc.calamity-resolution.minor-order",
    "special-abilities": "mc.special-abilities.ast-order",
    "advance-purchase": "mc.advances.purchase",
    "ast-movement": "mc.ast-move.advance",
}
# The phases whose section heading says the procedure is simultaneous for all players.
SIMULTANEOUS_BY_HEADING = {
    "tax-collection": "mc.tax.heading",
    "population-growth": "mc.growth.heading",
}
FEWEST_CITIES_FIRST = "trade-card-acquisition"


def _need_cities(i: Any) -> Iterator[tuple[str, str]]:
    """Trade-card acquisition goes by cities: its order needs every player's count."""
    if i.phase == FEWEST_CITIES_FIRST and set(i.cities) != set(i.ast_order):
        yield "cities", _("Trade-card acquisition starts with the fewest cities: give every player's cities.")


def _players_of_a_game(i: Any) -> Iterator[tuple]:
    """The A.S.T. order lists every player: as many as the text lets play (mc.hand-limit.*)."""
    return players_the_text_knows("ast_order", len(i.ast_order))


PHASE_ORDER_INPUTS = Object(
    phase=Choice.of(WORDS["phases"], label=gettext_lazy("Phase")),
    ast_order=ast_order(),
    insist=some_players(gettext_lazy("Players who insist on the A.S.T. order")),
    done=some_players(gettext_lazy("Players who have finished this phase")),
    cities=Map(
        Player(),
        Int(0, MAX_CITIES, label=gettext_lazy("Cities")),
        default={},
        label=gettext_lazy("Cities of each player (trade-card acquisition)"),
    ),
    checks=[
        known_names("insist"),
        known_names("done"),
        known_names("cities"),
        _need_cities,
        _players_of_a_game,
    ],
)


def _place(r: Reasoning, phase: str) -> tuple[int, str]:
    """mc.round.phases and the phase's own clause: its number, and what follows it."""
    order = list(PHASES)
    number = order.index(phase) + 1
    r.step(
        "mc.round.phases",
        _("The round is divided into phases; the text lists %(n)s of them in order.") % {"n": len(order)},
    )
    r.step(PHASES[phase], _("This is phase %(k)s of the round.") % {"k": number})
    if number < len(order):
        following = order[number]
        r.step(
            PHASES[following],
            _("The next phase is %(p)s.") % {"p": labels.value_label(GAME, "next_phase", following)},
        )
        return number, following
    r.step(
        "mc.round.end-check",
        _(
            "It is the last phase: at the end of the round the players check whether they have reached their goals."
        ),
    )
    return number, END_OF_ROUND


def _sub_phases(r: Reasoning, phase: str) -> list[str]:
    """mc.cities.subphases (5.1-5.3) and phase 11, which repeats 5.2 and 5.3."""
    if phase == "city-construction":
        r.step("mc.cities.subphases", _("City construction is divided into three sub-phases:"))
        for k, clause in enumerate(CITY_SUBPHASES.values(), start=1):
            r.step(clause, _("Sub-phase %(n)s.%(k)s comes in this place.") % {"n": 5, "k": k})
        return list(CITY_SUBPHASES)
    if phase == "surplus-removal":
        r.step(
            "mc.phases.11-surplus-removal",
            _("Phase 11 repeats two sub-phases of city construction: surplus population, then city support."),
        )
        return ["surplus-removal", "support-check"]
    return []


def _by_cities(r: Reasoning, i: Any) -> list[str]:
    """mc.trade-cards.acquisition, equal counts by the A.S.T. order (mc.ast-order.ties)."""
    order = sorted(i.ast_order, key=lambda p: (i.cities[p], i.ast_order.index(p)))
    r.step(
        "mc.trade-cards.acquisition",
        _("Trade cards are drawn starting with the player with the fewest cities: %(o)s.")
        % {"o": names(f"{p} ({i.cities[p]})" for p in order)},
    )
    if len({i.cities[p] for p in order}) < len(order):
        r.step("mc.ast-order.ties", _("Players with as many cities follow the A.S.T. order."))
    return order


def _acting(r: Reasoning, i: Any) -> tuple[bool, list[str] | None]:
    """Who acts when: (may the players act at the same time, the order when they do not).

    Each phase as its own text orders it: phase 1 simultaneous by its heading; 9.1, 10 and 13.1
    "κάθε παίκτης, με σειρά Α.S.T"; phase 12 in A.S.T. order or simultaneously
    (mc.advances.simultaneous); phase 2 simultaneous "αλλά και με A.S.T". The general remark
    (mc.ast-order.ties, .simultaneous, .insist) is for a tie where no order is set: only there,
    and in the phases that leave the choice (2 and 12), may a player insist on the A.S.T. order."""
    if i.phase == FEWEST_CITIES_FIRST:
        # The section fixes its own order; the A.S.T. order only breaks its ties.
        return False, _by_cities(r, i)
    if i.phase == "calamity-resolution":
        r.step(
            "mc.calamity-resolution.reveal", _("First all players reveal their calamities at the same time.")
        )
    if i.phase == "tax-collection":
        r.step(
            SIMULTANEOUS_BY_HEADING[i.phase],
            _("The section's heading says the procedure is carried out simultaneously for all players."),
        )
        if i.insist:
            r.step(
                "mc.ast-order.ties",
                _(
                    "Insisting on the A.S.T. order is for ties where no order is set; this phase's "
                    "order is set: simultaneous, whoever insists."
                ),
            )
        return True, None
    if i.phase in IN_AST_ORDER and i.phase != "advance-purchase":
        r.step(
            IN_AST_ORDER[i.phase],
            _(
                "The section says each player acts in A.S.T. order: the players act in turn, not at the same time."
            ),
        )
        return False, list(i.ast_order)
    if i.insist:
        r.step(
            "mc.ast-order.insist",
            _("%(p)s insists on the A.S.T. order: it must be followed, each player waiting for their turn.")
            % {"p": names(p for p in i.ast_order if p in i.insist)},
        )
        return False, list(i.ast_order)
    if i.phase == "population-growth":
        r.step(
            SIMULTANEOUS_BY_HEADING[i.phase],
            _("The section's heading says the procedure is carried out simultaneously for all players."),
        )
        r.step(
            "mc.ast-order.simultaneous",
            _("Nobody insists on the A.S.T. order, so the players act at the same time."),
        )
        return True, None
    if i.phase == "advance-purchase":
        r.step(IN_AST_ORDER[i.phase], _("The section says each player acts in A.S.T. order."))
        r.step(
            "mc.advances.simultaneous",
            _("To save time the players may act simultaneously, since nobody insists on the A.S.T. order."),
        )
        return True, list(i.ast_order)
    r.step(
        "mc.round.simultaneous-or-ordered",
        _(
            "The text states no order for this phase: its activities are carried out simultaneously or in an order."
        ),
    )
    r.gap("mc.round.simultaneous-or-ordered", "phase-without-order")
    r.step(
        "mc.ast-order.simultaneous",
        _("Nobody insists on the A.S.T. order, so the players act at the same time."),
    )
    return True, None


def _next_to_act(r: Reasoning, i: Any, order: list[str]) -> tuple[str | None, list[str]]:
    """mc.ast-order.no-skipping-ahead: in an order that must be followed, the first player not
    done acts next, and a player listed as done whose turn has not come has moved on early."""
    waiting = [p for p in order if p not in i.done]
    current = waiting[0] if waiting else None
    early = [
        p for p in order if p in i.done and current is not None and order.index(p) > order.index(current)
    ]
    if current is None:
        r.step("mc.ast-order.no-skipping-ahead", _("Every player has had their turn: the phase is over."))
    elif early:
        r.step(
            "mc.ast-order.no-skipping-ahead",
            _("%(p)s may not have moved on before their turn: %(c)s has not finished yet.")
            % {"p": names(early), "c": current},
        )
    else:
        r.step(
            "mc.ast-order.no-skipping-ahead",
            _("It is %(c)s's turn; the players after them wait and may not move on before their turn.")
            % {"c": current},
        )
    return current, early


def _phase_order_summary(o: dict[str, Any]) -> str:
    how = _("at the same time") if o["simultaneous_allowed"] else _("in turn")
    if o["next_to_act"]:
        return _("Phase %(n)s is played %(how)s; next to act: %(p)s.") % {
            "n": o["number"],
            "how": how,
            "p": o["next_to_act"],
        }
    return _("Phase %(n)s is played %(how)s.") % {"n": o["number"], "how": how}


@adjudicator("phase-order", inputs=PHASE_ORDER_INPUTS, summary=_phase_order_summary)
def phase_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Place the phase in the round and say who acts when in it."""
    r = Reasoning()
    number, following = _place(r, i.phase)
    sub = _sub_phases(r, i.phase)
    simultaneous, order = _acting(r, i)
    current, early = (None, [])
    if not simultaneous and order is not None:
        current, early = _next_to_act(r, i, order)
    return r.result(
        {
            "number": number,
            "next_phase": following,
            "sub_phases": sub,
            "simultaneous_allowed": simultaneous,
            "turn_order": order,
            "next_to_act": current,
            "out_of_turn": early,
            "phase_over": set(i.done) >= set(i.ast_order),
        }
    )
