from django.urls import include, path

from . import pwa, views

# Below referee/: the referee's pages, and below g/<slug>/: a game's pages of this app.
referee = [
    path("", views.referee, name="referee"),
    path("offline/", pwa.offline, name="offline"),
    path("<slug:slug>/<slug:name>/", views.referee_rule, name="rule"),
]
game = [
    path("disputes/", views.disputes, name="disputes"),
    path("pins/", views.pins, name="pins"),
    path("coverage/", views.coverage, name="coverage"),
    path("c/<str:key>/rulings/", views.clause_rulings, name="clause_rulings"),
]

app_name = "games"
urlpatterns = [
    path("referee/", include(referee)),
    path("sw.js", pwa.service_worker, name="sw"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("rulings/<str:ruling_id>/", views.ruling_page, name="ruling"),
    path("g/<slug:slug>/", include(game)),
]
