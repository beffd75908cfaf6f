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

Each theorem is declared beside its check (``@theorem`` of ``castlerules.core.theorem``; a
statement over the box of round states also as its deep instance for 4 players, a second
decorator on the same check); ``theorems(game)`` collects the declarations of these modules and
makes them for the game, in the order of ``ORDER``.

Two kinds of proof, both about the code the game runs (``basis="code"``):

- **z3 over the dual-mode kernels** (``kernel.answer``, ``kernel.settle``, ``kernel.penalty``,
  ``kernel.winner_flags``) for every value: every roll and every face assignment, every score,
  supply and pot satisfying the invariant, every player count from 2 to 8, every option of the
  readings they take.
- **Exhaustive enumeration of the game's own methods** (``violation``, ``legal_actions``,
  ``successor``, ``winners``, ...) against the independent reading of the rules,
  ``reference.Reference`` (the one module and name for it), over a stated finite box
  (``reference.Box``), for every player count.

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

from castlerules.core.theorem import Theorem, declared_theorems
from castlerules.vlotte_geesten.theorems import answer, dice, end, points, rounds, setup
from castlerules.vlotte_geesten.theorems.common import GAME, colour_pairs
from castlerules.vlotte_geesten.theorems.dice import LOADED

__all__ = ["ORDER", "REPRESENTATIVES", "theorems"]

#: The theorem modules, in the order of the rulebook (importing them declares their theorems).
MODULES = (setup, answer, dice, rounds, points, end)

#: The order of the theorems in reports and pages: section by section, as ``MODULES``.
ORDER = (
    "vg.start",
    "vg.player-counts",
    "vg.positions",
    "vg.seats",
    "vg.answer-unique",
    "vg.answer-exhaustive",
    "vg.answer-any-faces",
    "vg.colours",
    "vg.worked-examples",
    "vg.chance",
    "vg.chance-any-faces",
    "vg.legal-actions",
    "vg.legal-actions-4",
    "vg.successor",
    "vg.successor-4",
    "vg.round-ends",
    "vg.round-ends-4",
    "vg.next-roller",
    "vg.grab-phase",
    "vg.multi-grab",
    "vg.no-free-block",
    "vg.no-free-block-all-taken",
    "vg.points-conserved",
    "vg.payouts",
    "vg.pot-empty-at-end",
    "vg.penalty-readings",
    "vg.penalty-readings-any-score",
    "vg.winner",
    "vg.end",
    "vg.ties",
)

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
    return declared_theorems(__name__, game, GAME, ORDER)
