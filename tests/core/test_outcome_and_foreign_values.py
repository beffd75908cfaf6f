"""How a game ended (Outcome and Termination), values of another game, and what str(action) is."""

from __future__ import annotations

import random
from typing import Any

import pytest

import castlerules
from castlerules.core.errors import InvalidActionError, InvalidStateError
from castlerules.core.play import random_action


def play_out(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        assert game.outcome(state) is None
        state = game.apply(state, random_action(game, state, rng))
    return state


@pytest.mark.parametrize("name", castlerules.games())
def test_the_outcome_names_the_winners_and_a_clause_of_the_rulebook(name: str) -> None:
    game = castlerules.make(name)
    clauses = {c.id for c in game.spec.clauses}
    for seed in range(4):
        end = play_out(game, seed)
        outcome = game.outcome(end)
        assert outcome is not None and outcome.winners == game.winners(end)
        assert outcome.termination.clause in clauses
        assert outcome.termination.clause in str(outcome)


def test_kasteel_tells_a_conquered_key_a_lost_army_and_a_stuck_player_apart() -> None:
    from castlerules.kasteel.theorems.common import STUCK_LINE

    game = castlerules.make("kasteel")
    seen = {game.termination(play_out(game, seed)).id for seed in range(12)}
    assert seen == {"key-conquered", "knights-lost"}
    for seed in range(12):
        end = play_out(game, seed)
        winner, loser = min(game.winners(end)), 1 - min(game.winners(end))
        kind = game.outcome(end).termination.id
        assert (kind == "knights-lost") == (not end.knights[loser])
        if kind == "key-conquered":
            assert game.board.keys[loser] in end.knights[winner]
    strict = castlerules.make("kasteel", stuck="lose")
    state = strict.initial_state()
    for text in STUCK_LINE:
        state = strict.play(state, text)
    outcome = strict.outcome(state)
    assert outcome is not None and outcome.termination.id == "stuck"
    assert outcome.termination.reading == "kasteel.interp.no-legal-move"
    assert outcome.winners == frozenset({1 - state.to_move})


def test_the_ending_follows_the_reading_and_the_player_count() -> None:
    thrower = castlerules.make("splut", readings={"winner": "last-thrower"})
    assert thrower.outcome(play_out(thrower, 1)).termination.reading == "splut.interp.winner"
    assert castlerules.make("splut").outcome(play_out(castlerules.make("splut"), 1)).termination.reading is None
    five = castlerules.make("spookslot", players=5)
    assert five.outcome(play_out(five, 2)).termination.clause == "spookslot.doel.winnen-een-pion"
    two = castlerules.make("spookslot", players=2)
    assert two.outcome(play_out(two, 2)).termination.clause == "spookslot.doel.winnen-twee-pionnen"
    vg = castlerules.make("vlotte-geesten", players=2)
    assert str(vg.outcome(vg.state_from_text("20,15 0 0 p0 - - - -"))).startswith("p0 wins: ")


@pytest.mark.parametrize("name", castlerules.games())
def test_a_state_or_action_of_another_game_names_both_games(name: str) -> None:
    game = castlerules.make(name)
    state = game.initial_state()
    for other_name in castlerules.games():
        if other_name == name:
            continue
        other = castlerules.make(other_name)
        foreign = other.initial_state()
        foreign_action = other.legal_actions(foreign)[0]
        for call in (game.is_terminal, game.legal_actions, game.actors, game.winners,
                     game.is_chance, game.state_to_text, game.state_to_json, game.render,
                     game.outcome):
            with pytest.raises(InvalidStateError, match=f"{name}: a state of {other_name}"):
                call(foreign)
        with pytest.raises(InvalidStateError, match=other_name):
            game.apply(foreign, foreign_action)
        with pytest.raises(InvalidActionError, match=f"an action of {other_name}, not of {name}"):
            game.apply(state, foreign_action)
        with pytest.raises(InvalidActionError, match=other_name):
            game.action_to_str(state, foreign_action)
        assert game.is_legal(state, foreign_action) is False
    for junk in ("junk", None, 3, 2.5, [1], {"player": 0}, object(), b"p0 pass"):
        assert game.is_legal(state, junk) is False
        with pytest.raises(InvalidStateError):
            game.legal_actions(junk)


@pytest.mark.parametrize("name", castlerules.games())
def test_the_hot_state_methods_check_the_state_against_the_declared_class(name: str) -> None:
    """The guard of a method taking only a state compares the state's class with the state type
    the method's class declared (one test, from the closure): a rules class that defined such a
    method without declaring ``state_type`` would get the slower guard, which looks the type up
    on the game at every call."""
    cls = type(castlerules.make(name))
    for method in ("is_terminal", "legal_actions", "actors", "winners", "is_chance"):
        guard = getattr(cls, method)
        assert getattr(guard, "_guarded", False), method
        cells = dict(zip(guard.__code__.co_freevars, guard.__closure__ or ()))
        assert "known" in cells, f"{method} of {name} has the slow guard"
        assert cells["known"].cell_contents is cls.state_type


@pytest.mark.parametrize("name", castlerules.games())
def test_str_of_an_action_is_its_notation_and_reads_back(name: str) -> None:
    game = castlerules.make(name)
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(150):
        if game.is_terminal(state):
            break
        for action in game.legal_actions(state):
            text = str(action)
            assert repr(action) == f"{type(action).__name__}({text!r})"
            whole = game.action_to_str(state, action)
            assert game.parse_action(state, whole) == action, whole
            if name == "kasteel" and "x" in whole:  # a capture is written with its x
                assert text.replace("-", "x") == f"p{action.player} {whole.split()[-1]}"
                continue
            assert game.parse_action(state, text) == action, text
        state = game.apply(state, random_action(game, state, rng))
    splut = castlerules.make("splut")
    step = splut.legal_actions(splut.initial_state())[0]
    assert (str(step), splut.action_to_str(splut.initial_state(), step)) == ("p0 d2-d3", "p0 Sd2-d3")
