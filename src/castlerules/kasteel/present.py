"""Het kasteel veroveren for a person, in the terminal and on the Play page: the map in colour
with the notes and the events beside it (the 19 x 19 map and its panel fit an 80 x 24 screen); a
move is clicked as its knight's square and the square it goes to."""

from __future__ import annotations

import string
from math import comb
from typing import Any

from castlerules.core.present import Chance, Ply, Presentation
from castlerules.core.styled import Text
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW
from castlerules.kasteel.render import board_rows, on_wall, setup_words, zone_words
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

    def full_board(self, state: Any) -> list[Text]:
        """The map with its notes and legend under it (the ``board`` command)."""
        return [*self.board(state), *self.panel(state)]

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

    def chance_words(self, state: Any) -> str:
        return setup_words(self.game, state)

    def chances(self) -> tuple[Chance, ...]:
        """The skulls that fall before the first move: each on a free square of the skull zone,
        all equally likely (the probabilities are the game's chance outcomes, skull by skull)."""
        game: Any = self.game
        state = game.initial_state()
        rows, counts = [], []
        while game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            counts.append(len(outcomes))
            probabilities = {p for _, p in outcomes}
            label = (f"each of the {len(outcomes)} free squares" if len(probabilities) == 1
                     else f"one of {len(outcomes)} squares")
            rows.append((f"skull {len(state.skulls) + 1}", ((label, outcomes[0][1]),)))
            state = game.apply(state, outcomes[0][0])
        if not rows:
            return ()
        k, first = len(rows), counts[0]
        where = zone_words(game.board, game._zone)
        return (Chance(
            "The skulls",
            f"Before yellow's first move, chance places {k} skulls one at a time, each on a free "
            f"square among the {first} {where}.",
            tuple(rows),
            f"So every set of {k} of those squares is equally likely: {comb(first, k)} sets, "
            f"1/{comb(first, k)} each.",
        ),)

    def play_notes(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """Passes (what crossing a canal or a skull costs), a player who cannot move, the key
        square, for the game's readings and numbers."""
        game: Any = self.game
        start = game.initial_state()
        while game.is_chance(start):
            start = game.apply(start, game.chance_outcomes(start)[0][0])
        passes = start.passes[YELLOW]
        per_move = game.reading("pass-cost") == "per-move"
        cost = ("A move that enters any canal square or skull square costs one pass, however many "
                "it enters" if per_move else
                "A move costs one pass for every canal square and every skull square it enters, "
                "passing over it or stopping on it")
        notes: list[tuple[tuple[str, ...], str]] = [(
            ("kasteel.interp.pass-cost", "kasteel.interp.level", "kasteel.interp.passes"),
            f"Passes. Each player starts with {passes} passes. {cost}; a move that would cost "
            "more passes than you have left is not allowed, so without passes a knight reaches "
            "the other castle over its walls.",
        )]
        if game.reading("no-legal-move") == "lose":
            stuck = ("A player who still has knights but no legal move (each knight boxed in: "
                     "every way out blocked, or costing a pass he no longer has) loses at once.")
        else:
            stuck = ("A player who still has knights but no legal move (each knight boxed in: "
                     "every way out blocked, or costing a pass he no longer has) passes, and his "
                     "opponent moves again; if neither "
                     "can move, the player to move loses. So there is never a draw.")
        notes.append((("kasteel.interp.no-legal-move",), f"Stuck. {stuck}"))
        notes.append((("kasteel.interp.key-square",), self.note(
            "Conquering", "key-square", "A knight conquers the opponent's castle by stopping on "
            "its key square; sliding over it is not enough.")))
        notes.append((("kasteel.interp.climb",), self.note(
            "Walls", "climb", "A slide stays on the ground or on top of the walls; stepping onto "
            "a wall or down from one is a whole move of one square (a canal square is ground).")))
        return tuple(notes)

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
