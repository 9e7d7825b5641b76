"""The corrections of issue #25 item 6 in the shipped translations (and item 1's in the English):
each says what the reader asked, and reaches a site that had the old text as a new revision
(the history keeps it)."""

import pytest

from rules import corpus as corpus_files
from rules.models import Translation

from .corpus_commands import copy_game, output

# (game, language, clause, what the correction says, what it replaced)
CORRECTIONS = [
    ("praetor", "pl", "pr.upkeep.labour-camp-return", "odłóż je na swoją planszę gracza", "wróć nimi"),
    ("praetor", "pl", "pr.components.city-tile-cost", "koszt budowy", "opłata"),
    ("praetor", "pl", "pr.tiles.imperial-outpost", "zapłać jej koszt", "opłatę"),
    ("praetor", "pl", "pr.components.reference-boards", "plansze pomocy", "karty pomocy"),
    ("praetor", "pl", "pr.tiles.lumber-camp", "obóz drwali", "tartak"),
    ("mega-civilization", "pl", "mc.round.end-check", "albo rozpoczęcia nowej tury", "rozpoczęcie"),
    ("mega-civilization", "pl", "mc.calamity-selection.hand", "2 Poważne Klęski", "Poważne klęski"),
    ("mega-civilization", "pl", "mc.calamity-resolution.major-order", "Poważne Klęski", "Poważne klęski"),
    ("mega-civilization", "pl", "mc.trade-cards.example", "jedną z trzeciego", "Trzeciego"),
    ("mega-civilization", "pl", "mc.advances.heading", "NABYCIE", "ZAKUP"),
    ("mega-civilization", "pl", "mc.ast-order.ties", "równowaga sił", "remis"),
    ("mega-civilization", "pl", "mc.cities.support", "muszą je wspierać", "utrzymywane"),
    ("rada-miasta", "zh-Hans", "rm.vote.lost-stage-2-3", "规划环节", "规划阶段"),
    ("rada-miasta", "zh-Hans", "rm.order.heading", "确定一轮中的玩家顺序", "本轮"),
    (
        "rada-miasta",
        "zh-Hans",
        "rm.vote.decay",
        "从每位玩家在每个社会群体中的支持点中各移除1点",
        "为每位玩家",
    ),
    ("rada-miasta", "zh-Hans", "rm.pros-cons.con-first-player", "一轮中的首位玩家第一个选择", "作为一轮中"),
    ("rada-miasta", "zh-Hans", "rm.pros-cons.con-complexity", "——", " - "),
]


# Issue #25 item 1: the shipped English that did not use the glossary's term (a new revision
# each, like the above): 赏赐点轨道 "favor track" (as pr.order.by-favor and the rulings say it),
# "sztukę złota" a gold piece (the glossary's Gold Pieces), "pól z surowcami" the resource fields
# (as dl.setup-forests says it).
CORRECTIONS += [
    ("praetor", "en", "pr.actions.build-track", "your marker on the favor track", "favor-point track"),
    ("imperial-tax-farmer", "en", "itf.bribery.rate", "receive one gold piece", "piece of gold"),
    ("dolores", "en", "dl.starting-routes", "They lead to four resource fields.", "fields with resources"),
]


@pytest.mark.parametrize("slug, lang, key, says, replaced", CORRECTIONS)
def test_each_correction_is_in_the_shipped_translation(slug, lang, key, says, replaced):
    text = corpus_files.game(slug).translations_of(lang)[key]
    assert says in text and replaced not in text


def test_rada_miasta_in_chinese_writes_brackets_and_dashes_full_width():
    texts = corpus_files.game("rada-miasta").translations_of("zh-Hans")
    assert [k for k, t in texts.items() if set("()") & set(t) or " - " in t] == []
    assert sum("（" in t for t in texts.values()) == 14  # every clause that has brackets


@pytest.mark.django_db
def test_a_site_with_the_old_text_gets_the_correction_as_a_new_revision(corpus, tmp_path):
    """Load the old wording of rm.vote.decay [zh-Hans] (the corpus as it was), then the shipped
    one: revision 2, revision 1 kept in the history."""
    key, old = "rm.vote.decay", "投票结束后，从每个社会群体中为每位玩家各移除1个支持点(如果他有的话)"
    shipped = corpus_files.game("rada-miasta").translations_of("zh-Hans")[key]
    folder = copy_game(tmp_path, "rada-miasta")
    f = folder / "translations" / "zh-Hans.toml"
    f.write_text(f.read_text(encoding="utf-8").replace(shipped, old), encoding="utf-8")
    output("loadcorpus", "rada-miasta", root=tmp_path)  # the site as the old corpus left it
    t = Translation.objects.get(clause__key=key, lang="zh-Hans")
    before = t.revision
    assert t.text == old
    output("loadcorpus", "rada-miasta")  # the shipped corpus
    t.refresh_from_db()
    assert (t.text, t.revision) == (shipped, before + 1)
    assert t.revisions.order_by("revision").values_list("text", flat=True)[before - 1] == old


@pytest.mark.django_db
def test_a_site_with_the_old_english_gets_the_correction_as_a_new_revision(corpus, tmp_path):
    """The English lives in clauses.toml: the old wording of itf.bribery.rate, then the shipped
    one, is revision 2 with revision 1 kept in the history."""
    key, old = "itf.bribery.rate", "you may receive one piece of gold."
    shipped = corpus_files.game("imperial-tax-farmer").translations_of("en")[key]
    folder = copy_game(tmp_path, "imperial-tax-farmer")
    f = folder / "clauses.toml"
    f.write_text(
        f.read_text(encoding="utf-8").replace("you may receive one gold piece.", old), encoding="utf-8"
    )
    output("loadcorpus", "imperial-tax-farmer", root=tmp_path)  # the site as the old corpus left it
    t = Translation.objects.get(clause__key=key, lang="en")
    before = t.revision
    assert t.text.endswith(old)
    output("loadcorpus", "imperial-tax-farmer")  # the shipped corpus
    t.refresh_from_db()
    assert (t.text, t.revision) == (shipped, before + 1)
    assert t.revisions.order_by("revision").values_list("text", flat=True)[before - 1].endswith(old)
