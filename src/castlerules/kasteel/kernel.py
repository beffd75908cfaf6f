"""The dual-mode rule kernels of Kasteel: what a move costs, when a move along a line is legal, what
a move does to the knights, and who has won.

They are written over ``castlerules.core.symbolic`` and plain ``&``/``|``/``^``, so the same function
runs on Python values in the game and on z3 terms in the theorems:

- ``move_legal`` is the clause-by-clause rule for one move along a line. The game does not loop over
  it per move: it builds its move tables from it once per board and reading (``rules.LineTable``)
  and the theorem ``kasteel.line-rule`` proves, for every line length, that a table built that way
  lists exactly the moves ``move_legal`` allows whatever knights and skulls stand on the line;
  ``kasteel.move-generation`` checks the tables and the generator of the game against it on every
  line of the board.
- ``after_move`` is what the game's successor runs on its bitboards (one bit per square), and the
  theorems run on one z3 boolean per square.
- ``move_cost`` is what the successor deducts, ``has_won`` what ``winners`` asks.

A move is described by the squares it enters along its line, nearest first, each as a few facts:
is it a wall, does an own or an opposing knight stand there, is it the mover's own key square (or
the opponent's), what does entering it cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from castlerules.core.registry import clause, reads
from castlerules.core.symbolic import And, If, Not, Or, Sum


@attrs.frozen(slots=True)
class LineReading:
    """The readings that shape a move along a line (each a plain flag, resolved once per game).

    - ``mixed`` (kasteel.interp.moves = mixed): a slide may mix wall and ground squares;
    - ``climb_slide`` (kasteel.interp.climb = climb-then-slide): after a one-square climb the
      knight may slide on along the new level;
    - ``key_passable`` (kasteel.interp.own-key = slide-through): a knight may slide through its own
      key square but not stop on it;
    - ``enemy_key_stops`` (kasteel.interp.key-square = pass-through): a knight reaching the
      opponent's key square conquers it, so a slide cannot go on past it;
    - ``per_move`` (kasteel.interp.pass-cost = per-move): a move costs one pass if it enters any
      canal or skull square, however many.
    """

    mixed: bool = False
    climb_slide: bool = False
    key_passable: bool = False
    enemy_key_stops: bool = False
    per_move: bool = False


DEFAULT_READING = LineReading()


@clause("kasteel.kanalen.vrij", "kasteel.kanalen.passen", "kasteel.kanalen.schedels")
def square_cost(canal: Any, skull: Any) -> Any:
    """Entering a square costs one pass for a canal and one for a skull (interpretation
    kasteel.interp.pass-cost)."""
    return If(canal, 1, 0) + If(skull, 1, 0)


@clause("kasteel.kanalen.passen", "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput")
@reads("kasteel.interp.pass-cost")
def move_cost(costs: Sequence[Any], per_move: bool = False) -> Any:
    """The passes a move costs, from what entering each of its squares costs: their sum, or (per
    move) one pass if any of them costs anything."""
    total = Sum(costs)
    return If(total > 0, 1, 0) if per_move else total


@clause("kasteel.spel.schuiven", "kasteel.spel.slaan", "kasteel.spel.eigen-sleutel")
def end_ok(own: Any, own_key: Any) -> Any:
    """A move may end on a free square or on an opposing knight, never on an own knight or on the
    mover's own key square."""
    return And(Not(own), Not(own_key))


@clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen")
@reads("kasteel.interp.moves", "kasteel.interp.climb")
def levels_ok(origin_wall: Any, walls: Sequence[Any], reading: LineReading = DEFAULT_READING) -> Any:
    """The level rule for a move entering ``walls`` (nearest first): one or more squares on the
    origin's level, or a single step onto the other level (a climb). With ``climb_slide`` the
    squares after the first stay on the first square's level; with ``mixed`` any squares."""
    if reading.mixed:
        return True
    if reading.climb_slide:
        return And(*(w == walls[0] for w in walls[1:]))
    if len(walls) == 1:
        return True
    return And(*(w == origin_wall for w in walls))


@clause("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
        "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel", "kasteel.kanalen.uitgeput")
@reads("kasteel.interp.own-key", "kasteel.interp.key-square", "kasteel.interp.moves",
       "kasteel.interp.climb", "kasteel.interp.pass-cost")
def move_legal(
    origin_wall: Any,
    walls: Sequence[Any],
    own: Sequence[Any],
    opp: Sequence[Any],
    own_key: Sequence[Any],
    costs: Sequence[Any],
    passes: Any,
    *,
    enemy_key: Sequence[Any] | None = None,
    reading: LineReading = DEFAULT_READING,
) -> Any:
    """Is the move to the last of these squares legal? (The sequences run from the first square
    next to the origin to the destination; ``passes`` is what the mover has left.)

    The squares obey the level rule (``levels_ok``); no knight stands on a square before the last
    (no jumping); the move neither ends on an own knight nor enters the mover's own key square
    (with ``key_passable``: does not end on it); with ``enemy_key_stops`` it does not pass the
    opponent's key square; and it costs no more than the passes left.
    """
    d = len(walls)
    key_ok = Not(own_key[d - 1]) if reading.key_passable else And(*(Not(k) for k in own_key))
    enemy = enemy_key if enemy_key is not None else [False] * d
    enemy_ok = And(*(Not(k) for k in enemy[: d - 1])) if reading.enemy_key_stops else True
    return And(
        levels_ok(origin_wall, walls, reading),
        *(Not(Or(own[i], opp[i])) for i in range(d - 1)),
        Not(own[d - 1]),
        key_ok,
        enemy_ok,
        move_cost(costs, reading.per_move) <= passes,
    )


@clause("kasteel.doel.sleutel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
        "kasteel.einde.geen-gelijkspel")
@reads("kasteel.interp.no-legal-move", "kasteel.interp.end")
def has_won(
    on_enemy_key: Any,
    enemy_has_knights: Any,
    enemy_to_move: Any,
    enemy_stuck: Any,
    self_stuck: Any,
    stuck_loses: Any,
    has_knights: Any = True,
) -> Any:
    """A player has won when one of his knights stands on the opponent's key square, or when the
    opponent has no knights left, or when — the player still having knights — the opponent is to
    move and has knights but no legal move and either that loses (``stuck="lose"``) or passing
    cannot help because the player himself could not move either (a deadlock; interpretation
    kasteel.interp.no-legal-move). A player without knights has lost ('al zijn ridders
    verloren'), even where the opponent to move is stuck: under capture = mover-removed a capture
    can remove the mover's last knight."""
    return Or(
        on_enemy_key,
        Not(enemy_has_knights),
        And(has_knights, enemy_to_move, enemy_stuck, Or(stuck_loses, self_stuck)),
    )


@clause("kasteel.spel.slaan", "kasteel.spel.schuiven")
@reads("kasteel.interp.capture")
def after_move(own: Any, opp: Any, frm: Any, to: Any, mover_removed: bool = False) -> tuple[Any, Any]:
    """(own knights, opposing knights) after the mover's knight goes from ``frm`` to ``to``.

    The arguments are sets of squares in any form that has ``&``, ``|`` and ``^``: bitboards (the
    game's successor), or one boolean per square (the theorems; ``frm``/``to`` then say whether
    this square is the origin/destination). The moved knight leaves ``frm``. An opposing knight on
    ``to`` is captured, i.e. removed (interpretation kasteel.interp.capture); with
    ``mover_removed`` it is the moving knight that is removed and the opposing one stays.
    """
    left = own ^ (own & frm)
    if mover_removed:
        return left | (to ^ (to & opp)), opp
    return left | to, opp ^ (opp & to)
