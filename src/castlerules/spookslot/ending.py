"""Whether a Spookslot game can always still end under its options, decided from the game's rules.

Options can make a game that rolls for ever: a die of six 5s leaves a pawn a few squares before
the Exit, where no roll is exact and nothing ever moves it again; trap weights that send every ball
to the stairs send back every pawn that steps onto them, and no roll crosses six steps. A game
under such options is refused (``Spookslot`` calls ``check_ending``), with the place where a pawn
gets stuck and the places it can still stand on from there.

The check follows one pawn, by the game's own rules (``move_set``, the chance outcomes, the
passage), from where pawns start. Its places are the squares, the places behind and on the start
line, and the Exit. In a turn the pawn's owner rolls; every outcome of the die and of the ball
and every choice of the owner counts (a set of places, not a distribution: the question is which
places can follow, not how likely they are). Besides its own turns:

- other players may drop the ball while the pawn stands in a danger zone (a ghost with anyone in
  danger, or a move into danger): its trap, if the ball can reach it, sends the pawn back, and the
  portrait opens the passage from a red star square (not under ``ball-once = mover-only``, where a
  ball moves only the dropper's pawns);
- other pawns may stand in its way: a move may bounce over a run of squares the other players'
  pawns fill (as many as they have pawns, each on a place where a pawn can stand), forward from
  where the count ends, or back from where a count past the Exit turns (``exit-exact =
  count-back``).

``places`` are the places a pawn can come to from the start this way (every place a pawn can
stand on in a game is one); a place is *stuck* if the Exit cannot be reached from it by the pawn's
own turns and the balls of others. Options under which a pawn can come to a stuck place are
refused; the others are accepted:

- Accepted options: from every place a pawn can come to, it can reach the Exit on its own turns
  with the balls of others, wherever the other pawns stand (a move onto the Exit is exact and
  bounces over nothing). The game ends as soon as one player's pawns are all out; the player to
  move can always be the one who gets there. The game's states are finite, so a game that can
  always still end ends with probability 1 under any play that gives each outcome of the die and
  the ball its chance, and its expected length is finite (it can still be long: the check says
  whether a game ends, not how soon).
- Refused options: a pawn can come to a place it never leaves for the Exit by its own turns and
  the balls of others — a way out, if there is one, needs other pawns standing in the right
  places for a bounce. On the packaged board, for every set of die faces and of traps the ball
  reaches, each refused option set even has a place a pawn can come to and never leave for the
  Exit whatever the other pawns do (bounces included; measured for the default readings: 1,013
  of 1,905 option sets refused, none without such a place). Every player's pawns can go the same
  way with positive probability; once each player has a pawn there, no one can win, and the
  game rolls for ever: such options do not make games that end with probability 1.

The theorems ``spookslot.options-end`` (the game's options and the campaign's two) and
``spookslot.options-end-every`` (every set of die faces and of traps; ``--deep``) compare the
check, place by place, with a model of one pawn read from the board data and the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from castlerules.core.cache import BoundedCache
from castlerules.core.errors import InvalidOptionError
from castlerules.spookslot.board import Board
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    START,
    TRAPS,
    Phase,
    Roll,
    State,
    make_state,
)


class Spookslot(Protocol):
    """What the check reads of a Spookslot game (the rules module imports this one, so the
    game's class is described here, not imported)."""

    board: Board
    window: int
    no_yellow: bool
    _faces: frozenset[int]
    _traps: frozenset[str]
    _ball_actions: tuple[Any, ...]
    _fallback_of: dict[str, dict[str, str]]
    _count_back: bool
    _line: bool
    _mover_only: bool

    @property
    def num_players(self) -> int: ...

    @property
    def pawns_per_player(self) -> int: ...

    @property
    def readings(self) -> dict[str, str]: ...

    def _ways(self, pos: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]: ...

    def move_set(self, state: State) -> Any: ...

    def successor(self, state: State, action: Any) -> State: ...

    def legal_actions(self, state: State) -> tuple[Any, ...]: ...

    def is_terminal(self, state: State) -> bool: ...

#: (places, stuck places, the ways between places) of a set of options.
Verdict = tuple[frozenset[str], frozenset[str], tuple[tuple[str, frozenset[str]], ...]]
#: The verdicts already found, by what decides them (immutable values; thread-safe).
_VERDICTS: BoundedCache[tuple[Any, ...], Verdict] = BoundedCache(4096)
#: The most places a message lists.
_SHOWN = 8


def _state(game: Spookslot, square: str, turn_phase: Phase = Phase.ROLL, roll: int = 0,
           others: Iterable[str] = ()) -> State:
    """Player 0's pawn a on ``square`` (pawn b, if there is one, escaped), the other players'
    pawns on ``others`` (in turn) and behind the start line."""
    n, per = game.num_players, game.pawns_per_player
    filling = list(others)
    pawns: list[tuple[str, ...]] = [(square, EXIT)[:per]]
    for _ in range(1, n):
        mine = tuple(filling.pop(0) if filling else START for _ in range(per))
        pawns.append(mine)
    four = n == 4
    first = (0, *(-1 if all(q == START for q in ps) else 0 for ps in pawns[1:])) if four else ()
    released = tuple(f == 0 for f in first) if four else ()
    return make_state(tuple(pawns), 0, turn_phase, roll, (), first, released, -1)


def _turn_ends(game: Spookslot, states: Iterable[State]) -> frozenset[str]:
    """Where player 0's pawn a stands when the turn under way in ``states`` is over (the Exit: it
    escaped), over every outcome and every choice the game offers."""
    ends: set[str] = set()
    seen: set[State] = set()
    todo = list(states)
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        if game.is_terminal(state):
            ends.add(EXIT)
            continue
        if state.turn != 0:
            ends.add(state.pawns[0][0])
            continue
        for action in game.legal_actions(state):
            todo.append(game.successor(state, action))
    return frozenset(ends)


def _rest_key(game: Spookslot) -> tuple[Any, ...]:
    """What a roll's outcomes depend on besides the faces of the die: the board, the traps the
    ball reaches, the player count, the window, the optional rule and every reading."""
    readings = tuple(sorted((k, v) for k, v in game.readings.items()
                            if k not in ("spookslot.interp.die-faces",)))
    return (game.board, game._traps, game.num_players, game.window, game.no_yellow, readings)


#: A roll's outcomes by (``_rest_key``, place, what): shared by the games that differ only in their
#: die (a check over many dice computes each once). Immutable values.
_ROLLS: BoundedCache[tuple[Any, ...], frozenset[str]] = BoundedCache(1 << 16)


def _cached(rest: tuple[Any, ...], square: str, what: Any, compute: Any) -> frozenset[str]:
    key = (rest, square, what)
    found = _ROLLS.get(key)
    if found is None:
        found = _ROLLS.put(key, frozenset(compute()))
    return found


def _number(game: Spookslot, rest: tuple[Any, ...], square: str, roll: int) -> frozenset[str]:
    """Where a turn in which the lone pawn on ``square`` rolled ``roll`` leaves it."""
    return _cached(rest, square, roll, lambda: _turn_ends(
        game, [game.successor(_state(game, square), Roll(roll))]))


def _ghost(game: Spookslot, rest: tuple[Any, ...],
           square: str) -> tuple[frozenset[str], bool | None]:
    """A ghost rolled by the lone pawn's owner: (where the dropped ball leaves the pawn, None) if
    it drops the ball, else ((), whether a second ghost ends the turn) — the owner rolls again."""
    after = game.successor(_state(game, square), Roll(GHOST))
    if after.phase is Phase.REROLL:
        again = game.successor(after, Roll(GHOST))
        return frozenset(), again.turn != 0
    return _cached(rest, square, "ghost", lambda: _turn_ends(game, [after])), None


def _turn(game: Spookslot, rest: tuple[Any, ...], square: str) -> frozenset[str]:
    """Where the lone pawn on ``square`` can stand when its owner's turn is over: each face of the
    die, as the rules play it."""
    numbers = sorted(game._faces - {GHOST})
    ends: set[str] = set()
    for roll in numbers:
        ends |= _number(game, rest, square, roll)
    if GHOST in game._faces:
        dropped, ends_turn = _ghost(game, rest, square)
        ends |= dropped
        if ends_turn:
            ends.add(square)
    return frozenset(ends)


def _ball_moves(game: Spookslot, square: str) -> frozenset[str]:
    """Where a ball another player drops can send the pawn on ``square``."""
    if game._mover_only or square not in game.board.danger:
        return frozenset()
    out = set()
    for ball in game._ball_actions:
        back = game._fallback_of[ball.trap]
        if square in back:
            out.add(back[square])
        elif ball.trap == "portrait" and square in game.board.red_stars and game.board.green_star:
            out.add(game.board.green_star)
    return frozenset(out)


#: Bounces by (``_rest_key``, place, roll): each run of squares other pawns fill, with where the
#: turn can then leave the pawn. Immutable values.
_BOUNCES: BoundedCache[tuple[Any, ...], tuple[tuple[frozenset[str], frozenset[str]], ...]] = (
    BoundedCache(1 << 16))


def _bounce(game: Spookslot, rest: tuple[Any, ...], square: str,
            roll: int) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """The bounces of a move of ``roll`` from ``square``: for each run of squares other players'
    pawns may fill on its way — forward from the counted square, or back from where a count past
    the Exit turns (``exit-exact = count-back``) — where the turn then leaves the pawn (the turn
    goes on as the rules say: the ball drops on a danger square)."""
    key = (rest, square, roll)
    found = _BOUNCES.get(key)
    if found is not None:
        return found
    others = (game.num_players - 1) * game.pawns_per_player
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for path, _ in game._ways(square):
        to_exit = len(path) if path[-1] == EXIT else None
        starts = [roll]
        if to_exit is not None and roll > to_exit and game._count_back:
            starts += [2 * to_exit - roll - m + 1 for m in range(1, others + 1)]
        for first in starts:
            for m in range(1, others + 1):
                run = path[first - 1 : first - 1 + m] if first >= 1 else ()
                if len(run) != m or any(q in (LINE, EXIT) for q in run):
                    break
                state = _state(game, square, Phase.MOVE, roll, run)
                after = [game.successor(state, move) for move in game.move_set(state).dest
                         if move.player == 0 and move.pawn == 0]
                out.append((frozenset(run), _turn_ends(game, after)))
    return _BOUNCES.put(key, tuple(out))


def _places(game: Spookslot) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(ways, reach): for every place the pawn can come to from the start, where its own turns
    and others' balls take it (``ways``), and also where bounces can (``reach``): a bounce over
    squares where pawns can stand (places themselves), taken once they all are places."""
    ways: dict[str, frozenset[str]] = {}
    reach: dict[str, set[str]] = {}
    numbers = sorted(game._faces - {GHOST})
    rest = _rest_key(game)
    #: Bounces waiting for a square of their run to become a place: square -> [(from, run, ends)].
    waiting: dict[str, list[tuple[str, frozenset[str], frozenset[str]]]] = {}
    todo = [START]

    def take(q: str, ends: frozenset[str]) -> None:
        reach[q] |= ends
        todo.extend(r for r in ends if r not in ways)

    while todo:
        q = todo.pop()
        if q in ways:
            continue
        ways[q] = frozenset() if q == EXIT else _turn(game, rest, q) | _ball_moves(game, q)
        reach[q] = set()
        take(q, ways[q])
        for origin, run, ends in waiting.pop(q, ()):
            missing = next((r for r in run if r not in ways), None)
            if missing is None:
                take(origin, ends)
            else:
                waiting.setdefault(missing, []).append((origin, run, ends))
        for roll in numbers if q != EXIT else ():
            for run, ends in _bounce(game, rest, q, roll):
                missing = next((r for r in run if r not in ways), None)
                if missing is None:
                    take(q, ends)
                else:
                    waiting.setdefault(missing, []).append((q, run, ends))
    return ways, {q: frozenset(v) for q, v in reach.items()}


def leading_to(edges: Mapping[str, Iterable[str]], goal: str) -> set[str]:
    """The places from which ``goal`` can be reached along ``edges`` (one backward search)."""
    back: dict[str, list[str]] = {}
    for q, nxt in edges.items():
        for r in nxt:
            back.setdefault(r, []).append(q)
    found = {goal}
    todo = [goal]
    while todo:
        for q in back.get(todo.pop(), ()):
            if q not in found:
                found.add(q)
                todo.append(q)
    return found


def _key(game: Spookslot) -> tuple[Any, ...]:
    """What the verdict depends on: the faces of the die and everything else a roll depends on."""
    return (game._faces, *_rest_key(game))


def _every_place_leads_out(game: Spookslot) -> bool:
    """Whether from every place of the board (and behind the start line) the pawn can reach the
    Exit by its own turns and others' balls: then no place is stuck, wherever a pawn can come,
    and the bounces need not be followed (the common case, half the work)."""
    rest = _rest_key(game)
    starts = (START, LINE) if game._line else (START,)
    ways = {q: _turn(game, rest, q) | _ball_moves(game, q) for q in (*starts, *game.board.ids)}
    return len(leading_to(ways, EXIT)) == len(ways) + 1


def _verdict(game: Spookslot) -> Verdict:
    """The places, the stuck places and the ways between places of ``game``'s options."""
    key = _key(game)
    found = _VERDICTS.get(key)
    if found is None and _every_place_leads_out(game):
        found = _VERDICTS.put(key, (frozenset(), frozenset(), ()))
    if found is None:
        ways, reach = _places(game)
        good = leading_to(ways, EXIT)
        places = frozenset(reach)
        found = _VERDICTS.put(key, (places, frozenset(places - good), tuple(ways.items())))
    return found


def stuck_places(game: Spookslot) -> tuple[frozenset[str], frozenset[str]]:
    """(places, stuck): where a pawn can get to from the start (see the module docstring) and
    those of them from which it can never reach the Exit."""
    places, stuck, _ = _verdict(game)
    if not places:  # no place is stuck: where pawns can come was not followed (``_verdict``)
        places = frozenset(_places(game)[1])
    return places, stuck


def _later(ways: dict[str, frozenset[str]], origin: str) -> set[str]:
    """The places a pawn on ``origin`` can stand on later (``origin`` included), by its own turns
    and others' balls."""
    seen: set[str] = set()
    todo = [origin]
    while todo:
        q = todo.pop()
        if q not in seen:
            seen.add(q)
            todo.extend(ways.get(q, ()))
    return seen


def check_ending(game: Spookslot) -> None:
    """Refuse options under which a game can go on for ever (see the module docstring): the
    message names the stuck place with the fewest places after it (the one a pawn ends up in)."""
    _, stuck, ways_items = _verdict(game)
    if not stuck:
        return
    order = {q: i for i, q in enumerate((START, LINE, *game.board.ids, EXIT))}
    ways = dict(ways_items)
    later = {q: _later(ways, q) for q in stuck}
    where = min(stuck, key=lambda q: (len(later[q]), -order[q]))
    shown = sorted(later[where], key=order.__getitem__)
    listed = ", ".join(shown[:_SHOWN]) + (" …" if len(shown) > _SHOWN else "")
    raise InvalidOptionError(
        f"spookslot: with these options a game can go on for ever: a pawn can come to {where}, "
        f"and from there it never reaches the Exit (it only ever stands on {listed}; the die "
        f"shows {_faces(game)}, the ball reaches {', '.join(t for t in TRAPS if t in game._traps)}"
        "); see the interpretations spookslot.interp.die-faces and spookslot.interp.trap-weights"
    )


def _faces(game: Spookslot) -> str:
    numbers = [str(f) for f in sorted(game._faces) if f]
    return ", ".join(numbers + (["ghost"] if 0 in game._faces else []))
