"""The referee pages: game → question → players → form → ruling, with and without htmx."""

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine
from tests.conftest import real_queries
from tests.markup import page_html

VOTE = {
    "players": "Ala, Bartek, Celina",
    "seating.0": "Ala",
    "seating.1": "Bartek",
    "seating.2": "Celina",
    "rows.seating": "3",
    "proposer": "Ala",
    "support.Ala.residents": "4",
    "support.Ala.entrepreneurs": "1",
    "support.Ala.merchants": "0",
    "support.Bartek.residents": "2",
    "support.Bartek.entrepreneurs": "3",
    "support.Bartek.merchants": "5",
    "support.Celina.residents": "1",
    "support.Celina.entrepreneurs": "3",
    "support.Celina.merchants": "2",
    "votes.Ala": "for",
    "votes.Bartek": "against",
    "votes.Celina": "for",
    "district.type": "residential",
    "district.stage": "1",
    "rows.events": "0",
    "variant": "original",
    "lang": "en",
}


def test_the_referee_starts_with_the_five_games(corpus, client):
    html = page_html(client.get("/referee/"))
    for title in ["Rada Miasta", "Praetor", "Imperial Tax Farmer", "Mega Civilization", "Dolores"]:
        assert title in html


def test_a_game_lists_its_questions_in_plain_words(corpus, client):
    html = page_html(client.get("/referee/?game=rada-miasta"))
    for adj in engine.for_game("rada-miasta"):
        assert str(adj.title) in html.replace("&#x27;", "'")


def test_questions_about_players_ask_for_the_names_first(corpus, client):
    r = client.get("/referee/?game=rada-miasta&q=council-vote")
    assert r.status_code == 200
    assert 'name="players"' in page_html(r)
    form = page_html(client.get("/referee/?game=rada-miasta&q=council-vote&players=Ala,Bartek,Celina"))
    assert 'name="support.Celina.merchants"' in form
    assert 'name="votes.Bartek"' in form


def test_unknown_game_or_question_is_404(corpus, client):
    assert client.get("/referee/?game=nope").status_code == 404
    assert client.get("/referee/?game=dolores&q=nope").status_code == 404


def test_posting_the_form_gives_the_ruling_page_without_javascript(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", VOTE)
    assert r.status_code == 200
    html = page_html(r)
    assert 'id="ruling"' in html and "<html" in html
    assert "Wszystkie punkty poparcia graczy głosujących ZA sumuje się" in html
    link = re.search(r'href="(/rulings/[0-9a-f-]+/)"', html).group(1)
    assert client.get(link).status_code == 200


def test_with_htmx_only_the_ruling_fragment_comes_back(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", VOTE, HTTP_HX_REQUEST="true")
    html = page_html(r)
    assert r.status_code == 200
    assert html.lstrip().startswith("<section") and "<html" not in html


def test_a_bad_field_is_a_400_with_the_message_on_that_field(corpus, client):
    bad = {**VOTE, "support.Ala.residents": "11"}
    r = client.post("/referee/rada-miasta/council-vote/", bad)
    assert r.status_code == 400
    html = page_html(r)
    assert 'id="f-support_Ala_residents-err"' in html
    assert "Ensure this value is less than or equal to 10." in html
    assert 'value="11"' in html  # what the referee typed is kept


def test_with_htmx_a_bad_field_swaps_the_form_in_place(corpus, client):
    r = client.post(
        "/referee/rada-miasta/council-vote/", {**VOTE, "votes.Celina": ""}, HTTP_HX_REQUEST="true"
    )
    # A mistake is an expected answer to htmx: 200 (no failed request in the browser's console),
    # marked as the form with its errors; without htmx it stays a 400.
    assert r.status_code == 200 and r["X-Form-Invalid"] == "1"
    assert r["HX-Retarget"] == "#referee-form" and r["HX-Reswap"] == "outerHTML"
    assert "This field is required." in page_html(r)


def test_adding_a_row_keeps_what_was_typed(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "add:events"})
    html = page_html(r)
    assert r.status_code == 200 and 'name="events.0.card"' in html
    assert 'name="support.Bartek.merchants" value="5"' in html


@pytest.mark.parametrize("htmx", [False, True])
def test_a_referee_ruling_costs_at_most_four_queries(corpus, client, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client.post("/referee/rada-miasta/council-vote/", VOTE, **headers)
    with CaptureQueriesContext(connection) as ctx:
        r = client.post("/referee/rada-miasta/council-vote/", VOTE, **headers)
    assert r.status_code == 200
    assert len(real_queries(ctx)) <= 4, real_queries(ctx)


def test_the_disputes_page_flags_a_translation_made_from_an_older_wording(corpus, client):
    from django.utils import timezone

    from rules.models import Clause
    from rules.services import clause_revise, edition_publish

    page = page_html(client.get("/g/dolores/disputes/"))
    assert "dl.taxes-unpaid" in page and 'class="badge stale"' not in page
    clause = Clause.objects.get(game__slug="dolores", key="dl.taxes-unpaid")
    version = clause.versions.order_by("-number").first()
    clause_revise(
        clause=clause,
        text=version.text.replace("najbliższy", "następny"),
        status="published",
        expected_version=version.number,
        now=timezone.now(),
    )
    edition_publish(game=clause.game, name=None, now=timezone.now())
    page = page_html(client.get("/g/dolores/disputes/"))
    assert "następny etap zysków" in page
    shown = page.count('<a href="/g/dolores/c/dl.taxes-unpaid/">')
    assert shown >= 1 and page.count('class="badge stale"') == shown


@pytest.mark.parametrize(
    "game, name, form, shown",
    [
        # The dice field is one text field: each bad die is named by its place and as typed.
        (
            "imperial-tax-farmer",
            "rebellion-test",
            {"players": "3", "dice": "7 0 banana", "agents": "1", "coins": "0"},
            [
                "Item 1 (“7”): Ensure this value is less than or equal to 6.",
                "Item 2 (“0”): Ensure this value is greater than or equal to 1.",
                "Item 3 (“banana”): A whole number is required.",
            ],
        ),
        # An unknown action of a list of choices.
        (
            "dolores",
            "move-and-attack",
            {"actions": "move fly"},
            ["Item 2 (“fly”): Must be one of: move, attack."],
        ),
        # Fields of the board: which field, as typed, and which coordinate.
        (
            "dolores",
            "wind",
            {
                "direction_roll": "2",
                "strength_roll": "1",
                "width": "5",
                "height": "5",
                "pollution": "2;3; 9,x",
            },
            [
                "Field 1 (“2”): write a field as x,y, two whole numbers.",
                "Field 3 (“9,x”), coordinate y: A whole number is required.",
            ],
        ),
    ],
)
def test_every_error_of_a_bad_form_is_on_the_page(client, corpus, game, name, form, shown):
    r = client.post(f"/referee/{game}/{name}/", form)
    page = page_html(r)
    assert r.status_code == 400
    for message in shown:
        assert html.escape(message) in page, message
    assert not re.search(r">\d+(\.\d+)?: ", page)  # no bare "2.1:" paths


def test_no_input_of_any_question_is_named_like_the_forms_own_fields():
    from games.views import FORM_FIELDS

    clashes = [
        (a.game, a.name, name)
        for a in engine.all_adjudicators()
        for name in a.inputs.fields
        if name in FORM_FIELDS
    ]
    assert clashes == []


def test_a_question_with_an_input_called_players_keeps_it_apart_from_the_table(corpus, client):
    # rebellion-test's `players` is the number of players; the table's names travel as `_players`.
    form = page_html(client.get("/referee/?game=imperial-tax-farmer&q=rebellion-test"))
    assert form.count('name="players"') == 1 and 'name="_players"' in form
    posted = {"_players": "", "players": "3", "dice": "1 2 3", "agents": "2", "coins": "1"}
    r = client.post("/referee/imperial-tax-farmer/rebellion-test/", posted)
    assert r.status_code == 200, page_html(r)
    assert 'data-field="dice_sum">6<' in page_html(r)


def test_a_bad_form_opens_on_a_summary_linking_every_error_to_its_field(corpus, client):
    bad = {**VOTE, "votes.Celina": "", "support.Ala.residents": "11"}
    r = client.post("/referee/rada-miasta/council-vote/", bad)
    assert r.status_code == 400
    page = page_html(r)
    summary = re.search(r'<div class="error-summary" id="errors" role="alert"[^>]*>(.*?)</div>', page, re.S)
    assert summary and "autofocus" in summary.group(0).split(">")[0]
    links = re.findall(r'<a href="#([^"]+)" data-field="[^"]+">([^<]+)</a>', summary.group(1))
    assert links, summary.group(1)
    for target, _text in links:
        assert f'id="{target}"' in page, target  # every link lands on a field of the page
    texts = [html.unescape(t) for _t, t in links]
    assert any(t.startswith("Votes › Celina: ") and "This field is required." in t for t in texts), texts
    # The field says it too, and says it is invalid.
    assert 'aria-invalid="true" aria-describedby="f-votes_Celina-err"' in page
    assert 'name="support.Ala.residents" value="11"' in page  # the typed input is kept


def test_a_seat_renamed_in_the_form_is_renamed_everywhere_in_it(corpus, client):
    # Celina's seat now says Zed: Zed takes Celina's support and vote, no error is left behind.
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "seating.2": "Zed"})
    page = html.unescape(page_html(r))
    assert r.status_code == 200 and 'class="error-summary"' not in page
    assert 'name="_players" value="Ala, Bartek, Zed"' in page
    assert 'name="support.Zed.entrepreneurs" value="3"' in page and "support.Celina" not in page
    assert re.search(r'name="votes.Zed">.*?<option value="for" selected', page, re.S)


def test_renaming_a_seat_to_another_players_name_is_an_error_at_that_seat(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "seating.2": "Ala"})
    page = html.unescape(page_html(r))
    assert r.status_code == 400 and 'aria-invalid="true" aria-describedby="f-seating_2-err"' in page


def test_a_bad_list_keeps_what_was_typed_and_the_summary_names_each_item(corpus, client):
    posted = {"players": "3", "dice": "7 0 banana", "agents": "1", "coins": "0"}
    page = page_html(client.post("/referee/imperial-tax-farmer/rebellion-test/", posted))
    assert 'value="7 0 banana"' in page
    summary = page[page.index('id="errors"') : page.index("</ul>", page.index('id="errors"'))]
    assert summary.count('href="#f-dice"') == 3


def test_without_javascript_the_answer_opens_at_the_ruling_and_focuses_it(corpus, client):
    form = page_html(client.get("/referee/?game=rada-miasta&q=council-vote&players=Ala,Bartek,Celina"))
    assert 'action="/referee/rada-miasta/council-vote/#ruling-title"' in form
    page = page_html(client.post("/referee/rada-miasta/council-vote/", VOTE))
    assert '<h2 id="ruling-title" tabindex="-1" autofocus>' in page
    # The stored ruling's own page does not steal the focus.
    link = re.search(r'href="(/rulings/[0-9a-f-]+/)"', page).group(1)
    assert "autofocus" not in page_html(client.get(link))


def test_adding_a_row_opens_the_form_again_at_that_list(corpus, client):
    page = page_html(client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "add:events"}))
    assert re.search(r'<button[^>]*value="add:events"[^>]*autofocus', page)
    assert page.count("autofocus") == 1


def test_the_outcome_reads_in_words_not_in_contract_slugs(corpus, client):
    lost = {**VOTE, "votes.Ala": "against", "votes.Celina": "against"}  # a stage 1 District goes back
    page = page_html(client.post("/referee/rada-miasta/council-vote/", lost))
    outcome = page[
        page.index('data-testid="outcome"') : page.index("</dl>", page.index('data-testid="outcome"'))
    ]
    assert "<dt>Voting order</dt>" in outcome and "<dt>Support afterwards</dt>" in outcome
    assert 'data-field="district_fate">back to the pile of unbuilt Districts<' in outcome
    assert '<th scope="col">Residents</th>' in outcome and '<th scope="col">For</th>' in outcome
    assert "district_fate<" not in outcome and "returned-to-pile" not in outcome


def _lang_menu(page: str) -> list[str]:
    menu = re.search(r'<select id="f-lang" name="lang">(.*?)</select>', page, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', menu)


def _selected_lang(page: str) -> str:
    menu = re.search(r'<select id="f-lang" name="lang">(.*?)</select>', page, re.S).group(1)
    return re.search(r'<option value="([^"]*)" selected', menu).group(1)


def test_the_referee_offers_every_translation_the_game_has(corpus, client):
    # Mega Civilization ships English and a complete Polish translation beside its Greek original.
    page = page_html(client.get("/referee/?game=mega-civilization&q=hand-limit"))
    assert _lang_menu(page) == ["en", "pl", ""]
    assert _selected_lang(page) == "en"
    # Rada Miasta's Polish original has English and Chinese beside it, never Polish.
    page = page_html(client.get("/referee/?game=rada-miasta&q=support-gain"))
    assert _lang_menu(page) == ["en", "zh-Hans", ""]


def test_the_interface_language_is_the_first_translation_when_the_game_has_it(corpus, client):
    client.cookies["django_language"] = "pl"
    page = page_html(client.get("/referee/?game=mega-civilization&q=hand-limit"))
    assert _lang_menu(page) == ["pl", "en", ""] and _selected_lang(page) == "pl"
    # Dolores's original is Polish: the first translation is English.
    page = page_html(client.get("/referee/?game=dolores&q=city-tax"))
    assert _lang_menu(page)[0] == "en" and "pl" not in _lang_menu(page)


def test_a_ruling_quotes_the_polish_translation_beside_the_greek(corpus, client):
    r = client.post(
        "/referee/mega-civilization/hand-limit/", {"players": "5", "variant": "original", "lang": "pl"}
    )
    page = html.unescape(page_html(r))
    quoted = re.findall(r'<blockquote class="tr" lang="([^"]+)">', page)
    assert r.status_code == 200 and quoted and set(quoted) == {"pl"}


def test_the_share_page_says_the_situation_in_words_with_json_only_on_request(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", VOTE)
    link = re.search(r'data-testid="permalink">[^<]*?(/rulings/[0-9a-f-]+/)', page_html(r)).group(1)
    page = html.unescape(page_html(client.get(link)))
    words = re.search(r'<ul class="situation">(.*?)</ul>\s*<details class="json">', page, re.S).group(1)
    assert "Proposer:" in words and "Ala" in words
    assert "{'" not in page  # no Python dict anywhere
    assert '<details class="json"><summary>The same situation as JSON</summary>' in page


@pytest.mark.parametrize(
    "typed, message",
    [
        ("", "Type the names of the players at the table, separated by commas."),
        (" , ;", "Type the names of the players at the table, separated by commas."),
        ("Ala, ala, Bartek", "Each player needs a name of their own; typed more than once: Ala."),
        ("Ala, " + "B" * 41, "A name may have at most 40 characters: " + "B" * 40 + "…."),
    ],
)
def test_the_names_step_refuses_what_cannot_be_a_table(corpus, client, typed, message):
    r = client.get("/referee/", {"game": "rada-miasta", "q": "council-vote", "players": typed})
    page = html.unescape(page_html(r))
    assert r.status_code == 400 and message in page
    assert f'name="players" value="{typed}"' in page  # as typed, nothing dropped
    assert 'id="referee-form"' not in page


def test_the_names_step_offers_the_example_as_a_placeholder_and_a_button_never_a_value(corpus, client):
    page = page_html(client.get("/referee/?game=rada-miasta&q=council-vote"))
    assert 'name="players" value=""' in page and 'placeholder="Ala, Bartek, Celina"' in page
    assert "example=1" in page


def test_the_form_opens_empty_and_fills_the_example_only_when_asked(corpus, client):
    page = page_html(client.get("/referee/?game=rada-miasta&q=council-vote&players=Ala,+Bartek,+Celina"))
    assert 'name="support.Ala.residents" value=""' in page
    page = page_html(client.get("/referee/?game=rada-miasta&q=council-vote&example=1"))
    assert re.search(r'name="support.Ala.residents" value="\d+"', page)
    # A forgotten field is an error, not a value from anywhere.
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "proposer": ""})
    assert r.status_code == 400 and "Proposer" in html.unescape(page_html(r))


def test_changing_the_players_keeps_every_value_of_those_still_at_the_table(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "players"})
    page = html.unescape(page_html(r))
    assert r.status_code == 200 and 'name="players" value="Ala, Bartek, Celina"' in page
    state = re.search(r'name="_state" value="([^"]*)"', page_html(r)).group(1)
    r = client.post(
        "/referee/rada-miasta/council-vote/",
        {
            "action": "players-set",
            "_state": html.unescape(state),
            "players": "Ala, Bartek, Dorota",
            "lang": "en",
        },
    )
    page = html.unescape(page_html(r))
    assert r.status_code == 200 and 'name="_players" value="Ala, Bartek, Dorota"' in page
    assert 'name="support.Bartek.merchants" value="5"' in page
    assert 'name="support.Dorota.merchants" value=""' in page and "Celina" not in page
    assert re.search(r'name="proposer">.*?<option value="Ala" selected', page, re.S)
    assert 'name="seating.2" value="Dorota"' in page


def test_a_player_whose_groups_are_all_left_blank_has_no_support(corpus, client):
    # rm's support hint: "a group left out counts as 0" — a whole player left blank too.
    blank = {k: ("" if k.startswith("support.Celina.") else v) for k, v in VOTE.items()}
    r = client.post("/referee/rada-miasta/council-vote/", blank)
    page = html.unescape(page_html(r))
    assert r.status_code == 200, page
    assert "This field is required" not in page
    from games import forms

    adj = engine.get("rada-miasta", "council-vote")
    raw = forms.collect(adj.inputs, blank, ["Ala", "Bartek", "Celina"])
    assert raw["support"]["Celina"] == {}


def test_every_link_of_a_page_answering_a_post_opens_with_a_get(corpus, client):
    # The names step and the form answer POSTs at the form's post address: a link relative to it
    # ("?game=…") opened /referee/<game>/<question>/?game=… there, which only takes POST (405).
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "players"})
    state = html.unescape(re.search(r'name="_state" value="([^"]*)"', page_html(r)).group(1))
    post = {"action": "players-set", "_state": state, "players": "Ala, Bartek, Dorota", "lang": "en"}
    for page in (page_html(r), page_html(client.post("/referee/rada-miasta/council-vote/", post))):
        links = [html.unescape(h) for h in re.findall(r'<a [^>]*href="([^"#][^"]*)"', page)]
        assert links and not [h for h in links if h.startswith("?")], links
        for href in links:
            if href.startswith("/referee/"):
                assert client.get(href).status_code == 200, href


def test_a_changed_list_of_names_with_errors_keeps_the_form_values_for_the_next_try(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "players"})
    state = html.unescape(re.search(r'name="_state" value="([^"]*)"', page_html(r)).group(1))
    r = client.post(
        "/referee/rada-miasta/council-vote/",
        {"action": "players-set", "_state": state, "players": "Ala, ALA"},
    )
    page = html.unescape(page_html(r))
    assert r.status_code == 400 and "typed more than once: Ala" in page
    assert f'name="_state" value="{state}"' in page


def test_the_questions_are_grouped_by_section_and_filtered_without_javascript(corpus, client):
    from games.selectors import question_groups

    html = page_html(client.get("/referee/?game=dolores"))
    groups = question_groups("dolores", lang="en")
    assert html.count('<section class="question-group" data-group>') == len(groups) > 1
    assert sum(len(g.questions) for g in groups) == len(engine.for_game("dolores"))
    assert "3. Tax stage" in html
    found = page_html(client.get("/referee/?game=dolores&find=TAX BILL"))
    assert 'data-question="tax-bill"' in found and 'data-question="wind"' not in found
    none = page_html(client.get("/referee/?game=dolores&find=zzzz"))
    assert "No question matches these words." in none and 'data-question="' not in none


@pytest.mark.parametrize(
    "slug", ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]
)
def test_the_question_groups_follow_the_texts_order_of_play(slug):
    from games.selectors import question_groups
    from rules import corpus as corpus_files

    sections = [s.key for s in corpus_files.game(slug).sections]
    groups = question_groups(slug, lang="en")
    keys = [g.key for g in groups]
    assert keys == sorted(keys, key=sections.index)
    assert all(g.key for g in groups), "every question stands under a titled section of the text"
    assert not any(g.title.startswith("#") or g.title.endswith(":") for g in groups)


def test_numbered_stages_and_phases_come_in_their_numbers_order():
    from games.selectors import question_groups

    dolores = [g.title for g in question_groups("dolores", lang="pl")]
    stages = [t for t in dolores if t[:2] in ("1.", "2.", "3.", "4.", "5.")]
    assert [t[:2] for t in stages] == ["1.", "2.", "3.", "4.", "5."]
    assert dolores.index("Przygotowanie") < dolores.index(stages[0])
    phases = [g.title.split(".")[0] for g in question_groups("mega-civilization", lang="en")]
    numbered = [int(p) for p in phases if p.isdigit()]
    assert numbered == sorted(numbered) and numbered[-1] == 13
    rada = question_groups("rada-miasta", lang="en")
    assert "support-gain" in [q.name for q in rada[0].questions]


def test_the_filter_folds_case_and_polish_accents():
    from games.selectors import fold

    assert fold("  Łaska  GŁOSOWANIE ") == fold("laska glosowanie") == "laska glosowanie"


def test_the_names_step_answers_htmx_with_200_marked_invalid(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", {**VOTE, "action": "players"})
    state = html.unescape(re.search(r'name="_state" value="([^"]*)"', page_html(r)).group(1))
    post = {"action": "players-set", "_state": state, "players": ""}
    r = client.post("/referee/rada-miasta/council-vote/", post, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and r["X-Form-Invalid"] == "1"
    assert client.post("/referee/rada-miasta/council-vote/", post).status_code == 400
    ok = client.post("/referee/rada-miasta/council-vote/", VOTE, HTTP_HX_REQUEST="true")
    assert "X-Form-Invalid" not in ok


@pytest.mark.parametrize("htmx", [False, True])
def test_switching_the_language_after_a_ruling_reopens_the_form_with_that_ruling(corpus, client, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    r = client.post("/referee/rada-miasta/council-vote/", VOTE, **headers)
    page = page_html(r)
    ruling_id = re.search(r'href="/rulings/([0-9a-f-]+)/"', page).group(1)
    back = f"/referee/?game=rada-miasta&amp;q=council-vote&amp;from={ruling_id}"
    # Without JS the header's language form carries the way back; with htmx the ruling does
    # (static/js/referee.js copies it into the header's form).
    assert (f'data-reopen="{back}"' if htmx else f'name="next" value="{back}"') in page
    r = client.post("/i18n/setlang/", {"language": "pl", "next": html.unescape(back)})
    assert r.status_code == 302 and r["Location"] == html.unescape(back)
    page = html.unescape(page_html(client.get(r["Location"])))
    assert 'name="support.Bartek.merchants" value="5"' in page
    assert re.search(r'name="proposer">.*?<option value="Ala" selected', page, re.S)
    assert 'name="_players" value="Ala, Bartek, Celina"' in page
    assert f"/rulings/{ruling_id}/" in page and 'data-testid="reopened"' in page
    assert "Ta decyzja jest pokazana tak, jak została wydana" in page
    # The header's language form keeps the way back on the reopened page too.
    assert f'name="next" value="/referee/?game=rada-miasta&q=council-vote&from={ruling_id}"' in page


def test_a_ruling_of_another_question_does_not_reopen_a_form(corpus, client):
    r = client.post("/referee/rada-miasta/council-vote/", VOTE)
    ruling_id = re.search(r'href="/rulings/([0-9a-f-]+)/"', page_html(r)).group(1)
    page = page_html(client.get(f"/referee/?game=dolores&q=wind&from={ruling_id}"))
    assert 'data-testid="reopened"' not in page
    assert client.get("/referee/?game=rada-miasta&q=council-vote&from=nope").status_code == 200


def test_the_share_page_reads_in_one_language_whichever_language_the_ruling_was_given_in(corpus, client):
    def summary(page: str) -> str:
        return html.unescape(re.search(r'data-testid="summary">([^<]*)<', page).group(1))

    def explanations(page: str) -> list[str]:
        return [html.unescape(e) for e in re.findall(r'<li class="step">\s*<p>([^<]*)</p>', page)]

    client.cookies["django_language"] = "pl"
    given = page_html(client.post("/referee/rada-miasta/council-vote/", VOTE))
    link = re.search(r'data-testid="permalink">[^<]*?(/rulings/[0-9a-f-]+/)', given).group(1)
    client.cookies["django_language"] = "en"
    english = page_html(client.post("/referee/rada-miasta/council-vote/", VOTE))
    shared = page_html(client.get(link))
    # Given in Polish, read in English: every sentence in English, as a ruling given in English says it.
    assert summary(given) != summary(english)
    assert summary(shared) == summary(english)
    assert explanations(shared) == explanations(english) and explanations(shared)
    client.cookies["django_language"] = "pl"
    assert summary(page_html(client.get(link))) == summary(given)
