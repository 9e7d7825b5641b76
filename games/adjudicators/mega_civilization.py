"""Mega Civilization (seed 003): adjudicators over the Greek "how to play" summary.

Every decision cites the clause of ``rules/corpus/mega-civilization/clauses.toml``
that holds it. The summary is short and often silent; each point where these
inputs hit a silence is reported as a gap together with the reading taken.

Vocabulary (CONTRACT.md §4): ``ast_order`` lists players in A.S.T. order, the
first acts first and wins an A.S.T. tie-break; a list the player orders by
choice is consumed from its end.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, adjudicator, dispute
from games.engine.declare import Bool, Choice, Int, List, Map, Object, Player, Str

GAME = "mega-civilization"

# Each player has 9 city pieces (mc.tax.revolt-city-destroyed: "και τις 9 πόλεις τους").
MAX_CITIES = 9
# The text gives no token counts; these bounds only keep inputs sane.
MAX_TOKENS = 999
MAX_LIMIT = 99
STACKS = tuple(str(n) for n in range(1, 10))
STACK_9_PRICE = 15  # mc.trade-cards.buy-stack-9
CITY_SITE_TOKENS = 6  # mc.cities.construction
OTHER_AREA_TOKENS = 12  # mc.cities.construction
SUPPORT_PER_CITY = 2  # mc.cities.support
TAX_PER_CITY = 2  # mc.tax.collection
MIN_CITY_ATTACK = 7  # mc.conflict.city-fewer-than-7
CITY_AS_TOKENS = 6  # mc.conflict.city-replaced


def _names(items: Iterable[str]) -> str:
    return ", ".join(items) or "-"


# ---------------------------------------------------------------------------
# Cross-field checks shared by several declarations.
# The engine's ``Player(among=...)`` resolves against a list of names; here the
# players are objects ({name, ...}), so the references are checked by hand.


def _player_names(i: Any) -> list[str]:
    return [p.name for p in i.players]


def _unique_player_names(i: Any) -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    for n, p in enumerate(i.players):
        if p.name in seen:
            yield f"players.{n}.name", _("Duplicate player: %(p)s.") % {"p": p.name}
        seen.add(p.name)


def _ast_order_covers_players(i: Any) -> Iterator[tuple[str, str]]:
    names = _player_names(i)
    for n, name in enumerate(i.ast_order):
        if name not in names:
            yield f"ast_order.{n}", _("Unknown player: %(p)s.") % {"p": name}
    missing = [name for name in names if name not in i.ast_order]
    if missing:
        yield (
            "ast_order",
            _("The A.S.T. order must list every player; missing: %(p)s.") % {"p": _names(missing)},
        )


# ---------------------------------------------------------------------------
# beneficiary

BENEFICIARY_INPUTS = Object(
    players=List(
        Object(
            name=Player(label=gettext_lazy("Player")),
            cities_in_stock=Int(0, MAX_CITIES, label=gettext_lazy("Cities in stock")),
            tokens_in_stock=Int(0, MAX_TOKENS, label=gettext_lazy("Tokens in stock")),
        ),
        min_length=1,
        max_length=18,
        label=gettext_lazy("Players"),
    ),
    ast_order=List(
        Player(),
        min_length=1,
        max_length=18,
        unique=True,
        label=gettext_lazy("A.S.T. order (first acts first)"),
    ),
    exclude=List(
        Player(),
        max_length=18,
        unique=True,
        default=[],
        label=gettext_lazy("Players who cannot be beneficiary (e.g. the revolting player)"),
    ),
    checks=[
        _unique_player_names,
        _ast_order_covers_players,
        lambda i: (
            (f"exclude.{n}", _("Unknown player: %(p)s.") % {"p": name})
            for n, name in enumerate(i.exclude)
            if name not in _player_names(i)
        ),
    ],
)


def _pick_beneficiary(players: Iterable[Any], ast_order: tuple[str, ...], r: Reasoning) -> tuple[Any, str]:
    """Apply mc.beneficiary.most-cities, then tie-tokens, then tie-ast."""
    candidates = list(players)
    most = max(p.cities_in_stock for p in candidates)
    top = [p for p in candidates if p.cities_in_stock == most]
    if len(top) == 1:
        r.step(
            "mc.beneficiary.most-cities",
            _("%(p)s has the most cities in stock (%(n)s), so %(p)s is the beneficiary.")
            % {"p": top[0].name, "n": most},
        )
        return top[0], "cities"
    r.step(
        "mc.beneficiary.most-cities",
        _("%(p)s are tied with %(n)s cities in stock each.") % {"p": _names(p.name for p in top), "n": most},
    )
    most_tokens = max(p.tokens_in_stock for p in top)
    top = [p for p in top if p.tokens_in_stock == most_tokens]
    if len(top) == 1:
        r.step(
            "mc.beneficiary.tie-tokens",
            _("Of them %(p)s has the most tokens in stock (%(n)s), so %(p)s is the beneficiary.")
            % {"p": top[0].name, "n": most_tokens},
        )
        return top[0], "tokens"
    r.step(
        "mc.beneficiary.tie-tokens",
        _("%(p)s are still tied with %(n)s tokens in stock each.")
        % {"p": _names(p.name for p in top), "n": most_tokens},
    )
    first = min(top, key=lambda p: ast_order.index(p.name))
    r.step(
        "mc.beneficiary.tie-ast",
        _("The A.S.T. ranking decides: %(p)s comes first of them, so %(p)s is the beneficiary.")
        % {"p": first.name},
    )
    return first, "ast"


@adjudicator(
    game=GAME,
    name="beneficiary",
    title=gettext_lazy("Who is the beneficiary?"),
    inputs=BENEFICIARY_INPUTS,
    clauses=[
        "mc.beneficiary.most-cities",
        "mc.beneficiary.tie-tokens",
        "mc.beneficiary.tie-ast",
        "mc.tax.revolter-not-beneficiary",
        "mc.tax.revolt-next-beneficiary",
        "mc.tax.revolt-city-destroyed",
    ],
    summary=lambda o: (
        _("%(p)s is the beneficiary (decided by %(by)s).") % {"p": o["beneficiary"], "by": o["decided_by"]}
        if o["beneficiary"]
        else _("No player can be the beneficiary.")
    ),
    examples=[
        {
            "players": [
                {"name": "Ala", "cities_in_stock": 5, "tokens_in_stock": 20},
                {"name": "Bartek", "cities_in_stock": 5, "tokens_in_stock": 31},
                {"name": "Celina", "cities_in_stock": 7, "tokens_in_stock": 12},
                {"name": "Darek", "cities_in_stock": 3, "tokens_in_stock": 40},
                {"name": "Ewa", "cities_in_stock": 4, "tokens_in_stock": 25},
            ],
            "ast_order": ["Darek", "Ala", "Ewa", "Bartek", "Celina"],
            "exclude": ["Celina"],
        },
        {
            "players": [
                {"name": "Ala", "cities_in_stock": 5, "tokens_in_stock": 20},
                {"name": "Bartek", "cities_in_stock": 5, "tokens_in_stock": 20},
            ],
            "ast_order": ["Bartek", "Ala"],
        },
    ],
)
def beneficiary(i: Any, *, variant: str, rules: Rules) -> Result:
    """Name the beneficiary: most cities in stock, then most tokens, then A.S.T. order."""
    r = Reasoning()
    excluded = set(i.exclude)
    if excluded:
        r.step(
            "mc.tax.revolter-not-beneficiary",
            _("%(p)s cannot be the beneficiary (a player who suffers a tax revolt cannot be).")
            % {"p": _names(p for p in _player_names(i) if p in excluded)},
        )
        r.gap(
            "mc.tax.revolter-not-beneficiary",
            question=_("The text bars only a player who suffers a tax revolt from being beneficiary."),
            assumed=_(
                "Every player listed under 'exclude' is barred, whatever the reason given at the table."
            ),
        )
    candidates = [p for p in i.players if p.name not in excluded]
    if not candidates:
        r.step(
            "mc.beneficiary.most-cities",
            _("Every player is excluded, so nobody can be the beneficiary."),
        )
        return r.result({"beneficiary": None, "decided_by": None})
    chosen, decided_by = _pick_beneficiary(candidates, i.ast_order, r)
    if chosen.cities_in_stock == 0:
        r.gap(
            "mc.tax.revolt-next-beneficiary",
            question=_(
                "The beneficiary has no city in stock. In a tax revolt he could not replace the city: a new "
                "beneficiary is chosen, and when every player has all 9 cities in play the city is destroyed."
            ),
            assumed=_(
                "The definition still names him; for a tax revolt, exclude players with no city in stock "
                "(if none is left, the revolting city is destroyed)."
            ),
        )
    return r.result({"beneficiary": chosen.name, "decided_by": decided_by})


# ---------------------------------------------------------------------------
# tax

TAX_INPUTS = Object(
    players=List(
        Object(
            name=Player(label=gettext_lazy("Player")),
            cities=Int(0, MAX_CITIES, label=gettext_lazy("Cities on the map")),
            stock=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens in stock")),
        ),
        min_length=1,
        max_length=18,
        label=gettext_lazy("Players"),
    ),
    checks=[_unique_player_names],
)


@adjudicator(
    game=GAME,
    name="tax",
    title=gettext_lazy("How much tax does each player pay, and do cities revolt?"),
    inputs=TAX_INPUTS,
    clauses=[
        "mc.tax.collection",
        "mc.tax.paid-skip-revolt",
        "mc.tax.revolt",
        "mc.tax.revolt-ast-order",
        "mc.tax.revolter-not-beneficiary",
    ],
    summary=lambda o: (
        _("Cities revolt: %(r)s.") % {"r": _names(f"{p} {n}" for p, n in o["revolting_cities"].items() if n)}
        if any(o["revolting_cities"].values())
        else _("Every player pays his taxes in full; no city revolts.")
    ),
    examples=[
        {
            "players": [
                {"name": "Ala", "cities": 3, "stock": 10},
                {"name": "Bartek", "cities": 4, "stock": 5},
                {"name": "Celina", "cities": 0, "stock": 2},
            ]
        },
    ],
)
def tax(i: Any, *, variant: str, rules: Rules) -> Result:
    """Collect 2 tokens per city from stock; count the cities that revolt."""
    r = Reasoning()
    due: dict[str, int] = {}
    paid: dict[str, int] = {}
    revolting: dict[str, int] = {}
    for p in i.players:
        owed = TAX_PER_CITY * p.cities
        due[p.name] = owed
        if p.stock >= owed:
            paid[p.name] = owed
            revolting[p.name] = 0
            r.step(
                "mc.tax.collection",
                _("%(p)s: %(d)s tokens due for %(c)s cities move from stock (%(s)s) to the treasury.")
                % {"p": p.name, "c": p.cities, "d": owed, "s": p.stock},
            )
            continue
        # Short of tokens: the whole stock is paid (the tax is compulsory) and every city
        # whose 2 tokens could not be paid in full revolts.
        covered = p.stock // TAX_PER_CITY
        paid[p.name] = p.stock
        revolting[p.name] = p.cities - covered
        r.step(
            "mc.tax.collection",
            _(
                "%(p)s owes %(d)s tokens for %(c)s cities but has only %(s)s in stock; all %(s)s are paid, "
                "enough for %(k)s of the cities."
            )
            % {"p": p.name, "c": p.cities, "d": owed, "s": p.stock, "k": covered},
        )
        r.step(
            "mc.tax.revolt",
            _("%(p)s cannot pay his taxes: %(n)s of his cities revolt and may be taken by the beneficiary.")
            % {"p": p.name, "n": revolting[p.name]},
        )
        if p.stock > 0:
            r.gap(
                "mc.tax.collection",
                question=_("Does a player who cannot pay all his taxes pay what he can?"),
                assumed=_(
                    "Yes: the tax is compulsory, so his whole stock goes to the treasury, 2 tokens per "
                    "city for as many cities as it covers."
                ),
            )
        if revolting[p.name] > 1:
            r.gap(
                "mc.tax.revolt",
                question=_(
                    "How many cities revolt when a player cannot pay for several? The text speaks of one "
                    "city ('whichever city he wishes')."
                ),
                assumed=_("One city revolts for each city whose 2 tokens of tax cannot be paid."),
            )
    rebels = [p.name for p in i.players if revolting[p.name]]
    if not rebels:
        r.step("mc.tax.paid-skip-revolt", _("All taxes are paid, so step 1.2 (tax revolts) is skipped."))
    else:
        r.step(
            "mc.tax.revolter-not-beneficiary",
            _("%(p)s cannot be the beneficiary of any revolting city.") % {"p": _names(rebels)},
        )
        if len(rebels) > 1:
            r.step(
                "mc.tax.revolt-ast-order",
                _("%(n)s players suffer a tax revolt, so the revolts are resolved in A.S.T. order.")
                % {"n": len(rebels)},
            )
    return r.result({"due": due, "paid": paid, "revolting_cities": revolting})


dispute(
    game=GAME,
    key="tax-revolt-several-cities",
    title=gettext_lazy("How many cities revolt when a player cannot pay for several?"),
    question=gettext_lazy(
        "Tax is 2 tokens per city, but the revolt rule speaks of the beneficiary replacing one city "
        "('whichever city he wishes'). With 4 cities and 3 tokens in stock, does one city revolt, or one per "
        "unpaid city?"
    ),
    clauses=["mc.tax.collection", "mc.tax.revolt", "mc.tax.revolt-next-beneficiary"],
    adjudicator="tax",
    inputs={
        "players": [{"name": "Ala", "cities": 4, "stock": 3}, {"name": "Bartek", "cities": 2, "stock": 9}]
    },
)


# ---------------------------------------------------------------------------
# population-growth

POPULATION_GROWTH_INPUTS = Object(
    areas=Map(
        Str(1, 40, label=gettext_lazy("Area")),
        Int(0, MAX_TOKENS, label=gettext_lazy("Tokens")),
        label=gettext_lazy("Tokens of the player in each area"),
    ),
)


@adjudicator(
    game=GAME,
    name="population-growth",
    title=gettext_lazy("How many tokens does population growth add?"),
    inputs=POPULATION_GROWTH_INPUTS,
    clauses=["mc.growth.one-token", "mc.growth.two-or-more", "mc.growth.census"],
    summary=lambda o: _("After growth the census is %(n)s tokens.") % {"n": o["census"]},
    examples=[
        {"areas": {"Thessaly": 1, "Attica": 3, "Crete": 0, "Macedonia": 2}},
    ],
)
def population_growth(i: Any, *, variant: str, rules: Rules) -> Result:
    """Add 1 token where there is one, 2 where there are two or more."""
    r = Reasoning()
    after: dict[str, int] = {}
    ones, more, empty = [], [], []
    for area, tokens in i.areas.items():
        if tokens == 0:
            after[area] = 0
            empty.append(area)
        elif tokens == 1:
            after[area] = 2
            ones.append(area)
        else:
            after[area] = tokens + 2
            more.append(area)
    if ones or empty:
        r.step(
            "mc.growth.one-token",
            _("One token grows to two in: %(a)s. Areas without a token get none: %(e)s.")
            % {"a": _names(ones), "e": _names(empty)},
        )
    if more:
        r.step(
            "mc.growth.two-or-more",
            _("Two tokens are added where there were 2 or more: %(a)s.")
            % {"a": _names(f"{a} {i.areas[a]}→{after[a]}" for a in more)},
        )
    census = sum(after.values())
    r.step(
        "mc.growth.census",
        _("The tokens on the map are counted: the census is %(n)s.") % {"n": census},
    )
    return r.result({"areas": after, "census": census})


# ---------------------------------------------------------------------------
# conflict (shared with city-attack)


def _fight(
    limit: int,
    first: tuple[str, int],
    second: tuple[str, int],
    ast_order: tuple[str, ...] = (),
) -> tuple[dict[str, int], list[str], set[str]]:
    """Remove tokens as mc.conflict.tokens and mc.conflict.tokens-equal say.

    Returns the tokens left per player, the removals in order (a player's name,
    or "both" for a simultaneous removal) and flags naming the silent points hit.
    """
    (a, na), (b, nb) = first, second
    left = {a: na, b: nb}
    removals: list[str] = []
    flags: set[str] = set()

    def total() -> int:
        return left[a] + left[b]

    if na == 0 or nb == 0:
        return left, removals, {"no-opponent"}
    if na == nb:
        while total() > limit and left[a] and left[b]:
            if total() - limit >= 2:
                left[a] -= 1
                left[b] -= 1
                removals.append("both")
                continue
            # One token to go with equal sides: a simultaneous removal would take the
            # area below its limit.
            flags.add("odd-tie")
            ranked = [p for p in ast_order if p in left]
            if len(ranked) == 2:
                flags.add("odd-tie-ast")
                left[ranked[0]] -= 1
                removals.append(ranked[0])
            break
        return left, removals, flags
    turn, other = (a, b) if na < nb else (b, a)
    while total() > limit and left[a] and left[b]:
        left[turn] -= 1
        removals.append(turn)
        turn, other = other, turn
    if total() > limit:
        flags.add("eliminated")
    return left, removals, flags


def _explain_fight(
    r: Reasoning,
    limit: int,
    first: tuple[str, int],
    second: tuple[str, int],
    left: dict[str, int],
    removals: list[str],
    flags: set[str],
) -> None:
    """Record the steps and gaps of one token conflict."""
    (a, na), (b, nb) = first, second
    if "no-opponent" in flags:
        r.step(
            "mc.conflict.tokens",
            _("%(a)s has %(na)s and %(b)s has %(nb)s tokens: with one side absent there is no conflict.")
            % {"a": a, "na": na, "b": b, "nb": nb},
        )
        return
    if na + nb <= limit:
        r.step(
            "mc.conflict.tokens",
            _(
                "%(a)s %(na)s + %(b)s %(nb)s = %(t)s tokens do not exceed the population limit %(l)s: nothing is removed."
            )
            % {"a": a, "na": na, "b": b, "nb": nb, "t": na + nb, "l": limit},
        )
        return
    if na == nb:
        both = removals.count("both")
        r.step(
            "mc.conflict.tokens-equal",
            ngettext(
                "Both sides have %(n)s tokens, so they remove simultaneously: %(k)s simultaneous removal.",
                "Both sides have %(n)s tokens, so they remove simultaneously: %(k)s simultaneous removals.",
                both,
            )
            % {"n": na, "k": both},
        )
        if "odd-tie-ast" in flags:
            r.step(
                "mc.ast-order.ties",
                _(
                    "With %(a)s and %(b)s still tied one token above the limit %(l)s, the A.S.T. order "
                    "settles the tie: %(p)s acts first and removes the last token."
                )
                % {"a": a, "b": b, "l": limit, "p": removals[-1]},
            )
            r.gap(
                "mc.conflict.tokens-equal",
                question=_(
                    "Tied sides remove simultaneously, but one token above the limit a simultaneous removal "
                    "would take the area below it. Who removes the last token?"
                ),
                assumed=_(
                    "The tie is settled by the A.S.T. order (a tie the rules do not settle): the player first "
                    "in A.S.T. order acts first and removes it, so the area ends exactly at its limit."
                ),
            )
        elif "odd-tie" in flags:
            r.gap(
                "mc.conflict.tokens-equal",
                question=_(
                    "Tied sides remove simultaneously, but one token above the limit a simultaneous removal "
                    "would take the area below it. Who removes the last token?"
                ),
                assumed=_(
                    "Removal stops one token above the limit, both sides tied; give the A.S.T. order to have "
                    "the tie settled (the player first in A.S.T. order would remove the last token)."
                ),
            )
    else:
        smaller = a if na < nb else b
        r.step(
            "mc.conflict.tokens",
            _(
                "%(s)s has fewer tokens (%(a)s %(na)s, %(b)s %(nb)s), removes first and the sides alternate "
                "until the area holds its population limit %(l)s: %(k)s removals."
            )
            % {"s": smaller, "a": a, "na": na, "b": b, "nb": nb, "l": limit, "k": len(removals)},
        )
    if "eliminated" in flags:
        gone = a if left[a] == 0 else b
        r.gap(
            "mc.conflict.tokens",
            question=_(
                "One side has no tokens left while the area still holds more than its population limit. "
                "Does the survivor keep removing?"
            ),
            assumed=_(
                "No: with one side gone there is nobody left to fight, so the conflict ends; the survivor's "
                "surplus is for the removal of surplus population."
            ),
        )
        r.step(
            "mc.conflict.tokens",
            _("%(g)s has no tokens left, so the conflict ends with %(w)s holding %(n)s tokens.")
            % {"g": gone, "w": b if gone == a else a, "n": left[b if gone == a else a]},
        )


CONFLICT_INPUTS = Object(
    limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of the area")),
    forces=Map(
        Player(),
        Int(0, MAX_TOKENS),
        label=gettext_lazy("Tokens of each of the two players in the area"),
    ),
    ast_order=List(
        Player(),
        max_length=18,
        unique=True,
        default=[],
        label=gettext_lazy("A.S.T. order (optional; settles a tie on the last token)"),
    ),
    checks=[
        lambda i: [("forces", _("Exactly two players must be in conflict."))] if len(i.forces) != 2 else [],
        lambda i: (
            [
                (
                    "ast_order",
                    _("The A.S.T. order must list both players in conflict; missing: %(p)s.")
                    % {"p": _names(p for p in i.forces if p not in i.ast_order)},
                )
            ]
            if i.ast_order and len(i.forces) == 2 and any(p not in i.ast_order for p in i.forces)
            else []
        ),
    ],
)


@adjudicator(
    game=GAME,
    name="conflict",
    title=gettext_lazy("How many tokens are left after a conflict?"),
    inputs=CONFLICT_INPUTS,
    clauses=["mc.conflict.tokens", "mc.conflict.tokens-equal", "mc.ast-order.ties"],
    summary=lambda o: (
        _("After the conflict: %(r)s.") % {"r": _names(f"{p} {n}" for p, n in o["remaining"].items())}
    ),
    examples=[
        {"limit": 2, "forces": {"Ala": 4, "Bartek": 6}},
        {"limit": 3, "forces": {"Ala": 3, "Bartek": 3}, "ast_order": ["Bartek", "Ala"]},
        {"limit": 3, "forces": {"Ala": 3, "Bartek": 3}},
    ],
)
def conflict(i: Any, *, variant: str, rules: Rules) -> Result:
    """Remove tokens alternately, smaller side first, down to the area's limit."""
    r = Reasoning()
    (a, na), (b, nb) = list(i.forces.items())
    left, removals, flags = _fight(i.limit, (a, na), (b, nb), tuple(i.ast_order))
    _explain_fight(r, i.limit, (a, na), (b, nb), left, removals, flags)
    return r.result({"remaining": left, "removals": removals})


dispute(
    game=GAME,
    key="conflict-tie-odd-limit",
    title=gettext_lazy("Tied sides one token above the limit"),
    question=gettext_lazy(
        "Equal sides remove simultaneously until the area holds its population limit; with 3 against 3 in an "
        "area of limit 3, the second simultaneous removal would leave 2. Who removes the last token?"
    ),
    clauses=["mc.conflict.tokens", "mc.conflict.tokens-equal", "mc.ast-order.ties"],
    adjudicator="conflict",
    inputs={"limit": 3, "forces": {"Ala": 3, "Bartek": 3}},
)


# ---------------------------------------------------------------------------
# city-attack

CITY_ATTACK_INPUTS = Object(
    attacker=Player(label=gettext_lazy("Attacking player")),
    defender=Player(label=gettext_lazy("Player whose city is attacked")),
    attackers=Int(0, MAX_TOKENS, label=gettext_lazy("Attacking tokens")),
    limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of the area")),
    checks=[
        lambda i: (
            [("defender", _("The defender must be another player than the attacker."))]
            if i.attacker == i.defender
            else []
        ),
    ],
)


@adjudicator(
    game=GAME,
    name="city-attack",
    title=gettext_lazy("Does an attack on a city succeed?"),
    inputs=CITY_ATTACK_INPUTS,
    clauses=[
        "mc.conflict.order",
        "mc.conflict.city-fewer-than-7",
        "mc.conflict.city-replaced",
        "mc.conflict.tokens",
        "mc.conflict.city-plunder",
    ],
    summary=lambda o: (
        _("The attack fails; the city stands.")
        if o["fails"]
        else _("The city is destroyed and the attacker may plunder.")
        if o["plunder"]
        else _("The city is replaced by tokens but the attacker does not win the battle.")
    ),
    examples=[
        {"attacker": "Ala", "defender": "Bartek", "attackers": 9, "limit": 2},
        {"attacker": "Ala", "defender": "Bartek", "attackers": 6, "limit": 3},
        {"attacker": "Ala", "defender": "Bartek", "attackers": 8, "limit": 4},
    ],
)
def city_attack(i: Any, *, variant: str, rules: Rules) -> Result:
    """Fail under 7 tokens; otherwise replace the city by 6 tokens and fight."""
    r = Reasoning()
    r.step(
        "mc.conflict.order",
        _("Conflicts between tokens are settled first; this attack on a city comes after them."),
    )
    if i.attackers < MIN_CITY_ATTACK:
        r.step(
            "mc.conflict.city-fewer-than-7",
            _("%(p)s attacks with %(n)s tokens, fewer than 7: the attack fails by definition.")
            % {"p": i.attacker, "n": i.attackers},
        )
        r.gap(
            "mc.conflict.city-fewer-than-7",
            question=_("What becomes of the attacking tokens after an attack that fails by definition?"),
            assumed=_("The text removes nothing: the attacking tokens stay and the city stands."),
        )
        return r.result(
            {
                "fails": True,
                "remaining": {i.attacker: i.attackers, i.defender: 0},
                "city_destroyed": False,
                "plunder": None,
            }
        )
    r.step(
        "mc.conflict.city-replaced",
        _(
            "%(p)s attacks with %(n)s tokens (7 or more): %(d)s's city is replaced by 6 tokens and fought as a conflict between tokens."
        )
        % {"p": i.attacker, "n": i.attackers, "d": i.defender},
    )
    first, second = (i.defender, CITY_AS_TOKENS), (i.attacker, i.attackers)
    left, removals, flags = _fight(i.limit, first, second)
    _explain_fight(r, i.limit, first, second, left, removals, flags)
    wins = left[i.defender] == 0 and left[i.attacker] > 0
    if wins:
        r.step(
            "mc.conflict.city-plunder",
            _(
                "%(d)s has no tokens left, so %(a)s wins the battle and may take one random trade card from "
                "%(d)s and up to 3 treasury tokens."
            )
            % {"a": i.attacker, "d": i.defender},
        )
    else:
        r.step(
            "mc.conflict.city-plunder",
            _("%(d)s still has %(n)s tokens in the area, so %(a)s has not won the battle: no plunder.")
            % {"a": i.attacker, "d": i.defender, "n": left[i.defender]},
        )
        r.gap(
            "mc.conflict.city-plunder",
            question=_(
                "The text does not define when the attacker 'wins'. Both sides still have tokens in the area."
            ),
            assumed=_(
                "The attacker wins only when the defender has no tokens left (having more tokens cannot be "
                "meant: the attacker always keeps the lead, 7+ against 6)."
            ),
        )
    return r.result(
        {
            "fails": False,
            "remaining": {i.attacker: left[i.attacker], i.defender: left[i.defender]},
            "city_destroyed": True,
            "plunder": {"trade_cards": 1, "treasure_max": 3} if wins else None,
        }
    )


dispute(
    game=GAME,
    key="city-attack-win",
    title=gettext_lazy("When does the attacker of a city win?"),
    question=gettext_lazy(
        "After the city is replaced by 6 tokens and the conflict is fought, both sides may still have tokens "
        "in the area. Has the attacker won, and may he plunder?"
    ),
    clauses=["mc.conflict.city-replaced", "mc.conflict.tokens", "mc.conflict.city-plunder"],
    adjudicator="city-attack",
    inputs={"attacker": "Ala", "defender": "Bartek", "attackers": 8, "limit": 4},
)


# ---------------------------------------------------------------------------
# city-construction

CITY_CONSTRUCTION_INPUTS = Object(
    tokens=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens in the area")),
    city_site=Bool(label=gettext_lazy("The area has the square (city site) symbol")),
)


@adjudicator(
    game=GAME,
    name="city-construction",
    title=gettext_lazy("Can a city be built here?"),
    inputs=CITY_CONSTRUCTION_INPUTS,
    clauses=["mc.cities.construction", "mc.cities.surplus-removal"],
    summary=lambda o: (
        _("The city is built; %(n)s surplus tokens are removed.") % {"n": o["surplus_removed"]}
        if o["built"]
        else _("The city cannot be built: %(n)s tokens are needed.") % {"n": o["required"]}
    ),
    examples=[
        {"tokens": 8, "city_site": True},
        {"tokens": 11, "city_site": False},
    ],
)
def city_construction(i: Any, *, variant: str, rules: Rules) -> Result:
    """Need 6 tokens on a city site, 12 elsewhere; remove the rest after building."""
    r = Reasoning()
    required = CITY_SITE_TOKENS if i.city_site else OTHER_AREA_TOKENS
    built = i.tokens >= required
    where = _("an area with the square symbol") if i.city_site else _("an area without the square symbol")
    r.step(
        "mc.cities.construction",
        (
            _("A city in %(w)s needs %(q)s tokens; there are %(n)s, so it is built.")
            if built
            else _("A city in %(w)s needs %(q)s tokens; there are %(n)s, so it cannot be built.")
        )
        % {"w": where, "q": required, "n": i.tokens},
    )
    surplus = i.tokens - required if built else 0
    if built:
        r.step(
            "mc.cities.surplus-removal",
            _("After building, the %(n)s tokens still in the area are removed.") % {"n": surplus},
        )
    return r.result({"built": built, "required": required, "surplus_removed": surplus})


# ---------------------------------------------------------------------------
# city-support

CITY_SUPPORT_INPUTS = Object(
    cities=List(
        Object(
            id=Str(1, 40, label=gettext_lazy("City")),
            limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of its area")),
        ),
        max_length=MAX_CITIES,
        label=gettext_lazy("Cities, the one to give up first last"),
    ),
    tokens=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens on the map")),
    checks=[
        lambda i: (
            (f"cities.{n}.id", _("Duplicate city: %(c)s.") % {"c": c.id})
            for n, c in enumerate(i.cities)
            if c.id in [d.id for d in i.cities[:n]]
        ),
    ],
)


@adjudicator(
    game=GAME,
    name="city-support",
    title=gettext_lazy("Are the cities supported, and which are reduced?"),
    inputs=CITY_SUPPORT_INPUTS,
    clauses=["mc.cities.support", "mc.cities.reduction", "mc.cities.reduced-tokens-count"],
    summary=lambda o: (
        _("Reduced: %(c)s; %(n)s cities and %(t)s tokens remain.")
        % {"c": _names(o["reduced"]), "n": o["cities_after"], "t": o["tokens_after"]}
        if o["reduced"]
        else _("Every city is supported.")
    ),
    examples=[
        {
            "cities": [
                {"id": "Athens", "limit": 3},
                {"id": "Sparta", "limit": 2},
                {"id": "Corinth", "limit": 1},
            ],
            "tokens": 3,
        },
    ],
)
def city_support(i: Any, *, variant: str, rules: Rules) -> Result:
    """Reduce cities (last listed first) until 2 tokens support each one left."""
    r = Reasoning()
    kept = list(i.cities)
    tokens = i.tokens
    need = SUPPORT_PER_CITY * len(kept)
    r.step(
        "mc.cities.support",
        ngettext(
            "%(c)s city needs %(n)s supporting tokens; there are %(t)s.",
            "%(c)s cities need %(n)s supporting tokens; there are %(t)s.",
            len(kept),
        )
        % {"c": len(kept), "n": need, "t": tokens},
    )
    reduced: list[str] = []
    while kept and tokens < SUPPORT_PER_CITY * len(kept):
        city = kept.pop()
        tokens += city.limit
        reduced.append(city.id)
        r.step(
            "mc.cities.reduction",
            _(
                "Short of support: %(c)s is replaced by as many tokens as its area's population limit "
                "(%(l)s); now %(t)s tokens for %(k)s cities."
            )
            % {"c": city.id, "l": city.limit, "t": tokens, "k": len(kept)},
        )
    if reduced:
        r.step(
            "mc.cities.reduced-tokens-count",
            _("The new tokens count toward support: %(t)s tokens support the %(k)s remaining cities.")
            % {"t": tokens, "k": len(kept)},
        )
        if len(i.cities) > 1:
            r.gap(
                "mc.cities.reduction",
                question=_("The text does not say which city is reduced when a player is short of support."),
                assumed=_("The owner chooses: the cities are given up from the end of the list entered."),
            )
    return r.result({"reduced": reduced, "cities_after": len(kept), "tokens_after": tokens})


# ---------------------------------------------------------------------------
# trade-cards

TRADE_CARDS_INPUTS = Object(
    players=List(
        Object(
            name=Player(label=gettext_lazy("Player")),
            cities=Int(0, MAX_CITIES, label=gettext_lazy("Cities on the map")),
            treasury=Int(0, MAX_TOKENS, label=gettext_lazy("Treasury tokens")),
        ),
        min_length=1,
        max_length=18,
        label=gettext_lazy("Players"),
    ),
    ast_order=List(
        Player(),
        min_length=1,
        max_length=18,
        unique=True,
        label=gettext_lazy("A.S.T. order (first acts first)"),
    ),
    stacks=Map(
        Choice(STACKS),
        Int(0, MAX_TOKENS),
        complete=True,
        label=gettext_lazy("Cards left in trade stacks 1 to 9"),
    ),
    buy_stack_9=Map(
        Player(),
        Bool(),
        default={},
        label=gettext_lazy("Players who want to buy a card of stack 9 for 15 treasury tokens"),
    ),
    checks=[
        _unique_player_names,
        _ast_order_covers_players,
        lambda i: (
            (f"buy_stack_9.{name}", _("Unknown player: %(p)s.") % {"p": name})
            for name in i.buy_stack_9
            if name not in _player_names(i)
        ),
    ],
)


@adjudicator(
    game=GAME,
    name="trade-cards",
    title=gettext_lazy("Which trade cards does each player draw?"),
    inputs=TRADE_CARDS_INPUTS,
    clauses=[
        "mc.trade-cards.acquisition",
        "mc.ast-order.ties",
        "mc.trade-cards.empty-stack-water",
        "mc.trade-cards.buy-stack-9",
    ],
    summary=lambda o: _("Draw order: %(o)s.") % {"o": _names(o["order"])},
    examples=[
        {
            "players": [
                {"name": "Ala", "cities": 3, "treasury": 16},
                {"name": "Bartek", "cities": 1, "treasury": 4},
                {"name": "Celina", "cities": 3, "treasury": 20},
            ],
            "ast_order": ["Celina", "Bartek", "Ala"],
            "stacks": {"1": 10, "2": 8, "3": 1, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 3},
            "buy_stack_9": {"Ala": True, "Celina": False},
        },
    ],
)
def trade_cards(i: Any, *, variant: str, rules: Rules) -> Result:
    """Draw one card from stacks 1..n for n cities, fewest cities first; buy from stack 9."""
    r = Reasoning()
    ast = {name: n for n, name in enumerate(i.ast_order)}
    players = sorted(i.players, key=lambda p: (p.cities, ast[p.name]))
    order = [p.name for p in players]
    r.step(
        "mc.trade-cards.acquisition",
        _("Players draw starting with the fewest cities: %(o)s.")
        % {"o": _names(f"{p.name} ({p.cities})" for p in players)},
    )
    counts = [p.cities for p in players]
    tied = sorted({c for c in counts if counts.count(c) > 1})
    if tied:
        groups = [[p.name for p in players if p.cities == c] for c in tied]
        r.step(
            "mc.ast-order.ties",
            _("Players with as many cities as another draw in A.S.T. order: %(g)s.")
            % {"g": "; ".join(_names(g) for g in groups)},
        )
        r.gap(
            "mc.trade-cards.acquisition",
            question=_("Who draws first among players with the same number of cities?"),
            assumed=_(
                "The A.S.T. order, the text's general rule for a tie it does not settle: the player first in "
                "A.S.T. order draws first."
            ),
        )
    stacks = {s: i.stacks[s] for s in STACKS}
    draws: dict[str, list[Any]] = {}
    for p in players:
        got: list[Any] = []
        for n in range(1, min(p.cities, len(STACKS)) + 1):
            if stacks[str(n)] > 0:
                stacks[str(n)] -= 1
                got.append(n)
            else:
                got.append("water")
        draws[p.name] = got
        if not got:
            r.step(
                "mc.trade-cards.acquisition",
                _("%(p)s has no city and draws no trade card.") % {"p": p.name},
            )
            continue
        r.step(
            "mc.trade-cards.acquisition",
            ngettext(
                "%(p)s has %(c)s city and draws one card from stack 1.",
                "%(p)s has %(c)s cities and draws one card from each of stacks 1 to %(c)s.",
                p.cities,
            )
            % {"p": p.name, "c": p.cities},
        )
        empty = [n for n, card in enumerate(got, 1) if card == "water"]
        if empty:
            r.step(
                "mc.trade-cards.empty-stack-water",
                _("Empty stacks (%(s)s): %(p)s draws a Water card for each.")
                % {"s": _names(str(n) for n in empty), "p": p.name},
            )
    purchased = {p.name: False for p in i.players}
    treasury = {p.name: p.treasury for p in i.players}
    for p in players:
        if not i.buy_stack_9.get(p.name, False):
            continue
        if p.treasury < STACK_9_PRICE:
            r.step(
                "mc.trade-cards.buy-stack-9",
                _("%(p)s has %(t)s treasury tokens, fewer than 15: he cannot buy a card of stack 9.")
                % {"p": p.name, "t": p.treasury},
            )
            continue
        if stacks["9"] == 0:
            r.step(
                "mc.trade-cards.buy-stack-9",
                _("Stack 9 is empty when %(p)s wants to buy: there is no card to buy.") % {"p": p.name},
            )
            r.gap(
                "mc.trade-cards.buy-stack-9",
                question=_(
                    "Stack 9 is empty for a player who wants to buy from it. The text does not say in which "
                    "order players buy, nor what an empty stack 9 gives."
                ),
                assumed=_(
                    "Purchases follow the drawing order, after all free draws; an empty stack 9 sells nothing "
                    "(the Water card is for the free draws only) and the 15 tokens stay in the treasury."
                ),
            )
            continue
        stacks["9"] -= 1
        purchased[p.name] = True
        treasury[p.name] -= STACK_9_PRICE
        r.step(
            "mc.trade-cards.buy-stack-9",
            _("%(p)s pays 15 treasury tokens (%(t)s left) for one card of stack 9.")
            % {"p": p.name, "t": treasury[p.name]},
        )
    return r.result(
        {
            "order": order,
            "draws": draws,
            "purchased": purchased,
            "stacks_after": stacks,
            "treasury_after": treasury,
        }
    )


dispute(
    game=GAME,
    key="trade-cards-tie",
    title=gettext_lazy("Who draws first when players have as many cities?"),
    question=gettext_lazy(
        "Drawing starts with the player with the fewest cities; the text does not say who goes first among "
        "players with the same number. It matters when a stack runs out (a Water card is drawn instead)."
    ),
    clauses=["mc.trade-cards.acquisition", "mc.trade-cards.empty-stack-water", "mc.ast-order.ties"],
    adjudicator="trade-cards",
    inputs={
        "players": [
            {"name": "Ala", "cities": 2, "treasury": 0},
            {"name": "Bartek", "cities": 2, "treasury": 0},
        ],
        "ast_order": ["Bartek", "Ala"],
        "stacks": {"1": 5, "2": 1, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5},
    },
)


# ---------------------------------------------------------------------------
# calamity-hand

CALAMITY_HAND_INPUTS = Object(
    calamities=List(
        Object(
            name=Str(1, 40, label=gettext_lazy("Calamity")),
            major=Bool(label=gettext_lazy("Major")),
        ),
        max_length=30,
        label=gettext_lazy("Calamities in the hand"),
    ),
)


@adjudicator(
    game=GAME,
    name="calamity-hand",
    title=gettext_lazy("Is this hand of calamities allowed?"),
    inputs=CALAMITY_HAND_INPUTS,
    clauses=["mc.calamity-selection.hand"],
    summary=lambda o: (
        _("The hand is allowed.")
        if o["valid"]
        else _("The hand breaks the rule: %(v)s.") % {"v": _names(o["violations"])}
    ),
    examples=[
        {
            "calamities": [
                {"name": "Volcano", "major": True},
                {"name": "Famine", "major": True},
                {"name": "Flood", "major": False},
            ]
        },
    ],
)
def calamity_hand(i: Any, *, variant: str, rules: Rules) -> Result:
    """At most three calamities, at most two of them major, none twice."""
    r = Reasoning()
    cards = list(i.calamities)
    majors = sum(1 for c in cards if c.major)
    minors = len(cards) - majors
    violations: list[str] = []
    if len(cards) > 3:
        violations.append("more-than-three")
    if majors > 2:
        violations.append("more-than-two-major")
    seen: list[str] = []
    duplicates: list[str] = []
    for c in cards:
        key = c.name.casefold()
        if key in seen and c.name not in duplicates:
            duplicates.append(c.name)
        seen.append(key)
    if duplicates:
        violations.append("duplicate")
    r.step(
        "mc.calamity-selection.hand",
        _(
            "%(n)s calamities (%(M)s major, %(m)s minor, duplicated: %(d)s): at most three, at most 2 major, "
            "none twice, so the hand is %(v)s."
        )
        % {
            "n": len(cards),
            "M": majors,
            "m": minors,
            "d": _names(duplicates),
            "v": _("allowed") if not violations else _("not allowed (%(v)s)") % {"v": _names(violations)},
        },
    )
    if majors and minors:
        r.gap(
            "mc.calamity-selection.hand",
            question=_("'Up to 2 Major or 3 Minor': may one hand mix Major and Minor calamities?"),
            assumed=_("Yes: the limits are at most three in all and at most two of them Major."),
        )
    return r.result(
        {
            "valid": not violations,
            "violations": violations,
            "major": majors,
            "minor": minors,
            "duplicates": duplicates,
        }
    )


# ---------------------------------------------------------------------------
# hand-limit

HAND_LIMIT_INPUTS = Object(
    players=Int(
        5,
        18,
        label=gettext_lazy("Players in the game"),
        help=gettext_lazy("The text gives a hand limit only for games of 5 to 18 players."),
    ),
)


@adjudicator(
    game=GAME,
    name="hand-limit",
    title=gettext_lazy("How many cards may a player hold?"),
    inputs=HAND_LIMIT_INPUTS,
    clauses=["mc.hand-limit.intro", "mc.hand-limit.5-to-11", "mc.hand-limit.12-to-18"],
    summary=lambda o: _("Each player may hold at most %(n)s cards.") % {"n": o["limit"]},
    examples=[{"players": 7}, {"players": 14}],
)
def hand_limit(i: Any, *, variant: str, rules: Rules) -> Result:
    """8 cards for 5-11 players, 9 for 12-18."""
    r = Reasoning()
    if i.players <= 11:
        r.step(
            "mc.hand-limit.5-to-11",
            _("With %(n)s players (5 to 11) each player may hold at most 8 cards.") % {"n": i.players},
        )
        return r.result({"limit": 8})
    r.step(
        "mc.hand-limit.12-to-18",
        _("With %(n)s players (12 to 18) each player may hold at most 9 cards.") % {"n": i.players},
    )
    return r.result({"limit": 9})


# ---------------------------------------------------------------------------
# victory-points

VICTORY_POINTS_INPUTS = Object(
    cities=Int(0, MAX_CITIES, label=gettext_lazy("Cities on the map")),
    cards=List(
        Int(0, 9999, label=gettext_lazy("Cost")),
        max_length=200,
        label=gettext_lazy("Costs of the civilization advance cards held"),
    ),
    ast_steps=Int(0, MAX_LIMIT, label=gettext_lazy("Squares the A.S.T. marker has advanced")),
    sole_late_iron_age=Bool(
        default=False,
        label=gettext_lazy("The only player to have passed the Late Iron Age square"),
    ),
)


@adjudicator(
    game=GAME,
    name="victory-points",
    title=gettext_lazy("How many victory points does a player score?"),
    inputs=VICTORY_POINTS_INPUTS,
    clauses=[
        "mc.vp.cities",
        "mc.vp.cards-under-100",
        "mc.vp.cards-100-to-199",
        "mc.vp.cards-above-200",
        "mc.vp.ast-steps",
        "mc.vp.late-iron-age",
    ],
    summary=lambda o: _("%(n)s victory points.") % {"n": o["total"]},
    examples=[
        {"cities": 7, "cards": [45, 80, 110, 180, 230], "ast_steps": 9, "sole_late_iron_age": True},
        {"cities": 2, "cards": [200], "ast_steps": 1, "sole_late_iron_age": False},
    ],
)
def victory_points(i: Any, *, variant: str, rules: Rules) -> Result:
    """Score cities, advance cards by cost, A.S.T. squares and the Late Iron Age bonus."""
    r = Reasoning()
    r.step(
        "mc.vp.cities",
        ngettext("%(n)s city on the map: %(n)s point.", "%(n)s cities on the map: %(n)s points.", i.cities)
        % {"n": i.cities},
    )
    low = [c for c in i.cards if c < 100]
    mid = [c for c in i.cards if 100 <= c <= 199]
    high = [c for c in i.cards if c > 200]
    exactly_200 = [c for c in i.cards if c == 200]
    if low:
        r.step(
            "mc.vp.cards-under-100",
            ngettext(
                "%(k)s card costs under 100: %(p)s point.",
                "%(k)s cards cost under 100: %(p)s points.",
                len(low),
            )
            % {"k": len(low), "p": len(low)},
        )
    if mid:
        r.step(
            "mc.vp.cards-100-to-199",
            ngettext(
                "%(k)s card costs 100 to 199: %(p)s points.",
                "%(k)s cards cost 100 to 199: %(p)s points.",
                len(mid),
            )
            % {"k": len(mid), "p": 3 * len(mid)},
        )
    if high or exactly_200:
        r.step(
            "mc.vp.cards-above-200",
            ngettext(
                "%(k)s card costs above 200%(x)s: %(p)s points.",
                "%(k)s cards cost above 200%(x)s: %(p)s points.",
                len(high) + len(exactly_200),
            )
            % {
                "k": len(high) + len(exactly_200),
                "x": _(" (counting %(n)s costing exactly 200)") % {"n": len(exactly_200)}
                if exactly_200
                else "",
                "p": 6 * (len(high) + len(exactly_200)),
            },
        )
    if exactly_200:
        r.gap(
            "mc.vp.cards-above-200",
            question=_(
                "A card costing exactly 200 is in no band: 100 to 199 scores 3, 'above 200' scores 6."
            ),
            assumed=_(
                "It scores 6: the bands run on without a hole, so 'above 200' is read as 200 and above."
            ),
        )
    cards = len(low) + 3 * len(mid) + 6 * (len(high) + len(exactly_200))
    ast = 5 * i.ast_steps
    r.step(
        "mc.vp.ast-steps",
        ngettext(
            "The A.S.T. marker advanced %(n)s square: %(p)s points.",
            "The A.S.T. marker advanced %(n)s squares: %(p)s points.",
            i.ast_steps,
        )
        % {"n": i.ast_steps, "p": ast},
    )
    bonus = 5 if i.sole_late_iron_age else 0
    if i.sole_late_iron_age:
        r.step(
            "mc.vp.late-iron-age",
            _("Only this player passed the Late Iron Age square: 5 additional points."),
        )
        r.gap(
            "mc.vp.late-iron-age",
            question=_(
                "The text does not say who receives the 5 points when only one player passed the square."
            ),
            assumed=_("The one player who passed it."),
        )
    total = i.cities + cards + ast + bonus
    return r.result({"cities": i.cities, "cards": cards, "ast": ast, "bonus": bonus, "total": total})


dispute(
    game=GAME,
    key="card-costing-200",
    title=gettext_lazy("A civilization advance costing exactly 200"),
    question=gettext_lazy(
        "Cards costing 100 to 199 score 3 points and cards costing 'above 200' score 6. What does a card "
        "costing exactly 200 score?"
    ),
    clauses=["mc.vp.cards-100-to-199", "mc.vp.cards-above-200"],
    adjudicator="victory-points",
    inputs={"cities": 0, "cards": [200], "ast_steps": 0, "sole_late_iron_age": False},
)


# ---------------------------------------------------------------------------
# ast-move

AST_MOVE_INPUTS = Object(
    meets_requirements=Bool(label=gettext_lazy("Meets the criteria to advance")),
    cities_on_board=Int(0, MAX_CITIES, label=gettext_lazy("Cities on the map")),
)


@adjudicator(
    game=GAME,
    name="ast-move",
    title=gettext_lazy("Does the A.S.T. marker move?"),
    inputs=AST_MOVE_INPUTS,
    clauses=["mc.ast-move.advance", "mc.ast-move.no-city-back"],
    summary=lambda o: (
        _("The marker moves one square forward.")
        if o["move"] > 0
        else _("The marker moves one square back.")
        if o["move"] < 0
        else _("The marker stays where it is.")
    ),
    examples=[
        {"meets_requirements": True, "cities_on_board": 4},
        {"meets_requirements": False, "cities_on_board": 0},
    ],
)
def ast_move(i: Any, *, variant: str, rules: Rules) -> Result:
    """+1 when the criteria are met, -1 with no city on the map."""
    r = Reasoning()
    move = 0
    if i.meets_requirements:
        move += 1
        r.step(
            "mc.ast-move.advance", _("The player meets the criteria: his marker moves one square forward.")
        )
    else:
        r.step("mc.ast-move.advance", _("The player does not meet the criteria: no move forward."))
    if i.cities_on_board == 0:
        move -= 1
        r.step("mc.ast-move.no-city-back", _("He has no city on the map: his marker moves one square back."))
    else:
        r.step(
            "mc.ast-move.no-city-back",
            _("He has %(n)s cities on the map: no move back.") % {"n": i.cities_on_board},
        )
    if i.meets_requirements and i.cities_on_board == 0:
        r.gap(
            "mc.ast-move.no-city-back",
            question=_("The player meets the criteria but has no city on the map: forward, back, or both?"),
            assumed=_(
                "Both sentences apply as written: one square forward and one back, so the marker stays."
            ),
        )
    return r.result({"move": move})


dispute(
    game=GAME,
    key="ast-move-criteria-without-city",
    title=gettext_lazy("Criteria met with no city on the map"),
    question=gettext_lazy(
        "A player who meets the criteria moves one square forward; a player with no city on the map moves one "
        "square back. What happens to a player who is both?"
    ),
    clauses=["mc.ast-move.advance", "mc.ast-move.no-city-back"],
    adjudicator="ast-move",
    inputs={"meets_requirements": True, "cities_on_board": 0},
)


# ---------------------------------------------------------------------------
# ship-payment

SHIP_PAYMENT_INPUTS = Object(
    area_tokens=Int(0, MAX_LIMIT, label=gettext_lazy("Population tokens paid in the building area")),
    other_area_tokens=Int(0, MAX_LIMIT, label=gettext_lazy("Population tokens paid from another area")),
    treasury=Int(0, MAX_LIMIT, label=gettext_lazy("Treasury tokens paid")),
)

# (area, other area, treasury) -> the option of mc.movement.ship-cost it matches.
SHIP_OPTIONS = {(2, 0, 0): 1, (1, 1, 0): 2, (0, 0, 2): 3, (1, 0, 1): 4, (0, 1, 1): 4}


@adjudicator(
    game=GAME,
    name="ship-payment",
    title=gettext_lazy("Is this a valid payment for a ship?"),
    inputs=SHIP_PAYMENT_INPUTS,
    clauses=["mc.movement.ship-cost"],
    summary=lambda o: _("The ship is paid for.") if o["valid"] else _("This does not pay for a ship."),
    examples=[
        {"area_tokens": 1, "other_area_tokens": 0, "treasury": 1},
        {"area_tokens": 0, "other_area_tokens": 2, "treasury": 0},
    ],
)
def ship_payment(i: Any, *, variant: str, rules: Rules) -> Result:
    """Accept exactly one of the four payments the text lists."""
    r = Reasoning()
    paid = (i.area_tokens, i.other_area_tokens, i.treasury)
    option = SHIP_OPTIONS.get(paid)
    said = {"a": i.area_tokens, "o": i.other_area_tokens, "t": i.treasury}
    if option is None:
        r.step(
            "mc.movement.ship-cost",
            _(
                "Paid: %(a)s in the building area, %(o)s from another area, %(t)s from the treasury. This "
                "matches none of the four payments (2 there; 1 there + 1 elsewhere; 2 treasury; 1 population + 1 "
                "treasury)."
            )
            % said,
        )
    else:
        r.step(
            "mc.movement.ship-cost",
            _(
                "Paid: %(a)s in the building area, %(o)s from another area, %(t)s from the treasury. This is "
                "payment option %(n)s."
            )
            % {**said, "n": option},
        )
    if paid == (0, 1, 1):
        r.gap(
            "mc.movement.ship-cost",
            question=_(
                "The fourth payment names 'a population token' without saying in which area it must be."
            ),
            assumed=_("Any area: the population token of the fourth payment may come from another area."),
        )
    return r.result({"valid": option is not None, "option": option})
