"""The dual-mode rule kernels of Splut!: the throw, the push, the step count and the end of the game.

Written over ``castlerules.core.symbolic``, they run on plain ints in the game and on z3 terms in the
theorems, so each proof is about the very function the game calls. A *line* is the list of squares
from a piece (exclusive) in one direction up to the board edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause
from castlerules.core.symbolic import And, Count, If, Not, Or, Sum

# What a thrown rock meets on a square of its line.
EMPTY = 0
DWARF = 1  # flown over, unless an obstacle follows (SPLUT!)
OBSTACLE = 2  # a troll or another rock
TARGET = 3  # a sorcerer
KINDS = (EMPTY, DWARF, OBSTACLE, TARGET)


@clause("splut.trol.werpen", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots")
def throw_allowed(kinds: Sequence[Any]) -> Any:
    """A throw along ``kinds`` is legal when the rock can leave the troll's square: the line has a
    first square and it is no obstacle (interpretation splut.interp.blocked-throw)."""
    if not kinds:
        return False
    return kinds[0] != OBSTACLE


@clause(
    "splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots",
    "splut.werpen.tovenaar", "splut.splut.dwerg", "splut.dwerg.klein", "splut.woorden.obstakel",
    "splut.woorden.dwerg", "splut.woorden.doelwit",
)
def throw_landing(kinds: Sequence[Any]) -> Any:
    """Where a thrown rock lands: the index in ``kinds`` (0 = the first square of the line).

    The rock flies over empty squares and dwarves and stops on the first square that holds a
    sorcerer (a target) or that is followed by an obstacle (a troll, a rock) or by the board edge.
    Whatever stands on the landing square — a sorcerer or a dwarf — is crushed. Assumes
    ``throw_allowed(kinds)``.
    """
    k = len(kinds)
    land: Any = k - 1
    for i in range(k - 2, -1, -1):
        land = If(Or(kinds[i] == TARGET, kinds[i + 1] == OBSTACLE), i, land)
    return land


def unbroken(contents: Sequence[Any]) -> Any:
    """How many squares at the start of the line are occupied without a gap."""
    run: Any = True
    flags = []
    for c in contents:
        run = And(run, c != EMPTY)
        flags.append(run)
    return Count(flags)


@clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen")
def push_allowed(contents: Sequence[Any]) -> Any:
    """A dwarf may step along ``contents`` (0 = empty) unless the unbroken line of pieces in front
    of it reaches the board edge (interpretation splut.interp.push-edge)."""
    return unbroken(contents) < len(contents)


@clause("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.voorbeeld.duwen",
        "splut.woorden.duwen")
def push(mover: Any, contents: Sequence[Any]) -> tuple[Any, list[Any]]:
    """A dwarf (``mover``) steps along ``contents``: (its old square, the line) afterwards.

    The dwarf enters the first square and the unbroken line of pieces in front of it moves one square
    the same way; nothing else changes (interpretation splut.interp.push-distance). Assumes
    ``push_allowed(contents)``.
    """
    n = unbroken(contents)
    new = [mover]
    for i in range(1, len(contents)):
        new.append(If(i <= n, contents[i - 1], contents[i]))
    return EMPTY, new


@clause("splut.zet.eerste-een", "splut.zet.tweede-twee", "splut.zet.drie",
        "splut.zet.verplicht")
def steps_for_turn(turn: Any) -> Any:
    """Steps in turn number ``turn`` (0-based over the whole game): 1, then 2, then 3 ever after."""
    return If(turn == 0, 1, If(turn == 1, 2, 3))


@clause("splut.zet.verplicht", "splut.zet.drie")
def after_step(turn: Any, steps_left: Any) -> tuple[Any, Any]:
    """(turn, steps left) after one step that does not start a throw: the turn goes on with one
    step less, or, when none is left, the next turn begins with its full count."""
    left = steps_left - 1
    return If(left == 0, turn + 1, turn), If(left == 0, steps_for_turn(turn + 1), left)


@clause("splut.trol.werpen-einde", "splut.woorden.werpen")
def after_turn_end(turn: Any) -> tuple[Any, Any]:
    """(turn, steps left) when a turn ends early (a throw, or no legal step left)."""
    return turn + 1, steps_for_turn(turn + 1)


@clause("splut.winnen.team-weg", "splut.splut.team", "splut.rotsen.splut")
def after_kill(team: Sequence[Sequence[Any]], victim: Any) -> list[list[Any]]:
    """Which pieces stay after the sorcerer of player ``victim`` is crushed: ``team[p]`` lists
    player p's (sorcerer, troll, dwarf) presence flags; the victim's whole team leaves."""
    return [[And(x, Not(victim == p)) for x in flags] for p, flags in enumerate(team)]


@clause("splut.winnen.laatste", "splut.winnen.doel", "splut.woorden.tovenaar")
def game_over(sorcerers: Sequence[Any]) -> Any:
    """The game is over when at most one sorcerer is left on the board."""
    return Sum(If(s, 1, 0) for s in sorcerers) <= 1


@clause("splut.winnen.laatste")
def last_sorcerer(sorcerers: Sequence[Any]) -> Any:
    """The player whose sorcerer is on the board (the highest such, -1 if none)."""
    found: Any = -1
    for p, s in enumerate(sorcerers):
        found = If(s, p, found)
    return found
