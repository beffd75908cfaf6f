"""Kasteel move-tree node counts (perft), computed two independent ways and kept in perft.json.

Route 1 walks ``legal_actions`` (the fast move generator). Route 2 takes every well-formed
candidate action (any knight to any square of its row or column, passes, skulls) and keeps those
``violation`` accepts (the clause-by-clause checker). Both must match the stored counts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import castlerules
from castlerules.kasteel import Kasteel

PERFT = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))


def start(case: dict[str, Any]) -> tuple[Kasteel, Any]:
    game = castlerules.make("kasteel", **case["options"])
    assert isinstance(game, Kasteel)
    state = game.initial_state()
    for text in case["moves"]:
        state = game.apply(state, game.parse_action(state, text))
    return game, state


def perft_legal(game: Kasteel, state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft_legal(game, game.apply(state, a), depth - 1) for a in game.legal_actions(state))


def perft_filtered(game: Kasteel, state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    legal = [c for c in game.candidate_actions(state) if game.violation(state, c) is None]
    return sum(perft_filtered(game, game.successor(state, a), depth - 1) for a in legal)


@pytest.mark.clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
                    "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel")
@pytest.mark.parametrize("case", PERFT, ids=[c["name"] for c in PERFT])
def test_perft_two_routes(case: dict[str, Any]) -> None:
    game, state = start(case)
    for depth, expected in enumerate(case["counts"], start=1):
        assert perft_legal(game, state, depth) == expected, (case["name"], depth)
        if depth <= case.get("filtered_depth", 2):
            assert perft_filtered(game, state, depth) == expected, (case["name"], depth)
