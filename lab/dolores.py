"""Dolores in random play: how often each GNIAZDO doubt's situation arises, and how often
the ``original`` and ``gniazdo`` variants rule it differently.

Every ruling is the adjudicators' (each asked under both variants); the model only makes
situations, in random play, for the doubts an adjudicator rules on:

- doubt 1 (``profit-eligibility``): some tax of the federation is unpaid this round;
- doubt 5 (``profit-eligibility``): some city is cut off from the capital;
- doubt 6 (``move-and-attack``): a unit does more than one thing in the round;
- doubt 2 (``tax-bill``, routes only): the ruling leans on the doubt-2 gap (more route
  segments than the federation's token set holds) — found in the ruling, not by the model;
- doubt 8 (``missile``): the ruling leans on the gap of ``dl.missile-effect`` (a city
  whose districts do not divide by the step) — found in the ruling.

The state (docs/lab.md): n federations (2-4, default 4) play ``rounds`` rounds (default
10). Each round each federation founds a city with odds 0.35 (at most 6; the capital is
its first), each city grows a district with odds 0.3 (at most 12), a facility is added to a
random city with odds 0.4 (at most 4 a city); land routes grow by 0-3 segments and sea
routes by 0-2. Each city and facility tax is paid with odds 0.9 and the federation's
other taxes with odds 0.95; every city but the capital is connected with odds 0.9. 0-3
units act, each doing one of: nothing, move, attack, move+attack, attack+move,
move+move, attack+attack (even odds). With odds 0.15 the federation fires a missile (a
super missile one time in five) at a random city of another federation, which keeps what
the ruling leaves (at least one district). Doubts 3, 4, 7, 9 and 10 are outside the
model: no adjudicator decides them differently by variant or by situation (see the
disputes page).

A "turn" is one federation's round; each doubt's share is over turns, and its
"differ" share over the turns where it arose.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy

from .charts import Chart, Series
from .simulate import Model, Referee
from .stats import MEAN, RATIO, SHARE, Sums, mean_obs, ratio_obs, share_obs

SLUG = "dolores"
DOUBTS = ("1", "2", "5", "6", "8")
ACTIONS = (
    (),
    ("move",),
    ("attack",),
    ("move", "attack"),
    ("attack", "move"),
    ("move", "move"),
    ("attack", "attack"),
)
VARIANTS = ("original", "gniazdo")


class Federation:
    def __init__(self, name: str):
        self.name = name
        self.cities = [{"id": f"{name}-capital", "districts": 1, "facilities": []}]
        self.land = self.sea = 0
        self.facilities = 0


def _both(ref: Referee, name: str, raw, key) -> tuple[Any, Any]:
    """The rulings under both variants (a repeated question answered from the memo; ``raw``
    may be a function building the inputs, called only when the memo does not answer)."""
    first, second = VARIANTS
    return ref.result(name, raw, key, first), ref.result(name, raw, key, second)


def _gap_on(results, clause: str) -> bool:
    return any(g.clause == clause for r in results for g in r.gaps)


def _differ(results) -> bool:
    return results[0].outcome != results[1].outcome


class Dolores(Model):
    slug = SLUG
    min_players, max_players = 2, 4
    policies = ("random",)
    policy_help = gettext_lazy("Every seat plays at random; each situation is ruled under both variants.")
    default_policy = "random"
    disputes = tuple(f"doubt-{d}" for d in DOUBTS)

    def options(self, players: int, rounds: int | None = None, **_kw):
        return {"rounds": rounds or 10}

    def play(self, ref: Referee, config, index: int) -> Sums:
        rng = random.Random(f"{config.game}:{config.seed}:{index}")
        feds = [Federation(f"F{n + 1}") for n in range(config.players)]
        arises = dict.fromkeys(DOUBTS, 0)
        differs = dict.fromkeys(DOUBTS, 0)
        turns = 0
        for _round in range(config.options["rounds"]):
            for fed in feds:
                turns += 1
                seen: dict[str, bool] = {}
                _grow(fed, rng)
                for doubt, differ in _turn(ref, fed, feds, rng):
                    seen[doubt] = seen.get(doubt, False) or differ
                for doubt, differ in seen.items():
                    arises[doubt] += 1
                    differs[doubt] += differ
        out = Sums()
        out.add("rounds", mean_obs(config.options["rounds"]))
        for d in DOUBTS:
            out.add(f"arises_{d}", ratio_obs(arises[d], turns))
            out.add(f"differs_{d}", ratio_obs(differs[d], arises[d]))
            out.add(f"dispute_arises:doubt-{d}", share_obs(arises[d] > 0))
            out.add(f"dispute_differs:doubt-{d}", ratio_obs(differs[d], arises[d]))
        return out

    def reason(self, name: str, config) -> str:
        if name == "first_player_win_share":
            return (
                "The Dolores model plays no whole game: it makes situations for GNIAZDO's doubts in "
                "random play, and nobody wins."
            )
        return super().reason(name, config)

    def dispute_reason(self, key: str, field: str, rules) -> str | None:
        if field == "winner_changed_share":
            return "The Dolores model has no winner (random play making the doubts' situations)."
        return super().dispute_reason(key, field, rules)

    def metrics(self, config, rules, sums: Sums):
        # No winner in this model: the metric is reported null with its reason (CONTRACT §7).
        specs = [
            ("first_player_win_share", SHARE, "first_player_wins", 1),
            ("rounds_mean", MEAN, "rounds", 1),
        ]
        for d in DOUBTS:
            specs.append((f"doubt_{d}_arises_share", RATIO, f"arises_{d}", 1))
            specs.append((f"doubt_{d}_variants_differ_share", RATIO, f"differs_{d}", 1))
        return specs, {}

    def charts(self, results: list[tuple[str, dict[str, Any]]]) -> list[Chart]:
        categories = [str(gettext_lazy("doubt %(n)s") % {"n": d}) for d in DOUBTS]

        def series(kind: str) -> list[Series]:
            out = []
            for label, r in results:
                m = [r["metrics"][f"doubt_{d}_{kind}"] for d in DOUBTS]
                out.append(
                    Series(
                        label, [x["value"] for x in m], [x["ci_low"] for x in m], [x["ci_high"] for x in m]
                    )
                )
            return out

        return [
            Chart(
                key="arises",
                title=str(
                    gettext_lazy("How often each doubt's situation arises (share of federation turns)")
                ),
                categories=categories,
                series=series("arises_share"),
            ),
            Chart(
                key="differ",
                title=str(gettext_lazy("When it arises, how often original and gniazdo rule differently")),
                categories=categories,
                series=series("variants_differ_share"),
            ),
        ]

    def label(self, name: str) -> str:
        if name == "first_player_win_share":
            return str(gettext_lazy("First player wins"))
        if name == "rounds_mean":
            return str(gettext_lazy("Rounds per game"))
        doubt = name.split("_")[1]
        if name.endswith("arises_share"):
            return str(gettext_lazy("Doubt %(n)s: its situation arises (share of turns)") % {"n": doubt})
        return str(
            gettext_lazy("Doubt %(n)s: original and gniazdo rule differently when it arises") % {"n": doubt}
        )


def _grow(fed: Federation, rng: random.Random) -> None:
    if len(fed.cities) < 6 and rng.random() < 0.35:
        fed.cities.append({"id": f"{fed.name}-c{len(fed.cities)}", "districts": 1, "facilities": []})
    for city in fed.cities:
        if city["districts"] < 12 and rng.random() < 0.3:
            city["districts"] += 1
    if rng.random() < 0.4:
        city = rng.choice(fed.cities)
        if len(city["facilities"]) < 4:
            fed.facilities += 1
            city["facilities"].append(f"{fed.name}-f{fed.facilities}")
    fed.land += rng.randint(0, 3)
    fed.sea += rng.randint(0, 2)


def _eligibility_inputs(all_paid: bool, cities: tuple) -> dict[str, Any]:
    return {
        "all_taxes_paid": all_paid,
        "cities": [
            {
                "id": city,
                "tax_paid": paid,
                "connected": connected,
                "facilities": [{"id": f, "tax_paid": f_paid} for f, f_paid in facilities],
            }
            for city, paid, connected, facilities in cities
        ],
    }


def _turn(ref: Referee, fed: Federation, feds: list[Federation], rng: random.Random):
    """Yield (doubt, the variants differ) for each doubt situation of this turn."""
    # Taxes and connections, then the profit stage (doubts 1 and 5).
    # Each city: (id, its tax paid, connected, ((facility, its tax paid), …)), drawn in that order.
    cities = tuple(
        (
            c["id"],
            rng.random() < 0.9,
            n == 0 or rng.random() < 0.9,
            tuple((f, rng.random() < 0.9) for f in c["facilities"]),
        )
        for n, c in enumerate(fed.cities)
    )
    others_paid = rng.random() < 0.95
    all_paid = others_paid and all(
        paid and all(f[1] for f in facilities) for _, paid, _, facilities in cities
    )
    eligibility = _both(
        ref, "profit-eligibility", lambda: _eligibility_inputs(all_paid, cities), (all_paid, cities)
    )
    differ = _differ(eligibility)
    if not all_paid:
        yield "1", differ
    if not all(connected for _, _, connected, _ in cities):
        yield "5", differ
    # Route taxes (doubt 2: found in the ruling's gaps).
    bill = _both(
        ref,
        "tax-bill",
        {"cities": [], "units": {}, "routes": {"land": fed.land, "sea": fed.sea}},
        (fed.land, fed.sea),
    )
    if _gap_on(bill, "dl.doubt-2"):
        yield "2", _differ(bill)
    # The military stage (doubt 6).
    for _unit in range(rng.randint(0, 3)):
        actions = rng.choice(ACTIONS)
        if not actions:
            continue
        moves = _both(ref, "move-and-attack", {"actions": list(actions)}, actions)
        if len(actions) > 1:
            yield "6", _differ(moves)
    # A missile at another federation's city (doubt 8: found in the ruling's gaps).
    if rng.random() < 0.15:
        target = rng.choice([f for f in feds if f is not fed])
        city = rng.choice(target.cities)
        kind = "super" if rng.random() < 0.2 else "missile"
        hit = _both(ref, "missile", {"districts": city["districts"], "kind": kind}, (city["districts"], kind))
        if _gap_on(hit, "dl.missile-effect"):
            yield "8", _differ(hit)
        city["districts"] = max(1, hit[0].outcome["remaining"])
