from django.urls import path

from . import views

app_name = "studio"
urlpatterns = [
    path("design/", views.home, name="home"),
    path("design/rulings/<str:ruling_id>/reference/", views.ruling_reference, name="reference"),
    path("design/<slug:slug>/", views.game, name="game"),
    path("design/<slug:slug>/drafts/", views.draft_open, name="draft_open"),
    path("design/<slug:slug>/<int:number>/", views.draft, name="draft"),
    path("design/<slug:slug>/<int:number>/c/<str:key>/", views.clause, name="clause"),
    path("design/<slug:slug>/<int:number>/c/<str:key>/preview/", views.clause_preview, name="preview"),
    path("design/<slug:slug>/<int:number>/impact/", views.draft_impact, name="impact"),
    path("design/<slug:slug>/<int:number>/publish/", views.draft_publish, name="publish"),
]
