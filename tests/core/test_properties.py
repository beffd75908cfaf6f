"""Hypothesis properties of the contract on reachable states of every game and variant."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import castlerules
from castlerules import strategies as cs
from castlerules.core.catalog import game_class
from castlerules.core.errors import IllegalActionError, RulesError

CASES = [(n, o) for n in castlerules.games() for o in game_class(n).variants()]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
@settings(max_examples=15)
@given(data=st.data())
def test_apply_is_pure_and_json_round_trips(
    name: str, options: dict[str, Any], data: st.DataObject
) -> None:
    game = castlerules.make(name, **options)
    state = data.draw(cs.states(game, max_plies=120))
    assert game.state_from_json(game.state_to_json(state)) == state
    if game.is_terminal(state):
        assert not game.legal_actions(state)
        return
    snapshot = game.state_to_json(state)
    action = data.draw(cs.actions(game, state))
    after = game.apply(state, action)
    assert game.state_to_json(state) == snapshot  # the input is untouched
    assert game.apply(state, action) == after  # and the result depends only on the inputs
    assert hash(game.apply(state, action)) == hash(after)


@pytest.mark.parametrize("name", castlerules.games())
@settings(max_examples=25)
@given(text=st.text(max_size=40))
def test_any_text_parses_to_an_action_or_raises_parse_error(name: str, text: str) -> None:
    game = castlerules.make(name)
    state = game.initial_state()
    try:
        action = game.parse_action(state, text)
    except RulesError:
        return
    try:
        game.apply(state, action)
    except IllegalActionError as err:
        assert err.violation.text_nl


@pytest.mark.parametrize("name", castlerules.games())
@settings(max_examples=25)
@given(
    text=st.one_of(
        st.text(max_size=60), st.from_regex(r'\{"[a-z]+": ?(1|"x"|\[\]|null)\}', fullmatch=True)
    )
)
def test_any_json_loads_or_raises_one_error(name: str, text: str) -> None:
    """Malformed input raises a RulesError (InvalidStateError), never KeyError/TypeError/…"""
    game = castlerules.make(name)
    with contextlib.suppress(RulesError):
        game.state_from_json(text)


@settings(max_examples=40)
@given(data=st.data())
def test_any_game_under_any_readings_keeps_its_contract(data: st.DataObject) -> None:
    """Every game, player count and combination of readings the library accepts: a reachable
    state round-trips through JSON and position text, an outcome exactly at the end, naming a
    clause of the game's rulebook, and a record of the game replays to the same game."""
    game = data.draw(cs.games())
    state = data.draw(cs.states(game, max_plies=80))
    assert game.state_from_json(game.state_to_json(state)) == state
    assert game.state_from_text(game.state_to_text(state)) == state
    outcome = game.outcome(state)
    assert (outcome is None) == (not game.is_terminal(state))
    if outcome is not None:
        assert outcome.winners == game.winners(state)
        assert outcome.termination.clause in {c.id for c in game.spec.clauses}
    record = data.draw(cs.records(game, max_plies=30))
    replayed = castlerules.replay_game(castlerules.Record.from_json(record.to_json()))
    assert replayed.game == game and replayed.plies == len(record.actions)
