"""Admin edits keep the catalogue's rules: translations stay append-only, keys stay stable,
and every edit replaces the game's catalogue stamp so cached pages show it at once."""

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from rules.models import Clause, Game, Translation

pytestmark = pytest.mark.django_db


def test_a_translation_edited_in_the_admin_becomes_a_new_revision(admin_client, corpus):
    translation = Translation.objects.filter(lang="en", clause__game__slug="dolores").first()
    stamp = Game.objects.get(slug="dolores").catalogue_stamp
    before = list(translation.revisions.values_list("revision", "text"))
    url = reverse("admin:rules_translation_change", args=[translation.pk])
    response = admin_client.post(
        url, {"text": "Edited in the admin.", "state": "approved", "expected_revision": translation.revision}
    )
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


def _clause_and_newest(key="rm.order.clockwise"):
    clause = Clause.objects.get(game__slug="rada-miasta", key=key)
    return clause, clause.versions.order_by("-number").first()


def _add_version(client, clause, text, *, expected_version, status="draft", note=""):
    """Post the admin's form for a new version of ``clause``."""
    form = {
        "clause": clause.pk,
        "text": text,
        "status": status,
        "note": note,
        "expected_version": expected_version,
    }
    return client.post(reverse("admin:rules_clauseversion_add"), form)


def test_the_new_version_form_starts_from_the_newest_text(admin_client, corpus):
    clause, newest = _clause_and_newest()
    page = admin_client.get(reverse("admin:rules_clause_change", args=[clause.pk])).content.decode()
    url = reverse("admin:rules_clauseversion_add") + f"?clause={clause.pk}"
    assert f'href="{url}"' in page
    form = admin_client.get(url).content.decode()
    assert newest.text in form and f'name="expected_version" value="{newest.number}"' in form


def test_a_new_version_written_in_the_admin_goes_through_the_service(admin_client, corpus):
    clause, newest = _clause_and_newest()
    stamp = Game.objects.get(slug="rada-miasta").catalogue_stamp
    response = _add_version(
        admin_client,
        clause,
        newest.text + " (do sprawdzenia)",
        expected_version=newest.number,
        status="uncertain",
        note="Direction still argued about.",
    )
    assert response.status_code == 302
    versions = list(clause.versions.order_by("number").values_list("number", "status", "author"))
    assert versions[-1] == (newest.number + 1, "uncertain", "admin")
    assert clause.versions.get(number=newest.number).text == newest.text  # the old one stays
    assert Game.objects.get(slug="rada-miasta").catalogue_stamp != stamp


def test_a_version_written_from_an_outdated_one_is_refused_with_the_text_kept(admin_client, corpus):
    clause, newest = _clause_and_newest()
    response = _add_version(admin_client, clause, "Mine.", expected_version=newest.number - 1)
    assert response.status_code == 200  # the form again, with the error on expected_version
    page = response.content.decode()
    assert f"is now at version {newest.number}, not {newest.number - 1}" in page and "Mine." in page
    assert clause.versions.count() == newest.number


def test_versions_cannot_be_edited_or_deleted_in_the_admin(admin_client, corpus):
    _clause, newest = _clause_and_newest()
    change = reverse("admin:rules_clauseversion_change", args=[newest.pk])
    assert admin_client.post(change, {"text": "rewritten"}).status_code == 403
    assert admin_client.get(reverse("admin:rules_clauseversion_delete", args=[newest.pk])).status_code == 403


def test_publishing_an_edition_from_the_admin_takes_the_newest_non_draft_versions(admin_client, corpus):
    clause, newest = _clause_and_newest()
    game = clause.game
    _add_version(admin_client, clause, newest.text + "!", expected_version=newest.number, status="published")
    response = admin_client.post(
        reverse("admin:rules_game_changelist"), {"action": "publish_edition", "_selected_action": [game.pk]}
    )
    assert response.status_code == 302
    current = game.editions.get(is_current=True)
    assert current.entries.get(clause=clause).version.number == newest.number + 1
    assert current.name == f"Edition {current.number}"


def _stale_english(admin_client):
    """Revise and publish rm.order.clockwise: its English translation is now of an old version."""
    clause, newest = _clause_and_newest()
    _add_version(
        admin_client,
        clause,
        newest.text.replace("zgodnie z ruchem", "przeciwnie do ruchu"),
        expected_version=newest.number,
        status="published",
    )
    admin_client.post(
        reverse("admin:rules_game_changelist"),
        {"action": "publish_edition", "_selected_action": [clause.game_id]},
    )
    return clause, Translation.objects.get(clause=clause, lang="en", based_on=newest)


def test_a_stale_translation_shows_what_changed_in_the_original_and_how_to_catch_up(admin_client, corpus):
    clause, translation = _stale_english(admin_client)
    current = clause.versions.order_by("-number").first()
    page = admin_client.get(reverse("admin:rules_translation_change", args=[translation.pk])).content.decode()
    assert (
        f"Stale: version {current.number - 1} was translated; the current edition has version {current.number}"
        in page
    )
    assert "<del>zgodnie z ruchem </del><ins>przeciwnie do ruchu </ins>" in page
    add = reverse("admin:rules_translation_add") + f"?based_on={current.pk}&amp;lang=en"
    assert f'href="{add}"' in page


def test_a_translator_translates_the_current_version_starting_from_the_old_text(admin_client, corpus):
    clause, stale = _stale_english(admin_client)
    current = clause.versions.order_by("-number").first()
    url = reverse("admin:rules_translation_add")
    form = admin_client.get(url, {"based_on": current.pk, "lang": "en"}).content.decode()
    assert escape(stale.text) in form
    new_text = stale.text.replace("clockwise", "anticlockwise")
    response = admin_client.post(
        url, {"based_on": current.pk, "lang": "en", "text": new_text, "state": "needs-review"}
    )
    assert response.status_code == 302
    fresh = Translation.objects.get(based_on=current, lang="en")
    assert (fresh.text, fresh.revision, fresh.translator) == (new_text, 1, "admin")
    assert fresh.revisions.count() == 1
    assert Translation.objects.get(pk=stale.pk).text == stale.text  # the old one stays as it was
    page = admin_client.get(reverse("admin:rules_translation_change", args=[fresh.pk])).content.decode()
    assert "Up to date: this translation is of the current version." in page
    # A draft that needs review neither reaches the reader nor clears the stale flag.
    reader = admin_client.get("/g/rada-miasta/?lang=en").content.decode()
    assert escape(new_text) not in reader and escape(stale.text) in reader
    assert "This translation was made from version" in reader
    # Saved as translated, it is what the reader shows.
    change = reverse("admin:rules_translation_change", args=[fresh.pk])
    admin_client.post(change, {"text": new_text, "state": "translated", "expected_revision": 1})
    reader = admin_client.get("/g/rada-miasta/?lang=en").content.decode()
    assert escape(new_text) in reader


@pytest.mark.parametrize(
    "lang,error",
    [("en", "already has a en translation"), ("not a code", "Not a BCP 47 language code")],
)
def test_a_second_translation_of_a_version_or_a_bad_code_is_refused(admin_client, corpus, lang, error):
    clause, newest = _clause_and_newest()
    before = Translation.objects.filter(based_on=newest).count()  # English and the shipped zh-Hans
    response = admin_client.post(
        reverse("admin:rules_translation_add"),
        {"based_on": newest.pk, "lang": lang, "text": "x", "state": "needs-review"},
    )
    assert response.status_code == 200 and error in response.content.decode()
    assert Translation.objects.filter(based_on=newest).count() == before


def test_a_translation_someone_else_created_meanwhile_is_a_conflict_not_an_error(
    admin_client, corpus, monkeypatch
):
    from rules import admin, services

    clause, newest = _clause_and_newest()
    before = Translation.objects.filter(based_on=newest).count()
    checked = admin.TranslationStartForm._post_clean

    def someone_else_adds_after_the_check(form):
        # The form finds no German translation yet; another translator adds one before the write.
        checked(form)
        services.translation_save(
            expected_revision=0,
            version=newest,
            lang="de",
            text="Theirs.",
            state="needs-review",
            author="other",
            now=timezone.now(),
        )

    monkeypatch.setattr(admin.TranslationStartForm, "_post_clean", someone_else_adds_after_the_check)
    response = admin_client.post(
        reverse("admin:rules_translation_add"),
        {"based_on": newest.pk, "lang": "de", "text": "Mine.", "state": "needs-review"},
        follow=True,
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Not saved: translation was saved by someone else" in page and "Your text: Mine." in page
    assert "was added successfully" not in page
    # The admin request rolled back as a whole: neither text was half-written.
    assert Translation.objects.filter(based_on=newest).count() == before


def test_a_translation_saved_by_someone_else_meanwhile_is_not_overwritten(admin_client, corpus, monkeypatch):
    from rules import services

    translation = Translation.objects.filter(lang="en", clause__game__slug="praetor").first()
    before = (translation.text, translation.revision)
    real_save = services.translation_save

    def someone_else_first(*, expected_revision, **kwargs):
        # Another translator's save lands between this form's read and its write.
        real_save(expected_revision=expected_revision, **{**kwargs, "text": "Theirs."})
        return real_save(expected_revision=expected_revision, **kwargs)

    monkeypatch.setattr(services, "translation_save", someone_else_first)
    url = reverse("admin:rules_translation_change", args=[translation.pk])
    response = admin_client.post(
        url, {"text": "Mine.", "state": "needs-review", "expected_revision": before[1]}, follow=True
    )
    page = response.content.decode()
    assert "Not saved: translation was saved by someone else" in page and "Your text: Mine." in page
    assert "was changed successfully" not in page
    translation.refresh_from_db()
    # The whole admin request rolled back, the other save included: nothing half-written.
    assert (translation.text, translation.revision) == before


def _staff(name, *perms, role=None):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    from rules.models import Role

    user = get_user_model().objects.create_user(name, password="pw", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=perms))
    if role:
        kind, game, lang = role
        Role.objects.create(
            user=user, kind=kind, game=Game.objects.get(slug=game) if game else None, lang=lang
        )
    return user


@pytest.mark.parametrize(
    "role, expected",
    [(None, 403), (("designer", "dolores", ""), 403), (("designer", "rada-miasta", ""), 302)],
    ids=["staff-without-role", "designer-of-another-game", "designer-of-the-game"],
)
def test_adding_a_version_in_the_admin_takes_the_games_designer(client, corpus, role, expected):
    client.force_login(_staff("s", "add_clauseversion", "view_clauseversion", role=role))
    clause, newest = _clause_and_newest()
    response = _add_version(client, clause, newest.text + " (x)", expected_version=newest.number)
    assert response.status_code == expected
    assert clause.versions.count() == newest.number + (1 if expected == 302 else 0)


@pytest.mark.parametrize(
    "role, state, expected",
    [
        (None, "needs-review", 403),
        (("translator", None, "pl"), "needs-review", 403),
        (("translator", None, "en"), "needs-review", 302),
        (("translator", None, "en"), "approved", 403),
        (("reviewer", None, "en"), "approved", 302),
    ],
    ids=[
        "no-role",
        "translator-of-another-language",
        "translator",
        "translator-approving",
        "reviewer-approving",
    ],
)
def test_a_translation_edited_in_the_admin_takes_its_languages_role(client, corpus, role, state, expected):
    client.force_login(_staff("t", "change_translation", "view_translation", role=role))
    translation = Translation.objects.filter(lang="en", clause__game__slug="dolores").first()
    before = translation.revision
    url = reverse("admin:rules_translation_change", args=[translation.pk])
    response = client.post(url, {"text": "Edited.", "state": state, "expected_revision": before})
    assert response.status_code == expected
    translation.refresh_from_db()
    assert translation.revision == before + (1 if expected == 302 else 0)


def test_the_translation_form_checks_the_revision_it_was_opened_on(admin_client, corpus, save_translation):
    """Opened at revision r, someone else saves r+1, then the form is posted: it comes back with
    both texts and the translator's text in the box; saving again makes it revision r+2."""

    translation = Translation.objects.filter(lang="en", clause__game__slug="dolores").first()
    opened = translation.revision
    url = reverse("admin:rules_translation_change", args=[translation.pk])
    form = admin_client.get(url).content.decode()
    assert f'name="expected_revision" value="{opened}"' in form
    save_translation(translation, "Their text.", author="someone")
    response = admin_client.post(
        url, {"text": "My text.", "state": "translated", "expected_revision": opened}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Their text." in page and "\nMy text.</textarea>" in page
    assert f'name="expected_revision" value="{opened + 1}"' in page
    translation.refresh_from_db()
    assert (translation.text, translation.revision) == ("Their text.", opened + 1)
    again = admin_client.post(
        url, {"text": "My text.", "state": "translated", "expected_revision": opened + 1}
    )
    assert again.status_code == 302
    translation.refresh_from_db()
    assert (translation.text, translation.revision) == ("My text.", opened + 2)


def _new_wording(clause, newest):
    """A new wording of ``clause`` (its ``newest`` text and " (x)"), for the next edition."""
    from rules import services

    services.clause_revise(
        clause=clause,
        text=newest.text + " (x)",
        status="published",
        expected_version=newest.number,
        author="d",
        now=timezone.now(),
    )


def test_the_translation_list_names_clauses_and_finds_the_stale_one(admin_client, corpus):
    from rules import services

    clause, newest = _clause_and_newest()
    _new_wording(clause, newest)
    services.edition_publish(game=clause.game, name=None, now=timezone.now())
    url = reverse("admin:rules_translation_changelist")
    page = admin_client.get(url + "?stale=yes&lang=en").content.decode()
    assert f"{clause.key} v{newest.number} [en]" in page
    assert "1 translation" in page
    found = admin_client.get(url + "?q=" + clause.key).content.decode()
    assert f"{clause.key} v{newest.number} [en]" in found


def test_a_translation_of_a_new_version_starts_as_needs_review(admin_client, corpus):
    clause, newest = _clause_and_newest()
    url = reverse("admin:rules_translation_add") + f"?based_on={newest.pk}&lang=en"
    form = admin_client.get(url).content.decode()
    assert '<option value="needs-review" selected>' in form


def test_the_admin_and_the_pages_agree_on_which_translation_is_stale(admin_client, corpus):
    from games import snapshot
    from rules import selectors, services

    clause, newest = _clause_and_newest()
    translation = Translation.objects.get(based_on=newest, lang="en")
    admin_list = reverse("admin:rules_translation_changelist") + f"?q={clause.key}&lang=en&stale="
    clause_page = reverse("rules:clause", args=["rada-miasta", clause.key])

    def everyone() -> set[bool]:
        """Whether the translation is stale, as each place that says so answers."""
        snapshot.clear()
        views = selectors.clauses_by_key(clause.game, [clause.key], "en")
        in_admin = (
            f"{clause.key} v{newest.number} [en]" in admin_client.get(admin_list + "yes").content.decode()
        )
        not_in_admin = (
            f"{clause.key} v{newest.number} [en]" in admin_client.get(admin_list + "no").content.decode()
        )
        assert in_admin != not_in_admin
        return {
            in_admin,
            Translation.objects.stale().filter(pk=translation.pk).exists(),
            Translation.objects.with_stale().get(pk=translation.pk).stale,
            views[0].stale,
            snapshot.load("rada-miasta", lang="en").clauses[clause.key].translation_stale,
            'class="badge stale"' in admin_client.get(clause_page).content.decode(),
        }

    assert everyone() == {False}
    # A new wording in a draft: the current edition still holds the translated version.
    _new_wording(clause, newest)
    assert everyone() == {False}
    services.edition_publish(game=clause.game, name=None, now=timezone.now())
    assert everyone() == {True}
