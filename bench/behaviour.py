"""Dump what the product answers, to show a refactoring changed none of it.

    python bench/behaviour.py OUT.json            # dump
    python bench/behaviour.py --diff A.json B.json [--normalise]

On a fresh SQLite database (migrated, the corpus loaded) it records, through the HTTP
client as a user gets them:

- every game's adjudicator list with each adjudicator's JSON Schema (``GET
  /api/v1/games/<slug>/adjudicators/``), and its parameters and coverage;
- every worked example's inputs ruled on under every variant, in English and Polish (``POST
  /api/v1/games/<slug>/adjudicators/<name>/``), the permalink's id left out (it is new on
  every run);
- a set of bad requests and their 400s (an unknown variant, a bad edition, a bad language);
- the disputes, coverage and pins pages' text (HTML with the per-request tokens masked).

``--diff`` prints the entries that differ and exits 1 if any does; with ``--normalise`` it
compares pages with whitespace runs collapsed (templates re-wrapped) and leaves out the
source ``line`` numbers the coverage answers give (code moved within a file). The refactoring of the
architecture issue was checked with it: a dump before and one after, 0 differ.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MASKS = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"'), 'name="csrfmiddlewaretoken" value="…"'),
    (re.compile(r'nonce="[^"]+"'), 'nonce="…"'),
    (re.compile(r"/rulings/[0-9A-Za-z_-]{6,}/"), "/rulings/…/"),
    (re.compile(r'"X-CSRFToken": "[^"]+"'), '"X-CSRFToken": "…"'),
]


def _mask(text: str) -> str:
    for pattern, repl in MASKS:
        text = pattern.sub(repl, text)
    return text


def _scrub(value):
    if isinstance(value, dict):
        return {
            k: ("…" if k in {"permalink", "ruling", "id", "created_at"} else _scrub(v))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, str):
        return _mask(value)
    return value


def dump() -> dict[str, object]:
    import django
    from django.core.management import call_command
    from django.test import Client

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("loadcorpus", verbosity=0)

    from games import engine
    from rules.models import Game

    client = Client()
    out: dict[str, object] = {}

    def get(path: str, **headers):
        r = client.get(path, **headers)
        ctype = r.get("Content-Type", "")
        body = r.json() if "json" in ctype else _mask(r.content.decode("utf-8", "replace"))
        return {"status": r.status_code, "body": _scrub(body)}

    def post(path: str, data):
        r = client.post(path, data=json.dumps(data), content_type="application/json")
        return {"status": r.status_code, "body": _scrub(r.json())}

    for game in Game.objects.order_by("position", "slug"):
        slug = game.slug
        api = f"/api/v1/games/{slug}"
        out[f"{slug} adjudicators"] = get(f"{api}/adjudicators/")
        out[f"{slug} parameters"] = get(f"{api}/parameters/")
        out[f"{slug} coverage"] = get(f"{api}/coverage/")
        variants = ["original", *game.variants.order_by("position", "slug").values_list("slug", flat=True)]
        for adj in engine.for_game(slug):
            url = f"{api}/adjudicators/{adj.name}/"
            for i, example in enumerate(adj.examples):
                for variant in dict.fromkeys(variants):
                    for lang in ("en", "pl"):
                        body = {"inputs": example, "variant": variant, "lang": lang}
                        out[f"{slug} {adj.name} example {i} {variant} {lang}"] = post(url, body)
            if adj.examples:
                first = adj.examples[0]
                out[f"{slug} {adj.name} bad variant"] = post(url, {"inputs": first, "variant": "no-such"})
                out[f"{slug} {adj.name} bad edition"] = post(url, {"inputs": first, "edition": 999})
                out[f"{slug} {adj.name} bad lang"] = post(url, {"inputs": first, "lang": "x!"})
                out[f"{slug} {adj.name} no inputs"] = post(url, {})
        for page in ("disputes", "coverage", "pins"):
            for lang in ("en", "pl"):
                out[f"{slug} page {page} {lang}"] = get(f"/g/{slug}/{page}/", HTTP_ACCEPT_LANGUAGE=lang)
    return out


def _normalised(value):
    if isinstance(value, dict):
        return {k: _normalised(v) for k, v in value.items() if k != "line"}
    if isinstance(value, list):
        return [_normalised(v) for v in value]
    if isinstance(value, str):
        return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", value))
    return value


def diff(a: Path, b: Path, *, normalise: bool = False) -> int:
    left, right = json.loads(a.read_text()), json.loads(b.read_text())
    if normalise:
        left, right = _normalised(left), _normalised(right)
    keys = sorted(set(left) | set(right))
    differ = [k for k in keys if left.get(k) != right.get(k)]
    for k in differ:
        print(f"differs: {k}")
    print(f"{len(keys)} entries, {len(differ)} differ")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--diff"] and len(argv) in (3, 4):
        return diff(Path(argv[1]), Path(argv[2]), normalise=argv[3:] == ["--normalise"])
    if len(argv) != 1:
        print(__doc__)
        return 2
    sys.path.insert(0, str(ROOT))
    tmp = tempfile.mkdtemp(prefix="behaviour-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/behaviour.sqlite3"
    os.environ.setdefault("DEBUG", "1")
    os.environ["RULING_RATE"] = "none"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    data = dump()
    Path(argv[0]).write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))
    print(f"{len(data)} entries written to {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
