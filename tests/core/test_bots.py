"""The bots play as a person at the table does: in Vlotte Geesten they reach for one object (or pass),
never for several at once, under every multi-grab reading; elsewhere they consider every legal move."""

from __future__ import annotations

import random

import pytest

import castlerules
from castlerules.bots import MCTSBot, RandomBot, considered_actions, own_actions, reach_of
from castlerules.core.chance import sample


def grabs_of(bot: RandomBot | MCTSBot, reading: str, rounds: int) -> list[int]:
    """The number of objects of every grab the bot makes for each of four seats in ``rounds``
    rounds (chance drawn with its probabilities)."""
    game = castlerules.make("vlotte-geesten", players=4, readings={"multi-grab": reading})
    rng = random.Random(7)
    state, sizes = game.initial_state(), []
    while rounds and not game.is_terminal(state):
        if game.is_chance(state):
            state = game.apply(state, sample(game.chance_outcomes(state), rng))
            rounds -= 1
            continue
        player = rng.choice(sorted(game.actors(state)))
        action = bot.choose(game, state, player)
        sizes.append(len(getattr(action, "objects", ())))
        state = game.apply(state, action)
    return sizes


@pytest.mark.parametrize("reading", ["put-back", "all-taken", "refused"])
def test_bots_reach_for_one_object_under_every_reading(reading: str) -> None:
    """'Je mag maar één voorwerp pakken': under all-taken a grab of everything would void the round
    for a player without points (vg.no-free-block-all-taken); the bots never make it."""
    random_sizes = grabs_of(RandomBot(random.Random(1)), reading, 40)
    mcts_sizes = grabs_of(MCTSBot(random.Random(2), simulations=60, seconds=None,
                                  rollout_plies=200), reading, 6)
    assert max(random_sizes) == max(mcts_sizes) == 1
    assert 0 in random_sizes and 1 in random_sizes  # passes and grabs both


def test_the_actions_a_person_considers() -> None:
    game = castlerules.make("vlotte-geesten", players=3, readings={"multi-grab": "all-taken"})
    state = game.play(game.initial_state(), "roll bottle bottle chair mouse bottle")
    legal = own_actions(game, state, 1)
    kept = considered_actions(game, state, 1)
    assert len(legal) == 32 and len(kept) == 6  # a pass and 31 sets of objects; a pass and 5
    assert {game.action_to_str(state, a) for a in kept} == {
        "p1 pass", *(f"p1 grab {o}" for o in ("chair", "ghost", "mouse", "bottle", "book"))}
    for name in ("splut", "spookslot", "kasteel"):
        assert reach_of(castlerules.make(name)) is None  # every legal move


def test_the_mcts_bot_does_not_go_back_and_forth_when_its_estimates_are_close() -> None:
    """Among moves visited at least half as often as the best, the bot takes the first that does
    not undo its own last move; a clearly better move it takes all the same."""
    from castlerules.bots import _Node

    game = castlerules.make("kasteel", skull_squares=["a10", "b10", "c10", "d10"])
    state = game.initial_state()
    bot = MCTSBot(random.Random(1))
    there = game.parse_action(state, "c8-c9")
    state = game.apply(game.apply(state, there), game.parse_action(
        game.apply(state, there), "f19-f18"))
    bot._last[0] = ("c8", "c9")
    back, other = game.parse_action(state, "c9-c8"), game.parse_action(state, "q8-q9")

    def root(visits: dict[object, int]) -> _Node:
        node = _Node()
        for action, n in visits.items():
            node.children[action] = child = _Node()
            child.visits = n
        return node

    actions = (back, other)
    assert bot._pick(game, state, 0, actions, root({back: 10, other: 6})) == other
    bot._last[0] = ("c8", "c9")
    assert bot._pick(game, state, 0, actions, root({back: 10, other: 4})) == back
