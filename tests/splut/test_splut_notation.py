"""Splut! position text and action text: the start positions, round trips on every reachable state,
errors that name the column, and reprs that rebuild their value."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castlerules
from castlerules import ParseError, RulesError
from castlerules.splut import Splut, State, Step, Throw, notation
from castlerules.splut.board import BY_NAME, Dir

GAMES = {n: Splut(players=n) for n in (2, 3, 4)}


def sq(name: str) -> int:
    return BY_NAME[name]


@pytest.mark.clause("splut.begin.opstelling", "splut.zitten.twee", "splut.zitten.drie",
                    "splut.zitten.vier")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_start_positions_are_the_constants(n: int) -> None:
    game = GAMES[n]
    assert game.state_to_text(game.initial_state()) == notation.START[n]
    assert game.state_from_text(notation.START[n]) == game.initial_state()


def test_the_docstring_examples_are_positions() -> None:
    text = "Sd3,Tf4/Sf7,Td7,De8 e4,c5,i5,e9 p1 5 2 - e4 c5 e4"
    assert text in (notation.__doc__ or "")
    state = GAMES[2].state_from_text(text)
    assert state.pieces[0] == (sq("d3"), sq("f4"), -1) and state.lev_rock == sq("e4")
    assert GAMES[2].state_to_text(state) == text


def _playout(game: Splut, seed: int, cap: int) -> list[State]:
    rng = random.Random(seed)
    state = game.initial_state()
    out = [state]
    while not game.is_terminal(state) and len(out) < cap:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        out.append(state)
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_random_game_round_trips(n: int, seed: int) -> None:
    game = GAMES[n]
    for state in _playout(game, seed, 2000):
        text = game.state_to_text(state)
        assert game.state_from_text(text) == state
        assert game.state_to_text(game.state_from_text(text)) == text
        assert " " not in text.replace(" ", "", 8)  # exactly nine fields, single spaces


def test_reprs_rebuild_their_values() -> None:
    for n, game in GAMES.items():
        for state in _playout(game, n, 300)[::37]:
            rebuilt = eval(repr(state), {"castlerules": castlerules})
            assert rebuilt == state
            assert ("players=" in repr(state)) == (n != 2)
    assert repr(Step(0, sq("f2"), sq("f3"))) == "Step('p0 f2-f3')"
    assert repr(Step(1, sq("d8"), sq("d7"), lev=sq("e5"))) == "Step('p1 d8-d7 lev e5-e4')"
    assert repr(Step(0, sq("f3"), sq("f4"), pull=True)) == "Step('p0 f3-f4 pull')"
    assert repr(Throw(0, Dir.N)) == "Throw('p0 throw n')"


def test_letters_and_squares_in_either_case() -> None:
    game = GAMES[2]
    text = notation.START_2.replace("Sd2", "sD2").replace("e1,", "E1,")
    assert game.state_from_text(text) == game.initial_state()
    assert game.state_from_text("  " + notation.START_2 + "\n") == game.initial_state()


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - -", 49, "9 fields"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8  e1,a5,i5,e9 p0 0 1 - - - -", 25, "single spaces"),
        ("Sd2,Tf2,Dz2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -", 10, "'z2'"),
        ("Sd2,Tf2,Xe2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -", 9, "'Xe2'"),
        ("Sd2,Tf2,De2,Sc3/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -", 13, "two pieces S"),
        ("Sd2,Tf2,De2 e1,a5,i5,e9 p0 0 1 - - - -", 1, "1 teams for a 2-player game"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5 p0 0 1 - - - -", 25, "four different rock squares"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,j9 p0 0 1 - - - -", 34, "'j9'"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 0 0 1 - - - -", 37, "'p0'"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 x 1 - - - -", 40, "the turn"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 ³ - - - -", 42, "the steps left"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 z - - -", 44, "throwing troll"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - on - -", 46, "levitated rock"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - e1,e1 -", 48, "named twice"),
    ],
)
def test_parse_errors_name_the_column(text: str, column: int, words: str) -> None:
    with pytest.raises(ParseError) as caught:
        GAMES[2].state_from_text(text)
    message = str(caught.value)
    assert message.startswith(f"column {column}:") and words in message, message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Sd2,Tf2,De2/Sf8,Td8,De8/- e1,a5,i5,e9 p2 4 3 - - - -", "to_move"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 2 - - - -", "steps_left"),
        ("Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 5 3 - e1 - -", "lev"),
        ("Se1,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -", "rock"),
    ],
)
def test_impossible_positions_say_what_is_inconsistent(text: str, words: str) -> None:
    with pytest.raises(castlerules.InvalidStateError, match=words):
        GAMES[text.count("/") + 1].state_from_text(text)


def test_the_record_notation_of_0_1_still_parses() -> None:
    game = GAMES[2]
    s = game.position({0: "Sd3 Te4", 1: "Sf8 Td8"}, "e3 a5 i5 g3")
    for text, expected in [
        ("p0 Te4-f4", Step(0, sq("e4"), sq("f4"))),
        ("p0 Te4-e5 pull", Step(0, sq("e4"), sq("e5"), pull=True)),
        ("p0 Sd3-c3 lev e3-d3", Step(0, sq("d3"), sq("c3"), lev=sq("e3"))),
        ("p0 Sd3-c3 lev e3", Step(0, sq("d3"), sq("c3"), lev=sq("e3"))),
    ]:
        assert game.parse_action(s, text) == expected
        assert game.parse_action(s, game.action_to_str(s, expected)) == expected
    with pytest.raises(ParseError, match="to d3, not 'e4'"):
        game.parse_action(s, "p0 Sd3-c3 lev e3-e4")
    with pytest.raises(RulesError):
        game.parse_action(s, "p0 throw up")
