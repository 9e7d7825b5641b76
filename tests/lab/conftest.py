"""Drafts with changed figures, and the users the lab pages need (the studio's fixtures)."""

import pytest
from django.utils import timezone

from rules import services
from rules.models import Game
from tests.conftest import revise
from tests.studio.conftest import designer, token_api  # noqa: F401


def config_for(game, rules, *, players, games, seed=1, names=None, **options):
    """A run of ``game`` under ``rules`` (the corpus's, no database), default seats."""
    from lab import simulate

    model = simulate.model(game)
    return simulate.Config(
        game=game,
        players=players,
        games=games,
        seed=seed,
        edition=rules.edition,
        variant="original",
        policies=tuple(names or [model.default_policy] * players),
        options=model.options(players, **options),
    )


DECAY = "rm.vote.decay"
LIMITS = "rm.support.limits"
DECAY_WORDS = "po 1 punkcie poparcia"


@pytest.fixture
def draft(corpus):
    """Open a draft of Rada Miasta with some clauses' words replaced; return its number."""

    def make(replace: dict[str, tuple[str, str]]) -> int:
        game = Game.objects.get(slug="rada-miasta")
        edition = services.draft_open(game=game, author="lab-test", now=timezone.now())
        for key, (old, new) in replace.items():
            revise(edition, key, old, new)
        return edition.number

    return make


IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


@pytest.fixture(autouse=True)
def _immediate_tasks(settings):
    """Tasks run as they are enqueued (django-tasks' immediate backend)."""
    settings.TASKS = IMMEDIATE
