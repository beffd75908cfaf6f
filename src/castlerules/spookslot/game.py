"""Spookslot as a game: the class ``castlerules.make("spookslot")`` makes -- the rules
(``castlerules.spookslot.rules``) with the variants, the notation and the pictures."""

from __future__ import annotations

from typing import Any, ClassVar

from castlerules.core.declaration import GameInfo
from castlerules.spookslot import notation, render
from castlerules.spookslot.config import MAX_FACE
from castlerules.spookslot.declaration import GAME
from castlerules.spookslot.rules import SpookslotRules
from castlerules.spookslot.state import (
    TRAPS,
    Action,
    Ball,
    Move,
    Pass,
    Passage,
    Roll,
    State,
)


class Spookslot(SpookslotRules):
    """Spookslot (Ghost Castle) for 2-6 players. Options under which a game can go on for ever (a
    pawn could come to a place from which it never reaches the Exit: six 5s, every ball to the
    stairs) are refused with the place (``castlerules.spookslot.ending``); so is a die with which
    no pawn can ever move onto the board.

    A game object may be shared between threads: its only mutable parts are the module's
    ``BoundedCache``\\ s of immutable values and the memo slot of a state (its legal moves, set
    once in a single assignment).
    """

    info: ClassVar[GameInfo] = GAME
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

    def describe_chance(self, state: State, outcome: Any) -> str:
        """A chance outcome in words, as a person at the table tells it."""
        return render.describe_chance(self, state, outcome)

    def render(self, state: State) -> str:
        return render.render_text(self.board, state, self)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        """The board drawn floor by floor with the pawns on it; ``highlight`` squares marked;
        at a chance node, what chance does."""
        return render.render_svg(state, self.board, highlight, self)

