"""Every worked example in ``specs/examples/<game>.toml`` replays: its moves lead from its
``before`` position to its ``after`` position (so the docs' pictures cannot drift from the rules)."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.examples import Example, load_examples

EXAMPLES = [e for name in castlerules.games() for e in load_examples(name)]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_worked_example_replays(example: Example) -> None:
    game = castlerules.make(example.game, **example.options_dict())
    state = game.state_from_text(example.before)
    for move in example.moves:
        state = game.play(state, move)
    assert game.state_to_text(state) == game.state_to_text(game.state_from_text(example.after))
    assert state == game.state_from_text(example.after)
    assert example.caption and example.title
