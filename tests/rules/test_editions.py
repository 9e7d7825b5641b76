"""A designer compares two editions of a game: which clauses changed, were added or removed."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rules.models import Clause, Edition
from rules.services import clause_revise, edition_publish

URL = "/g/rada-miasta/editions/"


def _revise_and_publish(key: str, new_text: str) -> Edition:
    clause = Clause.objects.get(game__slug="rada-miasta", key=key)
    current = clause.versions.order_by("-number").first()
    clause_revise(
        clause=clause, text=new_text, status="published", expected_version=current.number, now=timezone.now()
    )
    return edition_publish(game=clause.game, name="Second draft", now=timezone.now())


def test_one_edition_lists_itself_and_nothing_differs(corpus, client):
    page = client.get(URL).content.decode()
    assert page.count('<li id="e') == 1
    assert "No clause differs between these editions." in page


def test_the_last_two_editions_are_compared_by_default(corpus, client):
    clause = Clause.objects.get(game__slug="rada-miasta", key="rm.order.clockwise")
    old_text = clause.versions.get(number=1).text
    new_text = old_text.replace("zgodnie z ruchem wskazówek zegara", "przeciwnie do ruchu wskazówek zegara")
    assert new_text != old_text
    edition = _revise_and_publish("rm.order.clockwise", new_text)
    page = client.get(URL).content.decode()
    assert "Second draft" in page and f'<li id="e{edition.number}">' in page
    total = Clause.objects.filter(game__slug="rada-miasta").count()
    assert f"Changed: 1 · added: 0 · removed: 0 · unchanged: {total - 1}" in page
    assert 'data-key="rm.order.clockwise"' in page and "version 1 → 2" in page
    assert "<del>zgodnie z ruchem </del><ins>przeciwnie do ruchu </ins>" in page
    # The other way round, the same clause, the same change undone.
    back = client.get(URL, {"from": edition.number, "to": edition.number - 1}).content.decode()
    assert "version 2 → 1" in back


def test_an_edition_compared_with_itself_differs_nowhere(corpus, client):
    page = client.get(URL, {"from": 1, "to": 1}).content.decode()
    assert "Changed: 0 · added: 0 · removed: 0" in page


@pytest.mark.parametrize(
    "params,field", [({"from": "x"}, "from"), ({"to": "99"}, "to"), ({"from": "-1"}, "from")]
)
def test_a_bad_edition_number_is_a_400_naming_the_field(corpus, client, params, field):
    response = client.get(URL, params)
    assert response.status_code == 400
    page = response.content.decode()
    assert f'id="e-{field}-error"' in page and "Not an edition of this game" in page


def test_unknown_game_is_404(corpus, client):
    assert client.get("/g/nope/editions/").status_code == 404


def test_the_reader_links_to_the_editions(corpus, client):
    assert f'href="{URL}"' in client.get("/g/rada-miasta/").content.decode()


def test_constant_queries_whatever_the_number_of_changes(corpus, client):
    counts = []
    for n, key in enumerate(["rm.order.clockwise", "rm.order.totals", "rm.intro"]):
        clause = Clause.objects.get(game__slug="rada-miasta", key=key)
        _revise_and_publish(key, clause.versions.order_by("-number").first().text + f" ({n})")
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(URL, {"from": 1}).status_code == 200
        counts.append(len(ctx.captured_queries))
    # The game, the editions, the two editions' entries: 3 however many clauses changed.
    assert counts == [3, 3, 3]


def test_one_selector_lists_a_games_editions_newest_first_in_one_query(corpus):
    """rules.selectors.editions: what the editions page, the designer's game page, the referee
    form and the lab list (each in its own order), drafts included, in one query."""
    from rules import selectors
    from rules.models import Game
    from rules.services import draft_open

    game = Game.objects.get(slug="rada-miasta")
    old_text = Clause.objects.get(key="rm.order.clockwise").versions.get(number=1).text
    edition = _revise_and_publish("rm.order.clockwise", old_text + " Zawsze.")
    draft = draft_open(game=game, author="dana", now=timezone.now())
    with CaptureQueriesContext(connection) as queries:
        editions = selectors.editions(game, clause_counts=True)
        opened_from = [e.based_on.number if e.based_on else None for e in editions]
    assert len(queries) == 1
    assert [e.number for e in editions] == [draft.number, edition.number, 1]
    assert opened_from == [edition.number, None, None]
    total = Clause.objects.filter(game__slug="rada-miasta").count()
    assert all(e.clause_count == total for e in editions)
    assert [e.number for e in selectors.editions(game.id)] == [draft.number, edition.number, 1]


def test_the_pages_one_403_wrapper(corpus, make_user):
    """rules.permissions.game_for: 404 for no such game (or none for this page), then 403."""
    from django.core.exceptions import PermissionDenied
    from django.http import Http404

    from rules.permissions import can_design, game_for

    dana, bob = make_user("dana", ("designer", "rada-miasta", "")), make_user("bob")
    assert game_for("rada-miasta", may=lambda g: can_design(dana, g), refused="no").slug == "rada-miasta"
    with pytest.raises(PermissionDenied, match="designers only"):
        game_for("rada-miasta", may=lambda g: can_design(bob, g), refused="designers only")
    with pytest.raises(Http404, match="Unknown game."):
        game_for("nope", may=lambda g: True, refused="no")
    with pytest.raises(Http404, match="not here"):
        game_for("rada-miasta", may=lambda g: False, refused="no", missing="not here", here=lambda g: False)
