"""loadcorpus is idempotent and turns a corpus edit into new versions, never rewrites."""

import shutil

import pytest
from django.core.management import call_command
from django.utils import timezone

from rules import corpus as corpus_files
from rules import selectors
from rules.models import Clause, ClauseVersion, Edition, Translation, TranslationRevision
from rules.services import corpus_load


def _counts():
    return (
        Clause.objects.count(),
        ClauseVersion.objects.count(),
        Translation.objects.count(),
        TranslationRevision.objects.count(),
        Edition.objects.count(),
    )


def test_loading_twice_changes_nothing(corpus):
    before = _counts()
    call_command("loadcorpus", verbosity=0)
    assert _counts() == before
    assert before[0] > 300


@pytest.mark.parametrize("slug", corpus_files.GAME_SLUGS)
def test_editing_one_clause_adds_exactly_one_version(corpus, tmp_path, slug):
    shutil.copytree(corpus_files.ROOT / slug, tmp_path / slug)
    data = corpus_files.read_game(slug, root=tmp_path)
    clauses_file = tmp_path / slug / "clauses.toml"
    text = clauses_file.read_text(encoding="utf-8")
    # A designer's edit of one clause: its wording changes in clauses.toml, and the
    # source document of this new edition is the clauses joined again.
    target = next(c for c in data.clauses if c.kind == "rule" and text.count(c.text) == 1)
    edited = target.text + " [edited]"
    clauses_file.write_text(text.replace(target.text, edited), encoding="utf-8")
    (tmp_path / slug / "source.txt").write_text(
        "\n".join(edited if c.key == target.key else c.text for c in data.clauses), encoding="utf-8"
    )
    changed = corpus_files.read_game(slug, root=tmp_path)

    versions_before = ClauseVersion.objects.count()
    report = corpus_load(now=timezone.now(), games=[changed])
    assert report.new_versions == 1 and report.changed == [target.key]
    assert ClauseVersion.objects.count() == versions_before + 1
    history = list(ClauseVersion.objects.filter(clause__key=target.key).order_by("number"))
    assert [v.number for v in history] == [1, 2]
    assert history[0].text == target.text and history[1].text == edited
    # The English was not touched, so it stays based on version 1 and shows as stale.
    game = corpus.get(slug=slug)
    view = next(v for v in selectors.current_clauses(game, "en") if v.clause.key == target.key)
    assert view.version.number == 2 and view.translation.based_on.number == 1 and view.stale
    # Loading the same edit again adds nothing.
    assert not corpus_load(now=timezone.now(), games=[changed]).anything_new


def test_a_new_english_text_is_a_new_revision_of_the_same_translation(corpus, tmp_path):
    slug = "rada-miasta"
    shutil.copytree(corpus_files.ROOT / slug, tmp_path / slug)
    data = corpus_files.read_game(slug, root=tmp_path)
    target = next(c for c in data.clauses if c.key == "rm.vote.majority")
    f = tmp_path / slug / "clauses.toml"
    f.write_text(f.read_text(encoding="utf-8").replace(target.en, target.en + " (revised)"), encoding="utf-8")
    report = corpus_load(now=timezone.now(), games=[corpus_files.read_game(slug, root=tmp_path)])
    assert (report.new_versions, report.new_translation_revisions) == (0, 1)
    t = Translation.objects.get(clause__key="rm.vote.majority", lang="en")
    assert t.revision == 2 and t.text.endswith("(revised)")
    assert [r.text for r in t.revisions.order_by("revision")] == [target.en, target.en + " (revised)"]
