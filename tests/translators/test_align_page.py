"""The alignment review page: paste, review beside the originals, move sentences, save what is
ticked as needs-review revisions (never over a translated text)."""

import re

import pytest
from django.utils.html import escape

from rules.models import Translation
from translators.models import Suggestion

from . import alignment_fixtures
from .conftest import DECAY

pytestmark = pytest.mark.django_db

URL = "/translate/rada-miasta/de/align/"


@pytest.fixture
def german(client, make_user, corpus):
    client.force_login(make_user("ola", ("translator", None, "de")))
    return client


def _rows(page):
    return dict(re.findall(r'name="text-([^"]+)" rows="3" lang="de">([^<]*)</textarea>', page))


def test_paste_review_and_save_the_ticked_ones_as_needs_review(german):
    # The English as if it were a German document: what matters is the alignment and saving.
    text, expected = alignment_fixtures.plain("rada-miasta", "en")
    page = german.post(URL, {"action": "align", "document": text}).content.decode()
    rows = _rows(page)
    assert len(rows) == 53 and rows[DECAY] == escape(expected[DECAY])
    assert "A text was found for 53 of 53 clauses" in page
    form = {f"text-{k}": expected[k] for k in rows}
    form.update({f"conf-{k}": "0.9" for k in rows})
    form.update({f"accept-{DECAY}": "1", "accept-rm.vote.won-gain": "1", "action": "save"})
    r = german.post(URL, form)
    assert "2 clauses saved as needing review." in r.content.decode()
    saved = Translation.objects.filter(lang="de")
    assert sorted(saved.values_list("clause__key", "state", "revision")) == [
        (DECAY, "needs-review", 1),
        ("rm.vote.won-gain", "needs-review", 1),
    ]


def test_a_move_re_renders_without_saving(german):
    rows = {"rm.vote.decay": "First one. Second one.", "rm.vote.won-gain": "Third one."}
    form = {f"text-{k}": v for k, v in rows.items()}
    form["op"] = f"down:{DECAY}"
    page = german.post(URL, form).content.decode()
    got = _rows(page)
    assert got[DECAY] == "First one." and got["rm.vote.won-gain"] == "Second one. Third one."
    assert Translation.objects.filter(lang="de").count() == 0


def test_a_translated_clause_keeps_its_text_and_the_aligned_one_becomes_a_suggestion(client, translator):
    client.force_login(translator)
    before = Translation.objects.get(clause__key=DECAY, lang="en")
    r = client.post(
        "/translate/rada-miasta/en/align/",
        {f"text-{DECAY}": "Aligned.", f"accept-{DECAY}": "1", "action": "save"},
    )
    assert "kept as a suggestion" in r.content.decode()
    assert Translation.objects.get(pk=before.pk).revision == before.revision
    assert Suggestion.objects.get(clause__key=DECAY).origin == "alignment"


def test_an_empty_document_is_a_400(german):
    r = german.post(URL, {"action": "align", "document": "  "})
    assert r.status_code == 400 and "Paste the translated document" in r.content.decode()


def test_the_alignment_is_saved_through_the_service_once_per_text(translator):
    """translators.services.alignment_save: a needs-review clause takes the text; a translated
    one keeps it as a suggestion, once however often the same text is saved."""
    from django.utils import timezone

    from translators import selectors, services

    game = Translation.objects.get(clause__key=DECAY, lang="en").clause.game
    units = selectors.units(game, "en")
    accepted = {DECAY: "Aligned.", "rm.vote.won-gain": "   "}
    for _ in range(2):
        done = services.alignment_save(
            units=units, lang="en", accepted=accepted, author="ola", now=timezone.now()
        )
        assert (done.saved, done.kept) == (0, 1)
    kept = Suggestion.objects.get(clause__key=DECAY)
    assert (kept.text, kept.origin, kept.author) == ("Aligned.", "alignment", "ola")


def test_an_alignment_saved_meanwhile_is_kept_as_a_suggestion(german):
    """The clause got a translation after the page was read (its units are stale): the aligned
    text is kept as a suggestion, not lost."""
    from django.utils import timezone

    from rules import services as rule_services
    from translators import selectors, services

    game = Translation.objects.filter(lang="en").first().clause.game
    units = selectors.units(game, "de")
    decay = next(u for u in units if u.key == DECAY)
    rule_services.translation_save(
        version=decay.version,
        lang="de",
        text="Schon da.",
        state="needs-review",
        expected_revision=0,
        author="bob",
        now=timezone.now(),
    )
    done = services.alignment_save(
        units=units, lang="de", accepted={DECAY: "Ausgerichtet."}, author="ola", now=timezone.now()
    )
    assert (done.saved, done.kept) == (0, 1)
    assert Suggestion.objects.get(clause__key=DECAY, lang="de").text == "Ausgerichtet."
    assert Translation.objects.get(clause__key=DECAY, lang="de").text == "Schon da."


def test_a_sentence_holding_two_clauses_shows_both_rows_and_splits_between_them(german):
    """Issue 39: one sentence of the document for rm.vote.decay and rm.vote.won-gain goes whole
    to one; the other row, empty, is not hidden by the "only the clauses that got a text"
    filter (it is beside one that did), and Split cuts the sentence between the two."""
    both = (
        "After the vote every player loses 1 point of support in each group, and after a won "
        "vote the new district gives its points as the rules say."
    )
    form = {f"text-{DECAY}": both, "text-rm.vote.won-gain": "", f"conf-{DECAY}": "0.6"}
    page = german.post(URL, {**form, "op": "up:rm.intro"}).content.decode()  # a move that moves nothing
    row = re.search(r'<article class="tu al([^"]*)" id="a-c-rm_vote_won-gain"', page)
    assert row and "empty" in row.group(1) and "beside" in row.group(1)
    far = re.search(r'<article class="tu al([^"]*)" id="a-c-rm_intro"', page)
    assert far and "empty" in far.group(1) and "beside" not in far.group(1)
    got = _rows(german.post(URL, {**form, "op": f"split:{DECAY}"}).content.decode())
    assert got[DECAY] + " " + got["rm.vote.won-gain"] == escape(both)
    assert got[DECAY].endswith("in each group,") and got["rm.vote.won-gain"].startswith("and after a won")
