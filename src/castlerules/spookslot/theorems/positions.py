"""Which positions the game accepts ('Voorbereiding', 'Spelverloop', 'De geheime doorgang', 'Het
einde'): every position of the families, and no change of one that breaks a rule of the pawns, the
turn, the die, the ball, the passage or the end — what a position read from a stranger's JSON or
text must meet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import EXIT, GHOST, START, Phase, State
from castlerules.spookslot.theorems.common import TESTS, _refute, clause_ids
from castlerules.spookslot.theorems.families import (
    _valid,
    move_states,
    passage_states,
    roll_states,
)
from castlerules.spookslot.theorems.legality import chance_states, over_states
from castlerules.spookslot.theorems.reading import Reading


def _on_board(game: Spookslot, q: str) -> bool:
    return q not in (START, EXIT) and q in game.board.ids


def changes(game: Spookslot, reading: Reading, state: State) -> Iterator[tuple[str, State, bool]]:
    """Changes of ``state`` that each break one rule, with whether the rules refuse the result
    (a rule a reading lifts is named with it): (what is broken, the state, refused)."""
    n, per = game.num_players, game.pawns_per_player
    board = game.board
    numbers = sorted(f for f in reading.die if f != GHOST)
    share = game.reading("bounce-past-exit") == "share"

    def new(**changed: Any) -> State:
        return attrs.evolve(state, **changed)

    def pawns_with(p: int, k: int, q: str) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(q if (i, j) == (p, k) else x for j, x in enumerate(ps))
                     for i, ps in enumerate(state.pawns))

    yield "pawns of a player not at the table", new(pawns=(*state.pawns, (START,) * per)), True
    yield ("a pawn too many ('twee pionnen' with 2-4 players, one with 5 or 6)",
           new(pawns=((*state.pawns[0], START), *state.pawns[1:])), True)
    yield "a pawn on no square of the board", new(pawns=pawns_with(0, 0, "attic")), True
    yield "the turn of a player not at the table", new(turn=n), True
    mover = state.pawns[state.turn][0]
    others = [(p, k) for p, ps in enumerate(state.pawns) for k, q in enumerate(ps)
              if (p, k) != (state.turn, 0) and _on_board(game, q)]
    if (state.phase is Phase.ROLL and _on_board(game, mover) and others
            and mover not in board.blue and mover != board.green_star):
        p, k = others[0]
        yield ("two pawns on a square that is neither blue nor the green star (allowed under "
               "bounce-past-exit = share)", new(pawns=pawns_with(p, k, mover)), not share)
    if state.phase is Phase.OVER:
        losers = [p for p in range(n) if p != state.winner]
        yield "a winner whose pawns have not all escaped", new(winner=losers[0]), True
        yield "a roll at the end", new(roll=min(numbers)), True
        yield "a passage pending at the end", new(pending=((state.winner, 0),)), True
        return
    yield "a winner before the end", new(winner=state.turn), True
    out = tuple((EXIT,) * per if p == state.turn else ps for p, ps in enumerate(state.pawns))
    yield "a player with every pawn out and the game not over", new(pawns=out), True
    if state.phase is Phase.MOVE:
        yield "a move phase without a number", new(roll=0), True
        missing = [f for f in range(1, 7) if f not in numbers]
        if missing:
            yield f"a number the die does not have ({missing[0]})", new(roll=missing[0]), True
    else:
        yield "a number outside the move phase", new(roll=min(numbers)), True
    if state.phase is Phase.BALL:
        safe = tuple(tuple(START for _ in ps) for ps in state.pawns)
        yield "the ball dropping with nobody in danger", new(pawns=safe), True
    if state.phase is Phase.PASSAGE:
        yield "the passage open with nobody to decide", new(pending=()), True
        p, k = state.pending[0]
        yield "a pending pawn of a player not at the table", new(
            pending=(*state.pending[1:], (n, k))), True
        yield "a pending pawn its player does not have", new(
            pending=(*state.pending[1:], (p, per))), True
        yield "a pending pawn twice", new(pending=(*state.pending, (p, k))), True
        away = [(i, j) for i, ps in enumerate(state.pawns) for j, q in enumerate(ps)
                if q not in board.red_stars]
        if away:
            yield "a pending pawn off the red star squares", new(
                pending=(*state.pending[1:], away[0])), True
    else:
        yield ("a passage pending outside the passage phase",
               new(pending=((state.turn, 0),)), True)


def families(game: Spookslot) -> Iterator[tuple[str, Iterator[State]]]:
    """The positions the statement starts from, named."""
    yield "before a roll and after a ghost, another pawn on a safe or danger square", \
        roll_states(game)
    yield "rolls, extra rolls and ball drops (the mover on every square)", chance_states(game)
    yield "passage decisions", passage_states(game)
    yield "moves from every square with every face", (
        s for s in move_states(game, 0) if _valid(game, s))
    yield "ends", over_states(game)


@theorem(
    "spookslot.positions",
    lambda game: (
        f"With {game.num_players} players the game accepts every position of its families (before a roll, "
        "after a ghost, before the ball, at a passage decision, at a move from every square, "
        "at the end) and refuses every change of one that breaks a rule: pawns for a player "
        "not at the table, a pawn too many (the facts: two each with 2 to 4 players, one "
        "with 5 or 6), a pawn on no square, the turn of nobody, two pawns on a square that is "
        "neither blue nor the green star (except under bounce-past-exit = share), a winner "
        "before the end or one whose pawns have not all escaped, a player out and the game "
        "not over, a number outside the move phase or one the die does not have, the ball "
        "with nobody in danger, a passage pending outside its phase, twice, for nobody, for a "
        "pawn its player does not have or off the red star squares, anything pending at the "
        "end. Exhaustive."
    ),
    clauses=clause_ids("pionnen.aantal", "intro.spelers", "eindigen.bezet",
                     "geschrokken.blauw-meerdere", "geheim.groen-meerdere", "geheim.sterveld",
                     "spook.kogel", "beurt.dobbelen", "einde.twee-vier", "einde.vijf-zes"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_positions_catches_a_careless_validation",
    depends_on=("players", "bounce-past-exit", "die-faces", "die_faces"),
)
def check_positions(game: Spookslot) -> Result:
    """Exhaustive over ``families`` and every change of one (``changes``): the game accepts the
    position and refuses a change exactly when the rules (and the reading that lifts one) do."""
    reading = Reading(game)
    states = count = 0
    for _what, family in families(game):
        for state in family:
            states += 1
            if not _valid(game, state):
                return _refute(game, state, "the game refuses a position of the rules")
            for what, changed, refused in changes(game, reading, state):
                count += 1
                if _valid(game, changed) == refused:
                    return _refute(game, state if refused else changed, f"{what}: the game "
                                   f"{'accepts' if refused else 'refuses'} it")
    return Result.proved(f"{game.num_players} players: {states} positions, {count} changes that "
                         "break a rule")
