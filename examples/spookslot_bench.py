"""Measure Spookslot random play: actions per second in one process, for each player count."""

from __future__ import annotations

import random
import time

import castlerules
from castlerules.core.play import playout


def main() -> None:
    for players in range(2, 7):
        game = castlerules.make("spookslot", players=players)
        rng = random.Random(players)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < 0.4:
            _, played = playout(game, rng)
            actions += len(played)
            games += 1
        rate = actions / (time.perf_counter() - start)
        print(f"{players} players: {rate:,.0f} actions/s ({games} games, "
              f"{actions / games:.0f} actions per game)")


if __name__ == "__main__":
    main()
