from django.urls import path

from . import views

app_name = "lab"
urlpatterns = [
    path("lab/runs/<str:run_id>/", views.run, name="run"),
    path("lab/runs/<str:run_id>/download.csv", views.download, {"fmt": "csv"}, name="csv"),
    path("lab/runs/<str:run_id>/download.json", views.download, {"fmt": "json"}, name="json"),
    path("lab/<slug:slug>/", views.lab, name="game"),
]
