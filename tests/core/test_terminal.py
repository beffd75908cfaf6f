"""Terminal play as a person sees it: ``castlerules play`` in a pseudo-terminal, typed at.

Each test starts the command in a pty (so it is interactive: coloured, timed races), waits for
what a player would wait for, types a line, and reads the screen. Small games and fixed seeds keep
them fast.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from castlerules.terminal import MAX_LINE, TIMEOUT, LineReader, TooLong
from tests.cli_runner import run

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """``castlerules ARGS`` in a pseudo-terminal of 80 x 24."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        import fcntl
        import struct
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "castlerules", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
        )
        os.close(slave)
        self.raw = ""
        self._from = 0

    def read_until(self, pattern: str, timeout: float = 30.0) -> str:
        """The plain text since the last line typed, once ``pattern`` (a regex) appears in it."""
        deadline = time.monotonic() + timeout
        while True:
            plain = ANSI.sub("", self.raw)[self._from :]
            if re.search(pattern, " ".join(plain.split())):
                return plain
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} never came; the screen had:\n{plain[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk and self.proc.poll() is not None:
                    raise AssertionError(f"{pattern!r} never came; it ended:\n{plain[-3000:]}")
                self.raw += chunk.decode("utf-8", errors="replace")

    def type(self, line: str) -> None:
        self._from = self.mark()
        os.write(self.master, (line + "\n").encode())

    def since(self, mark: int) -> str:
        return ANSI.sub("", self.raw)[mark:]

    def mark(self) -> int:
        return len(ANSI.sub("", self.raw))

    def close(self) -> int:
        try:
            code = self.proc.wait(timeout=30)
        finally:
            os.close(self.master)
        return code




def test_vlotte_geesten_is_a_race_the_human_can_win(terminal: object, tmp_path: Path) -> None:
    record = tmp_path / "vg.json"
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",  # type: ignore[operator]
                 "--bot-delay", "20", "-o", str(record))
    t.read_until(r"Press Enter to roll the dice.*roll>")  # the first roll waits for the person too
    t.type("")
    screen = t.read_until(r"p0>")
    assert "die colour:" in screen and "grab the right object" in screen
    assert "The answer was" not in screen and "situation" not in screen.split("die colour:")[1]
    assert "\x1b[" in t.raw  # coloured on a terminal
    # the roll as a table: each die's colour, what it shows, and the object of that colour
    rows = {label: line.split()[-5:] for line in screen.splitlines()
            for label in ("die colour:", "die shows:", "object of this colour:")
            if line.startswith(label)}
    assert rows["die colour:"] == ["red", "white", "grey", "green", "blue"]
    assert rows["object of this colour:"] == ["chair", "ghost", "mouse", "bottle", "book"]
    from castlerules.vlotte_geesten.rules import answer_of
    from castlerules.vlotte_geesten.state import Obj

    faces = tuple(Obj[w.upper()] for w in rows["die shows:"])
    assert f"p0 rolls: red {faces[0].name.lower()}, white {faces[1].name.lower()}" in screen
    right = answer_of(faces).name.lower()
    mark = t.mark()
    t.type(right)  # no "p0 " and no "grab": the prompt knows the player, a name means a grab
    t.read_until(r"Points: p0 \+1.*?supply \d+ → \d+\.")
    said = " ".join(t.since(mark).split())
    assert f"p0 grabbed the {right}: right" in said
    assert f"The answer was the {right}" in said
    assert "p0 +1" in said  # the point moved to p0
    points = said.split("Points:")[1].split(".")[0]
    assert points.startswith(" p0 +1, supply ") and "pot" not in points  # the pot did not change
    assert said.index(f"p0: grab {right}") < said.index("The answer was")
    t.type("quit")
    t.read_until(r"record of \d+ plies written")
    assert t.close() == 0
    assert json.loads(record.read_text())["actions"][1] == f"p0 grab {right}"


def test_a_slow_human_loses_the_race_to_a_quick_bot(terminal: object) -> None:
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",  # type: ignore[operator]
                 "--bot-delay", "0.2")
    t.read_until(r"roll>")
    t.type("")
    t.read_until(r"p0>")
    screen = t.read_until(r"2\. p1: ")  # the bot answered while the human waited
    assert "2. p1: " in screen
    t.type("quit")
    t.close()


def _answer(screen: str) -> str:
    """The right object for the roll last drawn on ``screen`` (its 'die shows:' row)."""
    from castlerules.vlotte_geesten.rules import answer_of
    from castlerules.vlotte_geesten.state import Obj

    shows = [line for line in screen.splitlines() if line.startswith("die shows:")][-1]
    return answer_of(tuple(Obj[w.upper()] for w in shows.split()[2:])).name.lower()


def test_after_a_round_the_race_waits_for_enter(terminal: object, tmp_path: Path) -> None:
    """Issue 36.2: the round's explanation stands until a person presses Enter, which the screen
    names; the next roll comes only then. 'undo' there takes back the last move of a person in
    the round just played, and the round is raced again from there; during the race 'undo' is
    refused, and the race's help does not offer it. (Two people at the screen, no bot: the round
    ends as soon as both have acted.)"""
    record = tmp_path / "vg.json"
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--human", "1",  # type: ignore[operator]
                 "--seed", "5", "-o", str(record))
    t.read_until(r"roll>$")
    t.type("")
    right = _answer(t.read_until(r"p0/p1>$"))
    t.type("?")
    said = " ".join(t.read_until(r"legal: .* p0/p1>$").split())
    assert "no taking back during a race" in said and "'undo' takes back your last" not in said
    t.type("undo")
    assert "no taking back during a race" in t.read_until(r"no taking back.*p0/p1>$")
    t.type("book" if right != "book" else "chair")  # p0: wrong
    t.read_until(r"p1>$")
    t.type("p1 pass")
    t.read_until(r"The answer was .*Press Enter to roll the dice.*roll>$")
    waited = t.mark()
    time.sleep(1.5)  # nothing comes while the people read
    t.read_until(r"roll>$", timeout=1)
    assert "rolls:" not in t.since(waited)
    t.type("?")
    assert "Enter rolls the dice" in t.read_until(r"Enter rolls the dice.*roll>$")
    t.type("undo")
    screen = t.read_until(r"taken back: 3\. p1 pass.* p1>$")
    assert "rolls:" not in screen  # the same round, raced again
    t.type(f"p1 {right}")
    t.read_until(rf"p1 grabbed the {right}: right.*roll>$")
    t.type("")
    t.read_until(r"rolls: .* p0/p1>$")  # Enter: the next roll
    t.type("quit")
    t.read_until(r"record of \d+ plies written")
    assert t.close() == 0
    actions = json.loads(record.read_text())["actions"]
    assert actions[2] == f"p1 grab {right}" and actions[3].startswith("roll ")


def test_every_person_at_the_screen_may_grab(terminal: object) -> None:
    """Two people and a bot: the prompt names both; the second types their grab with its prefix."""
    t = terminal("play", "vlotte-geesten", "--players", "3", "--human", "0", "--human", "1",  # type: ignore[operator]
                 "--seed", "5", "--bot-delay", "30")
    t.read_until(r"roll>$")
    t.type("")
    right = _answer(t.read_until(r"p0/p1>$"))
    t.type(f"p1 {right}")
    t.read_until(rf"p1 grabbed the {right}: right.*roll>$")
    t.type("quit")
    t.close()


def test_bots_alone_do_not_wait(terminal: object) -> None:
    t = terminal("play", "vlotte-geesten", "--players", "2", "--seed", "5",  # type: ignore[operator]
                 "--max-plies", "12")
    screen = t.read_until(r"not finished")
    assert "roll>" not in screen and "Press Enter" not in screen
    t.close()


def test_spookslot_explains_the_roll_and_where_each_move_lands(terminal: object) -> None:
    t = terminal("play", "spookslot", "--human", "0", "--seed", "3")  # type: ignore[operator]
    screen = t.read_until(r"p0>")
    assert "top floor  t1:Y" in screen and "EXIT" in screen and "key: Y G B safe" in screen
    assert "1. p0: rolls 3" in screen
    last = screen[screen.rindex("1. p0: rolls 3"):]
    assert "to roll" not in last
    assert "rolled 3: move a pawn 3 squares" in last
    mark = t.mark()
    t.type("board")  # the legend and the traps, one command away
    t.read_until(r"secret passage: .* p0>")
    assert "traps (squares → back to): stairs s1-s6 → t3" in " ".join(t.since(mark).split())
    mark = t.mark()
    t.type("?")
    t.read_until(r"legal: .*p0 move b → \w+.* p0>")  # the answer, then the prompt again
    assert "p0 move a → t3" in t.since(mark)
    mark = t.mark()
    t.type("move a")
    t.read_until(r"t3:B\[p0a\].*rolled \d: move a pawn.* p0>")
    said = " ".join(t.since(mark).split())
    assert "2. p0: move a: start → t3" in said  # the player's own move is told too
    # the seeded bot's turn, told in words on one line: a ghost, the ball down the stairs
    turn = next(line for line in said.split(" p1: ")[1:] if "rolls the ghost" in line)
    assert "ghost ball: stairs" in turn
    mark = t.mark()
    t.type("history")  # the whole game: the notation, chance also in whole sentences
    t.read_until(r"ball stairs — the ghost ball rolls down the stairs \(s1-s6 → t3\).* p0>")
    told = " ".join(t.since(mark).split())
    # the player once, and where the move took the pawn (issue 36.4)
    assert "1. roll 3 — p0 rolls 3" in told and "2. p0: move a: start → t3" in told
    t.type("quit")
    t.close()


def test_kasteel_shows_its_skulls_and_fits_80_by_24(terminal: object) -> None:
    t = terminal("play", "kasteel", "--human", "0", "--seed", "3")  # type: ignore[operator]
    screen = t.read_until(r"p0>")
    board = screen[screen.index("19 . "):]
    lines = board.splitlines()
    assert len(lines) <= 23  # the board, its panel and the prompt in one screen
    assert all(len(line) <= 80 for line in lines)
    assert "skulls: e10 m10 b11 f11" in board and board.count("*") >= 4
    assert "skulls fall on e10" in screen and "legend:" in board
    assert "[Y]  a knight on a wall" in board and ".[R]# C #[R]." in board
    assert "yellow (you) to move" in board
    mark = t.mark()
    t.type("f1-g2")
    t.read_until(r"p0>")
    said = t.since(mark)
    assert "illegal:" in said and "rule kasteel." in said and "Dutch: “" in said
    t.type("f1-f2")
    screen = t.read_until(r"red: \S+")
    t.type("quit")
    t.close()


@pytest.mark.parametrize("inherited", ["default", "ignored"])
def test_ctrl_c_keeps_the_record(terminal: object, tmp_path: Path, inherited: str) -> None:
    """Also when the game starts with SIGINT ignored, as a background job of a non-interactive
    shell (``nohup ... &``, some CI runners) starts it: the child inherits what is set here."""
    record = tmp_path / "s.json"
    handler = signal.SIG_IGN if inherited == "ignored" else signal.default_int_handler
    saved = signal.signal(signal.SIGINT, handler)
    try:
        t = terminal("play", "splut", "--human", "0", "--seed", "2", "-o", str(record))  # type: ignore[operator]
    finally:
        signal.signal(signal.SIGINT, saved)
    t.read_until(r"p0>")
    t.type("Tf2-f3")
    t.read_until(r"p0>")
    t.proc.send_signal(signal.SIGINT)
    screen = t.read_until(r"written to")
    assert "interrupted" in screen
    assert t.close() == 130
    actions = json.loads(record.read_text())["actions"]
    assert actions[0] == "p0 Tf2-f3" and len(actions) >= 2


def test_a_finished_game_says_who_won_in_its_own_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, _ = run(capsys, "play", "kasteel", "--seed", "4")
    assert code == 0
    assert re.search(r"The game is over: (yellow|red) has (conquered|lost).*(Yellow|Red) wins\.", out)
    code, out, _ = run(capsys, "play", "splut", "--seed", "4")
    assert re.search(r"p\d \((South|North)\) wins, the last sorcerer", out)


def test_piped_input_plays_without_the_prefix_and_says_the_rule_in_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Tf2-g3\nTf2-f3\nquit\n"))
    code, out, _ = run(capsys, "play", "splut", "--human", "0", "--seed", "2")
    assert code == 0
    assert "illegal: f2-g3 is not one square" in out
    assert "rule splut.beweging.orthogonaal: A step moves a piece one square" in out
    assert "Dutch: “Alle stukken" in out
    assert "p0 (South): Tf2-f3" in out
    assert "\x1b[" not in out  # plain when piped


def test_an_overlong_line_is_refused_in_flat_memory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tracemalloc

    class Endless(io.TextIOBase):
        """A 50 MB line that is never held: it is made as it is read."""

        def __init__(self) -> None:
            self.left = 50_000_000
            self.after = io.StringIO("Tf2-f3\nquit\n")

        def readable(self) -> bool:
            return True

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if self.left:
                n = min(self.left, size if size and size > 0 else self.left)
                self.left -= n
                return "x" * n + ("\n" if not self.left else "")
            return self.after.readline(size)

    monkeypatch.setattr("sys.stdin", Endless())
    tracemalloc.start()
    code, out, _ = run(capsys, "play", "splut", "--human", "0", "--seed", "2")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert code == 0
    assert f"longer than {MAX_LINE} characters" in out and "Tf2-f3" in out
    assert peak < 5_000_000  # far below the 50 MB line


def test_line_reader_from_a_descriptor_bounds_lines() -> None:
    read, write = os.pipe()
    os.write(write, b"a" * (5 * MAX_LINE) + b"\nshort\n" + "é".encode() * 10 + b"\n")
    os.close(write)
    with os.fdopen(read, "r") as stream:
        reader = LineReader(stream)
        assert isinstance(reader.readline(), TooLong)
        assert reader.readline() == "short"
        assert reader.readline(timeout=1) == "é" * 10
        assert reader.readline() is None


def test_explain_without_a_move_lists_the_legal_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "splut", "start")
    assert code == 0 and "legal moves: p0 Sd2-d3, p0 Tf2-f3, p0 De2-e3" in out


def test_help_shows_each_default_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "(default: None)" not in flat and "(default: False)" not in flat
    for chunk in flat.split("--")[1:]:
        assert chunk.count("default") <= 1, chunk


def test_simulate_plot_draws_bars_and_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.svg"
    code, out, _ = run(capsys, "simulate", "splut", "-n", "12", "--plot", str(path), "--no-progress")
    assert code == 0 and f"chart written to {path}" in out
    svg = path.read_text()
    assert svg.count('id="patch_') >= 6  # the backgrounds, the seat bars and the length bars


def test_the_pettingzoo_adapter_has_a_name_that_leaves_the_package_alone() -> None:
    pytest.importorskip("pettingzoo")
    namespace: dict[str, object] = {}
    import sys

    import castlerules.adapters

    sys.modules.pop("castlerules.adapters.pettingzoo_env", None)  # imported afresh: it warns
    castlerules.adapters.__dict__.pop("pettingzoo_env", None)
    with pytest.warns(DeprecationWarning, match="castlerules.envs"):  # deprecated in 0.3
        exec("import pettingzoo\nfrom castlerules.adapters import pettingzoo_env", namespace)
    real = namespace["pettingzoo"]
    assert getattr(real, "__name__", "") == "pettingzoo"  # not hidden by the adapter
    from castlerules.adapters import pettingzoo as adapter

    assert namespace["pettingzoo_env"].env is adapter.env  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "words"), [("spookslot", "all their pawns have escaped"),
                                             ("splut", "the last sorcerer on the board")])
def test_a_human_plays_to_the_end_and_is_told_who_won(name: str, words: str) -> None:
    import random

    import castlerules
    from castlerules.bots import RandomBot, own_actions
    from castlerules.core.styled import Console
    from castlerules.terminal import Session

    game = castlerules.make(name)
    out = io.StringIO()
    session: Session

    class Player(io.TextIOBase):
        """Types the first legal move of the position the session shows."""

        def readable(self) -> bool:
            return True

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            state = session.state
            return game.action_to_str(state, own_actions(game, state, 0)[0]) + "\n"

    session = Session(game, humans=[0], bots=lambda p: RandomBot(random.Random(p)),
                      rng=random.Random(7), console=Console(out, width=80),
                      stdin=Player(), max_plies=20_000, interactive=False)
    session.run()
    assert game.is_terminal(session.state)
    text = out.getvalue()
    assert "The game is over" in text and words in text
    tail = text[text.rindex("The game is over"):]
    assert "to move" not in tail and "to roll" not in tail


# -- every event told before the next prompt ---------------------------------------------------


def _event_lines(transcript: str) -> list[tuple[int, str]]:
    """The transcript's lines, a wrapped line joined to its first, each with its offset."""
    out: list[tuple[int, str]] = []
    offset = 0
    for raw in transcript.replace("\r", "").split("\n"):
        if raw.startswith("    ") and out:
            out[-1] = (out[-1][0], " ".join((out[-1][1] + " " + raw).split()))
        else:
            out.append((offset, raw))
        offset += len(raw) + 1
    return out


def _told(text: str) -> str:
    """What an event line says of a ply of the record (the move without its player; a chance
    outcome in words)."""
    words = text.split()
    if words[0] == "roll":
        return "rolls the ghost" if words[1] == "ghost" else f"rolls {words[1]}"
    if words[0] == "ball":
        return words[1]  # the trap: "rolls down the stairs", "tips the bookcase", ...
    return " ".join(words[1:]) if re.fullmatch(r"p\d+", words[0]) else text


@pytest.mark.parametrize(("name", "players", "seed", "turns"),
                         [("spookslot", 4, 11, 3), ("splut", 4, 5, 4)])
def test_every_ply_is_told_before_the_next_prompt(terminal: object, tmp_path: Path, name: str,
                                                  players: int, seed: int, turns: int) -> None:
    """The human plays the first legal move each time; afterwards, the record's plies are each
    on a numbered event line (``12.`` or ``12-14.``, saying the move or the chance in words), and
    every ply before a move the human typed was told before that prompt."""
    record = tmp_path / "game.json"
    t = terminal("play", name, "--human", "0", "--players", str(players), "--seed", str(seed),  # type: ignore[operator]
                 "-o", str(record))
    typed: list[int] = []  # where in the transcript each move was typed
    for _ in range(turns):
        t.read_until(r"p0>$")
        t.type("?")
        legal = re.search(r"legal: (p0 [^,→]+?)(?: →|,|$)", " ".join(t.read_until(r"legal: .* p0>$").split()))
        assert legal is not None
        typed.append(t.mark())
        t.type(legal.group(1).strip())
    t.read_until(r"p0>$")
    t.type("quit")
    t.read_until(r"record of \d+ plies written")
    assert t.close() == 0
    texts = json.loads(record.read_text())["actions"]
    transcript = ANSI.sub("", t.raw)
    told: dict[int, tuple[int, str]] = {}
    for offset, line in _event_lines(transcript):
        found = re.match(r"(\d+)(?:-(\d+))?\. (.*)", line)
        if found:
            first, last = int(found.group(1)), int(found.group(2) or found.group(1))
            for ply in range(first, last + 1):
                told.setdefault(ply, (offset, found.group(3)))
    mine = [i for i, text in enumerate(texts, start=1) if text.startswith("p0 ")]
    assert len(mine) == turns
    for ply, text in enumerate(texts, start=1):
        assert ply in told, f"ply {ply} ({text}) was never told"
        assert _told(text) in told[ply][1], (ply, text, told[ply][1])
    for at, own in zip(typed, mine):
        for ply in range(1, own):
            assert told[ply][0] < at, f"ply {ply} was told only after the move typed at ply {own}"


def test_a_bot_line_does_not_split_what_the_player_is_typing(terminal: object, tmp_path: Path) -> None:
    """In a race the player types half a word; a bot answers meanwhile: its line is printed on a
    line of its own and the prompt comes back with the half word, which the player finishes."""
    record = tmp_path / "vg.json"
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",  # type: ignore[operator]
                 "--bot-delay", "0.6", "-o", str(record))
    t.read_until(r"roll>$")
    t.type("")
    screen = t.read_until(r"p0>$")
    from castlerules.vlotte_geesten.rules import answer_of
    from castlerules.vlotte_geesten.state import Obj

    shows = next(line for line in screen.splitlines() if line.startswith("die shows:"))
    right = answer_of(tuple(Obj[w.upper()] for w in shows.split()[2:])).name.lower()
    half = right[:2]
    os.write(t.master, half.encode())
    screen = t.read_until(rf"2\. p1: .* p0> {half}$")
    lines = [line for line in screen.replace("\r", "\n").split("\n") if line]
    bot = next(line for line in lines if line.startswith("2. p1: "))
    assert re.fullmatch(r"2\. p1: (grab [a-z+]+|pass)", bot)  # nothing glued to it
    assert lines[-1] == f"p0> {half}"  # the prompt again, with the half word
    assert f"{half}\r\x1b[K" in t.raw  # the prompt line was cleared before the bot's line
    os.write(t.master, f"x\x7f{right[2:]}\n".encode())  # a slip, a backspace, the rest
    t.read_until(rf"\d+\. p0: grab {right}")
    t.type("quit")
    t.read_until(r"record of \d+ plies written")
    t.close()
    assert f"p0 grab {right}" in json.loads(record.read_text())["actions"]


def test_line_reader_edits_the_line_key_by_key_on_a_terminal() -> None:
    """Inside ``keys()`` the reader edits the line itself: backspace, Ctrl-W (a word), Ctrl-U
    (the line), arrow keys ignored, Enter as CR or LF, Ctrl-D on an empty line ends the input; the
    terminal's settings come back afterwards."""
    import termios

    master, slave = pty.openpty()
    stream = os.fdopen(slave, "r")
    echo = os.fdopen(os.dup(slave), "w")
    try:
        before = termios.tcgetattr(slave)
        reader = LineReader(stream, echo)
        with reader.keys():
            assert reader.editing
            assert not termios.tcgetattr(slave)[3] & termios.ECHO
            os.write(master, b"ab\x1b[Dc\x7f\x17xyz zz\x17q\r")
            assert reader.readline(timeout=5) == "xyz q"
            os.write(master, b"gone\x15kept\n")
            assert reader.readline(timeout=5) == "kept"
            os.write(master, b"hal")
            assert reader.readline(timeout=0.2) is TIMEOUT and reader.partial == "hal"
            os.write(master, b"f\n\x04")
            assert reader.readline(timeout=5) == "half"
            assert reader.readline(timeout=5) is None
        assert termios.tcgetattr(slave) == before
        shown = os.read(master, 65536).decode()
        assert "xyz zz" in shown and "\b \b" in shown  # echoed, and rubbed out
    finally:
        stream.close()
        echo.close()
        os.close(master)
