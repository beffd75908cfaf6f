"""The ``castlerules replay`` command: a record replayed to its final position, with the chances
after every ply from a solved table."""

from __future__ import annotations

import argparse
from typing import Any

from castlerules.cli import solve
from castlerules.cli.common import _common, _load_record, _out, _record_game, _sub
from castlerules.core.record import replay

NAME = "replay"
HELP = "replay a record file and show the final position"
EXAMPLE = "castlerules replay game.json"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("file")
    solve.add_eval_arguments(p, "the chances after every ply and the costliest choices, "
                                "from a solved table")
    _common(p)  # options a record already names: they must agree with it
    return p


def run(args: argparse.Namespace) -> int:
    from castlerules.terminal import view_of

    record = _load_record(args.file)
    final = replay(record)  # first: it makes the record's game as untrusted input
    game = _record_game(record, args)
    out = _out()
    out.print(game.render(final))
    status = view_of(game).result(final) if game.is_terminal(final) else "The game has not ended."
    out.print(f"{len(record.actions)} plies replayed. {status}")
    if args.eval:
        states = replay(record, every_state=True)
        actions = [game.parse_action(x, t) for x, t in zip(states, record.actions)]
        print("\n".join(solve.replay_eval_lines(game, states, actions, args.table)))
    return 0
