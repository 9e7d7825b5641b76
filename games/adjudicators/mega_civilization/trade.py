"""Mega Civilization, section "trade-cards" (6. acquisition of trade cards).

- ``trade-cards``: ``mc.trade-cards.acquisition`` (fewest cities first, ``cards_per_stack``
  from each stack 1..n), ``mc.ast-order.ties`` for equal cities,
  ``mc.trade-cards.empty-stack-water`` (``water_cards``), ``mc.trade-cards.buy-stack-9``
  (``purchase_stack``, ``purchase_price``).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Fmt, Reasoning, Result, Rules, names, ties
from games.engine.declare import Bool, Choice, Int, Map, Object, Player, counts

from .common import (
    AST_PLAYER_CHECKS,
    MAX_TOKENS,
    STACKS,
    adjudicator,
    cities_on_map,
    known_players,
    players_in_ast_order,
)

TRADE_CARDS_INPUTS = Object(
    players_in_ast_order(
        cities=cities_on_map(),
        treasury=Int(0, MAX_TOKENS, label=gettext_lazy("Treasury tokens")),
    ),
    stacks=counts(
        Choice(STACKS), MAX_TOKENS, complete=True, label=gettext_lazy("Cards left in trade stacks 1 to 9")
    ),
    buy_stack_9=Map(
        Player(),
        Bool(),
        default={},
        label=Fmt(
            gettext_lazy(
                "Players who want to buy a card of stack %(purchase_stack)s for %(purchase_price)s treasury tokens"
            )
        ),
    ),
    checks=[*AST_PLAYER_CHECKS, known_players("buy_stack_9")],
)


def _draw_order(i: Any, r: Reasoning) -> list[Any]:
    """mc.trade-cards.acquisition: "ξεκινώντας με εκείνον που έχει τις λιγότερες πόλεις";
    players with as many cities follow the A.S.T. order (mc.ast-order.ties)."""
    ast = {name: n for n, name in enumerate(i.ast_order)}
    ordered = sorted(i.players, key=lambda p: (p.cities, ast[p.name]))
    r.step(
        "mc.trade-cards.acquisition",
        _("Players draw starting with the fewest cities: %(o)s.")
        % {"o": names(f"{p.name} ({p.cities})" for p in ordered)},
    )
    tied = ties(ordered, attrgetter("cities"))
    if tied:
        groups = [[p.name for p in group] for _cities, group in tied]
        r.step(
            "mc.ast-order.ties",
            _("Players with as many cities as another draw in A.S.T. order: %(g)s.")
            % {"g": "; ".join(names(g) for g in groups)},
        )
        r.gap("mc.trade-cards.acquisition", "tied-city-count")
    return ordered


def _draw(stacks: dict[str, int], cities: int, rules: Rules) -> list[Any]:
    """mc.trade-cards.acquisition: one card ("μία κάρτα") from each stack 1..n for n cities;
    mc.trade-cards.empty-stack-water: a stack that is empty gives a Water card ("μία κάρτα Νερού")."""
    per_stack, water = rules.param("cards_per_stack"), rules.param("water_cards")
    got: list[Any] = []
    for n in range(1, min(cities, len(STACKS)) + 1):
        take = min(per_stack, stacks[str(n)])
        stacks[str(n)] -= take
        got.extend([n] * take)
        if take < per_stack:
            got.extend(["water"] * water)
    return got


def _explain_draw(r: Reasoning, p: Any, got: list[Any], rules: Rules) -> None:
    if not got:
        r.step("mc.trade-cards.acquisition", _("%(p)s has no city and draws no trade card.") % {"p": p.name})
        return
    r.step(
        "mc.trade-cards.acquisition",
        ngettext(
            "%(p)s has %(c)s city and draws %(k)s card from stack 1.",
            "%(p)s has %(c)s cities and draws %(k)s card from each of stacks 1 to %(c)s.",
            p.cities,
        )
        % {"p": p.name, "c": p.cities, "k": rules.param("cards_per_stack")},
    )
    short = sorted(
        {n for n in range(1, min(p.cities, len(STACKS)) + 1) if got.count(n) < rules.param("cards_per_stack")}
    )
    if short:
        r.step(
            "mc.trade-cards.empty-stack-water",
            ngettext(
                "Empty stacks (%(s)s): %(p)s draws %(w)s Water card for each.",
                "Empty stacks (%(s)s): %(p)s draws %(w)s Water cards for each.",
                rules.param("water_cards"),
            )
            % {"s": names(str(n) for n in short), "p": p.name, "w": rules.param("water_cards")},
        )


def _buy(r: Reasoning, p: Any, stacks: dict[str, int], treasury: dict[str, int], rules: Rules) -> bool:
    """mc.trade-cards.buy-stack-9: "μία κάρτα από την στοίβα 9 με την πληρωμή 15 tokens θησαυρού"."""
    price, stack = rules.param("purchase_price"), str(rules.param("purchase_stack"))
    said = {"p": p.name, "t": p.treasury, "price": price, "s": stack}
    if p.treasury < price:
        r.step(
            "mc.trade-cards.buy-stack-9",
            ngettext(
                "%(p)s has %(t)s treasury token, fewer than %(price)s, so cannot buy a card of stack %(s)s.",
                "%(p)s has %(t)s treasury tokens, fewer than %(price)s, so cannot buy a card of stack %(s)s.",
                p.treasury,
            )
            % said,
        )
        return False
    if stacks.get(stack, 0) == 0:
        r.step(
            "mc.trade-cards.buy-stack-9",
            _("Stack %(s)s is empty when %(p)s wants to buy: there is no card to buy.") % said,
        )
        r.gap("mc.trade-cards.buy-stack-9", "empty-stack-9", **said)
        return False
    stacks[stack] -= 1
    treasury[p.name] -= price
    r.step(
        "mc.trade-cards.buy-stack-9",
        _("%(p)s pays %(price)s treasury tokens (%(t)s left) for one card of stack %(s)s.")
        % {**said, "t": treasury[p.name]},
    )
    return True


def _trade_cards_summary(o: dict[str, Any]) -> str:
    return _("Draw order: %(o)s.") % {"o": names(o["order"])}


@adjudicator("trade-cards", inputs=TRADE_CARDS_INPUTS, summary=_trade_cards_summary)
def trade_cards(i: Any, *, variant: str, rules: Rules) -> Result:
    """Draw from stacks 1..n for n cities, fewest cities first; then buy from the named stack."""
    r = Reasoning()
    ordered = _draw_order(i, r)
    stacks = {s: i.stacks[s] for s in STACKS}
    draws: dict[str, list[Any]] = {}
    for p in ordered:
        draws[p.name] = _draw(stacks, p.cities, rules)
        _explain_draw(r, p, draws[p.name], rules)
    purchased = {p.name: False for p in i.players}
    treasury = {p.name: p.treasury for p in i.players}
    for p in ordered:
        if i.buy_stack_9.get(p.name, False):
            purchased[p.name] = _buy(r, p, stacks, treasury, rules)
    return r.result(
        {
            "order": [p.name for p in ordered],
            "draws": draws,
            "purchased": purchased,
            "stacks_after": stacks,
            "treasury_after": treasury,
        }
    )
