"""The ``castlerules play`` command: a game in the terminal, against bots or watched, its record
kept however the game ends."""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from castlerules.cli import solve
from castlerules.cli.common import (
    _common,
    _delay_arg,
    _game_arg,
    _int_arg,
    _options,
    _out,
    _player_arg,
    _seconds_arg,
    _silence_stdout,
    _sub,
)
from castlerules.core.catalog import make
from castlerules.core.errors import RulesError
from castlerules.core.styled import Console, Text

NAME = "play"
HELP = "play a game in the terminal (without --human: a random game)"
EXAMPLE = "castlerules play kasteel --human 0 --seed 3 -o game.json"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("--human", action="append", type=_player_arg, metavar="P",
                   help="a player you play, such as 0 or p0 (repeatable)")
    p.add_argument("--bot", choices=("random", "mcts", "solved"), default="random",
                   help="who plays the other players (solved: perfect play from the table "
                        "'castlerules solve' stored)")
    solve.add_table_argument(p)
    p.add_argument("--strength", type=_int_arg(1), default=1, metavar="N",
                   help="MCTS: how hard the bots think, 1 to 10: about N seconds and N x 300 "
                        "simulations a move (the default, 1, answers within about a second)")
    p.add_argument("--simulations", type=_int_arg(1), default=None,
                   help="MCTS: at most this many simulations a move (default: 300 x strength)")
    p.add_argument("--think", type=_seconds_arg, default=None,
                   help="MCTS: at most this many seconds a move (default: the strength's)")
    p.add_argument("--bot-delay", type=_delay_arg, default=None, metavar="SECONDS",
                   help="in a race (Vlotte Geesten), how long a bot takes to react "
                        "(default: 2.5, varied a little each round)")
    p.add_argument("--seed", type=_int_arg(0), default=None,
                   help="seed of chance and bots (default: a random seed, stored in the record)")
    p.add_argument("--max-plies", type=_int_arg(1), default=None,
                   help="stop after this many plies (default: the game's playout cap)")
    p.add_argument("--output", "-o", help="write the record (JSON) to this file")
    p.add_argument("--json", action="store_true", help="print the record as JSON")
    _common(p)
    return p


def run(args: argparse.Namespace) -> int:
    """A game in the terminal. Its record (``-o``) is checked writable first, kept up to date as
    the game goes, and written whatever ends the game: its end, ``quit``, the end of the input,
    Ctrl-C (status 130), SIGTERM or SIGHUP (128 + the signal), standard output closing (141, as
    SIGPIPE would) — each said in one line on standard error."""
    from castlerules.bots import make_bot
    from castlerules.recording import RecordFile, Stopped, Stops
    from castlerules.terminal import BOT_DELAY, Session

    game = make(args.game, **_options(args))
    humans = sorted(set(args.human or ()))
    bad = [p for p in humans if not 0 <= p < game.num_players]
    if bad:
        raise RulesError(f"--human {bad[0]}: {game.name} has players 0 to {game.num_players - 1}")
    if not 1 <= args.strength <= 10:
        raise RulesError(f"--strength {args.strength}: expected 1 to 10")
    kept = RecordFile(args.output) if args.output is not None else None  # refused now, not later
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    cap = args.max_plies if args.max_plies is not None else game.playout_cap
    simulations = args.simulations if args.simulations is not None else 300 * args.strength
    think = args.think if args.think is not None else float(args.strength)
    quiet = args.json and not humans
    solved = solve.evaluator_for(game, args.table) if args.bot == "solved" else None
    console = _out() if not quiet else Console(open(os.devnull, "w"), wrap=False)  # noqa: SIM115

    def keep(waiting: bool) -> None:
        if kept is not None:
            kept.keep(lambda: session.record(seed).to_json() + "\n", session.changes, waiting)

    session = Session(
        game,
        humans=humans,
        bots=lambda p: make_bot(args.bot, random.Random(rng.randrange(2**32)), simulations, think,
                                solved),
        rng=rng,
        console=console,
        stdin=sys.stdin,
        max_plies=cap,
        interactive=bool(humans) and sys.stdin.isatty(),
        bot_delay=BOT_DELAY if args.bot_delay is None else args.bot_delay,
        on_change=keep,
    )
    import signal

    # Started with SIGINT ignored (a background job of a non-interactive shell), Python installs
    # no handler: Ctrl-C must still end the game with its record kept (for the game only).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    stops = Stops()
    status = 0
    #: Why the game stopped early, for the line on standard error ("" when it did not).
    cut = ""
    with stops.installed():
        try:
            try:
                if not quiet:
                    console.print(_play_header(game, session.view, humans, args.bot, seed),
                                  style="dim")
                session.run()
            finally:
                stops.armed = False  # from here on a signal is noted: the record is written
                if ignored:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
        except KeyboardInterrupt:
            status, session.stopped = 130, "interrupted (Ctrl-C)"
            _quietly(lambda: console.print(""))
        except Stopped as stop:
            status, cut = 128 + stop.signum, stop.reason
            session.stopped = cut
            _quietly(lambda: console.print(""))  # off the prompt's line
        except OSError as exc:  # the output closed (a pipe's reader quit, the terminal went)
            status, cut = _output_closed(exc)
            session.stopped = cut
        record = session.record(seed)
        plies = f"{len(record.actions)} plies"
        if kept is not None:
            kept.write(record.to_json() + "\n")
        if not cut:
            try:
                _tell_end(console, session, game, humans, quiet, plies, kept)
                if args.json:
                    print(record.to_json(), flush=True)
            except OSError as exc:
                status, cut = _output_closed(exc)
        if stops.status is not None and not cut:  # a signal while the record was written
            status, cut = stops.status, stops.reason
    if cut:
        where = f": record of {plies} written to {args.output}" if kept is not None else ""
        _quietly(lambda: print(f"castlerules: {cut}{where}", file=sys.stderr, flush=True))
    return status


def _output_closed(exc: OSError) -> tuple[int, str]:
    """(exit status, what happened) when writing the game's output failed: standard output
    closed (141, the status SIGPIPE gives), or another output error (1). Later writes to
    standard output go nowhere, so the exit does not fail again flushing it."""
    import errno

    _silence_stdout()
    if isinstance(exc, BrokenPipeError):
        return 141, "standard output closed"
    if exc.errno == errno.EIO:
        return 129, "the terminal is gone (input/output error)"
    return 1, f"cannot write the output: {exc.strerror or exc}"


def _quietly(say: Any) -> None:
    """``say()``, where the output may be gone: an output error is dropped."""
    with contextlib.suppress(OSError):
        say()


def _tell_end(console: Console, session: Any, game: Any, humans: Sequence[int], quiet: bool,
              plies: str, kept: Any) -> None:
    """How the game ended, and where its record went."""
    if quiet:
        return
    if not humans:
        console.print(game.render(session.state))
    if game.is_terminal(session.state):
        if not humans:  # a human's last board already said it
            console.print(Text.assemble((session.view.result(session.state), "bold"),
                                        f" ({plies})"))
    else:
        console.print(Text.assemble(("not finished", "bold"), f": {session.stopped} ({plies})"))
    if kept is not None:
        console.print(f"record of {plies} written to {kept.path}", style="dim")


def _play_header(game: Any, view: Any, humans: Sequence[int], bot: str, seed: int) -> str:
    """The first line of a game in the terminal, for a person: the game, who plays each seat, the
    readings that are not the default ones, and the seed that repeats it."""
    seats = [f"{view.who(p)} {'you' if p in humans else bot}" for p in range(game.num_players)]
    spec = game.spec
    other = [f"{spec.interpretation(k).short_id}={v}" for k, v in sorted(game.readings.items())
             if v != spec.interpretation(k).default]
    readings = f"; readings: {', '.join(other)}" if other else ""
    return (f"{spec.title}, {game.num_players} players ({', '.join(seats)}){readings}; "
            f"seed {seed} (--seed {seed} plays it again)")
