"""Property-based tests of every API operation from the generated OpenAPI schema:
no server errors, every response conforms to the documented schema."""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application)


@pytest.fixture(autouse=True)
def _corpus(corpus):
    return corpus


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Serve requests on the test's own connection, as Django's test client does: schemathesis
    calls the WSGI app directly, whose request signals would otherwise close the connection
    (with psycopg's pool, inside the test transaction)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


# `make test` runs 100 examples per operation; `make test-robust` runs 1,000 or more
# (SCHEMATHESIS_EXAMPLES), with the hostile-input list of tests/api/test_hostile_input.py.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "100"))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_fails_and_keeps_its_schema(case):
    excluded = []
    if case.method == "POST":
        # A ruling body can satisfy the JSON Schema and still be refused with a 400: the
        # schema cannot say "one die per player" or "the proposer must be seated". Those
        # 400s are asserted in the adjudicator tests; here the other checks all apply.
        excluded.append(positive_data_acceptance)
    # The WSGI transport does not inflate gzip; compression has its own tests.
    case.call_and_validate(headers={"Accept-Encoding": "identity"}, excluded_checks=excluded)
