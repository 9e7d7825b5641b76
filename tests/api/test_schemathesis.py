"""Property-based tests of every API operation from the generated OpenAPI schema:
no server errors, every response conforms to the documented schema.

One test per operation, as ``schema.parametrize()`` makes them, but each operation's Hypothesis
test (with schemathesis's coverage cases, which take some 15 s of CPU for all operations) is
built when its test runs, not when pytest collects: collecting the suite stays quick, and
under pytest-xdist each worker builds only the operations it runs.

Time budget: about 60 s of CPU for the 23 operations at 100 examples each (the slowest
operation some 20 s), split across the xdist workers."""

import functools
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.core.result import Ok
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


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def check(case):
    excluded = []
    if case.method == "POST":
        # A ruling body can satisfy the JSON Schema and still be refused with a 400: the
        # schema cannot say "one die per player" or "the proposer must be seated". Those
        # 400s are asserted in the adjudicator tests; here the other checks all apply.
        excluded.append(positive_data_acceptance)
    # The WSGI transport does not inflate gzip; compression has its own tests.
    case.call_and_validate(headers={"Accept-Encoding": "identity"}, excluded_checks=excluded)


# schema.parametrize()'s own wrapping of the test (a hook dispatcher of its own).
checked = schema.clone(test_function=schemathesis.schemas.wrap_test_function(check))
OPERATIONS = list(checked.get_all_operations())


def _label(result) -> str:
    return result.ok().label if isinstance(result, Ok) else result.err().label


@functools.cache
def _feedback():
    from schemathesis.generation.feedback import FeedbackSources
    from schemathesis.python._constants.orchestrator import make_constants_value_source

    return FeedbackSources(constants_value_source=make_constants_value_source(checked))


@pytest.mark.parametrize("operation", OPERATIONS, ids=_label)
def test_api_never_fails_and_keeps_its_schema(operation):
    """Every generated request to this operation: no 5xx, each answer as its schema says."""
    # What schemathesis's pytest plugin does for each operation of schema.parametrize(), here
    # when the test runs (schemathesis.pytest.lazy builds its tests at run time the same way).
    from schemathesis.checks import load_all_checks
    from schemathesis.pytest._test_builder import build_operation_test

    load_all_checks()
    if not isinstance(operation, Ok):  # a malformed operation in the schema fails here
        operation.err().as_failing_test_function()()
    build_operation_test(
        config=checked.config,
        operation=operation.ok(),
        test_func=checked.test_function,
        given_kwargs={},
        feedback=_feedback(),
    )()
