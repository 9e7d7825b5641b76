from django.urls import path

from . import pwa, views

app_name = "games"
urlpatterns = [
    path("referee/", views.referee, name="referee"),
    path("referee/offline/", pwa.offline, name="offline"),
    path("sw.js", pwa.service_worker, name="sw"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("referee/<slug:slug>/<slug:name>/", views.referee_rule, name="rule"),
    path("rulings/<str:ruling_id>/", views.ruling_page, name="ruling"),
    path("g/<slug:slug>/disputes/", views.disputes, name="disputes"),
    path("g/<slug:slug>/pins/", views.pins, name="pins"),
    path("g/<slug:slug>/c/<str:key>/rulings/", views.clause_rulings, name="clause_rulings"),
]
