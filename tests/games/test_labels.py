"""Every outcome field, and every slug an outcome can hold, reads in words on the referee page
(games.labels), while the API keeps the contract's keys and values (CONTRACT.md §4)."""

from __future__ import annotations

from typing import Any

import pytest

from games import labels
from games.adjudicators.dolores import labels as dolores_labels
from games.adjudicators.dolores.weather import STEPS, TOKEN_NAMES
from games.adjudicators.imperial_tax_farmer import labels as itf_labels
from games.adjudicators.imperial_tax_farmer.rebellion import REBELLION_EFFECTS
from games.adjudicators.mega_civilization import labels as mc_labels
from games.adjudicators.praetor import labels as praetor_labels
from games.adjudicators.praetor.scoring import _CRITERIA
from games.adjudicators.rada_miasta import labels as rada_labels
from tests.games.referee import every_ruling

GAMES = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]


def _strings(value: Any) -> set[str]:
    """Every string in a JSON value, keys included: what the referee typed."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


def _unlabelled(game: str, name: str, value: Any, typed: set[str]) -> list[str]:
    """Vocabulary in ``value`` (not typed by the referee, not a number) with no label."""
    out = labels.field_of(game, name)
    missing = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if k not in typed and not str(k).isdigit() and k not in out.keys:
                    missing.append(f"{name}: key {k!r}")
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str) and v not in typed and v not in out.values:
            missing.append(f"{name}: value {v!r}")

    walk(value)
    return missing


@pytest.mark.parametrize("game", GAMES)
def test_every_outcome_field_and_slug_has_a_label(game):
    missing, seen = [], set()
    for adj, raw, _variant, result in every_ruling(game):
        typed = _strings(raw)
        for name, value in result.outcome.items():
            seen.add(name)
            if labels.field_of(game, name) is None:
                missing.append(f"{adj.name}: field {name!r}")
            else:
                missing += [f"{adj.name}: {m}" for m in _unlabelled(game, name, value, typed)]
    assert missing == []
    # No label for a field no adjudicator returns (a renamed field would leave one behind).
    assert set(labels.table(game)) - seen == set()


def test_every_value_an_enumeration_can_take_has_a_label():
    assert set(rada_labels.FATE_LABELS) == {"rebuilt", "returned-to-pile", "stays"}
    assert {name for name, _key, _clause in _CRITERIA} == set(praetor_labels.DECIDED_BY_LABELS)
    assert set(REBELLION_EFFECTS) == set(itf_labels.EFFECT_LABELS)
    assert set(mc_labels.BENEFICIARY_BY_LABELS) == {"cities", "tokens", "ast"}
    assert set(mc_labels.VIOLATION_LABELS) == {"more-than-three", "more-than-two-major", "duplicate"}
    assert set(STEPS) == set(dolores_labels.DIRECTION_LABELS)
    assert set(TOKEN_NAMES) == set(dolores_labels.TOKEN_LABELS)
    assert set(dolores_labels.PHASE_LABELS) == {"full", "partial", "skipped"}


def test_a_field_without_a_label_still_reads_as_words():
    assert labels.field_label("rada-miasta", "support_after") == "Support afterwards"
    assert labels.field_label("no-such-game", "marker_after") == "marker after"
    assert labels.value_label("rada-miasta", "district_fate", "returned-to-pile") == (
        "back to the pile of unbuilt Districts"
    )
    # A player's name is never vocabulary: it stays as typed even where a key would be labelled.
    assert labels.key_label("rada-miasta", "support_after", "Zosia") == "Zosia"
    assert labels.key_label("rada-miasta", "support_after", "merchants") == "Merchants"
