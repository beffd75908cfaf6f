"""Kasteel position notation: the documented grammar and examples, round trips over every variant
and reading, errors that name the column, and reprs that rebuild their values."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reach

import castlerules
from castlerules.core.errors import InvalidStateError, ParseError
from castlerules.core.play import random_action
from castlerules.kasteel import Kasteel, Move, Pass, PlaceSkull, notation
from castlerules.kasteel.notation import START

VARIANTS = [
    *Kasteel.variants(),
    {"readings": {"own-key": "slide-through", "key-square": "pass-through"}},
    {"readings": {"capture": "mover-removed", "turns": "voluntary-pass"}},
    {"readings": {"skull-zone": "anywhere", "pass-cost": "per-move"}, "skulls": 9},
]


def test_the_start_text_is_the_documented_constant() -> None:
    game = Kasteel()
    assert game.state_to_text(game.initial_state()) == START
    assert game.state_from_text(START) == game.initial_state()
    assert START in (notation.__doc__ or "")


def test_the_documented_example_is_what_the_moves_give() -> None:
    """The docstring's second example: the skulls fall on i11, j10, k11, s11, yellow plays c8-c9."""
    game = Kasteel()
    state = game.initial_state()
    for text in ("skull i11", "skull j10", "skull k11", "skull s11"):
        state = game.play(state, text)
    before = game.state_to_text(state)
    after = game.state_to_text(game.play(state, "c8-c9"))
    doc = notation.__doc__ or ""
    assert before in doc and after in doc
    assert after.split()[1:] == ["r", "8,8", "j10,i11,k11,s11"]


@pytest.mark.parametrize("options", VARIANTS, ids=range(len(VARIANTS)))
def test_every_reachable_state_round_trips(options: dict[str, Any]) -> None:
    game = castlerules.make("kasteel", **options)
    rng = random.Random(7)
    for _ in range(3):
        state = game.initial_state()
        for ply in range(600):
            text = game.state_to_text(state)
            assert " " not in text.split(" ", 3)[3] and len(text.split(" ")) == 4
            assert game.state_from_text(text) == state
            if ply % 40 == 0:
                assert eval(repr(state), {"castlerules": castlerules}) == state  # a call
            if game.is_terminal(state):
                break
            state = game.apply(state, random_action(game, state, rng))


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 2000))
def test_round_trip_property(seed: int, plies: int) -> None:
    game = Kasteel(level=2)
    state = reach(game, seed, plies)
    assert game.state_from_text(game.state_to_text(state)) == state


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "four fields"),
        (START.replace(" y ", " g "), "column 84: the player to move"),
        (START.replace("5R7R5/", "5R7R6/", 1), "column 5: row 19 has more than 19"),
        (START.replace("5R7R5/", "5R7R4/", 1), "column 6: row 19 has 18 squares"),
        (START.replace("5R7R5/", "5X7R5/", 1), "column 2: 'X' is not a knight"),
        (START.replace("/19/19/19/7R3R7", "/19/19/7R3R7", 1), "column 1: expected 19 rows"),
        (START.replace(" 8,8 ", " 8 "), "passes are written"),
        (START.replace(" 8,8 ", " 8,² "), "red's passes must be a number"),
        (START.replace(" -", " j10,j10"), "j10 is named twice"),
        (START.replace(" -", " z99"), "skulls"),
        (START.replace("5R7R5/", "05R7R5/", 1), "column 1: '05' is not a count"),
        (START + " extra", "four fields"),
        (START.replace(" ", "  ", 1), "four fields"),
    ],
)
def test_junk_text_names_the_column_or_field(text: str, where: str) -> None:
    with pytest.raises(ParseError, match=where):
        Kasteel().state_from_text(text)


def test_impossible_positions_name_the_field() -> None:
    game = Kasteel()
    with pytest.raises(InvalidStateError, match="passes"):
        game.state_from_text(START.replace(" 8,8 ", " 9,8 "))
    with pytest.raises(InvalidStateError, match="own key square j4"):
        game.state_from_text("19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9Y9/19/19/R18 y 8,8 -")
    with pytest.raises(InvalidStateError, match="more knights"):
        game.state_from_text(START.replace("/19/19/19/7R3R7", "/YYYYYYYYYYYYYYYYYYY/19/19/7R3R7", 1))


def test_reprs_show_the_notation() -> None:
    game = Kasteel(level=3)
    state = game.initial_state()
    assert repr(state) == f"castlerules.position('kasteel', {START.replace('8,8', '6,6')!r}, level=3)"
    b = game.board
    assert repr(Move(0, b.square("c8"), b.square("c9"))) == "Move('p0 c8-c9')"
    assert repr(Pass(1)) == "Pass('p1 pass')"
    assert repr(PlaceSkull(b.square("j10"))) == "PlaceSkull('skull j10')"
    assert castlerules.position("kasteel", START) == Kasteel().initial_state()


def test_the_grammar_page_is_clean_restructuredtext() -> None:
    docutils_core = pytest.importorskip("docutils.core")
    docutils_core.publish_string(
        notation.__doc__, writer="null",
        settings_overrides={"report_level": 2, "halt_level": 2},
    )
