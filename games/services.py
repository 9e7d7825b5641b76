"""Adjudicate and store: run the pure adjudicator under every variant, resolve the
clause keys it cited to the current edition's versions and their translations,
and store the ruling pinned to those exact versions.

Whatever the corpus size, creating a ruling costs at most four queries: the
game's catalogue stamp, the current edition with its translations in the
requested language (only when the stamp changed since this process last read
it: ``rules.selectors.citable_edition``), the ruling row and its citations
(one bulk insert).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import translation as i18n

from rules import selectors as rule_selectors

from .engine import Adjudicator, Result, Rules
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


def ui_language(lang: str) -> str:
    """The language explanations are written in: ``lang`` when the UI has it, else English."""
    codes = {code.lower() for code, _ in settings.LANGUAGES}
    return lang if lang.lower() in codes else "en"


def language(lang: str):
    """Context manager: write explanations in ``lang`` where the UI has it."""
    return i18n.override(ui_language(lang))


def _run(adj: Adjudicator, inputs: Any, variant: str, lang: str, rules: Rules) -> tuple[Result, str]:
    with language(lang):
        result = adj(inputs, variant=variant, rules=rules)
        summary = adj.describe(result.outcome, rules=rules)
    return result, summary


def _in(lang: str, text: Any) -> str:
    with language(lang):
        return str(text)


def _gaps(result: Result) -> list[dict[str, Any]]:
    return [{"clause": g.clause, "question": g.question, "assumed": g.assumed} for g in result.gaps]


def ruling_create(
    *,
    adj: Adjudicator,
    inputs: Any,
    variant: str,
    lang: str,
    now: dt.datetime,
    rules: Rules,
    explain_in: str | None = None,
) -> RulingView:
    """Adjudicate ``inputs`` under ``variant`` (and every other variant) and store the ruling.

    ``lang`` is the language of the translations quoted beside the original clauses;
    ``explain_in`` the language of the outcome sentence and the step explanations. The API
    writes both in ``lang`` (CONTRACT.md §3); the referee page explains in the reader's
    interface language, so a Polish referee reading Praetor's Chinese with the English
    translation still gets the ruling in Polish.

    The reads come first, outside the write transaction, so that on SQLite the write
    lock is held only for the two inserts; the ruling is pinned to the versions that were
    read, which are append-only and cannot change or disappear in between.
    """
    variants = rules.variants
    titles = {v.slug: v.title for v in variants}
    explain_in = explain_in or lang
    result, summary = _run(adj, inputs, variant, explain_in, rules)
    others = []
    for v in variants:
        if v.slug != variant:
            other, other_summary = _run(adj, inputs, v.slug, explain_in, rules)
            others.append((v.slug, other, other_summary))

    edition = rule_selectors.citable_edition(adj.game, lang)
    keys = {s.clause for s in result.steps}
    for _, other, _ in others:
        keys.update(s.clause for s in other.steps)
    missing = keys - set(edition.clauses) if edition else keys
    if edition is None or missing:
        raise CorpusNotLoaded(f"clauses not loaded: {sorted(missing)}")
    cited = {k: edition.clauses[k] for k in keys}

    def steps_of(res: Result) -> list[StepView]:
        out = []
        for s in res.steps:
            c = cited[s.clause]
            out.append(
                StepView(
                    clause=s.clause,
                    version=c.number,
                    status=c.status,
                    kind=c.kind,
                    original=c.text,
                    translation=c.translation,
                    translation_stale=c.translation_stale,
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
        game_title=edition.title,
        game_language=edition.language,
        adjudicator=adj.name,
        title=_in(explain_in, adj.title),
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
        game_id=edition.game_id,
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
    with transaction.atomic():
        ruling.save(force_insert=True)
        RulingCitation.objects.bulk_create(
            RulingCitation(
                ruling_id=ruling.id, version_id=c.version_id, translation_id=c.translation_revision_id
            )
            for c in cited.values()
        )
    view.id = str(ruling.id)
    return view


def _step_json(step: StepView) -> dict[str, Any]:
    return {"clause": step.clause, "version": step.version, "explanation": step.explanation}
