"""Dolores (seed 004): the adjudicators, their validation and Tables 1 and 2 (no database).

The ``referee`` fixture (conftest) rules under the shipped corpus; ``referee.with_params``
rules as a draft that changed a figure would, to show that the code follows its parameters.

Each case cites the clause it checks; figures quoted in expectations come from
the source document (rules/corpus/dolores/source.txt), so a wrong reading of
tables.toml fails here.
"""

import math
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import engine
from games.adjudicators.dolores.common import BUILDING_NAMES
from rules import corpus, params
from tests.games.referee import PROPERTY, install_cases

GAME = "dolores"


def table(key):
    return next(t for t in corpus.game(GAME).tables["tables"] if t["key"] == key)


def row(category, item):
    return next(r for r in table("table-1")["rows"] if (r["category"], r["item"]) == (category, item))


# ==================================================================== corpus


def test_gniazdo_variant_activates_the_three_proposals():
    variants = {v.slug: v for v in corpus.game(GAME).variants}
    assert list(variants) == ["original", "gniazdo"]
    assert variants["gniazdo"].activates == ("dl.proposal-1", "dl.proposal-5", "dl.proposal-6")
    assert "dl.taxes-unpaid" in variants["gniazdo"].overrides


def test_closing_list_is_split_at_the_proposals():
    clauses = {c.key: c for c in corpus.game(GAME).clauses}
    for n in (1, 5, 6):
        assert clauses[f"dl.proposal-{n}"].text.startswith("Propozycja GNIAZDA:")
        assert "Propozycja GNIAZDA" not in clauses[f"dl.doubt-{n}"].text
    assert [c.kind for c in corpus.game(GAME).clauses if c.key.startswith("dl.link.")] == ["furniture"] * 3


def test_every_table_row_links_to_the_clause_holding_its_wording():
    clauses = {c.key: corpus.normalise(c.text) for c in corpus.game(GAME).clauses}
    for r in table("table-1")["rows"]:
        text = clauses[r["clause"]]
        assert text.startswith(corpus.normalise(r["label"])), r["clause"]
        for column in ("sale", "purchase"):
            if column in r:
                assert f" {r[column]} " in f" {text} ", (r["clause"], column)
            else:
                assert column in r["nd"], (r["clause"], column)
        for qty in {**r.get("tax", {}), **r.get("tax_other", {})}.values():
            assert f"{qty}x" in text, r["clause"]
        if "tax" not in r and "tax_see" not in r:
            assert "tax" in r["nd"] and text.endswith("N/D"), r["clause"]
    for r in table("table-2")["rows"]:
        cells = [r["first"]["food"], r["first"]["energy"], r["later"]["food"], r["later"]["energy"]]
        assert clauses[r["clause"]].endswith(" ".join(str(c) for c in cells)), r["clause"]


def test_flagged_rows_are_the_power_plants_and_the_non_resource_tax_cells():
    flagged = {r["item"]: r for r in table("table-1")["rows"] if r.get("flagged")}
    assert set(flagged) == {
        "conventional-power-plant",
        "nuclear-power-plant",
        "arms-ships",
        "arms-super-missiles",
    }
    assert all(r["reading"] for r in flagged.values())
    # dl.robots-example: "poza standardowymi pięcioma węgla" (the standard five coal).
    assert flagged["conventional-power-plant"]["tax"] == {"coal": 5}
    assert flagged["arms-ships"]["tax_other"] == {"sea-route-segment": 1}
    assert flagged["arms-super-missiles"]["tax_other"] == {"missile": 1}


# ================================================================== tax-bill

LATER_CITY = {"districts": 1, "first_city": False}  # dl.t2.districts-1-2: a later city pays nothing


def test_tax_bill_keeps_vocabulary_order_and_omits_zero_entries(referee):
    result = referee.rule(
        "tax-bill",
        {"cities": [{"districts": 2, "first_city": False}], "routes": {"sea": 1}, "units": {"infantry": 1}},
    )
    assert list(result.outcome["bill"]) == ["oil", "sulfur", "food"]
    assert 0 not in result.outcome["bill"].values()


@pytest.mark.parametrize("kind", [r["item"] for r in table("table-1")["rows"] if r["category"] == "building"])
def test_tax_bill_reads_each_building_tax_from_tables_toml(referee, kind):
    result = referee.rule("tax-bill", {"cities": [{**LATER_CITY, "buildings": [{"kind": kind}]}]})
    expected = row("building", kind)
    assert result.outcome["bill"] == {k: v for k, v in expected.get("tax", {}).items() if v}
    assert result.outcome["other"] == expected.get("tax_other", {})
    assert bool(expected.get("flagged")) == (expected["clause"] in referee.gaps(result))


# ======================================================== profit-eligibility


def city(cid, *facilities, paid=True, connected=True):
    return {
        "id": cid,
        "tax_paid": paid,
        "connected": connected,
        "facilities": [{"id": fid, "tax_paid": fpaid} for fid, fpaid in facilities],
    }


def test_a_profit_stage_where_nothing_produces_is_not_called_partial_in_the_summary(referee):
    # dl.doubt-5: a broken route stops ALL factories and mines, so nothing produces.
    raw = {"all_taxes_paid": True, "cities": [city("A", ("mine", True), connected=False)]}
    adj = engine.get(GAME, "profit-eligibility")
    outcome = referee.rule("profit-eligibility", raw).outcome
    assert outcome == {"profit_phase": "partial", "producing": []}
    summary = adj.summary(outcome)
    assert summary == "The profit stage is held, but no facility may produce in it."
    assert "artial" not in summary


def test_a_gniazdo_phase_with_an_unpaid_city_is_not_called_full(referee):
    # Issue 36: cities Capital paid and Port unpaid, no facility rows: the step says "Unpaid:
    # cities Port", so the headline may not say "every facility produces".
    raw = {"all_taxes_paid": False, "cities": [city("Capital", paid=True), city("Port", paid=False)]}
    result = referee.rule("profit-eligibility", raw, "gniazdo")
    assert result.outcome == {"profit_phase": "partial", "producing": []}
    assert "Port" in result.steps[0].explanation
    summary = referee.describe("profit-eligibility", result.outcome)
    assert summary == "The profit stage is held, but no facility may produce in it."


# ==================================================================== profit


def fac(fid, kind, robots=0, resource=None):
    out = {"id": fid, "kind": kind, "robots": robots}
    if resource:
        out["resource"] = resource
    return out


def test_profit_removes_every_farm_and_the_forests_taken(referee):
    # dl.profit-farm: the farm token is removed; dl.profit-wood: two wood industries share 5 forests.
    result = referee.rule(
        "profit",
        {
            "roll": 3,
            "farms": 4,
            "forests": 5,
            "facilities": [fac("a", "wood-industry"), fac("b", "wood-industry")],
        },
    )
    assert result.outcome["farms_removed"] == 4
    assert result.outcome["forests_removed"] == 5
    assert result.outcome["yields"] == {"food": 12, "wood": 15}
    assert [f["yields"] for f in result.outcome["facilities"]] == [{"wood": 9}, {"wood": 6}]


FACILITY = st.fixed_dictionaries(
    {
        "kind": st.sampled_from([k for k in BUILDING_NAMES if k != "mine"]),
        "robots": st.integers(0, 99),
    }
) | st.fixed_dictionaries(
    {
        "kind": st.just("mine"),
        "robots": st.integers(0, 99),
        "resource": st.sampled_from(["coal", "uranium", "sulfur"]),
    }
)


@PROPERTY
@given(
    roll=st.integers(1, 6),
    clouds=st.integers(0, 999),
    farms=st.integers(0, 999),
    forests=st.integers(0, 9999),
    facilities=st.lists(FACILITY, max_size=8),
)
def test_profit_yields_are_never_negative(referee, roll, clouds, farms, forests, facilities):
    # dl.pollution-reduces-n: "wynik ujemny traktuje się jak zero".
    raw = {
        "roll": roll,
        "pollution_clouds": clouds,
        "farms": farms,
        "forests": forests,
        "facilities": [{"id": str(n), **f} for n, f in enumerate(facilities)],
    }
    out = referee.rule("profit", raw).outcome
    assert out["n"] == max(0, roll - clouds)
    assert all(v > 0 for v in out["yields"].values())
    assert 0 <= out["forests_removed"] <= forests
    assert out["farms_removed"] == farms


# ====================================================================== wind


def wind(referee, **kw):
    raw = {"direction_roll": 3, "strength_roll": 2, "width": 10, "height": 8, **kw}
    return referee.rule("wind", raw)


@pytest.mark.parametrize("roll", [1, 6], ids=["dl.wind-calm-1", "dl.wind-calm-6"])
def test_wind_calm_ends_the_stage_at_once(referee, roll):
    result = wind(
        referee, direction_roll=roll, strength_roll=6, pollution=[[1, 1]], fires=[[2, 2]], burnable=[[3, 2]]
    )
    assert result.outcome == {
        "direction": None,
        "strength": 0,
        "pollution": [[1, 1]],
        "radioactive": [],
        "new_fires": [],
        "removed_off_board": [],
    }
    assert referee.steps(result) == ["dl.wind-rolls", "dl.wind-calm"]
    assert referee.gaps(result) == []


@pytest.mark.parametrize(
    "roll, direction, moved",
    [
        (2, "south", [4, 6]),  # dl.wind-direction: 2 - południe; y grows south
        (3, "east", [6, 4]),  # 3 - wschód; x grows east
        (4, "north", [4, 2]),  # 4 - północ
        (5, "west", [2, 4]),  # 5 - zachód
    ],
)
def test_wind_moves_clouds_by_the_strength(referee, roll, direction, moved):
    result = wind(referee, direction_roll=roll, strength_roll=2, pollution=[[4, 4]], radioactive=[[4, 4]])
    assert result.outcome["direction"] == direction
    assert result.outcome["strength"] == 2
    assert result.outcome["pollution"] == [moved]
    assert result.outcome["radioactive"] == [moved]
    assert referee.steps(result) == [
        "dl.wind-rolls",
        "dl.wind-direction",
        "dl.wind-strength",
        "dl.wind-drift",
    ]


def test_wind_blows_tokens_off_the_board_for_good(referee):
    # dl.wind-off-board: a token moved off the board is removed and never comes back.
    result = wind(
        referee, direction_roll=3, strength_roll=3, pollution=[[6, 0], [7, 0]], radioactive=[[9, 7]]
    )
    assert result.outcome["pollution"] == [[9, 0]]
    assert result.outcome["radioactive"] == []
    assert result.outcome["removed_off_board"] == [
        {"kind": "pollution", "from": [7, 0]},
        {"kind": "radioactive", "from": [9, 7]},
    ]
    assert referee.steps(result)[-1] == "dl.wind-off-board"


def test_wind_north_off_the_top_edge(referee):
    result = wind(referee, direction_roll=4, strength_roll=1, pollution=[[0, 0]])
    assert result.outcome["pollution"] == []
    assert result.outcome["removed_off_board"] == [{"kind": "pollution", "from": [0, 0]}]


@pytest.mark.parametrize(
    "kw, new_fires, gap_keys",
    [
        # dl.wind-fire-spread + dl.fire-spread: one field downwind, whatever the strength.
        pytest.param(
            {"strength_roll": 6, "fires": [[2, 2]], "burnable": [[3, 2], [8, 2]]},
            [[3, 2]],
            [],
            id="one-field-downwind",
        ),
        pytest.param(
            {"fires": [[2, 2]], "burnable": [[2, 3], [1, 2]]}, [], [], id="nothing-burnable-downwind"
        ),
        pytest.param({"fires": [[9, 2]], "burnable": [[8, 2]]}, [], [], id="downwind-is-off-board"),
        pytest.param(
            {"fires": [[2, 2], [3, 2]], "burnable": [[3, 2]]},
            [],
            ["dl.wind-fire-spread"],
            id="already-burning-gap",
        ),
        pytest.param(
            {"fires": [[2, 2]], "burnable": [[3, 2], [4, 2]]},
            [[3, 2]],
            ["dl.wind-fire-spread"],
            id="no-chain-gap",
        ),
    ],
)
def test_wind_spreads_fires(referee, kw, new_fires, gap_keys):
    result = wind(referee, **kw)
    assert result.outcome["new_fires"] == new_fires
    assert referee.gaps(result) == gap_keys
    assert "dl.fire-spread" in referee.steps(result) and "dl.wind-fire-spread" in referee.steps(result)
    assert ("dl.wind-fire-burns" in referee.steps(result)) == bool(new_fires)


@PROPERTY
@given(data=st.data())
def test_wind_never_leaves_a_token_outside_the_board(referee, data):
    width, height = data.draw(st.integers(1, 12)), data.draw(st.integers(1, 12))
    coord = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)).map(list)
    raw = {
        "direction_roll": data.draw(st.integers(1, 6)),
        "strength_roll": data.draw(st.integers(1, 6)),
        "width": width,
        "height": height,
        "pollution": data.draw(st.lists(coord, max_size=6)),
        "radioactive": data.draw(st.lists(coord, max_size=6)),
        "fires": data.draw(st.lists(coord, max_size=6, unique_by=tuple)),
        "burnable": data.draw(st.lists(coord, max_size=20, unique_by=tuple)),
    }
    out = referee.rule("wind", raw).outcome
    for x, y in out["pollution"] + out["radioactive"] + out["new_fires"]:
        assert 0 <= x < width and 0 <= y < height
    assert len(out["pollution"]) + len(out["radioactive"]) + len(out["removed_off_board"]) == len(
        raw["pollution"]
    ) + len(raw["radioactive"])


# =================================================================== missile

# districts -> (destroyed, remaining, attacks to raze) under "half rounded up".


def test_missile_follows_doubt_8_count_for_twelve_districts(referee):
    # dl.doubt-8: 12 -> first 6, second 3, third "two or one", the fourth razes the city.
    destroyed = []
    districts = 12
    while districts:
        out = referee.rule("missile", {"districts": districts}).outcome
        destroyed.append(out["destroyed"])
        districts = out["remaining"]
    assert destroyed == [6, 3, 2, 1]


def test_super_missile_same_city_rule_and_cloud_gap(referee):
    # dl.super-missile-same-rules, dl.super-missile-cloud; dl.radioactive-cloud speaks of a cloud that stops.
    result = referee.rule("missile", {"districts": 3, "kind": "super"})
    assert result.outcome == {"destroyed": 2, "remaining": 1, "attacks_to_raze": 2, "radioactive_cloud": True}
    assert referee.steps(result) == [
        "dl.super-missile-same-rules",
        "dl.missile-effect",
        "dl.doubt-8",
        "dl.super-missile-cloud",
    ]
    assert referee.gaps(result) == ["dl.missile-effect", "dl.radioactive-cloud"]


@PROPERTY
@given(districts=st.integers(1, 12), kind=st.sampled_from(["missile", "super"]))
def test_missile_never_destroys_more_districts_than_there_are(referee, districts, kind):
    out = referee.rule("missile", {"districts": districts, "kind": kind}).outcome
    assert 1 <= out["destroyed"] <= districts
    assert out["remaining"] == districts - out["destroyed"]
    assert out["destroyed"] == math.ceil(districts / 2)
    assert 1 <= out["attacks_to_raze"] <= districts


# ================================================================== movement


@pytest.mark.parametrize(
    "unit, terrain, allowed, fields, cited",
    [
        ("infantry", "open", True, 2, "dl.infantry-move"),  # dwa pola lądowe
        ("infantry", "forest", True, 1, "dl.infantry-forest-route"),  # las: jedno pole
        ("infantry", "route", True, 5, "dl.infantry-forest-route"),  # wzdłuż szlaku: pięć pól
        ("infantry", "sea", False, 0, "dl.infantry-move"),  # land fields only
        ("armored", "open", True, 3, "dl.armored-move"),  # trzy pola
        ("armored", "route", True, 5, "dl.armored-move"),  # wzdłuż szlaku: pięć pól
        ("armored", "forest", False, 0, "dl.armored-forest"),  # nie może wejść na las
        ("armored", "sea", False, 0, "dl.armored-move"),
        ("ship", "sea", True, 5, "dl.ship-move"),  # tylko po polach morskich, pięć pól
        ("ship", "open", False, 0, "dl.ship-move"),
        ("ship", "forest", False, 0, "dl.ship-move"),
        ("ship", "route", False, 0, "dl.ship-move"),
    ],
)
def test_movement(referee, unit, terrain, allowed, fields, cited):
    result = referee.rule("movement", {"unit": unit, "terrain": terrain})
    assert result.outcome == {"allowed": allowed, "max_fields": fields}
    assert referee.steps(result)[0] == cited
    # dl.ship-transport: land units at sea are carried; a ship at sea says what it carries.
    assert ("dl.ship-transport" in referee.steps(result)) == (terrain == "sea")
    assert referee.gaps(result) == (["dl.armored-move"] if (unit, terrain) == ("armored", "sea") else [])


# =========================================================== move-and-attack


@pytest.mark.parametrize(
    "actions, original, gniazdo",
    [
        ([], True, True),
        (["move"], True, True),  # dl.military-stage: units move
        (["attack"], True, True),  # dl.military-stage: units attack
        (["move", "attack"], None, True),  # dl.doubt-6 / dl.proposal-6
        (["attack", "move"], None, True),  # dl.proposal-6: in any order
        (["move", "move"], None, False),  # dl.proposal-6: one move
        (["attack", "attack"], None, False),  # dl.proposal-6: one attack
        (["move", "attack", "move"], None, False),
    ],
)
def test_move_and_attack(referee, actions, original, gniazdo):
    first = referee.rule("move-and-attack", {"actions": actions}, "original")
    assert first.outcome == {"allowed": original}
    assert referee.gaps(first) == (["dl.doubt-6"] if original is None else [])
    assert referee.steps(first)[0] == "dl.military-stage"
    second = referee.rule("move-and-attack", {"actions": actions}, "gniazdo")
    assert second.outcome == {"allowed": gniazdo}
    assert referee.steps(second) == ["dl.proposal-6"]
    assert referee.gaps(second) == []


# ================================================================= pollution


@pytest.mark.parametrize("districts", range(1, 13))
@pytest.mark.parametrize("plant", [False, True], ids=["no-plant", "treatment-plant"])
def test_pollution_after_the_eighth_district(referee, districts, plant):
    # dl.pollution-appears: after the eighth district; dl.pollution-treatment-plant: a plant built before avoids it.
    result = referee.rule("pollution", {"districts": districts, "treatment_plant": plant})
    expected = districts >= 8 and not plant
    assert result.outcome == {"pollution": expected}
    assert referee.steps(result) == (
        ["dl.pollution-appears"]
        if districts < 8
        else ["dl.pollution-appears", "dl.pollution-treatment-plant"]
    )
    assert referee.gaps(result) == (["dl.pollution-appears"] if expected else [])


def test_pollution_rejects_bad_inputs(referee):
    assert "inputs.districts" in referee.errors("pollution", {"districts": 13})
    assert "inputs.treatment_plant" in referee.errors("pollution", {"districts": 8, "treatment_plant": 1})


# ============================================================== interception


def test_interception_of_a_super_missile_is_a_gap(referee):
    referee.check(
        "interception",
        {"roll": 6, "kind": "super"},
        {"shot_down": True},
        ["dl.ship-intercept", "dl.super-missile-same-rules"],
        ["dl.ship-intercept"],
    )


def test_interception_rejects_bad_inputs(referee):
    assert "inputs.roll" in referee.errors("interception", {"roll": 7})
    assert "inputs.kind" in referee.errors("interception", {"roll": 5, "kind": "laser"})


# ================================================================== disputes


def test_all_ten_doubts_are_disputes_with_their_proposals():
    disputes = {d.key: d for d in engine.disputes_for(GAME)}
    for n in range(1, 11):
        assert f"dl.doubt-{n}" in disputes[f"doubt-{n}"].clauses
    for n in (1, 5, 6):
        assert f"dl.proposal-{n}" in disputes[f"doubt-{n}"].clauses
    assert disputes["missile-odd-districts"].inputs == {"districts": 3, "kind": "missile"}


@pytest.mark.parametrize("key", ["doubt-1", "doubt-5", "doubt-6"])
def test_disputes_with_a_proposal_rule_differently_under_gniazdo(referee, key):
    d = next(d for d in engine.disputes_for(GAME) if d.key == key)
    original = referee.rule(d.adjudicator, d.inputs, "original").outcome
    gniazdo = referee.rule(d.adjudicator, d.inputs, "gniazdo").outcome
    assert original != gniazdo


def test_summaries_are_plain_sentences(referee):
    for a in engine.for_game(GAME):
        for example in a.examples:
            sentence = referee.describe(a.name, referee.outcome(a.name, example))
            assert sentence and sentence.endswith("."), a.name


# ================================================================ parameters

# Every figure the adjudicators read from a sentence: parameter -> (clause, the words, value).
PARAMS = {
    "token_set_cities": ("dl.federation-tokens", "8 miast", 8),
    "token_set_land_routes": ("dl.federation-tokens", "30 żetonów szlaków komunikacyjnych lądowych", 30),
    "token_set_sea_routes": ("dl.federation-tokens", "10 szlaków morskich", 10),
    "token_set_infantry": ("dl.federation-tokens", "15 oddziałów piechoty", 15),
    "token_set_armored": ("dl.federation-tokens", "10 oddziałów wojsk pancernych", 10),
    "token_set_ships": ("dl.federation-tokens", "10 okrętów wojennych", 10),
    "token_set_missile_launchers": ("dl.federation-tokens", "20 dwustronnych żetonów wyrzutnia", 20),
    "token_set_super_missile_launchers": ("dl.federation-tokens", "20 dwustronnych wyrzutni", 20),
    "wind_south_face": ("dl.wind-direction", "2 - południe", 2),
    "wind_east_face": ("dl.wind-direction", "3 - wschód", 3),
    "wind_north_face": ("dl.wind-direction", "4 - północ", 4),
    "wind_west_face": ("dl.wind-direction", "5 - zachód", 5),
    "conventional_energy_per_n": ("dl.profit-power", "generuje 10 razy N", 10),
    "nuclear_energy_per_n": ("dl.profit-power", "atomowa 30 razy N", 30),
    "wood_per_forest": ("dl.profit-wood", "Jeden zdjęty żeton daje 3", 3),
    "pollution_n_penalty": ("dl.pollution-reduces-n", "zostaje zmniejszona o jeden", 1),
    "robot_n_bonus": ("dl.robots-raise-n", "zwiększa się o jeden", 1),
    "robot_tax_energy": ("dl.robots-tax", "podatek za obiekt zwiększa o dwie", 2),
    "fire_spread_fields": ("dl.fire-spread", "rozprzestrzenia o jedno", 1),
    "general_fires": ("dl.general-tokens", "50 pożarów", 50),
    "federations": ("dl.starting-routes", "wychodzą cztery lądowe szlaki", 4),
    "pollution_district": ("dl.pollution-appears", "po zabudowaniu jego ósmej dzielnicy", 8),
    "missile_district_step": ("dl.missile-effect", "niszczy co druga dzielnicę", 2),
    "infantry_move": ("dl.infantry-move", "Porusza się o dwa", 2),
    "infantry_forest_move": ("dl.infantry-forest-route", "poruszania do jednego", 1),
    "infantry_route_move": ("dl.infantry-forest-route", "może przemieścić się o pięć", 5),
    "armored_move": ("dl.armored-move", "Porusza się o trzy", 3),
    "armored_route_move": ("dl.armored-move", "szlaku komunikacyjnego o pięć", 5),
    "ship_move": ("dl.ship-move", "morskich, pięć", 5),
    "ship_capacity": ("dl.ship-transport", "Może przewozić do dwóch", 2),
    "intercept_faces": ("dl.ship-intercept", "wyrzuci 5 lub 6 oczek", [5, 6]),
    "proposal_moves": ("dl.proposal-6", "wykonać jeden ruch", 1),
    "proposal_attacks": ("dl.proposal-6", "i jeden atak", 1),
    "setup_kokosy": ("dl.setup-money", "otrzymują po 1100 kokosów", 1100),
    "infantry_ship_malus": ("dl.combat", "odejmuje się cztery oczka", 4),
    "missile_range": ("dl.missile-range", "Zasięg rakiety wynosi 10 pól", 10),
    "super_missile_range": ("dl.super-missile-range", "Zasięg wynosi 20 pól", 20),
    "super_missile_fields": ("dl.super-missile-area", "Atak obejmuje pięć pól", 5),
    "bank_fields": ("dl.bank-fields", "Dziewięć centralnych pól", 9),
}
PACKAGE = Path(__file__).resolve().parents[3] / "games" / "adjudicators" / "dolores"


@pytest.mark.parametrize("name", PARAMS)
def test_each_figure_is_read_from_its_clause(referee, name):
    clause, words, value = PARAMS[name]
    param = referee.rules.params[name]
    assert (param.clause, param.words in words, param.value) == (clause, True, value)
    bound = next(c for c in corpus.game(GAME).clauses if c.key == clause)
    assert params.read(name, bound.params[name], corpus.normalise(bound.text)).phrase == words


def test_the_package_reads_exactly_the_bound_parameters():
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'(?:rules\.param|\bP)\("(\w+)"\)', path.read_text(encoding="utf-8")))
    bound = {name for c in corpus.game(GAME).clauses for name in c.params}
    assert used == bound == set(PARAMS)


def test_tables_come_from_the_rules_passed_in():
    # No module of the package reaches for the active rules: tables and figures arrive as ``rules``.
    for path in PACKAGE.glob("*.py"):
        assert "active(" not in path.read_text(encoding="utf-8"), path.name


def test_tax_bill_messages_say_the_parameters(referee):
    draft = referee.with_params(robot_tax_energy=3, token_set_cities=1)
    result = draft.rule(
        "tax-bill", {"cities": [{**LATER_CITY, "buildings": [{"kind": "mine", "robots": 2}]}] * 2}
    )
    assert result.steps[-1].explanation == (
        "Robots installed: 4; at 3 energy each, the tax rises by 12 energy."
    )
    assert result.gaps[0].question == (
        "A federation's token set holds 1 cities, but 2 are taxed here: may the limits of the token sets "
        "be exceeded?"
    )


@pytest.mark.parametrize(
    "changed, expected",
    [
        (
            {},
            [
                "The federation rolls 4 for N.",
                "Pollution clouds over the federation's cities: 1, taking 1 off, so N = 4 - 1 = 3.",
                "power: robots installed: 2, so its N rises from 3 to 5.",
                "power (conventional power plant) produces 50 energy.",
                "As in the example: 10 x (N + 2) energy.",
            ],
        ),
        (
            {"conventional_energy_per_n": 12, "pollution_n_penalty": 3},
            [
                "The federation rolls 4 for N.",
                "Pollution clouds over the federation's cities: 1, taking 3 off, so N = 4 - 3 = 1.",
                "power: robots installed: 2, so its N rises from 1 to 3.",
                "power (conventional power plant) produces 36 energy.",
                "As in the example: 12 x (N + 2) energy.",
            ],
        ),
    ],
)
def test_profit_messages_say_the_parameters(referee, changed, expected):
    raw = {
        "roll": 4,
        "pollution_clouds": 1,
        "facilities": [fac("power", "conventional-power-plant", robots=2)],
    }
    result = referee.with_params(**changed).rule("profit", raw)
    assert [s.explanation for s in result.steps] == expected


def test_wind_follows_its_dice_faces(referee):
    # A draft swapping "5 - zachód" for "6 - zachód": a 6 blows west and a 5 is calm.
    draft = referee.with_params(wind_west_face=6)
    assert wind(draft, direction_roll=6, pollution=[[4, 4]]).outcome["direction"] == "west"
    assert wind(draft, direction_roll=5, pollution=[[4, 4]]).outcome["direction"] is None


def test_fire_spread_follows_its_reach(referee):
    draft = referee.with_params(fire_spread_fields=2)
    result = wind(draft, fires=[[2, 2]], burnable=[[3, 2], [4, 2]])
    assert result.outcome["new_fires"] == [[4, 2]]
    assert (
        result.steps[3].explanation == "Fires do not move; each spreads 2 fields east, whatever the strength."
    )
    assert wind(referee, fires=[[2, 2]], burnable=[[3, 2]]).steps[3].explanation == (
        "Fires do not move; each spreads 1 field east, whatever the strength."
    )


@pytest.mark.parametrize(
    "threshold, districts, expected", [(8, 7, False), (8, 8, True), (7, 7, True), (9, 8, False)]
)
def test_pollution_follows_its_district(referee, threshold, districts, expected):
    result = referee.with_params(pollution_district=threshold).rule("pollution", {"districts": districts})
    assert result.outcome == {"pollution": expected}
    if not expected:
        assert result.steps[0].explanation == (
            f"Pollution comes only after district {threshold} is built; the city has {districts}."
        )


@pytest.mark.parametrize(
    "step, districts, destroyed, remaining, attacks",
    [(2, 12, 6, 6, 4), (3, 12, 4, 8, 6), (3, 3, 1, 2, 3)],
)
def test_missile_follows_its_district_step(referee, step, districts, destroyed, remaining, attacks):
    result = referee.with_params(missile_district_step=step).rule("missile", {"districts": districts})
    assert result.outcome == {
        "destroyed": destroyed,
        "remaining": remaining,
        "attacks_to_raze": attacks,
        "radioactive_cloud": False,
    }
    assert result.steps[0].explanation == (
        f"The missile destroys one district in every {step} of the city: {destroyed} of {districts} "
        f"destroyed, {remaining} left."
    )


def test_ship_transport_says_the_capacity(referee):
    raw = {"unit": "infantry", "terrain": "sea"}
    assert referee.rule("movement", raw).steps[-1].explanation == (
        "Land units cross the sea only carried by a ship, up to 2 at a time; boarding the ship is the unit's "
        "move, and so is leaving it."
    )
    assert referee.with_params(ship_capacity=3).rule("movement", raw).steps[-1].explanation == (
        "Land units cross the sea only carried by a ship, up to 3 at a time; boarding the ship is the unit's "
        "move, and so is leaving it."
    )


@pytest.mark.parametrize(
    "faces, roll, shot_down, needs",
    [
        ([4, 6], 3, False, "4 or 6"),
        ([4, 6], 4, True, "4 or 6"),
        ([4, 6], 5, False, "4 or 6"),
        ([4, 6], 6, True, "4 or 6"),
        ([4, 5, 6], 4, True, "4, 5 or 6"),
        ([6], 5, False, "6"),
    ],
)
def test_interception_follows_its_set_of_faces(referee, faces, roll, shot_down, needs):
    result = referee.with_params(intercept_faces=faces).rule("interception", {"roll": roll})
    assert result.outcome == {"shot_down": shot_down}
    verdict = "shot down" if shot_down else "not shot down"
    assert result.steps[0].explanation == f"The ship rolled {roll}: {verdict} (it needs {needs})."


# The tables of cases: cases/dolores.json, one test a section (tests.games.referee.install_cases).
install_cases(globals(), "dolores")


# ============================================================ readings of open points


def _readings(result, clause):
    (gap,) = [g for g in result.gaps if g.clause == clause]
    return [(r.reading, dict(r.outcome)) for r in gap.readings]


def test_a_power_plant_row_reaches_the_investment_as_a_gap_with_its_other_readings(referee):
    # tables.toml flags the row: "58 is the demolition price only and the goods are the whole
    # construction cost; or all four goods are the tax".
    result = referee.rule("investment", {"kokosy": 1000, "build": {"conventional-power-plant": 2}})
    assert result.outcome["cost"] == 116
    assert result.outcome["goods_needed"] == {"coal": 10, "iron": 6, "wood": 10}
    (goods_only, all_tax) = _readings(result, "dl.t1.conventional-power-plant")
    assert goods_only[1] == {
        "cost": 0,
        "kokosy_after": 1000,
        "goods_needed": {"coal": 20, "iron": 6, "wood": 10},
    }
    assert all_tax[1] == {"goods_needed": {}}


def test_a_power_plant_row_reaches_the_tax_bill_with_its_other_readings(referee):
    raw = {
        "cities": [{"districts": 1, "first_city": True, "buildings": [{"kind": "conventional-power-plant"}]}]
    }
    result = referee.rule("tax-bill", raw)
    assert result.outcome["bill"] == {"coal": 5, "food": 1}
    (goods_only, all_tax) = _readings(result, "dl.t1.conventional-power-plant")
    assert goods_only[1] == {"bill": {"food": 1}}
    assert all_tax[1] == {"bill": {"coal": 10, "iron": 3, "food": 1, "wood": 5}}


def test_doubt_2_gives_the_limit_reading_wherever_a_set_is_passed(referee):
    # A 31st land route segment: doubt 2's own example.
    bought = referee.rule("investment", {"kokosy": 1000, "buy": {"land": 1}, "held": {"land": 30}})
    assert bought.outcome["allowed"] is True
    assert _readings(bought, "dl.doubt-2")[0][1] == {"refused": ["land"], "allowed": False}
    within = referee.rule("investment", {"kokosy": 1000, "buy": {"land": 1}, "held": {"land": 29}})
    assert "dl.doubt-2" not in referee.gaps(within)
    # A 16th infantry unit of one federation on one field.
    stack = [{"federation": "Red", "unit": "infantry"}] * 16
    stacked = referee.rule("stacking", {"stack": stack})
    assert stacked.outcome["allowed"] is True
    assert _readings(stacked, "dl.doubt-2")[0][1] == {"allowed": False}
    assert "dl.doubt-2" not in referee.gaps(referee.rule("stacking", {"stack": stack[:15]}))
    # The tax bill of 16 infantry units: under the limit reading only 15 are on the board.
    taxed = referee.rule("tax-bill", {"units": {"infantry": 16}})
    assert taxed.outcome["bill"] == {"sulfur": 16, "food": 16}
    assert _readings(taxed, "dl.doubt-2")[0][1] == {"bill": {"sulfur": 15, "food": 15}}


def test_under_gniazdo_a_ship_sails_then_strikes_and_as_written_it_is_a_reading(referee):
    raw = {"width": 12, "height": 1, "sea": [[0, 0], [1, 0], [2, 0]], "ships": [[0, 0]]}
    written = referee.rule("ship-reach", raw)
    assert written.outcome["safe_fields"]["five-fields"] == 6
    assert _readings(written, "dl.doubt-6")[0][1]["safe_fields"] == {"own-field": 9, "five-fields": 4}
    gniazdo = referee.rule("ship-reach", raw, "gniazdo")
    assert gniazdo.outcome["safe_fields"]["five-fields"] == 4
    assert "dl.doubt-6" not in referee.gaps(gniazdo)


@pytest.mark.parametrize(
    ("attacker", "defender", "rolls", "removed"),
    [
        ("infantry", "armored", (5, 2), "defender"),
        ("infantry", "armored", (2, 5), "attacker"),
        ("infantry", "armored", (3, 3), "neither"),
        # dl.combat: "od rzutu piechoty odejmuje się cztery oczka w walce przeciwko okrętowi": 6 - 4 = 2.
        ("infantry", "ship", (6, 2), "neither"),
        ("infantry", "ship", (6, 1), "defender"),
        ("ship", "infantry", (3, 6), "defender"),
    ],
)
def test_a_clash_rolled_removes_the_lower_total(referee, attacker, defender, rolls, removed):
    raw = {"attacker": attacker, "defender": defender, "attacker_roll": rolls[0], "defender_roll": rolls[1]}
    result = referee.rule("combat-odds", raw)
    assert result.outcome["removed"] == removed
    (tie,) = [g for g in result.gaps if g.clause == "dl.combat" and g.readings] or [None]
    assert (tie is not None) == (removed == "neither")


def test_a_clash_not_rolled_removes_no_one_and_needs_both_rolls(referee):
    assert referee.outcome("combat-odds", {"attacker": "infantry", "defender": "armored"})["removed"] is None
    assert "inputs.defender_roll" in referee.errors("combat-odds", {"attacker_roll": 4})


def test_a_launcher_that_attacked_is_not_on_the_board(referee):
    # dl.missile-single-use: "po pierwszym ataku jej żeton usuwa się z planszy" — asked through
    # either question, the same answer.
    assert "inputs.used" in referee.errors("missile-strike", {"distance": 3, "used": True})
    assert "inputs.used" in referee.errors("missile-shootdown", {"distance": 3, "used": True})
    assert "inputs.actions" in referee.errors(
        "move-and-attack", {"unit": "super", "actions": ["attack", "attack"]}
    )
    assert referee.outcome("move-and-attack", {"unit": "missile", "actions": ["attack"]}) == {"allowed": True}


def test_fires_past_the_general_tokens_give_the_limit_reading(referee):
    # dl.general-tokens: "50 pożarów"; dl.doubt-2 asks whether the counts are limits.
    # 49 fires on the bottom row, the wind blowing north (4) onto 49 burnable fields: 98 fires.
    raw = {
        "direction_roll": 4,
        "strength_roll": 1,
        "width": 50,
        "height": 3,
        "fires": [[x, 2] for x in range(49)],
        "burnable": [[x, 1] for x in range(50)],
    }
    result = referee.rule("wind", raw)
    assert len(result.outcome["new_fires"]) == 49
    (gap,) = [g for g in result.gaps if g.clause == "dl.doubt-2"]
    assert dict(gap.readings[0].outcome) == {"new_fires": [[0, 1]]}
    raw["fires"] = raw["fires"][:25]
    assert "dl.doubt-2" not in referee.gaps(referee.rule("wind", raw))


def test_doubt_6_rules_each_reading_of_two_actions(referee):
    result = referee.rule("move-and-attack", {"actions": ["move", "attack"]})
    assert result.outcome == {"allowed": None}
    assert [dict(r.outcome) for r in result.gaps[0].readings] == [{"allowed": False}, {"allowed": True}]
    twice = referee.rule("move-and-attack", {"actions": ["move", "move"]})
    assert [dict(r.outcome) for r in twice.gaps[0].readings] == [{"allowed": False}, {"allowed": False}]


def test_doubt_5_gives_proposal_5_as_the_other_reading(referee):
    raw = {
        "all_taxes_paid": True,
        "cities": [city("A", ("mine", True)), city("B", ("farm", True), connected=False)],
    }
    result = referee.rule("profit-eligibility", raw)
    assert result.outcome == {"profit_phase": "partial", "producing": []}
    (gap,) = result.gaps
    assert dict(gap.readings[0].outcome) == {"producing": ["mine"]}
