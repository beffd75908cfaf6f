"""The ``castlerules simulate`` command: many seeded games in parallel (local processes or Dask),
with their statistics, chart and records."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from castlerules.cli import solve
from castlerules.cli.common import _common, _game_arg, _int_arg, _note_cap, _options, _sub
from castlerules.core.catalog import make
from castlerules.core.errors import RulesError, quote

NAME = "simulate"
HELP = "many seeded random games, in parallel, with statistics"
EXAMPLE = "castlerules simulate splut -n 1000 --workers 2"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("-n", type=_int_arg(1), required=True, help="number of games")
    p.add_argument("--workers", type=_int_arg(1), default=1,
                   help="processes (at most one a game, and one per CPU unless --oversubscribe)")
    p.add_argument("--seed", type=_int_arg(0), default=0)
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="dask backend: a running scheduler, tcp://HOST:PORT")
    p.add_argument("--oversubscribe", action="store_true",
                   help="start the processes --workers asks for even where they are more than "
                        "the CPUs (without it, at most one per CPU)")
    p.add_argument("--max-plies", type=_int_arg(1), default=None, help="cut games off here")
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE", help="write a chart (.png or .svg)")
    p.add_argument("--save-records", metavar="DIR", help="write every game's record to DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--bot", action="append", metavar="SEAT=KIND",
                   help="who plays a seat: random (the default), mcts or solved (repeatable; "
                        "0=solved pits the solved bot against random play)")
    solve.add_table_argument(p)
    _common(p)
    return p


def run(args: argparse.Namespace) -> int:
    from castlerules import simulate as sim

    if args.plot and Path(args.plot).suffix.lower() not in (".png", ".svg"):
        raise RulesError(f"--plot: the file must end in .png or .svg, got {quote(args.plot)}")
    if args.scheduler is not None and args.backend != "dask":
        raise RulesError("--scheduler is for the dask backend: add --backend dask")
    if args.plot:
        from castlerules.core.files import check_writable

        check_writable(args.plot, "--plot")  # before the games, not after them
    if args.scheduler is None:
        _note_cap("--workers", args.workers, args.oversubscribe)
    bar = sim.ProgressBar(args.n, enabled=not args.no_progress)
    try:
        result = sim.simulate(
            args.game,
            args.n,
            options=_options(args),
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            max_plies=args.max_plies,
            records=Path(args.save_records) if args.save_records else None,
            progress=bar,
            address=args.scheduler,
            bots=sim.seat_bots(args.bot or (), make(args.game, **_options(args)).num_players),
            table=args.table,
            keep_results=False,
            oversubscribe=args.oversubscribe,
        )
    finally:
        bar.close()
    if args.plot:
        sim.plot(result.summary, Path(args.plot), result.lengths)
        print(f"chart written to {args.plot}", file=sys.stderr if args.json else sys.stdout)
    if args.json:
        data = {
            **result.summary,
            "workers": result.workers,
            "backend": args.backend,
            "seconds": round(result.seconds, 3),
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(sim.format_table(result.summary))
        print(
            f"\n{args.n} games in {result.seconds:.2f} s "
            f"({args.backend} backend, {result.workers} worker{'s' if result.workers > 1 else ''})"
        )
    return 0
