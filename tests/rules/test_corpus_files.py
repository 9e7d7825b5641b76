"""The shipped corpus files keep the corpus rules (no database needed)."""

import shutil

import pytest

from rules import corpus

TRANSLATED = [(g.slug, lang) for g in corpus.all_games() for lang in g.translations]


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_clauses_reproduce_the_source_document(slug):
    """The source wording of every clause (its ``source``, where a dumped edition revised it)."""
    game = corpus.read_game(slug)
    source = corpus.normalise(game.source)
    assert corpus.join_wordings([c.source_wording for c in game.clauses], source) == source


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_every_rule_clause_has_an_english_translation(slug):
    game = corpus.read_game(slug)
    missing = [c.key for c in game.clauses if c.kind != "furniture" and not c.en]
    assert missing == []


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_source_copy_is_the_seed_document(slug):
    game = corpus.read_game(slug)
    assert game.source_name and game.source.strip()


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_glossary_has_at_least_ten_terms(slug):
    game = corpus.read_game(slug)
    assert len(game.terms) >= 10
    assert all(t.original and t.en for t in game.terms)


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_keys_carry_the_game_prefix_and_are_unique(slug):
    prefix = {
        "rada-miasta": "rm.",
        "praetor": "pr.",
        "imperial-tax-farmer": "itf.",
        "mega-civilization": "mc.",
        "dolores": "dl.",
    }[slug]
    game = corpus.read_game(slug)
    keys = [c.key for c in game.clauses]
    assert len(keys) == len(set(keys))
    assert all(k.startswith(prefix) for k in keys)


def test_every_game_has_an_original_variant_first():
    for game in corpus.all_games():
        assert game.variants[0].slug == "original"


def test_dolores_has_the_gniazdo_variant_of_proposals_1_5_6():
    game = corpus.game("dolores")
    gniazdo = next(v for v in game.variants if v.slug == "gniazdo")
    kinds = {c.key: c.kind for c in game.clauses}
    assert len(gniazdo.activates) == 3
    assert all(kinds[k] == "clarification" for k in gniazdo.activates)
    assert sum(1 for c in game.clauses if c.kind == "commentary" and c.key.startswith("dl.doubt-")) == 10


def test_rada_miasta_decay_rule_is_uncertain():
    game = corpus.game("rada-miasta")
    decay = [c for c in game.clauses if "usuwa się z każdej grupy społecznej po 1 punkcie" in c.text]
    assert len(decay) == 1 and decay[0].status == "uncertain"


def test_chinese_clauses_join_without_a_space_only_after_a_sentence_end_or_a_comma():
    source = "第一句。第二句,第三句 第四句"
    assert corpus.join_wordings(["第一句。", "第二句,", "第三句", "第四句"], source) == source
    # Not inside a word: the join puts a space where the source has none, so it differs.
    assert corpus.join_wordings(["第一", "句。第二句,第三句 第四句"], source) != source
    # Latin text always joins with a space.
    assert corpus.join_wordings(["One.", "Two."], "One.Two.") == "One. Two."


def test_praetor_clauses_hold_one_rule_each_after_the_split():
    game = corpus.read_game("praetor")
    text = {c.key: c.text for c in game.clauses}
    assert text["pr.order.by-favor"].endswith("越低的玩家顺位越高。")
    assert text["pr.order.tie-top-first"] == "赏赐点相同时,堆叠最上方的玩家顺位最高。"
    assert text["pr.actions.special-fee"] == "你必须支付特殊城市板块的拥有者费用来执行它,"
    assert "academy_stone" in next(c for c in game.clauses if c.key == "pr.upkeep.academy-other").params
    kinds = {c.kind for c in game.clauses if c.section == "components" and c.kind != "heading"}
    assert kinds == {"rule"}  # one kind for the items of one list


def test_sections_without_a_heading_in_the_source_have_no_title():
    titles = {(g.slug, s.key): s.title for g in corpus.all_games() for s in g.sections}
    assert titles[("rada-miasta", "intro")] == titles[("dolores", "links")] == ""


def test_three_complete_translations_ship():
    assert TRANSLATED == [("rada-miasta", "zh-Hans"), ("praetor", "pl"), ("mega-civilization", "pl")]
    for slug, lang in TRANSLATED:
        game = corpus.game(slug)
        t = game.translations[lang]
        assert t.source_lang == game.language and t.state == "translated" and t.translator
        assert set(t.clauses) == {c.key for c in game.clauses if c.kind != "furniture"}
        assert all(lang in term.forms for term in game.terms), "every glossary term has its target form"


def _broken(tmp_path, slug, lang, edit):
    """The problems of a copy of ``slug`` whose translation file ``edit`` rewrote."""
    shutil.copytree(corpus.ROOT / slug, tmp_path / slug)
    f = tmp_path / slug / "translations" / f"{lang}.toml"
    f.write_text(edit(f.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(corpus.CorpusError) as exc:
        corpus.read_game(slug, root=tmp_path)
    return str(exc.value)


@pytest.mark.parametrize(
    "edit, problem",
    [
        # A missing clause: the translation must be complete.
        (
            lambda t: t.replace('"rm.vote.decay" = ', '"rm.vote.decay-gone" = '),
            "1 clause(s) not translated: rm.vote.decay",
        ),
        # An unknown key, and furniture (which has no translation).
        (lambda t: t + '"rm.no-such-clause" = "x"\n', "unknown or furniture clause rm.no-such-clause"),
        (
            lambda t: t + '"rm.furniture.comments" = "评论"\n',
            "unknown or furniture clause rm.furniture.comments",
        ),
        (
            lambda t: t.replace('events = "', 'no-such-section = "x"\nevents = "'),
            "unknown section no-such-section",
        ),
        (lambda t: t.replace('state = "translated"', 'state = "approved"'), "approved, but no reviewer"),
        (lambda t: t.replace('state = "translated"', 'state = "done"'), "state 'done' is not one of"),
        (lambda t: t.replace('source_lang = "pl"', 'source_lang = "en"'), "source_lang is 'en'"),
        # The glossary: rm.intro.terrain speaks of Teren, whose zh-Hans form is 地形.
        (
            lambda t: t.replace("地形", "空地"),
            "rm.intro.terrain has 'Teren' but not '地形'",
        ),
    ],
    ids=["missing", "unknown", "furniture", "section", "approved", "state", "source-lang", "glossary"],
)
def test_a_broken_translation_file_is_refused(tmp_path, edit, problem):
    assert problem in _broken(tmp_path, "rada-miasta", "zh-Hans", edit)


def test_a_translation_file_named_for_another_language_is_refused(tmp_path):
    shutil.copytree(corpus.ROOT / "rada-miasta", tmp_path / "rada-miasta")
    (tmp_path / "rada-miasta" / "translations" / "zh-Hans.toml").rename(
        tmp_path / "rada-miasta" / "translations" / "zh-Hant.toml"
    )
    with pytest.raises(corpus.CorpusError, match="lang is 'zh-Hans', not 'zh-Hant'"):
        corpus.read_game("rada-miasta", root=tmp_path)


def test_polish_terms_match_their_inflected_forms():
    term = corpus.TermData("favor", "赏赐点", "favor point", forms={"pl": "punkt łaski"})
    assert corpus.glossary_misses((term,), "获得赏赐点", "zdobywa 3 punkty łaski", "pl") == []
    assert corpus.glossary_misses((term,), "获得赏赐点", "zdobywa 3 punktów łaski", "pl") == []
    assert corpus.glossary_misses((term,), "获得赏赐点", "zdobywa 3 punkty przychylności", "pl") == [term]
    assert corpus.glossary_misses((term,), "获得金币", "zdobywa złoto", "pl") == []  # term not used
