import pytest
from django.utils import timezone

from rules import services
from rules.models import Clause

DECAY = "rm.vote.decay"


@pytest.fixture
def translator(corpus, make_user):
    return make_user("tina", ("translator", None, "en"))


def make_decay_stale() -> Clause:
    """A designer revises rm.vote.decay (1 support point → 2) and publishes it: its English is
    now of the older version."""
    clause = Clause.objects.get(key=DECAY)
    newest = clause.versions.order_by("-number").first()
    services.clause_revise(
        clause=clause,
        text=newest.text.replace("po 1 punkcie", "po 2 punkty"),
        status="published",
        expected_version=newest.number,
        author="dana",
        now=timezone.now(),
    )
    services.edition_publish(game=clause.game, name=None, now=timezone.now())
    return clause


@pytest.fixture
def stale_decay(corpus):
    return make_decay_stale()
