"""Splut! theorems: the kernels (throw, push, bookkeeping, who moves next, the end), the tables the
game runs, its whole transition against an independent reading, the board invariants over every
state, and whether players can be left without a legal step.

Each theorem is declared beside its check (``@theorem`` of ``castlerules.core.theorem``; the
clause predicates of ``pieces`` by ``pieces.clause_predicate``, their docstrings the statements);
``theorems(game)`` collects the declarations of these modules and makes them for that game object
(its player count and its readings), in the order of ``ORDER``. The clause groups several
statements share are named in ``_common``. Each check takes the rule functions it is about as parameters (defaulting to the game's own), so a
test can hand it a deliberately broken rule and see the counterexample (the ``fails_with`` test of
each theorem). What each kind of check proves:

- *z3 over a kernel* (basis ``code``): the dual-mode function the game calls, for every input.
- *exhaustive over the game* (basis ``code``): the game's own functions (its tables, its move
  generator, legality predicate and successor) on every case of a stated finite set, against the
  kernels or against ``castlerules.splut.reference.Reference``, the independent reading of the
  clauses (the one module and name for it).
- *z3 over a model* (basis ``model``): a whole-board encoding of one action, for every board; the
  check first runs its refinement (the model against the game's successor on a finite family of
  positions), so a rule bug in the game fails the theorem too.

Where the theorems reach: every rule clause of the rulebook is in the clauses of a statement, every
playable option of a reading is stated by a theorem made under it (``depends_on``), the theorems
that can depend on the player count run for 2, 3 and 4 players, and a value a theorem checks — a
start square, a seat, a count — comes from the rulebook's facts (``[[fact]]`` in specs/splut.toml),
never from the rules code.

One module per kind of statement, so a Dutch clause leads to its statements in one hop:

- ``setup``: Onderdelen, Begin van het spel, Hoe te zitten — the board, the start, the seats, the
  starter and whose turn follows (splut.board, splut.start, splut.seating);
- ``pieces``: Bij elke zet, Overzicht van elk stuk, the glossary — each piece's powers, clause by
  clause, on the game's own moves (splut.own-pieces, splut.pull-optional, splut.throw-at-once,
  splut.turn-passes, splut.throw-crushes, splut.levitation-blocked, splut.levitation-follows,
  splut.orthogonal) and the rock under a troll (splut.rock-under-troll);
- ``kernels``: Werpen, Duwen, Bij elke zet, Verloop, Hoe je wint — the dual-mode kernels under z3
  and the tables the game runs;
- ``transition``: the whole game against an independent reading;
- ``model``: the board invariants (rocks, one thing per square, whole teams);
- ``stuck``: players without a legal step, and deadlocks.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.theorem import Theorem, declared_theorems
from castlerules.splut.game import Splut
from castlerules.splut.theorems import (
    kernels,
    model,
    pieces,
    positions,
    setup,
    stuck,
    transition,
)
from castlerules.splut.theorems._common import GAME

__all__ = ["ORDER", "theorems"]

#: The theorem modules (importing them declares their theorems).
MODULES = (setup, pieces, positions, kernels, transition, model, stuck)

#: The order of the theorems in reports and pages: the set-up, the pieces clause by clause, the
#: positions, the kernels and tables, the whole transition, the board invariants, the stuck.
ORDER = (
    "splut.start",
    "splut.seating",
    "splut.rock-under-troll",
    "splut.own-pieces",
    "splut.pull-optional",
    "splut.throw-at-once",
    "splut.turn-passes",
    "splut.throw-crushes",
    "splut.levitation-blocked",
    "splut.levitation-follows",
    "splut.orthogonal",
    "splut.positions",
    "splut.board",
    "splut.throw-lands",
    "splut.push-line",
    "splut.rocks-kept",
    "splut.step-count",
    "splut.next-player",
    "splut.elimination",
    "splut.tables",
    "splut.transition",
    "splut.transition-deep",
    "splut.state-invariants",
    "splut.always-a-step",
    "splut.always-a-step-full-team",
    "splut.no-deadlock",
    "splut.no-deadlock-3",
    "splut.no-deadlock-4",
)


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem of ``game`` (default: ``Splut()``), under its player count and readings."""
    g: Splut = game if game is not None else Splut()
    return declared_theorems(__name__, g, GAME, ORDER)
