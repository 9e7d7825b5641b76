#!/usr/bin/env python
"""The workspace's glossary check run over every shipped translation (issue #25 item 1).

    .venv/bin/python bench/glossary_warnings.py [--label ...] [--show]

For each game and each language it is translated into (English in clauses.toml, the others
in translations/<lang>.toml), every clause's translation is checked against its original as
the translators' workspace checks it (``translators.checks.glossary_failures``, with the
glossary as the database holds it: the forms and the glossary's own patterns). The shipped
translations are reviewed (rules/corpus/FORMAT.md), so every warning here is one to inspect:
the target is 0. Writes bench/results/<date>-glossary-warnings[-label].{md,json}.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import setup_django_without_db
from bench.common import heading, machine, machine_section, table, today, write_results


def shipped_terms(game) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """The glossary as ``rules.services`` loads it: (key, forms, patterns) by language."""
    return [
        (
            t.key,
            {game.language: t.original, "en": t.en, **t.forms},
            {(lang or game.language): m for lang, m in t.matches.items()},
        )
        for t in game.terms
    ]


def warnings() -> list[dict]:
    """Every glossary warning on every shipped translation."""
    from rules import corpus
    from translators import checks

    out = []
    for slug in corpus.GAME_SLUGS:
        game = corpus.game(slug)
        terms = shipped_terms(game)
        languages = {"en": game.translations_of("en")}
        for lang in game.translations:
            languages[lang] = game.translations_of(lang)
        for lang, texts in languages.items():
            checked = 0
            for c in game.clauses:
                if c.kind == "furniture" or not texts.get(c.key):
                    continue
                checked += 1
                for failure in checks.glossary_failures(
                    c.text, texts[c.key], source_lang=game.language, target_lang=lang, terms=terms
                ):
                    out.append({"game": slug, "lang": lang, "clause": c.key, "message": failure.message})
            out.append({"game": slug, "lang": lang, "checked": checked})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="")
    parser.add_argument("--show", action="store_true", help="print every warning")
    args = parser.parse_args(argv)
    setup_django_without_db(tempfile.mkdtemp(prefix="bench-glossary-"))
    found = warnings()
    pairs = [f for f in found if "checked" in f]
    rows = []
    for p in pairs:
        n = sum(1 for f in found if "message" in f and (f["game"], f["lang"]) == (p["game"], p["lang"]))
        rows.append([p["game"], p["lang"], p["checked"], n])
    listed = [f for f in found if "message" in f]
    if args.show:
        for f in listed:
            print(f"{f['game']} {f['lang']} {f['clause']}: {f['message']}")
    text = heading("Glossary warnings on the shipped translations", "bench/glossary_warnings.py", argv)
    text += [
        f"{len(listed)} warnings in {sum(p['checked'] for p in pairs)} translated clauses.",
        "",
        table(["game", "language", "clauses checked", "glossary warnings"], rows),
        "",
    ]
    if listed:
        text += ["## Warnings", ""] + [
            f"- {f['game']} {f['lang']} `{f['clause']}`: {f['message']}" for f in listed
        ]
        text += [""]
    info = machine()
    text += machine_section(info)
    stem = f"{today()}-glossary-warnings" + (f"-{args.label}" if args.label else "")
    md, _js = write_results(
        stem, "\n".join(text), {"date": today(), "pairs": rows, "warnings": listed, "machine": info}
    )
    print("\n".join(text[:12]))
    print(md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
