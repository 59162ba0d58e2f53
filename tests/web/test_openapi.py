"""Every endpoint of the OpenAPI spec, called with generated bodies and parameters: never a
server error, always JSON errors (schemathesis drives the application in-process)."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from zermelo.web import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(move_time=0.2))


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_is_a_server_error(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=(not_a_server_error,))
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error, str) and "\n" not in error and len(error) <= 300
