"""An independent reading of the Splut! rules, for the theorems: plain, slow Python written from the
clauses, sharing nothing with ``rules.py`` and ``kernel.py`` but the board geometry and the value
classes.

``Reference(game)`` answers, for any consistent state of ``game`` (under its readings), what the
rules say: the legal actions, the state after each, whether the game is over and who won. The
theorem ``splut.transition`` compares the game with it exhaustively on a finite family of
positions; a difference is a counterexample. Nothing here is used to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.splut.board import LINE, NEXT, OFF, SQUARES, Seat
from castlerules.splut.state import Lev, Pass, State, Step, Throw

SORCERER, TROLL, DWARF = "S", "T", "D"
KINDS = (SORCERER, TROLL, DWARF)
ROCK = "R"
#: Clockwise order of the seats around the table.
CLOCKWISE = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)


def opposite(d: int) -> int:
    return (d + 2) % 4


class Reference:
    """What the rules say about a state of ``game``, computed the slow and obvious way."""

    def __init__(self, game: Any) -> None:
        self.n = game.num_players
        read = game.reading
        self.opening = read("steps-per-turn") == "opening"
        self.pull_onto_rock = read("pull-and-throw") == "allowed"
        self.rock_stays = read("blocked-throw") == "rock-stays"
        #: A rock under a troll (only a blocked throw leaves one there) may be levitated or pulled.
        self.under_free = self.rock_stays and read("rock-under-troll") == "allowed"
        self.own_target = read("throw-own-sorcerer") == "target"
        self.slide = read("push-distance") == "slide"
        self.lev_adjacent = read("levitate-any-rock") == "adjacent"
        self.lev_behind = read("levitate-behind") == "allowed"
        self.lev_ahead = read("levitate-ahead") == "allowed"
        self.lev_stays = read("levitate-blocked") == "rock-stays"
        self.lev_first = read("levitate-start") == "first-step"
        self.lev_freed = read("previous-and-this-turn") == "freed"
        self.eliminate = read("no-legal-step") == "eliminated"
        self.thrower_wins = read("winner") == "last-thrower"
        if read("seating") == "clockwise":
            seats = [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST][: self.n]
            if self.n == 2:
                seats = [Seat.SOUTH, Seat.NORTH]
        else:
            seats = [Seat.SOUTH, Seat.NORTH, Seat.WEST, Seat.EAST][: self.n]
        self.seats = seats

    # -- reading a state ----------------------------------------------------------------------
    def cells(self, state: State) -> dict[int, str]:
        """What each occupied square shows: 'R' a rock, 'S1' player 1's sorcerer, ... (a piece on
        a rock shows the piece)."""
        out: dict[int, str] = {r: ROCK for r in state.rocks}
        for p, trio in enumerate(state.pieces):
            for kind, x in zip(KINDS, trio):
                if x != OFF:
                    out[x] = f"{kind}{p}"
        return out

    def alive(self, state: State) -> list[int]:
        return [p for p, trio in enumerate(state.pieces) if trio[0] != OFF]

    def over(self, state: State) -> bool:
        return len(self.alive(state)) <= 1

    def winners(self, state: State) -> set[int]:
        if not self.over(state):
            return set()
        if self.thrower_wins:
            return {state.to_move}
        return set(self.alive(state))

    def ending(self, state: State) -> tuple[str, str | None]:
        """Why a finished game ended, as (the termination's id, the reading it ends so under):
        no sorcerer left, or one (the thrower of the last kill winning under winner =
        last-thrower)."""
        if not self.alive(state):
            return "no-sorcerer", None
        return "last-sorcerer", "splut.interp.winner" if self.thrower_wins else None

    def steps_of_turn(self, turn: int) -> int:
        if not self.opening:
            return 3
        return 1 if turn == 0 else 2 if turn == 1 else 3

    # -- what is legal -----------------------------------------------------------------------
    def legal(self, state: State) -> set[Any]:
        if self.over(state):
            return set()
        p = state.to_move
        if state.throw_from != OFF:
            return {Throw(p, d) for d in range(4) if self.throw_ok(state, state.throw_from, d)}
        steps = self.steps(state)
        return steps if steps else {Pass(p)}

    def blocks_throw(self, state: State, what: str | None) -> bool:
        if what is None:
            return False
        if what == ROCK or what[0] == TROLL:
            return True
        return what[0] == SORCERER and not self.own_target and int(what[1:]) == state.to_move

    def throw_ok(self, state: State, q: int, d: int) -> bool:
        if self.rock_stays:
            return True
        first = NEXT[q][d]
        return first != OFF and not self.blocks_throw(state, self.cells(state).get(first))

    def steps(self, state: State) -> set[Step]:
        p = state.to_move
        cells = self.cells(state)
        out: set[Step] = set()
        s, t, dw = state.pieces[p]
        for d in range(4):
            if s != OFF and NEXT[s][d] != OFF:
                out |= self.sorcerer_steps(state, cells, s, d)
            if t != OFF and NEXT[t][d] != OFF:
                out |= self.troll_steps(state, cells, t, d)
            if dw != OFF and any(c not in cells for c in LINE[dw][d]):
                out.add(Step(p, dw, NEXT[dw][d]))
        return out

    def may_levitate(self, state: State, cells: dict[int, str], r: int, s: int) -> bool:
        """May the sorcerer on ``s`` levitate the rock on ``r`` in this step (where it goes aside)?"""
        if r not in state.rocks:
            return False
        if cells.get(r) != ROCK and not self.under_free:
            return False  # it lies under a troll
        if state.lev == Lev.DONE:
            return False
        if state.lev == Lev.ACTIVE:
            return r == state.lev_rock
        if r in state.moved_before and not (self.lev_freed and r in state.moved_now):
            return False
        if self.lev_first and state.steps_left != self.steps_of_turn(state.turn):
            return False
        return not self.lev_adjacent or r in NEXT[s]

    def sorcerer_steps(self, state: State, cells: dict[int, str], s: int, d: int) -> set[Step]:
        p = state.to_move
        y = NEXT[s][d]
        out: set[Step] = set()
        if y not in cells:
            out.add(Step(p, s, y))
        for r in state.rocks:
            if not self.may_levitate(state, cells, r, s):
                continue
            r2 = NEXT[r][d]
            rock_moves = r2 != OFF and (r2 not in cells or (r2 == s and self.lev_behind))
            if (rock_moves and (y not in cells or (y == r and cells[y] == ROCK and self.lev_ahead))) or (not rock_moves and self.lev_stays and state.lev == Lev.ACTIVE and y not in cells):
                out.add(Step(p, s, y, lev=r))
        return out

    def troll_steps(self, state: State, cells: dict[int, str], t: int, d: int) -> set[Step]:
        p = state.to_move
        y = NEXT[t][d]
        target = cells.get(y)
        if target is not None and target != ROCK:
            return set()
        behind = NEXT[t][opposite(d)]
        resting = t in state.rocks
        rock_behind = cells.get(behind) == ROCK or (self.under_free and behind in state.rocks)
        can_pull = behind != OFF and rock_behind and not resting
        out: set[Step] = set()
        for pull in (False, True):
            if pull and not can_pull:
                continue
            if target == ROCK:
                if pull and not self.pull_onto_rock:
                    continue
                after = dict(cells)
                del after[t]
                if resting:
                    after[t] = ROCK
                if pull:
                    if after[behind] == ROCK:  # a troll standing on it stays
                        del after[behind]
                    after[t] = ROCK
                after[y] = f"T{p}"
                if not self.rock_stays and not any(
                    NEXT[y][e] != OFF and not self.blocks_throw(state, after.get(NEXT[y][e]))
                    for e in range(4)
                ):
                    continue
            out.add(Step(p, t, y, pull=pull))
        return out

    # -- what happens ---------------------------------------------------------------------------
    def after(self, state: State, action: Any) -> State:
        """The state after a legal ``action``."""
        if isinstance(action, Throw):
            return self.after_throw(state, action.direction)
        if isinstance(action, Pass):
            pieces = state.pieces
            if self.eliminate:
                pieces = self.without_team(pieces, state.to_move)
            return self.next_turn(state, pieces, state.rocks, state.moved_now)
        return self.after_step(state, action)

    def after_step(self, state: State, step: Step) -> State:
        p = step.player
        d = NEXT[step.frm].index(step.to)
        trio = list(state.pieces[p])
        kind = trio.index(step.frm)
        pieces = [list(t) for t in state.pieces]
        rocks = list(state.rocks)
        moved: dict[int, int] = {}  # rock moves of this step, old square -> new square
        lev, lev_rock, throw_from = state.lev, state.lev_rock, OFF
        cells = self.cells(state)
        if kind == 0:
            pieces[p][0] = step.to
            if step.lev != OFF:
                r2 = NEXT[step.lev][d]
                moves = r2 != OFF and (r2 not in cells or (r2 == step.frm and self.lev_behind))
                lev, lev_rock = Lev.ACTIVE, (r2 if moves else step.lev)
                if moves:
                    moved[step.lev] = r2
        elif kind == 1:
            pieces[p][1] = step.to
            if step.pull:
                moved[NEXT[step.frm][opposite(d)]] = step.frm
            if cells.get(step.to) == ROCK:
                throw_from = step.to
        else:
            self.push(state, cells, step, pieces, moved)
        if lev == Lev.ACTIVE and not (kind == 0 and step.lev != OFF):
            lev, lev_rock = Lev.DONE, OFF
        rocks = sorted(moved.get(r, r) for r in rocks)
        before = frozenset(moved.get(r, r) for r in state.moved_before)
        now = frozenset(moved.get(r, r) for r in state.moved_now) | set(moved.values())
        pieces_t = tuple((t[0], t[1], t[2]) for t in pieces)
        left = state.steps_left - 1
        if throw_from != OFF or left > 0:
            return State(pieces=pieces_t, rocks=tuple(rocks), to_move=p,  # type: ignore[arg-type]
                         turn=state.turn, steps_left=left, throw_from=throw_from, lev=lev,
                         lev_rock=lev_rock, moved_before=before, moved_now=now)
        return self.next_turn(state, pieces_t, tuple(rocks), now)

    def push(
        self, state: State, cells: dict[int, str], step: Step, pieces: list[list[int]],
        moved: dict[int, int],
    ) -> None:
        """The dwarf steps; pieces in its way move on (one square, or sliding to the edge)."""
        p = step.player
        d = NEXT[step.frm].index(step.to)
        line = LINE[step.frm][d]
        pieces[p][2] = step.to
        if step.to not in cells:
            return
        targets: Sequence[int]
        if self.slide:
            items = [c for c in line if c in cells]
            targets = line[len(line) - len(items):]
        else:
            items = []
            for c in line:
                if c not in cells:
                    break
                items.append(c)
            targets = [NEXT[c][d] for c in items]
        for old, new in zip(items, targets):
            if old == new:
                continue  # already against the edge: it does not move
            what = cells[old]
            if what == ROCK:
                moved[old] = new
            else:
                q, k = int(what[1:]), KINDS.index(what[0])
                pieces[q][k] = new
                if old in state.rocks:  # a troll resting on a rock takes it along
                    moved[old] = new

    def after_throw(self, state: State, d: int) -> State:
        q = state.throw_from
        cells = self.cells(state)
        cells[q] = ROCK  # the rock in the troll's hands is what flies
        line = LINE[q][d]
        land = None
        for i, c in enumerate(line):
            what = cells.get(c)
            if self.blocks_throw(state, what):
                break
            if what is not None and what[0] == SORCERER:
                land = c
                break
            land = c
            nxt = line[i + 1] if i + 1 < len(line) else None
            if nxt is None or self.blocks_throw(state, cells.get(nxt)):
                break
        pieces = state.pieces
        rocks = list(state.rocks)
        now = set(state.moved_now)
        if land is None:  # the rock cannot leave the troll's square
            now.add(q)
            return self.next_turn(state, pieces, tuple(rocks), frozenset(now))
        victim = cells.get(land)
        if victim is not None and victim[0] == SORCERER:
            pieces = self.without_team(pieces, int(victim[1:]))
        elif victim is not None and victim[0] == DWARF:
            v = int(victim[1:])
            pieces = tuple((t[0], t[1], OFF) if i == v else t for i, t in enumerate(pieces))
        rocks[rocks.index(q)] = land
        now.discard(q)
        now.add(land)
        return self.next_turn(state, pieces, tuple(sorted(rocks)), frozenset(now))

    def without_team(
        self, pieces: tuple[tuple[int, int, int], ...], victim: int
    ) -> tuple[tuple[int, int, int], ...]:
        return tuple((OFF, OFF, OFF) if i == victim else t for i, t in enumerate(pieces))

    def next_turn(
        self, state: State, pieces: tuple[tuple[int, int, int], ...], rocks: tuple[int, ...],
        moved_now: frozenset[int],
    ) -> State:
        alive = [p for p, t in enumerate(pieces) if t[0] != OFF]
        if len(alive) <= 1 and self.thrower_wins:
            nxt = state.to_move
        else:
            order = sorted(range(self.n), key=lambda p: CLOCKWISE.index(self.seats[p]))
            at = order.index(state.to_move)
            later = [order[(at + k) % self.n] for k in range(1, self.n + 1)]
            nxt = next((q for q in later if q in alive), state.to_move)
        return State(
            pieces=pieces, rocks=rocks, to_move=nxt, turn=state.turn + 1,  # type: ignore[arg-type]
            steps_left=self.steps_of_turn(state.turn + 1), moved_before=moved_now,
        )

    @property
    def first(self) -> int:
        """Who begins: player 0, or with 4 players seated as they sit down the fourth."""
        return 3 if self.n == 4 and self.seats[1] == Seat.NORTH else 0


#: Every square, for enumerations.
BOARD = SQUARES
