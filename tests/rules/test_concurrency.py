"""Concurrent writes from the same base: exactly one wins, every other gets a clear conflict
that carries its text back, none errors, nothing is lost (both databases)."""

import threading

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from rules import services
from rules.models import Clause, ClauseVersion, Edition, Game, Translation

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 16


def race(work):
    """Run ``work(n)`` in THREADS threads at once; return each thread's result or exception."""
    start = threading.Barrier(THREADS)
    results: list = [None] * THREADS

    def run(n):
        try:
            start.wait()
            results[n] = work(n)
        except Exception as exc:
            results[n] = exc
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _sorted(results, conflict):
    wins = [r for r in results if not isinstance(r, Exception)]
    conflicts = [r for r in results if isinstance(r, conflict)]
    errors = [r for r in results if isinstance(r, Exception) and not isinstance(r, conflict)]
    return wins, conflicts, errors


def test_racing_clause_revisions_give_one_winner_and_fifteen_conflicts(corpus):
    clause = Clause.objects.get(key="rm.support.limits")
    base = ClauseVersion.objects.filter(clause=clause).order_by("-number").first()

    def revise(n):
        return services.clause_revise(
            clause=clause,
            text=base.text.replace("10", str(20 + n)),
            status="draft",
            author=f"designer-{n}",
            expected_version=base.number,
            now=timezone.now(),
        )

    wins, conflicts, errors = _sorted(race(revise), services.Conflict)
    assert (len(wins), len(conflicts), errors) == (1, THREADS - 1, [])
    assert ClauseVersion.objects.filter(clause=clause).count() == base.number + 1
    # Every loser gets its own text back, untouched.
    assert sorted(c.text for c in conflicts) == sorted(
        base.text.replace("10", str(20 + n))
        for n in range(THREADS)
        if base.text.replace("10", str(20 + n)) != wins[0].text
    )


def test_racing_draft_publications_publish_once(corpus):
    game = Game.objects.get(slug="praetor")
    draft = services.draft_open(game=game, author="d", now=timezone.now())

    def publish(n):
        return services.draft_publish(draft=draft, now=timezone.now())

    wins, conflicts, errors = _sorted(race(publish), services.DraftOutdated)
    assert (len(wins), len(conflicts), errors) == (1, THREADS - 1, [])
    assert Edition.objects.get(game=game, is_current=True).number == draft.number


def test_racing_translation_saves_give_one_winner(corpus):
    translation = Translation.objects.filter(clause__key="rm.support.limits", lang="en").first()
    base = translation.revision

    def save(n):
        return services.translation_save(
            version=translation.based_on,
            lang=translation.lang,
            text=f"Version {n} of the English.",
            state=translation.state,
            expected_revision=base,
            author=f"translator-{n}",
            now=timezone.now(),
        )

    wins, conflicts, errors = _sorted(race(save), services.Conflict)
    assert (len(wins), len(conflicts), errors) == (1, THREADS - 1, [])
    assert Translation.objects.get(pk=translation.pk).revision == base + 1
    assert {c.text for c in conflicts} | {wins[0].text} == {
        f"Version {n} of the English." for n in range(THREADS)
    }
