"""Splut! for a person, in the terminal and on the Play page: the diamond in the teams' colours,
one line per turn of steps; a step is clicked as its piece's square, where it goes and the rock it
levitates, a throw as the troll's square and the square beyond it."""

from __future__ import annotations

from typing import Any

from castlerules.core.present import Ply, Presentation
from castlerules.core.styled import Text
from castlerules.splut.board import NAMES, NEXT, OFF
from castlerules.splut.render import SEAT_NAMES, board_lines, status_lines
from castlerules.splut.state import Step, Throw

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
LEGEND = "key: S sorcerer, T troll, D dwarf + player; @@ rock; [T0] troll holding a rock"


class SplutPresentation(Presentation):
    def _seat(self, player: int) -> int:
        seats = getattr(self.game, "_seats", ())
        return int(seats[player]) if player < len(seats) else player

    def who(self, player: int) -> str:
        return f"p{player} ({SEAT_NAMES[self._seat(player) % 4]})"

    def side(self, player: int) -> str:
        return SEAT_NAMES[self._seat(player) % 4]

    def style(self, player: int) -> str:
        return SEAT_STYLES[self._seat(player) % 4]

    def intro(self) -> list[str]:
        return [
            "Splut!: each team has a sorcerer (S), a troll (T) and a dwarf (D); kill the other "
            "sorcerers by throwing rocks (@@) onto them with your troll.",
            "Moves: 'Sd2-d3' steps a piece (several steps a turn; ? lists them).",
        ]

    def board(self, state: Any) -> list[Text]:
        out = [self.colour_line(line) for line in board_lines(state)]
        teams = "teams: " + ", ".join(
            self.who(p)[:-1] + (", out)" if trio[0] == OFF else ")")
            for p, trio in enumerate(state.pieces))
        return [*out, self.colour_line(teams), Text(LEGEND, style="dim")]

    def status(self, state: Any, humans: frozenset[int]) -> str:
        if self.game.is_terminal(state):
            return self.result(state)
        p = state.to_move
        you = ", you" if p in humans else ""
        rest = status_lines(state)[1:]
        return f"{self.who(p)[:-1]}{you}) to move, " + ", ".join(rest)

    def colour_line(self, line: str) -> Text:
        text = Text(line)
        for p in range(self.game.num_players):
            text.highlight_regex(rf"\b[STD]{p}\b|\bp{p}\b", self.style(p))
        text.highlight_regex(r"@@|\[|\]", "bold bright_black")
        return text

    def describe(self, ply: Ply) -> str:
        """A step as its text; a throw with where the rock landed; and any team whose sorcerer
        the ply removed (that team is out)."""
        text = super().describe(ply)
        before, after = ply.before, ply.after
        if isinstance(ply.action, Throw):
            landed = sorted(set(after.rocks) - set(before.rocks))
            if landed:
                text += f" (the rock lands on {NAMES[landed[0]]})"
        out = [p for p, (a, b) in enumerate(zip(before.pieces, after.pieces))
               if a[0] != OFF and b[0] == OFF]
        for p in out:
            text += f": {self.side(p)}'s sorcerer is hit, {self.side(p)} is out"
        return text

    def squares(self, state: Any, action: Any) -> tuple[str, ...]:
        if isinstance(action, Step):
            lev = (NAMES[action.lev],) if action.lev != OFF else ()
            return (NAMES[action.frm], NAMES[action.to], *lev)
        if isinstance(action, Throw) and state.throw_from != OFF:
            beyond = NEXT[state.throw_from][int(action.direction)]
            return (NAMES[state.throw_from],) + ((NAMES[beyond],) if beyond != OFF else ())
        return ()

    def result(self, state: Any) -> str:
        base = super().result(state)
        return base[:-1] + ", the last sorcerer on the board." if self.game.winners(state) else base


PRESENTATION = SplutPresentation
