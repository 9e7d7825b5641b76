"""The referee the adjudicator tests rule with: one game's adjudicators under the shipped corpus
(or a draft's figures), checking on every ruling what every ruling must hold; and the runner for
the tables of cases kept as data (tests/games/adjudicators/cases/<game>.json).

A case file maps a section (``tax_bill``) to its cases; ``install_cases`` makes of each section a
test ``test_tax_bill`` in the game's test module, parametrized over the cases by their ``id``.
What a section states once stands for each of its cases (``adjudicator``, ``variant``, ``steps``,
``outcome_keys``); ``base`` is the raw inputs each case's ``raw`` is laid over. A case holds:

- ``raw`` (the inputs), with ``params`` (rule under a draft with these parameter values) and
  ``variant``; then what the ruling must be: ``outcome`` (the whole outcome), ``outcome_has``
  (these keys of it), ``outcome_keys`` (exactly these keys), ``steps`` (the cited clauses, in
  order), ``gaps`` (the gaps' clauses, in order);
- or ``error`` (a field path among the validation errors of ``raw``) or ``errors`` (all of them,
  with their messages);
- or ``param`` (a parameter of the shipped rules) with its ``clause``, ``value`` and ``words``;
- and ``note``: why the case is there (JSON has no comments). JSON, not TOML: cases need null.

A section that says ``"own_test": true`` is asserted by the module's own ``test_<section>``
(a test that checks more than these keys can say), parametrized by ``tests.cases.parametrize_cases``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from games import engine
from games.engine import Invalid, Result, Rules
from games.snapshot import from_corpus
from tests.cases import load_cases

# The referee holds no state, so hypothesis may reuse a function-scoped one across examples.
PROPERTY = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


class Referee:
    """Validate and rule with one game's adjudicators, checking what every ruling must hold."""

    def __init__(self, game: str, rules: Rules | None = None):
        self.game = game
        self.rules = rules or from_corpus(game)

    def adj(self, name: str) -> engine.Adjudicator:
        found = engine.get(self.game, name)
        assert found is not None, name
        return found

    def validate(self, name: str, raw: Any) -> Any:
        return self.adj(name).validate(raw, rules=self.rules)

    def rule(self, name: str, raw: Any, variant: str = "original") -> Result:
        """Validate ``raw`` and rule under ``variant``; every cited key must be declared."""
        a = self.adj(name)
        result = a(a.validate(raw, rules=self.rules), variant=variant, rules=self.rules)
        for step in result.steps:
            assert step.clause in a.clauses, step.clause
            assert step.explanation
        for gap in result.gaps:
            assert gap.clause is None or gap.clause in a.clauses, gap.clause
        return result

    def check(
        self,
        name: str,
        raw: Any,
        outcome: Any,
        steps: list[str],
        gaps: list[str | None],
        variant: str = "original",
    ) -> Result:
        """Rule ``raw`` and assert the whole outcome, the cited clauses and the gaps, in order."""
        result = self.rule(name, raw, variant)
        assert result.outcome == outcome
        assert self.steps(result) == steps
        assert self.gaps(result) == gaps
        return result

    def outcome(self, name: str, raw: Any, variant: str = "original") -> dict[str, Any]:
        return self.rule(name, raw, variant).outcome

    def describe(self, name: str, outcome: dict[str, Any]) -> str:
        return self.adj(name).describe(outcome, rules=self.rules)

    def errors(self, name: str, raw: Any) -> dict[str, list[str]]:
        """The validation errors of ``raw``, by dotted path (the test fails if it is valid)."""
        with pytest.raises(Invalid) as exc:
            self.validate(name, raw)
        return exc.value.errors

    def with_params(self, **values: Any) -> Referee:
        """A referee under the same rules with these parameter values (a draft's, say)."""
        params = dict(self.rules.params)
        for name, value in values.items():
            params[name] = dataclasses.replace(params[name], value=value)
        return Referee(self.game, dataclasses.replace(self.rules, params=MappingProxyType(params)))

    def check_case(self, case: dict[str, Any]) -> None:
        """Assert what one case of a case file states (see the module's docstring)."""
        assert set(case) <= CASE_KEYS, set(case) - CASE_KEYS
        if "param" in case:
            param = self.rules.params[case["param"]]
            assert (param.clause, param.value) == (case["clause"], case["value"])
            if "words" in case:
                assert param.words == case["words"]
            return
        referee = self.with_params(**case["params"]) if "params" in case else self
        name, raw = case["adjudicator"], {**case.get("base", {}), **case["raw"]}
        if "error" in case:
            assert case["error"] in referee.errors(name, raw)
            return
        if "errors" in case:
            assert referee.errors(name, raw) == case["errors"]
            return
        assert set(case) & RULING_CHECKS, case["id"]
        result = referee.rule(name, raw, case.get("variant", "original"))
        if "outcome" in case:
            assert result.outcome == case["outcome"]
        if "outcome_has" in case:
            assert {k: result.outcome[k] for k in case["outcome_has"]} == case["outcome_has"]
        if "outcome_keys" in case:
            assert set(result.outcome) == set(case["outcome_keys"])
        if "steps" in case:
            assert self.steps(result) == case["steps"]
        if "gaps" in case:
            assert self.gaps(result) == case["gaps"]

    @staticmethod
    def steps(result: Result) -> list[str]:
        return [s.clause for s in result.steps]

    @staticmethod
    def gaps(result: Result) -> list[str | None]:
        return [g.clause for g in result.gaps]


def every_ruling(game: str):
    """(adjudicator, raw inputs, variant, Result) for each example of the game's adjudicators and
    each of its disputes, under every variant of the shipped corpus."""
    rules = from_corpus(game)
    cases = [(a, ex) for a in engine.for_game(game) for ex in a.examples]
    # A dispute that no adjudicator rules yet (an open question) has no worked example.
    cases += [(engine.get(game, d.adjudicator), d.inputs) for d in engine.disputes_for(game) if d.adjudicator]
    for adj, raw in cases:
        for variant in rules.variant_slugs:
            yield adj, raw, variant, adj(adj.validate(raw, rules=rules), variant=variant, rules=rules)


CASES = Path(__file__).parent / "adjudicators" / "cases"
RULING_CHECKS = {"outcome", "outcome_has", "outcome_keys", "steps", "gaps"}
CASE_KEYS = RULING_CHECKS | {
    "id", "note", "adjudicator", "base", "raw", "params", "variant", "error", "errors",
    "param", "clause", "value", "words",
}  # fmt: skip


def install_cases(namespace: dict[str, Any], case_file: str) -> None:
    """Add to a test module (its ``globals()``) a test ``test_<section>`` for each section of
    ``cases/<case_file>.json``, parametrized over the section's cases by their ids."""
    for section, cases in load_cases(CASES / f"{case_file}.json").items():
        if cases[0].get("own_test"):
            # A test of the module's own asserts these cases (tests.cases.parametrize_cases).
            assert f"test_{section}" in namespace, section
            continue
        params = [pytest.param(case, id=case["id"]) for case in cases]

        def test(referee: Referee, case: dict[str, Any]) -> None:
            referee.check_case(case)

        test.__name__ = test.__qualname__ = f"test_{section}"
        test.__module__ = namespace["__name__"]
        assert test.__name__ not in namespace, test.__name__
        namespace[test.__name__] = pytest.mark.parametrize("case", params)(test)
