from django.urls import path

from . import views

app_name = "translators"
urlpatterns = [
    path("translate/", views.home, name="home"),
    path("translate/<slug:slug>/<str:lang>/", views.clauses, name="clauses"),
    path("translate/<slug:slug>/<str:lang>/c/<str:key>/", views.clause, name="clause"),
    path("translate/<slug:slug>/<str:lang>/import/", views.import_file, name="import"),
    path("translate/<slug:slug>/<str:lang>/align/", views.align_document, name="align"),
]
