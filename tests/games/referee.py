"""The referee the adjudicator tests rule with: one game's adjudicators under the shipped corpus
(or a draft's figures), checking on every ruling what every ruling must hold."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from games import engine
from games.engine import Invalid, Result, Rules
from games.snapshot import from_corpus

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
