"""Shared pytest configuration: the ``clause`` marker ties a test to the clauses it checks."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.load_profile("default")


#: The test process may use at most this much memory: a bug that makes the library read without
#: bound (a board file of /dev/zero, say) fails a test with MemoryError instead of taking the
#: machine down.
MEMORY_LIMIT = 12 << 30


def _limit_memory() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > MEMORY_LIMIT:
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


_limit_memory()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=os.environ.get("CASTLERULES_SLOW", "") not in ("", "0"),
        help="also run the slow tier (long playouts, the docs build, every reading, mutants); "
        "CASTLERULES_SLOW=1 does the same",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*ids): the rulebook clauses this test checks (for traceability)"
    )
    config.addinivalue_line(
        "markers",
        "slow: the slow tier, run with --slow (CI runs it; the default suite stays fast)",
    )
    config.addinivalue_line(
        "markers",
        "verify_run: runs exactly the default plan of `castlerules verify` (every theorem, its "
        "expected result); .ci/run runs `verify --deep` itself just before and deselects these",
    )


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Name the random order (pytest-randomly) at the end, where a failure is read, so the same
    order can be run again."""
    seed = config.getoption("randomly_seed", default=None)
    if isinstance(seed, int) and config.pluginmanager.has_plugin("randomly"):
        terminalreporter.write_line(f"test order: -p randomly --randomly-seed={seed}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow tier: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def theorem_key(t: object) -> str:
    """A theorem run's key in ``theorem_runs``: its id, and for a theorem stated for every player
    count, the count (``splut.next-player@3``); the default count's run is under the bare id too."""
    return f"{t.id}@{t.players}"  # type: ignore[attr-defined]


class TheoremRuns(Mapping[str, Any]):
    """What the default ``castlerules verify`` runs (every player count): ``id@players`` -> Run,
    and the bare id -> the run for the game's default player count.

    Each theorem runs when a test first asks for it, once per process: under pytest-xdist a worker
    runs only the theorems of the tests it was given, so the two workers share the work instead of
    each proving everything."""

    def __init__(self) -> None:
        self._planned: dict[str, Any] | None = None
        self._runs: dict[str, Any] = {}

    def _plan(self) -> dict[str, Any]:
        if self._planned is None:
            import castlerules
            from castlerules.core.plan import plan

            planned: dict[str, Any] = {}
            for name in castlerules.games():
                default_players = castlerules.make(name).num_players
                for t in plan(name):
                    planned[theorem_key(t)] = t
                    if t.players == default_players:
                        planned[t.id] = t
            self._planned = planned
        return self._planned

    def __getitem__(self, key: str) -> Any:
        t = self._plan()[key]
        full = theorem_key(t)
        if full not in self._runs:
            from castlerules.core.theorem import run

            self._runs[full] = run(t)
        return self._runs[full]

    def __iter__(self) -> Iterator[str]:
        return iter(self._plan())

    def __len__(self) -> int:
        return len(self._plan())


_THEOREM_RUNS = TheoremRuns()


@pytest.fixture(scope="session")
def theorem_runs() -> Mapping[str, Any]:
    """The theorem runs of the default ``castlerules verify`` (see ``TheoremRuns``), shared by the
    tests of this process."""
    return _THEOREM_RUNS
