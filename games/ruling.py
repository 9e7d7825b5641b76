"""The ruling document: the one definition of what a ruling holds and how it is written.

The service builds a ``RulingDoc`` from the adjudicator's ``Result`` and the edition's
snapshot (``games.services.ruling_create``); the stored row is ``doc.stored()``; a stored
ruling comes back with ``RulingDoc.from_row`` (``games.selectors.ruling_get``); the API
answers ``doc.to_json()`` (docs/api.md), and the templates read the same
attributes. ``games.api.RulingOut``, which describes this shape in the OpenAPI document, is
generated from these declarations (``api_fields``, their ``help`` and ``choices``); a test
compares the two for every adjudicator. Nothing else writes the ruling's shape.

Each document is written in two forms, both derived from its field declarations: the API's
JSON (``to_json``: the fields in the order declared) and the stored form (``stored``: what
the row keeps; a step keeps only its clause, version and explanation, the rest is the cited
version itself, read back through the citations). A field is in both unless it says
otherwise with ``written(...)``: in the API only, under another key there, or in neither
(what the pages alone read). A list of documents is written as the list of their forms,
and ``from_stored`` reads a document back from its stored form.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from functools import cache
from typing import Any, Self, get_args, get_origin, get_type_hints

API = "api"  # the API's JSON
STORED = "stored"  # the stored row's


def written(
    *forms: str,
    key: str | None = None,
    api_as: Callable[[Any], Any] | None = None,
    help: str = "",
    choices: tuple[str, ...] = (),
    promised: bool = True,
    **kwargs: Any,
) -> Any:
    """A document field written in ``forms`` only (none: the pages read it, no JSON holds it),
    under ``key`` in the API's JSON (default: its name), its value there passed through
    ``api_as``; ``help``, ``choices`` (the values it may take) and ``promised`` (False: the
    OpenAPI document lists it as optional, though ``to_json`` writes it all the same) describe
    it in the OpenAPI document (``games.api.doc_serializer``); other keywords as
    ``dataclasses.field``'s."""
    metadata = {"forms": forms, "key": key, "api_as": api_as, "help": help, "choices": choices}
    return field(metadata={**metadata, "promised": promised}, **kwargs)


def about(help: str, *, choices: tuple[str, ...] = (), **kwargs: Any) -> Any:
    """A field written in both forms, with its description (and values) for the OpenAPI document."""
    return written(API, STORED, help=help, choices=choices, **kwargs)


def api_fields(cls: type) -> list[tuple[Field, str, Any]]:
    """(field, key, type) of each field ``cls`` writes in the API's JSON, in order: what the
    OpenAPI document describes (``games.api.doc_serializer``)."""
    hints = get_type_hints(cls)
    by_name = {f.name: f for f in fields(cls)}
    return [(by_name[name], key, hints[name]) for name, key, _convert in _layout(cls, API)]


def _in(f: Field, form: str) -> bool:
    return form in f.metadata.get("forms", (API, STORED))


@cache
def _layout(cls: type, form: str) -> tuple[tuple[str, str, Callable[[Any], Any] | None], ...]:
    """(attribute, key, conversion) of each field ``cls`` writes in ``form``, in order; a field
    declared as a list of documents is written as the list of their ``form``s."""
    hints = get_type_hints(cls)

    def conversion(f: Field) -> Callable[[Any], Any] | None:
        if form == API and f.metadata.get("api_as"):
            return f.metadata["api_as"]
        hint = hints[f.name]
        if (
            get_origin(hint) is list
            and isinstance(item := get_args(hint)[0], type)
            and issubclass(item, WrittenDoc)
        ):
            return lambda docs: [d._written(form) for d in docs]
        return None

    return tuple(
        (f.name, f.metadata.get("key") or f.name, conversion(f)) for f in fields(cls) if _in(f, form)
    )


class WrittenDoc:
    """A dataclass written as the API's JSON and as its stored form, both from its fields
    (one that is never stored, such as ``games.impact.Impact``, uses ``to_json`` only)."""

    def to_json(self) -> dict[str, Any]:
        return self._written(API)

    def stored(self) -> dict[str, Any]:
        return self._written(STORED)

    def _written(self, form: str) -> dict[str, Any]:
        out = {}
        for name, key, convert in _layout(type(self), form):
            value = getattr(self, name)
            out[key] = value if convert is None else convert(value)
        return out

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any], **given: Any) -> Self:
        """Read a document back from its stored form: the fields ``given`` as they are, every
        other stored field from ``stored`` (its default where an older row lacks it)."""
        values = dict(given)
        for f in fields(cls):
            if f.name in given or not _in(f, STORED):
                continue
            if f.name in stored or (f.default is MISSING and f.default_factory is MISSING):
                values[f.name] = stored[f.name]
        return cls(**values)


def _timestamp(value: dt.datetime) -> str:
    """ISO 8601 in UTC with a Z, as DRF's DateTimeField writes it."""
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


@dataclass(kw_only=True)
class StepDoc(WrittenDoc):
    """One clause applied: the version quoted, its translation, what it decided."""

    clause: str = about("The clause key.")
    version: int = about("The clause version cited.")
    status: str = written(API, help="published, uncertain or draft.")
    kind: str = written()  # the pages' mark of a table, a clarification…
    original: str = written(API, help="Verbatim source-language text of that version.")
    translation: str | None = written(API, help="Its text in lang, or null.")
    translation_stale: bool = written(API)
    # needs-review / translated / approved: only the last two are quoted without a mark.
    translation_state: str | None = written(
        API,
        default=None,
        choices=("needs-review", "translated", "approved"),
        help="The quoted translation's state: text that needs review is quoted only when there is "
        "nothing translated or approved, and is marked.",
    )
    explanation: str = about("What this step decided, in lang.")
    # Optional in the OpenAPI document since it was first described (present in every answer).
    newer_version: int | None = written(API, default=None, promised=False)
    warning: str | None = written(default=None)  # the ruling's pin warning, shown on the step
    warning_quiet: bool = written(default=False)  # that warning is a wording-only note

    @property
    def translation_unreviewed(self) -> bool:
        return self.translation is not None and self.translation_state not in ("translated", "approved")


@dataclass
class GapDoc(WrittenDoc):
    clause: str | None
    question: str
    assumed: str
    # Each other reading of the point and the outcome keys it changes (CONTRACT.md §3); a gap
    # that changes no outcome has none (rulings stored before readings were kept: none).
    readings: list[dict[str, Any]] = about(
        "Each other reading: `{reading, outcome}`, the outcome keys it changes.", default_factory=list
    )


@dataclass(kw_only=True)
class WarningDoc(WrittenDoc):
    """The code was written for an older wording of a clause the ruling cites: a warning
    (``kind`` "meaning"), or a quiet note when the designer recorded the rewording as leaving
    the meaning unchanged ("wording-only", with who recorded it, when and why)."""

    MEANING = "meaning"
    WORDING_ONLY = "wording-only"

    clause: str
    code_version: int = about("The version whose wording the code follows.")
    cited_version: int = about("The version this ruling's edition holds.")
    message: str
    # Rulings stored before the two kinds were told apart warned of a change of meaning.
    kind: str = about(
        "`meaning`: the wording changed beyond its figures (a warning); `wording-only`: the "
        "designer recorded the rewording as leaving the meaning unchanged (a quiet note).",
        choices=(MEANING, WORDING_ONLY),
        default=MEANING,
    )
    reason: str | None = about("The designer's reason (wording-only).", default=None)
    by: str | None = about("Who recorded it as wording only.", default=None)
    at: str | None = about("When (ISO 8601).", default=None)

    @property
    def quiet(self) -> bool:
        return self.kind == self.WORDING_ONLY


@dataclass(kw_only=True)
class AlternativeDoc(WrittenDoc):
    """The outcome under another variant of the game."""

    variant: str
    title: str = written(API)
    outcome: dict[str, Any]
    differs: bool
    summary: str = ""  # rulings stored before summaries were kept have none
    steps: list[StepDoc] = field(default_factory=list)
    gaps: list[GapDoc] = field(default_factory=list)


@dataclass(kw_only=True)
class RulingDoc(WrittenDoc):
    """A ruling as given: inputs, outcome, the cited steps, gaps, alternatives, warnings.

    Stored: the row's own fields (``games.models.Ruling`` less its game and id)."""

    game: str = written(API)
    game_title: str = written()
    game_language: str = written()
    adjudicator: str
    title: str = written(API)
    variant: str
    variant_title: str = written()
    lang: str
    edition: int = about("The edition ruled under (docs/api.md).")
    draft: bool = about("Whether that edition was a draft: draft rules.")
    inputs: dict[str, Any]
    outcome: dict[str, Any]
    summary: str = about("The outcome in one plain sentence.")
    steps: list[StepDoc]
    gaps: list[GapDoc]
    alternatives: list[AlternativeDoc]
    warnings: list[WarningDoc] = about(
        "Cited clauses whose wording changed beyond the figures the code reads."
    )
    id: str = written(API, key="ruling")
    permalink: str = written(API, init=False)
    created_at: dt.datetime = written(API, STORED, api_as=_timestamp)
    newer_versions: dict[str, int] = written(API, default_factory=dict, promised=False)
    # Marked by a designer as a canonical example every draft's impact report runs again.
    reference: bool = written(API, default=False, help="Marked by a designer as a reference ruling.")
    game_id: int = written(default=0)  # for permission checks; not part of the document

    def __post_init__(self) -> None:
        self.permalink = f"/rulings/{self.id}/"

    @property
    def differing(self) -> list[AlternativeDoc]:
        return [a for a in self.alternatives if a.differs]

    @classmethod
    def from_row(cls, ruling: Any, *, step: Any, titles: dict[str, str], title: str) -> RulingDoc:
        """Rebuild a stored ruling; ``step(raw)`` turns a stored step into a ``StepDoc``
        quoting the version it cited (the selector resolves those in bulk)."""
        steps = [step(s) for s in ruling.steps]
        alternatives = [
            AlternativeDoc.from_stored(
                a,
                title=titles.get(a["variant"], a["variant"]),
                steps=[step(s) for s in a.get("steps", [])],
                gaps=[GapDoc.from_stored(g) for g in a.get("gaps", [])],
            )
            for a in ruling.alternatives
        ]
        newer = {s.clause: s.newer_version for s in steps if s.newer_version}
        for a in alternatives:
            newer.update({s.clause: s.newer_version for s in a.steps if s.newer_version})
        warnings = [WarningDoc.from_stored(w) for w in ruling.warnings]
        _attach(warnings, steps, *(a.steps for a in alternatives))
        # The row's field values by name (no stored field of the document is a relation).
        return cls.from_stored(
            vars(ruling),
            id=str(ruling.id),
            game=ruling.game.slug,
            game_title=ruling.game.title,
            game_language=ruling.game.language,
            title=title,
            variant_title=titles.get(ruling.variant, ruling.variant),
            steps=steps,
            gaps=[GapDoc.from_stored(g) for g in ruling.gaps],
            alternatives=alternatives,
            warnings=warnings,
            newer_versions=newer,
            reference=hasattr(ruling, "reference"),
            game_id=ruling.game_id,
        )


def attach_warnings(doc: RulingDoc) -> None:
    """Show each warning on the steps that cite its clause too."""
    _attach(doc.warnings, doc.steps, *(a.steps for a in doc.alternatives))


def _attach(warnings: list[WarningDoc], *step_lists: list[StepDoc]) -> None:
    by_clause = {w.clause: w for w in warnings}
    for steps in step_lists:
        for s in steps:
            w = by_clause.get(s.clause)
            s.warning = w.message if w else None
            s.warning_quiet = bool(w and w.quiet)
