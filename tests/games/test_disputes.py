"""The known disputed points of every game: each worked example puts the reader in the disputed
situation, and the disputes page lists the points on top and says every situation in words."""

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import adjudicators, engine
from games.engine import data
from rules import corpus as shipped
from tests.conftest import real_queries
from tests.games.referee import Referee
from tests.markup import page_html

GAMES = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]
DISPUTES = [d for g in GAMES for d in engine.disputes_for(g)]
RULED = [d for d in DISPUTES if d.ruled]


def _id(d):
    return f"{d.game}/{d.key}"


def _rulings(d):
    referee = Referee(d.game)
    return {v.slug: referee.rule(d.adjudicator, d.inputs, v.slug) for v in shipped.game(d.game).variants}


@pytest.mark.parametrize("d", RULED, ids=_id)
def test_every_worked_example_exercises_the_disputed_point(d):
    """Either the variants decide the point differently, or each ruling meets the open point:
    it reports a gap on the wording in dispute (and then the page says why they agree)."""
    adj = engine.get(d.game, d.adjudicator)
    assert set(d.clauses) & set(adj.clauses), "the adjudicator rules none of the wording in dispute"
    rulings = _rulings(d)
    for result in rulings.values():
        assert set(d.at_stake) <= set(result.outcome), d.at_stake
    stakes = {slug: {k: r.outcome[k] for k in d.at_stake} for slug, r in rulings.items()}
    if len({repr(s) for s in stakes.values()}) > 1:
        assert d.agree is None, "the variants differ: nothing to explain away"
        return
    for slug, result in rulings.items():
        assert {g.clause for g in result.gaps} & set(d.clauses), f"{slug} never meets the open point"
    if len(rulings) > 1:
        assert d.agree, "the variants agree: the dispute must say why"


@pytest.mark.parametrize("d", [d for d in DISPUTES if not d.ruled], ids=_id)
def test_a_point_no_adjudicator_rules_says_what_is_open_and_what_the_wording_says(d):
    assert d.open_question.endswith("?") and d.wording
    assert d.inputs is None and not d.at_stake and d.agree is None
    # None of the game's clarifications is about it: every variant reads the same wording.
    for variant in shipped.game(d.game).variants:
        assert not set(variant.activates) & set(d.clauses)


# What each variant decides on the point of Dolores's and Imperial Tax Farmer's disputes (the
# two games with more than one variant), from the source's own figures.
EXPECTED = {
    ("dolores", "doubt-1"): {
        "original": {"profit_phase": "skipped", "producing": []},
        "gniazdo": {"profit_phase": "partial", "producing": ["coal mine"]},
    },
    ("dolores", "doubt-2"): {v: {"bill": {"oil": 93}} for v in ("original", "gniazdo")},
    ("dolores", "doubt-5"): {"original": {"producing": []}, "gniazdo": {"producing": ["mine"]}},
    ("dolores", "doubt-6"): {"original": {"allowed": None}, "gniazdo": {"allowed": True}},
    # 12 -> 6 -> 3 -> 1 -> 0: doubt 8's "fourth attack".
    ("dolores", "doubt-8"): {v: {"destroyed": 6, "attacks_to_raze": 4} for v in ("original", "gniazdo")},
    ("dolores", "missile-odd-districts"): {
        v: {"destroyed": 2, "remaining": 1} for v in ("original", "gniazdo")
    },
    # Doubt 3: 1100 kokosy, a city at 100; 1050 of first investments.
    ("dolores", "doubt-3"): {
        v: {"kokosy": {"free": 1100, "paid": 1000}, "affordable": {"free": True, "paid": False}}
        for v in ("original", "gniazdo")
    },
    ("dolores", "doubt-4"): {
        v: {"owner": {"as-written": "Red", "borders-move": "Blue"}} for v in ("original", "gniazdo")
    },
    # Doubt 7: infantry against armored rolls even (15/36 each way, 6/36 ties); five attacks.
    ("dolores", "doubt-7"): {
        v: {
            "clash": {
                "win": {"num": 5, "den": 12, "percent": 41.67},
                "lose": {"num": 5, "den": 12, "percent": 41.67},
                "tie": {"num": 1, "den": 6, "percent": 16.67},
            },
            "defender_survives": {
                "as-written": {"num": 7**5, "den": 12**5, "percent": 6.75},
                "reroll": {"num": 1, "den": 32, "percent": 3.12},
            },
        }
        for v in ("original", "gniazdo")
    },
    ("dolores", "doubt-9"): {
        v: {
            "in_range": False,
            "fires": {
                "automatic-in-range": False,
                "automatic-any-range": True,
                "chosen-in-range": False,
                "chosen-any-range": False,
            },
        }
        for v in ("original", "gniazdo")
    },
    ("imperial-tax-farmer", "everyone-loses"): {
        "original": {"winners": ["Darek"]},
        "everyone-loses": {"winners": []},
    },
    ("imperial-tax-farmer", "three-way-tie"): {
        v: {"winners": ["Ala", "Bartek", "Celina"]} for v in ("original", "everyone-loses")
    },
}


@pytest.mark.parametrize("game, key", list(EXPECTED), ids=lambda x: x)
def test_each_variant_decides_the_point_as_the_wording_says(game, key):
    d = next(d for d in engine.disputes_for(game) if d.key == key)
    got = {slug: {k: r.outcome[k] for k in d.at_stake} for slug, r in _rulings(d).items()}
    assert got == EXPECTED[(game, key)]


def test_all_ten_gniazdo_doubts_are_disputes_ruled_live():
    found = {d.key: d for d in engine.disputes_for("dolores")}
    assert [k for k in found if k.startswith("doubt-")] == [f"doubt-{n}" for n in range(1, 11)]
    # Every doubt has a worked example: setup purchases, borders, clashes, missiles against
    # missiles and attack ranges too, each reading ruled side by side.
    assert [k for k, d in found.items() if not d.ruled] == []
    assert {found[f"doubt-{n}"].adjudicator for n in (1, 5)} == {"profit-eligibility"}
    assert found["doubt-6"].adjudicator == "move-and-attack"
    assert [found[f"doubt-{n}"].adjudicator for n in (3, 4, 7, 9, 10)] == [
        "first-city",
        "territory",
        "combat-odds",
        "missile-shootdown",
        "ship-reach",
    ]


def test_a_dispute_is_either_a_worked_example_or_an_open_question():
    with pytest.raises(ValueError, match="at_stake"):
        engine.dispute(game="t", key="a", title="t", question="q", clauses=[], adjudicator="x", inputs={})
    with pytest.raises(ValueError, match="open_question"):
        engine.dispute(game="t", key="b", title="t", question="q", clauses=[], open_question="Why?")
    assert engine.disputes_for("t") == []


# ------------------------------------------------------------------------- the data files


@pytest.mark.parametrize("package", adjudicators.PACKAGES, ids=lambda p: p.GAME)
def test_every_dispute_text_is_written_in_every_interface_language(package):
    raw = data.read_disputes(Path(package.__file__).parent)
    shared = raw.get("texts", {})
    languages = {code for code, _name in settings.LANGUAGES}
    assert [d["key"] for d in raw["dispute"]] == [d.key for d in engine.disputes_for(package.GAME)]
    for entry in raw["dispute"]:
        for name in data.TEXTS:
            if name in entry:
                texts = data.translations(entry[name], shared)
                assert set(texts) == languages, (entry["key"], name)
                assert all(t.strip() == t and t for t in texts.values()), (entry["key"], name)


def test_a_dispute_text_follows_the_interface_language_and_falls_back_to_english():
    d = next(d for d in engine.disputes_for("dolores") if d.key == "doubt-3")
    with translation.override("pl"):
        assert str(d.title) == "Czy pierwsze miasto jest bezpłatne?"
    with translation.override("en"):
        assert str(d.title) == "Is the first city free?"
    with translation.override("de"):  # no such interface language: English
        assert str(d.title) == "Is the first city free?"
    with translation.override(None):
        assert str(d.agree).startswith("GNIAZDO proposes nothing on the first city")


def test_examples_of_an_unknown_adjudicator_are_refused():
    with pytest.raises(ValueError, match="no such adjudicator"):
        engine.add_examples("dolores", "no-such-question", [{}])
    assert engine.get("dolores", "missile").examples[0] == {"districts": 12, "kind": "missile"}


# ------------------------------------------------------------------------- the page


def _page(client, slug):
    r = client.get(f"/g/{slug}/disputes/")
    assert r.status_code == 200
    return page_html(r)


def _article(page, key):
    return re.search(rf'<article class="card dispute" id="{key}">(.*?)</article>', page, re.S).group(1)


@pytest.mark.parametrize("slug", GAMES)
def test_the_list_on_top_links_to_every_disputed_point_in_order(corpus, client, slug):
    page = _page(client, slug)
    keys = [d.key for d in engine.disputes_for(slug)]
    toc = re.search(r'<nav class="dispute-toc".*?</nav>', page, re.S).group(0)
    assert page.index('<nav class="dispute-toc"') < page.index("<article")
    assert re.findall(r'<a href="#([^"]+)">', toc) == keys
    assert re.findall(r'<article class="card dispute" id="([^"]+)">', page) == keys
    for d in engine.disputes_for(slug):
        assert html.escape(str(d.title)) in toc


@pytest.mark.parametrize("slug", GAMES)
def test_no_situation_is_shown_as_raw_json_by_default(corpus, client, slug):
    page = _page(client, slug)
    # The raw inputs live only in closed <details> for experts.
    raws = re.findall(r'<details class="json"><summary>[^<]+</summary><pre class="json">', page)
    assert len(raws) == page.count("<pre") == len([d for d in engine.disputes_for(slug) if d.ruled])
    assert '<details class="json" open' not in page
    main = page[re.search(r"<main[ >]", page).start() : page.index("</main>")]
    shown = re.sub(r'<details class="json">.*?</details>', "", main, flags=re.S)
    assert not re.search(r"\{\s*(&quot;|\")\w+(&quot;|\"):", shown)
    assert shown.count('data-testid="situation"') == len(raws)


def test_doubt_1_says_its_situation_in_words(corpus, client):
    article = html.unescape(_article(_page(client, "dolores"), "doubt-1"))
    situation = re.search(r'data-testid="situation">(.*?)<details', article, re.S).group(1)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", situation))
    assert "Were all the federation's taxes paid? no" in text
    assert "Capital" in text and "robot factory: Its tax paid? no" in text


def test_an_open_point_is_said_in_words_and_the_proposal_that_decides_it_shown(corpus, client):
    article = html.unescape(_article(_page(client, "dolores"), "doubt-6"))
    assert "allowed is null" not in article
    original = re.search(r'data-variant="original">(.*?)</div>\s*<div', article, re.S).group(1)
    assert (
        "The original wording does not decide this: The rules do not say whether one unit may move, "
        "then attack in the same round." in original
    )
    assert "not decided" in original
    gniazdo = re.search(r'data-variant="gniazdo">(.*?)</details>', article, re.S).group(1)
    assert "The unit may do this in one round." in gniazdo and "dl.proposal-6" in gniazdo
    assert "The variants decide this differently." in article


def test_variants_that_agree_are_shown_once_with_the_reason(corpus, client):
    article = html.unescape(_article(_page(client, "dolores"), "doubt-8"))
    assert article.count("data-variant=") == 1 and 'data-variant="original gniazdo"' in article
    assert "Every variant rules the same here." in article
    assert str(next(d for d in engine.disputes_for("dolores") if d.key == "doubt-8").agree) in article


@pytest.mark.parametrize(
    "key, shown",
    [
        ("doubt-3", ["first city free", "1100", "first city paid for", "1000"]),
        ("doubt-4", ["as written", "Red", "borders move", "Blue"]),
        ("doubt-7", ["attacker wins", "41.67", "a tie is rolled again", "3.12"]),
        ("doubt-9", ["automatic, any distance", "owner&#x27;s choice, in range only"]),
        ("doubt-10", ["strikes five fields away", "(13, 0)"]),
    ],
)
def test_a_doubt_the_text_leaves_open_shows_each_reading_side_by_side(corpus, client, key, shown):
    article = _article(_page(client, "dolores"), key)
    d = next(d for d in engine.disputes_for("dolores") if d.key == key)
    assert "Worked example" in article and "No adjudicator rules this point yet" not in article
    assert "Every variant rules the same here." in article and html.escape(str(d.agree)) in article
    for words in shown:
        assert words in article, words
    for clause in d.clauses:
        assert f'<a href="/g/dolores/c/{clause}/">{clause}</a>' in article


def test_the_disputes_page_costs_five_queries_however_many_points(corpus, client):
    _page(client, "dolores")
    with CaptureQueriesContext(connection) as ctx:
        _page(client, "dolores")
    # The game, its snapshot's stamps, the clauses in dispute and their translations, and
    # the lab's stored figures (lab.selectors.dispute_figures).
    assert len(real_queries(ctx)) <= 5, real_queries(ctx)


def test_the_disputes_list_numbers_gniazdos_doubts_and_places_the_further_point(corpus, client):
    import re

    page = page_html(client.get("/g/dolores/disputes/"))
    start = page.index('data-testid="toc"')
    toc = page[start : page.index("</nav>", start)]
    items = re.findall(r'<li(?: value="(\d+)")?(?: class="further")?><a href="#([\w-]+)">', toc)
    numbered = [(int(v), key) for v, key in items if v]
    assert [n for n, key in numbered if key.startswith("doubt-")] == list(range(1, 11))
    # The point drawn from doubt 8 sits after it, numbered 8 and said to be "on doubt 8".
    at = [key for _n, key in numbered].index("missile-odd-districts")
    assert numbered[at - 1] == (8, "doubt-8") and numbered[at] == (8, "missile-odd-districts")
    assert "On doubt 8: Every second district of an odd number" in page
    assert "Doubt 1: " in page
    pl = page_html(client.get("/g/dolores/disputes/", HTTP_ACCEPT_LANGUAGE="pl"))
    assert "Do wątpliwości 8:" in pl or "Wątpliwość 8:" in pl
