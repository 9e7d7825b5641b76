"""Tables of test cases kept as data: a JSON file maps a section to its cases (``"cases"``, each
with an ``id``) and to what it states once for all of them (any other key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def load_cases(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The cases of each section of ``path``, each with what its section states."""
    sections = json.loads(path.read_text(encoding="utf-8"))
    return {
        section: [{**{k: v for k, v in spec.items() if k != "cases"}, **case} for case in spec["cases"]]
        for section, spec in sections.items()
    }


def parametrize_cases(path: Path, section: str, argnames: str):
    """``pytest.mark.parametrize`` over a section's cases: each argument is the case's value of
    that name, and the test's id is the case's ``id``."""
    names = [name.strip() for name in argnames.split(",")]
    cases = load_cases(path)[section]
    return pytest.mark.parametrize(
        names, [pytest.param(*(case[name] for name in names), id=case["id"]) for case in cases]
    )
