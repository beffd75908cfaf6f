"""The independent reading of the rules: what the rulebook says each step does, written from the
spec and the board data, not from the game's code. The oracle of the exhaustive theorems."""


from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from castlerules.spookslot.board import Board
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    START,
    TRAPS,
    Move,
    Passage,
    Phase,
    State,
)
from castlerules.spookslot.theorems.common import (
    Key,
)


# -- the independent reading of the rules ----------------------------------------------------------
class BoardData:
    """What the rules need of a board, read straight from its squares (not from the lookups the
    game's ``Board`` computes), so the reading below shares no derived data with the game."""

    def __init__(self, board: Board) -> None:
        squares = board.squares
        self.start = board.start
        self.ids = tuple(sq.id for sq in squares)
        self.next = {sq.id: sq.next for sq in squares}
        self.danger = {sq.id for sq in squares if sq.colour in ("red", "stair")}
        self.yellow = {sq.id for sq in squares if sq.colour == "yellow"}
        self.blue = {sq.id for sq in squares if sq.colour == "blue"}
        self.lower = {sq.id for sq in squares if sq.floor == "lower"}
        self.zone = {t: [sq.id for sq in squares if sq.trap == t] for t in TRAPS}
        self.fallback = {sq.id: sq.fallback for sq in squares if sq.fallback is not None}
        self.red_stars = [sq.id for sq in squares if sq.star and sq.colour == "red"]
        greens = [sq.id for sq in squares if sq.star and sq.colour == "green"]
        self.green_star = greens[0] if greens else None
        self.squares = squares

    def reachable(self, origin: str) -> set[str]:
        seen: set[str] = set()
        todo = list(self.next.get(origin, ()))
        while todo:
            q = todo.pop()
            if q not in seen:
                seen.add(q)
                if q != EXIT:
                    todo.extend(self.next[q])
        return seen


class Reading:
    """The rules as the rulebook states them, step by step, for one game's options and readings
    (written from the spec, not from the game's code)."""

    def __init__(self, game: Spookslot) -> None:
        self.game = game
        self.board = BoardData(game.board)
        self.n = game.num_players
        self.per = game.pawns_per_player
        r = game.reading
        self.bounce_route = "safe" if r("route-choice") == "bounce-safe" else "choose"
        fork = r("bounce-at-fork")
        self.bounce_fork = "safe" if self.bounce_route == "safe" else fork
        self.count_square = r("bounce-colour") == "count-square"
        self.count_back = r("exit-exact") == "count-back"
        self.share = r("bounce-past-exit") == "share"
        self.forced = r("forced-move")
        self.share_always = r("shared-squares") == "always"
        self.auto_passage = r("secret-passage") == "always"
        self.until_number = r("ghost-reroll") == "until-number"
        self.sticky = r("four-player-second-pawn") == "once-reached"
        self.line = r("start-line") == "line-square"
        self.mover_only = r("ball-once") == "mover-only"
        self.no_yellow = game.no_yellow
        options = game.options
        faces = options.get("die_faces", [1, 2, 3, 4, "ghost", "ghost"])
        self.die: dict[int, Fraction] = {}
        for f in faces:
            face = GHOST if f == "ghost" else int(f)
            self.die[face] = self.die.get(face, Fraction(0)) + Fraction(1, 6)
        weights = options.get("trap_weights", dict.fromkeys(TRAPS, 1))
        total = sum(weights.values())
        self.ball = {t: Fraction(w, total) for t, w in weights.items() if w}

    # where the next step goes
    def _steps(self, q: str) -> tuple[str, ...]:
        if q == START:
            return (LINE,) if self.line else (self.board.start,)
        if q == LINE:
            return (self.board.start,)
        return self.board.next[q]

    def _branch(self, fork: str, kind: str) -> str:
        """The first square of the safe or the short route at ``fork``: walking a route until it
        meets the other, the one without a danger square is the safe one."""
        b = self.board
        firsts = b.next[fork]
        danger = {}
        for first in firsts:
            others: set[str] = set()
            for o in firsts:
                if o != first:
                    others |= {o} | b.reachable(o)
            q, found = first, False
            while q not in others and q != EXIT:
                found = found or q in b.danger
                q = b.next[q][0]
            danger[first] = found
        wanted = [f for f in firsts if danger[f] == (kind == "short")]
        return wanted[0] if wanted else firsts[0]

    def locked(self, state: State, p: int, k: int) -> bool:
        """'Met 4 spelers ... Je tweede pion mag pas bewegen als je eerste pion ... op een veld van
        de laboratoriumverdieping staat.'"""
        if self.n != 4:
            return False
        first = state.first[p]
        if first in (-1, k):
            return False
        if self.sticky:
            return not state.released[p]
        lead = state.pawns[p][first]
        return not (lead in self.board.lower or lead == EXIT)

    def pawn_moves(self, state: State, k: int) -> dict[tuple[str, ...], tuple[str, bool]]:
        """route named -> (where the pawn ends, whether the ball drops) for pawn ``k``."""
        p, roll = state.turn, state.roll
        pos = state.pawns[p][k]
        taken = {q for ps in state.pawns for q in ps if q not in (START, EXIT, LINE)}
        if self.share_always:
            taken -= set(self.board.blue) | {self.board.green_star}
        out: dict[tuple[str, ...], tuple[str, bool]] = {}
        # the count: every way of walking ``roll`` steps, naming the route at each fork
        walks: list[tuple[list[str], tuple[str, ...]]] = [([pos], ())]
        for _ in range(roll):
            grown = []
            for path, via in walks:
                here = path[-1]
                if here == EXIT:
                    grown.append(([*path, "PAST"], via))
                    continue
                if here == "PAST":
                    grown.append(([*path, "PAST"], via))
                    continue
                nxt = self._steps(here)
                for q in nxt:
                    grown.append(([*path, q], (*via, q) if len(nxt) > 1 else via))
            walks = grown
        for path, via in walks:
            end = path[-1]
            if end == EXIT:
                result: tuple[str, str] | None = (EXIT, EXIT)
            elif end == "PAST":
                result = self._count_back(path, taken) if self.count_back else None
            elif end not in taken:
                result = (end, end)
            else:
                for landed, more, shared in self._bounce(end, end, taken, 1):
                    self._add(out, via if shared else (*via, *more), landed, end)
                continue
            if result is not None:
                self._add(out, via, result[0], result[1])
        return out

    def _add(self, out: dict[tuple[str, ...], tuple[str, bool]], via: tuple[str, ...],
             landed: str, counted: str) -> None:
        if self.no_yellow and landed in self.board.yellow:
            return
        trigger = counted if self.count_square else landed
        out.setdefault(via, (landed, trigger in self.board.danger))

    def _count_back(self, path: list[str], taken: set[str]) -> tuple[str, str] | None:
        """'Past the Exit': turn at the Exit and count the rest back along the squares walked."""
        to_exit = path.index(EXIT)
        back = len([q for q in path if q == "PAST"])
        at = to_exit - back
        counted = path[at] if at >= 1 else None
        while at >= 1 and path[at] in taken:
            at -= 1
        if at < 1 or counted is None:
            return None
        return path[at], counted

    def _bounce(self, q: str, counted: str, taken: set[str],
                step: int) -> Iterator[tuple[str, tuple[str, ...], bool]]:
        """'... dan springt hij meteen door naar het eerstvolgende vrije veld': the free squares a
        bounce from the taken square ``q`` reaches, with the route it names; a bounce that would
        reach the Exit is no move, or (reading) stops on the square ``counted`` (shared)."""
        nxt = self._steps(q)
        rule = self.bounce_fork if step == 1 else self.bounce_route
        fork = len(nxt) > 1
        if fork and rule != "choose":
            nxt = (self._branch(q, rule),)
        for n in nxt:
            named = (n,) if fork and rule == "choose" else ()
            if n == EXIT:
                if self.share:
                    yield counted, (), True
                continue
            if n not in taken:
                yield n, named, False
            else:
                for landed, more, shared in self._bounce(n, counted, taken, step + 1):
                    yield landed, (*named, *more), shared

    def moves(self, state: State) -> tuple[dict[Key, str], set[Key]]:
        """The legal moves of a MOVE state, as (player, pawn, route), with their ends, and those
        that drop the ball."""
        p = state.turn
        per_pawn = {}
        for k, pos in enumerate(state.pawns[p]):
            if pos == EXIT or self.locked(state, p, k):
                continue
            found = self.pawn_moves(state, k)
            if found:
                per_pawn[k] = found
        if self.forced == "lead-pawn" and len(per_pawn) == 2:
            dist = [self.distance(state.pawns[p][k]) for k in (0, 1)]
            if dist[0] != dist[1]:
                lead = 0 if dist[0] < dist[1] else 1
                per_pawn = {lead: per_pawn[lead]}
        dest = {(p, k, via): end for k, found in per_pawn.items()
                for via, (end, _) in found.items()}
        drops = {(p, k, via) for k, found in per_pawn.items()
                 for via, (_, d) in found.items() if d}
        return dest, drops

    def distance(self, q: str) -> int:
        """'De pion die het dichtst bij het Exitveld staat' (forced-move = lead-pawn): the fewest
        steps from ``q`` to the Exit, walking the reading's own steps (``_steps``), so behind the
        start line is one step before the first square, or one step before the line where the
        line is a square of its own (start-line = line-square)."""
        frontier, steps, seen = {q}, 0, {q}
        while frontier:
            steps += 1
            nxt = set()
            for x in frontier:
                for n in self._steps(x):
                    if n == EXIT:
                        return steps
                    if n not in seen:
                        seen.add(n)
                        nxt.add(n)
            frontier = nxt
        return 0

    # the successors
    def next_turn(self, state: State, pawns: tuple[tuple[str, ...], ...], first: tuple[int, ...],
                  released: tuple[bool, ...]) -> State:
        """'Daarna gaat de beurt met de klok mee': the next player number rolls."""
        return State(pawns, (state.turn + 1) % self.n, Phase.ROLL, 0, (), first, released, -1)

    def bookkeeping(self, state: State, pawns: tuple[tuple[str, ...], ...], p: int,
                    k: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        first, released = list(state.first), list(state.released)
        if self.n == 4:
            if first[p] == -1:
                first[p] = k
            lead = pawns[p][first[p]]
            if lead in self.board.lower or lead == EXIT:
                released[p] = True
        return tuple(first), tuple(released)

    def after_move(self, state: State, move: Move, dest: str, drops: bool) -> State:
        p, k = move.player, move.pawn
        pawns = tuple(tuple(dest if (i, j) == (p, k) else q for j, q in enumerate(ps))
                      for i, ps in enumerate(state.pawns))
        first, released = self.bookkeeping(state, pawns, p, k)
        if all(q == EXIT for q in pawns[p]):
            return State(pawns, p, Phase.OVER, 0, (), first, released, p)
        if dest != EXIT and drops:
            return State(pawns, state.turn, Phase.BALL, 0, (), first, released, -1)
        return self.next_turn(state, pawns, first, released)

    def after_roll(self, state: State, face: int) -> State:
        """'Staat er niemand in de gevarenzone, dan gooi je nog een keer. Gooi je opnieuw het
        spooksymbool, dan is je beurt voorbij.'"""
        s = state
        if face == GHOST:
            if any(q in self.board.danger for ps in s.pawns for q in ps):
                return State(s.pawns, s.turn, Phase.BALL, 0, (), s.first, s.released, -1)
            if s.phase is Phase.ROLL or self.until_number:
                return State(s.pawns, s.turn, Phase.REROLL, 0, (), s.first, s.released, -1)
            return self.next_turn(s, s.pawns, s.first, s.released)
        moving = State(s.pawns, s.turn, Phase.MOVE, face, (), s.first, s.released, -1)
        if self.moves(moving)[0]:
            return moving
        return self.next_turn(s, s.pawns, s.first, s.released)

    def after_ball(self, state: State, trap: str) -> State:
        """'... dan gaan alle pionnen in de gevarenzone van die valstrik terug naar het
        dichtstbijzijnde blauwe veld achter hen.' The portrait opens the passage."""
        b = self.board
        hit = set(b.zone[trap])
        pawns = tuple(
            tuple(b.fallback[q] if q in hit and (not self.mover_only or p == state.turn) else q
                  for q in ps)
            for p, ps in enumerate(state.pawns)
        )
        first, released = state.first, state.released
        if trap == "portrait":
            stars = [(p, k) for p, ps in enumerate(pawns) for k, q in enumerate(ps)
                     if q in b.red_stars and (not self.mover_only or p == state.turn)]
            if stars and not self.auto_passage:
                return State(pawns, state.turn, Phase.PASSAGE, 0, tuple(stars), first, released,
                             -1)
            for p, k in stars:
                assert b.green_star is not None
                pawns = tuple(tuple(b.green_star if (i, j) == (p, k) else q
                                    for j, q in enumerate(ps)) for i, ps in enumerate(pawns))
                first, released = self.bookkeeping(
                    State(pawns, state.turn, Phase.BALL, 0, (), first, released), pawns, p, k)
        return self.next_turn(state, pawns, first, released)

    def after_passage(self, state: State, action: Passage) -> State:
        b = self.board
        p, k = action.player, action.pawn
        pawns, first, released = state.pawns, state.first, state.released
        if action.take:
            assert b.green_star is not None
            pawns = tuple(tuple(b.green_star if (i, j) == (p, k) else q for j, q in enumerate(ps))
                          for i, ps in enumerate(pawns))
            first, released = self.bookkeeping(state, pawns, p, k)
        pending = tuple(x for x in state.pending if x != (p, k))
        if pending:
            return State(pawns, state.turn, Phase.PASSAGE, 0, pending, first, released, -1)
        return self.next_turn(state, pawns, first, released)


def reference_moves(game: Spookslot, state: State) -> dict[Move, str]:
    """The moves of a MOVE state by the step-by-step reading (the oracle for the generator)."""
    return {Move(*key): d for key, d in Reading(game).moves(state)[0].items()}


