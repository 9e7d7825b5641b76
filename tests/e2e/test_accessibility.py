"""Every page of issue 39's list under axe-core (WCAG 2.2 A/AA and best practice) at 390 px,
and none of them scrolling sideways at 320 px (WCAG 1.4.10 reflow), in Debian's Chromium.

axe-core comes with axe-playwright-python (requirements-dev.txt), which injects its script
into the page: no network. One browser page walks every page of the list (the public ones
signed out, then the workspaces signed in as a designer and translator), checks by hand what
axe cannot see (skip link, scroll padding under the header, steppers, hints, required fields,
the question count, the card focus ring, the impact table's names, the glossary label) and
fails once, at the end, listing every finding with its elements. About 2 min 20 s on the
shared 2-core machine (116 s walking 41 pages, 26 s loading the corpus).
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import engine
from rules import services
from rules.models import Clause, ClauseVersion, Game, Role

GAMES = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
AXE = Axe()


def findings(page) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line per element."""
    # From the top: scrolled (to a ruling, say) the sticky header overlaps what passed under
    # it, which axe would count against those targets' size.
    page.evaluate("window.scrollTo(0, 0)")
    results = AXE.run(
        page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    )
    out = []
    for violation in results.response["violations"]:
        if violation["impact"] not in ("serious", "critical"):
            continue
        for node in violation["nodes"]:
            out.append(
                f"{violation['id']} ({violation['impact']}): {node['target']} {node['failureSummary']}"
            )
    return out


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two CSS rgb() colours."""

    def luminance(css: str) -> float:
        r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def overflow(page) -> int:
    """How many pixels the page scrolls sideways (0 when it reflows)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


@pytest.fixture
def people(site):
    user = get_user_model().objects.create_user("ada", password="pw-ada")
    game = Game.objects.get(slug="rada-miasta")
    Role.objects.create(user=user, kind="designer", game=game)
    Role.objects.create(user=user, kind="translator", lang="en")
    draft = services.draft_open(game=game, author="ada", now=timezone.now())
    # The decay's figure revised, so the impact report has its table of changed figures.
    decay = Clause.objects.get(key="rm.vote.decay")
    current = ClauseVersion.objects.filter(clause=decay).latest("number")
    services.clause_revise(
        clause=decay,
        text=current.text.replace("po 1 punkcie poparcia", "po 0 punktów poparcia"),
        status="draft",
        expected_version=current.number,
        now=timezone.now(),
        draft=draft,
        author="ada",
    )
    return draft.number


def public_pages() -> list[str]:
    pages = ["/", "/referee/", "/search/?q=poparcie", "/accounts/login/", "/g/dolores/disputes/"]
    for slug in GAMES:
        pages += [f"/g/{slug}/", f"/g/{slug}/?lang=en", f"/referee/?game={slug}", f"/g/{slug}/coverage/"]
        adj = engine.for_game(slug)[0]
        pages.append(f"/referee/?game={slug}&q={adj.name}&example=1")
    return pages


def test_every_page_meets_wcag_22_aa_and_reflows_at_320(people, site, page, shot):
    draft = people
    problems: dict[str, list[str]] = {}

    def check(path: str) -> None:
        page.set_viewport_size({"width": 390, "height": 844})
        if path:
            page.goto(site + path)
        found = findings(page)
        page.set_viewport_size({"width": 320, "height": 700})
        wide = overflow(page)
        if wide > 0:
            found.append(f"reflow: scrolls {wide} px sideways at 320 px")
        if found:
            problems[path or page.url] = found

    for path in public_pages():
        check(path)

    # By hand, what axe cannot see: each check lists what it found wrong.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "/referee/")
    problems["skip link"] = skip_link(page)
    problems["card focus ring"] = card_focus_ring(page)
    page.goto(site + "/referee/?game=rada-miasta")
    problems["question filter"] = question_filter(page)
    page.goto(site + "/referee/?game=rada-miasta&q=council-vote&players=Ola,Piotr")
    problems["referee form"] = steppers_hints_required(page)

    # A ruling, on the referee's page and on its share page.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "/referee/?game=rada-miasta&q=council-vote&example=1")
    page.get_by_test_id("rule").click()
    expect(page.locator("#ruling")).to_be_visible()
    shot(page, "a11y-ruling-390")
    check("")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("permalink").click()
    expect(page).to_have_url(re.compile("/rulings/"))
    check("")

    page.goto(site + "/accounts/login/")
    page.get_by_label("User name").fill("ada")
    page.get_by_label("Password").fill("pw-ada")
    page.get_by_role("button", name="Sign in").click()
    signed_in = [
        "/design/",
        "/design/rada-miasta/",
        f"/design/rada-miasta/{draft}/",
        f"/design/rada-miasta/{draft}/c/rm.vote.decay/",
        f"/design/rada-miasta/{draft}/impact/",
        "/translate/",
        "/translate/rada-miasta/en/",
        "/lab/rada-miasta/",
        "/referee/?game=rada-miasta&q=council-vote&example=1",
    ]
    for path in signed_in:
        check(path)

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "/translate/rada-miasta/en/")
    problems["scroll padding"] = scroll_padding(page)
    problems["glossary label"] = glossary_label(page)
    shot(page, "a11y-workspace-term-390")
    page.goto(site + f"/design/rada-miasta/{draft}/impact/")
    problems["impact table"] = whole_names(page)
    shot(page, "a11y-impact-390")
    problems = {where: found for where, found in problems.items() if found}

    report = "\n".join(f"{path}\n  " + "\n  ".join(found) for path, found in problems.items())
    assert not problems, f"{sum(map(len, problems.values()))} findings:\n{report}"


def skip_link(page) -> list[str]:
    """The first Tab stop skips the header, and following it puts the focus on the content."""
    page.keyboard.press("Tab")
    first = page.evaluate(
        "[document.activeElement.textContent.trim(), document.activeElement.getAttribute('href')]"
    )
    if first != ["Skip to content", "#main"]:
        return [f"first Tab stop is {first}, not the skip link"]
    page.keyboard.press("Enter")
    if page.evaluate("document.activeElement.id") != "main":
        return ["the skip link does not move the focus to the content"]
    return []


def card_focus_ring(page) -> list[str]:
    """A focused card's ring stands 3:1 against the white page (WCAG 1.4.11)."""
    card = page.locator(".card a.big").first
    card.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    colour = card.evaluate("a => getComputedStyle(a, '::after').outlineColor")
    ratio = contrast(colour, "rgb(255, 255, 255)")
    return [] if ratio >= 3 else [f"card focus ring {colour} is {ratio:.2f}:1 against white"]


def question_filter(page) -> list[str]:
    """Filtering the questions says how many are left, in a status region."""
    status = page.locator("#find-count")
    if status.get_attribute("role") != "status":
        return ["the question count is not a status region"]
    page.locator("#find").fill("vote")
    expect(status).to_have_text(re.compile(r"Questions shown: \d of \d+"))
    shown = page.locator("[data-group]:not(#recent) li[data-text]:visible").count()
    text = status.text_content()
    return [] if f"shown: {shown} of" in text else [f"the count says {text!r}, {shown} shown"]


def steppers_hints_required(page) -> list[str]:
    """The steppers are out of the Tab order, named by their field and say a change; hints are
    tied to their fields; required fields say so before any error summary."""
    found = []
    field = page.locator("#f-support_Ola_residents")
    minus, plus = field.locator("xpath=..").locator("button[data-step]").all()
    if plus.get_attribute("tabindex") != "-1" or minus.get_attribute("tabindex") != "-1":
        found.append("a stepper button is in the Tab order")
    if plus.get_attribute("aria-label") != "Residents: one more":
        found.append(f"the + is named {plus.get_attribute('aria-label')!r}")
    field.fill("3")
    plus.click()
    status = page.get_by_test_id("stepped")
    if status.get_attribute("role") != "status" or status.text_content() != "Residents: 4":
        found.append(f"the change is announced as {status.text_content()!r}")
    for control in page.locator("[aria-describedby]").all():
        for ref in control.get_attribute("aria-describedby").split():
            if page.locator(f"#{ref}").count() != 1:
                found.append(f"{control.get_attribute('id')} is described by a missing #{ref}")
    hint = page.locator("#f-support-hint")
    if (
        page.locator("#f-support").get_attribute("aria-describedby") != "f-support-hint"
        or not hint.text_content()
    ):
        found.append("the support hint is not tied to its fieldset")
    unmarked = page.locator(
        "#referee-form :is(input[type=number], input[type=text], select):not([aria-required])"
    )
    optional = page.locator("#referee-form label:has(span.muted)")
    if unmarked.count() - 3 > optional.count():  # the variant, edition and translation menus have a default
        found.append(f"{unmarked.count()} fields are neither marked required nor optional")
    return found


def scroll_padding(page) -> list[str]:
    """The scroll padding clears the header, whatever its height (two rows signed in)."""
    header = page.evaluate("document.querySelector('header.top').getBoundingClientRect().height")
    padding = page.evaluate("parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)")
    if padding < header:
        return [f"scroll padding {padding} px under a {header} px header"]
    return []


def whole_names(page) -> list[str]:
    """The impact report's figure names are on one line each at 390 px, never broken mid-word
    (the lines an inline element is on: its client rects' distinct tops)."""
    code = page.locator("#parameters code").first
    name, lines = code.evaluate(
        "c => [c.textContent, new Set(Array.from(c.getClientRects(), r => Math.round(r.top))).size]"
    )
    return [] if lines == 1 else [f"{name} takes {lines} lines"]


def glossary_label(page) -> list[str]:
    """A glossary term's label opens under the highlighted word, not inside its line."""
    term = page.locator(".tu .src mark.term").first
    term.focus()
    where = term.evaluate(
        "t => { const a = getComputedStyle(t, '::after'); return [a.content, a.position, parseFloat(a.top), t.getBoundingClientRect().height] }"
    )
    content, position, top, height = where
    if position != "absolute" or top < height / 2:
        return [f"the label {content} is {position} at {top} px in a {height} px term"]
    return []
