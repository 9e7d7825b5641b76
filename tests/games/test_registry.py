"""Every adjudicator is registered, cites real clauses and keeps the contract's names."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import adjudicators, engine
from games.engine import Invalid
from games.snapshot import from_corpus
from rules import corpus
from tests.games.referee import PROPERTY, Referee

CONTRACT = {
    "rada-miasta": ["support-gain", "round-order", "council-vote", "event-card"],
    "praetor": [
        "starting-favor",
        "turn-order",
        "upkeep",
        "final-scoring",
        "winner",
        "activation",
        "last-round",
        # Beyond docs/api.md (docs/adjudicators.md, Praetor): the city tiles (issue #21).
        "city-tile",
        "market",
        "imperial-outpost",
        "build",
        "pass",
        "refill",
        "game-end",
        "setup",
    ],
    "imperial-tax-farmer": ["rebellion-test", "control", "crush-rebellion", "bribery", "end-of-round"],
    "mega-civilization": [
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
    ],
    "dolores": [
        "city-tax",
        "tax-bill",
        "profit-eligibility",
        "profit",
        "wind",
        "missile",
        "movement",
        "move-and-attack",
        "pollution",
        "interception",
        # Beyond docs/api.md (docs/adjudicators.md, Dolores): GNIAZDO's doubts 3, 4, 7, 9, 10.
        "first-city",
        "investment",
        "deployment",
        "territory",
        "stage-order",
        "stacking",
        "sabotage",
        "missile-strike",
        "disaster",
        "game-end",
        "setup-forests",
        "combat-odds",
        "missile-shootdown",
        "ship-reach",
    ],
}


@pytest.mark.parametrize("game", CONTRACT)
def test_every_contract_adjudicator_is_registered(game):
    # The contract's names are all there (issue #21 adds more; adding is allowed, docs/api.md).
    registered = [a.name for a in engine.for_game(game)]
    assert set(CONTRACT[game]) <= set(registered)


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_declared_clauses_exist_in_the_corpus(adj):
    keys = {c.key for c in corpus.game(adj.game).clauses}
    assert [k for k in adj.clauses if k not in keys] == []


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_examples_rule_under_every_variant_citing_declared_clauses(adj):
    assert adj.examples, "each adjudicator ships at least one worked example"
    for example in adj.examples:
        inputs = adj.validate(example, rules=from_corpus(adj.game))
        for variant in corpus.game(adj.game).variants:
            result = adj(inputs, variant=variant.slug, rules=from_corpus(adj.game))
            assert result.steps
            for step in result.steps:
                assert step.clause in adj.clauses
            for gap in result.gaps:
                assert gap.clause is None or gap.clause in adj.clauses


def _disputes():
    return [d for g in CONTRACT for d in engine.disputes_for(g)]


@pytest.mark.parametrize("d", _disputes(), ids=lambda d: f"{d.game}/{d.key}")
def test_disputes_cite_real_clauses_and_their_example_rules(d):
    keys = {c.key for c in corpus.game(d.game).clauses}
    assert [k for k in d.clauses if k not in keys] == []
    if not d.ruled:  # no example to run: it must say what is open and what the wording says
        assert d.open_question and d.wording and d.inputs is None
        return
    adj = engine.get(d.game, d.adjudicator)
    inputs = adj.validate(d.inputs, rules=from_corpus(adj.game))
    for variant in corpus.game(d.game).variants:
        assert adj(inputs, variant=variant.slug, rules=from_corpus(adj.game)).outcome is not None


def test_dolores_lists_all_ten_gniazdo_doubts_as_disputes():
    cited = {k for d in engine.disputes_for("dolores") for k in d.clauses}
    assert {f"dl.doubt-{n}" for n in range(1, 11)} <= cited


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_every_declared_clause_is_cited_by_the_adjudicators_code(adj):
    """clauses= lists nothing the code never cites (read statically: games.engine.citations).
    Rows of a table are cited through the table's data, which the code reads whole."""
    from games.engine import citations

    rules = from_corpus(adj.game)
    table_rows = {row["clause"] for rows in rules.tables.values() for row in rows}
    uncited = set(adj.clauses) - citations.reached_by(adj.game, adj.name) - table_rows
    assert not uncited, f"{adj.game}/{adj.name} declares clauses its code never cites: {sorted(uncited)}"


def test_the_citation_index_points_at_the_code():
    from pathlib import Path

    from games.engine import citations

    found = citations.implemented_by("rada-miasta", "rm.support.limits")
    adjudicators = [c.name for c in found if c.kind == "adjudicator"]
    assert "support-gain" in adjudicators
    for c in found:
        line = Path(c.file).read_text(encoding="utf-8").splitlines()[c.line - 1]
        if c.kind == "function":
            assert "rm.support.limits" in line, (c, line)
        else:
            assert line.lstrip().startswith("@adjudicator"), (c, line)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


def _bodies(adj) -> st.SearchStrategy:
    """Any JSON; any of the declared fields holding any JSON; a worked example as it is, or with
    one or two of its fields replaced by any JSON."""
    fields = sorted(set(adj.inputs.fields).union(*adj.examples))
    broken = st.builds(
        lambda example, values: {**example, **values},
        st.sampled_from(adj.examples),
        st.dictionaries(st.sampled_from(fields), JSON, max_size=2),
    )
    return st.one_of(
        JSON,
        st.fixed_dictionaries({}, optional=dict.fromkeys(fields, JSON)),
        st.sampled_from(adj.examples),
        broken,
    )


# Not a rule of any text but the contract's "no 5xx" (CONTRACT §1): no JSON body may produce
# anything but a ruling or a 400. 100 bodies per adjudicator keep the suite in its time budget.
@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
@settings(PROPERTY, max_examples=100)
@given(data=st.data())
def test_any_json_gives_a_ruling_or_invalid(adj, data):
    referee = Referee(adj.game)
    raw = data.draw(_bodies(adj))
    try:
        referee.validate(adj.name, raw)
    except Invalid as exc:
        assert exc.errors and all(k.startswith("inputs") for k in exc.errors)
        return
    for variant in corpus.game(adj.game).variants:
        result = referee.rule(adj.name, raw, variant.slug)
        assert result.steps and isinstance(result.outcome, dict)


# ------------------------------------------------------------------------- the data files


@pytest.mark.parametrize("package", adjudicators.PACKAGES, ids=lambda p: p.GAME)
def test_adjudicators_toml_lists_every_adjudicator_in_order_with_every_interface_language(package):
    from pathlib import Path

    from django.conf import settings

    from games.engine import data

    raw = data.read(Path(package.__file__).parent / "adjudicators.toml")["adjudicator"]
    # The pages and the API list them in the file's order.
    assert [e["name"] for e in raw] == [a.name for a in engine.for_game(package.GAME)]
    languages = {code for code, _name in settings.LANGUAGES}
    assert [e["name"] for e in raw if set(e["title"]) != languages] == []


def test_a_title_follows_the_interface_language():
    from django.utils import translation

    vote = engine.get("rada-miasta", "council-vote")
    with translation.override("pl"):
        assert str(vote.title) == "Czy głosowanie Rady Miasta jest wygrane i co następuje po nim?"
    with translation.override("de"):  # no such interface language: English
        assert str(vote.title) == "Does the City Council vote pass, and what happens after it?"


ENTRY = """
[[adjudicator]]
name = "second"
title = { en = "Second?", pl = "Drugie?" }
clauses = ["tt.rule-2"]

[[adjudicator]]
name = "first"
title = { en = "First?", pl = "Pierwsze?" }
clauses = ["tt.rule-1", "tt.rule-1.b"]
"""


@pytest.fixture
def declare():
    """Declare adjudicators of made-up games; forgotten after the test, so that no other test
    (the API document's, for one) finds them registered."""
    from games.engine import core
    from games.engine.declare import Object

    games = set()

    def make(game: str, *names: str) -> None:
        games.add(game)
        for name in names:
            core.adjudicator(name, game=game, inputs=Object())(lambda i, *, variant, rules: None)

    yield make
    for game in games:
        core._REGISTRY.pop(game, None)
        core._DECLARED.pop(game, None)


def test_adjudicators_register_from_their_data_in_its_order(tmp_path, declare):
    from games.engine import data

    path = tmp_path / "adjudicators.toml"
    path.write_text(ENTRY, encoding="utf-8")
    declare("t-adj", "first", "second")
    assert engine.for_game("t-adj") == []  # declared by the code, not listed until its data says so
    data.load_adjudicators("t-adj", path)
    listed = engine.for_game("t-adj")
    assert [(a.name, str(a.title), a.clauses) for a in listed] == [
        ("second", "Second?", ("tt.rule-2",)),
        ("first", "First?", ("tt.rule-1", "tt.rule-1.b")),
    ]


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('name = "second"', 'name = "third"', "not an adjudicator the code declares"),
        (', pl = "Drugie?"', "", "one for each of"),  # a title without its Polish
        ('"tt.rule-2"', '"Rule 2"', "malformed clause key"),
        ('clauses = ["tt.rule-2"]', 'clauses = "tt.rule-2"', "a list of clause keys"),
        ('clauses = ["tt.rule-2"]', 'clauses = ["tt.rule-2"]\nnote = "?"', "exactly"),
        ('[[adjudicator]]\nname = "second"', '[[skipped]]\nname = "second"', "no entry for"),
    ],
)
def test_adjudicators_toml_is_refused_at_load_when_it_cannot_be_read(tmp_path, declare, old, new, message):
    from games.engine import data

    assert old in ENTRY
    path = tmp_path / "adjudicators.toml"
    path.write_text(ENTRY.replace(old, new), encoding="utf-8")
    game = f"t-bad-{abs(hash((old, new)))}"
    declare(game, "first", "second")
    with pytest.raises(ValueError, match=message):
        data.load_adjudicators(game, path)
    assert engine.for_game(game) == []  # nothing registered from a bad file
