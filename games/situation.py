"""A situation in words: an adjudicator's inputs said with its input declaration's labels.

The disputes page shows each worked example's situation as labelled lines rather than
JSON. Nothing here knows any game: the labels, the names of the choices and the shape
(nested objects, lists, maps) all come from the one input declaration, so every
adjudicator's inputs can be said, and a new field is said as soon as it is declared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    if isinstance(f, Object):
        return _group(label, _fields(f, v), all(_plain(x, lists=True) for x in f.fields.values()))
    if isinstance(f, Map):
        if not v:
            return Line(label, _("none"))
        entries = [_line(_choice(f.keys, k), f.values, x) for k, x in v.items()]
        return _group(label, entries, _plain(f.values), joiner=", ")
    if isinstance(f, List) and not isinstance(f, Coord):
        if not v:
            return Line(label, _("none"))
        if _plain(f.item):
            return Line(label, ", ".join(_scalar(f.item, x) for x in v))
        return Line(label, items=tuple(_item(f.item, n, x) for n, x in enumerate(v, 1)))
    return Line(label, _scalar(f, v))


def _plain(f: Field, *, lists: bool = False) -> bool:
    """A field said in a few words: a scalar or a board square (with ``lists``, a list of them too)."""
    if isinstance(f, Coord):
        return True
    if isinstance(f, List):
        return lists and _plain(f.item)
    return not isinstance(f, Object | Map)


def _item(f: Field, n: int, v: Any) -> Line:
    """One item of a list: named by its own name or id field when it has one, else numbered."""
    if isinstance(f, Object) and isinstance(v, Mapping):
        for key in ("name", "id"):
            if isinstance(f.fields.get(key), Str) and v.get(key):
                plain = all(_plain(x, lists=True) for k, x in f.fields.items() if k != key)
                return _group(str(v[key]), _fields(f, v, skip=key), plain)
    return _line(_("No. %(n)s") % {"n": n}, f, v)


def _group(label: str, lines: list[Line], plain: bool, joiner: str = "; ") -> Line:
    """Nested lines, or, when they are all plain values, one line ("residents: 6, merchants: 5")."""
    if not lines:
        return Line(label, _("none"))
    if plain:
        return Line(label, joiner.join(f"{i.lead} {i.text}" for i in lines))
    return Line(label, items=tuple(lines))


def _choice(f: Field, value: Any) -> str:
    if isinstance(f, Choice):
        return str(f.labels.get(value, value))
    return str(value)


def _scalar(f: Field, v: Any) -> str:
    if v is None:
        return _("none")
    if isinstance(f, Coord):
        x, y = v
        return f"[{x}, {y}]"
    if isinstance(f, Bool):
        return _("yes") if v else _("no")
    if isinstance(f, Choice):
        return _choice(f, v)
    return str(v)
