"""Het kasteel veroveren for a person, in the terminal and on the Play page: the map in colour
with the notes and the events beside it (the 19 x 19 map and its panel fit an 80 x 24 screen); a
move is clicked as its knight's square and the square it goes to."""

from __future__ import annotations

import string
from typing import Any

from castlerules.core.present import Ply, Presentation
from castlerules.core.styled import Text
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW
from castlerules.kasteel.render import board_rows, on_wall
from castlerules.kasteel.state import Move, PlaceSkull

SYMBOL_STYLES = {"Y": "bold yellow", "R": "bold red", "y": "yellow", "r": "red", "#": "bright_black",
                 "C": "bold blue", "*": "bold white"}


class KasteelPresentation(Presentation):
    side_panel = True

    def who(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def style(self, player: int) -> str:
        return ("bold yellow", "bold red")[player]

    def intro(self) -> list[str]:
        return [
            "Het kasteel veroveren: knights move like rooks; conquer the other castle by standing "
            "on its key square. Moves: 'f1-f4'.",
        ]

    def board(self, state: Any) -> list[Text]:
        """The map, a knight on a wall bracketed (``#[Y]#``) as in the text picture."""
        b = self.game.board  # type: ignore[attr-defined]
        out = []
        for number, squares in board_rows(b, state):
            text = Text(f"{number:>2} ")
            for sq, symbol in squares:
                if on_wall(b, state, sq):
                    text.right_crop(1)
                    text.append("[", style="bright_black")
                    text.append(symbol, style=SYMBOL_STYLES.get(symbol, ""))
                    text.append("]", style="bright_black")
                else:
                    text.append(symbol, style=SYMBOL_STYLES.get(symbol, ""))
                    text.append(" ")
            text.rstrip()
            out.append(text)
        out.append(Text("   " + " ".join(string.ascii_lowercase[: b.width])))
        return out

    def panel(self, state: Any) -> list[Text]:
        b = self.game.board  # type: ignore[attr-defined]
        skulls = " ".join(b.name(s) for s in sorted(state.skulls)) or "none yet"
        return [
            Text("Het kasteel veroveren", style="bold"),
            Text.assemble(("yellow", "bold yellow"), " starts at the bottom,"),
            Text.assemble(("red", "bold red"), " at the top."),
            Text(f"passes: yellow {state.passes[YELLOW]}, red {state.passes[RED]}"),
            Text(f"knights: yellow {len(state.knights[YELLOW])}, red {len(state.knights[RED])}"),
            Text(f"skulls: {skulls}"),
            Text("legend:", style="dim"),
            Text(" Y R  knights  y r  key squares", style="dim"),
            Text(" [Y]  a knight on a wall", style="dim"),
            Text(" #  wall       C    canal", style="dim"),
            Text(" *  skull (crossing one, or a", style="dim"),
            Text("    canal, costs a pass)", style="dim"),
        ]

    def joins(self, previous: Ply, ply: Ply) -> bool:
        """The skulls falling at the start are told on one line."""
        return isinstance(previous.action, PlaceSkull) and isinstance(ply.action, PlaceSkull)

    def group_line(self, group: Any) -> Text:
        if len(group) > 1 and all(isinstance(p.action, PlaceSkull) for p in group):
            b = self.game.board  # type: ignore[attr-defined]
            where = ", ".join(b.name(p.action.square) for p in group)
            return Text(f"{group[0].number}-{group[-1].number}. skulls fall on {where}")
        return super().group_line(group)

    def squares(self, state: Any, action: Any) -> tuple[str, ...]:
        if isinstance(action, Move):
            b = self.game.board  # type: ignore[attr-defined]
            return (b.name(action.frm), b.name(action.to))
        return ()

    def result(self, state: Any) -> str:
        won = sorted(self.game.winners(state))
        if len(won) != 1:
            return super().result(state)
        w = won[0]
        loser = RED if w == YELLOW else YELLOW
        how = (f"{self.who(loser)} has lost all its knights" if not state.knights[loser]
               else f"{self.who(w)} has conquered {self.who(loser)}'s castle")
        return f"The game is over: {how}. {self.who(w).capitalize()} wins."


PRESENTATION = KasteelPresentation
