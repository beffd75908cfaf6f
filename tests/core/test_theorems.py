"""Every theorem of every game has the status it expects (run once per session, shared)."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.plan import plan
from castlerules.core.spec import load_spec
from castlerules.core.theorem import METHODS, Run
from tests.conftest import theorem_key

THEOREMS = [t for name in castlerules.games() for t in castlerules.make(name).theorems()]
PLANNED = [t for name in castlerules.games() for t in plan(name)]


@pytest.mark.verify_run
@pytest.mark.slow  # every theorem of every game: what `castlerules verify` runs (CI runs both)
@pytest.mark.parametrize("t", PLANNED, ids=[theorem_key(t) for t in PLANNED])
def test_theorem_has_its_expected_status(t: object, theorem_runs: dict[str, Run]) -> None:
    result = theorem_runs[theorem_key(t)]
    assert result.ok, f"{result.result.status}: {result.result.detail}\n{result.result.counterexample}"


@pytest.mark.parametrize("t", THEOREMS, ids=[t.id for t in THEOREMS])
def test_theorem_is_well_formed(t: object) -> None:
    from castlerules.core.theorem import Status, Theorem

    assert isinstance(t, Theorem)
    assert t.method in METHODS and t.statement and t.clauses
    known = load_spec(t.game).clause_ids()
    assert set(t.clauses) <= known
    if t.expected is not Status.PROVED:
        assert t.finding, "a theorem that expects a counterexample must say what was decided"


def test_theorem_ids_are_unique() -> None:
    ids = [t.id for t in THEOREMS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", castlerules.games())
def test_the_rules_do_not_import_their_proofs(name: str) -> None:
    """Theorems sit above the rules: making a game and playing it never imports its theorems
    module (the catalog finds it when ``game.theorems()`` is asked for)."""
    import subprocess
    import sys

    from castlerules.core.catalog import info

    package = info(name).package
    probe = (f"import sys, castlerules; g = castlerules.make({name!r}); s = g.initial_state(); "
             f"g.legal_actions(s); print({package + '.theorems'!r} in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == "False"
