"""What every adjudicator test needs, once: a referee for the module's GAME.

A test asks for ``referee`` and calls ``referee.rule("support-gain", raw)``; the module
names its game in ``GAME``. Rules come from the shipped corpus (no database);
``referee.with_params(max_support=8)`` rules as a draft that changed that figure would.
"""

from __future__ import annotations

import pytest

from tests.games.referee import Referee


@pytest.fixture
def referee(request) -> Referee:
    """A referee for the test module's ``GAME``."""
    return Referee(request.module.GAME)
