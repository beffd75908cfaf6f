"""The Splut! action universe, and a fixed-length observation for the adapters.

The universe lists, per player, every step from a board square to a neighbour (plain, pulling the
rock behind when there is a square behind, and levitating the rock of any square that has a
neighbour in the same direction), the four throws and the pass. No chance outcomes: Splut! has none.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from castlerules.splut.board import NEXT, OFF, SQUARES, Dir
from castlerules.splut.rules import actions_for
from castlerules.splut.state import Lev, State

if TYPE_CHECKING:
    from castlerules.splut.game import Splut

_OPPOSITE = {d: d.opposite for d in Dir}
_INDEX = {square: i for i, square in enumerate(SQUARES)}


def _steps(game: Splut, player: int, edge: bool = False) -> list[Any]:
    """Player ``player``'s steps, as the interned objects the move generator returns (so an
    adapter's id lookup finds each legal action by identity). With ``edge``: only the levitating
    steps of rocks with no square beyond them, which the reading splut.interp.levitate-blocked =
    sorcerer-moves-rock makes possible (a blocked rock stays put)."""
    acts = actions_for(game.num_players)
    out: list[Any] = []
    for frm in SQUARES:
        for d in Dir:
            if NEXT[frm][d] == OFF:
                continue
            row = acts.levs[player][frm][d]
            if edge:
                out.extend(row[r] for r in SQUARES if NEXT[r][d] == OFF)
                continue
            out.append(acts.by_dir[player][frm][d])
            if NEXT[frm][_OPPOSITE[d]] != OFF:
                out.append(acts.pull_dir[player][frm][d])
            out.extend(row[r] for r in SQUARES if NEXT[r][d] != OFF)
    return out


def action_universe(game: Splut) -> tuple[Any, ...]:
    """Per player: its steps, its four throws and its pass; then, under readings that need them,
    the extra levitating steps (so the ids of the default universe never change)."""
    acts = actions_for(game.num_players)
    players = range(game.num_players)
    extra = [a for p in players for a in _steps(game, p, edge=True)] if game.lev_may_stay else []
    return (
        *(a for p in players for a in (*_steps(game, p), *acts.throws[p], acts.passes[p])),
        *extra,
    )


@functools.cache
def _identity_index(players: int, stays: bool) -> dict[int, int]:
    """id(interned action) -> its index in the universe of a game with ``players`` players (and the
    extra levitating steps when ``stays``). The interned actions live as long as the process, so
    their ids are never reused."""
    from castlerules.splut.game import Splut

    readings = {"levitate-blocked": "rock-stays"} if stays else None
    universe = action_universe(Splut(players=players, readings=readings))
    return {id(a): i for i, a in enumerate(universe)}


def legal_ids_of(game: Splut) -> Callable[[Sequence[Any]], tuple[int, ...]]:
    """The adapters' speed hook: a function from ``legal`` (the actions ``game`` just listed) to
    their sorted universe indices, found by the identity of the interned action objects instead of
    hashing each action. An action that is not interned is looked up by equality."""
    index = _identity_index(game.num_players, game.lev_may_stay)
    by_identity = index.__getitem__

    def legal_ids(legal: Sequence[Any]) -> tuple[int, ...]:
        try:
            return tuple(sorted(map(by_identity, map(id, legal))))
        except KeyError:
            position = {a: i for i, a in enumerate(action_universe(game))}
            return tuple(sorted(position[a] for a in legal))

    return legal_ids


def _square(square: int) -> list[int]:
    """One-hot over the 41 squares and "off the board"."""
    out = [0] * (len(SQUARES) + 1)
    out[_INDEX.get(square, len(SQUARES))] = 1
    return out


def _squares(squares: Sequence[int] | frozenset[int]) -> list[int]:
    out = [0] * len(SQUARES)
    for s in squares:
        out[_INDEX[s]] = 1
    return out


def observation_size(game: Splut) -> int:
    n, cells = game.num_players, len(SQUARES)
    return 3 * n * (cells + 1) + 3 * cells + n + 2 + (cells + 1) * 2 + len(Lev)


def observation(game: Splut, state: State) -> list[int]:
    """Per player the squares of sorcerer, troll and dwarf; the rocks; the rocks moved by the
    previous player and in this turn; who moves; turn number and steps left; the troll holding a
    rock; levitation and the levitated rock."""
    out: list[int] = []
    for trio in state.pieces:
        for square in trio:
            out += _square(square)
    out += _squares(state.rocks)
    out += _squares(state.moved_before)
    out += _squares(state.moved_now)
    out += [int(state.to_move == p) for p in range(game.num_players)]
    out += [state.turn, state.steps_left]
    out += _square(state.throw_from)
    out += [int(state.lev == lev) for lev in Lev]
    out += _square(state.lev_rock)
    return out
