"""Every designer page fits a 390 px phone (issue #22 item 7), checked in Debian's Chromium
with a screenshot of each: the workspace a sign-in lands on, the game, a stale draft with its
rebase conflict side by side, the clause editor proposing new words for a lost figure, the
impact report, a whole document compared, the editions page, and a refusal."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from rules import services
from rules.models import Game, Role
from tests.conftest import revise

SOURCE = Path(__file__).resolve().parents[2] / "rules/corpus/rada-miasta/source.txt"


@pytest.fixture
def stale_draft(site):
    user = get_user_model().objects.create_user("dana", password="pw-dana")
    game = Game.objects.get(slug="rada-miasta")
    Role.objects.create(user=user, kind="designer", game=game)
    get_user_model().objects.create_user("sam", password="pw-sam")
    mine = services.draft_open(game=game, author="dana", now=timezone.now())
    theirs = services.draft_open(game=game, author="dana", now=timezone.now())
    revise(mine, "rm.vote.majority", "co najmniej 2", "co najmniej 3")
    revise(theirs, "rm.vote.majority", "uznaje się za wygrane", "wygrywa")
    revise(theirs, "rm.support.limits", "przekroczyć 10", "przekroczyć 8")
    services.draft_publish(draft=theirs, now=timezone.now())
    return site, mine.number


def _fits(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width} px wide"


def test_every_designer_page_fits_390_px(stale_draft, page, shot):
    site, n = stale_draft
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "/accounts/login/")
    page.get_by_label("User name").fill("dana")
    page.get_by_label("Password").fill("pw-dana")
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(site + "/design/")
    expect(page.locator("header.top")).to_contain_text("Design")
    expect(page.locator("header.top")).to_contain_text("Sign out")
    _fits(page)
    shot(page, "narrow-design-home")

    page.goto(f"{site}/design/rada-miasta/")
    _fits(page)
    page.goto(f"{site}/design/rada-miasta/{n}/")
    expect(page.get_by_test_id("compares")).to_be_visible()
    _fits(page)
    shot(page, "narrow-draft-stale")
    page.get_by_role("button", name="Bring onto edition").click()
    expect(page.locator("#conflicts")).to_contain_text("rm.vote.majority")
    _fits(page)
    shot(page, "narrow-draft-conflict")
    page.get_by_role("button", name="Take the published").click()
    expect(page.locator("#conflicts")).to_have_count(0)

    page.goto(f"{site}/design/rada-miasta/{n}/c/rm.support.limits/")
    page.wait_for_load_state("load")
    # The published limit is 8: a text that no longer states it (9) is taken and the figure
    # marked unbound; the editor comes back proposing where a figure now stands.
    page.locator("#id_text").fill("Poziom poparcia danej grupy jest od zera do dziewięciu punktów.")
    page.get_by_role("button", name="Save as a new version").click()
    expect(page.get_by_test_id("candidates-max_support")).to_contain_text("do {num} punktów")
    _fits(page)
    shot(page, "narrow-editor-candidates")

    page.goto(f"{site}/design/rada-miasta/{n}/impact/")
    _fits(page)
    shot(page, "narrow-impact")

    page.goto(f"{site}/design/rada-miasta/{n}/document/")
    text = SOURCE.read_text(encoding="utf-8").replace(
        "przekroczyć 10 i nie może", "przekroczyć 10 i nigdy nie może"
    )
    page.locator("#id_doc_text").fill(text)
    page.get_by_role("button", name="Compare with the draft").click()
    expect(page.locator('[data-change="revised"]').first).to_be_visible()
    _fits(page)
    shot(page, "narrow-document")

    page.goto(f"{site}/g/rada-miasta/editions/")
    _fits(page)
    shot(page, "narrow-editions")
    page.goto(f"{site}/g/rada-miasta/pins/")
    _fits(page)

    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("header.top")).to_contain_text("Sign in")
    page.goto(site + "/accounts/login/")
    page.get_by_label("User name").fill("sam")
    page.get_by_label("Password").fill("pw-sam")
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(site + "/")
    page.goto(f"{site}/design/rada-miasta/")
    expect(page.get_by_test_id("reason")).to_contain_text("Only a designer of this game")
    _fits(page)
    shot(page, "narrow-403")
