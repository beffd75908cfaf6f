"""Spookslot theorems: board shape, the exit/bounce kernel (z3), pawn conservation, shared squares,
exact exits on random play, and the exact single-pawn Markov chain checked against the game and
against simulation.

Each check takes what it is about as a parameter (the board, the kernel, a game factory, the chain)
with the game's own as default, so a test can hand it a deliberately broken rule and see the
counterexample.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import z3

from castlerules.core.play import random_action
from castlerules.core.theorem import Result, Status, Theorem, z3_prove
from castlerules.spookslot import kernel
from castlerules.spookslot.board import Board, board_problems, default_board
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import EXIT, GHOST, START, TRAPS, Ball, Move, Passage, Phase, State

GAME = "spookslot"
WINDOW = 18  # the largest window the game uses: die faces up to 6 plus 12 pawns
Kernel = Callable[[Any, Any, Sequence[Any]], Any]
Factory = Callable[..., Spookslot]


# -- board ---------------------------------------------------------------------------------------
def check_board(board: Board | None = None) -> Result:
    """The board has the rulebook's shape (see ``board_problems``)."""
    b = default_board() if board is None else board
    problems = board_problems(b)
    if problems:
        return Result.refuted("; ".join(problems), f"board {b.name!r}")
    return Result.proved(
        f"{len(b.squares)} squares reach the Exit; {len(b.fallback)} fallbacks are the nearest "
        f"blue square behind; {len(b.forks)} forks rejoin with a longer safe and a shorter "
        "dangerous route; 2 red star squares and 1 green star square"
    )


# -- the exit/bounce kernel -----------------------------------------------------------------------
def _kernel_symbols(window: int) -> tuple[Any, Any, list[Any], list[Any]]:
    """Symbols for one window size. The game's window is its largest face plus the number of
    pawns, and at most (pawns - 1) squares ahead are taken: count <= window - roll - 1."""
    roll, to_exit = z3.Int("roll"), z3.Int("to_exit")
    occupied = [z3.Bool(f"occupied_{j}") for j in range(1, window + 1)]
    taken = z3.Sum([z3.If(o, 1, 0) for o in occupied])
    pre = [roll >= 1, roll <= 6, to_exit >= 1, taken <= window - roll - 1]
    return roll, to_exit, occupied, pre


def _render_kernel(roll: Any, to_exit: Any, occupied: Sequence[Any]) -> Callable[[Any], str]:
    def show(m: z3.ModelRef) -> str:
        r = m.eval(roll, model_completion=True).as_long()
        d = m.eval(to_exit, model_completion=True).as_long()
        taken = [j + 1 for j, o in enumerate(occupied) if z3.is_true(m.eval(o, model_completion=True))]
        return f"roll {r}, Exit {d} squares ahead, occupied squares ahead: {taken}"

    return show


def _for_windows(claim_of: Callable[[Any, Any, list[Any]], Any]) -> Result:
    """Prove ``claim_of(roll, to_exit, occupied)`` for every window size the game can use."""
    for window in range(2, WINDOW + 1):
        roll, to_exit, occupied, pre = _kernel_symbols(window)
        result = z3_prove(claim_of(roll, to_exit, occupied), assumptions=pre,
                          render=_render_kernel(roll, to_exit, occupied))
        if result.status is not Status.PROVED:
            return result
    return Result.proved("z3 over all rolls 1-6, all distances to the Exit and every occupancy, "
                         f"for windows of 2-{WINDOW} squares")


def check_exit_exact(landing: Kernel = kernel.landing) -> Result:
    """z3: for every roll, distance to the Exit and occupancy, a move ends on the Exit only when
    the roll is exactly the distance, and never beyond the Exit."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied)
        return z3.And(z3.Implies(end == to_exit, roll == to_exit), end <= to_exit, end >= 0)

    return _for_windows(claim)


def check_bounce(landing: Kernel = kernel.landing) -> Result:
    """z3: a move that does not reach the Exit ends on the rolled square if it is free, else on
    the next free square (every square between is taken); the move is impossible exactly when the
    roll passes the Exit or every square from the rolled one up to the Exit is taken."""

    def claim(roll: Any, to_exit: Any, occupied: list[Any]) -> Any:
        end = landing(roll, to_exit, occupied)
        idx = range(1, len(occupied) + 1)
        lands_free = z3.Or(*(z3.And(end == j, z3.Not(occupied[j - 1])) for j in idx))
        skipped = z3.And(*(z3.Implies(z3.And(j >= roll, j < end), occupied[j - 1]) for j in idx))
        blocked = z3.And(
            *(z3.Implies(z3.And(j >= roll, j < to_exit), occupied[j - 1]) for j in idx)
        )
        stays = z3.Or(roll > to_exit, z3.And(roll < to_exit, blocked))
        return z3.And(
            z3.Implies(z3.And(end != kernel.NO_MOVE, end != to_exit),
                       z3.And(end >= roll, end < to_exit, lands_free, skipped)),
            (end == kernel.NO_MOVE) == stays,
        )

    return _for_windows(claim)


# -- random play ----------------------------------------------------------------------------------
def _default_factory(**options: Any) -> Spookslot:
    return Spookslot(**options)


def _games(factory: Factory, games: int) -> Iterator[tuple[Spookslot, random.Random]]:
    for n in range(2, 7):
        for no_yellow in (False, True):
            for g in range(games):
                yield factory(players=n, no_yellow=no_yellow), random.Random(100 * n + 10 * g + no_yellow)


def _transitions(
    factory: Factory, games: int
) -> Iterator[tuple[Spookslot, State, Any, State]]:
    for game, rng in _games(factory, games):
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < game.playout_cap:
            action = random_action(game, state, rng)
            after = game.apply(state, action)
            yield game, state, action, after
            state, plies = after, plies + 1


def _show(game: Spookslot, state: State, action: Any, after: State) -> str:
    return (f"{game!r}\n{game.render(state)}\n-- {game.action_to_str(state, action)} -->\n"
            f"{game.render(after)}")


def check_conservation(factory: Factory = _default_factory, games: int = 8) -> Result:
    """On random games for 2-6 players, with and without the optional rule: every player keeps
    the starting number of pawns (behind the start + on the board + escaped), an escaped pawn never
    returns, and a pawn that has left the start line never goes back behind it."""
    count = 0
    for game, state, action, after in _transitions(factory, games):
        count += 1
        per = game.pawns_per_player
        if len(after.pawns) != game.num_players or any(len(ps) != per for ps in after.pawns):
            return Result.refuted(_show(game, state, action, after), "pawn count changed")
        for ps, qs in zip(state.pawns, after.pawns):
            for q0, q1 in zip(ps, qs):
                if (q0 == EXIT and q1 != EXIT) or (q0 != START and q1 == START):
                    return Result.refuted(_show(game, state, action, after), "a pawn went back")
    return Result.proved(f"{count} transitions of {10 * games} random games")


def check_sharing(factory: Factory = _default_factory, games: int = 8) -> Result:
    """On random games: two pawns share a square only on a blue square reached by a trap or on the
    green star square reached by the secret passage (at most one pawn there arrived otherwise).
    How each pawn arrived is tracked here, from the actions, independently of the game."""
    count = 0
    arrived: dict[tuple[int, int], str] = {}
    for game, state, action, after in _transitions(factory, games):
        count += 1
        if state == game.initial_state():
            arrived = {}
        how = ("trap" if isinstance(action, Ball) else "passage" if isinstance(action, Passage)
               else "move")
        for p, (ps, qs) in enumerate(zip(state.pawns, after.pawns)):
            for k, (q0, q1) in enumerate(zip(ps, qs)):
                if q0 != q1:
                    arrived[(p, k)] = how
        board = game.board
        squares: dict[str, list[str]] = {}
        for p, qs in enumerate(after.pawns):
            for k, q in enumerate(qs):
                if q not in (START, EXIT):
                    squares.setdefault(q, []).append(arrived.get((p, k), "move"))
        for q, hows in squares.items():
            if len(hows) < 2:
                continue
            allowed = ("trap" if q in board.blue else
                       "passage" if q == board.green_star else None)
            if allowed is None or sum(h != allowed for h in hows) > 1:
                return Result.refuted(_show(game, state, action, after), f"{q} shared by {hows}")
    return Result.proved(f"{count} transitions of {10 * games} random games")


def route_distance(board: Board, pos: str, via: Sequence[str]) -> int:
    """Steps from ``pos`` to the Exit along the route ``via`` (at forks; -1 if it does not fit)."""
    choices = list(via)
    steps = 0
    q = pos
    while q != EXIT:
        succ = board.next[q]
        if len(succ) > 1:
            if not choices or choices[0] not in succ:
                return -1
            q = choices.pop(0)
        else:
            q = succ[0]
        steps += 1
    return steps


def check_exit_on_playouts(factory: Factory = _default_factory, games: int = 8) -> Result:
    """On random games: a pawn reaches the Exit only by a move whose roll is exactly its distance
    to the Exit along the route it names; nothing else (a trap, the passage) ever puts it there."""
    count = 0
    for game, state, action, after in _transitions(factory, games):
        for p, (ps, qs) in enumerate(zip(state.pawns, after.pawns)):
            for k, (q0, q1) in enumerate(zip(ps, qs)):
                if q0 == EXIT or q1 != EXIT:
                    continue
                count += 1
                if not isinstance(action, Move) or (action.player, action.pawn) != (p, k):
                    return Result.refuted(_show(game, state, action, after), "escaped without a move")
                if route_distance(game.board, q0, action.via) != state.roll:
                    return Result.refuted(_show(game, state, action, after), "not an exact roll")
    return Result.proved(f"{count} escapes in {10 * games} random games, each by an exact roll")


def reference_moves(game: Spookslot, state: State) -> dict[Move, str]:
    """An independent, step-by-step reading of the move rules (the oracle for the move generator):
    walk the roll square by square along every choice of routes; a move ending on the Exit
    escapes; past the Exit it is impossible; on a taken square it walks on to the next free square
    along the same route, and is impossible if that walk meets the Exit; with the optional rule it
    may not end on yellow; with 4 players the second pawn waits for the first."""
    board = game.board
    p, roll = state.turn, state.roll
    taken = {q for ps in state.pawns for q in ps if q not in (START, EXIT)}
    out: dict[Move, str] = {}

    def walk(q: str, left: int, via: tuple[str, ...], bouncing: bool) -> list[tuple[str, tuple[str, ...]]]:
        if left == 0 and not bouncing:
            if q == EXIT:
                return [(q, via)]
            if q in taken:
                return walk(q, 0, via, True)
            return [(q, via)]
        if q == EXIT:
            return []  # passed the Exit, or a bounce that would reach it
        if bouncing and q not in taken:
            return [(q, via)]
        succ = board.next[q]
        results = []
        for n in succ:
            more = (*via, n) if len(succ) > 1 else via
            results += walk(n, max(left - 1, 0), more, bouncing)
        return results

    for k, pos in enumerate(state.pawns[p]):
        if pos == EXIT:
            continue
        if game.num_players == 4 and not state.released[p] and state.first[p] not in (-1, k):
            continue
        for dest, via in walk(pos, roll, (), False):
            if game.no_yellow and dest in board.yellow:
                continue
            out[Move(p, k, via)] = dest
    return out


def check_moves_reference(factory: Factory = _default_factory, games: int = 3) -> Result:
    """On random games, at every turn and for every number on the die, the game's move generator
    (the bounded-window kernel) gives exactly the moves of the step-by-step reference reading."""
    count = 0
    for game, state, _, _ in _transitions(factory, games):
        if state.phase is not Phase.ROLL:
            continue
        for outcome, _p in game.chance_outcomes(state):
            if outcome.face == GHOST:
                continue
            probe = State(state.pawns, state.turn, Phase.MOVE, outcome.face, (), state.first,
                          state.released)
            count += 1
            mine, ref = game.moves(probe), reference_moves(game, probe)
            if mine != ref:
                shown = {game.action_to_str(probe, m): d for m, d in mine.items()}
                want = {game.action_to_str(probe, m): d for m, d in ref.items()}
                return Result.refuted(f"{game!r}, roll {outcome.face}\n{game.render(probe)}\n"
                                      f"game: {shown}\nreference: {want}")
    return Result.proved(f"{count} positions and rolls of {10 * games} random games agree")


def check_second_pawn(factory: Factory = _default_factory, games: int = 6) -> Result:
    """On random 4-player games: a player's second pawn never moves before the first pawn has
    stood on the laboratory (lower) floor; tracked here from the moves, independently of the game."""
    count = 0
    for game, rng in _games(factory, games):
        if game.num_players != 4:
            continue
        state = game.initial_state()
        first: dict[int, int] = {}
        free: set[int] = set()
        while not game.is_terminal(state):
            action = random_action(game, state, rng)
            after = game.apply(state, action)
            if isinstance(action, Move):
                count += 1
                p = action.player
                first.setdefault(p, action.pawn)
                if action.pawn != first[p] and p not in free:
                    return Result.refuted(_show(game, state, action, after),
                                          "the second pawn moved too early")
            for p, k in first.items():
                if after.pawns[p][k] in game.board.lower or after.pawns[p][k] == EXIT:
                    free.add(p)
            state = after
    return Result.proved(f"{count} moves in {2 * games} random 4-player games")


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


def _solo_state(game: Spookslot, square: str) -> State:
    """Player 0's pawn a on ``square``, pawn b escaped; player 1 waits behind the start line."""
    return State(pawns=((square, EXIT), (START, START)), turn=0)


def _policy_action(game: Spookslot, state: State, policy: str) -> Any:
    legal = game.legal_actions(state)
    if state.phase is Phase.PASSAGE:
        return next(a for a in legal if isinstance(a, Passage) and a.take)
    wanted = [a for a in legal if all(v == policy_branch(game.board, f, policy)
                                      for f, v in _forks_of(game.board, a))]
    return (wanted or list(legal))[0]


def _forks_of(board: Board, move: Move) -> list[tuple[str, str]]:
    out = []
    for v in move.via:
        fork = next(f for f in board.forks if v in board.next[f])
        out.append((fork, v))
    return out


def engine_turn(game: Spookslot, square: str, policy: str) -> Row:
    """The exact distribution of where player 0's lone pawn ends one turn, explored through the
    game's own rules (chance outcomes with their probabilities, decisions by the policy)."""
    row: Row = {}

    def explore(state: State, p: Fraction) -> None:
        if game.is_terminal(state) or (state.phase is Phase.ROLL and state.turn != 0):
            _add(row, {state.pawns[0][0]: Fraction(1)}, p)
            return
        if game.is_chance(state):
            for outcome, q in game.chance_outcomes(state):
                explore(game.apply(state, outcome), p * q)
            return
        explore(game.apply(state, _policy_action(game, state, policy)), p)

    explore(_solo_state(game, square), Fraction(1))
    return row


def check_chain_matches_game(
    chain_builder: Callable[..., Chain] = single_pawn_chain, policies: Sequence[str] = ("short", "safe")
) -> Result:
    """Exhaustive: for every square and both policies, the chain's one-turn row equals the
    distribution the game's own rules give for one lone pawn (exact Fractions)."""
    game = Spookslot(players=2)
    details = []
    for policy in policies:
        chain = chain_builder(policy=policy)
        for q in (START, *game.board.ids):
            if chain[q] != engine_turn(game, q, policy):
                return Result.refuted(
                    f"policy {policy}, from {q}: chain {_fmt(chain[q])} but the game gives "
                    f"{_fmt(engine_turn(game, q, policy))}"
                )
        details.append(f"{policy}: E[turns] = {float(expected_turns(chain)):.4f}")
    return Result.proved("rows agree on every square; " + "; ".join(details))


def _fmt(row: Row) -> str:
    return ", ".join(f"{q}: {p}" for q, p in sorted(row.items()))


def simulate_turns(policy: str, games: int, seed: int = 1) -> list[int]:
    """Turns to escape of player 0's lone pawn in ``games`` seeded games played by the game's
    rules (the other player never gets a turn)."""
    game = Spookslot(players=2)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = _solo_state(game, START)
        turns = 1
        while not game.is_terminal(state):
            if state.phase is Phase.ROLL and state.turn != 0:
                state = State(pawns=state.pawns, turn=0)
                turns += 1
            if game.is_chance(state):
                state = game.apply(state, random_action(game, state, rng))
            else:
                state = game.apply(state, _policy_action(game, state, policy))
        out.append(turns)
    return out


def check_chain_simulation(
    chain_builder: Callable[..., Chain] = single_pawn_chain, games: int = 3000, policy: str = "short"
) -> Result:
    """Simulation agrees with the exact chain: the mean number of turns lies within 5 standard
    errors of the exact expectation, and the empirical distribution of the turns lies within the
    Dvoretzky-Kiefer-Wolfowitz band (failure probability 1e-6) of the exact one."""
    chain = chain_builder(policy=policy)
    exact = expected_turns(chain)
    sample = simulate_turns(policy, games)
    mean = sum(sample) / games
    var = sum((x - mean) ** 2 for x in sample) / (games - 1)
    se = math.sqrt(var / games)
    horizon = max(sample)
    dist = turn_distribution(chain, min(horizon, 120))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * games))
    cdf = Fraction(0)
    worst = 0.0
    for t, p in enumerate(dist, start=1):
        cdf += p
        empirical = sum(1 for x in sample if x <= t) / games
        worst = max(worst, abs(empirical - float(cdf)))
    summary = (f"exact E = {float(exact):.4f}, simulated mean {mean:.4f} ± {se:.4f} over {games} "
               f"games; largest CDF gap {worst:.4f} (band {band:.4f})")
    if abs(mean - float(exact)) > 5 * se or worst > band:
        return Result.refuted(summary)
    return Result.proved(summary)


# -- the list ---------------------------------------------------------------------------------------
def theorems(game: Any = None) -> tuple[Theorem, ...]:
    exit_clauses = ("spookslot.exit.precies", "spookslot.exit.niet-springen",
                    "spookslot.exit.ontsnapt")
    bounce_clauses = ("spookslot.eindigen.bezet", "spookslot.getal.zetten",
                      "spookslot.exit.moet-verplaatsen", "spookslot.exit.blijft-staan")
    chain_clauses = ("spookslot.beurt.dobbelen", "spookslot.getal.zetten",
                     "spookslot.eindigen.gevaar", "spookslot.spook.kogel",
                     "spookslot.spook.nog-een-keer", "spookslot.kogel.valstrik",
                     "spookslot.geschrokken.terug", "spookslot.geheim.sterveld",
                     "spookslot.exit.precies", "spookslot.routes.kiezen")
    return (
        Theorem(
            "spookslot.board-well-formed", GAME,
            "On the default board every square reaches the Exit and is reached from the start; "
            "every danger square's fallback is the nearest blue square behind it; each fork's two "
            "routes rejoin, one longer and safe, the other shorter through a danger zone; there are "
            "exactly two red star squares and one green star square.",
            ("spookslot.doel.race", "spookslot.geschrokken.terug", "spookslot.routes.kiezen",
             "spookslot.geheim.sterveld"),
            "exhaustive", check_board,
        ),
        Theorem(
            "spookslot.exit-exact", GAME,
            "The exit/bounce kernel the game calls ends a move on the Exit only when the roll is "
            "exactly the distance to it, and never beyond it: a bounce never reaches the Exit.",
            exit_clauses, "z3", check_exit_exact,
        ),
        Theorem(
            "spookslot.bounce-next-free", GAME,
            "A move ends on the rolled square if free, else on the next free square before the "
            "Exit; it is impossible (the pawn stays) exactly when the roll passes the Exit or every "
            "square from the rolled one up to the Exit is taken.",
            bounce_clauses, "z3", check_bounce,
        ),
        Theorem(
            "spookslot.pawns-conserved", GAME,
            "In random games (2-6 players, with and without the optional rule) every player keeps "
            "the starting number of pawns, escaped pawns never return and no pawn returns behind "
            "the start line.",
            ("spookslot.pionnen.aantal", "spookslot.pionnen.start", "spookslot.exit.ontsnapt",
             "spookslot.geschrokken.terug"),
            "bounded", check_conservation,
        ),
        Theorem(
            "spookslot.sharing", GAME,
            "In random games two pawns share a square only on a blue square reached by a trap or on "
            "the green star square reached by the secret passage.",
            ("spookslot.eindigen.bezet", "spookslot.geschrokken.blauw-meerdere",
             "spookslot.geheim.groen-meerdere"),
            "bounded", check_sharing,
        ),
        Theorem(
            "spookslot.exit-on-playouts", GAME,
            "In random games a pawn reaches the Exit only by a move whose roll is exactly its "
            "distance to the Exit along the route it names.",
            exit_clauses, "bounded", check_exit_on_playouts,
        ),
        Theorem(
            "spookslot.moves-reference", GAME,
            "On random games, for every position at the start of a turn and every number on the "
            "die, the game's move generator equals a step-by-step reference reading of the move "
            "rules (bounce, routes, Exit, optional rule, 4-player rule).",
            ("spookslot.getal.zetten", "spookslot.getal.tellen", "spookslot.eindigen.bezet",
             "spookslot.routes.kiezen", "spookslot.exit.precies", "spookslot.exit.niet-springen",
             "spookslot.exit.moet-verplaatsen", "spookslot.exit.blijft-staan",
             "spookslot.optioneel.geel", "spookslot.optioneel.geel-blijft-staan",
             "spookslot.getal.vier-spelers"),
            "bounded", check_moves_reference,
        ),
        Theorem(
            "spookslot.second-pawn-waits", GAME,
            "In random 4-player games a player's second pawn never moves before the first pawn has "
            "stood on the laboratory floor.",
            ("spookslot.getal.vier-spelers", "spookslot.getal.twee-drie-spelers"),
            "bounded", check_second_pawn,
        ),
        Theorem(
            "spookslot.single-pawn-chain", GAME,
            "For one pawn alone (policy: a fixed route at forks, always the secret passage), the "
            "exact Markov chain built from the board data equals, row by row, the one-turn "
            "distribution of the game's own rules; its expected number of turns is solved exactly.",
            chain_clauses, "exhaustive", check_chain_matches_game,
        ),
        Theorem(
            "spookslot.single-pawn-simulation", GAME,
            "Seeded simulation of a lone pawn by the game's rules agrees with the exact chain: mean "
            "turns within 5 standard errors, distribution within the DKW band.",
            chain_clauses, "bounded", check_chain_simulation,
        ),
    )


