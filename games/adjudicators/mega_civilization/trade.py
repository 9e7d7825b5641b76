"""Mega Civilization, section "trade-cards" (6. acquisition of trade cards).

- ``trade-cards``: ``mc.trade-cards.acquisition`` (fewest cities first, ``cards_per_stack``
  from each stack 1..n), ``mc.ast-order.ties`` for equal cities,
  ``mc.trade-cards.empty-stack-water`` (``water_cards``), ``mc.trade-cards.buy-stack-9``
  (``purchase_stack``, ``purchase_price``).

And section "trade" (7. trade):

- ``trade-offer``: ``mc.trade.offer`` (``trade_min_cards``), ``mc.trade.two-true``
  (``trade_shown_cards`` shown and true, the rest free), ``mc.trade.exchange``.

And the end of section "ast-move" (the cards go back):

- ``reshuffle``: ``mc.reshuffle.sort-by-value``, ``.shuffle`` (tradable calamities included),
  ``.non-tradable`` (placed after the shuffle) and ``.under-stacks``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Fmt, Reasoning, Result, Rules, names, ties
from games.engine.declare import MAX_ITEMS, Bool, Choice, Int, List, Map, Object, Player, Str, counts

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


# ---------------------------------------------------------------------------
# trade-offer (section "trade", 7)

# A hand holds at most 9 cards (mc.hand-limit.12-to-18); the bound only keeps inputs sane.
MAX_OFFER = 20

TRADE_OFFER_INPUTS = Object(
    cards=List(
        Object(
            named=Str(1, 40, label=gettext_lazy("Card declared")),
            given=Str(1, 40, label=gettext_lazy("Card actually given")),
            shown=Bool(default=False, label=gettext_lazy("Shown openly")),
        ),
        max_length=MAX_OFFER,
        label=gettext_lazy("The cards the player declares they will give"),
    ),
    agreed=Bool(default=False, label=gettext_lazy("The other player agreed")),
)


def _offer_rules(r: Reasoning, i: Any, rules: Rules) -> list[str]:
    """mc.trade.offer ("το ελάχιστο τρεις κάρτες") and mc.trade.two-true ("Δύο από αυτές είναι
    ανοικτές ... αληθινές. Οι υπόλοιπες κάρτες μπορούν να είναι ό,τι να ’ναι")."""
    broken = []
    least, shown_needed = rules.param("trade_min_cards"), rules.param("trade_shown_cards")
    if len(i.cards) < least:
        broken.append("too-few-cards")
    r.step(
        "mc.trade.offer",
        _("A player declares at least %(n)s cards they want to give; this offer declares %(k)s.")
        % {"n": least, "k": len(i.cards)},
    )
    shown = [c for c in i.cards if c.shown]
    false = [c for c in shown if c.given != c.named]
    hidden_other = [c for c in i.cards if not c.shown and c.given != c.named]
    if len(shown) < shown_needed:
        broken.append("too-few-shown")
    if false:
        broken.append("shown-card-false")
    r.step(
        "mc.trade.two-true",
        _(
            "%(n)s of the cards are shown openly and must be true: %(s)s shown, %(f)s of them not what was "
            "declared. The others may be anything (cards given not as declared: %(h)s), which is allowed."
        )
        % {"n": shown_needed, "s": len(shown), "f": len(false), "h": len(hidden_other)},
    )
    if len(shown) > shown_needed:
        r.gap("mc.trade.two-true", "more-cards-shown", n=shown_needed)
    return broken


def _trade_offer_summary(o: dict[str, Any]) -> str:
    if not o["valid"]:
        return _("The offer breaks the trade rules.")
    return _("The offer is valid; the cards are exchanged.") if o["exchanged"] else _("The offer is valid.")


@adjudicator("trade-offer", inputs=TRADE_OFFER_INPUTS, summary=_trade_offer_summary)
def trade_offer(i: Any, *, variant: str, rules: Rules) -> Result:
    """Check an offer of trade cards: enough cards, two shown and true, the rest free."""
    r = Reasoning()
    broken = _offer_rules(r, i, rules)
    exchanged = not broken and i.agreed
    if exchanged:
        r.step(
            "mc.trade.exchange",
            _(
                "There is agreement, so the cards are exchanged simultaneously, hand to hand: neither gives first."
            ),
        )
    elif i.agreed:
        r.step(
            "mc.trade.exchange", _("There is agreement, but an offer that breaks the rules is not exchanged.")
        )
    return r.result(
        {
            "valid": not broken,
            "violations": broken,
            "bluffed": sum(1 for c in i.cards if not c.shown and c.given != c.named),
            "exchanged": exchanged,
        }
    )


# ---------------------------------------------------------------------------
# reshuffle (the end of section "ast-move": the played and discarded cards go back)

CARD_KINDS = ("trade", "tradable-calamity", "non-tradable-calamity")

RESHUFFLE_INPUTS = Object(
    cards=List(
        Object(
            name=Str(1, 40, label=gettext_lazy("Card")),
            stack=Choice(STACKS, label=gettext_lazy("Its stack (numerical value)")),
            kind=Choice(CARD_KINDS, default="trade", label=gettext_lazy("Kind")),
        ),
        max_length=MAX_ITEMS,
        label=gettext_lazy("Trade cards played or discarded this round"),
    ),
)


def _reshuffle_summary(o: dict[str, Any]) -> str:
    return _("The cards go back beneath stacks %(s)s.") % {"s": names(o["stacks"])}


@adjudicator("reshuffle", inputs=RESHUFFLE_INPUTS, summary=_reshuffle_summary)
def reshuffle(i: Any, *, variant: str, rules: Rules) -> Result:
    """Return the played and discarded cards beneath their stacks, shuffled, non-tradable calamities after."""
    r = Reasoning()
    stacks: dict[str, dict[str, list[str]]] = {}
    for n in STACKS:
        mine = [c for c in i.cards if c.stack == n]
        if mine:
            stacks[n] = {
                # A shuffle has no order to state: the names are listed sorted.
                "shuffled": sorted(c.name for c in mine if c.kind != "non-tradable-calamity"),
                "bottom": sorted(c.name for c in mine if c.kind == "non-tradable-calamity"),
            }
    r.step(
        "mc.reshuffle.sort-by-value",
        _("The cards played or discarded are put in stacks by their numerical value: %(s)s.")
        % {"s": names(f"{n} ({len(v['shuffled']) + len(v['bottom'])})" for n, v in stacks.items())},
    )
    r.step(
        "mc.reshuffle.shuffle",
        _("Each stack's cards are shuffled, the tradable calamities among them (%(t)s).")
        % {"t": names(c.name for c in i.cards if c.kind == "tradable-calamity")},
    )
    non_tradable = [c.name for c in i.cards if c.kind == "non-tradable-calamity"]
    r.step(
        "mc.reshuffle.non-tradable",
        _("After the shuffle the non-tradable calamities are placed: %(n)s.") % {"n": names(non_tradable)},
    )
    if non_tradable:
        r.gap("mc.reshuffle.non-tradable", "non-tradable-place")
    r.step(
        "mc.reshuffle.under-stacks",
        _("Then the cards go exactly beneath the cards already in the stack they were taken from."),
    )
    return r.result({"stacks": stacks})
