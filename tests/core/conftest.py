"""Fixtures of the core tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.core.test_terminal import Terminal


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    """Start ``castlerules`` in a pseudo-terminal (``Terminal``); every one started is killed
    at the end if it still runs."""
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal(*args)
        made.append(t)
        return t

    yield start
    for t in made:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()
