"""Spookslot's worked examples (specs/examples/spookslot.toml) as scenario tests: each position is
played move by move under the rules, and the pictures mark the squares the example is about."""

from __future__ import annotations

import pytest

import castlerules
from castlerules.core.examples import Example, load_examples
from castlerules.spookslot.render import HIGHLIGHT

EXAMPLES = load_examples("spookslot")


def test_the_examples_cover_the_bounce_the_traps_and_the_secret_passage() -> None:
    ids = {e.id for e in EXAMPLES}
    assert {"spookslot.eindigen.bezet", "spookslot.valstrik.trap", "spookslot.valstrik.boekenkast",
            "spookslot.valstrik.bijl", "spookslot.geheim.sterveld", "spookslot.exit.precies"} <= ids


@pytest.mark.parametrize(
    "example", [pytest.param(e, id=e.id, marks=pytest.mark.clause(*e.clauses)) for e in EXAMPLES]
)
def test_worked_example(example: Example) -> None:
    game = castlerules.make("spookslot", **example.options_dict())
    state = game.state_from_text(example.before)
    for move in example.moves:
        assert game.is_legal(state, game.parse_action(state, move)), move
        state = game.play(state, move)
    assert game.state_to_text(state) == example.after
    svg = game.render_svg(game.state_from_text(example.before), example.highlight)
    assert svg.count(f'stroke="{HIGHLIGHT}"') >= len(example.highlight)
