"""Code pins: which wording of each cited clause the adjudicators were written for.

``games/pins.lock.json`` records, per game and clause key cited by an adjudicator, the
version number the code follows and a fingerprint of that version's wording with its
parameter values masked (``wording``). A ruling whose edition holds a wording with
another fingerprint — a change beyond the figures the code reads as parameters — carries a
warning until a developer updates the code and the pin together
(``python manage.py pins --update``). A parameter-only change keeps the fingerprint: the
ruling follows the new value and warns of nothing. The figures masked are those the code
reads: each bound parameter's words, wherever they stand (in a sentence, or written as a
word in Polish, Greek or Chinese), and each number of a table row's clause that fills one of
its cells (``rules.tables``). ``tests/games/test_pins.py`` checks the lock against the shipped
corpus, like a lock file: updated on purpose, never silently.

A designer may record a revision as *wording only* (a typo fixed, a sentence recast) with a
reason: rulings then carry a quiet note instead of the warning (``WordingNote``), and the pins
page lists the clause for a developer to accept with ``pins --update``.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from django.utils.translation import gettext as _

from rules import corpus, params, tables

from .ruling import WarningDoc

LOCK = Path(__file__).with_name("pins.lock.json")


@dataclass(frozen=True)
class Pin:
    clause: str
    version: int
    wording: str


@dataclass(frozen=True)
class WordingNote:
    """A clause reworded after its code was written, its meaning recorded as unchanged by the
    designer: rulings citing it note this quietly instead of warning."""

    clause: str
    version: int
    reason: str
    author: str
    at: str  # ISO 8601 of the revision recorded as wording only


def wording(text: str, bindings: dict[str, str], cells: list[str] | None = None) -> str:
    """The fingerprint of a clause text with each bound parameter's words masked by its name
    and, for a table row's clause, each number filling a cell (``cells``: the row's paths in
    the order the text gives its numbers, ``-`` for a number the row does not read)."""
    normal = corpus.normalise(text)
    spans = []
    for name, template in (bindings or {}).items():
        try:
            reading = params.read(name, template, normal)
        except params.BindingError:
            continue
        spans.append((reading.start, reading.end, name))
    if cells:
        for n, match in enumerate(tables.NUMBER.finditer(normal)):
            if n < len(cells) and cells[n] != "-":
                spans.append((match.start(), match.end(), f"cell:{cells[n]}"))
    # A number both bound and a cell is masked once.
    spans = sorted(set(spans), reverse=True)
    taken: list[tuple[int, int]] = []
    for start, end, name in spans:
        if any(s < end and start < e for s, e in taken):
            continue
        taken.append((start, end))
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


def wording_note(
    key: str, pin: Pin, history: list[tuple[int, str, dict, str, str, str]], cells: list[str] | None = None
) -> WordingNote | None:
    """The quiet note for clause ``key`` when every change from the pinned wording up to the
    newest of ``history`` — (number, text, bindings, wording-only reason, author, at), oldest
    first, ending with the version cited — changed figures only or was recorded as wording
    only, at least one of them so; else None (the warning stands)."""
    prints = [wording(text, bindings, cells) for _n, text, bindings, *_rest in history]
    note = None
    for i in range(len(history) - 1, -1, -1):
        if prints[i] == pin.wording:
            return note
        if i == 0:
            return None
        number, _text, _bindings, reason, author, at = history[i]
        if prints[i] == prints[i - 1]:
            continue  # figures alone changed from the version before
        if not reason:
            return None  # a change of meaning after the pinned wording
        note = note or WordingNote(key, number, reason, author, at)
    return None


def warnings_for(game: str, rules, keys) -> list[WarningDoc]:
    """The pin warnings of ``rules`` for the clauses ``keys``, in document order: the one
    mechanism the referee's rulings and the lab's runs share."""
    pinned = pins().get(game, {})
    # Only the few cited keys are looked at (not the whole edition): a ruling's hot path.
    stale = [k for k in keys if (pin := pinned.get(k)) is not None and rules.wordings.get(k) != pin.wording]
    out = []
    order = list(rules.versions) if stale else []  # document order, read only when there is a warning
    for key in sorted(stale, key=lambda k: order.index(k) if k in order else len(order)):
        pin = pinned[key]
        cited = rules.versions.get(key, pin.version)
        note = rules.wording_notes.get(key)
        if note is not None:
            out.append(
                WarningDoc(
                    clause=key,
                    code_version=pin.version,
                    cited_version=cited,
                    kind=WarningDoc.WORDING_ONLY,
                    reason=note.reason,
                    by=note.author,
                    at=note.at,
                    message=_(
                        "%(clause)s was reworded after the code was written; the designer "
                        "recorded the meaning as unchanged: %(reason)s (%(by)s, %(at)s)."
                    )
                    % {"clause": key, "reason": note.reason, "by": note.author or "-", "at": note.at[:10]},
                )
            )
            continue
        out.append(
            WarningDoc(
                clause=key,
                code_version=pin.version,
                cited_version=cited,
                message=_(
                    "The code follows version %(code)s of %(clause)s; this edition's version "
                    "%(cited)s says something else, beyond its figures. This ruling may not follow "
                    "the new wording until the code is updated."
                )
                % {"code": pin.version, "clause": key, "cited": cited},
            )
        )
    return out
