"""Praetor played by its adjudicators: a small whole-game model (``praetor/1``).

What the adjudicators decide: the starting resources and tiles in play (``setup``), the
starting favor and first player (``starting-favor``), every round's turn order
(``turn-order``), whether a build is allowed, what it costs and the favor it gives
(``build``), whose turn is next and when the action phase ends (``pass``), the refill of
the city tiles (``refill``), whether the next round is the last (``last-round``) and the
game is over (``game-end``), the final favor (``final-scoring``) and the winner (``winner``).

What the model states where it does not play the text (docs/lab.md):

- seats P1…Pn; the city tiles by mark are 20 (2+), 8 (3+), 7 (4+), 7 (5+) and the wall
  stack 14; the player "last in Rome" is drawn by lot; ages (the last tie-break) are
  drawn uniformly from 20-60;
- the only action is building: each city tile offered costs 1-2 of each of one or two
  resources drawn from wood, stone, marble, is worth 2-6 favor and is adjacent to 0-2 of
  the player's tiles (uniform draws); a player builds the first offered tile the
  ``build`` ruling allows with one of its workers, and passes when none is allowed or it
  has no worker left;
- the upkeep is reduced to an income: every player gains 2 gold, 1 wood, 1 stone and,
  with odds ½, 1 marble; workers do not age, retire or cost wages, and morale stays 0;
- no walls are built, the wall stack only shrinks by the refill's ruling;
- resources left at the end sell at 2 (wood, stone) and 3 (marble, weapons) of the
  resource per gold (the market's rates are not in the text).
"""

from __future__ import annotations

import random
from typing import Any

from .engine import DisputeWatch, Model, Referee
from .stats import MEAN, SHARE, Sums, mean_obs, share_obs

SLUG = "praetor"
BUILD_RESOURCES = ("wood", "stone", "marble")
WALL_DECK = 14
# City tiles by player-count mark (the box's contents; the referee's worked example's).
TILES = {"2+": 20, "3+": 8, "4+": 7, "5+": 7}
# The market's rates are a gap of the text (pr.components.exchange-rates): the model's.
RATES = {"wood": 2, "stone": 2, "marble": 3, "weapons": 3}
MAX_ROUNDS = 40
DISPUTES = ("city-tiles-tiebreak", "final-scoring-by-experience", "must-pass-with-special-tiles")


class Praetor(Model):
    slug = SLUG
    min_players, max_players = 2, 5
    policies = ("builder",)
    default_policy = "builder"
    disputes = DISPUTES

    def options(self, players: int, **_kw: Any) -> dict[str, Any]:
        return {}

    def play(self, ref: Referee, config, index: int) -> Sums:
        rng = random.Random(f"{config.game}:{config.seed}:{index}")
        watch = DisputeWatch(SLUG, DISPUTES)
        names = [f"P{n + 1}" for n in range(config.players)]

        def rule(name: str, raw: dict[str, Any]) -> dict[str, Any]:
            result = ref.result(name, raw)
            watch.see(name, result)
            return result.outcome

        setup = rule("setup", {"players": config.players, "tiles": TILES})
        start = rule("starting-favor", {"seating": names, "last_in_rome": rng.choice(names)})
        favor = dict(start["favor"])
        first = start["order"][0]
        resources = {p: dict(setup["starting_resources"]) for p in names}
        experience = {p: list(setup["workers"]) for p in names}
        tiles = dict.fromkeys(names, setup["city_tiles"])
        age = {p: rng.randint(20, 60) for p in names}
        deck = rule(
            "refill",
            {
                "setup": True,
                "players": config.players,
                "city_deck": setup["tiles_in_play"],
                "era_one": setup["tiles_in_play"] // 2,
                "wall_deck": WALL_DECK,
            },
        )
        available, city_deck, wall_deck = (
            deck["available_after"],
            deck["city_deck_after"],
            deck["wall_deck_after"],
        )
        order = list(start["order"])
        rounds = builds = 0
        over = last = False
        while not over and rounds < MAX_ROUNDS:
            rounds += 1
            order = rule(
                "turn-order",
                {"players": [{"name": p, "favor": favor[p], "stack": order.index(p) + 1} for p in names]},
            )["order"]
            workers = {p: len(experience[p]) for p in names}
            passed = dict.fromkeys(names, False)
            me = order[0]
            for _turn in range(100):
                if not passed[me]:
                    built = (
                        workers[me] > 0
                        and available > 0
                        and self._build(rule, rng, me, favor, resources, workers)
                    )
                    if built:
                        available -= 1
                        tiles[me] += 1
                        builds += 1
                    else:
                        passed[me] = True
                turn = rule(
                    "pass",
                    {
                        "players": [{"name": p, "workers": workers[p], "passed": passed[p]} for p in order],
                        "last": me,
                    },
                )
                if turn["phase_over"] or turn["next"] is None:
                    break
                me = turn["next"]
                if turn["next_must_pass"]:
                    passed[me] = True
            for p in names:  # the model's upkeep: an income (module docstring)
                r = resources[p]
                r["gold"] = r.get("gold", 0) + 2
                r["wood"] = r.get("wood", 0) + 1
                r["stone"] = r.get("stone", 0) + 1
                r["marble"] = r.get("marble", 0) + (rng.random() < 0.5)
            over = rule("game-end", {"phase": "upkeep", "last_round": last})["game_over"]
            if over:
                break
            last = rule("last-round", {"city_deck": city_deck, "wall_deck": wall_deck})["next_is_last"]
            deck = rule(
                "refill",
                {
                    "players": config.players,
                    "available": available,
                    "city_deck": city_deck,
                    "walls_available": 0,
                    "wall_deck": wall_deck,
                },
            )
            available, city_deck, wall_deck = (
                deck["available_after"],
                deck["city_deck_after"],
                deck["wall_deck_after"],
            )
        final = {
            p: rule(
                "final-scoring",
                {
                    "favor": favor[p],
                    "active_workers": experience[p],
                    "resources": resources[p],
                    "rates": RATES,
                },
            )["total"]
            for p in names
        }
        won = rule(
            "winner",
            {
                "players": [
                    {
                        "name": p,
                        "favor": final[p],
                        "morale": 0,
                        "walls": 0,
                        "city_tiles": tiles[p],
                        "age": age[p],
                    }
                    for p in names
                ]
            },
        )
        out = Sums()
        out.add("first_wins", share_obs(won["winner"] == first))
        out.add("rounds", mean_obs(rounds))
        out.add("ended", share_obs(over))
        out.add("builds", mean_obs(builds))
        ranked = sorted(final.values(), reverse=True)
        out.add("margin", mean_obs(ranked[0] - ranked[1]))
        for n, p in enumerate(names):
            out.add(f"win_seat_{n + 1}", share_obs(won["winner"] == p))
        watch.sums(out)
        return out

    @staticmethod
    def _build(rule, rng, me, favor, resources, workers) -> bool:
        kinds = rng.sample(BUILD_RESOURCES, rng.randint(1, 2))
        cost = {k: rng.randint(1, 2) for k in kinds}
        outcome = rule(
            "build",
            {
                "available": True,
                "cost": cost,
                "favor": rng.randint(2, 6),
                "resources": resources[me],
                "workers": workers[me],
                "adjacent": rng.randint(0, 2),
                "favor_before": favor[me],
            },
        )
        if not outcome["allowed"]:
            return False
        for k, n in (outcome.get("paid") or {}).items():
            resources[me][k] = resources[me].get(k, 0) - n
        favor[me] = outcome["favor_after"]
        workers[me] -= 1
        return True

    def metrics(self, config, rules, sums: Sums):
        specs = [
            ("first_player_win_share", SHARE, "first_wins", 1),
            ("rounds_mean", MEAN, "rounds", 1),
            ("game_ended_share", SHARE, "ended", 1),
            ("builds_per_game", MEAN, "builds", 1),
            ("winning_margin_mean", MEAN, "margin", 1),
        ]
        specs += [(f"win_share_seat_{n}", SHARE, f"win_seat_{n}", 1) for n in range(1, config.players + 1)]
        return specs, {}

    def charts(self, results):
        return []

    def label(self, name: str) -> str:
        return name
