"""Reads of stored rulings, each in a constant number of queries."""

from __future__ import annotations

import uuid

from django.db.models import Max

from rules import corpus
from rules.models import ClauseVersion

from . import engine
from .models import Ruling
from .services import AlternativeView, RulingView, StepView


def ruling_get(ruling_id: str) -> RulingView | None:
    """Return a stored ruling exactly as it was given, pinned to the versions it cited,
    noting where a cited clause has a newer version since (3 queries)."""
    try:
        pk = uuid.UUID(str(ruling_id))
    except ValueError:
        return None
    ruling = Ruling.objects.select_related("game").filter(pk=pk).first()
    if ruling is None:
        return None
    cited = {}
    for c in ruling.citations.select_related("version__clause", "translation__translation"):
        cited[(c.version.clause.key, c.version.number)] = c
    latest = dict(
        ClauseVersion.objects.filter(clause_id__in={c.version.clause_id for c in cited.values()})
        .values("clause__key")
        .annotate(n=Max("number"))
        .values_list("clause__key", "n")
    )

    def steps_of(raw: list[dict]) -> list[StepView]:
        out = []
        for s in raw:
            c = cited[(s["clause"], s["version"])]
            tr = c.translation
            newest = latest.get(s["clause"], s["version"])
            out.append(
                StepView(
                    clause=s["clause"],
                    version=s["version"],
                    status=c.version.status,
                    kind=c.version.clause.kind,
                    original=c.version.text,
                    translation=tr.text if tr else None,
                    translation_stale=bool(tr and tr.translation.based_on_id != c.version_id),
                    explanation=s["explanation"],
                    newer_version=newest if newest > s["version"] else None,
                )
            )
        return out

    titles = {v.slug: v.title for v in corpus.game(ruling.game.slug).variants}
    adj = engine.get(ruling.game.slug, ruling.adjudicator)
    steps = steps_of(ruling.steps)
    alternatives = [
        AlternativeView(
            variant=a["variant"],
            title=titles.get(a["variant"], a["variant"]),
            outcome=a["outcome"],
            differs=a["differs"],
            summary=a.get("summary", ""),
            steps=steps_of(a.get("steps", [])),
            gaps=a.get("gaps", []),
        )
        for a in ruling.alternatives
    ]
    newer = {s.clause: s.newer_version for s in steps if s.newer_version}
    for a in alternatives:
        newer.update({s.clause: s.newer_version for s in a.steps if s.newer_version})
    return RulingView(
        id=str(ruling.id),
        game=ruling.game.slug,
        game_title=ruling.game.title,
        game_language=ruling.game.language,
        adjudicator=ruling.adjudicator,
        title=str(adj.title) if adj else ruling.adjudicator,
        variant=ruling.variant,
        variant_title=titles.get(ruling.variant, ruling.variant),
        lang=ruling.lang,
        inputs=ruling.inputs,
        outcome=ruling.outcome,
        summary=ruling.summary,
        steps=steps,
        gaps=ruling.gaps,
        alternatives=alternatives,
        created_at=ruling.created_at,
        newer_versions=newer,
    )
