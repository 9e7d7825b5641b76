"""A situation in words: an adjudicator's inputs said with its input declaration's labels.

The disputes page shows each worked example's situation as labelled lines rather than
JSON. Nothing here knows any game: the labels, the names of the choices and the shape
(nested objects, lists, maps) all come from the one input declaration, so every
adjudicator's inputs can be said, and a new field is said as soon as it is declared.
How each kind of field is said is a ``functools.singledispatch`` function registered per
declaration class (the most specific class wins: a board square is said as one square,
though it is a list).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import singledispatch
from typing import Any

from django.utils.translation import gettext as _

from .engine.declare import MISSING, Bool, Choice, Coord, Field, List, Map, Object, Str
from .engine.rules import Rules, using


@dataclass(frozen=True)
class Line:
    """One labelled line of a situation: a value in words, or nested lines."""

    label: str
    text: str = ""
    items: tuple[Line, ...] = ()

    @property
    def lead(self) -> str:
        """The label as it leads its value: "Unit:", but "First city?" (a question needs no colon)."""
        return self.label if self.label.endswith(("?", ":")) else _("%(label)s:") % {"label": self.label}


def label_of(name: str, f: Field) -> str:
    """A field's declared label, else its name in words."""
    return str(f.label) if f.label else name.replace("_", " ").capitalize()


def describe(decl: Object, inputs: Mapping[str, Any], *, rules: Rules | None = None) -> list[Line]:
    """Say ``inputs`` (plain JSON valid for ``decl``) as labelled lines, in declaration order.

    A field left out is said with its default; one left out without a default (or with a
    null one), or null where it may not be, is not part of the situation and is not said. Labels that
    quote a figure of the rules ("2 to 6 dice") quote ``rules``' figure."""
    if rules is not None:
        with using(rules):
            return _fields(decl, inputs)
    return _fields(decl, inputs)


def _fields(obj: Object, value: Mapping[str, Any], skip: str | None = None) -> list[Line]:
    out = []
    for name, f in obj.fields.items():
        if name == skip:
            continue
        if name in value:
            v = value[name]
        elif f.default is not MISSING and f.default is not None:
            v = f.default
        else:
            continue
        if v is None and not f.nullable:
            continue
        out.append(_line(label_of(name, f), f, v))
    return out


def _line(label: str, f: Field, v: Any) -> Line:
    if v is None:
        return Line(label, _("none"))
    return _said(f, label, v)


@singledispatch
def _said(f: Field, label: str, v: Any) -> Line:
    """The line of ``f``, labelled ``label``, saying ``v`` (not None): a scalar in words."""
    return Line(label, _scalar(f, v))


@_said.register(Object)
def _said_object(f: Object, label: str, v: Any) -> Line:
    return _group(label, _fields(f, v), all(_plain(x, lists=True) for x in f.fields.values()))


@_said.register(Map)
def _said_map(f: Map, label: str, v: Any) -> Line:
    if not v:
        return Line(label, _("none"))
    entries = [_line(_choice(f.keys, k), f.values, x) for k, x in v.items()]
    return _group(label, entries, _plain(f.values), joiner=", ")


@_said.register(List)
def _said_list(f: List, label: str, v: Any) -> Line:
    if not v:
        return Line(label, _("none"))
    if _plain(f.item):
        return Line(label, ", ".join(_scalar(f.item, x) for x in v))
    return Line(label, items=tuple(_item(f.item, n, x) for n, x in enumerate(v, 1)))


# A board square is said as one value ("[3, 4]"), though it is a list.
_said.register(Coord, _said.dispatch(Field))


@singledispatch
def _plain(f: Field, *, lists: bool = False) -> bool:
    """A field said in a few words: a scalar or a board square (with ``lists``, a list of them too)."""
    return True


@_plain.register(Object)
@_plain.register(Map)
def _plain_group(f: Field, *, lists: bool = False) -> bool:
    return False


@_plain.register(List)
def _plain_list(f: List, *, lists: bool = False) -> bool:
    return lists and _plain(f.item)


_plain.register(Coord, _plain.dispatch(Field))


def _item(f: Field, n: int, v: Any) -> Line:
    """One item of a list: named by its own name or id field when it has one, else numbered."""
    return _named(f, v) or _line(_("No. %(n)s") % {"n": n}, f, v)


@singledispatch
def _named(f: Field, v: Any) -> Line | None:
    """An item said under its own name or id, or None when it has none (a scalar has none)."""
    return None


@_named.register(Object)
def _named_object(f: Object, v: Any) -> Line | None:
    if isinstance(v, Mapping):
        for key in ("name", "id"):
            if isinstance(f.fields.get(key), Str) and v.get(key):
                plain = all(_plain(x, lists=True) for k, x in f.fields.items() if k != key)
                return _group(str(v[key]), _fields(f, v, skip=key), plain)
    return None


def _group(label: str, lines: list[Line], plain: bool, joiner: str = "; ") -> Line:
    """Nested lines, or, when they are all plain values, one line ("residents: 6, merchants: 5")."""
    if not lines:
        return Line(label, _("none"))
    if plain:
        return Line(label, joiner.join(f"{i.lead} {i.text}" for i in lines))
    return Line(label, items=tuple(lines))


@singledispatch
def _choice(f: Field, value: Any) -> str:
    """A map's key in words: a choice's label, else the key as it is."""
    return str(value)


@_choice.register(Choice)
def _choice_label(f: Choice, value: Any) -> str:
    return str(f.labels.get(value, value))


def _scalar(f: Field, v: Any) -> str:
    if v is None:
        return _("none")
    return _word(f, v)


@singledispatch
def _word(f: Field, v: Any) -> str:
    """A value of ``f`` (not None) in words: as it is."""
    return str(v)


@_word.register(Coord)
def _word_coord(f: Coord, v: Any) -> str:
    x, y = v
    return f"[{x}, {y}]"


@_word.register(Bool)
def _word_bool(f: Bool, v: Any) -> str:
    return _("yes") if v else _("no")


_word.register(Choice, _choice_label)
