"""Files every tool accepts (issue #25 item 2): XLIFF 2.0 exports valid against the OASIS 2.0
core schema and XLIFF 1.2 against the 1.2 strict schema, for every game and language;
approved="yes" only for approved units; stale units carry the previous source in 2.0 too; a
final unit is applied as approved from a reviewer, as translated from a translator, and the
report says which."""

from pathlib import Path

import pytest
from django.utils import timezone
from lxml import etree
from translate.storage import xliff, xliff2

from rules import corpus as corpus_files
from rules.models import Game, Translation
from translators import exchange

from .conftest import DECAY

pytestmark = pytest.mark.django_db

SCHEMAS = Path(__file__).parent / "schemas"
LANGUAGES = ["en", "pl", "el", "zh-Hans"]
X1 = "{urn:oasis:names:tc:xliff:document:1.2}"
X2 = "{urn:oasis:names:tc:xliff:document:2.0}"


@pytest.fixture(scope="module")
def schemas():
    return {
        "xliff2": etree.XMLSchema(etree.parse(str(SCHEMAS / "xliff_core_2.0.xsd"))),
        "xliff": etree.XMLSchema(etree.parse(str(SCHEMAS / "xliff-core-1.2-strict.xsd"))),
    }


@pytest.mark.parametrize("slug", corpus_files.GAME_SLUGS)
def test_every_export_is_valid_against_its_oasis_schema(corpus, stale_decay, schemas, slug):
    game = Game.objects.get(slug=slug)
    checked = 0
    for lang in LANGUAGES:
        if lang == game.language:
            continue
        for fmt, schema in schemas.items():
            doc = etree.fromstring(exchange.export(fmt, game, lang))
            assert schema.validate(doc), (slug, lang, fmt, [str(e) for e in schema.error_log][:3])
            checked += 1
    assert checked == 6


def test_approved_yes_only_for_approved_units(corpus, save_translation):
    game = Game.objects.get(slug="rada-miasta")
    t = Translation.objects.get(clause__key="rm.vote.won-gain", lang="en")
    save_translation(t, t.text, state="approved", author="rev")
    doc = etree.fromstring(exchange.export("xliff", game, "en"))
    approved = {
        u.get("id").split("\x04")[-1] for u in doc.iter(f"{X1}trans-unit") if u.get("approved") == "yes"
    }
    expected = set(
        Translation.objects.filter(clause__game=game, lang="en", state="approved").values_list(
            "clause__key", flat=True
        )
    )
    assert "rm.vote.won-gain" in approved and approved == expected
    translated = next(u for u in doc.iter(f"{X1}trans-unit") if u.get("id").endswith(DECAY))
    assert translated.get("approved") is None and translated.find(f"{X1}target").get("state") == "translated"


def test_a_stale_unit_carries_its_previous_source_in_xliff2(corpus, stale_decay):
    game = Game.objects.get(slug="rada-miasta")
    old = Translation.objects.get(clause=stale_decay, lang="en").based_on
    doc = etree.fromstring(exchange.export("xliff2", game, "en"))
    unit = next(u for u in doc.iter(f"{X2}unit") if u.get("id") == DECAY)
    notes = {n.get("category"): n.text for n in unit.find(f"{X2}notes")}
    assert notes["previous-source"] == old.text
    fresh = next(u for u in doc.iter(f"{X2}unit") if u.get("id") == "rm.vote.won-gain")
    assert "previous-source" not in {n.get("category") for n in fresh.find(f"{X2}notes")}


def _finalised(fmt: str, game) -> bytes:
    """The export with rm.vote.decay marked final (approved), its text unchanged."""
    data = exchange.export(fmt, game, "en")
    if fmt == "xliff2":
        store = xliff2.Xliff2File.parsestring(data)
        for u in store.unit_iter():
            if u.getid() == DECAY:
                u.xmlelement.set("state", "final")
    else:
        store = xliff.xlifffile.parsestring(data)
        for u in store.unit_iter():
            if u.getid().endswith(DECAY):
                u.xmlelement.find(u.namespaced("target")).set("state", "final")
    return bytes(store)


@pytest.mark.parametrize("fmt", ["xliff2", "xliff"])
def test_a_final_unit_is_approved_from_a_reviewer_translated_from_a_translator_and_said(corpus, fmt):
    game = Game.objects.get(slug="rada-miasta")
    data = _finalised(fmt, game)

    def run(may_approve):
        report = exchange.apply(
            game=game,
            lang="en",
            incoming=exchange.read(data).units,
            author="eleni",
            may_approve=may_approve,
            now=timezone.now(),
        )
        return next(u for u in report.units if u["clause"] == DECAY)

    as_translator = run(False)
    assert as_translator["result"] == "unchanged"
    assert (
        "marks it approved (final); approving takes a reviewer: taken as translated"
        in as_translator["reason"]
    )
    assert Translation.objects.get(clause__key=DECAY, lang="en").state == "translated"
    as_reviewer = run(True)
    assert as_reviewer["result"] == "applied" and "(approved)" in as_reviewer["reason"]
    t = Translation.objects.get(clause__key=DECAY, lang="en")
    assert (t.state, t.reviewer) == ("approved", "eleni")
