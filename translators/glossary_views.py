"""The glossary page of the translators' workspace: a game's terms in one language, grown by its
translators. A translator (or reviewer) of the language proposes a term's form; a reviewer of the
language approves or rejects each proposal, once. The form in effect is the newest approved
proposal, else the corpus's (``translators.selectors.GlossaryTerm`` says why an approval
replaces a shipped form); the highlights, the checks, the alignment and the TBX read it.

Who may do what is checked here, as the editor checks it (``rules.permissions``): anyone who
may open the workspace proposes; deciding is a reviewer's (403 for anyone else)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.languages import language_name
from config.numbers import ascii_number
from rules.models import Term
from rules.permissions import can_review

from . import selectors, services
from .models import TermDecision, TermProposal
from .views import workspace_game

VERDICTS = {"approve": TermDecision.Verdict.APPROVED, "reject": TermDecision.Verdict.REJECTED}


def _rows(game, lang: str, *, errors: dict | None = None, typed: dict | None = None) -> list[dict]:
    """Each term as the page shows it; ``errors`` and ``typed``: by term key, for a refused post."""
    rows = []
    for t in selectors.terms(game):
        approved = t.approved(lang)
        rows.append(
            {
                "term": t,
                "original": t.corpus_forms.get(game.language, ""),
                "corpus": t.corpus_forms.get(lang, ""),
                # The English the translators of other languages can lean on (the form in effect).
                "english": t.forms.get("en", ""),
                "form": t.forms.get(lang, ""),
                "approved": approved,
                # The approval in effect says something only where it differs from the corpus.
                "replaces": bool(
                    approved and t.corpus_forms.get(lang) and approved.text != t.corpus_forms[lang]
                ),
                "open": t.open(lang),
                "decided": t.decided(lang),
                "errors": (errors or {}).get(t.key, {}),
                "typed": (typed or {}).get(t.key, ""),
            }
        )
    return rows


def _render(request, game, lang: str, *, status: int = 200, **extra):
    rows = _rows(game, lang, errors=extra.pop("errors", None), typed=extra.pop("typed", None))
    return render(
        request,
        "translators/glossary.html",
        {
            "game": game,
            "lang": lang,
            "lang_name": language_name(lang),
            "rows": rows,
            "with_form": sum(1 for r in rows if r["form"]),
            "waiting": sum(len(r["open"]) for r in rows),
            "reviewer": can_review(request.user, game, lang),
            **extra,
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def glossary_page(request, slug: str, lang: str):
    """The game's glossary in a language: each term's original, its form in effect (the corpus's
    or an approved proposal), the open proposals; propose a form, or (a reviewer) approve or
    reject one."""
    game = workspace_game(request, slug, lang)
    if request.method == "GET":
        return _render(request, game, lang)
    action = request.POST.get("action", "")
    if action == "propose":
        return _propose(request, game, lang)
    if action in VERDICTS:
        return _decide(request, game, lang, VERDICTS[action])
    return _render(request, game, lang, status=400, error=_("Choose what to do: propose, approve or reject."))


def _back(game, lang: str, key: str):
    return redirect(reverse("translators:glossary", args=[game.slug, lang]) + f"#t-{key}")


def _propose(request, game, lang: str):
    key = request.POST.get("term", "")
    term = Term.objects.filter(game=game, key=key).select_related("game").first()
    if term is None:
        return _render(request, game, lang, status=400, error=_("No such term in this game's glossary."))
    text = request.POST.get("text", "")[: services.MAX_TERM + 1]
    try:
        services.term_propose(
            term=term, lang=lang, text=text, author=request.user.get_username(), now=timezone.now()
        )
    except ValidationError as exc:
        errors = {field: " ".join(messages) for field, messages in exc.message_dict.items()}
        return _render(request, game, lang, status=400, errors={key: errors}, typed={key: text})
    return _back(game, lang, key)


def _decide(request, game, lang: str, verdict: str):
    if not can_review(request.user, game, lang):
        raise PermissionDenied(_("Only a reviewer of this language may approve or reject its terms."))
    pk = ascii_number(request.POST.get("proposal", ""), max_digits=11)
    proposal = (
        TermProposal.objects.filter(pk=pk, term__game=game, lang=lang).select_related("term").first()
        if pk is not None
        else None
    )
    if proposal is None:
        raise Http404(_("No such proposal in this glossary."))
    try:
        services.term_decide(
            proposal=proposal, verdict=verdict, decided_by=request.user.get_username(), now=timezone.now()
        )
    except services.AlreadyDecided as exc:
        d = exc.decision
        said = (
            _("%(who)s approved “%(text)s” first.")
            if d.verdict == TermDecision.Verdict.APPROVED
            else _("%(who)s rejected “%(text)s” first.")
        ) % {"who": d.decided_by, "text": proposal.text}
        return _render(request, game, lang, status=409, errors={proposal.term.key: {"decision": said}})
    return _back(game, lang, proposal.term.key)
