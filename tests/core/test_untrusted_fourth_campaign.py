"""The boundary, fourth campaign: records lost on a closed window, hangs and unbounded work.

Each finding of the campaign, kept fixed here (the ids are the campaign's):

- B48, B49, B57: the record of ``play -o FILE`` is checked writable before the game, written
  atomically and kept up to date as the game goes, and kept on SIGTERM, SIGHUP and a closed
  standard output; a failed write never destroys an older file;
- B46, B47: ``verify --costs`` says the true reason for a file it cannot use;
- B50, B51, B52: a Dask scheduler address that hangs, speaks another protocol or is not Dask is
  one line, never a hang or a traceback, for ``verify`` and ``simulate`` alike;
- B53: escape sequences from the command line or piped input never reach the terminal raw;
- B54, B55: ``simulate`` streams its results; processes are capped at the CPUs;
- B56: a board file with a UTF-8 byte-order mark;
- B58: ``show --ply`` replays only what it shows;
- B59: Spookslot options under which a game cannot end are refused;
- and the two left from the third campaign (a reading given twice under two spellings; a bad
  move quoted twice).

``CASTLERULES_FUZZ=1`` runs the fuzzed ones longer.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run

import castlerules
from castlerules.core.errors import RulesError
from castlerules.core.files import check_writable, write_atomic

GAMES = list(castlerules.games())




def _record(path: Path) -> list[str]:
    actions: list[str] = json.loads(path.read_text(encoding="utf-8"))["actions"]
    return actions


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- B48, B49, B57: the record of play -o --------------------------------------------------------


@pytest.mark.parametrize("target", ["missing/folder/g.json", ".", ""])
def test_play_refuses_a_record_target_it_cannot_write_before_the_game(
    tmp_path: Path, target: str
) -> None:
    """The target is checked before the first ply: a human is never asked for a move, and the
    answer is one line that says why."""
    done = subprocess.run(
        [sys.executable, "-m", "castlerules", "play", "splut", "--human", "0", "-o", target],
        input="", capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""  # the game never started
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "-o: cannot write" in lines[0], done.stderr
    assert any(why in lines[0] for why in ("No such file", "folder", "not a regular file",
                                           "not a valid path")), lines[0]


def test_check_writable_refuses_a_read_only_folder(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(RulesError, match="Permission denied"):
            check_writable(folder / "g.json", "-o")
    finally:
        folder.chmod(0o700)


def test_a_failed_write_keeps_the_older_file_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    path.write_text("the older record\n", encoding="utf-8")
    path.chmod(0o640)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left on device"):
        write_atomic(path, "x" * 100_000)
    assert path.read_text(encoding="utf-8") == "the older record\n"
    assert _leftovers(tmp_path) == []
    monkeypatch.undo()
    write_atomic(path, "the new one\n")
    assert path.read_text(encoding="utf-8") == "the new one\n"
    assert (path.stat().st_mode & 0o777) == 0o640  # the older file's permissions
    assert _leftovers(tmp_path) == []


def test_a_write_through_a_link_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"


def _limit_file_size(limit: int) -> Any:
    def limit_it() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_it


def test_play_over_a_file_size_limit_keeps_a_whole_record(tmp_path: Path) -> None:
    """B49: the campaign's file-size limit truncated a valid 400-ply record to broken JSON. Now
    every write is whole or not at all: with a limit below any record the older record stays as
    it was; with a limit the game outgrows, the file holds the game up to the last write that
    fit, as a record that replays. The failure is one line; no temporary file is left."""
    from castlerules.core.record import Record, replay

    path = tmp_path / "g.json"
    play = [sys.executable, "-m", "castlerules", "play", "splut", "--seed", "1", "-o", str(path)]
    done = subprocess.run(play, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    older = path.read_text(encoding="utf-8")
    full = _record(path)
    assert len(full) > 100
    for limit in (50, len(older) // 4):
        path.write_text(older, encoding="utf-8")
        done = subprocess.run(play, capture_output=True, text=True, timeout=120, check=False,
                              preexec_fn=_limit_file_size(limit))
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert "-o: cannot write" in lines[-1] and "too large" in lines[-1], lines
        assert _leftovers(tmp_path) == []
        if limit == 50:
            assert path.read_text(encoding="utf-8") == older
        else:
            kept = Record.from_json(path.read_text(encoding="utf-8"))
            assert 0 < len(kept.actions) < len(full) and list(kept.actions) == full[:len(kept.actions)]
            replay(kept)


def test_the_record_is_kept_up_to_date_while_a_person_thinks(terminal: Any, tmp_path: Path) -> None:
    """The record holds every ply before the prompt while the person thinks: killed with
    SIGKILL (nothing can be written then), the file still has the game up to the prompt."""
    record = tmp_path / "s.json"
    t = terminal("play", "splut", "--human", "0", "--seed", "2", "-o", str(record))
    t.read_until(r"p0>")
    t.type("Tf2-f3")
    t.read_until(r"p0>")
    t.proc.kill()
    t.proc.wait(timeout=30)
    actions = _record(record)
    assert actions[0] == "p0 Tf2-f3" and len(actions) >= 2


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_keeps_the_record(terminal: Any, tmp_path: Path, signum: int) -> None:
    """B48: a closed window (SIGHUP, the terminal then gone), a logout or ``kill`` (SIGTERM):
    the record is written, one line says so, and the status is 128 + the signal."""
    record = tmp_path / "s.json"
    t = terminal("play", "splut", "--human", "0", "--seed", "2", "-o", str(record))
    t.read_until(r"p0>")
    t.type("Tf2-f3")
    t.read_until(r"p0>")
    record.unlink()  # what is found now was written because of the signal
    t.proc.send_signal(signum)
    if signum == signal.SIGHUP:
        os.close(t.master)  # the window closed: nothing can be said on the terminal any more
        code = t.proc.wait(timeout=30)
    else:
        screen = t.read_until("written to")
        assert "castlerules: terminated (SIGTERM): record of" in " ".join(screen.split())
        code = t.close()
    assert code == 128 + signum
    actions = _record(record)
    assert actions[0] == "p0 Tf2-f3" and len(actions) >= 2
    assert _leftovers(tmp_path) == []


def test_a_stop_signal_ignored_at_the_start_stays_ignored(tmp_path: Path) -> None:
    """Under ``nohup`` (SIGHUP ignored) a hang-up does not end the game."""
    record = tmp_path / "g.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "castlerules", "play", "splut", "--human", "0", "--seed", "2",
         "-o", str(record)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    assert proc.stdout is not None and proc.stdin is not None
    seen = ""
    while "p0>" not in seen:
        chunk = proc.stdout.read(1)
        assert chunk, "the game ended before its prompt"
        seen += chunk
    proc.send_signal(signal.SIGHUP)
    time.sleep(0.5)  # time for a handler to act, if there were one
    _, err = proc.communicate("Tf2-f3\nquit\n", timeout=60)
    assert proc.returncode == 0, err
    assert _record(record)[0] == "p0 Tf2-f3"


def _one_page_pipe() -> tuple[int, int]:
    """A pipe that holds one page (Linux): a command's output (10-40 KB here) never fits in it,
    so the command meets the reader's close, however fast it writes. In the default 64 KiB pipe a
    command that had written all its output before the reader quit never met it and ended with
    status 0 (seen in CI)."""
    import fcntl

    read_end, write_end = os.pipe()
    fcntl.fcntl(read_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    return read_end, write_end


def test_a_closed_standard_output_keeps_the_record(tmp_path: Path) -> None:
    """B57: ``castlerules play -o FILE | head``: the reader quits, the record of the game so far
    is written, one line on standard error says so, and the status is SIGPIPE's (141)."""
    record = tmp_path / "g.json"
    read_end, write_end = _one_page_pipe()
    proc = subprocess.Popen(
        [sys.executable, "-m", "castlerules", "play", "spookslot", "--players", "6", "--seed", "3",
         "-o", str(record)],
        stdout=write_end, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
    )
    os.close(write_end)
    assert proc.stderr is not None
    with os.fdopen(read_end, "rb") as stdout:
        stdout.readline()
        stdout.readline()  # then closed, as head does after two lines
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("castlerules: standard output closed: record of")
    assert lines[0].endswith(f"written to {record}")
    plies = int(lines[0].split("record of ")[1].split()[0])
    assert len(_record(record)) == plies >= 1


def test_a_closed_standard_output_ends_other_commands_quietly(tmp_path: Path) -> None:
    """``castlerules rules splut --all | head -1``: the status is SIGPIPE's, nothing on standard
    error."""
    read_end, write_end = _one_page_pipe()
    proc = subprocess.Popen(
        [sys.executable, "-m", "castlerules", "rules", "splut", "--all"],
        stdout=write_end, stderr=subprocess.PIPE,
    )
    os.close(write_end)
    assert proc.stderr is not None
    with os.fdopen(read_end, "rb") as stdout:
        stdout.readline()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141 and err == ""


def test_a_record_write_that_fails_during_the_game_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A write that fails mid-game (a full disk) says so once; the game goes on; the record is
    written at the end when the disk has room again."""
    import io

    from castlerules import recording

    failures = [0]
    real = recording.write_atomic

    def flaky(path: Any, data: Any) -> None:
        if failures[0] < 3:
            failures[0] += 1
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(recording, "write_atomic", flaky)
    monkeypatch.setattr("sys.stdin", io.StringIO("Tf2-f3\nquit\n"))
    path = tmp_path / "g.json"
    code, _, err = run(capsys, "play", "splut", "--human", "0", "--seed", "2", "-o", str(path))
    assert code == 0
    assert err.count("the record is not kept up to date") == 1
    assert _record(path)[0] == "p0 Tf2-f3"


def test_record_keeping_writes_when_a_person_is_asked_and_at_most_once_a_second(
    tmp_path: Path,
) -> None:
    from castlerules.recording import RecordFile

    written: list[str] = []

    class Counting(RecordFile):
        def write(self, text: str, version: int = -1) -> None:
            written.append(text)
            self.version, self.when = version, time.monotonic()

    kept = Counting(str(tmp_path / "g.json"), interval=3600)
    for version in range(1, 50):  # bots' plies: at most once an interval
        kept.keep(lambda v=version: str(v), version, False)
    assert written == ["1"]
    kept.keep(lambda: "49", 49, True)  # the same game: nothing new to write
    assert written == ["1", "49"]
    kept.keep(lambda: "49", 49, True)
    assert written == ["1", "49"]
    kept.keep(lambda: "50", 50, True)  # a person is asked: written at once
    assert written == ["1", "49", "50"]


# -- B50, B51, B52: Dask schedulers; B55: processes; B54: simulate streams ------------------------


class _Service:
    """A TCP service on localhost that accepts connections and either never answers (``silent``)
    or answers as a web server would (``http``)."""

    def __init__(self, kind: str) -> None:
        import socket
        import threading

        self.server = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"
        self.kind = kind
        self.held: list[Any] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.kind == "http":
                try:
                    conn.recv(1000)
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def service() -> Any:
    made: list[_Service] = []

    def start(kind: str) -> _Service:
        made.append(_Service(kind))
        return made[-1]

    yield start
    for s in made:
        s.close()


@pytest.mark.parametrize("command", ["verify", "simulate"])
@pytest.mark.parametrize("where", ["silent", "http", "tls", "ucx", "empty", "no-port", "refused"])
def test_a_bad_scheduler_is_one_line_for_verify_and_simulate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, service: Any,
    command: str, where: str,
) -> None:
    """B50 (an address that accepts and never answers waited for ever), B51 (tls:// and ucx://
    were TypeError tracebacks, a web server numpy's "Unable to allocate 3 EiB"), B52 (simulate
    gave a traceback for each; ``--scheduler ''`` was ignored): one line, exit 2, within the
    scheduler timeout (2 s here)."""
    pytest.importorskip("dask.distributed")
    from castlerules.core import parallel

    monkeypatch.setattr(parallel, "SCHEDULER_TIMEOUT", 2.0)
    address = {
        "silent": lambda: service("silent").address,
        "http": lambda: service("http").address,
        "tls": lambda: "tls://127.0.0.1:8786",
        "ucx": lambda: "ucx://127.0.0.1:8786",
        "empty": lambda: "",
        "no-port": lambda: "tcp://127.0.0.1",
        "refused": lambda: f"tcp://127.0.0.1:{_free_port()}",
    }[where]()
    tail = (["kasteel", "--theorem", "kasteel.one-winner"] if command == "verify"
            else ["splut", "-n", "2", "--no-progress"])
    start = time.monotonic()
    code, out, err = run(capsys, command, *tail, "--backend", "dask", "--scheduler", address)
    assert time.monotonic() - start < 20
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("castlerules: error: --scheduler"), err
    assert "Traceback" not in err and "EiB" not in err
    expected = {"silent": "answered within 2 s", "http": "not a Dask scheduler",
                "tls": "certificates", "ucx": "tcp:// only", "empty": "expected a scheduler",
                "no-port": "expected tcp://HOST:PORT", "refused": "cannot reach"}[where]
    assert expected in lines[0]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_a_scheduler_without_the_dask_backend_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for command, tail in (("verify", ["kasteel"]), ("simulate", ["splut", "-n", "2"])):
        code, _, err = run(capsys, command, *tail, "--scheduler", "")
        assert code == 2 and "add --backend dask" in err


def test_processes_are_capped_at_the_cpus_unless_oversubscribed() -> None:
    from castlerules.core.parallel import cpus, processes

    assert processes(100_000, 52) == min(cpus(), 52)
    assert processes(None, 52) == min(cpus(), 52)
    assert processes(100_000, 52, oversubscribe=True) == 52
    assert processes(3, 1) == 1
    with pytest.raises(RulesError, match="jobs"):
        processes(0, 5)


@pytest.mark.parametrize("backend", ["local", "dask"])
def test_verify_jobs_start_at_most_one_process_per_cpu(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    """B55: ``verify --jobs 100000`` started one process per theorem (52 on two CPUs), and
    ``--backend dask --jobs N`` N workers. Now at most one per CPU, said in a note; the
    processes asked for with ``--oversubscribe``."""
    from castlerules.core import execute as ex
    from castlerules.core.parallel import cpus

    started: list[int] = []

    class Started(Exception):
        pass

    def record(*args: Any) -> None:
        started.append(args[1])
        raise Started

    monkeypatch.setattr(ex, "_run_local", record)
    monkeypatch.setattr(ex, "_run_dask", record)
    if cpus() < 2:
        pytest.skip("one CPU: every run is serial")
    args = ["verify", "kasteel", "--json", "--jobs", "100000", "--backend", backend]
    with pytest.raises(Started):
        run(capsys, *args)
    assert started == [cpus()]
    err = capsys.readouterr().err
    assert "--jobs 100000: at most" in err and "--oversubscribe" in err
    with pytest.raises(Started):
        run(capsys, *args, "--oversubscribe")
    assert started[1] > cpus()


def test_simulate_on_the_command_line_keeps_no_result_per_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """B54: ``simulate -n N`` kept every game's result (193 MiB after 8 s, growing with N). Its
    memory is now the same for 200 games and for 2,000 (keeping the results: about 1.5 MB more)."""
    import tracemalloc

    run(capsys, "simulate", "vlotte-geesten", "-n", "50", "--max-plies", "3", "--no-progress")
    peaks = []
    for n in ("200", "2000"):
        tracemalloc.start()
        code, out, _ = run(capsys, "simulate", "vlotte-geesten", "-n", n, "--max-plies", "3",
                           "--no-progress")
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert code == 0 and f"{n} games in" in out
    assert peaks[1] - peaks[0] < 400_000, peaks


# -- B46, B47: verify --costs ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "No such file or directory"),
        ("folder", "Is a directory"),
        ('[{"id": "vg.start", "seconds": 1' + "0" * 400 + "}]", "is not the JSON output"),
        ('[{"id": "vg.start", "seconds": 1e999}]', "is not the JSON output"),
        ('[{"id": "vg.start", "seconds": -1}]', "is not the JSON output"),
        ('{"something": "else"}', "is not the JSON output"),
        ("not json", "is not valid JSON"),
        ("[" * 100_000, "nested more than"),
    ],
)
def test_costs_files_are_refused_with_the_true_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, expected: str
) -> None:
    """B46 (an integer too big for a float was an OverflowError traceback), B47 (a missing file or
    a folder said "is not the JSON output of castlerules verify --json")."""
    path = tmp_path / "costs.json"
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "verify", "vlotte-geesten", "--theorem", "vg.start", "--costs",
                         str(path))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "--costs" in lines[0] and expected in lines[0], err


# -- B53: escape sequences never reach the terminal raw ------------------------------------------

#: A clear screen, a colour and a bell (no ',' or ';': a reading list would split on them).
ESC = "\x1b[2J\x1b[31m\x07"


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "--option", f"x{ESC}=1"],
        ["verify", "--reading", f"x{ESC}=1"],
        ["verify", "kasteel", "--option", f"passes{ESC}=1", "--theorem", "kasteel.start"],
        ["play", f"splut{ESC}"],
        ["show", f"{ESC}.json"],
        ["explain", "splut", f"start{ESC}", "x"],
        ["explain", "splut", "start", f"Tf2{ESC}f3"],
        ["play", "splut", "--option", f"passes{ESC}=3"],
        ["simulate", "splut", "-n", "1", "--option", f"x{ESC}=1"],
        ["verify", "--costs", f"{ESC}.json"],
    ],
)
def test_escape_sequences_from_the_command_line_are_escaped(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code != 0
    assert "\x1b" not in out + err and "\x07" not in out + err
    if not any(a.startswith("start") for a in args):  # a position is refused by its column
        assert "\\x1b" in err  # shown, escaped


@pytest.mark.parametrize("command", ["replay", "show"])
def test_a_records_options_repeated_in_a_message_are_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "g.json"
    code, _, _ = run(capsys, "play", "splut", "--seed", "1", "--max-plies", "3", "-o", str(path))
    assert code == 0
    for given in (["--option", f"passes{ESC}=3"], ["--reading", f"seating=x{ESC}"],
                  ["--ruleset", f"x{ESC}"]):
        code, out, err = run(capsys, command, str(path), *given)
        assert code == 2 and "\x1b" not in out + err and "\\x1b" in err


def test_piped_input_is_echoed_escaped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(f"Tf2{ESC}f3\nquit\n"))
    code, out, err = run(capsys, "play", "splut", "--human", "0", "--seed", "2")
    assert code == 0
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "Tf2\\x1b[2J" in out


def test_every_rules_error_message_is_printable() -> None:
    """The last guard: whatever a message is built from, no control character but a line break
    or a tab is in it."""
    from castlerules.core.errors import printable

    every_control = "".join(chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)))
    message = str(RulesError(f"a{every_control}b"))
    assert all(c in "\n\t" or not (ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0) for c in message)
    assert printable("é ♞ “x”") == "é ♞ “x”"


# -- B56: a board file with a byte-order mark -----------------------------------------------------


@pytest.mark.parametrize(("game", "board"), [("kasteel", "kasteel-default.txt"),
                                             ("spookslot", "spookslot-default.toml")])
def test_a_board_file_with_a_byte_order_mark_is_the_same_board(
    tmp_path: Path, game: str, board: str
) -> None:
    from castlerules.core.spec import read_text

    text = read_text(f"boards/{board}")
    path = tmp_path / board
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert castlerules.make(game, board=str(path)) == castlerules.make(game)
    assert castlerules.make(game, board="\ufeff" + text) == castlerules.make(game)
    changed = text.replace("\n", "\n\n", 1) if game == "spookslot" else text
    if game == "spookslot":  # another board: the mark is still dropped, the board kept whole
        custom = castlerules.make(game, board="\ufeff" + changed)
        assert "\ufeff" not in custom.options.get("board", "")


# -- B58: show --ply replays only what it shows ---------------------------------------------------


def test_show_replays_only_the_plies_before_the_one_it_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B58: ``show RECORD --ply 0`` of a record of a million plies replayed all of them."""
    from castlerules.core import record as rec

    played: list[str] = []
    real = castlerules.make("splut").__class__.play

    def counting(self: Any, state: Any, text: str) -> Any:
        played.append(text)
        return real(self, state, text)

    path = tmp_path / "g.json"
    code, _, _ = run(capsys, "play", "splut", "--seed", "1", "--max-plies", "40", "-o", str(path))
    assert code == 0
    monkeypatch.setattr(castlerules.make("splut").__class__, "play", counting)
    for ply in (0, 7):
        played.clear()
        code, out, _ = run(capsys, "show", str(path), "--ply", str(ply))
        assert code == 0 and f"after ply {ply} of 40" in out
        assert len(played) == ply
    record = rec.Record.from_json(path.read_text(encoding="utf-8"))
    assert rec.replay(record, ply=7) == rec.replay(record, every_state=True)[7]
    with pytest.raises(rec.RecordError):
        rec.replay(record, ply=41)


# -- left from the third campaign -----------------------------------------------------------------


def test_verify_refuses_one_reading_given_twice_under_two_spellings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--reading", "seating=clockwise", "--reading", "splut.interp.seating=seating-order"]
    code, _, play_err = run(capsys, "play", "splut", "--max-plies", "1", *args)
    assert code == 2
    code, _, verify_err = run(capsys, "verify", "splut", "--theorem", "splut.start", *args)
    assert code == 2
    assert "splut.interp.seating is given twice" in verify_err
    assert verify_err.split("error: ")[1] == play_err.split("error: ")[1]  # the same words
    code, _, _ = run(capsys, "verify", "splut", "--theorem", "splut.start", "--jobs", "1",
                     "--reading", "seating=clockwise", "--reading",
                     "splut.interp.seating=clockwise")
    assert code == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_move_in_a_record_is_quoted_once(name: str) -> None:
    from castlerules.core.errors import RecordError
    from castlerules.core.record import Record, replay

    for text in ("zz9-q", "p0 Zz9-z8"):
        record = Record.new(name, {}, (text,))
        with pytest.raises(RecordError) as refused:
            replay(record)
        assert str(refused.value).count(repr(text)) == 1, str(refused.value)


def test_a_bad_move_in_a_link_is_quoted_once() -> None:
    from castlerules.core.errors import RecordError
    from castlerules.playground import Session

    text = json.dumps({"game": "splut", "options": {}, "actions": ["p0 Zz9-z8"]})
    with pytest.raises(RecordError) as refused:
        Session.from_record(text)
    assert str(refused.value).count("'p0 Zz9-z8'") == 1, str(refused.value)


# -- B59: Spookslot options under which a game never ends ----------------------------------------

STAIRS_ONLY = {"stairs": 1, "bookcase": 0, "portrait": 0, "axe": 0}


@pytest.mark.parametrize(("options", "place"), [({"die_faces": [5] * 6}, "h2"),
                                                ({"trap_weights": STAIRS_ONLY}, "t3")])
def test_spookslot_options_under_which_a_game_never_ends_are_refused(
    capsys: pytest.CaptureFixture[str], options: dict[str, Any], place: str
) -> None:
    """B59: no test game ended in 20,000 plies with a die of six 5s (a pawn a few squares before
    the Exit never rolls exactly) or with every ball reaching the stairs (every pawn that steps on
    them goes back, and no roll crosses six steps). Both are refused, naming where a pawn gets
    stuck; on the command line in one line."""
    from castlerules.core.errors import MESSAGE_LIMIT, InvalidOptionError

    with pytest.raises(InvalidOptionError) as refused:
        castlerules.make("spookslot", **options)
    message = str(refused.value)
    assert f"a pawn can come to {place}, and from there it never reaches the Exit" in message
    assert len(message) <= MESSAGE_LIMIT
    [(name, value)] = options.items()
    text = ",".join(map(str, value)) if isinstance(value, list) else ";".join(
        f"{k}:{v}" for k, v in value.items())
    code, out, err = run(capsys, "play", "spookslot", "--option", f"{name}={text}")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "can go on for ever" in err


def test_every_variant_and_single_reading_of_spookslot_is_accepted() -> None:
    from castlerules.core.readings import single_deviations
    from castlerules.core.spec import load_spec
    from castlerules.spookslot import Spookslot

    for options in Spookslot.variants():
        castlerules.make("spookslot", **options)
    spec = load_spec("spookslot")
    readings = [r for r in single_deviations(spec)
                if not any(spec.interpretation(k).keyword for k in r)]
    assert len(readings) > 10
    for players in range(2, 7):
        for reading in readings:
            castlerules.make("spookslot", players=players, readings=reading or None)


def _dead(game: Any) -> frozenset[str]:
    """The places a pawn can come to and never leave for the Exit, whatever the other pawns do
    (their balls, and bounces over every run of squares where pawns can stand)."""
    from castlerules.spookslot import ending
    from castlerules.spookslot.state import EXIT

    _, reach = ending._places(game)
    good, changed = {EXIT}, True
    while changed:
        changed = False
        for q, nxt in reach.items():
            if q not in good and nxt & good:
                good.add(q)
                changed = True
    return frozenset(reach) - good


@pytest.mark.parametrize("options", [{"die_faces": [5] * 6}, {"trap_weights": STAIRS_ONLY}])
def test_a_refused_spookslot_game_can_really_go_on_for_ever(options: dict[str, Any]) -> None:
    """The refusal is a fact of the rules, not of the check: seeded random play of the game the
    options would make reaches a position where every player has a pawn on a place it can never
    leave for the Exit whatever the others do, and from that position every sequence of moves
    and outcomes (all of them, explored with the game's own rules) goes on for ever."""
    import random

    from castlerules.core.play import random_action
    from castlerules.spookslot import Spookslot
    from castlerules.spookslot.theorems.ending import _unchecked

    game = _unchecked(Spookslot(), **options)
    dead = _dead(game)
    assert dead
    rng, state = random.Random(1), game.initial_state()
    for _ in range(20_000):
        if game.is_chance(state) and all(any(q in dead for q in ps) for ps in state.pawns):
            break
        state = game.apply(state, random_action(game, state, rng))
    else:
        raise AssertionError("random play never put a pawn of every player on a dead place")
    seen, todo = {state}, [state]
    while todo:
        here = todo.pop()
        assert not game.is_terminal(here), game.state_to_text(here)
        for action in game.legal_actions(here):
            after = game.apply(here, action)
            if after not in seen:
                seen.add(after)
                todo.append(after)
        assert len(seen) < 500_000
    assert len(seen) > 1


def _option_sets() -> Any:
    from hypothesis import strategies as st

    from castlerules.core.spec import load_spec

    spec = load_spec("spookslot")
    readings = st.fixed_dictionaries({}, optional={
        i.short_id: st.sampled_from([o.id for o in i.options if o.playable])
        for i in spec.interpretations if not i.keyword and len(i.options) > 1})
    faces = st.lists(st.sampled_from([1, 2, 3, 4, 5, 6, "ghost"]), min_size=6, max_size=6)
    weights = st.fixed_dictionaries({t: st.integers(0, 3) for t in
                                     ("stairs", "bookcase", "portrait", "axe")}).filter(
        lambda w: any(w.values()))
    return st.fixed_dictionaries({"players": st.integers(2, 6), "die_faces": faces,
                                  "trap_weights": weights, "no_yellow": st.booleans(),
                                  "readings": readings})


def test_fuzz_spookslot_options_end_or_are_refused_as_the_model_says() -> None:
    """Random option sets (players, die, ball, the optional rule, readings): the game refuses
    them exactly when the model of one pawn read from the board data finds a place it can come
    to and never leave for the Exit, and the check finds the model's places and stuck places."""
    from hypothesis import given, settings
    from strategies import FUZZ_SCALE

    from castlerules.core.errors import InvalidOptionError
    from castlerules.spookslot import Spookslot
    from castlerules.spookslot.ending import stuck_places
    from castlerules.spookslot.theorems.ending import Switches, _unchecked, pawn_model

    @settings(max_examples=15 * FUZZ_SCALE, deadline=None)
    @given(_option_sets())
    def check(options: dict[str, Any]) -> None:
        try:
            base = Spookslot(players=options["players"], readings=options["readings"] or None)
        except InvalidOptionError:
            return  # readings that contradict each other
        game = _unchecked(base, die_faces=options["die_faces"],
                          trap_weights=options["trap_weights"], no_yellow=options["no_yellow"])
        want = pawn_model(game.board, frozenset(game._faces), frozenset(game._traps),
                          Switches.of(game))
        assert stuck_places(game) == want
        try:
            castlerules.make("spookslot", **{k: v for k, v in options.items() if v})
            accepted = True
        except InvalidOptionError as exc:
            accepted = False
            assert "can go on for ever" in str(exc) or "no pawn can ever move" in str(exc)
        assert accepted == (not want[1])

    check()


# -- the fuzz tier's new inputs -------------------------------------------------------------------

#: Text with every kind of character the campaign sent: control characters, escapes, quotes,
#: separators, non-ASCII.
_HOSTILE = "".join(chr(c) for c in range(0x20)) + "\x7f\x9b=:;,/.\\'\"[]{} aZ09éŉ\u202e\ufeff"


def test_fuzz_command_line_values_never_reach_the_terminal_raw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Hostile text in every command-line value that is quoted back: one line, exit 2, no control
    character but the line break."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from strategies import FUZZ_SCALE

    flags = st.sampled_from([
        ["verify", "--option"], ["verify", "--reading"], ["play", "splut", "--option"],
        ["play", "splut", "--reading"], ["play", "splut", "--ruleset"], ["show"],
        ["explain", "splut", "start"], ["verify", "kasteel", "--costs"],
        ["simulate", "splut", "-n", "1", "--option"], ["replay"],
    ])

    @settings(max_examples=40 * FUZZ_SCALE, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(flags, st.text(alphabet=_HOSTILE, min_size=1, max_size=40))
    def check(flag: list[str], value: str) -> None:
        code, out, err = run(capsys, *flag, value)
        assert code in (1, 2), (flag, value)
        text = out + err
        assert not any((ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0
                       for c in text), (flag, value, text)
        assert len(err.strip().splitlines()) == 1, err

    check()


def test_fuzz_costs_files_are_used_or_refused_in_one_line(tmp_path: Path) -> None:
    """What ``verify --costs`` reads: costs by theorem, or one RulesError line (the command line
    around it is the test above)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from strategies import FUZZ_SCALE

    from castlerules.cli import _theorem_costs

    values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["id", "seconds", "runs", "combinations", "configurations",
                             "results", "x"]), inner, max_size=4),
        max_leaves=12)
    path = tmp_path / "costs.json"

    @settings(max_examples=100 * FUZZ_SCALE, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(values)
    def check(data: Any) -> None:
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            costs = _theorem_costs(str(path))
        except RulesError as exc:
            assert "--costs" in str(exc) and "\n" not in str(exc)
            return
        assert all(isinstance(k, str) and 0 <= v < float("inf") for k, v in costs.items())

    check()


def test_fuzz_scheduler_addresses_are_refused_without_a_connection(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Addresses that are not tcp://HOST:PORT are refused before any connection is tried."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from strategies import FUZZ_SCALE

    from castlerules.core.parallel import scheduler_address

    pytest.importorskip("dask.distributed")
    schemes = st.sampled_from(["", "tcp://", "tls://", "ucx://", "inproc://", "ws://", "http://",
                               "tcp:/", "://"])
    rests = st.text(alphabet="abc.:0123456789[]/@ \x1b", max_size=20)

    def not_an_address(text: str) -> bool:
        try:
            scheduler_address(text)
        except RulesError:
            return True
        return False

    @settings(max_examples=30 * FUZZ_SCALE, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.filter_too_much])
    @given(st.builds(str.__add__, schemes, rests).filter(not_an_address),
           st.sampled_from(["verify", "simulate"]))
    def check(address: str, command: str) -> None:
        tail = ["vlotte-geesten", "--theorem", "vg.start"] if command == "verify" else [
            "splut", "-n", "1", "--no-progress"]
        start = time.monotonic()
        code, out, err = run(capsys, command, *tail, "--backend", "dask", "--scheduler", address)
        assert time.monotonic() - start < 10
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert err.startswith("castlerules: error: --scheduler") and "\x1b" not in err

    check()


def test_fuzz_record_targets_are_written_whole_or_refused(tmp_path: Path) -> None:
    """Odd names for a record: written whole (and nothing else left in the folder) or refused in
    one line before the game."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from strategies import FUZZ_SCALE

    from castlerules.core.errors import RulesError as Refused
    from castlerules.recording import RecordFile

    names = st.text(alphabet="ab./-_ \u00e9\x1b", min_size=0, max_size=12)

    @settings(max_examples=40 * FUZZ_SCALE, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(names)
    def check(name: str) -> None:
        folder = tmp_path / "f"
        if folder.exists():
            for p in sorted(folder.rglob("*"), reverse=True):
                p.rmdir() if p.is_dir() else p.unlink()
            folder.rmdir()
        folder.mkdir()
        (folder / "sub").mkdir()
        target = str(folder / name) if name else ""
        try:
            kept = RecordFile(target)
        except Refused as exc:
            assert "-o: cannot write" in str(exc) and "\x1b" not in str(exc)
            assert _leftovers(folder) == []
            return
        kept.write('{"a": 1}\n')
        assert Path(kept.path).read_text(encoding="utf-8") == '{"a": 1}\n'
        assert _leftovers(folder) == [] and _leftovers(Path(kept.path).parent) == []

    check()


@pytest.mark.parametrize("command", [["verify"], ["play", "splut", "--max-plies", "1"]])
def test_an_empty_reading_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """Found by this campaign's fuzz tier: ``--reading ','`` (or '') was read as no reading, and
    ``verify`` then ran every theorem of every game."""
    for text in ("", ",", " ; "):
        code, out, err = run(capsys, *command, "--reading", text)
        assert code == 2 and out == "" and "--reading expects ID=OPTION" in err
