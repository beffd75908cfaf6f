"""Spookslot position text and action notation: round trips, the documented examples, repr."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import castlerules
from castlerules.core.errors import ParseError
from castlerules.core.play import random_action
from castlerules.spookslot import Move, Passage, Roll, Spookslot, notation
from castlerules.spookslot.state import GHOST, Pass

READINGS = [
    {"start-line": "line-square"}, {"forced-move": "optional"}, {"secret-passage": "always"},
    {"bounce-past-exit": "share"}, {"exit-exact": "count-back"},
    {"four-player-second-pawn": "while-there"},
]
CASES = [*Spookslot.variants(), *({"players": 4, "readings": r} for r in READINGS)]


@pytest.mark.clause("spookslot.pionnen.start", "spookslot.pionnen.beginner")
@pytest.mark.parametrize("options", CASES, ids=[str(o) for o in CASES])
def test_position_text_round_trips_on_every_reachable_state(options: dict[str, Any]) -> None:
    game = castlerules.make("spookslot", **options)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state()
        while True:
            text = game.state_to_text(state)
            assert " " not in text.replace(" ", "", 5) and "  " not in text
            assert game.state_from_text(text) == state
            if set(options) <= {"players"}:  # repr names the player count, not other options
                assert eval(repr(state), {"castlerules": castlerules}) == state
            if game.is_terminal(state):
                break
            state = game.apply(state, random_action(game, state, rng))


def test_the_start_position_text() -> None:
    g = Spookslot()
    assert g.state_to_text(g.initial_state()) == notation.START_TEXT == "-,-/-,- p0 roll - - -"
    assert repr(g.initial_state()) == "castlerules.position('spookslot', '-,-/-,- p0 roll - - -')"
    five = Spookslot(players=5, first_player=3)
    assert five.state_to_text(five.initial_state()) == "-/-/-/-/- p3 roll - - -"


def test_the_documented_examples_are_positions() -> None:
    """Every position quoted in the notation module's docstring parses and validates."""
    doc = notation.__doc__ or ""
    quoted = re.findall(r"``([^` ]*/[^`]* p\d [^`]*)``", doc)
    assert len(quoted) >= 3
    for text in quoted:
        players = text.split(" ")[0].count("/") + 1
        game = castlerules.make("spookslot", players=players)
        assert game.state_to_text(game.state_from_text(text)) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("move a", Move(1, 0)), ("p1 move b via lk1", Move(1, 1, ("lk1",))), ("p1 roll 3", Roll(3)),
        ("roll ghost", Roll(GHOST)), ("pass", Pass(1)), ("p1 pass", Pass(1)),
    ],
)
def test_the_player_prefix_is_accepted_and_needed_only_where_several_may_act(
    text: str, expected: Any
) -> None:
    g = Spookslot(players=3)
    s = g.state_from_text("t1,-/t2,-/-,- p1 move3 - - -")
    assert g.parse_action(s, text) == expected
    with pytest.raises(ParseError, match="player 1's turn"):
        g.parse_action(s, "p0 roll 3")
    two = g.state_from_text("lk2,-/lk4,-/-,- p2 passage p0a,p1a - -")
    with pytest.raises(ParseError, match="several players decide"):
        g.parse_action(two, "passage a")
    one = g.state_from_text("lk2,-/t1,-/-,- p2 passage p0a - -")
    assert g.parse_action(one, "stay a") == Passage(0, 0, False)


def test_repr_of_an_action_shows_its_notation() -> None:
    assert repr(Move(0, 1, ("lk1",))) == "Move('p0 move b via lk1')"
    assert repr(Roll(GHOST)) == "Roll('roll ghost')"
    assert repr(Passage(2, 0, True)) == "Passage('p2 passage a')"


def test_render_captions_carry_the_position_text() -> None:
    g = Spookslot()
    s = g.state_from_text("t3,-/l2,x p1 move4 - - -")
    assert "t3,-/l2,x p1 move4 - - -" in g.render(s)
    assert "t3,-/l2,x p1 move4 - - -" in g.render_svg(s)
