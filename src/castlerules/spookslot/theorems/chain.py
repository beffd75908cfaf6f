"""The single-pawn Markov chain, built from the board data alone, and its agreement with the
game's own one-turn distribution (exact Fractions)."""


from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from castlerules.core.play import random_action
from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.board import Board
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    START,
    TRAPS,
    Move,
    Passage,
    Phase,
    State,
)
from castlerules.spookslot.theorems.common import (
    CHAIN_CLAUSES,
    TESTS,
    _refute,
)
from castlerules.spookslot.theorems.reading import Reading

# -- the single-pawn Markov chain ------------------------------------------------------------------
Row = dict[str, Fraction]
Chain = dict[str, Row]


def _add(row: Row, dist: Row, p: Fraction) -> None:
    for q, x in dist.items():
        row[q] = row.get(q, Fraction(0)) + p * x


def policy_branch(board: Board, fork: str, policy: str) -> str:
    """The route the policy takes at ``fork``: "safe" (no danger square) or "short" (the other)."""
    merge = board.merge(fork)
    for b in board.next[fork]:
        route = board.route(b, merge) if merge is not None else None
        safe = route is not None and not any(q in board.danger for q in route)
        if safe == (policy == "safe"):
            return b
    return board.next[fork][0]


def single_pawn_chain(
    board: Board | None = None,
    die: Sequence[tuple[int, Fraction]] | None = None,
    ball: Sequence[tuple[str, Fraction]] | None = None,
    policy: str = "short",
) -> Chain:
    """The turn-by-turn Markov chain of one pawn alone on the board, built from the board data
    alone (not from the game's code): at a fork it takes the policy's route, and it always takes
    the secret passage. ``chain[q][r]`` is the probability that a turn starting on ``q`` ends on
    ``r``; the Exit is absorbing."""
    from castlerules.spookslot.board import default_board

    b = default_board() if board is None else board
    faces = list(die) if die is not None else [(f, Fraction(1, 6)) for f in (1, 2, 3, 4)] + [
        (GHOST, Fraction(1, 3))]
    traps = list(ball) if ball is not None else [(t, Fraction(1, 4)) for t in TRAPS]

    def walk(q: str, steps: int) -> str | None:
        for _ in range(steps):
            if q == EXIT:
                return None
            succ = b.next[q]
            q = succ[0] if len(succ) == 1 else policy_branch(b, q, policy)
        return q

    def drop(q: str) -> Row:
        row: Row = {}
        for t, p in traps:
            if q in b.zone[t]:
                _add(row, {b.fallback[q]: Fraction(1)}, p)
            elif t == "portrait" and q in b.red_stars and b.green_star is not None:
                _add(row, {b.green_star: Fraction(1)}, p)
            else:
                _add(row, {q: Fraction(1)}, p)
        return row

    def number(q: str, r: int) -> Row:
        d = walk(q, r)
        if d is None:
            return {q: Fraction(1)}
        if d in b.danger:
            return drop(d)
        return {d: Fraction(1)}

    chain: Chain = {EXIT: {EXIT: Fraction(1)}}
    for q in (START, *b.ids):
        row: Row = {}
        for f, p in faces:
            if f != GHOST:
                _add(row, number(q, f), p)
            elif q in b.danger:
                _add(row, drop(q), p)
            else:
                for f2, p2 in faces:
                    _add(row, number(q, f2) if f2 != GHOST else {q: Fraction(1)}, p * p2)
        chain[q] = row
    return chain


def expected_turns(chain: Chain, origin: str = START) -> Fraction:
    """E[turns to reach the Exit from ``origin``], solving (I - Q) t = 1 exactly."""
    reach = {origin}
    todo = [origin]
    while todo:
        q = todo.pop()
        for r in chain[q]:
            if r not in reach:
                reach.add(r)
                todo.append(r)
    states = sorted(reach - {EXIT})
    index = {q: i for i, q in enumerate(states)}
    n = len(states)
    a = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(1)] for i in range(n)]
    for q, i in index.items():
        for r, p in chain[q].items():
            if r != EXIT:
                a[i][index[r]] -= p
    for c in range(n):
        pivot = next(k for k in range(c, n) if a[k][c] != 0)
        a[c], a[pivot] = a[pivot], a[c]
        inv = 1 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for k in range(n):
            if k != c and a[k][c] != 0:
                f = a[k][c]
                a[k] = [x - f * y for x, y in zip(a[k], a[c])]
    return a[index[origin]][n]


def turn_distribution(chain: Chain, turns: int, origin: str = START) -> list[Fraction]:
    """P(the pawn escapes in exactly t turns) for t = 1..turns, exactly."""
    dist: Row = {origin: Fraction(1)}
    out = []
    for _ in range(turns):
        nxt: Row = {}
        for q, p in dist.items():
            if q != EXIT:
                _add(nxt, chain[q], p)
        out.append(nxt.get(EXIT, Fraction(0)))
        dist = {q: p for q, p in nxt.items() if q != EXIT}
    return out


def _solo_state(square: str) -> State:
    """Player 0's pawn a on ``square``, pawn b escaped; player 1 waits behind the start line."""
    return State(pawns=((square, EXIT), (START, START)), turn=0)


def _policy_action(game: Spookslot, state: State, policy: str) -> Any:
    legal = game.legal_actions(state)
    if state.phase is Phase.PASSAGE:
        return next(a for a in legal if isinstance(a, Passage) and a.take)
    wanted: list[Any] = [a for a in legal if isinstance(a, Move) and all(
        v == policy_branch(game.board, f, policy) for f, v in _forks_of(game.board, a))]
    return (wanted or list(legal))[0]


def _forks_of(board: Board, move: Move) -> list[tuple[str, str]]:
    out = []
    for v in move.via:
        fork = next(f for f in board.forks if v in board.next[f])
        out.append((fork, v))
    return out


#: The most plies one turn of a lone pawn may take while the chain is checked (a turn takes at most
#: 4: roll, roll again, move, ball); more means the rules loop, and the check fails.
TURN_PLIES = 12


def engine_turn(game: Spookslot, square: str, policy: str) -> Row:
    """The exact distribution of where player 0's lone pawn ends one turn, explored through the
    game's own rules (chance outcomes with their probabilities, decisions by the policy).
    Raises RuntimeError if a turn does not end within TURN_PLIES plies."""
    row: Row = {}

    def explore(state: State, p: Fraction, depth: int) -> None:
        if game.is_terminal(state) or (state.phase is Phase.ROLL and state.turn != 0):
            _add(row, {state.pawns[0][0]: Fraction(1)}, p)
            return
        if depth >= TURN_PLIES:
            raise RuntimeError(f"a turn from {square} did not end within {TURN_PLIES} plies")
        if game.is_chance(state):
            for outcome, q in game.chance_outcomes(state):
                explore(game.apply(state, outcome), p * q, depth + 1)
            return
        explore(game.apply(state, _policy_action(game, state, policy)), p, depth + 1)

    explore(_solo_state(square), Fraction(1), 0)
    return row


@theorem(
    "spookslot.single-pawn-chain",
    "For one pawn alone (policy: a fixed route at forks, always the secret passage), the "
    "exact Markov chain built from the board data equals, row by row, the one-turn "
    "distribution of the game's own rules (with its die, ball and board); its expected "
    "number of turns is solved exactly.",
    clauses=CHAIN_CLAUSES,
    method="exhaustive",
    call=lambda check, game: check(chain_game(game)),
    when=lambda game: chain_game(game) is not None,
    fails_with=f"{TESTS}::test_chain_check_catches_a_wrong_chain",
    depends_on=("die_faces", "trap_weights", "board", "secret-passage"),
)
def check_chain_matches_game(
    game: Spookslot, chain_builder: Callable[..., Chain] = single_pawn_chain,
    policies: Sequence[str] = ("short", "safe"),
) -> Result:
    """Exhaustive: for every square and both policies, the chain's one-turn row equals the
    distribution the game's own rules give for one lone pawn (exact Fractions)."""
    details = []
    reading = Reading(game)
    die = sorted(reading.die.items(), key=lambda x: (x[0] == GHOST, x[0]))
    ball = sorted(reading.ball.items())
    for policy in policies:
        chain = chain_builder(board=game.board, die=die, ball=ball, policy=policy)
        for q in (START, *game.board.ids):
            try:
                got = engine_turn(game, q, policy)
            except RuntimeError as exc:
                return _refute(game, _solo_state(q), str(exc))
            if chain[q] != got:
                return _refute(game, _solo_state(q), f"policy {policy}, from {q}: chain "
                               f"{_fmt(chain[q])} but the game gives {_fmt(got)}")
        details.append(f"{policy}: E[turns] = {float(expected_turns(chain)):.4f}")
    return Result.proved("rows agree on every square; " + "; ".join(details))


def _fmt(row: Row) -> str:
    return ", ".join(f"{q}: {p}" for q, p in sorted(row.items()))


def simulate_turns(policy: str, games: int, seed: int = 1, game: Spookslot | None = None,
                   cap: int = 10_000) -> list[int]:
    """Turns to escape of player 0's lone pawn in ``games`` seeded games played by the game's
    rules (the other player never gets a turn); at most ``cap`` plies a game."""
    g = Spookslot(players=2) if game is None else game
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = _solo_state(START)
        turns, plies = 1, 0
        while not g.is_terminal(state) and plies < cap:
            plies += 1
            if state.phase is Phase.ROLL and state.turn != 0:
                state = State(pawns=state.pawns, turn=0)
                turns += 1
            if g.is_chance(state):
                state = g.apply(state, random_action(g, state, rng))
            else:
                state = g.apply(state, _policy_action(g, state, policy))
        out.append(turns)
    return out


def simulation_agrees(chain: Chain, sample: list[int]) -> tuple[bool, str]:
    """Whether a sample of turns agrees with the exact chain: mean within 5 standard errors and the
    empirical distribution within the DKW band (failure probability 1e-6). A statistical test."""
    games = len(sample)
    exact = expected_turns(chain)
    mean = sum(sample) / games
    var = sum((x - mean) ** 2 for x in sample) / (games - 1)
    se = math.sqrt(var / games)
    dist = turn_distribution(chain, min(max(sample), 120))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * games))
    cdf = Fraction(0)
    worst = 0.0
    for t, p in enumerate(dist, start=1):
        cdf += p
        empirical = sum(1 for x in sample if x <= t) / games
        worst = max(worst, abs(empirical - float(cdf)))
    summary = (f"exact E = {float(exact):.4f}, simulated mean {mean:.4f} ± {se:.4f} over {games} "
               f"games; largest CDF gap {worst:.4f} (band {band:.4f})")
    return abs(mean - float(exact)) <= 5 * se and worst <= band, summary


def chain_game(game: Spookslot) -> Spookslot | None:
    """The two-player game with ``game``'s board, die and ball, if the single-pawn chain models it
    (the readings that change one pawn's turn, and the optional rule, are not in the chain)."""
    changed = ("ghost-reroll", "exit-exact", "start-line")
    if game.no_yellow or any(game.reading(r) != game.spec.interpretation(r).default
                             for r in changed):
        return None
    if game.num_players == 2:
        return game
    return Spookslot(**{**game.options, "players": 2})
