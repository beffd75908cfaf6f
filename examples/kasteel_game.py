"""Play a seeded random game of Het kasteel veroveren and show the final position."""

from __future__ import annotations

import random

import castlerules
from castlerules.core.play import playout

game = castlerules.make("kasteel", level=2)
states, actions = playout(game, random.Random(2026))
final = states[-1]
print(f"{len(actions)} plies; skulls: {' '.join(game.action_to_str(s, a) for s, a in zip(states, actions[:4]))}")
print("last moves:", " ".join(game.action_to_str(s, a) for s, a in zip(states[-7:], actions[-6:])))
print(game.render(final))
winner = ("yellow", "red")[next(iter(game.winners(final)))]
print(f"{winner} wins")
