"""dumpcorpus writes a game's current published edition back to clauses.toml, so a site edit can
be committed: texts, statuses, notes, parameters and English, with the source wording kept as
``source``. Dump then load changes nothing."""

import dataclasses
import tomllib

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from rules import corpus as corpus_files
from rules.loading import corpus_load
from rules.models import (
    Clause,
    ClauseVersion,
    Edition,
    EditionEntry,
    Translation,
)
from rules.services import (
    clause_revise,
    edition_publish,
    translation_save,
)

from .corpus_commands import copy_game, counts, merge_into_previous, output

DECAY = "rm.vote.decay"
LIMITS = "rm.support.limits"


def _dump(slug: str, root) -> str:
    return output("dumpcorpus", slug, root=root)


def _newest(key: str) -> ClauseVersion:
    return ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()


def _revised(shipped: corpus_files.ClauseData, version: ClauseVersion, source: ClauseVersion, **more):
    """What the dump writes of a clause revised in the site: the shipped entry with the text,
    status and note of the edition's ``version``, and the wording it was revised from as its
    ``source``; ``more`` as the dump writes it too (its English, its parameters)."""
    return dataclasses.replace(
        shipped, text=version.text, source=source.text, status=version.status, note=version.note, **more
    )


@pytest.mark.parametrize("slug", corpus_files.GAME_SLUGS)
def test_dumping_an_unedited_database_changes_no_byte(corpus, tmp_path, slug):
    folder = copy_game(tmp_path, slug)
    number = Edition.objects.get(game__slug=slug, is_current=True).number
    assert _dump(slug, tmp_path) == (
        f"{slug}: edition {number} → {folder / 'clauses.toml'}: 0 clauses changed\n"
    )
    for name in ("clauses.toml", "source.txt", "game.toml"):
        assert (folder / name).read_bytes() == (corpus_files.ROOT / slug / name).read_bytes()


def test_a_site_edit_is_dumped_and_loading_the_dump_changes_nothing(corpus, tmp_path):
    now = timezone.now()
    game = corpus.get(slug="rada-miasta")
    decay = Clause.objects.get(key=DECAY)
    v1 = _newest(DECAY)
    designer = clause_revise(
        clause=decay,
        text=v1.text.replace("po 1 punkcie", "po 2 punkty"),
        status="published",
        note="Two points since the second playtest.",
        author="designer",
        expected_version=v1.number,
        now=now,
    )
    translation_save(
        expected_revision=0,
        version=designer,
        lang="en",
        text='After the vote, 2 support points are removed from each group ("decay").',
        state=Translation.State.APPROVED,
        author="translator",
        now=now,
    )
    # A revision that rebinds its figure to new words (no English yet: the old one is kept).
    limits = _newest(LIMITS)
    rebound = ClauseVersion.objects.create(
        clause=limits.clause,
        number=limits.number + 1,
        text=limits.text.replace("nie może przekroczyć 10", "może wynosić najwyżej 12"),
        status="uncertain",
        note="",
        author="designer",
        created_at=now,
        bindings={"max_support": "najwyżej {num}"},
    )
    edition = edition_publish(game=game, name="Playtest 2", now=now)

    folder = copy_game(tmp_path, "rada-miasta")
    shipped = corpus_files.read_game("rada-miasta")
    assert _dump("rada-miasta", tmp_path) == (
        f"rada-miasta: edition {edition.number} → {folder / 'clauses.toml'}: "
        "2 clauses changed (rm.support.limits, rm.vote.decay)\n"
    )
    assert (folder / "source.txt").read_bytes() == (corpus_files.ROOT / "rada-miasta/source.txt").read_bytes()
    dumped = {c.key: c for c in corpus_files.read_game("rada-miasta", root=tmp_path).clauses}
    was = {c.key: c for c in shipped.clauses}
    assert dumped == {
        **was,
        DECAY: _revised(
            was[DECAY],
            designer,
            v1,
            en='After the vote, 2 support points are removed from each group ("decay").',
        ),
        LIMITS: _revised(was[LIMITS], rebound, limits, params={"max_support": "najwyżej {num}"}),
    }

    before = counts()
    report = corpus_load(now=timezone.now(), games=[corpus_files.read_game("rada-miasta", root=tmp_path)])
    assert not report.anything_new and report.diverged == [] and report.translations_diverged == []
    assert counts() == before
    assert Edition.objects.get(game=game, is_current=True) == edition
    # Dumping again finds nothing to write.
    text = (folder / "clauses.toml").read_text(encoding="utf-8")
    assert _dump("rada-miasta", tmp_path).endswith(": 0 clauses changed\n")
    assert (folder / "clauses.toml").read_text(encoding="utf-8") == text


def test_the_dump_rewrites_only_the_changed_fields_in_the_files_own_style(corpus, tmp_path):
    """Dolores writes its wording as '''-strings on their own lines; a rewritten clause keeps that."""
    key = "dl.federation-colour"
    old = _newest(key)
    clause_revise(
        clause=old.clause,
        text=old.text + ' Kolor "federacji" wybiera gracz.',
        status="uncertain",
        note="Who chooses the colour: a playtest note.",
        author="designer",
        expected_version=old.number,
        now=timezone.now(),
    )
    edition_publish(game=old.clause.game, name=None, now=timezone.now())
    folder = copy_game(tmp_path, "dolores")
    _dump("dolores", tmp_path)
    shipped = (corpus_files.ROOT / "dolores/clauses.toml").read_text(encoding="utf-8")
    block = (
        'key = "dl.federation-colour"\nsection = "components"\nkind = "rule"\n'
        "not_executable = { reason = \"components\" }\ntext = '''\n"
        "Zestawy żetonów posiadają jednolite tło w kolorze federacji.\n'''\n"
    )
    assert block in shipped
    assert (folder / "clauses.toml").read_text(encoding="utf-8") == shipped.replace(
        block,
        'key = "dl.federation-colour"\nsection = "components"\nkind = "rule"\nstatus = "uncertain"\n'
        'not_executable = { reason = "components" }\n'
        'note = "Who chooses the colour: a playtest note."\n'
        "source = '''\nZestawy żetonów posiadają jednolite tło w kolorze federacji.\n'''\n"
        "text = '''\nZestawy żetonów posiadają jednolite tło w kolorze federacji. "
        "Kolor \"federacji\" wybiera gracz.\n'''\n",
    )


def test_a_wording_that_cannot_be_a_literal_string_is_escaped():
    document = '[[clauses]]\nkey = "x.a"\nsection = "s"\ntext = \'\'\'\nA\n\'\'\'\nen = """A"""\n'
    text = "It's ''' and \\ and \"\"\" and a tab\tand\r\nend'"
    en = 'ends with a quote "'
    rewritten = corpus_files.rewrite_clauses(
        document, {"x.a": corpus_files.ClauseWording(text=text, status="published", en=en)}
    )
    clause = tomllib.loads(rewritten)["clauses"][0]
    assert (clause["text"].strip("\n"), clause["source"].strip("\n"), clause["en"]) == (text, "A", en)
    assert "status" not in clause  # the default is not written


def test_a_source_wording_is_what_must_reproduce_source_txt(tmp_path):
    folder = copy_game(tmp_path, "rada-miasta")
    f = folder / "clauses.toml"
    text = f.read_text(encoding="utf-8")
    game = corpus_files.read_game("rada-miasta", root=tmp_path)
    decay = next(c for c in game.clauses if c.key == DECAY)
    line = f'text = """{decay.text}"""\n'
    assert text.count(line) == 1
    revised = decay.text.replace("po 1 punkcie", "po 2 punkty")
    # The revised text with its source wording reads; the revised text alone does not.
    f.write_text(
        text.replace(line, f'source = """{decay.text}"""\ntext = """{revised}"""\n'), encoding="utf-8"
    )
    read = next(c for c in corpus_files.read_game("rada-miasta", root=tmp_path).clauses if c.key == DECAY)
    assert (read.source, read.text, read.source_wording) == (decay.text, revised, decay.text)
    f.write_text(text.replace(line, f'text = """{revised}"""\n'), encoding="utf-8")
    with pytest.raises(corpus_files.CorpusError, match="do not reproduce source.txt"):
        corpus_files.read_game("rada-miasta", root=tmp_path)


def test_a_game_without_a_published_edition_cannot_be_dumped(corpus, tmp_path):
    copy_game(tmp_path, "praetor")
    Edition.objects.filter(game__slug="praetor").update(is_current=False)
    with pytest.raises(CommandError, match="praetor has no published edition"):
        call_command("dumpcorpus", "praetor", root=tmp_path)
    with pytest.raises(CommandError, match="cannot read the corpus of nothing-here"):
        call_command("dumpcorpus", "nothing-here", root=tmp_path)


def test_an_edition_clause_missing_from_the_file_is_refused(corpus, tmp_path):
    folder = copy_game(tmp_path, "rada-miasta")
    current = Edition.objects.get(game__slug="rada-miasta", is_current=True)
    assert EditionEntry.objects.filter(edition=current, clause__key="rm.vote.unanimous").exists()
    f = folder / "clauses.toml"
    merge_into_previous(folder, "rm.vote.unanimous")
    before = f.read_bytes()
    with pytest.raises(CommandError, match="holds clauses that clauses.toml does not: rm.vote.unanimous"):
        call_command("dumpcorpus", "rada-miasta", root=tmp_path)
    assert f.read_bytes() == before


def test_an_english_text_that_needs_review_is_not_dumped(corpus, tmp_path):
    now = timezone.now()
    v1 = _newest(DECAY)
    revised = clause_revise(
        clause=v1.clause,
        text=v1.text.replace("po 1 punkcie", "po 2 punkty"),
        status="published",
        author="designer",
        expected_version=v1.number,
        now=now,
    )
    translation_save(
        expected_revision=0,
        version=revised,
        lang="en",
        text="Draft.",
        state=Translation.State.NEEDS_REVIEW,
        author="t",
        now=now,
    )
    edition_publish(game=v1.clause.game, name=None, now=now)
    copy_game(tmp_path, "rada-miasta")
    _dump("rada-miasta", tmp_path)
    dumped = {c.key: c for c in corpus_files.read_game("rada-miasta", root=tmp_path).clauses}
    assert dumped[DECAY].text == revised.text
    assert dumped[DECAY].en == corpus_files.game("rada-miasta").translations_of("en")[DECAY]
