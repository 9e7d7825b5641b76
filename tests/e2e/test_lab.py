"""A designer in the playtest lab, on a phone (390×844) and on a desktop, in Debian's
Chromium: run two configurations (the decay on, and off in a draft) side by side, follow
the progress bar, read the SVG charts, and find every control big enough to tap."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from lab import services
from lab.models import PlaytestShard
from rules import services as rule_services
from rules.models import Game, Role
from tests.conftest import revise
from tests.lab.conftest import DECAY, DECAY_WORDS, DUMMY, IMMEDIATE

from .conftest import ARTIFACTS

TAPPABLE = "main a, main button, main input, main select, main summary"


@pytest.fixture
def lab_site(site, settings):
    settings.TASKS = IMMEDIATE
    user = get_user_model().objects.create_user("dana", password="pw-dana")
    game = Game.objects.get(slug="rada-miasta")
    Role.objects.create(user=user, kind="designer", game=game)
    draft = rule_services.draft_open(game=game, author="dana", now=timezone.now(), name="No decay")
    revise(draft, DECAY, DECAY_WORDS, "po 0 punktów poparcia")
    return site, draft.number


def _small(page):
    boxes = page.locator(TAPPABLE).evaluate_all(
        """els => els.filter(e => e.offsetParent !== null).map(e => {
            const r = e.getBoundingClientRect();
            return {what: e.outerHTML.slice(0, 80), w: r.width, h: r.height};
        })"""
    )
    return [b for b in boxes if b["w"] < 44 or b["h"] < 44]


def _sign_in(page, url):
    page.goto(url)
    page.get_by_label("User name").fill("dana")
    page.get_by_label("Password").fill("pw-dana")
    page.get_by_role("button", name="Sign in").click()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_designer_compares_the_decay_on_and_off(lab_site, page, shot, width, height):
    site, draft = lab_site
    page.set_viewport_size({"width": width, "height": height})
    _sign_in(page, site + "/lab/rada-miasta/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Playtest lab")
    assert _small(page) == []
    shot(page, f"lab-form-{width}")
    page.select_option("#a-players", "2")
    page.fill("#a-games", "30")
    page.fill("#a-rounds", "12")
    page.check("#compare")
    page.select_option("#b-edition", str(draft))
    page.select_option("#b-players", "2")
    page.fill("#b-games", "30")
    page.fill("#b-rounds", "12")
    page.get_by_role("button", name="Run the games").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Two configurations compared")
    expect(page.locator("#run-b")).to_contain_text("draft rules")
    expect(page.locator("svg.chart")).to_have_count(4)
    expect(page.locator("#m-votes_passed_share")).to_contain_text("significant")
    assert _small(page) == []
    shot(page, f"lab-compare-{width}")
    for figure in ("headline", "votes-by-saturation"):
        page.locator(f"#chart-{figure}").screenshot(path=str(ARTIFACTS / f"lab-chart-{figure}-{width}.png"))


def test_the_progress_bar_follows_the_workers(lab_site, page, settings, shot):
    site, _draft = lab_site
    settings.TASKS = DUMMY  # queued only: this test plays the shards itself
    _sign_in(page, site + "/lab/rada-miasta/")
    page.fill("#a-games", "8")
    page.get_by_role("button", name="Run the games").click()
    progress = page.locator("progress#progress-a")
    expect(progress).to_have_attribute("value", "0")
    shot(page, "lab-progress-390")
    for shard in PlaytestShard.objects.all():
        services.shard_play(shard_id=shard.pk)
    # htmx polls the bar; when the run is done the page reloads with the results.
    expect(page.locator("svg.chart").first).to_be_visible(timeout=15_000)
