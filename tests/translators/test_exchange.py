"""Exchange through translate-toolkit: export XLIFF 2.0, XLIFF 1.2, PO and TMX, import XLIFF and
PO without ever overwriting, and an untouched round trip changes nothing."""

import pytest
from django.utils import timezone
from translate.storage import po, tmx, xliff, xliff2

from rules import corpus as corpus_files
from rules.models import Game, Translation, TranslationRevision
from translators import exchange
from translators.models import Suggestion

from .conftest import DECAY

pytestmark = pytest.mark.django_db

FORMATS = ["xliff2", "xliff", "po"]


def _import(game, data, *, author="tina", may_approve=False):
    return exchange.apply(
        game=game,
        lang="en",
        incoming=exchange.read(data).units,
        author=author,
        may_approve=may_approve,
        now=timezone.now(),
    )


def _state():
    return (
        list(Translation.objects.order_by("pk").values_list("pk", "text", "state", "revision")),
        TranslationRevision.objects.count(),
        Suggestion.objects.count(),
    )


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("slug", corpus_files.GAME_SLUGS)
def test_export_then_import_unchanged_changes_nothing(corpus, stale_decay, slug, fmt):
    game = Game.objects.get(slug=slug)
    before = _state()
    report = _import(game, exchange.export(fmt, game, "en"), may_approve=True)
    assert (report.applied, report.conflicts, report.rejected) == (0, 0, 0)
    assert report.unchanged == len(exchange.units(game, "en"))
    assert _state() == before


def test_each_format_says_the_key_source_target_state_and_base(corpus, stale_decay):
    game = Game.objects.get(slug="rada-miasta")
    old = Translation.objects.get(clause=stale_decay, lang="en")
    current = stale_decay.versions.order_by("-number").first()
    x2 = {
        u.getid(): u for u in xliff2.Xliff2File.parsestring(exchange.export("xliff2", game, "en")).unit_iter()
    }
    assert x2[DECAY].source == current.text and x2[DECAY].target == old.text and x2[DECAY].isfuzzy()
    assert x2["rm.vote.won-gain"].istranslated() and not x2["rm.vote.won-gain"].isfuzzy()
    x1_store = xliff.xlifffile.parsestring(exchange.export("xliff", game, "en"))
    assert x1_store.namespace == "urn:oasis:names:tc:xliff:document:1.2"
    x1 = {u.getid().split("\x04")[-1]: u for u in x1_store.unit_iter()}
    assert x1[DECAY].isfuzzy() and f"base: v{current.number} r0" in x1[DECAY].getnotes("base")
    entries = {
        u.getcontext(): u for u in po.pofile.parsestring(exchange.export("po", game, "en")).unit_iter()
    }
    decay = entries[DECAY]
    assert decay.isfuzzy() and decay.source == current.text and decay.target == old.text
    assert decay.prev_source == old.based_on.text  # #| msgid: the version translated
    assert "\n#| msgid " in exchange.export("po", game, "en").decode()
    pairs = [
        (u.source, u.target) for u in tmx.tmxfile.parsestring(exchange.export("tmx", game, "en")).unit_iter()
    ]
    assert (old.based_on.text, old.text) in pairs  # translated pairs, of any version
    assert len(pairs) == Translation.objects.filter(clause__game=game, lang="en").count()


@pytest.mark.parametrize("fmt", FORMATS)
def test_two_changed_units_are_applied_and_nothing_else(corpus, fmt):
    game = Game.objects.get(slug="rada-miasta")
    a = Translation.objects.get(clause__key=DECAY, lang="en")
    b = Translation.objects.get(clause__key="rm.vote.won-gain", lang="en")
    data = edit(
        fmt, exchange.export(fmt, game, "en"), {DECAY: "Changed A.", "rm.vote.won-gain": "Changed B."}
    )
    report = _import(game, data)
    assert (report.applied, report.conflicts, report.rejected) == (2, 0, 0)
    assert {u["clause"] for u in report.units if u["result"] == "applied"} == {DECAY, "rm.vote.won-gain"}
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.text, a.state, a.revision) == ("Changed A.", "translated", 2)
    assert (b.text, b.revision) == ("Changed B.", 2)
    # The same file again: its base is now outdated, so each is a conflict kept as a suggestion.
    again = _import(game, data)
    assert (again.applied, again.unchanged) == (0, len(exchange.units(game, "en")))


def edit(fmt, data, targets):
    """Change some units' targets as a translator's tool would (through translate-toolkit)."""
    store = {"xliff2": xliff2.Xliff2File, "xliff": xliff.xlifffile, "po": po.pofile}[fmt].parsestring(data)
    for unit in store.unit_iter():
        key = unit.getcontext() if fmt == "po" else (unit.getid() or "").split("\x04")[-1]
        if key in targets:
            unit.target = targets[key]
    return bytes(store)


def test_a_unit_from_an_older_revision_or_wording_is_a_conflict_kept_as_a_suggestion(
    corpus, save_translation
):
    game = Game.objects.get(slug="rada-miasta")
    data = edit("xliff2", exchange.export("xliff2", game, "en"), {DECAY: "Mine."})
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    save_translation(t, "Someone else's.", author="x")
    report = _import(game, data)
    assert (report.applied, report.conflicts) == (0, 1)
    unit = next(u for u in report.units if u["clause"] == DECAY)
    assert unit["result"] == "conflict" and "revision 1" in unit["reason"] and "revision 2" in unit["reason"]
    t.refresh_from_db()
    assert t.text == "Someone else's."
    kept = Suggestion.objects.get(clause__key=DECAY)
    assert (kept.text, kept.origin) == ("Mine.", "import")
    # The editor offers it.
    from django.contrib.auth import get_user_model

    from rules.models import Role

    user = get_user_model().objects.create_user("u")
    Role.objects.create(user=user, kind="translator", lang="en")
    from django.test import Client

    c = Client()
    c.force_login(user)
    page = c.get(f"/translate/rada-miasta/en/c/{DECAY}/").content.decode()
    assert 'data-testid="kept"' in page and "Mine." in page


def test_unknown_doubled_and_empty_units_are_rejected_or_unchanged(corpus):
    game = Game.objects.get(slug="rada-miasta")
    store = po.pofile()
    for key, text in [
        ("rm.no-such", "X"),
        (DECAY, "One."),
        (DECAY, "Two."),
        ("rm.vote.won-gain", ""),
        ("", "Y"),
    ]:
        u = store.addsourceunit("źródło")
        u.setcontext(key)
        u.target = text
    report = _import(game, bytes(store))
    assert [(u["clause"], u["result"]) for u in report.units] == [
        ("rm.no-such", "rejected"),
        (DECAY, "conflict"),  # the source is not the current wording
        (DECAY, "rejected"),
        ("rm.vote.won-gain", "unchanged"),
        ("", "rejected"),
    ]


@pytest.mark.parametrize(
    "data, message",
    [
        (b"<html><body>no</body></html>", "not XLIFF"),
        (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><xliff/>', "entity"),
        (b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0"><file', "Not a readable"),
        (b"\x00\x01\x02", "Not a readable"),
    ],
)
def test_unreadable_files_are_refused(data, message):
    with pytest.raises(exchange.Unreadable, match=message):
        exchange.read(data)


def test_approving_through_a_file_takes_a_reviewer(corpus):
    game = Game.objects.get(slug="rada-miasta")
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    store = xliff2.Xliff2File.parsestring(exchange.export("xliff2", game, "en"))
    for u in store.unit_iter():
        if u.getid() == DECAY:
            u.markapproved(True)
    report = _import(game, bytes(store), may_approve=False)
    assert report.unchanged == len(exchange.units(game, "en"))  # approved text = translated text: no change
    report = _import(game, bytes(store), may_approve=True)
    assert report.applied == 1
    t.refresh_from_db()
    assert (t.state, t.reviewer) == ("approved", "tina")


def test_the_import_page_reports_unit_by_unit(client, translator):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(translator)
    game = Game.objects.get(slug="rada-miasta")
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    data = edit("po", exchange.export("po", game, "en"), {t.clause.key: "Changed."})
    r = client.post("/translate/rada-miasta/en/import/", {"file": SimpleUploadedFile("x.po", data)})
    page = r.content.decode()
    assert r.status_code == 200 and "1 applied, 52 unchanged, 0 in conflict" in page
    bad = client.post("/translate/rada-miasta/en/import/", {"file": SimpleUploadedFile("x.po", b"<html>")})
    assert bad.status_code == 400 and "not XLIFF" in bad.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        b'<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"></xliff>',
        b"<xliff/>",
        b'<foo><xliff version="1.2"/></foo>',
        b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="pl"></xliff>',
        b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="pl"><file id="f"/></xliff>',
        b'<foo xmlns="urn:oasis:names:tc:xliff:document:2.0"/>',
        b"",
        b'msgid ""\nmsgstr ""\n',
    ],
    ids=[
        "x12-no-file",
        "bare-xliff",
        "x12-wrong-root",
        "x20-no-file",
        "x20-no-unit",
        "x20-wrong-root",
        "empty",
        "po-header-only",
    ],
)
def test_empty_or_odd_files_are_unreadable_never_an_error(data):
    with pytest.raises(exchange.Unreadable, match="Not a readable"):
        exchange.read(data)


def _units(n: int, *, fmt: str = "xliff2") -> bytes:
    store = {"xliff2": xliff2.Xliff2File, "xliff": xliff.xlifffile}[fmt]()
    store.setsourcelanguage("pl")
    for k in range(n):
        unit = store.addsourceunit(f"Tekst {k}.")
        unit.setid(f"rm.unit-{k}")
        unit.target = f"Text {k}."
    return bytes(store)


@pytest.mark.parametrize("fmt", ["xliff2", "xliff"])
def test_a_file_of_more_units_than_the_limit_is_too_large_before_it_is_parsed(fmt, monkeypatch):
    monkeypatch.setattr(exchange, "MAX_UNITS", 50)
    assert len(exchange.read(_units(50, fmt=fmt)).units) == 50
    with pytest.raises(exchange.TooLarge, match="more than 50 units"):
        exchange.read(_units(51, fmt=fmt))


def test_an_import_past_the_limit_is_a_413_naming_it(api, translator):
    from django.core.files.uploadedfile import SimpleUploadedFile

    api.force_authenticate(translator)
    data = _units(exchange.MAX_UNITS + 1)
    r = api.post(
        "/api/v1/games/rada-miasta/translations/en/import/",
        {"file": SimpleUploadedFile("x.xlf", data)},
        format="multipart",
    )
    assert r.status_code == 413
    assert r.json() == {"errors": {"file": ["The file holds more than 5,000 units, the limit of an import."]}}
