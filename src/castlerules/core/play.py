"""Seeded random play: randomness enters only through chance outcomes and the players' choices."""

from __future__ import annotations

import random
from typing import Any

from castlerules.core.chance import sample
from castlerules.core.game import Game
from castlerules.core.record import Record


def returns(game: Game[Any, Any], state: Any) -> list[float]:
    """Zero-sum returns of a state: at the end, with ``k`` winners among ``n`` players, each winner
    scores ``1/k`` and each other player ``-1/(n-k)`` (2 players: +1/-1); all 0 before the end and
    when everyone or no one wins. The adapters and the MCTS bot use these."""
    n = game.num_players
    if not game.is_terminal(state):
        return [0.0] * n
    winners = game.winners(state)
    k = len(winners)
    if k in (0, n):
        return [0.0] * n
    return [1.0 / k if p in winners else -1.0 / (n - k) for p in range(n)]


def random_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A chance outcome drawn with its exact probability, or a uniformly random legal action."""
    if game.is_chance(state):
        return sample(game.chance_outcomes(state), rng)
    return rng.choice(game.legal_actions(state))


def playout(
    game: Game[Any, Any], rng: random.Random, max_plies: int | None = None
) -> tuple[list[Any], list[Any]]:
    """Play random actions until the end (or ``max_plies``); return (states, actions)."""
    cap = game.playout_cap if max_plies is None else max_plies
    state = game.initial_state()
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < cap:
        action = random_action(game, state, rng)
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return states, actions


def random_record(game: Game[Any, Any], seed: int, max_plies: int | None = None) -> Record:
    """A seeded random game as a record."""
    states, actions = playout(game, random.Random(seed), max_plies)
    texts = tuple(game.action_to_str(s, a) for s, a in zip(states, actions))
    return Record.new(game.name, game.options, texts, seed=seed)
