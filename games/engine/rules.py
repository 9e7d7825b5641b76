"""The rules an adjudicator rules under: a frozen snapshot of one edition of a game.

Everything an adjudicator needs that comes from the text — the variants, Dolores's
tables, and the parameters (figures and choices bound to the words of a clause, see
``rules/params.py``) — arrives here, never from a module constant or a file. The
service loads it from the database for the edition asked for (``games.snapshot``);
tests and benchmarks build it from the shipped corpus (``games.snapshot.from_corpus``).

Declarations and messages refer to a parameter by name with ``P("max_support")``;
the value is looked up in the snapshot that is active while inputs are validated, a
schema is drawn or an adjudicator runs (``using``).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules.variants import VariantRule


class MissingParameter(LookupError):
    """The code asked for a parameter the edition's clauses do not state."""


@dataclass(frozen=True)
class Param:
    """One figure or choice of a clause: its value and the words of the text stating it."""

    name: str
    value: Any
    clause: str
    version: int
    words: str


@dataclass(frozen=True)
class Rules:
    """One edition of one game, frozen: what adjudicators read instead of constants."""

    game: str
    edition: int
    draft: bool = False
    variants: tuple[VariantRule, ...] = ()
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))
    # The parameters among ``params`` whose words this edition's text no longer states: each
    # is the last stated figure, and a ruling that reads it says so in a gap.
    unbound: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))
    tables: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=lambda: MappingProxyType({}))
    # clause key → version number of the wording in this edition (for pins and warnings).
    versions: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # clause key → status of that version ("published", "uncertain", "draft").
    statuses: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # clause key → fingerprint of that version's wording, figures masked (games.pins).
    wordings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # clause key → games.pins.WordingNote, for a clause whose wording differs from its pin only
    # by revisions its designer recorded as wording only (and changes of figures).
    wording_notes: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def param(self, name: str) -> Any:
        """Return the value of parameter ``name`` in this edition."""
        try:
            return self.params[name].value
        except KeyError:
            raise MissingParameter(
                f"{self.game} edition {self.edition} states no parameter {name!r}"
            ) from None

    def table(self, key: str) -> tuple[Mapping[str, Any], ...]:
        """Return the rows of table ``key`` in source order."""
        return self.tables[key]

    def uncertain(self, key: str) -> bool:
        """Whether this edition's wording of clause ``key`` is marked uncertain."""
        return self.statuses.get(key) == "uncertain"

    def variant(self, slug: str) -> VariantRule | None:
        return next((v for v in self.variants if v.slug == slug), None)

    @property
    def variant_slugs(self) -> tuple[str, ...]:
        return tuple(v.slug for v in self.variants)

    def values(self) -> dict[str, Any]:
        """Every parameter's value by name (to format messages with)."""
        return {name: p.value for name, p in self.params.items()}


_active: contextvars.ContextVar[Rules | None] = contextvars.ContextVar("active_rules", default=None)


@contextlib.contextmanager
def using(rules: Rules | None) -> Iterator[Rules | None]:
    """Make ``rules`` the snapshot that ``P`` references resolve against."""
    token = _active.set(rules)
    try:
        yield rules
    finally:
        _active.reset(token)


def active() -> Rules | None:
    """Return the snapshot in force, or None outside ``using``."""
    return _active.get()


@dataclass(frozen=True)
class P:
    """A reference to a parameter, for declarations (bounds) and help texts."""

    name: str

    def value(self) -> Any:
        # Outside any edition (a schema drawn before the corpus is loaded) the bound is
        # left open; validation always runs under an edition's rules (Adjudicator.validate).
        rules = active()
        return None if rules is None else rules.param(self.name)


def resolve(value: Any) -> Any:
    """Return ``value``, or the parameter's value in the active rules when it is a ``P``."""
    return value.value() if isinstance(value, P) else value


class Fmt:
    """A (lazy) message with ``%(name)s`` placeholders filled from the active rules' parameters."""

    def __init__(self, message: Any):
        self.message = message

    def __str__(self) -> str:
        # Outside any edition (the OpenAPI document, a dispute's static text) a figure is
        # shown by its parameter's name: "0-‹max_support›".
        rules = active()
        return str(self.message) % _Named(rules.values() if rules else {})

    def __repr__(self) -> str:
        return f"Fmt({self.message!r})"


class _Named(dict):
    def __missing__(self, key: str) -> str:
        return f"‹{key}›"
