"""The referee as an installable app: the service worker script, the manifest, the offline page."""

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine, forms, pwa
from rules.models import Game
from rules.services import catalogue_touch
from tests.conftest import real_queries
from tests.markup import page_html

pytestmark = pytest.mark.django_db


def _config(response) -> dict:
    body = response.content.decode()
    first, _newline, _rest = body.partition("\n")
    match = re.fullmatch(r"self\.OFFLINE = (\{.*\});", first)
    assert match, first[:200]
    return json.loads(match.group(1))


def test_the_service_worker_is_javascript_at_the_root_always_revalidated(corpus, client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    config = _config(response)
    assert response["ETag"] == f'"{config["version"]}"'
    # The worker itself follows its configuration, byte for byte the static file.
    source = open(finders.find("js/sw.js"), encoding="utf-8").read()
    assert response.content.decode().endswith("\n" + source)


def test_the_service_worker_keeps_every_question_of_every_game(corpus, client):
    config = _config(client.get("/sw.js"))
    assert config["games"] == [g.slug for g in corpus]
    assert config["referee"] == "/referee/"
    assert config["offline"] == "/referee/offline/"
    assert config["rulings"] == "/rulings/"
    assert config["rulings_kept"] == 20
    assert config["counts"] == [2, 3, 4, 5, 6]
    asked = {(q["game"], q["q"]): q["players"] for q in config["questions"]}
    assert len(asked) == len(engine.all_adjudicators()) >= 39
    for adj in engine.all_adjudicators():
        players = asked[(adj.game, adj.name)]
        if forms.mentions_players(adj.inputs):
            # The names the players step offers first (its form is kept with them).
            assert players and players == forms.players_in(adj.inputs, pwa._example(adj))
        else:
            assert players is None
    assert asked[("rada-miasta", "council-vote")] == ["Ala", "Bartek", "Celina"]


def test_the_cache_version_changes_with_a_catalogue_stamp_and_only_then(corpus, client):
    first = client.get("/sw.js")
    assert client.get("/sw.js")["ETag"] == first["ETag"]
    catalogue_touch(game_id=Game.objects.get(slug="dolores").id)
    second = client.get("/sw.js")
    assert second["ETag"] != first["ETag"]
    assert _config(second)["version"] != _config(first)["version"]
    catalogue_touch(game_id=Game.objects.get(slug="praetor").id, rules=True)
    assert client.get("/sw.js")["ETag"] not in (first["ETag"], second["ETag"])


def test_the_cache_version_changes_with_a_static_file(corpus, client, settings, tmp_path):
    before = client.get("/sw.js")["ETag"]
    extra = tmp_path / "static"
    extra.mkdir()
    (extra / "new.css").write_text("p{}")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, extra]
    finders.get_finder.cache_clear()
    try:
        assert client.get("/sw.js")["ETag"] != before
    finally:
        settings.STATICFILES_DIRS = settings.STATICFILES_DIRS[:-1]
        finders.get_finder.cache_clear()


@pytest.mark.parametrize("debug", [True, False])
def test_the_cache_version_changes_with_the_code(corpus, client, settings, monkeypatch, debug):
    """The kept forms are drawn from code too (games.forms, the input declarations, their
    labels): a deployment that changes any of it changes the version, as it changes the ETags."""
    settings.DEBUG = debug
    monkeypatch.setattr(
        pwa.staticfiles_storage, "hashed_files", {"css/app.css": "css/app.1.css"}, raising=False
    )
    pwa._deployed_fingerprint.cache_clear()
    before = client.get("/sw.js")["ETag"]
    monkeypatch.setattr(pwa, "code_digest", lambda: "another deployment")
    pwa._deployed_fingerprint.cache_clear()
    try:
        assert client.get("/sw.js")["ETag"] != before
    finally:
        pwa._deployed_fingerprint.cache_clear()


def test_an_unchanged_service_worker_is_a_304_for_one_query(corpus, client):
    etag = client.get("/sw.js")["ETag"]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get("/sw.js", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""
    assert len(real_queries(ctx)) == 1


def test_the_service_worker_refuses_a_post(client):
    assert client.post("/sw.js").status_code == 405


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_the_referee_installable(client, settings):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Rules referee"
    assert data["short_name"] == "Referee"
    assert data["start_url"] == "/referee/"
    assert data["display"] == "standalone"
    # Rulings (/rulings/<id>/) open inside the app too.
    assert data["scope"] == "/"
    assert data["theme_color"] == "#0b5cad"
    assert "--accent:#0b5cad" in open(finders.find("css/app.css"), encoding="utf-8").read()
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert sizes == {"192x192", "512x512"}
    for icon in data["icons"]:
        # The live server serves them (tests/e2e/test_offline.py); here: they are the static
        # files of the sizes announced.
        assert icon["type"] == "image/png"
        path = finders.find(icon["src"].removeprefix(settings.STATIC_URL))
        assert path, icon["src"]
        width, height = _png_size(open(path, "rb").read())
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_and_the_worker_script(corpus, client):
    html = client.get("/referee/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert re.search(r'<script src="/static/js/offline\.js" data-sw="/sw\.js" defer></script>', html)
    policy = client.get("/referee/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


def test_the_referee_form_has_the_offline_note_hidden_until_needed(corpus, client):
    html = page_html(client.get("/referee/?game=rada-miasta&q=council-vote&players=Ala,Bartek,Celina"))
    note = re.search(r'<div id="offline-note"[^>]*>.*?</div>', html, re.S)
    assert note
    assert " hidden" in note.group(0).split(">")[0]
    assert "You are offline: the ruling will be asked when the network is back." in note.group(0)
    assert re.search(r'<button type="button" data-offline-retry>Retry</button>', note.group(0))


def test_the_offline_page_says_what_is_kept(client):
    response = client.get("/referee/offline/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "You are offline" in html
    assert "the last 20 rulings you opened" in html


@pytest.mark.parametrize(
    "adj",
    [a for a in engine.all_adjudicators() if forms.mentions_players(a.inputs)],
    ids=lambda a: f"{a.game}/{a.name}",
)
def test_placeholder_names_come_out_of_the_form_unchanged(corpus, client, adj):
    """The worker puts typed names in a form drawn for placeholders: each placeholder must
    reach the page exactly as written (not capitalised, not cut), in a field and a label."""
    tokens = [pwa.PLAYER_TOKEN.format(n=n) for n in (1, 2, 3)]
    html = client.get(f"/referee/?game={adj.game}&q={adj.name}&players={','.join(tokens)}").content.decode()
    for token in tokens:
        assert token in html
    assert re.findall(r"zq\d+playerqz", html, re.I) == re.findall(r"zq\d+playerqz", html)
