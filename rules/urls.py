from django.urls import include, path

from . import views

# Below g/<slug>/: one game's catalogue. The reader and the clause pages get ETag and 304,
# and their body kept per process (views.catalogue_page).
game = [
    path("", views.catalogue_page(views.reader), name="reader"),
    path("glossary/", views.glossary, name="glossary"),
    path("editions/", views.editions, name="editions"),
    path("c/<str:key>/", views.catalogue_page(views.clause), name="clause"),
]

app_name = "rules"
urlpatterns = [
    path("", views.game_list, name="games"),
    path("search/", views.search, name="search"),
    path("g/<slug:slug>/", include(game)),
]
