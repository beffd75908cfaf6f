"""Vlotte Geesten theorems, one module per part of the rulebook: a Dutch clause leads to its
statements in one hop (``castlerules rules vlotte-geesten`` lists them per clause).

- ``setup``: the players (2-8), the box (35 points), the supply, who rolls first;
- ``answer``: situations 1-3, the colours of the dice, the worked examples, every face assignment;
- ``dice``: the roll's outcomes and probabilities, for the default dice and custom faces;
- ``rounds``: who may act, every transition, that a round ends, who rolls next, the grab phase,
  a grab of several objects at once, and that no grab blocks a round for free (under all-taken,
  the default up to 0.2, a finding);
- ``points``: penalties, the pot, the supply (z3 over the kernels; the penalty readings played);
- ``end``: the end of the game and who wins (and ties).

Two kinds of proof, both about the code the game runs (``basis="code"``):

- **z3 over the dual-mode kernels** (``kernel.answer``, ``kernel.settle``, ``kernel.penalty``,
  ``kernel.winner_flags``) for every value: every roll and every face assignment, every score,
  supply and pot satisfying the invariant, every player count from 2 to 8, every option of the
  readings they take.
- **Exhaustive enumeration of the game's own methods** (``violation``, ``legal_actions``,
  ``successor``, ``winners``, ...) against an independent reading of the rules (``reference``),
  over a stated finite box (``reference.Box``), for every player count.

Where the statements reach: every theorem that can depend on the player count says so
(``depends_on`` "players") and is checked for the game's own count, so the default ``verify`` covers
2-8 players; the readings a statement takes are named in ``depends_on``, and a statement that
covers every option of a reading in one check names it in ``all_options_of``. The values checked —
the 35 points, the colours, the player counts, the default dice, the first player, the worked
examples — come from the spec's ``[[fact]]`` entries, never from the rules code; the readings from
``game.reading`` (the core's resolution of the spec).

Every check takes the game object it is about (its readings and options), so a test can hand it a
deliberately broken rule and see the counterexample; a counterexample carries the position text and
the objects, dice and players that matter (``highlight``).
"""

from __future__ import annotations

from typing import Any

from castlerules.core.theorem import Theorem
from castlerules.vlotte_geesten.theorems import answer, dice, end, points, rounds, setup
from castlerules.vlotte_geesten.theorems.answer import (
    SITUATIONS,
    check_answer_any_faces_z3,
    check_answer_exhaustive,
    check_answer_unique_z3,
    check_colours,
    check_examples,
    die_places,
    exactly_one_answer_claim,
)
from castlerules.vlotte_geesten.theorems.common import (
    ALL_DICE,
    GAME,
    SUBSETS,
    colour_pairs,
    over_players,
    sibling,
    variant,
)
from castlerules.vlotte_geesten.theorems.dice import (
    LOADED,
    check_any_faces,
    check_chance,
    face_family,
)
from castlerules.vlotte_geesten.theorems.end import (
    check_end,
    check_ties,
    check_winner_flags_z3,
)
from castlerules.vlotte_geesten.theorems.points import (
    check_conservation_z3,
    check_payouts_z3,
    check_penalty_readings,
    check_penalty_readings_z3,
    check_pot_empty_z3,
)
from castlerules.vlotte_geesten.theorems.reference import (
    Box,
    Reference,
    reference_answer,
    reference_distribution,
    representative_rolls,
)
from castlerules.vlotte_geesten.theorems.rounds import (
    check_grab_phase,
    check_legal_actions,
    check_multi_grab,
    check_next_roller,
    check_no_free_block,
    check_round_ends,
    check_successor,
)
from castlerules.vlotte_geesten.theorems.setup import (
    check_player_counts,
    check_positions,
    check_seats,
    check_start,
)

__all__ = [
    "ALL_DICE",
    "GAME",
    "REPRESENTATIVES",
    "SITUATIONS",
    "SUBSETS",
    "Box",
    "Reference",
    "check_answer_any_faces_z3",
    "check_answer_exhaustive",
    "check_answer_unique_z3",
    "check_any_faces",
    "check_chance",
    "check_colours",
    "check_conservation_z3",
    "check_end",
    "check_examples",
    "check_grab_phase",
    "check_legal_actions",
    "check_multi_grab",
    "check_next_roller",
    "check_no_free_block",
    "check_payouts_z3",
    "check_penalty_readings",
    "check_penalty_readings_z3",
    "check_player_counts",
    "check_positions",
    "check_pot_empty_z3",
    "check_round_ends",
    "check_seats",
    "check_start",
    "check_successor",
    "check_ties",
    "check_winner_flags_z3",
    "die_places",
    "exactly_one_answer_claim",
    "face_family",
    "over_players",
    "reference_answer",
    "reference_distribution",
    "representative_rolls",
    "sibling",
    "theorems",
    "variant",
]


#: One value of each option that needs a parameter, taken from the family its option-value
#: statement covers (``castlerules verify --combinations`` combines it with the other readings):
#: the loaded dice, and the second player beginning.
REPRESENTATIVES: dict[str, dict[str, tuple[Any, ...]]] = {
    "dice-faces": {"custom": ({die: list(LOADED) for die, _ in colour_pairs()},)},
    "first-player": {"given": (1,)},
}


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem about ``game`` (its player count, dice and readings), section by section."""
    if game is None:
        from castlerules.core.catalog import make

        game = make(GAME)
    out: list[Theorem] = []
    for section in (setup, answer, dice, rounds, points, end):
        out += section.theorems(game)
    return tuple(out)
