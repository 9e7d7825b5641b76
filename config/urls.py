"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from config.api import ApiRoot, api_not_found
from games import api as games_api
from rules import api as rules_api
from studio import api as studio_api
from translators import api as translators_api

api = [
    path("", ApiRoot.as_view(), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("games/", rules_api.GameListAPI.as_view(), name="games"),
    path("games/<str:slug>/clauses/", rules_api.ClauseListAPI.as_view(), name="clauses"),
    path("clauses/<str:key>/versions/", rules_api.ClauseVersionsAPI.as_view(), name="clause-versions"),
    path("games/<str:slug>/adjudicators/", games_api.AdjudicatorListAPI.as_view(), name="adjudicators"),
    path(
        "games/<str:slug>/adjudicators/<str:name>/",
        games_api.AdjudicateAPI.as_view(),
        name="adjudicate",
    ),
    path("rulings/<str:ruling_id>/", games_api.RulingAPI.as_view(), name="ruling"),
    path("games/<str:slug>/parameters/", studio_api.ParametersAPI.as_view(), name="parameters"),
    path("games/<str:slug>/drafts/", studio_api.DraftListAPI.as_view(), name="drafts"),
    path(
        "games/<str:slug>/drafts/<int:number>/clauses/<str:key>/",
        studio_api.DraftClauseAPI.as_view(),
        name="draft-clause",
    ),
    path("games/<str:slug>/drafts/<int:number>/impact/", studio_api.ImpactAPI.as_view(), name="impact"),
    path("games/<str:slug>/drafts/<int:number>/publish/", studio_api.PublishAPI.as_view(), name="publish"),
    path(
        "games/<str:slug>/translations/<str:lang>/",
        translators_api.TranslationFileAPI.as_view(),
        name="translation-file",
    ),
    path(
        "games/<str:slug>/translations/<str:lang>/import/",
        translators_api.ImportAPI.as_view(),
        name="translation-import",
    ),
    path(
        "games/<str:slug>/translations/<str:lang>/align/",
        translators_api.AlignAPI.as_view(),
        name="translation-align",
    ),
    path("games/<str:slug>/glossary/", translators_api.GlossaryAPI.as_view(), name="glossary"),
    # Anything else under the API is a JSON 404, never an HTML page.
    re_path(r"^[\s\S]*$", api_not_found),  # any path, newlines included
]

urlpatterns = [
    path("api/v1/", include((api, "api"))),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("studio.urls")),
    path("", include("lab.urls")),
    path("", include("translators.urls")),
    path("", include("rules.urls")),
    path("", include("games.urls")),
]
