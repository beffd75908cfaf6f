"""Vlotte Geesten position text: one line per state, readable, typeable, and exact."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castlerules
from castlerules.core.catalog import game_class
from castlerules.core.errors import InvalidStateError, ParseError
from castlerules.core.play import random_action
from castlerules.vlotte_geesten import notation
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, Roll, State

C, G, M, B, K = Obj.CHAIR, Obj.GHOST, Obj.MOUSE, Obj.BOTTLE, Obj.BOOK
READINGS = (
    {},
    {"grab-phase": "regrab"},
    {"penalty-no-points": "debt"},
    {"penalty-recipient": "pot-at-once"},
    {"next-roller": "next-seat"},
    {"ties": "draw"},
)
CASES = [(o, r) for o in game_class("vlotte-geesten").variants() for r in READINGS]


@pytest.mark.clause("vg.voorbereiding.voorraad", "vg.voorbereiding.eerste-speler")
def test_the_start_position_text() -> None:
    game = castlerules.make("vlotte-geesten")
    assert game.state_to_text(game.initial_state()) == notation.START == "0,0,0,0 35 0 p0 - - - -"
    three = castlerules.make("vlotte-geesten", players=3, first_player=2)
    assert three.state_to_text(three.initial_state()) == "0,0,0 35 0 p2 - - - -"
    assert notation.start_text(3) == "0,0,0 35 0 p0 - - - -"


def test_the_docstring_examples_parse_to_what_they_say() -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    s = game.state_from_text("4,0,2 29 0 p2 BBCMB p0 p0 B")
    assert s == State((4, 0, 2), 29, 0, 2, (B, B, C, M, B), (0,), frozenset({B}), (0,))
    end = castlerules.make("vlotte-geesten", players=2).state_from_text("20,15 0 0 p1 - - - -")
    assert castlerules.make("vlotte-geesten", players=2).is_terminal(end)
    # letters in either case; the text is written in capitals
    assert game.state_from_text("4,0,2 29 0 p2 bbcmb p0 p0 b") == s


@pytest.mark.parametrize(("options", "readings"), CASES, ids=[f"{o}-{r}" for o, r in CASES])
def test_text_round_trips_on_every_state_of_random_games(
    options: dict[str, Any], readings: dict[str, str]
) -> None:
    game = castlerules.make("vlotte-geesten", **options, readings=readings)
    rng = random.Random(len(CASES))
    seen = 0
    for _ in range(2):
        state = game.initial_state()
        while True:
            text = game.state_to_text(state)
            assert "\n" not in text and "  " not in text
            assert game.state_from_text(text) == state
            if seen % 100 == 0 and not readings and "faces" not in options:
                assert eval(repr(state), {"castlerules": castlerules}) == state
            seen += 1
            if game.is_terminal(state) or seen > 3000:
                break
            state = game.apply(state, random_action(game, state, rng))
    assert seen > 50


def test_repr_is_the_call_that_rebuilds_the_state() -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    state = game.play(game.play(game.initial_state(), "roll bottle bottle chair mouse bottle"),
                      "p1 grab book")
    assert repr(state) == (
        "castlerules.position('vlotte-geesten', '0,0,0 35 0 p0 BBCMB p1 p1 K', players=3)"
    )
    assert eval(repr(state), {"castlerules": castlerules}) == state
    four = castlerules.make("vlotte-geesten").initial_state()
    assert repr(four) == "castlerules.position('vlotte-geesten', '0,0,0,0 35 0 p0 - - - -')"


def test_repr_of_an_action_shows_its_notation() -> None:
    assert repr(Grab(2, {M, K})) == "Grab('p2 grab mouse+book')"
    assert repr(Pass(0)) == "Pass('p0 pass')"
    assert repr(Roll((B, B, C, M, B))) == "Roll('roll bottle bottle chair mouse bottle')"


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("0,0,0 35 0 p0 - - -", 20),  # a field missing: just after the text
        ("0,0,0  35 0 p0 - - - -", 7),  # two spaces
        ("0,x,0 35 0 p0 - - - -", 3),
        ("0,0,0 3a 0 p0 - - - -", 7),
        ("0,0,0 35 0 q0 - - - -", 12),
        ("0,0,0 35 0 p0 BBCXB - - -", 18),
        ("0,0,0 35 0 p0 BBC - - -", 15),
        ("0,0,0 35 0 p0 BBCMB p0,x - -", 24),
        ("0,0,0 35 0 p0 BBCMB p0 p0 BB", 27),
        ("0,0,0 35 0 p² - - - -", 12),
        ("0,0,0 35 0 p0 - - - - extra", 23),
    ],
)
def test_a_bad_position_text_names_the_column(text: str, column: int) -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    with pytest.raises(ParseError, match=f"^column {column}: "):
        game.state_from_text(text)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("0,0,0 34 0 p0 - - - -", "supply \\+ pot \\+ scores"),
        ("0,0 35 0 p0 - - - -", "scores"),
        ("0,0,0 35 0 p5 - - - -", "roller"),
        ("0,0,0 35 0 p0 - p1 - -", "acted"),
        ("0,0,0 35 0 p0 BBCMB p1 p1 M", "answer"),  # a wrong grab of the answer alone
        ("0,0,0 35 0 p0 BBCMB p1,p2 p2,p1 MK", "same order"),
        ("0,0,0 35 0 p0 BBCMB p1 p1 CK", "do not match"),  # several objects go back (put-back)
        ("-1,1,0 35 0 p0 - - - -", "negative"),
        ("0,0,0 0 35 p0 - - - -", "pot"),  # no game ends with points in the pot
    ],
)
def test_an_inconsistent_position_names_the_field(text: str, field: str) -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    with pytest.raises(InvalidStateError, match=field):
        game.state_from_text(text)


def test_under_all_taken_each_wrong_grab_took_an_object() -> None:
    """Two wrong grabbers, one object grabbed: possible when a grab of several objects goes back
    (put-back, the default), never when every grab takes its objects (all-taken)."""
    text = "0,0,0 35 0 p0 BBCMB p1,p2 p1,p2 K"
    assert castlerules.make("vlotte-geesten", players=3).state_from_text(text).grabbed
    taken = castlerules.make("vlotte-geesten", players=3, readings={"multi-grab": "all-taken"})
    with pytest.raises(InvalidStateError, match="fewer objects"):
        taken.state_from_text(text)


@settings(max_examples=40, deadline=None)
@given(text=st.text(alphabet="0123456789,-pPbBcCgGmMkK ²", max_size=40))
def test_junk_position_text_is_a_rules_error(text: str) -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    try:
        state = game.state_from_text(text)
    except (ParseError, InvalidStateError):
        return
    assert game.state_from_text(game.state_to_text(state)) == state


def test_render_captions_carry_the_position_text() -> None:
    game = castlerules.make("vlotte-geesten", players=3)
    state = game.play(game.initial_state(), "roll bottle bottle chair mouse bottle")
    assert game.state_to_text(state) in game.render(state)
