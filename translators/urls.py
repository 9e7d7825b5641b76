from django.urls import include, path

from . import glossary_views, people_views, views

# Below translate/<slug>/<lang>/: one game's translations into one language.
workspace = [
    path("", views.clauses, name="clauses"),
    path("c/<str:key>/", views.clause, name="clause"),
    path("glossary/", glossary_views.glossary_page, name="glossary"),
    path("import/", views.import_file, name="import"),
    path("align/", views.align_document, name="align"),
]

app_name = "translators"
urlpatterns = [
    path("translate/", views.home, name="home"),
    path("translate/people/", people_views.people, name="people"),
    path("translate/<slug:slug>/<str:lang>/", include(workspace)),
]
