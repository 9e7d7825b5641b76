"""Sentence splitting and alignment cost time linear in the text (issue #31 item 2): "w. "
repeated to 120,000 characters cost 156 s of CPU in the document comparison and 9.5 s in the
alignment (pysbd's ``segment`` looked for each sentence again from the start of the text);
pysbd's own list rules are superlinear too ("a) b) " repeated). Timed with
``time.process_time``, the best of three runs."""

import time

import pytest
from rest_framework.authtoken.models import Token

from rules import corpus
from tests.cpu import best_cpu, repeated
from translators import align

BASE = "/api/v1/games/rada-miasta/translations/en/"
SOURCE = corpus.game("rada-miasta")
CLAUSES = [(c.key, c.text) for c in SOURCE.clauses if c.kind != "furniture"]
ENGLISH = " ".join(c.en for c in SOURCE.clauses if c.en)
PATTERNS = {
    "w.": "w. ",
    "list items": "a) b) ",
    "nested items": "(a) b) c. ",
    "translation": ENGLISH + "\n\n",
}


@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_splitting_four_times_the_text_costs_at_most_eight_times_the_time(pattern):
    unit = PATTERNS[pattern]
    small = best_cpu(lambda: align.sentences(repeated(unit, 30_000), "pl"))
    large = best_cpu(lambda: align.sentences(repeated(unit, 120_000), "pl"))
    assert large < 8 * max(small, 0.005), (small, large)
    assert large < 1.0, large


@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_aligning_four_times_the_text_costs_at_most_eight_times_the_time(pattern):
    unit = PATTERNS[pattern]
    small = best_cpu(lambda: align.align(CLAUSES, "pl", repeated(unit, 30_000), "en"))
    large = best_cpu(lambda: align.align(CLAUSES, "pl", repeated(unit, 120_000), "en"))
    assert large < 8 * max(small, 0.01), (small, large)


def test_pysbd_still_splits_what_it_is_fast_on():
    # Abbreviations and numbering a rules text holds stay whole (pysbd's work, not the
    # plain cut's, which would split after "np.").
    assert align.sentences("Gracz może np. zbudować dom. Potem kończy.", "pl") == [
        "Gracz może np. zbudować dom.",
        "Potem kończy.",
    ]
    # A window dense with list items is cut plainly, at its sentences' ends.
    dense = "a) b) c) d) e) f) g) h) i) j) k) l) m) Koniec. Dalej."
    assert align.sentences(dense, "pl")[-1] == "Dalej."


@pytest.mark.django_db
@pytest.mark.parametrize("pattern", ["w.", "list items"])
def test_aligning_120_000_characters_answers_within_2_seconds_of_cpu(api, translator, pattern):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=translator).key}")
    body = {"text": repeated(PATTERNS[pattern], 120_000)}
    started = time.process_time()
    r = api.post(BASE + "align/", body, format="json")
    spent = time.process_time() - started
    assert r.status_code == 200, r.content
    assert spent < 2.0, spent


@pytest.mark.django_db
def test_a_document_past_the_maximum_is_a_400_naming_text(api, translator):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=translator).key}")
    r = api.post(BASE + "align/", {"text": "w. " * (align.MAX_TEXT // 3 + 1)}, format="json")
    assert r.status_code == 400 and list(r.json()["errors"]) == ["text"]
