"""The ruling document: the one definition of what a ruling holds and how it is written.

The service builds a ``RulingDoc`` from the adjudicator's ``Result`` and the edition's
snapshot (``games.services.ruling_create``); the stored row is ``doc.row_fields()``;
a stored ruling comes back with ``RulingDoc.from_row`` (``games.selectors.ruling_get``);
the API answers ``doc.to_json()`` (CONTRACT.md §3 and §5), and the templates read the same
attributes. ``games.api.RulingOut`` only describes this shape for the OpenAPI document (a
test compares the two for every adjudicator). Nothing else writes the ruling's shape.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, fields
from typing import Any


class FieldsJson:
    """A dataclass whose JSON is each of its fields as it is, in the order declared."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass
class StepDoc:
    """One clause applied: the version quoted, its translation, what it decided."""

    clause: str
    version: int
    status: str
    kind: str
    original: str
    translation: str | None
    translation_stale: bool
    explanation: str
    newer_version: int | None = None
    warning: str | None = None
    # needs-review / translated / approved: only the last two are quoted without a mark.
    translation_state: str | None = None

    @property
    def translation_unreviewed(self) -> bool:
        return self.translation is not None and self.translation_state not in ("translated", "approved")

    def to_json(self) -> dict[str, Any]:
        return {
            "clause": self.clause,
            "version": self.version,
            "status": self.status,
            "original": self.original,
            "translation": self.translation,
            "translation_stale": self.translation_stale,
            "translation_state": self.translation_state,
            "explanation": self.explanation,
            "newer_version": self.newer_version,
        }

    def stored(self) -> dict[str, Any]:
        """What the row keeps of a step: the rest is the cited version itself."""
        return {"clause": self.clause, "version": self.version, "explanation": self.explanation}


@dataclass
class GapDoc(FieldsJson):
    clause: str | None
    question: str
    assumed: str

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> GapDoc:
        return cls(raw["clause"], raw["question"], raw["assumed"])


@dataclass
class WarningDoc(FieldsJson):
    """The code was written for an older wording of a clause the ruling cites."""

    clause: str
    code_version: int
    cited_version: int
    message: str

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> WarningDoc:
        return cls(raw["clause"], raw["code_version"], raw["cited_version"], raw["message"])


@dataclass
class AlternativeDoc:
    """The outcome under another variant of the game."""

    variant: str
    title: str
    outcome: dict[str, Any]
    differs: bool
    summary: str
    steps: list[StepDoc]
    gaps: list[GapDoc]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "title": self.title,
            "outcome": self.outcome,
            "differs": self.differs,
            "summary": self.summary,
            "steps": [s.to_json() for s in self.steps],
            "gaps": [g.to_json() for g in self.gaps],
        }

    def stored(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "outcome": self.outcome,
            "differs": self.differs,
            "summary": self.summary,
            "steps": [s.stored() for s in self.steps],
            "gaps": [g.to_json() for g in self.gaps],
        }


@dataclass
class RulingDoc:
    """A ruling as given: inputs, outcome, the cited steps, gaps, alternatives, warnings."""

    id: str
    game: str
    game_title: str
    game_language: str
    adjudicator: str
    title: str
    variant: str
    variant_title: str
    lang: str
    edition: int
    draft: bool
    inputs: dict[str, Any]
    outcome: dict[str, Any]
    summary: str
    steps: list[StepDoc]
    gaps: list[GapDoc]
    alternatives: list[AlternativeDoc]
    warnings: list[WarningDoc]
    created_at: dt.datetime
    newer_versions: dict[str, int] = field(default_factory=dict)
    # Marked by a designer as a canonical example every draft's impact report runs again.
    reference: bool = False
    game_id: int = 0  # for permission checks; not part of the document

    @property
    def permalink(self) -> str:
        return f"/rulings/{self.id}/"

    @property
    def differing(self) -> list[AlternativeDoc]:
        return [a for a in self.alternatives if a.differs]

    def to_json(self) -> dict[str, Any]:
        """The API's ruling document (CONTRACT.md §3, §5)."""
        return {
            "game": self.game,
            "adjudicator": self.adjudicator,
            "title": self.title,
            "variant": self.variant,
            "lang": self.lang,
            "edition": self.edition,
            "draft": self.draft,
            "inputs": self.inputs,
            "outcome": self.outcome,
            "summary": self.summary,
            "steps": [s.to_json() for s in self.steps],
            "gaps": [g.to_json() for g in self.gaps],
            "alternatives": [a.to_json() for a in self.alternatives],
            "warnings": [w.to_json() for w in self.warnings],
            "ruling": self.id,
            "permalink": self.permalink,
            "created_at": _timestamp(self.created_at),
            "newer_versions": dict(self.newer_versions),
            "reference": self.reference,
        }

    def row_fields(self) -> dict[str, Any]:
        """The stored row's fields (``games.models.Ruling``), less the game and the id."""
        return {
            "adjudicator": self.adjudicator,
            "variant": self.variant,
            "lang": self.lang,
            "edition": self.edition,
            "inputs": self.inputs,
            "outcome": self.outcome,
            "summary": self.summary,
            "steps": [s.stored() for s in self.steps],
            "gaps": [g.to_json() for g in self.gaps],
            "alternatives": [a.stored() for a in self.alternatives],
            "warnings": [w.to_json() for w in self.warnings],
            "created_at": self.created_at,
        }

    @classmethod
    def from_row(cls, ruling: Any, *, step: Any, titles: dict[str, str], title: str) -> RulingDoc:
        """Rebuild a stored ruling; ``step(raw)`` turns a stored step into a ``StepDoc``
        quoting the version it cited (the selector resolves those in bulk)."""
        steps = [step(s) for s in ruling.steps]
        alternatives = [
            AlternativeDoc(
                variant=a["variant"],
                title=titles.get(a["variant"], a["variant"]),
                outcome=a["outcome"],
                differs=a["differs"],
                summary=a.get("summary", ""),
                steps=[step(s) for s in a.get("steps", [])],
                gaps=[GapDoc.from_json(g) for g in a.get("gaps", [])],
            )
            for a in ruling.alternatives
        ]
        newer = {s.clause: s.newer_version for s in steps if s.newer_version}
        for a in alternatives:
            newer.update({s.clause: s.newer_version for s in a.steps if s.newer_version})
        warnings = [WarningDoc.from_json(w) for w in ruling.warnings]
        _attach(warnings, steps, *(a.steps for a in alternatives))
        return cls(
            id=str(ruling.id),
            game=ruling.game.slug,
            game_title=ruling.game.title,
            game_language=ruling.game.language,
            adjudicator=ruling.adjudicator,
            title=title,
            variant=ruling.variant,
            variant_title=titles.get(ruling.variant, ruling.variant),
            lang=ruling.lang,
            edition=ruling.edition,
            draft=ruling.draft,
            inputs=ruling.inputs,
            outcome=ruling.outcome,
            summary=ruling.summary,
            steps=steps,
            gaps=[GapDoc.from_json(g) for g in ruling.gaps],
            alternatives=alternatives,
            warnings=warnings,
            created_at=ruling.created_at,
            newer_versions=newer,
            reference=hasattr(ruling, "reference"),
            game_id=ruling.game_id,
        )


def attach_warnings(doc: RulingDoc) -> None:
    """Show each warning on the steps that cite its clause too."""
    _attach(doc.warnings, doc.steps, *(a.steps for a in doc.alternatives))


def _attach(warnings: list[WarningDoc], *step_lists: list[StepDoc]) -> None:
    by_clause = {w.clause: w.message for w in warnings}
    for steps in step_lists:
        for s in steps:
            s.warning = by_clause.get(s.clause)


def _timestamp(value: dt.datetime) -> str:
    """ISO 8601 in UTC with a Z, as DRF's DateTimeField writes it."""
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text
