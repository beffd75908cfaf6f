"""Einde van het spel — who wins, one winner, and whether Kasteel can draw (kasteel.einde.*, kasteel.doel.sleutel)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.symbolic import And, Count, ExactlyOne, Not, Or
from castlerules.core.theorem import Result, Status, theorem, z3_find, z3_prove
from castlerules.kasteel import kernel
from castlerules.kasteel.board import PLAYER_NAMES, RED, YELLOW, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.rules import HAS_WON
from castlerules.kasteel.state import Move, Pass, State
from castlerules.kasteel.theorems.common import (
    END_CLAUSES,
    LINE,
    MOVE_CLAUSES,
    OPTION_TESTS,
    PASS_CLAUSES,
    PASSES,
    SKULLS,
    STUCK,
    STUCK_EXAMPLE,
    STUCK_LINE,
    TESTS,
    AfterMove,
    EndOk,
    HasWon,
    MoveLegal,
    _reserve,
    build,
    fact,
    refute,
    rulebook_set_up,
    sibling,
    skull_sets,
)
from castlerules.kasteel.theorems.reference import (
    spec_cost,
    spec_ending,
    spec_stuck,
    spec_winners,
)
from castlerules.kasteel.theorems.transition import _pass_states
from castlerules.kasteel.theorems.whole_board import Symbolic, _at, _show


# -- what differs from one set-up to another (the ``vary`` of the statements) ------------------
def stuck_finding(game: Kasteel) -> dict[str, Any]:
    """kasteel.never-stuck: with three skulls or more a knight can be stuck (FINDING_STUCK)."""
    if game.skull_count >= 3:
        return {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_STUCK}
    return {}


def reachable_finding(game: Kasteel) -> dict[str, Any]:
    """kasteel.stuck-reachable: never with fewer than three skulls (none exists, z3); else the
    stuck line (a search) where the passes pay for it; open under mover-removed and where they
    do not."""
    if game.skull_count < 3:
        return {}
    if game._mover_removed:
        finding = {"expected": Status.UNKNOWN, "finding": FINDING_REACHABLE_OPEN}
    elif stuck_line_affordable(game):
        finding = {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_REACHABLE}
    else:
        finding = {"expected": Status.UNKNOWN, "finding": FINDING_REACHABLE_COSTLY}
    return {"method": "search", **finding}


def deadlock_finding(game: Kasteel) -> dict[str, Any]:
    """kasteel.never-deadlocked: skulls anywhere, or five or more falling in the zone of the
    rulebook's set-up, can deadlock both players (FINDING_DEADLOCK)."""
    if game._skulls_anywhere or (rulebook_set_up(game) and game.skull_count >= 5):
        return {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_DEADLOCK}
    return {}


def deadlock_anywhere(game: Kasteel) -> dict[str, Any]:
    """kasteel.deadlock-threshold: with skulls anywhere five are not needed (FINDING_DEADLOCK)."""
    if game._skulls_anywhere:
        return {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_DEADLOCK}
    return {}


def walled_finding(game: Kasteel) -> dict[str, Any]:
    """kasteel.enter-over-wall: enough skulls (anywhere, or in the zone of the rulebook's set-up)
    can wall a knight in (FINDING_WALLS)."""
    if (game._skulls_anywhere and game.skull_count >= WALL_CUT_ANYWHERE) or (
            rulebook_set_up(game) and game.skull_count >= WALL_CUT_MIDDLE):
        return {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_WALLS}
    return {}


def _end_family(game: Kasteel) -> Iterator[State]:
    b = game.board
    start = game.start_passes
    for skulls in skull_sets(game)[:1]:
        for p in (YELLOW, RED):
            for sq in range(b.size):
                if sq == b.keys[p]:
                    continue
                spare = _reserve(b, [sq])
                for with_opponent in (True, False):
                    theirs = [spare] if with_opponent and spare >= 0 else []
                    yellow, red = ([sq], theirs) if p == YELLOW else (theirs, [sq])
                    for to_move in (YELLOW, RED):
                        for left in (0, start):
                            yield build(game, yellow, red, (left, left), skulls, to_move)
    for state in _pass_states(game):
        yield state
        yield build(game, state.knights[0], state.knights[1], state.passes, state.skulls,
                    1 - state.to_move)
    stuck = _documented_stuck(game)
    if stuck is not None:  # stuck, and the opponent's last knight gone
        yield build(game, stuck.knights[0], [], stuck.passes, stuck.skulls, stuck.to_move)
    yield from _deadlocks(game)


def _deadlocks(game: Kasteel) -> Iterator[State]:
    """Both players' lone knights stuck, if this game's skulls allow it (z3 finds one)."""
    found = find_stuck(game, both=True)
    if found is not None:
        state = found[1]
        yield state
        yield build(game, state.knights[0], state.knights[1], state.passes, state.skulls, RED)


@theorem(
    "kasteel.end",
    "Who wins: a knight on the opponent's key square wins for its owner, a player without "
    "knights loses, a stuck player to move loses at once (stuck=lose) or when his opponent "
    "is stuck too; then the game is over, nobody acts and the game says why it ended (the "
    "knights lost, the key conquered, a stuck player), otherwise exactly the player to "
    "move acts (every square for a lone knight of either player, the stuck and deadlocked "
    "positions, and the winner table on all its inputs).",
    clauses=END_CLAUSES,
    method="exhaustive",
    depends_on=(*STUCK, "kasteel.interp.end", "kasteel.interp.turns", *LINE, *SKULLS),
    fails_with=f"{TESTS}::test_end_fails_if_the_own_key_wins",
)
def check_end(game: Kasteel) -> Result:
    """Exhaustive: ``HAS_WON`` is ``kernel.has_won`` on all 128 inputs; and for a lone knight of
    either player on every square (with and without an opposing knight, either player to move,
    with and without passes), the documented stuck position and every deadlock z3 finds, the game's
    winners are exactly ``spec_winners``, the game is over exactly when someone has won, and then
    nobody acts, nothing is legal and its termination is ``spec_ending``; otherwise exactly the
    player to move acts."""
    for i in range(128):
        if HAS_WON[i] != bool(kernel.has_won(*((i >> k) & 1 == 1 for k in range(7)))):
            return Result.refuted(f"inputs {i:07b}", "the winner table is not kernel.has_won")
    count = 0
    for state in _end_family(game):
        count += 1
        want = spec_winners(game, state)
        got = game.winners(state)
        over = game.is_terminal(state)
        actors = game.actors(state)
        legal = game.legal_actions(state)
        ok = (got == want and over == bool(want) and (not over or (not actors and not legal))
              and (over or (actors == {state.to_move} and bool(legal))))
        if ok and len(want) == 1 and game.termination(state).id != spec_ending(game, state):
            return refute(game, state, f"the game says it ended by {game.termination(state).id}; "
                          f"the rules say {spec_ending(game, state)}", [])
        if not ok:
            b = game.board
            keys = [b.keys[0], b.keys[1], *state.knights[0], *state.knights[1]]
            who = " and ".join(PLAYER_NAMES[p] for p in sorted(want)) or "nobody"
            return refute(game, state, f"the game says winners {sorted(got)}, over {over}, actors "
                          f"{sorted(actors)}; the rules say {who} has won", keys)
    return Result.proved(f"the winner table and {count} positions")


@theorem(
    "kasteel.one-winner",
    "Kasteel never draws, part 1: every terminal state reached in play has exactly one "
    "winner. Proved by induction: the start is not terminal, and from every non-terminal "
    "state satisfying the invariant (no overlap, no knight on its own key, at most the "
    "starting knights, passes in range, the skulls placed) any move or pass leads to a state "
    "that is not terminal or has exactly one winner (z3, all such states, both players to "
    "move). The invariant itself is kept by kasteel.no-overlap and kasteel.passes-monotone.",
    clauses=END_CLAUSES,
    method="z3",
    depends_on=(*STUCK, "kasteel.interp.end", "kasteel.interp.capture", *LINE,
                *SKULLS, *PASSES),
    fails_with=f"{TESTS}::test_one_winner_fails_if_a_stuck_player_loses_whoever_is_to_move",
)
def check_one_winner(
    game: Kasteel,
    after_move: AfterMove = kernel.after_move,
    end_ok: EndOk = kernel.end_ok,
    has_won: HasWon = kernel.has_won,
) -> Result:
    """Inductive step, for each player to move: from any non-terminal state satisfying the
    invariant, after any move of the player to move from one of his knights to a square where a
    move may end (a superset of the legal moves), or after a pass, the state is not terminal or has
    exactly one winner; and the start is not terminal."""
    g = game
    b = g.board
    stuck_loses = g.stuck == "lose"
    mover_removed = g._mover_removed
    for p in (YELLOW, RED):
        s = Symbolic(g)
        frm, to = z3.Int("from"), z3.Int("to")
        own, opp = s.knights[p], s.knights[1 - p]
        after = [after_move(own[i], opp[i], frm == i, to == i, mover_removed) for i in range(b.size)]
        new = [[a[0] for a in after], [a[1] for a in after]]
        knights_after = new if p == YELLOW else [new[1], new[0]]
        before_end = Or(*(s.won(q, p, stuck_loses, None, has_won) for q in (YELLOW, RED)))
        for label, knights, extra in (
            ("moves", knights_after, [frm >= 0, frm < b.size, to >= 0, to < b.size, frm != to,
                                      _at(own, frm),
                                      z3.Or(*(z3.And(to == i, end_ok(own[i], i == b.keys[p]))
                                              for i in range(b.size)))]),
            ("passes", None, []),
        ):
            yw = s.won(YELLOW, 1 - p, stuck_loses, knights, has_won)
            rw = s.won(RED, 1 - p, stuck_loses, knights, has_won)
            result = z3_prove(
                z3.Implies(Or(yw, rw), ExactlyOne(yw, rw)),
                assumptions=[*s.invariant(), Not(before_end), *extra],
                render=_show(g, s, p, f"{PLAYER_NAMES[p]} {label} in"),
            )
            if result.status is not Status.PROVED:
                return result
    if g.is_terminal(g.initial_state()):
        return refute(g, g.initial_state(), "the start is terminal")
    return Result.proved("z3, inductive step over all states satisfying the invariant, both "
                         "players to move, after a move or a pass; the start is not terminal")


def find_stuck(
    game: Kasteel, move_legal: MoveLegal = kernel.move_legal, both: bool = False,
    player: int = YELLOW,
) -> tuple[str, State] | None:
    """A state satisfying the invariant where ``player`` (yellow) is to move, no game-ending
    condition holds, and he has knights but no legal move (``both``: his opponent could not move
    either). None if z3 shows there is none."""
    g = game
    b = g.board
    s = Symbolic(g)
    other = 1 - player
    conds = [
        *s.invariant(),
        Not(s.knights[YELLOW][b.keys[RED]]),
        Not(s.knights[RED][b.keys[YELLOW]]),
        Or(*s.knights[other]),
        s.stuck(player, move_legal=move_legal),
    ]
    if both:
        conds.append(s.stuck(other, move_legal=move_legal))
    found = z3_find(z3.And(*conds), render=_show(g, s, player, ""), timeout_ms=60_000)
    if found is None:
        return None
    return found[0], g.adopt(s.state(found[1], player))


@theorem(
    "kasteel.never-stuck",
    "Kasteel never draws, part 2 (claim): the player to move always has a legal move while "
    "he has knights.",
    clauses=(*END_CLAUSES, *MOVE_CLAUSES, *PASS_CLAUSES),
    method="z3",
    depends_on=(*LINE, *SKULLS, *PASSES),
    fails_with=f"{TESTS}::test_never_stuck_is_proved_when_every_move_is_allowed",
    when=rulebook_set_up,
    vary=stuck_finding,
)
def check_never_stuck(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """Claim: the player to move always has a legal move while he has knights. z3 searches all
    states satisfying the invariant for one where he has none; the game's own generator confirms
    it. The documented example (a lone knight on j11) is reported when it fits the game."""
    g = game
    found = find_stuck(g, move_legal)
    if found is None:
        return Result.proved("z3: no state satisfying the invariant leaves the player to move stuck")
    _, state = found
    if move_legal is kernel.move_legal and g.knight_moves(state, YELLOW):
        return Result.unknown("z3's stuck position has moves in the game: the encodings disagree")
    example = _documented_stuck(g)
    if example is not None:
        state = example
    b = g.board
    (knight, *_) = sorted(state.knights[YELLOW])
    around = [knight, *(ray[0] for ray in b.rays[knight] if ray)]
    return refute(g, state, f"yellow's knight on {b.name(knight)} has no legal move: every "
                  "square next to it costs a pass and yellow has none left", around)


def _documented_stuck(game: Kasteel) -> State | None:
    """The finding's example, if it is a state of this game and stuck in it."""
    try:
        state = game.state_from_text(STUCK_EXAMPLE)
    except Exception:  # another board, skull count or pass count
        return None
    return state if game.knight_moves(state, YELLOW) == () else None


@theorem(
    "kasteel.never-deadlocked",
    "Kasteel never draws, part 4: with the game's skulls no state satisfying the invariant "
    "leaves both players with knights and no legal move, so passing can never go on for "
    "ever.",
    clauses=(*END_CLAUSES, *PASS_CLAUSES),
    method="z3",
    depends_on=(*LINE, *SKULLS, *PASSES, *STUCK),
    fails_with=f"{TESTS}::test_never_deadlocked_fails_if_every_move_costs_a_pass",
    when=rulebook_set_up,
    vary=deadlock_finding,
)
def check_never_deadlocked(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """Claim: no state satisfying the invariant leaves BOTH players with knights and no legal move.
    With ``stuck="pass"`` such a state would be a draw: both would pass for ever (the rules make
    the stuck player to move lose there instead)."""
    g = game
    found = find_stuck(g, move_legal, both=True)
    if found is None:
        return Result.proved(
            f"z3: with {g.skull_count} skulls no state satisfying the invariant leaves both "
            "players stuck"
        )
    state = found[1]
    return refute(g, state, "z3 found a position where neither player can move",
                  sorted(state.knights[0] | state.knights[1]))


def _distances(game: Kasteel, target: int) -> list[int]:
    """Moves a lone red knight needs to reach ``target`` (ignoring other knights)."""
    b = game.board
    far = 10**6
    dist = [far] * b.size
    dist[target] = 0
    queue = [target]
    for sq in queue:
        lone = build(game, [], [sq], (0, game.start_passes), frozenset(), RED)
        for m in game.knight_moves(lone, RED):
            if dist[m.to] == far:
                dist[m.to] = dist[sq] + 1
                queue.append(m.to)
    return dist


#: The stuck line's skulls: the three around j11 (with the canal j12 above it every square next to
#: j11 costs a pass) and s11, out of the way (``STUCK_LINE``'s four).
TRAP = ("i11", "j10", "k11", "s11")
#: Yellow's ways from c8 to j11: along row 10 (``STUCK_LINE``'s), or along the wall of row 8 and
#: up the i file (it enters fewer squares of the middle rows).
ROUTES = (("c8-c9", "c9-c10", "c10-i10", "i10-j10", "j10-j11"),
          ("c8-i8", "i8-i9", "i9-i10", "i10-j10", "j10-j11"))
#: Red's hunter comes down the q file into yellow's castle.
LANE = ("q11", "q10", "q9")
#: The squares of the middle rows the line needs, in the order further skulls may take them: the
#: first route's, red's lane, then the second route's and the squares around j10 (j11 last).
NEEDED = ("c9", "c10", "d10", "e10", "f10", "g10", "h10", *LANE, "i9", "i10", "j9", "k10", "j11")
#: What each route costs at most and the lane costs red, by square: a skull there costs one pass.
ROUTE_COST = ("i9", "i10", "j10", "j11")


def _coords(name: str) -> tuple[int, int]:
    return "abcdefghijklmnopqrs".index(name[0]), int(name[1:])


def _segment(move: str) -> set[str]:
    """The squares a move written ``c8-c9`` or ``q9xq8`` goes over, both ends included."""
    (fc, fr), (tc, tr) = (_coords(n) for n in move.replace("x", "-").split("-"))
    return {"abcdefghijklmnopqrs"[c] + str(r)
            for c in range(min(fc, tc), max(fc, tc) + 1) for r in range(min(fr, tr), max(fr, tr) + 1)}


#: The squares ``STUCK_LINE``'s moves go over: further skulls keep away from them first.
LINE_SQUARES = tuple(sorted(set().union(*(_segment(m) for m in STUCK_LINE
                                          if not m.startswith("skull")))))


def stuck_skulls(game: Kasteel) -> list[str]:
    """Where the stuck line puts the game's skulls: ``TRAP``, then the squares of the zone furthest
    from the line (the middle rows first), then the line's own squares, ``NEEDED`` last."""
    b = game.board
    zone = [b.name(sq) for sq in game._zone]
    late = set(LINE_SQUARES) | set(NEEDED) | set(TRAP)

    def far(name: str) -> tuple[bool, int, str]:
        c, r = _coords(name)
        gap = min(abs(c - x) + abs(r - y) for x, y in map(_coords, LINE_SQUARES))
        return (not 9 <= r <= 11, -gap, name)

    rest = sorted((n for n in zone if n not in late), key=far)
    used = sorted((n for n in zone if n in set(LINE_SQUARES) - set(NEEDED) - set(TRAP)), key=far)
    order = [n for n in (*TRAP, *rest, *used, *NEEDED) if n in zone]
    return order[: game.skull_count]


def stuck_line_affordable(game: Kasteel) -> bool:
    """Whether the stuck line's search applies to ``game``: three skulls or more (with fewer no
    player is ever stuck, kasteel.never-stuck), the squares of ``TRAP``'s three around j11 in the
    zone, and passes enough for yellow's second route and red's lane under the skulls
    ``stuck_skulls`` places (a skull on them costs one pass each)."""
    if game.skull_count < 3:
        return False
    skulls = set(stuck_skulls(game))
    if not set(TRAP[:3]) <= skulls:
        return False
    passes = game.start_passes
    return (passes >= 1 and passes >= len(skulls & set(ROUTE_COST))
            and passes >= len(skulls & set(LANE)))


def search_stuck_line(game: Kasteel, max_plies: int | None = None) -> list[str] | None:
    """A line of play from the start that leaves yellow stuck (None if this search finds none
    within ``max_plies``, by default 1,200 plies and four more for each pass a player has).

    The skulls fall where ``stuck_skulls`` says; yellow walks a knight from c8 to j11 by one of
    ``ROUTES`` and spends its passes going j11-j10-j11 (ending on j11, or on j10 when every square
    around j10 costs a pass too), while red hunts down the other yellow knights and yellow offers
    them (each side picks its move by distance, deterministically)."""
    plies = 1200 + 4 * game.start_passes if max_plies is None else max_plies
    for walk in ROUTES:
        found = _stuck_line(game, walk, plies)
        if found is not None:
            return found
    return None


def _stuck_line(game: Kasteel, walk: Sequence[str], max_plies: int) -> list[str] | None:
    """``search_stuck_line`` with yellow's knight on the route ``walk``."""
    b = game.board
    state = game.initial_state()
    line: list[str] = []
    try:
        for name in stuck_skulls(game):
            line.append(f"skull {name}")
            state = game.play(state, line[-1])
        hero = b.square(walk[0].split("-")[0])
        home, away = b.square("j11"), b.square("j10")
        around = [b.square(n) for n in ("j9", "i10", "k10")]
    except Exception:  # another board or other skulls: this search does not apply
        return None
    if game.is_chance(state):
        return None
    hero_path = {b.square(n) for m in walk for n in _segment(m)}
    script = list(walk)
    cache: dict[int, list[int]] = {}

    def dist(target: int) -> list[int]:
        if target not in cache:
            cache[target] = _distances(game, target)
        return cache[target]

    def shuttle(legal: list[Move]) -> Move | None:
        """Yellow's knight spends its passes between j11 and j10, to end where it is stuck."""
        to = away if hero == home else home
        move = next((m for m in legal if m.frm == hero and m.to == to), None)
        if move is None or hero == away:
            return move
        left = game.successor(state, move).passes[YELLOW]
        walled = all(sq in state.skulls for sq in around)
        back = 1 if home in state.skulls else 0
        return move if state.passes[YELLOW] > 0 and (left >= back or walled) else None

    while len(line) < max_plies:
        if game.stuck_player(state):
            return line if state.to_move == YELLOW else None
        if game.is_terminal(state):
            return None
        legal = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        if not legal:
            return None
        action: Move | None = None
        if state.to_move == YELLOW:
            if script:
                try:
                    scripted = game.parse_action(state, script[0])
                except Exception:
                    return None
                if scripted in legal:
                    action = scripted
                    script.pop(0)
            elif hero in (home, away):
                action = shuttle(legal)
            if action is not None:
                hero = action.to
            else:
                reds = state.knights[RED]
                options = [
                    a for a in legal
                    if a.frm != hero and a.to not in reds and a.to != b.keys[RED]
                    and a.to not in hero_path
                    and game.successor(state, a).passes[YELLOW] == state.passes[YELLOW]
                ]
                if not options:
                    return None
                action = min(options, key=lambda a: (min(dist(a.to)[r] for r in reds), a.frm, a.to))
        else:
            targets = state.knights[YELLOW] - {hero}
            captures = [a for a in legal if a.to in targets]
            options = [a for a in legal
                       if a.to not in hero_path and a.to != hero and a.to != b.keys[YELLOW]]
            if captures:
                action = captures[0]
            elif not options:
                return None
            elif targets:
                action = min(options, key=lambda a: (min(dist(t)[a.to] for t in targets),
                                                     a.frm, a.to))
            else:  # only the knight on its way to j11 is left: wait far from it
                action = max(options, key=lambda a: (a.to // b.width, a.frm, a.to))
        line.append(game.action_to_str(state, action))
        state = game.apply(state, action)
    return None


@theorem(
    "kasteel.stuck-reachable",
    "Kasteel never draws, part 3 (claim): no position reachable from the start leaves the "
    "player to move with knights but no legal move (with fewer than three skulls z3 shows "
    "that no position at all does; with more, a line of play from the start is searched "
    "for).",
    clauses=(*END_CLAUSES, "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"),
    method="z3",
    depends_on=("kasteel.interp.capture", *STUCK, *LINE, *SKULLS, *PASSES),
    fails_with=f"{TESTS}::test_stuck_reachable_is_proved_if_yellow_keeps_passes",
    when=rulebook_set_up,
    vary=reachable_finding,
)
def check_stuck_reachable(game: Kasteel, line: Sequence[str] | None = None) -> Result:
    """Claim: no position reachable from the start leaves the player to move stuck.

    With fewer than three skulls no position at all leaves a player stuck: z3 shows it for both
    players (``find_stuck``), and the claim is proved. Otherwise it is refuted by replaying a finite
    line of play from the start: ``line`` if given, else ``STUCK_LINE`` where it applies, else the
    line ``search_stuck_line`` finds for this game — where its passes pay for that line
    (``stuck_line_affordable``; elsewhere the question is open: UNKNOWN)."""
    g = game
    if line is None and g.skull_count < 3:
        for p in (YELLOW, RED):
            if find_stuck(g, player=p) is not None:
                return Result.unknown(f"z3 finds {PLAYER_NAMES[p]} stuck with "
                                      f"{g.skull_count} skulls")
        return Result.proved(f"z3: with {g.skull_count} skulls no state satisfying the invariant "
                             "leaves either player stuck, so no reachable one does")
    if line is None and not stuck_line_affordable(g):
        return Result.unknown(f"open: with {g.start_passes} passes the stuck line cannot pay its "
                              f"way past {g.skull_count} skulls, and no other line is searched")
    for candidate in ((line,) if line is not None else (STUCK_LINE, None)):
        if candidate is None:
            candidate = search_stuck_line(g)
            if candidate is None:
                break
        state = g.initial_state()
        for ply, text in enumerate(candidate):
            try:
                state = g.play(state, text)
            except Exception:  # the line does not apply to this game
                break
            if g.stuck_player(state):
                shown = " ".join(candidate[: ply + 1])
                knight = sorted(state.knights[state.to_move])
                return refute(g, state, f"after {ply + 1} plies from the start ({shown}) "
                              f"{PLAYER_NAMES[state.to_move]} has a knight and no legal move",
                              knight)
        if line is not None:
            return Result.proved(f"no stuck position along the {len(candidate)} plies replayed")
    return Result.unknown("no line of play leaving a player stuck was found for this game")


FINDING_STUCK = (
    "A player can be left with knights and no legal move: for example a lone yellow knight on j11 "
    "with skulls on j10, i11 and k11, the canal j12 above it and no passes left (position "
    f"{STUCK_EXAMPLE}); every square next to it costs a pass. Walls never block (climbing is "
    "free) and opposing knights can be captured unless they stand on a canal or skull square. The "
    "text does not say what happens (interpretation kasteel.interp.no-legal-move). Decision: the "
    "stuck player passes and the game goes on (stuck=\"pass\", the default), so the game still "
    "ends only by the two endings the text names; if the opponent could not move either (a "
    "deadlock) the stuck player to move loses, so there is no draw. With the default four skulls "
    "the theorem kasteel.never-deadlocked proves a deadlock impossible; with five or more it "
    "exists. The variant stuck=\"lose\" makes a stuck player lose at once."
)


FINDING_REACHABLE = (
    "The stuck position is reachable from the start: the skulls fall on i11, j10, k11 and s11, "
    "yellow walks a knight from c8 to j11 and spends its passes going j11-j10-j11 while red's "
    "knight from q12 captures the seven other yellow knights (STUCK_LINE, 42 plies). Yellow then "
    "has one knight, no passes and no legal move. Under the default stuck=\"pass\" yellow passes "
    "and red, whose knights can still move, goes on; the game ends when red takes yellow's key or "
    "yellow's last knight. With another number of skulls (three or more) the search puts the "
    "others away from that line (stuck_skulls) and finds such a line for every number of skulls "
    "the middle rows hold, 3 to 57, at every level; with fewer than three no position leaves a "
    "player stuck at all (kasteel.never-stuck), and this claim is proved."
)


FINDING_REACHABLE_COSTLY = (
    "Open where the passes cannot pay for the stuck line: with no passes at all (passes=0), or "
    "with so many skulls that yellow's way to j11 or red's way down the q file costs more passes "
    "than the players have (passes=1 with 51 or more skulls in the middle rows, passes=2 with 52 "
    "or more, ...). A stuck position there would need another line — yellow's knights jammed "
    "against each other, say —, which is not searched, so whether one is reachable is not settled. "
    "The no-draw theorems (kasteel.end, kasteel.one-winner, kasteel.stuck-rule) do not depend on "
    "it."
)


FINDING_REACHABLE_OPEN = (
    "Open under capture=mover-removed: the knights that capture are the ones removed, so red "
    "cannot hunt yellow's knights down as in STUCK_LINE, and the bounded search finds no line "
    "that leaves a player stuck. Stuck positions still exist (kasteel.never-stuck); whether one is "
    "reachable under this reading is not settled. The no-draw theorems do not depend on it."
)


FINDING_DEADLOCK = (
    "With skulls anywhere on the board, or five or more skulls in the middle rows of the "
    "rulebook's map, both players "
    "can be left with knights and no legal move (a deadlock; the counterexample shows one). The "
    "rules still give no draw: in a deadlock the stuck player to move loses "
    "(interpretation kasteel.interp.no-legal-move), as kasteel.end and kasteel.one-winner check."
)


#: The fewest skulls that cut every way a knight without passes has from a start square to the
#: opponent's key on the rulebook's map (kasteel.enter-over-wall's max-flow): with skulls anywhere,
#: and with skulls in the middle rows (where the zone spans the board, a whole barrier).
WALL_CUT_ANYWHERE = 3
WALL_CUT_MIDDLE = 18

FINDING_WALLS = (
    f"With {WALL_CUT_ANYWHERE} or more skulls anywhere on the board the skulls can cut every way "
    "a knight without passes has to the opponent's key (three skulls around a knight's start "
    f"square); in the middle rows of the rulebook's map it takes {WALL_CUT_MIDDLE}, a barrier "
    "across the board. Such a knight can still move where it stands; the game goes on with the "
    "other knights."
)


# -- no move limit ---------------------------------------------------------------------------------


def _shuttle(game: Kasteel, state: State) -> list[Move] | None:
    """Four moves that bring ``state`` back to itself: a free move of the player to move, one of
    his opponent, and both moves back (no capture, no costly square, no key square); None if this
    position has none."""
    b = game.board
    plain = {x for x in range(b.size) if b.kinds[x] in (Kind.GROUND, Kind.WALL)}
    plain -= state.skulls

    def free(s: State) -> list[Move]:
        occupied = s.knights[0] | s.knights[1]
        return [m for m in game.legal_actions(s) if isinstance(m, Move) and m.to in plain
                and m.to not in occupied and spec_cost(game, s, m.frm, m.to) == 0]

    for first in free(state):
        after = game.apply(state, first)
        for second in free(after):
            back = (Move(first.player, first.to, first.frm), Move(second.player, second.to,
                                                                  second.frm))
            s = game.apply(after, second)
            if (not game.is_terminal(s) and game.violation(s, back[0]) is None):
                t = game.apply(s, back[0])
                if not game.is_terminal(t) and game.violation(t, back[1]) is None:
                    return [first, second, *back]
    return None


@theorem(
    "kasteel.no-move-limit",
    "The game ends only as the rules say, never by a move count ('Het stap-telling paneel "
    "... heeft geen effect op het spel of het winnen'): two knights shuttling back and forth "
    "for 2000 plies from the first move return to the same position with the same legal "
    "actions every four plies and the game is never over; the state holds no move counter.",
    clauses=("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
             "kasteel.intro.stappenteller"),
    method="exhaustive",
    depends_on=("kasteel.interp.no-move-limit", "kasteel.interp.end",
                "kasteel.interp.turns"),
    fails_with=f"{OPTION_TESTS}::test_no_move_limit_fails_if_the_game_ends_after_a_number_of_moves",
)
def check_no_move_limit(game: Kasteel, cycles: int = 500) -> Result:
    """'Het stap-telling paneel ... heeft geen effect op het spel of het winnen' and 'Het spel
    eindigt als ...' (only the two endings): the number of moves played changes nothing. From the
    first move (the skulls placed by a fixed spread), two knights shuttle back and forth for
    ``cycles`` rounds of four plies (2000 plies): after every round the position is the one the
    round started from, the game is not over and its legal actions are the same; and the state
    holds no move counter (its fields are the knights, the passes, the skulls and the player to
    move)."""
    import attrs

    fields = {f.name for f in attrs.fields(State) if f.eq}
    if fields != {"knights", "passes", "skulls", "to_move"}:
        return Result.refuted(str(sorted(fields)), "the state holds more than the position")
    state = game.initial_state()
    k = 0
    while game.is_chance(state):
        outcomes = game.chance_outcomes(state)
        state = game.apply(state, outcomes[(k * 13 + 5) % len(outcomes)][0])
        k += 1
    line = _shuttle(game, state)
    if line is None:
        return Result.unknown("no four free moves bring the start back to itself on this board")
    legal = game.legal_actions(state)
    now = state
    for cycle in range(cycles):
        for m in line:
            if game.is_terminal(now) or game.violation(now, m) is not None:
                return refute(game, now, f"round {cycle + 1}: {game.action_to_str(now, m)} is no "
                              "longer legal, or the game is over", [m.frm, m.to])
            now = game.apply(now, m)
        if now != state or game.legal_actions(now) != legal or game.is_terminal(now):
            return refute(game, now, f"after {cycle + 1} rounds of four plies the position or "
                          "its legal actions changed")
    shown = " ".join(game.action_to_str(s, m) for s, m in _replay(game, state, line))
    return Result.proved(f"{4 * cycles} plies of {shown}: the same position and legal actions "
                         "after every round, never over")


def _replay(game: Kasteel, state: State, line: list[Move]) -> list[tuple[State, Move]]:
    out = []
    for m in line:
        out.append((state, m))
        state = game.apply(state, m)
    return out


# -- how many skulls a deadlock takes, for every number of skulls and passes ---------------------


def deadlock_conditions(game: Kasteel, skulls: int, exact: bool,
                        move_legal: MoveLegal = kernel.move_legal) -> tuple[Symbolic, list[Any]]:
    """z3 conditions of a deadlock on ``game``'s board and readings: the invariant of play with
    the number of skulls and the passes left free (at most ``skulls`` skulls, or exactly that many
    if ``exact``; any passes >= 0, so every level and every passes= value), no game-ending
    condition, both players with knights and no legal move."""
    b = game.board
    s = Symbolic(game)
    placed = Count(x for x in s.skull if not isinstance(x, bool))
    conds: list[Any] = [placed == skulls if exact else placed <= skulls]
    for p in (YELLOW, RED):
        conds += [Not(s.knights[p][b.keys[p]]), Count(s.knights[p]) <= len(b.start[p]),
                  s.passes[p] >= 0, Not(s.knights[p][b.keys[1 - p]])]
    conds += [Not(And(y, r)) for y, r in zip(*s.knights)]
    conds += [s.stuck(YELLOW, move_legal=move_legal), s.stuck(RED, move_legal=move_legal)]
    return s, conds


@theorem(
    "kasteel.deadlock-threshold",
    "On the rulebook's map a deadlock (both players with knights and no legal move, where a "
    "stuck player to move loses instead of passing for ever) takes five skulls, as the "
    "no-legal-move reading says: z3 with the number of skulls and the passes as free values finds no deadlock "
    "with any number of skulls from 0 to the fact's 4 and any passes (every level and "
    "passes= value), and finds one with exactly five that the game's own generator "
    "confirms.",
    clauses=("kasteel.einde.geen-gelijkspel", "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"),
    method="z3",
    depends_on=(*LINE, "kasteel.interp.skull-zone", *STUCK, "skulls",
                "passes"),
    fails_with=f"{OPTION_TESTS}::test_deadlock_threshold_fails_if_every_move_costs_a_pass",
    when=rulebook_set_up,
    vary=deadlock_anywhere,
)
def check_deadlock_threshold(game: Kasteel, move_legal: MoveLegal = kernel.move_legal) -> Result:
    """The reading kasteel.interp.no-legal-move says a deadlock (both players with knights and no
    legal move) is impossible with the default four skulls (fact ``skulls``) and possible with five
    or more. z3, with the number of skulls and the passes as free values: no state with at most
    four skulls (every count 0-4 at once) and any passes leaves both players stuck; and one with
    exactly five does, which the game's own generator confirms (a game with skulls=5 finds no move
    for either player)."""
    g = game
    most = fact("skulls")
    s, conds = deadlock_conditions(g, most, exact=False, move_legal=move_legal)
    found = z3_find(z3.And(*conds), render=_show(g, s, YELLOW, ""), timeout_ms=120_000)
    if found is not None:
        state = g.adopt(s.state(found[1], YELLOW))
        return refute(g, state, f"a deadlock with {len(state.skulls)} skulls (at most {most} "
                      "should never deadlock)", sorted(state.knights[0] | state.knights[1]))
    s, conds = deadlock_conditions(g, most + 1, exact=True, move_legal=move_legal)
    found = z3_find(z3.And(*conds), render=_show(g, s, YELLOW, ""), timeout_ms=120_000)
    if found is None:
        return Result.refuted("", f"no deadlock with {most + 1} skulls (the reading says one "
                              "exists)")
    five = sibling(g, skulls=most + 1, skull_squares=None)
    state = five.adopt(s.state(found[1], YELLOW))
    if five.knight_moves(state, YELLOW) or five.knight_moves(state, RED):
        return Result.unknown("z3's deadlock has moves in the game: the encodings disagree")
    return Result.proved(f"z3: no deadlock with 0-{most} skulls and any passes; one with "
                         f"{most + 1} skulls, confirmed by the game's generator")


# -- the stuck rule, under both of its readings ----------------------------------------------------

#: Both players stuck (a deadlock) with five skulls: yellow on i10 and red on j11, each walled in by
#: skulls (and the canal j12) with no passes left (found by z3 with ``deadlock_conditions``).
DEADLOCK_EXAMPLE = ("19/19/19/19/19/19/19/19/9R9/8Y10/19/19/19/19/19/19/19/19/19 y 0,0 "
                    "i9,h10,j10,i11,k11")


@theorem(
    "kasteel.stuck-rule",
    "A player with knights and no legal move (kasteel.interp.no-legal-move, both options at "
    "once): under stuck=pass he passes — a pass is his only action and the opponent moves "
    "next — and is beaten only if his opponent could not move either; under stuck=lose he "
    "has lost; in a deadlock (the documented five-skull position) the stuck player to move "
    "loses under both, so there is no draw (the documented stuck position, open positions, "
    "either player to move).",
    clauses=("kasteel.einde.geen-gelijkspel", "kasteel.spel.geel-eerst", "kasteel.einde.sleutel",
             "kasteel.einde.ridders"),
    method="exhaustive",
    depends_on=(*STUCK, "kasteel.interp.turns", *LINE),
    fails_with=f"{OPTION_TESTS}::test_stuck_rule_fails_if_stuck_lose_is_ignored",
    all_options_of=("kasteel.interp.no-legal-move",),
)
def check_stuck_rule(game: Kasteel) -> Result:
    """The reading kasteel.interp.no-legal-move, under both of its options at once (the stuck=
    keyword): for the game with stuck="pass" and with stuck="lose" (this game's other readings),
    on the documented stuck position (yellow to move, stuck; red to move, not), a few open
    positions and the documented deadlock (five skulls, either player to move), the winners are
    ``spec_winners`` — under "pass" a stuck player is not beaten unless his opponent is stuck too,
    under "lose" he has lost — the game is over exactly when someone has won, and otherwise the
    player to move acts, a stuck player with a pass as his only action (under "pass") that gives
    the turn to the opponent."""
    count = 0
    for stuck in ("pass", "lose"):
        g = sibling(game, stuck=stuck)
        states = list(_pass_states(g))
        with contextlib.suppress(Exception):  # another board: the example does not apply
            states.append(sibling(g, skulls=5, skull_squares=None).parse_position(DEADLOCK_EXAMPLE))
        for state in states:
            # the game of this stuck rule with as many skulls as the position has
            h = g if g._fixed == state.skulls else sibling(g, skulls=len(state.skulls),
                                                            skull_squares=None)
            for to_move in (YELLOW, RED):
                s = build(h, state.knights[0], state.knights[1], state.passes, state.skulls,
                          to_move)
                count += 1
                want = spec_winners(h, s)
                got = h.winners(s)
                over = h.is_terminal(s)
                legal = h.legal_actions(s)
                ok = got == want and over == bool(want)
                if ok and not over:
                    ok = h.actors(s) == {to_move} and bool(legal)
                    if ok and spec_stuck(h, s, to_move) and not h._voluntary_pass:
                        ok = (legal == (Pass(to_move),)
                              and h.apply(s, legal[0]).to_move == 1 - to_move)
                if not ok:
                    who = " and ".join(PLAYER_NAMES[p] for p in sorted(want)) or "nobody"
                    return refute(h, s, f"stuck={stuck}: the game says winners {sorted(got)}, "
                                  f"legal {len(legal)} actions; the rules say {who} has won",
                                  sorted(s.knights[0] | s.knights[1]))
    return Result.proved(f"{count} positions under stuck=pass and stuck=lose, the documented "
                         "stuck position and deadlock among them")
