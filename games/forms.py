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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

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


def mentions_players(f: Field) -> bool:
    """True when the declaration refers to players by name anywhere."""
    if isinstance(f, Player | Players):
        return True
    if isinstance(f, Map):
        return isinstance(f.keys, Player) or mentions_players(f.values)
    if isinstance(f, List):
        return mentions_players(f.item)
    if isinstance(f, Object):
        return any(mentions_players(x) for x in f.fields.values())
    return False


def _player_row_field(item: Field) -> str | None:
    """The name of a Player field that makes a list-of-objects 'one row per player'."""
    if isinstance(item, Object):
        for name, f in item.fields.items():
            if isinstance(f, Player) and name == "name":
                return name
    return None


def players_in(f: Field, raw: Any) -> list[str]:
    """Every player name found in ``raw`` for declaration ``f``, in first-seen order."""
    found: list[str] = []

    def add(name: Any) -> None:
        if isinstance(name, str) and name and name not in found:
            found.append(name)

    def walk(f: Field, v: Any) -> None:
        if v is None:
            return
        if isinstance(f, Players) and isinstance(v, list):
            for x in v:
                add(x)
        elif isinstance(f, Player):
            add(v)
        elif isinstance(f, Map) and isinstance(v, dict):
            for k, x in v.items():
                if isinstance(f.keys, Player):
                    add(k)
                walk(f.values, x)
        elif isinstance(f, List) and isinstance(v, list):
            for x in v:
                walk(f.item, x)
        elif isinstance(f, Object) and isinstance(v, dict):
            for k, x in f.fields.items():
                walk(x, v.get(k))

    walk(f, raw)
    return found


def remap_players(f: Field, raw: Any, before: list[str], after: list[str], renamed: dict[str, str]) -> Any:
    """The values typed for the players ``before`` carried over to the players ``after``: a
    player renamed (``renamed``: old → new) keeps every value under the new name everywhere,
    a player who left takes their values away, a player who joined gets empty fields (and a
    place at the end of the seating and of a list of one row per player)."""
    gone = {p for p in before if p not in renamed and p not in after}

    def name(v: Any) -> Any:
        return renamed.get(v, v) if isinstance(v, str) else v

    def walk(f: Field, v: Any) -> Any:
        if v is None:
            return v
        if isinstance(f, Players) and isinstance(v, list):
            kept = [name(x) for x in v if x not in gone]
            return kept + [p for p in after if p not in kept]
        if isinstance(f, Player):
            return _OMIT if v in gone else name(v)
        if isinstance(f, Map) and isinstance(v, dict):
            if isinstance(f.keys, Player):
                return {name(k): walk(f.values, x) for k, x in v.items() if k not in gone}
            return {k: walk(f.values, x) for k, x in v.items()}
        if isinstance(f, List) and isinstance(v, list):
            row = _player_row_field(f.item)
            items = [walk(f.item, x) for x in v]
            if row:
                items = [x for x in items if not (isinstance(x, dict) and row not in x)]
                named = {x.get(row) for x in items if isinstance(x, dict)}
                items += [{row: p} for p in after if p not in named]
            return [x for x in items if x is not _OMIT]
        if isinstance(f, Object) and isinstance(v, dict):
            out = {}
            for k, x in v.items():
                sub = f.fields.get(k)
                value = walk(sub, x) if sub is not None else x
                if value is not _OMIT:
                    out[k] = value
            return out
        return v

    return walk(f, raw)


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
    try:
        return max(0, min(MAX_ROWS, int(form.get(f"rows.{name}", default))))
    except (TypeError, ValueError):
        return default


def _scalar(f: Field, text: str) -> Any:
    if text == "":
        return _OMIT
    if text == NULL:
        return None
    if isinstance(f, Bool):
        return text in ("on", "true", "1", "yes")
    if isinstance(f, Int):
        try:
            return int(text)
        except ValueError:
            return text  # validation reports "A whole number is required."
    if isinstance(f, Choice) and all(isinstance(o, int) for o in f.options):
        try:
            return int(text)
        except ValueError:
            return text
    return text


def _collect(f: Field, name: str, form, players: list[str]) -> Any:
    if isinstance(f, Object):
        out = {}
        for key, sub in f.fields.items():
            v = _collect(sub, _join(name, key), form, players)
            if v is not _OMIT:
                out[key] = v
        return out
    if isinstance(f, Players):
        count = _rows(form, name, len(players))
        return [v for v in (_get(form, _join(name, i)) for i in range(count)) if v]
    if isinstance(f, Map):
        if _free_keys(f):
            return _collect_pairs(f, _get(form, name))
        keys = players if isinstance(f.keys, Player) else [str(o) for o in f.keys.options]
        out = {}
        for key in keys:
            v = _collect(f.values, _join(name, key), form, players)
            if v is not _OMIT and v != {}:
                out[key] = v
        return _OMIT if not out and not f.required else out
    if isinstance(f, List):
        if isinstance(f.item, Object | List) and not isinstance(f, Coord) and not isinstance(f.item, Coord):
            default = len(players) if _player_row_field(f.item) else 0
            return [
                _collect(f.item, _join(name, i), form, players) for i in range(_rows(form, name, default))
            ]
        text = _get(form, name)
        if isinstance(f, Coord):
            return [_scalar(f.item, t) for t in re.split(r"[\s,]+", text) if t] if text else _OMIT
        if isinstance(f.item, Coord):
            pairs = [p for p in re.split(r"[;\n]+", text) if p.strip()]
            return [[_scalar(Int(), t) for t in re.split(r"[\s,]+", p.strip()) if t] for p in pairs]
        if not text:
            return []
        if _names(f):
            # Names may hold spaces ("Anna Maria"): a list of names is split at commas only.
            return [_scalar(f.item, t.strip()) for t in re.split(r"[,;\n]+", text) if t.strip()]
        return [_scalar(f.item, t) for t in re.split(r"[\s,;]+", text) if t]
    if isinstance(f, Bool):
        return _get(form, name) in ("on", "true", "1", "yes")
    return _scalar(f, _get(form, name))


def _names(f: List) -> bool:
    """A list of names (players, or free text items): typed separated by commas."""
    return isinstance(f.item, Str) and not isinstance(f.item, Choice)


def _free_keys(f: Map) -> bool:
    """A map whose keys are free names (areas, say): typed as 'name=value' pairs."""
    return not isinstance(f.keys, Player | Choice)


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
    label = _label(str(key), f)
    common = {
        "name": name,
        "label": label,
        "help": str(f.help or ""),
        "errors": errors.get(name, []),
        "required": f.required,
    }
    if isinstance(f, Object):
        children = [
            _build(sub, k, _join(name, k), _value_at(value, k), players, errors)
            for k, sub in f.fields.items()
        ]
        return Node("object", children=children, **common)
    if isinstance(f, Players):
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
    if isinstance(f, Map) and _free_keys(f):
        text = "; ".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else ""
        return Node(
            "text-list",
            value=text,
            **{
                **common,
                "help": common["help"] or str(_("name=value pairs separated by ';' (e.g. Crete=3; Egypt=1)")),
            },
        )
    if isinstance(f, Map):
        if isinstance(f.keys, Player):
            keys = players
            labels = {p: p for p in players}
        else:
            keys = [str(o) for o in f.keys.options]
            labels = {
                str(o): str(f.keys.labels.get(o, o)).replace("_", " ").replace("-", " ")
                for o in f.keys.options
            }
        children = [
            _build(f.values, labels[k], _join(name, k), _value_at(value, k), players, errors) for k in keys
        ]
        for child, k in zip(children, keys, strict=True):
            child.label = labels[k]
        # Say the values' help once, above the map, rather than under every entry.
        helps = {c.help for c in children}
        if len(helps) == 1 and not common["help"]:
            common["help"] = helps.pop()
            for c in children:
                c.help = ""
        nested = isinstance(f.values, Object | Map | List)
        return Node("map" if not nested else "map-wide", children=children, **common)
    if (
        isinstance(f, List)
        and isinstance(f.item, Object | List)
        and not isinstance(f, Coord)
        and not isinstance(f.item, Coord)
    ):
        row_key = _player_row_field(f.item)
        items = value if isinstance(value, list) else []
        count = len(items) if items else (len(players) if row_key else 0)
        count = min(count, MAX_ROWS)
        children = []
        for i in range(count):
            item_value = _value_at(items, i)
            if row_key and not item_value and i < len(players):
                item_value = {row_key: players[i]}
            child = _build(f.item, str(i + 1), _join(name, i), item_value, players, errors)
            # A row per player is "Player 2", as the players step says, not "Players 2".
            child.label = str(_("Player %(n)s")) % {"n": i + 1} if row_key else f"{label} {i + 1}"
            children.append(child)
        return Node("rows", children=children, rows=count, can_add=count < MAX_ROWS, **common)
    if isinstance(f, List):
        if isinstance(f.item, Coord):
            text = (
                "; ".join(",".join(str(c) for c in p) for p in value if isinstance(p, list))
                if isinstance(value, list)
                else ""
            )
            hint = _("x,y pairs separated by ';' (e.g. 0,1; 4,2)")
        elif isinstance(f, Coord):
            text = ",".join(str(c) for c in value) if isinstance(value, list) else ""
            hint = _("x,y (e.g. 3,4)")
        elif _names(f):
            text = ", ".join(str(v) for v in value) if isinstance(value, list) else ""
            hint = _("names separated by commas (e.g. Anna Maria, Jan)")
        else:
            text = " ".join(str(v) for v in value) if isinstance(value, list) else ""
            if isinstance(f.item, Choice):
                hint = _("separated by spaces; any of: %(o)s") % {"o": ", ".join(map(str, f.item.options))}
            else:
                hint = _("separated by spaces (e.g. 3 5 6)")
        widget = "dice-list" if isinstance(f.item, Die) else "text-list"
        # One text field for the whole list: its items' errors are shown on it, each naming
        # the item in words as the referee counts and typed it ("Item 3 (“x”): …").
        shown, paths = list(common["errors"]), []
        for path, messages in errors.items():
            rest = path[len(name) + 1 :] if path.startswith(name + ".") else None
            if rest is not None:
                shown += [_item_error(f, value, rest, m) for m in messages]
                paths.append(path)
        common = {**common, "errors": shown}
        node = Node(widget, value=text, **{**common, "help": common["help"] or str(hint)})
        node.error_paths += paths
        return node
    if isinstance(f, Bool):
        # Not given: the declaration's default (a toggle that is on unless the referee says not).
        if value is None and f.default is not MISSING:
            value = f.default
        return Node("toggle", value=bool(value), **common)
    if isinstance(f, Die):
        faces = range(f.min or 1, (f.max or 6) + 1)  # the edition's die (a parameter in some games)
        return Node("die", value=value, options=[(str(i), str(i)) for i in faces], **common)
    if isinstance(f, Int):
        return Node(
            "stepper" if f.widget == "stepper" else "number",
            value="" if value is None else value,
            min=f.min,
            max=f.max,
            **common,
        )
    if isinstance(f, Choice):
        options = [(str(o), str(f.labels.get(o, o))) for o in f.options]
        if not f.required or f.nullable:
            options.insert(0, (NULL if f.nullable else "", "—"))
        return Node("choice", value=_choice_value(f, value), options=options, **common)
    if isinstance(f, Player):
        options = [(p, p) for p in players]
        if not f.required or f.nullable:
            options.insert(0, (NULL if f.nullable else "", "—"))
        return Node("choice", value=_choice_value(f, value), options=options, **common)
    if isinstance(f, Str):
        return Node("text", value=value or "", **common)
    return Node("text", value="" if value is None else value, **common)  # pragma: no cover


def _item_error(f: List, value: Any, rest: str, message: str) -> str:
    """An error of one item of a list typed in one field, said in words: which item (as the
    referee counts), what was typed there, and for a field of the board which coordinate."""
    index, _sep, part = rest.partition(".")
    if not index.isdigit():
        return f"{rest}: {message}"
    n = int(index) + 1
    item = _value_at(value, int(index))
    if isinstance(f.item, Coord):
        typed = ",".join(str(c) for c in item) if isinstance(item, list) else str(item or "")
        if part.isdigit():
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
        target = _value_at(target, int(part) if part.isdigit() else part)
    last = parts[-1] if parts else None
    rows = target.get(last) if isinstance(target, dict) and last else None
    if isinstance(rows, list):
        if verb == "add" and len(rows) < MAX_ROWS:
            rows.append({})
        elif verb == "del" and rows:
            rows.pop()
    return raw
