"""Kasteel theorems: moves along a line, the move generator, every transition, what a move costs, the
start and the skulls, the end and who wins, no overlap, and whether Kasteel can draw.

Two kinds of proof, both about the code the game runs (``basis="code"``), under the game's readings:

- **z3 over the dual-mode kernels** the game runs: ``kernel.move_legal`` (from which the game's move
  tables are built), ``kernel.after_move`` (what the successor does to the bitboards),
  ``kernel.move_cost`` and ``kernel.has_won`` (tabulated by ``winners``), over every line length
  and every fact along the line, or over a symbolic whole board (one boolean per square for a
  yellow knight, a red knight and a skull) satisfying the invariant.
- **Exhaustive enumeration of the game's own methods** (``legal_actions``, ``violation``,
  ``successor``, ``winners``, ``actors``, ``chance_outcomes``, ``initial_state``) against an
  independent reading of the clauses, ``reference`` (the one module of it, its functions named
  ``spec_*``: ``spec_line``, ``spec_successor``, ``spec_winners``, ...), over a stated finite
  family of positions: every line of the board (player,
  square, direction) with every nearest knight on it, and every move of every line.

Every check takes the game object it is about, so a test can hand it a deliberately broken rule and
see the counterexample; a counterexample carries the position text and the squares that matter
(``highlight``). Every check is bounded (a fixed family of positions, a fixed line of play, z3
with a time-out): a rule bug that makes a game endless makes a check fail, never hang.

Where the theorems reach. The rulebook's numbers and places (the two players, yellow first, the
passes of each level, four skulls, the start squares, keys, canals and the reference map) are
``[[fact]]`` entries of specs/kasteel.toml, quoted from their clauses; a theorem compares the game
with them (``common.fact``), never with a constant of the rules code. Each theorem declares what it
depends on (``depends_on``, from the groups of ``common``: the readings that change what it
states, and the keyword options whose values it quantifies over), so ``verify --all-readings``
runs it under each of their options.
Option values are quantified over, symbolically where z3 can (the passes in every kernel proof and
the symbolic board are a free integer; ``kasteel.deadlock-threshold`` leaves the number of skulls
free), otherwise over a documented finite set of sibling games made with the game's own class
(``common.sibling``): every level, every explicit number of passes 0-1000, every number of skulls
the zone holds, single and whole-row fixed skull sets, the packaged map and a custom one. Kasteel is
for two players only (fact ``players``), so no statement depends on the player count.

Each theorem is declared beside its check (``@theorem`` of ``castlerules.core.theorem``: its id,
statement, clauses, method, what it depends on, its failing test); ``theorems(game)`` collects the
declarations of these modules and makes them for the game, in the order of ``ORDER`` (the order of
reports and pages). A statement about the rulebook's set-up only is made only there
(``when=common.rulebook_set_up``); a finding that depends on the skulls says so by ``vary`` (the
functions at the top of ``end``).

The modules follow the rulebook:

- ``moves`` — Spel: how a knight moves (the line rule, the generator, the own key, no overlap);
- ``transition`` — Spel: what a legal action does (every transition against ``spec_successor``);
- ``canals`` — Kanalen: what a move costs, the passes of each level and every passes value;
- ``setup`` — Beginsituatie and the first move: the maps, the start, the skulls placed;
- ``end`` — Einde van het spel: who wins, one winner, stuck and deadlocked players, no move limit;
- ``reference`` — the independent reading of the clauses the exhaustive checks compare with;
- ``whole_board`` — the symbolic board the z3 proofs share; ``common`` — shared helpers and facts.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.theorem import Theorem, declared_theorems
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.theorems import canals, end, moves, setup, transition
from castlerules.kasteel.theorems.common import GAME
from castlerules.kasteel.theorems.setup import REPRESENTATIVES

__all__ = ["ORDER", "REPRESENTATIVES", "theorems"]

#: The theorem modules (importing them declares their theorems).
MODULES = (moves, transition, canals, setup, end)

#: The order of the theorems in reports and pages: the rules of a move, what it does and costs,
#: the set-up, the end, then the statements about option values and the set-up's facts.
ORDER = (
    "kasteel.line-rule",
    "kasteel.move-generation",
    "kasteel.move-generation-deep",
    "kasteel.transition",
    "kasteel.move-cost",
    "kasteel.chance-and-start",
    "kasteel.board",
    "kasteel.end",
    "kasteel.one-winner",
    "kasteel.never-stuck",
    "kasteel.stuck-reachable",
    "kasteel.never-deadlocked",
    "kasteel.no-overlap",
    "kasteel.own-key",
    "kasteel.passes-monotone",
    "kasteel.enter-over-wall",
    "kasteel.slide-prefix",
    "kasteel.first-move",
    "kasteel.level-passes",
    "kasteel.skulls-placed",
    "kasteel.pass-budget",
    "kasteel.no-move-limit",
    "kasteel.deadlock-threshold",
    "kasteel.stuck-rule",
    "kasteel.option-refusals",
)


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem declared in this package, made for ``game`` (default: ``Kasteel()``)."""
    g: Kasteel = game if isinstance(game, Kasteel) else Kasteel()
    return declared_theorems(__name__, g, GAME, ORDER)
