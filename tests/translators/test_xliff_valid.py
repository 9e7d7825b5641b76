"""Files every tool accepts (issue #25 item 2): XLIFF 2.0 exports valid against the OASIS 2.0
core schema and XLIFF 1.2 against the 1.2 strict schema, for every game and language;
approved="yes" for the units the workspace treats as done (translated and approved), read
by translate-toolkit as the workspace shows them; stale units carry the previous source in 2.0 too; a
final unit is applied as approved from a reviewer, as translated from a translator, and the
report says which."""

from pathlib import Path

import pytest
from lxml import etree
from translate.storage import xliff, xliff2

from rules import corpus as corpus_files
from rules.models import Game, Translation
from translators import exchange

from .conftest import DECAY
from .test_exchange import _import

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


def test_translate_toolkit_reads_our_xliff12_with_the_workspaces_states(corpus, save_translation):
    """translate-toolkit's own reading (isfuzzy: a target without approved="yes") of every
    unit: translated and approved are done, not fuzzy, told apart by state; needs review is
    fuzzy; and the file imported back as it is changes nothing."""
    game = Game.objects.get(slug="rada-miasta")
    approved = Translation.objects.get(clause__key="rm.vote.won-gain", lang="en")
    save_translation(approved, approved.text, state="approved", author="rev")
    review = Translation.objects.get(clause__key="rm.vote.order", lang="en")
    save_translation(review, review.text, state="needs-review", author="tina")
    data = exchange.export("xliff", game, "en")

    seen = {}
    for unit in xliff.xlifffile.parsestring(data).unit_iter():
        state = unit.xmlelement.find(unit.namespaced("target")).get("state") if unit.target else None
        seen[unit.getid().split("\x04")[-1]] = (
            unit.isfuzzy(),
            unit.isapproved(),
            unit.istranslated(),
            state,
        )
    workspace = dict(
        Translation.objects.filter(clause__game=game, lang="en")
        .order_by("clause", "-revision")
        .distinct()
        .values_list("clause__key", "state")
    )
    done = {key for key, st in workspace.items() if st in ("translated", "approved") and key in seen}
    assert len(done) >= 50
    # Done in the workspace: not fuzzy, approved="yes", translated, for the toolkit.
    assert {key for key in done if seen[key][:3] != (False, True, True)} == set()
    assert {seen[key][3] for key in done if workspace[key] == "translated"} == {"translated"}
    assert seen["rm.vote.won-gain"] == (False, True, True, "final")
    assert seen["rm.vote.order"] == (True, False, False, "needs-review-translation")

    report = _import(game, data, author="rev", may_approve=True)
    results = {u["clause"]: u["result"] for u in report.units}
    assert set(results.values()) == {"unchanged"}, {k: v for k, v in results.items() if v != "unchanged"}
    assert Translation.objects.get(clause__key="rm.vote.won-gain", lang="en").state == "approved"
    assert Translation.objects.get(clause__key="rm.vote.order", lang="en").state == "needs-review"
    assert Translation.objects.get(clause__key=DECAY, lang="en").state == "translated"


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
        report = _import(game, data, author="eleni", may_approve=may_approve)
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
