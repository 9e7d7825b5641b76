"""The ruling fragment's per-edition parts drawn once per process (``{% memo %}``, the labels
said once per language): the same bytes as drawn afresh, and never a stale quote or label."""

import dataclasses

import pytest
from django.contrib.auth.models import AnonymousUser
from django.shortcuts import render
from django.test import RequestFactory, override_settings
from django.utils import timezone

from config.languages import language
from games import engine, labels, services, snapshot
from games.templatetags import games_tags


def _fragment(doc, game, lang: str) -> str:
    request = RequestFactory().post("/", headers={"HX-Request": "true"})
    request.user = AnonymousUser()
    context = {"game": game, "adj": engine.get(doc.game, doc.adjudicator), "ruling": doc, "focus": True}
    with language(lang):
        return render(request, "games/referee_form.html#ruling", context).content.decode()


def _ruling(lang: str, explain_in: str):
    adj = engine.get("rada-miasta", "council-vote")
    game = snapshot.load("rada-miasta", lang=lang)
    inputs = adj.validate(adj.examples[0], rules=game.rules)
    doc = services.ruling_create(
        adj=adj, inputs=inputs, variant="original", snapshot=game, now=timezone.now(), explain_in=explain_in
    )
    return doc, game


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "interface"), [("en", "en"), ("en", "pl"), ("pl", "pl")])
def test_the_memo_draws_the_same_bytes_as_drawing_afresh(corpus, lang, interface):
    doc, game = _ruling(lang, interface)
    games_tags._MEMO.clear()
    first = _fragment(doc, game, interface)  # drawn, and kept
    assert games_tags._MEMO, "the steps' quotes were not kept"
    again = _fragment(doc, game, interface)  # given as kept
    with override_settings(DEBUG=True):  # drawn afresh, nothing kept
        afresh = _fragment(doc, game, interface)
    assert first == again == afresh
    assert len(doc.steps) >= 5 and first.count('class="step"') == len(doc.steps)


@pytest.mark.django_db
def test_a_changed_quote_or_language_is_drawn_again(corpus):
    doc, game = _ruling("en", "en")
    before = _fragment(doc, game, "en")
    step = doc.steps[0]
    changed = dataclasses.replace(
        step, translation="A wording no edition has", newer_version=step.version + 1
    )
    doc.steps = [changed, *doc.steps[1:]]
    after = _fragment(doc, game, "en")
    assert "A wording no edition has" in after and "A wording no edition has" not in before
    assert f"newer version v{step.version + 1} exists" in after
    polish = _fragment(doc, game, "pl")
    assert "A wording no edition has" in polish and polish != after  # the marks in Polish


@pytest.mark.django_db
def test_labels_are_said_in_the_active_language_each_time(corpus):
    field = next(iter(labels.table("rada-miasta")))
    with language("en"):
        english = labels.field_label("rada-miasta", field)
    with language("pl"):
        polish = labels.field_label("rada-miasta", field)
    with language("en"):
        assert labels.field_label("rada-miasta", field) == english
    assert english != polish
