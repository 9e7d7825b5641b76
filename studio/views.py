"""The designer workspace: a game's drafts, the clause editor (live word diff and the
figures read from the text), the impact report, publishing.

Only a designer of the game (``rules.permissions.can_design``; a superuser too) gets in:
anyone signed in without that role, staff included, gets 403; anonymous visitors are sent
to the login page. Every page works without JavaScript; with htmx the editor previews the
diff and the parameters as the designer types.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from config.numbers import ascii_number
from config.uploads import accepts_upload
from games import selectors as game_selectors
from games import services as game_services
from games.impact import draft_report
from lab import simulate as lab_simulate
from rules import corpus, params, revision_request, services
from rules import selectors as rule_selectors
from rules.diff import word_diff
from rules.models import ClauseVersion, Edition
from rules.permissions import can_design, designed_games, game_for

from . import document, refusals, selectors, write_request
from . import services as studio_services

MAX_TEXT = 20_000


def _game_for_designer(request, slug: str):
    return game_for(
        slug,
        may=lambda game: can_design(request.user, game),
        refused=_("Only a designer of this game may edit its rules."),
    )


def _draft_for_designer(request, slug: str, number: int, *, writing: bool = False):
    """The game and its draft ``number``; 404 when there is none. When ``writing``, an edition
    published meanwhile raises ``services.DraftClosed`` (answered by ``_closed``: a 409)."""
    game = _game_for_designer(request, slug)
    draft = selectors.draft_get(game, number)
    if draft is None:
        edition = selectors.edition_get(game, number) if writing else None
        if edition is None:
            raise Http404(_("No such draft."))
        raise services.DraftClosed(edition)
    return game, draft


def _closed(request, slug: str, edition, *, text: str = ""):
    """409: the draft was published (by someone else) before this write; ``text``, the
    designer's unsaved wording, is given back to copy into a new draft."""
    game = _game_for_designer(request, slug)
    reason = _(
        "Edition %(n)s has been published meanwhile, so it takes no more changes. Open a new draft "
        "to go on revising it."
    ) % {"n": edition.number}
    return render(
        request, "studio/publish_refused.html", {"game": game, "reason": reason, "text": text}, status=409
    )


def _draft_clause_for_designer(request, slug: str, number: int, key: str, *, writing: bool = False):
    """The game, the draft and its clause ``key`` as ``selectors.draft_clause`` gives it
    (entry, published version, newest version); 404 when the draft has no such clause."""
    game, draft = _draft_for_designer(request, slug, number, writing=writing)
    found = selectors.draft_clause(draft, key)
    if found is None:
        raise Http404(_("This draft has no such clause."))
    return game, draft, *found


@login_required
@require_safe
def home(request):
    """The games the signed-in designer may edit."""
    ids = designed_games(request.user)
    games = [g for g in rule_selectors.games() if g.id in ids]
    return render(request, "studio/home.html", {"games": games})


@login_required
@require_safe
def game(request, slug: str):
    """A game's drafts and published editions."""
    game = _game_for_designer(request, slug)
    return render(
        request,
        "studio/game.html",
        {
            "game": game,
            # The published editions, then the drafts, each newest first.
            "editions": sorted(rule_selectors.editions(game), key=lambda e: e.status == Edition.Status.DRAFT),
            "has_lab": lab_simulate.model(slug) is not None,
        },
    )


@login_required
@require_POST
def draft_open(request, slug: str):
    game = _game_for_designer(request, slug)
    draft = services.draft_open(game=game, author=request.user.get_username(), now=timezone.now())
    return redirect("studio:draft", slug=slug, number=draft.number)


@login_required
@require_safe
def draft(request, slug: str, number: int):
    """The draft's clauses in document order, the revised ones marked."""
    game, draft = _draft_for_designer(request, slug, number)
    clauses = selectors.draft_clauses(draft)
    only_revised = request.GET.get("revised") == "1"
    shown = [c for c in clauses if c.revised] if only_revised else clauses
    return render(
        request,
        "studio/draft.html",
        {
            "game": game,
            "draft": draft,
            "clauses": shown,
            "revised": sum(1 for c in clauses if c.revised),
            "only_revised": only_revised,
            "standing": selectors.draft_standing(draft),
        },
    )


@login_required
@require_POST
def draft_rebase(request, slug: str, number: int):
    """Bring the draft onto the newest published edition, or resolve one of its conflicts
    (``key`` and ``keep`` = draft | published)."""
    _game, draft = _draft_for_designer(request, slug, number)
    key, keep = request.POST.get("key", ""), request.POST.get("keep", "")
    try:
        if key:
            if keep not in ("draft", "published") or key not in draft.conflicts:
                return HttpResponseBadRequest(
                    _("Choose the draft's or the published wording of a clause in conflict.")
                )
            services.draft_resolve(draft=draft, key=key, keep=keep)
        else:
            services.draft_rebase(draft=draft)
    except services.DraftOutdated as exc:
        return render(
            request,
            "studio/publish_refused.html",
            {"game": draft.game, "draft": draft, "reason": str(exc)},
            status=409,
        )
    return redirect("studio:draft", slug=slug, number=number)


def _preview(text: str, published: ClauseVersion | None, bindings: dict[str, str]) -> dict:
    """The word diff against the published wording and the figures read from ``text``."""
    readings, errors = params.read_all(bindings, corpus.normalise(text))
    before, _errors = (
        params.read_all(published.bindings, corpus.normalise(published.text)) if published else ({}, {})
    )
    rows = [
        {
            "name": name,
            "value": r.value,
            "phrase": r.phrase,
            "was": before[name].value if name in before else None,
            "changed": name in before and before[name].value != r.value,
        }
        for name, r in readings.items()
    ]
    normal = corpus.normalise(text)
    broken = []
    for name, error in errors.items():
        # The words where a figure now stands, each with the value it would read.
        proposed = params.candidates(
            name, bindings[name], normal, was=before[name].value if name in before else None
        )
        broken.append(
            {
                "name": name,
                "error": error,
                "candidates": [(c, params.read(name, c, normal).value) for c in proposed],
            }
        )
    return {
        "diff": word_diff(published.text, text) if published else None,
        "params": rows,
        "broken": broken,
    }


def _bindings_from(post, names) -> dict[str, str | None]:
    """Re-bindings posted by the editor: a new template, or removal, per parameter."""
    out: dict[str, str | None] = {}
    for name in names:
        if post.get(f"remove-{name}") == "1":
            out[name] = None
        elif (template := post.get(f"bind-{name}", "").strip()) and len(template) <= 300:
            out[name] = template
    return out


def _save_revision(
    request, ctx: dict, rev: revision_request.RevisionRequest, slug: str, number: int, key: str
):
    """Save the editor's valid revision ``rev`` (``ctx`` holds what was posted): back to the
    draft, or the editor again with why it was refused (400), or the version that beat it (409)."""
    entry = ctx["entry"]
    try:
        services.clause_revise(
            clause=entry.clause,
            author=request.user.get_username(),
            now=timezone.now(),
            draft=ctx["draft"],
            **rev.service_kwargs(),
        )
    except services.DraftClosed as exc:
        return _closed(request, slug, exc.edition, text=ctx["text"])
    except refusals.REFUSED as exc:
        refusal = refusals.answer(exc, clause=entry.clause)
        if isinstance(exc, services.Conflict):
            theirs = rule_selectors.clause_version(entry.clause, exc.current_revision)
            ctx.update(conflict=theirs, based_on=theirs.number)
        else:
            ctx["errors"] = refusal.errors
            ctx["confirm_needed"] = isinstance(exc, services.NotExecutableRevision)
        return render(request, "studio/clause.html", ctx, status=refusal.status)
    ctx["draft"].refresh_from_db(fields=["unbound"])
    if selectors.clause_unbound(ctx["draft"], key):
        # Saved, but the text no longer states a figure the code reads: back to the editor,
        # which proposes the words where a figure now stands.
        return redirect("studio:clause", slug=slug, number=number, key=key)
    return redirect(reverse("studio:draft", args=[slug, number]) + f"#{key}")


@login_required
@require_http_methods(["GET", "POST"])
def clause(request, slug: str, number: int, key: str):
    """The clause editor: write the next version of a clause in this draft."""
    try:
        found = _draft_clause_for_designer(request, slug, number, key, writing=request.method == "POST")
    except services.DraftClosed as exc:
        return _closed(request, slug, exc.edition, text=request.POST.get("text", ""))
    game, draft, entry, published, newest = found
    current = entry.version
    ctx = {"game": game, "draft": draft, "entry": entry, "published": published, "newest": newest}
    ctx["statuses"] = ClauseVersion.Status.choices
    if request.method == "GET":
        ctx.update(
            text=current.text,
            status=current.status,
            note=current.note,
            wording_only="",
            based_on=newest,
            errors={},
        )
        gone = selectors.clause_unbound(draft, key)
        ctx.update(_preview(current.text, published, {**current.bindings, **gone}))
        return render(request, "studio/clause.html", ctx)

    post = request.POST
    # The editor's fields in the API's shape: one reading of a revision (rules.revision_request).
    # A form without the note field (not this editor's) keeps the note; an emptied one clears it.
    # A figure whose words are gone is re-bound like any other (its old binding proposed).
    changes = _bindings_from(post, {**current.bindings, **selectors.clause_unbound(draft, key)})
    asked = {
        "text": post.get("text", ""),
        "status": post.get("status", ""),
        "note": post.get("note"),
        "wording_only": post.get("wording_only", ""),
        "based_on": post.get("based_on", ""),
        "confirm_not_executable": post.get("confirm_not_executable") == "on",
        "bindings": changes,
    }
    try:
        rev, errors = revision_request.revision_request(asked), {}
    except revision_request.RequestInvalid as exc:
        rev, errors = None, exc.errors
    based_on = revision_request.version_number(asked["based_on"])
    ctx.update(
        text=asked["text"],
        status=asked["status"],
        note=asked["note"],
        wording_only=asked["wording_only"],
        based_on=-1 if based_on is None else based_on,
        errors=errors,
    )
    ctx.update(_preview(asked["text"], published, params.rebind(current.bindings, changes)))
    if rev is None:
        return render(request, "studio/clause.html", ctx, status=400)
    return _save_revision(request, ctx, rev, slug, number, key)


@login_required
@require_POST
def clause_preview(request, slug: str, number: int, key: str):
    """htmx: the live word diff and figures of the text being typed."""
    _game, draft, entry, published, _newest = _draft_clause_for_designer(request, slug, number, key)
    text = request.POST.get("text", "")[:MAX_TEXT]
    bindings = params.rebind(entry.version.bindings, _bindings_from(request.POST, entry.version.bindings))
    ctx = {"published": published, "game": draft.game, **_preview(text, published, bindings)}
    return render(request, "studio/clause.html#preview", ctx)


@login_required
@require_safe
def draft_impact(request, slug: str, number: int):
    """What publishing the draft would change, with the way to publish at the end."""
    game, draft = _draft_for_designer(request, slug, number)
    report = draft_report(slug, based_on=draft.based_on.number, draft=draft.number, now=timezone.now())
    return render(
        request,
        "studio/impact.html",
        {"game": game, "draft": draft, "report": report, "standing": selectors.draft_standing(draft)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def draft_publish(request, slug: str, number: int):
    """Publish the draft once the designer has confirmed, having been told which code pins go
    out of date and which stored rulings it overturns (GET, or a POST without ``confirm``:
    that page)."""
    try:
        game, draft = _draft_for_designer(request, slug, number, writing=request.method == "POST")
        if request.method == "GET" or request.POST.get("confirm") != "1":
            report = draft_report(
                slug, based_on=draft.based_on.number, draft=draft.number, now=timezone.now()
            )
            ctx = {
                "game": game,
                "draft": draft,
                "report": report,
                "standing": selectors.draft_standing(draft),
            }
            return render(request, "studio/publish_confirm.html", ctx)
        services.draft_publish(
            draft=draft, now=timezone.now(), confirm_unbound=request.POST.getlist("confirm_unbound")
        )
    except services.DraftClosed as exc:
        return _closed(request, slug, exc.edition)
    except services.DraftOutdated as exc:
        return render(
            request,
            "studio/publish_refused.html",
            {"game": game, "draft": draft, "reason": str(exc)},
            status=409,
        )
    return redirect("studio:game", slug=slug)


@login_required
@require_POST
def ruling_reference(request, ruling_id: str):
    """Mark a stored ruling as a reference ruling of its game (its designers only)."""
    ruling = game_selectors.ruling_get(ruling_id)
    if ruling is None:
        raise Http404(_("Unknown ruling."))
    _game_for_designer(request, ruling.game)
    game_services.ruling_mark_reference(
        ruling_id=ruling.id, by=request.user.get_username(), now=timezone.now()
    )
    return redirect("games:ruling", ruling_id=ruling.id)


def _accept_from(post) -> dict:
    """The document page's accept form in the API's shape (``write_request.accept_request``):
    the ticked changes, each possibly edited, and the versions the comparison was against."""
    changes = []
    for n in post.getlist("accept"):
        if ascii_number(n, max_digits=5) is not None:
            changes.append({k: post.get(f"{k}-{n}", "") for k in ("key", "change", "text", "section")})
    try:
        based_on = json.loads(post.get("based_on", ""))
    except ValueError:
        based_on = None
    return {"changes": changes, "based_on": based_on}


@login_required
@require_http_methods(["GET", "POST"])
@accepts_upload(document.MAX_BYTES)
def draft_document(request, slug: str, number: int):
    """A whole document as the draft: paste or upload it, see each clause's change with its
    word diff, accept (or edit) the changes to save as the draft's revisions."""
    game, draft = _draft_for_designer(request, slug, number)
    ctx = {"game": game, "draft": draft, "errors": {}, "text": ""}
    if request.method == "GET":
        return render(request, "studio/document.html", ctx)
    if request.POST.get("step") == "accept":
        try:
            accept = write_request.accept_request(_accept_from(request.POST))
            studio_services.document_accept(
                draft=draft, accept=accept, author=request.user.get_username(), now=timezone.now()
            )
        except refusals.REFUSED as exc:
            refusal = refusals.answer(exc)
            ctx["errors"] = refusal.errors
            return render(request, "studio/document.html", ctx, status=refusal.status)
        return redirect(reverse("studio:draft", args=[slug, number]) + "?revised=1")
    text = request.POST.get("text", "")
    upload = request.FILES.get("file")
    if upload is not None:
        try:
            text = document.read_file(upload.name or "", upload.read(document.MAX_BYTES + 1))
        except document.Unreadable as exc:
            ctx["errors"] = {"file": [str(exc)]}
            return render(request, "studio/document.html", ctx, status=400)
    # No NUL here: a pasted one is config.middleware's 400, a file's document.read_file's.
    if not text.strip() or len(text) > document.MAX_CHARS:
        ctx["errors"] = {"text": [_("Paste the document or choose its file.")]}
        return render(request, "studio/document.html", ctx, status=400)
    try:
        changes, based_on = selectors.document_compare(game, draft, text)
    except document.TooDifferent as exc:
        ctx["errors"] = {"file" if upload is not None else "text": [str(exc)]}
        return render(request, "studio/document.html", ctx, status=400)
    was = {c.key: c.version.text for c in selectors.draft_clauses(draft)}
    for ch in changes:
        if ch["change"] == "revised":
            ch["diff"] = word_diff(was.get(ch["key"], ""), ch["text"])
    ctx.update(
        text=text,
        changes=changes,
        changed=[c for c in changes if c["change"] != "unchanged"],
        based_on=json.dumps(based_on, separators=(",", ":")),
    )
    return render(request, "studio/document.html", ctx)
