"""The families of positions the exhaustive theorems enumerate (each says what it covers)."""


from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    START,
    Phase,
    State,
)


# -- the families of positions ---------------------------------------------------------------------
def _places(game: Spookslot) -> list[str]:
    extra = [LINE] if game.reading("start-line") == "line-square" else []
    return [START, *extra, *game.board.ids]


def _fill(game: Spookslot, mover: tuple[str, ...], others: Sequence[str],
          turn: int = 0, owner: int | None = None) -> tuple[tuple[str, ...], ...] | None:
    """Pawns with the mover's on ``mover`` and the other players' pawns on ``others`` (in order,
    ``owner``'s pawns first if given; the rest behind the start line); None if they do not fit."""
    per, n = game.pawns_per_player, game.num_players
    slots = [(p, k) for p in range(n) if p != turn for k in range(per)]
    if owner is not None:
        slots.sort(key=lambda pk: pk[0] != owner)
    if len(others) > len(slots):
        return None
    at = dict(zip(slots, others))
    return tuple(mover if p == turn else tuple(at.get((p, k), START) for k in range(per))
                 for p in range(n))


def _bookkeeping(game: Spookslot, pawns: tuple[tuple[str, ...], ...],
                 free: bool = True) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Consistent 4-player bookkeeping for ``pawns``: each player's first pawn is the one off the
    start (a), released when ``free`` or when it stands on the laboratory floor."""
    if game.num_players != 4:
        return (), ()
    first, released = [], []
    for ps in pawns:
        moved = [k for k, q in enumerate(ps) if q != START]
        if not moved:
            first.append(-1)
            released.append(False)
            continue
        f = moved[0]
        first.append(f)
        lead = ps[f]
        on_lower = lead in game.board.lower or lead == EXIT
        released.append(on_lower or (free and len(moved) > 1) or (free and on_lower))
    return tuple(first), tuple(released)


def _valid(game: Spookslot, state: State) -> bool:
    try:
        game.validate_state(state)
    except Exception:
        return False
    return True


def move_states(game: Spookslot, blockers: int) -> Iterator[State]:
    """Every square of the mover's pawn, every face, up to ``blockers`` other pawns on the squares
    within reach (the mover's own other pawn among them, behind the start or escaped)."""
    faces = sorted(f for f in game._faces if f != GHOST)
    reach_of = game.board.reach
    bits = {v: q for q, v in game.board.bit.items() if v}
    n, per = game.num_players, game.pawns_per_player
    for turn in sorted({0, n - 1}):
        # with 3 or more players the other pawns are the last other player's first: every
        # player's pawns block, not only the next player's
        owner = max(p for p in range(n) if p != turn) if n > 2 else None
        for q in _places(game):
            near = [bits[1 << i] for i in range(reach_of(q, game.window).bit_length())
                    if reach_of(q, game.window) >> i & 1]
            for size in range(blockers + 1):
                for chosen in itertools.combinations(near, size):
                    owns: list[str | None] = [START, EXIT] if per == 2 else [None]
                    if per == 2 and chosen:
                        owns.append(chosen[0])
                    for own in owns:
                        rest = list(chosen)
                        if own is not None and own in rest:
                            rest.remove(own)
                        mover = (q,) if own is None else (q, own)
                        pawns = _fill(game, mover, rest, turn, owner)
                        if pawns is None or any(all(x == EXIT for x in ps) for ps in pawns):
                            continue
                        first, released = _bookkeeping(game, pawns)
                        for face in faces:
                            # consistent by construction; MoveCases keeps those where the
                            # rules or the game allow a move
                            yield State(pawns, turn, Phase.MOVE, face, (), first, released)


def roll_states(game: Spookslot) -> Iterator[State]:
    """The mover's pawn on every square, another pawn (with 3 or more players the last other
    player's) on a safe or a danger square or none; before the first roll and after a ghost."""
    b = game.board
    danger = sorted(b.danger)[:1]
    safe = [q for q in b.ids if q not in b.danger][-1:]
    n = game.num_players
    for turn in sorted({0, n - 1}):
        for q in _places(game):
            for other in ([], danger, safe):
                owns = [(q, START), (START, q), (q, q)] if game.pawns_per_player == 2 else [(q,)]
                for own in owns:
                    yield from _roll_phases(game, own, other, turn)


def _roll_phases(game: Spookslot, own: tuple[str, ...], other: list[str],
                 turn: int) -> Iterator[State]:
    """The ROLL and REROLL states of one pawn placement (if valid); with 3 or more players the
    other pawn is the last other player's."""
    n = game.num_players
    owner = max(p for p in range(n) if p != turn) if n > 2 else None
    pawns = _fill(game, own, other, turn, owner)
    if pawns is None:
        return
    first, released = _bookkeeping(game, pawns)
    for phase in (Phase.ROLL, Phase.REROLL):
        s = State(pawns, turn, phase, 0, (), first, released)
        if _valid(game, s):
            yield s


def ball_states(game: Spookslot) -> Iterator[State]:
    """Two pawns on every pair of squares, one in danger: the mover's and another player's, or
    both of the mover's, or the mover's second pawn and another player's. With 3 or more
    players the other pawn belongs to each other player in turn, on every pair of danger squares
    and the first safe square."""
    b = game.board
    n = game.num_players
    squares = list(b.ids) if n == 2 else [q for q in b.ids if q in b.danger] + [
        next(q for q in b.ids if q not in b.danger)]
    two = game.pawns_per_player == 2
    for turn in sorted({0, n - 1}):
        owners = [p for p in range(n) if p != turn]
        for q, r in itertools.product(squares, repeat=2):
            if q not in b.danger and r not in b.danger:
                continue
            layouts = [((q, START), [r]), ((q, r), []), ((START, q), [START, r])] if two else \
                [((q,), [r])]
            for (own, others), owner in itertools.product(layouts, owners):
                if not others and owner != owners[0]:
                    continue
                pawns = _fill(game, own, others, turn, owner)
                if pawns is None:
                    continue
                first, released = _bookkeeping(game, pawns)
                s = State(pawns, turn, Phase.BALL, 0, (), first, released)
                if _valid(game, s):
                    yield s


def passage_states(game: Spookslot) -> Iterator[State]:
    """Every placement of the mover's two pawns and another player's pawn (each other player in
    turn) on the red star squares (or elsewhere), with every set of them still to decide."""
    b = game.board
    stars = list(b.red_stars)
    n = game.num_players
    two = game.pawns_per_player == 2
    owns = list(itertools.product(["t1", *stars], [START, *stars])) if two else \
        [(x,) for x in ("t1", *stars)]
    for turn in sorted({0, n - 1}):
        owners = [p for p in range(n) if p != turn]
        for own, theirs, owner in itertools.product(owns, [None, *stars], owners):
            if theirs is None and owner != owners[0]:
                continue
            pawns = _fill(game, tuple(own), [theirs] if theirs else [], turn, owner)
            if pawns is None:
                continue
            on_star = [(p, k) for p, ps in enumerate(pawns) for k, x in enumerate(ps)
                       if x in b.red_stars]
            first, released = _bookkeeping(game, pawns)
            for size in range(1, len(on_star) + 1):
                for pending in itertools.combinations(on_star, size):
                    s = State(pawns, turn, Phase.PASSAGE, 0, pending, first, released)
                    if _valid(game, s):
                        yield s


def four_player_states(game: Spookslot) -> Iterator[State]:
    """With 4 players: the mover's two pawns on every pair of places, the first pawn and whether the
    second is free in every consistent combination, every face."""
    places = _places(game)
    faces = sorted(f for f in game._faces if f != GHOST)
    for a, b_ in itertools.product(places, repeat=2):
        if a == START and b_ != START:
            continue
        pawns = _fill(game, (a, b_), [], 0)
        assert pawns is not None
        for free in (False, True):
            first, released = _bookkeeping(game, pawns, free)
            for face in faces:
                s = State(pawns, 0, Phase.MOVE, face, (), first, released)
                if _valid(game, s) and game.legal_actions(s):
                    yield s




def long_bounce_states(game: Spookslot) -> Iterator[State]:
    """MOVE positions of the longest bounces, the last player moving: the mover's pawn on every
    place, every number of the die, every way forward, and a row of j pawns standing on the
    rolled square and the j - 1 squares after it, for every j from 0 up to every other pawn of the game (the mover's own
    other pawn first, then the other players'): a bounce then has to pass all of them."""
    n, per = game.num_players, game.pawns_per_player
    faces = sorted(f for f in game._faces if f != GHOST)
    most = n * per - 1
    turn = n - 1  # the last player: the move passes the turn round to the first
    for q in _places(game):
        for f in faces:
            for path in _walks(game, q, f + most):
                for j in range(most + 1):
                    cells = path[f - 1:f - 1 + j]
                    if len(cells) < j or EXIT in cells:
                        break
                    mover: tuple[str, ...]
                    if per == 2:
                        mover = (q, cells[0] if cells else START)
                        others = list(cells[1:])
                    else:
                        mover, others = (q,), list(cells)
                    pawns = _fill(game, mover, others, turn)
                    if pawns is None or q in cells:
                        continue
                    first, released = _bookkeeping(game, pawns)
                    if _valid(game, State(pawns, turn, Phase.ROLL, 0, (), first, released)):
                        yield State(pawns, turn, Phase.MOVE, f, (), first, released)


def _walks(game: Spookslot, origin: str, length: int) -> list[tuple[str, ...]]:
    """Every walk of up to ``length`` steps forward from ``origin`` (the Exit ends a walk), read
    from the board's squares (behind the start: the start line under its reading first)."""
    b = game.board
    line = game.reading("start-line") == "line-square"

    def steps(q: str) -> tuple[str, ...]:
        if q == START:
            return (LINE,) if line else (b.start,)
        if q == LINE:
            return (b.start,)
        return b.by_id[q].next

    out: list[tuple[str, ...]] = []
    todo: list[tuple[str, ...]] = [()]
    while todo:
        path = todo.pop()
        at = path[-1] if path else origin
        if len(path) == length or at == EXIT:
            out.append(path)
            continue
        todo.extend((*path, s) for s in steps(at))
    return out
