"""The Spookslot action universe, and a fixed-length observation for the adapters.

The universe lists every die face and every trap the ball can reach (chance outcomes), then per
player and pawn every move — one for each sequence of route choices at forks that a move of up to
the game's longest walk can name, from any square or the start — and the two passage decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from castlerules.spookslot.state import (
    EXIT,
    LINE,
    START,
    TRAPS,
    Ball,
    Move,
    Pass,
    Passage,
    Phase,
    Roll,
    State,
)

if TYPE_CHECKING:
    from castlerules.spookslot.game import Spookslot

#: Die faces the option ``die_faces`` can name: the ghost (0) and the numbers 1-6.
FACES = range(7)


def routes(game: Spookslot) -> tuple[tuple[str, ...], ...]:
    """Every route a move can name (the ``via`` of ``Move``), sorted; ``()`` first."""
    board = game.board
    found: set[tuple[str, ...]] = set()
    for origin in (START, *board.ids):
        for path, choices in board.paths(origin, game.window):
            for end in range(1, len(path) + 1):
                found.add(tuple(c for c in choices[:end] if c))
    return tuple(sorted(found, key=lambda via: (len(via), via)))


def action_universe(game: Spookslot) -> tuple[Any, ...]:
    """The chance outcomes, then per player every move, the passage decisions, and — only when
    moving is optional (spookslot.interp.forced-move = optional) — the passes, last (so the ids of
    the other readings stay as they are)."""
    pawns = range(game.pawns_per_player)
    via = routes(game)
    passes = tuple(Pass(p) for p in range(game.num_players)) \
        if game.reading("forced-move") == "optional" else ()
    return (
        *(Roll(f) for f in FACES),
        *(Ball(t) for t in TRAPS),
        *(
            a
            for p in range(game.num_players)
            for k in pawns
            for a in (
                *(Move(p, k, v) for v in via),
                Passage(p, k, True),
                Passage(p, k, False),
            )
        ),
        *passes,
    )


def _places(game: Spookslot) -> dict[str, int]:
    """Where a pawn can be, numbered (the start line only under its reading, after the Exit)."""
    line = (LINE,) if game.reading("start-line") == "line-square" else ()
    return {q: i for i, q in enumerate((START, *game.board.ids, EXIT, *line))}


def observation_size(game: Spookslot) -> int:
    n, k = game.num_players, game.pawns_per_player
    return n * k * len(_places(game)) + n + len(Phase) + 1 + n * k + 2 * n + n + 1


def observation(game: Spookslot, state: State) -> list[int]:
    """Where each pawn stands (one-hot over start, squares, exit); whose turn; the phase; the roll;
    the pawns deciding on the passage; with four players each player's first pawn (+1, 0: none
    yet) and whether the second is released; the winner (one-hot, last slot: none)."""
    places = _places(game)
    n, per = game.num_players, game.pawns_per_player
    out: list[int] = []
    for pawns in state.pawns:
        for q in pawns:
            hot = [0] * len(places)
            hot[places[q]] = 1
            out += hot
    out += [int(state.turn == p) for p in range(n)]
    out += [int(state.phase is phase) for phase in Phase]
    out.append(state.roll)
    pending = set(state.pending)
    out += [int((p, k) in pending) for p in range(n) for k in range(per)]
    out += [f + 1 for f in state.first] if state.first else [0] * n
    out += [int(r) for r in state.released] if state.released else [0] * n
    out += [int(state.winner == p) for p in range(n)] + [int(state.winner == -1)]
    return out
