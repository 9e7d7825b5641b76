"""Imperial Tax Farmer played by its adjudicators: a small whole-game model (``itf/1``).

What the adjudicators decide: the starting agents, gold, points and first player
(``setup``, rerolled as its ruling says), who controls each province (``control``), whether
a province rebels (``rebellion-test``) and what crushing it gives (``crush-rebellion``),
what bribery trades (``bribery``), and at each round's end the next first player, the
marker, the bonus agents, the game's end and its winners (``end-of-round``).

What the model states where it does not play the text (docs/lab.md):

- seats P1…Pn; four provinces, Imperia, Estyx, Corvia, Halm; dice are fair d6;
- each round every player, from the first player clockwise, sends 1-3 of its agents to
  random provinces (uniform draws) — the placement's own rules (``agent-placement``) and
  the action phase's order, goods and needs are outside the model;
- every province but Imperia is tested for rebellion with 0-4 coins on it; a province that
  rebels is crushed by its controller with a weapon with odds ½; when the three all rebel
  and none is crushed in a round, "all provinces rebelled" (``itf.game-end.all-rebelled``);
- a controller earns 2 gold for its province; each player then buys points by bribery with
  half its gold; agents come back at the round's end with the bonus the ruling gives;
- the game lasts until the ruling of ``end-of-round`` ends it (at most 40 rounds).

Every game is played under the run's variant and again, from the same seed, under the
other reading (the edition's other variant), so a dispute's effect on who wins is measured.
"""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy

from .simulate import CONTRACT_METRICS, DisputeWatch, Referee
from .stats import SHARE, Sums, mean_obs, share_obs
from .whole import WholeGame

SLUG = "imperial-tax-farmer"
PROVINCES = ("Imperia", "Estyx", "Corvia", "Halm")
MAX_ROUNDS = 40
DISPUTES = (
    "bribery-rate",
    "first-player-tie",
    "marker-past-100",
    "everyone-loses",
    "imperia-without-majority",
    "three-way-tie",
)


def play_game(ref: Referee, players: int, rng: random.Random, variant: str, watch: DisputeWatch | None):
    """One game; return (round 1's first player, the winners, rounds played, ended by rule)."""
    names = [f"P{n + 1}" for n in range(players)]

    def rule(name: str, raw: dict[str, Any]) -> dict[str, Any]:
        result = ref.result(name, raw, None, variant)
        if watch is not None:
            watch.see(name, result, ref, raw)
        return result.outcome

    rolls = {p: rng.randint(1, 6) for p in names}
    for _try in range(10):
        setup = rule("setup", {"seating": names, "rolls": rolls})
        if not setup["reroll"]:
            break
        rolls.update({p: rng.randint(1, 6) for p in setup["reroll"]})
    first = current = setup["first_player"]
    agents = dict.fromkeys(names, setup["agents"])
    gold = dict.fromkeys(names, setup["gold"])
    points = dict.fromkeys(names, setup["points"])
    marker = 0
    rounds = 0
    end: dict[str, Any] = {"game_over": False, "winners": []}
    while rounds < MAX_ROUNDS:
        rounds += 1
        start = names.index(current)
        board = {prov: dict.fromkeys(names, 0) for prov in PROVINCES}
        rebelled = 0
        for p in names[start:] + names[:start]:
            n = min(agents[p], rng.randint(1, 3))
            for _ in range(n):
                board[rng.choice(PROVINCES)][p] += 1
            agents[p] -= n
        for prov in PROVINCES:
            held = {p: k for p, k in board[prov].items() if k}
            ctrl = rule("control", {"agents": held or {names[0]: 0}, "imperia": prov == "Imperia"})
            controller = ctrl["controller"] if ctrl["active"] and held else None
            if prov != "Imperia":
                test = rule(
                    "rebellion-test",
                    {
                        "players": players,
                        "dice": [rng.randint(1, 6) for _ in range(players)],
                        "agents": sum(held.values()),
                        "coins": rng.randint(0, 4),
                        "estyx": prov == "Estyx",
                    },
                )
                crushed = False
                if test["rebellion"] and controller is not None:
                    crush = rule(
                        "crush-rebellion",
                        {"agents": held, "player": controller, "weapon": rng.random() < 0.5},
                    )
                    crushed = crush["crushed"]
                    if crushed:
                        points[controller] += crush["election_points"]
                rebelled += test["rebellion"] and not crushed
            if controller is not None:
                gold[controller] += 2
        for p in names:
            bought = rule("bribery", {"points": points[p], "gold": gold[p], "buy_points": gold[p] // 2})
            points[p], gold[p] = bought["points_after"], bought["gold_after"]
        end = rule(
            "end-of-round",
            {
                "points": points,
                "imperia_agents": board["Imperia"],
                "marker": marker,
                "marker_dice": [rng.randint(1, 6), rng.randint(1, 6)],
                "all_provinces_rebelled": rebelled == len(PROVINCES) - 1,
            },
        )
        marker = end["marker_after"]
        current = end["first_player"] or current
        for p in names:
            agents[p] += sum(board[prov][p] for prov in PROVINCES) + (end["bonus_agents"] or {}).get(p, 0)
        if end["game_over"]:
            break
    return first, tuple(end["winners"] or ()), rounds, bool(end["game_over"])


class ImperialTaxFarmer(WholeGame):
    slug = SLUG
    min_players, max_players = 2, 4
    policies = ("random",)
    default_policy = "random"
    policy_help = gettext_lazy(
        "random: sends 1 to 3 agents to random provinces each round and spends half its gold on "
        "bribery; every game is played again under the other reading."
    )
    disputes = DISPUTES

    def play(self, ref: Referee, config, index: int) -> Sums:
        watch = DisputeWatch(SLUG, DISPUTES)
        seed = f"{config.game}:{config.seed}:{index}"
        first, winners, rounds, ended = play_game(
            ref, config.players, random.Random(seed), config.variant, watch
        )
        others = [v for v in ref.rules.variant_slugs if v != config.variant]
        changed = None
        if others:
            _f, twin, _r, _e = play_game(ref, config.players, random.Random(seed), others[0], None)
            changed = twin != winners
        out = Sums()
        out.add("first_wins", share_obs(first in winners))
        out.add("rounds", mean_obs(rounds))
        out.add("ended", share_obs(ended))
        out.add("no_winner", share_obs(not winners))
        out.add("shared", share_obs(len(winners) > 1))
        if changed is not None:
            out.add("winner_changed", share_obs(changed))
        watch.sums(out, changed)
        return out

    def metrics(self, config, rules, sums: Sums):
        specs = [
            *CONTRACT_METRICS,
            ("game_ended_share", SHARE, "ended", 1),
            ("no_winner_share", SHARE, "no_winner", 1),
            ("shared_win_share", SHARE, "shared", 1),
            ("winner_changed_by_reading_share", SHARE, "winner_changed", 1),
        ]
        return specs, {}
