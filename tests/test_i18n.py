"""The interface in Polish: the catalogue is complete and compiled, the header switch works,
and rulings asked for in Polish explain themselves in Polish."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games import engine
from tests.markup import page_html

LOCALE = Path(settings.BASE_DIR) / "locale"


def _po_entries(path: Path) -> dict[str, list[str]]:
    """msgid → its msgstr forms, read from a .po file (enough of the format for our files)."""
    entries: dict[str, list[str]] = {}
    msgid = plural = None
    context = ""
    forms: list[str] = []
    current = None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        m = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
        if m:
            keyword, value = m.group(1), ast.literal_eval(m.group(2))
            if keyword == "msgctxt":
                if msgid is not None:
                    entries[msgid] = forms
                    msgid = None
                context, current = value, "msgctxt"
            elif keyword == "msgid":
                if msgid is not None:
                    entries[msgid] = forms
                # A msgid with a context is keyed "context\x04msgid", as gettext compiles it.
                msgid = f"{context}\x04{value}" if context else value
                context, plural, forms, current = "", None, [], "msgid"
            elif keyword == "msgid_plural":
                plural, current = value, "plural"
            else:
                forms.append(value)
                current = "msgstr"
        elif line.startswith('"') and current:
            value = ast.literal_eval(line)
            if current == "msgctxt":
                context += value
            elif current == "msgid":
                msgid += value
            elif current == "plural":
                plural += value
            else:
                forms[-1] += value
    if msgid is not None:
        entries[msgid] = forms
    entries.pop("", None)  # the header
    return entries


@pytest.mark.parametrize("code", [code for code, _name in settings.LANGUAGES if code != "en"])
def test_every_interface_language_has_a_complete_compiled_catalogue(code):
    po = LOCALE / code / "LC_MESSAGES" / "django.po"
    mo = LOCALE / code / "LC_MESSAGES" / "django.mo"
    entries = _po_entries(po)
    assert len(entries) > 1000
    untranslated = [msgid for msgid, forms in entries.items() if not all(forms)]
    assert untranslated == []
    assert "#, fuzzy" not in po.read_text(encoding="utf-8").split("\n\n", 1)[1]
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)._catalog
    # Compiled from this .po (run `make messages` after editing it).
    singular = {k for k in compiled if isinstance(k, str)}
    plural = {k[0] for k in compiled if isinstance(k, tuple)}
    assert set(entries) <= singular | plural
    for msgid, forms in entries.items():
        if msgid in singular:
            assert compiled[msgid] == forms[0], msgid
    for msgid, forms in entries.items():
        for placeholder in re.findall(r"%\(\w+\)s", msgid):
            assert all(placeholder in form for form in forms), (msgid, forms)


def test_the_header_switches_the_interface_to_polish_and_back(client, corpus):
    page = page_html(client.get(reverse("games:referee")))
    assert '<html lang="en">' in page and ">Referee</a>" in page
    response = client.post(reverse("set_language"), {"language": "pl", "next": "/referee/"})
    assert response.status_code == 302 and response["Location"] == "/referee/"
    page = page_html(client.get("/referee/"))
    assert '<html lang="pl">' in page and ">Sędzia</a>" in page
    assert 'value="pl" lang="pl" title="Polski" aria-pressed="true"' in page
    client.post(reverse("set_language"), {"language": "en", "next": "/referee/"})
    assert '<html lang="en">' in page_html(client.get("/referee/"))


@pytest.mark.parametrize("adj", engine.all_adjudicators(), ids=lambda a: f"{a.game}/{a.name}")
def test_a_ruling_asked_for_in_polish_explains_every_step_in_polish(api, corpus, adj):
    def rule(lang):
        url = f"/api/v1/games/{adj.game}/adjudicators/{adj.name}/"
        response = api.post(url, {"inputs": adj.examples[0], "lang": lang}, format="json")
        assert response.status_code == 200, response.json()
        return response.json()

    english, polish = rule("en"), rule("pl")
    assert polish["outcome"] == english["outcome"]
    pairs = [
        (e["explanation"], p["explanation"]) for e, p in zip(english["steps"], polish["steps"], strict=True)
    ]
    pairs += [(e["question"], p["question"]) for e, p in zip(english["gaps"], polish["gaps"], strict=True)]
    untranslated = [en for en, pl in pairs if en == pl and re.search(r"[A-Za-z]{4}", en)]
    assert untranslated == []


def test_the_referee_page_explains_in_the_interface_language_and_quotes_the_chosen_translation(
    client, corpus
):
    from tests.games.test_referee_views import VOTE

    def ruling_json(ui):
        client.post(reverse("set_language"), {"language": ui, "next": "/referee/"})
        html = page_html(client.post("/referee/rada-miasta/council-vote/", VOTE))
        ruling_id = re.search(r'href="/rulings/([0-9a-f-]+)/"', html).group(1)
        return html, client.get(f"/api/v1/rulings/{ruling_id}/").json()

    _, english = ruling_json("en")
    html, polish = ruling_json("pl")
    assert english["lang"] == polish["lang"] == "en"
    assert [s["translation"] for s in polish["steps"]] == [s["translation"] for s in english["steps"]]
    assert all(s["translation"] for s in polish["steps"])
    assert polish["outcome"] == english["outcome"]
    explained = [
        (e["explanation"], p["explanation"]) for e, p in zip(english["steps"], polish["steps"], strict=True)
    ]
    assert [en for en, pl in explained if en == pl] == []
    assert polish["summary"] != english["summary"] and polish["summary"] in html
    assert '<option value="en" selected>Angielski</option>' in html
