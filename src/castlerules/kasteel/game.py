"""Het kasteel veroveren as a game: the class ``castlerules.make("kasteel")`` makes -- the rules
(``castlerules.kasteel.rules``) with the variants, the positions, the notation, the check of a
state and the pictures."""

from __future__ import annotations

from importlib import resources
from typing import Any, ClassVar

from castlerules.core.declaration import GameInfo
from castlerules.core.game import require
from castlerules.kasteel import notation, render
from castlerules.kasteel.board import (
    PLAYER_NAMES,
    RED,
    YELLOW,
)
from castlerules.kasteel.declaration import GAME
from castlerules.kasteel.rules import KasteelRules
from castlerules.kasteel.state import (
    Action,
    Move,
    Pass,
    PlaceSkull,
    State,
    make_state,
)

#: A map of one's own, given by value: 5 x 7 squares, a canal between the knights.
SMALL_MAP = (" 7 . . r . .\n 6 . R # R .\n 5 . . . . .\n 4 . . . . .\n 3 . . . . .\n"
             " 2 . Y C Y .\n 1 . . y . .\n   a b c d e\n")


def default_board_path() -> str:
    """The file system path of the packaged default map (an example for the ``board`` option)."""
    return str(resources.files("castlerules.specs").joinpath("boards", "kasteel-default.txt"))


class Kasteel(KasteelRules):
    """Het kasteel veroveren: two players, yellow (0) first, eight knights each on a 19x19 board.
    The ``board`` option keeps a map's text in the game's options, never the path it was read
    from (``castlerules.kasteel.board`` gives the limits of a map).
    """

    info: ClassVar[GameInfo] = GAME
    #: Random playouts are stopped after this many plies. The rules have no move limit
    #: (kasteel.interp.no-move-limit); seeded random games end long before it.
    playout_cap: ClassVar[int] = 20_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        return (
            {},
            {"level": 3, "skulls": 6, "stuck": "lose"},
            {"passes": 0, "skull_squares": ["i11", "j10", "k11"], "board": default_board_path()},
            {"board": SMALL_MAP, "skulls": 1},
        )

    def adopt(self, state: State) -> State:
        """``state`` with this game's naming for ``repr`` (an equal state)."""
        return make_state(state.knights, state.passes, state.skulls, state.to_move, state.bits,
                          state.skull_bits, self._origin)

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        """Every skull placement on the zone, every pass, and every move of either player from a
        knight to any square in its row or column."""
        out: list[Any] = [PlaceSkull(sq) for sq in self._zone]
        out += [Pass(p) for p in (YELLOW, RED)]
        for p in (YELLOW, RED):
            for frm in sorted(state.knights[p]):
                for ray in self.board.rays[frm]:
                    out += [Move(p, frm, sq) for sq in ray]
        return tuple(out)

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        return notation.position_text(self.board.width, self.board.height, state)

    def parse_position(self, text: str) -> State:
        return self.adopt(notation.parse_position(self.board, text))

    def state_from_json(self, text: str | bytes) -> State:
        return self.adopt(super().state_from_json(text))

    def action_to_str(self, state: State, action: Action) -> str:
        return notation.action_to_str(self.board, state, action)

    def parse_action(self, state: State, text: str) -> Action:
        found: Action = notation.parse_action(self.board, state, text)
        return found

    def validate_state(self, state: State) -> None:
        b = self.board
        require(state.bits is not None, "state.knights: a square is not a square of the board")
        require(state.skull_bits is not None, "state.skulls: a square is not a square of the board")
        for p in (YELLOW, RED):
            who = PLAYER_NAMES[p]
            require(
                all(0 <= sq < b.size for sq in state.knights[p]),
                f"state.knights[{p}]: a {who} square is off the board",
            )
            require(
                len(state.knights[p]) <= len(b.start[p]),
                f"state.knights[{p}]: {who} has more knights than at the start",
            )
            require(
                b.keys[p] not in state.knights[p],
                f"state.knights[{p}]: a {who} knight stands on its own key square "
                f"{b.name(b.keys[p])}",
            )
            require(
                0 <= state.passes[p] <= self.start_passes,
                f"state.passes[{p}]: expected 0 to {self.start_passes}",
            )
        require(not state.knights[0] & state.knights[1], "state.knights: two knights on one square")
        require(state.to_move in (YELLOW, RED), "state.to_move: expected 0 (yellow) or 1 (red)")
        require(state.skulls <= self._zone_set, "state.skulls: a skull outside the skull zone")
        require(len(state.skulls) <= self.skull_count, "state.skulls: too many skulls")
        if self._fixed is not None:
            require(state.skulls == self._fixed, "state.skulls: expected the fixed skull squares")
        if self.is_chance(state):
            require(
                state == State(b.start, (self.start_passes, self.start_passes), state.skulls, YELLOW),
                "state: while skulls are placed the position must be the start",
            )
        require(
            len(self.winners(state)) <= 1, "state: both players cannot have won (unreachable)"
        )

    def describe_chance(self, state: State, outcome: Any) -> str:
        """A chance outcome in words, as a person at the table tells it."""
        return render.describe_chance(self, state, outcome)

    def render(self, state: State) -> str:
        return render.render_text(self.board, state, self.winners(state),
                                  render.setup_words(self, state))

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        return render.render_svg(state, self.board, highlight=highlight, winners=self.winners(state),
                                 chance=render.setup_words(self, state))

