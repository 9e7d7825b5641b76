"""Questions a lower package asks and a higher one answers, so imports go one way.

The catalogue (``rules``) sits below the adjudication (``games``), which sits below the
playtest lab (``lab``); a lower package never imports a higher one. Where it needs what only
the higher one knows, it declares a ``Question`` and calls it like a function; the higher
package gives the ``answer`` in its ``AppConfig.ready``. Asked before it is answered, a
question raises instead of answering "nothing": a check skipped in silence would let through
what it exists to stop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Question:
    """A function a higher package supplies when Django starts (``answer``)."""

    def __init__(self, name: str, *, answered_by: str):
        self.name = name
        self.answered_by = answered_by
        self._answer: Callable[..., Any] | None = None

    def answer(self, fn: Callable[..., Any]) -> None:
        self._answer = fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._answer is None:
            raise RuntimeError(
                f"{self.name} is not answered: {self.answered_by} has not started (django.setup)"
            )
        return self._answer(*args, **kwargs)
