"""The referee at the table with the network switched off, in Debian's Chromium.

The page is loaded once online; the service worker installs and keeps the referee's pages.
Then the browser context goes offline (Playwright's ``set_offline``: no request of the page or
of its service worker reaches the server) and the referee opens the game list, a question's
players step and its form for names typed offline, a ruling opened before, and taps Rule.
"""

import re
import struct
from urllib.parse import quote

from playwright.sync_api import expect

from games import engine, forms
from games.models import Ruling
from tests.e2e.conftest import ARTIFACTS

FORM = "/referee/?game=rada-miasta&q=council-vote&example=1"
NAMES = ["Zoë", "O'Neil & Co", "<b>Jo</b>", "Anna Maria"]

PRECACHED_JS = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const names = await caches.keys();
  const pages = names.find((n) => n.startsWith("referee-") && n !== "referee-rulings" && n !== "referee-clauses");
  return {active: !!reg.active, pages: pages, kept: (await (await caches.open(pages)).keys()).length};
}"""

KEPT_CLAUSES_JS = """async () => (await (await caches.open("referee-clauses")).keys()).map((r) => new URL(r.url).pathname)"""

KEPT_RULINGS_JS = """async () => (await (await caches.open("referee-rulings")).keys()).map((r) => new URL(r.url).pathname)"""


def _until(page, check, seconds: float = 10):
    """Wait until ``check()`` is true (the worker does some of its work after the page's)."""
    for _ in range(int(seconds * 10)):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"still not true after {seconds} s: {check.__doc__ or check}")


def _main_html(page, html: str | None = None) -> str:
    """The <main> of the page (or of ``html``) as the browser parses it, CSRF tokens left out."""
    html = page.evaluate(
        """(html) => (html ? new DOMParser().parseFromString(html, "text/html") : document)
            .querySelector("main").outerHTML""",
        html,
    )
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def _go_online_ready(page, site):
    page.goto(site + FORM)
    state = page.evaluate(PRECACHED_JS)
    assert state["active"]
    # The game list, 5 question lists, every question and its example, 5 placeholder forms
    # for each question that asks for names, the offline page, 5 readers, and the static files.
    players_questions = [a for a in engine.all_adjudicators() if forms.mentions_players(a.inputs)]
    pages = 1 + 5 + len(engine.all_adjudicators()) * 2 + len(players_questions) * 5 + 1 + 5
    assert state["kept"] >= pages + 4, state


def test_the_referee_works_offline_and_rules_when_the_network_is_back(site, page, context, shot):
    _go_online_ready(page, site)
    # A ruling given online on the form: its page is kept as a ruling viewed.
    page.get_by_test_id("rule").click()
    expect(page.locator("#ruling")).to_be_visible()
    permalink = page.get_by_test_id("permalink").get_attribute("href")
    _until(page, lambda: permalink in page.evaluate(KEPT_RULINGS_JS))

    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False

    # The game list and a game's questions.
    response = page.goto(site + "/referee/")
    assert response.from_service_worker
    expect(page.get_by_role("link", name="Praetor")).to_be_visible()
    shot(page, "offline-games")
    page.get_by_role("link", name="Praetor").click()
    page.get_by_role("link", name=re.compile("who wins", re.I)).click()

    # The players step, then the form for names typed offline.
    page.get_by_label("Who is at the table?").fill(", ".join(NAMES))
    page.get_by_role("button", name="Next").click()
    expect(page.locator("h1")).to_contain_text(re.compile("who wins", re.I))
    players = page.locator('select[name="players.0.name"] option')
    expect(players).to_have_text(NAMES)
    shot(page, "offline-form-typed-names")

    # The ruling given before.
    page.goto(site + permalink)
    expect(page.locator("h1")).to_contain_text(re.compile("council vote", re.I))
    expect(page.locator("#ruling")).to_be_visible()
    shot(page, "offline-ruling")
    # The clause pages it cites, kept with it, and each game's reader open offline too.
    href = page.locator("#ruling .steps a[href^='/g/']").first.get_attribute("href")
    _until(page, lambda: href in page.evaluate(KEPT_CLAUSES_JS))
    page.goto(site + href)
    expect(page.locator("main")).to_contain_text(href.rstrip("/").rsplit("/", 1)[1])
    page.goto(site + "/g/praetor/")
    expect(page.locator("main")).to_contain_text("Praetor")
    # Search needs the network: said plainly, with the way back, not the browser's error page.
    page.goto(site + "/search/?q=tax")
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator("main")).to_contain_text("it needs the network")
    expect(page.locator("main").get_by_role("link", name="Games")).to_be_visible()
    # One never opened: the offline page says so.
    page.goto(site + "/rulings/does-not-exist/")
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator("main")).to_contain_text("last 20 rulings")

    # Rule tapped offline: said plainly, the inputs kept.
    page.goto(site + FORM)
    page.fill("#f-support_Ala_residents", "7")
    page.select_option("#f-votes_Bartek", "for")
    before = Ruling.objects.count()
    page.get_by_test_id("rule").click()
    note = page.locator("#offline-note")
    expect(note).to_be_visible()
    # Where the referee looks: in view and focused, not drawn below the fold.
    expect(note).to_be_focused()
    expect(note).to_be_in_viewport(ratio=1)
    expect(note).to_contain_text("You are offline: the ruling will be asked when the network is back.")
    expect(note.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.locator("#f-support_Ala_residents")).to_have_value("7")
    expect(page.locator("#f-votes_Bartek")).to_have_value("for")
    expect(page.locator("#ruling")).to_have_count(0)
    shot(page, "offline-rule-tapped")
    note.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "offline-rule-tapped-viewport.png"))
    box = note.get_by_role("button", name="Retry").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert Ruling.objects.count() == before

    # The network is back: the ruling is asked by itself and arrives.
    context.set_offline(False)
    expect(page.locator("#ruling")).to_be_visible()
    expect(note).to_be_hidden()
    ruling = Ruling.objects.order_by("-created_at").first()
    assert Ruling.objects.count() == before + 1
    assert ruling.inputs["support"]["Ala"]["residents"] == 7
    assert ruling.inputs["votes"]["Bartek"] == "for"
    shot(page, "offline-ruling-arrived")


def test_a_ruling_whose_request_failed_survives_reopening_the_page_and_is_sent_on_retry(site, page, context):
    """The network fails while the phone still believes it is online (no ``online`` event will
    come): the request is kept across opening the page again, and Retry sends it."""
    _go_online_ready(page, site)
    rule_url = re.compile(r"/referee/rada-miasta/council-vote/$")
    page.route(rule_url, lambda route: route.abort("internetdisconnected"))
    page.fill("#f-support_Celina_merchants", "9")
    page.get_by_test_id("rule").click()
    expect(page.locator("#offline-note")).to_be_visible()

    page.goto(site + "/referee/")
    page.goto(site + FORM)
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("#f-support_Celina_merchants")).to_have_value("9")
    assert page.evaluate("localStorage.getItem('referee-offline')") is not None

    page.unroute(rule_url)
    before = Ruling.objects.count()
    page.locator("#offline-note").get_by_role("button", name="Retry").click()
    expect(page.locator("#ruling")).to_be_visible()
    expect(page.locator("#offline-note")).to_be_hidden()
    assert Ruling.objects.count() == before + 1
    assert Ruling.objects.order_by("-created_at").first().inputs["support"]["Celina"]["merchants"] == 9
    assert page.evaluate("localStorage.getItem('referee-offline')") is None


def test_a_row_added_offline_is_added_when_the_network_is_back(site, page, context):
    _go_online_ready(page, site)
    context.set_offline(True)
    page.goto(site + FORM)
    rows = page.locator('input[name="rows.events"]')
    expect(rows).to_have_value("0")
    page.locator('button[name="action"][value="add:events"]').click()
    note = page.locator("#offline-note")
    expect(note.locator("[data-offline=row]")).to_have_text(
        "You are offline: the form will change when the network is back."
    )
    expect(note.locator("[data-offline=rule]")).to_be_hidden()
    context.set_offline(False)
    expect(rows).to_have_value("1")
    expect(note).to_be_hidden()


def test_pages_are_kept_again_in_the_interface_language_switched_to(site, page, context):
    _go_online_ready(page, site)
    page.goto(site + "/referee/")
    page.locator(".ui-lang").get_by_role("button", name="PL").click()
    expect(page.locator("h1")).to_have_text("Która gra?")
    kept_lang = """async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("referee-") && n !== "referee-rulings");
      const res = await (await caches.open(names[0])).match(location.origin + "/referee/?game=praetor");
      return res && res.headers.get("Content-Language");
    }"""
    _until(page, lambda: page.evaluate(kept_lang) == "pl", seconds=60)
    context.set_offline(True)
    page.goto(site + "/referee/?game=praetor")
    expect(page.locator("h1")).to_have_text("Czego dotyczy pytanie?")


def test_the_last_20_rulings_opened_are_kept_the_oldest_opened_first_out(site, page, context):
    _go_online_ready(page, site)
    adj = engine.get("dolores", "wind")
    body = {"inputs": adj.examples[0] if adj.examples else adj.inputs.example(), "variant": "original"}
    links = []
    for _ in range(21):
        answer = context.request.post(site + "/api/v1/games/dolores/adjudicators/wind/", data=body)
        assert answer.ok, answer.text()
        links.append(answer.json()["permalink"])
    for link in links:
        page.goto(site + link)
    # Opening the first again makes it the newest: the second is the one left out.
    page.goto(site + links[0])
    expected = sorted([links[0], *links[2:]])
    _until(page, lambda: sorted(page.evaluate(KEPT_RULINGS_JS)) == expected)

    context.set_offline(True)
    page.goto(site + links[0])
    expect(page.locator("#ruling")).to_be_visible()
    page.goto(site + links[1])
    expect(page.locator("h1")).to_have_text("You are offline")


def test_the_manifest_and_its_icons_are_served(site, context):
    manifest = context.request.get(site + "/manifest.webmanifest")
    assert manifest.ok
    assert manifest.headers["content-type"] == "application/manifest+json"
    for icon in manifest.json()["icons"]:
        served = context.request.get(site + icon["src"])
        assert served.ok, icon["src"]
        assert served.headers["content-type"] == "image/png"
        body = served.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        assert "{}x{}".format(*struct.unpack(">II", body[16:24])) == icon["sizes"]


def test_forms_for_names_typed_offline_are_the_forms_the_server_draws(site, page, context):
    """Every question that asks who is at the table: the form the worker makes offline for
    names it never saw is, field for field, the one the server draws for them."""
    _go_online_ready(page, site)
    questions = [a for a in engine.all_adjudicators() if forms.mentions_players(a.inputs)]
    urls = [
        f"/referee/?game={a.game}&q={a.name}&lang=en&players={quote(', '.join(NAMES))}" for a in questions
    ]
    context.set_offline(True)
    offline = {}
    for url in urls:
        assert page.goto(site + url).from_service_worker
        offline[url] = _main_html(page)
    context.set_offline(False)
    for url in urls:
        served = context.request.get(site + url).text()
        assert offline[url] == _main_html(page, served), url
    assert len(urls) >= 15
