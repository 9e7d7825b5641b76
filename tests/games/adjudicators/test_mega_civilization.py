"""Mega Civilization adjudicators against the Greek summary (seed 003); no database.

Each case names the clause (key in rules/corpus/mega-civilization/clauses.toml)
whose sentence it checks.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.engine import Invalid
from games.snapshot import from_corpus

GAME = "mega-civilization"
RULES = from_corpus(GAME)


def adj(name):
    found = engine.get(GAME, name)
    assert found is not None, name
    return found


def run(name, raw, variant="original", rules=RULES):
    a = adj(name)
    return a(a.validate(raw, rules=RULES), variant=variant, rules=RULES)


def steps(result):
    return [s.clause for s in result.steps]


def gaps(result):
    return [g.clause for g in result.gaps]


def invalid(name, raw):
    with pytest.raises(Invalid) as exc:
        adj(name).validate(raw, rules=RULES)
    return exc.value.errors


def players(*rows, fields=("name", "cities_in_stock", "tokens_in_stock")):
    return [dict(zip(fields, row, strict=True)) for row in rows]


# ---------------------------------------------------------------------------
# beneficiary (mc.beneficiary.*, mc.tax.revolter-not-beneficiary)

BENEFICIARY_CASES = [
    pytest.param(
        players(("Ala", 3, 10), ("Bartek", 5, 2), ("Celina", 4, 30)),
        ["Ala", "Bartek", "Celina"],
        [],
        ("Bartek", "cities"),
        ["mc.beneficiary.most-cities"],
        id="mc.beneficiary.most-cities: most cities in stock",
    ),
    pytest.param(
        players(("Ala", 5, 10), ("Bartek", 5, 12), ("Celina", 4, 30)),
        ["Ala", "Bartek", "Celina"],
        [],
        ("Bartek", "tokens"),
        ["mc.beneficiary.most-cities", "mc.beneficiary.tie-tokens"],
        id="mc.beneficiary.tie-tokens: tie on cities, most tokens",
    ),
    pytest.param(
        players(("Ala", 5, 12), ("Bartek", 5, 12), ("Celina", 4, 30)),
        ["Celina", "Bartek", "Ala"],
        [],
        ("Bartek", "ast"),
        ["mc.beneficiary.most-cities", "mc.beneficiary.tie-tokens", "mc.beneficiary.tie-ast"],
        id="mc.beneficiary.tie-ast: first of the tied in A.S.T. order",
    ),
    pytest.param(
        players(("Ala", 5, 12), ("Bartek", 5, 12), ("Celina", 4, 30)),
        ["Ala", "Bartek", "Celina"],
        [],
        ("Ala", "ast"),
        ["mc.beneficiary.most-cities", "mc.beneficiary.tie-tokens", "mc.beneficiary.tie-ast"],
        id="mc.beneficiary.tie-ast: order matters",
    ),
    pytest.param(
        players(("Ala", 3, 10), ("Bartek", 5, 2), ("Celina", 4, 30)),
        ["Ala", "Bartek", "Celina"],
        ["Bartek"],
        ("Celina", "cities"),
        ["mc.tax.revolter-not-beneficiary", "mc.beneficiary.most-cities"],
        id="mc.tax.revolter-not-beneficiary: the revolting player is skipped",
    ),
    pytest.param(
        players(("Ala", 3, 10), ("Bartek", 5, 2)),
        ["Ala", "Bartek"],
        ["Ala", "Bartek"],
        (None, None),
        ["mc.tax.revolter-not-beneficiary", "mc.beneficiary.most-cities"],
        id="mc.tax.revolter-not-beneficiary: nobody left",
    ),
]


@pytest.mark.parametrize("rows, ast_order, exclude, expected, keys", BENEFICIARY_CASES)
def test_beneficiary(rows, ast_order, exclude, expected, keys):
    result = run("beneficiary", {"players": rows, "ast_order": ast_order, "exclude": exclude})
    assert (result.outcome["beneficiary"], result.outcome["decided_by"]) == expected
    assert steps(result) == keys
    # Excluding players is broader than the text's revolting player: said as a gap.
    assert gaps(result) == (["mc.tax.revolter-not-beneficiary"] if exclude else [])


def test_beneficiary_exclude_is_optional():
    result = run(
        "beneficiary", {"players": players(("Ala", 1, 0), ("Bartek", 2, 0)), "ast_order": ["Ala", "Bartek"]}
    )
    assert result.outcome == {"beneficiary": "Bartek", "decided_by": "cities"}


def test_beneficiary_without_cities_in_stock_is_a_gap():
    # mc.tax.revolt-next-beneficiary: a beneficiary with no city in stock could not take a revolting city.
    result = run(
        "beneficiary",
        {"players": players(("Ala", 0, 3), ("Bartek", 0, 5)), "ast_order": ["Ala", "Bartek"]},
    )
    assert result.outcome == {"beneficiary": "Bartek", "decided_by": "tokens"}
    assert gaps(result) == ["mc.tax.revolt-next-beneficiary"]


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"players": players(("Ala", 1, 0), ("Bartek", 2, 0)), "ast_order": ["Ala"]}, "inputs.ast_order"),
        (
            {"players": players(("Ala", 1, 0), ("Bartek", 2, 0)), "ast_order": ["Ala", "Zed", "Bartek"]},
            "inputs.ast_order.1",
        ),
        (
            {
                "players": players(("Ala", 1, 0), ("Bartek", 2, 0)),
                "ast_order": ["Ala", "Bartek"],
                "exclude": ["Zed"],
            },
            "inputs.exclude.0",
        ),
        ({"players": players(("Ala", 1, 0), ("Ala", 2, 0)), "ast_order": ["Ala"]}, "inputs.players.1.name"),
        # Each player has 9 cities (mc.tax.revolt-city-destroyed).
        ({"players": players(("Ala", 10, 0)), "ast_order": ["Ala"]}, "inputs.players.0.cities_in_stock"),
        ({"players": players(("Ala", 1, -1)), "ast_order": ["Ala"]}, "inputs.players.0.tokens_in_stock"),
        ({"players": [], "ast_order": ["Ala"]}, "inputs.players"),
        ({"players": players(("Ala", 1, 0)), "ast_order": ["Ala", "Ala"]}, "inputs.ast_order.1"),
    ],
)
def test_beneficiary_rejects(raw, path):
    assert path in invalid("beneficiary", raw)


# ---------------------------------------------------------------------------
# tax (mc.tax.collection, mc.tax.revolt)


def tax_players(*rows):
    return players(*rows, fields=("name", "cities", "stock"))


@pytest.mark.parametrize(
    "rows, due, paid, revolting, keys, gap_keys",
    [
        pytest.param(
            [("Ala", 3, 10), ("Bartek", 0, 0)],
            {"Ala": 6, "Bartek": 0},
            {"Ala": 6, "Bartek": 0},
            {"Ala": 0, "Bartek": 0},
            ["mc.tax.collection", "mc.tax.collection", "mc.tax.paid-skip-revolt"],
            [],
            id="mc.tax.collection + paid-skip-revolt: 2 per city, all paid",
        ),
        pytest.param(
            [("Ala", 3, 6)],
            {"Ala": 6},
            {"Ala": 6},
            {"Ala": 0},
            ["mc.tax.collection", "mc.tax.paid-skip-revolt"],
            [],
            id="mc.tax.collection: exactly enough",
        ),
        pytest.param(
            [("Ala", 3, 5)],
            {"Ala": 6},
            {"Ala": 5},
            {"Ala": 1},
            ["mc.tax.collection", "mc.tax.revolt", "mc.tax.revolter-not-beneficiary"],
            ["mc.tax.collection"],
            id="mc.tax.revolt: one city short, whole stock paid (gap)",
        ),
        pytest.param(
            [("Ala", 4, 3)],
            {"Ala": 8},
            {"Ala": 3},
            {"Ala": 3},
            ["mc.tax.collection", "mc.tax.revolt", "mc.tax.revolter-not-beneficiary"],
            ["mc.tax.collection", "mc.tax.revolt"],
            id="mc.tax.revolt: several unpaid cities, one revolt each (gap)",
        ),
        pytest.param(
            [("Ala", 2, 0)],
            {"Ala": 4},
            {"Ala": 0},
            {"Ala": 2},
            ["mc.tax.collection", "mc.tax.revolt", "mc.tax.revolter-not-beneficiary"],
            ["mc.tax.revolt"],
            id="mc.tax.revolt: empty stock pays nothing",
        ),
        pytest.param(
            [("Ala", 1, 0), ("Bartek", 1, 1), ("Celina", 1, 2)],
            {"Ala": 2, "Bartek": 2, "Celina": 2},
            {"Ala": 0, "Bartek": 1, "Celina": 2},
            {"Ala": 1, "Bartek": 1, "Celina": 0},
            [
                "mc.tax.collection",
                "mc.tax.revolt",
                "mc.tax.collection",
                "mc.tax.revolt",
                "mc.tax.collection",
                "mc.tax.revolter-not-beneficiary",
                "mc.tax.revolt-ast-order",
            ],
            ["mc.tax.collection"],
            id="mc.tax.revolt-ast-order: two revolting players",
        ),
    ],
)
def test_tax(rows, due, paid, revolting, keys, gap_keys):
    result = run("tax", {"players": tax_players(*rows)})
    assert result.outcome == {"due": due, "paid": paid, "revolting_cities": revolting}
    assert steps(result) == keys
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"players": tax_players(("Ala", 10, 0))}, "inputs.players.0.cities"),
        ({"players": tax_players(("Ala", 1, -2))}, "inputs.players.0.stock"),
        ({"players": tax_players(("Ala", 1, 2), ("Ala", 1, 2))}, "inputs.players.1.name"),
        ({"players": [{"name": "Ala", "cities": 1}]}, "inputs.players.0.stock"),
        ({"players": "Ala"}, "inputs.players"),
    ],
)
def test_tax_rejects(raw, path):
    assert path in invalid("tax", raw)


@settings(max_examples=200, deadline=None)
@given(cities=st.integers(0, 9), stock=st.integers(0, 999))
def test_tax_never_pays_more_than_due_or_stock(cities, stock):
    # mc.tax.collection: 2 tokens per city, from what the player has.
    out = run("tax", {"players": tax_players(("Ala", cities, stock))}).outcome
    assert out["due"]["Ala"] == 2 * cities
    assert out["paid"]["Ala"] == min(2 * cities, stock)
    assert 0 <= out["revolting_cities"]["Ala"] <= cities
    assert (out["revolting_cities"]["Ala"] == 0) == (stock >= 2 * cities)


# ---------------------------------------------------------------------------
# population-growth (mc.growth.*)


@pytest.mark.parametrize(
    "areas, after, census, keys",
    [
        pytest.param(
            {"Attica": 1},
            {"Attica": 2},
            2,
            ["mc.growth.one-token", "mc.growth.census"],
            id="mc.growth.one-token",
        ),
        pytest.param(
            {"Attica": 2, "Crete": 5},
            {"Attica": 4, "Crete": 7},
            11,
            ["mc.growth.two-or-more", "mc.growth.census"],
            id="mc.growth.two-or-more: 2+ gets 2",
        ),
        pytest.param(
            {"Attica": 0},
            {"Attica": 0},
            0,
            ["mc.growth.one-token", "mc.growth.census"],
            id="empty area stays empty",
        ),
        pytest.param(
            {"Thessaly": 1, "Attica": 3, "Crete": 0, "Macedonia": 2},
            {"Thessaly": 2, "Attica": 5, "Crete": 0, "Macedonia": 4},
            11,
            ["mc.growth.one-token", "mc.growth.two-or-more", "mc.growth.census"],
            id="mc.growth.census: total after growth",
        ),
        pytest.param({}, {}, 0, ["mc.growth.census"], id="no areas"),
    ],
)
def test_population_growth(areas, after, census, keys):
    result = run("population-growth", {"areas": areas})
    assert result.outcome == {"areas": after, "census": census}
    assert steps(result) == keys
    assert gaps(result) == []


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"areas": {"Attica": -1}}, "inputs.areas.Attica"),
        ({"areas": {"Attica": 1.5}}, "inputs.areas.Attica"),
        ({"areas": [1, 2]}, "inputs.areas"),
        ({}, "inputs.areas"),
    ],
)
def test_population_growth_rejects(raw, path):
    assert path in invalid("population-growth", raw)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text("abcdefgh", min_size=1, max_size=8), st.integers(0, 999), max_size=12))
def test_growth_never_shrinks_an_area(areas):
    # mc.growth.one-token / two-or-more only ever add tokens; mc.growth.census is the total after.
    out = run("population-growth", {"areas": areas}).outcome
    for area, tokens in areas.items():
        assert out["areas"][area] >= tokens
        assert out["areas"][area] - tokens == (0 if tokens == 0 else 1 if tokens == 1 else 2)
    assert out["census"] == sum(out["areas"].values())


# ---------------------------------------------------------------------------
# conflict (mc.conflict.tokens, mc.conflict.tokens-equal)


@pytest.mark.parametrize(
    "raw, remaining, removals, keys, gap_keys",
    [
        pytest.param(
            {"limit": 4, "forces": {"Ala": 3, "Bartek": 5}},
            {"Ala": 1, "Bartek": 3},
            ["Ala", "Bartek", "Ala", "Bartek"],
            ["mc.conflict.tokens"],
            [],
            id="mc.conflict.tokens: fewer removes first, alternate down to the limit",
        ),
        pytest.param(
            {"limit": 4, "forces": {"Ala": 5, "Bartek": 3}},
            {"Ala": 3, "Bartek": 1},
            ["Bartek", "Ala", "Bartek", "Ala"],
            ["mc.conflict.tokens"],
            [],
            id="mc.conflict.tokens: the smaller side starts whatever the key order",
        ),
        pytest.param(
            {"limit": 2, "forces": {"Ala": 4, "Bartek": 6}},
            {"Ala": 0, "Bartek": 3},
            ["Ala", "Bartek", "Ala", "Bartek", "Ala", "Bartek", "Ala"],
            ["mc.conflict.tokens", "mc.conflict.tokens"],
            ["mc.conflict.tokens"],
            id="mc.conflict.tokens: one side gone above the limit (gap)",
        ),
        pytest.param(
            {"limit": 2, "forces": {"Ala": 3, "Bartek": 3}},
            {"Ala": 1, "Bartek": 1},
            ["both", "both"],
            ["mc.conflict.tokens-equal"],
            [],
            id="mc.conflict.tokens-equal: simultaneous removal",
        ),
        pytest.param(
            {"limit": 0, "forces": {"Ala": 2, "Bartek": 2}},
            {"Ala": 0, "Bartek": 0},
            ["both", "both"],
            ["mc.conflict.tokens-equal"],
            [],
            id="mc.conflict.tokens-equal: limit 0 empties the area",
        ),
        pytest.param(
            {"limit": 3, "forces": {"Ala": 3, "Bartek": 3}},
            {"Ala": 2, "Bartek": 2},
            ["both"],
            ["mc.conflict.tokens-equal"],
            ["mc.conflict.tokens-equal"],
            id="mc.conflict.tokens-equal: odd limit, no A.S.T. order: stop above (gap)",
        ),
        pytest.param(
            {"limit": 3, "forces": {"Ala": 3, "Bartek": 3}, "ast_order": ["Celina", "Bartek", "Ala"]},
            {"Ala": 2, "Bartek": 1},
            ["both", "Bartek"],
            ["mc.conflict.tokens-equal", "mc.ast-order.ties"],
            ["mc.conflict.tokens-equal"],
            id="mc.ast-order.ties: odd limit, first in A.S.T. removes the last token (gap)",
        ),
        pytest.param(
            {"limit": 6, "forces": {"Ala": 3, "Bartek": 2}},
            {"Ala": 3, "Bartek": 2},
            [],
            ["mc.conflict.tokens"],
            [],
            id="mc.conflict.tokens: already within the limit",
        ),
        pytest.param(
            {"limit": 1, "forces": {"Ala": 0, "Bartek": 4}},
            {"Ala": 0, "Bartek": 4},
            [],
            ["mc.conflict.tokens"],
            [],
            id="no opponent, no conflict",
        ),
    ],
)
def test_conflict(raw, remaining, removals, keys, gap_keys):
    result = run("conflict", raw)
    assert result.outcome == {"remaining": remaining, "removals": removals}
    assert steps(result) == keys
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"limit": 2, "forces": {"Ala": 3}}, "inputs.forces"),
        ({"limit": 2, "forces": {"Ala": 3, "Bartek": 3, "Celina": 1}}, "inputs.forces"),
        ({"limit": -1, "forces": {"Ala": 3, "Bartek": 3}}, "inputs.limit"),
        ({"limit": 2, "forces": {"Ala": 3, "Bartek": -3}}, "inputs.forces.Bartek"),
        ({"limit": 2, "forces": {"Ala": 3, "Bartek": 3}, "ast_order": ["Ala"]}, "inputs.ast_order"),
        ({"limit": 2, "forces": {"Ala": 3, "": 3}}, "inputs.forces."),
    ],
)
def test_conflict_rejects(raw, path):
    assert path in invalid("conflict", raw)


@settings(max_examples=200, deadline=None)
@given(
    limit=st.integers(0, 20),
    a=st.integers(0, 60),
    b=st.integers(0, 60),
    with_ast=st.booleans(),
)
def test_conflict_never_removes_below_the_limit_while_both_sides_remain(limit, a, b, with_ast):
    raw = {"limit": limit, "forces": {"Ala": a, "Bartek": b}}
    if with_ast:
        raw["ast_order"] = ["Bartek", "Ala"]
    out = run("conflict", raw).outcome
    left = out["remaining"]
    # mc.conflict.tokens: removal goes "until there are tokens equal to the population limit".
    if left["Ala"] and left["Bartek"]:
        assert left["Ala"] + left["Bartek"] >= min(limit, a + b)
    # The removals account for every token taken.
    taken_a = sum(1 for r in out["removals"] if r in ("Ala", "both"))
    taken_b = sum(1 for r in out["removals"] if r in ("Bartek", "both"))
    assert (a - taken_a, b - taken_b) == (left["Ala"], left["Bartek"])
    assert left["Ala"] >= 0 and left["Bartek"] >= 0
    # mc.conflict.tokens: the side with fewer tokens removes first.
    if out["removals"] and a != b:
        assert out["removals"][0] == ("Ala" if a < b else "Bartek")


# ---------------------------------------------------------------------------
# city-attack (mc.conflict.city-*)


@pytest.mark.parametrize(
    "attackers, limit, expected, keys, gap_keys",
    [
        pytest.param(
            6,
            3,
            {"fails": True, "remaining": {"Ala": 6, "Bartek": 0}, "city_destroyed": False, "plunder": None},
            ["mc.conflict.order", "mc.conflict.city-fewer-than-7"],
            ["mc.conflict.city-fewer-than-7"],
            id="mc.conflict.city-fewer-than-7: fails by definition",
        ),
        pytest.param(
            8,
            3,
            {
                "fails": False,
                "remaining": {"Ala": 3, "Bartek": 0},
                "city_destroyed": True,
                "plunder": {"trade_cards": 1, "treasure_max": 3},
            },
            [
                "mc.conflict.order",
                "mc.conflict.city-replaced",
                "mc.conflict.tokens",
                "mc.conflict.city-plunder",
            ],
            [],
            id="mc.conflict.city-plunder: defender wiped out at the limit, attacker wins",
        ),
        pytest.param(
            9,
            2,
            {
                "fails": False,
                "remaining": {"Ala": 4, "Bartek": 0},
                "city_destroyed": True,
                "plunder": {"trade_cards": 1, "treasure_max": 3},
            },
            [
                "mc.conflict.order",
                "mc.conflict.city-replaced",
                "mc.conflict.tokens",
                "mc.conflict.tokens",
                "mc.conflict.city-plunder",
            ],
            ["mc.conflict.tokens"],
            id="mc.conflict.city-replaced: defender gone above the limit",
        ),
        pytest.param(
            8,
            4,
            {"fails": False, "remaining": {"Ala": 3, "Bartek": 1}, "city_destroyed": True, "plunder": None},
            [
                "mc.conflict.order",
                "mc.conflict.city-replaced",
                "mc.conflict.tokens",
                "mc.conflict.city-plunder",
            ],
            ["mc.conflict.city-plunder"],
            id="mc.conflict.city-plunder: both sides remain, no win (gap)",
        ),
        pytest.param(
            7,
            20,
            {"fails": False, "remaining": {"Ala": 7, "Bartek": 6}, "city_destroyed": True, "plunder": None},
            [
                "mc.conflict.order",
                "mc.conflict.city-replaced",
                "mc.conflict.tokens",
                "mc.conflict.city-plunder",
            ],
            ["mc.conflict.city-plunder"],
            id="mc.conflict.city-replaced: 7 attackers in a roomy area",
        ),
    ],
)
def test_city_attack(attackers, limit, expected, keys, gap_keys):
    result = run(
        "city-attack", {"attacker": "Ala", "defender": "Bartek", "attackers": attackers, "limit": limit}
    )
    assert result.outcome == expected
    assert steps(result) == keys
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"attacker": "Ala", "defender": "Ala", "attackers": 7, "limit": 2}, "inputs.defender"),
        ({"attacker": "Ala", "defender": "Bartek", "attackers": -7, "limit": 2}, "inputs.attackers"),
        ({"attacker": "Ala", "defender": "Bartek", "attackers": 7}, "inputs.limit"),
        ({"attacker": "", "defender": "Bartek", "attackers": 7, "limit": 2}, "inputs.attacker"),
    ],
)
def test_city_attack_rejects(raw, path):
    assert path in invalid("city-attack", raw)


# ---------------------------------------------------------------------------
# city-construction (mc.cities.construction, mc.cities.surplus-removal)


@pytest.mark.parametrize(
    "tokens, city_site, expected, keys",
    [
        pytest.param(
            6,
            True,
            (True, 6, 0),
            ["mc.cities.construction", "mc.cities.surplus-removal"],
            id="6 on a city site",
        ),
        pytest.param(5, True, (False, 6, 0), ["mc.cities.construction"], id="5 on a city site is short"),
        pytest.param(
            9,
            True,
            (True, 6, 3),
            ["mc.cities.construction", "mc.cities.surplus-removal"],
            id="surplus removed",
        ),
        pytest.param(
            12,
            False,
            (True, 12, 0),
            ["mc.cities.construction", "mc.cities.surplus-removal"],
            id="12 elsewhere",
        ),
        pytest.param(11, False, (False, 12, 0), ["mc.cities.construction"], id="11 elsewhere is short"),
        pytest.param(0, False, (False, 12, 0), ["mc.cities.construction"], id="nothing there"),
    ],
)
def test_city_construction(tokens, city_site, expected, keys):
    result = run("city-construction", {"tokens": tokens, "city_site": city_site})
    built, required, surplus = expected
    assert result.outcome == {"built": built, "required": required, "surplus_removed": surplus}
    assert steps(result) == keys
    assert gaps(result) == []


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"tokens": 6, "city_site": "yes"}, "inputs.city_site"),
        ({"tokens": True, "city_site": True}, "inputs.tokens"),
        ({"tokens": 6}, "inputs.city_site"),
        ({"tokens": 6, "city_site": True, "extra": 1}, "inputs.extra"),
    ],
)
def test_city_construction_rejects(raw, path):
    assert path in invalid("city-construction", raw)


# ---------------------------------------------------------------------------
# city-support (mc.cities.support, mc.cities.reduction, mc.cities.reduced-tokens-count)


def cities(*rows):
    return [{"id": c, "limit": limit} for c, limit in rows]


@pytest.mark.parametrize(
    "rows, tokens, expected, keys, gap_keys",
    [
        pytest.param(
            [("Athens", 3), ("Sparta", 2)],
            4,
            ([], 2, 4),
            ["mc.cities.support"],
            [],
            id="mc.cities.support: 2 tokens per city, enough",
        ),
        pytest.param(
            [("Athens", 3), ("Sparta", 2), ("Corinth", 1)],
            3,
            (["Corinth"], 2, 4),
            ["mc.cities.support", "mc.cities.reduction", "mc.cities.reduced-tokens-count"],
            ["mc.cities.reduction"],
            id="mc.cities.reduction: last listed goes first, its tokens count",
        ),
        pytest.param(
            [("Athens", 2), ("Sparta", 1), ("Corinth", 0)],
            1,
            (["Corinth", "Sparta"], 1, 2),
            [
                "mc.cities.support",
                "mc.cities.reduction",
                "mc.cities.reduction",
                "mc.cities.reduced-tokens-count",
            ],
            ["mc.cities.reduction"],
            id="mc.cities.reduction: reduce until supported",
        ),
        pytest.param(
            [("Athens", 3), ("Sparta", 1)],
            2,
            (["Sparta"], 1, 3),
            ["mc.cities.support", "mc.cities.reduction", "mc.cities.reduced-tokens-count"],
            ["mc.cities.reduction"],
            id="mc.cities.reduced-tokens-count: one reduction suffices",
        ),
        pytest.param(
            [("Athens", 1)],
            0,
            (["Athens"], 0, 1),
            ["mc.cities.support", "mc.cities.reduction", "mc.cities.reduced-tokens-count"],
            [],
            id="the only city is reduced (no choice, no gap)",
        ),
        pytest.param([], 0, ([], 0, 0), ["mc.cities.support"], [], id="no cities"),
    ],
)
def test_city_support(rows, tokens, expected, keys, gap_keys):
    result = run("city-support", {"cities": cities(*rows), "tokens": tokens})
    reduced, cities_after, tokens_after = expected
    assert result.outcome == {"reduced": reduced, "cities_after": cities_after, "tokens_after": tokens_after}
    assert steps(result) == keys
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"cities": cities(("Athens", 1), ("Athens", 2)), "tokens": 4}, "inputs.cities.1.id"),
        ({"cities": cities(*[(f"c{n}", 1) for n in range(10)]), "tokens": 40}, "inputs.cities"),
        ({"cities": cities(("Athens", -1)), "tokens": 4}, "inputs.cities.0.limit"),
        ({"cities": [{"id": "Athens"}], "tokens": 4}, "inputs.cities.0.limit"),
    ],
)
def test_city_support_rejects(raw, path):
    assert path in invalid("city-support", raw)


@settings(max_examples=200, deadline=None)
@given(
    limits=st.lists(st.integers(0, 6), max_size=9),
    tokens=st.integers(0, 30),
)
def test_city_support_leaves_every_kept_city_supported(limits, tokens):
    # mc.cities.support: after the check each remaining city has its 2 tokens.
    rows = [(f"c{n}", limit) for n, limit in enumerate(limits)]
    out = run("city-support", {"cities": cities(*rows), "tokens": tokens}).outcome
    assert out["tokens_after"] >= 2 * out["cities_after"]
    assert out["cities_after"] + len(out["reduced"]) == len(rows)
    # Reduced from the end of the list (the player's order of choice).
    assert out["reduced"] == [c for c, _ in reversed(rows)][: len(out["reduced"])]


# ---------------------------------------------------------------------------
# trade-cards (mc.trade-cards.*)

FULL = {str(n): 10 for n in range(1, 10)}


def trade(rows, ast_order, stacks=None, buy=None):
    raw = {
        "players": players(*rows, fields=("name", "cities", "treasury")),
        "ast_order": ast_order,
        "stacks": stacks or FULL,
    }
    if buy is not None:
        raw["buy_stack_9"] = buy
    return run("trade-cards", raw)


def test_trade_cards_order_and_draws():
    # mc.trade-cards.acquisition: fewest cities first, one card from each stack 1..n.
    result = trade([("Ala", 3, 0), ("Bartek", 1, 0), ("Celina", 2, 0)], ["Ala", "Bartek", "Celina"])
    out = result.outcome
    assert out["order"] == ["Bartek", "Celina", "Ala"]
    assert out["draws"] == {"Bartek": [1], "Celina": [1, 2], "Ala": [1, 2, 3]}
    assert out["stacks_after"] == {**FULL, "1": 7, "2": 8, "3": 9}
    assert out["purchased"] == {"Ala": False, "Bartek": False, "Celina": False}
    assert out["treasury_after"] == {"Ala": 0, "Bartek": 0, "Celina": 0}
    assert steps(result) == ["mc.trade-cards.acquisition"] * 4
    assert gaps(result) == []


def test_trade_cards_nine_cities_draw_from_every_stack():
    # mc.trade-cards.example: n cities, stacks 1..n; 9 is the most a player has.
    out = trade([("Ala", 9, 0)], ["Ala"]).outcome
    assert out["draws"] == {"Ala": [1, 2, 3, 4, 5, 6, 7, 8, 9]}


def test_trade_cards_tie_goes_by_ast_order_as_a_gap():
    # mc.trade-cards.acquisition is silent on ties; mc.ast-order.ties settles them.
    stacks = {**FULL, "2": 1}
    result = trade([("Ala", 2, 0), ("Bartek", 2, 0)], ["Bartek", "Ala"], stacks)
    out = result.outcome
    assert out["order"] == ["Bartek", "Ala"]
    # mc.trade-cards.empty-stack-water: the stack ran out, Ala gets Water.
    assert out["draws"] == {"Bartek": [1, 2], "Ala": [1, "water"]}
    assert out["stacks_after"]["2"] == 0
    assert steps(result) == [
        "mc.trade-cards.acquisition",
        "mc.ast-order.ties",
        "mc.trade-cards.acquisition",
        "mc.trade-cards.acquisition",
        "mc.trade-cards.empty-stack-water",
    ]
    assert gaps(result) == ["mc.trade-cards.acquisition"]


def test_trade_cards_no_city_no_card():
    out = trade([("Ala", 0, 20), ("Bartek", 1, 0)], ["Ala", "Bartek"]).outcome
    assert out["draws"] == {"Ala": [], "Bartek": [1]}


@pytest.mark.parametrize(
    "treasury, stack_9, purchased, treasury_after, gap_keys",
    [
        pytest.param(15, 3, True, 0, [], id="mc.trade-cards.buy-stack-9: 15 treasury tokens buy one"),
        pytest.param(40, 3, True, 25, [], id="mc.trade-cards.buy-stack-9: rich buyer"),
        pytest.param(14, 3, False, 14, [], id="mc.trade-cards.buy-stack-9: 14 is not enough"),
        pytest.param(20, 0, False, 20, ["mc.trade-cards.buy-stack-9"], id="empty stack 9 (gap)"),
    ],
)
def test_trade_cards_stack_9_purchase(treasury, stack_9, purchased, treasury_after, gap_keys):
    result = trade([("Ala", 1, treasury)], ["Ala"], {**FULL, "9": stack_9}, {"Ala": True})
    out = result.outcome
    assert out["purchased"] == {"Ala": purchased}
    assert out["treasury_after"] == {"Ala": treasury_after}
    assert out["stacks_after"]["9"] == stack_9 - (1 if purchased else 0)
    assert out["draws"] == {"Ala": [1]}
    assert steps(result)[-1] == "mc.trade-cards.buy-stack-9"
    assert gaps(result) == gap_keys


def test_trade_cards_last_card_of_stack_9_goes_to_the_first_buyer():
    result = trade(
        [("Ala", 2, 30), ("Bartek", 1, 30)],
        ["Ala", "Bartek"],
        {**FULL, "9": 1},
        {"Ala": True, "Bartek": True},
    )
    assert result.outcome["purchased"] == {"Ala": False, "Bartek": True}
    assert gaps(result) == ["mc.trade-cards.buy-stack-9"]


@pytest.mark.parametrize(
    "raw_change, path",
    [
        ({"stacks": {str(n): 1 for n in range(1, 9)}}, "inputs.stacks.9"),
        ({"stacks": {**FULL, "10": 1}}, "inputs.stacks.10"),
        ({"buy_stack_9": {"Zed": True}}, "inputs.buy_stack_9.Zed"),
        ({"ast_order": ["Ala"]}, "inputs.ast_order"),
        (
            {
                "players": [
                    {"name": "Ala", "cities": 10, "treasury": 0},
                    {"name": "Bartek", "cities": 1, "treasury": 0},
                ]
            },
            "inputs.players.0.cities",
        ),
    ],
)
def test_trade_cards_rejects(raw_change, path):
    raw = {
        "players": players(("Ala", 1, 0), ("Bartek", 1, 0), fields=("name", "cities", "treasury")),
        "ast_order": ["Ala", "Bartek"],
        "stacks": FULL,
        **raw_change,
    }
    assert path in invalid("trade-cards", raw)


# ---------------------------------------------------------------------------
# calamity-hand (mc.calamity-selection.hand)


def hand(*cards):
    return {"calamities": [{"name": n, "major": m} for n, m in cards]}


@pytest.mark.parametrize(
    "cards, valid, violations, gap_keys",
    [
        pytest.param([], True, [], [], id="empty hand"),
        pytest.param([("Flood", False), ("Famine", False), ("Plague", False)], True, [], [], id="3 minor"),
        pytest.param([("Volcano", True), ("Civil War", True)], True, [], [], id="2 major"),
        pytest.param(
            [("Volcano", True), ("Civil War", True), ("Flood", False)],
            True,
            [],
            ["mc.calamity-selection.hand"],
            id="2 major + 1 minor (mixing is a gap)",
        ),
        pytest.param(
            [("Volcano", True), ("Civil War", True), ("Famine", True)],
            False,
            ["more-than-two-major"],
            [],
            id="3 major",
        ),
        pytest.param(
            [("Flood", False), ("Famine", False), ("Plague", False), ("Drought", False)],
            False,
            ["more-than-three"],
            [],
            id="4 calamities",
        ),
        pytest.param([("Flood", False), ("flood", False)], False, ["duplicate"], [], id="no duplicate"),
        pytest.param(
            [("Volcano", True), ("Volcano", True), ("Volcano", True), ("Flood", False)],
            False,
            ["more-than-three", "more-than-two-major", "duplicate"],
            ["mc.calamity-selection.hand"],
            id="every rule broken",
        ),
    ],
)
def test_calamity_hand(cards, valid, violations, gap_keys):
    result = run("calamity-hand", hand(*cards))
    assert result.outcome["valid"] is valid
    assert result.outcome["violations"] == violations
    assert steps(result) == ["mc.calamity-selection.hand"]
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"calamities": [{"name": "Flood"}]}, "inputs.calamities.0.major"),
        ({"calamities": [{"name": "", "major": True}]}, "inputs.calamities.0.name"),
        ({"calamities": {"Flood": True}}, "inputs.calamities"),
    ],
)
def test_calamity_hand_rejects(raw, path):
    assert path in invalid("calamity-hand", raw)


# ---------------------------------------------------------------------------
# hand-limit (mc.hand-limit.*)


@pytest.mark.parametrize(
    "n, limit, key",
    [
        pytest.param(5, 8, "mc.hand-limit.5-to-11", id="5 players"),
        pytest.param(11, 8, "mc.hand-limit.5-to-11", id="11 players"),
        pytest.param(12, 9, "mc.hand-limit.12-to-18", id="12 players"),
        pytest.param(18, 9, "mc.hand-limit.12-to-18", id="18 players"),
    ],
)
def test_hand_limit(n, limit, key):
    result = run("hand-limit", {"players": n})
    assert result.outcome == {"limit": limit}
    assert steps(result) == [key]
    assert gaps(result) == []


@pytest.mark.parametrize("n", [4, 19, 0, "8"])
def test_hand_limit_outside_5_to_18_is_rejected(n):
    # The text gives a limit only for 5 to 18 players.
    assert "inputs.players" in invalid("hand-limit", {"players": n})


# ---------------------------------------------------------------------------
# victory-points (mc.vp.*)


@pytest.mark.parametrize(
    "raw, expected, keys, gap_keys",
    [
        pytest.param(
            {"cities": 7, "cards": [45, 80, 110, 180, 230], "ast_steps": 9, "sole_late_iron_age": True},
            {"cities": 7, "cards": 14, "ast": 45, "bonus": 5, "total": 71},
            [
                "mc.vp.cities",
                "mc.vp.cards-under-100",
                "mc.vp.cards-100-to-199",
                "mc.vp.cards-above-200",
                "mc.vp.ast-steps",
                "mc.vp.late-iron-age",
            ],
            ["mc.vp.late-iron-age"],
            id="every line of the list",
        ),
        pytest.param(
            {"cities": 0, "cards": [99, 100, 199, 201], "ast_steps": 0, "sole_late_iron_age": False},
            {"cities": 0, "cards": 1 + 3 + 3 + 6, "ast": 0, "bonus": 0, "total": 13},
            [
                "mc.vp.cities",
                "mc.vp.cards-under-100",
                "mc.vp.cards-100-to-199",
                "mc.vp.cards-above-200",
                "mc.vp.ast-steps",
            ],
            [],
            id="band edges 99/100/199/201",
        ),
        pytest.param(
            {"cities": 0, "cards": [200], "ast_steps": 0, "sole_late_iron_age": False},
            {"cities": 0, "cards": 6, "ast": 0, "bonus": 0, "total": 6},
            ["mc.vp.cities", "mc.vp.cards-above-200", "mc.vp.ast-steps"],
            ["mc.vp.cards-above-200"],
            id="mc.vp.cards-above-200: exactly 200 is in no band (gap)",
        ),
        pytest.param(
            {"cities": 3, "cards": [], "ast_steps": 2},
            {"cities": 3, "cards": 0, "ast": 10, "bonus": 0, "total": 13},
            ["mc.vp.cities", "mc.vp.ast-steps"],
            [],
            id="no cards, bonus flag optional",
        ),
    ],
)
def test_victory_points(raw, expected, keys, gap_keys):
    result = run("victory-points", raw)
    assert result.outcome == expected
    assert steps(result) == keys
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"cities": -1, "cards": [], "ast_steps": 0}, "inputs.cities"),
        ({"cities": 1, "cards": [-5], "ast_steps": 0}, "inputs.cards.0"),
        ({"cities": 1, "cards": [], "ast_steps": -1}, "inputs.ast_steps"),
        ({"cities": 1, "cards": [], "ast_steps": 0, "sole_late_iron_age": 1}, "inputs.sole_late_iron_age"),
    ],
)
def test_victory_points_rejects(raw, path):
    assert path in invalid("victory-points", raw)


@settings(max_examples=200, deadline=None)
@given(
    cities=st.integers(0, 9),
    cards=st.lists(st.integers(0, 9999), max_size=30),
    ast_steps=st.integers(0, 99),
    sole=st.booleans(),
)
def test_victory_points_are_never_negative_and_add_up(cities, cards, ast_steps, sole):
    out = run(
        "victory-points",
        {"cities": cities, "cards": cards, "ast_steps": ast_steps, "sole_late_iron_age": sole},
    ).outcome
    assert min(out.values()) >= 0
    assert out["total"] == out["cities"] + out["cards"] + out["ast"] + out["bonus"]
    assert len(cards) <= out["cards"] <= 6 * len(cards)


# ---------------------------------------------------------------------------
# ast-move (mc.ast-move.*)


@pytest.mark.parametrize(
    "meets, cities_on_board, move, gap_keys",
    [
        pytest.param(True, 3, 1, [], id="mc.ast-move.advance: criteria met"),
        pytest.param(False, 3, 0, [], id="criteria not met, cities on the map"),
        pytest.param(False, 0, -1, [], id="mc.ast-move.no-city-back: no city"),
        pytest.param(True, 0, 0, ["mc.ast-move.no-city-back"], id="both sentences apply (gap)"),
    ],
)
def test_ast_move(meets, cities_on_board, move, gap_keys):
    result = run("ast-move", {"meets_requirements": meets, "cities_on_board": cities_on_board})
    assert result.outcome == {"move": move}
    assert steps(result) == ["mc.ast-move.advance", "mc.ast-move.no-city-back"]
    assert gaps(result) == gap_keys


@pytest.mark.parametrize(
    "raw, path",
    [
        ({"meets_requirements": "true", "cities_on_board": 1}, "inputs.meets_requirements"),
        ({"meets_requirements": True, "cities_on_board": 10}, "inputs.cities_on_board"),
        ({"meets_requirements": True}, "inputs.cities_on_board"),
    ],
)
def test_ast_move_rejects(raw, path):
    assert path in invalid("ast-move", raw)


# ---------------------------------------------------------------------------
# ship-payment (mc.movement.ship-cost)


@pytest.mark.parametrize(
    "paid, valid, option, gap_keys",
    [
        pytest.param((2, 0, 0), True, 1, [], id="2 population tokens in the area"),
        pytest.param((1, 1, 0), True, 2, [], id="1 in the area + 1 from another area"),
        pytest.param((0, 0, 2), True, 3, [], id="2 treasury tokens"),
        pytest.param((1, 0, 1), True, 4, [], id="1 population + 1 treasury"),
        pytest.param(
            (0, 1, 1),
            True,
            4,
            ["mc.movement.ship-cost"],
            id="population token from elsewhere + treasury (gap)",
        ),
        pytest.param((0, 2, 0), False, None, [], id="2 from another area"),
        pytest.param((1, 0, 0), False, None, [], id="only 1 token"),
        pytest.param((2, 0, 1), False, None, [], id="overpaid"),
        pytest.param((0, 0, 0), False, None, [], id="nothing paid"),
    ],
)
def test_ship_payment(paid, valid, option, gap_keys):
    area, other, treasury = paid
    result = run("ship-payment", {"area_tokens": area, "other_area_tokens": other, "treasury": treasury})
    assert result.outcome == {"valid": valid, "option": option}
    assert steps(result) == ["mc.movement.ship-cost"]
    assert gaps(result) == gap_keys


def test_ship_payment_rejects_negative_tokens():
    errors = invalid("ship-payment", {"area_tokens": -1, "other_area_tokens": 0, "treasury": 3})
    assert "inputs.area_tokens" in errors


# ---------------------------------------------------------------------------
# the registry, disputes and robustness


def test_all_thirteen_adjudicators_are_registered():
    assert [a.name for a in engine.for_game(GAME)] == [
        "beneficiary",
        "tax",
        "population-growth",
        "conflict",
        "city-attack",
        "city-construction",
        "city-support",
        "trade-cards",
        "calamity-hand",
        "hand-limit",
        "victory-points",
        "ast-move",
        "ship-payment",
    ]


@pytest.mark.parametrize(
    "key, adjudicator, gap",
    [
        ("card-costing-200", "victory-points", "mc.vp.cards-above-200"),
        ("tax-revolt-several-cities", "tax", "mc.tax.revolt"),
        ("ast-move-criteria-without-city", "ast-move", "mc.ast-move.no-city-back"),
        ("trade-cards-tie", "trade-cards", "mc.trade-cards.acquisition"),
        ("conflict-tie-odd-limit", "conflict", "mc.conflict.tokens-equal"),
        ("city-attack-win", "city-attack", "mc.conflict.city-plunder"),
    ],
)
def test_disputes_are_registered_and_their_example_hits_the_gap(key, adjudicator, gap):
    disputes = {d.key: d for d in engine.disputes_for(GAME)}
    d = disputes[key]
    assert d.adjudicator == adjudicator
    assert gap in d.clauses
    assert gap in gaps(run(adjudicator, d.inputs))


def test_summaries_are_plain_sentences():
    for a in engine.for_game(GAME):
        for example in a.examples:
            sentence = a.describe(a(a.validate(example, rules=RULES), rules=RULES).outcome, rules=RULES)
            assert sentence and sentence.endswith("."), (a.name, sentence)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_json_gives_a_ruling_or_invalid(data):
    a = data.draw(st.sampled_from(engine.for_game(GAME)))
    raw = dict(data.draw(st.sampled_from(a.examples)))
    field = data.draw(st.sampled_from(sorted(a.inputs.fields)))
    raw[field] = data.draw(JSON)
    try:
        inputs = a.validate(raw, rules=RULES)
    except Invalid as exc:
        assert all(path.startswith("inputs") for path in exc.errors)
        return
    result = a(inputs, variant="original", rules=RULES)
    assert result.steps
