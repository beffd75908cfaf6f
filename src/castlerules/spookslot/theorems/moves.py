"""Moves ('Je gooit een getal', 'Waar je pion eindigt', 'Ontsnappen via het Exitveld'): the game's
moves and their successors against the step-by-step reading."""


from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from castlerules.core.theorem import Result, Status, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    LINE,
    START,
    Move,
    Pass,
    State,
)
from castlerules.spookslot.theorems.common import (
    MOVE_CLAUSES,
    TESTS,
    Key,
    _key,
    _position,
    _refute,
    clause_ids,
    move_depends,
)
from castlerules.spookslot.theorems.families import (
    move_states,
)
from castlerules.spookslot.theorems.reading import Reading


# -- checks over the families -------------------------------------------------------------------------
def _invariants(game: Spookslot, reading: Reading, before: State, action: Any,
                after: State) -> str | None:
    """What must hold of every step: pawns conserved, escaped pawns gone for good, nobody back
    behind the start, shared squares only where the rules allow, the Exit only by an exact move."""
    if len(after.pawns) != len(before.pawns) or any(
        len(a) != len(b) for a, b in zip(after.pawns, before.pawns)
    ):
        return "a player's number of pawns changed"
    for ps, qs in zip(before.pawns, after.pawns):
        for q0, q1 in zip(ps, qs):
            if q0 == EXIT and q1 != EXIT:
                return "an escaped pawn came back"
            if q0 != START and q1 == START:
                return "a pawn went back behind the start line"
            if q0 != EXIT and q1 == EXIT and not isinstance(action, Move):
                return "a pawn escaped without a move"
    counts: dict[str, int] = {}
    for ps in after.pawns:
        for q in ps:
            if q not in (START, EXIT, LINE):
                counts[q] = counts.get(q, 0) + 1
    b = reading.board
    for q, c in counts.items():
        if c > 1 and not (reading.share or q in b.blue or q == b.green_star):
            return f"{c} pawns share {q}, which is neither blue nor the green star square"
    return None


def _sharing_arrival(game: Spookslot, reading: Reading, before: State, action: Any,
                     after: State) -> str | None:
    """A normal move never ends on a taken square (unless a reading lets it share)."""
    if not isinstance(action, Move) or reading.share or reading.share_always:
        return None
    dest = after.pawns[action.player][action.pawn]
    taken = {q for ps in before.pawns for q in ps if q not in (START, EXIT, LINE)}
    if dest in taken:
        return f"a move ended on the taken square {dest}"
    return None


class MoveCases:
    """The move positions of one game with the reading's moves for each, enumerated once and
    shared by the two move theorems."""

    def __init__(self, game: Spookslot, blockers: int, keep: bool = True,
                 family: Callable[[], Iterator[State]] | None = None,
                 what: str = "") -> None:
        self.game, self.blockers, self.keep = game, blockers, keep
        self.reading = Reading(game)
        self._cases: list[tuple[State, dict[Key, str], set[Key]]] | None = None
        self.family = family or (lambda: move_states(game, blockers))
        self.what = what or (f"every square, face and up to {blockers} other pawns within reach")

    def _made(self) -> Iterator[tuple[State, dict[Key, str], set[Key]]]:
        """Every position of the family where the rules or the game allow a move (a position
        where only one of them does is kept: that is a disagreement to report)."""
        for s in self.family():
            dest, drops = self.reading.moves(s)
            if dest or self.game.legal_actions(s):
                yield s, dest, drops

    def cases(self) -> Iterator[tuple[State, dict[Key, str], set[Key]]]:
        """The cases (kept after the first pass, unless ``keep`` is false: then streamed)."""
        if self._cases is not None:
            yield from self._cases
            return
        made = self._made()
        if not self.keep:
            yield from made
            return
        found = []
        for case in made:  # streamed, so a counterexample is found without enumerating all
            found.append(case)
            yield case
        self._cases = found


def blockers(game: Spookslot) -> int:
    """How many other pawns the move family places: three cover every placement of a two-player
    game's default die; with a larger die two. With 3-6 players the default run checks one other
    pawn (the last other player's) and --deep three; the pawn pairs cover the mover's own two
    pawns everywhere."""
    return (3 if game.window <= 8 else 2) if game.num_players == 2 else 1


def family_text(game: Spookslot, others: int | None = None) -> str:
    """The move family of ``game`` in words, with ``others`` other pawns (default: ``blockers``)."""
    k = blockers(game) if others is None else others
    last = " (the last other player's first)" if game.num_players > 2 else ""
    words = {1: "one other pawn", 2: "two other pawns", 3: "three other pawns"}[k]
    return (f"every square and behind the start, every face of the die, and up to "
            f"{words}{last} on the squares a move can touch")


#: The move cases of the last game asked for (by identity): spookslot.moves-reference and
#: spookslot.move-successor, checked one after the other, enumerate them once.
_LAST_CASES: list[tuple[Spookslot, MoveCases]] = []


def move_cases(game: Spookslot) -> MoveCases:
    """The move positions of ``game``: its move family (``blockers`` other pawns), made once for
    the game object and shared by the two move theorems."""
    for made, cases in _LAST_CASES:
        if made is game:
            return cases
    k = blockers(game)
    cases = MoveCases(game, k, family=lambda: move_states(game, k), what=family_text(game))
    _LAST_CASES[:] = [(game, cases)]
    return cases


@theorem(
    "spookslot.moves-reference",
    lambda game: (
        f"For {family_text(game)}, the game's legal moves and where each ends equal a step-by-step "
        "reading of the move rules (count, bounce, routes at forks, the exact Exit, the "
        "optional rule, the 4-player rule, the readings)."
    ),
    clauses=MOVE_CLAUSES,
    method="exhaustive",
    call=lambda check, game: check(move_cases(game)),
    fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
    depends_on=move_depends,
)
def check_moves(cases: MoveCases) -> Result:
    """Exhaustive: the game's moves equal the step-by-step reading on every move position."""
    game = cases.game
    count = 0
    for s, dest, _drops in cases.cases():
        count += 1
        mine = {_key(m): d for m, d in game.moves(s).items()}
        if mine != dest:
            want = {game.action_to_str(s, Move(*m)): d for m, d in dest.items()}
            got = {game.action_to_str(s, Move(*m)): d for m, d in mine.items()}
            return _refute(game, s, f"the game's moves {got} differ from the rules' {want}")
    return Result.proved(f"{count} move positions ({cases.what}) agree with the step-by-step "
                         "reading")


@theorem(
    "spookslot.move-successor",
    lambda game: (
        f"For {family_text(game)}, every legal move leads to exactly the position the rules give: the "
        "pawn on its square; a danger square drops the ball for the same player; an escape "
        "takes the pawn off and, with the player's last pawn, ends the game with that player "
        "as the winner; otherwise the next player (clockwise) rolls; yellow squares are "
        "ordinary safe squares (no power). Pawns are conserved, no pawn returns behind the "
        "start or from the Exit, a move never ends on a taken square."
    ),
    clauses=clause_ids("pionnen.beginner", "eindigen.veilig", "eindigen.gevaar", "exit.ontsnapt",
                     "doel.winnen-twee-pionnen", "doel.winnen-een-pion", "einde.twee-vier",
                     "einde.vijf-zes", "pionnen.aantal", "eindigen.bezet"),
    method="exhaustive",
    call=lambda check, game: check(move_cases(game)),
    fails_with=f"{TESTS}::test_move_successor_catches_a_wrong_next_player",
    depends_on=lambda game: (*move_depends(game), "yellow-power"),
)
def check_move_successors(cases: MoveCases) -> Result:
    """Exhaustive: the successor of every legal move (and pass) is exactly as the rules say."""
    game, reading = cases.game, cases.reading
    count = 0
    for s, dest, drops in cases.cases():
        for action in game.legal_actions(s):
            count += 1
            got = game.apply(s, action)
            if isinstance(action, Pass):
                want = reading.next_turn(s, s.pawns, s.first, s.released)
            elif isinstance(action, Move) and _key(action) in dest:
                key = _key(action)
                want = reading.after_move(s, action, dest[key], key in drops)
            else:
                return _refute(game, s, "the game allows a move the rules do not", action)
            if got != want:
                return _refute(game, s, f"after the move the rules give {_position(game, want)}",
                               action, got)
            problem = _invariants(game, reading, s, action, got) or _sharing_arrival(
                game, reading, s, action, got)
            if problem:
                return _refute(game, s, problem, action, got)
    return Result.proved(f"{count} moves from every move position: successor, whose turn, the "
                         "ball, escape and the winner as the rules say")


@theorem(
    "spookslot.moves-reference-three",
    lambda game: (
        f"For {family_text(game, 3)}, the game's legal moves and "
        "where each ends equal the step-by-step reading of the move rules, and every move "
        "leads to the position the rules give."
    ),
    clauses=MOVE_CLAUSES,
    method="exhaustive",
    call=lambda check, game: check(MoveCases(game, 3, keep=False)),
    when=lambda game: blockers(game) != 3,
    deep=True,
    fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
    depends_on=move_depends,
)
def check_moves_and_successors(cases: MoveCases) -> Result:
    """``check_moves``, then (if that proves) ``check_move_successors``, on the same cases."""
    first = check_moves(cases)
    return first if first.status is not Status.PROVED else check_move_successors(cases)
