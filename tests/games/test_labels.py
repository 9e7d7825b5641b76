"""Every outcome field, and every slug an outcome can hold, reads in words on the referee page
(games.labels), while the API keeps the contract's keys and values (docs/api.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation

from games import adjudicators, labels
from games.adjudicators.dolores import common as dolores
from games.adjudicators.dolores.weather import DIRECTION_NAMES, STEPS, TOKEN_NAMES
from games.adjudicators.imperial_tax_farmer.rebellion import REBELLION_EFFECTS
from games.adjudicators.mega_civilization.common import WORDS
from games.adjudicators.praetor.common import RESOURCE_LABELS, RESOURCES
from games.adjudicators.praetor.scoring import _CRITERIA
from games.adjudicators.rada_miasta.common import GROUP_LABELS, GROUPS
from games.engine import data
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


def _values(game: str, name: str) -> set[str]:
    return set(labels.field_of(game, name).values)


def test_every_value_an_enumeration_can_take_has_a_label():
    assert _values("rada-miasta", "district_fate") == {"rebuilt", "returned-to-pile", "stays"}
    assert {name for name, _key, _clause in _CRITERIA} == _values("praetor", "decided_by")
    assert set(REBELLION_EFFECTS) == _values("imperial-tax-farmer", "effects")
    assert _values("mega-civilization", "decided_by") == {"cities", "tokens", "ast"}
    assert _values("mega-civilization", "violations") == {
        "more-than-three",
        "more-than-two-major",
        "duplicate",
        # trade-offer (mc.trade.offer, mc.trade.two-true)
        "too-few-cards",
        "too-few-shown",
        "shown-card-false",
    }
    assert _values("mega-civilization", "broken") == {
        "too-far",
        "water-without-ship",
        "over-capacity",
        "not-coastal",
    }
    assert _values("mega-civilization", "next_phase") == {*WORDS["phases"], "end-of-round"}
    assert set(STEPS) == _values("dolores", "direction")
    assert set(TOKEN_NAMES) == _values("dolores", "removed_off_board")
    assert _values("dolores", "profit_phase") == {"full", "partial", "skipped"}


def test_a_field_without_a_label_still_reads_as_words():
    assert labels.field_label("rada-miasta", "support_after") == "Support afterwards"
    assert labels.field_label("no-such-game", "marker_after") == "marker after"
    assert labels.value_label("rada-miasta", "district_fate", "returned-to-pile") == (
        "back to the pile of unbuilt Districts"
    )
    # A player's name is never vocabulary: it stays as typed even where a key would be labelled.
    assert labels.key_label("rada-miasta", "support_after", "Zosia") == "Zosia"
    assert labels.key_label("rada-miasta", "support_after", "merchants") == "Merchants"


# ------------------------------------------------------------------------- the data files


def _texts(raw: dict[str, Any]) -> list[Any]:
    """Every table of translations in a parsed labels.toml (names of maps and words aside)."""
    found = [t for m in raw.get("maps", {}).values() for t in m.values()]
    for entry in raw["field"].values():
        found += [entry["label"]] if isinstance(entry["label"], dict) else []
        for part in ("values", "keys"):
            found += list(entry[part].values()) if isinstance(entry.get(part), dict) else []
    return found


@pytest.mark.parametrize("package", adjudicators.PACKAGES, ids=lambda p: p.GAME)
def test_every_label_is_written_in_every_interface_language(package):
    raw = data.read(Path(package.__file__).parent / "labels.toml")
    languages = {code for code, _name in settings.LANGUAGES}
    texts = _texts(raw)
    assert len(texts) > len(raw["field"]) / 2
    assert [t for t in texts if set(t) != languages] == []
    assert set(raw["field"]) == set(labels.table(package.GAME))


def test_a_label_follows_the_interface_language_and_names_the_game_s_vocabulary():
    with translation.override("pl"):
        assert labels.field_label("rada-miasta", "district_fate") == "Dzielnica"
        assert labels.value_label("dolores", "direction", "north") == "północ"
        # The groups are the game's vocabulary ([maps.groups]), which the code says too.
        assert labels.key_label("rada-miasta", "tallies", "merchants") == "Handlowcy"
        assert labels.key_label("rada-miasta", "tallies", "merchants") == str(GROUP_LABELS["merchants"])
        assert labels.key_label("rada-miasta", "tallies", "for") == "Za"
        assert labels.field_label("praetor", "allowed") == labels.field_label("dolores", "allowed")
    with translation.override("de"):  # no such interface language: English
        assert labels.field_label("rada-miasta", "district_fate") == "The District"


LABELS = """
[field.fate]
label = { en = "Fate", pl = "Los" }
keys = ["groups", "extra"]

[field.fate.values]
gone = { en = "gone", pl = "nie ma" }

[maps.groups]
b = { en = "Bees", pl = "Pszczoły" }
a = { en = "Ants", pl = "Mrówki" }

[maps.extra]
for = { en = "For", pl = "Za" }
"""


def test_labels_load_from_data_and_refuse_what_they_cannot_read(tmp_path):
    path = tmp_path / "labels.toml"
    path.write_text(LABELS, encoding="utf-8")
    labels.load("t-labels", path)
    out = labels.field_of("t-labels", "fate")
    assert (str(out.label), str(out.values["gone"]), list(out.keys)) == ("Fate", "gone", ["b", "a", "for"])
    bad = {
        'pl = "Los" }': 'de = "Los" }',  # a language that is not an interface language
        'keys = ["groups", "extra"]': 'keys = ["nowhere"]',  # a map nobody defines
        'label = { en = "Fate", pl = "Los" }': 'label = "no-such-word"',
        ', pl = "Mrówki" }': " }",  # a word of the vocabulary without its Polish
        "[field.fate.values]": "[field.fate.colours]",
    }
    for old, new in bad.items():
        path.write_text(LABELS.replace(old, new), encoding="utf-8")
        with pytest.raises(ValueError):
            labels.load("t-labels-bad", path)
    assert labels.table("t-labels-bad") == {}


def test_the_vocabulary_is_read_from_the_maps_in_order_and_says_itself_in_the_active_language(tmp_path):
    path = tmp_path / "labels.toml"
    path.write_text(LABELS, encoding="utf-8")
    words = labels.vocabulary(path)
    assert list(words) == ["groups", "extra"] and list(words["groups"]) == ["b", "a"]
    with translation.override("pl"):
        groups = {k: str(v) for k, v in words["groups"].items()}
    assert groups == {"b": "Pszczoły", "a": "Mrówki"}
    assert str(words["groups"]["a"]) == "Ants"  # lazy: the language of when it is said
    with pytest.raises(KeyError, match=r"labels.toml: no \[maps.units\]"):
        words["units"]  # a map the file lacks fails at once, naming the file
    path.write_text(LABELS.replace(', pl = "Mrówki" }', " }"), encoding="utf-8")
    with pytest.raises(ValueError, match="maps.groups a"):
        labels.vocabulary(path)  # so does a word without one of the interface languages


def test_the_code_s_key_tuples_are_the_keys_of_its_vocabulary():
    """Where the logic keeps its own order of a vocabulary's keys, the words name the same keys
    (the form shows them in the file's order, the logic works in the tuple's)."""
    assert tuple(GROUP_LABELS) == GROUPS
    assert tuple(RESOURCE_LABELS) == RESOURCES
    assert set(dolores.YIELD_ORDER) <= set(dolores.NAMES)
    assert tuple(dolores.WORDS["routes"]) == dolores.ROUTES
    assert set(STEPS) == set(DIRECTION_NAMES)
