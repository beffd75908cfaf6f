"""Memory over a long simulation: one Game object plays N seeded random games; the resident set
size is printed at checkpoints. Every cache a game keeps is bounded, so it must stay flat.

    python benchmarks/memory.py spookslot --games 1000000 [--every 100000]

Quoted in notes, never asserted by a test.
"""

from __future__ import annotations

import argparse
import random
import time


def rss_mib() -> float:
    """The current resident set size (not the peak), from /proc when there is one."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        import os

        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    import castlerules
    from castlerules.core.play import random_action

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=0, help="checkpoint interval (games)")
    parser.add_argument("--max-plies", type=int, default=10_000)
    args = parser.parse_args()
    every = args.every or max(1, args.games // 10)
    game = castlerules.make(args.game)
    rng = random.Random(1)
    start, actions = time.perf_counter(), 0
    print(f"{args.game}: games, actions, seconds, RSS MiB")
    for n in range(1, args.games + 1):
        state = game.initial_state()
        for _ in range(args.max_plies):
            if game.is_terminal(state):
                break
            state = game.apply(state, random_action(game, state, rng))
            actions += 1
        if n % every == 0 or n == 1:
            print(f"{n:>9,} {actions:>13,} {time.perf_counter() - start:9.1f} {rss_mib():8.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
