"""Ctrl+Enter in Debian's Chromium (issue #25 item 5): in the list's inline editor (htmx) and on
the clause's own page, it saves and opens the next clause; pages name languages, not codes."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.models import Game, Role, Translation
from translators import selectors


@pytest.fixture
def english_site(site):
    user = get_user_model().objects.create_user("tina", password="pw-tina")
    Role.objects.create(user=user, kind="translator", lang="en")
    return site


def _login(page, site):
    page.goto(site + "/translate/")
    page.get_by_label("User name").fill("tina")
    page.get_by_label("Password").fill("pw-tina")
    page.get_by_role("button", name="Sign in").click()


def _dom(key: str) -> str:
    return "c-" + key.replace(".", "_")


def test_ctrl_enter_saves_and_opens_the_next_clause_in_both_editors(english_site, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    _login(page, english_site)
    # Language names, not codes: the card, its original, the page's heading.
    card = page.locator("#cell-rada-miasta-en")
    expect(card).to_contain_text("Rada Miasta → English")
    expect(card).to_contain_text("From Polish")
    keys = [u.key for u in selectors.units(Game.objects.get(slug="rada-miasta"), "en")]
    first, second, third = keys[:3]

    # The inline editor (htmx).
    card.get_by_role("link", name="Rada Miasta → English").click()
    expect(page.locator("h1")).to_have_text("Rada Miasta → English")
    page.wait_for_load_state("load")
    page.locator(f"#{_dom(first)}").get_by_role("link", name="Edit").click()
    box = page.locator(f"article.editing#{_dom(first)} textarea")
    box.fill("Inline, saved with Ctrl+Enter.")
    with page.expect_response(lambda r: r.request.method == "POST" and first in r.url) as answer:
        box.press("Control+Enter")
    assert "next=1" in (answer.value.request.post_data or "")
    expect(page.locator(f"article.tu#{_dom(first)}")).to_contain_text("Inline, saved with Ctrl+Enter.")
    following = page.locator(f"article.editing#{_dom(second)} textarea")
    expect(following).to_be_visible()
    expect(following).to_be_focused()
    assert Translation.objects.get(clause__key=first, lang="en").text == "Inline, saved with Ctrl+Enter."

    # The clause's own page (a plain form).
    page.goto(english_site + f"/translate/rada-miasta/en/c/{second}/")
    page.locator("textarea[name=text]").fill("On the page, saved with Ctrl+Enter.")
    page.locator("textarea[name=text]").press("Control+Enter")
    expect(page).to_have_url(
        re.compile(rf"/translate/rada-miasta/en/c/{re.escape(third)}/\?saved={re.escape(second)}")
    )
    assert (
        Translation.objects.get(clause__key=second, lang="en").text == "On the page, saved with Ctrl+Enter."
    )
    expect(page).to_have_title(re.compile(rf"{re.escape(third)} → English"))
