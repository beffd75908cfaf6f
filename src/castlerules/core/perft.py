"""Move-tree counts (perft) by two independent routes: the move generator, and brute force.

``perft(game, state, depth)`` counts the leaves of the tree of every action sequence of ``depth``
plies from ``state`` (chance outcomes count as branches; a terminal state is a leaf), using
``legal_actions``. ``perft_filtered`` counts the same tree by trying every candidate action
(``candidate_actions``) against the legality predicate ``violation``. They agree exactly when the
generator and the predicate agree on every state of the tree — the standard check of a move
generator, as python-chess's perft files are.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.game import Game


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    if depth == 0 or game.is_terminal(state):
        return 1
    return sum(perft(game, game.apply(state, a), depth - 1) for a in game.legal_actions(state))


def perft_filtered(game: Game[Any, Any], state: Any, depth: int) -> int:
    if depth == 0 or game.is_terminal(state):
        return 1
    total = 0
    for a in game.candidate_actions(state):
        if game.violation(state, a) is None:
            total += perft_filtered(game, game.successor(state, a), depth - 1)
    return total
