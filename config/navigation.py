"""Getting around: the header's workspace links and where a sign-in lands (issue #22 item 7).

The header shows Design and Translate to those whose roles open them, Sign out to anyone
signed in and Sign in to others (``workspaces``, read lazily: a page that never shows the
header, and every anonymous visitor, costs no query). After signing in, a user lands in the
workspace their roles give (``after_sign_in``), never on Django's /accounts/profile/ 404.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from rules.permissions import workspaces


def nav(request) -> dict:
    """Template context: ``workspaces``, the set of workspaces the user may open."""
    return {"workspaces": SimpleLazyObject(lambda: workspaces(getattr(request, "user", None)))}


@login_required
@require_safe
def after_sign_in(request):
    """Where a sign-in lands (LOGIN_REDIRECT_URL): the design workspace for a designer, the
    translation workspace for a translator or reviewer, else the list of games."""
    opened = workspaces(request.user)
    if "design" in opened:
        return redirect("studio:home")
    if "translate" in opened:
        return redirect("translators:home")
    return redirect("rules:games")
