"""The referee as an installable app that works at the table with no network.

- ``/manifest.webmanifest``: name, start URL, colours and icons, so a phone can install it;
- ``/sw.js``: the service worker (``static/js/sw.js``) with its configuration prepended as
  ``self.OFFLINE``: the cache version and what to keep for use offline (every game's
  question list and every question's form; see the worker for how pages are kept);
- ``/referee/offline/``: the page the worker shows for a page it did not keep.

The cache version is a hash of every game's catalogue and rules stamps, the static files'
fingerprint and the templates the kept pages are drawn from, and the configuration itself:
a new edition, a revised clause or a deploy gives a new version, so the browser installs
the worker again and the new forms replace the old ones.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from config.http import code_digest
from rules.models import Game

from . import engine, forms
from .views import _example

# Each form that asks who is at the table is kept for these numbers of players, with
# placeholder names the worker replaces by the names typed offline (see static/js/sw.js).
PLAYER_COUNTS = range(2, 7)
# The placeholder for the n-th player: letters and digits only, so the page escapes it as is
# and a field's id (forms.Node.id) keeps it unchanged.
PLAYER_TOKEN = "zq{n}playerqz"
# Clause pages kept for the rulings kept (each cites a few): the oldest kept first out.
CLAUSES_KEPT = 200
RULINGS_KEPT = 20
# The templates the kept pages are drawn from: a change to one is a change of the pages.
TEMPLATES = (
    "base.html",
    "games/referee_games.html",
    "games/referee_questions.html",
    "games/referee_players.html",
    "games/referee_form.html",
    "games/_node.html",
    "games/_ruling.html",
    "games/ruling.html",
    "games/offline.html",
)
THEME_COLOUR = "#0b5cad"  # --accent in static/css/app.css
BACKGROUND_COLOUR = "#ffffff"  # --bg


def _hash(*parts: object) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:20]


def _files_fingerprint(paths) -> str:
    """Name, size and modification time of each file (a development server's files change
    while it runs; a deployed one's do not)."""
    out = []
    for path in sorted(map(str, paths)):
        stat = Path(path).stat()
        out.append((path, stat.st_size, stat.st_mtime_ns))
    return _hash(out)


@functools.cache
def _deployed_fingerprint() -> str:
    """A deployed site: the static files' content hashes and the digest of its code,
    templates, catalogues and data (``config.http.code_digest``, which the pages' ETags use),
    the same on every machine serving the site, read once per process. The code counts
    because the kept forms are drawn from it too (``games.forms``, the input declarations,
    their labels and titles)."""
    hashed = getattr(staticfiles_storage, "hashed_files", None) or {}
    return _hash(sorted(hashed.items()), code_digest())


def _template_path(name: str) -> Path:
    from django.template import engines

    return Path(engines["django"].engine.find_template(name)[0].origin.name)


def _fingerprint() -> str:
    if not settings.DEBUG and getattr(staticfiles_storage, "hashed_files", None):
        return _deployed_fingerprint()
    # A development server: the files as they are now (templates and static files change
    # while it runs), with the static files of installed apps (admin) too.
    static_files = [
        storage.path(path) for finder in finders.get_finders() for path, storage in finder.list([])
    ]
    return _hash(_files_fingerprint([*static_files, *(_template_path(t) for t in TEMPLATES)]), code_digest())


def offline_config(games: list[tuple[str, str, str]]) -> dict:
    """What the worker keeps: for each game (slug, stamps) its questions, and for a question
    that asks who is at the table, its example players (the worker checks a question asks them)."""
    questions = []
    for slug, _stamp, _rules_stamp in games:
        for adj in engine.for_game(slug):
            players = (
                forms.players_in(adj.inputs, _example(adj)) if forms.mentions_players(adj.inputs) else None
            )
            questions.append({"game": slug, "q": adj.name, "players": players})
    return {
        "referee": reverse("games:referee"),
        "offline": reverse("games:offline"),
        "static": settings.STATIC_URL,
        "rulings": reverse("games:ruling", args=["0"]).removesuffix("0/"),
        "games": [slug for slug, _stamp, _rules_stamp in games],
        # Each game's reader is kept too, and the clause pages a kept ruling links to.
        "readers": [reverse("rules:reader", args=[slug]) for slug, _stamp, _rules_stamp in games],
        "clauses_kept": CLAUSES_KEPT,
        "questions": questions,
        "counts": list(PLAYER_COUNTS),
        "token": PLAYER_TOKEN,
        "rulings_kept": RULINGS_KEPT,
    }


def _state() -> tuple[str, dict]:
    """The cache version and the worker's configuration (one query)."""
    games = list(Game.objects.order_by("position").values_list("slug", "catalogue_stamp", "rules_stamp"))
    config = offline_config(games)
    version = _hash(games, config, _fingerprint())
    return version, {**config, "version": version}


def _sw_etag(request) -> str:
    # Computed once per request: the ETag check and the body share it.
    request.offline_state = _state()
    return request.offline_state[0]


@require_safe
@condition(etag_func=_sw_etag)
def service_worker(request):
    """The service worker, with its configuration and cache version prepended."""
    _version, config = request.offline_state
    source = Path(finders.find("js/sw.js")).read_text(encoding="utf-8")
    body = f"self.OFFLINE = {json.dumps(config, separators=(',', ':'))};\n{source}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The browser asks again on every visit; the ETag (the version) makes the answer a 304.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request):
    """The web app manifest: the referee installs on a phone's home screen."""
    data = {
        "id": reverse("games:referee"),
        "name": _("Rules referee"),
        "short_name": _("Referee"),
        "description": _("Settle board-game rules disputes at the table, with or without a network."),
        "start_url": reverse("games:referee"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static(f"icons/icon-{n}.png"),
                "sizes": f"{n}x{n}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for n in (192, 512)
        ],
    }
    response = JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request):
    """What the worker shows offline for a page it did not keep: that it needs the network,
    what was kept instead, and the way back (the games, and each game's kept reader)."""
    games = list(Game.objects.order_by("position").values_list("slug", "title"))
    return render(request, "games/offline.html", {"kept": RULINGS_KEPT, "games": games})
