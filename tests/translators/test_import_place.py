"""An import puts text only where it belongs (issue #20 item 2): a file of other languages or
of another game is a 400 naming both, a unit of another game is rejected, and kept suggestions
are kept once, with the version they were made from and the diff of the original since."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.authtoken.models import Token
from translate.storage import po, xliff, xliff2

from rules.models import Game, Translation, TranslationRevision
from tests.rules.test_concurrency import race
from translators import exchange, services
from translators.models import Suggestion

from .conftest import DECAY, make_decay_stale
from .test_exchange import edit

pytestmark = pytest.mark.django_db


def _state():
    return (
        list(Translation.objects.order_by("pk").values_list("pk", "text", "state", "revision")),
        TranslationRevision.objects.count(),
        Suggestion.objects.count(),
    )


def _xliff2(src: str, trg: str) -> bytes:
    """A Dolores XLIFF 2.0 file with one unit for ``dl.starting-routes``, in these languages."""
    game = Game.objects.get(slug="dolores")
    data = edit("xliff2", exchange.export("xliff2", game, "en"), {"dl.starting-routes": "Zubehör."})
    store = xliff2.Xliff2File.parsestring(data)
    store.document.getroot().set("srcLang", src)
    store.document.getroot().set("trgLang", trg)
    return bytes(store)


@pytest.fixture
def greek(corpus, make_user):
    return make_user("eleni", ("translator", "dolores", "el"))


@pytest.mark.parametrize(
    "src, trg, named",
    [
        ("pl", "de", ["German (de)", "Greek (el)", "trgLang"]),
        (
            "zh-Hans",
            "fr",
            ["French (fr)", "Greek (el)", "Simplified Chinese (zh-Hans)", "Polish (pl)", "srcLang"],
        ),
    ],
)
def test_an_xliff2_of_other_languages_is_a_400_naming_both_on_the_api_and_the_page(
    api, client, greek, src, trg, named
):
    data = _xliff2(src, trg)
    before = _state()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=greek).key}")
    r = api.post(
        "/api/v1/games/dolores/translations/el/import/",
        {"file": SimpleUploadedFile("x.xlf", data)},
        format="multipart",
    )
    assert r.status_code == 400
    (message,) = r.json()["errors"]["file"]
    for name in named:
        assert name in message
    client.force_login(greek)
    page = client.post("/translate/dolores/el/import/", {"file": SimpleUploadedFile("x.xlf", data)})
    assert page.status_code == 400
    text = page.content.decode()
    assert 'role="alert"' in text
    for name in named:
        assert name in text
    assert _state() == before
    assert not Translation.objects.filter(lang="el").exists()


def test_the_same_languages_more_precisely_are_accepted(api, greek):
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=greek).key}")
    r = api.post(
        "/api/v1/games/dolores/translations/el/import/",
        {"file": SimpleUploadedFile("x.xlf", _xliff2("pl-PL", "el-GR"))},
        format="multipart",
    )
    assert r.status_code == 200
    # The file's source is English's export: its one changed unit is a conflict, kept.
    assert r.json()["conflicts"] + r.json()["applied"] >= 1


def test_xliff12_and_po_languages_are_checked_too(corpus):
    game = Game.objects.get(slug="rada-miasta")
    x1 = xliff.xlifffile.parsestring(exchange.export("xliff", game, "en"))
    for node in x1.document.getroot().iterchildren(x1.namespaced("file")):
        node.set("target-language", "de")
    with pytest.raises(exchange.WrongPlace, match=r"German \(de\).*target-language.*English \(en\)"):
        exchange.check_place(exchange.read(bytes(x1)), game=game, lang="en")
    store = po.pofile.parsestring(exchange.export("po", game, "en"))
    store.updateheader(Language="el")
    with pytest.raises(exchange.WrongPlace, match=r"Greek \(el\).*Language.*English \(en\)"):
        exchange.check_place(exchange.read(bytes(store)), game=game, lang="en")
    store.updateheader(Language="en", X_Source_Language="el")
    with pytest.raises(exchange.WrongPlace, match=r"X-Source-Language.*Rada Miasta"):
        exchange.check_place(exchange.read(bytes(store)), game=game, lang="en")
    # As exported, each is in place.
    for fmt in ("xliff2", "xliff", "po"):
        exchange.check_place(exchange.read(exchange.export(fmt, game, "en")), game=game, lang="en")


def test_a_file_or_a_unit_of_another_game_is_refused(corpus):
    game = Game.objects.get(slug="rada-miasta")
    other = Game.objects.get(slug="dolores")
    with pytest.raises(exchange.WrongPlace, match=f"exported from {other.title}, not from {game.title}"):
        exchange.check_place(exchange.read(exchange.export("po", other, "en")), game=game, lang="en")
    # A unit of another game's clause inside a file of this game: rejected, saying whose it is.
    store = po.pofile.parsestring(exchange.export("po", game, "en"))
    unit = store.addsourceunit("Tekst.")
    unit.setcontext("dl.starting-routes")
    unit.target = "Text."
    before = _state()
    report = exchange.apply(
        game=game,
        lang="en",
        incoming=exchange.read(bytes(store)).units,
        author="tina",
        may_approve=False,
        now=timezone.now(),
    )
    row = next(u for u in report.units if u["clause"] == "dl.starting-routes")
    assert row["result"] == "rejected" and other.title in row["reason"]
    assert report.rejected == 1 and report.applied == 0
    assert _state() == before


def _stale_file_changed():
    """An XLIFF 2.0 export of rada-miasta in English, taken before rm.vote.decay is revised, with
    that unit's text changed by the translator."""
    game = Game.objects.get(slug="rada-miasta")
    data = edit("xliff2", exchange.export("xliff2", game, "en"), {DECAY: "Mine, from the old wording."})
    old_version = Translation.objects.get(clause__key=DECAY, lang="en").based_on
    return game, data, old_version


def test_a_stale_file_is_kept_once_with_its_version_and_the_diff_since(corpus, client, make_user):
    game, data, old_version = _stale_file_changed()
    clause = make_decay_stale()
    current = clause.versions.order_by("-number").first()
    assert current.number > old_version.number
    reports = [
        exchange.apply(
            game=game,
            lang="en",
            incoming=exchange.read(data).units,
            author="tina",
            may_approve=False,
            now=timezone.now(),
        )
        for _ in range(3)
    ]
    kept = Suggestion.objects.get(clause=clause)  # one, not three
    assert kept.based_on == old_version  # the version it was made from, not the current one
    assert kept.text == "Mine, from the old wording."
    assert [r.conflicts for r in reports] == [1, 1, 1]
    again = next(u for u in reports[2].units if u["clause"] == DECAY)
    assert "Already kept" in again["reason"]
    first = next(u for u in reports[0].units if u["clause"] == DECAY)
    assert f"of version {old_version.number}" in first["reason"]
    # The editor shows it with the diff of the original since the version it was made from.
    user = make_user("u", ("translator", None, "en"))
    client.force_login(user)
    page = client.get(f"/translate/rada-miasta/en/c/{DECAY}/").content.decode()
    assert page.count('data-testid="kept"') == 1
    assert 'data-testid="kept-since"' in page
    assert f"since version {old_version.number}, which this suggestion" in page
    since = page[page.index('data-testid="kept-since"') :]
    assert "<del>1 punkcie </del><ins>2 punkty </ins>" in since


def test_an_aligned_text_kept_twice_is_kept_once(corpus):
    clause_version = Translation.objects.get(clause__key=DECAY, lang="en").based_on
    kwargs = {
        "clause": clause_version.clause,
        "lang": "en",
        "based_on": clause_version,
        "text": "Aligned.",
        "origin": Suggestion.Origin.ALIGNMENT,
        "reason": "",
        "author": "tina",
        "now": timezone.now(),
    }
    first, created = services.suggestion_keep(**kwargs)
    second, created_again = services.suggestion_keep(**kwargs)
    assert (created, created_again) == (True, False) and first.pk == second.pk
    assert Suggestion.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_racing_keeps_of_one_text_keep_one_suggestion(corpus):
    version = Translation.objects.get(clause__key=DECAY, lang="en").based_on

    def keep(n):
        return services.suggestion_keep(
            clause=version.clause,
            lang="en",
            based_on=version,
            text="The same text from two imports.",
            origin=Suggestion.Origin.IMPORT,
            reason="",
            author=f"t{n}",
            now=timezone.now(),
        )

    results = race(keep)
    assert [r for r in results if isinstance(r, Exception)] == []
    assert sum(created for _s, created in results) == 1
    assert len({s.pk for s, _created in results}) == 1
    assert Suggestion.objects.count() == 1


def test_a_po_files_underscored_language_is_the_same_language(corpus):
    # PO files write regions with an underscore (Language: en_GB); the shared
    # config.languages.same_language reads it as en-GB, and still tells zh_Hant from zh-Hans.
    game = Game.objects.get(slug="rada-miasta")
    store = po.pofile.parsestring(exchange.export("po", game, "en"))
    store.updateheader(Language="en_GB", X_Source_Language="pl_PL")
    exchange.check_place(exchange.read(bytes(store)), game=game, lang="en")
    store.updateheader(Language="zh_Hant", X_Source_Language="pl")
    with pytest.raises(exchange.WrongPlace, match="Language"):
        exchange.check_place(exchange.read(bytes(store)), game=game, lang="zh-Hans")
