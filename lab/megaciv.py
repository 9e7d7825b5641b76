"""Mega Civilization played by its adjudicators: a small whole-game model (``mega-civilization/1``).

What the adjudicators decide: population growth (``population-growth``), whether a city is
built (``city-construction``), the tax and the cities that revolt (``tax``), whether an
advance is bought (``advance-purchase``), the AST move (``ast-move``), the victory points
(``victory-points``) and the winners (``winner``).

What the model states where it does not play the text (docs/lab.md):

- seats P1…Pn, P1 playing first every turn (its win share is the first player's), each with three areas holding 1 token at the start and 55 tokens in stock;
  no movement, conflict, trade or calamity (outside the model);
- an area with 6 or more tokens is a city site with odds ½ and builds there; a city
  that revolts (the tax ruling) is lost;
- each turn a player tries one advance of a cost drawn from 30, 60, 90, 120, 180, 230,
  paid from its treasury alone;
- the AST requirement (an era's cities and advances) is read as "at least 2 cities";
- the game lasts ``rounds`` turns (default 12).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from .simulate import CONTRACT_METRICS, Referee, Rule
from .stats import MEAN, SHARE, Sums, mean_obs, share_obs
from .whole import WholeGame

SLUG = "mega-civilization"
COSTS = (30, 60, 90, 120, 180, 230)
STOCK = 55
DISPUTES = (
    "tax-revolt-several-cities",
    "card-costing-200",
    "ast-move-criteria-without-city",
    "growth-short-stock",
)


class MegaCivilization(WholeGame):
    slug = SLUG
    # The fewest players the text gives a game (mc.hand-limit.5-to-11: 5; the phase order and the
    # winner refuse fewer); the most is the model's own.
    min_players, max_players = 5, 8
    policies = ("builder",)
    default_policy = "builder"
    policy_help = gettext_lazy(
        "builder: its population grows as the rules say, an area of 6 tokens or more becomes a "
        "city with odds ½, and it tries one advance a turn."
    )
    disputes = DISPUTES

    def options(self, players: int, rounds: int | None = None, **_kw: Any) -> dict[str, Any]:
        return {"rounds": rounds or 12}

    def play(self, ref: Referee, config, index: int) -> Sums:
        rule = Rule(ref, config, index, DISPUTES)
        rng, watch, names = rule.rng, rule.watch, rule.names
        areas = {p: {f"{p}-a{k}": 1 for k in range(3)} for p in names}
        stock = dict.fromkeys(names, STOCK - 3)
        cities = dict.fromkeys(names, 0)
        treasury = dict.fromkeys(names, 0)
        cards: dict[str, list[int]] = {p: [] for p in names}
        ast = dict.fromkeys(names, 0)
        for _turn in range(config.options["rounds"]):
            for p in names:
                before = sum(areas[p].values())
                grown = rule("population-growth", {"areas": areas[p], "stock": stock[p]})
                areas[p] = dict(grown["areas"])
                stock[p] -= sum(areas[p].values()) - before
                for area, tokens in list(areas[p].items()):
                    if tokens >= 6 and rng.random() < 0.5:
                        built = rule("city-construction", {"tokens": tokens, "city_site": True})
                        if built["built"]:
                            cities[p] += 1
                            stock[p] += tokens
                            areas[p][area] = 0
            taxed = rule(
                "tax", {"players": [{"name": p, "cities": cities[p], "stock": stock[p]} for p in names]}
            )
            for p in names:
                treasury[p] += taxed["paid"][p]
                stock[p] -= taxed["paid"][p]
                cities[p] -= taxed["revolting_cities"][p]
                cost = rng.choice(COSTS)
                bought = rule("advance-purchase", {"cost": cost, "treasury": treasury[p]})
                if bought["bought"]:
                    treasury[p] -= bought["payment"]
                    cards[p].append(cost)
                move = rule("ast-move", {"meets_requirements": cities[p] >= 2, "cities_on_board": cities[p]})
                ast[p] += move["move"]
        points = {
            p: rule("victory-points", {"cities": cities[p], "cards": cards[p], "ast_steps": ast[p]})["total"]
            for p in names
        }
        won = rule("winner", {"points": points})
        out = Sums()
        out.add("first_wins", share_obs(names[0] in won["winners"]))
        out.add("rounds", mean_obs(config.options["rounds"]))
        out.add("shared", share_obs(len(won["winners"]) > 1))
        ranked = sorted(points.values(), reverse=True)
        out.add("margin", mean_obs(ranked[0] - ranked[1]))
        out.add("cities", mean_obs(sum(cities.values())))
        watch.sums(out)
        return out

    def metrics(self, config, rules, sums: Sums):
        specs = [
            *CONTRACT_METRICS,
            ("shared_win_share", SHARE, "shared", 1),
            ("winning_margin_mean", MEAN, "margin", 1),
            ("cities_at_end_mean", MEAN, "cities", 1),
        ]
        return specs, {}
