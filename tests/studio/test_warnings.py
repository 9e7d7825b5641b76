"""Warnings in three strengths (issue #22 item 1, docs/api.md): a change of figures alone
warns of nothing and is followed; a revision the designer records as wording only gives a
quiet note (``kind`` "wording-only", who, when, why); any other change warns ("meaning")."""

import pytest

from games import snapshot
from games.pins import wording
from rules import corpus
from rules.models import ClauseVersion

pytestmark = pytest.mark.django_db


def _current(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _open(api, slug):
    r = api.post(f"/api/v1/games/{slug}/drafts/", format="json")
    assert r.status_code == 201, r.content
    return r.json()["edition"]


def _revise(api, slug, n, key, text, **extra):
    body = {"text": text, "based_on": _current(key).number, "status": "draft", **extra}
    return api.post(f"/api/v1/games/{slug}/drafts/{n}/clauses/{key}/", body, format="json")


def _rule(api, slug, name, inputs, **extra):
    r = api.post(f"/api/v1/games/{slug}/adjudicators/{name}/", {"inputs": inputs, **extra}, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def _shipped(slug, key):
    return next(c for c in corpus.game(slug).clauses if c.key == key)


@pytest.mark.parametrize(
    ("slug", "key", "old", "new"),
    [
        ("praetor", "pr.final.novices", "获得一个", "获得两个"),  # a number in Chinese words
        ("dolores", "dl.t1.armored", "3x ropa", "4x ropa"),  # a table row's cell
        ("dolores", "dl.t2.districts-3-4", "2 1 2 0", "2 1 3 0"),  # a cell of Table 2
        ("rada-miasta", "rm.support.limits", "przekroczyć 10", "przekroczyć 8"),  # a sentence
    ],
)
def test_the_fingerprint_masks_every_figure_the_code_reads(slug, key, old, new):
    clause = _shipped(slug, key)
    cells = snapshot.table_cells(
        {t["key"]: t.get("rows", []) for t in corpus.game(slug).tables.get("tables", [])}
    )
    assert old in clause.text
    before = wording(clause.text, clause.params, cells.get(key))
    assert before == wording(clause.text.replace(old, new), clause.params, cells.get(key))
    # The words around the figure still count.
    assert before != wording(clause.text.replace(old, new) + " x", clause.params, cells.get(key))


def test_a_number_the_bound_words_repeat_is_masked_where_it_is_bound():
    # "每一个新手获得一个": the binding's figure is the second 一, not the one in 每一个.
    bindings = {"novice_favor": "每一个新手获得{num}个赏赐点"}
    assert wording("每一个新手获得一个赏赐点", bindings) == wording("每一个新手获得两个赏赐点", bindings)
    assert wording("每一个新手获得一个赏赐点", bindings) != wording("每两个新手获得一个赏赐点", bindings)


@pytest.fixture
def dolores_designer(make_user, corpus):
    return make_user("dora", kind="designer", game="dolores")


@pytest.fixture
def praetor_designer(make_user, corpus):
    return make_user("piotr", kind="designer", game="praetor")


TAX_BILL = {
    "cities": [{"districts": 3, "first_city": True, "buildings": []}],
    "units": {"infantry": 0, "armored": 1},
    "routes": {"land": 0, "sea": 0},
}


def test_a_table_row_cell_changed_in_a_draft_is_used_without_a_warning(dolores_designer, token_api):
    api = token_api(dolores_designer)
    n = _open(api, "dolores")
    text = _current("dl.t1.armored").text.replace("3x ropa", "4x ropa")
    assert _revise(api, "dolores", n, "dl.t1.armored", text).status_code == 201
    draft = _rule(api, "dolores", "tax-bill", TAX_BILL, edition=n)
    published = _rule(api, "dolores", "tax-bill", TAX_BILL)
    assert draft["warnings"] == []
    assert draft["outcome"]["bill"]["oil"] == published["outcome"]["bill"]["oil"] + 1


def test_a_cell_of_table_2_changed_in_a_draft_is_used_without_a_warning(dolores_designer, token_api):
    api = token_api(dolores_designer)
    n = _open(api, "dolores")
    key = "dl.t2.districts-3-4"
    assert (
        _revise(api, "dolores", n, key, _current(key).text.replace("2 1 2 0", "2 1 3 0")).status_code == 201
    )
    situation = {
        "cities": [{"districts": 3, "first_city": False, "buildings": []}],
        "units": {},
        "routes": {},
    }
    draft = _rule(api, "dolores", "tax-bill", situation, edition=n)
    published = _rule(api, "dolores", "tax-bill", situation)
    assert draft["warnings"] == []
    assert draft["outcome"]["bill"]["food"] == published["outcome"]["bill"]["food"] + 1


FINAL = {
    "favor": 10,
    "active_workers": [],
    "novices": 3,
    "morale_favor": 0,
    "resources": {"gold": 0, "wood": 0, "stone": 0, "marble": 0, "weapons": 0},
    "rates": {"wood": 2, "stone": 2, "marble": 3, "weapons": 3},
}


def test_a_number_written_in_chinese_words_changed_in_a_draft_is_used_without_a_warning(
    praetor_designer, token_api
):
    api = token_api(praetor_designer)
    n = _open(api, "praetor")
    key = "pr.final.novices"
    r = _revise(api, "praetor", n, key, _current(key).text.replace("获得一个", "获得两个"))
    assert r.status_code == 201 and r.json()["parameters"]["novice_favor"]["value"] == 2
    draft = _rule(api, "praetor", "final-scoring", FINAL, edition=n)
    published = _rule(api, "praetor", "final-scoring", FINAL)
    assert draft["warnings"] == []
    assert (draft["outcome"]["novices"], published["outcome"]["novices"]) == (6, 3)


TYPO = "rm.vote.proposer-either-way"
VOTE = {
    "seating": ["Ala", "Bartek"],
    "proposer": "Ala",
    "support": {"Ala": {"residents": 2}, "Bartek": {"merchants": 1}},
    "votes": {"Ala": "for", "Bartek": "against"},
    "district": {"type": "residential", "stage": 1},
}


def test_a_typo_fix_recorded_as_wording_only_gives_a_quiet_note(designer, token_api):
    api = token_api(designer)
    n = _open(api, "rada-miasta")
    old = _current(TYPO)
    reason = "Fixed the typo 'zarówna'."
    text = old.text.replace("zarówna", "zarówno")
    assert _revise(api, "rada-miasta", n, TYPO, text, wording_only=reason).status_code == 201
    ruling = _rule(api, "rada-miasta", "council-vote", VOTE, edition=n)
    (note,) = ruling["warnings"]
    at = _current(TYPO).created_at
    assert note == {
        "clause": TYPO,
        "code_version": old.number,
        "cited_version": old.number + 1,
        "message": f"{TYPO} was reworded after the code was written; the designer recorded the meaning "
        f"as unchanged: {reason} (dana, {at.date().isoformat()}).",
        "kind": "wording-only",
        "reason": reason,
        "by": "dana",
        "at": at.isoformat(),
    }
    assert api.get(f"/api/v1/rulings/{ruling['ruling']}/").json()["warnings"] == ruling["warnings"]


def test_the_same_typo_fix_not_recorded_as_wording_only_warns(designer, token_api):
    api = token_api(designer)
    n = _open(api, "rada-miasta")
    text = _current(TYPO).text.replace("zarówna", "zarówno")
    assert _revise(api, "rada-miasta", n, TYPO, text).status_code == 201
    (warning,) = _rule(api, "rada-miasta", "council-vote", VOTE, edition=n)["warnings"]
    assert (warning["kind"], warning["reason"], warning["by"]) == ("meaning", None, None)


def test_a_change_of_meaning_after_a_wording_only_one_warns_again(designer, token_api):
    api = token_api(designer)
    n = _open(api, "rada-miasta")
    text = _current(TYPO).text.replace("zarówna", "zarówno")
    assert _revise(api, "rada-miasta", n, TYPO, text, wording_only="typo").status_code == 201
    assert _revise(api, "rada-miasta", n, TYPO, text.replace(" jak i PRZECIW", "")).status_code == 201
    (warning,) = _rule(api, "rada-miasta", "council-vote", VOTE, edition=n)["warnings"]
    assert warning["kind"] == "meaning"


def test_the_referee_page_shows_the_note_quietly_not_the_warning(designer, token_api, client):
    api = token_api(designer)
    n = _open(api, "rada-miasta")
    text = _current(TYPO).text.replace("zarówna", "zarówno")
    assert _revise(api, "rada-miasta", n, TYPO, text, wording_only="typo").status_code == 201
    ruling = _rule(api, "rada-miasta", "council-vote", VOTE, edition=n)
    page = client.get(ruling["permalink"]).content.decode()
    assert 'data-testid="wording-note"' in page and 'data-testid="warning"' not in page
