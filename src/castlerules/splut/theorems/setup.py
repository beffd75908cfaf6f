"""Onderdelen, Begin van het spel, Hoe te zitten: the board, the start and the seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.theorem import Result
from castlerules.splut.board import (
    LINE,
    NAMES,
    NEXT,
    OFF,
    SQUARES,
    TIPS,
)
from castlerules.splut.reference import Reference
from castlerules.splut.rules import (
    Splut,
)
from castlerules.splut.theorems._common import (
    _every_count,
    _refute,
)

# -- the board and the start ---------------------------------------------------------------------
_SEAT_WORDS = ("South", "West", "North", "East")


def _named_squares(text: str, words: Sequence[str]) -> dict[str, dict[str, str]]:
    """'South rock E1, dwarf E2, ...; West ...' -> {"South": {"rock": "e1", ...}, ...}."""
    import re

    out: dict[str, dict[str, str]] = {}
    for seat in _SEAT_WORDS:
        found = re.search(seat + r" ([^;.]*)", text)
        if found is None:
            continue
        out[seat] = {
            m.group(1): m.group(2).lower()
            for m in re.finditer(r"(" + "|".join(words) + r") ([A-I][1-9])", found.group(1))
        }
    return out


def start_squares(game: Splut) -> dict[str, dict[str, str]]:
    """The start squares of every seat, read from the text of the game's start-positions option
    (a mirrored option names only the pieces it moves; the others are "as above")."""
    spec = game.spec.interpretation("start-positions")
    base = _named_squares(spec.option("rock-view").text, ("rock", "dwarf", "troll", "sorcerer"))
    chosen = spec.option(game.reading("start-positions")).text
    for seat, pieces in _named_squares(chosen, ("rock", "dwarf", "troll", "sorcerer")).items():
        base[seat].update(pieces)
    return base


def check_board(game: Splut) -> Result:
    """Exhaustive: the board is the diamond the interpretation board-geometry describes (square
    (c, r) on it when |c - 5| + |r - 5| <= 4), the game's neighbour and line tables are its
    orthogonal adjacency (north = the next row), the tips are the squares with one neighbour; and
    for 2, 3 and 4 players the start has the four rocks on the tips, every seated team on the
    squares the start-positions option names, and the first player to move with the opening's
    steps (seating and steps-per-turn readings)."""
    columns = "abcdefghi"
    diamond = {(c, r) for c in range(1, 10) for r in range(1, 10) if abs(c - 5) + abs(r - 5) <= 4}
    names = {f"{columns[c - 1]}{r}" for c, r in diamond}
    if set(NAMES.values()) != names or len(SQUARES) != 41:
        return Result.refuted(f"{len(SQUARES)} squares", "the board is not the 41-square diamond")
    by_name = {v: k for k, v in NAMES.items()}
    steps = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
    for (c, r) in diamond:
        x = by_name[f"{columns[c - 1]}{r}"]
        for d, (dc, dr) in steps.items():
            there = (c + dc, r + dr)
            want = by_name[f"{columns[there[0] - 1]}{there[1]}"] if there in diamond else OFF
            if NEXT[x][d] != want:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the neighbour table is wrong",
                                      highlight=(NAMES[x],))
            line, y = [], want
            while y != OFF:
                line.append(y)
                y = NEXT[y][d]
            if tuple(line) != LINE[x][d]:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the line table is wrong")
    tips = {x for x in SQUARES if sum(y != OFF for y in NEXT[x]) == 1}
    if tips != set(TIPS) or {NAMES[t] for t in tips} != {"a5", "e1", "e9", "i5"}:
        return Result.refuted(str(sorted(NAMES[t] for t in TIPS)), "the tips are wrong")
    squares = start_squares(game)
    for g in _every_count(game):
        start = g.initial_state()
        reference = Reference(g)
        for player, seat in enumerate(g.seats):
            named = squares[_SEAT_WORDS[int(seat_index(seat))]]
            trio = tuple(by_name[named[k]] for k in ("sorcerer", "troll", "dwarf"))
            if start.pieces[player] != trio:
                return _refute(g, start, f"player {player} ({_SEAT_WORDS[int(seat_index(seat))]}) "
                                         "does not start where the interpretation says")
        if set(start.rocks) != tips or start.to_move != reference.first or start.steps_left != (
            1 if reference.opening else 3
        ):
            return _refute(g, start, "the rocks, the first player or the first steps are wrong")
    return Result.proved("every square, neighbour and line; the start for 2, 3 and 4 players")


def seat_index(seat: Any) -> int:
    """A seat's place in the words South, West, North, East."""
    return ("SOUTH", "WEST", "NORTH", "EAST").index(seat.name)

