"""A whole document as a draft (issue #22 item 6, docs/api.md): the published Rada Miasta
text with 3 sentences changed, 1 added, 1 removed and 1 paragraph moved — each found, saving
nothing; the accepted changes saved as the draft's revisions."""

import io
from pathlib import Path

import pytest
from django.conf import settings

from rules.models import ClauseVersion, EditionEntry
from tests.conftest import in_threads

pytestmark = pytest.mark.django_db

SOURCE = Path(settings.BASE_DIR) / "rules/corpus/rada-miasta/source.txt"
REVISED = {
    "rm.support.limits": (
        "nie może przekroczyć 10 i nie może być ujemny",
        "nie może przekroczyć 10 ani spaść poniżej zera",
    ),
    "rm.order.first-round-lot": (
        "Na początku pierwszej rundy danej rozgrywki gracze losują (na przykład kostką), kto będzie graczem pierwszym",
        "Na początku pierwszej rundy gracze losują kostką, kto zaczyna jako gracz pierwszy",
    ),
    "rm.order.clockwise": (
        "Kolejność tur graczy w danej rundzie ustala się zgodnie z ruchem wskazówek zegara poczynając od gracza "
        "pierwszego",
        "Kolejność tur w rundzie ustala się zgodnie z ruchem wskazówek zegara, zaczynając od gracza pierwszego",
    ),
}
PUBLIC = "Jeżeli gracz buduje Dzielnicę Publiczną, może zdobyte punkty poparcia przydzielić do jednej wybranej przez siebie grupy."
ADDED = "Gracz może w każdej chwili sprawdzić poparcie innych graczy."
REMOVED = "rm.support.tracking"
MOVED = "rm.intro.terrain"


def _document():
    text = SOURCE.read_text(encoding="utf-8")
    for old, new in REVISED.values():
        assert old in text
        text = text.replace(old, new)
    text = text.replace(PUBLIC + "\n", PUBLIC + "\n" + ADDED + "\n")
    lines = text.split("\n")
    removed = next(n for n, line in enumerate(lines) if line.startswith("Punkty te znajdują się"))
    del lines[removed]
    moved = lines.pop(1)  # the UWAGA paragraph, moved below the round order
    assert moved.startswith("UWAGA")
    lines.insert(11, moved)
    return "\n".join(lines)


def _open(api):
    return api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]


def _comparison(api, n, text=None, slug="rada-miasta"):
    """The document's comparison with draft ``n``: {changes, based_on} (it saves nothing)."""
    r = api.post(f"/api/v1/games/{slug}/drafts/{n}/document/", {"text": text or _document()}, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def _compared(api, n):
    """The changes the document's comparison with draft ``n`` finds."""
    return _comparison(api, n)["changes"]


def _changed(changes):
    return [(c["change"], c["key"]) for c in changes if c["change"] != "unchanged"]


def test_each_change_of_the_document_is_found_and_nothing_is_saved(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    versions = ClauseVersion.objects.count()
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/document/", {"text": _document()}, format="json")
    assert r.status_code == 200, r.content
    changes = r.json()["changes"]
    assert all(set(c) == {"key", "change", "text", "section"} for c in changes)
    assert r.json()["based_on"] == {c["key"]: 1 for c in changes if c["change"] != "new"}
    found = _changed(changes)
    assert sorted(k for c, k in found if c == "revised") == sorted(REVISED)
    assert [k for c, k in found if c == "deleted"] == [REMOVED]
    assert [k for c, k in found if c == "moved"] == [MOVED]
    (new,) = [c for c in changes if c["change"] == "new"]
    assert (new["text"], new["section"]) == (ADDED, "support")
    assert new["key"].startswith("rm.support.")
    revised = {c["key"]: c["text"] for c in changes if c["change"] == "revised"}
    assert "nie może przekroczyć 10 ani spaść poniżej zera (nadmiar" in revised["rm.support.limits"]
    unchanged = [c for c in changes if c["change"] == "unchanged"]
    assert len(unchanged) == 54 - 3 - 1 - 1
    assert ClauseVersion.objects.count() == versions  # saves nothing


def test_the_accepted_changes_become_the_drafts_revisions(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/document/accept/", _comparison(api, n), format="json")
    assert r.status_code == 200, r.content
    saved = {s["key"]: s for s in r.json()["saved"]}
    assert r.json()["edition"] == n
    assert {k for k, s in saved.items() if s["change"] == "revised"} == set(REVISED)
    entries = list(
        EditionEntry.objects.filter(edition__number=n, edition__game__slug="rada-miasta")
        .select_related("clause", "version")
        .order_by("position")
    )
    keys = [e.clause.key for e in entries]
    texts = {e.clause.key: e.version.text for e in entries}
    assert REMOVED not in keys
    new_key = next(k for k, s in saved.items() if s["change"] == "new")
    assert texts[new_key] == ADDED and keys[keys.index(new_key) - 1] == "rm.support.public-district"
    assert keys.index(MOVED) == keys.index("rm.order.clockwise") + 1
    assert "ani spaść poniżej zera" in texts["rm.support.limits"]
    # Bound figures re-read from the new wording.
    params = api.get(f"/api/v1/games/rada-miasta/parameters/?edition={n}").json()
    assert params["max_support"]["version"] == saved["rm.support.limits"]["version"]
    # The same document again: nothing left to change.
    assert _changed(_compared(api, n)) == []


def test_a_markdown_or_docx_file_is_read_like_the_text(designer, token_api):
    import docx

    api = token_api(designer)
    n = _open(api)
    url = f"/api/v1/games/rada-miasta/drafts/{n}/document/"
    markdown = "# Rada Miasta\n\n" + _document().replace("UWAGA:", "**UWAGA:**")
    upload = io.BytesIO(markdown.encode())
    upload.name = "rules.md"
    r = api.post(url, {"file": upload}, format="multipart")
    assert r.status_code == 200, r.content
    assert sorted(k for c, k in _changed(r.json()["changes"]) if c == "revised") == sorted(REVISED)

    document = docx.Document()
    for line in _document().split("\n"):
        document.add_paragraph(line)
    data = io.BytesIO()
    document.save(data)
    data.seek(0)
    data.name = "rules.docx"
    r = api.post(url, {"file": data}, format="multipart")
    assert r.status_code == 200, r.content
    assert sorted(k for c, k in _changed(r.json()["changes"]) if c == "revised") == sorted(REVISED)


@pytest.mark.parametrize(
    ("body", "path"),
    [({}, "text"), ({"text": "  "}, "text"), ({"text": ["a"]}, "text")],
)
def test_a_document_without_text_is_a_400(designer, token_api, body, path):
    api = token_api(designer)
    n = _open(api)
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/document/", body, format="json")
    assert r.status_code == 400 and path in r.json()["errors"]


def test_a_file_that_is_no_document_is_a_400(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    upload = io.BytesIO(b"PK\x03\x04 not a zip")
    upload.name = "rules.docx"
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/document/", {"file": upload}, format="multipart")
    assert r.status_code == 400 and list(r.json()["errors"]) == ["file"]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"key": "rm.nope", "change": "revised", "text": "x", "section": "support"}, "changes.0.key"),
        ({"key": "rm.support.limits", "change": "new", "text": "x", "section": "support"}, "changes.0.key"),
        (
            {"key": "rm.support.brand-new", "change": "new", "text": "x", "section": "nope"},
            "changes.0.section",
        ),
        (
            {"key": "rm.support.limits", "change": "revised", "text": " ", "section": "support"},
            "changes.0.text",
        ),
    ],
)
def test_bad_changes_are_400s_that_save_nothing(designer, token_api, change, path):
    api = token_api(designer)
    n = _open(api)
    versions = ClauseVersion.objects.count()
    r = api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/document/accept/",
        {"changes": [change], "based_on": {"rm.support.limits": 1}},
        format="json",
    )
    assert r.status_code == 400 and path in r.json()["errors"], r.content
    assert ClauseVersion.objects.count() == versions


def test_an_accepted_revision_that_loses_a_figure_is_taken_and_the_figure_unbound(designer, token_api):
    api = token_api(designer)
    n = _open(api)
    change = {
        "key": "rm.support.limits",
        "change": "revised",
        "text": "Poziom poparcia danej grupy jest od zera do ośmiu punktów.",
        "section": "support",
    }
    r = api.post(
        f"/api/v1/games/rada-miasta/drafts/{n}/document/accept/",
        {"changes": [change], "based_on": {"rm.support.limits": 1}},
        format="json",
    )
    assert r.status_code == 200, r.content
    report = api.get(f"/api/v1/games/rada-miasta/drafts/{n}/impact/").json()
    assert [(u["name"], u["value"]) for u in report["unbound_parameters"]] == [("max_support", 10)]


def test_only_designers_may_send_a_document(make_user, corpus, token_api):
    api = token_api(make_user("tom", kind="translator", lang="en"))
    r = api.post("/api/v1/games/rada-miasta/drafts/1/document/", {"text": "x"}, format="json")
    assert r.status_code in (403, 404)


def test_the_document_page_compares_and_saves_the_ticked_changes(designer, client):
    import re

    from django.utils import timezone

    from rules import services
    from rules.models import Game

    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="dana", now=timezone.now())
    client.force_login(designer)
    url = f"/design/rada-miasta/{draft.number}/document/"
    assert client.get(url).status_code == 200
    assert client.post(url, {"text": " "}).status_code == 400
    page = client.post(url, {"text": _document()})
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-change="revised"') == 3 and html.count('data-change="new"') == 1
    assert html.count('data-change="deleted"') == 1 and html.count('data-change="moved"') == 1
    assert "<ins>" in html and "<del>" in html
    # Accept everything but the deletion.
    form = {"step": "accept"}
    ticked = []
    fields = dict(re.findall(r'name="((?:key|change|section)-\d+)" value="([^"]*)"', html))
    texts = dict(re.findall(r'name="(text-\d+)"[^>]*>([^<]*)</textarea>', html))
    texts.update(re.findall(r'<input type="hidden" name="(text-\d+)" value="([^"]*)"', html))
    for name, value in fields.items():
        form[name] = value
    for name, value in texts.items():
        form[name] = value.replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&")
    form["based_on"] = re.search(r'name="based_on" value="([^"]*)"', html).group(1).replace("&quot;", '"')
    for n in sorted({int(k.split("-")[1]) for k in fields}):
        if fields[f"change-{n}"] != "deleted":
            ticked.append(str(n))
    r = client.post(url, {**form, "accept": ticked})
    assert r.status_code == 302, r.content.decode()[:2000]
    keys = list(
        EditionEntry.objects.filter(edition=draft).order_by("position").values_list("clause__key", flat=True)
    )
    assert REMOVED in keys and keys.index(MOVED) == keys.index("rm.order.clockwise") + 1
    texts = dict(EditionEntry.objects.filter(edition=draft).values_list("clause__key", "version__text"))
    assert "ani spaść poniżej zera" in texts["rm.support.limits"] and ADDED in texts.values()


@pytest.mark.django_db(transaction=True)
def test_two_designers_accepting_the_same_document_at_once_save_it_once(designer, token_api):
    import functools

    from django.utils import timezone

    from rules.models import Edition
    from studio import services as studio_services
    from studio import write_request

    api = token_api(designer)
    n = _open(api)
    compared = _comparison(api, n)
    draft = Edition.objects.get(game__slug="rada-miasta", number=n)
    versions = ClauseVersion.objects.count()

    def accept(author):
        return studio_services.document_accept(
            draft=draft,
            accept=write_request.AcceptRequest(compared["changes"], compared["based_on"]),
            author=author,
            now=timezone.now(),
        )

    results = in_threads([functools.partial(accept, "d0"), functools.partial(accept, "d1")], timeout=60)
    wins = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, studio_services.DocumentRefused)]
    assert len(wins) == 1 and len(refused) == 1, results
    # The loser is told the new clause's key is taken now; nothing was written twice.
    assert any("is taken" in m for ms in refused[0].errors.values() for m in ms)
    assert ClauseVersion.objects.count() == versions + 3 + 1


def test_a_revised_clause_is_proposed_whole_even_when_it_opens_with_a_headings_words():
    """Dolores's heading "Oddziały wojsk" is the first two words of ``dl.cross-borders``: a
    heading is found where it stands as whole sentences, not inside the revised rule."""
    from rules import corpus
    from studio import document

    clauses = [document.ClauseText(c.key, c.section, c.text) for c in corpus.game("dolores").clauses]
    old = "Oddziały wojsk mogą swobodnie przekraczać granice federacji."
    new = "Oddziały wojsk mogą przekraczać granice federacji tylko raz na rundę."
    source = (Path(settings.BASE_DIR) / "rules/corpus/dolores/source.txt").read_text(encoding="utf-8")
    assert old in source
    changes = {c.key: c for c in document.compare(clauses, source.replace(old, new), lang="pl", prefix="dl")}
    assert (changes["dl.cross-borders"].change, changes["dl.cross-borders"].text) == ("revised", new)
    assert changes["dl.units"].change == "unchanged"
