"""A second, exact way to the win chances of a small Spookslot endgame, for the solver's tests.

It shares nothing with ``castlerules.solve`` but the game's transitions: every state reachable
from the root is a variable of its own (no canonical code, no seat rotation, no stored/inner
split), its equation is written with exact ``Fraction`` probabilities, and the linear system
under a fixed policy is solved by exact elimination. A policy is then *proved* optimal by checking,
in exact arithmetic, that no decision anywhere does better for its player than the policy's
choice (a two-player game that ends with probability 1 has one value, and a policy pair that is a
best reply at every state achieves it).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

Policy = Callable[[Any, int], Any]


def reachable(game: Any, root: Any) -> list[Any]:
    """Every state reachable from ``root`` (all phases), in discovery order."""
    seen = {root: None}
    order = [root]
    todo = [root]
    while todo:
        x = todo.pop()
        if game.is_terminal(x):
            continue
        if game.is_chance(x):
            nxt = [game.successor(x, o) for o, _ in game.chance_outcomes(x)]
        else:
            nxt = [game.successor(x, a) for a in game.legal_actions(x)]
        for y in nxt:
            if y not in seen:
                seen[y] = None
                order.append(y)
                todo.append(y)
    return order


def _equation(game: Any, x: Any, seat: int, choose: Policy | None, random_seats: set[int]
              ) -> tuple[dict[Any, Fraction], Fraction]:
    """x's value as (coefficients of other states, constant): the chance of ``seat``."""
    coeffs: dict[Any, Fraction] = {}
    const = Fraction(0)

    def add(y: Any, w: Fraction) -> None:
        nonlocal const
        if game.is_terminal(y):
            winners = game.winners(y)
            if seat in winners:
                const += w / len(winners)
        else:
            coeffs[y] = coeffs.get(y, Fraction(0)) + w

    if game.is_chance(x):
        for o, p in game.chance_outcomes(x):
            add(game.successor(x, o), p)
        return coeffs, const
    actors = sorted(game.actors(x))
    for a in actors:
        share = Fraction(1, len(actors))  # the race: each waiting player acts next alike
        own = game.legal_actions_of(x, a)
        if a in random_seats or choose is None:
            for act in own:
                add(game.successor(x, act), share / len(own))
        else:
            add(game.successor(x, choose(x, a)), share)
    return coeffs, const


def solve_linear(rows: dict[Any, tuple[dict[Any, Fraction], Fraction]]) -> dict[Any, Fraction]:
    """Solve ``x_s = sum_c a_sc x_c + b_s`` exactly, by elimination (the last states first)."""
    rows = {s: (dict(c), b) for s, (c, b) in rows.items()}
    users: dict[Any, set[Any]] = {s: set() for s in rows}
    for s, (c, _) in rows.items():
        for v in c:
            users[v].add(s)
    order = list(rows)[::-1]
    for v in order:
        c, b = rows[v]
        self_coeff = c.pop(v, Fraction(0))
        users[v].discard(v)
        if self_coeff:
            scale = 1 / (1 - self_coeff)
            c = {k: w * scale for k, w in c.items()}
            b = b * scale
        rows[v] = (c, b)
        for u in list(users[v]):
            cu, bu = rows[u]
            w = cu.pop(v)
            for k, wk in c.items():
                cu[k] = cu.get(k, Fraction(0)) + w * wk
                users[k].add(u)
            rows[u] = (cu, bu + w * b)
        users[v] = set()
    values: dict[Any, Fraction] = {}
    for v in reversed(order):
        c, b = rows[v]
        values[v] = b + sum((w * values[k] for k, w in c.items()), Fraction(0))
    return values


def values(game: Any, states: list[Any], seat: int, choose: Policy | None,
           random_seats: set[int]) -> dict[Any, Fraction]:
    """The exact chance of ``seat`` from every non-terminal state, under the policy ``choose``
    (for the seats not in ``random_seats``; None: every seat at random)."""
    rows = {x: _equation(game, x, seat, choose, random_seats)
            for x in states if not game.is_terminal(x)}
    return solve_linear(rows)


def worth(game: Any, y: Any, seat: int, vals: dict[Any, Fraction]) -> Fraction:
    """The chance of ``seat`` in state ``y`` (terminal or solved)."""
    if game.is_terminal(y):
        winners = game.winners(y)
        return Fraction(1, len(winners)) if seat in winners else Fraction(0)
    return vals[y]


def improvements(game: Any, states: list[Any], vals: list[dict[Any, Fraction]],
                 choose: Policy, deciding: set[int]) -> list[tuple[Any, int, Any]]:
    """Every (state, player, action) where a deciding player does strictly better, exactly, than
    the policy's choice; ``vals[p]`` is the chance of seat ``p`` under the policy."""
    found = []
    for x in states:
        if game.is_terminal(x) or game.is_chance(x):
            continue
        for a in game.actors(x):
            if a not in deciding:
                continue
            chosen = worth(game, game.successor(x, choose(x, a)), a, vals[a])
            for act in game.legal_actions_of(x, a):
                if worth(game, game.successor(x, act), a, vals[a]) > chosen:
                    found.append((x, a, act))
    return found
