"""Rada Miasta played by the adjudicators: scripted games checked by hand, reproducibility,
shards, and drafts whose changed words change what the games do."""

import dataclasses
import json
import random
from types import MappingProxyType

import pytest

from games.adjudicators.rada_miasta.common import GROUPS
from games.snapshot import from_corpus
from lab import policies, rada, simulate
from lab.stats import Sums

from .conftest import config_for

RULES = from_corpus("rada-miasta")


def _config(players=4, games=20, seed=1, names=None, **options):
    return config_for("rada-miasta", RULES, players=players, games=games, seed=seed, names=names, **options)


def _metrics(config, rules=RULES, **kw):
    sums = simulate.run_range(config, rules, 0, config.games, **kw)
    return simulate.summarize(config, rules, sums)["metrics"]


class FirstSeatLot(random.Random):
    """The lot of round 1 always falls on P1."""

    def randrange(self, *args, **kw):
        return 0


class Scripted(policies.Policy):
    """Takes the first District of the offer: to an empty plot if any, else to rebuild the
    first plot it may rebuild; votes FOR its own motions, AGAINST the others'."""

    def action(self, t, me):
        if not t.offer:
            return None
        if t.empty_plots():
            return ("build", 0, t.empty_plots()[0], None)
        plots = t.rebuildable(t.offer[0])
        return ("motion", 0, plots[0], None) if plots else None

    def vote(self, t, me, motion):
        return "for" if motion["proposer"] == me else "against"


class Passes(Scripted):
    def action(self, t, me):
        return None


@pytest.fixture
def scripted(monkeypatch):
    """Every game gets these offers (one list per round), and round 1's lot falls on P1."""

    def set_offers(*offers):
        script = [d for offer in offers for d in offer]

        def draw(table):
            # An index, not a list popped: a forked table (lab.rada.Game) draws on from where
            # it parted.
            table.scripted = getattr(table, "scripted", -1) + 1
            return script[table.scripted]

        monkeypatch.setattr(rada.Table, "draw_district", draw)
        monkeypatch.setattr(rada.RadaMiasta, "rng", staticmethod(lambda config, index: FirstSeatLot(0)))

    monkeypatch.setitem(policies.POLICIES, "scripted", Scripted)
    return set_offers


def _with(rules, **values):
    """The rules with some figures changed, as a draft's snapshot would carry them."""
    changed = {name: dataclasses.replace(rules.params[name], value=value) for name, value in values.items()}
    return dataclasses.replace(rules, params=MappingProxyType({**rules.params, **changed}))


def test_a_two_player_game_checked_by_hand(scripted):
    scripted(
        [("residential", 3), ("industrial", 2), ("commercial", 1)],
        [("commercial", 2), ("residential", 1), ("industrial", 1)],
    )
    config = _config(players=2, games=1, names=["scripted", "scripted"], rounds=2, plots=1, cards=False)
    # Round 1, P1 first (the lot): P1 builds the stage-3 residential District on the only plot
    # (support-gain: residents 3). P2 moves to rebuild it as industrial: P2 has no support,
    # P1 votes against: 0 City Council votes, lost; the decay takes P1's residents to 2.
    # Round 2: P1 leads (2-0) and stays first. P1's commercial motion gets 1 vote (residents
    # 2-0): lost; decay to 1. P2's motion on the same District (it stays, stage 2): lost; to 0.
    # The end: 0-0, a tie, so the last first player, P1, leads.
    m = _metrics(config)
    assert m["final_tie_share"]["value"] == 1.0 and m["final_all_zero_share"]["value"] == 1.0
    # Worry 1 in play: P1, first in both rounds, gains +3 (the build) then -1 (its lost vote's
    # decay) on its turns; P2 gains 0 on each of its own: an edge of 1 point a turn.
    assert m["first_turn_gain_edge"]["value"] == 1.0
    assert m["others_turn_gain_mean"]["value"] == 0.0
    assert m["first_player_stays_first"]["value"] == 1.0
    assert m["lead_share_seat_1"]["value"] == 1.0 and m["lead_share_seat_2"]["value"] == 0.0
    assert m["lead_share_start_1"]["value"] == 1.0
    assert m["votes_per_game"]["value"] == 3
    assert m["votes_passed_share"]["value"] == 0.0
    assert m["votes_cancelled_share"]["value"] == 0.0
    assert m["first_player_win_share"]["value"] == 1.0 and m["rounds_mean"]["value"] == 2
    # Nobody reached the cap: worry 3's state never arose, and the metric says why.
    assert m["saturation_game_share"]["value"] == 0.0
    assert m["saturated_vote_fail_share"]["value"] is None
    # 12 levels observed (2 players x 3 groups x 2 round ends): one 2, the rest 0.
    assert m["support_at_cap_share"]["value"] == 0.0
    assert m["support_mean_level"]["value"] == pytest.approx(2 / 12, abs=1e-6)
    # Worry 2's proxy: levels above 0 at the round ends, 1 then 0; of the three votes only
    # P1's (residents 2-0: 1 City Council vote of the 2 needed) would have passed with one
    # point more FOR in another group.
    assert m["support_states_tracked_mean"]["value"] == 0.5
    assert m["votes_on_one_point_share"]["value"] == pytest.approx(1 / 3, abs=1e-6)


def test_a_won_vote_and_support_at_the_cap_checked_by_hand(scripted):
    scripted(
        [("residential", 3), ("terrain", 1), ("commercial", 1)],
        [("industrial", 3), ("terrain", 1), ("commercial", 1)],
        [("commercial", 2), ("commercial", 1), ("industrial", 1)],
    )
    rules = _with(RULES, max_support=3)
    config = _config(players=2, games=1, names=["scripted", "scripted"], rounds=3, plots=4, cards=False)
    # Round 1: P1 builds residential 3 (residents 3, the cap of 3), P2 a Terrain (nothing).
    # Round 2: P1 (first, 3-0) builds industrial 3 (entrepreneurs 3); P2 a Terrain. The city
    # is full. Round 3: P1 moves commercial 2 onto its residential plot: residents 3-0 and
    # entrepreneurs 3-0 give 2 City Council votes: won. Decay (P1 2, 2, 0), then the District
    # gives merchants 2. P2 moves commercial 1 onto the industrial plot: 0 votes, lost; decay:
    # P1 1, 1, 1. Round ends: P1 (3,0,0), (3,3,0), (1,1,1); P2 zero throughout.
    m = _metrics(config, rules)
    assert m["votes_per_game"]["value"] == 2
    assert m["votes_passed_share"]["value"] == 0.5
    assert m["first_player_stays_first"]["value"] == 1.0
    assert m["support_at_cap_share"]["value"] == pytest.approx(3 / 18, abs=1e-6)
    assert m["support_mean_level"]["value"] == pytest.approx(12 / 18, abs=1e-6)
    # Levels above 0 at the round ends: 1, 2, 3. The won vote (3-0, 3-0) and the lost one
    # (0 votes of 2) are both out of a single point's reach.
    assert m["support_states_tracked_mean"]["value"] == 2.0
    assert m["votes_on_one_point_share"]["value"] == 0.0
    # Worry 3's state needs every player at the cap in the proposer's groups: P2 never is.
    assert m["saturation_game_share"]["value"] == 0.0
    assert m["lead_share_seat_1"]["value"] == 1.0
    # P1 ends with 3, P2 with 0: a lead in support, not the tie rule's.
    assert m["final_tie_share"]["value"] == 0.0 and m["final_all_zero_share"]["value"] == 0.0
    # P1's turns: +3, +3, then the won vote (decay to 2, 2, 0, then merchants 2): 0; P2's: 0.
    assert m["first_turn_gain_edge"]["value"] == 2.0


def test_drain_vote_payoff_is_the_paired_difference_of_leading(scripted, monkeypatch):
    scripted([("residential", 3), ("industrial", 2), ("commercial", 1)])
    monkeypatch.setitem(policies.POLICIES, "greedy", Scripted)
    monkeypatch.setitem(policies.POLICIES, "drain", Passes)
    config = _config(players=2, games=3, rounds=1, plots=2, cards=False)
    # Seat 1 as "greedy" builds residential 3 and leads (3-2); as "drain" it passes and P2
    # takes the residential District and leads: -1 in every game.
    m = _metrics(config)
    # Three pairs at -1 do not make an interval of width 0: Agresti-Min's half game in each of
    # the four cells gives (0 - 3) / 5 = -0.6 ± 1.96 · √(4 - 9/5) / 5, cut at -1.
    assert m["drain_vote_payoff"] == {
        "value": -1.0,
        "ci_low": -1.0,
        "ci_high": round(-0.6 + 1.959963984540054 * (2.2**0.5) / 5, 6),
        "n": 3,
        "kind": "paired",
        "se": round((2.2**0.5) / 5, 6),
    }
    assert m["drain_seat_lead_share"]["value"] == 0.0
    assert m["drain_seat_greedy_lead_share"]["value"] == 1.0
    # Margins: as greedy 3 - 2 = +1; as drain 0 - 3 = -3: a paired difference of -4.
    assert m["drain_vote_margin_payoff"]["value"] == -4.0


def test_the_same_seed_gives_the_same_json_and_shards_do_not_matter():
    config = _config(games=12, seed=42, names=["greedy", "random", "spoiler", "greedy"])
    whole = simulate.run_range(config, RULES, 0, 12)
    split = Sums()
    for a, b in simulate.shard_bounds(12, 5):
        split.merge(simulate.run_range(config, RULES, a, b))
    assert whole == split
    once = json.dumps(simulate.summarize(config, RULES, whole))
    again = json.dumps(simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, 12)))
    assert once == again
    other = simulate.summarize(
        config, RULES, simulate.run_range(dataclasses.replace(config, seed=43), RULES, 0, 12)
    )
    assert json.dumps(other) != once


@pytest.mark.parametrize(
    "names, options",
    [
        (["greedy"] * 4, {}),
        (["drain", "random", "greedy"], {}),
        (["random", "greedy", "spoiler", "random", "greedy"], {"cards": False}),
        (["greedy", "greedy"], {"rounds": 30, "plots": 50, "cards": False}),
    ],
)
def test_the_twin_forked_mid_game_is_the_game_its_policy_plays_from_the_start(names, options):
    """Worry 4's paired game is played as a fork of the measured game at the seat's first
    different action: it must end exactly as the twin's game played from the first turn,
    and watching for the fork must not change the measured game."""
    model = rada.RadaMiasta()
    players = [f"P{n + 1}" for n in range(len(names))]
    options = model.options(len(names), **options)
    s = model.drain_seat(names)
    twin = rada.PAIRED[names[s]]
    twin_names = names[:s] + [twin] + names[s + 1 :]
    ref = simulate.Referee("rada-miasta", RULES, "original")
    forked = 0
    for i in range(30):
        game = rada.Game(ref, players, names, random.Random(f"fork:{i}"), options, None)
        game.twin = (players[s], policies.make(twin))
        played = game.play()
        assert played == rada.play_game(ref, players, names, random.Random(f"fork:{i}"), options, None)
        replayed = rada.play_game(ref, players, twin_names, random.Random(f"fork:{i}"), options, None)
        if game.fork is None:
            assert game.twin is not None and played == replayed
        else:
            forked += 1
            assert game.fork.play() == replayed
    assert forked > 0  # the fork was taken and checked, not only the games that never part


def test_only_policies_that_differ_in_their_action_alone_are_forked():
    assert rada.forkable("greedy", "drain") and rada.forkable("drain", "greedy")
    assert not rada.forkable("greedy", "spoiler")  # it also votes otherwise
    assert not rada.forkable("greedy", "random")  # it draws from the game's generator


def test_every_input_the_games_send_passes_the_adjudicators_declarations():
    config = _config(players=5, games=6, names=["random", "greedy", "spoiler", "random", "greedy"])
    checked = simulate.Referee("rada-miasta", RULES, "original", checked=True)
    sums = simulate.run_range(config, RULES, 0, config.games, ref=checked)
    assert set(checked.calls) == {"round-order", "support-gain", "council-vote", "event-card"}
    # Answering repeated questions from the memo changes nothing: the adjudicators are pure.
    memo = simulate.Referee("rada-miasta", RULES, "original")
    assert simulate.run_range(config, RULES, 0, config.games, ref=memo) == sums
    assert sum(memo.hits.values()) > 0 and sum(memo.calls.values()) < sum(checked.calls.values())


def test_max_support_8_in_the_rules_changes_the_games():
    config = _config(players=2, games=30, names=["greedy", "greedy"], rounds=12, cards=False)
    ten = _metrics(config)
    eight = _metrics(config, _with(RULES, max_support=8))
    assert ten["support_at_cap_share"] != eight["support_at_cap_share"]


def test_the_saturation_preset_reaches_worry_3s_state_in_some_games():
    """The preset the worry 3 card offers (2 players, 30 rounds, 50 plots, no event cards)
    reaches every player at the cap in the proposer's groups, so the metric has a value."""
    preset = rada.RadaMiasta.presets["saturation"]
    config = _config(
        players=preset["players"],
        games=30,
        rounds=preset["rounds"],
        plots=preset["plots"],
        cards=preset["cards"],
    )
    metrics = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, config.games))["metrics"]
    assert metrics["saturation_game_share"]["value"] > 0.5
    assert metrics["saturated_vote_fail_share"]["value"] is not None
    # At the default 4 players × 8 rounds no game gets there: the card offers the preset.
    default = _config(games=30)
    result = simulate.summarize(default, RULES, simulate.run_range(default, RULES, 0, default.games))
    assert result["metrics"]["saturated_vote_fail_share"]["value"] is None
    card = rada.worries(result)[2]
    assert card["preset"] == "saturation" and "Try 2 players, 30 rounds, 50 plots" in card["verdict"]


def test_a_vote_turns_on_one_point_when_one_point_in_one_group_reverses_it():
    def outcome(**tallies):
        t = {g: dict(zip(("for", "against"), tallies.get(g, (0, 0)), strict=True)) for g in GROUPS}
        won = sum(1 for x in t.values() if x["for"] > x["against"])
        return {"tallies": t, "council_votes": won, "passed": won >= 2}

    # Won 2-1 and 3-2: one point less FOR (or more AGAINST) in the second makes a tie, 0 votes.
    assert rada.turns_on_one_point(outcome(residents=(2, 1), entrepreneurs=(3, 2)), RULES)
    # Won by 2 points in each of two groups: one point changes nothing.
    assert not rada.turns_on_one_point(outcome(residents=(2, 0), entrepreneurs=(3, 1)), RULES)
    # Lost with one vote: one point FOR in an empty group gives the second.
    assert rada.turns_on_one_point(outcome(residents=(1, 0)), RULES)
    # Lost with none: one point gives at most one vote.
    assert not rada.turns_on_one_point(outcome(residents=(0, 4)), RULES)


def test_the_worry_2_card_says_it_is_a_proxy_and_gives_a_verdict():
    config = _config(games=20)
    result = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, config.games))
    m = result["metrics"]
    for name in ("support_states_tracked_mean", "votes_on_one_point_share"):
        assert m[name]["ci_low"] <= m[name]["value"] <= m[name]["ci_high"]
    card = rada.worries(result)[1]
    assert card["meaning"].startswith("A proxy, not complexity itself")
    assert card["verdict"].startswith(("Heavy: ", "Light: ", "Some votes turn on a single point ("))
    assert "Measured: " in card["verdict"] and "of 12;" in card["verdict"]


def test_worry_1_and_4_say_when_the_tie_rule_not_support_names_the_leader():
    """In the default four-player game the decay drains every player to 0 by the end: who
    leads is then the tie rule's answer, and the cards that count leaders say so."""
    config = _config(games=20)
    result = simulate.summarize(config, RULES, simulate.run_range(config, RULES, 0, config.games))
    m = result["metrics"]
    assert m["final_all_zero_share"]["value"] > 0.5
    assert m["final_tie_share"]["value"] >= m["final_all_zero_share"]["value"]
    first, _tracking, _saturation, drain = rada.worries(result)
    for card in (first, drain):
        assert "end with players tied for the most support (every player at 0 in " in card["verdict"]
    assert "In play, the round's first player gains " in first["verdict"]
    # A run stored before these metrics existed still shows its cards, without the sentence.
    old = {**result, "metrics": {k: v for k, v in m.items() if not k.startswith("final_")}}
    assert "tied for the most support" not in rada.worries(old)[0]["verdict"]
    # Games that end apart: no such sentence.
    apart = {**result, "metrics": {**m, "final_tie_share": {**m["final_tie_share"], "value": 0.0}}}
    assert "tied for the most support" not in rada.worries(apart)[0]["verdict"]
