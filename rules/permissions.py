"""Who may write what: one permission model for pages and API alike.

Roles (``rules.models.Role``): a designer of a game revises its clauses, opens and
publishes its drafts; a translator of a language (of one game or of all) writes
translations into it; a reviewer of a language approves them. A superuser may do
everything. Everyone else — anonymous, signed in without a role, staff — reads
everything and writes only rulings. Each predicate costs at most one query (one more
when given a game's id rather than the game, for its original's language).

No role, and no superuser, opens the translation of a game into its own original's language
in any form ("pl-PL" for a Polish original): there is no such translation to write. A role
for every game in that language still serves the games in other languages.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework.permissions import BasePermission

from config.languages import same_language

from .models import Game, Role

_LANG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}")


def _roles(user, kind: str):
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    return Role.objects.filter(user=user, kind=kind)


def can_design(user, game: Game | int) -> bool:
    """Whether ``user`` may edit ``game``'s rules (drafts, clause versions, publishing)."""
    if getattr(user, "is_superuser", False) and user.is_active:
        return True
    roles = _roles(user, Role.Kind.DESIGNER)
    return roles is not None and roles.filter(game=game).exists()


def designed_games(user) -> list[int]:
    """The ids of the games ``user`` designs (every game for a superuser)."""
    if getattr(user, "is_superuser", False) and user.is_active:
        return list(Game.objects.values_list("id", flat=True))
    roles = _roles(user, Role.Kind.DESIGNER)
    return [] if roles is None else list(roles.values_list("game_id", flat=True))


def is_original_language(game: Game | int, lang: str) -> bool:
    """Whether ``lang`` is ``game``'s original language, in any regional form: a language the
    game has no translations into (a query when given the game's id)."""
    original = (
        game.language
        if isinstance(game, Game)
        else Game.objects.filter(pk=game).values_list("language", flat=True).first()
    )
    return original is not None and same_language(lang, original)


def _language_role(user, kind: str, game: Game | int, lang: str) -> bool:
    if is_original_language(game, lang):
        return False
    if getattr(user, "is_superuser", False) and user.is_active:
        return True
    roles = _roles(user, kind)
    return roles is not None and roles.filter(Q(game=game) | Q(game__isnull=True), lang=lang).exists()


def can_review(user, game: Game | int, lang: str) -> bool:
    """Whether ``user`` may approve translations of ``game`` into ``lang``."""
    return _language_role(user, Role.Kind.REVIEWER, game, lang)


def can_work_on(user, game: Game | int, lang: str) -> bool:
    """Whether ``user`` may open ``game``'s ``lang`` translations in the translators' workspace
    (a translator or a reviewer of the language; a reviewer edits as well as approves)."""
    if is_original_language(game, lang):
        return False
    if getattr(user, "is_superuser", False) and user.is_active:
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return Role.objects.filter(
        Q(game=game) | Q(game__isnull=True),
        user=user,
        kind__in=[Role.Kind.TRANSLATOR, Role.Kind.REVIEWER],
        lang=lang,
    ).exists()


def may_save_translation(user, game: Game | int, lang: str, state: str) -> bool:
    """Whether ``user`` may save a ``lang`` translation of ``game`` in ``state``: approving is a
    reviewer's; any other state a translator's or a reviewer's."""
    if state == "approved":
        return can_review(user, game, lang)
    return can_work_on(user, game, lang)


def language_roles(user) -> list[tuple[int | None, str, str]]:
    """(game id or None for every game, language, kind) of each translator or reviewer role of
    ``user`` (one query)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return []
    return list(
        Role.objects.filter(user=user, kind__in=[Role.Kind.TRANSLATOR, Role.Kind.REVIEWER])
        .order_by("lang")
        .values_list("game_id", "lang", "kind")
    )


def workspaces(user) -> set[str]:
    """The workspaces ``user``'s roles open: "design", "translate" (one query; none for an
    anonymous visitor; both for a superuser)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return set()
    if user.is_superuser:
        return {"design", "translate"}
    kinds = set(Role.objects.filter(user=user).values_list("kind", flat=True).distinct())
    out = set()
    if Role.Kind.DESIGNER in kinds:
        out.add("design")
    if kinds & {Role.Kind.TRANSLATOR, Role.Kind.REVIEWER}:
        out.add("translate")
    return out


def game_for(
    slug: str,
    *,
    may: Callable[[Game], bool],
    refused: str,
    missing: str | None = None,
    here: Callable[[Game], bool] | None = None,
) -> Game:
    """The game ``slug`` for a page only some users may open (the pages' one 403 wrapper; the
    API's are the permission classes below): a 404 (``missing``) when there is no such game or
    ``here`` says the page has none for it, a 403 (``refused``) unless ``may(game)``."""
    game = Game.objects.filter(slug=slug).first()
    if game is None or (here is not None and not here(game)):
        raise Http404(missing or _("Unknown game."))
    if not may(game):
        raise PermissionDenied(refused)
    return game


class IsDesignerOfGame(BasePermission):
    """API: the view's ``slug`` game must be one the user designs (401 when anonymous)."""

    message = "Only a designer of this game may do this."

    def has_permission(self, request, view) -> bool:
        if not getattr(request.user, "is_authenticated", False):
            return False
        game = Game.objects.filter(slug=view.kwargs.get("slug")).values_list("id", flat=True).first()
        # An unknown game is the view's 404 to give; a user with no role is refused there too.
        return game is None or can_design(request.user, game)


class IsTranslatorOfLanguage(BasePermission):
    """API: the user must translate or review the view's ``lang`` in its ``slug`` game (401 when
    anonymous, 403 for a translator of another language)."""

    message = "Only a translator or reviewer of this language may do this."

    def has_permission(self, request, view) -> bool:
        if not getattr(request.user, "is_authenticated", False):
            return False
        game = Game.objects.filter(slug=view.kwargs.get("slug")).only("id", "language").first()
        lang = view.kwargs.get("lang", "")
        # An unknown game, a malformed code or the original's language is the view's 404 or 400.
        return (
            game is None
            or not _LANG.fullmatch(lang)
            or is_original_language(game, lang)
            or can_work_on(request.user, game, lang)
        )


class IsTranslatorOfGame(BasePermission):
    """API: the user must translate or review some language of the view's ``slug`` game."""

    message = "Only a translator or reviewer of this game may do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not getattr(user, "is_authenticated", False):
            return False
        game = Game.objects.filter(slug=view.kwargs.get("slug")).values_list("id", flat=True).first()
        if game is None or (user.is_superuser and user.is_active):
            return True
        return any(g in (None, game) for g, _lang, _kind in language_roles(user))
