"""Helpers every rule set shares: saying lists of players, and input checks on names.

Kept here once so that the five game packages do not each grow their own copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.utils.translation import gettext as _


def names(items: Iterable[str], *, empty: str = "-") -> str:
    """Say a list of names ("Ala, Bartek"), or ``empty`` when there are none."""
    return ", ".join(items) or empty


def unique_names(list_field: str, attr: str = "name") -> Callable[[Any], Iterator[tuple[str, str]]]:
    """Return an input check that the ``attr`` of every item of ``list_field`` is unique."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        seen: set[str] = set()
        for n, item in enumerate(getattr(i, list_field)):
            value = getattr(item, attr)
            if value in seen:
                yield f"{list_field}.{n}.{attr}", _("Duplicate player: %(p)s.") % {"p": value}
            seen.add(value)

    return check
