"""The one input declaration of an adjudicator.

A declaration is a tree of fields. The same tree validates a JSON body (every
error is reported under its dotted path, e.g. ``inputs.support.red.merchants``),
produces the JSON Schema shown in the API and the OpenAPI document, and tells
the referee form which widget to draw for each field. Nothing else lists an
adjudicator's fields, so the four can never disagree.

Parsed values are immutable: objects become frozen records, lists become
tuples and maps become read-only mappings, so adjudicators cannot mutate
their inputs.
"""

from __future__ import annotations

import dataclasses
import keyword
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .rules import P, resolve, using

__all__ = [
    "Bool",
    "Choice",
    "Coord",
    "Die",
    "Field",
    "Int",
    "Invalid",
    "List",
    "Map",
    "Object",
    "Player",
    "Players",
    "Str",
    "ruled_out",
]

MISSING = object()
# The bounds every declaration gets unless it states its own: no list or free-keyed map
# longer than MAX_ITEMS, no integer beyond ±MAX_INT (a figure on a board game's table).
MAX_ITEMS = 200
MAX_INT = 1_000_000
# At most this many messages in one 400: a body with every one of 10,000 fields off the board
# answered 13,000 (853 KB). The rest are counted in one last entry under the root path.
MAX_ERRORS = 100


class Invalid(Exception):
    """Raised with every validation error found, keyed by dotted field path; ``clauses`` names,
    by the same paths, the clauses whose text rules a value out (CONTRACT.md §1): a count past
    what the game has, a piece where the text forbids it, a state its order of play cannot leave."""

    def __init__(self, errors: dict[str, list[str]], clauses: dict[str, list[str]] | None = None):
        super().__init__(errors)
        self.errors = errors
        self.clauses = clauses or {}


def ruled_out(path: str, message: str, *clauses: str) -> tuple[str, str, tuple[str, ...]]:
    """What a declaration's check yields for a situation the text rules out: the field (relative
    to the checked object), the message, and the clause keys whose words rule it out. The ruling
    request quotes those clauses beside the message, in the request's language."""
    if not clauses:
        raise ValueError("a situation ruled out by the text names the clauses that rule it out")
    return path, message, clauses


def bound_clauses(*bounds: Any) -> tuple[str, ...]:
    """The clauses that state these bounds: a ``P`` bound is a figure of the text, so a value past
    it is ruled out by that figure's clause; a plain number is our own cap and names none."""
    from .rules import active

    rules = active()
    if rules is None:
        return ()
    keys = []
    for bound in bounds:
        if isinstance(bound, P) and bound.name in rules.params:
            key = rules.params[bound.name].clause
            if key not in keys:
                keys.append(key)
    return tuple(keys)


class _Context:
    """Collect errors and deferred player-reference checks during one parse."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}
        self.references: list[tuple[str, Any, str]] = []
        self.root_path: str | None = None
        self.root_values: dict[str, Any] = {}
        self.clauses: dict[str, list[str]] = {}
        self.count = 0  # every error found, the ones past MAX_ERRORS included

    def error(self, path: str, message: str, clauses: Iterable[str] = ()) -> object:
        self.count += 1
        if self.count <= MAX_ERRORS:
            self.errors.setdefault(path, []).append(str(message))
            for key in clauses:
                keys = self.clauses.setdefault(path, [])
                if key not in keys:
                    keys.append(key)
        return MISSING

    def capped(self) -> dict[str, list[str]]:
        """The errors kept, with a last entry saying how many more were found."""
        more = self.count - MAX_ERRORS
        if more > 0:
            self.errors.setdefault(self.root_path or "", []).append(
                ngettext("…and %(n)s more error.", "…and %(n)s more errors.", more) % {"n": more}
            )
        return self.errors


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


class Field:
    """Base of every declared field."""

    widget = "text"
    json_type: str | None = None

    def __init__(
        self,
        *,
        label: str | None = None,
        help: str | None = None,
        required: bool = True,
        default: Any = MISSING,
        nullable: bool = False,
    ):
        self.label = label
        self.help = help
        self.required = required and default is MISSING
        self.default = default
        self.nullable = nullable

    # Subclasses implement _parse and _schema.
    def parse(self, value: Any, path: str, ctx: _Context) -> Any:
        if value is None and self.nullable:
            return None
        if value is None:
            return ctx.error(path, _("This field may not be null."))
        return self._parse(value, path, ctx)

    def _parse(self, value: Any, path: str, ctx: _Context) -> Any:  # pragma: no cover
        raise NotImplementedError

    def schema(self) -> dict:
        out = self._schema()
        if self.label:
            out["title"] = str(self.label)
        if self.help:
            out["description"] = str(self.help)
        if self.default is not MISSING and self.default is not None:
            out["default"] = self.default
        if self.nullable:
            out = {"anyOf": [out, {"type": "null"}]}
        return out

    def _schema(self) -> dict:  # pragma: no cover
        raise NotImplementedError

    def example(self) -> Any:
        """Return a small valid value, used for documentation and smoke tests."""
        return None


class Int(Field):
    """A whole number, optionally bounded (bounds inclusive).

    A bound may be a parameter, ``Int(0, P("max_support"))``: it is read from the rules
    of the edition in force while validating or drawing the schema, so a draft that
    changes the figure in the clause's words changes the bound too.
    """

    def __init__(self, min: int | P | None = None, max: int | P | None = None, **kw):
        super().__init__(**kw)
        # Every integer is bounded (10**4000 is a valid JSON number): the declaration's own
        # bounds, else ±MAX_INT.
        self._min = -MAX_INT if min is None else min
        self._max = MAX_INT if max is None else max

    @property
    def min(self) -> int | None:
        return resolve(self._min)

    @property
    def max(self) -> int | None:
        return resolve(self._max)

    @property
    def widget(self) -> str:  # type: ignore[override]
        lo, hi = self.min, self.max
        return "stepper" if lo is not None and hi is not None and hi - lo <= 12 else "number"

    def _parse(self, value, path, ctx):
        if isinstance(value, bool) or not isinstance(value, int):
            return ctx.error(path, _("A whole number is required."))
        lo, hi = self.min, self.max
        if lo is not None and value < lo:
            message = _("Ensure this value is greater than or equal to %(min)s.") % {"min": lo}
            return ctx.error(path, message, bound_clauses(self._min))
        if hi is not None and value > hi:
            message = _("Ensure this value is less than or equal to %(max)s.") % {"max": hi}
            return ctx.error(path, message, bound_clauses(self._max))
        return value

    def _schema(self):
        out: dict[str, Any] = {"type": "integer"}
        lo, hi = self.min, self.max
        if lo is not None:
            out["minimum"] = lo
        if hi is not None:
            out["maximum"] = hi
        # Drawn outside any edition (the OpenAPI document), a parameter bound is named, not
        # fixed: each edition's figure is in its adjudicator list's inputs_schema.
        for key, bound in (("x-parameter-minimum", self._min), ("x-parameter-maximum", self._max)):
            if isinstance(bound, P):
                out[key] = bound.name
        return out

    def example(self):
        if self.default is not MISSING and self.default is not None:
            return self.default
        lo = self.min
        return lo if lo is not None else 0


class Die(Int):
    """One six-sided die: an integer from 1 to 6."""

    widget = "die"

    def __init__(self, **kw):
        super().__init__(1, 6, **kw)


class Bool(Field):
    """True or false; drawn as a toggle."""

    widget = "toggle"

    def _parse(self, value, path, ctx):
        if not isinstance(value, bool):
            return ctx.error(path, _("Must be true or false."))
        return value

    def _schema(self):
        return {"type": "boolean"}

    def example(self):
        return False if self.default is MISSING else self.default


class Str(Field):
    """Free text with a length range."""

    def __init__(self, min_length: int = 1, max_length: int = 40, **kw):
        super().__init__(**kw)
        self.min_length, self.max_length = min_length, max_length

    def _parse(self, value, path, ctx):
        if not isinstance(value, str):
            return ctx.error(path, _("A string is required."))
        if "\x00" in value:  # PostgreSQL cannot store it; SQLite would: refuse on both
            return ctx.error(path, _("NUL characters are not allowed."))
        value = value.strip()
        if len(value) < self.min_length:
            return ctx.error(path, _("This field may not be blank."))
        if len(value) > self.max_length:
            return ctx.error(
                path,
                _("Ensure this field has no more than %(max)s characters.") % {"max": self.max_length},
            )
        return value

    def _schema(self):
        return {"type": "string", "minLength": self.min_length, "maxLength": self.max_length}

    def example(self):
        return "a"


class Player(Str):
    """A player's name; with ``among`` it must be one of the players listed in that field."""

    widget = "player"

    def __init__(self, among: str | None = None, **kw):
        super().__init__(1, 40, **kw)
        self.among = among

    def _parse(self, value, path, ctx):
        value = super()._parse(value, path, ctx)
        if value is not MISSING and self.among:
            ctx.references.append((path, value, self.among))
        return value

    def example(self):
        return "Ala"


class Choice(Field):
    """One of a fixed list of values (strings or integers)."""

    widget = "choice"

    def __init__(self, options: Iterable[Any], *, labels: Mapping[Any, str] | None = None, **kw):
        super().__init__(**kw)
        self.options = tuple(options)
        self.labels = dict(labels or {})

    @classmethod
    def of(cls, words: Mapping[Any, Any], **kw) -> Choice:
        """One of the keys of ``words`` (a map of a game's vocabulary), in their order, each
        shown as its word: the options are the map's keys, not written out again."""
        return cls(tuple(words), labels=words, **kw)

    def _parse(self, value, path, ctx):
        if isinstance(value, bool) or value not in self.options:
            shown = ", ".join(str(o) for o in self.options)
            return ctx.error(path, _("Must be one of: %(options)s.") % {"options": shown})
        return value

    def _schema(self):
        return {"enum": list(self.options)}

    def example(self):
        return self.default if self.default not in (MISSING, None) else self.options[0]


class List(Field):
    """An ordered list of items of one field type."""

    widget = "list"

    def __init__(
        self,
        item: Field,
        *,
        min_length: int = 0,
        max_length: int | P | None = None,
        unique: bool = False,
        **kw,
    ):
        super().__init__(**kw)
        self.item = item
        # Every list is bounded: work per request stays small whatever is sent.
        self.min_length, self.max_length, self.unique = (
            min_length,
            MAX_ITEMS if max_length is None else max_length,
            unique,
        )

    def _parse(self, value, path, ctx):
        if not isinstance(value, list):
            return ctx.error(path, _("A list is required."))
        lo, hi = resolve(self.min_length) or 0, resolve(self.max_length)
        if len(value) < lo:
            message = _("Ensure this list has at least %(n)s items.") % {"n": lo}
            return ctx.error(path, message, bound_clauses(self.min_length))
        if hi is not None and len(value) > hi:
            message = _("Ensure this list has at most %(n)s items.") % {"n": hi}
            return ctx.error(path, message, bound_clauses(self.max_length))
        out = [self.item.parse(v, _join(path, n), ctx) for n, v in enumerate(value)]
        if MISSING in out:
            return MISSING
        if self.unique:
            seen: set[Any] = set()
            duplicate = False
            for n, v in enumerate(out):
                key = _identity(v)
                if key in seen:
                    ctx.error(_join(path, n), _("Duplicate entry: %(v)s.") % {"v": v})
                    duplicate = True
                seen.add(key)
            if duplicate:
                return MISSING
        return tuple(out)

    def _schema(self):
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        lo, hi = resolve(self.min_length), resolve(self.max_length)
        if lo:
            out["minItems"] = lo
        if hi is not None:
            out["maxItems"] = hi
        if self.unique:
            out["uniqueItems"] = True
        return out

    def example(self):
        if self.default not in (MISSING, None):
            return self.default
        lo, hi = resolve(self.min_length) or 0, resolve(self.max_length)
        return [self.item.example() for _ in range(max(lo, 1 if hi != 0 else 0))]


class Players(List):
    """The players at the table, typed once and reused by every ``Player(among=...)``."""

    widget = "players"

    def __init__(self, min_length: int = 2, max_length: int = 18, **kw):
        super().__init__(Player(), min_length=min_length, max_length=max_length, unique=True, **kw)

    def example(self):
        return ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"][: max(self.min_length, 2)]


def player_list(*, max_length: int | P, min_length: int = 1, **fields: Field) -> List:
    """A list of players, each ``{name, **fields}``: the table of a rule that compares
    players (pair it with the check ``unique_names("players")``)."""
    return List(
        Object(name=Player(label=_("Player")), **fields),
        min_length=min_length,
        max_length=max_length,
        label=_("Players"),
    )


def counts(keys: Field, most: int | P, **kw) -> Map:
    """How many there are of each of ``keys`` (kinds of pieces, players …): a map from a key
    to a whole number from 0 to ``most``."""
    return Map(keys, Int(0, most), **kw)


class Coord(List):
    """A board square ``[x, y]``: x grows east, y grows south, from ``[0, 0]``."""

    widget = "coord"

    LOW, HIGH = 0, 999

    def __init__(self, **kw):
        super().__init__(Int(self.LOW, self.HIGH), min_length=2, max_length=2, **kw)

    def _parse(self, value, path, ctx):
        # A board lists up to thousands of squares: a well-formed one is checked at once
        # (bench/max_bounds.py), against the fixed bounds (no parameter to resolve per
        # square); anything else goes the general way, for its messages.
        if type(value) is list and len(value) == 2:
            x, y = value
            lo, hi = self.LOW, self.HIGH
            if type(x) is int and type(y) is int and lo <= x <= hi and lo <= y <= hi:
                return (x, y)
        return super()._parse(value, path, ctx)

    def example(self):
        return [0, 0]


class Map(Field):
    """A JSON object with keys of one kind and values of one field type.

    ``keys`` is a ``Choice`` (fixed keys such as resources or groups) or a
    ``Player`` (keys are player names; with ``among`` they must be listed
    there). ``complete=True`` requires every possible key: every option of a
    Choice, or every player of the referenced list.
    """

    widget = "map"

    def __init__(
        self, keys: Field, values: Field, *, complete: bool = False, max_size: int = MAX_ITEMS, **kw
    ):
        super().__init__(**kw)
        self.keys, self.values, self.complete = keys, values, complete
        # Free keys (players, areas) need a cap; fixed keys get it too, so that a body with
        # thousands of unknown keys costs no more than one with a few (each named in a 400).
        self.max_size = max_size

    def _parse(self, value, path, ctx):
        if not isinstance(value, dict):
            return ctx.error(path, _("An object is required."))
        if len(value) > self.max_size:
            return ctx.error(path, _("Ensure this object has at most %(n)s entries.") % {"n": self.max_size})
        out = {}
        present: dict[Any, None] = {}  # ordered; membership in O(1)
        failed = False
        for k, v in value.items():
            sub = _join(path, k)
            key = self.keys.parse(k, sub, ctx)
            if key is not MISSING and key in present:
                ctx.error(sub, _("Duplicate entry: %(v)s.") % {"v": key})
                failed = True
            present.setdefault(key)
            parsed = self.values.parse(v, sub, ctx)
            if key is MISSING or parsed is MISSING:
                failed = True
                continue
            out[key] = parsed
        if self.complete and isinstance(self.keys, Choice):
            for option in self.keys.options:
                if option not in out and not failed:
                    ctx.error(_join(path, option), _("This field is required."))
                    failed = True
        if self.complete and isinstance(self.keys, Player) and self.keys.among:
            ctx.references.append((path, tuple(present), "complete:" + self.keys.among))
        return MISSING if failed else MappingProxyType(out)

    def _schema(self):
        if isinstance(self.keys, Choice):
            props = {str(o): self.values.schema() for o in self.keys.options}
            out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
            if self.complete:
                out["required"] = [str(o) for o in self.keys.options]
            return out
        return {
            "type": "object",
            "propertyNames": self.keys._schema(),
            "additionalProperties": self.values.schema(),
        }

    def example(self):
        if isinstance(self.keys, Choice):
            return {str(o): self.values.example() for o in self.keys.options}
        return {}


_RECORD_TYPES: dict[tuple[str, ...], type] = {}


def _record_type(names: tuple[str, ...]) -> type:
    """Return a frozen dataclass type with these attribute names (cached)."""
    if names not in _RECORD_TYPES:
        fields = [(n + "_" if keyword.iskeyword(n) else n) for n in names]
        _RECORD_TYPES[names] = dataclasses.make_dataclass("Record", fields, frozen=True)
    return _RECORD_TYPES[names]


def record(**values: Any) -> Any:
    """Build a frozen record, as the declaration would; handy in tests."""
    return _record_type(tuple(values))(**values)


class Object(Field):
    """A JSON object with named fields; parsed into a frozen record.

    ``checks`` are functions of the parsed record yielding ``(path, message)``
    pairs for rules that span several fields (paths relative to this object), or
    ``ruled_out(path, message, *clauses)`` where the text itself rules the situation out. They run
    under the edition's rules (``rules.active``), so a check may read its figures.
    """

    widget = "object"

    def __init__(
        self,
        fields: Mapping[str, Field] | None = None,
        *,
        checks: Iterable[Callable[[Any], Iterable[tuple[str, str]]]] = (),
        **kw,
    ):
        names = {k: v for k, v in kw.items() if isinstance(v, Field)}
        options = {k: v for k, v in kw.items() if not isinstance(v, Field)}
        super().__init__(**options)
        self.fields: dict[str, Field] = {**(fields or {}), **names}
        self.checks = tuple(checks)

    def _parse(self, value, path, ctx):
        if not isinstance(value, dict):
            return ctx.error(path, _("An object is required."))
        out = {}
        failed = False
        for key in value:
            if key not in self.fields:
                ctx.error(_join(path, key), _("Unknown field."))
                failed = True
        for name, field in self.fields.items():
            sub = _join(path, name)
            if name not in value:
                if field.required:
                    ctx.error(sub, _("This field is required."))
                    failed = True
                else:
                    out[name] = None if field.default is MISSING else _freeze(field.default)
                continue
            parsed = field.parse(value[name], sub, ctx)
            if parsed is MISSING:
                failed = True
            out[name] = parsed
        if path == ctx.root_path:
            ctx.root_values = out
        if failed:
            return MISSING
        parsed = _record_type(tuple(self.fields))(*out.values())
        if path != ctx.root_path and self.checks:
            # A nested object's own cross-field rules; the root's run in validate(),
            # once every player reference is known to be good.
            before = ctx.count
            self.run_checks(parsed, path, ctx)
            if ctx.count != before:
                return MISSING
        return parsed

    def run_checks(self, parsed: Any, path: str, ctx: _Context) -> None:
        for check in self.checks:
            for sub, message, *clauses in check(parsed) or ():
                ctx.error(_join(path, sub), message, clauses[0] if clauses else ())

    def _schema(self):
        out: dict[str, Any] = {
            "type": "object",
            "properties": {name: f.schema() for name, f in self.fields.items()},
            "additionalProperties": False,
        }
        required = [name for name, f in self.fields.items() if f.required]
        if required:
            out["required"] = required
        return out

    def example(self):
        return {name: f.example() for name, f in self.fields.items() if f.required}

    def validate(self, value: Any, path: str = "", *, rules: Any = None) -> Any:
        """Parse ``value`` or raise ``Invalid`` with every error by dotted path.

        ``rules`` (a ``games.engine.rules.Rules``) is the edition whose parameters bound
        the fields; without it, the rules already in force (``using``) are used."""
        if rules is not None:
            with using(rules):
                return self.validate(value, path)
        ctx = _Context()
        ctx.root_path = path
        parsed = self.parse(value, path, ctx)
        _resolve_references(ctx)
        if parsed is not MISSING and not ctx.errors:
            self.run_checks(parsed, path, ctx)
        if ctx.errors:
            raise Invalid(ctx.capped(), ctx.clauses)
        return parsed


def _identity(value: Any) -> Any:
    """What tells list items apart: the value itself (with its type, so that 1 and True
    differ), or its repr when it cannot be hashed (a mapping)."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return (type(value), value)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    return value


def _resolve_references(ctx: _Context) -> None:
    """Check every ``Player(among=...)`` against the named list of players."""
    for where, value, among in ctx.references:
        complete = among.startswith("complete:")
        name = among.removeprefix("complete:")
        players = ctx.root_values.get(name)
        if players is None or players is MISSING:
            continue
        if complete:
            for player in players:
                if player not in value:
                    ctx.error(_join(where, player), _("This field is required."))
        elif value not in players:
            ctx.error(where, _("Unknown player: %(p)s.") % {"p": value})


_SCALARS = frozenset({int, str, bool, float, type(None)})


def to_jsonable(value: Any) -> Any:
    """Turn parsed inputs back into plain JSON values (for storing a ruling)."""
    # Scalars are taken as they are without a call each, and a tuple of scalars (a board
    # square) is copied at once, before the slower dataclass test: a board may list 10,000.
    if type(value) is tuple and all(type(v) in _SCALARS for v in value):
        return list(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name.rstrip("_"): to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {k: v if type(v) in _SCALARS else to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _SCALARS else to_jsonable(v) for v in value]
    return value
