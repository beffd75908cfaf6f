"""castlerules.strategies: what each strategy draws, that it reaches what it promises, and that it
refuses bad arguments at once."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import castlerules
from castlerules import strategies as cs


@settings(max_examples=60)
@given(st.data())
def test_games_are_made_by_make_under_readings_it_accepts(data: st.DataObject) -> None:
    game = data.draw(cs.games())
    low, high = castlerules.game_class(game.name).players_range
    assert low <= game.num_players <= high
    assert castlerules.make(game.name, **game.options) == game


def changed(game: Any) -> dict[str, str]:
    """The readings of ``game`` that are not its spec's defaults (its options also name a reading
    whose default changed, at its default: Vlotte Geesten's multi-grab)."""
    return {k: v for k, v in game.readings.items() if v != game.spec.interpretation(k).default}


def test_games_reach_every_game_player_count_and_non_default_readings() -> None:
    for name in castlerules.games():
        low, high = castlerules.game_class(name).players_range
        for players in (low, high):
            found = find(cs.games(name, players=players), lambda g: True)
            assert found.name == name and found.num_players == players
        deviating = find(cs.games(name), lambda g: bool(changed(g)))
        assert changed(deviating)
    assert changed(find(cs.games(readings=False), lambda g: True)) == {}
    assert find(cs.games("Vlotte_Geesten", readings=False), lambda g: True).name == "vlotte-geesten"


@pytest.mark.parametrize("name", castlerules.games())
def test_states_reach_chance_nodes_and_the_end_and_shrink_to_the_start(name: str) -> None:
    game = castlerules.make(name)
    assert find(cs.states(game), lambda s: True) == game.initial_state()  # shrunk to no ply
    if name != "splut":  # Splut! has no chance
        chance = find(cs.states(game, max_plies=20), lambda s: game.is_chance(s) and s != game.initial_state())
        assert game.chance_outcomes(chance)
    # the end is found, not shrunk: shrinking a game of a thousand plies towards the shortest end
    # costs minutes and shows nothing the first line does not
    end = find(cs.states(game, max_plies=5000), game.is_terminal,
               settings=settings(max_examples=200, phases=[Phase.generate]))
    assert game.outcome(end) is not None


@settings(max_examples=20)
@given(st.data())
def test_actions_are_legal_and_records_replay(data: st.DataObject) -> None:
    game = data.draw(cs.games(readings=False))
    state = data.draw(cs.states(game, max_plies=60))
    if not game.is_terminal(state):
        assert game.is_legal(state, data.draw(cs.actions(game, state)))
    record = data.draw(cs.records(game, max_plies=60))
    replayed = castlerules.replay_game(record)
    assert replayed.game == game and replayed.plies == len(record.actions)


@pytest.mark.parametrize(
    "make_strategy",
    [
        lambda: cs.games("chess"),
        lambda: cs.games(players=9),
        lambda: cs.games("kasteel", players=3),
        lambda: cs.games(players="2"),
        lambda: cs.games(readings="yes"),
        lambda: cs.states("splut"),
        lambda: cs.states(castlerules.make("splut"), max_plies=-1),
        lambda: cs.records(castlerules.make("splut"), max_plies=True),
        lambda: cs.actions(castlerules.make("splut"), castlerules.make("kasteel").initial_state()),
    ],
    ids=["unknown-game", "players-9", "kasteel-3", "players-text", "readings-text", "game-name",
         "negative-plies", "bool-plies", "foreign-state"],
)
def test_bad_arguments_are_refused_at_once(make_strategy: Any) -> None:
    with pytest.raises(InvalidArgument):
        make_strategy()


def test_actions_at_the_end_are_refused() -> None:
    game = castlerules.make("vlotte-geesten", players=2)
    end = game.state_from_text("20,15 0 0 p0 - - - -")
    with pytest.raises(InvalidArgument, match="over"):
        cs.actions(game, end)
