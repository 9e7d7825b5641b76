"""Every refused worked example (each game's ``refused.json``) is a 400 that names the clauses
ruling it out by field path and quotes them in the request's language (CONTRACT.md §1); the
ruled-out mechanism itself (``games.engine.declare.ruled_out``, parameter bounds) and gap
readings (CONTRACT.md §3) as a ruling writes them."""

import pytest

from games import engine
from games.engine import Reasoning, ruled_out
from games.engine.declare import Int, Object
from games.engine.rules import P, Param, Rules, using

pytestmark = pytest.mark.django_db

REFUSED = [
    pytest.param(adj, example, id=f"{adj.game}/{adj.name}/{example.id}")
    for adj in engine.all_adjudicators()
    for example in adj.refused
]

# The adjudicators that have no refused worked example yet: this list only shrinks (issue 32,
# "every adjudicator has worked examples of situations it refuses").
NOT_YET = {
    "dolores/wind",
    "dolores/first-city",
    "dolores/combat-odds",
    "mega-civilization/population-growth",
    "mega-civilization/movement",
    "mega-civilization/city-attack",
    "mega-civilization/city-construction",
    "mega-civilization/trade-offer",
    "mega-civilization/calamity-hand",
    "mega-civilization/advance-purchase",
    "mega-civilization/ship-payment",
    "mega-civilization/reshuffle",
}


def _post(api, adj, inputs, lang):
    url = f"/api/v1/games/{adj.game}/adjudicators/{adj.name}/"
    return api.post(url, {"inputs": inputs, "lang": lang}, format="json")


@pytest.mark.parametrize(("adj", "example"), REFUSED)
def test_a_refused_example_names_and_quotes_its_clauses(corpus, api, adj, example):
    from games import snapshot

    response = _post(api, adj, example.inputs, "en")
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["clauses"] == {path: list(keys) for path, keys in example.clauses.items()}
    game = snapshot.load(adj.game, lang="en")
    for path, keys in example.clauses.items():
        for key in keys:
            words = game.clauses[key].translation or game.clauses[key].text
            assert any(f"({key}): “{words.strip()}”" in m for m in body["errors"][path]), body["errors"][path]


def test_the_quote_is_in_the_requests_language(corpus, api):
    adj = engine.get("praetor", "setup")
    inputs = {"players": 3, "tiles": {"2+": 50}}
    english = _post(api, adj, inputs, "en").json()["errors"]["inputs.tiles.2+"][0]
    original = _post(api, adj, inputs, "zh-Hans").json()["errors"]["inputs.tiles.2+"][0]
    assert "“42 city tiles" in english
    assert "“• 42个城市板块" in original
    polish = api.post(
        "/api/v1/games/praetor/adjudicators/setup/",
        {"inputs": inputs, "lang": "en"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    ).json()["errors"]["inputs.tiles.2+"][0]
    assert "Zasady (pr.components.city-tiles): „42 city tiles" in polish


def test_the_referee_form_quotes_the_clause_beside_the_field(corpus, client):
    response = client.post(
        "/referee/praetor/setup/",
        {"players": "3", "tiles.2+": "50", "lang": "en"},
    )
    assert response.status_code in (200, 400, 422)
    assert "The rules (pr.components.city-tiles)" in response.content.decode()


def test_a_bound_of_our_own_names_no_clause():
    rules = Rules(game="x", edition=1, params={"cap": Param("cap", 3, "xx.cap", 1, "3")})
    declared = Object(a=Int(0, 5), b=Int(0, P("cap")))
    with pytest.raises(engine.Invalid) as refused:
        declared.validate({"a": 6, "b": 4}, "inputs", rules=rules)
    assert refused.value.clauses == {"inputs.b": ["xx.cap"]}
    assert set(refused.value.errors) == {"inputs.a", "inputs.b"}


def test_a_check_rules_out_with_its_clauses():
    def at_most_one(i):
        if i.a + i.b > 1:
            yield ruled_out("b", "One piece at most.", "xx.one", "xx.two")

    declared = Object(a=Int(0, 5), b=Int(0, 5), checks=[at_most_one])
    with pytest.raises(engine.Invalid) as refused:
        declared.validate({"a": 1, "b": 1}, "inputs", rules=Rules(game="x", edition=1))
    assert refused.value.errors == {"inputs.b": ["One piece at most."]}
    assert refused.value.clauses == {"inputs.b": ["xx.one", "xx.two"]}
    with pytest.raises(ValueError):
        ruled_out("b", "No clause named.")


def test_a_reading_that_changes_nothing_is_left_out():
    from games.engine.core import _GAPS, KnownGap

    _GAPS.setdefault("test-readings", {})["open"] = KnownGap("xx.open", lambda p: "Open?", lambda p: "Yes.")
    try:
        r = Reasoning()
        with using(Rules(game="test-readings", edition=1)):
            r.gap("xx.open", "open", readings=[("As a limit.", {"allowed": False}), ("Same.", {})])
        (gap,) = r.result({}).gaps
        assert [(x.reading, dict(x.outcome)) for x in gap.readings] == [("As a limit.", {"allowed": False})]
    finally:
        del _GAPS["test-readings"]


def test_every_gap_of_a_ruling_has_its_readings(corpus, api):
    response = api.post(
        "/api/v1/games/praetor/adjudicators/setup/", {"inputs": {"players": 3, "tiles": {}}}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["gaps"]
    assert all(isinstance(g["readings"], list) for g in response.json()["gaps"])


def test_adjudicators_without_a_refused_example_only_shrink():
    missing = {f"{a.game}/{a.name}" for a in engine.all_adjudicators() if not a.refused}
    assert not missing - NOT_YET, f"give these refused examples: {sorted(missing - NOT_YET)}"
    assert not NOT_YET - missing, f"these have refused examples now; strike them: {sorted(NOT_YET - missing)}"
