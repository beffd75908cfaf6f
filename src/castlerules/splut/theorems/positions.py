"""Which positions the game accepts: every position of the family, and no change of one that breaks
a rule of the board or of the turn (the rocks, one thing per square, whole teams, the steps of a
turn, the throw, levitation) — what a position read from a stranger's JSON or text must meet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from castlerules.core.errors import InvalidStateError
from castlerules.core.theorem import Result, theorem
from castlerules.splut.board import OFF
from castlerules.splut.game import Splut
from castlerules.splut.state import Lev, Piece, State
from castlerules.splut.theorems._common import TESTS, _refute, under_readings
from castlerules.splut.theorems.transition import family


def _accepts(game: Splut, state: State) -> bool:
    try:
        game.validate_state(state)
    except InvalidStateError:
        return False
    return True


def turn_steps(game: Splut, turn: int) -> int:
    """The steps of turn number ``turn``, from the rulebook's facts (1, 2, then 3; 3 always under
    steps-per-turn = always-three)."""
    from castlerules.splut.theorems.setup import fact

    if game.reading("steps-per-turn") != "opening" or turn >= 2:
        return int(fact("steps-later"))
    return int(fact("steps-first-turn" if turn == 0 else "steps-second-turn"))


def changes(game: Splut, state: State) -> Iterator[tuple[str, State, bool]]:
    """Changes of ``state`` that each break one rule, with whether the rules refuse the result
    (a rule that a reading lifts is named with it): (what is broken, the state, refused)."""
    resting_ok = game.reading("blocked-throw") == "rock-stays"
    thrower_wins = game.reading("winner") == "last-thrower"
    p = state.to_move
    pieces = [list(t) for t in state.pieces]
    rocks = set(state.rocks)
    standing = {x for t in state.pieces for x in t if x != OFF}
    full = turn_steps(game, state.turn)

    def new(**changed: Any) -> State:
        return attrs.evolve(state, **changed)

    def moved(q: int, k: int, square: int) -> State:
        teams = [list(t) for t in pieces]
        teams[q][k] = square
        return new(pieces=tuple((t[0], t[1], t[2]) for t in teams))

    # 'Telkens wanneer een tovenaar sterft, wordt het hele team ... verwijderd'
    for q, (s, _t, d) in enumerate(state.pieces):
        if s != OFF:
            yield "a troll or dwarf whose sorcerer has left", moved(q, Piece.SORCERER, OFF), True
        if s != OFF and d != OFF:
            teams = [list(x) for x in pieces]
            teams[q] = [OFF, OFF, d]
            yield ("a dwarf whose team has left",
                   new(pieces=tuple((x[0], x[1], x[2]) for x in teams)), True)
    # one thing per square
    on_board = [(q, k, x) for q, trio in enumerate(state.pieces) for k, x in enumerate(trio)
                if x != OFF]
    if len(on_board) >= 2:
        (q, k, _), (_, _, other) = on_board[0], on_board[1]
        yield "two pieces on one square", moved(q, k, other), True
    # a piece on a rock: a troll holding one to throw, or resting on one after a blocked throw
    free_rocks = [r for r in sorted(rocks) if r not in standing and r != state.lev_rock]
    s, t, _ = state.pieces[p]
    if free_rocks and s != OFF:
        yield "a sorcerer on a rock", moved(p, Piece.SORCERER, free_rocks[0]), True
    if free_rocks and t != OFF and state.throw_from == OFF:
        yield ("a troll standing on a rock without a throw (blocked-throw = rock-stays leaves "
               "one there)", moved(p, Piece.TROLL, free_rocks[0]), not resting_ok)
    if state.over:
        yield from _over_changes(state, new, full, thrower_wins)
        return
    gone = [q for q, trio in enumerate(state.pieces) if trio[Piece.SORCERER] == OFF]
    if gone:
        yield "the player of a team that has left to move", new(to_move=gone[0]), True
    if state.throw_from == OFF:
        yield f"more steps left than turn {state.turn} has", new(steps_left=full + 1), True
        yield "no step left and no throw to make", new(steps_left=0), True
        if t != OFF and t not in rocks:
            yield ("a throw by a troll not standing on a rock",
                   new(throw_from=t, steps_left=min(state.steps_left, full - 1)), True)
        if free_rocks:
            yield ("a throw from a rock the troll to move does not stand on",
                   new(throw_from=free_rocks[0], steps_left=min(state.steps_left, full - 1)),
                   True)
        if state.steps_left == full and free_rocks:
            yield ("a rock moved before the turn's first step",
                   new(moved_now=frozenset({free_rocks[0]})), True)
        if state.steps_left == full and state.lev is Lev.UNUSED:
            yield "a levitation ended before the turn's first step", new(lev=Lev.DONE), True
    else:
        yield "a throw with all of the turn's steps left", new(steps_left=full), True
        yield ("a throw pending while a rock is levitated",
               new(lev=Lev.ACTIVE, lev_rock=state.throw_from,
                   moved_now=state.moved_now | {state.throw_from}), True)
    yield "levitation under way without a levitated rock", new(lev=Lev.ACTIVE, lev_rock=OFF), True
    if state.lev is not Lev.ACTIVE and free_rocks:
        yield ("a levitated rock without levitation",
               new(lev_rock=free_rocks[0], moved_now=state.moved_now | {free_rocks[0]}), True)
    unmoved = [r for r in free_rocks if r not in state.moved_now]
    if state.throw_from == OFF and state.steps_left < full and unmoved:
        yield ("a levitated rock not moved this turn",
               new(lev=Lev.ACTIVE, lev_rock=unmoved[0]), True)
    under = sorted((rocks & {x[Piece.TROLL] for x in state.pieces}) - {state.throw_from})
    if state.throw_from == OFF and state.steps_left < full and under:
        yield ("a levitated rock under a troll",
               new(lev=Lev.ACTIVE, lev_rock=under[0], moved_now=state.moved_now | {under[0]}),
               True)


def _over_changes(state: State, new: Any, full: int, thrower_wins: bool
                  ) -> Iterator[tuple[str, State, bool]]:
    """Changes of a finished game that each leave a turn under way, or the winner not to move."""
    yield "a turn under way at the end: steps made", new(steps_left=full - 1), True
    yield ("a turn under way at the end: a throw", new(throw_from=state.rocks[0]), True)
    yield ("a turn under way at the end: a levitated rock", new(lev_rock=state.rocks[0]), True)
    yield ("a turn under way at the end: a rock moved", new(moved_now=frozenset(state.rocks[:1])),
           True)
    yield ("a turn under way at the end: levitation",
           new(lev=Lev.ACTIVE, lev_rock=state.rocks[0], moved_now=frozenset(state.rocks[:1])),
           True)
    gone = [q for q, trio in enumerate(state.pieces) if trio[Piece.SORCERER] == OFF]
    if gone:
        yield ("a player whose team has left to move at the end (winner = last-thrower keeps "
               "the thrower)", new(to_move=gone[0]), not thrower_wins)


@theorem(
    "splut.positions",
    lambda game: (
        f"With {game.num_players} players the game accepts every position within two actions of the seed "
        "positions (four of the start) and refuses every change of one that breaks a rule "
        "of the board or of the turn: a troll or dwarf whose sorcerer has left ('het hele "
        "team wordt uit de arena verwijderd'), two pieces on one square, a sorcerer on a "
        "rock, a troll on a rock without a throw to make (except under blocked-throw = "
        "rock-stays, which leaves one there), the player of a team that has left to move, "
        "more steps left than the turn has (1, 2, then 3 from the rulebook's facts) or none "
        "without a throw, a throw by a troll not on a rock or from a rock the troll to move "
        "does not stand on or with all steps left or during a levitation, a levitation "
        "without its rock or with a rock not moved this turn or under a troll, a rock moved "
        "or a levitation ended before the turn's first step, at the end a turn under way "
        "(steps, a throw, a moved or levitated rock) or a player whose team has left to move "
        "(except under winner = last-thrower); and anything that is not a state. "
        "Exhaustive. " + under_readings(game, ("blocked-throw", "winner",
                                                          "steps-per-turn"))
    ),
    clauses=("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.beweging.bezet",
             "splut.winnen.team-weg", "splut.splut.team", "splut.zet.eerste-een",
             "splut.zet.tweede-twee", "splut.zet.drie", "splut.trol.werpen",
             "splut.tovenaar.zweven", "splut.winnen.laatste"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_positions_theorem_catches_a_careless_validation",
    depends_on=("players", "blocked-throw", "winner", "steps-per-turn"),
)
def check_positions(game: Splut, depth: int = 2) -> Result:
    """Exhaustive over every state within ``depth`` actions of the seed positions (``depth + 2``
    of the start) and every change of one that breaks a rule (``changes``): the game accepts
    the state and refuses a change exactly when the rules (and the readings that lift one) do."""
    states = family(game, depth, start_depth=depth + 2)
    count = refused = 0
    if _accepts(game, "not a state"):  # type: ignore[arg-type]
        return Result.refuted("a text", "the game accepts something that is not a state")
    for state in states:
        if not _accepts(game, state):
            return _refute(game, state, "the game refuses a position play reaches")
        for what, changed, want in changes(game, state):
            count += 1
            if _accepts(game, changed) == want:
                shown = state if not _accepts(game, changed) else changed
                return _refute(game, shown, f"{what}: the game "
                               f"{'accepts' if want else 'refuses'} it")
            refused += want
    over = sum(s.over for s in states)
    return Result.proved(f"{len(states)} states ({over} at the end), {count} changes ({refused} "
                         f"that break a rule), {game.num_players} players")
