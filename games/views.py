"""Referee pages: pick a game, pick a question, enter the situation, read the ruling.

Every page works without JavaScript (plain GET/POST); with htmx the ruling is
swapped in as the ``ruling`` fragment of the same template.
"""

from __future__ import annotations

import json
from dataclasses import replace
from urllib.parse import urlencode

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reselect, reswap, retarget

from config.http import stamped_response
from config.languages import is_language_code, language_name
from config.lru import LRU
from rules import selectors as rule_selectors
from rules.permissions import can_design

from . import engine, forms, ruling_request, selectors, services, situation, snapshot
from .engine import MissingParameter, using
from .snapshot import Snapshot
from .throttle import RulingPageThrottle, RulingThrottle, ceil_seconds

# The form's own fields beside the question's inputs; no input declaration may use these names
# (tests/games/test_referee_views.py checks every adjudicator).
TABLE_FIELD = "_players"
# Marks an htmx answer that is the form again with its errors (sent as 200: see _invalid).
INVALID_HEADER = "X-Form-Invalid"
FORM_FIELDS = (TABLE_FIELD, "variant", "edition", "lang", "action", "csrfmiddlewaretoken")
# The request's own fields (games.ruling_request) in the form's order: the id and the label
# of the menu that shows each one's error.
REQUEST_FIELDS = {
    "variant": ("f-variant", _("Rules variant")),
    "edition": ("f-edition", _("Edition of the rules")),
    "lang": ("f-lang", _("Translation")),
}


# (game id, catalogue stamp) → the languages the game is translated into: a catalogue write
# changes the stamp, so every process reads them again once and the cache stays coherent.
_TRANSLATIONS = LRU(64)


def _translations(game_id: int, language: str, stamp: str) -> list[str]:
    """The languages the game is translated into: the interface language first when the game
    has it, then English, then the others by code (one query per catalogue stamp)."""
    codes = _TRANSLATIONS.get((game_id, stamp))
    if codes is None:
        codes = set(rule_selectors.translation_languages_of(game_id)) - {language}
        _TRANSLATIONS.put((game_id, stamp), codes)
    first = get_language()
    return sorted(codes, key=lambda c: (c != first, c != "en", c))


def _lang(value: str | None, slug: str) -> str | None:
    """The translation shown beside the original: the one asked for (None: the original only,
    asked for as ""), else the first of the game's translations (English when it has none)."""
    if value == "":
        return None
    if value is not None and is_language_code(value):
        return value
    row = rule_selectors.game_fields(slug, "id", "language", "catalogue_stamp")
    if row is None:
        raise Http404(gettext("Unknown game."))
    codes = _translations(row[0], row[1], str(row[2]))
    return codes[0] if codes else "en"


def _lang_choices(game: Snapshot) -> list[tuple[str, str]]:
    """The translation menu: every translation the game has, then "Original only"."""
    codes = _translations(game.game_id, game.language, game.stamp)
    return [(code, language_name(code)) for code in codes] + [("", _("Original only"))]


def _edition(value: str | None) -> int | None:
    """The edition asked for on the page (None, or absent: the latest published). One that is
    not an edition number is not found, as an edition that does not exist: a shared link
    with a mangled edition must not quietly show another edition's rules."""
    try:
        return ruling_request.edition_number(value)  # the form's and the API's reading
    except ruling_request.RequestInvalid:
        raise Http404(gettext("Unknown game or edition.")) from None


def _snapshot_or_404(slug: str, *, lang: str | None = None, edition: int | None = None) -> Snapshot:
    try:
        return snapshot.load(slug, lang=lang, edition=edition)
    except snapshot.EditionNotFound:
        raise Http404(gettext("Unknown game or edition.")) from None


def _adjudicator_or_404(slug: str, name: str) -> engine.Adjudicator:
    adj = engine.get(slug, name)
    if adj is None:
        raise Http404(gettext("Unknown question."))
    return adj


def _example(adj: engine.Adjudicator) -> dict:
    return adj.examples[0] if adj.examples else adj.inputs.example()


def _form_context(adj, game: Snapshot, *, raw, players, errors=None, variant="original"):
    errors = errors or {}
    asked = {field: errors[field] for field in REQUEST_FIELDS if field in errors}
    inputs = {path: messages for path, messages in errors.items() if path not in REQUEST_FIELDS}
    with using(game.rules):
        nodes = forms.build(adj.inputs, raw, players, inputs)
    summary = forms.error_summary(nodes, inputs) + [
        forms.ErrorItem(REQUEST_FIELDS[field][0], str(REQUEST_FIELDS[field][1]), message)
        for field, messages in asked.items()
        for message in messages
    ]
    return {
        "game": game,
        "adj": adj,
        "players": players,
        "players_text": ", ".join(players),
        "nodes": nodes,
        "error_summary": summary,
        # What is wrong with the variant, edition or translation asked for, shown at its menu.
        "request_errors": asked,
        "variants": game.rules.variants,
        "variant": variant,
        "lang": game.lang,
        # A callable, like the editions: read only when the whole form is drawn.
        "lang_choices": lambda: _lang_choices(game),
        # A callable: read (one query) only when the whole form is drawn, not for an htmx ruling.
        "editions": lambda: rule_selectors.editions(game.game_id),
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
        find = request.GET.get("find", "")[:100]
        groups = selectors.question_groups(slug, lang=get_language() or "en", find=find)
        return render(
            request,
            "games/referee_questions.html",
            {
                "game": game,
                "groups": groups,
                "shown": sum(len(g.questions) for g in groups),
                "total": len(engine.for_game(slug)),
                "find": find,
                "disputes": engine.disputes_for(slug),
                "edition_param": edition,
            },
        )
    adj = _adjudicator_or_404(slug, name)
    example = _example(adj)
    example_players = forms.players_in(adj.inputs, example)
    if request.GET.get("from"):
        throttled = _ruling_page_throttled(request)
        if throttled is not None:
            return throttled
        found = selectors.ruling_stamp(request.GET["from"])
        # A ruling of another question: the form opens as if none were named.
        if found is not None and selectors.ruling_answers(found[0], game=adj.game, adjudicator=adj.name):
            return stamped_response(request, ":".join(found), lambda: _reopen(request, adj, found[0]))
    return _question(request, adj, slug, edition, example, example_players)


def _question(request, adj, slug: str, edition: int | None, example, example_players):
    """The question's form: empty, filled with its worked example, or first the players."""
    game = _snapshot_or_404(slug, lang=_lang(request.GET.get("lang"), slug), edition=edition)
    if request.GET.get("example"):
        # "Fill in the example": the worked example's situation, with its own players.
        ctx = _form_context(adj, game, raw=example, players=example_players)
        return render(request, "games/referee_form.html", {**ctx, "from_example": True})
    players: list[str] = []
    if forms.mentions_players(adj.inputs):
        if "players" not in request.GET:
            return _players_step(request, adj, game, example_players=example_players, edition=edition)
        players, errors = forms.parse_players(request.GET["players"])
        if errors:
            return _players_step(
                request,
                adj,
                game,
                example_players=example_players,
                edition=edition,
                typed=request.GET["players"],
                errors=errors,
            )
    # The form opens empty: a field the referee forgets is an error, never an example's value.
    return render(request, "games/referee_form.html", _form_context(adj, game, raw={}, players=players))


def reopen_url(ruling) -> str:
    """The referee's form reopened from a stored ruling (the language switch's way back)."""
    return f"{reverse('games:referee')}?{urlencode({'game': ruling.game, 'q': ruling.adjudicator, 'from': ruling.id})}"


def _reopen(request, adj, ruling_id: str):
    """The form as the referee left it when ``ruling_id`` (a ruling of this question) was
    given, with that ruling under it (shown as stored: it is not asked again)."""
    ruling = selectors.ruling_get(ruling_id)
    if ruling is None or ruling.game != adj.game or ruling.adjudicator != adj.name:
        raise Http404(gettext("Unknown ruling."))
    game = _snapshot_or_404(ruling.game, lang=ruling.lang, edition=ruling.edition)
    players = forms.players_in(adj.inputs, ruling.inputs)
    ctx = _form_context(adj, game, raw=ruling.inputs, players=players, variant=ruling.variant)
    ctx.update(ruling=ruling, reopened=True, lang_next=reopen_url(ruling))
    return render(request, "games/referee_form.html", ctx)


def _players_step(request, adj, game, *, example_players, edition=None, typed="", errors=(), state=None):
    """The names step: who is at the table. Opened again from the form ("change"), it carries
    the form's values (``state``) so that every value of the players still there is kept."""
    context = {
        "game": game,
        "adj": adj,
        "players_text": typed,
        "example_text": ", ".join(example_players),
        "errors": errors,
        "lang": game.lang,
        "edition_param": edition,
        "state": state,
    }
    response = render(
        request, "games/referee_players.html", context, status=_invalid(request) if errors else 200
    )
    if errors and request.htmx:
        response[INVALID_HEADER] = "1"
    if request.htmx:
        # Asked from the form (htmx posts it to #result): the names step takes the page's place.
        response = reselect(reswap(retarget(response, "main"), "outerHTML"), "main")
    return response


@require_POST
def referee_rule(request, slug: str, name: str):
    """Rule on the posted situation (or change the players, add or remove a row, and show the
    form again); an unknown variant, edition or translation is the form again with the API's
    message for it (``games.ruling_request``), never a default."""
    adj = _adjudicator_or_404(slug, name)
    post = request.POST
    action = post.get("action", "")
    asked = {
        "lang": _posted_lang(post.get("lang"), slug),
        "edition": post.get("edition"),
        "variant": post.get("variant"),
    }
    if action == "players-set":
        raw, players = _players_before(post, adj)
    else:
        raw, players = _collected(post, adj)
    try:
        if action == "players-set" or action == "players" or action.startswith(("add:", "del:")):
            variant, game = ruling_request.context(adj, **asked)
            return _form_action(request, adj, game, action, raw=raw, players=players, variant=variant)
        inputs, variant, game = ruling_request.parse(adj, **asked, inputs=raw)
    except ruling_request.RequestInvalid as exc:
        return _refused(request, adj, exc, asked=asked, raw=raw, players=players)
    except snapshot.EditionNotFound:
        raise Http404(gettext("Unknown game or edition.")) from None
    return _ruled(request, adj, game, inputs, variant=variant, raw=raw, players=players)


def _posted_lang(value: str | None, slug: str) -> str | None:
    """The translation the form asks for: "" is the original only (None), none posted the
    page's default (``_lang``); anything else as posted, for ``games.ruling_request`` to check."""
    if value is None:
        return _lang(None, slug)
    return value or None


def _collected(post, adj: engine.Adjudicator) -> tuple[dict, list[str]]:
    """The form's situation and players; a seat renamed in the form (the seating's "Player 2")
    is renamed everywhere in it."""
    players = forms.split_players(_table(post, adj))
    raw = forms.collect(adj.inputs, post, players)
    renamed = forms.renamed_seats(adj.inputs, raw, players)
    if renamed:
        raw = forms.remap_players(adj.inputs, raw, players, [renamed.get(p, p) for p in players], renamed)
        players = [renamed.get(p, p) for p in players]
    return raw, players


def _players_before(post, adj: engine.Adjudicator) -> tuple[dict, list[str]]:
    """The form's values and players as they were when the names step was opened from it
    (``_state``, carried by the names step)."""
    before = forms.split_players(_table(post, adj))
    try:
        state = json.loads(post.get("_state") or "{}")
    except ValueError:
        state = {}
    state = state if isinstance(state, dict) else {}
    raw = state.get("raw") if isinstance(state.get("raw"), dict) else {}
    if not isinstance(state.get("players"), list):
        return raw, before
    return raw, [p for p in state["players"] if isinstance(p, str)]


def _form_action(request, adj, game: Snapshot, action: str, *, raw, players, variant):
    """The form's own actions: the names step opened from the form (``players``) or answered
    (``players-set``), a row added or removed; each shows the form (or the names step) again."""
    edition = game.rules.edition if request.POST.get("edition") else None
    if action == "players":
        state = json.dumps({"raw": raw, "players": players, "variant": variant})
        return _names_from_form(request, adj, game, edition, typed=", ".join(players), state=state)
    if action == "players-set":
        typed = request.POST.get("players", "")
        names, errors = forms.parse_players(typed)
        if errors:
            state = request.POST.get("_state", "")
            return _names_from_form(request, adj, game, edition, typed=typed, state=state, errors=errors)
        raw = forms.remap_players(adj.inputs, raw, players, names, {})
        return render(
            request,
            "games/referee_form.html",
            _form_context(adj, game, raw=raw, players=names, variant=variant),
        )
    ctx = _form_context(adj, game, raw=forms.apply_row_action(raw, action), players=players, variant=variant)
    # The page opens again where the referee was: at the list's buttons.
    ctx["focus_action"] = action
    return _form_response(request, ctx)


def _names_from_form(request, adj, game: Snapshot, edition: int | None, *, typed: str, state: str, errors=()):
    """The names step opened from the form, carrying its values (``state``)."""
    return _players_step(
        request, adj, game, example_players=[], edition=edition, typed=typed, errors=errors, state=state
    )


def _refused(request, adj, exc: ruling_request.RequestInvalid, *, asked: dict, raw, players):
    """The form again with what is wrong with the request, under the snapshot it was read
    against — or, when its translation or edition is what is wrong, the latest edition with
    the page's translation, only to show the form (nothing is ruled under it)."""
    game = exc.snapshot
    if game is None:
        lang = _lang(None, adj.game) if "lang" in exc.errors else asked["lang"]
        game = _snapshot_or_404(adj.game, lang=lang)
    variant = asked["variant"] if isinstance(asked["variant"], str) else "original"
    ctx = _form_context(adj, game, raw=raw, players=players, errors=exc.errors, variant=variant)
    return _form_response(request, ctx, status=_invalid(request))


def _ruled(request, adj, game: Snapshot, inputs, *, variant: str, raw, players):
    """The ruling, given and stored unless the client has asked for too many (429, the form
    again with Retry-After): with htmx only the ruling, else the form with the ruling under it."""
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
        context = {"game": game, "adj": adj, "ruling": ruling, "focus": True, "lang_next": reopen_url(ruling)}
        return render(request, "games/referee_form.html#ruling", context)
    ctx = _form_context(adj, game, raw=raw, players=players, variant=variant)
    ctx.update(ruling=ruling, focus=True, lang_next=reopen_url(ruling))
    return render(request, "games/referee_form.html", ctx)


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
    if ctx.get("error_summary"):
        response[INVALID_HEADER] = "1"
    return reswap(retarget(response, "#referee-form"), "outerHTML")


def _invalid(request) -> int:
    """The status of a form sent back with its errors: 400, except to htmx, where a mistake is
    an expected answer (200 and ``INVALID_HEADER``) that the browser must not log as a failure."""
    return 200 if request.htmx else 400


def _ruling_page_throttled(request):
    """A 429 with Retry-After when the client has opened too many stored rulings' pages (the
    rulings' limit, counted apart), else None."""
    throttle = RulingPageThrottle()
    if throttle.allow_request(request, None):
        return None
    wait = ceil_seconds(throttle.wait())
    response = render(request, "429.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


@require_safe
def ruling_page(request, ruling_id: str):
    """A stored ruling exactly as it was given, saying where a cited clause has changed since:
    throttled as rulings are, and for anonymous clients kept per ruling, catalogue stamp and
    language (``config.http.stamped_response``), so a shared link costs a cache read."""
    throttled = _ruling_page_throttled(request)
    if throttled is not None:
        return throttled
    found = selectors.ruling_stamp(ruling_id)
    if found is None:
        raise Http404(gettext("Unknown ruling."))
    return stamped_response(request, ":".join(found), lambda: _ruling_page(request, found[0]))


def _ruling_page(request, ruling_id: str):
    ruling = selectors.ruling_get(ruling_id)
    if ruling is None:
        raise Http404(gettext("Unknown ruling."))
    # Only a signed-in user can be a designer: no query for anyone else.
    designer = request.user.is_authenticated and can_design(request.user, ruling.game_id)
    ruling = _said_again(ruling)
    context = {"ruling": ruling, "stored": True, "designer": designer, "lines": _situation(ruling)}
    return render(request, "games/ruling.html", context)


def _said_again(ruling):
    """The stored ruling in the reader's interface language, so the page reads in one language:
    its adjudicator is run again on the stored situation under the edition it was given under,
    and its sentences are taken only where the outcome and every cited clause come out the same
    (they are pure functions, so they do unless the code changed since); otherwise, and for a
    question since removed, the stored words stand. Nothing stored is changed."""
    adj = engine.get(ruling.game, ruling.adjudicator)
    if adj is None:
        return ruling
    try:
        rules = snapshot.rules_for(ruling.game, ruling.edition)
        inputs = adj.validate(ruling.inputs, rules=rules)
        result = adj(inputs, rules=rules, variant=ruling.variant)
    except (snapshot.EditionNotFound, engine.Invalid, MissingParameter):
        return ruling
    said = _sentences(ruling, result)
    if said is None:
        return ruling
    steps, gaps = said
    alternatives = []
    for alt in ruling.alternatives:
        try:
            other = adj(inputs, rules=rules, variant=alt.variant)
        except MissingParameter:
            return ruling
        alt_said = _sentences(alt, other)
        if alt_said is None:
            return ruling
        alternatives.append(
            replace(
                alt, summary=adj.describe(other.outcome, rules=rules), steps=alt_said[0], gaps=alt_said[1]
            )
        )
    return replace(
        ruling,
        title=str(adj.title),
        summary=adj.describe(result.outcome, rules=rules),
        steps=steps,
        gaps=gaps,
        alternatives=alternatives,
    )


def _sentences(doc, result):
    """The steps and gaps of ``doc`` with the explanations of ``result``, or None where
    ``result`` does not decide the same thing through the same clauses."""
    stored = json.loads(json.dumps(result.outcome, cls=DjangoJSONEncoder))  # as the database keeps it
    if stored != doc.outcome or [s.clause for s in result.steps] != [s.clause for s in doc.steps]:
        return None
    if [g.clause for g in result.gaps] != [g.clause for g in doc.gaps]:
        return None
    steps = [replace(d, explanation=s.explanation) for d, s in zip(doc.steps, result.steps, strict=True)]
    gaps = [
        replace(d, question=g.question, assumed=g.assumed, readings=services.readings(g))
        for d, g in zip(doc.gaps, result.gaps, strict=True)
    ]
    return steps, gaps


def _situation(ruling) -> list[situation.Line]:
    """The stored situation in words, said with the labels and figures of the edition it was
    ruled under (the disputes page's ``games.situation``); none for a question since removed."""
    adj = engine.get(ruling.game, ruling.adjudicator)
    if adj is None:
        return []
    try:
        rules = snapshot.rules_for(ruling.game, ruling.edition)
    except snapshot.EditionNotFound:
        rules = None
    return situation.describe(adj.inputs, ruling.inputs, rules=rules)


@require_safe
def disputes(request, slug: str):
    """The known disputed points of a game, each run live under every variant."""
    # In the interface language LocaleMiddleware activated for this request.
    found = selectors.disputes_run(slug, lang="en")
    if found is None:
        raise Http404(gettext("Game not loaded."))
    return render(request, "games/disputes.html", found)


@require_safe
def clause_rulings(request, slug: str, key: str):
    """The stored rulings that cite a clause: which were given under an older wording, and
    which would go the other way under another variant (what adopting it would overturn)."""
    found = selectors.rulings_citing(slug, key)
    if found is None:
        raise Http404(gettext("Unknown clause."))
    return render(request, "games/clause_rulings.html", {"found": found})


@require_safe
def pins(request, slug: str):
    """The clauses whose current wording is not the one the code was written for."""
    try:
        states = selectors.pin_states(slug)
    except snapshot.EditionNotFound:
        raise Http404(gettext("Unknown game.")) from None
    game = rule_selectors.game_get(slug)
    stale = [p for p in states if p.out_of_date and p.note is None]
    reworded = [p for p in states if p.out_of_date and p.note is not None]
    return render(
        request,
        "games/pins.html",
        {"game": game, "stale": stale, "reworded": reworded, "total": len(states)},
    )


@require_safe
def coverage(request, slug: str):
    """Every rule clause of the edition by section: implemented, declared not executable, or neither."""
    edition = _edition(request.GET.get("edition"))
    try:
        found = selectors.coverage_of(slug, edition=edition)
    except snapshot.EditionNotFound:
        raise Http404(gettext("Unknown game.")) from None
    context = {
        "game": rule_selectors.game_get(slug),
        "coverage": found,
        "sections": found.by_section(),
        "total": found.total(),
        "edition": edition,
    }
    return render(request, "games/coverage.html", context)
