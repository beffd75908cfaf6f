"""Construct a game from the start in which yellow ends up with a knight and no legal move.

The skulls fall on i11, j10, k11 and s11 (one chance outcome among many). Yellow walks a knight to
j11, between three skulls and the canal j12, and spends its passes going j11-j10-j11; meanwhile
red hunts down the seven other yellow knights and yellow offers them. The line is printed; the
theorem kasteel.stuck-reachable replays the copy kept in ``castlerules.kasteel.theorems``.
"""

from __future__ import annotations

from collections import deque

from castlerules.kasteel import Kasteel, Move, State
from castlerules.kasteel.board import RED, YELLOW
from castlerules.kasteel.theorems import STUCK_LINE

SKULLS = ("i11", "j10", "k11", "s11")
HERO_LINE = ("c8-c9", "c9-c10", "c10-i10", "i10-j10", "j10-j11", *(("j11-j10", "j10-j11") * 7))


def distances(game: Kasteel, target: int) -> list[int]:
    """Moves a lone red knight needs to reach ``target`` (ignoring other knights)."""
    b = game.board
    far = 10**6
    dist = [far] * b.size
    dist[target] = 0
    queue = deque([target])
    while queue:
        sq = queue.popleft()
        lone = State((frozenset(), frozenset({sq})), (0, 99), frozenset(), RED)
        for m in game.moves(lone):
            if dist[m.to] == far:
                dist[m.to] = dist[sq] + 1
                queue.append(m.to)
    return dist


def build(max_plies: int = 1200) -> list[str]:
    game = Kasteel()
    b = game.board
    state = game.initial_state()
    line: list[str] = []
    for name in SKULLS:
        action = game.parse_action(state, f"skull {name}")
        line.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    hero_path = {b.square(n) for m in HERO_LINE for n in m.split("-")}
    hero_path |= {b.square(f"{c}10") for c in "cdefghi"}
    hero_script = list(HERO_LINE)
    hero = b.square("c8")
    dist_cache: dict[int, list[int]] = {}

    def dist(target: int) -> list[int]:
        if target not in dist_cache:
            dist_cache[target] = distances(game, target)
        return dist_cache[target]

    while len(line) < max_plies:
        if game.is_terminal(state) or game.stuck_player(state):
            break
        legal = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        if state.to_move == YELLOW:
            if hero_script:
                action = game.parse_action(state, hero_script.pop(0))
                hero = action.to
            else:
                reds = state.knights[RED]
                options = [
                    a for a in legal
                    if a.frm != hero and a.to not in reds and a.to != b.keys[RED]
                    and a.to not in hero_path
                    and game.successor(state, a).passes[YELLOW] == state.passes[YELLOW]
                ]
                action = min(
                    options,
                    key=lambda a: (min(dist(a.to)[r] for r in reds), a.frm, a.to),
                )
        else:
            targets = state.knights[YELLOW] - {hero}
            captures = [a for a in legal if a.to in targets]
            if captures:
                action = captures[0]
            else:
                options = [
                    a for a in legal
                    if a.to not in hero_path and a.to != hero and a.to != b.keys[YELLOW]
                ]
                if targets:
                    action = min(
                        options,
                        key=lambda a: (min(dist(t)[a.to] for t in targets), a.frm, a.to),
                    )
                else:  # only the knight on its way to j11 is left: wait far from it
                    action = max(options, key=lambda a: (a.to // b.width, a.frm, a.to))
        line.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    return line


def main() -> None:
    line = build()
    game = Kasteel()
    state = game.initial_state()
    for text in line:
        state = game.apply(state, game.parse_action(state, text))
    print(f"{len(line)} plies:")
    print(" ".join(line))
    print(game.render(state))
    print("yellow stuck:", game.stuck_player(state))
    print("same as the line kept for the theorem:", tuple(line) == STUCK_LINE)


if __name__ == "__main__":
    main()
