"""loadcorpus fast-forwards the database to the shipped corpus and never over the site's history:
a clause or translation revised in the site since the corpus last wrote it is left alone and
reported as diverged. One line per game, and a total line."""

import shlex
import shutil
import subprocess

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.utils import timezone

from games import snapshot
from rules import corpus as corpus_files
from rules import selectors
from rules.loading import CORPUS_AUTHOR, GameLoad, LoadReport, corpus_load
from rules.models import (
    Clause,
    ClauseVersion,
    Edition,
    EditionEntry,
    Translation,
)
from rules.services import clause_revise, edition_publish

from .corpus_commands import copy_game, counts, merge_into_previous, output

DECAY = "rm.vote.decay"
DECAY_TEXT = (
    "Po zakończonym głosowaniu usuwa się z każdej grupy społecznej po 1 punkcie poparcia "
    "każdemu graczowi (o ile go posiadał)"
)
DECAY_EDITED = DECAY_TEXT.replace("po 1 punkcie", "po 2 punkty")


def _load(*args, **options) -> list[str]:
    return output("loadcorpus", *args, **options).splitlines()


def _current(slug: str) -> Edition:
    return Edition.objects.get(game__slug=slug, is_current=True)


def _in_force(key: str) -> ClauseVersion:
    return EditionEntry.objects.get(edition__is_current=True, clause__key=key).version


def _quiet(slug: str) -> str:
    """The line of a game the load left alone."""
    return (
        f"{slug}: 0 new clauses, 0 fast-forwarded, 0 diverged; translations: 0 new, 0 updated, "
        f"0 diverged; edition {_current(slug).number} unchanged"
    )


def _revise_in_site(key: str, text: str, *, author: str = "designer") -> ClauseVersion:
    """A designer's edit in the site, published as the new current edition."""
    clause = Clause.objects.get(key=key)
    newest = clause.versions.order_by("-number").first()
    version = clause_revise(
        clause=clause,
        text=text,
        status=newest.status,
        note=newest.note,
        author=author,
        expected_version=newest.number,
        now=timezone.now(),
    )
    edition_publish(game=clause.game, name=None, now=timezone.now())
    return version


def _translate_in_site(save_translation, key: str, lang: str, suffix: str) -> Translation:
    """A translator revises the translation of ``key`` into ``lang`` in the site."""
    edited = Translation.objects.get(clause__key=key, lang=lang)
    return save_translation(edited, edited.text + suffix, state=edited.state)


def _edit_text_in_corpus(folder, key: str, edited: str) -> None:
    """A corpus maintainer's edit of one clause's wording (source.txt follows, as before
    ``source`` existed: the clauses joined again)."""
    data = corpus_files.read_game(folder.name, root=folder.parent)
    target = next(c for c in data.clauses if c.key == key)
    clauses_file = folder / "clauses.toml"
    text = clauses_file.read_text(encoding="utf-8")
    assert text.count(target.text) == 1
    clauses_file.write_text(text.replace(target.text, edited), encoding="utf-8")
    (folder / "source.txt").write_text(
        "\n".join(edited if c.key == key else c.text for c in data.clauses), encoding="utf-8"
    )


def test_loading_twice_changes_nothing(corpus):
    before = counts()
    call_command("loadcorpus", verbosity=0)
    assert counts() == before
    assert before[0] > 300


@pytest.mark.parametrize("slug", corpus_files.GAME_SLUGS)
def test_editing_one_clause_adds_exactly_one_version(corpus, tmp_path, slug):
    shutil.copytree(corpus_files.ROOT / slug, tmp_path / slug)
    data = corpus_files.read_game(slug, root=tmp_path)
    clauses_file = tmp_path / slug / "clauses.toml"
    text = clauses_file.read_text(encoding="utf-8")
    # A corpus maintainer's edit of one clause: its wording changes in clauses.toml, and the
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
    assert report.diverged == [] and report.new_editions == 1
    assert ClauseVersion.objects.count() == versions_before + 1
    history = list(ClauseVersion.objects.filter(clause__key=target.key).order_by("number"))
    assert [v.number for v in history] == [1, 2]
    assert history[0].text == target.text and history[1].text == edited
    assert history[1].author == CORPUS_AUTHOR and _in_force(target.key) == history[1]
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


def test_a_fresh_load_and_a_second_load_print_one_line_per_game(corpus, tmp_path):
    copy_game(tmp_path, "rada-miasta", as_slug="rada-miasta-copy", prefix="rmc")
    data = corpus_files.read_game("rada-miasta-copy", root=tmp_path)
    clauses, english = len(data.clauses), sum(1 for c in data.clauses if c.en)
    assert (clauses, english) == (54, 53)  # the numbers below, should the corpus grow

    assert len(data.translations["zh-Hans"].clauses) == 53
    assert _load("rada-miasta-copy", root=tmp_path) == [
        "rada-miasta-copy: 54 new clauses, 0 fast-forwarded, 0 diverged; "
        "translations: 106 new (en 53, zh-Hans 53), 0 updated, 0 diverged; edition 1 published",
        "1 game: 54 new clauses, 0 fast-forwarded, 0 diverged; "
        "translations: 106 new (en 53, zh-Hans 53), 0 updated, 0 diverged; 1 edition published",
    ]
    assert _load("rada-miasta-copy", root=tmp_path) == [
        "rada-miasta-copy: 0 new clauses, 0 fast-forwarded, 0 diverged; "
        "translations: 0 new, 0 updated, 0 diverged; edition 1 unchanged",
        "1 game: 0 new clauses, 0 fast-forwarded, 0 diverged; "
        "translations: 0 new, 0 updated, 0 diverged; 0 editions published",
    ]


def test_the_totals_are_the_sums_of_the_games_loads():
    one = GameLoad(
        slug="a",
        new_clauses=2,
        new_versions=3,
        fast_forwarded=["a.x"],
        diverged=["a.y"],
        new_translations=4,
        new_by_lang={"en": 3, "pl": 1},
        translations_updated=["a.x"],
        edition=2,
        edition_published=True,
    )
    two = GameLoad(
        slug="b", new_versions=1, fast_forwarded=["b.x"], new_translations=1, new_by_lang={"en": 1}
    )
    report = LoadReport([one, two])
    assert (report.games, report.new_clauses, report.new_versions, report.new_translations) == (2, 2, 4, 5)
    assert report.new_by_lang == {"en": 4, "pl": 1}
    assert (report.new_translation_revisions, report.new_editions) == (1, 1)
    assert (report.changed, report.diverged) == (["a.x", "b.x"], ["a.y"])
    assert report.anything_new and not LoadReport([GameLoad(slug="c", edition=1)]).anything_new


def test_a_site_edit_survives_two_restarts(corpus):
    assert _in_force(DECAY).text == DECAY_TEXT
    designer = _revise_in_site(DECAY, DECAY_EDITED)
    edition = _current("rada-miasta")
    versions = list(ClauseVersion.objects.filter(clause__key=DECAY).order_by("number"))
    before = counts()

    for _restart in range(2):
        assert _load() == [
            "rada-miasta: 0 new clauses, 0 fast-forwarded, 1 diverged (rm.vote.decay); "
            f"translations: 0 new, 0 updated, 0 diverged; edition {edition.number} unchanged",
            *[_quiet(slug) for slug in corpus_files.GAME_SLUGS[1:]],
            "5 games: 0 new clauses, 0 fast-forwarded, 1 diverged; "
            "translations: 0 new, 0 updated, 0 diverged; 0 editions published",
        ]
        assert _current("rada-miasta") == edition
        assert _in_force(DECAY) == designer and designer.author == "designer"
        # The rules in force are the designer's: two points decay, not one.
        assert snapshot.rules_for("rada-miasta").param("decay_points") == 2

    assert list(ClauseVersion.objects.filter(clause__key=DECAY).order_by("number")) == versions
    assert counts() == before
    report = corpus_load(now=timezone.now())
    assert report.diverged == [DECAY] and not report.anything_new


def _make_commands(target: str) -> list[str]:
    """The manage.py commands ``make <target>`` runs (dry run: nothing is executed)."""
    dry = subprocess.run(
        ["make", "-n", target], cwd=settings.BASE_DIR, capture_output=True, text=True, check=True
    ).stdout
    return [line.split(" manage.py ", 1)[1] for line in dry.splitlines() if " manage.py " in line]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("target", ["run", "serve-prod"])
def test_make_run_and_serve_prod_keep_a_site_edit_across_restarts(corpus, target):
    commands = _make_commands(target)
    assert commands[:2] == ["migrate --noinput", "loadcorpus"]
    designer = _revise_in_site(DECAY, DECAY_EDITED)
    versions = ClauseVersion.objects.count()
    for _restart in range(2):
        for command in commands:
            if command.startswith("loadcorpus"):
                call_command(*shlex.split(command), verbosity=0)
        assert _in_force(DECAY) == designer
    assert ClauseVersion.objects.count() == versions


def test_a_corpus_change_to_an_untouched_clause_still_fast_forwards(corpus, tmp_path):
    designer = _revise_in_site(DECAY, DECAY_EDITED)
    before = _current("rada-miasta")
    # A designer's working copy: loadcorpus never touches a draft edition.
    draft = Edition.objects.create(
        game=before.game,
        number=before.number + 1,
        name="Working copy",
        created_at=timezone.now(),
        status=Edition.Status.DRAFT,
        based_on=before,
    )
    EditionEntry.objects.bulk_create(
        EditionEntry(edition=draft, clause_id=e.clause_id, version_id=e.version_id, position=e.position)
        for e in before.entries.all()
    )
    draft_entries = list(draft.entries.values_list("clause_id", "version_id", "position"))

    folder = copy_game(tmp_path, "rada-miasta")
    limits = "rm.support.limits"
    shipped = _in_force(limits)
    _edit_text_in_corpus(folder, limits, shipped.text + " [edited]")

    assert _load("rada-miasta", root=tmp_path) == [
        "rada-miasta: 0 new clauses, 1 fast-forwarded, 1 diverged (rm.vote.decay); "
        f"translations: 0 new, 0 updated, 0 diverged; edition {before.number + 2} published",
        "1 game: 0 new clauses, 1 fast-forwarded, 1 diverged; "
        "translations: 0 new, 0 updated, 0 diverged; 1 edition published",
    ]
    fast_forwarded = ClauseVersion.objects.filter(clause__key=limits).order_by("-number").first()
    assert (fast_forwarded.number, fast_forwarded.author) == (shipped.number + 1, CORPUS_AUTHOR)
    assert fast_forwarded.text == shipped.text + " [edited]"
    after = _current("rada-miasta")
    assert after.number == before.number + 2 and after.status == Edition.Status.PUBLISHED
    old = dict(before.entries.values_list("clause__key", "version_id"))
    new = dict(after.entries.values_list("clause__key", "version_id"))
    assert new == {**old, limits: fast_forwarded.id} and new[DECAY] == designer.id
    assert list(after.entries.order_by("position").values_list("clause__key", flat=True)) == list(
        before.entries.order_by("position").values_list("clause__key", flat=True)
    )
    draft.refresh_from_db()
    assert draft.status == Edition.Status.DRAFT and not draft.is_current
    assert list(draft.entries.values_list("clause_id", "version_id", "position")) == draft_entries


def test_a_translation_edited_in_the_site_is_not_overwritten(corpus, tmp_path, save_translation):
    edited = _translate_in_site(save_translation, "rm.vote.majority", "en", " (translator)")
    # The corpus ships new English for that clause and for one the site never touched.
    folder = copy_game(tmp_path, "rada-miasta")
    data = corpus_files.read_game("rada-miasta", root=tmp_path)
    f = folder / "clauses.toml"
    text = f.read_text(encoding="utf-8")
    for key in ("rm.vote.majority", "rm.vote.unanimous"):
        en = next(c.en for c in data.clauses if c.key == key)
        text = text.replace(en, en + " (corpus)")
    f.write_text(text, encoding="utf-8")

    def line(updated: int) -> str:
        return (
            f"rada-miasta: 0 new clauses, 0 fast-forwarded, 0 diverged; translations: 0 new, {updated} updated, "
            f"1 diverged (rm.vote.majority); edition {_current('rada-miasta').number} unchanged"
        )

    assert _load("rada-miasta", root=tmp_path)[0] == line(updated=1)
    assert _load("rada-miasta", root=tmp_path)[0] == line(updated=0)
    edited.refresh_from_db()
    assert edited.text.endswith("(translator)") and edited.revision == 2
    assert edited.revisions.order_by("-revision").first().author == "translator"
    untouched = Translation.objects.get(clause__key="rm.vote.unanimous", lang="en")
    assert untouched.text.endswith("(corpus)") and untouched.revision == 2
    # Back to the shipped corpus: the corpus's own translation follows it, the translator's stays.
    assert _load("rada-miasta")[0] == line(updated=1)
    edited.refresh_from_db()
    untouched.refresh_from_db()
    assert edited.text.endswith("(translator)") and edited.revision == 2
    assert not untouched.text.endswith("(corpus)") and untouched.revision == 3


def test_a_clause_the_corpus_drops_leaves_the_edition_unless_the_site_revised_it(corpus, tmp_path):
    designer = _revise_in_site(DECAY, DECAY_EDITED)
    before = _current("rada-miasta")
    folder = copy_game(tmp_path, "rada-miasta")
    merge_into_previous(folder, "rm.vote.unanimous")
    merge_into_previous(folder, DECAY)

    assert _load("rada-miasta", root=tmp_path)[0] == (
        "rada-miasta: 0 new clauses, 2 fast-forwarded, 1 diverged (rm.vote.decay), 1 removed "
        "(rm.vote.unanimous); translations: 2 new (zh-Hans 2), 0 updated, 0 diverged; "
        f"edition {before.number + 1} published"
    )
    old = list(before.entries.order_by("position").values_list("clause__key", flat=True))
    new = list(_current("rada-miasta").entries.order_by("position").values_list("clause__key", "version"))
    assert [key for key, _ in new] == [key for key in old if key != "rm.vote.unanimous"]
    assert dict(new)[DECAY] == designer.id
    majority = _in_force("rm.vote.majority")
    unanimous = ClauseVersion.objects.get(clause__key="rm.vote.unanimous", number=1)
    assert dict(new)["rm.vote.majority"] == majority.id and majority.number == 2
    assert majority.text.endswith(" " + unanimous.text)
    assert _load("rada-miasta", root=tmp_path)[0] == (
        "rada-miasta: 0 new clauses, 0 fast-forwarded, 1 diverged (rm.vote.decay); translations: 0 new, "
        f"0 updated, 0 diverged; edition {before.number + 1} unchanged"
    )


def test_more_than_five_diverged_clauses_are_abbreviated(corpus):
    keys = [c.key for c in Clause.objects.filter(game__slug="praetor", kind="rule").order_by("position")[:7]]
    for key in keys:
        _revise_in_site(key, _in_force(key).text + " (site)")
    line = _load("praetor")[0]
    assert line == (
        f"praetor: 0 new clauses, 0 fast-forwarded, 7 diverged ({', '.join(keys[:5])} … and 2 more); "
        f"translations: 0 new, 0 updated, 0 diverged; edition {_current('praetor').number} unchanged"
    )


def test_a_site_version_with_the_shipped_text_is_not_diverged(corpus):
    clause = Clause.objects.get(key=DECAY)
    _revise_in_site(DECAY, DECAY_EDITED)
    back = _revise_in_site(DECAY, DECAY_TEXT)
    assert clause.versions.count() == 3
    assert _load("rada-miasta")[0] == _quiet("rada-miasta")
    assert _in_force(DECAY) == back and clause.versions.count() == 3


def test_a_fresh_load_of_a_clause_with_source_starts_at_the_source_wording(corpus, tmp_path):
    folder = copy_game(tmp_path, "rada-miasta", as_slug="rada-miasta-copy", prefix="rmc")
    f = folder / "clauses.toml"
    text = f.read_text(encoding="utf-8")
    line = f'text = """{DECAY_TEXT}"""\n'
    assert text.count(line) == 1
    f.write_text(
        text.replace(line, f'source = """{DECAY_TEXT}"""\ntext = """{DECAY_EDITED}"""\n'), encoding="utf-8"
    )
    data = corpus_files.read_game("rada-miasta-copy", root=tmp_path)
    clause = next(c for c in data.clauses if c.key == "rmc.vote.decay")
    assert (clause.source, clause.text) == (DECAY_TEXT, DECAY_EDITED)

    report = corpus_load(now=timezone.now(), games=[data])
    assert report.new_clauses == len(data.clauses) and report.new_versions == len(data.clauses) + 1
    history = list(ClauseVersion.objects.filter(clause__key="rmc.vote.decay").order_by("number"))
    assert [(v.number, v.text, v.author) for v in history] == [
        (1, DECAY_TEXT, CORPUS_AUTHOR),
        (2, DECAY_EDITED, CORPUS_AUTHOR),
    ]
    assert history[0].bindings == history[1].bindings == clause.params
    assert _in_force("rmc.vote.decay") == history[1]
    translations = Translation.objects.filter(clause__key="rmc.vote.decay").order_by("lang")
    assert list(translations.values_list("lang", "based_on")) == [
        ("en", history[1].id),
        ("zh-Hans", history[1].id),
    ]
    assert not corpus_load(now=timezone.now(), games=[data]).anything_new


def test_a_broken_corpus_file_is_an_error(corpus, tmp_path):
    folder = copy_game(tmp_path, "rada-miasta")
    f = folder / "clauses.toml"
    f.write_text(f.read_text(encoding="utf-8").replace(DECAY_TEXT, DECAY_EDITED), encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError, match="the clauses do not reproduce source.txt"):
        call_command("loadcorpus", "rada-miasta", root=tmp_path, verbosity=0)
    with pytest.raises(CommandError, match="no-such-game"):
        call_command("loadcorpus", "no-such-game", verbosity=0)
    assert counts() == before


@pytest.mark.parametrize(
    "slug, lang, count",
    [("rada-miasta", "zh-Hans", 53), ("praetor", "pl", 160), ("mega-civilization", "pl", 110)],
)
def test_shipped_translations_load_into_their_language_unapproved(corpus, slug, lang, count):
    data = corpus_files.game(slug)
    shipped = data.translations[lang]
    assert shipped.state == "translated"
    loaded = Translation.objects.filter(clause__game__slug=slug, lang=lang).select_related(
        "clause", "based_on"
    )
    assert loaded.count() == count == sum(1 for c in data.clauses if c.kind != "furniture")
    # "translated": a finished translation no reviewer has approved.
    assert {t.state for t in loaded} == {Translation.State.TRANSLATED}
    for t in loaded:
        assert t.text == shipped.clauses[t.clause.key]
        assert t.based_on == _in_force(t.clause.key)  # made from the version in force: not stale
    # The glossary's target forms reach the terms.
    forms = {term.key: term.forms for term in corpus.get(slug=slug).terms.all()}
    assert forms == {t.key: {data.language: t.original, "en": t.en, **t.forms} for t in data.terms}
    assert all(lang in f for f in forms.values())


def test_a_changed_shipped_translation_is_a_revision_and_a_site_edit_of_one_is_kept(
    corpus, tmp_path, save_translation
):
    folder = copy_game(tmp_path, "rada-miasta")
    shipped = corpus_files.read_game("rada-miasta", root=tmp_path).translations["zh-Hans"].clauses
    edited = _translate_in_site(save_translation, "rm.vote.majority", "zh-Hans", "(译者)")
    f = folder / "translations" / "zh-Hans.toml"
    text = f.read_text(encoding="utf-8")
    for key in ("rm.vote.majority", "rm.vote.unanimous"):
        text = text.replace(shipped[key], shipped[key] + "(语料)")
    f.write_text(text, encoding="utf-8")
    line = _load("rada-miasta", root=tmp_path)[0]
    assert line.endswith(
        "translations: 0 new, 1 updated, 1 diverged (rm.vote.majority [zh-Hans]); "
        f"edition {_current('rada-miasta').number} unchanged"
    )
    assert _load("rada-miasta", root=tmp_path)[0].endswith(
        "translations: 0 new, 0 updated, 1 diverged (rm.vote.majority [zh-Hans]); "
        f"edition {_current('rada-miasta').number} unchanged"
    )
    edited.refresh_from_db()
    assert (
        edited.text.endswith("(译者)")
        and edited.revisions.order_by("-revision").first().author == "translator"
    )
    untouched = Translation.objects.get(clause__key="rm.vote.unanimous", lang="zh-Hans")
    assert untouched.text.endswith("(语料)") and untouched.revision == 2
    assert untouched.state == Translation.State.TRANSLATED
