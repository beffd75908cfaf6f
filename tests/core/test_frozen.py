"""The one fast constructor of frozen states (``castlerules.core.frozen``): a state it makes is
the state ``State(...)`` makes from the same fields, of the state class itself, and still frozen;
classes it cannot serve are refused when the constructor is made."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import castlerules
from castlerules.core.frozen import fast_constructor


@pytest.mark.parametrize("name", ["splut", "kasteel", "spookslot"])
def test_states_of_a_played_game_equal_the_checked_constructor(name: str) -> None:
    """Every state of a random game (made by the successor through ``make_state``) equals the
    state ``State(...)`` builds from its JSON fields, has the state class, and refuses stores."""
    game: Any = castlerules.make(name)
    rng = random.Random(7)
    state = game.initial_state()
    cls = type(state)
    for _ in range(150):
        if game.is_terminal(state):
            break
        again = game.state_from_json(game.state_to_json(state))
        assert again == state and hash(again) == hash(state)
        assert type(state) is cls
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.to_move = 1
        if game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)


@attrs.frozen
class Point:
    x: int
    y: int
    seen: bool = attrs.field(default=False, eq=False)


def test_fields_given_in_order_and_the_rest_at_their_defaults() -> None:
    make = fast_constructor(Point, ("y", "x"))
    p = make(2, 1)
    assert (p.x, p.y, p.seen, type(p)) == (1, 2, False, Point)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]


def test_classes_it_cannot_serve_are_refused() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        x: int

    @attrs.frozen
    class Needs:
        x: int
        y: int

    @attrs.frozen
    class Made:
        x: int
        y: list[int] = attrs.Factory(list)

    with pytest.raises(TypeError, match="slotted"):
        fast_constructor(Loose, ("x",))
    with pytest.raises(TypeError, match="distinct fields"):
        fast_constructor(Point, ("x", "z"))
    with pytest.raises(TypeError, match="distinct fields"):
        fast_constructor(Point, ("x", "x"))
    with pytest.raises(TypeError, match="no plain default"):
        fast_constructor(Needs, ("x",))
    with pytest.raises(TypeError, match="no plain default"):
        fast_constructor(Made, ("x",))
