"""Search: whole words and word starts, accents folded, light stemming, CJK phrases, ranking,
the translation beside each hit, drafts never shown, and no query that breaks it."""

from __future__ import annotations

import re
from html import escape, unescape

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import search, selectors, services
from rules.models import Clause, ClauseVersion, EditionEntry, Game, SearchEntry, SearchIndexStamp, Translation
from rules.search import QueryWord, highlight, parse, stem

pytestmark = pytest.mark.django_db

# ---------------------------------------------------------------- the query language (no database)


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("rakieta", "rakiet"),
        ("rakiety", "rakiet"),
        ("rakietę", "rakiet"),
        ("rakiet", "rakiet"),
        ("podatków", "podatk"),
        ("podatkow", "podatk"),
        ("inwestycjach", "inwestycj"),
        ("φόρων", "φορ"),
        ("φόροι", "φορ"),
        ("ΦΌΡΟΣ", "φορ"),
        ("δικαιούχος", "δικαιουχ"),
        ("taxes", "tax"),
        ("gracz", "gracz"),
        ("dom", "dom"),  # never below three letters
        ("12", "12"),
    ],
)
def test_stem_strips_one_inflection_ending_after_folding(word, expected):
    (term,) = parse(word)
    assert term.stem == expected == stem(term.word)


def test_parse_folds_splits_and_keeps_cjk_runs_as_phrases():
    assert parse("  Rakieta, (φόρων)  执政官和 AST* ") == [
        QueryWord("rakieta", "rakiet"),
        QueryWord("φορων", "φορ"),
        QueryWord("执政官和", "执政官和", cjk=True),
        QueryWord("ast", "ast"),
    ]
    assert parse('"*() NEAR -^:') == [QueryWord("near", "near")]
    assert parse("a A á") == [QueryWord("a", "a")]
    assert parse("") == [] and parse("?!…") == []
    assert len(parse(" ".join(f"w{n}" for n in range(40)))) == search.MAX_TERMS


def test_the_database_query_quotes_every_word():
    terms = parse('rakieta "OR" 执政 a')
    assert search.fts5_query(terms) == (
        '("rakieta" OR "rakieta"* OR "rakiet"*) AND ("or" OR "or"* OR "or"*) AND "执 政" AND "a"'
    )
    assert search.fts5_query(terms, exact=True) == '"rakieta" AND "or" AND "执 政" AND "a"'
    assert search.tsquery(terms) == (
        "('rakieta' | 'rakieta':* | 'rakiet':*) & ('or' | 'or':* | 'or':*) & ('执' <-> '政') & 'a'"
    )


@pytest.mark.parametrize(
    ("text", "query", "expected"),
    [
        ("Δικαιούχος", "δικαιουχος", "<mark>Δικαιούχος</mark>"),
        (
            "a <b>Gracz</b> & gracza",
            "GRACZ",
            "a &lt;b&gt;<mark>Gracz</mark>&lt;/b&gt; &amp; <mark>gracza</mark>",
        ),
        ("City  Council\nvote", "city council", "<mark>City</mark>  <mark>Council</mark>\nvote"),
        ("Straße", "strasse", "<mark>Straße</mark>"),
        ("Straße", "ss", "Straße"),  # inside a word: not a match
        ("συμφορών, φόρων", "φόρων", "συμφορών, <mark>φόρων</mark>"),
        ("superrakiety i rakiety", "rakieta", "superrakiety i <mark>rakiety</mark>"),
        ("执政官和执政官", "执政官", "<mark>执政官</mark>和<mark>执政官</mark>"),
        ("<i>", "", "&lt;i&gt;"),
        ("nothing here", "zzz", "nothing here"),
    ],
)
def test_highlight_marks_the_words_the_search_matches(text, query, expected):
    assert highlight(text, parse(query)) == expected


# ---------------------------------------------------------------- the page


def page(client, q, **params) -> str:
    response = client.get(reverse("rules:search"), {"q": q, **params})
    assert response.status_code == 200, response.status_code
    return response.content.decode()


HIT = re.compile(
    r'<li class="card hit">.*?<a class="key" href="/g/[^/]+/c/([^/]+)/">.*?'
    r'<p class="text orig" lang="([^"]+)">(.*?)</p>\s*(?:<p class="(?:text )?tr[^"]*"(?: lang="([^"]+)")?>(.*?)</p>)?',
    re.S,
)


def hits(html: str) -> list[dict]:
    """Every hit of a results page in order: key, original (lang, html), translation (lang, html)."""
    return [
        {"key": key, "lang": lang, "original": orig, "tr_lang": tr_lang, "translation": tr.strip()}
        for key, lang, orig, tr_lang, tr in HIT.findall(html)
    ]


def keys(q, client, **params) -> list[str]:
    return [h["key"] for h in hits(page(client, q, **params))]


def words_of(html: str) -> list[str]:
    return re.findall(r"\w+", unescape(re.sub(r"<[^>]+>", "", html)).casefold())


def test_greek_word_start_after_folding_never_inside_a_word(client, corpus):
    found = hits(page(client, "φόρων"))
    assert found
    # "συμφορών" (calamities) holds "φορων" inside it: none of its clauses is found for it.
    calamities = Clause.objects.filter(versions__search_text__contains="συμφορων").distinct()
    assert calamities.exists()
    for h in found:
        greek = [w for w in words_of(h["original"]) if w.startswith(("φόρ", "φορ"))]
        assert greek, h  # every hit holds a word starting with the stem, not only "συμφορών"
        assert "<mark>συμφορών</mark>" not in h["original"].casefold()
    # Whole word first: the clauses saying "φόρων" itself come before "φόροι" and "φορολογική".
    first = found[0]
    assert "<mark>Φόρων</mark>" in first["original"] or "<mark>φόρων</mark>" in first["original"]
    assert any("φόροι" in words_of(h["original"]) for h in found)
    assert "φορολογική" in {w for h in found for w in words_of(h["original"])}


def test_polish_word_forms_find_the_same_clauses(client, corpus):
    rakieta, rakiet = keys("rakieta", client), keys("rakiet", client)
    assert rakieta and sorted(rakieta) == sorted(rakiet)
    assert keys("Rakiety", client) and sorted(keys("Rakiety", client)) == sorted(rakiet)
    texts = {k: ClauseVersion.objects.filter(clause__key=k).order_by("-number").first().text for k in rakiet}
    assert all(re.search(r"(?<!\w)rakiet", t, re.I) for t in texts.values())
    # A clause saying "superrakiet…" only is not found: "rakiet" is inside the word there.
    only_super = Clause.objects.filter(versions__search_text__contains="superrakiet").exclude(
        versions__search_text__regex=r"(^|[^a-z])rakiet"
    )
    assert only_super.exists() and not set(only_super.values_list("key", flat=True)) & set(rakiet)
    # Ranking: the clause with the whole word "rakiet" first when that is what was asked.
    assert "<mark>rakiet</mark>" in hits(page(client, "rakiet"))[0]["original"]


def test_accents_are_folded(client, corpus):
    with_accent = keys("podatków", client)
    assert with_accent and keys("podatkow", client) == with_accent == keys("PODATKÓW", client)
    first = hits(page(client, "podatkow"))[0]
    # The hit may be an original (Polish games) or a Polish translation (Mega Civilization's
    # "Συλλογή Φόρων" is "Pobór podatków"): the matched side shows the accented word marked.
    assert "<mark>podatków</mark>" in (first["original"] + first["translation"]).lower()


def test_whole_words_rank_before_word_starts_and_stems(client, corpus):
    results = selectors.search("rakiet", lang="en")
    tiers = [h.tier for h in results.hits]
    assert tiers == sorted(tiers) and tiers[0] == 0 and tiers[-1] > 0


def test_each_hit_shows_the_translation_beside_the_original(client, corpus):
    found = hits(page(client, "rakieta"))
    for h in found:
        clause = Clause.objects.get(key=h["key"])
        english = Translation.objects.filter(clause=clause, lang="en").order_by("-based_on__number").first()
        assert h["lang"] == "pl" and h["tr_lang"] == "en"
        assert unescape(re.sub(r"</?mark>", "", h["translation"])) == english.text
    html = page(client, "rakieta")
    assert 'href="/g/dolores/?lang=en#dl.missile-deploy"' in html


def test_english_words_find_clauses_by_their_translation(client, corpus):
    found = hits(page(client, "missiles"))
    assert found
    assert all("<mark>" in h["translation"] for h in found if "missile" in h["translation"].casefold())
    assert any("<mark>" not in h["original"] for h in found)  # found by the English only


def test_chinese_is_matched_by_characters(client, corpus):
    found = hits(page(client, "执政官"))
    assert found and all("<mark>执政官</mark>" in h["original"] for h in found)
    assert all(h["lang"] == "zh-Hans" for h in found)
    # Chinese has no spaces: a run of characters matches wherever it stands, even mid-"word".
    assert {h["key"] for h in hits(page(client, "政官"))} >= {h["key"] for h in found}


@pytest.mark.parametrize("lang", ["original", ""])
def test_original_only(client, corpus, lang):
    found = hits(page(client, "rakieta", lang=lang))
    assert found and all(h["translation"] == "" for h in found)
    assert 'aria-current="true">Original only</a>' in page(client, "rakieta", lang=lang)


def test_a_language_without_translations_says_so(client, corpus):
    html = page(client, "rakieta", lang="de")
    assert "No German translation yet." in html
    upper = page(client, "rakieta", lang="EN")
    assert all(h["tr_lang"] == "en" for h in hits(upper)) and 'aria-current="true">English</a>' in upper


def test_query_too_long_or_bad_language_is_a_400(client, corpus):
    r = client.get(reverse("rules:search"), {"q": "a" * 201})
    assert r.status_code == 400
    assert "q: at most 200 characters, please." in r.content.decode()
    r = client.get(reverse("rules:search"), {"q": "gracz", "lang": "<b>"})
    assert r.status_code == 400 and "lang: not a language code." in r.content.decode()
    assert "&lt;b&gt;" not in r.content.decode()


def test_search_groups_results_by_game(client, corpus):
    html = page(client, "praetor")
    titles = re.findall(r'<section class="search-game">\s*<h2><a href="/g/([^/]+)/">', html)
    assert titles and len(titles) == len(set(titles))


def test_search_without_query_shows_only_the_form(client, corpus):
    html = page(client, "")
    assert '<input type="search" id="q" name="q" value=""' in html
    assert "matches for" not in html and "Nothing found" not in html


def test_search_escapes_the_query(client, corpus):
    html = page(client, '<script>alert("x")</script>')
    assert "<script>alert" not in html
    assert "&lt;script&gt;" in html
    assert "Nothing found." in html


def test_search_fragment_for_htmx(client, corpus):
    response = client.get(reverse("rules:search"), {"q": "gracz"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="results"')
    assert "<form" not in html


def test_highlight_folds_like_the_search(corpus):
    # Every stored text folds character by character as search_form folds it whole.
    for v in ClauseVersion.objects.all():
        assert search._folded_with_positions(v.text)[0] == v.search_text


# ---------------------------------------------------------------- what the index holds


def _now():
    return timezone.now()


def _revise(clause: Clause, text: str) -> ClauseVersion:
    """A new version of ``clause`` after its newest one, in no edition yet."""
    newest = clause.versions.order_by("-number").first()
    return services.clause_revise(
        clause=clause, text=text, status="published", expected_version=newest.number, now=_now()
    )


def test_drafts_never_reach_the_results_until_published(client, corpus):
    game = Game.objects.get(slug="dolores")
    clause = Clause.objects.get(key="dl.missile-range")
    current = EditionEntry.objects.get(edition__game=game, edition__is_current=True, clause=clause).version
    draft = services.draft_open(game=game, author="designer", now=_now())
    version = services.clause_revise(
        clause=clause,
        text="Zasięg rakiety wynosi 12 pól kwazarowych.",
        status="published",
        expected_version=current.number,
        now=_now(),
        draft=draft,
    )
    # Translated, not only a draft: even a quotable translation of a draft's wording waits
    # for the draft to be published, in search and in the reader alike.
    services.translation_save(
        expected_revision=0,
        version=version,
        lang="en",
        text="Quasarian range.",
        state="translated",
        author="t",
        now=_now(),
    )
    assert keys("kwazarowych", client) == [] and keys("quasarian", client) == []
    assert "Quasarian" not in client.get("/g/dolores/?lang=en").content.decode()
    assert SearchEntry.objects.filter(body__contains="kwazar").count() == 0
    # The published wording and its English are still found, as published.
    assert "dl.missile-range" in keys("rakiety", client)
    services.draft_publish(draft=draft, now=_now())
    assert keys("kwazarowych", client) == ["dl.missile-range"]
    assert keys("quasarian", client) == ["dl.missile-range"]
    assert "Quasarian range." in client.get("/g/dolores/?lang=en").content.decode()


def test_the_index_follows_new_versions_and_translations(client, corpus, save_translation):
    clause = Clause.objects.get(key="dl.taxes-unpaid")
    game = clause.game
    _revise(clause, "Gracz bez pieniędzy omija bezkresny etap zysków.")
    assert keys("bezkresny", client) == []  # a new version, in no edition yet
    services.edition_publish(game=game, name="Next", now=_now())
    assert keys("bezkresnego", client) == ["dl.taxes-unpaid"]  # another form of it
    assert "dl.taxes-unpaid" not in keys("najbliższy", client)
    english = Translation.objects.filter(clause=clause, lang="en").order_by("-based_on__number").first()
    save_translation(english, "The range of a missile is boundless.", state="draft", author="t")
    found = hits(page(client, "boundless"))
    assert [h["key"] for h in found] == ["dl.taxes-unpaid"]
    assert "Stale translation" in page(client, "boundless")  # made from the previous wording


def test_the_index_holds_the_translation_the_reader_shows(client, corpus, save_translation):
    # An approved translation of the published wording, then the wording revised and published
    # and a newer translation of it that needs review: the reader keeps showing the approved
    # one (marked stale), so search finds that, never the newer text the reader does not show.
    clause = Clause.objects.get(key="dl.taxes-unpaid")
    game = clause.game
    english = Translation.objects.filter(clause=clause, lang="en").order_by("-based_on__number").first()
    approved = save_translation(
        english, "A missile zooms six fields, no more.", state=Translation.State.APPROVED, author="reviewer"
    )
    revised = _revise(clause, "Gracz bez kokosów omija następny etap zysków.")
    services.edition_publish(game=game, name="Next", now=_now())
    services.translation_save(
        expected_revision=0,
        version=revised,
        lang="en",
        text="A missile flies eight fields, unreviewed.",
        state=Translation.State.NEEDS_REVIEW,
        author="t",
        now=_now(),
    )
    (shown,) = [v for v in selectors.current_clauses(game, "en") if v.clause == clause]
    assert shown.translation == approved and shown.stale
    assert keys("unreviewed", client) == []
    found = hits(page(client, "zooms", lang="en"))
    assert [h["key"] for h in found] == ["dl.taxes-unpaid"]
    assert unescape(re.sub(r"</?mark>", "", found[0]["translation"])) == approved.text


def test_a_fresh_index_costs_one_query_and_a_stale_one_is_rebuilt(client, corpus, django_assert_num_queries):
    search.index_refresh()
    with django_assert_num_queries(1):
        search.index_refresh()
    game = Game.objects.get(slug="praetor")
    services.catalogue_touch(game_id=game.id)
    before = SearchIndexStamp.objects.get(game=game).stamp
    search.index_refresh()
    game.refresh_from_db()
    assert before != game.catalogue_stamp == SearchIndexStamp.objects.get(game=game).stamp
    entries = SearchEntry.objects.filter(game=game)
    current = EditionEntry.objects.filter(edition__game=game, edition__is_current=True)
    assert entries.filter(translation=None).count() == current.count()
    assert entries.exclude(translation=None).filter(lang="en").count() == (
        Translation.objects.filter(clause__game=game, lang="en").values("clause").distinct().count()
    )


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 table")
def test_the_fts5_table_and_its_triggers_exist(corpus):
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE 'rules_searchentry_fts%%'")
        names = {row[0] for row in cursor.fetchall()}
        assert {
            "rules_searchentry_fts",
            "rules_searchentry_fts_insert",
            "rules_searchentry_fts_delete",
        } <= names
        search.index_refresh()
        cursor.execute(
            "SELECT count(*) FROM rules_searchentry_fts WHERE rules_searchentry_fts MATCH 'rakiet*'"
        )
        assert cursor.fetchone()[0] == SearchEntry.objects.filter(body__regex=r"(^| )rakiet").count() > 0


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's GIN index")
def test_the_gin_index_exists(corpus):
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'rules_searchentry_tsv'")
        assert "to_tsvector('simple'::regconfig, body)" in cursor.fetchone()[0]


# ---------------------------------------------------------------- no query breaks it

SYNTAX = list("\"*()^:-+{}[],.;!?'\\%_&|<>@#~`/=") + ["NEAR", "OR", "AND", "NOT", " ", "φόρων", "执", "a"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    q=st.lists(
        st.sampled_from(SYNTAX)
        | st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")),
        max_size=12,
    ).map("".join)
)
def test_no_query_is_a_server_error(client, corpus, q):
    response = client.get(reverse("rules:search"), {"q": q})
    assert response.status_code == (400 if len(q) > 200 else 200)
    assert escape(" ".join(q.split())[:200]) in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_racing_searches_rebuild_a_stale_index_once(corpus):
    from tests.rules.test_concurrency import THREADS, race

    game = Game.objects.get(slug="dolores")
    expected = sorted(h.clause.key for h in selectors.search("rakieta", lang="en").hits)
    rows = SearchEntry.objects.filter(game=game).count()
    services.catalogue_touch(game_id=game.id)

    results = race(lambda n: sorted(h.clause.key for h in selectors.search("rakieta", lang="en").hits))
    assert [r for r in results if isinstance(r, Exception)] == []
    assert results == [expected] * THREADS
    assert SearchEntry.objects.filter(game=game).count() == rows  # rebuilt, not doubled
    game.refresh_from_db()
    assert SearchIndexStamp.objects.get(game=game).stamp == game.catalogue_stamp


def test_search_pages_through_every_match(client, corpus):
    first = client.get("/search/", {"q": "a", "lang": "en"}).content.decode()
    count = int(re.search(r"(\d+) matches for", first).group(1))
    assert count > 50 and "Showing 1–50, best first." in first
    seen, page = [], 1
    while True:
        body = client.get("/search/", {"q": "a", "lang": "en", "page": page}).content.decode()
        keys_here = [h["key"] for h in hits(body)]
        seen += keys_here
        if 'data-testid="next-page"' not in body:
            break
        page += 1
    assert len(seen) == count and len(set(seen)) == count  # every match once, across the pages
    assert 'rel="prev"' in body
