"""The Spookslot board as a graph loaded from a board file: squares, colours, traps, forks, fallbacks.

The default board is the reconstruction in ``specs/boards/spookslot-default.toml`` (interpretation
spookslot.interp.board); ``make("spookslot", board=PATH)`` loads another file in the same format.
``parse_board`` checks the structure (fields, types, references, an acyclic graph);
``board_problems`` checks the rulebook's shape (every square reaches the Exit, fallbacks are the
nearest blue square behind, forks rejoin, one safe longer route and one shorter dangerous route,
two red star squares and one green star square) and is also a theorem.
"""

from __future__ import annotations

import functools
import tomllib
from collections import deque
from collections.abc import Mapping
from typing import Any

import attrs

from castlerules.core.errors import SpecError
from castlerules.core.registry import clause
from castlerules.core.spec import read_text
from castlerules.spookslot.state import EXIT, START, TRAPS

COLOURS = ("yellow", "blue", "green", "red", "stair")
SAFE = frozenset({"yellow", "blue", "green"})
DANGER = frozenset({"red", "stair"})
FLOORS = ("upper", "stairs", "lower")
DEFAULT_BOARD = "boards/spookslot-default.toml"
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
    """A board graph with the lookups the rules need, computed once."""

    def __init__(self, name: str, start: str, squares: tuple[Square, ...]) -> None:
        self.name = name
        self.start = start
        self.squares = squares
        self.by_id: dict[str, Square] = {s.id: s for s in squares}
        self.ids = tuple(s.id for s in squares)
        self.next: dict[str, tuple[str, ...]] = {s.id: s.next for s in squares}
        self.next[START] = (start,)
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
        self._paths: dict[tuple[str, int], tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = {}

    def __repr__(self) -> str:
        return f"Board({self.name!r}, {len(self.squares)} squares)"

    def colour(self, square: str) -> str:
        return "exit" if square == EXIT else self.by_id[square].colour

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

        def walk(at: str, path: tuple[str, ...], choices: tuple[str, ...]) -> None:
            if len(path) == length or at == EXIT:
                out.append((path, choices))
                return
            succ = self.next[at]
            for q in succ:
                walk(q, (*path, q), (*choices, q if len(succ) > 1 else ""))

        walk(pos, (), ())
        result = tuple(out)
        self._paths[key] = result
        return result

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

    def nearest_blue_behind(self, square: str) -> tuple[int, tuple[str, ...]]:
        """The distance back to the nearest blue square(s) behind ``square`` and all blue squares
        at that distance (walking backwards along the board)."""
        pred = self.predecessors()
        dist = {square: 0}
        queue = deque([square])
        best: int | None = None
        found: list[str] = []
        while queue:
            q = queue.popleft()
            if best is not None and dist[q] > best:
                break
            if q != square and q in self.blue:
                best = dist[q]
                found.append(q)
                continue
            for p in pred[q]:
                if p not in dist:
                    dist[p] = dist[q] + 1
                    queue.append(p)
        return (best if best is not None else -1), tuple(sorted(found))

    def merge(self, fork: str) -> str | None:
        """The first square where the routes from ``fork`` meet again (None: not before the Exit)."""
        common = set.intersection(*({b} | self.reachable(b) for b in self.next[fork])) - {EXIT}
        if not common:
            return None
        return min(common, key=lambda q: (self.shortest(fork, q), q))

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
    here = f"{where}: square #{i}"
    if not isinstance(entry, Mapping):
        raise _fail(here, "expected a table")
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise _fail(here, f"unknown fields {unknown}")
    sid = entry.get("id")
    if not isinstance(sid, str) or not sid:
        raise _fail(here, "'id' must be a non-empty string")
    here = f"{where}: square {sid!r}"
    if sid in (START, EXIT):
        raise _fail(here, f"the ids {START!r} and {EXIT!r} are reserved")
    colour = entry.get("colour")
    if colour not in COLOURS:
        raise _fail(here, f"'colour' must be one of {list(COLOURS)}, got {colour!r}")
    floor = entry.get("floor")
    if floor not in FLOORS:
        raise _fail(here, f"'floor' must be one of {list(FLOORS)}, got {floor!r}")
    room = entry.get("room", "")
    if not isinstance(room, str):
        raise _fail(here, "'room' must be a string")
    nxt = entry.get("next")
    if (
        not isinstance(nxt, list)
        or not nxt
        or not all(isinstance(q, str) for q in nxt)
        or len(set(nxt)) != len(nxt)
    ):
        raise _fail(here, "'next' must be a non-empty list of distinct square ids")
    star = entry.get("star", False)
    if not isinstance(star, bool):
        raise _fail(here, "'star' must be true or false")
    trap, fallback = entry.get("trap"), entry.get("fallback")
    if colour in DANGER:
        if trap not in TRAPS:
            raise _fail(here, f"a {colour} square needs a 'trap', one of {list(TRAPS)}")
        if not isinstance(fallback, str):
            raise _fail(here, f"a {colour} square needs a 'fallback' blue square")
    elif trap is not None or fallback is not None:
        raise _fail(here, f"a {colour} square is safe: it has no 'trap' or 'fallback'")
    if star and colour not in ("red", "green"):
        raise _fail(here, "only red and green squares can have a star")
    return Square(sid, colour, room, floor, tuple(nxt), trap, fallback, star)


def parse_board(text: str, where: str = "board") -> Board:
    """Parse a board file and check its structure; SpecError names what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(where, f"not valid TOML: {exc}") from exc
    unknown = sorted(set(data) - {"name", "start", "square"})
    if unknown:
        raise _fail(where, f"unknown top-level fields {unknown}")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise _fail(where, "'name' must be a string")
    entries = data.get("square")
    if not isinstance(entries, list) or not entries:
        raise _fail(where, "no [[square]] tables")
    squares = tuple(_square(e, i, where) for i, e in enumerate(entries))
    ids = [s.id for s in squares]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise _fail(where, f"repeated square ids {dupes}")
    known = set(ids)
    start = data.get("start")
    if start not in known:
        raise _fail(where, f"'start' must name a square, got {start!r}")
    for s in squares:
        bad = [q for q in s.next if q not in known and q != EXIT]
        if bad:
            raise _fail(where, f"square {s.id!r}: 'next' names unknown squares {bad}")
        if s.id in s.next:
            raise _fail(where, f"square {s.id!r}: 'next' names the square itself")
        if s.fallback is not None:
            target = next((t for t in squares if t.id == s.fallback), None)
            if target is None or target.colour != "blue":
                raise _fail(where, f"square {s.id!r}: fallback {s.fallback!r} is not a blue square")
    board = Board(name, str(start), squares)
    _check_acyclic(board, where)
    greens = [s.id for s in squares if s.star and s.colour == "green"]
    if len(greens) > 1:
        raise _fail(where, f"more than one green star square: {greens}")
    if board.red_stars and not greens:
        raise _fail(where, "red star squares but no green star square for the secret passage")
    for s in squares:
        if s.fallback is not None and s.id not in board.reachable(s.fallback):
            raise _fail(where, f"square {s.id!r}: fallback {s.fallback!r} is not behind it")
    return board


def _check_acyclic(board: Board, where: str) -> None:
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
                    raise _fail(where, f"the board walks in a circle through {n!r}")
                if state.get(n) is None:
                    stack.append((n, 0))
            else:
                state[q] = 2


@clause("spookslot.doel.race", "spookslot.geschrokken.terug", "spookslot.routes.kiezen",
        "spookslot.geheim.sterveld")
def board_problems(board: Board) -> list[str]:
    """What keeps ``board`` from having the rulebook's shape (empty: none)."""
    problems: list[str] = []
    from_start = board.reachable(START)
    for s in board.squares:
        if EXIT not in board.reachable(s.id):
            problems.append(f"square {s.id} does not reach the Exit")
        if s.id not in from_start:
            problems.append(f"square {s.id} cannot be reached from the start")
        if s.fallback is not None:
            _, nearest = board.nearest_blue_behind(s.id)
            if nearest != (s.fallback,):
                shown = ", ".join(nearest) or "none"
                problems.append(
                    f"square {s.id}: fallback {s.fallback} is not the nearest blue square behind "
                    f"it (nearest: {shown})"
                )
    for f in board.forks:
        merge = board.merge(f)
        if merge is None:
            problems.append(f"the routes from the fork at {f} do not rejoin before the Exit")
            continue
        problems.extend(_route_shape(board, f, merge))
    if len(board.red_stars) != 2:
        problems.append(f"{len(board.red_stars)} red star squares, not 2")
    if board.green_star is None:
        problems.append("no green star square")
    return problems


def _route_shape(board: Board, fork: str, merge: str) -> list[str]:
    routes = [board.route(b, merge) for b in board.next[fork]]
    if len(routes) != 2 or any(r is None for r in routes):
        return [f"the fork at {fork} does not split into two simple routes to {merge}"]
    a, b = (r for r in routes if r is not None)
    safe = [r for r in (a, b) if not any(q in board.danger for q in r)]
    risky = [r for r in (a, b) if any(q in board.danger for q in r)]
    if len(safe) != 1 or len(risky) != 1:
        return [f"the fork at {fork} needs one safe and one dangerous route"]
    if not len(safe[0]) > len(risky[0]):
        return [f"at the fork at {fork} the safe route is not the longer one"]
    return []


@functools.cache
def default_board() -> Board:
    """The packaged default board (reconstruction v1)."""
    return parse_board(read_text(DEFAULT_BOARD), where=DEFAULT_BOARD)
