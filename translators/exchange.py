"""Exchange with translators' own tools, through translate-toolkit (no hand-written XML).

Export, per game and language, one unit per translatable clause of the current edition:
its id is the clause key (PO: ``msgctxt``), its source the current version's text, its
target the newest translation. A stale unit (translated only from an older version) is
fuzzy with that version's text as the previous source (PO ``#| msgid``); its target is the
old translation, to be brought up to date. Every unit carries its **base**, the clause
version and translation revision it was exported from (``base: v3 r2``; r0 when the
current version had no translation), in a note (XLIFF 1.2 ``<note from="base">``, XLIFF
2.0 a unit-level ``<note category="base">``, PO an extracted ``#.`` comment). States:

=============  =========================  ============================  ==========
ours           XLIFF 2.0 ``state``        XLIFF 1.2 ``target/@state``   PO
=============  =========================  ============================  ==========
needs review   ``initial`` (+ target)     ``needs-review-translation``  ``fuzzy``
translated     ``translated``             ``translated``                (plain)
approved       ``reviewed`` (or final)    ``final`` (or signed-off)     (plain)
=============  =========================  ============================  ==========

XLIFF 1.2 says ``approved="yes"`` of every unit the workspace treats as done (translated and
approved: both are quoted in rulings), never of one needing review: translate-toolkit, and
the tools built on it, read a unit with a target and without ``approved="yes"`` as fuzzy
(``isfuzzy()``), so only needs review is fuzzy there; ``state`` keeps translated and approved
apart. A stale unit's previous source is also a unit-level ``<note category="previous-source">``
in XLIFF 2.0. Both validate against the OASIS schemas (tests/translators/schemas/). A unit
imported as approved (XLIFF 2.0 ``reviewed``/``final``, 1.2 ``signed-off``/``final``) is
applied as approved from a reviewer, as translated from anyone else, and the report says so.

Import (XLIFF 1.x, XLIFF 2.0, PO) never overwrites: a unit is applied as a new revision
only if its source is the current version's text (whitespace-normalised, as tools rewrap)
and its base is the current revision; otherwise it is a *conflict*, kept as a suggestion
for the editor. A unit whose text and state are what an export would say now is
*unchanged* (so exporting and importing an untouched file changes nothing); PO cannot say
"approved", so a plain unit with an approved translation's text is unchanged too. Unknown
clauses, empty or oversized text, doubled units are *rejected*.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from lxml import etree
from translate.storage import po, tbx, tmx, xliff, xliff2

from config.languages import language_name, same_language
from rules import services as rule_services
from rules.corpus import normalise
from rules.models import QUOTABLE, Clause, ClauseVersion, Game, Translation

from . import selectors, services
from .models import Suggestion

MAX_TEXT = 20_000
MAX_FILE = 5 * 1024 * 1024

# format → (content type, file name suffix)
FORMATS = {
    "xliff2": ("application/xliff+xml; charset=utf-8", "xliff2.xlf"),
    "xliff": ("application/x-xliff+xml; charset=utf-8", "xliff12.xlf"),
    "po": ("text/x-gettext-translation; charset=utf-8", "po"),
    "tmx": ("application/x-tmx+xml; charset=utf-8", "tmx"),
}
TBX = ("application/x-tbx+xml; charset=utf-8", "tbx")

_BASE = re.compile(r"\bv(\d{1,9})\s+r(\d{1,9})\b")
BASE_NOTE = (
    "base: v{version} r{revision} (the clause version and translation revision this unit was exported from)"
)


class Xliff12Unit(xliff.Xliff1Unit):
    namespace = "urn:oasis:names:tc:xliff:document:1.2"


class Xliff12File(xliff.Xliff1File):
    """The toolkit's XLIFF 1.x store, writing version 1.2 (it writes 1.1 by default)."""

    UnitClass = Xliff12Unit
    namespace = "urn:oasis:names:tc:xliff:document:1.2"
    XMLskeleton = """<?xml version="1.0" ?>
<xliff version='1.2' xmlns='urn:oasis:names:tc:xliff:document:1.2'>
<file original='NoName' source-language='en' datatype='plaintext'>
<body>
</body>
</file>
</xliff>"""


@dataclass(frozen=True)
class FileUnit:
    """What an exported unit says of one clause (and what an unchanged import says back)."""

    key: str
    source: str
    target: str
    state: str  # "untranslated" | "needs-review" | "translated" | "approved"
    version: int
    revision: int
    previous_source: str | None = None  # a stale unit's translated version


def units(game: Game, lang: str, raw: list[selectors.Unit] | None = None) -> list[FileUnit]:
    """The units of ``game``'s current edition in ``lang``, in document order (2 queries)."""
    out = []
    for u in selectors.units(game, lang) if raw is None else raw:
        base = {"key": u.key, "source": u.version.text, "version": u.version.number}
        if u.current is not None:
            out.append(
                FileUnit(**base, target=u.current.text, state=u.current.state, revision=u.current.revision)
            )
        elif u.latest is not None:
            out.append(
                FileUnit(
                    **base,
                    target=u.latest.text,
                    state="needs-review",
                    revision=0,
                    previous_source=u.latest.based_on.text,
                )
            )
        else:
            out.append(FileUnit(**base, target="", state="untranslated", revision=0))
    return out


def _base_note(unit: FileUnit) -> str:
    return BASE_NOTE.format(version=unit.version, revision=unit.revision)


def export(fmt: str, game: Game, lang: str) -> bytes:
    """The file of ``game``'s ``lang`` translation in ``fmt`` (see FORMATS)."""
    if fmt == "tmx":
        return _tmx(game, lang)
    writer = {"xliff2": _xliff2, "xliff": _xliff12, "po": _po}[fmt]
    return writer(game, lang, units(game, lang))


# How each XLIFF version marks a target's state (see the table above), through the toolkit.
_XLIFF2_STATES = {
    "needs-review": lambda unit: unit.markfuzzy(True),
    "translated": lambda unit: unit.marktranslated(),
    "approved": lambda unit: unit.markapproved(True),
}
_XLIFF12_STATES = {
    "needs-review": lambda unit: unit.markreviewneeded(True),
    "translated": lambda unit: unit.marktranslated(),
    "approved": lambda unit: unit.set_state_n(unit.statemap["final"]),
}


def _xliff_units(store, items: list[FileUnit], states: dict, **where) -> list:
    """Add one unit per item to an XLIFF ``store`` (``where``: the toolkit's file argument),
    its target marked by ``states`` (approved unless it says otherwise), its base in a note."""
    out = []
    for item in items:
        unit = store.addsourceunit(item.source, **where)
        unit.setid(item.key)
        if item.target:
            unit.target = item.target
            states.get(item.state, states["approved"])(unit)
        unit.addnote(_base_note(item), origin="base")
        out.append(unit)
    return out


def _xliff2(game: Game, lang: str, items: list[FileUnit]) -> bytes:
    store = xliff2.Xliff2File()
    store.setsourcelanguage(game.language)
    store.settargetlanguage(lang)
    for item, unit in zip(items, _xliff_units(store, items, _XLIFF2_STATES), strict=True):
        if item.previous_source is not None:
            # A stale unit: the version its target was made from, as PO's "#| msgid" says it.
            unit.addnote(item.previous_source, origin="previous-source")
        # XLIFF 2.0 keeps notes in the unit, before its segments; the toolkit writes them into
        # the segment, which the schema does not allow: move its element up. The same for
        # xml:space, which the core schema allows on <unit>, not on <segment>.
        notes = unit.xmlelement.find(unit.namespaced("notes"))
        element = unit.getunitelement()
        element.insert(0, notes)
        space = "{http://www.w3.org/XML/1998/namespace}space"
        if unit.xmlelement.get(space) is not None:
            element.set(space, unit.xmlelement.attrib.pop(space))
    return bytes(store)


def _xliff12(game: Game, lang: str, items: list[FileUnit]) -> bytes:
    store = Xliff12File()
    store.setsourcelanguage(game.language)
    store.settargetlanguage(lang)
    store.setfilename(store.getfilenode("NoName"), game.slug)
    for item, unit in zip(
        items, _xliff_units(store, items, _XLIFF12_STATES, filename=game.slug), strict=True
    ):
        # approved="yes" is XLIFF 1.2's "done" (translate-toolkit reads a target without it as
        # fuzzy): translated and approved both say it, their ``state`` tells them apart.
        if item.state in ("translated", "approved"):
            unit.xmlelement.set("approved", "yes")
        else:
            unit.xmlelement.attrib.pop("approved", None)
    return bytes(store)


def _po(game: Game, lang: str, items: list[FileUnit]) -> bytes:
    store = po.pofile()
    store.updateheader(
        add=True,
        Project_Id_Version=game.slug,
        Language=lang,
        X_Source_Language=game.language,
        Content_Type="text/plain; charset=UTF-8",
    )
    for item in items:
        unit = store.addsourceunit(item.source)
        unit.setcontext(item.key)
        unit.addnote(_base_note(item), origin="developer")
        if item.target:
            unit.target = item.target
            unit.markfuzzy(item.state == "needs-review")
        if item.previous_source is not None:
            unit.prev_source = item.previous_source
    return bytes(store)


def _tmx(game: Game, lang: str) -> bytes:
    """Every translated or approved pair of the game (of any version), once each."""
    store = tmx.tmxfile(sourcelanguage=game.language, targetlanguage=lang)
    seen = set()
    for source, target, key, number in (
        Translation.objects.filter(clause__game=game, lang=lang, state__in=QUOTABLE)
        .order_by("clause__position", "based_on__number")
        .values_list("based_on__text", "text", "clause__key", "based_on__number")
    ):
        if (source, target) not in seen:
            seen.add((source, target))
            store.addtranslation(source, game.language, target, lang, comment=f"{key} v{number}")
    return bytes(store)


def glossary_tbx(game: Game, lang: str) -> bytes:
    """The game's glossary as TBX: each term in the original and in ``lang`` (where it has one)."""
    store = tbx.tbxfile(sourcelanguage=game.language, targetlanguage=lang)
    for term in selectors.terms(game):
        if not term.forms.get(game.language):
            continue
        unit = store.addsourceunit(term.forms[game.language])
        unit.setid(term.key)
        if term.forms.get(lang):
            unit.target = term.forms[lang]
        if term.note:
            unit.addnote(term.note)
    return bytes(store)


# ---------------------------------------------------------------- import


class Refused(ValueError):
    """A file the import refuses as a whole (a 400 saying why)."""


class Unreadable(Refused):
    """Not an XLIFF or PO file the toolkit can read."""


class TooLarge(Refused):
    """A file past the import's limits (a 413 saying which)."""


class WrongPlace(Refused):
    """A file of other languages or of another game than the import's."""


# Where each format says its languages, for the messages.
_WHERE = {
    "xliff2": ("srcLang", "trgLang"),
    "xliff": ("source-language", "target-language"),
    "po": ("X-Source-Language", "Language"),
}


def check_place(parsed: Parsed, *, game: Game, lang: str) -> None:
    """Refuse (``WrongPlace``) a file whose languages are not ``game``'s original and ``lang``,
    or that says it was exported from another game: its text would land in the wrong place."""
    from django.utils.translation import gettext as _

    def named(code: str) -> str:
        return f"{language_name(code)} ({code})"

    src_attr, trg_attr = _WHERE[parsed.fmt]
    errors = []
    for code in parsed.target_langs:
        if not same_language(code, lang):
            errors.append(
                _("The file is a translation into %(file)s (its %(attr)s), but this import is into %(url)s.")
                % {"file": named(code), "attr": trg_attr, "url": named(lang)}
            )
    for code in parsed.source_langs:
        if not same_language(code, game.language):
            errors.append(
                _(
                    "The file's original is in %(file)s (its %(attr)s), but the original of %(game)s is in "
                    "%(url)s."
                )
                % {"file": named(code), "attr": src_attr, "game": game.title, "url": named(game.language)}
            )
    for other in Game.objects.filter(slug__in=parsed.games).exclude(pk=game.pk):
        errors.append(
            _("The file was exported from %(file)s, not from %(game)s.")
            % {"file": other.title, "game": game.title}
        )
    if errors:
        raise WrongPlace(" ".join(errors))


@dataclass(frozen=True)
class Incoming:
    key: str
    source: str
    target: str
    state: str  # needs-review | translated | approved (target non-empty), else "untranslated"
    base: tuple[int, int] | None


@dataclass(frozen=True)
class Parsed:
    """An uploaded file as read: its format, units, and what it says of its languages and game
    (None where it does not say)."""

    fmt: str  # "xliff2" | "xliff" | "po"
    units: list[Incoming]
    # What the file says (XLIFF 1.2 may hold several <file>s: each one's), empty when it is silent.
    source_langs: tuple[str, ...] = ()
    target_langs: tuple[str, ...] = ()
    games: tuple[str, ...] = ()  # XLIFF 1.2 file/@original, PO Project-Id-Version (as exported)


# A game has a few hundred clauses: a file of more units than this is not an export of one
# (refused with a 413 before the toolkit reads it, so an import stays bounded: bench/import.py).
MAX_UNITS = 5_000
# How each format opens a unit, to count them before parsing.
_UNIT_MARK = {"xliff2": b"<unit", "xliff": b"<trans-unit", "po": b"msgid "}


def read(data: bytes) -> Parsed:
    """The format, units, languages and game of an uploaded file (``Unreadable`` if none,
    ``TooLarge`` past MAX_FILE or MAX_UNITS)."""
    if len(data) > MAX_FILE:
        raise TooLarge(f"The file is larger than {MAX_FILE // (1024 * 1024)} MB, the limit of an import.")
    head = data[:4096]
    if b"<!ENTITY" in data:
        raise Unreadable("XML entity declarations are not accepted.")
    if b"<!DOCTYPE" in data:
        from django.utils.translation import gettext as _

        # No XLIFF needs one; an external DTD is never fetched, but refusing it says so.
        raise Unreadable(_("XML document type declarations (DTDs) are not accepted."))
    if b"urn:oasis:names:tc:xliff:document:2" in head:
        fmt = "xliff2"
    elif b"<xliff" in head:
        fmt = "xliff"
    elif head.lstrip().startswith(b"<"):
        raise Unreadable("An XML file, but not XLIFF.")
    else:
        fmt = "po"
    if data.count(_UNIT_MARK[fmt]) > MAX_UNITS + (fmt == "po"):  # a PO file's header is an entry
        raise TooLarge(f"The file holds more than {MAX_UNITS:,} units, the limit of an import.")
    try:
        parsed = _READERS[fmt](data)
    except (
        etree.XMLSyntaxError,
        ValueError,
        UnicodeDecodeError,
        AttributeError,
        IndexError,
        KeyError,
        TypeError,
        AssertionError,  # the toolkit asserts its root element
        StopIteration,  # the toolkit's XLIFF 1.x with no <file>
    ) as exc:
        if isinstance(exc, Refused):
            raise
        raise Unreadable(f"Not a readable XLIFF or PO file: {exc or type(exc).__name__}") from None
    if not parsed.units:
        raise Unreadable("Not a readable XLIFF or PO file: it has no units.")
    if len(parsed.units) > MAX_UNITS:
        raise TooLarge(f"The file holds more than {MAX_UNITS:,} units, the limit of an import.")
    return parsed


def _xliff_files(store) -> list:
    files = list(store.document.getroot().iterchildren(store.namespaced("file")))
    if not files:
        raise Unreadable("Not a readable XLIFF file: it has no <file> element.")
    return files


def _read_xliff2(data: bytes) -> Parsed:
    store = xliff2.Xliff2File.parsestring(data)
    root = store.document.getroot()
    _xliff_files(store)
    return Parsed(
        "xliff2",
        [_from_xliff2(u) for u in store.unit_iter()],
        _said(root.get("srcLang")),
        _said(root.get("trgLang")),
    )


def _read_xliff1(data: bytes) -> Parsed:
    store = xliff.xlifffile.parsestring(data)
    files = _xliff_files(store)
    return Parsed(
        "xliff",
        [_from_xliff1(u) for u in store.unit_iter()],
        _said(*(f.get("source-language") for f in files)),
        _said(*(f.get("target-language") for f in files)),
        _said(*(f.get("original") for f in files)),
    )


def _read_po(data: bytes) -> Parsed:
    store = po.pofile.parsestring(data)
    units_ = [
        _from_po(u)
        for u in store.unit_iter()
        if not u.isheader() and not u.isobsolete() and (u.source or u.target or u.getcontext())
    ]
    header = store.parseheader()
    return Parsed(
        "po",
        units_,
        _said(header.get("X-Source-Language")),
        _said(header.get("Language")),
        _said(header.get("Project-Id-Version")),
    )


_READERS = {"xliff2": _read_xliff2, "xliff": _read_xliff1, "po": _read_po}


def _said(*values: str | None) -> tuple[str, ...]:
    """The distinct non-empty values, in file order."""
    return tuple(dict.fromkeys(v.strip() for v in values if v and v.strip()))


def _base(notes: str) -> tuple[int, int] | None:
    m = _BASE.search(notes or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _state(target: str, fuzzy: bool, approved: bool) -> str:
    if not target:
        return "untranslated"
    if fuzzy:
        return "needs-review"
    return "approved" if approved else "translated"


def _from_xliff2(unit) -> Incoming:
    notes = [unit.getnotes("base")]
    element = unit.getunitelement().find(unit.namespaced("notes"))
    if element is not None:
        notes += [
            n.text or "" for n in element.iterchildren(unit.namespaced("note")) if n.get("category") == "base"
        ]
    target = unit.target or ""
    fuzzy = unit.isfuzzy() or (bool(target) and not unit.istranslated())
    return Incoming(
        unit.getid() or "",
        unit.source or "",
        target,
        _state(target, fuzzy, unit.isapproved()),
        _base(" ".join(notes)),
    )


def _from_xliff1(unit) -> Incoming:
    target = unit.target or ""
    element = unit.xmlelement.find(unit.namespaced("target"))
    said = element.get("state") if element is not None else None
    if said is not None:
        # The target's state says it (XLIFF 1.2): signed-off and final are a reviewer's;
        # translated is translated, approved="yes" or not (that is only "done", as our own
        # export writes it); new and needs-* need review.
        needs = said == "new" or said.startswith("needs-")
        approved = not needs and said in ("signed-off", "final")
        fuzzy = needs
    else:
        n = unit.get_state_n()
        approved = n >= unit.S_SIGNED_OFF
        fuzzy = unit.isfuzzy() or n < unit.S_TRANSLATED
    key = (unit.getid() or "").split("\x04")[-1]
    return Incoming(
        key, unit.source or "", target, _state(target, fuzzy, approved), _base(unit.getnotes("base"))
    )


def _from_po(unit) -> Incoming:
    target = unit.target or ""
    return Incoming(
        unit.getcontext() or "",
        unit.source or "",
        target,
        _state(target, unit.isfuzzy(), False),
        _base(unit.getnotes("developer")),
    )


@dataclass
class Report:
    applied: int = 0
    unchanged: int = 0
    conflicts: int = 0
    rejected: int = 0
    units: list[dict[str, str]] = field(default_factory=list)

    def add(self, key: str, result: str, reason: str) -> None:
        """Count one unit: ``result`` is applied, unchanged, conflict or rejected."""
        counter = "conflicts" if result == "conflict" else result
        setattr(self, counter, getattr(self, counter) + 1)
        self.units.append({"clause": key, "result": result, "reason": reason})

    def to_json(self) -> dict:
        return {
            "applied": self.applied,
            "unchanged": self.unchanged,
            "conflicts": self.conflicts,
            "rejected": self.rejected,
            "units": self.units,
        }


def apply(
    *, game: Game, lang: str, incoming: list[Incoming], author: str, may_approve: bool, now: dt.datetime
) -> Report:
    """Apply the imported units that are safe to apply; keep the others as suggestions."""
    report = Report()
    raw = selectors.units(game, lang)
    current = {u.key: u for u in units(game, lang, raw)}
    versions = {u.key: u.version for u in raw}
    elsewhere = _elsewhere(game, {i.key for i in incoming if i.key and i.key not in current})
    made_from = _MadeFrom(game)
    seen: set[str] = set()
    for item in incoming:
        refused = _refused(item, current, elsewhere, seen, game)
        if refused is not None:
            report.add(item.key, *refused)
            continue
        now_unit, version = current[item.key], versions[item.key]
        state, note = item.state, ""
        if state == "approved" and not may_approve:
            state, note = (
                "translated",
                " The file marks it approved (final); approving takes a reviewer: taken as translated.",
            )
        if item.target == now_unit.target and (
            state == now_unit.state or (state == "translated" and now_unit.state == "approved")
        ):
            report.add(item.key, "unchanged", "The same text and state as now." + note)
            continue
        why = _conflict(item, now_unit)
        if why is None:
            try:
                saved = rule_services.translation_save(
                    version=version,
                    lang=lang,
                    text=item.target,
                    state=state,
                    expected_revision=now_unit.revision,
                    author=author,
                    now=now,
                )
            except rule_services.Conflict:
                why = "Someone saved this translation while the file was being imported."
            else:
                report.add(item.key, "applied", f"Saved as revision {saved.revision} ({state}).{note}")
                continue
        based_on = made_from.version(version, item)
        _kept, created = services.suggestion_keep(
            clause=version.clause,
            lang=lang,
            based_on=based_on,
            text=item.target,
            origin=Suggestion.Origin.IMPORT,
            reason=why,
            author=author,
            now=now,
        )
        kept = f"Kept as a suggestion (of version {based_on.number}) in the editor."
        if not created:
            kept = "Already kept as a suggestion in the editor: not added again."
        report.add(item.key, "conflict", f"{why} {kept}")
    return report


def _elsewhere(game: Game, unknown: set[str]) -> dict[str, str]:
    """Which of the ``unknown`` keys are other games' clauses (key → that game's title), to say
    so rather than "no such clause" (one query, of the other games' keys: a few hundred, whatever
    the file holds; none when every key is known)."""
    if not unknown:
        return {}
    return {
        key: title
        for key, title in Clause.objects.exclude(game=game).values_list("key", "game__title")
        if key in unknown
    }


def _refused(
    item: Incoming, current: dict[str, FileUnit], elsewhere: dict[str, str], seen: set[str], game: Game
) -> tuple[str, str] | None:
    """(result, reason) of a unit not read at all — rejected, or unchanged when it holds no
    translation — or None for a unit to apply or keep. A clause's first unit is the one read:
    its key goes into ``seen`` once it names a clause of this game."""
    key = item.key
    if not key:
        return "rejected", "The unit names no clause (XLIFF id, PO msgctxt)."
    if key in elsewhere:
        return "rejected", f"The clause belongs to {elsewhere[key]}, not to {game.title}."
    if key not in current:
        return "rejected", "No such clause to translate in this game's current edition."
    if key in seen:
        return "rejected", "The clause appears twice in the file: only its first unit is read."
    seen.add(key)
    if len(item.target) > MAX_TEXT or "\x00" in item.target:
        return "rejected", "The translation is too long or holds characters that cannot be stored."
    if not item.target.strip():
        return "unchanged", "No translation in the file."
    return None


class _MadeFrom:
    """The version of the original an imported unit was made from: the one whose wording is the
    unit's source, else the one its base note names, else the current one (read once, when the
    first conflict needs it)."""

    def __init__(self, game: Game):
        self.game = game
        self._by_clause: dict[int, list[ClauseVersion]] | None = None

    def version(self, current: ClauseVersion, item: Incoming) -> ClauseVersion:
        if self._by_clause is None:
            self._by_clause = {}
            for v in ClauseVersion.objects.filter(clause__game=self.game).order_by("-number"):
                self._by_clause.setdefault(v.clause_id, []).append(v)
        candidates = self._by_clause.get(current.clause_id, [])
        source = normalise(item.source)
        for v in candidates:  # newest first
            if normalise(v.text) == source:
                return v
        if item.base is not None:
            for v in candidates:
                if v.number == item.base[0]:
                    return v
        return current


def _conflict(item: Incoming, now_unit: FileUnit) -> str | None:
    """Why ``item`` may not be applied over what the clause has now (None: it may)."""
    if normalise(item.source) != normalise(now_unit.source):
        return f"The file's source is not the current wording of the original (version {now_unit.version})."
    if item.base is None:
        return "The file does not say which revision the unit was made from (its base note is missing)."
    if item.base != (now_unit.version, now_unit.revision):
        return (
            f"The unit was made from version {item.base[0]} revision {item.base[1]}; the clause is now at "
            f"version {now_unit.version} revision {now_unit.revision}."
        )
    return None


def import_upload(*, game: Game, lang: str, upload, user, now: dt.datetime) -> Report:
    """Read an uploaded file (``Refused`` when it is not XLIFF or PO, or is of other languages
    or another game) and apply it as ``user`` (approving only if they review ``lang``)."""
    from rules.permissions import can_review

    parsed = read(upload.read(MAX_FILE + 1))
    check_place(parsed, game=game, lang=lang)
    return apply(
        game=game,
        lang=lang,
        incoming=parsed.units,
        author=user.get_username(),
        may_approve=can_review(user, game, lang),
        now=now,
    )
