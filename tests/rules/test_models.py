"""Append-only records and the database constraints that express catalogue rules."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models.deletion import ProtectedError
from django.utils import timezone

from rules.models import Clause, ClauseVersion, EditionEntry, ImmutableError, Translation, TranslationRevision


@pytest.fixture
def version(corpus):
    return ClauseVersion.objects.select_related("clause").filter(clause__key="rm.vote.decay").get()


def test_a_saved_clause_version_cannot_be_updated(version):
    version.text = "rewritten"
    with pytest.raises(ImmutableError):
        version.save()
    assert ClauseVersion.objects.get(pk=version.pk).text.startswith("Po zakończonym głosowaniu")


def test_a_clause_version_cannot_be_deleted_one_by_one_or_in_bulk(version):
    with pytest.raises(ImmutableError):
        version.delete()
    with pytest.raises(ImmutableError):
        ClauseVersion.objects.filter(pk=version.pk).delete()
    with pytest.raises(ImmutableError):
        ClauseVersion.objects.filter(pk=version.pk).update(text="x")
    assert ClauseVersion.objects.filter(pk=version.pk).exists()


def test_a_cited_clause_version_is_protected_even_from_raw_cascade(version):
    from games.models import Ruling, RulingCitation

    ruling = Ruling(
        game=version.clause.game,
        adjudicator="council-vote",
        variant="original",
        lang="en",
        inputs={},
        outcome={},
        steps=[],
        gaps=[],
        alternatives=[],
        created_at=timezone.now(),
    )
    ruling.save()
    RulingCitation(ruling=ruling, version=version).save()
    # Deleting the clause would cascade to its versions: PROTECT refuses.
    with pytest.raises(ProtectedError):
        Clause.objects.filter(pk=version.clause_id).delete()


def test_translation_revisions_are_append_only(corpus):
    rev = TranslationRevision.objects.first()
    rev.text = "x"
    with pytest.raises(ImmutableError):
        rev.save()


def test_clause_version_numbers_are_unique_per_clause(version):
    with transaction.atomic(), pytest.raises(IntegrityError):
        ClauseVersion.objects.create(clause=version.clause, number=1, text="dup", created_at=timezone.now())


def test_one_translation_per_version_and_language(version):
    with transaction.atomic(), pytest.raises(IntegrityError):
        Translation.objects.create(
            based_on=version, clause=version.clause, lang="en", text="dup", updated_at=timezone.now()
        )


def test_clause_keys_are_unique(version):
    c = version.clause
    with transaction.atomic(), pytest.raises(IntegrityError):
        Clause.objects.create(game=c.game, section=c.section, key=c.key, position=999)


def test_edition_entries_are_append_only(corpus):
    entry = EditionEntry.objects.first()
    with pytest.raises(ImmutableError):
        entry.delete()
