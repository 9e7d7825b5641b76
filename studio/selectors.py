"""Reads for the designer workspace, each in a constant number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from rules import services
from rules.models import ClauseVersion, Edition, EditionEntry, Game

from . import document


def edition_get(game: Game, number: int) -> Edition | None:
    """Edition ``number`` of ``game``, draft or published (one query)."""
    return Edition.objects.filter(game=game, number=number).first()


def draft_get(game: Game, number: int) -> Edition | None:
    return (
        Edition.objects.select_related("based_on", "game")
        .filter(game=game, number=number, status=Edition.Status.DRAFT)
        .first()
    )


@dataclass
class DraftClause:
    key: str
    kind: str
    section: str
    version: ClauseVersion
    published: ClauseVersion | None
    section_key: str = ""

    @property
    def revised(self) -> bool:
        return self.published is None or self.published.id != self.version.id


def draft_clauses(draft: Edition) -> list[DraftClause]:
    """The draft's clauses in document order, each with the published edition's version of
    it (2 queries)."""
    published = {
        e.clause_id: e.version
        for e in EditionEntry.objects.filter(edition_id=draft.based_on_id).select_related("version")
    }
    return [
        DraftClause(
            e.clause.key,
            e.clause.kind,
            e.clause.section.title,
            e.version,
            published.get(e.clause_id),
            e.clause.section.key,
        )
        for e in EditionEntry.objects.filter(edition=draft)
        .select_related("clause__section", "version")
        .order_by("position")
    ]


def draft_clause(draft: Edition, key: str) -> tuple[EditionEntry, ClauseVersion | None, int] | None:
    """One clause of a draft: its entry, the published version, and the clause's newest
    version number (what a revision must be based on)."""
    entry = (
        EditionEntry.objects.select_related("clause__game", "clause__section", "version")
        .filter(edition=draft, clause__key=key)
        .first()
    )
    if entry is None:
        return None
    published = (
        EditionEntry.objects.select_related("version")
        .filter(edition_id=draft.based_on_id, clause_id=entry.clause_id)
        .first()
    )
    newest = ClauseVersion.objects.filter(clause_id=entry.clause_id).order_by("-number").first()
    return entry, published.version if published else None, newest.number if newest else 0


@dataclass
class Standing:
    """Where a draft stands against the game's published editions: which one it compares
    against, whether a newer one was published since, its open conflicts, and so whether
    Publish can succeed."""

    based_on: int | None
    current: int | None
    conflicts: list[tuple[str, str, str]]

    @property
    def outdated(self) -> bool:
        return self.current is not None and self.current != self.based_on

    @property
    def can_publish(self) -> bool:
        return not self.outdated and not self.conflicts


def draft_standing(draft: Edition) -> Standing:
    """The draft's standing (1 query; 3 more while it has open conflicts)."""
    current = Edition.objects.filter(game_id=draft.game_id, is_current=True).first()
    conflicts = services.draft_conflicts(draft, current) if draft.conflicts else []
    return Standing(
        draft.based_on.number if draft.based_on_id else None, current.number if current else None, conflicts
    )


def document_compare(game: Game, draft: Edition, text: str) -> tuple[list[dict[str, str]], dict[str, int]]:
    """The document compared with the draft's clauses (``studio.document.compare``), and the
    draft's version of each clause it was compared against (what an accept sends back as
    ``based_on``, so a clause revised meanwhile is never overwritten) (2 queries)."""
    clauses = draft_clauses(draft)
    texts = [document.ClauseText(c.key, c.section_key, c.version.text) for c in clauses]
    prefix = texts[0].key.split(".", 1)[0] if texts else game.slug
    changes = [ch.to_json() for ch in document.compare(texts, text, lang=game.language, prefix=prefix)]
    return changes, {c.key: c.version.number for c in clauses}


def clause_unbound(draft: Edition, key: str) -> dict[str, str]:
    """The draft's figures of clause ``key`` whose words are gone: name → the binding that
    stated them (no query: the draft's row holds them)."""
    return {name: e["template"] for name, e in (draft.unbound or {}).items() if e["clause"] == key}


def unbound_json(draft: Edition, key: str, text: str) -> dict[str, dict]:
    """What a revision's answer says of clause ``key``'s figures whose words are gone: the last
    stated figure and where a figure now stands in ``text`` (the words to re-bind it to)."""
    from rules import params

    draft.refresh_from_db(fields=["unbound"])
    normal = params.normalise(text)
    return {
        name: {
            "value": e["value"],
            "version": e["version"],
            "words": e["words"],
            "candidates": params.candidates(name, e["template"], normal, was=e["value"]),
        }
        for name, e in sorted((draft.unbound or {}).items())
        if e["clause"] == key
    }
