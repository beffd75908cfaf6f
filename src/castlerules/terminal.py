"""Playing in the terminal: the session loop; each game's view lives in its own package.

``Session`` drives one game. Human players type moves in the game's notation; the player prefix
(``p0``) may be left out at the ``pN>`` prompt. ``?`` lists the legal moves (in Spookslot with where
each lands), ``undo`` takes back the last own move (and says which), ``history`` tells the whole
game so far (the notation, chance also in words), ``board`` draws the board with every legend,
``position`` prints the position text, ``quit`` stops. An illegal move is answered with the English
reason and the Dutch clause it breaks, and asked again. Bots choose for the other players and
chance is drawn from the seeded generator.

What a game shows is its ``Presentation`` (``core.present``), the game's ``present`` part (the
same presentation serves the docs' Play page): the board with a legend, sized so the board, the events and the prompt fit an 80 x 24
screen at the game's largest player count; each event told in plain words (chance as the game's
``describe_chance`` says it), one line per turn; the result in the game's own words.

Every event is told, as it happens, in order: nothing is cut. The board comes after the events,
just above the prompt; when the events since the player's last input are more than the screen
holds beside the board, a line before the board says how many there were and that ``history``
tells them all.

Where several players may act at once (a Vlotte Geesten grab round) and a human is one of them,
the round is a race: the human sees the roll and types a grab, each bot answers after a reaction
time (``bot_delay`` seconds, varied a little), and one line then says who grabbed what and how the
points moved. Every person at the screen may grab (a line with another person's prefix, ``p1 book``,
is theirs). There is no taking back during a race. Between rounds the session waits, on a
terminal, until a person presses Enter (the screen says so): the round's explanation stands until
then, and ``undo`` there takes back the person's grab of the round just played (the round is raced
again from there). Without a human, or when the input is not a terminal, nothing waits and the race
is drawn uniformly (the human's typed line, when there is one, comes first).

On a terminal the session reads the keys itself (the terminal's echo off, restored on the way
out) and echoes what is typed, so a line a bot says while the player is typing never splits the
typed text: the prompt line is cleared, the bot's line printed, and the prompt drawn again with
what was typed so far. Input is read a line at a time from any text stream, at most ``MAX_LINE``
characters a line (a longer line is refused with a short message and never held in memory), so a
game can be scripted by piping moves in. Colours (``core.styled``) appear only when the output is
a terminal.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import random
import re
import select
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TextIO

from castlerules.bots import BOT_DELAY as BOT_DELAY  # the default the CLI offers
from castlerules.bots import Bot, own_actions
from castlerules.core.chance import sample
from castlerules.core.errors import RulesError, printable
from castlerules.core.game import Game
from castlerules.core.present import Ply, Presentation, presentation_of
from castlerules.core.record import Record
from castlerules.core.styled import Console, Text

try:  # POSIX terminals: the keys are read one by one
    import termios
except ImportError:  # pragma: no cover - a platform without termios reads whole lines
    termios = None  # type: ignore[assignment]

#: The longest input line a human may type (characters); longer lines are refused.
MAX_LINE = 4096
HELP = (
    "Type a move in the game's notation (the 'pN ' prefix may be left out). Commands: '?' the "
    "legal moves, 'undo' takes back your last move, 'history' the whole game so far, 'board' the "
    "board with every legend, 'position' the position text, 'quit' stops."
)
#: The help during a race (several players act at once): no taking back until the round is over.
RACE_HELP = (
    "A race: type your move without the 'pN ' prefix (another person here types theirs with it). "
    "'history', 'board', 'position', 'quit' as always; no taking back during a race: between "
    "rounds 'undo' takes back your move in the round."
)
#: The help between rounds, while the session waits for Enter.
WAIT_HELP = (
    "Between rounds: Enter rolls the dice. Commands: 'undo' takes back your move in the round "
    "just played (and races it again), 'history' the whole game so far, 'board' the board with "
    "every legend, 'position' the position text, 'quit' stops."
)
_PREFIX = re.compile(r"\s*[pP]\d+\s")


def view_of(game: Game[Any, Any]) -> Presentation:
    """How ``game`` is shown: its presentation (``core.present.presentation_of``)."""
    return presentation_of(game)


def legal_moves_text(game: Game[Any, Any], state: Any, player: int | None = None) -> str:
    actions = game.legal_actions(state) if player is None else own_actions(game, state, player)
    texts = [game.action_to_str(state, a) for a in actions]
    shown = texts[:200]
    more = f" … and {len(texts) - len(shown)} more" if len(texts) > len(shown) else ""
    return ", ".join(shown) + more


def chance_first(game: Game[Any, Any], state: Any, move: str) -> list[str]:
    """What to say when a player's move is asked about where chance acts first (Kasteel's skulls
    fall before the first move): that chance acts, what it does, and how to ask about the move in
    a position where a player moves (the one after the first outcome of each chance event)."""
    import shlex

    outcomes = game.chance_outcomes(state)
    said = [f"In this position chance acts, not a player: one of {len(outcomes)} outcomes "
            f"(such as: {game.describe_chance(state, outcomes[0][0])}) comes first."]
    later, events = state, list[str]()
    while game.is_chance(later) and not game.is_terminal(later) and len(events) < 20:
        outcome = game.chance_outcomes(later)[0][0]
        events.append(game.describe_chance(later, outcome))
        later = game.apply(later, outcome)
    if game.is_chance(later):
        return said
    said.append("To ask about a player's move, give a position where a player is to move, such "
                f"as the one after {'; '.join(events)}:")
    said.append(f"  castlerules explain {game.name} {shlex.quote(game.state_to_text(later))} "
                f"{shlex.quote(move)}")
    return said


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

    Inside ``keys()`` on a terminal the line is edited here, key by key (the terminal's own echo
    and line editing are off): what is typed is echoed to ``echo``, backspace, Ctrl-U and Ctrl-W
    edit it, Ctrl-D on an empty line ends the input, other control keys and escape sequences (the
    arrow keys) are ignored; ``partial`` is what has been typed of the line so far.
    """

    def __init__(self, stream: TextIO, echo: IO[str] | None = None) -> None:
        self.stream = stream
        self.echo = echo
        self.fd: int | None
        try:
            self.fd = stream.fileno()
            os.fstat(self.fd)
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self._buf = b""
        self._dropping = False
        self._eof = False
        #: Whether the keys are read one by one (inside ``keys()`` on a terminal).
        self.editing = False
        #: What has been typed of the current line (while editing).
        self.partial = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._escape = 0
        self._after_cr = False

    @contextlib.contextmanager
    def keys(self) -> Iterator[None]:
        """When both the input and the echo are a terminal, read key by key and echo here for the
        time of the block (the terminal's settings are restored however the block ends);
        elsewhere nothing changes."""
        shown = self.echo is not None and getattr(self.echo, "isatty", lambda: False)()
        if termios is None or self.fd is None or not shown or not os.isatty(self.fd):
            yield  # the terminal echoes and edits the line itself (or there is no terminal)
            return
        saved = termios.tcgetattr(self.fd)
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ECHO | termios.ICANON)
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)
        self.editing = True
        try:
            yield
        finally:
            self.editing = False
            with contextlib.suppress(termios.error, OSError):  # a terminal that hung up
                termios.tcsetattr(self.fd, termios.TCSANOW, saved)

    def readline(self, timeout: float | None = None) -> str | TooLong | object | None:
        """The next line without its line break; None at the end of the input; ``TOO_LONG``;
        ``TIMEOUT`` if ``timeout`` seconds passed first (only for a stream with a descriptor)."""
        if self.fd is None:
            return self._readline_stream()
        deadline = None if timeout is None else time.monotonic() + timeout
        limit = 4 * MAX_LINE  # bytes: UTF-8 takes at most four a character
        while True:
            if self.editing:
                done = self._keys()
                if done is not None:
                    return done
            else:
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
                if self.editing:
                    line_text, self.partial = self.partial, ""
                    return line_text or None
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

    def _show(self, text: str) -> None:
        assert self.echo is not None
        self.echo.write(text)
        self.echo.flush()

    def _keys(self) -> str | TooLong | None:
        """Edit the line with the keys read so far: the line once Enter came, else None (the
        end of the input is ``_eof`` with an empty line)."""
        while self._buf:
            byte, self._buf = self._buf[0], self._buf[1:]
            after_cr, self._after_cr = self._after_cr, False
            if self._escape:  # an escape sequence (an arrow key): skipped
                if self._escape == 1:
                    self._escape = 2 if byte == 0x5B else 3 if byte == 0x4F else 0
                elif self._escape == 3 or 0x40 <= byte <= 0x7E:
                    self._escape = 0
                continue
            if byte in (10, 13):
                if byte == 10 and after_cr:
                    continue
                self._after_cr = byte == 13
                line, self.partial = self.partial, ""
                self._show("\n")
                if self._dropping:
                    self._dropping = False
                    return TOO_LONG
                return line
            if byte in (8, 127):
                if self.partial:
                    self.partial = self.partial[:-1]
                    self._show("\b \b")
            elif byte in (21, 23):  # Ctrl-U: the whole line; Ctrl-W: the last word
                keep = "" if byte == 21 else self.partial.rstrip().rpartition(" ")[0]
                keep += " " if keep else ""
                gone = len(self.partial) - len(keep)
                self.partial = keep
                self._show("\b \b" * gone)
            elif byte == 4:  # Ctrl-D: the end of the input on an empty line
                if not self.partial:
                    self._eof = True
                    return None
            elif byte == 27:
                self._escape = 1
            elif byte >= 32:
                text = self._decoder.decode(bytes([byte]))
                if not text:
                    continue
                if len(self.partial) + len(text) > MAX_LINE:
                    self._dropping = True
                    continue
                self.partial += text
                self._show(text)
        return None

    def ready(self) -> bool:
        """Whether a whole line can be read now without waiting."""
        if self.fd is None:
            return True
        if self.editing:
            return b"\n" in self._buf or b"\r" in self._buf or bool(
                select.select([self.fd], [], [], 0)[0])
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


# -- what a session says -----------------------------------------------------------------------

class Teller:
    """What a session says on the screen: its lines, the plies in words, the board and the history
    (``Session`` is one; the attributes are the session's, set by its ``__init__``)."""

    view: Presentation
    humans: frozenset[int]
    console: Console
    reader: LineReader
    states: list[Any]
    plies: list[Ply]
    _group: list[Ply]
    _lines_told: int
    _plies_told_from: int
    _drawn: Any
    _live: bool
    _at_prompt: bool

    @property
    def state(self) -> Any:
        return self.states[-1]

    # -- saying things ------------------------------------------------------------------------
    def _end_prompt(self) -> None:
        """Before a line is said while the prompt is on the screen: on a terminal whose keys are
        read here, clear the prompt line (it is drawn again, with what was typed so far, when the
        player is asked next); elsewhere end it."""
        if not self._at_prompt:
            return
        self._at_prompt = False
        if self.reader.editing:
            self.console.file.write("\r\x1b[K")
        else:
            self.console.file.write("\n")

    def _say(self, text: str | Text, style: str = "") -> None:
        """A line; on a terminal a long one is wrapped with a hanging indent."""
        self._end_prompt()
        width = self.console.width - 1
        if isinstance(text, Text) and self.console.is_terminal and len(text.plain) > width:
            lead = len(text.plain) - len(text.plain.lstrip())
            parts = text.wrap(width - lead - 4)
            for i, part in enumerate(parts):
                pad = Text(" " * (0 if i == 0 else lead + 4))
                self.console.print(pad + part, style=style, wrap=False)
            return
        if isinstance(text, str) and self.console.is_terminal and len(text) > width:
            import textwrap

            indent = " " * (len(text) - len(text.lstrip()))
            text = textwrap.fill(text, width, subsequent_indent=indent + "    ")
        self.console.print(text, style=style, wrap=False)

    def _height(self, line: Text) -> int:
        """How many screen lines ``_say`` takes for ``line``."""
        width = self.console.width - 1
        if not self.console.is_terminal or len(line.plain) <= width:
            return 1
        lead = len(line.plain) - len(line.plain.lstrip())
        return len(line.wrap(width - lead - 4))

    def _tell(self, ply: Ply) -> None:
        """A ply said in words: on the line of its turn (printed once the turn is over), or at once
        in a race."""
        if self._group and not self.view.joins(self._group[-1], ply):
            self._flush()
        self._group.append(ply)
        if self._live:
            self._flush()

    def _flush(self) -> None:
        """Print the line of the plies told but not printed yet."""
        if not self._group:
            return
        line = self.view.group_line(self._group)
        self._group = []
        self._say(line)
        self._lines_told += self._height(line)

    def show(self) -> None:
        """The events not yet printed, the board with its legend and notes, and whose turn it is;
        when the events since the last board do not fit on the screen with the board, a line
        first says how many there were and how to see them."""
        self._flush()
        view, state = self.view, self.state
        board = view.board(state)
        status = view.status(state, self.humans)
        told = len(self.plies) - self._plies_told_from
        room = self.console.height - len(board) - 2
        if self.humans and self._lines_told > room and told:
            self._say(f"({told} plies since the board was last drawn; 'history' shows them all)",
                      style="dim")
        if view.side_panel:
            panel = view.panel(state)
            width = max(len(t.plain) for t in board) + 3
            self._end_prompt()
            for i in range(max(len(board), len(panel))):
                line = board[i].copy() if i < len(board) else Text("")
                if i < len(panel):
                    line.pad_right(width - len(line.plain))
                    note = panel[i].copy()
                    note.truncate(max(10, self.console.width - width - 1))
                    line.append_text(note)
                self.console.print(line, crop=True)
        else:
            for line in board:
                self._say(line)
        if status:
            self._say(Text(status, style="bold"))
        self._lines_told = 0
        self._plies_told_from = len(self.plies)
        self._drawn = state

    def history(self) -> None:
        """The whole game so far, a ply a line: its notation, chance also in words, a move with
        what it did; in a game told in rounds, each settled round's line after its last ply."""
        self._flush()
        if not self.plies:
            self._say("no moves yet")
        view, start = self.view, 0
        for i, ply in enumerate(self.plies):
            self._say(view.history_line(ply))
            if ply.mover is None:
                start = i + 1
            elif view.rounds and view.round_over(ply.after):
                said = view.settled(self.states[start], ply.after, self.plies[start:i + 1])
                if said:
                    self._say(Text("   " + said, style="dim"))


# -- the session ------------------------------------------------------------------------------

class Session(Teller):
    """One game in the terminal (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        humans: Iterable[int],
        bots: Callable[[int], Bot],
        rng: random.Random,
        console: Console,
        stdin: TextIO,
        max_plies: int,
        interactive: bool,
        bot_delay: float = BOT_DELAY,
        on_change: Callable[[bool], None] | None = None,
    ) -> None:
        self.game = game
        self.view = view_of(game)
        self.humans = frozenset(humans)
        self.bots = {p: bots(p) for p in range(game.num_players) if p not in self.humans}
        self.rng = rng
        self.console = console
        self.reader = LineReader(stdin, console.file if interactive else None)
        self.max_plies = max_plies
        self.interactive = interactive
        self.bot_delay = bot_delay
        self.states: list[Any] = [game.initial_state()]
        self.plies: list[Ply] = []
        self.stopped = ""
        #: Counts the changes of the game (a ply made or taken back); ``on_change(waiting)`` is
        #: called after each, and with ``waiting`` before a person is asked (to keep the record).
        self.changes = 0
        self.on_change = on_change
        #: Plies told on a line that is not printed yet (the rest of a turn may join them).
        self._group: list[Ply] = []
        #: Lines of events printed since the board was last drawn.
        self._lines_told = 0
        self._plies_told_from = 0
        self._drawn: Any = None
        self._live = False
        #: Whether the prompt is the last line on the screen (a line said first clears it).
        self._at_prompt = False

    @property
    def texts(self) -> list[str]:
        """The plies so far in the game's notation (the record's actions)."""
        return [p.text for p in self.plies]

    @property
    def movers(self) -> list[int | None]:
        """Who made each ply (None: chance)."""
        return [p.mover for p in self.plies]

    # -- moves ----------------------------------------------------------------------------------
    def _push(self, action: Any, mover: int | None) -> None:
        before = self.state
        text = self.game.action_to_str(before, action)
        after = self.game.apply(before, action)
        self.states.append(after)
        ply = Ply(len(self.plies) + 1, before, action, after, mover, text)
        self.plies.append(ply)
        self._changed(False)
        if not self.humans:  # a random game: one ply a line, in the record's notation
            label = self.view.who(mover) if mover is not None else "chance"
            self._say(f"{ply.number}. {text}   ({label})")
            return
        self._tell(ply)

    def undo(self) -> Ply | None:
        """Back to the position before the last human move: that move (None if there is none)."""
        mine = [p for p in self.plies if p.mover in self.humans]
        if not mine:
            return None
        taken = mine[-1]
        del self.states[taken.number :], self.plies[taken.number - 1 :]
        self._changed(False)
        self._group = []
        self._plies_told_from = min(self._plies_told_from, len(self.plies))
        return taken

    def _changed(self, waiting: bool) -> None:
        self.changes += 1
        if self.on_change is not None:
            self.on_change(waiting)

    def _prompt(self, player: int, label: str = "") -> None:
        """The prompt (``pN> ``, or ``label``), with what was typed so far (unless it is on the
        screen already); the record is kept before a person is asked."""
        if self.on_change is not None:
            self.on_change(True)
        if self._at_prompt:
            return
        self._flush()
        prompt = Text(label or f"p{player}> ", style=self.view.style(player))
        self.console.print(prompt, end="")
        if self.reader.editing and self.reader.partial:
            self.console.file.write(self.reader.partial)
        self.console.file.flush()
        self._at_prompt = True

    def _read(
        self, player: int, timeout: float | None = None, label: str = ""
    ) -> str | object | None:
        """A line typed for ``player`` (None at the end of the input; TIMEOUT)."""
        while True:
            line = self.reader.readline(timeout)
            if line is TIMEOUT:
                return TIMEOUT
            self._at_prompt = False
            if not self.interactive and isinstance(line, str):
                # echo piped input, so the transcript reads (its control characters escaped)
                self._say(Text(printable(line), style="dim"))
            if isinstance(line, TooLong):
                self._say(f"that line is longer than {MAX_LINE} characters; type a move",
                          style="red")
                self._prompt(player, label)
                continue
            return line

    def _parse(self, text: str, player: int) -> Any:
        """The action ``text`` names for ``player``; the player prefix may be left out."""
        game, state = self.game, self.state
        text = self.view.shortcut(text)
        if _PREFIX.match(text + " "):
            return game.parse_action(state, text)
        try:
            return game.parse_action(state, f"p{player} {text}")
        except RulesError as exc:
            meant = exc  # the player's own move is what was meant: its error is the one to say
        try:
            return game.parse_action(state, text)
        except RulesError:
            raise meant from None

    def _whose(self, player: int, action: Any) -> str:
        """Why a well-formed move of another player is not the human's to make, in the game's
        words: whose move it is now."""
        game, state, view = self.game, self.state, self.view
        other = getattr(action, "player", player)
        actors = sorted(game.actors(state))
        if len(actors) == 1:
            now = actors[0]
            mine = " (yours)" if now == player else ""
            return (f"it is {view.side(now)}'s move{mine}: "
                    f"{game.action_to_str(state, action)} is {view.side(other)}'s")
        return f"that is a move of {view.side(other)}; you are {view.side(player)}"

    def _handle(self, line: str, player: int, others: frozenset[int] = frozenset()) -> Any | None:
        """The action of a typed line, or None after answering a command or a bad move. A move of
        one of ``others`` (other people at this screen who may act now) is accepted too."""
        game, state = self.game, self.state
        text = line.strip()
        if text in ("?", "help"):
            self._say(RACE_HELP if self._live else HELP)
            legal = self.view.legal_text(state, own_actions(game, state, player))
            self._say("legal: " + legal)
            used = [f"'{w}' {meaning}" for w, meaning in self.view.glossary()
                    if re.search(rf"\b{re.escape(w)}\b", legal)]
            if used:
                self._say("words: " + "; ".join(used), style="dim")
            return None
        if text in ("position", "pos"):
            self._say("position: " + game.state_to_text(state))
            return None
        if text in ("history", "h"):
            self.history()
            return None
        if text in ("board", "b"):
            for row in self.view.full_board(state):
                self._say(row)
            return None
        try:
            action = self._parse(text, player)
        except RulesError as exc:
            self._say(f"not a move: {exc}", style="red")
            self._say("type ? for the legal moves", style="dim")
            return None
        if getattr(action, "player", player) not in {player, *others}:
            self._say(self._whose(player, action), style="red")
            return None
        found = game.violation(state, action)
        if found is not None:
            self._say(f"illegal: {found.reason}", style="red")
            english = clause_english(game, found.clause)
            if english:
                self._say(f"  rule {found.clause}: {english}")
            self._say(f"  Dutch: “{found.text_nl}”", style="italic")
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

    def _take_back(self, redraw: bool = True) -> None:
        """``undo``: the player's last move taken back, said by its number and text (and the board
        drawn again, unless ``redraw`` is False: a race that follows draws it)."""
        plies = len(self.plies)
        taken = self.undo()
        if taken is None:
            self._say("nothing to take back")
            return
        later = plies - taken.number
        self._say(f"taken back: {taken.number}. {taken.text}"
                  + (f", and the {later} plies after it" if later > 1 else
                     ", and the ply after it" if later == 1 else ""))
        if redraw:
            self.show()

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
                self._take_back()
                continue
            action = self._handle(text, player)
            if action is not None:
                return action

    def _mover(self) -> int:
        actors = sorted(self.game.actors(self.state))
        return actors[0] if len(actors) == 1 else self.rng.choice(actors)

    # -- a race (several players may act at once, a human among them) --------------------------

    def _round_start(self) -> int:
        """The number of plies before the first move of the round in play, or (at a roll) of the
        round just played: the plies up to its roll."""
        first = len(self.plies)
        while first > 0 and self.plies[first - 1].mover is not None:
            first -= 1
        return first

    def _race(self) -> bool:
        """One grab round with human players (from its start, or from where ``undo`` took it
        back): returns False to stop."""
        game = self.game
        start_ply = self._round_start()
        start = self.states[start_ply]
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
                    action = self._race_human(waiting, None)
                    if action is None:
                        return False
                    answered.add(getattr(action, "player", waiting[0]))
                    continue
                if waiting:
                    first = min(bots_left, key=lambda p: due[p])
                    left = max(0.0, due[first] - time.monotonic())
                    action = self._race_human(waiting, left)
                    if action is None:
                        return False
                    if action is not TIMEOUT:
                        answered.add(getattr(action, "player", waiting[0]))
                        continue
                else:
                    first = min(bots_left, key=lambda p: due[p])
                    if timed:
                        time.sleep(max(0.0, due[first] - time.monotonic()))
                del due[first]
                self._push(self._race_choice(first), first)
        finally:
            self._live = False
        if len(self.states) > start_ply + 1 and self.view.round_over(self.state):  # settled
            said = self.view.settled(start, self.state, self.plies[start_ply:])
            if said:
                self._say(said, style="bold")
        self._plies_told_from = len(self.plies)
        self._lines_told = 0
        return True

    def _race_choice(self, player: int) -> Any:
        """A bot's grab in a race: one object or a pass, as a person reaches for
        (``castlerules.bots``)."""
        return self.bots[player].choose(self.game, self.state, player)

    def _race_human(self, waiting: list[int], timeout: float | None) -> Any | None:
        """The action of a person in a race, applied: typed for the first of ``waiting`` (the
        people at this screen still to act), or for another of them by its prefix. TIMEOUT if a
        bot is due first; None to stop."""
        deadline = None if timeout is None else time.monotonic() + timeout
        player = waiting[0]
        label = "/".join(f"p{p}" for p in waiting) + "> " if len(waiting) > 1 else ""
        while True:
            self._prompt(player, label)
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            line = self._read(player, left, label)
            if line is TIMEOUT:
                return TIMEOUT
            text = self._typed(line)
            if text is None:
                return None
            if not text:
                continue
            if text == "undo":
                self._say("no taking back during a race: when the round is over, 'undo' takes "
                          "back your move in it")
                continue
            action = self._handle(text, player, frozenset(waiting))
            if action is not None:
                self._push(action, getattr(action, "player", player))
                return action

    # -- between rounds ---------------------------------------------------------------------

    def _waits_for_roll(self) -> bool:
        """Whether the session waits for a person before chance acts: between the rounds of a
        game told in rounds (Vlotte Geesten), with a person at a terminal."""
        return bool(self.view.rounds and self.humans and self.interactive)

    def _before_roll(self) -> bool | None:
        """Between rounds: the board and who rolls, then Enter rolls. True to roll; False when
        ``undo`` took back a move of the last round (it is raced again); None to stop."""
        self.show()
        self._say(Text("Press Enter to roll the dice ('?': what else you can type here).",
                       style="bold"))
        player = min(self.humans)
        label = "roll> "
        while True:
            self._prompt(player, label)
            text = self._typed(self._read(player, None, label))
            if text is None:
                return None
            if not text:
                return True
            if text == "undo":
                start = self._round_start()
                if not any(p.mover in self.humans for p in self.plies[start:]):
                    self._say("nothing of yours to take back in the last round")
                    continue
                self._take_back(redraw=False)
                return False
            if text in ("?", "help"):
                self._say(WAIT_HELP)
            elif text in ("position", "pos", "history", "h", "board", "b"):
                self._handle(text, player)
            else:
                self._say("the dice are not rolled yet: press Enter to roll them", style="red")

    # -- the game -------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game ends, the input ends, the player quits or the ply cap."""
        with self.reader.keys():
            self._run()

    def _run(self) -> None:
        game = self.game
        if self.humans:
            for line in self.view.intro():
                self._say(line, style="dim")
        while not game.is_terminal(self.state) and len(self.plies) < self.max_plies:
            if game.is_chance(self.state):
                if self._waits_for_roll():
                    go = self._before_roll()
                    if go is None:
                        return
                    if not go:
                        continue  # a move of the last round taken back: it is raced again
                self._push(sample(game.chance_outcomes(self.state), self.rng), None)
                continue
            actors = game.actors(self.state)
            if actors & self.humans and (len(actors) > 1 or self.view.rounds):
                # a race, or what is left of one (a round told whole once settled)
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
