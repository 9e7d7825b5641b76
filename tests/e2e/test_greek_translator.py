"""Issue #25's "Done when", walked once end to end in Debian's Chromium, on a phone (390×844)
and on a desktop (1280×900): a superuser gives "eleni" a translator role for Dolores in Greek
in the Django admin (its Role page; a language no game can have is refused there first);
eleni opens Dolores → Greek, finds "kokosy" highlighted with no Greek form and a link to
propose one, proposes «κοκόσι»; the reviewer "rhea" approves it; the highlight then gives the
Greek form (the reader's glossary too); eleni translates two clauses with Ctrl+Enter (each
saved, the next one opened, no glossary warning), exports XLIFF 2.0 and 1.2 (both valid
against the OASIS schemas shipped in tests/translators/schemas) and imports each back
unchanged: nothing applied, in conflict or rejected, and every translation's text, state and
revision as before. Every page of ours on the way has targets of at least 44 × 44 CSS px."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from lxml import etree
from playwright.sync_api import expect

from rules.models import Game, Role, Translation, TranslationRevision
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_translator import _targets_ok
from translators import selectors
from translators.models import Suggestion

SCHEMAS = Path(__file__).parents[1] / "translators" / "schemas"
CLAUSE = "dl.currency"  # "Jednostką monetarną używaną w grze są kokosy."
GREEK_TERM = "κοκόσι"
TRANSLATIONS = ["Η νομισματική μονάδα του παιχνιδιού είναι τα κοκόσι.", "Προετοιμασία"]
SECONDS = 40  # the whole journey, per width (issue #25: a translator's afternoon, not a wait)


@pytest.fixture
def greek_site(site):
    users = get_user_model().objects
    users.create_superuser("root", password="pw-root")
    users.create_user("eleni", password="pw-eleni")
    rhea = users.create_user("rhea", password="pw-rhea")
    Role.objects.create(user=rhea, kind="reviewer", game=Game.objects.get(slug="dolores"), lang="el")
    return site


def _dom(key: str) -> str:
    return "#c-" + key.replace(".", "_")


def _own_browser(new_context, viewport: dict):
    """A page in a browser context of its own (its own cookies: another person), at ``viewport``."""
    page = new_context().new_page()
    page.set_viewport_size(viewport)
    return page


def _sign_in(page, url: str, user: str) -> None:
    """Sign in on the site's own login page, to which ``url`` sends an anonymous visitor."""
    page.goto(url)
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(f"pw-{user}")
    page.get_by_role("button", name="Sign in").click()


def _part(locator, name: str) -> None:
    """A screenshot of one part of a long page (the clause, the term): what is looked at there."""
    ARTIFACTS.mkdir(exist_ok=True)
    locator.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _stored() -> dict[str, tuple[str, str, int, int]]:
    """Every Greek translation of Dolores: its text, state, revision and revisions kept."""
    return {
        t.clause.key: (t.text, t.state, t.revision, TranslationRevision.objects.filter(translation=t).count())
        for t in Translation.objects.filter(clause__game__slug="dolores", lang="el").select_related("clause")
    }


def _give_the_role(new_context, site: str, viewport: dict, shot, width: int) -> None:
    """The superuser, in the Django admin's Role page: a language no game can have is refused,
    then Dolores in Greek for eleni is saved."""
    admin = _own_browser(new_context, viewport)
    admin.goto(site + "/admin/")
    admin.get_by_label("Username:").fill("root")
    admin.get_by_label("Password:").fill("pw-root")
    admin.get_by_role("button", name="Log in").click()
    admin.locator("#content-main").get_by_role("link", name="Roles").click()
    admin.get_by_role("link", name=re.compile("Add role", re.I)).click()
    admin.select_option("#id_user", label="eleni")
    admin.select_option("#id_kind", label="Translator")
    admin.select_option("#id_game", label="Dolores")
    admin.fill("#id_lang", "xx")
    admin.get_by_role("button", name="Save", exact=True).click()
    expect(admin.locator(".errorlist")).to_contain_text("xx is no language this site can name")
    admin.fill("#id_lang", "el")
    admin.get_by_role("button", name="Save", exact=True).click()
    expect(admin.locator(".messagelist")).to_contain_text("was added successfully")
    shot(admin, f"greek-admin-role-{width}")
    admin.context.close()
    role = Role.objects.get(user__username="eleni")
    assert (role.kind, role.game.slug, role.lang) == ("translator", "dolores", "el")


def _propose_the_term(page, width: int, shot) -> None:
    """eleni: the term has no Greek form; its highlight links to the glossary, where she proposes one."""
    row = page.locator(f"article.tu{_dom(CLAUSE)}")
    term = row.locator(".src a.term", has_text="kokosy")
    expect(term).to_have_attribute("title", "Greek: — · propose a form")
    term.focus()
    assert "—" in term.evaluate("el => getComputedStyle(el, '::after').content")
    _part(row, f"greek-no-form-{width}")
    term.click()
    expect(page).to_have_url(re.compile(r"/translate/dolores/el/glossary/#t-kokosy$"))
    entry = page.locator("#t-kokosy")
    expect(entry.get_by_test_id("form")).to_have_text(re.compile(r"Greek:\s+— none yet"))
    _targets_ok(page)
    entry.get_by_label("Propose a form in Greek").fill(GREEK_TERM)
    entry.get_by_role("button", name="Propose").click()
    proposal = page.locator("#t-kokosy").get_by_test_id("proposal")
    expect(proposal).to_contain_text(f"“{GREEK_TERM}” eleni")
    expect(proposal.get_by_role("button", name="Approve")).to_have_count(0)  # not hers to decide
    _part(page.locator("#t-kokosy"), f"greek-proposed-{width}")


def _approve_the_term(new_context, site: str, viewport: dict, width: int, shot) -> None:
    """rhea, the reviewer, in her own browser: approves the proposal; it is the term's form."""
    rhea = _own_browser(new_context, viewport)
    _sign_in(rhea, site + "/translate/dolores/el/glossary/", "rhea")
    entry = rhea.locator("#t-kokosy")
    expect(entry.get_by_test_id("proposal")).to_contain_text(f"“{GREEK_TERM}” eleni")
    _targets_ok(rhea)
    entry.get_by_role("button", name="Approve").click()
    form = rhea.locator("#t-kokosy").get_by_test_id("form")
    expect(form).to_contain_text(f"Greek: {GREEK_TERM}")
    expect(form).to_contain_text("approved")
    expect(form).to_contain_text("rhea")
    expect(rhea.locator("#t-kokosy").get_by_test_id("proposal")).to_have_count(0)
    _part(rhea.locator("#t-kokosy"), f"greek-approved-{width}")
    # The reader's glossary gives the approved form as Greek's.
    rhea.goto(site + "/g/dolores/glossary/")
    reader = rhea.locator("#term-kokosy")
    expect(reader.locator('dd[lang="el"]')).to_have_text(f"{GREEK_TERM} approved")
    expect(reader.get_by_test_id("approved")).to_have_count(1)
    _part(reader, f"greek-reader-glossary-{width}")
    rhea.context.close()


def _translate_with_ctrl_enter(page, width: int, shot) -> list[str]:
    """eleni: the highlight now gives the Greek form; two clauses saved with Ctrl+Enter, each
    opening the next. Returns the three keys: the two saved, then the one opened."""
    keys = [u.key for u in selectors.units(Game.objects.get(slug="dolores"), "el")]
    i = keys.index(CLAUSE)
    opened = keys[i : i + 3]
    term = page.locator(f"article.tu{_dom(CLAUSE)} .src mark.term", has_text="kokosy")
    expect(term).to_have_attribute("data-target", GREEK_TERM)
    expect(term).to_have_attribute("title", f"Greek: {GREEK_TERM}")
    term.focus()
    assert GREEK_TERM in term.evaluate("el => getComputedStyle(el, '::after').content")
    _part(page.locator(f"article.tu{_dom(CLAUSE)}"), f"greek-term-form-{width}")
    page.locator(_dom(CLAUSE)).get_by_role("link", name="Edit").click()
    for key, following, text in zip(opened[:2], opened[1:], TRANSLATIONS, strict=True):
        box = page.locator(f"article.editing{_dom(key)} textarea")
        expect(box).to_be_focused()
        box.fill(text)
        if key == CLAUSE:
            _targets_ok(page)
            _part(page.locator(f"article.editing{_dom(key)}"), f"greek-editor-{width}")
        with page.expect_response(lambda r, key=key: r.request.method == "POST" and key in r.url):
            box.press("Control+Enter")
        saved = page.locator(f"article.tu{_dom(key)}")
        expect(saved).to_contain_text(text)
        expect(saved.get_by_test_id("status")).to_have_text("Translated")
        expect(saved.locator(".badge.uncertain")).to_have_count(0)  # no check warns, the glossary's included
        expect(page.locator(f"article.editing{_dom(following)} textarea")).to_be_visible()
    _part(page.locator(f"article.tu{_dom(opened[0])}"), f"greek-saved-{width}")
    _part(page.locator(f"article.editing{_dom(opened[2])}"), f"greek-next-{width}")
    stored = _stored()
    assert {k: v[:2] for k, v in stored.items()} == {
        k: (t, "translated") for k, t in zip(opened[:2], TRANSLATIONS, strict=True)
    }
    return opened


def _export(page, link: str, path: Path) -> Path:
    with page.expect_download() as download:
        page.get_by_role("link", name=link, exact=True).click()
    download.value.save_as(path)
    return path


def _export_validate_and_reimport(page, site: str, tmp_path: Path, width: int, shot) -> None:
    """Both XLIFF files download valid; imported back unchanged, they change nothing."""
    schemas = {
        "xliff2": etree.XMLSchema(etree.parse(str(SCHEMAS / "xliff_core_2.0.xsd"))),
        "xliff": etree.XMLSchema(etree.parse(str(SCHEMAS / "xliff-core-1.2-strict.xsd"))),
    }
    page.goto(site + "/translate/dolores/el/")
    files = {
        "xliff2": _export(page, "Export XLIFF 2.0", tmp_path / "dolores.el.xlf"),
        "xliff": _export(page, "XLIFF 1.2", tmp_path / "dolores.el.1.2.xlf"),
    }
    total = len(selectors.units(Game.objects.get(slug="dolores"), "el"))
    before, suggestions = _stored(), Suggestion.objects.filter(lang="el").count()
    for fmt, path in files.items():
        doc = etree.parse(str(path))
        assert schemas[fmt].validate(doc), (fmt, [str(e) for e in schemas[fmt].error_log][:3])
        assert TRANSLATIONS[0] in path.read_text(encoding="utf-8")
        page.goto(site + "/translate/dolores/el/")
        page.get_by_role("link", name="Import a file").click()
        page.set_input_files("#id_file", str(path))
        page.get_by_role("button", name="Import").click()
        expect(page.get_by_test_id("report")).to_have_text(
            f"0 applied, {total} unchanged, 0 in conflict (kept as suggestions), 0 rejected."
        )
        expect(page.locator(".report-units li")).to_have_count(0)
        _targets_ok(page)
        shot(page, f"greek-import-{fmt}-{width}")
        assert _stored() == before, fmt
        assert Suggestion.objects.filter(lang="el").count() == suggestions, fmt


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_greek_translators_journey(greek_site, page, new_context, shot, tmp_path, width, height):
    started = time.monotonic()
    viewport = {"width": width, "height": height}
    page.set_viewport_size(viewport)
    _give_the_role(new_context, greek_site, viewport, shot, width)

    # eleni signs in: her one card, named in words; Dolores → Greek, nothing translated yet.
    _sign_in(page, greek_site + "/translate/", "eleni")
    card = page.locator("#cell-dolores-el")
    expect(card).to_contain_text("Dolores → Greek")
    expect(card).to_contain_text("From Polish")
    expect(page.locator("[id^=cell-]")).to_have_count(1)
    _targets_ok(page)
    card.get_by_role("link", name="Dolores → Greek").click()
    expect(page.locator("h1")).to_have_text("Dolores → Greek")
    total = len(selectors.units(Game.objects.get(slug="dolores"), "el"))
    expect(page.get_by_test_id("count")).to_have_text(f"{total} of {total} clauses")
    expect(page.locator(f"article.tu{_dom(CLAUSE)} .tgt")).to_have_text("Not translated yet.")
    _targets_ok(page)
    shot(page, f"greek-list-{width}")
    _propose_the_term(page, width, shot)

    _approve_the_term(new_context, greek_site, viewport, width, shot)

    page.goto(greek_site + "/translate/dolores/el/")
    page.wait_for_load_state("load")  # htmx is ready for the inline editor
    _translate_with_ctrl_enter(page, width, shot)
    _export_validate_and_reimport(page, greek_site, tmp_path, width, shot)
    elapsed = time.monotonic() - started
    print(f"\n{width}px journey: {elapsed:.1f} s")
    assert elapsed < SECONDS, elapsed
