"""The people page of the translators' workspace (superusers only; 403 for anyone else):
every user with their roles, a form to give a role — validated as the admin validates it
(``rules.models.Role.clean``), each refusal beside its field with a 400 — and a button to take
one away. Writes through ``translators.services.role_give`` and ``role_remove``."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.numbers import ascii_number
from rules.models import Game, Role

from . import selectors, services

FIELDS = ("user", "kind", "game", "lang")


def _render(request, *, status: int = 200, errors: dict | None = None, typed: dict | None = None):
    return render(
        request,
        "translators/people.html",
        {
            "people": selectors.people(),
            "games": Game.objects.order_by("position"),
            "kinds": Role.Kind.choices,
            "errors": errors or {},
            "typed": typed or {"kind": Role.Kind.TRANSLATOR},
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def people(request):
    """Superusers: every user with their roles; give a role (user, kind, game, language) or take
    one away."""
    if not (request.user.is_superuser and request.user.is_active):
        raise PermissionDenied(_("Only a superuser gives and takes away roles."))
    if request.method == "GET":
        return _render(request)
    if request.POST.get("action") == "remove":
        raw = request.POST.get("role", "")
        pk = ascii_number(raw, max_digits=11)
        role = Role.objects.filter(pk=pk).first() if pk is not None else None
        if role is None:
            raise Http404(_("No such role."))
        services.role_remove(role=role)
        return redirect(reverse("translators:people") + f"#u-{role.user_id}")
    return _give(request)


def _give(request):
    typed = {f: request.POST.get(f, "")[:150].strip() for f in FIELDS}
    errors: dict[str, str] = {}
    user = get_user_model().objects.filter(username=typed["user"], is_active=True).first()
    if user is None:
        errors["user"] = _("No active user of that name.")
    if typed["kind"] not in Role.Kind.values:
        errors["kind"] = _("Choose designer, translator or reviewer.")
    game = Game.objects.filter(slug=typed["game"]).first() if typed["game"] else None
    if typed["game"] and game is None:
        errors["game"] = _("No such game.")
    if not errors:
        try:
            services.role_give(user=user, kind=typed["kind"], game=game, lang=typed["lang"])
        except ValidationError as exc:
            # A refusal of no one field (none is expected) is said beside the kind.
            errors = {f: " ".join(m) for f, m in exc.message_dict.items() if f in FIELDS} or {
                "kind": " ".join(exc.messages)
            }
    if errors:
        return _render(request, status=400, errors=errors, typed=typed)
    return redirect(reverse("translators:people") + f"#u-{user.pk}")
