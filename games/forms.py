"""The referee form, generated from an adjudicator's input declaration.

Two directions, both driven by the same declaration the API validates with:

- ``build(decl, raw, players, errors)`` turns the declaration plus the current
  values into a tree of ``Node`` objects that ``templates/games/_node.html``
  renders (steppers for small numbers, dice pickers, toggles, a select of the
  players typed once at the start);
- ``collect(decl, form, players)`` turns the posted form back into the JSON
  ``inputs`` body, so that the page and the API validate identically.

Form field names are the dotted paths of the API's error messages without the
leading ``inputs.`` (``support.Ala.residents``), so each error lands on its field.

What each kind of field does (its node, how it is read back, where it names players) is a
``functools.singledispatch`` function registered per declaration class: the most specific
class wins, so a Die is drawn as a die though it is an Int, the seating (Players) as the
players though it is a List, and a board square (Coord) typed in one field though it is a
list, whatever order the registrations come in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import singledispatch
from typing import Any

from django.utils.translation import gettext_lazy as _

from config.numbers import ascii_number, is_ascii_digits, signed_number

from .engine.declare import (
    MISSING,
    Bool,
    Choice,
    Coord,
    Die,
    Field,
    Int,
    List,
    Map,
    Object,
    Player,
    Players,
    Str,
)

NULL = "__null__"
_OMIT = object()
MAX_ROWS = 24


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _label(name: str, f: Field) -> str:
    return str(f.label) if f.label else name.replace("_", " ").capitalize()


def _player_keys(f: Map) -> bool:
    """A map keyed by the players' names."""
    return isinstance(f.keys, Player)


@singledispatch
def mentions_players(f: Field) -> bool:
    """True when the declaration refers to players by name anywhere."""
    return False


@mentions_players.register(Player)
@mentions_players.register(Players)
def _names_a_player(f: Field) -> bool:
    return True


@mentions_players.register(Map)
def _mentions_players_map(f: Map) -> bool:
    return _player_keys(f) or mentions_players(f.values)


@mentions_players.register(List)
def _mentions_players_list(f: List) -> bool:
    return mentions_players(f.item)


@mentions_players.register(Object)
def _mentions_players_object(f: Object) -> bool:
    return any(mentions_players(x) for x in f.fields.values())


def _player_row_field(item: Field) -> str | None:
    """The name of a Player field that makes a list-of-objects 'one row per player'."""
    if isinstance(item, Object) and isinstance(item.fields.get("name"), Player):
        return "name"
    return None


def players_in(f: Field, raw: Any) -> list[str]:
    """Every player name found in ``raw`` for declaration ``f``, in first-seen order."""
    found: list[str] = []

    def add(name: Any) -> None:
        if isinstance(name, str) and name and name not in found:
            found.append(name)

    _find_players(f, raw, add)
    return found


@singledispatch
def _find_players(f: Field, v: Any, add: Callable[[Any], None]) -> None:
    """Pass every player's name in ``v`` (a value of ``f``) to ``add``: a scalar holds none."""


@_find_players.register(Player)
def _find_players_player(f: Player, v: Any, add: Callable[[Any], None]) -> None:
    add(v)


@_find_players.register(Players)
def _find_players_players(f: Players, v: Any, add: Callable[[Any], None]) -> None:
    if isinstance(v, list):
        for x in v:
            add(x)


@_find_players.register(Map)
def _find_players_map(f: Map, v: Any, add: Callable[[Any], None]) -> None:
    if isinstance(v, dict):
        for k, x in v.items():
            if _player_keys(f):
                add(k)
            _find_players(f.values, x, add)


@_find_players.register(List)
def _find_players_list(f: List, v: Any, add: Callable[[Any], None]) -> None:
    if isinstance(v, list):
        for x in v:
            _find_players(f.item, x, add)


@_find_players.register(Object)
def _find_players_object(f: Object, v: Any, add: Callable[[Any], None]) -> None:
    if isinstance(v, dict):
        for k, x in f.fields.items():
            _find_players(x, v.get(k), add)


def remap_players(f: Field, raw: Any, before: list[str], after: list[str], renamed: dict[str, str]) -> Any:
    """The values typed for the players ``before`` carried over to the players ``after``: a
    player renamed (``renamed``: old → new) keeps every value under the new name everywhere,
    a player who left takes their values away, a player who joined gets empty fields (and a
    place at the end of the seating and of a list of one row per player)."""
    gone = {p for p in before if p not in renamed and p not in after}
    return _remap(f, raw, _Table(gone, after, renamed))


@dataclass(frozen=True)
class _Table:
    """The change of the players at the table that ``_remap`` carries the values over."""

    gone: set[str]
    after: list[str]
    renamed: dict[str, str]

    def name(self, v: Any) -> Any:
        return self.renamed.get(v, v) if isinstance(v, str) else v


@singledispatch
def _remap(f: Field, v: Any, table: _Table) -> Any:
    """``v`` (a value of ``f``) for the players at the table after the change: a scalar as it is."""
    return v


@_remap.register(Player)
def _remap_player(f: Player, v: Any, table: _Table) -> Any:
    if v is None:
        return v
    return _OMIT if v in table.gone else table.name(v)


@_remap.register(Players)
def _remap_players(f: Players, v: Any, table: _Table) -> Any:
    if not isinstance(v, list):
        return v
    kept = [table.name(x) for x in v if x not in table.gone]
    return kept + [p for p in table.after if p not in kept]


@_remap.register(Map)
def _remap_map(f: Map, v: Any, table: _Table) -> Any:
    if not isinstance(v, dict):
        return v
    if _player_keys(f):
        return {table.name(k): _remap(f.values, x, table) for k, x in v.items() if k not in table.gone}
    return {k: _remap(f.values, x, table) for k, x in v.items()}


@_remap.register(List)
def _remap_list(f: List, v: Any, table: _Table) -> Any:
    if not isinstance(v, list):
        return v
    row = _player_row_field(f.item)
    items = [_remap(f.item, x, table) for x in v]
    if row:
        items = [x for x in items if not (isinstance(x, dict) and row not in x)]
        named = {x.get(row) for x in items if isinstance(x, dict)}
        items += [{row: p} for p in table.after if p not in named]
    return [x for x in items if x is not _OMIT]


@_remap.register(Object)
def _remap_object(f: Object, v: Any, table: _Table) -> Any:
    if not isinstance(v, dict):
        return v
    out = {}
    for k, x in v.items():
        sub = f.fields.get(k)
        value = _remap(sub, x, table) if sub is not None else x
        if value is not _OMIT:
            out[k] = value
    return out


def renamed_seats(decl: Object, raw: dict[str, Any], players: list[str]) -> dict[str, str]:
    """The seats renamed in the form: where a list of the players at the table (the seating)
    holds, in a player's place, a name that is no one's at the table (old → new)."""
    for key, f in decl.fields.items():
        seats = raw.get(key)
        if not isinstance(f, Players) or not isinstance(seats, list) or len(seats) != len(players):
            continue
        renamed = {
            old: new
            for old, new in zip(players, seats, strict=True)
            if isinstance(new, str) and new != old and new not in players and old not in seats
        }
        folded = [renamed.get(p, p).casefold() for p in players]
        # A rename that would give two players one name is an error the seating shows.
        return renamed if len(set(folded)) == len(folded) else {}
    return {}


MAX_PLAYERS = 18
MAX_NAME = 40


def parse_players(text: str) -> tuple[list[str], list[str]]:
    """Read the names typed on the names step: the names in order, and what is wrong with them
    (none given, a name too long, the same name twice whatever its case, too many). The
    names step shows the errors with the text as typed; nothing is dropped or cut silently."""
    names = [part.strip() for part in re.split(r"[,;\n]", (text or "")[: MAX_PLAYERS * (MAX_NAME + 8)])]
    names = [n for n in names if n]
    errors: list[str] = []
    if not names:
        errors.append(str(_("Type the names of the players at the table, separated by commas.")))
    long = [n for n in names if len(n) > MAX_NAME]
    if long:
        errors.append(
            str(_("A name may have at most %(n)d characters: %(names)s."))
            % {"n": MAX_NAME, "names": ", ".join(n[:MAX_NAME] + "…" for n in long)}
        )
    seen: dict[str, str] = {}
    twice: list[str] = []
    for n in names:
        folded = n.casefold()
        if folded in seen and seen[folded] not in twice:
            twice.append(seen[folded])
        seen.setdefault(folded, n)
    if twice:
        errors.append(
            str(_("Each player needs a name of their own; typed more than once: %(names)s."))
            % {"names": ", ".join(twice)}
        )
    if len(names) > MAX_PLAYERS:
        errors.append(str(_("At most %(n)d players.")) % {"n": MAX_PLAYERS})
    return names, errors


def split_players(text: str) -> list[str]:
    """Split 'Ala, Bartek; Celina' into names, dropping blanks and repeats."""
    out: dict[str, None] = {}  # a dict: ordered, and a repeat costs O(1) to find
    # Only the first few thousand characters can hold 18 names of at most 40: a huge field
    # costs no more than a normal one.
    for part in re.split(r"[,;\n]", (text or "")[: MAX_PLAYERS * 48]):
        name = part.strip()[:40]
        if name:
            out.setdefault(name)
            if len(out) == MAX_PLAYERS:
                break
    return list(out)


# ---------------------------------------------------------------- form → JSON


def collect(decl: Object, form, players: list[str]) -> dict[str, Any]:
    """Build the JSON ``inputs`` from a posted form (a QueryDict or dict)."""
    value = _collect(decl, "", form, players)
    return value if isinstance(value, dict) else {}


def _get(form, name: str) -> str:
    value = form.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _rows(form, name: str, default: int) -> int:
    rows = form.get(f"rows.{name}", default)
    rows = rows if isinstance(rows, int) else ascii_number(rows, max_digits=4)
    return default if rows is None else max(0, min(MAX_ROWS, rows))


def _scalar(f: Field, text: str) -> Any:
    if text == "":
        return _OMIT
    if text == NULL:
        return None
    return _from_text(f, text)


@singledispatch
def _from_text(f: Field, text: str) -> Any:
    """The value typed for ``f`` (neither empty nor null): a text as typed."""
    return text


@_from_text.register(Bool)
def _from_text_bool(f: Bool, text: str) -> Any:
    return text in ("on", "true", "1", "yes")


def _whole_number(text: str) -> Any:
    number = signed_number(text, max_digits=18)
    return text if number is None else number  # validation reports "A whole number is required."


@_from_text.register(Int)
def _from_text_int(f: Int, text: str) -> Any:
    return _whole_number(text)


@_from_text.register(Choice)
def _from_text_choice(f: Choice, text: str) -> Any:
    return _whole_number(text) if all(isinstance(o, int) for o in f.options) else text


@singledispatch
def _collect(f: Field, name: str, form, players: list[str]) -> Any:
    """The value of ``f`` posted under ``name`` (``_OMIT`` when none was typed)."""
    return _scalar(f, _get(form, name))


@_collect.register(Bool)
def _collect_bool(f: Bool, name: str, form, players: list[str]) -> Any:
    return _get(form, name) in ("on", "true", "1", "yes")


@_collect.register(Object)
def _collect_object(f: Object, name: str, form, players: list[str]) -> Any:
    out = {}
    for key, sub in f.fields.items():
        v = _collect(sub, _join(name, key), form, players)
        if v is not _OMIT:
            out[key] = v
    return out


@_collect.register(Players)
def _collect_players(f: Players, name: str, form, players: list[str]) -> Any:
    count = _rows(form, name, len(players))
    return [v for v in (_get(form, _join(name, i)) for i in range(count)) if v]


@_collect.register(Map)
def _collect_map(f: Map, name: str, form, players: list[str]) -> Any:
    keys = _keys_of(f.keys, players)
    if keys is None:
        return _collect_pairs(f, _get(form, name))
    # Each key of a complete map must be there: a player whose groups were all left blank has
    # support {} (a group left out counts as 0), not no entry (which is "required").
    keep_empty = f.complete and isinstance(f.values, Map) and not f.values.complete
    out = {}
    for key, _shown in keys:
        v = _collect(f.values, _join(name, key), form, players)
        if v is not _OMIT and (v != {} or keep_empty):
            out[key] = v
    return _OMIT if not out and not f.required else out


@_collect.register(Coord)
def _collect_coord(f: Coord, name: str, form, players: list[str]) -> Any:
    text = _get(form, name)
    return [_scalar(f.item, t) for t in re.split(r"[\s,]+", text) if t] if text else _OMIT


@_collect.register(List)
def _collect_list(f: List, name: str, form, players: list[str]) -> Any:
    return _collect_items(f.item, name, form, players)


@singledispatch
def _collect_items(item: Field, name: str, form, players: list[str]) -> list[Any]:
    """The items of a list of ``item`` posted under ``name``: numbers or choices typed in one
    field, separated by spaces (or commas)."""
    text = _get(form, name)
    return [_scalar(item, t) for t in re.split(r"[\s,;]+", text) if t] if text else []


@_collect_items.register(Str)
def _collect_names(item: Str, name: str, form, players: list[str]) -> list[Any]:
    # Names may hold spaces ("Anna Maria"): a list of names is split at commas only.
    text = _get(form, name)
    return [_scalar(item, t.strip()) for t in re.split(r"[,;\n]+", text) if t.strip()] if text else []


@_collect_items.register(Object)
@_collect_items.register(List)
def _collect_rows(item: Field, name: str, form, players: list[str]) -> list[Any]:
    # A row of fields for each item: as many as the form says it shows.
    default = len(players) if _player_row_field(item) else 0
    return [_collect(item, _join(name, i), form, players) for i in range(_rows(form, name, default))]


@_collect_items.register(Coord)
def _collect_squares(item: Coord, name: str, form, players: list[str]) -> list[Any]:
    # Board squares, though lists, are typed in one field: "x,y" pairs separated by ';'.
    pairs = [p for p in re.split(r"[;\n]+", _get(form, name)) if p.strip()]
    return [[_scalar(Int(), t) for t in re.split(r"[\s,]+", p.strip()) if t] for p in pairs]


@singledispatch
def _keys_of(keys: Field, players: list[str]) -> list[tuple[str, str]] | None:
    """A map's keys, each with its label; None for free names (areas, say), which the form
    has typed as 'name=value' pairs."""
    return None


@_keys_of.register(Player)
def _keys_of_player(keys: Player, players: list[str]) -> list[tuple[str, str]] | None:
    return [(p, p) for p in players]


@_keys_of.register(Choice)
def _keys_of_choice(keys: Choice, players: list[str]) -> list[tuple[str, str]] | None:
    return [(str(o), str(keys.labels.get(o, o)).replace("_", " ").replace("-", " ")) for o in keys.options]


def _collect_pairs(f: Map, text: str) -> Any:
    if not text:
        return _OMIT if not f.required else {}
    out: dict[str, Any] = {}
    for part in re.split(r"[;\n]+", text):
        key, sep, value = part.partition("=")
        if not sep:
            key, sep, value = part.partition(":")
        key = key.strip()
        if key:
            parsed = _scalar(f.values, value.strip()) if sep else ""
            out[key] = "" if parsed is _OMIT else parsed
    return out


# ---------------------------------------------------------------- declaration → nodes


@dataclass
class Node:
    widget: str
    name: str
    label: str = ""
    help: str = ""
    value: Any = None
    options: list[tuple[str, str]] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    min: int | None = None
    max: int | None = None
    required: bool = True
    rows: int = 0
    can_add: bool = False
    # The error paths this node shows (its own, and its items' when it is one text field).
    error_paths: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return "f-" + re.sub(r"[^A-Za-z0-9_-]", "_", self.name)


def _value_at(raw: Any, key: Any) -> Any:
    if isinstance(raw, dict):
        return raw.get(key)
    if isinstance(raw, list) and isinstance(key, int) and 0 <= key < len(raw):
        return raw[key]
    return None


def build(
    decl: Object, raw: Any, players: list[str], errors: dict[str, list[str]] | None = None
) -> list[Node]:
    """Return the nodes of the form for ``decl`` filled with ``raw`` and marked with ``errors``."""
    errors = {k.removeprefix("inputs."): v for k, v in (errors or {}).items()}
    nodes = [_build(f, key, key, _value_at(raw, key), players, errors) for key, f in decl.fields.items()]
    return nodes


def unplaced_errors(nodes: list[Node], errors: dict[str, list[str]]) -> list[tuple[str, str]]:
    """The errors no field of the form shows (an unknown player key, a check across fields),
    as (path, message): the page lists them above the form, so no error ever vanishes."""
    placed: set[str] = set()

    def walk(items: list[Node]) -> None:
        for n in items:
            if n.errors:
                placed.add(n.name)
            placed.update(n.error_paths)
            walk(n.children)

    walk(nodes)
    out = []
    for path, messages in errors.items():
        short = path.removeprefix("inputs.")
        if short not in placed:
            out.extend((short, m) for m in messages)
    return out


@dataclass(frozen=True)
class ErrorItem:
    """One line of the error summary: the field's id (None when no field shows the error),
    the labels leading to it ("Support › Ala › Residents") and the message."""

    target: str | None
    where: str
    message: str


def error_summary(nodes: list[Node], errors: dict[str, list[str]]) -> list[ErrorItem]:
    """Every error of the form in the order the fields come, each linked to its field;
    then the errors no field shows (``unplaced_errors``), so the summary names them all."""
    found: list[ErrorItem] = []
    trails: dict[str, tuple[Node, tuple[str, ...]]] = {}

    def walk(items: list[Node], trail: tuple[str, ...]) -> None:
        for n in items:
            here = (*trail, n.label) if n.label else trail
            trails[n.name] = (n, here)
            found.extend(ErrorItem(n.id, " › ".join(here), m) for m in n.errors)
            walk(n.children, here)

    walk(nodes, ())
    for path, message in unplaced_errors(nodes, errors):
        # No field shows it (a player missing from the table, say): name it from the nearest
        # field that holds it, and link there.
        parts = path.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            if ".".join(parts[:cut]) in trails:
                node, trail = trails[".".join(parts[:cut])]
                found.append(ErrorItem(node.id, " › ".join((*trail, *parts[cut:])), message))
                break
        else:
            found.append(ErrorItem(None, path, message))
    return found


def _build(f: Field, key: str, name: str, value: Any, players: list[str], errors) -> Node:
    common = {
        "name": name,
        "label": _label(str(key), f),
        "help": str(f.help or ""),
        "errors": errors.get(name, []),
        "required": f.required,
    }
    return _node(f, value, common, players, errors)


@singledispatch
def _node(f: Field, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    """The node of ``f`` holding ``value``; ``common`` holds what every node has (its name,
    label, help, errors and whether it is required)."""
    return Node("text", value="" if value is None else value, **common)  # pragma: no cover


@_node.register(Str)
def _node_str(f: Str, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    return Node("text", value=value or "", **common)


def _choice_node(f: Field, value: Any, options: list[tuple[str, str]], common: dict[str, Any]) -> Node:
    if not f.required or f.nullable:
        options.insert(0, (NULL if f.nullable else "", "—"))
    return Node("choice", value=_choice_value(f, value), options=options, **common)


@_node.register(Player)
def _node_player(f: Player, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    return _choice_node(f, value, [(p, p) for p in players], common)


@_node.register(Choice)
def _node_choice(f: Choice, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    return _choice_node(f, value, [(str(o), str(f.labels.get(o, o))) for o in f.options], common)


@_node.register(Int)
def _node_int(f: Int, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    widget = "stepper" if f.widget == "stepper" else "number"
    return Node(widget, value="" if value is None else value, min=f.min, max=f.max, **common)


@_node.register(Die)
def _node_die(f: Die, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    faces = range(f.min or 1, (f.max or 6) + 1)  # the edition's die (a parameter in some games)
    return Node("die", value=value, options=[(str(i), str(i)) for i in faces], **common)


@_node.register(Bool)
def _node_bool(f: Bool, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    # Not given: the declaration's default (a toggle that is on unless the referee says not).
    if value is None and f.default is not MISSING:
        value = f.default
    return Node("toggle", value=bool(value), **common)


@_node.register(Object)
def _node_object(f: Object, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    name = common["name"]
    children = [
        _build(sub, k, _join(name, k), _value_at(value, k), players, errors) for k, sub in f.fields.items()
    ]
    return Node("object", children=children, **common)


@_node.register(Players)
def _node_players(f: Players, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    name = common["name"]
    names = value if isinstance(value, list) and value else players
    count = max(len(names), len(players))
    children = [
        Node(
            "text",
            name=_join(name, i),
            label=str(_("Player %(n)s")) % {"n": i + 1},
            value=_value_at(names, i) or "",
            errors=errors.get(_join(name, i), []),
        )
        for i in range(count)
    ]
    return Node("players", children=children, rows=count, **common)


@_node.register(Map)
def _node_map(f: Map, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    keys = _keys_of(f.keys, players)
    if keys is None:
        text = "; ".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else ""
        hint = _("name=value pairs separated by ';' (e.g. Crete=3; Egypt=1)")
        return Node("text-list", value=text, **{**common, "help": common["help"] or str(hint)})
    labels = dict(keys)
    name = common["name"]
    children = [
        _build(f.values, labels[k], _join(name, k), _value_at(value, k), players, errors)
        for k, _shown in keys
    ]
    for child, (k, _shown) in zip(children, keys, strict=True):
        child.label = labels[k]
    # Say the values' help once, above the map, rather than under every entry.
    helps = {c.help for c in children}
    if len(helps) == 1 and not common["help"]:
        common["help"] = helps.pop()
        for c in children:
            c.help = ""
    nested = isinstance(f.values, Object | Map | List)
    return Node("map" if not nested else "map-wide", children=children, **common)


@_node.register(List)
def _node_list(f: List, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    return _list_node(f.item, f, value, common, players, errors)


@_node.register(Coord)
def _node_coord(f: Coord, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    text = ",".join(str(c) for c in value) if isinstance(value, list) else ""
    return _text_list_node(f, value, common, errors, text, _("x,y (e.g. 3,4)"))


@singledispatch
def _list_node(item: Field, f: List, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    """The node of a list ``f`` of ``item``: numbers, choices or names typed in one field."""
    text, hint = _list_text(item, value)
    return _text_list_node(f, value, common, errors, text, hint)


# A list of board squares is typed in one field too, though a square is itself a list.
_list_node.register(Coord, _list_node.dispatch(Field))


@_list_node.register(Object)
@_list_node.register(List)
def _rows_node(item: Field, f: List, value: Any, common: dict[str, Any], players: list[str], errors) -> Node:
    """A row of fields for each item (a row per player when the item names one)."""
    name, label = common["name"], common["label"]
    row_key = _player_row_field(item)
    items = value if isinstance(value, list) else []
    count = len(items) if items else (len(players) if row_key else 0)
    count = min(count, MAX_ROWS)
    children = []
    for i in range(count):
        item_value = _value_at(items, i)
        if row_key and not item_value and i < len(players):
            item_value = {row_key: players[i]}
        child = _build(item, str(i + 1), _join(name, i), item_value, players, errors)
        # A row per player is "Player 2", as the players step says, not "Players 2".
        child.label = str(_("Player %(n)s")) % {"n": i + 1} if row_key else f"{label} {i + 1}"
        children.append(child)
    return Node("rows", children=children, rows=count, can_add=count < MAX_ROWS, **common)


def _spaced(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else ""


@singledispatch
def _list_text(item: Field, value: Any) -> tuple[str, Any]:
    """A list of ``item`` as typed in one field, and how to type it."""
    return _spaced(value), _("separated by spaces (e.g. 3 5 6)")


@_list_text.register(Choice)
def _list_text_choice(item: Choice, value: Any) -> tuple[str, Any]:
    return _spaced(value), _("separated by spaces; any of: %(o)s") % {"o": ", ".join(map(str, item.options))}


@_list_text.register(Str)
def _list_text_str(item: Str, value: Any) -> tuple[str, Any]:
    text = ", ".join(str(v) for v in value) if isinstance(value, list) else ""
    return text, _("names separated by commas (e.g. Anna Maria, Jan)")


@_list_text.register(Coord)
def _list_text_coord(item: Coord, value: Any) -> tuple[str, Any]:
    text = (
        "; ".join(",".join(str(c) for c in p) for p in value if isinstance(p, list))
        if isinstance(value, list)
        else ""
    )
    return text, _("x,y pairs separated by ';' (e.g. 0,1; 4,2)")


def _text_list_node(f: List, value: Any, common: dict[str, Any], errors, text: str, hint: Any) -> Node:
    """A whole list typed in one text field. Its items' errors are shown on it, each naming the
    item in words as the referee counts and typed it ("Item 3 (“x”): …")."""
    name = common["name"]
    widget = "dice-list" if isinstance(f.item, Die) else "text-list"
    shown, paths = list(common["errors"]), []
    for path, messages in errors.items():
        rest = path[len(name) + 1 :] if path.startswith(name + ".") else None
        if rest is not None:
            shown += [_item_error(f, value, rest, m) for m in messages]
            paths.append(path)
    node = Node(widget, value=text, **{**common, "errors": shown, "help": common["help"] or str(hint)})
    node.error_paths += paths
    return node


def _item_error(f: List, value: Any, rest: str, message: str) -> str:
    """An error of one item of a list typed in one field, said in words: which item (as the
    referee counts), what was typed there, and for a field of the board which coordinate."""
    index, _sep, part = rest.partition(".")
    if not is_ascii_digits(index):
        return f"{rest}: {message}"
    n = int(index) + 1
    item = _value_at(value, int(index))
    if isinstance(f.item, Coord):
        typed = ",".join(str(c) for c in item) if isinstance(item, list) else str(item or "")
        if is_ascii_digits(part):
            axis = "x" if part == "0" else "y"
            return str(_("Field %(n)s (“%(typed)s”), coordinate %(axis)s: %(message)s")) % {
                "n": n,
                "typed": typed,
                "axis": axis,
                "message": message,
            }
        # A field that is not two numbers: say how a field is written, not the list's bounds.
        return str(_("Field %(n)s (“%(typed)s”): write a field as x,y, two whole numbers.")) % {
            "n": n,
            "typed": typed,
        }
    return str(_("Item %(n)s (“%(typed)s”): %(message)s")) % {
        "n": n,
        "typed": "" if item is None else item,
        "message": message,
    }


def _choice_value(f: Field, value: Any) -> str:
    if value is None:
        return NULL if f.nullable else ""
    return str(value)


def apply_row_action(raw: dict[str, Any], action: str) -> dict[str, Any]:
    """Apply an 'add:<path>' or 'del:<path>' button press to the collected inputs."""
    verb, _sep, path = action.partition(":")
    target: Any = raw
    parts = [p for p in path.split(".") if p]
    for part in parts[:-1]:
        target = _value_at(target, int(part) if is_ascii_digits(part) else part)
    last = parts[-1] if parts else None
    rows = target.get(last) if isinstance(target, dict) and last else None
    if isinstance(rows, list):
        if verb == "add" and len(rows) < MAX_ROWS:
            rows.append({})
        elif verb == "del" and rows:
            rows.pop()
    return raw
