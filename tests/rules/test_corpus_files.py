"""The shipped corpus files keep the corpus rules (no database needed)."""

import pytest

from rules import corpus


@pytest.mark.parametrize("slug", corpus.GAME_SLUGS)
def test_clauses_reproduce_the_source_document(slug):
    """The source wording of every clause (its ``source``, where a dumped edition revised it)."""
    game = corpus.read_game(slug)
    joined = corpus.normalise(" ".join(c.source_wording for c in game.clauses))
    assert joined == corpus.normalise(game.source)


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
