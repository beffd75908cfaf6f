"""The dual-mode rule kernels of Kasteel: what a square costs, when a step is blocked, whether a
move along a line is legal, and who has won.

They are written over ``castlerules.core.symbolic``, so they run on plain values in the game and on
z3 terms in the theorems. A move is described by the squares it passes along its line, nearest
first, each as a few facts: is it a wall, does an own or an opposing knight stand there, is it the
mover's own key square, what does entering it cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.registry import clause
from castlerules.core.symbolic import And, If, Not, Or, Sum


@clause("kasteel.kanalen.vrij", "kasteel.kanalen.passen", "kasteel.kanalen.schedels")
def square_cost(canal: Any, skull: Any) -> Any:
    """Entering a square costs one pass for a canal and one for a skull (interpretation
    kasteel.interp.pass-cost)."""
    return If(canal, 1, 0) + If(skull, 1, 0)


@clause("kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel", "kasteel.spel.muren-langs",
        "kasteel.spel.klimmen")
def step_blocked(origin_wall: Any, wall: Any, own: Any, opp: Any, own_key: Any) -> Any:
    """A slide may not go on past this square: it is on the other level (wall/ground), occupied by
    any knight, or the mover's own key square. (Whether the move may *end* here is ``end_ok``.)"""
    return Or(wall != origin_wall, own, opp, own_key)


@clause("kasteel.spel.schuiven", "kasteel.spel.slaan", "kasteel.spel.eigen-sleutel")
def end_ok(own: Any, own_key: Any) -> Any:
    """A move may end on a free square or on an opposing knight, never on an own knight or on the
    mover's own key square."""
    return And(Not(own), Not(own_key))


@clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
        "kasteel.spel.niet-springen", "kasteel.kanalen.uitgeput")
def move_legal(
    origin_wall: Any,
    walls: Sequence[Any],
    own: Sequence[Any],
    opp: Sequence[Any],
    own_key: Sequence[Any],
    costs: Sequence[Any],
    passes: Any,
) -> Any:
    """Is the move to the last of these squares legal? (The sequences run from the first square
    next to the origin to the destination; ``passes`` is what the mover has left.)

    One or more squares on the same level as the origin, every square before the last not blocked;
    or a single step onto the other level (a climb). It ends where ``end_ok`` allows, and costs no
    more than the passes left.
    """
    d = len(walls)
    same_level = And(*(w == origin_wall for w in walls[1:])) if d > 1 else True
    first_same = walls[0] == origin_wall
    path_free = And(
        *(Not(step_blocked(origin_wall, walls[i], own[i], opp[i], own_key[i])) for i in range(d - 1))
    )
    return And(
        Or(d == 1, And(first_same, same_level)),
        path_free,
        end_ok(own[d - 1], own_key[d - 1]),
        Sum(costs) <= passes,
    )


@clause("kasteel.doel.sleutel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
        "kasteel.einde.geen-gelijkspel")
def has_won(
    on_enemy_key: Any,
    enemy_has_knights: Any,
    enemy_to_move: Any,
    enemy_stuck: Any,
    self_stuck: Any,
    stuck_loses: Any,
) -> Any:
    """A player has won when one of his knights stands on the opponent's key square, or when the
    opponent has no knights left, or when the opponent is to move and has knights but no legal move
    and either that loses (``stuck="lose"``) or passing cannot help because the player himself
    could not move either (a deadlock; interpretation kasteel.interp.no-legal-move)."""
    return Or(
        on_enemy_key,
        Not(enemy_has_knights),
        And(enemy_to_move, enemy_stuck, Or(stuck_loses, self_stuck)),
    )


@clause("kasteel.spel.slaan", "kasteel.spel.schuiven")
def after_move(own: Any, opp: Any, sq: Any, frm: Any, to: Any) -> tuple[Any, Any]:
    """Square ``sq`` after the mover's knight goes from ``frm`` to ``to``: (own knight there,
    opposing knight there). The moved knight leaves ``frm``; an opposing knight on ``to`` is
    captured, i.e. removed (interpretation kasteel.interp.capture)."""
    return Or(And(own, sq != frm), sq == to), And(opp, sq != to)
