"""Splut! as a game: the class ``castlerules.make("splut")`` makes -- the rules
(``castlerules.splut.rules``) with the options, the tables it shows, the positions, the notation
and the pictures."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from castlerules.core.declaration import GameInfo
from castlerules.core.errors import InvalidStateError
from castlerules.splut import notation, render
from castlerules.splut.board import (
    BY_NAME,
    NEXT,
    OFF,
    SQUARE_SET,
    Dir,
    Seat,
)
from castlerules.splut.declaration import GAME
from castlerules.splut.rules import SplutRules, validate
from castlerules.splut.state import (
    Action,
    Pass,
    Piece,
    State,
    Step,
    Throw,
)


class Splut(SplutRules):
    """Splut! for 2, 3 or 4 players. Player 0 sits South and begins; then West, North, East as
    seated (interpretation splut.interp.seating).
    One action is one step of one piece (a troll's step may pull a rock, a sorcerer's step may
    levitate one); the throw after a troll steps onto a rock is its own action.
    """

    info: ClassVar[GameInfo] = GAME
    playout_cap: ClassVar[int] = 100_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        """Every player count the rulebook names."""
        return ({"players": 2}, {"players": 3}, {"players": 4})

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def opening(self) -> bool:
        """The first two turns have 1 and 2 steps (splut.interp.steps-per-turn = opening)."""
        return self._opening

    @property
    def clockwise(self) -> tuple[int, ...]:
        """The players in clockwise order of their seats (splut.interp.seating)."""
        return self._cycle

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat of each player (splut.interp.seating)."""
        return tuple(self._seats)

    @property
    def next_table(self) -> dict[tuple[int, tuple[bool, ...]], int]:
        """Who moves after each player, for each pattern of teams on the board (tabulated from
        kernel.next_player)."""
        return dict(self._next_table)

    @property
    def bookkeeping(
        self,
    ) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, int], ...]]:
        """The tabulated bookkeeping the successor runs: (after_step[turn][steps left],
        after_turn_end[turn]) for turns below TABLE_TURNS."""
        return self._step_table, self._end_table

    def throw_kinds(self, p: int) -> tuple[int, ...]:
        """What a rock thrown by player p meets, by occupancy code (the table the game runs)."""
        return self._kinds[p]

    @property
    def lev_may_stay(self) -> bool:
        """A levitating step may leave a blocked rock where it is (splut.interp.levitate-blocked
        = sorcerer-moves-rock)."""
        return self._lev_stays

    def is_chance(self, state: State) -> bool:
        return False

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        return ()

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        """Every well-formed action: each step from any square to a neighbour by the player to
        move (with and without pull, with levitation of any rock), plain steps by the other
        players, four throws and a pass."""
        p = state.to_move
        out: list[Any] = []
        for frm in sorted(SQUARE_SET):
            for to in NEXT[frm]:
                if to == OFF:
                    continue
                for q in range(self._n):
                    out.append(Step(q, frm, to))
                out.append(Step(p, frm, to, pull=True))
                out.extend(Step(p, frm, to, lev=r) for r in state.rocks)
        out.extend(Throw(p, d) for d in Dir)
        out.append(Pass(p))
        return tuple(out)

    def position(
        self,
        teams: Mapping[int, str],
        rocks: str,
        *,
        to_move: int = 0,
        turn: int = 2,
        steps_left: int | None = None,
        moved_before: str = "",
    ) -> State:
        """A state from square names, for examples and tests: ``teams`` maps a player to its pieces
        such as ``"Sd4 Te4 Dc4"`` (missing pieces are off the board), ``rocks`` names four squares.

        >>> g = Splut(); s = g.position({0: "Sd4 Te4 Dc4", 1: "Sf6 Tg6"}, "a5 e1 i5 e9")
        """
        pieces = [[OFF, OFF, OFF] for _ in range(self._n)]
        letters = {"S": Piece.SORCERER, "T": Piece.TROLL, "D": Piece.DWARF}
        try:
            for p, text in teams.items():
                for word in text.split():
                    pieces[p][letters[word[0].upper()]] = BY_NAME[word[1:].lower()]
            rock_squares = tuple(sorted(BY_NAME[w.lower()] for w in rocks.split()))
            before = frozenset(BY_NAME[w.lower()] for w in moved_before.split())
        except (KeyError, IndexError, TypeError) as exc:
            raise InvalidStateError(f"position: bad piece, square or player {exc}") from None
        state = State(
            pieces=tuple((t[0], t[1], t[2]) for t in pieces),
            rocks=rock_squares,  # type: ignore[arg-type]
            to_move=to_move,
            turn=turn,
            steps_left=self.steps_in_turn(turn) if steps_left is None else steps_left,
            moved_before=before,
        )
        self.validate_state(state)
        return state

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        return notation.state_to_text(state)

    def parse_position(self, text: str) -> State:
        return notation.parse_position(text, self._n)

    def action_to_str(self, state: State, action: Action) -> str:
        return notation.action_to_str(self, state, action)

    def parse_action(self, state: State, text: str) -> Action:
        found: Action = notation.parse_action(self, state, text)
        return found

    def validate_state(self, state: State) -> None:
        validate(self, state)

    def render(self, state: State) -> str:
        return render.render_text(state)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        return render.render_svg(state, highlight=highlight, seats=tuple(self._seats))

