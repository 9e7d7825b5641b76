"""Pictures of rulings about places on a board: small SVGs drawn on the server beside the coordinates.

``board_for(game, adjudicator, inputs, outcome)`` draws a ruling from what it holds (a stored
ruling and a live one alike: ``RulingDoc.inputs`` and ``.outcome``) and returns ``None`` for a
ruling with nothing to draw. Pure: no database, request or clock. The markup is built and
escaped here; ``games/_board.html`` only places it. No inline styles (the CSP forbids them):
SVG presentation attributes give the colours, classes in app.css the layout.

The geometry is the adjudicator's own: a field is ``[x, y]`` from ``[0, 0]``, x growing east
and y south (``games.engine.declare.Coord``), a step of the wind is ``weather.STEPS``; north is
drawn up. Nothing is moved here: "after" is the outcome the adjudicator returned.

Drawn: Dolores's ``wind`` (before and after) and ``movement`` (a strip of the fields the unit
may enter). ``move-and-attack`` is not: it has no places, and which of its actions breaks
GNIAZDO's proposal 6 depends on the edition's figures, which the ruling does not hold.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.adjudicators.dolores.common import say_fields
from games.adjudicators.dolores.military import TERRAINS, UNIT_KINDS
from games.adjudicators.dolores.weather import DIRECTION_NAMES, STEPS, TOKEN_NAMES

CELL = 26  # one field, in SVG units
GUTTER = 18  # room for the column numbers above, and for row numbers of up to two digits
CAP = 12  # fields drawn across and down: a larger board is drawn around its tokens
LIST_CAP = 30  # fields listed per kind in the words under the picture
STRIP_WIDTH = 388  # the movement strip, at most (every picture stays within 390 px)

BLUE, INK = "#0b5cad", "#1b1f24"

Cell = tuple[int, int]

# The drawing functions below return plain ``str`` markup in which every interpolated value
# is a number (``_n`` or an int), a constant, or passed through ``escape``; ``_svg`` and
# ``_swatch`` mark the finished picture safe. (format_html on every field would cost ten times
# as much on a page that must stay fast.)


@dataclass(frozen=True)
class Panel:
    """One picture: the SVG and its caption."""

    svg: SafeString
    caption: str


@dataclass(frozen=True)
class Listing:
    """One line of the words under the pictures: what lies where."""

    label: str
    text: str


@dataclass(frozen=True)
class Board:
    """What ``games/_board.html`` shows: the pictures, the key to their symbols, the fields in words."""

    panels: list[Panel]
    key: list[tuple[SafeString, str]]
    listing: list[Listing]
    note: str = ""


class Unreadable(ValueError):
    """The ruling's inputs or outcome are not in the shape this picture reads."""


def board_for(game: str, adjudicator: str, inputs: Any, outcome: Any, *, uid: str = "") -> Board | None:
    """Draw the ruling, or None when it has no board to show (or does not read as one)."""
    draw = DRAWINGS.get((game, adjudicator))
    if draw is None or not isinstance(inputs, dict) or not isinstance(outcome, dict):
        return None
    prefix = "-".join(filter(None, ["board", re.sub(r"[^A-Za-z0-9]", "", str(uid))[:40]]))
    try:
        return draw(inputs, outcome, prefix)
    except (Unreadable, KeyError, TypeError):
        # A ruling stored in another shape still shows, without its picture.
        return None


# ---------------------------------------------------------------- reading


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(value)
    return value


def _cells(value: Any) -> list[Cell]:
    if not isinstance(value, list):
        raise Unreadable(value)
    out = []
    for c in value:
        if not isinstance(c, list | tuple) or len(c) != 2:
            raise Unreadable(c)
        out.append((_int(c[0]), _int(c[1])))
    return out


def _say(cells: Sequence[Cell]) -> str:
    """Fields in words, a stack as "[4, 4] ×2", at most LIST_CAP of them."""
    counts = Counter(cells)
    shown = list(counts)[:LIST_CAP]
    text = ", ".join(say_fields([c]) + (f" ×{counts[c]}" if counts[c] > 1 else "") for c in shown)
    rest = len(counts) - len(shown)
    if rest:
        text += " " + ngettext("and %(n)s more field", "and %(n)s more fields", rest) % {"n": rest}
    return text


def _sentence(parts: Iterable[tuple[str, str]]) -> str:
    said = [f"{name}: {fields}" for name, fields in parts if fields]
    return "; ".join(said) + "." if said else _("nothing on the board.")


# -------------------------------------------------------------------- svg


def _n(v: float) -> str:
    """A coordinate: at most one decimal."""
    if isinstance(v, int):
        return str(v)
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _svg(width: float, height: float, prefix: str, title: str, desc: str, body: str) -> SafeString:
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" viewBox="0 0 {w} {h}" width="{w}" '
        'height="{h}" role="img" aria-labelledby="{p}-t" aria-describedby="{p}-d" '
        'font-family="system-ui, sans-serif"><title id="{p}-t">{title}</title><desc id="{p}-d">{desc}</desc>'
        "{body}</svg>",
        w=_n(width),
        h=_n(height),
        p=prefix,
        title=title,
        desc=desc,
        body=mark_safe(body),
    )


def _swatch(body: str) -> SafeString:
    """A key's symbol: the same drawing as on the board, on a field of its own."""
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-swatch" viewBox="0 0 {CELL} {CELL}" '
        f'width="{CELL}" height="{CELL}" aria-hidden="true" font-family="system-ui, sans-serif">'
        f'<rect x="0.5" y="0.5" width="{CELL - 1}" height="{CELL - 1}" fill="#f7f5ef" stroke="#c9c3b5"/>'
        f"{body}</svg>"
    )


# Where a kind sits in a field shared with other kinds: its quarter, so all fit at once.
QUARTER = CELL / 4
SPOT = {"pollution": (-QUARTER, -QUARTER), "radioactive": (QUARTER, -QUARTER), "fire": (-QUARTER, QUARTER)}
COLOURS = {  # fill, outline, letter
    "pollution": ("#4a525c", INK, "#fff"),
    "radioactive": ("#f2c94c", "#7a5b00", INK),
    "fire": ("#d9480f", "#8f2d07", "#fff"),
}


def _symbols() -> dict[str, str]:
    """The letter on each kind of token (the key says what each means)."""
    return {
        "pollution": pgettext("board symbol: pollution", "P"),
        "radioactive": pgettext("board symbol: radioactive cloud", "R"),
        "fire": pgettext("board symbol: fire", "F"),
        "new_fire": pgettext("board symbol: new fire", "F+"),
    }


def _token(
    sym: dict[str, str],
    kind: str,
    cx: float,
    cy: float,
    count: int = 1,
    *,
    alone: bool = True,
    new: bool = False,
    gone: bool = False,
) -> str:
    """One kind of token on the field centred at (cx, cy): large when alone there, else in its quarter."""
    if alone:
        x, y, r = cx, cy, CELL / 3
    else:
        dx, dy = SPOT[kind]
        x, y, r = cx + dx, cy + dy, CELL / 4 - 0.6
    label = sym["new_fire"] if new else sym[kind]
    if count > 1:
        label += str(count) if count < 10 else "+"
    fill, outline, ink = COLOURS[kind]
    faded = ' stroke-dasharray="2 1.5" opacity="0.6"' if gone else ""
    if kind == "fire":
        # A new fire has a heavy black outline besides its "+".
        outline, width = (INK, "1.8") if new else (outline, "0.8")
        shape = (
            f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" rx="2" '
            f'fill="{fill}" stroke="{outline}" stroke-width="{width}"{faded}/>'
        )
    else:
        shape = (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{outline}" '
            f'stroke-width="0.8"{faded}/>'
        )
    size = (11 if alone else 9.5) * (0.85 if len(label) > 1 else 1)
    dim = ' opacity="0.6"' if gone else ""
    return shape + (
        f'<text x="{_n(x)}" y="{_n(y + size * 0.36)}" font-size="{_n(size)}" font-weight="700" '
        f'text-anchor="middle" fill="{ink}"{dim}>{escape(label)}</text>'
    )


def _tree(cx: float, cy: float) -> str:
    """A forest, farm field or city (a field that can burn): in the corner, under any token there."""
    x, y, h = cx + CELL * 0.3, cy + CELL * 0.3, CELL / 6
    return (
        f'<polygon points="{_n(x)},{_n(y - h)} {_n(x - h)},{_n(y + h)} {_n(x + h)},{_n(y + h)}" '
        'fill="#2f7d32" stroke="none"/>'
    )


def _arrow(cx: float, cy: float, angle: float, length: float, colour: str = BLUE) -> str:
    """An arrow centred at (cx, cy) pointing ``angle`` degrees clockwise from east."""
    head, tail = cx + length / 2, cx - length / 2
    return (
        f'<g transform="rotate({_n(angle)} {_n(cx)} {_n(cy)})" stroke="{colour}" fill="{colour}">'
        f'<line x1="{_n(tail)}" y1="{_n(cy)}" x2="{_n(head - 4)}" y2="{_n(cy)}" stroke-width="2"/>'
        f'<polygon points="{_n(head)},{_n(cy)} {_n(head - 6)},{_n(cy - 4)} {_n(head - 6)},{_n(cy + 4)}" '
        'stroke="none"/></g>'
    )


def _angle(direction: str) -> float:
    """The way a wind blows on the picture: SVG's y grows down as the board's y grows south."""
    dx, dy = STEPS[direction]
    return math.degrees(math.atan2(dy, dx))


def _trail_line(x1: float, y1: float, x2: float, y2: float, dot: bool) -> str:
    start = f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="2.2"/>' if dot else ""
    return (
        f'{start}<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke-width="1.5" '
        'stroke-dasharray="3 2"/>'
    )


# ------------------------------------------------------------------ window


def _start(size: int, coords: Sequence[int]) -> int:
    """The first field of a CAP-wide window over 0…size−1 holding the most of ``coords``."""
    if size <= CAP or not coords:
        return 0
    # A token off an edge (−1 or size) counts as at the field it left.
    pts = sorted(min(max(c, 0), size - 1) for c in coords)
    best, start = -1, 0
    for c in sorted(set(pts)):
        for a in (c - CAP + 1, c):
            a = min(max(a, 0), size - CAP)
            n = bisect_right(pts, a + CAP - 1) - bisect_left(pts, a)
            if n > best:
                best, start = n, a
    return start


@dataclass(frozen=True)
class Window:
    """The fields drawn: columns x0…x0+nc−1 and rows y0…y0+nr−1 of a width × height board,
    with a ring of one field around them (off the board where the window reaches its edge)."""

    width: int
    height: int
    x0: int
    y0: int
    nc: int
    nr: int

    @classmethod
    def around(cls, width: int, height: int, pieces: Sequence[Cell]) -> Window:
        """The window holding most of ``pieces``: the columns first, then the rows among those."""
        nc, nr = min(width, CAP), min(height, CAP)
        x0 = _start(width, [x for x, _y in pieces])
        inside = [p for p in pieces if x0 - 1 <= p[0] <= x0 + nc] or list(pieces)
        y0 = _start(height, [y for _x, y in inside])
        return cls(width, height, x0, y0, nc, nr)

    @property
    def cropped(self) -> bool:
        return (self.nc, self.nr) != (self.width, self.height)

    @property
    def size(self) -> tuple[int, int]:
        return self.left + CELL * (self.nc + 2), GUTTER + CELL * (self.nr + 2)

    @property
    def left(self) -> int:
        """Room for the row numbers: three digits need more than two (at most 22 + 14 fields = 386)."""
        return max(GUTTER, 6 * len(str(self.y0 + self.nr - 1)) + 4)

    def inside(self, c: Cell) -> bool:
        return self.x0 <= c[0] < self.x0 + self.nc and self.y0 <= c[1] < self.y0 + self.nr

    def shows(self, c: Cell) -> bool:
        """Drawn: inside the window, or just off a board edge that the window reaches."""
        x, y = c
        in_cols, in_rows = self.x0 <= x < self.x0 + self.nc, self.y0 <= y < self.y0 + self.nr
        off_x = (x == -1 and self.x0 == 0) or (x == self.width and self.x0 + self.nc == self.width)
        off_y = (y == -1 and self.y0 == 0) or (y == self.height and self.y0 + self.nr == self.height)
        return (in_cols and in_rows) or (off_x and in_rows) or (off_y and in_cols)

    def centre(self, c: Cell) -> tuple[int, int]:
        # Whole numbers (CELL is even): the grid is written without formatting a float.
        return (
            self.left + CELL * (1 + c[0] - self.x0) + CELL // 2,
            GUTTER + CELL * (1 + c[1] - self.y0) + CELL // 2,
        )

    def clamp(self, c: Cell) -> Cell:
        """The field, or the ring field nearest it when it lies beyond the window."""
        return (
            min(max(c[0], self.x0 - 1), self.x0 + self.nc),
            min(max(c[1], self.y0 - 1), self.y0 + self.nr),
        )

    def grid(self, burnable: set[Cell]) -> str:
        """The fields, their numbers, the board's edges and north."""
        cells, trees = [], []
        for y in range(self.y0, self.y0 + self.nr):
            for x in range(self.x0, self.x0 + self.nc):
                cx, cy = self.centre((x, y))
                burn = (x, y) in burnable
                fill = ' fill="#dcefd6"' if burn else ""
                cells.append(
                    f'<rect x="{cx - CELL // 2}" y="{cy - CELL // 2}" width="{CELL}" height="{CELL}"{fill}/>'
                )
                if burn:
                    trees.append(_tree(cx, cy))
        numbers = [
            f'<text x="{self.centre((x, 0))[0]}" y="{GUTTER - 5}" text-anchor="middle">{x}</text>'
            for x in range(self.x0, self.x0 + self.nc)
        ] + [
            f'<text x="{self.left - 3}" y="{self.centre((0, y))[1] + 3}" text-anchor="end">{y}</text>'
            for y in range(self.y0, self.y0 + self.nr)
        ]
        left, top = self.left + CELL, GUTTER + CELL
        right, bottom = left + CELL * self.nc, top + CELL * self.nr
        # The board's own edge is drawn solid; where the window cuts the board, dashed.
        edges = [
            (left, top, right, top, self.y0 == 0),
            (left, bottom, right, bottom, self.y0 + self.nr == self.height),
            (left, top, left, bottom, self.x0 == 0),
            (right, top, right, bottom, self.x0 + self.nc == self.width),
        ]
        solid = f'stroke="{INK}" stroke-width="2"'
        cut = 'stroke="#8a929c" stroke-width="1.5" stroke-dasharray="4 3"'
        lines = [
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {solid if edge else cut}/>'
            for x1, y1, x2, y2, edge in edges
        ]
        north = _arrow(self.left + CELL / 2, GUTTER + CELL / 2 + 3, -90, 12, INK) + (
            f'<text x="{_n(self.left + CELL / 2 + 8)}" y="{GUTTER + 10}" font-size="9" font-weight="700" '
            f'text-anchor="middle" fill="{INK}">{escape(pgettext("compass: north", "N"))}</text>'
        )
        return (
            f'<g fill="#f7f5ef" stroke="#c9c3b5" stroke-width="1">{"".join(cells)}</g>{"".join(trees)}'
            f'<g font-size="9" fill="#5b6470">{"".join(numbers)}</g>{"".join(lines)}{north}'
        )

    def wind(self, direction: str) -> str:
        """Arrows along the upwind side, blowing onto the fields (tokens leave downwind only)."""
        dx, dy = STEPS[direction]
        if dx:
            x = self.x0 - 1 if dx > 0 else self.x0 + self.nc
            spots = [(x, y) for y in range(self.y0, self.y0 + self.nr, 2)]
        else:
            y = self.y0 - 1 if dy > 0 else self.y0 + self.nr
            spots = [(x, y) for x in range(self.x0, self.x0 + self.nc, 2)]
        return "".join(_arrow(*self.centre(spot), _angle(direction), CELL - 8) for spot in spots)

    def trail(self, a: Cell, b: Cell) -> str:
        """The way a cloud went, clipped to the drawn fields (a wind blows along a row or a column)."""
        if (a[0] == b[0] and not self.x0 <= a[0] < self.x0 + self.nc) or (
            a[1] == b[1] and not self.y0 <= a[1] < self.y0 + self.nr
        ):
            return ""
        ca, cb = self.clamp(a), self.clamp(b)
        if ca == cb:
            return ""
        return _trail_line(*self.centre(ca), *self.centre(cb), dot=self.inside(a))

    def tokens(self, layers: list[tuple[str, list[Cell], dict[str, bool]]]) -> str:
        """The tokens of every layer that the window shows, each field's kinds laid out together."""
        sym = _symbols()
        fields: dict[Cell, list[tuple[str, int, dict[str, bool]]]] = {}
        for kind, cells, flags in layers:
            for c, count in Counter(cells).items():
                if self.shows(c):
                    fields.setdefault(c, []).append((kind, count, flags))
        return "".join(
            _token(sym, kind, *self.centre(c), count, alone=len(here) == 1, **flags)
            for c, here in fields.items()
            for kind, count, flags in here
        )


# -------------------------------------------------------------------- wind


@dataclass(frozen=True)
class WindCase:
    """A wind ruling read back: the situation (inputs) and what the adjudicator made of it."""

    width: int
    height: int
    before: dict[str, list[Cell]]
    fires: list[Cell]
    burnable: list[Cell]
    direction: str | None
    strength: int
    after: dict[str, list[Cell]]
    new_fires: list[Cell]
    removed: list[tuple[str, Cell]]

    @classmethod
    def read(cls, inputs: dict[str, Any], outcome: dict[str, Any]) -> WindCase:
        width, height = _int(inputs["width"]), _int(inputs["height"])
        direction = outcome["direction"]
        if width < 1 or height < 1 or (direction is not None and direction not in STEPS):
            raise Unreadable((width, height, direction))
        removed = []
        for item in outcome["removed_off_board"]:
            if not isinstance(item, dict) or item.get("kind") not in ("pollution", "radioactive"):
                raise Unreadable(item)
            removed.append((item["kind"], _cells([item["from"]])[0]))
        return cls(
            width=width,
            height=height,
            before={k: _cells(inputs.get(k, [])) for k in ("pollution", "radioactive")},
            fires=_cells(inputs.get("fires", [])),
            burnable=_cells(inputs.get("burnable", [])),
            direction=direction,
            strength=_int(outcome["strength"]),
            after={k: _cells(outcome[k]) for k in ("pollution", "radioactive")},
            new_fires=_cells(outcome["new_fires"]),
            removed=removed,
        )

    def exit(self, c: Cell) -> Cell:
        """The field just off the board where a token blown from ``c`` left it."""
        dx, dy = STEPS[self.direction or ""]
        x = self.width if dx > 0 else -1 if dx < 0 else c[0]
        y = self.height if dy > 0 else -1 if dy < 0 else c[1]
        return (x, y)

    @property
    def exits(self) -> list[tuple[str, Cell]]:
        return [(k, self.exit(c)) for k, c in self.removed] if self.direction else []

    def paths(self) -> list[tuple[Cell, Cell]]:
        """Each cloud token's way, from its field to its new one or to where it left the board.

        The adjudicator keeps the tokens' order and drops the ones blown off, so the outcome is
        read back in that order: no token is moved again here."""
        if not self.direction:
            return []
        paths = []
        for kind in ("pollution", "radioactive"):
            gone = Counter(c for k, c in self.removed if k == kind)
            moved = iter(self.after[kind])
            for c in self.before[kind]:
                if gone[c]:
                    gone[c] -= 1
                    paths.append((c, self.exit(c)))
                elif (to := next(moved, None)) is not None:
                    paths.append((c, to))
                else:
                    raise Unreadable(c)
        return paths

    def pieces(self) -> list[Cell]:
        """Every field a token lies on, before or after: what the window is chosen around."""
        b, a = self.before, self.after
        exits = [c for _k, c in self.exits]
        return [
            *b["pollution"],
            *b["radioactive"],
            *a["pollution"],
            *a["radioactive"],
            *self.fires,
            *self.new_fires,
            *exits,
        ]


def _wind_words(case: WindCase) -> tuple[str, str, str, str]:
    """The captions and the fields in words, before and after."""
    names, can_burn = TOKEN_NAMES, _("forest, farm field or city")
    before = _sentence(
        [
            (names["pollution"], _say(case.before["pollution"])),
            (names["radioactive"], _say(case.before["radioactive"])),
            (_("fire"), _say(case.fires)),
            (can_burn, _say(case.burnable)),
        ]
    )
    gone = ", ".join(f"{names[k]} {say_fields([c])}" for k, c in case.removed[:LIST_CAP])
    if len(case.removed) > LIST_CAP:
        rest = len(case.removed) - LIST_CAP
        gone += " " + ngettext("and %(n)s more", "and %(n)s more", rest) % {"n": rest}
    after = _sentence(
        [
            (names["pollution"], _say(case.after["pollution"])),
            (names["radioactive"], _say(case.after["radioactive"])),
            (_("fire"), _say(case.fires)),
            (_("new fire"), _say(case.new_fires)),
            (_("blown off the board from"), gone),
        ]
    )
    if case.direction is None:
        after_caption = _("After: no wind, nothing moved")
    else:
        after_caption = _("After: the wind blew %(direction)s, strength %(s)s") % {
            "direction": DIRECTION_NAMES[case.direction],
            "s": case.strength,
        }
    return _("Before the wind"), before, after_caption, after


def _wind_key() -> list[tuple[SafeString, str]]:
    sym, mid = _symbols(), CELL / 2
    blue = f'stroke="{BLUE}" fill="{BLUE}"'
    return [
        (_swatch(_token(sym, "pollution", mid, mid)), str(TOKEN_NAMES["pollution"])),
        (_swatch(_token(sym, "radioactive", mid, mid)), str(TOKEN_NAMES["radioactive"])),
        (_swatch(_token(sym, "fire", mid, mid)), _("fire")),
        (_swatch(_token(sym, "fire", mid, mid, new=True)), _("new fire, spread in this wind")),
        (_swatch(_tree(mid - CELL * 0.3, mid - CELL * 0.3)), _("forest, farm field or city")),
        (_swatch(_arrow(mid, mid, 0, CELL - 8)), _("the way the wind blows")),
        (_swatch(f"<g {blue}>{_trail_line(4, mid, CELL - 4, mid, dot=True)}</g>"), _("the way a cloud went")),
        (_swatch(_token(sym, "pollution", mid, mid, gone=True)), _("off the board: removed for good")),
    ]


def _wind(inputs: dict[str, Any], outcome: dict[str, Any], prefix: str) -> Board:
    case = WindCase.read(inputs, outcome)
    pieces = case.pieces()
    w = Window.around(case.width, case.height, pieces or case.burnable)
    before_caption, before_text, after_caption, after_text = _wind_words(case)

    grid = w.grid(set(case.burnable))
    # dl.wind-fire-burns: the forest and farm field tokens come off a newly burning field, so
    # the picture after the wind no longer marks it as a field that can burn.
    grid_after = w.grid(set(case.burnable) - set(case.new_fires))
    wind = w.wind(case.direction) if case.direction else ""
    fires = ("fire", case.fires, {})
    before = w.tokens(
        [("pollution", case.before["pollution"], {}), ("radioactive", case.before["radioactive"], {}), fires]
    )
    trails = "".join(w.trail(a, b) for a, b in case.paths())
    after = w.tokens(
        [
            ("pollution", case.after["pollution"], {}),
            ("radioactive", case.after["radioactive"], {}),
            ("pollution", [c for k, c in case.exits if k == "pollution"], {"gone": True}),
            ("radioactive", [c for k, c in case.exits if k == "radioactive"], {"gone": True}),
            fires,
            ("fire", case.new_fires, {"new": True}),
        ]
    )
    size = w.size
    panels = [
        Panel(
            _svg(*size, prefix + "-before", before_caption, before_text, grid + wind + before), before_caption
        ),
        Panel(
            _svg(
                *size,
                prefix + "-after",
                after_caption,
                after_text,
                f'{grid_after}{wind}<g stroke="{BLUE}" fill="{BLUE}">{trails}</g>{after}',
            ),
            after_caption,
        ),
    ]
    note = ""
    if w.cropped:
        note = _(
            "The board is %(w)s × %(h)s fields: drawn are columns %(x0)s–%(x1)s and rows %(y0)s–%(y1)s, "
            "around the tokens."
        ) % {
            "w": case.width,
            "h": case.height,
            "x0": w.x0,
            "x1": w.x0 + w.nc - 1,
            "y0": w.y0,
            "y1": w.y0 + w.nr - 1,
        }
        hidden = len({c for c in pieces if not w.shows(c)})
        if hidden:
            note += " " + ngettext(
                "%(n)s field with tokens lies outside them: see the fields in words.",
                "%(n)s fields with tokens lie outside them: see the fields in words.",
                hidden,
            ) % {"n": hidden}
    listing = [Listing(before_caption, before_text), Listing(after_caption, after_text)]
    return Board(panels=panels, key=_wind_key(), listing=listing, note=note)


# ---------------------------------------------------------------- movement


def _terrain(kind: str, x: float, y: float, s: float) -> str:
    """A field of ``kind``: each terrain has a shape of its own, not only a colour."""
    fill = {"open": "#f4efe1", "forest": "#dcefd6", "route": "#f4efe1", "sea": "#d6e8f5"}[kind]
    body = f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(s)}" height="{_n(s)}" fill="{fill}"/>'
    cx, cy = x + s / 2, y + s / 2
    if kind == "forest":
        h = s / 6
        for tx in (cx - s / 5, cx + s / 5):
            body += (
                f'<polygon points="{_n(tx)},{_n(cy - h)} {_n(tx - h)},{_n(cy + h)} {_n(tx + h)},{_n(cy + h)}" '
                'fill="#2f7d32"/>'
            )
    elif kind == "route":
        body += (
            f'<line x1="{_n(x)}" y1="{_n(cy)}" x2="{_n(x + s)}" y2="{_n(cy)}" stroke="#8b5e34" '
            f'stroke-width="{_n(s / 7)}"/>'
        )
    elif kind == "sea":
        for wy in (cy - s / 8, cy + s / 6):
            body += (
                f'<path d="M{_n(x + s * 0.2)} {_n(wy)} q{_n(s * 0.15)} {_n(-s * 0.1)} {_n(s * 0.3)} 0 '
                f't{_n(s * 0.3)} 0" fill="none" stroke="#1f5f99" stroke-width="1.5"/>'
            )
    return body


def _movement(inputs: dict[str, Any], outcome: dict[str, Any], prefix: str) -> Board:
    # The rules count fields and say nothing of diagonal steps, so the picture is a ruler (the
    # unit's field, then the fields it may enter, numbered), not an area of reach.
    unit, terrain = inputs["unit"], inputs["terrain"]
    if unit not in UNIT_KINDS or terrain not in TERRAINS:
        raise Unreadable((unit, terrain))
    fields = _int(outcome["max_fields"])
    allowed = outcome["allowed"] is True and fields > 0
    shown = min(fields, CAP) if allowed else 1
    s, top = min(40.0, STRIP_WIDTH / (shown + 1)), 4.0
    letter = {
        "infantry": pgettext("board symbol: infantry", "I"),
        "armored": pgettext("board symbol: armored unit", "A"),
        "ship": pgettext("board symbol: ship", "S"),
    }[unit]
    parts = [
        f'<rect x="0" y="{_n(top)}" width="{_n(s)}" height="{_n(s)}" fill="#eef1f4" stroke="#c9c3b5"/>'
        f'<circle cx="{_n(s / 2)}" cy="{_n(top + s / 2)}" r="{_n(s * 0.34)}" fill="{BLUE}"/>'
        f'<text x="{_n(s / 2)}" y="{_n(top + s * 0.63)}" font-size="{_n(s * 0.36)}" font-weight="700" '
        f'text-anchor="middle" fill="#fff">{escape(letter)}</text>'
    ]
    for n in range(1, shown + 1):
        x = s * n
        parts.append(_terrain(terrain, x, top, s))
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(top)}" width="{_n(s)}" height="{_n(s)}" fill="none" stroke="#c9c3b5"/>'
        )
        if allowed:
            parts.append(
                f'<text x="{_n(x + 3)}" y="{_n(top + s * 0.3)}" font-size="{_n(max(8.0, s * 0.26))}" '
                f'fill="{INK}">{n}</text>'
            )
    if allowed:
        # From the unit's field to the last one it may reach, under the numbers and shapes.
        start, end = s * 0.85, s * (shown + 0.85)
        parts.append(_arrow((start + end) / 2, top + s * 0.82, 0, end - start))
    else:
        a, b, c, d = s * 1.2, top + s * 0.2, s * 1.8, top + s * 0.8
        parts.append(
            f'<g stroke="#7a1f1f" stroke-width="3"><line x1="{_n(a)}" y1="{_n(b)}" x2="{_n(c)}" y2="{_n(d)}"/>'
            f'<line x1="{_n(a)}" y1="{_n(d)}" x2="{_n(c)}" y2="{_n(b)}"/></g>'
        )
    names = {"unit": UNIT_KINDS[unit], "terrain": TERRAINS[terrain]}
    if allowed:
        caption = ngettext(
            "%(unit)s on %(terrain)s: up to %(n)s field a round",
            "%(unit)s on %(terrain)s: up to %(n)s fields a round",
            fields,
        ) % {**names, "n": fields}
        desc = ngettext(
            "The unit's field, then %(n)s field of %(terrain)s it may enter this round, counted from it.",
            "The unit's field, then %(n)s fields of %(terrain)s it may enter this round, counted from it.",
            fields,
        ) % {**names, "n": fields}
    else:
        caption = _("%(unit)s on %(terrain)s: may not enter") % names
        desc = _("The unit's field, then a field of %(terrain)s it may not enter.") % names
    caption = capfirst(caption)
    svg = _svg(s * (shown + 1) + 1, s + top * 2, prefix + "-move", caption, desc, "".join(parts))
    note = ""
    if allowed and fields > shown:
        note = _("Only the first %(shown)s of the %(n)s fields are drawn.") % {"shown": shown, "n": fields}
    return Board(panels=[Panel(svg, caption)], key=[], listing=[Listing(caption, desc)], note=note)


DRAWINGS: dict[tuple[str, str], Callable[[dict[str, Any], dict[str, Any], str], Board]] = {
    ("dolores", "wind"): _wind,
    ("dolores", "movement"): _movement,
}
