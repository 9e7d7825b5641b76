"""Writes to the catalogue. Every function is keyword-only, typed and atomic.

Nothing here overwrites wording: a changed clause text becomes a new
``ClauseVersion``, a changed translation becomes a new ``TranslationRevision``.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from . import code_side, declared, params, tables
from .models import (
    OUT_OF_THE_WAY,
    Clause,
    ClauseVersion,
    Edition,
    EditionEntry,
    Game,
    TableRow,
    Translation,
    TranslationRevision,
    search_form,
)
from .signals import announce_published


class Conflict(Exception):
    """Someone else saved first; the caller's text is carried back, not lost."""

    def __init__(self, message: str, *, current_revision: int, text: str):
        super().__init__(message)
        self.current_revision = current_revision
        self.text = text


def catalogue_touch(*, game_id: int | None = None, clause_id: int | None = None, rules: bool = False) -> None:
    """Record that ``game``'s clauses, editions or translations changed (with ``rules``: its
    variants or tables too).

    Every write in this module calls it inside its own transaction, so the new stamp
    commits (or rolls back) with the change; caches keyed on the stamp can never
    serve wording from before a committed change.
    """
    games = Game.objects.filter(pk=game_id) if clause_id is None else Game.objects.filter(clauses=clause_id)
    stamps = {"catalogue_stamp": uuid.uuid4()}
    if rules:
        stamps["rules_stamp"] = uuid.uuid4()
    games.update(**stamps)


def edition_publish_entries(
    *, game: Game, entries: list[tuple[Clause, ClauseVersion]], now: dt.datetime, name: str | None
) -> Edition:
    """Publish ``entries`` (clause, version), in order, as the game's next and current edition
    (``edition_publish``, and ``loading`` when the corpus brings new wording)."""
    number = (Edition.objects.filter(game=game).aggregate(n=Max("number"))["n"] or 0) + 1
    Edition.objects.filter(game=game, is_current=True).update(is_current=False)
    edition = Edition.objects.create(
        game=game, number=number, name=name or f"Edition {number}", created_at=now, is_current=True
    )
    EditionEntry.objects.bulk_create(
        EditionEntry(edition=edition, clause=clause, version=version, position=n)
        for n, (clause, version) in enumerate(entries, start=1)
    )
    catalogue_touch(game_id=game.id)
    return edition


class NotExecutableRevision(ValueError):
    """A revision adds a figure or a rule to a clause declared not executable, unconfirmed."""

    def __init__(self, key: str, reason: str, added: list[str], *, text: str):
        super().__init__(f"{key} is declared not executable ({reason}); the revision adds {', '.join(added)}")
        self.key = key
        self.reason = reason
        self.added = added
        self.text = text


class ParameterInUse(ValueError):
    """A revision would remove a parameter that code reads: its rulings could not be given."""

    def __init__(self, readers: dict[str, list[str]], *, text: str):
        super().__init__("; ".join(f"{name} is read by {', '.join(who)}" for name, who in readers.items()))
        self.readers = readers
        self.text = text


@transaction.atomic
def clause_revise(
    *,
    clause: Clause,
    text: str,
    status: str,
    note: str | None = None,
    author: str = "",
    expected_version: int,
    now: dt.datetime,
    draft: Edition | None = None,
    bindings: dict[str, str | None] | None = None,
    wording_only: str = "",
    confirm_not_executable: bool = False,
) -> ClauseVersion:
    """Add a new version of ``clause``; refuse if someone else revised it first.

    A revision that adds a figure or a rule word to a clause declared not executable is
    refused (``NotExecutableRevision``) unless ``confirm_not_executable``: no ruling follows
    such a clause, so the designer confirms writing a rule no referee can rule on.

    ``wording_only`` is the designer's reason when they record the revision as leaving the
    meaning unchanged: rulings then note it quietly instead of warning (``games.pins``).

    The new version inherits the parameter bindings of the one it revises (with
    ``bindings`` changes), each re-read from its words. A figure the code reads whose words
    the text no longer states is re-bound where its number still stands, else marked
    unbound in ``draft`` (CONTRACT.md §5; without a draft, ``BindingsBroken``); a template
    of ``bindings`` that does not read is ``BindingsBroken``; removing a parameter that code
    reads is refused (``ParameterInUse``). ``note`` None keeps the
    note of the version revised. With ``draft``, the draft edition's entry for the clause
    points at the new version (``DraftClosed`` if it was published meanwhile); the
    published editions are untouched.
    """
    # Locks in the order every catalogue write takes them (game, edition, clause), so a
    # revision and a publish of the same draft queue instead of deadlocking.
    Game.objects.select_for_update().filter(pk=clause.game_id).first()
    if draft is not None:
        # The draft's status as of now, under its lock, not as the caller read it: a draft
        # published meanwhile takes no more revisions (they would be in no edition).
        draft = _draft_locked(draft)
        if draft.game_id != clause.game_id:
            raise ValueError(f"edition {draft.number} is not a draft of {clause.game_id}")
    # Lock the clause, then read its newest version: a racing revision waits here and then
    # sees the winner's version, so it gets a Conflict rather than a duplicate number.
    Clause.objects.select_for_update().filter(pk=clause.pk).first()
    latest = ClauseVersion.objects.filter(clause=clause).order_by("-number").first()
    current_number = latest.number if latest else 0
    if current_number != expected_version:
        raise Conflict(
            f"{clause.key} is at version {current_number}, not {expected_version}",
            current_revision=current_number,
            text=text,
        )
    new_bindings, lost = _revision_bindings(
        clause, latest, text, bindings, confirm_not_executable=confirm_not_executable
    )
    if lost and draft is None:
        # No draft to hold the mark (the admin's revision of a published clause): refused.
        raise params.BindingsBroken(
            {name: _gone(name) for name in lost}, text=text, candidates={name: [] for name in lost}
        )
    version = ClauseVersion.objects.create(
        clause=clause,
        number=current_number + 1,
        text=text,
        status=status,
        note=(latest.note if latest else "") if note is None else note,
        author=author,
        created_at=now,
        bindings=new_bindings,
        wording_only=wording_only.strip(),
    )
    _translations_carry(version, now=now)
    if draft is not None and EditionEntry.draft_entries(draft).filter(clause=clause).repoint(version) != 1:
        # Under the draft's lock only a clause the draft lacks gets here: never answer as if
        # the version were in the draft.
        raise ValueError(f"draft {draft.number} has no entry for {clause.key}")
    if draft is not None:
        _mark_unbound(
            draft, {name: unbound_entry(clause, latest, r) for name, r in lost.items()}, new_bindings
        )
    if draft is not None and clause.key in draft.conflicts:
        # Written on the newest version, after both sides' texts (draft_rebase): resolved.
        Edition.objects.filter(pk=draft.pk).update(conflicts=[k for k in draft.conflicts if k != clause.key])
    catalogue_touch(game_id=clause.game_id)
    return version


def _revision_bindings(
    clause: Clause,
    latest: ClauseVersion | None,
    text: str,
    bindings: dict[str, str | None] | None,
    *,
    confirm_not_executable: bool,
) -> tuple[dict[str, str], dict[str, params.Reading]]:
    """The bindings of the revision of ``clause`` to ``text``, after every check that may refuse
    it: a figure or rule added to a clause declared not executable (``NotExecutableRevision``),
    a given template that does not read or a table row no longer read (``BindingsBroken``), a
    parameter code reads removed (``ParameterInUse``); and the figures the code reads whose
    words are gone (``params.rebound_or_lost``), by name."""
    if latest is not None and not confirm_not_executable:
        slug, language = Game.objects.filter(pk=clause.game_id).values_list("slug", "language").get()
        if (decl := declared.declaration(slug, clause.key)) is not None:
            if more := declared.added(latest.text, text, language):
                raise NotExecutableRevision(clause.key, decl["reason"], more, text=text)
    new_bindings, lost = params.rebound_or_lost(
        latest.bindings if latest else {}, text, bindings, previous_text=latest.text if latest else None
    )
    gone = set(latest.bindings if latest else {}) - set(new_bindings)
    if lost or gone:  # most revisions keep every figure: no game to look up
        # The code that reads parameters lives in the games app, which builds on this one.
        slug = Game.objects.filter(pk=clause.game_id).values_list("slug", flat=True).get()
        # A figure whose words are gone and that no code reads is simply no longer a parameter.
        lost = {name: r for name, r in lost.items() if code_side.parameter_readers(slug, name)}
        removed = sorted(gone - set(lost))
        read = {name: who for name in removed if (who := code_side.parameter_readers(slug, name))}
        if read:
            raise ParameterInUse(read, text=text)
    for row in TableRow.objects.filter(clause=clause).values_list("data", flat=True):
        try:
            tables.read_row({**row, "clause": clause.key}, text)
        except tables.RowBindingError as exc:
            raise params.BindingsBroken({"table": str(exc)}, text=text) from None
    return new_bindings, lost


def _gone(name: str) -> str:
    return _("the words stating %(name)s are no longer in the text") % {"name": name}


def unbound_entry(clause: Clause, version: ClauseVersion, reading: params.Reading) -> dict:
    """What a draft keeps of a figure whose words went: the last stated figure, the words that
    stated it and the version that held them (which rulings quote in their gap)."""
    return {
        "value": reading.value,
        "words": reading.phrase,
        "clause": clause.key,
        "clause_id": clause.pk,
        "kind": clause.kind,
        "version": version.number,
        "version_id": version.pk,
        "status": version.status,
        "text": version.text,
        "template": reading.template,
    }


def _mark_unbound(draft: Edition, lost: dict[str, dict], bound: dict[str, str]) -> None:
    """Record in the draft the figures whose words went (``lost``), and forget those the new
    version binds again (``bound``)."""
    was = draft.unbound or {}
    now = {name: entry for name, entry in was.items() if name not in bound} | lost
    if now != was:
        Edition.objects.filter(pk=draft.pk).update(unbound=now or None)
        draft.unbound = now or None


def draft_unbound(draft: Edition) -> dict[str, dict]:
    """The draft's figures the code reads that its text no longer states: those marked unbound
    (``Edition.unbound``) that no clause of the draft binds again (1 query)."""
    if not draft.unbound:
        return {}
    stated = set()
    for bindings, text in EditionEntry.objects.filter(edition=draft).values_list(
        "version__bindings", "version__text"
    ):
        wanted = {n: t for n, t in (bindings or {}).items() if n in draft.unbound}
        if wanted:  # most clauses bind none of them: no text to normalise
            readings, _errors = params.read_all(wanted, params.normalise(text))
            stated |= set(readings)
    return {name: entry for name, entry in draft.unbound.items() if name not in stated}


def _translations_carry(version: ClauseVersion, *, now: dt.datetime) -> None:
    """When ``version`` says word for word what an earlier version said (a wording restored),
    the translations of the newest such version translate it too, so they become its
    translations, with their state, translator and reviewer, rather than going stale. Each is
    a new translation (its first revision naming who wrote the text); the earlier ones stay as
    they were."""
    earlier = (
        ClauseVersion.objects.filter(clause_id=version.clause_id, text=version.text)
        .exclude(pk=version.pk)
        .order_by("-number")
        .first()
    )
    if earlier is None:
        return
    for t in Translation.objects.filter(based_on=earlier).select_related("current_revision"):
        carried = Translation.objects.create(
            based_on=version,
            clause_id=version.clause_id,
            lang=t.lang,
            text=t.text,
            state=t.state,
            revision=1,
            translator=t.translator,
            reviewer=t.reviewer,
            updated_at=now,
        )
        rev = TranslationRevision.objects.create(
            translation=carried,
            revision=1,
            text=t.text,
            state=t.state,
            author=t.current_revision.author if t.current_revision else t.translator,
            created_at=now,
        )
        Translation.objects.filter(pk=carried.pk).update(current_revision=rev)


class DraftOutdated(Exception):
    """The draft was opened from an edition that is no longer the latest published one."""


class DraftClosed(DraftOutdated):
    """The edition is no longer a draft: it was published (by someone else, meanwhile)."""

    def __init__(self, edition: Edition):
        super().__init__(
            f"edition {edition.number} is already published: open a new draft to revise it further"
        )
        self.edition = edition


def _draft_locked(draft: Edition) -> Edition:
    """The draft's row, locked until the transaction ends; ``DraftClosed`` if it is no longer
    a draft. Callers hold the game's lock first (``draft_publish``, ``clause_revise``)."""
    # No join: PostgreSQL cannot lock the nullable side of the outer join to ``based_on``.
    locked = Edition.objects.select_for_update().get(pk=draft.pk)
    if locked.status != Edition.Status.DRAFT:
        raise DraftClosed(locked)
    return locked


@transaction.atomic
def draft_open(*, game: Game, author: str, now: dt.datetime, name: str | None = None) -> Edition:
    """Open a draft edition of ``game``: a copy of its latest published edition."""
    Game.objects.select_for_update().filter(pk=game.pk).first()
    current = Edition.objects.get(game=game, is_current=True)
    number = (Edition.objects.filter(game=game).aggregate(n=Max("number"))["n"] or 0) + 1
    draft = Edition.objects.create(
        game=game,
        number=number,
        name=name or f"Draft {number}",
        created_at=now,
        is_current=False,
        status=Edition.Status.DRAFT,
        based_on=current,
        opened_by=author,
    )
    EditionEntry.objects.bulk_create(
        EditionEntry(edition=draft, clause_id=e.clause_id, version_id=e.version_id, position=e.position)
        for e in current.entries.all()
    )
    catalogue_touch(game_id=game.id)
    return draft


class UnboundUnconfirmed(DraftOutdated):
    """409: the draft's text no longer states figures the code reads, and publishing it was
    not confirmed for them (``confirm_unbound``)."""

    def __init__(self, unbound: dict[str, dict]):
        self.unbound = unbound
        names = ", ".join(f"{name} ({entry['clause']})" for name, entry in sorted(unbound.items()))
        super().__init__(
            f"the text no longer states {names}: rulings would read the last stated figures; "
            "confirm publishing so (confirm_unbound)"
        )


@transaction.atomic
def draft_publish(
    *, draft: Edition, now: dt.datetime, name: str | None = None, confirm_unbound: Iterable[str] = ()
) -> Edition:
    """Make the draft the game's current published edition; refuse (``DraftOutdated``) if
    another edition was published since it was opened, so no one's edits are dropped, and
    (``UnboundUnconfirmed``) while its text no longer states a figure the code reads that
    ``confirm_unbound`` does not name (by parameter or by clause key).
    Announced (``signals.edition_published``) once the transaction commits."""
    Game.objects.select_for_update().filter(pk=draft.game_id).first()
    draft = _draft_locked(draft)
    current = Edition.objects.filter(game_id=draft.game_id, is_current=True).first()
    if current is not None and current.pk != draft.based_on_id:
        raise DraftOutdated(
            f"edition {current.number} was published after this draft was opened from edition "
            f"{draft.based_on.number if draft.based_on else '-'}; bring the draft onto it (rebase) first"
        )
    if draft.conflicts:
        raise DraftOutdated(
            f"{len(draft.conflicts)} clauses revised both in this draft and in edition "
            f"{current.number if current else '-'} wait to be resolved: {', '.join(draft.conflicts)}"
        )
    confirmed = set(confirm_unbound)
    unconfirmed = {
        n: e for n, e in draft_unbound(draft).items() if n not in confirmed and e["clause"] not in confirmed
    }
    if unconfirmed:
        raise UnboundUnconfirmed(unconfirmed)
    Edition.objects.filter(game_id=draft.game_id, is_current=True).update(is_current=False)
    draft.status = Edition.Status.PUBLISHED
    draft.is_current = True
    draft.published_at = now
    draft.name = name or (draft.name if not draft.name.startswith("Draft ") else f"Edition {draft.number}")
    draft.save(update_fields=["status", "is_current", "published_at", "name"])
    catalogue_touch(game_id=draft.game_id)
    announce_published(draft)
    return draft


@dataclass
class Rebase:
    """What bringing a draft onto the newest edition did: the keys merged by themselves and
    the clauses revised on both sides, (key, the draft's text, the published text)."""

    edition: int
    based_on: int
    merged: list[str]
    conflicts: list[tuple[str, str, str]]


def draft_conflicts(draft: Edition, current: Edition | None) -> list[tuple[str, str, str]]:
    """The draft's open conflicts: (key, the draft's text, ``current``'s text)."""
    if not draft.conflicts or current is None:
        return []
    ours = {
        e.clause.key: e.version.text
        for e in draft.entries.filter(clause__key__in=draft.conflicts).select_related("clause", "version")
    }
    theirs = {
        e.clause.key: e.version.text
        for e in current.entries.filter(clause__key__in=draft.conflicts).select_related("clause", "version")
    }
    return [(k, ours.get(k, ""), theirs.get(k, "")) for k in draft.conflicts]


@transaction.atomic
def draft_rebase(*, draft: Edition) -> Rebase:
    """Bring a draft opened from an older edition onto the game's newest published one.

    Per clause, against the edition the draft was opened from: changed only in the new
    edition → the draft takes its version; changed only in the draft → kept; changed on both
    sides to different texts → kept as the draft has it and listed as a conflict until the
    designer resolves it (``draft_resolve``, or a revision in the draft written after seeing
    both); the draft then compares against the new edition. A clause the new edition added
    joins the draft; one it dropped leaves the draft unless the draft revised it. A draft
    already on the newest edition is returned as it is, with its open conflicts.
    """
    # The game's lock orders this against a publish; the draft's against its own revisions.
    Game.objects.select_for_update().filter(pk=draft.game_id).first()
    draft = _draft_locked(draft)
    current = Edition.objects.filter(game_id=draft.game_id, is_current=True).first()
    if current is None or current.pk == draft.based_on_id:
        number = current.number if current else 0
        return Rebase(draft.number, number, [], draft_conflicts(draft, current))

    def entries(edition_id):
        return {
            e.clause_id: e
            for e in EditionEntry.objects.filter(edition_id=edition_id).select_related("clause", "version")
        }

    base, ours, theirs = entries(draft.based_on_id), entries(draft.pk), entries(current.pk)
    merged: list[str] = []
    conflicts: list[str] = list(draft.conflicts)
    joined: dict[int, int] = {}  # clause → the place the new edition gave the clause it added
    for clause_id in sorted(set(ours) | set(theirs), key=lambda c: (theirs.get(c) or ours[c]).position):
        was = base[clause_id].version_id if clause_id in base else None
        mine = ours[clause_id].version if clause_id in ours else None
        published = theirs[clause_id].version if clause_id in theirs else None
        key = (theirs.get(clause_id) or ours[clause_id]).clause.key
        mine_id = mine.id if mine else None
        published_id = published.id if published else None
        if mine_id == published_id:
            continue  # both sides agree
        if published_id == was:
            merged.append(key)  # changed only in the draft: kept
            continue
        if mine_id == was:
            # Changed only in the new edition: the draft follows it.
            if published is None:
                EditionEntry.draft_entries(draft).filter(clause_id=clause_id).drop()
            elif mine is None:
                # Out of the way until the draft is renumbered below: the draft may have added
                # a clause of its own at the same place.
                EditionEntry.objects.create(
                    edition=draft,
                    clause_id=clause_id,
                    version=published,
                    position=OUT_OF_THE_WAY * 2 + theirs[clause_id].position,
                )
                joined[clause_id] = theirs[clause_id].position
            else:
                EditionEntry.draft_entries(draft).filter(clause_id=clause_id).repoint(published)
            merged.append(key)
        elif mine is not None and published is not None and mine.text == published.text:
            EditionEntry.draft_entries(draft).filter(clause_id=clause_id).repoint(published)
            merged.append(key)
        elif key not in conflicts:
            conflicts.append(key)
    _renumber(draft, ours, theirs, joined)
    draft.based_on = current
    draft.conflicts = conflicts
    draft.save(update_fields=["based_on", "conflicts"])
    catalogue_touch(game_id=draft.game_id)
    return Rebase(draft.number, current.number, merged, draft_conflicts(draft, current))


def _renumber(draft: Edition, ours: dict, theirs: dict, joined: dict[int, int]) -> None:
    """Number the rebased draft's entries 1, 2, … : each where it stood, a clause the new
    edition added at the place it has there, and where the draft and the new edition each
    put a clause at the same place, the new edition's first (every position is unique)."""
    rows = EditionEntry.objects.filter(edition=draft).values_list("pk", "clause_id", "position")
    order = sorted(
        rows,
        key=lambda row: (joined.get(row[1], row[2]), row[1] not in theirs, row[1] not in ours, row[1]),
    )
    EditionEntry.draft_entries(draft).renumber([pk for pk, _clause, _position in order])


@transaction.atomic
def draft_resolve(*, draft: Edition, key: str, keep: str) -> Edition:
    """Resolve one conflict left by ``draft_rebase``: ``keep`` "draft" keeps the draft's
    wording, "published" takes the published edition's."""
    Game.objects.select_for_update().filter(pk=draft.game_id).first()
    draft = _draft_locked(draft)
    if key not in draft.conflicts:
        raise ValueError(f"{key} is not in conflict in edition {draft.number}")
    if keep == "published":
        published = EditionEntry.objects.filter(edition_id=draft.based_on_id, clause__key=key).first()
        if published is not None:
            EditionEntry.draft_entries(draft).filter(clause__key=key).repoint(published.version)
    elif keep != "draft":
        raise ValueError(f"keep must be 'draft' or 'published', not {keep!r}")
    draft.conflicts = [k for k in draft.conflicts if k != key]
    draft.save(update_fields=["conflicts"])
    catalogue_touch(game_id=draft.game_id)
    return draft


@transaction.atomic
def edition_publish(*, game: Game, name: str | None, now: dt.datetime) -> Edition:
    """Publish the newest non-draft version of every clause of the current edition, as
    edition ``name`` (by default "Edition <number>"); announced like ``draft_publish``."""
    # The game's row first, as every catalogue write takes it: updating the current edition
    # before it deadlocked against a designer's publish and a corpus load.
    Game.objects.select_for_update().filter(pk=game.pk).first()
    current = Edition.objects.get(game=game, is_current=True)
    clause_ids = list(current.entries.order_by("position").values_list("clause_id", flat=True))
    newest: dict[int, ClauseVersion] = {}
    # A version written in a draft edition is published with that draft, never by this.
    in_drafts = EditionEntry.objects.filter(edition__status=Edition.Status.DRAFT).values("version_id")
    in_published = EditionEntry.objects.filter(edition__status=Edition.Status.PUBLISHED).values("version_id")
    for v in (
        ClauseVersion.objects.filter(clause_id__in=clause_ids)
        .exclude(status=ClauseVersion.Status.DRAFT)
        .exclude(Q(id__in=in_drafts) & ~Q(id__in=in_published))
        .select_related("clause")
        .order_by("number")
    ):
        newest[v.clause_id] = v
    entries = [(newest[cid].clause, newest[cid]) for cid in clause_ids]
    edition = edition_publish_entries(game=game, entries=entries, now=now, name=name)
    announce_published(edition)
    return edition


def _translation_create(
    *, version: ClauseVersion, lang: str, text: str, state: str, author: str, now: dt.datetime
) -> Translation:
    """Translate one clause version into ``lang`` (first revision)."""
    translation = Translation.objects.create(
        based_on=version,
        clause_id=version.clause_id,
        lang=lang,
        text=text,
        state=state,
        revision=1,
        translator=author,
        reviewer=author if state == Translation.State.APPROVED else "",
        updated_at=now,
    )
    rev = TranslationRevision.objects.create(
        translation=translation, revision=1, text=text, state=state, author=author, created_at=now
    )
    Translation.objects.filter(pk=translation.pk).update(current_revision=rev)
    translation.current_revision = rev
    catalogue_touch(clause_id=version.clause_id)
    return translation


def _saved_meanwhile(current: Translation, text: str) -> Conflict:
    return Conflict(
        f"translation was saved by someone else (revision {current.revision})",
        current_revision=current.revision,
        text=text,
    )


@transaction.atomic
def translation_save(
    *,
    version: ClauseVersion,
    lang: str,
    text: str,
    state: str,
    expected_revision: int,
    author: str,
    now: dt.datetime,
) -> Translation:
    """Save ``text`` as the ``lang`` translation of ``version``: its first revision, or the next
    one of the translation that exists; refuse (``Conflict``, the caller's text carried back)
    when the translation is not at ``expected_revision`` (0: none existed when the translator
    started), so a save never overwrites one made meanwhile."""
    existing = Translation.objects.select_for_update().filter(based_on=version, lang=lang).first()
    if existing is None:
        if expected_revision != 0:
            raise Conflict("the translation is gone", current_revision=0, text=text)
        try:
            with transaction.atomic():
                return _translation_create(
                    version=version, lang=lang, text=text, state=state, author=author, now=now
                )
        except IntegrityError:
            # Someone created it between our read and our insert.
            raise _saved_meanwhile(Translation.objects.get(based_on=version, lang=lang), text) from None
    # One winner per revision number: the update is conditional on the revision the editor
    # started from.
    new_revision = expected_revision + 1
    # Who approved it is who saved it approved; who translated it, who last saved it otherwise.
    who = {"reviewer": author} if state == Translation.State.APPROVED else {"translator": author}
    won = Translation.objects.filter(pk=existing.pk, revision=expected_revision).update(
        text=text, state=state, revision=new_revision, updated_at=now, search_text=search_form(text), **who
    )
    if not won:
        raise _saved_meanwhile(Translation.objects.get(pk=existing.pk), text)
    rev = TranslationRevision.objects.create(
        translation=existing, revision=new_revision, text=text, state=state, author=author, created_at=now
    )
    Translation.objects.filter(pk=existing.pk).update(current_revision=rev)
    existing.refresh_from_db()
    catalogue_touch(clause_id=existing.clause_id)
    return existing
