"""Table rows bound to the words of their clause: a row's figures are the numbers its text states.

Each row of a rule table (Dolores's Tables 1 and 2) is linked to the clause holding its
wording, e.g. ``dl.t1.coal`` = "węgiel 5 25 N/D" → ``sale = 5, purchase = 25``. The row's
``numbers`` say which cell each number of the text fills, in the order the text gives
them (``"sale|purchase"`` fills two cells with one number, ``"-"`` skips a number the row
does not use); rows whose cells follow the text one for one need not say it. So a draft
that revises "25" to "30" in the row's clause changes the purchase price the adjudicators
read, with no code change; a revision whose numbers no longer line up with the cells is
refused, like a parameter whose words are gone (``rules.params``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any

NUMBER = re.compile(r"\d+")
# Row keys that are not figures: identity, labels, the corpus's notes on the reading.
NOT_CELLS = frozenset({"clause", "category", "item", "label", "group", "nd", "flagged", "reading", "numbers"})


class RowBindingError(ValueError):
    """The text's numbers do not line up with the row's cells."""


def default_paths(row: Mapping[str, Any]) -> list[str]:
    """The row's numeric cells in the order written (scalars and one level of goods)."""
    paths = []
    for key, value in row.items():
        if key in NOT_CELLS:
            continue
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            paths.append(key)
        elif isinstance(value, Mapping):
            paths.extend(
                f"{key}.{k}" for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)
            )
        elif isinstance(value, list) and all(isinstance(v, int) for v in value):
            paths.extend(f"{key}.{n}" for n in range(len(value)))
    return paths


def paths_of(row: Mapping[str, Any]) -> list[str]:
    return list(row.get("numbers") or default_paths(row))


def _set(row: dict[str, Any], path: str, value: int) -> None:
    head, _, tail = path.partition(".")
    if not tail:
        row[head] = value
        return
    inner = row[head]
    if isinstance(inner, list):
        inner[int(tail)] = value
    else:
        inner[tail] = value


def cell(row: Mapping[str, Any], path: str) -> Any:
    """The value of one cell (``tax.coal``, ``districts.0``), or None."""
    head, _, tail = path.partition(".")
    inner = row.get(head)
    if not tail:
        return inner
    if isinstance(inner, list):
        return inner[int(tail)]
    return inner.get(tail) if isinstance(inner, Mapping) else None


def read_row(row: Mapping[str, Any], text: str) -> dict[str, Any]:
    """The row with its cells read from ``text``; raises ``RowBindingError``."""
    paths = paths_of(row)
    numbers = [int(n) for n in NUMBER.findall(text)]
    if len(numbers) != len(paths):
        raise RowBindingError(
            f"the row reads {len(paths)} numbers from its text ({', '.join(paths)}); the text states "
            f"{len(numbers)}"
        )
    out = copy.deepcopy(dict(row))
    for path, value in zip(paths, numbers, strict=True):
        if path == "-":
            continue
        for cell in path.split("|"):
            _set(out, cell, value)
    return out


def check_row(row: Mapping[str, Any], text: str) -> str | None:
    """Why ``row`` does not say what ``text`` says (None when it does)."""
    try:
        read = read_row(row, text)
    except RowBindingError as exc:
        return str(exc)
    for path in paths_of(row):
        for name in path.split("|") if path != "-" else ():
            if cell(read, name) != cell(row, name):
                return f"{name} is {cell(row, name)} in the table but {cell(read, name)} in the text"
    return None


def read_rows(rows: Iterable[Mapping[str, Any]], texts: Mapping[str, str]) -> list[dict[str, Any]]:
    """Every row re-read from its clause's text in ``texts`` (rows whose clause is not there,
    or whose text no longer lines up, keep their cells)."""
    out = []
    for row in rows:
        text = texts.get(row["clause"])
        try:
            out.append(read_row(row, text) if text is not None else dict(row))
        except RowBindingError:
            out.append(dict(row))
    return out


# ---------------------------------------------------------------- the reader's layout


def header_rows(spec: Mapping[str, Any], text: str) -> list[list[tuple[str, int, int]]] | None:
    """The header clause's words as the table's header rows (words, columns, rows spanned),
    or None when its text no longer holds those words in that order (a designer revised it:
    the reader then shows the header as it is written)."""
    rows = spec.get("header_rows")
    if not rows:
        return None
    rest = " ".join(text.split())
    out = []
    for row in rows:
        cells = []
        for words, cols, span in row:
            at = rest.find(words)
            if at < 0:
                return None
            rest = rest[at + len(words) :]
            cells.append((words, int(cols), int(span)))
        out.append(cells)
    return out


# A cell of one word is a figure: a number, or the source's "not applicable".
_FIGURE = re.compile(r"\d+|N/D")


def row_cells(spec: Mapping[str, Any], text: str, row: Mapping[str, Any]) -> list[tuple[str, int]] | None:
    """A row's text cut into the table's cells, each (words, columns spanned), as the source
    writes them; None when the text does not fit the table's pattern (then the reader shows
    the row's text whole)."""
    pattern = list(spec.get("row_cells") or ())
    words = " ".join(text.split())
    if not pattern:
        return None
    label = str(row.get("label") or "")
    front: list[tuple[str, int]] = []
    if pattern and pattern[0] == "label":
        if not label or not words.startswith(label):
            return None
        front.append((label, 1))
        words = words[len(label) :].strip()
        pattern = pattern[1:]
    tokens = words.split(" ") if words else []
    if "rest" not in pattern:
        pattern.append("rest")
    cut = pattern.index("rest")
    before, after = pattern[:cut], pattern[cut + 1 :]
    numbers = list(row.get("numbers") or ())
    # "a|b": the row's first number fills two cells (one price for demolition and building).
    merged = bool(numbers) and "|" in numbers[0] and len(before) >= 2
    need = len(before) - (1 if merged else 0) + len(after)
    if len(tokens) < need:
        return None
    figures = tokens[: len(before) - (1 if merged else 0)] + (
        tokens[len(tokens) - len(after) :] if after else []
    )
    if not all(_FIGURE.fullmatch(t) for t in figures):
        return None
    cells = list(front)
    i = 0
    if merged:
        cells.append((tokens[0], 2))
        i, before = 1, before[2:]
    for _word in before:
        cells.append((tokens[i], 1))
        i += 1
    tail = [(t, 1) for t in tokens[len(tokens) - len(after) :]] if after else []
    cells.append((" ".join(tokens[i : len(tokens) - len(after)]), 1))
    return cells + tail


def column_names(layout: list[list[tuple[str, int, int]]]) -> list[str]:
    """Each column's name from the header rows: a cell over two columns names both, its words
    joined to the ones under it ("pierwsze miasto › żywność")."""
    width = sum(cols for _w, cols, _r in layout[0])
    parts: list[list[str]] = [[] for _ in range(width)]
    taken: set[tuple[int, int]] = set()  # (header row, column) filled from a row above
    for r, row in enumerate(layout):
        col = 0
        for words, cols, span in row:
            while (r, col) in taken:
                col += 1
            for c in range(col, min(col + cols, width)):
                parts[c].append(words)
                taken.update((r + d, c) for d in range(1, span))
            col += cols
    return [" › ".join(p) for p in parts]


def translated_column_names(layout: list[list[tuple[str, int, int]]], text: str) -> list[str] | None:
    """The columns' names in a header translation written cell by cell ("a | first city: food,
    electric energy | …"); None when it is not written that way."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != len(layout[0]):
        return None
    names: list[str] = []
    for part, (_w, cols, _r) in zip(parts, layout[0], strict=True):
        head, colon, rest = part.partition(":")
        under = [u.strip() for u in rest.split(",")] if colon else []
        if cols == 1:
            names.append(part)
        elif len(under) == cols:
            names.extend(f"{head.strip()} › {u}" for u in under)
        else:
            names.extend([part] * cols)
    return names


def named_cells(
    spec: Mapping[str, Any], header: str, text: str, row: Mapping[str, Any], names: list[str] | None = None
) -> list[tuple[str, str]] | None:
    """A row as "column: value" pairs, the columns named by the header's words (or ``names``),
    or None when the header or the row does not fit the table's layout."""
    layout = header_rows(spec, header)
    cells = row_cells(spec, text, row)
    if layout is None or cells is None:
        return None
    names = names or column_names(layout)
    if sum(cols for _w, cols in cells) != len(names):
        return None
    out, at = [], 0
    for words, cols in cells:
        out.append((" / ".join(names[at : at + cols]), words))
        at += cols
    return out


def named_translated_cells(
    spec: Mapping[str, Any],
    header: str,
    text: str,
    row: Mapping[str, Any],
    names: list[str],
    translation: str,
) -> list[tuple[str, str]] | None:
    """The row's translation ("1 or 2 | 1 | 0 | 0 | 0") as pairs with the translated column names."""
    parts = [p.strip() for p in translation.split("|")]
    if len(parts) == len(names):
        return list(zip(names, parts, strict=True))
    cells = named_cells(spec, header, text, row, names)
    if cells is None or len(parts) != len(cells):
        return None
    return [(name, part) for (name, _w), part in zip(cells, parts, strict=True)]
