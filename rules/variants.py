"""A variant of a game as rulings read it: its slug, its title, and the clause keys it
activates and overrides. The corpus reads it from ``game.toml`` (``corpus.VariantData``
adds the description the catalogue shows); the adjudication builds it from the database
(``games.snapshot``) into the ``Rules`` an adjudicator rules under."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VariantRule:
    """A variant as rulings need it: slug, title, the clauses it activates and overrides."""

    slug: str
    title: str
    activates: tuple[str, ...] = ()
    overrides: tuple[str, ...] = ()
