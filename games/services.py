"""Adjudicate and store: run the pure adjudicator under every variant, resolve the
clause keys it cited to the current edition's versions and their translations
(one query each), and store the ruling pinned to those exact versions.

Whatever the corpus size, creating a ruling costs at most four queries: the
cited entries of the current edition, their translations in the requested
language (skipped for the original language), the ruling row and its
citations (one bulk insert).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import translation as i18n

from rules import corpus
from rules.models import EditionEntry, Translation

from .engine import Adjudicator, Result
from .engine.declare import to_jsonable
from .models import Ruling, RulingCitation


class CorpusNotLoaded(Exception):
    """The clauses an adjudicator cites are not in the database (run loadcorpus)."""


@dataclass
class StepView:
    clause: str
    version: int
    status: str
    kind: str
    original: str
    translation: str | None
    translation_stale: bool
    explanation: str
    newer_version: int | None = None


@dataclass
class AlternativeView:
    variant: str
    title: str
    outcome: dict[str, Any]
    differs: bool
    summary: str
    steps: list[StepView]
    gaps: list[dict[str, Any]]


@dataclass
class RulingView:
    id: str
    game: str
    game_title: str
    game_language: str
    adjudicator: str
    title: str
    variant: str
    variant_title: str
    lang: str
    inputs: dict[str, Any]
    outcome: dict[str, Any]
    summary: str
    steps: list[StepView]
    gaps: list[dict[str, Any]]
    alternatives: list[AlternativeView]
    created_at: dt.datetime
    newer_versions: dict[str, int] = field(default_factory=dict)

    @property
    def permalink(self) -> str:
        return f"/rulings/{self.id}/"

    @property
    def differing(self) -> list[AlternativeView]:
        return [a for a in self.alternatives if a.differs]


def variants_of(game: str) -> list[corpus.VariantData]:
    """Return a game's variants, `original` first (from the shipped corpus)."""
    return list(corpus.game(game).variants)


def ui_language(lang: str) -> str:
    """The language explanations are written in: ``lang`` when the UI has it, else English."""
    codes = {code.lower() for code, _ in settings.LANGUAGES}
    return lang if lang.lower() in codes else "en"


def language(lang: str):
    """Context manager: write explanations in ``lang`` where the UI has it."""
    return i18n.override(ui_language(lang))


def _run(adj: Adjudicator, inputs: Any, variant: str, lang: str) -> tuple[Result, str]:
    with language(lang):
        result = adj(inputs, variant=variant)
        summary = adj.describe(result.outcome)
    return result, summary


def _gaps(result: Result) -> list[dict[str, Any]]:
    return [{"clause": g.clause, "question": g.question, "assumed": g.assumed} for g in result.gaps]


@transaction.atomic
def ruling_create(*, adj: Adjudicator, inputs: Any, variant: str, lang: str, now: dt.datetime) -> RulingView:
    """Adjudicate ``inputs`` under ``variant`` (and every other variant) and store the ruling."""
    variants = variants_of(adj.game)
    titles = {v.slug: v.title for v in variants}
    result, summary = _run(adj, inputs, variant, lang)
    others = []
    for v in variants:
        if v.slug != variant:
            other, other_summary = _run(adj, inputs, v.slug, lang)
            others.append((v.slug, other, other_summary))

    keys = {s.clause for s in result.steps}
    for _, other, _ in others:
        keys.update(s.clause for s in other.steps)
    entries = {
        e.clause.key: e
        for e in EditionEntry.objects.filter(
            edition__game__slug=adj.game, edition__is_current=True, clause__key__in=keys
        ).select_related("clause", "version", "edition__game")
    }
    missing = keys - set(entries)
    if missing or not entries:
        raise CorpusNotLoaded(f"clauses not loaded: {sorted(missing)}")
    game = next(iter(entries.values())).edition.game
    translations = _translations_for([e.clause_id for e in entries.values()], lang, game.language)

    def steps_of(res: Result) -> list[StepView]:
        out = []
        for s in res.steps:
            e = entries[s.clause]
            t = translations.get(e.clause_id)
            out.append(
                StepView(
                    clause=s.clause,
                    version=e.version.number,
                    status=e.version.status,
                    kind=e.clause.kind,
                    original=e.version.text,
                    translation=t.text if t else None,
                    translation_stale=bool(t and t.based_on_id != e.version_id),
                    explanation=s.explanation,
                )
            )
        return out

    alternatives = [
        AlternativeView(
            variant=slug,
            title=titles[slug],
            outcome=other.outcome,
            differs=other.outcome != result.outcome,
            summary=other_summary,
            steps=steps_of(other),
            gaps=_gaps(other),
        )
        for slug, other, other_summary in others
    ]
    view = RulingView(
        id="",
        game=adj.game,
        game_title=game.title,
        game_language=game.language,
        adjudicator=adj.name,
        title=str(adj.title),
        variant=variant,
        variant_title=titles[variant],
        lang=lang,
        inputs=to_jsonable(inputs),
        outcome=result.outcome,
        summary=summary,
        steps=steps_of(result),
        gaps=_gaps(result),
        alternatives=alternatives,
        created_at=now,
    )
    ruling = Ruling(
        game_id=game.id,
        adjudicator=adj.name,
        variant=variant,
        lang=lang,
        inputs=view.inputs,
        outcome=view.outcome,
        summary=summary,
        steps=[_step_json(s) for s in view.steps],
        gaps=view.gaps,
        alternatives=[
            {
                "variant": a.variant,
                "outcome": a.outcome,
                "differs": a.differs,
                "summary": a.summary,
                "steps": [_step_json(s) for s in a.steps],
                "gaps": a.gaps,
            }
            for a in alternatives
        ],
        created_at=now,
    )
    ruling.save()
    RulingCitation.objects.bulk_create(
        RulingCitation(
            ruling=ruling,
            version_id=e.version_id,
            translation_id=(
                translations[e.clause_id].current_revision_id if e.clause_id in translations else None
            ),
        )
        for e in entries.values()
    )
    view.id = str(ruling.id)
    return view


def _step_json(step: StepView) -> dict[str, Any]:
    return {"clause": step.clause, "version": step.version, "explanation": step.explanation}


def _translations_for(clause_ids: list[int], lang: str, original: str) -> dict[int, Translation]:
    """Newest translation per clause in ``lang``; none for the original language (≤1 query)."""
    if lang == original:
        return {}
    best: dict[int, Translation] = {}
    for t in (
        Translation.objects.filter(clause_id__in=clause_ids, lang=lang)
        .select_related("based_on")
        .order_by("based_on__number")
    ):
        best[t.clause_id] = t
    return best
