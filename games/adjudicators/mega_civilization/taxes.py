"""Mega Civilization, section "beneficiary" and section "tax" (1. tax collection).

- ``beneficiary``: ``mc.beneficiary.most-cities`` → ``tie-tokens`` → ``tie-ast``, with the
  bar of ``mc.tax.revolter-not-beneficiary`` and the fallbacks of ``mc.tax.revolt-*``.
- ``tax``: ``mc.tax.collection`` (``tax_per_city`` tokens per city), ``mc.tax.revolt``.
- ``tax-revolt``: who takes each revolting city (``mc.tax.revolt``, the beneficiary of
  ``mc.beneficiary.*``, ``mc.tax.revolt-next-beneficiary``, ``mc.tax.revolt-ast-order``), or
  its destruction when every city is in play (``mc.tax.revolt-city-destroyed``,
  ``cities_per_player``), and the taken city's exemption (``mc.tax.revolt-city-no-income``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games import labels
from games.engine import Reasoning, Result, Rules, names, tied_for_best
from games.engine.declare import Bool, Int, Map, Object, Player, ruled_out
from games.engine.rules import active as rules_in_force

from .common import (
    AST_PLAYER_CHECKS,
    GAME,
    MAX_CITIES,
    MAX_TOKENS,
    PLAYER_CHECKS,
    adjudicator,
    cities_on_map,
    known_players,
    player_names,
    players,
    players_in_ast_order,
    some_players,
)

# ---------------------------------------------------------------------------
# beneficiary

BENEFICIARY_INPUTS = Object(
    players_in_ast_order(
        cities_in_stock=Int(0, MAX_CITIES, label=gettext_lazy("Cities in stock")),
        tokens_in_stock=Int(0, MAX_TOKENS, label=gettext_lazy("Tokens in stock")),
    ),
    exclude=some_players(gettext_lazy("Players who cannot be beneficiary (e.g. the revolting player)")),
    calamity=Bool(default=False, label=gettext_lazy("The beneficiary of a calamity")),
    checks=[*AST_PLAYER_CHECKS, known_players("exclude")],
)


def _pick_beneficiary(candidates: list[Any], ast: tuple[str, ...], r: Reasoning) -> tuple[Any, str]:
    """mc.beneficiary.most-cities, then mc.beneficiary.tie-tokens, then mc.beneficiary.tie-ast."""
    top = candidates
    for clause, attr, decided, alone, tied in (
        (
            "mc.beneficiary.most-cities",
            "cities_in_stock",
            "cities",
            _("%(p)s has the most cities in stock (%(n)s), so %(p)s is the beneficiary."),
            ngettext_lazy(
                "%(p)s are tied with %(n)s city in stock each.",
                "%(p)s are tied with %(n)s cities in stock each.",
                "n",
            ),
        ),
        (
            "mc.beneficiary.tie-tokens",
            "tokens_in_stock",
            "tokens",
            _("Of them %(p)s has the most tokens in stock (%(n)s), so %(p)s is the beneficiary."),
            ngettext_lazy(
                "%(p)s are still tied with %(n)s token in stock each.",
                "%(p)s are still tied with %(n)s tokens in stock each.",
                "n",
            ),
        ),
    ):
        most, top = tied_for_best(top, attrgetter(attr))
        if len(top) == 1:
            r.step(clause, alone % {"p": top[0].name, "n": most})
            return top[0], decided
        r.step(clause, tied % {"p": names(p.name for p in top), "n": most})
    # mc.beneficiary.tie-ast: "ακολουθήστε την κατάταξη Π.Α.Μ." — the first ranked wins.
    first = min(top, key=lambda p: ast.index(p.name))
    r.step(
        "mc.beneficiary.tie-ast",
        _("The A.S.T. ranking decides: %(p)s comes first of them, so %(p)s is the beneficiary.")
        % {"p": first.name},
    )
    return first, "ast"


def _bar_revolters(i: Any, r: Reasoning) -> set[str]:
    """mc.tax.revolter-not-beneficiary: the excluded players cannot be beneficiary."""
    excluded = set(i.exclude)
    if excluded:
        r.step(
            "mc.tax.revolter-not-beneficiary",
            _("%(p)s cannot be the beneficiary (a player who suffers a tax revolt cannot be).")
            % {"p": names(p for p in player_names(i) if p in excluded)},
        )
        r.gap("mc.tax.revolter-not-beneficiary", "excluded-beneficiaries")
    return excluded


def _beneficiary_summary(o: dict[str, Any]) -> str:
    if not o["beneficiary"]:
        return _("No player can be the beneficiary.")
    by = labels.value_label(GAME, "decided_by", o["decided_by"])
    return _("%(p)s is the beneficiary (decided by %(by)s).") % {"p": o["beneficiary"], "by": by}


@adjudicator("beneficiary", inputs=BENEFICIARY_INPUTS, summary=_beneficiary_summary)
def beneficiary(i: Any, *, variant: str, rules: Rules) -> Result:
    """Name the beneficiary: most cities in stock, then most tokens, then A.S.T. order."""
    if i.calamity:
        return _calamity_beneficiary(i, rules)
    return _general_beneficiary(Reasoning(), i, rules)


def _calamity_beneficiary(i: Any, rules: Rules) -> Result:
    """mc.beneficiary.calamities: "Στην περίπτωση των συμφορών, υπάρχει σαφέστερος ορισμός … διαβάστε
    το Κεφάλαιο 8" — and chapter 8 of this summary defines none: the text names nobody; the
    general definition, run as it stands, is the other reading."""
    r = Reasoning()
    r.step(
        "mc.beneficiary.calamities",
        _(
            "For a calamity the text defers to a clearer definition in chapter 8, which this summary "
            "does not give: it names no beneficiary."
        ),
    )
    general = _general_beneficiary(Reasoning(), i, rules).outcome
    r.gap(
        "mc.beneficiary.calamities",
        "calamity-beneficiary",
        readings=[(_("The general definition applies to calamities too."), general)],
    )
    return r.result({"beneficiary": None, "decided_by": None})


def _general_beneficiary(r: Reasoning, i: Any, rules: Rules) -> Result:
    """mc.beneficiary.most-cities, .tie-tokens, .tie-ast, the revolting players aside."""
    excluded = _bar_revolters(i, r)
    candidates = [p for p in i.players if p.name not in excluded]
    if not candidates:
        r.step(
            "mc.beneficiary.most-cities",
            _("Every player is excluded, so nobody can be the beneficiary."),
        )
        return r.result({"beneficiary": None, "decided_by": None})
    chosen, decided_by = _pick_beneficiary(candidates, i.ast_order, r)
    if chosen.cities_in_stock == 0:
        # mc.tax.revolt-next-beneficiary / mc.tax.revolt-city-destroyed ("και τις 9 πόλεις").
        r.gap(
            "mc.tax.revolt-next-beneficiary", "beneficiary-without-city", n=rules.param("cities_per_player")
        )
    return r.result({"beneficiary": chosen.name, "decided_by": decided_by})


# ---------------------------------------------------------------------------
# tax

TAX_INPUTS = Object(
    players=players(
        cities=cities_on_map(),
        stock=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens in stock")),
    ),
    checks=PLAYER_CHECKS,
)


@dataclass(frozen=True)
class TaxBill:
    """One player's tax under mc.tax.collection: what is due, paid, and which cities revolt."""

    due: int
    covered: int  # cities whose tax is paid in full
    paid: int
    revolting: int


def _tax_bill(cities: int, stock: int, per_city: int) -> TaxBill:
    """mc.tax.collection: "μεταφέρουν 2 tokens ... για κάθε πόλη" — the tax is owed per city.

    A player short of tax pays the full per-city figure for as many cities as their stock
    covers (``per_city × ⌊stock / per_city⌋``); a remainder smaller than one city's tax
    pays for no city, so it stays in stock. mc.tax.revolt: each city whose tax is not
    paid ("δεν έχει να πληρώσει τους φόρους του") revolts.
    """
    due = per_city * cities
    covered = cities if stock >= due else stock // per_city
    return TaxBill(due=due, covered=covered, paid=per_city * covered, revolting=cities - covered)


def _explain_short(r: Reasoning, p: Any, bill: TaxBill, per_city: int) -> None:
    """Steps and gaps of a player who cannot pay their whole tax (mc.tax.collection, mc.tax.revolt)."""
    r.step(
        "mc.tax.collection",
        ngettext(
            "%(p)s owes %(d)s tokens for %(c)s city but has only %(s)s in stock: %(t)s tokens per city "
            "pay for %(k)s of the cities (%(paid)s tokens); tokens left in stock: %(left)s.",
            "%(p)s owes %(d)s tokens for %(c)s cities but has only %(s)s in stock: %(t)s tokens per city "
            "pay for %(k)s of the cities (%(paid)s tokens); tokens left in stock: %(left)s.",
            p.cities,
        )
        % {
            "p": p.name,
            "c": p.cities,
            "d": bill.due,
            "s": p.stock,
            "t": per_city,
            "k": bill.covered,
            "paid": bill.paid,
            "left": p.stock - bill.paid,
        },
    )
    r.step(
        "mc.tax.revolt",
        ngettext(
            "%(p)s cannot pay all the tax: %(n)s of the player's cities revolts and may be taken by the "
            "beneficiary.",
            "%(p)s cannot pay all the tax: %(n)s of the player's cities revolt and may be taken by the "
            "beneficiary.",
            bill.revolting,
        )
        % {"p": p.name, "n": bill.revolting},
    )
    if p.stock > 0:
        r.gap("mc.tax.collection", "partial-tax-payment", t=per_city)
    if bill.revolting > 1:
        r.gap("mc.tax.revolt", "several-cities-revolt", t=per_city)


def _revolts(r: Reasoning, rebels: list[str]) -> None:
    """mc.tax.paid-skip-revolt, mc.tax.revolter-not-beneficiary, mc.tax.revolt-ast-order."""
    if not rebels:
        r.step("mc.tax.paid-skip-revolt", _("All taxes are paid, so step 1.2 (tax revolts) is skipped."))
        return
    r.step(
        "mc.tax.revolter-not-beneficiary",
        _("%(p)s cannot be the beneficiary of any revolting city.") % {"p": names(rebels)},
    )
    if len(rebels) > 1:
        r.step(
            "mc.tax.revolt-ast-order",
            ngettext(
                "%(n)s player suffers a tax revolt, so the revolts are resolved in A.S.T. order.",
                "%(n)s players suffer a tax revolt, so the revolts are resolved in A.S.T. order.",
                len(rebels),
            )
            % {"n": len(rebels)},
        )


def _revolt_summary(o: dict[str, Any]) -> str:
    if any(o["revolting_cities"].values()):
        return _("Cities revolt: %(r)s.") % {
            "r": names(f"{p} {n}" for p, n in o["revolting_cities"].items() if n)
        }
    return _("Every player pays the tax in full; no city revolts.")


@adjudicator("tax", inputs=TAX_INPUTS, summary=_revolt_summary)
def tax(i: Any, *, variant: str, rules: Rules) -> Result:
    """Collect the tax per city from stock, whole cities only; count the cities that revolt."""
    r = Reasoning()
    per_city = rules.param("tax_per_city")
    bills = {p.name: _tax_bill(p.cities, p.stock, per_city) for p in i.players}
    for p in i.players:
        bill = bills[p.name]
        if bill.revolting:
            _explain_short(r, p, bill, per_city)
        else:
            r.step(
                "mc.tax.collection",
                ngettext(
                    "%(p)s: %(d)s tokens due for %(c)s city move from stock (%(s)s) to the treasury.",
                    "%(p)s: %(d)s tokens due for %(c)s cities move from stock (%(s)s) to the treasury.",
                    p.cities,
                )
                % {"p": p.name, "c": p.cities, "d": bill.due, "s": p.stock},
            )
    _revolts(r, [name for name, bill in bills.items() if bill.revolting])
    return r.result(
        {
            "due": {name: b.due for name, b in bills.items()},
            "paid": {name: b.paid for name, b in bills.items()},
            "revolting_cities": {name: b.revolting for name, b in bills.items()},
        }
    )


# ---------------------------------------------------------------------------
# tax-revolt (1.2 tax revolts: who takes each revolting city, or is it destroyed)


def _revolting_in_play(i: Any):
    """mc.tax.revolt-city-destroyed: "τις 9 πόλεις τους" — a player's cities in play are the 9
    less those in stock, and only a city in play can revolt (mc.tax.revolt: a city the player
    cannot pay the tax of)."""
    have = rules_in_force().param("cities_per_player")
    stock = {p.name: p.cities_in_stock for p in i.players}
    for name, n in i.revolting.items():
        in_play = have - stock.get(name, have)
        if name in stock and n > in_play:
            yield ruled_out(
                f"revolting.{name}",
                _("%(p)s has %(n)s cities in play (%(have)s less %(s)s in stock): no more can revolt.")
                % {"p": name, "n": in_play, "have": have, "s": stock[name]},
                "mc.tax.revolt-city-destroyed",
            )


TAX_REVOLT_INPUTS = Object(
    players_in_ast_order(
        cities_in_stock=Int(0, MAX_CITIES, label=gettext_lazy("Cities in stock")),
        tokens_in_stock=Int(0, MAX_TOKENS, label=gettext_lazy("Tokens in stock")),
    ),
    revolting=Map(
        Player(),
        Int(0, MAX_CITIES, label=gettext_lazy("Revolting cities")),
        label=gettext_lazy("Revolting cities of each player (the tax ruling's revolting_cities)"),
    ),
    checks=[*AST_PLAYER_CHECKS, known_players("revolting"), _revolting_in_play],
)


def _all_in_play(r: Reasoning, i: Any, rules: Rules) -> bool:
    """mc.tax.revolt-city-destroyed: "όλοι οι παίκτες έχουν και τις 9 πόλεις τους στο παιγνίδι"."""
    every = all(p.cities_in_stock == 0 for p in i.players)
    if every:
        r.step(
            "mc.tax.revolt-city-destroyed",
            _("Every player has all %(n)s of their cities in play, so each revolting city is destroyed.")
            % {"n": rules.param("cities_per_player")},
        )
    return every


def _take_city(
    r: Reasoning, i: Any, owner: str, stock: dict[str, int], rebels: list[str], keeper: str | None
) -> str | None:
    """The beneficiary of one revolting city of ``owner`` (mc.tax.revolt), the revolting players
    aside. ``keeper``, the beneficiary of the city before, keeps the part while they have a city
    marker left (mc.tax.revolt-next-beneficiary: a new one is chosen only "Αν ο ωφελούμενος δεν
    έχει αρκετούς δείκτες πόλεων"); None chooses afresh."""
    if keeper is not None and stock[keeper] > 0:
        r.step(
            "mc.tax.revolt-next-beneficiary",
            _("%(b)s, the beneficiary, still has a city marker in stock, so %(b)s takes this city too.")
            % {"b": keeper},
        )
        stock[keeper] -= 1
        return keeper
    eligible = [p for p in i.players if p.name not in rebels]
    empty = [p.name for p in eligible if stock[p.name] == 0]
    if empty:
        r.step(
            "mc.tax.revolt-next-beneficiary",
            _(
                "%(p)s has no city left in stock to replace the city with, so the beneficiary is chosen among the others."
            )
            % {"p": names(empty)},
        )
    candidates = [p for p in eligible if stock[p.name] > 0]
    if not candidates:
        return None
    view = [replace(p, cities_in_stock=stock[p.name]) for p in candidates]
    chosen, _by = _pick_beneficiary(view, i.ast_order, r)
    r.step(
        "mc.beneficiary.meaning",
        _("%(b)s controls this revolt and may replace %(o)s's city with one of their own.")
        % {"b": chosen.name, "o": owner},
    )
    stock[chosen.name] -= 1
    return chosen.name


def _city_by_city(r: Reasoning, i: Any, rebels: list[str], destroyed: bool, keep: bool) -> tuple[list, dict]:
    """Each revolting city's fate, in A.S.T. order; ``keep``: the beneficiary keeps the part
    until out of city markers (the text), else one is chosen afresh for each city."""
    stock = {p.name: p.cities_in_stock for p in i.players}
    revolts: list[dict[str, Any]] = []
    keeper = None
    for owner in rebels:
        for _n in range(i.revolting[owner]):
            taker = None if destroyed else _take_city(r, i, owner, stock, rebels, keeper if keep else None)
            keeper = taker or keeper
            if taker is None and not destroyed:
                r.gap("mc.tax.revolt", "no-beneficiary-left")
            revolts.append(
                {
                    "owner": owner,
                    "fate": "replaced" if taker else "destroyed",
                    "beneficiary": taker,
                    # mc.tax.revolt-city-no-income: no income, no support check this round.
                    "exempt": taker is not None,
                }
            )
    return revolts, stock


def _tax_revolt_summary(o: dict[str, Any]) -> str:
    return _("Revolting cities: %(r)s.") % {
        "r": names(
            f"{c['owner']} → {c['beneficiary']}" if c["beneficiary"] else f"{c['owner']} ✗"
            for c in o["revolts"]
        )
    }


@adjudicator("tax-revolt", inputs=TAX_REVOLT_INPUTS, summary=_tax_revolt_summary)
def tax_revolt(i: Any, *, variant: str, rules: Rules) -> Result:
    """Give each revolting city to the beneficiary, in A.S.T. order, or destroy it."""
    r = Reasoning()
    rebels = [p for p in i.ast_order if i.revolting.get(p, 0) > 0]
    if not rebels:
        r.step("mc.tax.paid-skip-revolt", _("No city revolts, so step 1.2 (tax revolts) is skipped."))
        return r.result(
            {"revolts": [], "cities_in_stock_after": {p.name: p.cities_in_stock for p in i.players}}
        )
    r.step(
        "mc.tax.revolt",
        _("A player who cannot pay their taxes loses the revolting city to the beneficiary: %(p)s.")
        % {"p": names(f"{p} {i.revolting[p]}" for p in rebels)},
    )
    if len(rebels) > 1:
        r.step(
            "mc.tax.revolt-ast-order",
            _("The revolts are resolved in A.S.T. order: %(o)s.") % {"o": names(rebels)},
        )
    destroyed = _all_in_play(r, i, rules)
    if not destroyed:
        r.step(
            "mc.tax.revolter-not-beneficiary",
            _("%(p)s cannot be the beneficiary of any revolting city.") % {"p": names(rebels)},
        )
    revolts, stock = _city_by_city(r, i, rebels, destroyed, keep=True)
    if not destroyed and sum(i.revolting[p] for p in rebels) > 1:
        # The other reading, ruled by the same rule: a beneficiary chosen afresh for each city.
        afresh, afresh_stock = _city_by_city(Reasoning(), i, rebels, destroyed, keep=False)
        changes = {
            key: value
            for key, value, ours in (
                ("revolts", afresh, revolts),
                ("cities_in_stock_after", afresh_stock, stock),
            )
            if value != ours
        }
        r.gap(
            "mc.tax.revolt-next-beneficiary",
            "beneficiary-keeps-the-revolt",
            readings=[(_("The beneficiary is chosen afresh for each revolting city."), changes)],
        )
    if any(c["beneficiary"] for c in revolts):
        r.step(
            "mc.tax.revolt-city-no-income",
            _("A city that changed owner produces no income this round and is not checked for support."),
        )
    return r.result({"revolts": revolts, "cities_in_stock_after": stock})
