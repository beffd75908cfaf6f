"""Play a seeded random game of Splut! for three players and show the final position."""

from __future__ import annotations

import random

import castlerules
from castlerules.core.play import playout

game = castlerules.make("splut", players=3)
states, actions = playout(game, random.Random(2024))
print(f"{len(actions)} actions; winner: player {sorted(game.winners(states[-1]))}")
for state, action in list(zip(states, actions))[-5:]:
    print("  ", game.action_to_str(state, action))
print(game.render(states[-1]))
