"""Vlotte Geesten move-tree node counts, computed two independent ways, under every reading.

Route 1 is the move generator (``legal_actions``); route 2 filters every well-formed candidate action
through the legality predicate (``violation``). Both must agree with each other and with the counts
kept in ``perft.json`` (regenerate on purpose only: ``python tests/vlotte_geesten/test_vg_perft.py``).

The dice are loaded so that a roll has two outcomes (the green die shows the mouse or the book), which
keeps the tree small enough to cross from one round into the next.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import castlerules
from castlerules.core.spec import load_spec

PERFT_FILE = Path(__file__).with_name("perft.json")
FACES = {
    "red": ["bottle"] * 6,
    "white": ["bottle"] * 6,
    "grey": ["chair"] * 6,
    "green": ["mouse"] * 3 + ["book"] * 3,
    "blue": ["bottle"] * 6,
}
#: (players, depth): the tree from the start, rolls included.
SIZES = ((2, 3), (3, 3), (4, 3))
READINGS: list[tuple[str, str]] = [("", "")] + [
    (i.short_id, o.id)
    for i in load_spec("vlotte-geesten").interpretations
    if not i.keyword
    for o in i.options
    if o.id != i.default
]


def make(players: int, interp: str, option: str) -> Any:
    readings = {interp: option} if interp else None
    return castlerules.make("vlotte-geesten", players=players, faces=FACES, readings=readings)


def perft_generator(game: Any, depth: int) -> list[int]:
    counts, frontier = [], [game.initial_state()]
    for _ in range(depth):
        frontier = [game.apply(s, a) for s in frontier for a in game.legal_actions(s)]
        counts.append(len(frontier))
    return counts


def perft_brute_force(game: Any, depth: int) -> list[int]:
    counts, frontier = [], [game.initial_state()]
    for _ in range(depth):
        frontier = [
            game.successor(s, a)
            for s in frontier
            for a in game.candidate_actions(s)
            if game.violation(s, a) is None
        ]
        counts.append(len(frontier))
    return counts


def key(players: int, interp: str, option: str) -> str:
    return f"{players}" + (f" {interp}={option}" if interp else "")


def compute() -> dict[str, list[int]]:
    return {
        key(n, i, o): perft_generator(make(n, i, o), d) for n, d in SIZES for i, o in READINGS
    }


@pytest.mark.clause("vg.spel.worp", "vg.spel.een-voorwerp", "vg.spel.gooier-grijpt-mee")
@pytest.mark.parametrize(("players", "depth"), SIZES)
@pytest.mark.parametrize(("interp", "option"), READINGS, ids=[f"{i}={o}" for i, o in READINGS])
def test_perft_two_routes_agree(players: int, depth: int, interp: str, option: str) -> None:
    game = make(players, interp, option)
    by_generator = perft_generator(game, depth)
    assert perft_brute_force(game, depth) == by_generator
    assert by_generator == json.loads(PERFT_FILE.read_text())[key(players, interp, option)]


if __name__ == "__main__":
    PERFT_FILE.write_text(json.dumps(compute(), indent=1) + "\n")
    sys.stdout.write(PERFT_FILE.read_text())
