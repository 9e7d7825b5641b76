from django.urls import path

from . import views
from .http import catalogue_page

app_name = "rules"
urlpatterns = [
    path("", views.game_list, name="games"),
    path("search/", views.search, name="search"),
    # Pages of one game's catalogue: ETag and 304, and the body kept per process (rules.http).
    path("g/<slug:slug>/", catalogue_page(views.reader), name="reader"),
    path("g/<slug:slug>/glossary/", views.glossary, name="glossary"),
    path("g/<slug:slug>/editions/", views.editions, name="editions"),
    path("g/<slug:slug>/c/<str:key>/", catalogue_page(views.clause), name="clause"),
]
