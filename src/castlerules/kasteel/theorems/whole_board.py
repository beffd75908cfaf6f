"""The whole board, symbolically: one z3 boolean per square for a yellow knight, a red knight and a skull, the invariant of play, stuck players and winners."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Count, Not, Or
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.rules import static_targets
from castlerules.kasteel.state import State
from castlerules.kasteel.theorems.common import HasWon, MoveLegal


class Symbolic:
    """A symbolic Kasteel position on ``game``'s board (free z3 variables)."""

    def __init__(self, game: Kasteel, tag: str = "") -> None:
        b = game.board
        self.game = game
        self.board = b
        zone = set(game._zone)
        self.knights = tuple(
            [z3.Bool(f"{tag}{PLAYER_NAMES[p]}_{b.name(sq)}") for sq in range(b.size)]
            for p in (YELLOW, RED)
        )
        self.skull: list[Any] = [
            z3.Bool(f"{tag}skull_{b.name(sq)}") if sq in zone else False for sq in range(b.size)
        ]
        self.passes = (z3.Int(f"{tag}passes_yellow"), z3.Int(f"{tag}passes_red"))

    def invariant(self) -> list[Any]:
        """What every state of play satisfies: no two knights on a square, no knight on its own
        key, at most the starting number of knights, passes between 0 and the start, the skulls."""
        b, g = self.board, self.game
        out: list[Any] = []
        for p in (YELLOW, RED):
            out.append(Not(self.knights[p][b.keys[p]]))
            out.append(Count(self.knights[p]) <= len(b.start[p]))
            out.append(self.passes[p] >= 0)
            out.append(self.passes[p] <= g.start_passes)
        out += [Not(And(y, r)) for y, r in zip(*self.knights)]
        out.append(Count(s for s in self.skull if not isinstance(s, bool)) == g.skull_count)
        if g._fixed is not None:
            out += [s if i in g._fixed else Not(s) for i, s in enumerate(self.skull)
                    if not isinstance(s, bool)]
        return out

    def first_move_legal(
        self, p: int, frm: int, d: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        """The move of ``p``'s knight on ``frm`` to the first static target of its line in
        direction ``d`` is legal (False if the line has none)."""
        b, g = self.board, self.game
        k = knights if knights is not None else self.knights
        targets = static_targets(b, p, frm, d, g.line_reading)
        if not targets:
            return False
        path = b.rays[frm][d][: targets[0] + 1]
        return move_legal(
            b.kinds[frm] is Kind.WALL,
            [b.kinds[x] is Kind.WALL for x in path],
            [k[p][x] for x in path],
            [k[1 - p][x] for x in path],
            [x == b.keys[p] for x in path],
            [kernel.square_cost(b.kinds[x] is Kind.CANAL, self.skull[x]) for x in path],
            self.passes[p],
            enemy_key=[x == b.keys[1 - p] for x in path],
            reading=g.line_reading,
        )

    def stuck(
        self, p: int, knights: Sequence[Sequence[Any]] | None = None,
        move_legal: MoveLegal = kernel.move_legal,
    ) -> Any:
        """Player p has knights and no legal move to the first target of any line (so no legal
        move at all, by kasteel.slide-prefix)."""
        b = self.board
        k = knights if knights is not None else self.knights
        blocked = [
            z3.Implies(k[p][frm], Not(Or(*(self.first_move_legal(p, frm, d, k, move_legal)
                                           for d in range(4)))))
            for frm in range(b.size)
        ]
        return And(Or(*k[p]), *blocked)

    def won(
        self, p: int, to_move: int, stuck_loses: bool,
        knights: Sequence[Sequence[Any]] | None = None, has_won: HasWon = kernel.has_won,
    ) -> Any:
        k = knights if knights is not None else self.knights
        enemy = 1 - p
        enemy_to_move = to_move == enemy
        enemy_stuck = self.stuck(enemy, k)
        self_stuck = self.stuck(p, k) if not stuck_loses else False
        return has_won(
            k[p][self.board.keys[enemy]], Or(*k[enemy]), enemy_to_move, enemy_stuck, self_stuck,
            stuck_loses, Or(*k[p]),
        )

    def state(self, model: z3.ModelRef, to_move: int) -> State:
        """The concrete state a model describes."""

        def true(x: Any) -> bool:
            return not isinstance(x, bool) and z3.is_true(model.eval(x, model_completion=True))

        b = self.board
        return State(
            knights=(
                frozenset(sq for sq in range(b.size) if true(self.knights[YELLOW][sq])),
                frozenset(sq for sq in range(b.size) if true(self.knights[RED][sq])),
            ),
            passes=(
                model.eval(self.passes[YELLOW], model_completion=True).as_long(),
                model.eval(self.passes[RED], model_completion=True).as_long(),
            ),
            skulls=frozenset(sq for sq in range(b.size) if true(self.skull[sq])),
            to_move=to_move,
        )


def _show(game: Kasteel, s: Symbolic, p: int, title: str) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return (title + "\n" if title else "") + game.render(s.state(m, p))

    return show


def _at(xs: Sequence[Any], v: Any) -> Any:
    """``xs[v]`` for a symbolic index ``v``."""
    return z3.Or(*(z3.And(v == i, x) for i, x in enumerate(xs)))

