"""The examples in the public API's docstrings run and show what they say (doctest)."""

from __future__ import annotations

import doctest
import importlib

import pytest

#: The modules whose docstrings document the public API (``castlerules.__all__``, the strategies,
#: and what a missing extra says).
MODULES = [
    "castlerules",
    "castlerules.core.game",
    "castlerules.core.record",
    "castlerules.core.outcome",
    "castlerules.core.catalog",
    "castlerules.core.config",
    "castlerules.splut.config",
    "castlerules.kasteel.config",
    "castlerules.spookslot.config",
    "castlerules.vlotte_geesten.config",
    "castlerules.core.extras",
    "castlerules.core.frozen",
    "castlerules.strategies",
]


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True
    )
    assert failures == 0, f"{name}: {failures} of {tried} examples failed"
    assert tried > 0 or name == "castlerules.core.catalog"
