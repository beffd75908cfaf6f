"""The whole-board model of theorem splut.state-invariants and the independent reading of theorem
splut.transition agree with the game along seeded random games (a test: the theorems check their
own finite families exhaustively; this looks further into the game, by sampling)."""

from __future__ import annotations

import random

import pytest

from castlerules.splut import Splut, Step, Throw
from castlerules.splut.board import NEXT, OFF
from castlerules.splut.reference import Reference
from castlerules.splut.state import Piece
from castlerules.splut.theorems.model import model_after
from castlerules.splut.theorems.transition import transition_mismatch

READINGS = [
    {},
    {"blocked-throw": "rock-stays", "push-distance": "slide"},
    {"levitate-behind": "forbidden", "levitate-ahead": "forbidden", "levitate-blocked": "rock-stays"},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("readings", READINGS, ids=["default", "throws-pushes", "levitation"])
def test_model_agrees_with_the_game(players: int, readings: dict[str, str]) -> None:
    game = Splut(players=players, readings=readings)
    rng = random.Random(10 + players)
    checked = 0
    for _ in range(2):
        state = game.initial_state()
        while not game.is_terminal(state) and checked < 500:
            for a in game.legal_actions(state):
                if isinstance(a, Step | Throw):
                    legal, rocks, pieces = model_after(game, state, a)
                    after = game.successor(state, a)
                    assert legal and rocks == after.rocks and pieces == after.pieces, (
                        game.render(state), a)
                    checked += 1
            if state.throw_from == OFF:
                # plain sorcerer steps: the model allows exactly the game's
                p = state.to_move
                frm = state.pieces[p][Piece.SORCERER]
                for to in (NEXT[frm] if frm != OFF else ()):
                    if to != OFF:
                        step = Step(p, frm, to)
                        assert model_after(game, state, step)[0] == game.is_legal(state, step)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked > 300


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("readings", READINGS, ids=["default", "throws-pushes", "levitation"])
def test_the_independent_reading_agrees_along_random_games(
    players: int, readings: dict[str, str]
) -> None:
    game = Splut(players=players, readings=readings)
    reference = Reference(game)
    rng = random.Random(players)
    for _ in range(2):
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < 400:
            found = transition_mismatch(game, state, reference, predicate=plies % 7 == 0)
            assert found is None, (found.detail, found.position)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            plies += 1
