"""The corrections of issue #25 item 6 in the shipped translations: each says what the reader
asked, and reaches a site that had the old text as a new revision (the history keeps it)."""

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
