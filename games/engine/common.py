"""Helpers every rule set shares: saying lists of players, input checks on names, the
order round the table, and who is tied for the best.

Kept here once so that the five game packages do not each grow their own copy.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from django.utils.translation import gettext as _

T = TypeVar("T")


def names(items: Iterable[str], *, empty: str = "-") -> str:
    """Say a list of names ("Ala, Bartek"), or ``empty`` when there are none."""
    return ", ".join(items) or empty


def repeated(items: Iterable[T], key: Callable[[T], Hashable]) -> Iterator[tuple[int, Hashable]]:
    """The position and ``key`` of every item whose ``key`` an earlier item already has."""
    seen: set[Hashable] = set()
    for n, item in enumerate(items):
        value = key(item)
        if value in seen:
            yield n, value
        seen.add(value)


def unique_names(list_field: str, attr: str = "name") -> Callable[[Any], Iterator[tuple[str, str]]]:
    """Return an input check that the ``attr`` of every item of ``list_field`` is unique."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        for n, value in repeated(getattr(i, list_field), lambda item: getattr(item, attr)):
            yield f"{list_field}.{n}.{attr}", _("Duplicate player: %(p)s.") % {"p": value}

    return check


def unknown_players(i: Any, field: str, known: Collection[str]) -> Iterator[tuple[str, str]]:
    """An input check's errors: each name of ``field`` (a list's items or a map's keys) that
    is not one of the ``known`` players."""
    value = getattr(i, field)
    is_list = isinstance(value, tuple)
    for n, name in enumerate(value):
        if name not in known:
            yield f"{field}.{n if is_list else name}", _("Unknown player: %(p)s.") % {"p": name}


def around_table(seating: Sequence[str], first: str, *, clockwise: bool = True) -> list[str]:
    """The players round the table starting from ``first``. The seating is entered
    clockwise, so going the other way walks it backwards."""
    ring = list(seating) if clockwise else list(seating)[::-1]
    n = ring.index(first)
    return ring[n:] + ring[:n]


def tied_for_best(
    items: Iterable[T], key: Callable[[T], Any], *, best: Callable[..., Any] = max, default: Any = None
) -> tuple[Any, list[T]]:
    """The best value of ``key`` among ``items`` (``best`` is ``max`` or ``min``; ``default``
    when there are none) and the items that have it, in their order."""
    items = list(items)
    value = best((key(item) for item in items), default=default)
    return value, [item for item in items if key(item) == value]


def ties(ordered: Iterable[T], key: Callable[[T], Any]) -> list[tuple[Any, list[T]]]:
    """The groups of two or more items sharing a value of ``key``, each with that value, in
    the order of ``ordered`` (a turn order that has sorted them by that value)."""
    groups: dict[Any, list[T]] = {}
    for item in ordered:
        groups.setdefault(key(item), []).append(item)
    return [(value, group) for value, group in groups.items() if len(group) > 1]
