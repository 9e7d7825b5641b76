"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from config import navigation
from config.accounts import PasswordChangeView
from config.api import ApiRoot, api_not_found
from games import api as games_api
from rules import api as rules_api
from studio import api as studio_api
from translators import api as translators_api

# Below /api/v1/games/<slug>/drafts/<number>/ and …/translations/<lang>/.
draft_api = [
    path("clauses/<str:key>/", studio_api.DraftClauseAPI.as_view(), name="draft-clause"),
    path("impact/", studio_api.ImpactAPI.as_view(), name="impact"),
    path("publish/", studio_api.PublishAPI.as_view(), name="publish"),
    path("rebase/", studio_api.RebaseAPI.as_view(), name="rebase"),
    path("document/", studio_api.DocumentAPI.as_view(), name="document"),
    path("document/accept/", studio_api.DocumentAcceptAPI.as_view(), name="document-accept"),
]
translation_api = [
    path("", translators_api.TranslationFileAPI.as_view(), name="translation-file"),
    path("import/", translators_api.ImportAPI.as_view(), name="translation-import"),
    path("align/", translators_api.AlignAPI.as_view(), name="translation-align"),
]
# Below /api/v1/games/<slug>/glossary/<lang>/: the glossary the translators of a language grow.
glossary_api = [
    path("", translators_api.TermListAPI.as_view(), name="glossary-terms"),
    path("proposals/", translators_api.ProposeAPI.as_view(), name="glossary-propose"),
    path(
        "proposals/<int:proposal_id>/decision/",
        translators_api.DecideAPI.as_view(),
        name="glossary-decide",
    ),
]
# Below /api/v1/games/<slug>/.
game_api = [
    path("clauses/", rules_api.ClauseListAPI.as_view(), name="clauses"),
    path("adjudicators/", games_api.AdjudicatorListAPI.as_view(), name="adjudicators"),
    path("adjudicators/<str:name>/", games_api.AdjudicateAPI.as_view(), name="adjudicate"),
    path("parameters/", studio_api.ParametersAPI.as_view(), name="parameters"),
    path("coverage/", games_api.CoverageAPI.as_view(), name="coverage"),
    path("drafts/", studio_api.DraftListAPI.as_view(), name="drafts"),
    path("drafts/<int:number>/", include(draft_api)),
    path("translations/<str:lang>/", include(translation_api)),
    path("glossary/", translators_api.GlossaryAPI.as_view(), name="glossary"),
    path("glossary/<str:lang>/", include(glossary_api)),
]
api = [
    path("", ApiRoot.as_view(), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("games/", rules_api.GameListAPI.as_view(), name="games"),
    path("games/<str:slug>/", include(game_api)),
    path("clauses/<str:key>/versions/", rules_api.ClauseVersionsAPI.as_view(), name="clause-versions"),
    path("rulings/<str:ruling_id>/", games_api.RulingAPI.as_view(), name="ruling"),
    # Anything else under the API is a JSON 404, never an HTML page.
    re_path(r"^[\s\S]*$", api_not_found),  # any path, newlines included
]

# Errors raised outside a DRF view: JSON under /api/, a 503 when a dependency is down.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

urlpatterns = [
    path("api/v1/", include((api, "api"))),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    # Before Django's own: a wrong old password counts as a failed login (config/accounts.py).
    path("accounts/password_change/", PasswordChangeView.as_view(), name="password_change"),
    path("accounts/", include("django.contrib.auth.urls")),
    # Django's default landing after sign-in, kept for old links: the user's workspace.
    path("accounts/profile/", navigation.after_sign_in),
    path("workspace/", navigation.after_sign_in, name="workspace"),
    path("", include("studio.urls")),
    path("", include("lab.urls")),
    path("", include("translators.urls")),
    path("", include("rules.urls")),
    path("", include("games.urls")),
]
