"""What the loadcorpus and dumpcorpus tests share: a copy of a game's corpus folder to work on, a
command's output, and the row counts that say whether a command wrote to the database."""

from __future__ import annotations

import io
import re
import shutil

from django.core.management import call_command

from rules import corpus as corpus_files
from rules.models import Clause, ClauseVersion, Edition, Translation, TranslationRevision


def counts() -> tuple[int, ...]:
    """How many clauses, versions, translations, translation revisions and editions there are."""
    return (
        Clause.objects.count(),
        ClauseVersion.objects.count(),
        Translation.objects.count(),
        TranslationRevision.objects.count(),
        Edition.objects.count(),
    )


def output(command: str, *args, **options) -> str:
    """What ``command`` writes to stdout."""
    out = io.StringIO()
    call_command(command, *args, stdout=out, **options)
    return out.getvalue()


def copy_game(tmp_path, slug: str, *, as_slug: str | None = None, prefix: str | None = None):
    """A copy of one game's corpus folder; with ``as_slug``/``prefix``, a new game whose clause
    keys do not clash with the shipped ones (so it loads into a fresh part of the database)."""
    folder = tmp_path / (as_slug or slug)
    shutil.copytree(corpus_files.ROOT / slug, folder)
    if as_slug:
        old = {"rada-miasta": "rm"}[slug]
        for f in folder.rglob("*.toml"):
            text = re.sub(rf"(?<![\w.]){old}\.", f"{prefix}.", f.read_text(encoding="utf-8"))
            f.write_text(text.replace(f'slug = "{slug}"', f'slug = "{as_slug}"'), encoding="utf-8")
    return folder


def merge_into_previous(folder, key: str) -> None:
    """A corpus maintainer merges clause ``key`` into the clause before it (source.txt holds)."""
    data = corpus_files.read_game(folder.name, root=folder.parent)
    n = next(i for i, c in enumerate(data.clauses) if c.key == key)
    previous, gone = data.clauses[n - 1], data.clauses[n]
    f = folder / "clauses.toml"
    text = f.read_text(encoding="utf-8")
    assert text.count(previous.text) == 1
    text = text.replace(previous.text, previous.text + " " + gone.text)
    block = re.compile(rf'\[\[clauses\]\]\nkey = "{re.escape(key)}"\n.*?(?=\n\[\[clauses\]\]|\n# -|\Z)', re.S)
    text, removed = block.subn("", text)
    assert removed == 1
    f.write_text(text, encoding="utf-8")
    # The shipped translations merge likewise: one line per clause, `"key" = "text"`.
    for t in (folder / "translations").glob("*.toml"):
        lines = t.read_text(encoding="utf-8").splitlines(keepends=True)
        at = {line.split(" = ", 1)[0].strip('"'): n for n, line in enumerate(lines) if line.startswith('"')}
        lines[at[previous.key]] = lines[at[previous.key]].rstrip()[:-1] + lines[at[key]].split(' = "', 1)[1]
        del lines[at[key]]
        t.write_text("".join(lines), encoding="utf-8")
