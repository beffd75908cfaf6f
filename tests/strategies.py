"""Hypothesis strategies shared by every test module: games, reachable states, actions."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

import castlerules
from castlerules.core.play import random_action


def variants_of(name: str) -> list[dict[str, Any]]:
    return list(castlerules.core.catalog.game_class(name).variants())


def games(name: str | None = None) -> st.SearchStrategy[Any]:
    """A game (every variant of ``name``, or of every game)."""
    names = [name] if name else list(castlerules.games())
    return st.sampled_from([(n, opts) for n in names for opts in variants_of(n)]).map(
        lambda pair: castlerules.make(pair[0], **pair[1])
    )


def reach(game: Any, seed: int, plies: int) -> Any:
    """The state after ``plies`` seeded random actions (or the end, if sooner)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.apply(state, random_action(game, state, rng))
    return state


def reachable_states(game: Any, max_plies: int = 300) -> st.SearchStrategy[Any]:
    """States reached from the start by seeded random play."""
    return st.builds(
        lambda seed, plies: reach(game, seed, plies),
        st.integers(0, 2**32 - 1),
        st.integers(0, max_plies),
    )
