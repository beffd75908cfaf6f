"""The dual-mode rule kernels of Splut!: the throw, the push, the turn bookkeeping, who moves next
and the end of the game.

Written over ``castlerules.core.symbolic``, they run on plain ints in the game and on z3 terms in the
theorems, so each proof is about the very function the game calls (the game memoizes the small
bookkeeping kernels by their arguments; the values are the kernels' own). A *line* is the list of
squares from a piece (exclusive) in one direction up to the board edge. Where an interpretation has
several playable readings, the kernel takes the reading as a plain parameter (never a copy of the
rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause, reads
from castlerules.core.symbolic import And, Count, If, Not, Or, Sum

# What a thrown rock meets on a square of its line.
EMPTY = 0
DWARF = 1  # flown over, unless an obstacle follows (SPLUT!)
OBSTACLE = 2  # a troll or another rock
TARGET = 3  # a sorcerer
KINDS = (EMPTY, DWARF, OBSTACLE, TARGET)


@clause("splut.trol.werpen", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots")
@reads("splut.interp.blocked-throw")
def throw_allowed(kinds: Sequence[Any], blocked_ok: bool = False) -> Any:
    """A throw along ``kinds`` is legal when the rock can leave the troll's square: the line has a
    first square and it is no obstacle (interpretation splut.interp.blocked-throw; with
    ``blocked_ok`` — its reading ``direction-chosen-first`` — every direction is legal, and a
    rock that cannot leave stays where it is)."""
    if blocked_ok:
        return True
    if not kinds:
        return False
    return kinds[0] != OBSTACLE


@clause(
    "splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol", "splut.werpen.rots",
    "splut.werpen.tovenaar", "splut.splut.dwerg", "splut.dwerg.klein", "splut.woorden.obstakel",
    "splut.woorden.dwerg", "splut.woorden.doelwit",
)
def throw_landing(kinds: Sequence[Any]) -> Any:
    """Where a thrown rock lands: the index in ``kinds`` (0 = the first square of the line), or -1
    when it cannot leave the troll's square (the edge or an obstacle right in front of it).

    The rock flies over empty squares and dwarves and stops on the first square that holds a
    sorcerer (a target) or that is followed by an obstacle (a troll, a rock) or by the board edge.
    Whatever stands on the landing square — a sorcerer or a dwarf — is crushed.
    """
    k = len(kinds)
    if k == 0:
        return -1
    land: Any = k - 1
    for i in range(k - 2, -1, -1):
        land = If(Or(kinds[i] == TARGET, kinds[i + 1] == OBSTACLE), i, land)
    return If(kinds[0] == OBSTACLE, -1, land)


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
@reads("splut.interp.push-distance")
def push(mover: Any, contents: Sequence[Any], slide: bool = False) -> tuple[Any, list[Any]]:
    """A dwarf (``mover``) steps along ``contents``: (its old square, the line) afterwards.

    The dwarf enters the first square. By default (interpretation splut.interp.push-distance,
    ``dwarf-steps-square``) the unbroken line of pieces in front of it moves one square the same way
    and nothing else changes. With ``slide`` (reading ``pushed-pieces-slide``) a push sends every
    piece of the line on in the dwarf's direction until the line is packed against the edge, in the
    same order. Assumes ``push_allowed(contents)``.
    """
    k = len(contents)
    n = unbroken(contents)
    new = [mover]
    for i in range(1, k):
        new.append(If(i <= n, contents[i - 1], contents[i]))
    if not slide:
        return EMPTY, new
    occupied = [c != EMPTY for c in contents]
    packed = [mover]
    for j in range(1, k):
        rank = k - 1 - j  # pieces that end beyond square j
        chosen = Sum(
            If(And(occupied[i], Count(occupied[i + 1 :]) == rank), contents[i], 0)
            for i in range(k)
        )
        packed.append(If(contents[0] == EMPTY, new[j], chosen))
    return EMPTY, packed


@clause("splut.zet.eerste-een", "splut.zet.tweede-twee", "splut.zet.drie",
        "splut.zet.verplicht")
@reads("splut.interp.steps-per-turn")
def steps_for_turn(turn: Any, opening: bool = True) -> Any:
    """Steps in turn number ``turn`` (0-based over the whole game): 1, then 2, then 3 ever after
    (interpretation splut.interp.steps-per-turn; without ``opening`` every turn has 3)."""
    if not opening:
        return 3
    return If(turn == 0, 1, If(turn == 1, 2, 3))


@clause("splut.zet.verplicht", "splut.zet.drie")
def after_step(turn: Any, steps_left: Any, opening: bool = True) -> tuple[Any, Any]:
    """(turn, steps left) after one step that does not start a throw: the turn goes on with one
    step less, or, when none is left, the next turn begins with its full count."""
    left = steps_left - 1
    return If(left == 0, turn + 1, turn), If(left == 0, steps_for_turn(turn + 1, opening), left)


@clause("splut.trol.werpen", "splut.zet.verplicht")
def after_pickup(turn: Any, steps_left: Any) -> tuple[Any, Any]:
    """(turn, steps left) after a troll's step onto a rock: the step counts (it may be the
    turn's last) and the turn goes on, for the throw that must follow (interpretation
    splut.interp.throw-step)."""
    return turn, steps_left - 1


@clause("splut.trol.werpen-einde", "splut.woorden.werpen")
def after_turn_end(turn: Any, opening: bool = True) -> tuple[Any, Any]:
    """(turn, steps left) when a turn ends early (a throw, or no legal step left)."""
    return turn + 1, steps_for_turn(turn + 1, opening)


@clause("splut.verloop.klok", "splut.zet.afwisselen", "splut.winnen.team-weg")
def next_player(current: int, alive: Sequence[Any], cycle: Sequence[int]) -> Any:
    """Who moves after ``current``: the first player after it in the clockwise order ``cycle``
    whose sorcerer is on the board (``alive[p]``), or ``current`` if no other is left."""
    n = len(cycle)
    start = cycle.index(current)
    found: Any = current
    for k in range(n - 1, 0, -1):
        c = cycle[(start + k) % n]
        found = If(alive[c], c, found)
    return found


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


@clause("splut.winnen.laatste", "splut.winnen.doel")
@reads("splut.interp.winner")
def winner(sorcerers: Sequence[Any], thrower: Any, thrower_wins: bool = False) -> Any:
    """The winner of a finished game: the player whose sorcerer is the last on the board
    (interpretation splut.interp.winner, ``last-team-sorcerer``), or with ``thrower_wins`` (reading
    ``player-whose-throw``) the player ``thrower`` whose throw made the last kill."""
    return thrower if thrower_wins else last_sorcerer(sorcerers)
