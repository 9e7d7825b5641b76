"""Praetor (seed 001) adjudicators, case by case against the overview's clauses (no database).

Every ruling goes through the ``referee`` fixture (tests/games/adjudicators/conftest.py),
which also checks that each cited clause is declared; ``referee.with_params(...)`` rules
as a draft edition whose words changed a figure would.
"""

import re
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from games.snapshot import from_corpus
from tests.cases import load_cases
from tests.games.referee import CASES, PROPERTY, install_cases

GAME = "praetor"
PACKAGE = Path(engine.get(GAME, "upkeep").source[0]).parent


# --------------------------------------------------------------------------- starting-favor


@PROPERTY
@given(n=st.integers(2, 5), data=st.data())
def test_starting_favor_descends_by_one_and_orders_ascending(referee, n, data):
    seating = [f"P{k}" for k in range(n)]
    last = data.draw(st.sampled_from(seating))
    out = referee.rule("starting-favor", {"seating": seating, "last_in_rome": last}).outcome
    assert sorted(out["favor"].values()) == list(range(11 - n, 11))
    assert out["favor"][last] == 10
    assert [out["favor"][p] for p in out["order"]] == sorted(out["favor"].values())


# --------------------------------------------------------------------------- turn-order


def _p(name, favor, stack=1):
    return {"name": name, "favor": favor, "stack": stack}


def test_turn_order_stack_only_matters_on_ties(referee):
    # Same height on different favor spaces is fine.
    assert referee.rule("turn-order", {"players": [_p("A", 5, 2), _p("B", 6, 2)]}).outcome == {
        "order": ["A", "B"]
    }


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
            ["pr.upkeep.academy-own", "pr.upkeep.novice-second-space"],
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
def test_upkeep_novices(referee, kw, novices, promoted, stone_paid, gaps):
    result = referee.rule("upkeep", upkeep_raw(**kw))
    out = result.outcome
    assert out["novices"] == novices
    assert out["promoted"] == promoted
    assert out["stone_paid"] == stone_paid
    # Newly active novices join at 1 experience (pr.tiles.workers-camp) next to the returned worker (2).
    assert out["workers"] == [2] + [1] * promoted
    assert referee.gaps(result) == gaps
    assert referee.steps(result)[0] == "pr.upkeep.novices-move"
    assert ("pr.tiles.workers-camp" in referee.steps(result)) == bool(promoted)


def test_upkeep_paying_academy_cites_the_academy_tile(referee):
    result = referee.rule(
        "upkeep", upkeep_raw(novices={"first": 1, "second": 0}, academy="other", pay_academy=True, stone=1)
    )
    assert referee.steps(result)[:4] == [
        "pr.upkeep.novices-move",
        "pr.upkeep.academy-other",
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
def test_upkeep_experience_and_retirement(referee, workers, era, after, retired_now, favor, step):
    raw = upkeep_raw(era=era, retired=1, workers=[{"experience": e, "used": u} for u, e in workers])
    result = referee.rule("upkeep", raw)
    out = result.outcome
    assert out["workers"] == after
    assert out["retired_now"] == retired_now
    assert out["retired"] == 1 + retired_now
    assert out["favor_from_retirement"] == favor
    assert step[0] in referee.steps(result)
    assert referee.steps(result).index("pr.upkeep.return-workers") < referee.steps(result).index(
        "pr.upkeep.retirement"
    )
    assert result.gaps == ()


def test_upkeep_experience_caps_at_six_with_a_gap(referee):
    # pr.concepts.workers-dice: a worker is a die; 6 + 1 stays 6 and retires.
    result = referee.rule("upkeep", upkeep_raw(workers=[{"experience": 6, "used": "build"}]))
    assert result.outcome["retired_now"] == 1
    assert result.outcome["workers"] == []
    assert referee.gaps(result) == ["pr.concepts.workers-dice"]


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
def test_upkeep_wages(referee, kw, wages, gold_after, morale_after, penalty, gapped):
    workers = [{"experience": e, "used": "other"} for e in (1, 2, 3)]
    result = referee.rule("upkeep", upkeep_raw(workers=workers, retired=2, **kw))
    expected = {
        "wages_due": wages,
        "gold_after": gold_after,
        "morale_after": morale_after,
        "favor_penalty": penalty,
    }
    assert {k: result.outcome[k] for k in expected} == expected
    assert ("pr.upkeep.wage-shortfall" in referee.steps(result)) == (gold_after == 0 and wages > kw["gold"])
    assert referee.gaps(result) == (["pr.upkeep.wage-shortfall"] if gapped else [])


def test_upkeep_newly_retired_and_promoted_are_paid(referee):
    # pr.upkeep.wages-due: "all active and retired workers" after steps 1-3.
    raw = upkeep_raw(
        novices={"first": 0, "second": 1},
        workers=[{"experience": 5, "used": "red"}],
        retired=1,
        wage_per_active=3,
        pension_per_retired=2,
        gold=100,
    )
    out = referee.rule("upkeep", raw).outcome
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
def test_upkeep_emergency_worker(referee, workers, novices, villagers, may_buy):
    result = referee.rule("upkeep", upkeep_raw(workers=workers, novices=novices, villagers=villagers))
    assert result.outcome["may_buy_emergency_worker"] is may_buy
    assert referee.steps(result)[-1] == "pr.upkeep.emergency-worker"


def test_upkeep_missing_required_field(referee):
    raw = upkeep_raw()
    del raw["academy"]
    assert "inputs.academy" in referee.errors("upkeep", raw)


worker_st = st.fixed_dictionaries(
    {"experience": st.integers(1, 6), "used": st.sampled_from(["build", "red", "other", "none"])}
)
upkeep_st = st.fixed_dictionaries(
    {
        "era": st.sampled_from(["I", "II"]),
        "novices": st.fixed_dictionaries({"first": st.integers(0, 2), "second": st.integers(0, 2)}),
        "academy": st.sampled_from(["own", "other", "none"]),
        "pay_academy": st.booleans(),
        "stone": st.integers(0, 3),
        "workers": st.lists(worker_st, max_size=8),
        "retired": st.integers(0, 3),
        "wage_per_active": st.integers(0, 99),
        "pension_per_retired": st.integers(0, 99),
        "gold": st.integers(0, 9999),
        "morale": st.integers(-10, 10),
        "morale_min": st.integers(-99, -10),
        "villagers": st.integers(0, 3),
    }
)


@PROPERTY
@given(raw=upkeep_st)
def test_upkeep_invariants(referee, raw):
    # pr.components.dice-and-discs: a player's workers, wherever they are, are at most 8 dice.
    n = raw["novices"]
    assume(n["first"] + n["second"] + len(raw["workers"]) + raw["retired"] + raw["villagers"] <= 8)
    out = referee.rule("upkeep", raw).outcome
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


@PROPERTY
@given(
    favor=st.integers(-999, 9999),
    workers=st.lists(st.integers(1, 6), max_size=8),
    qty=st.dictionaries(
        st.sampled_from(["gold", "wood", "stone", "marble", "weapons"]), st.integers(0, 9999)
    ),
    rate=st.integers(0, 99),
)
def test_final_scoring_adds_up(referee, favor, workers, qty, rate):
    rates = {r: rate for r in ("wood", "stone", "marble", "weapons")}
    raw = {"favor": favor, "active_workers": workers, "resources": qty, "rates": rates}
    result = referee.rule("final-scoring", raw)
    out = result.outcome
    assert out["resources_favor"] == out["gold_total"] // 10
    # pr.final.active-workers prints no figure: without it the workers' favor and the total are
    # open, and the gap's reading (1 per point) gives them, as the printed figures 1..6 do.
    printed = referee.rule("final-scoring", {**raw, "worker_favor": {str(e): e for e in range(1, 7)}})
    assert printed.outcome["total"] == favor + sum(workers) + out["resources_favor"]
    if workers:
        assert out["workers"] is None and out["total"] is None
        (gap,) = result.gaps
        (reading,) = gap.readings
        assert dict(reading.outcome) == {"workers": sum(workers), "total": printed.outcome["total"]}
    else:
        assert out["total"] == printed.outcome["total"] and result.gaps == ()


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
def test_winner(referee, players, winner, ranking, decided_by, last_step, gaps):
    result = referee.rule("winner", {"players": players})
    assert result.outcome == {"winner": winner, "ranking": ranking, "decided_by": decided_by}
    assert referee.steps(result)[0] == "pr.victory.most-favor"
    assert referee.steps(result)[-1] == last_step
    assert referee.gaps(result) == gaps


@PROPERTY
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3), st.integers(-2, 2), st.integers(0, 2), st.integers(0, 2), st.integers(20, 22)
        ),
        min_size=2,
        max_size=5,
    )
)
def test_winner_has_the_most_favor(referee, rows):
    players = [_w(f"P{k}", *row) for k, row in enumerate(rows)]
    out = referee.rule("winner", {"players": players}).outcome
    assert sorted(out["ranking"]) == sorted(p["name"] for p in players)
    top = max(p["favor"] for p in players)
    if out["winner"] is not None:
        assert out["winner"] == out["ranking"][0]
        assert next(p for p in players if p["name"] == out["winner"])["favor"] == top


# --------------------------------------------------------------------------- city-tile, refill, pass

TILES = [
    "gold-mine", "lumber-camp", "quarry", "marble-quarry", "smithy", "senate", "forum", "temple-maia",
    "temple-apollo", "temple-plutus", "temple-mercury", "temple-venus", "arena", "oracle", "workers-camp",
    "academy", "labour-camp", "statue", "triumphal-arch",
]  # fmt: skip


@PROPERTY
@given(
    tile=st.sampled_from(TILES),
    owner=st.sampled_from([None, "A", "B"]),
    fee=st.integers(0, 5),
    used=st.booleans(),
    xp=st.integers(1, 6),
    counts=st.tuples(*[st.integers(0, 4)] * 4),
    wood=st.integers(0, 9),
)
def test_city_tile_invariants(referee, tile, owner, fee, used, xp, counts, wood):
    active, retired, villagers, tiles = counts
    assume(active + retired + villagers <= 8)  # pr.components.dice-and-discs: 8 dice of a colour
    raw = {
        "player": "A", "tile": tile, "owner": owner, "fee": fee, "used_this_round": used, "experience": xp,
        "active_workers": active, "retired": retired, "villagers": villagers, "city_tiles": tiles,
        "resources": {"wood": wood}, "printed_yield": xp,
    }  # fmt: skip
    out = referee.rule("city-tile", raw).outcome
    # pr.actions.activate-fee / special-fee: only another player's tile is paid for, its printed fee.
    assert out["fee_due"] == (fee if out["pays_owner"] else 0)
    assert not out["pays_owner"] or (out["allowed"] and owner == "B")
    # Statues, arches and the academy are never activated as an action; a used tile neither.
    if tile in ("statue", "triumphal-arch", "academy") or used:
        assert not out["allowed"]
    # Only the smithy spends (its wood, into as many weapons, never more than is owned).
    spent = {r: n for r, n in out["resources"].items() if n < 0}
    assert spent == ({"wood": -out["resources"]["weapons"]} if tile == "smithy" and spent else {})
    assert -spent.get("wood", 0) <= wood


@PROPERTY
@given(
    players=st.integers(2, 5),
    available=st.integers(0, 6),
    deck=st.integers(0, 36),
    walls=st.integers(0, 1),
    wall_deck=st.integers(0, 13),
    last=st.booleans(),
)
def test_refill_turns_up_to_players_plus_one(referee, players, available, deck, walls, wall_deck, last):
    # The last reveal stopped at players + 1 (pr.upkeep.refill-city-tiles); more is refused.
    assume(available <= players + 1)
    raw = {
        "players": players, "available": available, "city_deck": deck, "walls_available": walls,
        "wall_deck": wall_deck, "last_round": last,
    }  # fmt: skip
    out = referee.rule("refill", raw).outcome
    assert out["turned_up"] + out["city_deck_after"] == deck
    if last:  # pr.upkeep.maintain-city: skipped in the last round.
        assert out["turned_up"] == 0 and out["walls_removed"] == 0 and not out["wall_turned_up"]
    else:  # pr.upkeep.refill-city-tiles: up to players + 1, as far as the stack goes.
        assert out["available_after"] == max(available, min(players + 1, available + deck))
        assert out["walls_removed"] == walls and out["wall_turned_up"] == (wall_deck > 0)


@PROPERTY
@given(rows=st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=2, max_size=5), data=st.data())
def test_pass_never_gives_a_turn_to_a_player_who_passed(referee, rows, data):
    players = [{"name": f"P{k}", "workers": w, "passed": p} for k, (w, p) in enumerate(rows)]
    last = data.draw(st.sampled_from([None] + [p["name"] for p in players]))
    out = referee.rule("pass", {"players": players, "last": last}).outcome
    assert out["phase_over"] == all(p["passed"] for p in players)
    if out["next"] is not None:
        nxt = next(p for p in players if p["name"] == out["next"])
        assert not nxt["passed"] and out["next_must_pass"] == (nxt["workers"] == 0)


# --------------------------------------------------------------------------- whole module


def test_disputes_registered(referee):
    found = {d.key: d for d in engine.disputes_for(GAME)}
    assert {"city-tiles-tiebreak", "grey-tile-own-fee", "final-scoring-by-experience"} <= set(found)
    assert "pr.victory.tiebreak-city-tiles" in found["city-tiles-tiebreak"].clauses
    assert "pr.actions.special-fee" in found["grey-tile-own-fee"].clauses
    assert "pr.final.active-workers" in found["final-scoring-by-experience"].clauses
    # Each worked example actually hits the disputed point (it raises the gap).
    for d in found.values():
        result = referee.rule(d.adjudicator, d.inputs)
        assert any(g.clause in d.clauses for g in result.gaps), d.key


# --------------------------------------------------------------------------- the words of the text


def test_every_parameter_the_package_reads_is_stated_by_the_text():
    # A static scan: each rules.param("…") / P("…") of the package names a binding of the corpus.
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'(?:param|\bP)\("([a-z0-9_]+)"\)', path.read_text(encoding="utf-8")))
    stated = from_corpus(GAME).params
    assert used and used <= set(stated)
    assert set(stated) <= used  # no binding nobody reads


def test_declared_clauses_are_exactly_the_cited_ones():
    # Every key a module cites in a step or gap (as a literal) is declared by some adjudicator of it,
    # and every declared key is a literal of the package (a step can find it).
    source = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    cited = set(re.findall(r'"(pr\.[a-z0-9.-]+)"', source))
    declared = {key for a in engine.for_game(GAME) for key in a.clauses}
    # A clause that only rules a situation out (a 400) is named by a refused worked example instead.
    refusing = {
        k for a in engine.for_game(GAME) for ex in a.refused for keys in ex.clauses.values() for k in keys
    }
    assert cited <= declared | refusing, cited - declared - refusing
    assert declared <= cited


def _case_inputs(section):
    """The raw inputs of every case of a section of cases/praetor.json."""
    cases = load_cases(CASES / "praetor.json")[section]
    return [
        {**case.get("base", {}), **case["raw"]} for case in cases if "raw" in case and "params" not in case
    ]


# Inputs that together make each adjudicator cite every clause it declares (pr.concepts.workers-dice
# is cited only by gaps: the green-tile and the experience-cap assumptions).
_COVERING = {
    "starting-favor": [{"seating": ["A", "B"], "last_in_rome": "A"}],
    "turn-order": [{"players": [{"name": "A", "favor": 1}, {"name": "B", "favor": 1, "stack": 2}]}],
    "activation": [
        {"player": "A", "tile": {"kind": "red", "owner": "B", "fee": 1}},
        {"player": "A", "tile": {"kind": "green", "owner": None, "fee": 1}},
        {"player": "A", "tile": {"kind": "grey", "owner": "B", "fee": 1}},
    ],
    "upkeep": [
        {
            **ex,
            "workers": [
                {"experience": 6, "used": "build"},
                {"experience": 2, "used": "red"},
                {"experience": 2, "used": "none"},
            ],
        }
        for ex in engine.get(GAME, "upkeep").examples
    ]
    + [upkeep_raw(novices={"first": 1, "second": 0}, academy="own")],
    "final-scoring": engine.get(GAME, "final-scoring").examples,
    "winner": [
        {
            "players": [
                {"name": n, "favor": 1, "morale": 0, "walls": 0, "city_tiles": 3, "age": a}
                for n, a in (("A", 30), ("B", 40))
            ]
        }
    ],
    "last-round": [{"city_deck": 0, "wall_deck": 0}],
    "city-tile": _case_inputs("city_tile"),
    "market": _case_inputs("market"),
    "imperial-outpost": _case_inputs("imperial_outpost"),
    "build": _case_inputs("build"),
    "pass": _case_inputs("pass"),
    "refill": _case_inputs("refill"),
    "game-end": _case_inputs("game_end"),
    "setup": _case_inputs("setup"),
}


@pytest.mark.parametrize("name", sorted(_COVERING))
def test_every_declared_clause_is_cited_by_a_step(referee, name):
    cited = set()
    for raw in _COVERING[name]:
        result = referee.rule(name, raw)
        cited |= set(referee.steps(result)) | set(referee.gaps(result))
    assert cited == set(referee.adj(name).clauses)


# --------------------------------------------------------------------------- rulings follow the parameters


@pytest.mark.parametrize(
    "params, favor, text",
    [
        (
            {},
            {"A": 8, "B": 9, "C": 10, "D": 7},
            "C was most recently in Rome and starts on 10 favor; the others, counter-clockwise, 1 less each: "
            "C 10, B 9, A 8, D 7.",
        ),
        (
            {"start_favor": 12, "start_favor_step": 2},
            {"A": 8, "B": 10, "C": 12, "D": 6},
            "C was most recently in Rome and starts on 12 favor; the others, counter-clockwise, 2 less each: "
            "C 12, B 10, A 8, D 6.",
        ),
        (
            {"start_favor_direction": "cw"},
            {"A": 8, "B": 7, "C": 10, "D": 9},
            "C was most recently in Rome and starts on 10 favor; the others, clockwise, 1 less each: "
            "C 10, D 9, A 8, B 7.",
        ),
    ],
    ids=["as-written", "12-less-2", "clockwise"],
)
def test_starting_favor_follows_its_parameters(referee, params, favor, text):
    result = referee.with_params(**params).rule(
        "starting-favor", {"seating": list("ABCD"), "last_in_rome": "C"}
    )
    assert result.outcome["favor"] == favor
    assert result.steps[0].explanation == text


def test_player_count_follows_the_player_boards(referee):
    four = referee.with_params(max_players=4)
    assert "inputs.seating" in four.errors("starting-favor", {"seating": list("ABCDE"), "last_in_rome": "A"})
    six = referee.with_params(max_players=6)
    assert six.outcome("starting-favor", {"seating": list("ABCDEF"), "last_in_rome": "A"})["order"][-1] == "A"
    players = [{"name": n, "favor": 5, "stack": k} for k, n in enumerate("ABCDEF", 1)]
    assert six.outcome("turn-order", {"players": players})["order"] == list("FEDCBA")
    assert "inputs.players" in referee.errors("turn-order", {"players": players})


@pytest.mark.parametrize(
    "params, kw, expected",
    [
        # pr.upkeep.retirement: the era's favor per retiree.
        (
            {"retirement_favor_era_1": 10},
            {"workers": [{"experience": 5, "used": "build"}]},
            {"favor_from_retirement": 10},
        ),
        (
            {"retirement_favor_era_2": 7},
            {"era": "II", "workers": [{"experience": 5, "used": "red"}] * 2},
            {"favor_from_retirement": 14, "retired_now": 2},
        ),
        # ... and the experience at which a worker retires.
        (
            {"retirement_experience": 5},
            {"workers": [{"experience": 4, "used": "build"}, {"experience": 3, "used": "other"}]},
            {"retired_now": 1, "workers": [3]},
        ),
        # pr.upkeep.build-experience / red-experience: the experience gained.
        (
            {"build_experience": 2, "red_experience": 3},
            {"workers": [{"experience": 1, "used": "build"}, {"experience": 1, "used": "red"}]},
            {"workers": [4, 3]},
        ),
        # pr.concepts.workers-dice: the cap (and the input bound) follow experience_cap.
        (
            {"experience_cap": 8, "retirement_experience": 8},
            {"workers": [{"experience": 7, "used": "build"}, {"experience": 6, "used": "red"}]},
            {"retired_now": 1, "workers": [7]},
        ),
        # pr.tiles.workers-camp: newly active novices join at the recruits' experience.
        (
            {"novice_experience": 2},
            {"novices": {"first": 0, "second": 2}},
            {"workers": [2, 2, 2], "promoted": 2},
        ),
        # pr.upkeep.novice-first-space: the academy's price in stone.
        (
            {"academy_stone": 2},
            {"novices": {"first": 1, "second": 0}, "academy": "other", "pay_academy": True, "stone": 2},
            {"stone_paid": 2, "promoted": 1},
        ),
        (
            {"academy_stone": 2},
            {"novices": {"first": 1, "second": 0}, "academy": "other", "pay_academy": True, "stone": 1},
            {"stone_paid": 0, "promoted": 0, "novices": {"first": 0, "second": 1}},
        ),
        # pr.upkeep.wage-shortfall: favor per missing gold at the minimum ...
        ({"shortfall_favor": 3}, {"gold": 0, "morale": -3, "wage_per_active": 4}, {"favor_penalty": 12}),
        # ... and morale levels per missing gold: 3 gold missing, 2 levels each from 0 to -3:
        # two gold go to morale (the second only in part), the third costs favor.
        (
            {"shortfall_morale": 2},
            {"gold": 0, "wage_per_active": 3},
            {"morale_after": -3, "favor_penalty": 5},
        ),
        # pr.upkeep.emergency-worker: the villagers it takes.
        ({"emergency_villagers": 2}, {"workers": [], "villagers": 1}, {"may_buy_emergency_worker": False}),
    ],
    ids=[
        "era-1-favor",
        "era-2-favor",
        "retire-at-5",
        "experience-gains",
        "cap-8",
        "novices-at-2",
        "academy-2-stone",
        "academy-2-stone-short",
        "shortfall-3-favor",
        "shortfall-2-levels",
        "emergency-needs-2",
    ],
)
def test_upkeep_follows_its_parameters(referee, params, kw, expected):
    out = referee.with_params(**params).outcome("upkeep", upkeep_raw(**kw))
    assert {k: out[k] for k in expected} == expected
    # The same inputs under the overview as written rule otherwise (or are refused, when the
    # parameter also moved an input's bound).
    try:
        written = referee.outcome("upkeep", upkeep_raw(**kw))
    except Invalid as exc:
        assert exc.errors
        return
    assert {k: written[k] for k in expected} != expected


def test_emergency_worker_with_enough_villagers(referee):
    raw = upkeep_raw(workers=[], villagers=2)
    assert (
        referee.with_params(emergency_villagers=2).outcome("upkeep", raw)["may_buy_emergency_worker"] is True
    )


@pytest.mark.parametrize(
    "params, kw, clause, text",
    [
        (
            {},
            {"workers": [{"experience": 5, "used": "build"}]},
            "pr.upkeep.retirement",
            "1 worker at 6 experience retires in era I: 1 × 12 = 12 favor.",
        ),
        (
            {"retirement_experience": 5, "retirement_favor_era_1": 9},
            {"workers": [{"experience": 4, "used": "build"}]},
            "pr.upkeep.retirement",
            "1 worker at 5 experience retires in era I: 1 × 9 = 9 favor.",
        ),
        (
            {"build_experience": 2},
            {"workers": [{"experience": 1, "used": "build"}]},
            "pr.upkeep.build-experience",
            "Workers used to build gain 2 experience: 1→3.",
        ),
        (
            {"academy_stone": 2},
            {"novices": {"first": 1, "second": 0}, "academy": "other", "pay_academy": True, "stone": 3},
            "pr.tiles.academy",
            "The academy is used in the upkeep phase for 2 stone to its owner.",
        ),
        (
            {"shortfall_favor": 4},
            {"gold": 0, "morale": -3},
            "pr.upkeep.wage-shortfall",
            "Morale is at its minimum, so the 2 gold still missing cost 4 favor each: 8 favor.",
        ),
        (
            {"emergency_favor": 6, "emergency_experience": 2},
            {"workers": []},
            "pr.upkeep.emergency-worker",
            "No active worker is left: you may lose 6 favor to turn 1 of your 2 villagers into a "
            "2-experience active worker.",
        ),
        (
            {},
            {"workers": [], "villagers": 0},
            "pr.upkeep.emergency-worker",
            "No active worker is left, but you have too few villagers (0) to turn into one.",
        ),
    ],
    ids=["retirement", "retirement-draft", "build", "academy", "shortfall", "emergency", "no-villager"],
)
def test_upkeep_messages_say_the_parameters(referee, params, kw, clause, text):
    raw = upkeep_raw(retired=1, **kw)
    result = referee.with_params(**params).rule("upkeep", raw)
    assert text in [s.explanation for s in result.steps if s.clause == clause]


def test_upkeep_bounds_follow_the_dice_and_the_cap(referee):
    nine = [{"experience": 1, "used": "none"}] * 9
    assert "inputs.workers" in referee.errors("upkeep", upkeep_raw(workers=nine))
    alone = upkeep_raw(workers=nine, villagers=0)
    assert len(referee.with_params(worker_dice=9).outcome("upkeep", alone)["workers"]) == 9
    # pr.components.dice-and-discs: the workers together, villagers too, are the colour's 8 dice.
    eight = upkeep_raw(workers=[{"experience": 1, "used": "none"}] * 6, villagers=2, retired=1)
    assert referee.errors("upkeep", eight) == {
        "inputs.workers": ["These are 9 workers of one player together; a colour has 8 worker dice."]
    }
    seven = [{"experience": 7, "used": "none"}]
    assert "inputs.workers.0.experience" in referee.errors("upkeep", upkeep_raw(workers=seven))
    capped = referee.with_params(experience_cap=7, retirement_experience=7)
    assert capped.outcome("upkeep", upkeep_raw(workers=seven))["retired_now"] == 1


def test_experience_cap_gap_says_the_cap(referee):
    result = referee.with_params(experience_cap=7, retirement_experience=7).rule(
        "upkeep", upkeep_raw(workers=[{"experience": 7, "used": "build"}])
    )
    assert [(g.question, g.assumed) for g in result.gaps] == [
        (
            "A worker already at 7 experience gains more; can experience go past 7?",
            "No: a worker is a die, so it stays at 7 (and retires in step 3).",
        )
    ]


@pytest.mark.parametrize(
    "params, raw, expected, text",
    [
        (
            {},
            {"favor": 0, "active_workers": [], "novices": 3, "resources": {"gold": 25}},
            {"novices": 3, "resources_favor": 2, "total": 5},
            "25 gold gives 2 favor (1 per 10; 5 gold left over scores nothing).",
        ),
        (
            {"novice_favor": 2, "gold_per_lot": 5, "favor_per_lot": 2},
            {"favor": 0, "active_workers": [], "novices": 3, "resources": {"gold": 27}},
            {"novices": 6, "resources_favor": 10, "total": 16},
            "27 gold gives 10 favor (2 per 5; 2 gold left over scores nothing).",
        ),
    ],
    ids=["as-written", "draft"],
)
def test_final_scoring_follows_its_parameters(referee, params, raw, expected, text):
    result = referee.with_params(**params).rule("final-scoring", raw)
    assert {k: result.outcome[k] for k in expected} == expected
    assert [s.explanation for s in result.steps if s.clause == "pr.final.gold-to-favor"] == [text]


def test_final_scoring_novice_message(referee):
    result = referee.with_params(novice_favor=2).rule(
        "final-scoring", {"favor": 0, "active_workers": [], "novices": 3}
    )
    assert [s.explanation for s in result.steps if s.clause == "pr.final.novices"] == [
        "3 novices × 2: 6 favor."
    ]


def test_tile_counts_bound_the_inputs(referee):
    small = referee.with_params(city_tiles=30, wall_tiles=10)
    errors = small.errors("last-round", {"city_deck": 31, "wall_deck": 11})
    assert {"inputs.city_deck", "inputs.wall_deck"} <= set(errors)
    assert referee.outcome("last-round", {"city_deck": 31, "wall_deck": 11}) == {"next_is_last": False}
    players = [_w("A", 5, walls=11, city_tiles=31), _w("B", 4)]
    assert {"inputs.players.0.walls", "inputs.players.0.city_tiles"} <= set(
        small.errors("winner", {"players": players})
    )


def test_activation_says_the_red_experience(referee):
    result = referee.with_params(red_experience=2).rule(
        "activation", {"player": "A", "tile": {"kind": "red", "owner": None, "fee": 0}}
    )
    assert result.steps[-1].explanation == "A red tile: the worker gains 2 experience at upkeep."


# The tables of cases: cases/praetor.json, one test a section (tests.games.referee.install_cases).
install_cases(globals(), "praetor")


def test_a_yield_the_text_does_not_print_is_open_with_its_reading(referee):
    # pr.components.city-tile-action / pr.tiles.senate (issue 32): the overview prints no figure;
    # the printed one is an input, and without it the amount is null, the gap's reading giving
    # one per point of experience (one gold per city tile), run by the same action.
    for raw, open_, reading in (
        ({"tile": "quarry", "experience": 4}, {"stone": None}, {"stone": 4}),
        ({"tile": "smithy", "experience": 3, "resources": {"wood": 2}}, {"wood": None, "weapons": None},
         {"wood": -2, "weapons": 2}),
        ({"tile": "senate", "city_tiles": 5}, {"gold": None}, {"gold": 5}),
    ):  # fmt: skip
        result = referee.rule("city-tile", {"player": "A", **raw})
        assert result.outcome["resources"] == open_
        (gap,) = result.gaps
        assert [dict(x.outcome) for x in gap.readings] == [{"resources": reading}]
        printed = referee.rule("city-tile", {"player": "A", **raw, "printed_yield": 2})
        assert None not in printed.outcome["resources"].values() and printed.gaps == ()
