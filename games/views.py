"""Referee pages: pick a game, pick a question, enter the situation, read the ruling.

Every page works without JavaScript (plain GET/POST); with htmx the ruling is
swapped in as the ``ruling`` fragment of the same template.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from rules import selectors as rule_selectors
from rules.permissions import can_design

from . import engine, forms, selectors, services, snapshot
from .api import RulingThrottle
from .engine import using
from .snapshot import Snapshot
from .throttle import ceil_seconds

# The form's own fields beside the question's inputs; no input declaration may use these names
# (tests/games/test_referee_views.py checks every adjudicator).
TABLE_FIELD = "_players"
FORM_FIELDS = (TABLE_FIELD, "variant", "edition", "lang", "action", "csrfmiddlewaretoken")

LANG_CHOICES = [("en", _("English")), ("", _("Original only"))]


def _lang(value: str | None, game: Snapshot | None = None, *, original: str | None = None) -> str:
    """The translation language: 'en' by default, the original's code for 'original only'."""
    if value == "":
        return original or (game.language if game else "en")
    return value if value in ("en", "pl", "el", "zh-Hans") else "en"


def _edition(value: str | None) -> int | None:
    """The edition asked for on the page (None: the latest published)."""
    return int(value) if value and value.isdigit() and len(value) <= 9 else None


def _snapshot_or_404(slug: str, *, lang: str | None = None, edition: int | None = None) -> Snapshot:
    try:
        return snapshot.load(slug, lang=lang, edition=edition)
    except snapshot.EditionNotFound:
        raise Http404("Unknown game or edition.") from None


def _adjudicator_or_404(slug: str, name: str) -> engine.Adjudicator:
    adj = engine.get(slug, name)
    if adj is None:
        raise Http404("Unknown question.")
    return adj


def _example(adj: engine.Adjudicator) -> dict:
    return adj.examples[0] if adj.examples else adj.inputs.example()


def _form_context(adj, game: Snapshot, *, raw, players, errors=None, variant="original"):
    with using(game.rules):
        nodes = forms.build(adj.inputs, raw, players, errors)
    return {
        "game": game,
        "adj": adj,
        "players": players,
        "players_text": ", ".join(players),
        "nodes": nodes,
        "error_summary": forms.error_summary(nodes, errors or {}),
        "variants": game.rules.variants,
        "variant": variant,
        "lang": game.lang,
        "lang_choices": LANG_CHOICES,
        # A callable: read (one query) only when the whole form is drawn, not for an htmx ruling.
        "editions": lambda: rule_selectors.editions_of(game.game_id),
    }


@require_safe
def referee(request):
    """Choose a game, then a question, then (if needed) the players at the table."""
    slug = request.GET.get("game")
    if not slug:
        return render(request, "games/referee_games.html", {"games": rule_selectors.games()})
    edition = _edition(request.GET.get("edition"))
    name = request.GET.get("q")
    if not name:
        game = _snapshot_or_404(slug, edition=edition)
        return render(
            request,
            "games/referee_questions.html",
            {
                "game": game,
                "adjudicators": engine.for_game(slug),
                "disputes": engine.disputes_for(slug),
                "edition_param": edition,
            },
        )
    adj = _adjudicator_or_404(slug, name)
    example = _example(adj)
    example_players = forms.players_in(adj.inputs, example)
    lang = request.GET.get("lang")
    game = _snapshot_or_404(slug, lang=_lang(lang) if lang != "" else None, edition=edition)
    if forms.mentions_players(adj.inputs) and "players" not in request.GET:
        return render(
            request,
            "games/referee_players.html",
            {
                "game": game,
                "adj": adj,
                "players_text": ", ".join(example_players),
                "lang": game.lang,
                "edition_param": edition,
            },
        )
    players = forms.split_players(request.GET.get("players", ""))
    raw = example if players == example_players else {}
    return render(request, "games/referee_form.html", _form_context(adj, game, raw=raw, players=players))


@require_POST
def referee_rule(request, slug: str, name: str):
    """Rule on the posted situation (or add/remove a row and show the form again)."""
    adj = _adjudicator_or_404(slug, name)
    lang = request.POST.get("lang")
    game = _snapshot_or_404(
        slug, lang=_lang(lang) if lang != "" else None, edition=_edition(request.POST.get("edition"))
    )
    players = forms.split_players(_table(request.POST, adj))
    variant = request.POST.get("variant", "original")
    if variant not in game.rules.variant_slugs:
        variant = "original"
    raw = forms.collect(adj.inputs, request.POST, players)
    action = request.POST.get("action", "")
    template = "games/referee_form.html"
    if action.startswith(("add:", "del:")):
        raw = forms.apply_row_action(raw, action)
        ctx = _form_context(adj, game, raw=raw, players=players, variant=variant)
        # The page opens again where the referee was: at the list's buttons.
        ctx["focus_action"] = action
        return _form_response(request, ctx)
    try:
        inputs = adj.validate(raw, "inputs", rules=game.rules)
    except engine.Invalid as exc:
        ctx = _form_context(adj, game, raw=raw, players=players, errors=exc.errors, variant=variant)
        return _form_response(request, ctx, status=400)
    throttle = RulingThrottle()
    if not throttle.allow_request(request, None):
        # Every ruling is stored: the form is limited like the API, per client.
        wait = ceil_seconds(throttle.wait())
        ctx = _form_context(adj, game, raw=raw, players=players, variant=variant)
        ctx["throttled"] = wait
        response = _form_response(request, ctx, status=429)
        response["Retry-After"] = str(wait)
        return response
    ruling = services.ruling_create(
        adj=adj, inputs=inputs, variant=variant, snapshot=game, now=timezone.now(), explain_in=get_language()
    )
    if request.htmx:
        # Only the ruling is swapped in; the form on the page stays as the referee left it.
        return render(
            request, template + "#ruling", {"game": game, "adj": adj, "ruling": ruling, "focus": True}
        )
    ctx = _form_context(adj, game, raw=raw, players=players, variant=variant)
    ctx.update(ruling=ruling, focus=True)
    return render(request, template, ctx)


def _table(post, adj: engine.Adjudicator) -> str:
    """The players at the table as typed once (``_players``: an input of the question may
    itself be called ``players``). A form from before that name still posts ``players``."""
    if TABLE_FIELD in post:
        return post[TABLE_FIELD]
    return "" if "players" in adj.inputs.fields else post.get("players", "")


def _form_response(request, ctx, status: int = 200):
    """The form again: the whole page, or with htmx only the form, swapped in place."""
    if not request.htmx:
        return render(request, "games/referee_form.html", ctx, status=status)
    response = render(request, "games/referee_form.html#form", ctx, status=status)
    return reswap(retarget(response, "#referee-form"), "outerHTML")


@require_safe
def ruling_page(request, ruling_id: str):
    """A stored ruling exactly as it was given, saying where a cited clause has changed since."""
    ruling = selectors.ruling_get(ruling_id)
    if ruling is None:
        raise Http404("Unknown ruling.")
    # Only a signed-in user can be a designer: no query for anyone else.
    designer = request.user.is_authenticated and can_design(request.user, ruling.game_id)
    return render(request, "games/ruling.html", {"ruling": ruling, "stored": True, "designer": designer})


@require_safe
def disputes(request, slug: str):
    """The known disputed points of a game, each run live under every variant."""
    # In the interface language LocaleMiddleware activated for this request.
    found = selectors.disputes_run(slug, lang="en")
    if found is None:
        raise Http404("Game not loaded.")
    return render(request, "games/disputes.html", found)


@require_safe
def clause_rulings(request, slug: str, key: str):
    """The stored rulings that cite a clause: which were given under an older wording, and
    which would go the other way under another variant (what adopting it would overturn)."""
    found = selectors.rulings_citing(slug, key)
    if found is None:
        raise Http404("Unknown clause.")
    return render(request, "games/clause_rulings.html", {"found": found})


@require_safe
def pins(request, slug: str):
    """The clauses whose current wording is not the one the code was written for."""
    try:
        states = selectors.pin_states(slug)
    except snapshot.EditionNotFound:
        raise Http404("Unknown game.") from None
    game = rule_selectors.game_get(slug)
    stale = [p for p in states if p.out_of_date]
    return render(request, "games/pins.html", {"game": game, "stale": stale, "total": len(states)})
