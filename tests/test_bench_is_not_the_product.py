"""The benchmark baseline (bench/) is a separate settings module's app, never the product's."""

import pytest
from django.conf import settings


def test_the_product_does_not_install_the_bench_app():
    assert "bench" not in settings.INSTALLED_APPS
    assert settings.ROOT_URLCONF == "config.urls"


@pytest.mark.django_db
def test_the_product_serves_no_bench_url(client):
    assert client.get("/bench/fortunes/").status_code == 404
