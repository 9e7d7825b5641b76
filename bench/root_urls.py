"""The product's URLs plus the benchmark baseline at /bench/ (bench.settings only)."""

from django.urls import include, path

from config.urls import urlpatterns as product

urlpatterns = [path("bench/", include("bench.urls")), *product]
