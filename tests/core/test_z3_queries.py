"""A z3 query's answer is the query's own: it does not depend on the terms the process made before
it (``castlerules.core.theorem.solve_alone``). In the process's shared context z3 numbered a query's
terms in the order they were first made, and its search followed the numbering: a Kasteel query of
0.6 s alone ran past its two-minute limit in CI's pairwise run, after a worker's other theorems."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("z3")

#: Finds a Kasteel deadlock with five skulls anywhere (a query with many answers), after building
#: the same query for a game of other readings first, or not; prints the model z3 gives.
SCRIPT = """
import sys
import castlerules
from castlerules.core.extras import z3
from castlerules.core.theorem import z3_find
from castlerules.kasteel import kernel
from castlerules.kasteel.theorems.end import deadlock_conditions

def query(game):
    _, conds = deadlock_conditions(game, 5, exact=True, move_legal=kernel.move_legal)
    return z3.And(*conds)

game = castlerules.make("kasteel", readings={"skull-zone": "anywhere"})
if sys.argv[1] == "after-others":
    query(castlerules.make("kasteel", readings={"capture": "mover-removed"}))
found = z3_find(query(game))
assert found is not None
model = found[1]
print(sorted((d.name(), str(model[d])) for d in model.decls()))
"""


def _model(history: str) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, history], capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout


def test_a_query_gives_the_same_model_whatever_the_process_built_before() -> None:
    alone = _model("alone")
    assert alone.startswith("[(")
    assert _model("after-others") == alone
