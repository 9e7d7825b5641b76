"""Code pins: which wording of each cited clause the adjudicators were written for.

``games/pins.lock.json`` records, per game and clause key cited by an adjudicator, the
version number the code follows and a fingerprint of that version's wording with its
parameter values masked (``wording``). A ruling whose edition holds a wording with
another fingerprint — a change beyond the figures the code reads as parameters — carries a
warning until a developer updates the code and the pin together
(``python manage.py pins --update``). A parameter-only change keeps the fingerprint: the
ruling follows the new value and warns of nothing. ``tests/games/test_pins.py`` checks the
lock against the shipped corpus, like a lock file: updated on purpose, never silently.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from rules import corpus, params

LOCK = Path(__file__).with_name("pins.lock.json")


@dataclass(frozen=True)
class Pin:
    clause: str
    version: int
    wording: str


def wording(text: str, bindings: dict[str, str]) -> str:
    """The fingerprint of a clause text with each bound parameter's words masked by its name."""
    normal = corpus.normalise(text)
    spans = []
    for name, template in (bindings or {}).items():
        try:
            reading = params.read(name, template, normal)
        except params.BindingError:
            continue
        start = normal.find(reading.phrase)
        offset = reading.phrase.find(reading.words)
        spans.append((start + offset, start + offset + len(reading.words), name))
    for start, end, name in sorted(spans, reverse=True):
        normal = normal[:start] + "{" + name + "}" + normal[end:]
    return hashlib.sha256(normal.encode()).hexdigest()[:16]


@functools.cache
def pins() -> dict[str, dict[str, Pin]]:
    """game slug → clause key → Pin, as checked in."""
    if not LOCK.exists():
        return {}
    raw = json.loads(LOCK.read_text(encoding="utf-8"))
    return {
        game: {key: Pin(key, p["version"], p["wording"]) for key, p in clauses.items()}
        for game, clauses in raw.items()
    }


def write(lock: dict[str, dict[str, Pin]]) -> None:
    """Write the lock file: sorted, one clause a line, so that a diff reads well."""
    games = []
    for game, clauses in sorted(lock.items()):
        lines = [
            f'    "{key}": {{"version": {p.version}, "wording": "{p.wording}"}}'
            for key, p in sorted(clauses.items())
        ]
        games.append(f'  "{game}": {{\n' + ",\n".join(lines) + "\n  }")
    LOCK.write_text("{\n" + ",\n".join(games) + "\n}\n", encoding="utf-8")
    pins.cache_clear()
