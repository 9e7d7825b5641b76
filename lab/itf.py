"""Imperial Tax Farmer played by its adjudicators: a small whole-game model (``itf/1``).

What the adjudicators decide: the starting agents, gold, points and first player
(``setup``, rerolled as its ruling says), who controls each province (``control``), whether
a province rebels (``rebellion-test``) and what crushing it gives (``crush-rebellion``),
what bribery trades (``bribery``), and at each round's end the next first player, the
marker, the bonus agents, the game's end and its winners (``end-of-round``).

What the model states where it does not play the text (docs/lab.md):

- seats P1…Pn, 3 to 6 (the counts the adjudicators accept); four provinces, Imperia, Estyx,
  Corvia, Halm; dice are fair d6; with 3 players the province that starts in rebellion is drawn
  by lot (the text does not say which);
- placement as written, every agent placed each round ("aż wszyscy AGENCI zostaną
  rozmieszczeni"), policy ``random``: 1-3 agents at a time (fewer when fewer are left) in a
  province drawn by lot;
- every province but Imperia not already in rebellion is tested with 0-4 coins on its need
  card; a rebellion removes the province's agents and lasts until crushed (no further test);
- each player in turn activates the province it controls with most of its agents; a province
  acts once a round (its agents leave it); activating a province in rebellion is the attempt to
  crush it, with a weapon with odds ½; any other province pays its controller 2 gold (goods,
  needs and the provinces' own actions are outside the model);
- each player buys points by bribery with half its gold; the election marker is moved with 1-3
  dice (the mover's choice, drawn by lot) by the player the ruling names, judged on Imperia's
  agents as placed; every agent comes back at the round's end, bonus agents for the next round
  only;
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
    """One game; return (round 1's first player, the winners, rounds played, ended by rule,
    every province but Imperia in rebellion at the end)."""
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
    first = current = setup["first_player"] or names[0]
    agents = dict.fromkeys(names, setup["agents"])
    gold = dict.fromkeys(names, setup["gold"])
    points = dict.fromkeys(names, setup["points"])
    # itf.setup.three-players: "jedna z prowincji rozpoczyna ze znacznikiem REBELII" — which one
    # the text does not say (a gap of the setup ruling): the model draws it by lot.
    rebelling = {rng.choice(PROVINCES[1:])} if setup["rebellion_at_start"] else set()
    dice_min, dice_max = ref.rules.param("marker_dice_min"), ref.rules.param("marker_dice_max")
    marker = 0
    rounds = 0
    end: dict[str, Any] = {"game_over": False, "winners": []}
    while rounds < MAX_ROUNDS:
        rounds += 1
        start = names.index(current)
        ring = names[start:] + names[:start]
        board = place_agents(ring, agents, rng)
        imperia = dict(board["Imperia"])
        test_rebellion(rule, players, board, rebelling, rng)
        act(rule, ring, board, rebelling, gold, points, rng)
        for p in names:
            bought = rule("bribery", {"points": points[p], "gold": gold[p], "buy_points": gold[p] // 2})
            points[p], gold[p] = bought["points_after"], bought["gold_after"]
        end = rule(
            "end-of-round",
            {
                "points": points,
                "imperia_agents": imperia,
                "marker": marker,
                "marker_dice": [rng.randint(1, 6) for _ in range(rng.randint(dice_min, dice_max))],
                "all_provinces_rebelled": len(rebelling) == len(PROVINCES) - 1,
            },
        )
        marker = end["marker_after"]
        current = end["first_player"] or current
        # itf.round-end.clear-agents: every agent comes back; the bonus agents are for the next
        # round only ("do użycia jedynie w następnej turze").
        bonus = end["bonus_agents"] or {}
        agents = {p: setup["agents"] + bonus.get(p, 0) for p in names}
        if end["game_over"]:
            break
    everyone = len(rebelling) == len(PROVINCES) - 1
    return first, tuple(end["winners"] or ()), rounds, bool(end["game_over"]), everyone


def place_agents(ring: list[str], agents: dict[str, int], rng: random.Random) -> dict[str, dict[str, int]]:
    """itf.placement.until-all: from the first player, each in turn sets some of its agents in
    one province, "aż wszyscy AGENCI zostaną rozmieszczeni" (policy ``random``: 1-3 agents a
    time, a province by lot)."""
    board = {prov: dict.fromkeys(ring, 0) for prov in PROVINCES}
    left = dict(agents)
    draw = rng.random  # two draws a placement: this loop is the model's busiest
    while any(left.values()):
        for p in ring:
            if left[p]:
                n = min(left[p], 1 + int(draw() * 3))
                board[PROVINCES[int(draw() * len(PROVINCES))]][p] += n
                left[p] -= n
    return board


def test_rebellion(rule, players: int, board, rebelling: set[str], rng: random.Random) -> None:
    """itf.rebellion.no-retest, itf.rebellion.remove-agents: every province not already in rebellion is tested ("nie wykonujesz
    kolejnych TESTÓW REBELII, dopóki ktoś nie zdławi"); one that rebels loses all its agents
    ("Usuń z niej wszystkich AGENTÓW")."""
    for prov in PROVINCES[1:]:
        if prov in rebelling:
            continue
        test = rule(
            "rebellion-test",
            {
                "players": players,
                "dice": [rng.randint(1, 6) for _ in range(players)],
                "agents": sum(board[prov].values()),
                "coins": rng.randint(0, 4),
                "estyx": prov == "Estyx",
            },
        )
        if test["rebellion"]:
            rebelling.add(prov)
            board[prov] = dict.fromkeys(board[prov], 0)


def act(rule, ring: list[str], board, rebelling: set[str], gold, points, rng: random.Random) -> None:
    """itf.actions.majority, itf.actions.one-at-a-time: from the first player, each in turn activates the province where it
    has most agents among those it controls, then its agents leave it ("usuń z niej wszystkich
    agentów"), so a province acts once a round; in a province in rebellion activating it is the
    attempt to crush it (``crush-rebellion``, a weapon with odds ½), elsewhere the province pays
    its controller 2 gold (the model's income)."""
    held = {prov: {p: k for p, k in board[prov].items() if k} for prov in PROVINCES}
    controller = {}
    for prov in PROVINCES:
        if held[prov]:
            ctrl = rule("control", {"agents": held[prov], "imperia": prov == "Imperia"})
            if ctrl["active"] and ctrl["controller"] is not None:
                controller[prov] = ctrl["controller"]
    while controller:
        for p in ring:
            mine = [prov for prov, who in controller.items() if who == p]
            if not mine:
                continue
            prov = max(mine, key=lambda q: held[q][p])
            del controller[prov]
            if prov in rebelling:
                crush = rule(
                    "crush-rebellion", {"agents": held[prov], "player": p, "weapon": rng.random() < 0.5}
                )
                if crush["crushed"]:
                    rebelling.discard(prov)
                    points[p] += crush["election_points"]
            else:
                gold[p] += 2


class ImperialTaxFarmer(WholeGame):
    slug = SLUG
    # itf.setup.three-players ("uczestniczy tylko 3 graczy": the fewest) to itf.setup.dice
    # ("maksymalnie 6" dice, one per player): the counts the adjudicators accept.
    min_players, max_players = 3, 6
    policies = ("random",)
    default_policy = "random"
    policy_help = gettext_lazy(
        "random: places all its agents, 1 to 3 at a time in a province drawn by lot, activates the "
        "province it controls with most of its agents, and spends half its gold on bribery; every "
        "game is played again under the other reading."
    )
    disputes = DISPUTES

    def play(self, ref: Referee, config, index: int) -> Sums:
        watch = DisputeWatch(SLUG, DISPUTES)
        seed = f"{config.game}:{config.seed}:{index}"
        first, winners, rounds, ended, everyone = play_game(
            ref, config.players, random.Random(seed), config.variant, watch
        )
        others = [v for v in ref.rules.variant_slugs if v != config.variant]
        changed = None
        if others:
            _f, twin, _r, _e, _all = play_game(ref, config.players, random.Random(seed), others[0], None)
            changed = twin != winners
        out = Sums()
        out.add("first_wins", share_obs(first in winners))
        out.add("rounds", mean_obs(rounds))
        out.add("ended", share_obs(ended))
        out.add("no_winner", share_obs(not winners))
        out.add("shared", share_obs(len(winners) > 1))
        out.add("all_rebelled", share_obs(everyone))
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
            ("all_rebelled_share", SHARE, "all_rebelled", 1),
            ("winner_changed_by_reading_share", SHARE, "winner_changed", 1),
        ]
        return specs, {}
