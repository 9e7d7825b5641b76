from django.urls import path

from . import views

app_name = "bench"
urlpatterns = [
    path("fortunes/", views.fortunes, name="fortunes"),
]
