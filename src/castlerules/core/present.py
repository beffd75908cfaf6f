"""How a game is shown to a person, on every screen: the ``Presentation`` each game's ``present``
module extends, and ``Ply``, one move or chance event as a session keeps it.

A game's package holds every way the game is drawn: its ``render`` module the text board, the SVG
and chance in words (``describe_chance``), its ``present`` module a ``Presentation`` subclass: the
board in colour with a legend sized for an 80 x 24 terminal, the events told in words, the result
in the game's own words, and for the docs' Play page the squares a person clicks for a move, the
words on its button and what a ply did. The terminal (``castlerules.terminal``) and the Play page
(``castlerules.playground``) both ask a game's presentation and never name a game; neither needs
anything but the library (the styled text is ``core.styled``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from castlerules.core.game import Game
from castlerules.core.styled import Text

PLAYER_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red",
                 "bold white", "bold bright_cyan")


@attrs.frozen
class Ply:
    """One ply of a session: its number (1 for the first), the states around it, the action, who
    made it (None: chance) and its text in the game's notation (as the record has it)."""

    number: int
    before: Any
    action: Any
    after: Any
    mover: int | None
    text: str


def without_prefix(text: str, player: int | None) -> str:
    """A move's text without its player prefix (``p1``): the line names the player already."""
    prefix = f"p{player} "
    return text[len(prefix):] if player is not None and text.startswith(prefix) else text


class Presentation:
    """How a game looks and is told; the default shows ``game.render`` and the notation. Each
    game's ``present`` module overrides what it shows differently (its ``PRESENTATION``)."""

    #: Draw the board with the panel of notes beside it (rather than under it).
    side_panel = False

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    # -- players -------------------------------------------------------------------------------
    def who(self, player: int) -> str:
        """A player as the game names them (``p1``, ``yellow``, ``p1 (West)``)."""
        return f"p{player}"

    def side(self, player: int) -> str:
        """A player's name in "it is …'s move" (``who`` by default)."""
        return self.who(player)

    def style(self, player: int) -> str:
        return PLAYER_STYLES[player % len(PLAYER_STYLES)]

    # -- the board -----------------------------------------------------------------------------
    def intro(self) -> list[str]:
        """Lines shown once before the first board: what the game is about."""
        return []

    def board(self, state: Any) -> list[Text]:
        """The picture of ``state`` shown before each prompt (without the position text)."""
        lines = self.game.render(state).splitlines()
        return [self.colour_line(line) for line in lines if not line.startswith("position: ")]

    def full_board(self, state: Any) -> list[Text]:
        """The whole picture with every legend (the ``board`` command); ``board`` by default."""
        return self.board(state)

    def panel(self, state: Any) -> list[Text]:
        """The notes beside the board (for a view with ``side_panel``)."""
        return []

    def colour_line(self, line: str) -> Text:
        text = Text(line)
        for p in range(self.game.num_players):
            text.highlight_regex(rf"\bp{p}[a-z]?\b", self.style(p))
        return text

    def status(self, state: Any, humans: frozenset[int]) -> str:
        """Whose turn it is, in words (at the end: the result)."""
        game = self.game
        if game.is_terminal(state):
            return self.result(state)
        actors = sorted(game.actors(state))
        if not actors:
            return ""
        names = " and ".join(self.who(p) + (" (you)" if p in humans else "") for p in actors)
        return f"{names} to move"

    def result(self, state: Any) -> str:
        won = sorted(self.game.winners(state))
        if not won:
            return "The game is over: nobody wins."
        names = [self.who(p) for p in won]
        if len(names) == 1:
            return f"The game is over: {names[0]} wins."
        return f"The game is over: {', '.join(names[:-1])} and {names[-1]} share the win."

    # -- events --------------------------------------------------------------------------------
    def describe(self, ply: Ply) -> str:
        """One ply in words: chance as the game tells it (``game.describe_chance``), a move as its
        text without the player prefix."""
        if ply.mover is None:
            return self.game.describe_chance(ply.before, ply.action)
        return without_prefix(ply.text, ply.mover)

    def joins(self, previous: Ply, ply: Ply) -> bool:
        """Whether ``ply`` is told on the line of ``previous`` (by default: the same player's
        next move, as the steps of one Splut! turn)."""
        return ply.mover is not None and ply.mover == previous.mover

    def event_lines(self, plies: Sequence[Ply]) -> list[Text]:
        """The plies told in lines, each numbered by its plies (``12.`` or ``12-14.``)."""
        groups: list[list[Ply]] = []
        for ply in plies:
            if groups and self.joins(groups[-1][-1], ply):
                groups[-1].append(ply)
            else:
                groups.append([ply])
        return [self.group_line(group) for group in groups]

    def group_line(self, group: Sequence[Ply]) -> Text:
        first, last = group[0].number, group[-1].number
        line = Text(f"{first}. " if first == last else f"{first}-{last}. ")
        head, rest = group[0], list(group)
        if head.mover is None:
            line.append_text(self.colour_line(self.describe(head)))
            rest = rest[1:]
        else:
            line.append(self.who(head.mover), style=self.style(head.mover))
        if rest:
            line.append_text(self.colour_line(": " + ", ".join(self.describe(p) for p in rest)))
        return line

    def history_line(self, ply: Ply) -> Text:
        """One ply of the whole game (``history``): its notation, chance also in words."""
        if ply.mover is None:
            words = self.game.describe_chance(ply.before, ply.action)
            return self.colour_line(f"{ply.number}. {ply.text} — {words}")
        return self.colour_line(f"{ply.number}. {ply.text}   ({self.who(ply.mover)})")

    #: Whether the game has rounds in which several players act at once and which are told as a
    #: whole once settled (``settled``): Vlotte Geesten's grab rounds.
    rounds = False

    def round_over(self, state: Any) -> bool:
        """Whether a round is settled in ``state``: chance (the next roll) or the end is next."""
        return self.game.is_chance(state) or self.game.is_terminal(state)

    def settled(self, start: Any, after: Any, grabs: Sequence[Ply]) -> str:
        """A line said when a round where several players acted at once is settled ("" none):
        ``start`` is the state the round began in, ``grabs`` its plies."""
        return ""

    # -- typing --------------------------------------------------------------------------------
    def landing(self, state: Any, action: Any) -> str:
        """Where a move lands, for '?' (empty if the move says it itself)."""
        return ""

    def shortcut(self, text: str) -> str:
        """A short way of typing a move, spelt out (the text itself by default)."""
        return text

    # -- the Play page -------------------------------------------------------------------------
    def squares(self, state: Any, action: Any) -> tuple[str, ...]:
        """The squares a person clicks for ``action``, in order (the ``data-square`` names of the
        game's SVG); none for a game played with buttons."""
        return ()

    def label(self, state: Any, action: Any, text: str) -> str:
        """The words on a move's button: the notation without the player (the seat is known)
        and where the move lands when its text does not say it."""
        return re.sub(r"^p\d+ ", "", text) + self.landing(state, action)

    def words(self, ply: Ply) -> str:
        """What a ply did beyond its notation, in a sentence ("" where the notation says it all):
        chance as the game tells it."""
        if ply.mover is None and self.game.is_chance(ply.before):
            return self.game.describe_chance(ply.before, ply.action)
        return ""

    def picture(self, state: Any) -> str:
        """The SVG the page shows of ``state`` (the game's own SVG by default)."""
        return self.game.render_svg(state)

    def extras(self) -> dict[str, Any]:
        """What else the page needs to draw the game (Vlotte Geesten's objects), as JSON."""
        return {}

    def move_extras(self, state: Any, action: Any) -> dict[str, Any]:
        """What else the page needs to offer a move (the object a Vlotte Geesten grab takes)."""
        return {}


def presentation_of(game: Game[Any, Any]) -> Presentation:
    """The presentation of ``game``: ``PRESENTATION`` of its package's ``present`` part (the
    default one for a game without)."""
    module = game.info.part("present")
    cls: type[Presentation] = getattr(module, "PRESENTATION", Presentation)
    return cls(game)
