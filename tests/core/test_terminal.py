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

from castlerules.terminal import MAX_LINE, LineReader, TooLong
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


@pytest.fixture
def terminal() -> object:
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal(*args)
        made.append(t)
        return t

    yield start
    for t in made:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()


def test_vlotte_geesten_is_a_race_the_human_can_win(terminal: object, tmp_path: Path) -> None:
    record = tmp_path / "vg.json"
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",  # type: ignore[operator]
                 "--bot-delay", "20", "-o", str(record))
    screen = t.read_until(r"p0>")
    assert "dice: red:" in screen and "grab the right object" in screen
    assert "The answer was" not in screen and "situation" not in screen.split("dice: red:")[1]
    assert "\x1b[" in t.raw  # coloured on a terminal
    dice = re.search(r"dice: (.*)", screen)
    assert dice is not None
    from castlerules.vlotte_geesten.rules import answer_of
    from castlerules.vlotte_geesten.state import Obj

    faces = tuple(Obj[w.upper()] for w in re.findall(r"(?:red|white|grey|green|blue):(\w+)",
                                                      dice.group(1)))
    right = answer_of(faces).name.lower()
    mark = t.mark()
    t.type(right)  # no "p0 " and no "grab": the prompt knows the player, a name means a grab
    t.read_until(r"Points: .*?pot \d+ → \d+\.")
    said = " ".join(t.since(mark).split())
    assert f"p0 grabbed the {right}: right" in said
    assert f"The answer was the {right}" in said
    assert "p0 +" in said  # the point moved to p0
    assert said.index(f"p0: grab {right}") < said.index("The answer was")
    t.type("quit")
    t.read_until(r"record of \d+ plies written")
    assert t.close() == 0
    assert json.loads(record.read_text())["actions"][1] == f"p0 grab {right}"


def test_a_slow_human_loses_the_race_to_a_quick_bot(terminal: object) -> None:
    t = terminal("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",  # type: ignore[operator]
                 "--bot-delay", "0.2")
    t.read_until(r"p0>")
    screen = t.read_until(r"2\. p1: ")  # the bot answered while the human waited
    assert "2. p1: " in screen
    t.type("quit")
    t.close()


def test_spookslot_explains_the_roll_and_where_each_move_lands(terminal: object) -> None:
    t = terminal("play", "spookslot", "--human", "0", "--seed", "3")  # type: ignore[operator]
    screen = t.read_until(r"p0>")
    assert "top floor  t1:Y" in screen and "EXIT" in screen and "legend:" in screen
    assert "traps (squares → back to): stairs s1-s6 → t3" in screen
    assert "p0 rolls 3." in screen
    last = screen[screen.rindex("position") if "position" in screen else 0:]
    assert "to roll" not in screen.split("p0 rolls 3.")[1]
    assert "rolled 3: move a pawn 3 squares" in last
    mark = t.mark()
    t.type("?")
    t.read_until(r"legal: .*p0 move b → \w+.* p0>")  # the answer, then the prompt again
    assert "p0 move a → t3" in t.since(mark)
    mark = t.mark()
    t.type("move a")
    t.read_until(r"t3:B\[p0a\].*rolled \d: move a pawn.* p0>")
    said = t.since(mark)
    assert "t3:B[p0a]" in said
    # the seeded bot's turn, told in words: a ghost, the ball down the stairs
    assert "rolls the ghost" in said and "The ghost ball rolls down the stairs" in said
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
    assert "a skull falls on e10" in board and "legend:" in board
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
    exec("import pettingzoo\nfrom castlerules.adapters import pettingzoo_env", namespace)
    real = namespace["pettingzoo"]
    assert getattr(real, "__name__", "") == "pettingzoo"  # not hidden by the adapter
    from castlerules.adapters import pettingzoo as adapter

    assert namespace["pettingzoo_env"].env is adapter.env  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "words"), [("spookslot", "all their pawns have escaped"),
                                             ("splut", "the last sorcerer on the board")])
def test_a_human_plays_to_the_end_and_is_told_who_won(name: str, words: str) -> None:
    import random

    from rich.console import Console

    import castlerules
    from castlerules.bots import RandomBot, own_actions
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
                      rng=random.Random(7), console=Console(file=out, width=80),
                      stdin=Player(), max_plies=20_000, interactive=False)
    session.run()
    assert game.is_terminal(session.state)
    text = out.getvalue()
    assert "The game is over" in text and words in text
    tail = text[text.rindex("The game is over"):]
    assert "to move" not in tail and "to roll" not in tail
