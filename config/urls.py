"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from config.api import api_not_found
from games import api as games_api
from rules import api as rules_api

api = [
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
    # Anything else under the API is a JSON 404, never an HTML page.
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("api/v1/", include((api, "api"))),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("rules.urls")),
    path("", include("games.urls")),
]
