"""The Spookslot board as a graph loaded from a board file: squares, colours, traps, forks, fallbacks.

The default board is the reconstruction in ``specs/boards/spookslot-default.toml`` (interpretation
spookslot.interp.board); ``make("spookslot", board=...)`` loads another board in the same format.
``parse_board`` checks the structure (fields, types, references, an acyclic graph);
``load_board`` takes the ``board`` option (a packaged board's name, board text or a path) and
checks both. Loading is linear in the board's size; a board has at most MAX_SQUARES squares and
MAX_FORKS forks (and its text at most ``core.source.MAX_BOARD_BYTES`` bytes). Error messages name
squares by their number in the file, never by the file's content.
``board_problems`` checks the rulebook's shape (every square reaches the Exit, fallbacks are the
nearest blue square behind, forks rejoin, one safe longer route and one shorter dangerous route,
two red star squares and one green star square) and is also a theorem.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from castlerules.core.errors import SpecError
from castlerules.core.registry import clause
from castlerules.core.source import board_source
from castlerules.core.spec import read_text
from castlerules.spookslot.state import EXIT, LINE, START, TRAPS

COLOURS = ("yellow", "blue", "green", "red", "stair")
SAFE = frozenset({"yellow", "blue", "green"})
DANGER = frozenset({"red", "stair"})
FLOORS = ("upper", "stairs", "lower")
DEFAULT_BOARD = "boards/spookslot-default.toml"
#: The packaged board's name (the ``board`` option's default).
DEFAULT_NAME = "spookslot-default"
PACKAGED = {DEFAULT_NAME: DEFAULT_BOARD}
#: The most squares a board file may have (the rulebook's board has about 50).
MAX_SQUARES = 10_000
#: The most forks a board file may have (the rulebook's board has two).
MAX_FORKS = 16
#: What a square id looks like (so position text and move notation can name it).
SQUARE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")
#: Names of places off the board, which no square may take.
RESERVED = (START, EXIT, LINE)
_FIELDS = {"id", "colour", "room", "floor", "next", "trap", "fallback", "star"}


@attrs.frozen(slots=True)
class Square:
    """One square of the board."""

    id: str
    colour: str
    room: str
    floor: str
    next: tuple[str, ...]
    trap: str | None = None
    fallback: str | None = None
    star: bool = False


class Board:
    """A board graph with the lookups the rules need, computed once (in linear time).

    Besides the colour sets, each square has a bit (``bit[q]``; the places behind the start, on the
    start line and escaped have none), so the occupancy of a position is one integer; ``reach``
    gives the bits of every square a move from a square can touch.
    """

    def __init__(self, name: str, start: str, squares: tuple[Square, ...]) -> None:
        self.name = name
        self.start = start
        self.squares = squares
        self.by_id: dict[str, Square] = {s.id: s for s in squares}
        self.ids = tuple(s.id for s in squares)
        self.next: dict[str, tuple[str, ...]] = {s.id: s.next for s in squares}
        self.next[START] = (start,)
        self.next[LINE] = (start,)
        self.danger = frozenset(s.id for s in squares if s.colour in DANGER)
        self.yellow = frozenset(s.id for s in squares if s.colour == "yellow")
        self.blue = frozenset(s.id for s in squares if s.colour == "blue")
        self.lower = frozenset(s.id for s in squares if s.floor == "lower")
        self.zone: dict[str, tuple[str, ...]] = {
            t: tuple(s.id for s in squares if s.trap == t) for t in TRAPS
        }
        self.fallback: dict[str, str] = {
            s.id: s.fallback for s in squares if s.fallback is not None
        }
        self.red_stars = tuple(s.id for s in squares if s.star and s.colour == "red")
        greens = [s.id for s in squares if s.star and s.colour == "green"]
        self.green_star: str | None = greens[0] if greens else None
        self.forks = tuple(s.id for s in squares if len(s.next) > 1)
        self.bit: dict[str, int] = {q: 1 << i for i, q in enumerate(self.ids)}
        self.bit.update({START: 0, LINE: 0, EXIT: 0})
        self._paths: dict[tuple[str, int], tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = {}
        self._reach: dict[tuple[str, int], int] = {}

    def __repr__(self) -> str:
        return f"Board({self.name!r}, {len(self.squares)} squares)"

    def trap_routes(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """Each trap with a zone: its name, its squares as a span (``r3`` or ``r1-r4``) and the
        blue squares its pawns go back to, for the words and pictures that tell a reader."""
        routes = []
        for trap, zone in self.zone.items():
            if zone:
                back = tuple(sorted({self.fallback[q] for q in zone if q in self.fallback}))
                span = zone[0] if len(zone) == 1 else f"{zone[0]}-{zone[-1]}"
                routes.append((trap, span, back))
        return tuple(routes)

    def colour(self, square: str) -> str:
        if square in (START, LINE):
            return "start"
        return "exit" if square == EXIT else self.by_id[square].colour

    def mask(self, squares: Iterable[str]) -> int:
        """The bits of ``squares`` (places off the board have none)."""
        out = 0
        for q in squares:
            out |= self.bit[q]
        return out

    @clause("spookslot.getal.tellen", "spookslot.routes.kiezen")
    def paths(self, pos: str, length: int) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
        """Every way forward from ``pos`` for up to ``length`` squares (each step one square; the
        Exit ends a path). Each path comes with its choices: ``choices[i]`` is the square entered
        at step ``i + 1`` if the step leaves a fork, else ""."""
        key = (pos, length)
        found = self._paths.get(key)
        if found is not None:
            return found
        out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        todo: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [(pos, (), ())]
        while todo:
            at, path, choices = todo.pop()
            if len(path) == length or at == EXIT:
                out.append((path, choices))
                continue
            succ = self.next[at]
            for q in reversed(succ):
                todo.append((q, (*path, q), (*choices, q if len(succ) > 1 else "")))
        result = tuple(out)
        self._paths[key] = result
        return result

    def reach(self, pos: str, length: int) -> int:
        """The bits of every square on ``paths(pos, length)``: all a move from ``pos`` can touch."""
        key = (pos, length)
        found = self._reach.get(key)
        if found is None:
            found = 0
            for path, _ in self.paths(pos, length):
                found |= self.mask(path)
            self._reach[key] = found
        return found

    def predecessors(self) -> dict[str, list[str]]:
        pred: dict[str, list[str]] = {s.id: [] for s in self.squares}
        for s in self.squares:
            for q in s.next:
                if q != EXIT:
                    pred[q].append(s.id)
        return pred

    def reachable(self, origin: str) -> set[str]:
        """Squares reachable from ``origin`` by walking forward (the Exit included), not itself."""
        seen: set[str] = set()
        todo = list(self.next[origin]) if origin in self.next else []
        while todo:
            q = todo.pop()
            if q in seen:
                continue
            seen.add(q)
            if q != EXIT:
                todo.extend(self.next[q])
        return seen

    def reaching_exit(self) -> set[str]:
        """The squares from which the Exit can be reached (one backward walk)."""
        pred = self.predecessors()
        seen: set[str] = set()
        todo = [s.id for s in self.squares if EXIT in s.next]
        while todo:
            q = todo.pop()
            if q in seen:
                continue
            seen.add(q)
            todo.extend(pred[q])
        return seen

    def nearest_blue(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """For every square: the distance back to the nearest blue square(s) behind it and (up to
        two of) the blue squares at that distance; (-1, ()) if none. One pass in walking order."""
        pred = self.predecessors()
        out: dict[str, tuple[int, tuple[str, ...]]] = {}
        for q in self.topological():
            best = -1
            found_any: tuple[str, ...] = ()
            for p in pred[q]:
                d, near = (1, (p,)) if p in self.blue else out[p]
                if d == -1:
                    continue
                d = d + 1 if p not in self.blue else 1
                if best == -1 or d < best:
                    best, found_any = d, near
                elif d == best:
                    found_any = tuple(sorted(set(found_any) | set(near)))[:2]
            out[q] = (best, found_any)
        return out

    def nearest_blue_behind(self, square: str) -> tuple[int, tuple[str, ...]]:
        """The distance back to the nearest blue square(s) behind ``square`` and the blue squares at
        that distance (at most two are listed)."""
        return self.nearest_blue()[square]

    def topological(self) -> list[str]:
        """The squares in an order where every square comes after all squares before it."""
        indegree = {s.id: 0 for s in self.squares}
        for s in self.squares:
            for q in s.next:
                if q != EXIT:
                    indegree[q] += 1
        todo = [q for q, d in indegree.items() if d == 0]
        order: list[str] = []
        while todo:
            q = todo.pop()
            order.append(q)
            for n in self.next[q]:
                if n != EXIT:
                    indegree[n] -= 1
                    if indegree[n] == 0:
                        todo.append(n)
        return order

    def _line(self, branch: str) -> list[str]:
        """The squares from ``branch`` on while each has a single successor (and the first fork or
        the square before the Exit)."""
        out = [branch]
        q = branch
        while len(out) <= len(self.squares):
            succ = self.next[q]
            if len(succ) != 1 or succ[0] == EXIT:
                break
            q = succ[0]
            out.append(q)
        return out

    def merge(self, fork: str) -> str | None:
        """The first square where the two routes from ``fork`` meet again, walking each route as a
        line (None: they do not meet before another fork or the Exit)."""
        branches = self.next[fork]
        if len(branches) != 2:
            return None
        first = self._line(branches[0])
        on_first = set(first)
        for q in self._line(branches[1]):
            if q in on_first:
                return q
        return None

    def route(self, branch: str, merge: str) -> list[str] | None:
        """The squares of the route starting at ``branch`` up to (not including) ``merge``, if the
        route is a simple line."""
        out: list[str] = []
        q = branch
        while q != merge:
            if q == EXIT or len(self.next[q]) != 1 or len(out) > len(self.squares):
                return None
            out.append(q)
            q = self.next[q][0]
        return out

    def branch(self, fork: str, kind: str) -> str | None:
        """The first square of the ``"safe"`` or the ``"short"`` route at ``fork`` (None if the
        fork does not have the rulebook's shape)."""
        merge = self.merge(fork)
        if merge is None:
            return None
        for b in self.next[fork]:
            route = self.route(b, merge)
            if route is None:
                return None
            if (not any(q in self.danger for q in route)) == (kind == "safe"):
                return b
        return None

    def distance_to_exit(self, line_square: bool = False) -> dict[str, int]:
        """The fewest steps from each square, and from behind the start, to the Exit. Behind the
        start is one step before the first square; with the start line a square of its own
        (``line_square``, spookslot.interp.start-line = line-square) the line is that step and
        behind it one step more."""
        out: dict[str, int] = {}
        for q in reversed(self.topological()):
            out[q] = min((1 if n == EXIT else out[n] + 1) for n in self.next[q])
        first = out[self.start] + 1 if self.start in out else 0
        if line_square:
            out[LINE] = first
            first += 1
        out[START] = first
        return out

    def shortest(self, origin: str, target: str) -> int:
        """Steps of the shortest walk from ``origin`` to ``target`` (-1 if none)."""
        dist = {origin: 0}
        queue = deque([origin])
        while queue:
            q = queue.popleft()
            if q == target:
                return dist[q]
            if q == EXIT:
                continue
            for n in self.next[q]:
                if n not in dist:
                    dist[n] = dist[q] + 1
                    queue.append(n)
        return -1


def _fail(where: str, message: str) -> SpecError:
    return SpecError(f"{where}: {message}")


def _square(entry: Any, i: int, where: str) -> Square:
    """One ``[[square]]`` table, checked. Messages name the square by its number in the file,
    never by the file's content."""
    here = f"{where}: square #{i + 1}"
    if not isinstance(entry, Mapping):
        raise _fail(here, "expected a table")
    if set(entry) - _FIELDS:
        raise _fail(here, f"unknown fields (the fields are {', '.join(sorted(_FIELDS))})")
    sid = entry.get("id")
    if not isinstance(sid, str) or not SQUARE_ID.fullmatch(sid):
        raise _fail(here, "'id' must be 1-24 letters, digits, '-' or '_', starting with a letter "
                          "or digit")
    if sid.lower() in RESERVED:
        raise _fail(here, f"the ids {', '.join(RESERVED)} are reserved")
    colour = entry.get("colour")
    if not isinstance(colour, str) or colour not in COLOURS:
        raise _fail(here, f"'colour' must be one of {', '.join(COLOURS)}")
    floor = entry.get("floor")
    if not isinstance(floor, str) or floor not in FLOORS:
        raise _fail(here, f"'floor' must be one of {', '.join(FLOORS)}")
    room = entry.get("room", "")
    if not isinstance(room, str) or len(room) > 60:
        raise _fail(here, "'room' must be a string of at most 60 characters")
    nxt = entry.get("next")
    if (
        not isinstance(nxt, list)
        or not 1 <= len(nxt) <= 2
        or not all(isinstance(q, str) for q in nxt)
        or len(set(nxt)) != len(nxt)
    ):
        raise _fail(here, "'next' must be a list of one or two distinct square ids")
    star = entry.get("star", False)
    if not isinstance(star, bool):
        raise _fail(here, "'star' must be true or false")
    trap, fallback = entry.get("trap"), entry.get("fallback")
    if colour in DANGER:
        if not isinstance(trap, str) or trap not in TRAPS:
            raise _fail(here, f"a {colour} square needs a 'trap', one of {', '.join(TRAPS)}")
        if not isinstance(fallback, str):
            raise _fail(here, f"a {colour} square needs a 'fallback' blue square")
    elif trap is not None or fallback is not None:
        raise _fail(here, f"a {colour} square is safe: it has no 'trap' or 'fallback'")
    if star and colour not in ("red", "green"):
        raise _fail(here, "only red and green squares can have a star")
    return Square(sid, colour, room, floor, tuple(nxt), trap, fallback, star)


def parse_board(text: str, where: str = "board") -> Board:
    """Parse a board file and check its structure; SpecError names what is wrong.

    Linear in the size of the board; refuses boards of more than MAX_SQUARES squares or
    MAX_FORKS forks (the rulebook's board has about 50 squares and two forks)."""
    if not isinstance(text, str):
        raise _fail(where, "board text must be a string")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise _fail(where, "not valid TOML") from None
    except RecursionError:
        raise _fail(where, "not valid TOML (nested too deeply)") from None
    unknown = sorted(set(data) - {"name", "start", "square"})
    if unknown:
        raise _fail(where, "unknown top-level fields (the fields are name, start and square)")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise _fail(where, "'name' must be a string of at most 200 characters")
    entries = data.get("square")
    if not isinstance(entries, list) or not entries:
        raise _fail(where, "no [[square]] tables")
    if len(entries) > MAX_SQUARES:
        raise _fail(where, f"{len(entries)} squares: a board has at most {MAX_SQUARES}")
    squares = tuple(_square(e, i, where) for i, e in enumerate(entries))
    number: dict[str, int] = {}
    for i, sq in enumerate(squares):
        if sq.id in number:
            raise _fail(where, f"square #{i + 1} repeats the id of square #{number[sq.id]}")
        number[sq.id] = i + 1
    known = number.keys()
    forks = sum(1 for sq in squares if len(sq.next) > 1)
    if forks > MAX_FORKS:
        raise _fail(where, f"{forks} forks: a board has at most {MAX_FORKS}")
    start = data.get("start")
    if not isinstance(start, str) or start not in known:
        raise _fail(where, "'start' must name a square")
    colour = {sq.id: sq.colour for sq in squares}
    for i, sq in enumerate(squares, start=1):
        if any(q not in known and q != EXIT for q in sq.next):
            raise _fail(where, f"square #{i}: 'next' names a square that does not exist")
        if sq.id in sq.next:
            raise _fail(where, f"square #{i}: 'next' names the square itself")
        if sq.fallback is not None and colour.get(sq.fallback) != "blue":
            raise _fail(where, f"square #{i}: its fallback is not a blue square")
    board = Board(name, start, squares)
    _check_acyclic(board, where, number)
    greens = [sq.id for sq in squares if sq.star and sq.colour == "green"]
    if len(greens) > 1:
        raise _fail(where, f"more than one green star square (#{number[greens[0]]}, "
                           f"#{number[greens[1]]})")
    if board.red_stars and not greens:
        raise _fail(where, "red star squares but no green star square for the secret passage")
    return board


def load_board(value: Any) -> tuple[Board, str]:
    """The board a ``board`` option names (a packaged board's name, board text or a path, see
    ``castlerules.core.source.board_source``), checked for structure and for the rulebook's
    shape, with the option value to store: the packaged name — also for a text or path that
    gives the packaged default board, its name and every square the same (comments and layout
    of the file aside; ``core.source.board_keyword``) — or the board text itself."""
    text, stored = board_source(value, PACKAGED)
    if stored == DEFAULT_NAME:
        return default_board(), stored
    board = parse_board(text, where="board")
    default = default_board()
    if (board.name, board.start, board.squares) == (default.name, default.start, default.squares):
        return default, DEFAULT_NAME  # the packaged board by its text or path: the same board
    number = {q: f"#{i}" for i, q in enumerate(board.ids, start=1)}
    problems = board_problems(board, lambda q: f"square {number[q]}")
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise SpecError(f"board: {shown}")
    return board, stored


def _check_acyclic(board: Board, where: str, number: Mapping[str, int]) -> None:
    state: dict[str, int] = {}
    for root in board.ids:
        stack: list[tuple[str, int]] = [(root, 0)]
        while stack:
            q, i = stack.pop()
            if i == 0:
                if state.get(q) == 2:
                    continue
                state[q] = 1
            succ = [n for n in board.next[q] if n != EXIT]
            if i < len(succ):
                stack.append((q, i + 1))
                n = succ[i]
                if state.get(n) == 1:
                    raise _fail(where, f"the board walks in a circle through square #{number[n]}")
                if state.get(n) is None:
                    stack.append((n, 0))
            else:
                state[q] = 2


@clause("spookslot.doel.race", "spookslot.geschrokken.terug", "spookslot.routes.kiezen",
        "spookslot.geheim.sterveld")
def board_problems(board: Board, name: Callable[[str], str] | None = None) -> list[str]:
    """What keeps ``board`` from having the rulebook's shape (empty: none). Linear in its size.
    ``name`` says how a message names a square (default: ``square <id>``)."""
    def call(q: str) -> str:
        return f"square {q}" if name is None else name(q)

    problems: list[str] = []
    from_start = board.reachable(START)
    to_exit = board.reaching_exit()
    nearest = board.nearest_blue()
    for s in board.squares:
        if s.id not in to_exit:
            problems.append(f"{call(s.id)} does not reach the Exit")
        if s.id not in from_start:
            problems.append(f"{call(s.id)} cannot be reached from the start")
        if s.fallback is not None:
            near = nearest[s.id][1]
            if near != (s.fallback,):
                shown = ", ".join(call(q) for q in near) or "none"
                problems.append(
                    f"{call(s.id)}: its fallback {call(s.fallback)} is not the nearest blue "
                    f"square behind it (nearest: {shown})"
                )
    for f in board.forks:
        merge = board.merge(f)
        if merge is None:
            problems.append(f"the routes from the fork at {call(f)} do not rejoin before the Exit")
            continue
        problems.extend(_route_shape(board, f, merge, call))
    if len(board.red_stars) != 2:
        problems.append(f"{len(board.red_stars)} red star squares, not 2")
    if board.green_star is None:
        problems.append("no green star square")
    return problems


def _route_shape(board: Board, fork: str, merge: str, call: Callable[[str], str]) -> list[str]:
    routes = [board.route(b, merge) for b in board.next[fork]]
    if len(routes) != 2 or any(r is None for r in routes):
        return [f"the fork at {call(fork)} does not split into two simple routes to {call(merge)}"]
    a, b = (r for r in routes if r is not None)
    safe = [r for r in (a, b) if not any(q in board.danger for q in r)]
    risky = [r for r in (a, b) if any(q in board.danger for q in r)]
    if len(safe) != 1 or len(risky) != 1:
        return [f"the fork at {call(fork)} needs one safe and one dangerous route"]
    if not len(safe[0]) > len(risky[0]):
        return [f"at the fork at {call(fork)} the safe route is not the longer one"]
    return []


@functools.cache
def default_board() -> Board:
    """The packaged default board (reconstruction v1)."""
    return parse_board(read_text(DEFAULT_BOARD), where=DEFAULT_BOARD)
