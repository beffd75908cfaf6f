"""The ``castlerules show`` command: a position of a record or given as text, as a board (and
SVG), with its chances from a solved table."""

from __future__ import annotations

import argparse
from typing import Any

from castlerules.cli import solve
from castlerules.cli.common import (
    _common,
    _int_arg,
    _load_record,
    _out,
    _position,
    _record_game,
    _sub,
    _write,
)
from castlerules.core.catalog import games, normalize_name
from castlerules.core.errors import RulesError, quote
from castlerules.core.record import replay

NAME = "show"
HELP = "show a position: RECORD [--ply N], or GAME POSITION (text or 'start')"
EXAMPLE = "castlerules show game.json --ply 12 --svg board.svg   |   castlerules show splut start"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("target", metavar="RECORD|GAME")
    p.add_argument("position", nargs="?", help="a position text, or 'start' (with GAME)")
    p.add_argument("--ply", type=_int_arg(0), default=None, help="with RECORD: after this ply")
    p.add_argument("--svg", metavar="FILE", help="also write the picture as SVG")
    solve.add_eval_arguments(p, "each seat's chance and each move's, from a solved table")
    _common(p)
    return p


def run(args: argparse.Namespace) -> int:
    target = args.target
    if normalize_name(target) in games():
        if args.position is None:
            raise RulesError("show GAME POSITION: give a position text or 'start'")
        game, state = _position(normalize_name(target), args.position, args)
        where = ""
    else:
        if args.position is not None:
            raise RulesError(f"{quote(target)} is not a game; show RECORD takes no position")
        record = _load_record(target)
        ply = len(record.actions) if args.ply is None else args.ply
        if not 0 <= ply <= len(record.actions):
            raise RulesError(f"--ply {ply}: the record has plies 0 to {len(record.actions)}")
        # first: it makes the record's game as untrusted input; only the plies up to the one shown
        state = replay(record, ply=ply)
        game = _record_game(record, args)
        where = f"after ply {ply} of {len(record.actions)}"
    out = _out()
    out.print(game.render(state))  # it ends with the position text
    if where:
        out.print(where)
    if args.svg:
        _write(args.svg, game.render_svg(state) + "\n", "--svg")
    if args.eval:
        solve.print_eval(game, state, args.table)
    return 0
