"""Spookslot for a person, in the terminal and on the Play page: the path room by room with the
pawns on it and a one-line key (the legend, the traps and the secret passage one ``board`` away),
one line per turn in a few words: the roll, the move, the ghost ball and where it sent whom. On
the page a move is clicked as its pawn's square and the square it lands on."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from castlerules.core.present import Chance, Ply, Presentation, odds
from castlerules.core.styled import Text
from castlerules.spookslot.notation import pawn_letter
from castlerules.spookslot.render import (
    chance_words,
    destination,
    face_name,
    landing,
    moved_pawns,
    path_lines,
)
from castlerules.spookslot.state import GHOST, LINE, START, Ball, Move, Phase, Roll

#: The style of each square colour's letter on the path.
SQUARE_STYLES = {"Y": "bold yellow", "G": "bold green", "B": "bold blue", "R": "bold red",
                 "S": "bold dark_orange3"}
KEY = "key: Y G B safe, R S danger, * star; 'board' shows the traps and the passage"


class SpookslotPresentation(Presentation):
    def intro(self) -> list[str]:
        return [
            "Spookslot: roll the die and walk your pawns along the path to the Exit (each room "
            "left to right, the rooms top to bottom); the first player with all pawns out wins.",
            "The ghost on the die drops the ghost ball: it fires a trap, and pawns on that trap's "
            "red or stairs squares fall back.",
            "Moves: 'move a' walks pawn a the number rolled; '?' says where each move lands; "
            "'board' shows the legend and the traps.",
        ]

    def _path(self, lines: list[str]) -> list[Text]:
        out = []
        for line in lines:
            text = self.colour_line(line)
            for letter, style in SQUARE_STYLES.items():
                text.highlight_regex(rf"\b[a-z]+\d+:{letter}\*?", style)
            out.append(text)
        return out

    def board(self, state: Any) -> list[Text]:
        """The path without the legend (an 80 x 24 screen holds it, the events and the prompt)."""
        lines = path_lines(self.game.board, state, legend=False)  # type: ignore[attr-defined]
        return [*self._path(lines), Text(KEY, style="dim")]

    def full_board(self, state: Any) -> list[Text]:
        return self._path(path_lines(self.game.board, state))  # type: ignore[attr-defined]

    def status(self, state: Any, humans: frozenset[int]) -> str:
        if self.game.is_terminal(state):
            return self.result(state)
        you = " (you)" if state.turn in humans else ""
        if state.phase is Phase.MOVE:
            squares = "square" if state.roll == 1 else "squares"
            return f"p{state.turn}{you} rolled {state.roll}: move a pawn {state.roll} {squares}"
        if state.phase is Phase.PASSAGE:
            who = ", ".join(f"p{p}{'ab'[k] if k < 2 else k}" for p, k in state.pending)
            return f"the secret passage is open for {who}: take it or not"
        return f"p{state.turn}{you} to roll"

    def describe(self, ply: Ply) -> str:
        """A ply in a few words for the turn's line (``history`` and the page tell chance in whole
        sentences: ``game.describe_chance``): ``rolls 4``, ``move a: t3 → s4``, ``ghost ball:
        stairs, p1a s2 → t3``."""
        before, after, action = ply.before, ply.after, ply.action
        if isinstance(action, Roll):
            if action.face != GHOST:
                moving = after.phase is Phase.MOVE
                return f"rolls {action.face}" + ("" if moving else " (no pawn can move it)")
            if after.phase is Phase.BALL:
                return "rolls the ghost"
            if after.phase is Phase.REROLL:
                return "rolls the ghost (nobody in danger: again)"
            return "rolls the ghost again (the turn passes)"
        moved = moved_pawns(before, after)
        if isinstance(action, Ball):
            said = f"ghost ball: {action.trap}, " + (", ".join(moved) if moved else "nobody there")
            if after.phase is Phase.PASSAGE:
                said += "; the secret passage opens for " + ", ".join(
                    f"p{p}{pawn_letter(k)}" for p, k in after.pending)
            return said
        text = super().describe(ply)
        mine = [m.split(" ", 1)[1] for m in moved if m.startswith(f"p{ply.mover}")]
        if isinstance(action, Move) and len(mine) == 1:
            return f"{text}: {mine[0]}"
        return f"{text} ({', '.join(moved)})" if moved else text

    def joins(self, previous: Ply, ply: Ply) -> bool:
        """A turn is told on one line: the roll, the move, the ghost ball it dropped, the rolls
        again, the secret passage taken or not; a new turn begins with a roll of another player."""
        return ply.before.turn == previous.before.turn and not (
            isinstance(ply.action, Roll) and ply.before.phase is Phase.ROLL)

    def group_line(self, group: Sequence[Ply]) -> Text:
        """``29-31. p5: rolls 4; move a (p5a t3 → s4); the ghost ball …``."""
        first, last = group[0].number, group[-1].number
        turn = group[0].before.turn
        parts = []
        for ply in group:
            said = self.describe(ply)
            if ply.mover is not None and ply.mover != turn:
                said = f"p{ply.mover} {said}"
            parts.append(said)
        line = Text(f"{first}. " if first == last else f"{first}-{last}. ")
        line.append(f"p{turn}", style=self.style(turn))
        line.append_text(self.colour_line(": " + "; ".join(parts)))
        return line

    def landing(self, state: Any, action: Any) -> str:
        return landing(self.game, state, action)

    # -- chance ---------------------------------------------------------------------------------
    def chance_words(self, state: Any) -> str:
        return "chance: " + chance_words(self.game, state).replace("player ", "p", 1)

    def chances(self) -> tuple[Chance, ...]:
        """The die (at every roll) and the ghost ball (when it drops), their probabilities the
        game's chance outcomes; where each trap sends its pawns, from the board."""
        game: Any = self.game
        start = game.initial_state()
        die = odds(game.chance_outcomes(start), face_name)
        ball = odds(game.chance_outcomes(attrs.evolve(start, phase=Phase.BALL)), face_name)
        board = game.board
        where = [f"{trap}: {span} back to {' or '.join(back)}"
                 for trap, span, back in board.trap_routes()]
        return (
            Chance("The die", "Every turn begins with a roll of the die: a number moves one of "
                   "your pawns that many squares; the ghost drops the ghost ball when a pawn "
                   "stands in a danger zone.", (("the die", die),),
                   "Its six faces: " + ", ".join(f for f, p in die for _ in range(int(p * 6)))
                   + "." if all((p * 6).denominator == 1 for _, p in die) else ""),
            Chance("The ghost ball", "Dropped on a ghost roll, the ball reaches one of the four "
                   "traps; every pawn in that trap's danger zone goes back.",
                   (("the ball", ball),),
                   "Where each trap's danger squares send a pawn back: " + "; ".join(where)
                   + "." if where else ""),
        )

    def play_notes(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """The readings a player needs that the rulebook's sentences leave open (the board picture
        and its key give the squares): for a non-default reading, the spec's text of the option
        played."""
        note = self.note
        return (
            (("spookslot.interp.forced-move",), note(
                "Moving", "forced-move", "After a number you must move a pawn if one can move "
                "(you choose which); only when none can does your turn end without a move.")),
            (("spookslot.interp.route-choice",), note(
                "Forks", "route-choice", "In the library and the great hall the path forks: a "
                "move past a fork names its route (the long safe one or the short red one), and a "
                "jump on from an occupied square follows the same route.")),
            (("spookslot.interp.bounce-colour",), note(
                "Jumping on", "bounce-colour", "A pawn that ends on an occupied square jumps on "
                "to the next free square; the square it finally stands on decides whether it is "
                "safe.")),
            (("spookslot.interp.exit-exact",), note(
                "The Exit", "exit-exact", "Only an exact roll reaches it: a pawn whose roll "
                "would go past the Exit, or jump on onto it, cannot move.")),
            (("spookslot.interp.ball-once",), note(
                "The ghost ball", "ball-once", "It drops once per ghost roll and fires one trap; "
                "every pawn in that trap's danger zone goes back, the mover's too, and pawns in "
                "the other danger zones stay.")),
            (("spookslot.interp.secret-passage",), note(
                "The secret passage", "secret-passage", "When the portrait trap fires, the owner "
                "of each pawn on a red star square may move it at once to the green star square, "
                "in or out of turn.")),
        )

    def squares(self, state: Any, action: Any) -> tuple[str, ...]:
        """The pawn's square, and for a legal move the square it lands on. Only a legal move has a
        landing square: an illegal candidate (a route the pawn cannot take) names its pawn's square
        alone, so a click on it is answered with why."""
        if not isinstance(action, Move):
            return ()
        try:
            here = state.pawns[action.player][action.pawn]
        except IndexError:
            return ()
        there = destination(self.game, state, action)
        return tuple(START if q == LINE else q for q in (here, *(() if there is None else (there,))))

    def label(self, state: Any, action: Any, text: str) -> str:
        """``a → l3``: the pawn and where it lands."""
        return re.sub(r"^(p\d+ )?move ", "", text) + self.landing(state, action)

    def words(self, ply: Ply) -> str:
        """Chance as the game tells it; after a move or the ghost ball, where the pawns went."""
        if ply.mover is None and self.game.is_chance(ply.before):
            return self.game.describe_chance(ply.before, ply.action)
        return ", ".join(moved_pawns(ply.before, ply.after))

    def result(self, state: Any) -> str:
        base = super().result(state)
        return base[:-1] + ": all their pawns have escaped." if self.game.winners(state) else base


PRESENTATION = SpookslotPresentation
