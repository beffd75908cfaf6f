"""Spookslot theorems: the board's shape, the exit/bounce kernel (z3), and exhaustive checks of the
game's own transition function against an independent step-by-step reading of the rules.

Each theorem is declared beside its check (``@theorem`` of ``castlerules.core.theorem``);
``theorems(game)`` collects the declarations of these modules and makes them for that game object —
its player count, board and readings — in the order of ``ORDER``. What a statement takes from the
game is a function of it: the move family (``moves.move_cases``, ``moves.family_text``), the pawn
pairs (``players.pair_cases``), the two-player game of the single-pawn chain (``chain.chain_game``),
what the moves depend on (``common.move_depends``). The exhaustive checks enumerate finite families of positions that cover every case that
matters for the rule in question (stated in each theorem):

* moves: every square (and behind the start), every face of the die, and every way of placing up to
  three other pawns on the squares a move from there can touch (all placements that exist with two
  players; the game's move generator only looks at those squares);
* rolls: every pawn placement of the mover on every square, with and without another pawn in a
  danger zone, before and after the first ghost;
* the ball: every trap with pawns of the mover and of another player on every pair of squares;
* the passage: every set of pawns on the red star squares;
* pawn pairs: the mover's two pawns on every ordered pair of places, escaped included (so a player
  whose first pawn has escaped while the second is on the board is reached), with every 4-player
  bookkeeping the game's validation accepts (either pawn first, released or not);
* long bounces: a row of up to every other pawn of the game from the rolled square on;
* turns: every chance outcome and decision of one turn, for every player of every count;
* option values: every die of six faces (accepted exactly when a pawn can ever move onto the
  board), a stated set of trap weights, every packaged board.

For each position the game's legal actions and the successor of each are compared with what the
rulebook says, computed independently here: the independent reading of the rules is
``reading.Reading`` (the one module and name for it; the families and checks only call it). The
invariants (pawns conserved, shared squares, exact exits) are checked on every successor, so they
are inductive steps: from any position of the families the rules keep them. Nothing plays a game,
so a rule bug that makes games endless cannot make a theorem hang.

The single-pawn Markov chain is built from the board data alone and compared, square by square and
exactly, with the one-turn distribution of the game's rules (explored to a bounded depth).

Where the theorems reach (``depends_on``): every theorem whose truth can change with the player
count declares ``"players"`` and runs for 2-6 players in the default ``castlerules verify``; every
theorem names the interpretations whose options it states (so ``--all-readings`` runs it under each
of their options) and the keyword options it quantifies over (``die_faces``, ``trap_weights``,
``board``, ``first_player``, ``no_yellow``). The rulebook's numbers come from the spec's
``[[fact]]`` entries (``common.fact``), never from the rules code.

One module per kind of statement: ``board`` (the board and the exit/bounce kernel, z3),
``reading`` (the independent reading of the rules), ``families`` (the positions enumerated),
``moves``, ``turn`` (rolls, ball, passage), ``players`` (player counts, set-up, turn order,
winners, the mover's pawns on every pair of places, the four-player rule), ``options`` (die
faces, trap weights, packaged boards) and ``chain``.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.theorem import Theorem, declared_theorems
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.theorems import (
    board,
    chain,
    ending,
    legality,
    moves,
    near_fork,
    options,
    players,
    positions,
    turn,
)
from castlerules.spookslot.theorems.common import GAME
from castlerules.spookslot.theorems.options import REPRESENTATIVES

__all__ = ["ORDER", "REPRESENTATIVES", "theorems"]

#: The theorem modules (importing them declares their theorems).
MODULES = (players, options, board, moves, positions, legality, turn, near_fork, ending, chain)

#: The order of the theorems in reports and pages: the players and the start, the board and the
#: exit kernel, the moves, the positions and legality, the pawns, the turn, the option values;
#: the single-pawn chain (made where it models the game) and the deep move family last.
ORDER = (
    "spookslot.player-counts",
    "spookslot.start-position",
    "spookslot.turn-order",
    "spookslot.winner",
    "spookslot.board-well-formed",
    "spookslot.exit-exact",
    "spookslot.bounce-next-free",
    "spookslot.moves-reference",
    "spookslot.positions",
    "spookslot.legality",
    "spookslot.move-successor",
    "spookslot.pawn-pairs",
    "spookslot.pawn-choice",
    "spookslot.one-pawn-per-roll",
    "spookslot.long-bounces",
    "spookslot.roll-transition",
    "spookslot.ball-transition",
    "spookslot.passage-transition",
    "spookslot.fork-near-exit",
    "spookslot.second-pawn-waits",
    "spookslot.die-faces",
    "spookslot.options-end",
    "spookslot.options-end-every",
    "spookslot.trap-weights",
    "spookslot.option-refusals",
    "spookslot.single-pawn-chain",
    "spookslot.moves-reference-three",
)


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem for ``game`` (default: the default game), under its options and readings.
    Cheap: it makes the theorems; nothing is checked until a theorem's check runs."""
    g: Spookslot = Spookslot() if game is None else game
    return declared_theorems(__name__, g, GAME, ORDER)
