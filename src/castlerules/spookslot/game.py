"""Spookslot as a game: the class ``castlerules.make("spookslot")`` makes -- the rules
(``castlerules.spookslot.rules``) with the variants, the positions, the notation, the check of a
state and the pictures."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from castlerules.core.declaration import GameInfo
from castlerules.core.errors import quote
from castlerules.core.game import require
from castlerules.core.registry import clause, reads
from castlerules.spookslot import notation, render, rules
from castlerules.spookslot.declaration import GAME
from castlerules.spookslot.rules import MAX_FACE, SpookslotRules
from castlerules.spookslot.state import (
    EXIT,
    START,
    TRAPS,
    Action,
    Ball,
    Move,
    Pass,
    Passage,
    Phase,
    Roll,
    State,
)


class Spookslot(SpookslotRules):
    """Spookslot (Ghost Castle) for 2-6 players.

    Options: ``players`` (2-6, default 2, interpretation spookslot.interp.players), ``first_player``
    (spookslot.interp.first-player), ``die_faces`` (six faces, numbers 1-6 or "ghost"; default
    1, 2, 3, 4, ghost, ghost; a die with which no pawn can ever move onto the board is refused),
    ``trap_weights`` (trap -> integer weight from 0 to 1,000,000; default uniform), ``board`` (a
    packaged board's name, board text or a path; default the packaged reconstruction
    ``"spookslot-default"``, the default reading however it is given), ``no_yellow`` (the
    optional rule: no move may end on a yellow square), and ``readings``/``ruleset`` for every
    other interpretation in the spec. Options under which a game can go on for ever (a pawn could
    come to a place from which it never reaches the Exit: six 5s, every ball to the stairs) are
    refused with the place (``castlerules.spookslot.ending``).

    A game object may be shared between threads: its only mutable parts are the module's
    ``BoundedCache``\\ s of immutable values and the memo slot of a state (its legal moves, set
    once in a single assignment).
    """

    """Spookslot (Ghost Castle) for 2-6 players.

    Options: ``players`` (2-6, default 2, interpretation spookslot.interp.players), ``first_player``
    (spookslot.interp.first-player), ``die_faces`` (six faces, numbers 1-6 or "ghost"; default
    1, 2, 3, 4, ghost, ghost; a die with which no pawn can ever move onto the board is refused),
    ``trap_weights`` (trap -> integer weight from 0 to 1,000,000; default uniform), ``board`` (a
    packaged board's name, board text or a path; default the packaged reconstruction
    ``"spookslot-default"``, the default reading however it is given), ``no_yellow`` (the
    optional rule: no move may end on a yellow square), and ``readings``/``ruleset`` for every
    other interpretation in the spec. Options under which a game can go on for ever (a pawn could
    come to a place from which it never reaches the Exit: six 5s, every ball to the stairs) are
    refused with the place (``castlerules.spookslot.ending``).

    A game object may be shared between threads: its only mutable parts are the module's
    ``BoundedCache``\\ s of immutable values and the memo slot of a state (its legal moves, set
    once in a single assignment).
    """

    info: ClassVar[GameInfo] = GAME
    players_range: ClassVar[tuple[int, int]] = (2, 6)
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        return (
            *({"players": n} for n in range(2, 7)),
            *({"players": n, "no_yellow": True} for n in range(2, 7)),
            {"players": 3, "first_player": 2},
            {"players": 2, "die_faces": [1, 2, 3, 4, 5, "ghost"]},
            {"players": 4, "trap_weights": {"stairs": 1, "bookcase": 2, "portrait": 3, "axe": 0}},
        )

    @property
    def num_players(self) -> int:
        return self._n

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        extra: list[Any] = [Roll(f) for f in range(MAX_FACE + 1)]
        extra += [Ball(t) for t in TRAPS]
        for p in range(self._n):
            extra.append(Pass(p))
            for k in range(self._per_player):
                extra.append(Move(p, k))
                extra.append(Passage(p, k, True))
                extra += [Move(p, k, (b,)) for f in self.board.forks for b in self.board.next[f]]
        extra.append(Move(state.turn % 64, 0, ("nowhere",)))
        extra.append(Move(0, 1))
        legal = self.legal_actions(state)
        seen = set(legal)
        return (*legal, *(a for a in extra if a not in seen))

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        """The one-line position text (see ``castlerules.spookslot.notation``)."""
        return notation.position_text(state)

    def parse_position(self, text: str) -> State:
        return notation.parse_position(text)

    def action_to_str(self, state: State, action: Action) -> str:
        return notation.action_to_str(action)

    def parse_action(self, state: State, text: str) -> Action:
        found: Action = notation.parse_action(text, state)
        return found

    @clause("spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.groen-meerdere")
    @reads("spookslot.interp.bounce-past-exit", "spookslot.interp.start-line")
    def validate_state(self, state: State) -> None:
        n, per = self._n, self._per_player
        require(len(state.pawns) == n, f"state.pawns: expected {n} players")
        for p, ps in enumerate(state.pawns):
            require(len(ps) == per, f"state.pawns[{p}]: expected {_pawns(per)}")
            for k, q in enumerate(ps):
                require(q in self._places,
                        f"state.pawns[{p}][{k}]: {quote(q)} is not a square of the board")
        require(0 <= state.turn < n, f"state.turn: expected a player from 0 to {n - 1}")
        on_board = Counter(q for ps in state.pawns for q in ps if self._bit[q])
        for q, c in on_board.items():
            require(
                c == 1 or q in self.board.blue or q == self.board.green_star or self._share_blocked,
                f"state.pawns: {c} pawns share {q}, which is not a blue or the green star square",
            )
        self._validate_four(state)
        done = [p for p in range(n) if self.has_won(state, p)]
        if state.phase is Phase.OVER:
            require(state.winner in done, "state.winner: that player has not escaped")
            require(state.roll == 0 and not state.pending, "state: nothing is pending at the end")
        else:
            require(state.winner == -1, "state.winner: only when the game is over")
            require(not done, "state.pawns: a player has escaped but the game is not over")
        require((state.phase is Phase.MOVE) == (state.roll != 0), "state.roll: only in a move")
        if state.phase is Phase.MOVE:
            require(state.roll in self._faces, f"state.roll: the die has no face {state.roll}")
            require(bool(self.move_set(state).actions), "state: a move phase where no pawn can move")
        if state.phase is Phase.BALL:
            require(self.anyone_in_danger(state), "state: the ball drops but nobody is in danger")
        require((state.phase is Phase.PASSAGE) == bool(state.pending),
                "state.pending: exactly in the passage phase")
        for p, k in state.pending:
            require(0 <= p < n and 0 <= k < per, "state.pending: unknown pawn")
            require(state.pawns[p][k] in self.board.red_stars,
                    "state.pending: that pawn is not on a red star square")
        require(len(set(state.pending)) == len(state.pending), "state.pending: repeated pawn")

    def _validate_four(self, state: State) -> None:
        expected = self._n if self._four else 0
        require(len(state.first) == expected and len(state.released) == expected,
                "state.first/released: expected one entry per player with 4 players, else none")
        require(all(f in (-1, 0, 1) for f in state.first), "state.first: expected -1, 0 or 1")
        for p, (f, free) in enumerate(zip(state.first, state.released)):
            require(f != -1 or (not free and all(q == START for q in state.pawns[p])),
                    f"state.first[{p}]: a player who has moved has a first pawn")
            require(f == -1 or free or all(q == START for i, q in enumerate(state.pawns[p])
                                           if i != f),
                    f"state.released[{p}]: the second pawn moved before it was released")
            lead = state.pawns[p][f] if f != -1 else START
            require(not free or f != -1, f"state.released[{p}]: released before any move")
            require(free or not (lead in self.board.lower or lead == EXIT),
                    f"state.released[{p}]: the first pawn has reached the laboratory floor")

    def describe_chance(self, state: State, outcome: Any) -> str:
        """A chance outcome in words, as a person at the table tells it."""
        return render.describe_chance(self, state, outcome)

    def render(self, state: State) -> str:
        return render.render_text(self.board, state, self)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        """The board drawn floor by floor with the pawns on it; ``highlight`` squares marked;
        at a chance node, what chance does."""
        return render.render_svg(state, self.board, highlight, self)


def _pawns(n: int) -> str:
    return f"{n} pawn" if n == 1 else f"{n} pawns"


#: ``castlerules.spookslot.rules.Spookslot`` named the game before the rules and the game were two
#: modules; it still does (set here: the rules never import their game).
rules.Spookslot = Spookslot  # type: ignore[attr-defined]
