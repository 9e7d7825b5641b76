"""Admin edits keep the catalogue's rules: translations stay append-only, keys stay stable,
and every edit replaces the game's catalogue stamp so cached pages show it at once."""

import pytest
from django.urls import reverse

from rules.models import Clause, Game, Translation

pytestmark = pytest.mark.django_db


def test_a_translation_edited_in_the_admin_becomes_a_new_revision(admin_client, corpus):
    translation = Translation.objects.filter(lang="en", clause__game__slug="dolores").first()
    stamp = Game.objects.get(slug="dolores").catalogue_stamp
    before = list(translation.revisions.values_list("revision", "text"))
    url = reverse("admin:rules_translation_change", args=[translation.pk])
    response = admin_client.post(url, {"text": "Edited in the admin.", "state": "approved"})
    assert response.status_code == 302
    translation.refresh_from_db()
    assert (translation.text, translation.state, translation.revision) == (
        "Edited in the admin.",
        "approved",
        before[-1][0] + 1,
    )
    assert list(translation.revisions.values_list("revision", "text")) == [
        *before,
        (before[-1][0] + 1, "Edited in the admin."),
    ]
    assert Game.objects.get(slug="dolores").catalogue_stamp != stamp


def test_a_clause_key_cannot_be_changed_in_the_admin(admin_client, corpus):
    clause = Clause.objects.filter(game__slug="praetor").first()
    page = admin_client.get(reverse("admin:rules_clause_change", args=[clause.pk])).content.decode()
    assert 'name="key"' not in page and clause.key in page


def test_editions_are_published_not_added_or_switched_in_the_admin(admin_client, corpus):
    assert admin_client.get(reverse("admin:rules_edition_add")).status_code == 403
