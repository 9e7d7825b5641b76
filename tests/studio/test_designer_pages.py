"""The designer workspace: drafts, the clause editor, the impact report, publishing."""

import pytest
from django.urls import reverse

from lab.models import PlaytestRun
from rules.models import ClauseVersion, Edition
from tests.markup import page_html

pytestmark = pytest.mark.django_db

LIMITS = "rm.support.limits"


def _newest(key):
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _open_draft(client, designer):
    """Sign the designer in and open a draft of Rada Miasta from the workspace; the draft."""
    client.force_login(designer)
    client.post("/design/rada-miasta/drafts/")
    return Edition.objects.get(game__slug="rada-miasta", status="draft")


@pytest.mark.parametrize(
    "who, expected",
    [
        ("anonymous", 302),
        ("nobody", 403),
        ("staff", 403),
        ("other-designer", 403),
        ("designer", 200),
        ("superuser", 200),
    ],
)
def test_only_the_games_designers_get_into_its_workspace(client, make_user, corpus, who, expected):
    users = {
        "nobody": lambda: make_user("nobody"),
        "staff": lambda: make_user("staff", staff=True),
        "other-designer": lambda: make_user("olek", kind="designer", game="dolores"),
        "designer": lambda: make_user("dana", kind="designer", game="rada-miasta"),
        "superuser": lambda: make_user("root", superuser=True),
    }
    if who != "anonymous":
        client.force_login(users[who]())
    r = client.get("/design/rada-miasta/")
    assert r.status_code == expected
    if who == "anonymous":
        assert r["Location"].startswith("/accounts/login/?next=/design/rada-miasta/")
    assert client.post("/design/rada-miasta/drafts/").status_code == (302 if expected != 403 else 403)


def test_the_login_page_signs_a_designer_in(client, designer):
    page = client.get("/accounts/login/?next=/design/")
    assert page.status_code == 200 and 'name="password"' in page.content.decode()
    r = client.post("/accounts/login/", {"username": "dana", "password": "pw-dana", "next": "/design/"})
    assert r.status_code == 302 and r["Location"] == "/design/"
    assert "Rada Miasta" in client.get("/design/").content.decode()


def test_a_designer_revises_a_clause_in_a_draft_and_publishes_it(
    client, designer, settings, django_capture_on_commit_callbacks
):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    client.force_login(designer)
    r = client.post("/design/rada-miasta/drafts/")
    draft = Edition.objects.get(game__slug="rada-miasta", status="draft")
    assert r["Location"] == f"/design/rada-miasta/{draft.number}/"
    editor = f"/design/rada-miasta/{draft.number}/c/{LIMITS}/"
    page = client.get(editor).content.decode()
    current = _newest(LIMITS)
    assert f'name="based_on" value="{current.number}"' in page and "max_support" in page

    new_text = current.text.replace("przekroczyć 10", "przekroczyć 8")
    preview = client.post(editor + "preview/", {"text": new_text}, HTTP_HX_REQUEST="true").content.decode()
    assert "<del>10</del> → <strong>8</strong>" in preview and "<ins>8 </ins>" in preview

    saved = client.post(editor, {"text": new_text, "status": "draft", "note": "", "based_on": current.number})
    assert saved.status_code == 302
    assert _newest(LIMITS).text == new_text and _newest(LIMITS).author == "dana"
    listing = client.get(f"/design/rada-miasta/{draft.number}/?revised=1").content.decode()
    assert LIMITS in listing and "rm.vote.decay" not in listing

    impact = client.get(f"/design/rada-miasta/{draft.number}/impact/").content.decode()
    assert "max_support" in impact and "support-gain" in impact
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            client.post(f"/design/rada-miasta/{draft.number}/publish/", {"confirm": "1"}).status_code == 302
        )
    assert Edition.objects.get(game__slug="rada-miasta", is_current=True).number == draft.number
    # Its disputes page's figures, queued for the workers once the publish committed.
    queued = PlaytestRun.objects.get(game__slug="rada-miasta", purpose="disputes")
    assert (queued.config["edition"], queued.status) == (draft.number, "running")


def test_a_stale_editor_keeps_the_designers_text_and_shows_theirs(client, designer, make_user):
    draft = _open_draft(client, designer)
    editor = f"/design/rada-miasta/{draft.number}/c/{LIMITS}/"
    base = _newest(LIMITS)
    theirs = base.text.replace("10", "9")
    assert (
        client.post(editor, {"text": theirs, "status": "draft", "based_on": base.number}).status_code == 302
    )
    mine = base.text.replace("10", "7")
    r = client.post(editor, {"text": mine, "status": "draft", "based_on": base.number})
    page = r.content.decode()
    assert r.status_code == 409
    assert theirs in page and f">{mine}</textarea>" in page
    assert f'name="based_on" value="{base.number + 1}"' in page


def test_a_text_that_drops_a_figure_asks_to_rebind_it(client, designer):
    draft = _open_draft(client, designer)
    editor = f"/design/rada-miasta/{draft.number}/c/{LIMITS}/"
    base = _newest(LIMITS)
    text = "Poziom poparcia wynosi od 0 do 8 punktów."
    r = client.post(editor, {"text": text, "status": "draft", "based_on": base.number})
    # Taken (CONTRACT.md §5), and back to the editor, which asks to re-bind the figure.
    assert r.status_code == 302 and r["Location"] == editor and _newest(LIMITS).number == base.number + 1
    assert 'name="bind-max_support"' in client.get(editor).content.decode()
    r = client.post(
        editor,
        {
            "text": text,
            "status": "draft",
            "based_on": base.number + 1,
            "bind-max_support": "od 0 do {num} punktów",
        },
    )
    assert r.status_code == 302 and _newest(LIMITS).bindings["max_support"] == "od 0 do {num} punktów"


def test_the_referee_offers_the_draft_marked_as_draft_rules(client, designer):
    draft = _open_draft(client, designer)
    page = page_html(client.get(f"/referee/?game=rada-miasta&q=support-gain&edition={draft.number}"))
    assert "draft rules" in page and f'<option value="{draft.number}" selected>' in page
    r = client.post(
        reverse("games:rule", args=["rada-miasta", "support-gain"]),
        {
            "edition": draft.number,
            "support.residents": "1",
            "district.type": "residential",
            "district.stage": "1",
        },
    )
    assert "draft rules" in r.content.decode()


def test_the_pins_page_lists_what_the_code_does_not_follow(client, designer, corpus):
    assert "Every pin is up to date" in client.get("/g/rada-miasta/pins/").content.decode()


def test_a_designer_marks_a_reference_ruling_that_the_impact_report_runs(client, designer, api):
    situation = {"support": {"residents": 4}, "district": {"type": "residential", "stage": 3}}
    ruling = api.post(
        "/api/v1/games/rada-miasta/adjudicators/support-gain/", {"inputs": situation}, format="json"
    ).json()
    assert "Mark as a reference ruling" not in client.get(f"/rulings/{ruling['ruling']}/").content.decode()
    client.force_login(designer)
    page = client.get(f"/rulings/{ruling['ruling']}/").content.decode()
    assert "Mark as a reference ruling" in page
    assert client.post(f"/design/rulings/{ruling['ruling']}/reference/").status_code == 302
    assert "reference ruling" in client.get(f"/rulings/{ruling['ruling']}/").content.decode()
    assert api.get(f"/api/v1/rulings/{ruling['ruling']}/").json()["reference"] is True

    client.post("/design/rada-miasta/drafts/")
    draft = Edition.objects.get(game__slug="rada-miasta", status="draft")
    text = _newest(LIMITS).text.replace("przekroczyć 10", "przekroczyć 6")
    client.post(
        f"/design/rada-miasta/{draft.number}/c/{LIMITS}/", {"text": text, "status": "draft", "based_on": 1}
    )
    report = client.get(f"/api/v1/games/rada-miasta/drafts/{draft.number}/impact/").json()
    example = next(e for e in report["changed_examples"] if e["example"] == f"ruling {ruling['ruling']}")
    assert example["published"]["support"]["residents"] == 7 and example["draft"]["support"]["residents"] == 6


def test_a_non_designer_cannot_mark_a_reference_ruling(client, make_user, api, corpus):
    situation = {"support": {"residents": 4}, "district": {"type": "residential", "stage": 3}}
    ruling = api.post(
        "/api/v1/games/rada-miasta/adjudicators/support-gain/", {"inputs": situation}, format="json"
    ).json()
    client.force_login(make_user("olek", kind="designer", game="dolores"))
    assert client.post(f"/design/rulings/{ruling['ruling']}/reference/").status_code == 403


def test_the_impact_report_costs_the_same_queries_however_many_rulings(
    client, designer, api, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    draft = _open_draft(client, designer)
    url = f"/api/v1/games/rada-miasta/drafts/{draft.number}/impact/"
    situation = {"support": {"residents": 4}, "district": {"type": "residential", "stage": 3}}
    counts = []
    for _ in range(2):
        for _n in range(10):
            api.post(
                "/api/v1/games/rada-miasta/adjudicators/support-gain/", {"inputs": situation}, format="json"
            )
        client.get(url)  # warm the snapshots
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] <= 12, counts


def test_the_referee_form_and_ruling_follow_the_draft(client, designer, token_api):
    """Under a draft with max support 8 the form's bound is 8; a draft that changes what the
    decay rule says puts the pin warning at the top of the ruling and on its step."""
    api = token_api(designer)
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    limits = _newest(LIMITS)
    api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{LIMITS}/",
        {
            "text": limits.text.replace("przekroczyć 10", "przekroczyć 8"),
            "based_on": limits.number,
            "status": "draft",
        },
        format="json",
    )
    form = client.get(f"/referee/?game=rada-miasta&q=support-gain&edition={n}").content.decode()
    assert 'id="f-support_residents"' in form and 'max="8"' in form and 'max="10"' not in form
    assert 'max="10"' in client.get("/referee/?game=rada-miasta&q=support-gain").content.decode()

    decay = _newest("rm.vote.decay")
    api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/clauses/rm.vote.decay/",
        {"text": decay.text + " Nie dotyczy wnioskodawcy.", "based_on": decay.number, "status": "uncertain"},
        format="json",
    )
    r = client.post(
        reverse("games:rule", args=["rada-miasta", "council-vote"]),
        {
            "edition": n,
            "players": "Ala, Bartek",
            "rows.seating": "2",
            "seating.0": "Ala",
            "seating.1": "Bartek",
            "proposer": "Ala",
            "support.Ala.residents": "2",
            "support.Bartek.merchants": "1",
            "votes.Ala": "for",
            "votes.Bartek": "against",
            "district.type": "residential",
            "district.stage": "1",
        },
    )
    page = r.content.decode()
    assert r.status_code == 200, page[:3000]
    assert page.count('data-testid="warning"') == 1
    assert "code written for an older wording" in page


def test_the_game_page_links_to_the_playtest_lab_where_the_lab_has_a_model(client, corpus, make_user):
    client.force_login(make_user("boss", superuser=True))
    # Every game has a lab model now (issue #23): each game page links to its lab.
    for slug in ("rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"):
        page = client.get(f"/design/{slug}/").content.decode()
        assert f'href="/lab/{slug}/"' in page, slug


def test_saving_a_clause_of_a_draft_published_meanwhile_is_a_409_that_gives_the_text_back(client, designer):
    draft = _open_draft(client, designer)
    editor = f"/design/rada-miasta/{draft.number}/c/{LIMITS}/"
    assert client.get(editor).status_code == 200
    assert client.post(f"/design/rada-miasta/{draft.number}/publish/", {"confirm": "1"}).status_code == 302
    before = ClauseVersion.objects.count()
    text = _newest(LIMITS).text + " Zdanie, które nie może zginąć."
    r = client.post(editor, {"text": text, "status": "draft", "note": "", "based_on": _newest(LIMITS).number})
    assert r.status_code == 409
    page = r.content.decode()
    assert f"Edition {draft.number} has been published meanwhile" in page
    assert "Zdanie, które nie może zginąć." in page
    assert ClauseVersion.objects.count() == before
    again = client.post(f"/design/rada-miasta/{draft.number}/publish/")
    assert again.status_code == 409 and f"Edition {draft.number} has been published" in again.content.decode()


def test_the_editor_opens_with_the_clauses_note_and_status_and_a_save_keeps_the_note(client, designer):
    draft = _open_draft(client, designer)
    key = "rm.vote.decay"
    current = _newest(key)
    editor = f"/design/rada-miasta/{draft.number}/c/{key}/"
    page = client.get(editor).content.decode()
    assert ">Red text (least certain, likely to change)" in page
    assert f'<option value="{current.status}" selected>' in page
    # A save without a note field (another client's form) keeps it too.
    r = client.post(
        editor, {"text": current.text + " Zdanie.", "status": "uncertain", "based_on": current.number}
    )
    assert r.status_code == 302
    assert (_newest(key).note, _newest(key).status) == (current.note, "uncertain")


def test_ticking_remove_on_a_figure_code_reads_is_refused_naming_the_adjudicators(client, designer):
    draft = _open_draft(client, designer)
    key = "rm.events.election-promises"
    current = _newest(key)
    text = current.text.replace("dodać 1 głos", "dodać głos")
    r = client.post(
        f"/design/rada-miasta/{draft.number}/c/{key}/",
        {
            "text": text,
            "status": "draft",
            "note": current.note,
            "based_on": current.number,
            "remove-election_promises_points": "1",
        },
    )
    assert r.status_code == 400
    page = r.content.decode()
    assert "event-card read election_promises_points: it cannot be removed" in page
    assert "dodać głos" in page  # the designer's text is kept
    assert _newest(key) == current
    ruling = client.post(
        "/api/v1/games/rada-miasta/adjudicators/event-card/",
        {
            "inputs": {
                "support": {"Ala": {"residents": 2}, "Bartek": {"residents": 3}},
                "card": "election-promises",
                "group": "residents",
                "target": "Bartek",
            },
            "edition": draft.number,
        },
        content_type="application/json",
    )
    assert ruling.status_code == 200, ruling.content
