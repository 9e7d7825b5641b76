from django.urls import include, path

from . import views

# Below design/<slug>/<number>/: one draft of a game.
draft = [
    path("", views.draft, name="draft"),
    path("c/<str:key>/", views.clause, name="clause"),
    path("c/<str:key>/preview/", views.clause_preview, name="preview"),
    path("impact/", views.draft_impact, name="impact"),
    path("publish/", views.draft_publish, name="publish"),
    path("rebase/", views.draft_rebase, name="rebase"),
    path("document/", views.draft_document, name="document"),
]

app_name = "studio"
urlpatterns = [
    path("design/", views.home, name="home"),
    path("design/rulings/<str:ruling_id>/reference/", views.ruling_reference, name="reference"),
    path("design/<slug:slug>/", views.game, name="game"),
    path("design/<slug:slug>/drafts/", views.draft_open, name="draft_open"),
    path("design/<slug:slug>/<int:number>/", include(draft)),
]
