"""The reader pages: game list, reader, clause permalink, search and glossary."""

from __future__ import annotations

import re
from html import escape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from rules import selectors, services
from rules.models import (
    Clause,
    ClauseVersion,
    Edition,
    EditionEntry,
    Game,
    TableRow,
    Term,
    Translation,
    Variant,
    search_form,
)
from tests.markup import page_html

pytestmark = pytest.mark.django_db


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    return page_html(response)


def article(page: str, key: str) -> str:
    """Return the reader's <article> of one clause."""
    match = re.search(rf'<article class="clause[^"]*" id="{re.escape(key)}">(.*?)</article>', page, re.S)
    assert match, f"no article for {key}"
    return match.group(0)


def current_entries(slug: str):
    return (
        EditionEntry.objects.filter(edition__game__slug=slug, edition__is_current=True)
        .select_related("clause", "version")
        .order_by("position")
    )


def english(clause: Clause) -> Translation:
    return Translation.objects.filter(clause=clause, lang="en").order_by("-based_on__number").first()


# ---------------------------------------------------------------- game list


def test_game_list_shows_every_game_with_coverage_and_links(client, corpus, django_assert_num_queries):
    with django_assert_num_queries(3):
        page = html(client.get(reverse("rules:games")))
    summaries = selectors.game_summaries()
    assert len(summaries) == corpus.count() >= 1
    for s in summaries:
        slug = s.game.slug
        assert f'<a class="big" href="/g/{slug}/">{escape(s.game.title)}</a>' in page
        assert f"{s.clause_count} clauses" in page
        assert f"English: {s.coverage_percent('en')}%" in page
        assert f'href="/g/{slug}/glossary/"' in page
        assert f'href="/referee/?game={slug}"' in page
        assert f'href="/g/{slug}/disputes/"' in page
        for v in s.variants:
            assert escape(v.title) in page
    assert '<span lang="el">Greek</span>' in page
    assert '<span lang="zh-Hans">Simplified Chinese</span>' in page


# ---------------------------------------------------------------- reader


def test_reader_shows_greek_original_beside_its_english_translation(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["mega-civilization"]), {"lang": "en"}))
    entry = next(
        e for e in current_entries("mega-civilization") if "Το παιγνίδι παίζεται με γύρους" in e.version.text
    )
    block = article(page, entry.clause.key)
    assert f'<p class="orig" lang="el">{escape(entry.version.text)}</p>' in block
    assert f'<p class="tr" lang="en">{escape(english(entry.clause).text)}</p>' in block
    assert f'href="/g/mega-civilization/c/{entry.clause.key}/"' in block
    assert '<a href="?lang=en" hx-get="?lang=en"' in page and 'aria-current="true">English</a>' in page


def test_reader_defaults_to_english(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["praetor"])))
    assert '<p class="tr" lang="en">' in page
    assert '<p class="orig" lang="zh-Hans">' in page


@pytest.mark.parametrize("value", ["EN", "en"])
def test_reader_language_tags_are_case_insensitive(client, corpus, value):
    page = html(client.get(reverse("rules:reader", args=["praetor"]), {"lang": value}))
    assert '<p class="tr" lang="en">' in page
    assert "There is no" not in page


@pytest.mark.parametrize("value", ["original", "", "zh-Hans", "zh-hans"])
def test_reader_original_only(client, corpus, value):
    page = html(client.get(reverse("rules:reader", args=["praetor"]), {"lang": value}))
    assert '<p class="orig" lang="zh-Hans">' in page
    assert 'class="tr' not in page
    assert 'aria-current="true">Original only</a>' in page


def test_reader_language_without_translations_says_so(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["praetor"]), {"lang": "de"}))
    assert "There is no German translation of this game yet; showing the original only." in page
    assert 'class="tr' not in page


def test_reader_contents_link_every_section_in_order_with_counts(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["dolores"]), {"lang": "en"}))
    toc = re.search(r'<details class="toc">(.*?)</details>', page, re.S).group(1)
    links = re.findall(r'<a href="#section-([^"]+)">(.*?)</a>', toc, re.S)
    sections = re.findall(r'<section class="doc-section" id="section-([^"]+)">', page)
    assert [key for key, _label in links] == sections and len(sections) == 18
    entries = current_entries("dolores")
    for key, label in links:
        count = entries.filter(clause__section__key=key).exclude(clause__kind="heading").count()
        if count:
            assert f'<span class="count">{count} clause{"s" if count != 1 else ""}</span>' in label
        else:
            assert 'class="count"' not in label
    taxes = dict(links)["taxes"]
    assert (
        '<span lang="pl">3. Etap podatków</span>' in taxes
        and '<span class="muted" lang="en">3. Tax stage</span>' in taxes
    )
    assert 'Contents <span class="muted">· 18 sections</span>' in toc
    # Every section ends with a way back to the contents, which a jump to #contents unfolds.
    assert page.count('<p class="to-contents"><a href="#contents">Back to contents</a></p>') == 18
    assert '<ol id="contents">' in toc
    # The English titles are for the English reader only.
    original = html(client.get(reverse("rules:reader", args=["dolores"]), {"lang": "original"}))
    assert "3. Tax stage" not in re.search(r'<details class="toc">(.*?)</details>', original, re.S).group(1)


def test_reader_headings_and_sections(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["rada-miasta"])))
    heading = next(e for e in current_entries("rada-miasta") if e.clause.kind == "heading")
    assert f'<h2 class="orig" lang="pl">{escape(heading.version.text)}</h2>' in article(
        page, heading.clause.key
    )
    assert f'<section class="doc-section" id="section-{heading.clause.section.key}">' in page


def test_reader_marks_uncertain_clauses(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["rada-miasta"])))
    entries = list(current_entries("rada-miasta"))
    uncertain = [e for e in entries if e.version.status == "uncertain"]
    assert uncertain
    for e in uncertain:
        block = article(page, e.clause.key)
        assert re.match(r'<article class="clause [a-z]+ uncertain', block)
        assert '<span class="badge uncertain">Uncertain</span>' in block
        assert "The designer marked this rule as uncertain" in block
        if e.version.note:
            assert escape(e.version.note) in block
    certain = next(e for e in entries if e.version.status == "published" and e.clause.kind == "rule")
    assert "badge uncertain" not in article(page, certain.clause.key)


def test_reader_dims_furniture_without_asking_for_a_translation(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["rada-miasta"])))
    furniture = next(e for e in current_entries("rada-miasta") if e.clause.kind == "furniture")
    block = article(page, furniture.clause.key)
    assert block.startswith('<article class="clause furniture')
    assert "translation yet" not in block


def _table(page: str, key: str) -> str:
    found = re.search(rf'<figure class="rule-table" id="{re.escape(key)}".*?</figure>', page, re.S)
    assert found, f"no table for {key}"
    return found.group(0)


def test_reader_draws_the_source_tables_as_tables(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["dolores"]), {"lang": "en"}))
    table = _table(page, "dl.t1.header")
    # The source's header cut into its cells, the translation's header above it.
    assert '<th scope="col" lang="pl">sprzedaż do banku (budynki - wyburzenie)</th>' in table
    assert '<th scope="col" lang="en">sale to the bank (buildings - demolition)</th>' in table
    # Each row a row of the source's cells, with its clause's key as its anchor.
    armored = re.search(r'<tr id="dl.t1.armored">(.*?)</tr>', table, re.S).group(1)
    cells = re.findall(r'<td><span lang="pl">([^<]*)</span>', armored)
    assert cells == ["100", "500", "1x żywność 2x siarka 3x ropa naftowa"]
    # The translation cell by cell where it gives the row so ("armored unit | 100 | 500 | …").
    assert '<span class="tr" lang="en">armored unit</span>' in armored
    assert '<span class="tr" lang="en">1x food, 2x sulfur, 3x crude oil</span>' in armored
    assert '<span lang="pl">oddział pancerny</span>' in armored
    land = re.search(r'<tr id="dl.t1.land-field">(.*?)</tr>', table, re.S).group(1)
    assert re.findall(r'<td><span lang="pl">([^<]*)</span>', land) == ["N/D", "3", "N/D"]
    # One price for demolition and building: one cell across both columns.
    nuclear = re.search(r'<tr id="dl.t1.nuclear-power-plant"[^>]*>(.*?)</tr>', table, re.S).group(1)
    assert '<td colspan="2"><span lang="pl">165</span>' in nuclear and "Ambiguous in the source" in nuclear
    # No internal names: the rules' reading is one tap away, in words.
    assert "As structured data" not in page and "districts.0" not in page
    assert '<details class="json"><summary>How the rules read this table</summary>' in table
    for row in TableRow.objects.filter(game__slug="dolores", flagged=True):
        assert escape(row.reading) in page
    two = _table(page, "dl.t2.header")
    assert '<th scope="col" rowspan="2" lang="pl">liczba zabudowanych dzielnic</th>' in two
    assert '<th scope="col" colspan="2" lang="pl">pierwsze miasto</th>' in two
    first = re.search(r'<tr id="dl.t2.districts-1-2">(.*?)</tr>', two, re.S).group(1)
    assert '<span lang="pl">1 lub 2</span>' in first
    assert re.findall(r'<td><span lang="pl">([^<]*)</span>', first) == ["1", "0", "0", "0"]


def test_a_row_revised_past_the_tables_cells_is_not_cut_into_them():
    from rules import corpus, tables

    spec = next(t for t in corpus.game("dolores").tables["tables"] if t["key"] == "table-1")
    row = {"label": "oddział pancerny", "numbers": ["sale", "purchase", "tax.food"]}
    assert tables.row_cells(spec, "oddział pancerny 100 500 1x żywność", row) == [
        ("oddział pancerny", 1),
        ("100", 1),
        ("500", 1),
        ("1x żywność", 1),
    ]
    # Words where the source had figures, or another label: the reader shows the text whole.
    assert tables.row_cells(spec, "oddział pancerny kosztuje 100 i 500, 1x żywność", row) is None
    assert tables.row_cells(spec, "czołg 100 500 1x żywność", row) is None
    # A header revised past its cells: shown as written.
    assert tables.header_rows(spec, "rodzaj inwestycji i ceny") is None


def test_reader_marks_clarification_clauses(client, corpus):
    page = html(client.get(reverse("rules:reader", args=["dolores"])))
    clarifications = [e for e in current_entries("dolores") if e.clause.kind == "clarification"]
    assert clarifications
    for e in clarifications:
        block = article(page, e.clause.key)
        assert block.startswith('<article class="clause clarification')
        assert '<span class="badge clarification">Clarification</span>' in block
        assert "A published clarification, not part of the original wording." in block
        for variant in Variant.objects.filter(activates=e.clause):
            assert f"“{escape(variant.title)}”" in block
    overridden = Clause.objects.filter(game__slug="dolores", overridden_by__isnull=False).first()
    if overridden is not None:
        assert "Replaced under" in article(page, overridden.key)


@pytest.mark.parametrize("url", ["rules:reader", "rules:glossary"])
def test_unknown_game_is_404(client, corpus, url):
    assert client.get(reverse(url, args=["no-such-game"])).status_code == 404


def test_reader_fragment_for_htmx(client, corpus):
    response = client.get(
        reverse("rules:reader", args=["praetor"]), {"lang": "en"}, headers={"HX-Request": "true"}
    )
    page = html(response)
    assert page.lstrip().startswith('<div id="document">')
    assert "<html" not in page
    assert "HX-Request" in response["Vary"]


# ---------------------------------------------------------------- query budgets


def _add_synthetic_clauses(game: Game, count: int) -> list[str]:
    """Add ``count`` clauses to the current edition of ``game``, of every kind the reader
    renders differently: stale and fresh translations, uncertain versions, clarifications
    activated by a variant, overridden clauses and table rows."""
    now = timezone.now()
    edition = Edition.objects.get(game=game, is_current=True)
    section = Clause.objects.filter(game=game).first().section
    start = Clause.objects.filter(game=game).order_by("-position").first().position + 1
    first_entry = EditionEntry.objects.filter(edition=edition).order_by("-position").first().position + 1
    kinds = ["rule", "clarification", "table", "heading", "commentary", "furniture"]
    clauses = Clause.objects.bulk_create(
        Clause(
            game=game,
            section=section,
            key=f"zz.synthetic-{n}",
            position=start + n,
            kind=kinds[n % len(kinds)],
        )
        for n in range(count)
    )
    versions = []
    for n, clause in enumerate(clauses):
        text = f"Syntetyczna klauzula {n} ćwiczy czytnik."
        versions.append(
            ClauseVersion(clause=clause, number=1, text=text, search_text=search_form(text), created_at=now)
        )
        if n % 3 == 0:  # a second version, so the translation of version 1 is stale
            versions.append(
                ClauseVersion(
                    clause=clause,
                    number=2,
                    text=text + " Zmieniona.",
                    status="uncertain",
                    note="synthetic note",
                    search_text=search_form(text + " Zmieniona."),
                    created_at=now,
                )
            )
    versions = ClauseVersion.objects.bulk_create(versions)
    newest = {v.clause_id: v for v in versions}
    first = {v.clause_id: v for v in reversed(versions)}
    EditionEntry.objects.bulk_create(
        EditionEntry(edition=edition, clause=c, version=newest[c.id], position=first_entry + n)
        for n, c in enumerate(clauses)
    )
    Translation.objects.bulk_create(
        Translation(
            based_on=first[c.id],
            clause=c,
            lang="en",
            text=f"Synthetic clause {n}.",
            updated_at=now,
            search_text="",
        )
        for n, c in enumerate(clauses)
        if c.kind != "furniture"
    )
    TableRow.objects.bulk_create(
        TableRow(
            game=game,
            table="zz",
            position=n,
            clause=c,
            data={"a": n, "b": None},
            flagged=n % 2 == 0,
            reading="r",
        )
        for n, c in enumerate(clauses)
        if c.kind == "table"
    )
    variant = Variant.objects.filter(game=game).first()
    variant.activates.add(*[c for c in clauses if c.kind == "clarification"])
    variant.overrides.add(*[c for c in clauses if c.kind == "rule"])
    # Bulk writes behind the services' back: record the change as every service does.
    services.catalogue_touch(game_id=game.id)
    return [c.key for c in clauses]


def _count_queries(client, url, params=None) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as ctx:
        page = html(client.get(url, params or {}))
    return len(ctx.captured_queries), page


@pytest.mark.parametrize("lang", ["en", "original"])
def test_reader_queries_do_not_grow_with_the_clauses(client, corpus, django_assert_num_queries, lang):
    game = Game.objects.get(slug="rada-miasta")
    url = reverse("rules:reader", args=[game.slug])
    before, page = _count_queries(client, url, {"lang": lang})
    assert before <= 8  # 7 for the view, 1 for the ETag (the stamp: config.http)
    clauses = page.count('<article class="clause')
    keys = _add_synthetic_clauses(game, 10 * clauses)
    with django_assert_num_queries(before):
        page = html(client.get(url, {"lang": lang}))
    assert page.count('<article class="clause') == 11 * clauses
    assert f'id="{keys[-1]}"' in page
    if lang == "en":
        assert page.count('<span class="badge stale">') >= len(keys) // 3


def test_a_warm_reader_costs_one_query_and_a_catalogue_change_is_shown_at_once(client, corpus):
    game = Game.objects.get(slug="rada-miasta")
    url = reverse("rules:reader", args=[game.slug])
    cold, _page = _count_queries(client, url, {"lang": "en"})
    warm, page = _count_queries(client, url, {"lang": "en"})
    assert (cold, warm) == (8, 1)  # cold: the ETag's stamp, then the view's 7
    entry = current_entries(game.slug).filter(clause__kind="rule").first()
    assert f'id="{entry.clause.key}"' in page and "Poprawione." not in page
    now = timezone.now()
    services.clause_revise(
        clause=entry.clause,
        text="Poprawione.",
        status="published",
        expected_version=entry.version.number,
        now=now,
    )
    services.edition_publish(game=game, name="Next", now=now)
    revised, page = _count_queries(client, url, {"lang": "en"})
    assert revised == cold
    assert "Poprawione." in page
    assert page.count('<span class="badge stale">') == 1  # its English was made from the old wording


def test_clause_queries_do_not_grow_with_the_clauses_or_versions(client, corpus, django_assert_num_queries):
    game = Game.objects.get(slug="rada-miasta")
    clause = current_entries(game.slug).filter(clause__kind="rule").first().clause
    url = reverse("rules:clause", args=[game.slug, clause.key])
    before, _page = _count_queries(client, url)
    assert before <= 5  # 4 for the view, 1 for the ETag (the stamp: config.http)
    _add_synthetic_clauses(game, 10 * Clause.objects.filter(game=game).count())
    now = timezone.now()
    for number in range(2, 7):
        services.clause_revise(
            clause=clause, text=f"Wersja {number}.", status="published", expected_version=number - 1, now=now
        )
    services.edition_publish(game=game, name="Synthetic", now=now)
    with django_assert_num_queries(before):
        page = html(client.get(url))
    assert page.count('<li class="version card') == 6


@pytest.mark.parametrize(
    ("url", "params", "budget"),
    [
        ("rules:search", {"q": "gracz"}, 3),  # the index's stamps, the match, the hits' texts
        ("rules:search", {"q": ""}, 0),
        ("rules:glossary", None, 2),
    ],
)
def test_small_pages_query_budget(client, corpus, django_assert_num_queries, url, params, budget):
    args = ["rada-miasta"] if url == "rules:glossary" else []
    with django_assert_num_queries(budget):
        html(client.get(reverse(url, args=args), params or {}))


# ---------------------------------------------------------------- clause permalink


def test_clause_page_lists_versions_editions_and_translations(client, corpus):
    entry = current_entries("rada-miasta").filter(version__status="uncertain").first()
    page = html(client.get(reverse("rules:clause", args=["rada-miasta", entry.clause.key])))
    assert f"<code>{entry.clause.key}</code>" in page
    assert f'<p class="orig" lang="pl">{escape(entry.version.text)}</p>' in page
    assert '<span class="badge uncertain">Uncertain</span>' in page
    assert '<span class="badge ok">Current</span>' in page
    edition = Edition.objects.get(game__slug="rada-miasta", is_current=True)
    assert f'<span class="edition current">{escape(edition.name)} (current)</span>' in page
    t = english(entry.clause)
    assert f'<p class="tr" lang="en">{escape(t.text)}</p>' in page
    assert t.get_state_display() in page
    assert 'class="badge stale"' not in page
    assert "<ins>" not in page and "<del>" not in page


def test_clause_page_diffs_a_new_version_and_marks_the_translation_stale(client, corpus):
    clause = current_entries("rada-miasta").filter(clause__kind="rule").first().clause
    old = clause.versions.get(number=1).text
    first_word = old.split()[0]
    new_text = old.replace(first_word, "Zawsze", 1) + " Nowe zdanie."
    url = reverse("rules:clause", args=["rada-miasta", clause.key])
    services.clause_revise(
        clause=clause,
        text=new_text,
        status="published",
        expected_version=1,
        author="designer",
        now=timezone.now(),
    )
    page = html(client.get(url))
    assert "Changes since version 1" in page
    assert f"<del>{escape(first_word)} </del><ins>Zawsze </ins>" in page
    assert "<ins>Nowe zdanie.</ins>" in page
    assert "designer" in page
    # Version 2 is not in any edition yet: version 1 is still current, its English still fresh.
    assert re.search(r'id="v2">.*?<span>none</span>', page, re.S)
    assert 'class="badge stale"' not in page

    services.edition_publish(game=clause.game, name="Edition with v2", now=timezone.now())
    page = html(client.get(url))
    v1 = page[page.index('id="v1"') : page.index('id="v2"')]
    assert '<span class="badge stale">Stale</span>' in v1
    assert "Stale: the original changed from version 1 to version 2" in v1
    assert '<span class="edition current">Edition with v2 (current)</span>' in page[page.index('id="v2"') :]
    reader = html(client.get(reverse("rules:reader", args=["rada-miasta"])))
    block = article(reader, clause.key)
    assert '<span class="badge stale">Stale translation</span>' in block
    assert "This translation was made from version 1; the original is now at version 2." in block


@pytest.mark.parametrize(
    ("slug", "key"),
    [("rada-miasta", "rm.no-such-clause"), ("praetor", "rm.intro"), ("no-such-game", "rm.intro")],
)
def test_unknown_clause_or_clause_of_another_game_is_404(client, corpus, slug, key):
    assert Clause.objects.filter(key="rm.intro").exists()
    assert client.get(reverse("rules:clause", args=[slug, key])).status_code == 404


# ---------------------------------------------------------------- glossary


def test_glossary_lists_terms_in_both_languages(client, corpus):
    for game in corpus:
        page = html(client.get(reverse("rules:glossary", args=[game.slug])))
        terms = selectors.glossary(game)
        assert terms
        for term in terms:
            assert (
                f'<dd lang="{game.language}" class="original">{escape(term.forms[game.language])}</dd>'
                in page
            )
            assert f'<dd lang="en">{escape(term.forms["en"])}</dd>' in page


def test_the_glossary_shows_the_form_in_effect_in_each_language(client, corpus, django_assert_num_queries):
    """A reviewer's approval in the translators' workspace is the term's form for readers too:
    a new language (Greek for Dolores) appears, a replaced form (English) is replaced; an open
    or rejected proposal changes nothing. Asked of the workspace through
    ``rules.selectors.glossary_in_effect`` (rules never imports translators)."""
    from translators import services as workspace

    now = timezone.now()
    kokosy = Term.objects.get(game__slug="dolores", key="kokosy")
    city = Term.objects.get(game__slug="dolores", key="city")

    def propose(term, lang, text, verdict=None):
        proposal, _created = workspace.term_propose(term=term, lang=lang, text=text, author="eleni", now=now)
        if verdict:
            workspace.term_decide(proposal=proposal, verdict=verdict, decided_by="rhea", now=now)

    propose(kokosy, "el", "κοκόσι", "approved")
    propose(kokosy, "en", "coconuts", "approved")
    propose(city, "el", "πόλη")  # open: not in effect
    propose(city, "en", "town", "rejected")
    with django_assert_num_queries(2):
        page = html(client.get(reverse("rules:glossary", args=["dolores"])))
    entry = re.search(r'<li class="card term" id="term-kokosy">(.*?)</li>', page, re.S).group(1)
    entry = " ".join(entry.split())
    approved = ' <span class="badge ok" lang="en" title="approved by the language’s reviewer" data-testid="approved">approved</span></dd>'
    assert '<dt class="muted">Greek</dt> <dd lang="el">κοκόσι' + approved in entry
    assert (
        '<dd lang="en">coconuts' + approved in entry and '<dd lang="pl" class="original">kokosy</dd>' in entry
    )
    assert entry.count('data-testid="approved"') == 2
    other = re.search(r'<li class="card term" id="term-city">(.*?)</li>', page, re.S).group(1)
    assert '<dd lang="en">city</dd>' in other
    assert "πόλη" not in other and "town" not in other and 'data-testid="approved"' not in other


def test_the_clause_page_says_which_code_implements_the_clause(client, corpus):
    page = page_html(client.get("/g/rada-miasta/c/rm.support.limits/"))
    assert "Implemented by" in page
    assert "support-gain" in page and "games/adjudicators/rada_miasta" in page


@pytest.mark.parametrize("slug, lang", [("praetor", "pl"), ("rada-miasta", "zh-Hans"), ("dolores", "en")])
def test_the_contents_give_every_title_in_the_translation_shown_and_no_entry_is_blank(
    client, corpus, slug, lang
):
    from rules import corpus as shipped

    page = html(client.get(reverse("rules:reader", args=[slug]), {"lang": lang}))
    toc = re.search(r'<details class="toc">(.*?)</details>', page, re.S).group(1)
    titles = re.findall(r'<span class="title">(.*?)</span> ?(?:<span class="count"|</a>)', toc, re.S)
    assert titles and all(re.sub(r"<[^>]+>", "", t).strip() for t in titles)  # none blank
    data = shipped.game(slug)
    expected = (
        {s.key: s.en for s in data.sections if s.en} if lang == "en" else data.translations[lang].sections
    )
    for key, title in expected.items():
        assert f'<span class="muted" lang="{lang}">{escape(title)}</span>' in toc, key
