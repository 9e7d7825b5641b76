"""Writes of the designer workspace that span many clauses: a whole document accepted as the
draft's revisions (issue #22 item 6). Each clause's wording goes through
``rules.services.clause_revise`` (bound figures re-read, versions append-only)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from rules import code_side, declared, params
from rules import services as rule_services
from rules.models import OUT_OF_THE_WAY, Clause, ClauseVersion, Edition, EditionEntry, Game, Section

from .write_request import WRITES, AcceptRequest

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


class DocumentStale(Exception):
    """409: clauses the accept writes were revised in the draft since the document was
    compared; ``revised`` maps each key to (the version compared, the draft's version now)."""

    status = 409

    def __init__(self, revised: dict[str, tuple[int, int]]):
        super().__init__(", ".join(sorted(revised)))
        self.revised = revised


def _stale(changes, based_on: dict[str, int], entries: dict[str, EditionEntry]) -> dict[str, tuple[int, int]]:
    """The clauses ``changes`` write whose draft version is no longer the one compared."""
    return {
        ch["key"]: (based_on.get(ch["key"], -1), entries[ch["key"]].version.number)
        for ch in changes
        if ch["change"] in WRITES and entries[ch["key"]].version.number != based_on.get(ch["key"])
    }


def _add_all(
    game: Game, draft: Edition, new: list[tuple[dict, str | None]], sections, entries, *, author: str, now
) -> list[EditionEntry]:
    """The new clauses, each with its first version and its entry in the draft (placed by the
    caller), in one insert of each kind whatever their number."""
    top = Clause.objects.filter(game=game).aggregate(m=Max("position"))["m"] or 0
    # The catalogue's order: after the clause it follows (ties are broken by the edition's
    # own positions, which every reading of an edition follows).
    at = {key: e.clause.position for key, e in entries.items()}
    for ch, anchor in new:
        at[ch["key"]] = at.get(anchor, top + 1) if anchor is not None else top + 1
    clauses = Clause.objects.bulk_create(
        Clause(
            game=game,
            section=sections[ch["section"]],
            key=ch["key"],
            position=at[ch["key"]],
            kind=Clause.Kind.RULE,
        )
        for ch, _anchor in new
    )
    versions = ClauseVersion.objects.bulk_create(
        ClauseVersion(
            clause=clause,
            number=1,
            text=ch["text"],
            status=ClauseVersion.Status.DRAFT,
            author=author,
            created_at=now,
        )
        for clause, (ch, _anchor) in zip(clauses, new, strict=True)
    )
    return EditionEntry.objects.bulk_create(
        EditionEntry(edition=draft, clause=clause, version=version, position=OUT_OF_THE_WAY * 2 + n)
        for n, (clause, version) in enumerate(zip(clauses, versions, strict=True))
    )


def _figures_of(game: Game, entry: EditionEntry) -> dict[str, dict]:
    """The figures the code reads that a deleted clause's version stated."""
    readings, _errors = params.read_all(entry.version.bindings or {}, params.normalise(entry.version.text))
    return {
        name: rule_services.unbound_entry(entry.clause, entry.version, reading)
        for name, reading in readings.items()
        if code_side.parameter_readers(game.slug, name)
    }


@transaction.atomic
def document_accept(*, draft: Edition, accept: AcceptRequest, author: str, now: dt.datetime) -> list[Saved]:
    """Save the accepted ``changes`` of a document (``studio.document.compare``'s shape, each
    possibly edited) as the draft's revisions, in the order given: ``revised`` → a new version
    of the clause; ``new`` → a new clause (its key in the game's style, its section) placed
    after the change before it; ``moved`` → the clause placed there; ``deleted`` → out of the
    draft; ``unchanged`` → nothing. All or nothing: ``DocumentRefused`` names each bad change,
    ``DocumentStale`` each clause revised in the draft since the versions ``based_on`` (the
    comparison's), and a revision refused is raised as ``clause_revise`` raises it.

    The new clauses, the deletions and the draft's order are written in a fixed number of
    statements whatever their number, so the game's lock is held briefly."""
    changes, based_on = accept.changes, accept.based_on
    game = Game.objects.select_for_update().get(pk=draft.game_id)
    draft = rule_services._draft_locked(draft)
    entries = {
        e.clause.key: e
        for e in EditionEntry.objects.filter(edition=draft).select_related("clause", "version")
    }
    sections = {s.key: s for s in Section.objects.filter(document__game=game)}
    if errors := _refusals(changes, entries, sections, game):
        raise DocumentRefused(errors)
    if stale := _stale(changes, based_on, entries):
        raise DocumentStale(stale)

    order = [k for k, _e in sorted(entries.items(), key=lambda item: item[1].position)]
    saved: list[Saved] = []
    new: list[tuple[dict, str | None]] = []
    dropped: list[int] = []
    lost: dict[str, dict] = {}  # the figures the code reads of the clauses deleted
    anchor: str | None = None  # the clause the next placed one follows
    for n, ch in enumerate(changes):
        key, kind = ch["key"], ch["change"]
        if kind == "revised":
            if revision := _revise(draft, entries[key], n, ch, author=author, now=now):
                saved.append(revision)
        elif kind in ("new", "moved"):
            if kind == "moved":
                order.remove(key)
                saved.append(Saved(key, kind, entries[key].version.number))
            else:
                new.append((ch, anchor))
                saved.append(Saved(key, kind, 1))
            order.insert(order.index(anchor) + 1 if anchor is not None else 0, key)
        elif kind == "deleted":
            order.remove(key)
            lost.update(_figures_of(game, entries[key]))
            dropped.append(entries.pop(key).pk)
            saved.append(Saved(key, kind, None))
            continue
        anchor = key
    if new:
        added = _add_all(game, draft, new, sections, entries, author=author, now=now)
        entries.update((ch["key"], entry) for (ch, _anchor), entry in zip(new, added, strict=True))
    if dropped:
        EditionEntry.draft_entries(draft).filter(pk__in=dropped).drop()
        # Rulings read the last stated figure, with a gap, until the text states it again.
        draft.refresh_from_db(fields=["unbound"])
        rule_services._mark_unbound(draft, lost, {})
    if new or any(ch["change"] in ("moved", "deleted") for ch in changes):
        EditionEntry.draft_entries(draft).renumber([entries[k].pk for k in order])
    rule_services.catalogue_touch(game_id=game.id)
    return saved
