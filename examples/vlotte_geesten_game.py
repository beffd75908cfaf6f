"""A seeded game of Vlotte Geesten printed move by move (with the position text after each round),
then replayed from its record, and its last position drawn as an SVG picture."""

import random
import tempfile
from pathlib import Path

import castlerules
from castlerules.core.play import random_action

game = castlerules.make("vlotte-geesten", players=3)
rng = random.Random(2026)
state = game.initial_state()
actions = []
while not game.is_terminal(state) and len(actions) < 60:
    action = random_action(game, state, rng)
    print(f"{len(actions):3d}  {game.action_to_str(state, action)}")
    actions.append(game.action_to_str(state, action))
    state = game.apply(state, action)
    if state.dice is None:  # a round has ended: show where the game stands
        print(f"     position: {game.state_to_text(state)}")
print()
print(game.render(state))

record = castlerules.Record.new(game.name, game.options, tuple(actions))
assert castlerules.replay(record) == state
print(f"\nreplayed {len(actions)} plies from the record: same state")

# The position text is the state: paste it anywhere (repr(state) is the call that rebuilds it).
assert castlerules.position("vlotte-geesten", game.state_to_text(state), players=3) == state
svg = Path(tempfile.gettempdir()) / "vlotte-geesten.svg"
svg.write_text(game.render_svg(state), encoding="utf-8")
print(f"{state!r}\ndrawn in {svg}")
