"""The ``castlerules bench`` command: random-play throughput of a game, in actions per second."""

from __future__ import annotations

import argparse
import json
import random
import resource
import time
from typing import Any

from castlerules.cli.common import _common, _game_arg, _int_arg, _options, _seconds_arg, _sub
from castlerules.core.catalog import make
from castlerules.core.play import random_action

NAME = "bench"
HELP = "random-play throughput (actions per second)"
EXAMPLE = "castlerules bench spookslot --seconds 5"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("--seconds", type=_seconds_arg, default=3.0, help="how long to play")
    p.add_argument("--seed", type=_int_arg(0), default=0)
    p.add_argument("--json", action="store_true")
    _common(p)
    return p


def bench(game_name: str, seconds: float, options: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Random-play throughput of one game: whole seeded games until ``seconds`` have passed."""
    game = make(game_name, **options)
    rng = random.Random(seed)
    actions = finished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < game.playout_cap:
            state = game.apply(state, random_action(game, state, rng))
            plies += 1
        actions += plies
        finished += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "options": game.options,
        "games": finished,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def run(args: argparse.Namespace) -> int:
    result = bench(args.game, args.seconds, _options(args), args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['game']}: {result['actions_per_second']:,} actions/s "
            f"({result['actions']:,} actions in {result['games']} games, {result['seconds']} s; "
            f"peak memory {result['max_rss_mib']} MiB)"
        )
    return 0
