"""Praetor (seed 001) adjudicators, case by case against the overview's clauses (no database)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from games.snapshot import from_corpus

GAME = "praetor"
RULES = from_corpus(GAME)


def rule(name, raw, variant="original", rules=RULES):
    adj = engine.get(GAME, name)
    return adj(adj.validate(raw, rules=RULES), variant=variant, rules=RULES)


def invalid(name, raw):
    adj = engine.get(GAME, name)
    with pytest.raises(Invalid) as exc:
        adj.validate(raw, rules=RULES)
    return exc.value.errors


def keys(result):
    return [s.clause for s in result.steps]


def gap_keys(result):
    return [g.clause for g in result.gaps]


# --------------------------------------------------------------------------- starting-favor


@pytest.mark.parametrize(
    "seating, last, favor, order",
    [
        # pr.setup.starting-favor: last in Rome 10, counter-clockwise (backwards through seating) -1 each.
        (["A", "B", "C", "D"], "C", {"A": 8, "B": 9, "C": 10, "D": 7}, ["D", "A", "B", "C"]),
        # Wraps round the table: the first seat's counter-clockwise neighbour is the last seat.
        (
            ["A", "B", "C", "D", "E"],
            "A",
            {"A": 10, "B": 6, "C": 7, "D": 8, "E": 9},
            ["B", "C", "D", "E", "A"],
        ),
        (["A", "B"], "B", {"A": 9, "B": 10}, ["A", "B"]),
    ],
    ids=["4p-ccw", "5p-wrap", "2p"],
)
def test_starting_favor(seating, last, favor, order):
    result = rule("starting-favor", {"seating": seating, "last_in_rome": last})
    assert result.outcome == {"favor": favor, "order": order}
    assert keys(result) == ["pr.setup.starting-favor", "pr.setup.starting-favor"]
    assert result.gaps == ()


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"seating": ["A", "B"], "last_in_rome": "Z"}, "inputs.last_in_rome"),
        ({"seating": ["A"], "last_in_rome": "A"}, "inputs.seating"),  # at least two players
        ({"seating": list("ABCDEF"), "last_in_rome": "A"}, "inputs.seating"),  # five player boards
        ({"seating": ["A", "A"], "last_in_rome": "A"}, "inputs.seating.1"),
        ({"seating": ["A", "B"]}, "inputs.last_in_rome"),
    ],
)
def test_starting_favor_invalid(raw, path):
    assert path in invalid("starting-favor", raw)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 5), data=st.data())
def test_starting_favor_descends_by_one_and_orders_ascending(n, data):
    seating = [f"P{k}" for k in range(n)]
    last = data.draw(st.sampled_from(seating))
    out = rule("starting-favor", {"seating": seating, "last_in_rome": last}).outcome
    assert sorted(out["favor"].values()) == list(range(11 - n, 11))
    assert out["favor"][last] == 10
    assert [out["favor"][p] for p in out["order"]] == sorted(out["favor"].values())


# --------------------------------------------------------------------------- turn-order


def _p(name, favor, stack=1):
    return {"name": name, "favor": favor, "stack": stack}


@pytest.mark.parametrize(
    "players, order, n_steps, gapped",
    [
        # pr.order.by-favor sentence 1: the lower on the favor track, the earlier.
        ([_p("A", 20), _p("B", 12), _p("C", 15)], ["B", "C", "A"], 1, False),
        # sentence 2: tied favor, the marker on top of the stack goes first.
        ([_p("A", 20, 1), _p("B", 20, 2), _p("C", 9)], ["C", "B", "A"], 2, False),
        # three tied: only the top is named; the rest are read top-down (a gap).
        ([_p("A", 7, 1), _p("B", 7, 3), _p("C", 7, 2)], ["B", "C", "A"], 2, True),
        # negative favor (penalties) still orders lowest first.
        ([_p("A", -4), _p("B", 0)], ["A", "B"], 1, False),
    ],
    ids=["by-favor", "tie-top-first", "three-tied-gap", "negative"],
)
def test_turn_order(players, order, n_steps, gapped):
    result = rule("turn-order", {"players": players})
    assert result.outcome == {"order": order}
    assert keys(result) == ["pr.order.by-favor"] * n_steps
    assert gap_keys(result) == (["pr.order.by-favor"] if gapped else [])


@pytest.mark.parametrize(
    "players, path",
    [
        # Two markers on one favor space cannot share a height.
        ([_p("A", 5, 1), _p("B", 5, 1)], "inputs.players.1.stack"),
        ([_p("A", 5, 1), _p("B", 6, 1), _p("C", 6)], "inputs.players.2.stack"),  # default height 1
        ([_p("A", 5), _p("A", 6)], "inputs.players.1.name"),
        ([_p("A", 5, 0), _p("B", 6)], "inputs.players.0.stack"),
        ([_p("A", 5)], "inputs.players"),
    ],
)
def test_turn_order_invalid(players, path):
    assert path in invalid("turn-order", {"players": players})


def test_turn_order_stack_only_matters_on_ties():
    # Same height on different favor spaces is fine.
    assert rule("turn-order", {"players": [_p("A", 5, 2), _p("B", 6, 2)]}).outcome == {"order": ["A", "B"]}


# --------------------------------------------------------------------------- upkeep


def upkeep_raw(**kw):
    raw = {
        "era": "I",
        "novices": {"first": 0, "second": 0},
        "academy": "none",
        "pay_academy": False,
        "stone": 0,
        "workers": [{"experience": 2, "used": "other"}],
        "retired": 0,
        "wage_per_active": 1,
        "pension_per_retired": 1,
        "gold": 20,
        "morale": 0,
        "morale_min": -3,
        "villagers": 2,
    }
    raw.update(kw)
    return raw


@pytest.mark.parametrize(
    "kw, novices, promoted, stone_paid, gaps",
    [
        # pr.upkeep.novice-second-space / novice-first-space: second -> active, first -> second.
        (
            dict(novices={"first": 1, "second": 2}),
            {"first": 0, "second": 1},
            2,
            0,
            ["pr.upkeep.novice-second-space"],
        ),
        # own academy: first space skips straight to active (and "can" is read as always used).
        (
            dict(novices={"first": 2, "second": 1}, academy="own"),
            {"first": 0, "second": 0},
            3,
            0,
            ["pr.upkeep.novice-first-space", "pr.upkeep.novice-second-space"],
        ),
        # another player's academy, paying 1 stone: all first-space novices skip.
        (
            dict(novices={"first": 2, "second": 0}, academy="other", pay_academy=True, stone=3),
            {"first": 0, "second": 0},
            2,
            1,
            ["pr.upkeep.novice-second-space"],
        ),
        # wanting to pay without a stone: cannot, novices move to the second space.
        (
            dict(novices={"first": 2, "second": 0}, academy="other", pay_academy=True, stone=0),
            {"first": 0, "second": 2},
            0,
            0,
            [],
        ),
        # not paying: no skip.
        (
            dict(novices={"first": 1, "second": 0}, academy="other", pay_academy=False, stone=4),
            {"first": 0, "second": 1},
            0,
            0,
            [],
        ),
        # paying with nothing on the first space: no stone changes hands (a gap).
        (
            dict(novices={"first": 0, "second": 1}, academy="other", pay_academy=True, stone=4),
            {"first": 0, "second": 0},
            1,
            0,
            ["pr.tiles.academy", "pr.upkeep.novice-second-space"],
        ),
        # no academy built: pay_academy has nothing to pay.
        (
            dict(novices={"first": 1, "second": 0}, academy="none", pay_academy=True, stone=4),
            {"first": 0, "second": 1},
            0,
            0,
            [],
        ),
    ],
    ids=["no-academy", "own-academy", "pay-academy", "pay-without-stone", "decline", "pay-nothing", "none"],
)
def test_upkeep_novices(kw, novices, promoted, stone_paid, gaps):
    result = rule("upkeep", upkeep_raw(**kw))
    out = result.outcome
    assert out["novices"] == novices
    assert out["promoted"] == promoted
    assert out["stone_paid"] == stone_paid
    # Newly active novices join at 1 experience (pr.tiles.workers-camp) next to the returned worker (2).
    assert out["workers"] == [2] + [1] * promoted
    assert gap_keys(result) == gaps
    assert keys(result)[0] == "pr.upkeep.novices-move"
    assert ("pr.tiles.workers-camp" in keys(result)) == bool(promoted)


def test_upkeep_paying_academy_cites_the_academy_tile():
    result = rule(
        "upkeep", upkeep_raw(novices={"first": 1, "second": 0}, academy="other", pay_academy=True, stone=1)
    )
    assert keys(result)[:4] == [
        "pr.upkeep.novices-move",
        "pr.upkeep.novice-first-space",
        "pr.tiles.academy",
        "pr.tiles.workers-camp",
    ]


@pytest.mark.parametrize(
    "workers, era, after, retired_now, favor, step",
    [
        # pr.upkeep.build-experience / red-experience: +1; pr.upkeep.no-experience: others +0.
        (
            [("build", 2), ("red", 3), ("other", 4), ("none", 1)],
            "I",
            [4, 4, 3, 1],
            0,
            0,
            ["pr.upkeep.build-experience", "pr.upkeep.red-experience", "pr.upkeep.no-experience"],
        ),
        # pr.upkeep.retirement: 6 experience retires, 12 favor each in era I ...
        ([("build", 5), ("red", 5), ("other", 3)], "I", [3], 2, 24, ["pr.upkeep.build-experience"]),
        # ... and 8 each in era II.
        ([("red", 5), ("other", 2)], "II", [2], 1, 8, ["pr.upkeep.red-experience"]),
    ],
    ids=["experience", "retire-era-1", "retire-era-2"],
)
def test_upkeep_experience_and_retirement(workers, era, after, retired_now, favor, step):
    raw = upkeep_raw(era=era, retired=1, workers=[{"experience": e, "used": u} for u, e in workers])
    result = rule("upkeep", raw)
    out = result.outcome
    assert out["workers"] == after
    assert out["retired_now"] == retired_now
    assert out["retired"] == 1 + retired_now
    assert out["favor_from_retirement"] == favor
    assert step[0] in keys(result)
    assert keys(result).index("pr.upkeep.return-workers") < keys(result).index("pr.upkeep.retirement")
    assert result.gaps == ()


def test_upkeep_experience_caps_at_six_with_a_gap():
    # pr.concepts.workers-dice: a worker is a die; 6 + 1 stays 6 and retires.
    result = rule("upkeep", upkeep_raw(workers=[{"experience": 6, "used": "build"}]))
    assert result.outcome["retired_now"] == 1
    assert result.outcome["workers"] == []
    assert gap_keys(result) == ["pr.concepts.workers-dice"]


@pytest.mark.parametrize(
    "kw, wages, gold_after, morale_after, penalty, gapped",
    [
        # pr.upkeep.wages-due: 3 active x 2 + 2 retired x 1 = 8, paid in full.
        (dict(wage_per_active=2, gold=10), 8, 2, 0, 0, False),
        # pr.upkeep.wage-shortfall: 3 missing -> morale 0 -> -3; min -5 not reached.
        (dict(gold=2, morale_min=-5), 5, 0, -3, 0, False),
        # 5 missing from morale 1, min -2: 3 levels down, 2 further gold at 5 favor (gap on the reading).
        (dict(gold=0, morale=1, morale_min=-2), 5, 0, -2, 10, True),
        # exactly reaching the minimum: still the ambiguous case.
        (dict(gold=2, morale=0, morale_min=-3), 5, 0, -3, 0, True),
        # already at the minimum: every missing gold costs 5, no ambiguity.
        (dict(gold=1, morale=-3, morale_min=-3), 5, 0, -3, 20, False),
    ],
    ids=["paid", "morale-drops", "morale-then-favor", "reaches-minimum", "at-minimum"],
)
def test_upkeep_wages(kw, wages, gold_after, morale_after, penalty, gapped):
    workers = [{"experience": e, "used": "other"} for e in (1, 2, 3)]
    result = rule("upkeep", upkeep_raw(workers=workers, retired=2, **kw))
    out = result.outcome
    assert (out["wages_due"], out["gold_after"], out["morale_after"], out["favor_penalty"]) == (
        wages,
        gold_after,
        morale_after,
        penalty,
    )
    assert ("pr.upkeep.wage-shortfall" in keys(result)) == (gold_after == 0 and wages > kw["gold"])
    assert gap_keys(result) == (["pr.upkeep.wage-shortfall"] if gapped else [])


def test_upkeep_newly_retired_and_promoted_are_paid():
    # pr.upkeep.wages-due: "all active and retired workers" after steps 1-3.
    raw = upkeep_raw(
        novices={"first": 0, "second": 1},
        workers=[{"experience": 5, "used": "red"}],
        retired=1,
        wage_per_active=3,
        pension_per_retired=2,
        gold=100,
    )
    out = rule("upkeep", raw).outcome
    assert out["workers"] == [1] and out["retired"] == 2
    assert out["wages_due"] == 1 * 3 + 2 * 2
    assert out["gold_after"] == 93


@pytest.mark.parametrize(
    "workers, novices, villagers, may_buy",
    [
        # pr.upkeep.emergency-worker: no active worker left and a villager to turn.
        ([{"experience": 5, "used": "build"}], {"first": 0, "second": 0}, 3, True),
        ([], {"first": 0, "second": 0}, 1, True),
        ([], {"first": 0, "second": 0}, 0, False),  # no villager
        ([{"experience": 4, "used": "build"}], {"first": 0, "second": 0}, 3, False),  # still one active
        ([], {"first": 0, "second": 1}, 3, False),  # the promoted novice is active
    ],
    ids=["retired-last", "none-at-all", "no-villager", "still-active", "novice-promoted"],
)
def test_upkeep_emergency_worker(workers, novices, villagers, may_buy):
    result = rule("upkeep", upkeep_raw(workers=workers, novices=novices, villagers=villagers))
    assert result.outcome["may_buy_emergency_worker"] is may_buy
    assert keys(result)[-1] == "pr.upkeep.emergency-worker"


@pytest.mark.parametrize(
    "kw, path",
    [
        (dict(morale=-4, morale_min=-3), "inputs.morale"),
        (dict(workers=[{"experience": 7, "used": "build"}]), "inputs.workers.0.experience"),
        (dict(workers=[{"experience": 0, "used": "build"}]), "inputs.workers.0.experience"),
        (dict(workers=[{"experience": 2, "used": "blue"}]), "inputs.workers.0.used"),
        (dict(era="III"), "inputs.era"),
        (dict(academy="mine"), "inputs.academy"),
        (dict(novices={"first": -1, "second": 0}), "inputs.novices.first"),
        (dict(novices={"first": 0}), "inputs.novices.second"),
        (dict(pay_academy="yes"), "inputs.pay_academy"),
        (dict(gold=-1), "inputs.gold"),
        (dict(workers=[{"experience": 1, "used": "none"}] * 9), "inputs.workers"),
    ],
)
def test_upkeep_invalid(kw, path):
    assert path in invalid("upkeep", upkeep_raw(**kw))


def test_upkeep_missing_required_field():
    raw = upkeep_raw()
    del raw["academy"]
    assert "inputs.academy" in invalid("upkeep", raw)


worker_st = st.fixed_dictionaries(
    {"experience": st.integers(1, 6), "used": st.sampled_from(["build", "red", "other", "none"])}
)
upkeep_st = st.fixed_dictionaries(
    {
        "era": st.sampled_from(["I", "II"]),
        "novices": st.fixed_dictionaries({"first": st.integers(0, 8), "second": st.integers(0, 8)}),
        "academy": st.sampled_from(["own", "other", "none"]),
        "pay_academy": st.booleans(),
        "stone": st.integers(0, 3),
        "workers": st.lists(worker_st, max_size=8),
        "retired": st.integers(0, 8),
        "wage_per_active": st.integers(0, 99),
        "pension_per_retired": st.integers(0, 99),
        "gold": st.integers(0, 9999),
        "morale": st.integers(-10, 10),
        "morale_min": st.integers(-99, -10),
        "villagers": st.integers(0, 8),
    }
)


@settings(max_examples=200, deadline=None)
@given(raw=upkeep_st)
def test_upkeep_invariants(raw):
    out = rule("upkeep", raw).outcome
    # Experience stays on a die (pr.concepts.workers-dice) and is listed highest first.
    assert all(1 <= e <= 5 for e in out["workers"])
    assert out["workers"] == sorted(out["workers"], reverse=True)
    # pr.upkeep.retirement: 12 (era I) or 8 (era II) favor per retiree.
    assert out["favor_from_retirement"] == out["retired_now"] * {"I": 12, "II": 8}[raw["era"]]
    assert out["retired"] == raw["retired"] + out["retired_now"]
    # No worker is lost or created.
    assert len(out["workers"]) + out["retired_now"] == len(raw["workers"]) + out["promoted"]
    n = raw["novices"]
    assert out["promoted"] + out["novices"]["second"] == n["first"] + n["second"]
    # Every missing gold costs a morale level or 5 favor (pr.upkeep.wage-shortfall).
    missing = max(0, out["wages_due"] - raw["gold"])
    assert (raw["morale"] - out["morale_after"]) + out["favor_penalty"] // 5 == missing
    assert out["morale_after"] >= raw["morale_min"] and out["gold_after"] >= 0
    assert out["stone_paid"] in (0, 1) and out["stone_paid"] <= raw["stone"]


# --------------------------------------------------------------------------- final-scoring


@pytest.mark.parametrize(
    "raw, expected",
    [
        # pr.final.active-workers (1 favor per experience, a gap), pr.final.novices, pr.final.morale,
        # pr.final.convert-resources, pr.final.gold-to-favor (remainder lost).
        (
            {
                "favor": 62,
                "active_workers": [5, 3, 1],
                "novices": 2,
                "morale_favor": 3,
                "resources": {"gold": 7, "wood": 4, "stone": 2, "marble": 1, "weapons": 0},
                "rates": {"wood": 2, "stone": 2, "marble": 3, "weapons": 3},
            },
            {"workers": 9, "novices": 2, "morale": 3, "gold_total": 22, "resources_favor": 2, "total": 78},
        ),
        # Negative morale, exactly 10 gold, nothing else.
        (
            {"favor": 40, "active_workers": [], "novices": 0, "morale_favor": -4, "resources": {"gold": 10}},
            {"workers": 0, "novices": 0, "morale": -4, "gold_total": 10, "resources_favor": 1, "total": 37},
        ),
        # 9 gold scores nothing.
        (
            {"favor": 0, "active_workers": [6], "resources": {"weapons": 3}, "rates": {"weapons": 3}},
            {"workers": 6, "novices": 0, "morale": 0, "gold_total": 9, "resources_favor": 0, "total": 6},
        ),
    ],
    ids=["table", "negative-morale", "remainder-lost"],
)
def test_final_scoring(raw, expected):
    result = rule("final-scoring", raw)
    assert result.outcome == expected
    assert keys(result) == [
        "pr.final.active-workers",
        "pr.final.novices",
        "pr.final.morale",
        "pr.final.convert-resources",
        "pr.final.gold-to-favor",
    ]
    assert gap_keys(result) == (["pr.final.active-workers"] if raw["active_workers"] else [])


@pytest.mark.parametrize(
    "kw, path",
    [
        ({"resources": {"wood": 3}}, "inputs.rates.wood"),  # no market rate for a held resource
        ({"resources": {"gold": 3}, "rates": {"gold": 2}}, "inputs.rates.gold"),
        ({"resources": {"iron": 3}}, "inputs.resources.iron"),
        ({"active_workers": [0]}, "inputs.active_workers.0"),
        ({"active_workers": [7]}, "inputs.active_workers.0"),
        ({"novices": -1}, "inputs.novices"),
        ({"resources": {"wood": -1}, "rates": {"wood": 1}}, "inputs.resources.wood"),
    ],
)
def test_final_scoring_invalid(kw, path):
    raw = {"favor": 10, "active_workers": [2], **kw}
    assert path in invalid("final-scoring", raw)


@settings(max_examples=200, deadline=None)
@given(
    favor=st.integers(-999, 9999),
    workers=st.lists(st.integers(1, 6), max_size=8),
    qty=st.dictionaries(
        st.sampled_from(["gold", "wood", "stone", "marble", "weapons"]), st.integers(0, 9999)
    ),
    rate=st.integers(0, 99),
)
def test_final_scoring_adds_up(favor, workers, qty, rate):
    rates = {r: rate for r in ("wood", "stone", "marble", "weapons")}
    out = rule(
        "final-scoring", {"favor": favor, "active_workers": workers, "resources": qty, "rates": rates}
    ).outcome
    assert out["resources_favor"] == out["gold_total"] // 10
    assert out["total"] == favor + sum(workers) + out["resources_favor"]


# --------------------------------------------------------------------------- winner


def _w(name, favor, morale=0, walls=0, city_tiles=5, age=30):
    return {
        "name": name,
        "favor": favor,
        "morale": morale,
        "walls": walls,
        "city_tiles": city_tiles,
        "age": age,
    }


@pytest.mark.parametrize(
    "players, winner, ranking, decided_by, last_step, gaps",
    [
        # pr.victory.most-favor
        ([_w("A", 50), _w("B", 61), _w("C", 40)], "B", ["B", "A", "C"], "favor", "pr.victory.most-favor", []),
        # pr.victory.tiebreak-morale
        ([_w("A", 50, 2), _w("B", 50, 4)], "B", ["B", "A"], "morale", "pr.victory.tiebreak-morale", []),
        # pr.victory.tiebreak-walls
        ([_w("A", 50, 2, 3), _w("B", 50, 2, 1)], "A", ["A", "B"], "walls", "pr.victory.tiebreak-walls", []),
        # pr.victory.tiebreak-city-tiles: '-' read as fewer wins (a gap).
        (
            [_w("A", 50, 2, 1, 8), _w("B", 50, 2, 1, 6), _w("C", 49)],
            "B",
            ["B", "A", "C"],
            "city_tiles",
            "pr.victory.tiebreak-city-tiles",
            ["pr.victory.tiebreak-city-tiles"],
        ),
        # pr.victory.youngest: equal city tiles, so the '-' does not matter (no gap).
        (
            [_w("A", 50, 2, 1, 6, 40), _w("B", 50, 2, 1, 6, 25)],
            "B",
            ["B", "A"],
            "age",
            "pr.victory.youngest",
            [],
        ),
        # Tied on everything, the age in years included: no winner, a gap.
        (
            [_w("A", 50), _w("B", 50), _w("C", 10)],
            None,
            ["A", "B", "C"],
            "age",
            "pr.victory.youngest",
            ["pr.victory.youngest"],
        ),
    ],
    ids=["favor", "morale", "walls", "city-tiles", "youngest", "total-tie"],
)
def test_winner(players, winner, ranking, decided_by, last_step, gaps):
    result = rule("winner", {"players": players})
    assert result.outcome == {"winner": winner, "ranking": ranking, "decided_by": decided_by}
    assert keys(result)[0] == "pr.victory.most-favor"
    assert keys(result)[-1] == last_step
    assert gap_keys(result) == gaps


@pytest.mark.parametrize(
    "players, path",
    [
        ([_w("A", 5), _w("A", 6)], "inputs.players.1.name"),
        ([_w("A", 5), {**_w("B", 6), "walls": 15}], "inputs.players.1.walls"),
        ([_w("A", 5), {**_w("B", 6), "age": -1}], "inputs.players.1.age"),
        ([_w("A", 5)], "inputs.players"),
        ([_w("A", 5), {"name": "B", "favor": 3}], "inputs.players.1.morale"),
    ],
)
def test_winner_invalid(players, path):
    assert path in invalid("winner", {"players": players})


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3), st.integers(-2, 2), st.integers(0, 2), st.integers(0, 2), st.integers(20, 22)
        ),
        min_size=2,
        max_size=5,
    )
)
def test_winner_has_the_most_favor(rows):
    players = [_w(f"P{k}", *row) for k, row in enumerate(rows)]
    out = rule("winner", {"players": players}).outcome
    assert sorted(out["ranking"]) == sorted(p["name"] for p in players)
    top = max(p["favor"] for p in players)
    if out["winner"] is not None:
        assert out["winner"] == out["ranking"][0]
        assert next(p for p in players if p["name"] == out["winner"])["favor"] == top


# --------------------------------------------------------------------------- activation


def _tile(kind, owner=None, fee=2, used=False):
    return {"kind": kind, "owner": owner, "fee": fee, "used_this_round": used}


@pytest.mark.parametrize(
    "tile, player_used, expected, steps, gaps",
    [
        # pr.actions.activate-fee: another player's tile costs its fee; red gives experience.
        (
            _tile("red", "B"),
            False,
            (True, True, 2, True, True),
            [
                "pr.actions.activate-place",
                "pr.actions.activate-once-per-round",
                "pr.actions.activate-fee",
                "pr.upkeep.red-experience",
            ],
            [],
        ),
        # own tile: no fee; green: no experience (gap against the concepts' wording).
        (
            _tile("green", "A"),
            False,
            (True, False, 0, True, False),
            [
                "pr.actions.activate-place",
                "pr.actions.activate-once-per-round",
                "pr.actions.activate-fee",
                "pr.upkeep.no-experience",
            ],
            ["pr.concepts.workers-dice"],
        ),
        # start tile (no owner): free.
        (
            _tile("red", None),
            False,
            (True, False, 0, True, True),
            [
                "pr.actions.activate-place",
                "pr.actions.activate-once-per-round",
                "pr.actions.activate-fee",
                "pr.upkeep.red-experience",
            ],
            [],
        ),
        # pr.actions.activate-once-per-round: used by anyone this round.
        (
            _tile("red", "B", used=True),
            False,
            (False, False, 0, True, False),
            ["pr.actions.activate-place", "pr.actions.activate-once-per-round"],
            [],
        ),
        # pr.actions.special-*: grey, another player's: pay, no worker; others' use does not block.
        (
            _tile("grey", "B", fee=3, used=True),
            False,
            (True, True, 3, False, False),
            ["pr.actions.special-once-per-player", "pr.actions.special-fee", "pr.upkeep.no-experience"],
            [],
        ),
        # grey, already used by this player this round.
        (
            _tile("grey", "B"),
            True,
            (False, False, 0, False, False),
            ["pr.actions.special-once-per-player", "pr.actions.special-fee"],
            [],
        ),
        # grey, own tile: the fee to oneself (a gap).
        (
            _tile("grey", "A"),
            False,
            (True, False, 0, False, False),
            ["pr.actions.special-once-per-player", "pr.actions.special-fee", "pr.upkeep.no-experience"],
            ["pr.actions.special-fee"],
        ),
        # grey with no owner (a gap).
        (
            _tile("grey", None),
            False,
            (True, False, 0, False, False),
            ["pr.actions.special-once-per-player", "pr.actions.special-fee", "pr.upkeep.no-experience"],
            ["pr.actions.special-fee"],
        ),
    ],
    ids=[
        "red-other",
        "green-own",
        "red-start",
        "used",
        "grey-other",
        "grey-twice",
        "grey-own",
        "grey-unowned",
    ],
)
def test_activation(tile, player_used, expected, steps, gaps):
    result = rule("activation", {"player": "A", "tile": tile, "player_used_this_round": player_used})
    out = result.outcome
    assert (
        out["allowed"],
        out["pays_owner"],
        out["fee_due"],
        out["needs_worker"],
        out["gains_experience"],
    ) == expected
    assert keys(result) == steps
    assert gap_keys(result) == gaps


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"player": "A", "tile": _tile("blue")}, "inputs.tile.kind"),
        ({"player": "A", "tile": _tile("red", fee=-1)}, "inputs.tile.fee"),
        ({"player": "", "tile": _tile("red")}, "inputs.player"),
        ({"player": "A", "tile": {**_tile("red"), "used_this_round": 1}}, "inputs.tile.used_this_round"),
        ({"player": "A"}, "inputs.tile"),
    ],
)
def test_activation_invalid(raw, path):
    assert path in invalid("activation", raw)


# --------------------------------------------------------------------------- last-round


@pytest.mark.parametrize(
    "city, wall, last",
    [
        (0, 5, True),  # pr.upkeep.city-deck-empty
        (7, 0, True),  # pr.upkeep.wall-deck-empty
        (0, 0, True),
        (1, 1, False),
    ],
)
def test_last_round(city, wall, last):
    result = rule("last-round", {"city_deck": city, "wall_deck": wall})
    assert result.outcome == {"next_is_last": last}
    assert keys(result) == [
        "pr.upkeep.last-round-check",
        "pr.upkeep.city-deck-empty",
        "pr.upkeep.wall-deck-empty",
    ]
    assert result.gaps == ()


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"city_deck": -1, "wall_deck": 2}, "inputs.city_deck"),
        ({"city_deck": 1, "wall_deck": 15}, "inputs.wall_deck"),
        ({"city_deck": 1}, "inputs.wall_deck"),
        ({"city_deck": True, "wall_deck": 1}, "inputs.city_deck"),
    ],
)
def test_last_round_invalid(raw, path):
    assert path in invalid("last-round", raw)


# --------------------------------------------------------------------------- whole module


def test_disputes_registered():
    found = {d.key: d for d in engine.disputes_for(GAME)}
    assert {"city-tiles-tiebreak", "grey-tile-own-fee", "final-scoring-by-experience"} <= set(found)
    assert "pr.victory.tiebreak-city-tiles" in found["city-tiles-tiebreak"].clauses
    assert "pr.actions.special-fee" in found["grey-tile-own-fee"].clauses
    assert "pr.final.active-workers" in found["final-scoring-by-experience"].clauses
    # Each worked example actually hits the disputed point (it raises the gap).
    for d in found.values():
        result = rule(d.adjudicator, d.inputs)
        assert any(g.clause in d.clauses for g in result.gaps), d.key


json_st = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from([a.name for a in engine.for_game(GAME)]), data=st.data())
def test_any_json_rules_or_is_invalid(name, data):
    adj = engine.get(GAME, name)
    # Start from a valid example and break one field, or send arbitrary JSON.
    base = dict(adj.examples[0])
    if data.draw(st.booleans()):
        field = data.draw(st.sampled_from(sorted(base)))
        base[field] = data.draw(json_st)
        raw = base
    else:
        raw = data.draw(json_st)
    try:
        inputs = adj.validate(raw, rules=RULES)
    except Invalid as exc:
        assert exc.errors
        return
    result = adj(inputs, variant="original", rules=RULES)
    assert result.steps and isinstance(result.outcome, dict)
