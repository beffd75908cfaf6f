"""A seeded game of Vlotte Geesten printed move by move, then replayed from its record."""

import random

import castlerules
from castlerules.core.play import random_action

game = castlerules.make("vlotte-geesten", players=3)
rng = random.Random(2026)
state = game.initial_state()
actions = []
while not game.is_terminal(state) and len(actions) < 60:
    action = random_action(game, state, rng)
    print(f"{len(actions):3d}  {game.action_to_str(state, action)}")
    if game.is_chance(state):
        rolled = game.render(game.apply(state, action)).splitlines()
        print("     " + next(line for line in rolled if line.startswith("dice:")))
    actions.append(game.action_to_str(state, action))
    state = game.apply(state, action)
print()
print(game.render(state))

record = castlerules.Record.new(game.name, game.options, tuple(actions))
assert castlerules.replay(record)[-1] == state
print(f"\nreplayed {len(actions)} plies from the record: same state")
