"""Shared pytest configuration: the ``clause`` marker ties a test to the clauses it checks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.load_profile("default")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*ids): the rulebook clauses this test checks (for traceability)"
    )


@pytest.fixture(scope="session")
def theorem_runs() -> dict[str, object]:
    """Every theorem of every game, run once per test session: id -> Run."""
    import castlerules
    from castlerules.core.theorem import run

    return {t.id: run(t) for name in castlerules.games() for t in castlerules.make(name).theorems()}
