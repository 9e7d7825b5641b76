"""A designer, on a phone (390×844) and on a desktop, in Debian's Chromium: sign in, open a
draft, lower max support from 10 to 8 with the live diff, read the impact report, rule
under the draft, publish."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.models import Game, Role


@pytest.fixture
def designer_site(site):
    user = get_user_model().objects.create_user("dana", password="pw-dana")
    Role.objects.create(user=user, kind="designer", game=Game.objects.get(slug="rada-miasta"))
    return site


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_designer_drafts_max_support_8_and_publishes(designer_site, page, shot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(designer_site + "/design/rada-miasta/")
    page.get_by_label("User name").fill("dana")
    page.get_by_label("Password").fill("pw-dana")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name="Open a new draft").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Draft"))
    page.locator("li#rm\\.support\\.limits a").click()

    text = page.locator("#id_text")
    # The preview follows typing once htmx has wired the editor up (the form works without it).
    page.wait_for_load_state("load")
    text.fill(text.input_value().replace("przekroczyć 10", "przekroczyć 8"))
    preview = page.locator("#preview")
    expect(preview.locator("tr.changed")).to_contain_text("max_support")
    expect(preview.locator("tr.changed")).to_contain_text("8")
    expect(preview.locator("ins")).to_contain_text("8")
    shot(page, f"designer-editor-{width}")
    page.get_by_role("button", name="Save as a new version").click()

    page.get_by_role("link", name="Rule under this draft").click()
    page.get_by_role("link", name=re.compile("support does building", re.I)).click()
    expect(page.locator("#f-edition")).to_contain_text("draft rules")
    page.fill("#f-support_residents", "7")
    page.select_option("#f-district_type", "residential")
    page.fill("#f-district_stage", "3")
    page.get_by_test_id("rule").click()
    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("draft rules")
    expect(ruling.locator('[data-field="discarded"]')).to_have_text("2")
    shot(page, f"designer-draft-ruling-{width}")

    page.go_back()
    page.go_back()
    page.get_by_role("link", name="Impact report and publish").click()
    expect(page.locator("#parameters")).to_contain_text("max_support")
    expect(page.locator("#examples")).to_contain_text("support-gain")
    shot(page, f"designer-impact-{width}")
    page.get_by_role("button", name=re.compile("Publish as edition")).click()
    page.get_by_role("button", name=re.compile("Yes, publish as edition")).click()
    expect(page.locator("body")).to_contain_text("current")
