"""Playing in the terminal: each game drawn so a newcomer can follow it, moves typed as notation.

``Session`` drives one game. Human players type moves in the game's notation; the player prefix
(``p0``) may be left out at the ``pN>`` prompt. ``?`` lists the legal moves (in Spookslot with where
each lands), ``undo`` takes back the last own move, ``position`` prints the position text, ``quit``
stops. An illegal move is answered with the English reason and the Dutch clause it breaks, and
asked again. Bots choose for the other players and chance is drawn from the seeded generator.

What each game shows is a ``View``: the board with a legend, one plain English line per chance
event (the Vlotte Geesten round, the Spookslot ghost ball and secret passage, the Kasteel skulls),
and the result in the game's own words. Where several players may act at once (a Vlotte Geesten
grab round) and a human is one of them, the round is a race: the human sees the roll and types a
grab, each bot answers after a reaction time (``bot_delay`` seconds, varied a little), the answer
is shown only once the round is settled, and one line then says who grabbed what and how the
points moved. Without a human, or when the input is not a terminal, the race is drawn uniformly
(the human's typed line, when there is one, comes first).

Input is read a line at a time from any text stream, at most ``MAX_LINE`` characters a line (a
longer line is refused with a short message and never held in memory), so a game can be scripted
by piping moves in. Colours (rich) appear only when the output is a terminal.
"""

from __future__ import annotations

import os
import random
import re
import select
import time
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from castlerules.bots import BOT_DELAY as BOT_DELAY  # the default the CLI offers
from castlerules.bots import MCTSBot, RandomBot, own_actions, race_action
from castlerules.core.chance import sample
from castlerules.core.errors import IllegalActionError, RulesError
from castlerules.core.game import Game
from castlerules.core.record import Record

#: The longest input line a human may type (characters); longer lines are refused.
MAX_LINE = 4096
HELP = (
    "Type a move in the game's notation (the 'pN ' prefix may be left out), '?' for the legal "
    "moves, 'undo' to take back your last move, 'position' for the position text, 'quit' to stop."
)
PLAYER_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red",
                 "bold white", "bold bright_cyan")
_PREFIX = re.compile(r"\s*[pP]\d+\s")


def winners_text(game: Game[Any, Any], state: Any) -> str:
    """"p1 wins", "p0 and p2 share the win", or "nobody wins"."""
    won = sorted(game.winners(state))
    if not won:
        return "nobody wins"
    names = [f"p{p}" for p in won]
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def legal_moves_text(game: Game[Any, Any], state: Any, player: int | None = None) -> str:
    actions = game.legal_actions(state) if player is None else own_actions(game, state, player)
    texts = [game.action_to_str(state, a) for a in actions]
    shown = texts[:200]
    more = f" … and {len(texts) - len(shown)} more" if len(texts) > len(shown) else ""
    return ", ".join(shown) + more


def illegal_text(error: IllegalActionError) -> str:
    v = error.violation
    return f"{v.reason}\n  [{v.clause}] “{v.text_nl}”"


# -- reading lines ------------------------------------------------------------------------------


class TooLong:
    """What ``LineReader.readline`` returns for a line longer than ``MAX_LINE`` characters."""


TOO_LONG = TooLong()
#: What ``LineReader.readline`` returns when its timeout passed before a whole line came.
TIMEOUT = object()


class LineReader:
    """Lines from a text stream, at most ``MAX_LINE`` characters each, with an optional timeout.

    A stream with a file descriptor is read from the descriptor in chunks (so ``select`` can wait
    for it); any other stream with ``readline(size)``. Either way at most about ``MAX_LINE``
    characters of a line are held: the rest of a longer line is read and dropped.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.fd: int | None
        try:
            self.fd = stream.fileno()
            os.fstat(self.fd)
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self._buf = b""
        self._dropping = False
        self._eof = False

    def readline(self, timeout: float | None = None) -> str | TooLong | object | None:
        """The next line without its line break; None at the end of the input; ``TOO_LONG``;
        ``TIMEOUT`` if ``timeout`` seconds passed first (only for a stream with a descriptor)."""
        if self.fd is None:
            return self._readline_stream()
        deadline = None if timeout is None else time.monotonic() + timeout
        limit = 4 * MAX_LINE  # bytes: UTF-8 takes at most four a character
        while True:
            cut = self._buf.find(b"\n")
            if cut >= 0:
                line, self._buf = self._buf[:cut], self._buf[cut + 1 :]
                if self._dropping:
                    self._dropping = False
                    return TOO_LONG
                text = line.decode("utf-8", errors="replace").rstrip("\r")
                return TOO_LONG if len(text) > MAX_LINE else text
            if len(self._buf) > limit:
                self._buf, self._dropping = b"", True
            if self._eof:
                if self._dropping:
                    self._dropping = False
                    return TOO_LONG
                if not self._buf:
                    return None
                self._buf += b"\n"
                continue
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                    return TIMEOUT
            chunk = os.read(self.fd, 4096)
            if not chunk:
                self._eof = True
            self._buf += chunk

    def ready(self) -> bool:
        """Whether a whole line can be read now without waiting."""
        if self.fd is None:
            return True
        return b"\n" in self._buf or bool(select.select([self.fd], [], [], 0)[0])

    def _readline_stream(self) -> str | TooLong | None:
        line = self.stream.readline(MAX_LINE + 2)
        if line == "":
            return None
        if len(line.rstrip("\r\n")) <= MAX_LINE:
            return line.rstrip("\r\n")
        while not line.endswith("\n"):  # drop the rest of the line, a bounded piece at a time
            line = self.stream.readline(MAX_LINE)
            if line == "":
                break
        return TOO_LONG


# -- what each game shows --------------------------------------------------------------------


class View:
    """How a game looks in the terminal; the default shows ``game.render`` (see the module
    docstring). Game views override what they draw differently."""

    #: Draw the board with the panel of notes beside it (rather than under it).
    side_panel = False

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def who(self, player: int) -> str:
        return f"p{player}"

    def style(self, player: int) -> str:
        return PLAYER_STYLES[player % len(PLAYER_STYLES)]

    def intro(self) -> list[str]:
        """Lines shown once before the first board: what the game is about."""
        return []

    def board(self, state: Any) -> list[Text]:
        """The picture of ``state`` (without the status and position text)."""
        lines = self.game.render(state).splitlines()
        return [self.colour_line(line) for line in lines if not line.startswith("position: ")]

    def colour_line(self, line: str) -> Text:
        text = Text(line)
        for p in range(self.game.num_players):
            text.highlight_regex(rf"\bp{p}[a-z]?\b", self.style(p))
        return text

    def status(self, state: Any, humans: frozenset[int]) -> str:
        """Whose turn it is, in words."""
        game = self.game
        if game.is_terminal(state):
            return self.result(state)
        actors = sorted(game.actors(state))
        if not actors:
            return ""
        names = " and ".join(self.who(p) + (" (you)" if p in humans else "") for p in actors)
        return f"{names} to move"

    def chance_line(self, before: Any, action: Any, after: Any) -> str:
        """One plain English line on what a chance event did (the move text by default)."""
        return self.game.action_to_str(before, action)

    def landing(self, state: Any, action: Any) -> str:
        """Where a move lands, for '?' (empty if the move says it itself)."""
        return ""

    def shortcut(self, text: str) -> str:
        """A short way of typing a move, spelt out (the text itself by default)."""
        return text

    def result(self, state: Any) -> str:
        won = sorted(self.game.winners(state))
        if not won:
            return "The game is over: nobody wins."
        names = [self.who(p) for p in won]
        if len(names) == 1:
            return f"The game is over: {names[0]} wins."
        return f"The game is over: {', '.join(names[:-1])} and {names[-1]} share the win."


class VlotteGeestenView(View):
    def intro(self) -> list[str]:
        return [
            "Vlotte Geesten: the dice show objects; be the first to grab the right one.",
            "  1. One object shows more often than any other: grab what the die of that "
            "object's colour shows.",
            "  2. Two objects show twice each: grab the object that shows once.",
            "  3. Five different objects: grab the object of the colour of the die the ghost "
            "is on.",
            "Objects and their colours: chair red, ghost white, mouse grey, bottle green, "
            "book blue.",
            "Type 'grab book' (or 'pass'); a wrong grab costs a point. The supply holds 35 points.",
        ]

    def board(self, state: Any) -> list[Text]:
        from castlerules.vlotte_geesten.state import COLOURS

        scores = "  ".join(f"p{p} {s}" for p, s in enumerate(state.scores))
        lines = [f"scores: {scores}   supply: {state.supply}   pot: {state.pot}",
                 f"dice with: p{state.roller}"]
        if state.dice is not None:
            dice = "  ".join(f"{c}:{f.name.lower()}" for c, f in zip(COLOURS, state.dice))
            lines.append("dice: " + dice)
            done = [f"p{p}" for p in state.acted]
            if done:
                lines.append("done this round: " + " ".join(done))
            if state.grabbed:
                lines.append("grabbed: " + " ".join(o.name.lower() for o in sorted(state.grabbed)))
        out = [self.colour_line(line) for line in lines]
        if state.dice is not None:
            styles = {"red": "bold red", "white": "bold white", "grey": "bold bright_black",
                      "green": "bold green", "blue": "bold blue"}
            for word, style in styles.items():
                out[2].highlight_regex(rf"\b{word}:\w+", style)
        return out

    def status(self, state: Any, humans: frozenset[int]) -> str:
        if self.game.is_terminal(state):
            return self.result(state)
        if state.dice is None:
            return f"p{state.roller} rolls the dice"
        return "grab the right object, or pass"

    def chance_line(self, before: Any, action: Any, after: Any) -> str:
        from castlerules.vlotte_geesten.describe import roll_line

        return roll_line(before, action)

    def shortcut(self, text: str) -> str:
        """'book' or 'chair+mouse' means a grab."""
        names = {"chair", "ghost", "mouse", "bottle", "book"}
        parts = text.lower().replace(" ", "").split("+")
        return f"grab {text}" if parts and all(p in names for p in parts) else text

    def round_line(self, before: Any, after: Any, grabs: list[tuple[int, Any]]) -> str:
        """The settled round in one line: the answer, who grabbed what, how the points moved."""
        from castlerules.vlotte_geesten.describe import round_line

        return round_line(self.game, before, after, grabs)

    def result(self, state: Any) -> str:
        best = max(state.scores)
        scores = ", ".join(f"p{p} {s}" for p, s in enumerate(state.scores))
        base = super().result(state).replace("The game is over:", "The supply is empty, so the "
                                                                  "game is over:")
        if not self.game.winners(state):
            return f"{base[:-1]} (points: {scores})."
        return f"{base[:-1]} with {best} points ({scores})."


class SplutView(View):
    def _seat(self, player: int) -> int:
        seats = getattr(self.game, "_seats", ())
        return int(seats[player]) if player < len(seats) else player

    def who(self, player: int) -> str:
        from castlerules.splut.render import SEAT_NAMES

        return f"p{player} ({SEAT_NAMES[self._seat(player) % 4]})"

    def style(self, player: int) -> str:
        return ("bold red", "bold blue", "bold green", "bold yellow")[self._seat(player) % 4]

    def intro(self) -> list[str]:
        return [
            "Splut!: each team has a sorcerer (S), a troll (T) and a dwarf (D); kill the other "
            "sorcerers by throwing rocks (@@) onto them with your troll.",
            "Moves: 'Sd2-d3' steps a piece (several steps a turn; ? lists them).",
        ]

    def board(self, state: Any) -> list[Text]:
        lines = self.game.render(state).splitlines()
        keep = [line for line in lines if not line.startswith("position: ")
                and not line.startswith("player ")]
        out = [self.colour_line(line) for line in keep]
        legend = ("legend: S sorcerer, T troll, D dwarf + player number; @@ rock; T* a troll "
                  "holding a rock; .. empty")
        teams = "teams: " + ", ".join(self.who(p) for p in range(self.game.num_players))
        out += [self.colour_line(teams), Text(legend, style="dim")]
        return out

    def status(self, state: Any, humans: frozenset[int]) -> str:
        if self.game.is_terminal(state):
            return self.result(state)
        lines = self.game.render(state).splitlines()
        detail = next((x for x in lines if x.startswith("player ")), "")
        p = state.to_move
        you = ", you" if p in humans else ""
        rest = detail.split(" to move", 1)[1] if " to move" in detail else ""
        return f"{self.who(p)[:-1]}{you}) to move{rest}"

    def colour_line(self, line: str) -> Text:
        text = Text(line)
        for p in range(self.game.num_players):
            text.highlight_regex(rf"\b[STD]{p}\b|\bp{p}\b", self.style(p))
        text.highlight_regex(r"@@", "bold bright_black")
        return text

    def result(self, state: Any) -> str:
        base = super().result(state)
        return base[:-1] + ", the last sorcerer on the board." if self.game.winners(state) else base


class SpookslotView(View):
    def intro(self) -> list[str]:
        return [
            "Spookslot: roll the die and walk your pawns along the path to the Exit; the first "
            "player with all pawns out wins.",
            "The ghost on the die drops the ghost ball: it fires a trap, and pawns on that trap's "
            "red or stairs squares fall back.",
            "Moves: 'move a' walks pawn a the number rolled; '?' says where each move lands.",
        ]

    def board(self, state: Any) -> list[Text]:
        from castlerules.spookslot.render import path_lines

        out = []
        styles = {"Y": "bold yellow", "G": "bold green", "B": "bold blue", "R": "bold red",
                  "S": "bold dark_orange3"}
        for line in path_lines(self.game, state):  # type: ignore[arg-type]
            text = self.colour_line(line)
            for letter, style in styles.items():
                text.highlight_regex(rf"\b[a-z]+\d+:{letter}\*?", style)
            out.append(text)
        return out

    def status(self, state: Any, humans: frozenset[int]) -> str:
        from castlerules.spookslot.state import Phase

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

    def chance_line(self, before: Any, action: Any, after: Any) -> str:
        from castlerules.spookslot.describe import chance_line

        return chance_line(self.game, before, action, after)

    def move_line(self, before: Any, action: Any, after: Any) -> str:
        """A pawn's move or the passage, with where it went."""
        from castlerules.spookslot.describe import move_line

        return move_line(self.game, before, action, after)

    def landing(self, state: Any, action: Any) -> str:
        from castlerules.spookslot.describe import landing

        return landing(self.game, state, action)

    def result(self, state: Any) -> str:
        base = super().result(state)
        return base[:-1] + ": all their pawns have escaped." if self.game.winners(state) else base


class KasteelView(View):
    side_panel = True

    def who(self, player: int) -> str:
        from castlerules.kasteel.board import PLAYER_NAMES

        return PLAYER_NAMES[player]

    def style(self, player: int) -> str:
        return ("bold yellow", "bold red")[player]

    def intro(self) -> list[str]:
        return [
            "Het kasteel veroveren: knights move like rooks; conquer the other castle by standing "
            "on its key square. Moves: 'f1-f4'.",
        ]

    def board(self, state: Any) -> list[Text]:
        import string

        from castlerules.kasteel.render import square_symbol

        game: Any = self.game
        b = game.board
        styles = {"Y": "bold yellow", "R": "bold red", "y": "yellow", "r": "red", "#": "bright_black",
                  "C": "bold blue", "*": "bold white"}
        out = []
        for r in range(b.height - 1, -1, -1):
            text = Text(f"{r + 1:>2}")
            for c in range(b.width):
                ch = square_symbol(b, state, r * b.width + c)
                text.append(" ")
                text.append(ch, style=styles.get(ch, ""))
            out.append(text)
        out.append(Text("   " + " ".join(string.ascii_lowercase[: b.width])))
        return out

    def panel(self, state: Any) -> list[Text]:
        from castlerules.kasteel.board import RED, YELLOW

        game: Any = self.game
        b = game.board
        skulls = " ".join(b.name(s) for s in sorted(state.skulls)) or "none yet"
        rows = [
            Text("Het kasteel veroveren", style="bold"),
            Text.assemble(("yellow", "bold yellow"), " starts at the bottom,"),
            Text.assemble(("red", "bold red"), " at the top."),
            Text(f"passes: yellow {state.passes[YELLOW]}, red {state.passes[RED]}"),
            Text(f"knights: yellow {len(state.knights[YELLOW])}, red {len(state.knights[RED])}"),
            Text(f"skulls: {skulls}"),
            Text("legend:", style="dim"),
            Text(" Y R  knights  y r  key squares", style="dim"),
            Text(" #  wall       C    canal", style="dim"),
            Text(" *  skull (crossing one, or a", style="dim"),
            Text("    canal, costs a pass)", style="dim"),
        ]
        return rows

    def chance_line(self, before: Any, action: Any, after: Any) -> str:
        from castlerules.kasteel.describe import chance_line

        return chance_line(self.game, before, action, after)

    def result(self, state: Any) -> str:
        from castlerules.kasteel.board import RED, YELLOW

        game: Any = self.game
        won = sorted(game.winners(state))
        if len(won) != 1:
            return super().result(state)
        w = won[0]
        loser = RED if w == YELLOW else YELLOW
        how = (f"{self.who(loser)} has lost all its knights" if not state.knights[loser]
               else f"{self.who(w)} has conquered {self.who(loser)}'s castle")
        return f"The game is over: {how}. {self.who(w).capitalize()} wins."


VIEWS: dict[str, type[View]] = {
    "vlotte-geesten": VlotteGeestenView,
    "splut": SplutView,
    "spookslot": SpookslotView,
    "kasteel": KasteelView,
}


def view_of(game: Game[Any, Any]) -> View:
    return VIEWS.get(game.name, View)(game)


# -- the session ------------------------------------------------------------------------------


class Session:
    """One game in the terminal (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        humans: Iterable[int],
        bots: Callable[[int], RandomBot | MCTSBot],
        rng: random.Random,
        console: Console,
        stdin: TextIO,
        max_plies: int,
        interactive: bool,
        bot_delay: float = BOT_DELAY,
    ) -> None:
        self.game = game
        self.view = view_of(game)
        self.humans = frozenset(humans)
        self.bots = {p: bots(p) for p in range(game.num_players) if p not in self.humans}
        self.rng = rng
        self.console = console
        self.reader = LineReader(stdin)
        self.max_plies = max_plies
        self.interactive = interactive
        self.bot_delay = bot_delay
        self.states: list[Any] = [game.initial_state()]
        self.texts: list[str] = []
        self.movers: list[int | None] = []
        self.stopped = ""
        #: Lines said since the board was last drawn (shown with it when a human plays).
        self.recent: list[Text] = []
        self._drawn: Any = None

    @property
    def state(self) -> Any:
        return self.states[-1]

    def _say(self, text: str | Text, style: str = "") -> None:
        """A line; on a terminal a long one is wrapped with a hanging indent."""
        width = self.console.width - 1
        if isinstance(text, Text) and self.console.is_terminal and len(text.plain) > width:
            lead = len(text.plain) - len(text.plain.lstrip())
            parts = text.wrap(self.console, width - lead - 4)
            for i, part in enumerate(parts):
                pad = Text(" " * (0 if i == 0 else lead + 4))
                self.console.print(pad + part, highlight=False, style=style or None,
                                   soft_wrap=True)
            return
        if isinstance(text, str) and self.console.is_terminal and len(text) > width:
            import textwrap

            indent = " " * (len(text) - len(text.lstrip()))
            text = textwrap.fill(text, width, subsequent_indent=indent + "    ")
        self.console.print(text, markup=False, highlight=False, style=style or None,
                           soft_wrap=True)

    def show(self) -> None:
        """The board with its legend and notes, the recent events, and whose turn it is."""
        view, state = self.view, self.state
        board = view.board(state)
        notes: list[Text] = []
        status = view.status(state, self.humans)
        if view.side_panel:
            panel = [*view.panel(state), *self.recent[-6:]]  # type: ignore[attr-defined]
            width = max(len(t.plain) for t in board) + 3
            rows = max(len(board), len(panel))
            for i in range(rows):
                line = board[i].copy() if i < len(board) else Text("")
                if i < len(panel):
                    line.pad_right(width - len(line.plain))
                    note = panel[i].copy()
                    note.truncate(max(10, self.console.width - width - 1), overflow="ellipsis")
                    line.append_text(note)
                self.console.print(line, highlight=False, crop=True, soft_wrap=False)
        else:
            for line in board:
                self._say(line)
            notes = self.recent[-6:]
            for line in notes:
                self._say(line)
        if status:
            self._say(Text(status, style="bold"))
        self.recent = []
        self._drawn = state

    def _event(self, text: str, mover: int | None) -> None:
        """A ply said: at once when the events stream by (a race, or nobody human), else kept
        for the next board."""
        if mover is not None and 0 <= mover < self.game.num_players:
            rest = text[len(f"p{mover} "):] if text.startswith(f"p{mover} ") else text
            line = Text(f"{len(self.texts)}. ")
            line.append(self.view.who(mover), style=self.view.style(mover))
            line.append_text(self.view.colour_line(f": {rest}"))
        else:
            line = self.view.colour_line(f"{len(self.texts)}. {text}")
        if not self.humans or self._live:
            self._say(line)
        else:
            self.recent.append(line)

    _live = False

    def _push(self, action: Any, mover: int | None) -> None:
        before = self.state
        text = self.game.action_to_str(before, action)
        after = self.game.apply(before, action)
        self.states.append(after)
        self.texts.append(text)
        self.movers.append(mover)
        if not self.humans:  # a random game: one ply a line, in the record's notation
            label = self.view.who(mover) if mover is not None else "chance"
            self._say(f"{len(self.texts)}. {text}   ({label})")
            return
        if mover is None:
            said = self.view.chance_line(before, action, after)
            if self.humans and isinstance(self.view, VlotteGeestenView):
                return  # the board shows the dice
        elif isinstance(self.view, SpookslotView):
            said = self.view.move_line(before, action, after)
        else:
            said = text
        self._event(said, mover)

    def undo(self) -> bool:
        """Back to the position before the last human move (False if there is none)."""
        humans = [i for i, m in enumerate(self.movers) if m in self.humans]
        if not humans:
            return False
        keep = humans[-1]
        del self.states[keep + 1 :], self.texts[keep:], self.movers[keep:]
        return True

    def _prompt(self, player: int) -> None:
        prompt = Text(f"p{player}> ", style=self.view.style(player))
        self.console.print(prompt, end="", highlight=False)
        self.console.file.flush()

    def _read(self, player: int, timeout: float | None = None) -> str | object | None:
        """A line typed for ``player`` (None at the end of the input; TIMEOUT)."""
        while True:
            line = self.reader.readline(timeout)
            if line is TIMEOUT:
                return TIMEOUT
            if not self.interactive and isinstance(line, str):
                self._say(Text(line, style="dim"))  # echo piped input, so the transcript reads
            if isinstance(line, TooLong):
                self._say(f"that line is longer than {MAX_LINE} characters; type a move",
                          style="red")
                self._prompt(player)
                continue
            return line

    def _parse(self, text: str, player: int) -> Any:
        """The action ``text`` names for ``player``; the player prefix may be left out."""
        game, state = self.game, self.state
        text = self.view.shortcut(text)
        if not _PREFIX.match(text + " "):
            try:
                return game.parse_action(state, f"p{player} {text}")
            except RulesError:
                pass
        return game.parse_action(state, text)

    def _handle(self, line: str, player: int) -> Any | None:
        """The action of a typed line, or None after answering a command or a bad move."""
        game, state = self.game, self.state
        text = line.strip()
        if text in ("?", "help"):
            self._say(HELP)
            actions = own_actions(game, state, player)
            texts = [game.action_to_str(state, a) + self.view.landing(state, a)
                     for a in actions[:200]]
            more = f" … and {len(actions) - 200} more" if len(actions) > 200 else ""
            self._say("legal: " + ", ".join(texts) + more)
            return None
        if text in ("position", "pos"):
            self._say("position: " + game.state_to_text(state))
            return None
        try:
            action = self._parse(text, player)
            if getattr(action, "player", player) != player and len(game.actors(state)) <= 1:
                raise RulesError(f"it is {self.view.who(player)}'s move")
            found = game.violation(state, action)
        except RulesError as exc:
            self._say(f"not a move: {exc}", style="red")
            self._say("type ? for the legal moves", style="dim")
            return None
        if found is not None:
            self._say(f"illegal: {found.reason}", style="red")
            english = clause_english(game, found.clause)
            if english:
                self._say(f"  rule {found.clause}: {english}")
            self._say(f"  Dutch: “{found.text_nl}”", style="italic")
            return None
        if getattr(action, "player", player) != player:
            self._say(f"that is a move of p{action.player}; you are p{player}", style="red")
            return None
        return action

    def _typed(self, line: Any) -> str | None:
        """The text of a line the human typed, stripped ("" for an empty line); None when the
        input ended or they quit (``stopped`` says which)."""
        if line is None or not isinstance(line, str):
            self._say("")
            self.stopped = "the input ended"
            return None
        text = line.strip()
        if text in ("quit", "exit"):
            self.stopped = "quit"
            return None
        return text

    def _ask(self, player: int) -> Any | None:
        """The move a human types, after '?', 'undo' and illegal moves; None to stop."""
        while True:
            self._prompt(player)
            text = self._typed(self._read(player))
            if text is None:
                return None
            if not text:
                continue
            if text == "undo":
                if self.undo():
                    self._say("taken back:")
                    self.show()
                else:
                    self._say("nothing to take back")
                continue
            action = self._handle(text, player)
            if action is not None:
                return action

    def _mover(self) -> int:
        actors = sorted(self.game.actors(self.state))
        return actors[0] if len(actors) == 1 else self.rng.choice(actors)

    # -- a race (several players may act at once, a human among them) --------------------------

    def _race(self) -> bool:
        """One grab round with human players: returns False to stop."""
        game = self.game
        start = self.state
        start_ply = len(self.texts)
        self._live = True
        self.show()
        timed = self.interactive and self.reader.fd is not None
        due: dict[int, float] = {}
        now = time.monotonic()
        for p in sorted(game.actors(start) - self.humans):
            due[p] = now + self.bot_delay * self.rng.uniform(0.7, 1.5)
        answered: set[int] = set()
        try:
            while game.actors(self.state) and not game.is_terminal(self.state):
                waiting = sorted(p for p in game.actors(self.state) & self.humans
                                 if p not in answered)
                bots_left = sorted(p for p in game.actors(self.state) if p in due)
                if waiting and (not timed or not bots_left):
                    action = self._race_human(waiting[0], None)
                    if action is None:
                        return False
                    answered.add(waiting[0])
                    continue
                if waiting:
                    first = min(bots_left, key=lambda p: due[p])
                    left = max(0.0, due[first] - time.monotonic())
                    action = self._race_human(waiting[0], left)
                    if action is None:
                        return False
                    if action is not TIMEOUT:
                        answered.add(waiting[0])
                        continue
                    self._say("")
                else:
                    first = min(bots_left, key=lambda p: due[p])
                    if timed:
                        time.sleep(max(0.0, due[first] - time.monotonic()))
                del due[first]
                self._push(self._race_choice(first), first)
        finally:
            self._live = False
        if len(self.states) > start_ply + 1 and self.state.dice is None:  # settled
            grabs = [(m, self._action_at(i)) for i, m in enumerate(self.movers[start_ply:], start_ply)
                     if m is not None]
            view = self.view
            if isinstance(view, VlotteGeestenView):
                self._say(view.round_line(start, self.state, grabs), style="bold")
        return True

    def _race_choice(self, player: int) -> Any:
        """A bot's grab in a race (``castlerules.bots.race_action``)."""
        return race_action(self.bots[player], self.game, self.state, player)

    def _action_at(self, ply: int) -> Any:
        return self.game.parse_action(self.states[ply], self.texts[ply])

    def _race_human(self, player: int, timeout: float | None) -> Any | None:
        """The human's action in a race, applied; TIMEOUT if a bot is due first; None to stop."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            self._prompt(player)
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            line = self._read(player, left)
            if line is TIMEOUT:
                return TIMEOUT
            text = self._typed(line)
            if text is None:
                return None
            if not text:
                continue
            if text == "undo":
                self._say("no taking back in a race")
                continue
            action = self._handle(text, player)
            if action is not None:
                self._push(action, player)
                return action

    # -- the game -------------------------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        if self.humans:
            for line in self.view.intro():
                self._say(line, style="dim")
        while not game.is_terminal(self.state) and len(self.texts) < self.max_plies:
            if game.is_chance(self.state):
                self._push(sample(game.chance_outcomes(self.state), self.rng), None)
                continue
            actors = game.actors(self.state)
            if self.humans and len(actors) > 1 and actors & self.humans:
                if not self._race():
                    return
                continue
            mover = self._mover()
            if mover in self.humans:
                if self._drawn is not self.state:
                    self.show()
                action = self._ask(mover)
                if action is None:
                    return
                self._push(action, mover)
            else:
                self._push(self.bots[mover].choose(game, self.state, mover), mover)
        if self.humans:
            self.show()
        if not game.is_terminal(self.state):
            self.stopped = "stopped at the ply cap (--max-plies)"

    def record(self, seed: int) -> Record:
        return Record.new(self.game.name, self.game.options, tuple(self.texts), seed=seed)


def clause_english(game: Game[Any, Any], clause_id: str) -> str:
    """The English summary of a clause, from the game's spec ("" if it has none)."""
    try:
        from castlerules.core.spec import load_spec

        for c in load_spec(game.name).clauses:
            if c.id == clause_id:
                return str(c.en)
    except (RulesError, OSError, AttributeError):
        return ""
    return ""
