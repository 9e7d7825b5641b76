"""Mega Civilization, section "conflict" (4. conflict).

- ``conflict``: ``mc.conflict.tokens`` (the smaller side removes first, alternately, down to
  the area's limit), ``mc.conflict.tokens-equal`` (equal sides remove simultaneously) and
  ``mc.ast-order.ties`` for the last token of equal sides.
- ``city-attack``: ``mc.conflict.order``, ``mc.conflict.city-fewer-than-7``
  (``city_attack_fails_below``), ``mc.conflict.city-replaced`` (``city_attack_from``,
  ``city_as_tokens``), the token conflict above, ``mc.conflict.city-plunder``
  (``plunder_trade_cards``, ``plunder_treasure_max``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import P, Reasoning, Result, Rules, names
from games.engine.declare import Int, Object, Player, counts

from .common import MAX_LIMIT, MAX_TOKENS, adjudicator, ast_order

# ---------------------------------------------------------------------------
# The token conflict (mc.conflict.tokens, mc.conflict.tokens-equal), shared with city-attack.


def needs_ast_tie_break(limit: int, na: int, nb: int) -> bool:
    """Whether equal sides must end on one token removed by one of them alone.

    mc.conflict.tokens-equal: equal sides "αφαιρούν ταυτόχρονα" (remove simultaneously),
    one token each; mc.conflict.tokens: removal goes "έως ότου να υπάρχουν tokens ίσα με
    το πληθυσμιακό όριο" (until the area holds exactly its limit). Equal sides stay equal
    and never run out first, so with an odd number of tokens to remove the last one can be
    removed by one side only: simultaneous removal would end one token below the limit,
    stopping would end one above it. Who removes it is a tie "the text does not settle",
    and mc.ast-order.ties settles such ties by the A.S.T. ranking — so that ranking is
    needed to rule, and a ruling without it is refused rather than guessed.
    """
    return na == nb > 0 and na + nb > limit and (na + nb - limit) % 2 == 1


TIE_NEEDS_AST = gettext_lazy(
    "Equal forces with an odd number of tokens to remove: the A.S.T. order decides who removes the last "
    "one; give ast_order."
)


@dataclass
class Fight:
    """What one token conflict did: tokens left, removals in order ("both" = simultaneous)."""

    first: tuple[str, int]
    second: tuple[str, int]
    limit: int
    left: dict[str, int] = field(default_factory=dict)
    removals: list[str] = field(default_factory=list)
    last_by_ast: bool = False
    eliminated: bool = False

    def total(self) -> int:
        return sum(self.left.values())

    def both_remain(self) -> bool:
        return all(self.left.values())


def _remove_equal(f: Fight, ast: tuple[str, ...]) -> None:
    """mc.conflict.tokens-equal: one token each at once; the odd last one by A.S.T. order."""
    while f.total() - f.limit >= 2 and f.both_remain():
        for p in f.left:
            f.left[p] -= 1
        f.removals.append("both")
    if f.total() > f.limit and f.both_remain():
        # mc.ast-order.ties: the player first in A.S.T. order acts first and removes it.
        ranked = [p for p in ast if p in f.left]
        if len(ranked) != 2:  # refused by the input checks (needs_ast_tie_break)
            raise ValueError("an odd tie needs the A.S.T. order of both players")
        f.left[ranked[0]] -= 1
        f.removals.append(ranked[0])
        f.last_by_ast = True


def _remove_alternately(f: Fight) -> None:
    """mc.conflict.tokens: "Ο παίκτης που έχει τα λιγότερα tokens αφαιρεί πρώτος ... εναλλάξ"."""
    (a, na), (b, nb) = f.first, f.second
    turn, other = (a, b) if na < nb else (b, a)
    while f.total() > f.limit and f.both_remain():
        f.left[turn] -= 1
        f.removals.append(turn)
        turn, other = other, turn
    # One side gone while the area is still above its limit: nobody is left to fight.
    f.eliminated = f.total() > f.limit


def fight(limit: int, first: tuple[str, int], second: tuple[str, int], ast: tuple[str, ...] = ()) -> Fight:
    """Remove tokens as mc.conflict.tokens and mc.conflict.tokens-equal say."""
    f = Fight(first, second, limit, left={first[0]: first[1], second[0]: second[1]})
    if not (first[1] and second[1]):
        return f
    if first[1] == second[1]:
        _remove_equal(f, ast)
    else:
        _remove_alternately(f)
    return f


def _explain_equal(r: Reasoning, f: Fight) -> None:
    """Steps of equal sides (mc.conflict.tokens-equal, mc.ast-order.ties)."""
    (a, na), (b, _nb) = f.first, f.second
    both = f.removals.count("both")
    r.step(
        "mc.conflict.tokens-equal",
        ngettext(
            "Both sides have %(n)s tokens, so they remove simultaneously: %(k)s simultaneous removal.",
            "Both sides have %(n)s tokens, so they remove simultaneously: %(k)s simultaneous removals.",
            both,
        )
        % {"n": na, "k": both},
    )
    if not f.last_by_ast:
        return
    r.step(
        "mc.ast-order.ties",
        _(
            "With %(a)s and %(b)s still tied one token above the limit %(l)s, the A.S.T. order "
            "settles the tie: %(p)s acts first and removes the last token."
        )
        % {"a": a, "b": b, "l": f.limit, "p": f.removals[-1]},
    )
    r.gap("mc.conflict.tokens-equal", "tied-last-token")


def _explain_eliminated(r: Reasoning, f: Fight) -> None:
    """mc.conflict.tokens is silent when one side runs out above the limit."""
    gone = next(p for p, n in f.left.items() if n == 0)
    survivor = next(p for p in f.left if p != gone)
    r.gap("mc.conflict.tokens", "one-side-gone")
    r.step(
        "mc.conflict.tokens",
        ngettext(
            "%(g)s has no tokens left, so the conflict ends with %(w)s holding %(n)s token.",
            "%(g)s has no tokens left, so the conflict ends with %(w)s holding %(n)s tokens.",
            f.left[survivor],
        )
        % {"g": gone, "w": survivor, "n": f.left[survivor]},
    )


def explain_fight(r: Reasoning, f: Fight) -> None:
    """Record the steps and gaps of one token conflict."""
    (a, na), (b, nb) = f.first, f.second
    said = {"a": a, "na": na, "b": b, "nb": nb, "l": f.limit}
    if not (na and nb):
        r.step(
            "mc.conflict.tokens",
            ngettext(
                "%(a)s has %(na)s and %(b)s has %(nb)s token: with one side absent there is no conflict.",
                "%(a)s has %(na)s and %(b)s has %(nb)s tokens: with one side absent there is no conflict.",
                nb,
            )
            % said,
        )
    elif na + nb <= f.limit:
        r.step(
            "mc.conflict.tokens",
            _(
                "%(a)s %(na)s + %(b)s %(nb)s = %(t)s tokens do not exceed the population limit %(l)s: "
                "nothing is removed."
            )
            % {**said, "t": na + nb},
        )
    elif na == nb:
        _explain_equal(r, f)
    else:
        r.step(
            "mc.conflict.tokens",
            _(
                "%(s)s has fewer tokens (%(a)s %(na)s, %(b)s %(nb)s), removes first and the sides alternate "
                "until the area holds its population limit %(l)s: removals: %(k)s."
            )
            % {**said, "s": a if na < nb else b, "k": len(f.removals)},
        )
        if f.eliminated:
            _explain_eliminated(r, f)


# ---------------------------------------------------------------------------
# conflict


def _two_forces(i: Any) -> Iterator[tuple[str, str]]:
    if len(i.forces) != 2:
        yield "forces", _("Exactly two players must be in conflict.")


def _ast_order_fits(i: Any) -> Iterator[tuple[str, str]]:
    """The optional A.S.T. order names both sides, and is there when a tie needs it."""
    if len(i.forces) != 2:
        return
    missing = [p for p in i.forces if p not in i.ast_order]
    if i.ast_order and missing:
        yield (
            "ast_order",
            _("The A.S.T. order must list both players in conflict; missing: %(p)s.") % {"p": names(missing)},
        )
    elif not i.ast_order and needs_ast_tie_break(i.limit, *i.forces.values()):
        yield "ast_order", str(TIE_NEEDS_AST)


CONFLICT_INPUTS = Object(
    limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of the area")),
    forces=counts(Player(), MAX_TOKENS, label=gettext_lazy("Tokens of each of the two players in the area")),
    ast_order=ast_order(
        optional=True,
        label=gettext_lazy("A.S.T. order (settles a tie on the last token; needed for equal sides then)"),
    ),
    checks=[_two_forces, _ast_order_fits],
)


def _conflict_summary(o: dict[str, Any]) -> str:
    return _("After the conflict: %(r)s.") % {"r": names(f"{p} {n}" for p, n in o["remaining"].items())}


@adjudicator("conflict", inputs=CONFLICT_INPUTS, summary=_conflict_summary)
def conflict(i: Any, *, variant: str, rules: Rules) -> Result:
    """Remove tokens alternately, smaller side first, down to the area's limit."""
    r = Reasoning()
    first, second = list(i.forces.items())
    f = fight(i.limit, first, second, tuple(i.ast_order))
    explain_fight(r, f)
    return r.result({"remaining": f.left, "removals": f.removals})


# ---------------------------------------------------------------------------
# city-attack


def _distinct_sides(i: Any) -> Iterator[tuple[str, str]]:
    if i.attacker == i.defender:
        yield "defender", _("The defender must be another player than the attacker.")


def _no_tie_without_ast(i: Any) -> Iterator[tuple[str, str]]:
    """A city worth as many tokens as the attack (only under a draft's figures) needs A.S.T. order."""
    city = P("city_as_tokens").value()
    if i.attackers >= P("city_attack_from").value() and needs_ast_tie_break(i.limit, city, i.attackers):
        yield "attackers", str(TIE_NEEDS_AST)


CITY_ATTACK_INPUTS = Object(
    attacker=Player(label=gettext_lazy("Attacking player")),
    defender=Player(label=gettext_lazy("Player whose city is attacked")),
    attackers=Int(0, MAX_TOKENS, label=gettext_lazy("Attacking tokens")),
    limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of the area")),
    checks=[_distinct_sides, _no_tie_without_ast],
)


def _attack_fails(r: Reasoning, i: Any, rules: Rules) -> Result:
    """mc.conflict.city-fewer-than-7: "λιγότερων από 7 tokens είναι εξ ορισμού αποτυχημένη"."""
    below = rules.param("city_attack_fails_below")
    if i.attackers < below:
        r.step(
            "mc.conflict.city-fewer-than-7",
            ngettext(
                "%(p)s attacks with %(n)s token, fewer than %(min)s: the attack fails by definition.",
                "%(p)s attacks with %(n)s tokens, fewer than %(min)s: the attack fails by definition.",
                i.attackers,
            )
            % {"p": i.attacker, "n": i.attackers, "min": below},
        )
    else:
        # Only a draft whose two figures leave a hole between them reaches this.
        r.step(
            "mc.conflict.city-fewer-than-7",
            _(
                "%(p)s attacks with %(n)s tokens: not fewer than %(min)s, but fewer than the %(from)s the "
                "text needs to replace the city. The attack cannot succeed."
            )
            % {"p": i.attacker, "n": i.attackers, "min": below, "from": rules.param("city_attack_from")},
        )
    r.gap("mc.conflict.city-fewer-than-7", "failed-attackers-stay")
    return r.result(
        {
            "fails": True,
            "remaining": {i.attacker: i.attackers, i.defender: 0},
            "city_destroyed": False,
            "plunder": None,
        }
    )


def _plunder(r: Reasoning, i: Any, f: Fight, rules: Rules) -> dict[str, int] | None:
    """mc.conflict.city-plunder: a winner takes one random trade card and up to 3 treasury tokens."""
    said = {
        "a": i.attacker,
        "d": i.defender,
        "c": rules.param("plunder_trade_cards"),
        "t": rules.param("plunder_treasure_max"),
    }
    if f.left[i.defender] == 0 and f.left[i.attacker] > 0:
        r.step(
            "mc.conflict.city-plunder",
            ngettext(
                "%(d)s has no tokens left, so %(a)s wins the battle and may take %(c)s random trade card "
                "from %(d)s and up to %(t)s treasury tokens.",
                "%(d)s has no tokens left, so %(a)s wins the battle and may take %(c)s random trade cards "
                "from %(d)s and up to %(t)s treasury tokens.",
                said["c"],
            )
            % said,
        )
        return {"trade_cards": said["c"], "treasure_max": said["t"]}
    r.step(
        "mc.conflict.city-plunder",
        ngettext(
            "%(d)s still has %(n)s token in the area, so %(a)s has not won the battle: no plunder.",
            "%(d)s still has %(n)s tokens in the area, so %(a)s has not won the battle: no plunder.",
            f.left[i.defender],
        )
        % {**said, "n": f.left[i.defender]},
    )
    r.gap(
        "mc.conflict.city-plunder",
        "when-the-attacker-wins",
        attack_from=rules.param("city_attack_from"),
        city=rules.param("city_as_tokens"),
    )
    return None


def _city_attack_summary(o: dict[str, Any]) -> str:
    if o["fails"]:
        return _("The attack fails; the city stands.")
    if o["plunder"]:
        return _("The city is destroyed and the attacker may plunder.")
    return _("The city is replaced by tokens but the attacker does not win the battle.")


@adjudicator("city-attack", inputs=CITY_ATTACK_INPUTS, summary=_city_attack_summary)
def city_attack(i: Any, *, variant: str, rules: Rules) -> Result:
    """Fail under the threshold; otherwise replace the city by tokens and fight."""
    r = Reasoning()
    r.step(
        "mc.conflict.order",
        _("Conflicts between tokens are settled first; this attack on a city comes after them."),
    )
    if i.attackers < rules.param("city_attack_from"):
        return _attack_fails(r, i, rules)
    city = rules.param("city_as_tokens")
    r.step(
        "mc.conflict.city-replaced",
        _(
            "%(p)s attacks with %(n)s tokens (%(from)s or more): %(d)s's city is replaced by %(c)s tokens and "
            "fought as a conflict between tokens."
        )
        % {
            "p": i.attacker,
            "n": i.attackers,
            "d": i.defender,
            "from": rules.param("city_attack_from"),
            "c": city,
        },
    )
    f = fight(i.limit, (i.defender, city), (i.attacker, i.attackers))
    explain_fight(r, f)
    plunder = _plunder(r, i, f, rules)
    return r.result(
        {
            "fails": False,
            "remaining": {i.attacker: f.left[i.attacker], i.defender: f.left[i.defender]},
            "city_destroyed": True,
            "plunder": plunder,
        }
    )
