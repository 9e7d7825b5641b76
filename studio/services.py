"""Writes of the designer workspace that span many clauses: a whole document accepted as the
draft's revisions (issue #22 item 6). Each clause's wording goes through
``rules.services.clause_revise`` (bound figures re-read, versions append-only)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from rules import declared
from rules import services as rule_services
from rules.models import Clause, ClauseVersion, Edition, EditionEntry, Game, Section

KEY = re.compile(r"^[a-z]+\.[a-z0-9][a-z0-9.-]{0,70}$")


class DocumentRefused(ValueError):
    """Changes that cannot be saved, by field path (``changes.<n>.<field>``)."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


@dataclass
class Saved:
    key: str
    change: str
    version: int | None

    def to_json(self) -> dict:
        return {"key": self.key, "change": self.change, "version": self.version}


def _prefix(game: Game) -> str:
    key = Clause.objects.filter(game=game).values_list("key", flat=True).first() or ""
    return key.split(".", 1)[0]


def _refusals(
    changes: list[dict], entries: dict[str, EditionEntry], sections: dict[str, Section], game: Game
) -> dict[str, list[str]]:
    """What is wrong with each change, by field path: a key the draft does not hold, a new
    key out of the game's style or taken, an unknown section, a blank text."""
    existing = set(Clause.objects.filter(game=game).values_list("key", flat=True))
    prefix = _prefix(game)
    errors: dict[str, list[str]] = {}
    for n, ch in enumerate(changes):
        key, kind = ch.get("key"), ch.get("change")
        if kind in ("revised", "moved", "deleted", "unchanged") and key not in entries:
            errors[f"changes.{n}.key"] = [f"The draft has no clause {key}."]
        if kind == "new":
            if not KEY.match(key or "") or not key.startswith(prefix + "."):
                errors[f"changes.{n}.key"] = [
                    f"A new clause's key is {prefix}.<words>: lowercase, digits, - and ."
                ]
            elif key in existing:
                errors[f"changes.{n}.key"] = [f"{key} is taken: keys are never reused."]
            if ch.get("section") not in sections:
                errors[f"changes.{n}.section"] = [f"Choose one of: {', '.join(sorted(sections))}."]
        if kind in ("revised", "new") and not (ch.get("text") or "").strip():
            errors[f"changes.{n}.text"] = ["The text may not be blank."]
    return errors


def _revise(
    draft: Edition, entry: EditionEntry, n: int, ch: dict, *, author: str, now: dt.datetime
) -> Saved | None:
    """The ``n``-th change, a revised clause, saved as its next version in the draft (nothing
    when the wording is the draft's already)."""
    if entry.version.text == ch["text"]:
        return None
    newest = ClauseVersion.objects.filter(clause=entry.clause).order_by("-number").first()
    try:
        version = rule_services.clause_revise(
            clause=entry.clause,
            text=ch["text"],
            status=ClauseVersion.Status.DRAFT,
            author=author,
            expected_version=newest.number,
            now=now,
            draft=draft,
            confirm_not_executable=ch.get("confirm_not_executable") is True,
        )
    except rule_services.NotExecutableRevision as exc:
        # All or nothing: the whole document waits for the designer's confirmation.
        raise DocumentRefused({f"changes.{n}.confirm_not_executable": [declared.refusal(exc)]}) from None
    return Saved(ch["key"], "revised", version.number)


def _add(
    game: Game,
    draft: Edition,
    entries: dict[str, EditionEntry],
    anchor: str | None,
    ch: dict,
    section: Section,
    *,
    author: str,
    now: dt.datetime,
) -> Saved:
    """A new clause, its first version, placed in the draft after ``anchor``."""
    clause = Clause.objects.create(
        game=game,
        section=section,
        key=ch["key"],
        position=_clause_position(game, entries, anchor),
        kind=Clause.Kind.RULE,
    )
    version = ClauseVersion.objects.create(
        clause=clause,
        number=1,
        text=ch["text"],
        status=ClauseVersion.Status.DRAFT,
        author=author,
        created_at=now,
    )
    entry = EditionEntry.objects.create(
        edition=draft, clause=clause, version=version, position=_make_room(draft, entries, anchor)
    )
    entry.clause = clause
    entries[ch["key"]] = entry
    return Saved(ch["key"], "new", 1)


@transaction.atomic
def document_accept(*, draft: Edition, changes: list[dict], author: str, now: dt.datetime) -> list[Saved]:
    """Save the accepted ``changes`` of a document (``studio.document.compare``'s shape, each
    possibly edited) as the draft's revisions, in the order given: ``revised`` → a new version
    of the clause; ``new`` → a new clause (its key in the game's style, its section) placed
    after the change before it; ``moved`` → the clause placed there; ``deleted`` → out of the
    draft; ``unchanged`` → nothing. All or nothing: ``DocumentRefused`` names each bad change,
    and a revision's broken binding or a racing revision is raised as ``clause_revise`` does."""
    game = Game.objects.select_for_update().get(pk=draft.game_id)
    draft = rule_services._draft_locked(draft)
    entries = {
        e.clause.key: e
        for e in EditionEntry.objects.filter(edition=draft).select_related("clause", "version")
    }
    sections = {s.key: s for s in Section.objects.filter(document__game=game)}
    if errors := _refusals(changes, entries, sections, game):
        raise DocumentRefused(errors)

    saved: list[Saved] = []
    anchor: str | None = None  # the clause the next placed one follows
    for n, ch in enumerate(changes):
        key, kind = ch["key"], ch["change"]
        if kind == "revised":
            if revision := _revise(draft, entries[key], n, ch, author=author, now=now):
                saved.append(revision)
        elif kind == "new":
            saved.append(
                _add(game, draft, entries, anchor, ch, sections[ch["section"]], author=author, now=now)
            )
        elif kind == "moved":
            position = _make_room(draft, entries, anchor)
            EditionEntry.draft_entries(draft).filter(clause__key=key).place(position)
            entries[key].position = position
            saved.append(Saved(key, kind, entries[key].version.number))
        elif kind == "deleted":
            EditionEntry.draft_entries(draft).filter(clause__key=key).drop()
            entries.pop(key)
            saved.append(Saved(key, kind, None))
            continue
        anchor = key
    rule_services.catalogue_touch(game_id=game.id)
    return saved


def _make_room(draft: Edition, entries: dict[str, EditionEntry], anchor: str | None) -> int:
    """The position right after ``anchor``'s entry (the start without one), the entries from
    there on moved one place down to free it."""
    position = entries[anchor].position + 1 if anchor in entries else 1
    EditionEntry.draft_entries(draft).filter(position__gte=position).shift(1)
    for e in entries.values():
        if e.position >= position:
            e.position += 1
    return position


def _clause_position(game: Game, entries: dict[str, EditionEntry], anchor: str | None) -> int:
    # The catalogue's order of a clause the draft adds: after the one it follows (ties are
    # broken by the edition's own positions, which every reading of an edition follows).
    if anchor in entries:
        return entries[anchor].clause.position
    return (Clause.objects.filter(game=game).aggregate(m=Max("position"))["m"] or 0) + 1
