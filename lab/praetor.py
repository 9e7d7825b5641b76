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
- the only action is building, from the shared row of available city tiles the text lays
  out ("翻开玩家人数加一数量的城市板块形成可用城市板块", refilled to players + 1 at each
  upkeep): each tile turned up costs 1-2 of each of one or two resources drawn from wood,
  stone, marble and is worth 2-6 favor (uniform draws, made when it is turned up, so every
  player sees the same row); its adjacency to the builder's tiles is drawn 0-2 when a player
  considers it (the model has no map); policy ``builder`` takes the tile of most favor the
  ``build`` ruling allows with one of its workers (the first of the row on a tie) and passes
  when none is allowed or it has no worker left;
- the upkeep is reduced to an income: every player gains 2 gold, 1 wood, 1 stone and,
  with odds ½, 1 marble; workers do not age, retire or cost wages, and morale stays 0;
- no walls are built: the one wall tile turned up stays available until the next upkeep
  removes it and turns up another ("移除所有可用长城板块,翻出一个新的"), so the wall stack
  shrinks by one a round;
- the upkeep follows the text's order: the city is maintained (step 6, skipped in the last
  round), then the stacks are checked (step 7, "如果城市板块堆空了,那么下回合是最后一回合");
- resources left at the end sell at 2 (wood, stone) and 3 (marble, weapons) of the
  resource per gold (the market's rates are not in the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from .simulate import CONTRACT_METRICS, Referee, Rule
from .stats import MEAN, SHARE, Sums, mean_obs, share_obs
from .whole import WholeGame

SLUG = "praetor"
BUILD_RESOURCES = ("wood", "stone", "marble")
WALL_DECK = 14
# City tiles by player-count mark (the box's contents; the referee's worked example's).
TILES = {"2+": 20, "3+": 8, "4+": 7, "5+": 7}
# The market's rates are a gap of the text (pr.components.exchange-rates): the model's.
RATES = {"wood": 2, "stone": 2, "marble": 3, "weapons": 3}
MAX_ROUNDS = 40
DISPUTES = ("city-tiles-tiebreak", "final-scoring-by-experience", "must-pass-with-special-tiles")


@dataclass
class Game:
    """One game of Praetor in progress: what the rulings said so far."""

    favor: dict[str, int]
    first: str
    order: list[str]
    resources: dict[str, dict[str, int]]
    experience: dict[str, list[int]]
    tiles: dict[str, int]
    age: dict[str, int]
    deck: dict[str, Any]
    # The shared row of available city tiles, in the order turned up: (cost, favor) each.
    row: list[tuple[dict[str, int], int]]
    rounds: int = 0
    builds: int = 0
    # After each upkeep's refill: (city tiles, wall tiles) left in the stacks (the conformance
    # tests read when the text's step 7 announces the last round).
    stacks: list[tuple[int, int]] | None = None


def start(rule: Rule, players: int) -> Game:
    """``setup``, ``starting-favor`` and the first ``refill``."""
    names, rng = rule.names, rule.rng
    setup = rule("setup", {"players": players, "tiles": TILES})
    begun = rule("starting-favor", {"seating": names, "last_in_rome": rng.choice(names)})
    game = Game(
        favor=dict(begun["favor"]),
        first=begun["order"][0],
        order=list(begun["order"]),
        resources={p: dict(setup["starting_resources"]) for p in names},
        experience={p: list(setup["workers"]) for p in names},
        tiles=dict.fromkeys(names, setup["city_tiles"]),
        age={p: rng.randint(20, 60) for p in names},
        deck=rule(
            "refill",
            {
                "setup": True,
                "players": players,
                "city_deck": setup["tiles_in_play"],
                "era_one": setup["tiles_in_play"] // 2,
                "wall_deck": WALL_DECK,
            },
        ),
        row=[],
        stacks=[],
    )
    turn_up(rule, game, game.deck["turned_up"])
    return game


def turn_up(rule: Rule, g: Game, n: int) -> None:
    """Lay ``n`` city tiles of the stack in the shared row, each its cost and favor drawn."""
    rng = rule.rng
    for _tile in range(n):
        kinds = rng.sample(BUILD_RESOURCES, rng.randint(1, 2))
        g.row.append(({k: rng.randint(1, 2) for k in kinds}, rng.randint(2, 6)))


def actions(rule: Rule, g: Game) -> None:
    """One round's ``turn-order`` and action phase: build, or pass, until ``pass`` ends it."""
    names = rule.names
    g.order = rule(
        "turn-order",
        {"players": [{"name": p, "favor": g.favor[p], "stack": g.order.index(p) + 1} for p in names]},
    )["order"]
    workers = {p: len(g.experience[p]) for p in names}
    passed = dict.fromkeys(names, False)
    me = g.order[0]
    for _turn in range(100):
        if not passed[me]:
            built = workers[me] > 0 and g.row and build(rule, me, g, workers)
            if built:
                g.deck = {**g.deck, "available_after": len(g.row)}
                g.tiles[me] += 1
                g.builds += 1
            else:
                passed[me] = True
        turn = rule(
            "pass",
            {
                "players": [{"name": p, "workers": workers[p], "passed": passed[p]} for p in g.order],
                "last": me,
            },
        )
        if turn["phase_over"] or turn["next"] is None:
            break
        me = turn["next"]
        if turn["next_must_pass"]:
            passed[me] = True


def upkeep(rule: Rule, g: Game, last: bool) -> tuple[bool, bool]:
    """The model's upkeep (an income), ``game-end``, then the text's step 6 (``refill``) and
    step 7 (``last-round``) in that order; (the game is over, the next round is the last)."""
    for p in rule.names:
        r = g.resources[p]
        r["gold"] = r.get("gold", 0) + 2
        r["wood"] = r.get("wood", 0) + 1
        r["stone"] = r.get("stone", 0) + 1
        r["marble"] = r.get("marble", 0) + (rule.rng.random() < 0.5)
    if rule("game-end", {"phase": "upkeep", "last_round": last})["game_over"]:
        return True, last
    g.deck = rule(
        "refill",
        {
            "players": len(rule.names),
            "available": len(g.row),
            "city_deck": g.deck["city_deck_after"],
            # The wall turned up at the last refill is still available: no walls are built.
            "walls_available": int(g.deck["wall_turned_up"]),
            "wall_deck": g.deck["wall_deck_after"],
        },
    )
    turn_up(rule, g, g.deck["turned_up"])
    city_deck, wall_deck = g.deck["city_deck_after"], g.deck["wall_deck_after"]
    g.stacks.append((city_deck, wall_deck))
    last = rule("last-round", {"city_deck": city_deck, "wall_deck": wall_deck})["next_is_last"]
    return False, last


# The text prints no favor for a worker's experience (gap favor-per-experience): where a ruling
# leaves the total open, the bench plays the gap's reading, one favor per point, as an input.
ONE_PER_POINT = {str(e): e for e in range(1, 7)}


def _final_total(rule: Rule, raw: dict) -> int:
    """The final total, ruled as the text stands (the gap is seen), then by the bench's reading."""
    total = rule("final-scoring", raw)["total"]
    return (
        total if total is not None else rule("final-scoring", {**raw, "worker_favor": ONE_PER_POINT})["total"]
    )


def finish(rule: Rule, g: Game) -> tuple[dict[str, int], str]:
    """``final-scoring`` of every player and the ``winner``."""
    final = {
        p: _final_total(
            rule,
            {
                "favor": g.favor[p],
                "active_workers": g.experience[p],
                "resources": g.resources[p],
                "rates": RATES,
            },
        )
        for p in rule.names
    }
    players = [
        {"name": p, "favor": final[p], "morale": 0, "walls": 0, "city_tiles": g.tiles[p], "age": g.age[p]}
        for p in rule.names
    ]
    return final, rule("winner", {"players": players})["winner"]


def build(rule: Rule, me: str, g: Game, workers) -> bool:
    """Policy ``builder``: ``me`` builds the tile of the shared row worth most favor that the
    ``build`` ruling allows (the first turned up on a tie), or nothing."""
    rng = rule.rng
    for place in sorted(range(len(g.row)), key=lambda n: -g.row[n][1]):
        cost, worth = g.row[place]
        outcome = rule(
            "build",
            {
                "available": True,
                "cost": cost,
                "favor": worth,
                "resources": g.resources[me],
                "workers": workers[me],
                "adjacent": rng.randint(0, 2),
                "favor_before": g.favor[me],
            },
        )
        if outcome["allowed"]:
            for k, n in (outcome.get("paid") or {}).items():
                g.resources[me][k] = g.resources[me].get(k, 0) - n
            g.favor[me] = outcome["favor_after"]
            workers[me] -= 1
            del g.row[place]
            return True
    return False


class Praetor(WholeGame):
    slug = SLUG
    min_players, max_players = 2, 5
    policies = ("builder",)
    default_policy = "builder"
    policy_help = gettext_lazy(
        "builder: builds the tile of the shared row worth most favor that the build ruling allows, "
        "and passes when none is allowed; the game ends when its rulings end it."
    )
    disputes = DISPUTES

    def play(self, ref: Referee, config, index: int) -> Sums:
        rule = Rule(ref, config, index, DISPUTES)
        g = start(rule, config.players)
        over = last = False
        while not over and g.rounds < MAX_ROUNDS:
            g.rounds += 1
            actions(rule, g)
            over, last = upkeep(rule, g, last)
        final, winner = finish(rule, g)
        out = Sums()
        out.add("first_wins", share_obs(winner == g.first))
        out.add("rounds", mean_obs(g.rounds))
        out.add("ended", share_obs(over))
        out.add("builds", mean_obs(g.builds))
        ranked = sorted(final.values(), reverse=True)
        out.add("margin", mean_obs(ranked[0] - ranked[1]))
        for n, p in enumerate(rule.names):
            out.add(f"win_seat_{n + 1}", share_obs(winner == p))
        rule.watch.sums(out)
        return out

    def metrics(self, config, rules, sums: Sums):
        specs = [
            *CONTRACT_METRICS,
            ("game_ended_share", SHARE, "ended", 1),
            ("builds_per_game", MEAN, "builds", 1),
            ("winning_margin_mean", MEAN, "margin", 1),
        ]
        specs += [(f"win_share_seat_{n}", SHARE, f"win_seat_{n}", 1) for n in range(1, config.players + 1)]
        return specs, {}
