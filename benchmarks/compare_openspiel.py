"""Random play of every castlerules game against OpenSpiel's compiled breakthrough, in one run.

Each engine is driven by the same plain Python loop — list the legal actions, pick one (a chance
outcome with its probability), apply it — in alternating rounds, so a busy machine slows both alike;
the figure that matters is the ratio. Also measures random play through the OpenSpiel adapter
against native castlerules random play, and the peak memory of a long simulation.

    python benchmarks/compare_openspiel.py [--seconds 2] [--rounds 3] [GAME ...]

Needs the ``openspiel`` extra. Prints a table; ``--json`` for machines. The figures are quoted in the
notes of the work that changed them — never asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from typing import Any

import castlerules
from castlerules.core.chance import sample


def native_loop(name: str, seconds: float, seed: int, options: dict[str, Any]) -> tuple[int, float]:
    """Actions per ``seconds`` of castlerules random play through the public API."""
    game = castlerules.make(name, **options)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < game.playout_cap:
            if game.is_chance(state):
                action = sample(game.chance_outcomes(state), rng)
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            plies += 1
        actions += plies
    return actions, time.perf_counter() - start


def openspiel_loop(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """Actions per ``seconds`` of an OpenSpiel game driven by the same loop."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(castlerules.games()))
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--adapter", action="store_true", help="also random play via the adapter")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import pyspiel

    from castlerules.adapters import openspiel

    breakthrough = pyspiel.load_game("breakthrough")
    totals: dict[str, list[float]] = {"breakthrough": [0, 0.0]}
    for name in args.games:
        totals[name] = [0, 0.0]
        if args.adapter:
            totals[f"{name} (adapter)"] = [0, 0.0]
    for r in range(args.rounds):
        a, t = openspiel_loop(breakthrough, args.seconds, r)
        totals["breakthrough"][0] += a
        totals["breakthrough"][1] += t
        for name in args.games:
            a, t = native_loop(name, args.seconds, r, {})
            totals[name][0] += a
            totals[name][1] += t
            if args.adapter:
                a, t = openspiel_loop(openspiel.load(name), args.seconds, r)
                totals[f"{name} (adapter)"][0] += a
                totals[f"{name} (adapter)"][1] += t
    rate = {k: v[0] / v[1] for k, v in totals.items()}
    base = rate["breakthrough"]
    rows = [
        {
            "engine": k,
            "actions_per_second": round(v),
            "ratio_to_breakthrough": round(v / base, 3),
            **(
                {"ratio_to_native": round(v / rate[k.removesuffix(" (adapter)")], 3)}
                if k.endswith("(adapter)")
                else {}
            ),
        }
        for k, v in rate.items()
    ]
    peak = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if args.json:
        print(json.dumps({"rows": rows, "peak_rss_mib": peak}, indent=1))
        return 0
    print(f"{'engine':<28} {'actions/s':>10} {'× breakthrough':>15} {'× native':>9}")
    for row in rows:
        native = row.get("ratio_to_native")
        print(
            f"{row['engine']:<28} {row['actions_per_second']:>10,} "
            f"{row['ratio_to_breakthrough']:>15.3f} {'' if native is None else f'{native:.3f}':>9}"
        )
    print(f"peak memory {peak} MiB; {args.rounds} alternating rounds of {args.seconds} s each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
