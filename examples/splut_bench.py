"""Measure Splut! random play speed (actions per second, single process) for 2, 3 and 4 players."""

from __future__ import annotations

import random
import time

import castlerules
from castlerules.core.play import playout

for players in (2, 3, 4):
    game = castlerules.make("splut", players=players)
    rng = random.Random(players)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        actions += len(playout(game, rng)[1])
    seconds = time.perf_counter() - start
    print(f"{players} players: {actions / seconds:,.0f} actions/s")
