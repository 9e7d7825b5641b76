from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.game_list, name="games"),
    path("search/", views.search, name="search"),
    path("g/<slug:slug>/", views.reader, name="reader"),
    path("g/<slug:slug>/glossary/", views.glossary, name="glossary"),
    path("g/<slug:slug>/editions/", views.editions, name="editions"),
    path("g/<slug:slug>/c/<str:key>/", views.clause, name="clause"),
]
