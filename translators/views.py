"""The translators' workspace pages.

Only a translator or reviewer of the language (of the game, or of every game; a superuser
too) gets in (``rules.permissions.can_work_on``): anyone else signed in gets 403, anonymous
visitors go to the login page. Every page works without JavaScript (plain form posts and
redirects); with htmx the list edits in place, and Ctrl+Enter saves and opens the next
clause (static/js/translators.js).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from config.languages import is_language_code, language_name, translation_language_problem
from config.numbers import ascii_number
from config.uploads import accepts_upload
from rules import services as rule_services
from rules.diff import word_diff
from rules.models import Game, Translation
from rules.permissions import can_review, can_work_on, game_for, is_original_language, may_save_translation

from . import align, checks, exchange, glossary, memory, selectors, services
from .forms import MAX_TEXT, TranslationForm
from .models import Suggestion

STATUS_LABELS = {
    "approved": gettext_lazy("Approved"),
    "translated": gettext_lazy("Translated"),
    "needs-review": gettext_lazy("Needs review"),
    "stale": gettext_lazy("Stale"),
    "untranslated": gettext_lazy("Untranslated"),
}


def workspace_game(request, slug: str, lang: str) -> Game:
    """The game whose ``lang`` translations the user may work on (404 / 403 otherwise): a 404
    saying why for a language no game can have (``translation_language_problem``), as a role
    for it is refused, so no one works on translations no page or file would match."""
    if not is_language_code(lang):
        raise Http404(_("Not a language code."))
    problem = translation_language_problem(lang)
    if problem:
        raise Http404(problem)
    return game_for(
        slug,
        may=lambda game: can_work_on(request.user, game, lang),
        refused=_("Only a translator or reviewer of this language may work on it."),
        missing=_("Unknown game, or the original's own language."),
        here=lambda game: not is_original_language(game, lang),
    )


@login_required
@require_safe
def home(request):
    """The games × languages the user translates, with their progress."""
    return render(
        request,
        "translators/home.html",
        {"cells": selectors.workspace(request.user), "labels": STATUS_LABELS, "language_name": language_name},
    )


class Context:
    """What the list and the editor read: the game's units, glossary and filters."""

    def __init__(self, request, game: Game, lang: str):
        self.request = request
        self.game = game
        self.lang = lang
        self.units = selectors.units(game, lang)
        self.terms = [(t.key, t.forms, t.matches) for t in selectors.terms(game)]
        self.reviewer = can_review(request.user, game, lang)
        params = request.POST if request.method == "POST" else request.GET
        self.status = params.get("status", "") if params.get("status", "") in STATUS_LABELS else ""
        self.q = params.get("q", "")[:200]
        self.failing_only = params.get("checks") == "1"
        self._failures: dict[str, list[checks.Failure]] = {}

    def failures(self, unit: selectors.Unit) -> list[checks.Failure]:
        if unit.key not in self._failures:
            self._failures[unit.key] = (
                checks.run(
                    unit.version.text,
                    unit.text,
                    source_lang=self.game.language,
                    target_lang=self.lang,
                    terms=self.terms,
                )
                if unit.text
                else []
            )
        return self._failures[unit.key]

    def shown(self) -> list[selectors.Unit]:
        return [
            u
            for u in self.units
            if selectors.matches(u, status=self.status, q=self.q)
            and (not self.failing_only or self.failures(u))
        ]

    def query(self, **extra) -> str:
        """The filters as a query string (carried to the editor and back)."""
        params = {"status": self.status, "q": self.q, "checks": "1" if self.failing_only else ""}
        params.update(extra)
        return urlencode({k: v for k, v in params.items() if v})

    def unit(self, key: str) -> selectors.Unit:
        for u in self.units:
            if u.key == key:
                return u
        raise Http404(_("No such clause in the current edition."))

    def next_after(self, key: str) -> selectors.Unit | None:
        shown = self.shown()
        keys = [u.key for u in shown]
        if key in keys:
            i = keys.index(key)
            return shown[i + 1] if i + 1 < len(shown) else None
        # Saved out of the filter (an untranslated clause is now translated): the next in order.
        order = [u.key for u in self.units]
        after = order.index(key) if key in order else -1
        return next((u for u in shown if order.index(u.key) > after), None)

    def row(self, unit: selectors.Unit, **extra) -> dict:
        forms = {key: f for key, f, _patterns in self.terms}
        matches = glossary.find(
            unit.version.text, self.game.language, glossary.term_entries(self.terms, self.game.language)
        )
        # (text, its target term or "" where the glossary has none yet, the term's key or None)
        pieces = [
            (text, forms[key].get(self.lang, "") if key else None, key)
            for text, key in glossary.segments(unit.version.text, matches)
        ]
        return {
            "unit": unit,
            "pieces": pieces,
            "failures": self.failures(unit),
            "label": STATUS_LABELS[unit.status],
            **extra,
        }

    def base(self) -> dict:
        return {
            "game": self.game,
            "lang": self.lang,
            "lang_name": language_name(self.lang),
            "labels": STATUS_LABELS,
            "status": self.status,
            "q": self.q,
            "failing_only": self.failing_only,
            "query": self.query(),
            "reviewer": self.reviewer,
        }


@login_required
@require_safe
def clauses(request, slug: str, lang: str):
    """The clauses of the current edition with their translation, filtered."""
    game = workspace_game(request, slug, lang)
    ctx = Context(request, game, lang)
    shown = ctx.shown()
    progress = next(
        (p for p in selectors.workspace(request.user) if p.game.id == game.id and p.lang == lang), None
    )
    return render(
        request,
        "translators/list.html",
        {
            **ctx.base(),
            "rows": [ctx.row(u) for u in shown],
            "total": len(ctx.units),
            "progress": progress,
        },
    )


def _editor(
    ctx: Context, unit: selectors.Unit, *, text: str | None = None, state: str | None = None, **extra
) -> dict:
    exclude = unit.current.pk if unit.current is not None else None
    suggestions = memory.suggest(
        unit.version.text, selectors.memory_pairs(ctx.game, ctx.lang, exclude=exclude)
    )
    stale_from = unit.latest if unit.current is None and unit.latest is not None else None
    if state is None:
        state = unit.current.state if unit.current is not None else Translation.State.TRANSLATED
        if state == Translation.State.APPROVED and not ctx.reviewer:
            state = Translation.State.TRANSLATED
    states = [s for s in Translation.State.choices if s[0] != Translation.State.APPROVED or ctx.reviewer]
    return ctx.row(
        unit,
        editing=True,
        text=unit.text if text is None else text,
        state=state,
        states=states,
        version=unit.version.number,
        expected_revision=unit.expected_revision,
        since=word_diff(stale_from.based_on.text, unit.version.text) if stale_from else None,
        stale_from=stale_from,
        memory=suggestions,
        kept=_with_since(selectors.suggestions(unit.clause, ctx.lang), unit.version),
        history=selectors.history(unit.clause, ctx.lang),
        **extra,
    )


def _with_since(kept: list[Suggestion], version) -> list[Suggestion]:
    """The kept suggestions, each with the word diff of the original since the version it was
    made from (None when that is the current version)."""
    for k in kept:
        k.since = word_diff(k.based_on.text, version.text) if k.based_on_id != version.id else None
    return kept


def _render_editor(request, ctx: Context, unit, *, status: int = 200, **extra):
    inline = bool(request.htmx) and request.POST.get("page") != "1"
    data = {
        **ctx.base(),
        "r": {**_editor(ctx, unit, **extra), "inline": inline},
        "next": ctx.next_after(unit.key),
    }
    if inline:
        # htmx swaps 400 and 409 answers too (the page's htmx-config): the editor with its message.
        return render(request, "translators/list.html#editor", data, status=status)
    return render(request, "translators/clause.html", data, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def clause(request, slug: str, lang: str, key: str):
    """Edit one clause's translation: save, or save and open the next one."""
    game = workspace_game(request, slug, lang)
    ctx = Context(request, game, lang)
    unit = ctx.unit(key)
    if request.method == "GET":
        saved = request.GET.get("saved", "")
        saved_unit = next((u for u in ctx.units if u.key == saved), None)
        extra = {"saved": saved_unit, "saved_failures": ctx.failures(saved_unit) if saved_unit else []}
        return _render_editor(request, ctx, unit, **extra)

    if "use" in request.POST:
        # A memory suggestion taken into the box (without JavaScript too): nothing is saved.
        return _render_editor(
            request, ctx, unit, text=request.POST["use"][:MAX_TEXT], state=request.POST.get("state")
        )
    form = TranslationForm(request.POST)
    valid = form.is_valid()
    state = form.cleaned_data.get("state") or Translation.State.TRANSLATED
    text = form.data.get("text", "")
    if not may_save_translation(request.user, game, lang, state):
        raise PermissionDenied(_("Only a reviewer of this language may approve."))
    if not valid:
        errors = {name: list(messages) for name, messages in form.errors.items()}
        return _render_editor(request, ctx, unit, text=text, state=state, errors=errors, status=400)
    text = form.cleaned_data["text"]
    version = request.POST.get("version", "")
    expected = request.POST.get("expected_revision", "")
    expected = ascii_number(expected, max_digits=9)
    expected = -1 if expected is None else expected
    try:
        if version != str(unit.version.number):
            raise rule_services.Conflict(
                "the original changed", current_revision=unit.expected_revision, text=text
            )
        rule_services.translation_save(
            version=unit.version,
            lang=lang,
            text=text,
            state=state,
            expected_revision=expected,
            author=request.user.get_username(),
            now=timezone.now(),
        )
    except rule_services.Conflict:
        fresh = Context(request, game, lang).unit(key)
        return _render_editor(
            request, Context(request, game, lang), fresh, text=text, state=state, conflict=fresh, status=409
        )
    ctx = Context(request, game, lang)
    unit = ctx.unit(key)
    following = ctx.next_after(key) if "next" in request.POST else None
    if request.htmx and request.POST.get("page") != "1":
        data = {**ctx.base(), "row_ctx": ctx.row(unit, just_saved=True)}
        if following is not None:
            data["next_ctx"] = {
                **_editor(ctx, following),
                "inline": True,
                "oob": True,
                "next": ctx.next_after(following.key),
            }
        return render(request, "translators/list.html#saved", data)
    if following is not None:
        url = reverse("translators:clause", args=[slug, lang, following.key])
        return redirect(f"{url}?{ctx.query(saved=key)}")
    url = reverse("translators:clauses", args=[slug, lang])
    return redirect(f"{url}?{ctx.query()}#{dom_id(key)}")


def dom_id(key: str) -> str:
    """An element id for a clause key that is also a plain CSS selector (keys hold dots)."""
    return "c-" + key.replace(".", "_")


@accepts_upload(exchange.MAX_FILE)
@login_required
@require_http_methods(["GET", "POST"])
def import_file(request, slug: str, lang: str):
    """Upload an XLIFF or PO file: what was applied, unchanged, in conflict (kept as
    suggestions) or rejected, unit by unit."""
    game = workspace_game(request, slug, lang)
    ctx = {"game": game, "lang": lang, "lang_name": language_name(lang), "labels": STATUS_LABELS}
    if request.method == "GET":
        return render(request, "translators/import.html", ctx)
    upload = request.FILES.get("file")
    if upload is None:
        return render(request, "translators/import.html", {**ctx, "error": _("Choose a file.")}, status=400)
    try:
        report = exchange.import_upload(
            game=game, lang=lang, upload=upload, user=request.user, now=timezone.now()
        )
    except exchange.Refused as exc:
        status = 413 if isinstance(exc, exchange.TooLarge) else 400
        return render(request, "translators/import.html", {**ctx, "error": str(exc)}, status=status)
    return render(request, "translators/import.html", {**ctx, "report": report})


MAX_DOCUMENT = align.MAX_TEXT


@accepts_upload(4 * MAX_DOCUMENT)  # characters, at most 4 bytes each in UTF-8
@login_required
@require_http_methods(["GET", "POST"])
def align_document(request, slug: str, lang: str):
    """Paste (or upload) a whole translated document, review the proposed text of every clause
    beside it — merge, split, shift — and save what is accepted as needs-review revisions."""
    game = workspace_game(request, slug, lang)
    units = selectors.units(game, lang)
    ctx = {"game": game, "lang": lang, "lang_name": language_name(lang), "labels": STATUS_LABELS}
    if request.method == "GET":
        return render(request, "translators/align.html", ctx)
    action = request.POST.get("action", "")
    if action == "align":
        return _align(request, ctx, units)
    texts = [request.POST.get(f"text-{u.key}", "")[:MAX_TEXT] for u in units]
    confidences = [_confidence(request.POST.get(f"conf-{u.key}", "0")) for u in units]
    accept = {u.key for u in units if request.POST.get(f"accept-{u.key}") == "1"}
    op, _sep, key = request.POST.get("op", "").partition(":")
    keys = [u.key for u in units]
    if op in align.MOVES and key in keys:
        rows = [
            align.Proposal(text, confidence, u.key in accept)
            for u, text, confidence in zip(units, texts, confidences, strict=True)
        ]
        rows = align.move(rows, op, keys.index(key), lang, [u.version.text for u in units])
        return _review(
            request,
            ctx,
            units,
            [r.text for r in rows],
            [r.confidence for r in rows],
            accept={u.key for u, r in zip(units, rows, strict=True) if r.accept},
            moved=key,
        )
    if action != "save":
        return _review(request, ctx, units, texts, confidences, accept=accept)
    done = services.alignment_save(
        units=units,
        lang=lang,
        accepted={u.key: text for u, text in zip(units, texts, strict=True) if u.key in accept},
        author=request.user.get_username(),
        now=timezone.now(),
    )
    return render(
        request, "translators/align.html", {**ctx, "done": True, "saved": done.saved, "kept": done.kept}
    )


def _confidence(value: str) -> float:
    """A posted confidence, within 0–1 (0 when it is not a number)."""
    try:
        return min(1.0, max(0.0, float(value)))
    except ValueError:
        return 0.0


def _align(request, ctx: dict, units: list[selectors.Unit]):
    """The pasted or uploaded document aligned to ``units``, for review (400 when there is none,
    or the file is not UTF-8 text)."""
    document = request.POST.get("document", "")
    upload = request.FILES.get("upload")
    if upload is not None:
        try:
            document = upload.read(MAX_DOCUMENT + 1).decode("utf-8")
        except UnicodeDecodeError:
            return render(
                request,
                "translators/align.html",
                {**ctx, "error": _("The file is not UTF-8 text.")},
                status=400,
            )
    # A pasted document's NUL never gets here (config.middleware refuses it); a file's may.
    if not document.strip() or len(document) > MAX_DOCUMENT or "\x00" in document:
        error = _("Paste the translated document (plain text or Markdown, at most %(n)s characters).") % {
            "n": f"{MAX_DOCUMENT:,}"
        }
        return render(
            request,
            "translators/align.html",
            {**ctx, "error": error, "document": document[:MAX_DOCUMENT]},
            status=400,
        )
    game, lang = ctx["game"], ctx["lang"]
    result = align.align(
        [(u.key, u.version.text) for u in units],
        game.language,
        document,
        lang,
        [(t.key, t.forms, t.matches) for t in selectors.terms(game)],
    )
    texts = [p.text for p in result.pairs]
    confidences = [p.confidence for p in result.pairs]
    return _review(request, ctx, units, texts, confidences, accept=None, unplaced=result.unplaced)


def _review(request, ctx, units, texts, confidences, *, accept, unplaced=(), moved=""):
    rows = [
        {
            "unit": u,
            "text": text,
            "confidence": confidence,
            "percent": round(confidence * 100),
            # No text, beside a clause that got one: its text may be in that one (a sentence
            # holding both clauses), so the "only the clauses that got a text" filter shows it.
            "beside": not text and any(0 <= n < len(texts) and texts[n] for n in (i - 1, i + 1)),
            # Proposed with some confidence and not already the clause's text: ticked.
            "accept": (u.key in accept)
            if accept is not None
            else bool(text) and confidence >= 0.5 and text != u.text,
        }
        for i, (u, text, confidence) in enumerate(zip(units, texts, confidences, strict=True))
    ]
    return render(
        request,
        "translators/align.html",
        {
            **ctx,
            "rows": rows,
            "unplaced": unplaced,
            "moved": moved,
            "placed": sum(1 for r in rows if r["text"]),
        },
    )
