"""Moves ('Je gooit een getal', 'Waar je pion eindigt', 'Ontsnappen via het Exitveld'): the game's
moves and their successors against the step-by-step reading."""


from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from castlerules.core.theorem import Result
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    LINE,
    START,
    Move,
    Pass,
    State,
)
from castlerules.spookslot.theorems.common import (
    Key,
    _key,
    _position,
    _refute,
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


