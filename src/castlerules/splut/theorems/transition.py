"""The whole transition of the game, exhaustively, against an independent reading of the rules
(``reference.Reference``) on a finite family of positions that puts every rule within reach."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castlerules.core.spec import find_clause
from castlerules.core.theorem import Result, theorem
from castlerules.splut.board import (
    NEXT,
    OFF,
    SQUARES,
    Dir,
)
from castlerules.splut.game import Splut
from castlerules.splut.reference import Reference
from castlerules.splut.rules import TABLE_TURNS
from castlerules.splut.state import Lev, Pass, State, Step, Throw
from castlerules.splut.theorems._common import (
    END_CLAUSES,
    ORDER_CLAUSES,
    PUSH_LINE,
    STEP_CLAUSES,
    TESTS,
    THROW_FLIGHT,
    TURN_CLAUSES,
    _every_count,
    _refute,
    under_readings,
)

# -- the whole transition, exhaustively, against an independent reading --------------------------
#: Seed positions for the finite families of the exhaustive checks, by player count: each puts a
#: rule of the rulebook within two steps (pull, throw, kill and the turn order after it, SPLUT! on a
#: dwarf, pushes, pushes at the edge, levitation, the previous player's rocks, levitation behind and
#: ahead, blocked throws, the own sorcerer in the line, a player without a step, the end).
SEEDS: dict[int, tuple[tuple[dict[int, str], str, dict[str, Any]], ...]] = {
    2: (
        ({0: "Sa5 Te4 Dc3", 1: "Se9 Tb6 Dg7"}, "e3 i5 c5 g3", {}),
        ({0: "Sa5 Te4 Dc3", 1: "Se7 Td8 Dd7"}, "e5 i5 b4 g3", {}),
        ({0: "Sa5 Te4", 1: "Sf8 Te8 De7"}, "e5 i5 b4 g3", {}),
        ({0: "Sb4 Tb6 Dc5", 1: "Sf5 Td5"}, "e5 i5 e1 e9", {}),
        ({0: "Sb4 Tb6 Df5", 1: "Sg5 Th5"}, "i5 a5 e1 e9", {}),
        ({0: "Sd3 Tf3 De2", 1: "Sf8 Td8"}, "f2 a5 g4 e9", {"moved_before": "g4 f2"}),
        ({0: "Sd4 Tf2", 1: "Sf8 Td8 Dd6"}, "d3 d5 i5 e9", {}),
        ({0: "Se8 Td8", 1: "Se9 Td7"}, "f8 e7 e6 a5", {}),
        ({0: "Sa5 Th4 Dc5", 1: "Sf8 Th6"}, "h5 i5 g5 b4", {}),
        ({0: "Se7 Te4 Dd4", 1: "Sa5 Td8"}, "e5 i5 b4 g3", {}),
        ({0: "Sd3 Tf2 Dc3", 1: "Sf8 Td8 De8"}, "g3 a5 c5 e9", {"to_move": 1}),
        # a rock under a troll (a position of blocked-throw = rock-stays only)
        ({0: "Sc6 Te3 Dc3", 1: "Sg7 Te4 Dg3"}, "e4 a5 i5 e9", {}),
        # the troll of the player to move resting on a rock (blocked-throw = rock-stays only):
        # a rock straight behind it to pull, its dwarf to push it, a rock to step onto
        ({0: "Sc6 Te4 Dd4", 1: "Sg7 Tf6 Dg3"}, "e4 e3 i5 e9", {}),
        # the game's first turn (one step) with rocks the sorcerer can levitate, then the second
        # (two steps): where the turn's first step is not its third-last
        ({0: "Sd3 Tf3 De2", 1: "Sf8 Td8"}, "f2 a5 g4 e9", {"turn": 0}),
        # a turn beyond the game's tables (turn numbers from 1024 on are computed, not looked up)
        ({0: "Sa5 Te4 Dc3", 1: "Se9 Tb6 Dg7"}, "e3 i5 c5 g3", {"turn": 1500}),
        # a troll next to a rock walled in by a rock, a troll and the edge, a rock behind it to
        # pull onto its square (pull-and-throw = allowed): then no throw is possible
        ({0: "Sg5 Tc5 De7", 1: "Se8 Tb4"}, "c4 c6 c3 d4", {}),
        # the troll to move resting on a rock between two rocks (blocked-throw = rock-stays): a
        # step onto one with the other behind it, which it may not pull
        ({0: "Sc6 Te4 Dd4", 1: "Sg7 Tf6 Dg3"}, "e4 e3 e5 e9", {}),
    ),
    3: (
        ({0: "Sa5 Te4 Dc3", 1: "Se7 Tb4", 2: "Sf8 Td8 Dg6"}, "e5 i5 c5 g3", {}),
        ({0: "Sd3 Tf3", 1: "Sb6 Tb4 Db5", 2: "Sf8 Td8"}, "f2 a5 g4 e9",
         {"to_move": 2, "moved_before": "g4"}),
        # player 0, a whole team, has no legal step (the finding of splut.always-a-step-full-team)
        ({0: "Sf8 Td2", 1: "Se7 Td6 Df7", 2: "Se2 Td5 Dd3"}, "d4 c6 d8 e8",
         {"to_move": 0, "turn": 4}),
        # a rock next to the sorcerer to move at its turn's first step (levitate-any-rock =
        # adjacent with levitate-start = first-step)
        ({0: "Sd4 Te2 De3", 1: "Sb6 Tb4", 2: "Sf8 Td8"}, "d5 a5 i5 e9", {"to_move": 0}),
        # the same in the game's first turn (one step), then the second (two steps)
        ({0: "Sd4 Te2 De3", 1: "Sb6 Tb4", 2: "Sf8 Td8"}, "d5 a5 i5 e9", {"turn": 0}),
    ),
    4: (
        ({0: "Sa5 Te4", 1: "Se7 Tb4", 2: "Sf8 Td8", 3: "Sh4 Th6 Dh5"}, "e5 i5 c3 g3",
         {"to_move": 0}),
        ({0: "Sd2 Tf2 De2", 1: "Sb6 Tb4 Db5", 2: "Sf8 Td8 De8", 3: "Sh4 Th6 Dh5"},
         "e1 a5 i5 e9", {"to_move": 3, "turn": 5}),
        # a rock next to the sorcerer to move (levitate-any-rock = adjacent)
        ({0: "Sd4 Te2 De3", 1: "Sb6 Tb4", 2: "Sf8 Td8", 3: "Sh4 Th6"}, "d5 a5 i5 e9",
         {"to_move": 0}),
        # player 0 has no legal step
        ({0: "Se1 Tc3 Dd2", 1: "Sf3 Te4 Dd4", 2: "Se2 Td3 Df5", 3: "Sc4 Tf2 De7"},
         "d5 d6 d7 d8", {"to_move": 0, "turn": 4}),
        # a rock next to the sorcerer to move in the game's first turn (one step), then the
        # second (two steps)
        ({0: "Sd4 Te2 De3", 1: "Sb6 Tb4", 2: "Sf8 Td8", 3: "Sh4 Th6"}, "d5 a5 i5 e9",
         {"turn": 0}),
    ),
}


#: The interpretations the independent reading (reference.Reference) follows: the transition
#: theorems state what each of their options does.
TRANSITION_READINGS = ('seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight')


def seeds(game: Splut) -> list[State]:
    """The game's start and the seed positions of its player count that are positions of it
    (under its readings), each with its first player to move."""
    out = [game.initial_state()]
    for teams, rocks, extra in SEEDS[game.num_players]:
        try:
            out.append(game.position(teams, rocks, **extra))
        except ValueError:
            continue
    return out


def shapes(game: Splut, states: list[State]) -> str:
    """What a family holds of the values the rules branch on, in words for a result's detail:
    the player count, turns of one, two and three steps (and turns beyond the game's tables), a
    troll resting on a rock — its player's to move, and another's — and a levitation under way."""
    steps = sorted({game.steps_in_turn(s.turn) for s in states})
    late = sum(s.turn >= TABLE_TURNS for s in states)

    def resting(s: State, mover: bool) -> bool:
        return any((p == s.to_move) == mover and t[1] != OFF and t[1] in s.rocks
                   and t[1] != s.throw_from for p, t in enumerate(s.pieces))

    mine = sum(resting(s, True) for s in states)
    others = sum(resting(s, False) for s in states)
    going = sum(s.lev is Lev.ACTIVE for s in states)
    return (f"{game.num_players} players; turns of {_words(steps)} steps ({late} states beyond "
            f"turn {TABLE_TURNS - 1}); a troll resting on a rock: the mover's in {mine} states, "
            f"another player's in {others}; a levitation under way in {going}")


def _words(numbers: list[int]) -> str:
    said = [str(n) for n in numbers]
    return " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said)


def family(game: Splut, depth: int, start_depth: int | None = None) -> list[State]:
    """Every state within ``depth`` actions of a seed (``start_depth`` of the start), each once."""
    left: dict[State, int] = {}
    for i, seed in enumerate(seeds(game)):
        todo = [(seed, start_depth if i == 0 and start_depth is not None else depth)]
        while todo:
            state, budget = todo.pop()
            if left.get(state, -1) >= budget:
                continue
            left[state] = budget
            if budget > 0:
                todo.extend((game.successor(state, a), budget - 1)
                            for a in game.legal_actions(state))
    return list(left)


def candidates(game: Splut, state: State) -> list[Any]:
    """The actions worth asking about in ``state``: every step of the pieces of the player to move
    to each neighbour (plain, pulling, levitating each rock), the four throws, the pass, and a step
    by another player and from an empty square."""
    p = state.to_move
    out: list[Any] = [Throw(p, d) for d in Dir] + [Pass(p)]
    for x in state.pieces[p]:
        if x == OFF:
            continue
        for y in NEXT[x]:
            if y != OFF:
                out += [Step(p, x, y), Step(p, x, y, pull=True)]
                out += [Step(p, x, y, lev=r) for r in state.rocks]
    other = (p + 1) % game.num_players
    for x in state.pieces[other][:1]:
        if x != OFF and NEXT[x][0] != OFF:
            out.append(Step(other, x, NEXT[x][0]))
    empty = next(s for s in SQUARES if state.board is not None and state.board[s] == 0)
    out += [Step(p, empty, y) for y in NEXT[empty][:2] if y != OFF]
    # a square off the diamond (the grid's corner) as the step's start or end, and a levitation
    # of a square that holds no rock
    mine = next((x for x in state.pieces[p] if x != OFF), None)
    if mine is not None:
        out += [Step(p, mine, OFF_GRID), Step(p, OFF_GRID, mine)]
        if state.pieces[p][0] != OFF:
            s = state.pieces[p][0]
            out += [Step(p, s, y, lev=empty) for y in NEXT[s][:1] if y != OFF]
    return out


#: A square of the 9x9 grid outside the diamond (a1).
OFF_GRID = 0



def transition_mismatch(
    game: Splut, state: State, reference: Reference, predicate: bool = True
) -> Result | None:
    """Where the game and the reference disagree about ``state``, if anywhere: the end, the winner,
    why the game ended, who acts, the legal actions (the move generator, and — with ``predicate`` — the legality
    predicate on every candidate), and every field of the state after each legal action; and
    whether the state's position text and each legal action's text read back (records replay)."""
    if game.is_terminal(state) != reference.over(state):
        return _refute(game, state, "the game and the reference disagree on whether it is over")
    if set(game.winners(state)) != reference.winners(state):
        return _refute(game, state, f"winners {set(game.winners(state))}, the reference "
                                    f"{reference.winners(state)}")
    if reference.over(state):
        ended = game.termination(state)
        if (ended.id, ended.reading) != reference.ending(state):
            return _refute(game, state, f"the game ended by {ended.id} under {ended.reading}, "
                                        f"the reference: {reference.ending(state)}")
    actors = set() if reference.over(state) else {state.to_move}
    if set(game.actors(state)) != actors:
        return _refute(game, state, f"actors {set(game.actors(state))}, expected {actors}")
    legal = game.legal_actions(state)
    expected = reference.legal(state)
    if len(set(legal)) != len(legal) or set(legal) != expected:
        extra = sorted(set(legal) - expected, key=repr)
        missing = sorted(expected - set(legal), key=repr)
        return _refute(game, state, f"legal actions differ: the game adds {extra[:4]}, misses "
                                    f"{missing[:4]}", (extra + missing)[0])
    if predicate:
        for action in candidates(game, state):
            found = game.violation(state, action)
            if (found is None) != (action in expected):
                return _refute(game, state, f"violation() says {found}", action)
            if found is not None and find_clause(found.clause).nl != found.text_nl:
                return _refute(game, state, f"violation cites {found.clause} wrongly", action)
    if game.state_from_text(game.state_to_text(state)) != state:
        return _refute(game, state, "the position text does not read back as this state")
    for action in legal:
        if game.parse_action(state, game.action_to_str(state, action)) != action:
            return _refute(game, state, "the action's text does not read back as the action",
                           action)
        after = game.successor(state, action)
        want = reference.after(state, action)
        if after != want:
            fields = [f for f in ("pieces", "rocks", "to_move", "turn", "steps_left",
                                  "throw_from", "lev", "lev_rock", "moved_before", "moved_now")
                      if getattr(after, f) != getattr(want, f)]
            return _refute(game, state, f"after the action {', '.join(fields)} differ: the game "
                                        f"gives {game.state_to_text(after)}, the reference "
                                        f"{game.state_to_text(want)}", action)
    return None


@theorem(
    "splut.transition",
    lambda game: (
        f"For {game.num_players} players, on every state within three actions of the seed positions "
        "that put each rule of the rulebook within reach, and five of the start (pulls, throws "
        "and kills, SPLUT! on a dwarf, pushes and the edge, levitation and its bookkeeping, "
        "the previous player's rocks, blocked throws, a player without a step, the end): the "
        "game's end, winner, why it ended, player to act, legal actions — by the move generator and by the "
        "legality predicate on every candidate — and the whole state after every legal "
        "action (pieces, rocks, player to move, turn, steps left, throw, levitation, moved "
        "rocks) are exactly those of an independent reading of the rules, which shares only "
        "the board geometry (itself checked by splut.board) with the game; and every "
        "position and legal action written as text reads back (exhaustive). "
        + under_readings(game, TRANSITION_READINGS)
    ),
    clauses=(*TURN_CLAUSES, *STEP_CLAUSES, *ORDER_CLAUSES, *END_CLAUSES, *THROW_FLIGHT, *PUSH_LINE),
    method="exhaustive",
    call=lambda check, game: check(game, 3, every_count=False),
    fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
    depends_on=('players', 'seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight'),
)
@theorem(
    "splut.transition-deep",
    lambda game: (
        "The same as splut.transition one action further: every state within four actions "
        f"of the seed positions and six of the start, for {game.num_players} players (exhaustive)."
    ),
    clauses=(*TURN_CLAUSES, *STEP_CLAUSES, *ORDER_CLAUSES, *END_CLAUSES, *THROW_FLIGHT, *PUSH_LINE),
    method="exhaustive",
    call=lambda check, game: check(game, 4, every_count=False),
    deep=True,
    fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
    depends_on=('players', 'seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight'),
)
def check_transition(
    game: Splut,
    depth: int = 2,
    reference_factory: Callable[[Splut], Reference] = Reference,
    every_count: bool = True,
) -> Result:
    """Exhaustive over every state within ``depth`` actions of the seed positions (``depth + 2`` of
    the start), for 2, 3 and 4 players (``every_count`` False: the game's own count) under the
    game's readings: the game's end, winner, actors,
    legal actions (move generator and legality predicate) and every successor are those of the
    independent reading."""
    total = 0
    said = []
    for g in (_every_count(game) if every_count else [game]):
        reference = reference_factory(g)
        states = family(g, depth, start_depth=depth + 2)
        for state in states:
            found = transition_mismatch(g, state, reference)
            if found is not None:
                return found
        total += len(states)
        said.append(shapes(g, states))
    return Result.proved(f"{total} states, every legal action and candidate checked "
                         f"({'; '.join(said)})")

