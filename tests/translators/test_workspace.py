"""The translators' workspace: progress, the filtered list, the editor (save, save and next,
conflicts, memory, history), with and without htmx."""

import re

import pytest
from django.utils.html import escape

from rules.models import Translation

from .conftest import DECAY

pytestmark = pytest.mark.django_db

LIST = "/translate/rada-miasta/en/"
EDIT = f"/translate/rada-miasta/en/c/{DECAY}/"


def test_the_home_page_shows_each_game_and_language_with_its_progress(client, translator):
    client.force_login(translator)
    page = client.get("/translate/").content.decode()
    for slug in ("rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"):
        assert f'id="cell-{slug}-en"' in page
    assert "Translated: 53 clauses" in page
    assert 'class="s-translated" x="0.0" y="0" width="100.0"' in page


def test_the_stale_filter_finds_the_revised_clause_and_shows_the_diff(client, translator, stale_decay):
    client.force_login(translator)
    page = client.get(LIST + "?status=stale").content.decode()
    assert re.findall(r'<code class="key">([^<]+)</code>', page) == [DECAY]
    assert "1 of 53 clauses" in page
    editor = client.get(EDIT + "?status=stale").content.decode()
    assert "<del>1 punkcie </del><ins>2 punkty </ins>" in editor
    # The old version's pair is the best memory match of the new wording.
    old = Translation.objects.get(clause=stale_decay, lang="en")
    assert escape(old.text) in editor and 'data-testid="memory"' in editor


@pytest.mark.parametrize(
    "query, keys",
    [
        ("?q=zakończonym", [DECAY]),
        ("?q=ZAKONCZONYM", [DECAY]),  # folded like the site's search
        ("?q=provided+they+had+one", [DECAY]),
        ("?status=untranslated", []),
        ("?status=needs-review", []),
    ],
)
def test_the_list_filters(client, translator, query, keys):
    client.force_login(translator)
    page = client.get(LIST + query).content.decode()
    assert re.findall(r'<code class="key">([^<]+)</code>', page) == keys


def test_saving_the_stale_clause_translates_the_current_version_and_opens_the_next(
    client, translator, stale_decay
):
    client.force_login(translator)
    current = stale_decay.versions.order_by("-number").first()
    text = "After the vote has concluded, 2 support points are removed from each social group"
    r = client.post(
        EDIT,
        {
            "text": text,
            "state": "translated",
            "version": current.number,
            "expected_revision": 0,
            "next": "1",
            "status": "stale",
        },
    )
    # The stale filter is now empty: back to the list, at the clause.
    assert r.status_code == 302 and r["Location"] == "/translate/rada-miasta/en/?status=stale#c-rm_vote_decay"
    fresh = Translation.objects.get(based_on=current, lang="en")
    assert (fresh.text, fresh.state, fresh.revision, fresh.translator) == (text, "translated", 1, "tina")
    reader = client.get("/g/rada-miasta/?lang=en").content.decode()
    assert escape(text) in reader
    # Without a filter, "save and next" opens the next clause, saying what was saved.
    again = client.post(
        EDIT,
        {
            "text": text + ".",
            "state": "translated",
            "version": current.number,
            "expected_revision": 1,
            "next": "1",
        },
    )
    assert again["Location"] == "/translate/rada-miasta/en/c/rm.vote.won-gain/?saved=rm.vote.decay"
    following = client.get(again["Location"]).content.decode()
    assert 'data-testid="saved"' in following and "Saved rm.vote.decay." in following


def test_a_draft_saved_as_needs_review_keeps_the_clause_stale(client, translator, stale_decay):
    client.force_login(translator)
    current = stale_decay.versions.order_by("-number").first()
    client.post(
        EDIT, {"text": "Draft.", "state": "needs-review", "version": current.number, "expected_revision": 0}
    )
    page = client.get(LIST + "?status=stale").content.decode()
    assert DECAY in page and "Needs review" in page
    assert "Draft." not in client.get("/g/rada-miasta/?lang=en").content.decode()


def test_a_save_from_an_outdated_form_is_a_conflict_that_keeps_both_texts(client, translator):
    client.force_login(translator)
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    form = {"state": "translated", "version": t.based_on.number, "expected_revision": t.revision}
    assert client.post(EDIT, {**form, "text": "Theirs."}).status_code == 302
    r = client.post(EDIT, {**form, "text": "Mine."})
    assert r.status_code == 409
    page = r.content.decode()
    assert "Theirs." in page and ">Mine.</textarea>" in page
    assert f'name="expected_revision" value="{t.revision + 1}"' in page
    t.refresh_from_db()
    assert t.text == "Theirs."


def test_htmx_edits_in_place_and_save_and_next_brings_the_next_editor(client, translator):
    client.force_login(translator)
    fragment = client.get(EDIT, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<article class="tu editing" id="c-rm_vote_decay"')
    assert 'hx-post="/translate/rada-miasta/en/c/rm.vote.decay/"' in fragment
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    r = client.post(
        EDIT,
        {
            "text": t.text + ".",
            "state": "translated",
            "version": 1,
            "expected_revision": t.revision,
            "next": "1",
        },
        HTTP_HX_REQUEST="true",
    )
    page = r.content.decode()
    assert r.status_code == 200
    assert '<article class="tu" id="c-rm_vote_decay">' in page and "Saved" in page
    assert '<article class="tu editing" id="c-rm_vote_won-gain" hx-swap-oob="true">' in page


def test_using_a_suggestion_fills_the_box_without_saving(client, translator):
    client.force_login(translator)
    before = Translation.objects.get(clause__key=DECAY, lang="en").revision
    r = client.post(EDIT, {"use": "Suggested text.", "text": "x", "state": "translated"})
    assert r.status_code == 200 and ">Suggested text.</textarea>" in r.content.decode()
    assert Translation.objects.get(clause__key=DECAY, lang="en").revision == before


def test_the_history_lists_every_revision(client, translator):
    client.force_login(translator)
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    client.post(
        EDIT, {"text": "Second.", "state": "needs-review", "version": 1, "expected_revision": t.revision}
    )
    page = client.get(EDIT).content.decode()
    assert "History: 2 revisions" in page
    assert re.search(r"v1 r2 · Needs review · tina", page) and re.search(r"v1 r1 · Translated · corpus", page)


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"text": "  "}, "text", "Write the translation before saving."),
        ({"text": ""}, "text", "Write the translation before saving."),
        ({"text": "x" * 20_001}, "text", "The text is too long or holds characters that cannot be stored."),
        ({"text": "x", "state": "bogus"}, "state", "Choose a state."),
        ({"text": "x", "state": ""}, "state", "Choose a state."),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, translator, data, field, message):
    client.force_login(translator)
    r = client.post(EDIT, {"state": "translated", "version": 1, "expected_revision": 1, **data})
    assert r.status_code == 400
    assert f"<li><code>{field}</code>: {escape(message)}</li>" in r.content.decode()
    assert Translation.objects.get(clause__key=DECAY, lang="en").revision == 1


def test_approving_takes_a_reviewer(client, translator, make_user):
    client.force_login(translator)
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    form = {"text": t.text, "state": "approved", "version": 1, "expected_revision": t.revision}
    assert client.post(EDIT, form).status_code == 403
    assert 'value="approved"' not in client.get(EDIT).content.decode()
    client.force_login(make_user("rita", ("reviewer", "rada-miasta", "en")))
    assert client.post(EDIT, form).status_code == 302
    t.refresh_from_db()
    assert (t.state, t.reviewer) == ("approved", "rita")


@pytest.mark.parametrize(
    "path", ["/translate/praetor/en/", "/translate/rada-miasta/xx--/", "/translate/rada-miasta/pl/"]
)
def test_unknown_game_bad_code_or_the_original_language_is_404(client, corpus, make_user, path):
    client.force_login(make_user("root", ("translator", None, "en"), ("translator", None, "pl")))
    client.get("/translate/praetor/en/")
    expected = 200 if path == "/translate/praetor/en/" else 404
    assert client.get(path).status_code == expected


def test_a_translator_of_one_game_works_on_that_game_only(client, corpus, make_user):
    client.force_login(make_user("gosia", ("translator", "praetor", "pl")))
    assert client.get("/translate/praetor/pl/").status_code == 200
    assert client.get("/translate/dolores/en/").status_code == 403
    assert client.get("/translate/praetor/el/").status_code == 403
    home = client.get("/translate/").content.decode()
    assert 'id="cell-praetor-pl"' in home and "cell-dolores" not in home


@pytest.mark.parametrize(
    "path, reason",
    [
        ("/translate/dolores/xx/", "xx is no language this site can name"),
        ("/translate/dolores/xx/glossary/", "xx is no language this site can name"),
        ("/translate/dolores/EL/", "Write it as el"),
    ],
)
def test_a_language_no_game_can_have_is_a_404_saying_why_even_for_a_superuser(
    client, corpus, django_user_model, path, reason
):
    # The superuser may work on every language: only the language can keep them out.
    client.force_login(django_user_model.objects.create_superuser("root", password="pw"))
    assert client.get("/translate/dolores/el/").status_code == 200
    answer = client.get(path)
    assert answer.status_code == 404
    assert reason in answer.content.decode()
