"""Exact win chances of a game: its position graph, value iteration with certified bounds, tables.

The solver knows no game. It builds the graph of positions through the game's own transitions
(``initial_state``, ``is_terminal``, ``winners``, ``is_chance``, ``chance_outcomes``, ``actors``,
``legal_actions``, ``successor``): the rules are never written a second time. What it needs from a
game is a *canon* (``Canon``): its declaration's ``solve`` part (``game.info.part("solve")``,
function ``canon(game)``):

- ``is_stored(state)``: the positions the graph keeps (Spookslot: the start of a turn). The states
  between two stored positions (the roll, the move, the ball, the passage) are expanded anew from
  the stored position each time they are needed and never kept;
- ``code(state) -> (code, seat)``: a canonical integer code of a stored position — equal for
  positions whose futures are the same up to a renaming of the seats — and the seat that plays
  relative seat 0 in it (Spookslot: a player's two pawns are interchangeable, and the seats are
  numbered from the player to move).

**The models.** ``optimal``: every seat maximises its own chance to win (two players; it is then a
zero-sum game). ``against-random``: one seat maximises its chance, every other seat is the
library's random player, uniform over its legal actions (``castlerules.core.play``); solved for
every seat at once. ``random``: every seat is the random player. Where several players may act at
once, who acts next is the library's race (``castlerules.adapters.common``): uniform among them.
A game shared by several winners gives each an equal share.

**Value iteration with a certified bound.** Positions repeat (a trap sends pawns back), so values
are the fixed point of the Bellman equations, computed in numpy from below (from 0) and from above
(from 1) at once. Both sequences are monotone and bracket the true value, so ``upper - lower`` is
a bound, not an estimate. Two things make that so:

1. *Every way of playing ends with probability 1.* Before iterating, the solver computes the
   positions from which the deciding seats, acting together, could keep the game going for ever
   with probability 1 (the greatest set closed under "every chance outcome stays in it, some
   choice stays in it"). If it is empty, the Bellman equations have one fixed point, both
   sequences converge to it, and in a two-player game the two seats' chances add up to 1. If it
   is not empty (a reading under which players may pass for ever, say), the ``optimal`` model is
   not solved (the figures say so and count those positions); the other models stay sound (the bracket holds
   for the least fixed point, the chance to win), their bound just says how far they converged.
2. *Rounding is counted.* A node's weights are floats (a merged weight is a sum of at most
   ``k`` of them), so each evaluation of a node adds at most ``(2k + 3) u`` to its value (``k``
   children at most, ``u = 2**-53``); the bound adds that for every level of every sweep run.
   The table stores values as 32-bit fractions of 1, and adds that rounding (``QUANTUM``) too.

The iteration runs on the strongly connected components of the stored positions, deepest first
(a component's successors are solved before it), all components of one depth together: most are
single positions that one sweep solves exactly; the cyclic ones are swept until their gap is
below ``TARGET_GAP`` (a large depth in parts, each part reading what the parts before it just
computed). The node arrays are ordered so that each sweep is a few gathers and ``reduceat``
calls.

**Tables.** The result is a table of stored-position values (``Table``): the sorted codes, the
``optimal`` values (chance of relative seat 0) and the ``against-random`` values, with a header
naming the format version, the game, players, readings, options, a hash of the rules' source, the
root position and the bound. ``save_table`` writes it atomically (a temporary file in the same
folder, then renamed); ``load_table`` reads a file as untrusted input: no pickle, the header and
every array's type and size checked, memory bounded, and only ``TableError`` on anything wrong.
A table whose header does not match the game is never used.

numpy is an optional dependency (``pip install "castlerules[solve]"``), imported when a solve or a
table needs it.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import io
import itertools
import json
import math
import os
import time
import zipfile
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from castlerules.core.errors import InvalidOptionError, RulesError, quote
from castlerules.core.game import Game

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: The format of a stored table; a table of another format is not used.
TABLE_FORMAT = 1
MODELS = ("optimal", "against-random", "random")
#: The unit roundoff of float64.
UNIT = 2.0**-53
#: Table values are stored as 32-bit fractions of this (at most ``QUANTUM`` off, counted in the
#: table's bound).
SCALE = 2**32 - 1
QUANTUM = 0.5 / SCALE
#: The largest table file read (bytes) and the most positions a table may hold (reading one
#: takes at most about 32 bytes a position).
MAX_TABLE_BYTES = 1 << 28
MAX_POSITIONS = 10_000_000
#: The longest header (bytes of JSON) a table may have.
MAX_HEADER_BYTES = 1 << 16
#: The most stored positions a solve explores unless told otherwise (the two-player game has
#: under a million; memory grows by about 3 kB a position).
MAX_SOLVE_POSITIONS = 2_000_000
#: A component's iteration stops when its gap is this small, or when it has not shrunk over
#: ``STALL`` sweeps.
TARGET_GAP = 1e-11
STALL = 200
#: A depth with a cycle is swept in this many parts (Gauss-Seidel by parts).
PARTS = 4
#: ... when it has at least this many positions (smaller ones cost more in calls than they gain).
PART_SIZE = 20_000
#: Edges remapped at a time when the graph is laid out (bounds the temporary arrays).
SLICE = 1 << 22

#: The kernel modules whose code decides a game's values (part of the rules' source hash): the
#: exact probabilities of chance.
RULES_KERNEL = ("chance",)

CHANCE, DECIDE = 0, 1
_BUSY = object()


class SolveError(RulesError):
    """A game, reading or position the solver cannot solve, and why."""


class TableError(RulesError):
    """A table file that cannot be used: unreadable, malformed, or made for another game."""


def numpy_module() -> Any:
    """numpy, or a ``MissingExtraError`` naming ``pip install "castlerules[solve]"``."""
    from castlerules.core.extras import require

    return require("numpy", "solving a game", "solve")


class Canon(Protocol):
    """What a game gives the solver (see the module docstring)."""

    #: Changes whenever the codes change: part of a table's identity.
    version: int
    #: The modules of the game's package whose code decides its values (the rules, the state,
    #: the board, the canon itself): a table's source hash covers them.
    sources: tuple[str, ...]

    def is_stored(self, state: Any) -> bool: ...

    def code(self, state: Any) -> tuple[int, int]: ...


def canon_of(game: Game[Any, Any]) -> Canon:
    """The game's canon, from its declared ``solve`` part; SolveError if it has none."""
    module = game.info.part("solve")
    if module is None:
        raise SolveError(f"{game.name} cannot be solved: it has no solve part")
    found: Canon = module.canon(game)
    return found


# -- the graph ----------------------------------------------------------------------------------


@attrs.frozen(slots=True, eq=False)
class Graph:
    """The position graph in arrays, laid out for iteration (see ``_Builder`` and ``_layout``).

    Values live in one vector per channel, ``src``: the inner nodes (``inner`` of them, in
    evaluation order), then for each ``d`` in ``0 .. players - 1`` a block of the stored nodes
    (in code order) seen from a seat shifted by ``d``, then the terminal outcomes. ``child`` holds,
    per edge, the index into ``src``; ``weight`` the probability (chance nodes) or the share of the
    action among the actor's legal actions (decision nodes).
    """

    players: int
    codes: NDArray[Any]
    inner: int
    child: NDArray[Any]
    weight: NDArray[Any]
    #: Per terminal outcome, each relative seat's share of the win: shape (terminals, players).
    terminal: NDArray[Any]
    #: The components' depths, deepest first (see ``_Batch``).
    batches: tuple[_Batch, ...]
    #: The most children of a node.
    fan_in: int
    inner_nodes: int
    edges: int


@attrs.frozen(slots=True, eq=False)
class _Group:
    """Nodes of one kind and actor at one height: their edges ``[e0, e1)`` with ``offsets`` (the
    first edge of each node, from ``e0``) and where their values go: ``[n0, n1)`` of ``src``
    (inner nodes) or ``target`` (stored nodes, positions in code order)."""

    kind: int
    actor: int
    e0: int
    e1: int
    offsets: NDArray[Any]
    n0: int
    n1: int
    target: NDArray[Any] | None


@attrs.frozen(slots=True, eq=False)
class _Part:
    """A part of a depth's positions: its inner groups by height, then its stored groups, and
    its positions (in code order)."""

    levels: tuple[tuple[_Group, ...], ...]
    stored: tuple[_Group, ...]
    members: NDArray[Any]


@attrs.frozen(slots=True, eq=False)
class _Batch:
    """The components of one depth, in parts: a sweep evaluates one part after the other, each
    reading the values the parts before it have just computed (Gauss-Seidel by parts; the
    positions found last, furthest from the root, first)."""

    parts: tuple[_Part, ...]
    members: NDArray[Any]
    cyclic: bool


class _Builder:
    """Explores the stored positions breadth first from the roots, each expanded through the
    game's transitions down to the next stored positions and the terminal ones."""

    def __init__(self, game: Game[Any, Any], canon: Canon,
                 progress: Callable[[str], None] | None) -> None:
        from array import array

        self.game = game
        self.canon = canon
        self.n = game.num_players
        self.progress = progress
        self.index: dict[int, int] = {}
        self.queue: deque[Any] = deque()
        self.terminals: dict[tuple[tuple[int, Fraction], ...], int] = {}
        # inner nodes and their edges
        self.kind = array("b")
        self.actor = array("b")
        self.height = array("h")
        self.owner = array("q")
        self.start = array("q")
        self.child = array("q")
        self.weight = array("d")
        # stored nodes (in discovery order, which is the order they are expanded in)
        self.s_kind = array("b")
        self.s_actor = array("b")
        self.s_start = array("q")
        self.s_child = array("q")
        self.s_weight = array("d")
        # successors of each stored node among the stored nodes
        self.succ = array("q")
        self.succ_start = array("q")
        self.fan_in = 1
        self._floats: dict[int, tuple[Any, list[tuple[Any, float]]]] = {}
        # the game's and the canon's methods, looked up once (they run for every state)
        self.successor = game.successor
        self.is_terminal = game.is_terminal
        self.is_chance = game.is_chance
        self.is_stored = canon.is_stored
        self.code = canon.code

    def add_root(self, state: Any) -> None:
        if not self.canon.is_stored(state):
            raise SolveError("a root of the solve must be a stored position")
        code, _ = self.canon.code(state)
        if code not in self.index:
            self.index[code] = len(self.index)
            self.queue.append(state)

    def run(self, limit: int) -> None:
        done = 0
        last = time.monotonic()
        while self.queue:
            if len(self.index) > limit:
                raise SolveError(
                    f"{self.game.name} under these options has more than {limit:,} positions to "
                    "solve: too many to keep in memory here (--max-positions raises the limit)"
                )
            state = self.queue.popleft()
            self._expand_stored(state, done)
            done += 1
            if self.progress is not None and time.monotonic() - last > 2:
                last = time.monotonic()
                self.progress(f"positions: {done:,} expanded, {len(self.index):,} found")
        self.succ_start.append(len(self.succ))

    def _expand_stored(self, state: Any, j: int) -> None:
        _, s0 = self.code(state)
        memo: dict[Any, Any] = {}
        leaves: set[int] = set()
        kind, actor, edges, _ = self._describe(state, memo, s0, leaves, j)
        self._add(self.s_kind, self.s_actor, self.s_start, self.s_child, self.s_weight, kind,
                  actor, edges)
        self.succ_start.append(len(self.succ))
        self.succ.extend(sorted(leaves))

    def _outcomes(self, x: Any) -> list[tuple[Any, float]]:
        """The chance outcomes of ``x`` with float probabilities (kept per outcome tuple: games
        return the same tuple for the same kind of chance)."""
        outs = self.game.chance_outcomes(x)
        found = self._floats.get(id(outs))
        if found is None or found[0] is not outs:
            found = (outs, [(o, float(p)) for o, p in outs])
            self._floats[id(outs)] = found
        return found[1]

    def _ref(self, x: Any, memo: dict[Any, Any], s0: int, leaves: set[int],
             owner: int) -> tuple[int, int]:
        """The reference of state ``x`` from a stored position played by seat ``s0``, and its
        height (0 for stored and terminal positions)."""
        if self.is_terminal(x):
            n = self.n
            winners = sorted((w - s0) % n for w in self.game.winners(x))
            key = tuple((w, Fraction(1, len(winners))) for w in winners)
            t = self.terminals.setdefault(key, len(self.terminals))
            return t * 4 + 2, 0
        if self.is_stored(x):
            code, s1 = self.code(x)
            j = self.index.get(code)
            if j is None:
                j = self.index[code] = len(self.index)
                self.queue.append(x)
            leaves.add(j)
            return (j * self.n + (s0 - s1) % self.n) * 4 + 1, 0
        found = memo.get(x)
        if found is not None:
            if found is _BUSY:
                raise SolveError(
                    f"{self.game.name}: play returns to {quote(self.game.state_to_text(x))} "
                    "within one stored position's expansion; its canon must store that position"
                )
            ref_height: tuple[int, int] = found
            return ref_height
        memo[x] = _BUSY
        kind, actor, edges, height = self._describe(x, memo, s0, leaves, owner)
        i = self._add(self.kind, self.actor, self.start, self.child, self.weight, kind, actor,
                      edges)
        self.height.append(height)
        self.owner.append(owner)
        memo[x] = (i * 4, height)
        return i * 4, height

    def _add(self, kinds: Any, actors: Any, starts: Any, children: Any, weights: Any, kind: int,
             actor: int, edges: dict[int, float]) -> int:
        """Append a node's record and edges; its index."""
        i = len(kinds)
        kinds.append(kind)
        actors.append(actor)
        starts.append(len(children))
        children.extend(edges)
        weights.extend(edges.values())
        if len(edges) > self.fan_in:
            self.fan_in = len(edges)
        return i

    def _describe(self, x: Any, memo: dict[Any, Any], s0: int, leaves: set[int],
                  owner: int) -> tuple[int, int, dict[int, float], int]:
        """(kind, actor, edges, height) of state ``x``: a chance node over its outcomes, a
        decision of its one actor, or the race among several actors. Edges map a child's
        reference to its probability (merged where outcomes lead to the same position) or, for a
        decision, to the share of the legal actions that lead there."""
        acc: dict[int, float] = {}
        height = 0
        successor, ref_of = self.successor, self._ref
        if self.is_chance(x):
            for outcome, p in self._outcomes(x):
                ref, h = ref_of(successor(x, outcome), memo, s0, leaves, owner)
                acc[ref] = acc.get(ref, 0.0) + p
                if h > height:
                    height = h
            kind, actor = CHANCE, 0
        else:
            actors = self.game.actors(x)
            if len(actors) == 1:
                (mover,) = actors
                counts: dict[int, int] = {}
                legal = self.game.legal_actions(x)
                for a in legal:
                    ref, h = ref_of(successor(x, a), memo, s0, leaves, owner)
                    counts[ref] = counts.get(ref, 0) + 1
                    if h > height:
                        height = h
                acc = {ref: c / len(legal) for ref, c in counts.items()}
                kind, actor = DECIDE, (mover - s0) % self.n
            elif actors:
                from castlerules.adapters.common import race_probability

                share = float(race_probability(frozenset(actors)))
                for p in sorted(actors):
                    ref, h = self._race_ref(x, p, memo, s0, leaves, owner)
                    acc[ref] = acc.get(ref, 0.0) + share
                    if h > height:
                        height = h
                kind, actor = CHANCE, 0
            else:
                raise SolveError(f"{self.game.name}: a position where nobody acts and play goes on")
        if not acc:
            raise SolveError(f"{self.game.name}: a position with no way on")
        return kind, actor, acc, height + 1

    def _race_ref(self, x: Any, player: int, memo: dict[Any, Any], s0: int, leaves: set[int],
                  owner: int) -> tuple[int, int]:
        """The decision of ``player`` when the race lets them act in ``x``."""
        key = ("race", x, player)
        found = memo.get(key)
        if found is not None:
            ref_height: tuple[int, int] = found
            return ref_height
        counts: dict[int, int] = {}
        height = 0
        legal = self.game.legal_actions_of(x, player)
        for a in legal:
            ref, h = self._ref(self.successor(x, a), memo, s0, leaves, owner)
            counts[ref] = counts.get(ref, 0) + 1
            height = max(height, h)
        edges = {ref: c / len(legal) for ref, c in counts.items()}
        i = self._add(self.kind, self.actor, self.start, self.child, self.weight, DECIDE,
                      (player - s0) % self.n, edges)
        self.height.append(height + 1)
        self.owner.append(owner)
        memo[key] = (i * 4, height + 1)
        return i * 4, height + 1


def build_graph(game: Game[Any, Any], canon: Canon, roots: Sequence[Any],
                progress: Callable[[str], None] | None = None,
                limit: int = MAX_SOLVE_POSITIONS) -> Graph:
    """The position graph of everything reachable from ``roots`` (stored positions); SolveError
    once more than ``limit`` stored positions are found (memory is about 3 kB a position)."""
    np = numpy_module()
    builder = _Builder(game, canon, progress)
    for r in roots:
        builder.add_root(r)
    builder.run(limit)
    return _layout(np, builder, progress)


def _components(np: Any, succ: NDArray[Any], start: NDArray[Any], count: int
                ) -> tuple[NDArray[Any], NDArray[Any]]:
    """Tarjan's strongly connected components of the stored graph (iteratively): each node's
    component and each component's depth (0: no successor outside it)."""
    succ_l = succ.tolist()
    start_l = start.tolist()
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    comp = [-1] * count
    depth: list[int] = []
    stack: list[int] = []
    counter = 0
    for root in range(count):
        if index[root] != -1:
            continue
        work = [(root, start_l[root])]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, e = work[-1]
            end = start_l[v + 1]
            pushed = False
            while e < end:
                w = succ_l[e]
                e += 1
                if index[w] == -1:
                    work[-1] = (v, e)
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, start_l[w]))
                    pushed = True
                    break
                if on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
            if pushed:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                c = len(depth)
                members = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = c
                    members.append(w)
                    if w == v:
                        break
                d = 0
                for m in members:
                    for k in range(start_l[m], start_l[m + 1]):
                        other = comp[succ_l[k]]
                        if other != c and depth[other] + 1 > d:
                            d = depth[other] + 1
                depth.append(d)
    return np.array(comp, dtype=np.int64), np.array(depth, dtype=np.int64)


def _ranges(np: Any, starts: NDArray[Any], counts: NDArray[Any]) -> NDArray[Any]:
    """The concatenation of ``range(s, s + c)`` for each start and count."""
    total = int(counts.sum())
    if total == 0:
        empty: NDArray[Any] = np.zeros(0, dtype=np.int64)
        return empty
    ends = np.cumsum(counts)
    offset = np.repeat(starts - (ends - counts), counts)
    out: NDArray[Any] = offset + np.arange(total, dtype=np.int64)
    return out


def _groups(np: Any, keys: NDArray[Any], edge_counts: NDArray[Any], e_base: int, n_base: int,
            kinds: NDArray[Any], actors: NDArray[Any], target: NDArray[Any] | None
            ) -> list[tuple[int, _Group]]:
    """The groups of consecutive nodes with the same key (sorted), as ``(key, group)``."""
    out: list[tuple[int, _Group]] = []
    if len(keys) == 0:
        return out
    cuts = np.flatnonzero(np.diff(keys)) + 1
    bounds = [0, *cuts.tolist(), len(keys)]
    first_edge = np.concatenate(([0], np.cumsum(edge_counts)))
    for lo, hi in itertools.pairwise(bounds):
        e0, e1 = int(first_edge[lo]), int(first_edge[hi])
        offsets = (first_edge[lo:hi] - e0).astype(np.int64)
        out.append((int(keys[lo]), _Group(
            int(kinds[lo]), int(actors[lo]), e_base + e0, e_base + e1, offsets,
            n_base + lo, n_base + hi, None if target is None else target[lo:hi],
        )))
    return out


def _batches(np: Any, n: int, order: NDArray[Any], s_order: NDArray[Any],
             inner: tuple[NDArray[Any], ...], stored_nodes: tuple[NDArray[Any], ...],
             max_depth: int, E: int, rank: NDArray[Any], cyclic_depth: NDArray[Any]
             ) -> list[_Batch]:
    """The groups of each slot (depth, part) of the laid-out graph: inner nodes by height, then
    the stored nodes, with the positions each part holds."""
    kind, actor, height, idepth, counts = inner
    s_kind, s_actor, slot, s_counts = stored_nodes
    ik, ia, ih, idp = kind[order], actor[order], height[order], idepth[order]
    ck = counts[order]
    inner_key = (ih * 2 + ik) * (n + 1) + ia
    sk, sa, sd, sc = s_kind[s_order], s_actor[s_order], slot[s_order], s_counts[s_order]
    stored_key = sk * (n + 1) + sa
    slots = (max_depth + 1) * PARTS
    inner_cut = np.searchsorted(idp, np.arange(slots + 1))
    stored_cut = np.searchsorted(sd, np.arange(slots + 1))
    inner_edge_first = np.concatenate(([0], np.cumsum(ck)))
    stored_edge_first = np.concatenate(([0], np.cumsum(sc))) + E
    batches = []
    for dpt in range(max_depth + 1):
        parts = []
        for at in range(dpt * PARTS, (dpt + 1) * PARTS):
            slo, shi = int(stored_cut[at]), int(stored_cut[at + 1])
            if slo == shi:
                continue
            lo, hi = int(inner_cut[at]), int(inner_cut[at + 1])
            levels: dict[int, list[_Group]] = {}
            for key, g in _groups(np, inner_key[lo:hi], ck[lo:hi], int(inner_edge_first[lo]),
                                  lo, ik[lo:hi], ia[lo:hi], None):
                levels.setdefault(key // (2 * (n + 1)), []).append(g)
            targets = rank[s_order[slo:shi]]
            stored = [g for _, g in _groups(np, stored_key[slo:shi], sc[slo:shi],
                                            int(stored_edge_first[slo]), 0, sk[slo:shi],
                                            sa[slo:shi], targets)]
            parts.append(_Part(tuple(tuple(levels[h]) for h in sorted(levels)), tuple(stored),
                               np.sort(targets)))
        members = (np.sort(np.concatenate([q.members for q in parts])) if parts
                   else np.zeros(0, dtype=np.int64))
        batches.append(_Batch(tuple(parts), members, bool(cyclic_depth[dpt])))
    return batches


def _layout(np: Any, b: _Builder, progress: Callable[[str], None] | None) -> Graph:
    """Arrays from the builder, ordered for iteration: components by depth; inner nodes by
    (depth, height, kind, actor); stored nodes by code."""
    n = b.n
    N = len(b.index)
    M = len(b.kind)
    T = len(b.terminals)
    if progress is not None:
        progress(f"graph: {N:,} positions, {M:,} nodes between them; ordering")
    codes_disc = np.fromiter(b.index.keys(), dtype=np.int64, count=N)
    by_code = np.argsort(codes_disc, kind="stable")
    rank = np.empty(N, dtype=np.int64)
    rank[by_code] = np.arange(N, dtype=np.int64)
    succ = np.frombuffer(b.succ, dtype=np.int64)
    succ_start = np.frombuffer(b.succ_start, dtype=np.int64)
    comp, comp_depth = _components(np, succ, succ_start, N)
    depth = comp_depth[comp]
    # cyclic components: more than one member, or a position that leads to itself
    sizes = np.bincount(comp, minlength=len(comp_depth))
    owner_of_edge = np.repeat(np.arange(N, dtype=np.int64), np.diff(succ_start))
    self_loop = np.zeros(len(comp_depth), dtype=bool)
    self_loop[comp[owner_of_edge[succ == owner_of_edge]]] = True
    cyclic_comp = (sizes > 1) | self_loop
    # each depth's positions cut into parts, the ones found last first (a large depth with a
    # cycle in PARTS parts, any other in one); a slot is (depth, part)
    max_depth = int(comp_depth.max()) if N else -1
    by_depth = np.lexsort((-np.arange(N, dtype=np.int64), depth))
    sorted_depth = depth[by_depth]
    within = np.arange(N, dtype=np.int64) - np.searchsorted(sorted_depth, sorted_depth)
    cyclic_depth = np.zeros(max_depth + 1, dtype=bool)
    cyclic_depth[depth[cyclic_comp[comp]]] = True
    size = np.bincount(depth, minlength=max_depth + 1)[sorted_depth]
    pieces = np.where(cyclic_depth[sorted_depth] & (size >= PART_SIZE), PARTS, 1)
    part = np.empty(N, dtype=np.int64)
    part[by_depth] = within * pieces // size
    slot = depth * PARTS + part

    def remap(refs: NDArray[Any], inner_pos: NDArray[Any]) -> NDArray[Any]:
        tag = refs & 3
        val = refs >> 2
        out: NDArray[Any] = np.empty(len(refs), dtype=np.int64)
        m = tag == 0
        out[m] = inner_pos[val[m]]
        m = tag == 1
        j, d = val[m] // n, val[m] % n
        out[m] = M + d * N + rank[j]
        m = tag == 2
        out[m] = M + n * N + val[m]
        return out

    # inner nodes
    kind = np.frombuffer(b.kind, dtype=np.int8).astype(np.int64)
    actor = np.frombuffer(b.actor, dtype=np.int8).astype(np.int64)
    height = np.frombuffer(b.height, dtype=np.int16).astype(np.int64)
    owner = np.frombuffer(b.owner, dtype=np.int64)
    start = np.frombuffer(b.start, dtype=np.int64)
    E = len(b.child)
    counts = np.diff(np.concatenate((start, [E])))
    idepth = slot[owner] if M else np.zeros(0, dtype=np.int64)
    order = np.lexsort((actor, kind, height, idepth))
    inner_pos = np.empty(M, dtype=np.int64)
    inner_pos[order] = np.arange(M, dtype=np.int64)
    s_kind = np.frombuffer(b.s_kind, dtype=np.int8).astype(np.int64)
    s_actor = np.frombuffer(b.s_actor, dtype=np.int8).astype(np.int64)
    s_start = np.frombuffer(b.s_start, dtype=np.int64)
    SE = len(b.s_child)
    s_counts = np.diff(np.concatenate((s_start, [SE])))
    s_order = np.lexsort((s_actor, s_kind, slot))
    if M + n * N + T >= 2**31 - 1:
        raise SolveError("the graph is too large for this solver")
    # the edges in evaluation order, remapped to value indices a slice at a time (the builder's
    # arrays are let go as soon as they are read)
    child = np.empty(E + SE, dtype=np.int32)
    weight = np.empty(E + SE, dtype=np.float64)
    for base, node_order, first, count, refs, weights in (
        (0, order, start, counts, "child", "weight"),
        (E, s_order, s_start, s_counts, "s_child", "s_weight"),
    ):
        edge_order = _ranges(np, first[node_order], count[node_order])
        raw_child = np.frombuffer(getattr(b, refs), dtype=np.int64)
        raw_weight = np.frombuffer(getattr(b, weights), dtype=np.float64)
        idx = None
        for k in range(0, len(edge_order), SLICE):
            idx = edge_order[k:k + SLICE]
            child[base + k: base + k + len(idx)] = remap(raw_child[idx], inner_pos)
            weight[base + k: base + k + len(idx)] = raw_weight[idx]
        del edge_order, raw_child, raw_weight, idx
        setattr(b, refs, None)
        setattr(b, weights, None)
    batches = _batches(np, n, order, s_order, (kind, actor, height, idepth, counts),
                       (s_kind, s_actor, slot, s_counts), max_depth, E, rank, cyclic_depth)
    terminal = np.zeros((T, n), dtype=np.float64)
    for shares, t in b.terminals.items():
        for seat, share in shares:
            terminal[t, seat] = float(share)
    return Graph(
        players=n, codes=codes_disc[by_code], inner=M, child=child, weight=weight,
        terminal=terminal, batches=tuple(batches), fan_in=b.fan_in,
        inner_nodes=M, edges=E + SE,
    )


# -- iteration ----------------------------------------------------------------------------------


@attrs.define(slots=True, eq=False)
class _Channel:
    """One vector being iterated: the stored values (code order) and the ``src`` vector its
    nodes read, whose stored blocks ``feeds`` fill: for each shift ``d``, (channel, flipped)."""

    stored: NDArray[Any]
    src: NDArray[Any]
    ops: tuple[str, ...]
    feeds: tuple[tuple[int, bool], ...] = ()


def _channels(np: Any, g: Graph, model: str) -> tuple[list[_Channel], list[tuple[int, int]]]:
    """The channels of a model and its (lower, upper) pairs; per pair, the relative seat whose
    chance it is (``optimal``: seat 0; else the seat ``q`` of pair ``q``)."""
    n, M, N = g.players, g.inner, len(g.codes)
    size = M + n * N + len(g.terminal)
    chans: list[_Channel] = []
    pairs: list[tuple[int, int]] = []

    def new(fill: float, ops: tuple[str, ...], seat: int) -> _Channel:
        src = np.zeros(size, dtype=np.float64)
        src[M + n * N:] = g.terminal[:, seat] if len(g.terminal) else 0.0
        return _Channel(np.full(N, fill, dtype=np.float64), src, ops)

    if model == "optimal":
        if n != 2:
            raise SolveError("the optimal model is solved for two players (with more, the "
                             "seats' best replies need not agree); use against-random")
        ops: tuple[str, ...] = ("max", "min")
        lower, upper = new(0.0, ops, 0), new(1.0, ops, 0)
        lower.feeds = ((0, False), (1, True))
        upper.feeds = ((1, False), (0, True))
        chans = [lower, upper]
        pairs = [(0, 1)]
    else:
        for q in range(n):
            ops = tuple("max" if (model == "against-random" and a == q) else "mean"
                        for a in range(n))
            chans += [new(0.0, ops, q), new(1.0, ops, q)]
            pairs.append((2 * q, 2 * q + 1))
        for q in range(n):
            for which in (0, 1):
                chans[2 * q + which].feeds = tuple(
                    (2 * ((q + d) % n) + which, False) for d in range(n)
                )
    for c in chans:
        _feed(np, g, chans, c, None)
    return chans, pairs


def _feed(np: Any, g: Graph, chans: list[_Channel], c: _Channel,
          members: NDArray[Any] | None) -> None:
    """Copy the stored values into ``c.src``'s blocks (only ``members`` if given)."""
    M, N = g.inner, len(g.codes)
    for d, (source, flip) in enumerate(c.feeds):
        values = chans[source].stored
        if members is None:
            c.src[M + d * N: M + (d + 1) * N] = 1.0 - values if flip else values
        else:
            picked = values[members]
            c.src[M + d * N + members] = 1.0 - picked if flip else picked


def _apply(np: Any, g: Graph, group: _Group, c: _Channel) -> NDArray[Any]:
    vals = c.src[g.child[group.e0:group.e1]]
    if group.kind == CHANCE:
        return np.add.reduceat(vals * g.weight[group.e0:group.e1], group.offsets)  # type: ignore[no-any-return]
    op = c.ops[group.actor]
    if op == "max":
        return np.maximum.reduceat(vals, group.offsets)  # type: ignore[no-any-return]
    if op == "min":
        return np.minimum.reduceat(vals, group.offsets)  # type: ignore[no-any-return]
    return np.add.reduceat(vals * g.weight[group.e0:group.e1], group.offsets)  # type: ignore[no-any-return]


@attrs.frozen(slots=True)
class Iterated:
    """A model's result: per pair the lower and upper stored values, the certified bound on
    ``(lower + upper) / 2`` (half the largest gap plus the rounding allowance), and the work."""

    lower: tuple[NDArray[Any], ...]
    upper: tuple[NDArray[Any], ...]
    bound: float
    iterations: int
    seconds: float


def iterate(g: Graph, model: str, progress: Callable[[str], None] | None = None,
            target: float = TARGET_GAP, max_sweeps: int = 1_000_000) -> Iterated:
    """Value iteration of ``model`` from below and above, component depth by depth."""
    np = numpy_module()
    if model not in MODELS:
        raise InvalidOptionError(f"model must be one of {', '.join(MODELS)}, got {quote(model)}")
    began = time.process_time()
    chans, pairs = _channels(np, g, model)
    allowance = 0.0
    total = 0
    last = time.monotonic()
    for number, batch in enumerate(g.batches):
        if not len(batch.members):
            continue
        height = max(len(part.levels) for part in batch.parts) + 1
        step_error = height * (2 * g.fan_in + 3) * UNIT
        history: list[float] = []
        sweeps = 0
        while True:
            for part in batch.parts:
                for level in part.levels:
                    for c in chans:
                        for group in level:
                            c.src[group.n0:group.n1] = _apply(np, g, group, c)
                fresh = [[_apply(np, g, group, c) for group in part.stored] for c in chans]
                for c, found in zip(chans, fresh):
                    for group, values in zip(part.stored, found):
                        assert group.target is not None
                        c.stored[group.target] = values
                for c in chans:
                    _feed(np, g, chans, c, part.members)
            sweeps += 1
            allowance += step_error
            if not batch.cyclic:
                break
            gap = max(float((chans[u].stored[batch.members] - chans[lo].stored[batch.members])
                            .max()) for lo, u in pairs)
            history.append(gap)
            # done; or stalled (no shrinking over a long window: play that need not end, or
            # the floor rounding sets); or out of sweeps
            stalled = len(history) > STALL and gap >= history[-STALL - 1] * (1 - 1e-9)
            if gap <= target or stalled or sweeps >= max_sweeps:
                break
        total += sweeps
        if progress is not None and time.monotonic() - last > 2:
            last = time.monotonic()
            progress(f"{model}: depth {number + 1:,} of {len(g.batches):,}, {total:,} sweeps")
    gap = max((float((chans[u].stored - chans[lo].stored).max()) if len(g.codes) else 0.0)
              for lo, u in pairs)
    return Iterated(
        lower=tuple(chans[lo].stored for lo, _ in pairs),
        upper=tuple(chans[u].stored for _, u in pairs),
        bound=max(gap, 0.0) / 2 + allowance,
        iterations=total,
        seconds=time.process_time() - began,
    )


def endless(g: Graph, model: str = "optimal") -> NDArray[Any]:
    """The stored positions (indices in code order) from which play can go on for ever with
    probability 1: ``optimal``, when every seat's choices may keep it going (the players acting
    together: if there is none, every way of playing ends with probability 1, whatever the
    model); ``random``, when every choice is the random player's. The greatest set in which
    every chance outcome (and random choice) and some deciding choice stay."""
    np = numpy_module()
    n, M, N = g.players, g.inner, len(g.codes)
    alive = np.ones(N, dtype=bool)
    src = np.zeros(M + n * N + len(g.terminal), dtype=bool)
    if model not in ("optimal", "random"):
        raise InvalidOptionError(f"model must be optimal or random, got {quote(model)}")
    deciding = set(range(n)) if model == "optimal" else set()

    def ev(group: _Group) -> NDArray[Any]:
        vals = src[g.child[group.e0:group.e1]]
        if group.kind == DECIDE and group.actor in deciding:
            return np.logical_or.reduceat(vals, group.offsets)  # type: ignore[no-any-return]
        return np.logical_and.reduceat(vals, group.offsets)  # type: ignore[no-any-return]

    for d in range(n):
        src[M + d * N: M + (d + 1) * N] = alive
    for batch in g.batches:
        if not len(batch.members):
            continue
        while True:
            before = int(alive[batch.members].sum())
            for part in batch.parts:
                for level in part.levels:
                    for group in level:
                        src[group.n0:group.n1] = ev(group)
                for group in part.stored:
                    assert group.target is not None
                    alive[group.target] = ev(group) & alive[group.target]
                for d in range(n):
                    src[M + d * N + part.members] = alive[part.members]
            if not batch.cyclic or int(alive[batch.members].sum()) == before:
                break
    return np.flatnonzero(alive)  # type: ignore[no-any-return]


# -- solving --------------------------------------------------------------------------------------


def source_hash(game: Game[Any, Any]) -> str:
    """A hash of the rules' source: the modules of the game's package its canon names
    (``Canon.sources``: the rules and what they are made of, and the canon), the kernel's chance
    module, this module, and the game's spec and packaged boards. A changed rule makes every
    table of the game stale (a change elsewhere, to how the game is drawn, say, does not)."""
    import importlib
    from importlib import resources

    import castlerules.core

    canon = canon_of(game)
    digest = hashlib.sha256()
    package = importlib.import_module(game.info.package)
    folder = Path(next(iter(package.__path__)))
    core = Path(castlerules.core.__file__).parent
    files = [folder / f"{name}.py" for name in canon.sources]
    files += [core / f"{name}.py" for name in RULES_KERNEL]
    for f in [*files, Path(__file__)]:
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    specs = resources.files("castlerules.specs")
    for place in (specs, specs.joinpath("boards")):
        for entry in sorted(place.iterdir(), key=lambda e: e.name):
            if entry.name.startswith(game.name) and entry.is_file():
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()[:32]


def identity(game: Game[Any, Any], canon: Canon, root: str = "start") -> dict[str, Any]:
    """What a table must match to be used for ``game``: format, game, players, readings,
    options, the rules' source hash, the canon's version and the root position."""
    return {
        "format": TABLE_FORMAT,
        "game": game.name,
        "players": game.num_players,
        "readings": dict(sorted(game.readings.items())),
        "options": game.options,
        "source": source_hash(game),
        "canon": canon.version,
        "root": root,
    }


@attrs.frozen(slots=True, eq=False)
class Table:
    """Solved values of the stored positions (see the module docstring): ``optimal[i]`` is the
    chance of relative seat 0 of position ``codes[i]`` under optimal play (two players);
    ``against_random[q, i]`` the chance of relative seat ``q`` playing optimally against random
    seats. ``header`` holds the identity, the bound and the figures of the solve."""

    header: dict[str, Any]
    #: numpy arrays, or lists for a table read from JSON (``table_from_json``)
    codes: NDArray[Any] | list[int]
    optimal: NDArray[Any] | list[float] | None
    against_random: NDArray[Any] | list[list[float]]

    @property
    def bound(self) -> float:
        return float(self.header["bound"])

    def index(self, code: int) -> int:
        """The position of ``code`` in the table, or -1 (a binary search: the codes are sorted;
        they may be a numpy array or, for a table read from JSON, a list)."""
        i = bisect.bisect_left(self.codes, code)
        return i if i < len(self.codes) and int(self.codes[i]) == code else -1


@attrs.frozen(slots=True)
class Solution:
    """A finished solve: the table and the figures ``castlerules solve --json`` prints."""

    table: Table
    summary: dict[str, Any]


def _quantized(np: Any, values: NDArray[Any]) -> NDArray[Any]:
    """``values`` rounded to the table's 32-bit fractions (as stored and as read back)."""
    out: NDArray[Any] = np.round(np.clip(values, 0.0, 1.0) * SCALE) / SCALE
    return out


def _stored_roots(game: Game[Any, Any], canon: Canon, state: Any) -> list[Any]:
    """The stored positions a root leads to before any other stored position (the root itself
    when it is stored)."""
    if canon.is_stored(state):
        return [state]
    out: list[Any] = []
    seen: set[Any] = set()
    todo = [state]
    while todo:
        x = todo.pop()
        if x in seen or game.is_terminal(x):
            continue
        seen.add(x)
        if canon.is_stored(x):
            out.append(x)
            continue
        if game.is_chance(x):
            todo += [game.successor(x, o) for o, _ in game.chance_outcomes(x)]
        else:
            todo += [game.successor(x, a) for a in game.legal_actions(x)]
    return out


def solve(game: Game[Any, Any], root: Any = None, *, root_text: str = "start",
          roots: Sequence[Any] = (), progress: Callable[[str], None] | None = None,
          models: Sequence[str] = MODELS, target: float = TARGET_GAP,
          limit: int = MAX_SOLVE_POSITIONS) -> Solution:
    """Solve ``game`` from ``root`` (default the initial position), or from every position of
    ``roots`` (then ``root_text`` names them, and ``start`` holds the values of ``root`` if one
    is given): every model in ``models`` (``optimal`` only for two players), the table, and the
    figures."""
    np = numpy_module()
    canon = canon_of(game)
    if not 1 <= limit <= MAX_POSITIONS:
        raise InvalidOptionError(f"the limit on positions must be from 1 to {MAX_POSITIONS:,} "
                                 "(a table holds no more)")
    began = time.process_time()
    wall = time.perf_counter()
    state = game.initial_state() if root is None and not roots else root
    stored = [r for x in ([state] if state is not None else []) + list(roots)
              for r in _stored_roots(game, canon, x)]
    if not stored:
        raise SolveError("the game is over in that position: nothing to solve")
    graph = build_graph(game, canon, stored, progress, limit)
    built = time.process_time() - began
    n = game.num_players
    wanted = [m for m in models if m != "optimal" or n == 2]
    stuck = endless(graph, "optimal")
    notes: list[str] = []
    if n != 2 and "optimal" in models:
        notes.append("optimal play is solved for two players only: with more, what is best for "
                     "one seat depends on how the others treat each other")
    if len(stuck) and "optimal" in wanted:
        wanted.remove("optimal")
        notes.append("optimal play is not solved: from some positions the players together can "
                     "keep the game going for ever")
    results = {m: iterate(graph, m, progress, target) for m in wanted}
    if "optimal" in results:
        opt = results["optimal"]
        optimal = _quantized(np, (opt.lower[0] + opt.upper[0]) / 2)
    else:
        optimal = None
    ar = results.get("against-random")
    against = (_quantized(np, np.stack([(lo + up) / 2 for lo, up in zip(ar.lower, ar.upper)]))
               if ar is not None else np.zeros((n, len(graph.codes))))
    bound = max((r.bound for r in results.values()), default=0.0) + QUANTUM
    header = identity(game, canon, root_text)
    header["models"] = [m for m in ("optimal", "against-random") if m in results]
    table = Table(header, graph.codes, optimal, against)
    evaluator = Evaluator(game, canon, table, results.get("random"))
    summary: dict[str, Any] = {
        "game": game.name,
        "players": n,
        "readings": header["readings"],
        "options": game.options,
        "root": root_text,
        "start": evaluator.start_values(state, list(results)) if state is not None else {},
        "positions": len(graph.codes),
        "nodes": graph.inner_nodes + len(graph.codes),
        "edges": graph.edges,
        "depths": len(graph.batches),
        "sweeps": {m: r.iterations for m, r in results.items()},
        "endless_positions": len(stuck),
        "bound": bound,
        "seconds": round(time.process_time() - began, 2),
        "graph_seconds": round(built, 2),
        "wall_seconds": round(time.perf_counter() - wall, 2),
    }
    if notes:
        summary["notes"] = table.header["notes"] = notes
    table.header.update({k: summary[k] for k in ("bound", "positions", "seconds", "start")})
    return Solution(table, summary)


# -- evaluation -----------------------------------------------------------------------------------


class Evaluator:
    """Values of any position from a table: a stored position is looked up; any other is
    expanded through the game's transitions down to stored and terminal positions."""

    def __init__(self, game: Game[Any, Any], canon: Canon, table: Table,
                 random: Iterated | None = None) -> None:
        self.game = game
        self.canon = canon
        self.table = table
        self.n = game.num_players
        self._random = random

    def _stored(self, state: Any, model: str, seat: int) -> float:
        code, s1 = self.canon.code(state)
        i = self.table.index(code)
        if i < 0:
            raise TableError("this position is not in the table: it cannot be reached from the "
                             "position the table was solved from")
        r = (seat - s1) % self.n
        if model == "optimal":
            if self.table.optimal is None:
                raise TableError("the table holds no values for optimal play")
            v = float(self.table.optimal[i])
            return v if r == 0 else 1.0 - v
        if model == "against-random":
            if "against-random" not in self.table.header["models"]:
                raise TableError("the table holds no values for play against random players")
            return float(self.table.against_random[r][i])
        assert self._random is not None
        return float((self._random.lower[r][i] + self._random.upper[r][i]) / 2)

    def chances(self, state: Any, model: str = "optimal") -> tuple[float, ...]:
        """Each seat's chance to win from ``state``: ``optimal``, or for each seat, playing
        optimally against random others (``against-random``)."""
        if model == "optimal":
            return self._vector(state, {})
        return tuple(self._value(state, model, p, {}) for p in range(self.n))

    def _vector(self, state: Any, memo: dict[Any, tuple[float, ...]]) -> tuple[float, ...]:
        """Under optimal play (two players), the chance of each seat."""
        game = self.game
        if state in memo:
            return memo[state]
        if game.is_terminal(state):
            winners = game.winners(state)
            out = tuple((1 / len(winners) if p in winners else 0.0) for p in range(self.n))
        elif self.canon.is_stored(state):
            v = self._stored(state, "optimal", 0)
            out = (v, 1.0 - v)
        elif game.is_chance(state):
            acc = [0.0] * self.n
            for o, p in game.chance_outcomes(state):
                vec = self._vector(game.successor(state, o), memo)
                for s in range(self.n):
                    acc[s] += float(p) * vec[s]
            out = tuple(acc)
        else:
            actors = sorted(game.actors(state))
            acc = [0.0] * self.n
            for a in actors:
                best = max((self._vector(game.successor(state, x), memo)
                            for x in game.legal_actions_of(state, a)), key=lambda v: v[a])
                for s in range(self.n):
                    acc[s] += best[s] / len(actors)
            out = tuple(acc)
        memo[state] = out
        return out

    def _value(self, state: Any, model: str, seat: int, memo: dict[Any, float]) -> float:
        """The chance of ``seat`` when it plays optimally and the others at random
        (``against-random``), or when everyone plays at random (``random``)."""
        game = self.game
        if state in memo:
            return memo[state]
        if game.is_terminal(state):
            winners = game.winners(state)
            out = 1 / len(winners) if seat in winners else 0.0
        elif self.canon.is_stored(state):
            out = self._stored(state, model, seat)
        elif game.is_chance(state):
            out = sum(float(p) * self._value(game.successor(state, o), model, seat, memo)
                      for o, p in game.chance_outcomes(state))
        else:
            actors = sorted(game.actors(state))
            out = 0.0
            for a in actors:
                vals = [self._value(game.successor(state, x), model, seat, memo)
                        for x in game.legal_actions_of(state, a)]
                mine = max(vals) if a == seat and model == "against-random" else sum(vals) / len(vals)
                out += mine / len(actors)
        memo[state] = out
        return out

    def action_values(self, state: Any, player: int, model: str = "optimal"
                      ) -> list[tuple[Any, float]]:
        """For each legal action of ``player`` in ``state`` (in their order), the chance of
        ``player`` after it: optimal play from there, or (``against-random``) ``player`` playing
        optimally against random others."""
        after = [(a, self.game.successor(state, a))
                 for a in self.game.legal_actions_of(state, player)]
        if model == "optimal":
            memo: dict[Any, tuple[float, ...]] = {}
            return [(a, self._vector(y, memo)[player]) for a, y in after]
        scalar: dict[Any, float] = {}
        return [(a, self._value(y, model, player, scalar)) for a, y in after]

    def best_action(self, state: Any, player: int, model: str = "optimal") -> Any:
        """The first legal action of ``player`` with the highest chance for them."""
        found = self.action_values(state, player, model)
        return max(found, key=lambda item: item[1])[0]

    def start_values(self, state: Any, models: Iterable[str]) -> dict[str, Any]:
        """The figures of ``castlerules solve --json``'s ``start``: per model, each seat's chance
        (``against-random``: each seat playing optimally against random others)."""
        out: dict[str, Any] = {}
        for m in models:
            if m == "optimal":
                out[m] = list(self._vector(state, {}))
            else:
                out[m] = [self._value(state, m, p, {}) for p in range(self.n)]
        return out


# -- tables on disk -------------------------------------------------------------------------------


def table_to_json(table: Table) -> str:
    """A (small) table as JSON, for where numpy is not at hand (the Play page): the header, the
    codes, and the values as integers of ``1 / SCALE`` (exactly what the table file stores)."""
    def ints(values: Any) -> list[int]:
        return [round(float(v) * SCALE) for v in values]

    data = {
        "header": table.header,
        "codes": [int(c) for c in table.codes],
        "optimal": ints(table.optimal) if table.optimal is not None else None,
        "against_random": [ints(row) for row in table.against_random],
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def table_from_json(text: str | bytes, limit: int = 1 << 24) -> Table:
    """A table from ``table_to_json``'s text, checked as untrusted input (at most ``limit``
    characters; TableError on anything wrong); its arrays are lists."""
    from castlerules.core.jsonio import parse_json

    data = parse_json(text, "table", TableError, limit)
    if not isinstance(data, dict) or set(data) != {"header", "codes", "optimal",
                                                   "against_random"}:
        raise TableError("not a castlerules table")
    header = data["header"]
    _check_header(header, "the table")
    N, n = header["positions"], header["players"]

    def values(row: Any) -> list[float]:
        if not isinstance(row, list) or len(row) != N or not all(
                type(v) is int and 0 <= v <= SCALE for v in row):
            raise TableError("the table's values are malformed")
        return [v / SCALE for v in row]

    codes = data["codes"]
    if not isinstance(codes, list) or len(codes) != N or not all(
            type(c) is int and 0 <= c < 2**63 for c in codes):
        raise TableError("the table's codes are malformed")
    if any(a >= b for a, b in itertools.pairwise(codes)):
        raise TableError("the table's codes are not in order")
    rows = data["against_random"]
    if not isinstance(rows, list) or len(rows) != n:
        raise TableError("the table's values are malformed")
    optimal = values(data["optimal"]) if "optimal" in header["models"] else None
    return Table(header, codes, optimal, [values(r) for r in rows])


@functools.lru_cache(maxsize=8)
def _identity_of(game: Game[Any, Any], root: str) -> dict[str, Any]:
    return identity(game, canon_of(game), root)


def chances_from(table: Table, game: Game[Any, Any], state: Any) -> list[float] | None:
    """Each seat's chance in ``state`` under optimal play, if ``table`` was made for ``game`` and
    holds what ``state`` needs; else None (the Play page shows chances only then): for a game
    that cannot be solved, or a table of another game, too."""
    if not game.info.has("solve") or table.header.get("game") != game.name:
        return None
    if mismatch(table, _identity_of(game, table.header["root"])) is not None:
        return None
    try:
        return list(Evaluator(game, canon_of(game), table).chances(state))
    except TableError:
        return None


def cache_folder() -> Path:
    """Where tables are kept: ``$XDG_CACHE_HOME/castlerules`` (default ``~/.cache/castlerules``)."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "castlerules"


def table_path(ident: dict[str, Any]) -> Path:
    """The cache file of a table of this identity."""
    text = json.dumps(ident, sort_keys=True, ensure_ascii=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    return cache_folder() / f"{ident['game']}-{ident['players']}p-{digest}.npz"


def save_table(table: Table, path: Path) -> Path:
    """Write ``table`` to ``path`` atomically (``castlerules.core.files.write_atomic``: a
    temporary file in the same folder, renamed)."""
    from castlerules.core.files import write_atomic

    np = numpy_module()
    arrays = {
        "header": np.frombuffer(json.dumps(table.header, sort_keys=True).encode(), dtype=np.uint8),
        "codes": np.asarray(table.codes, dtype="<i8"),
        "against_random": np.round(np.asarray(table.against_random) * SCALE).astype("<u4"),
    }
    if table.optimal is not None:
        arrays["optimal"] = np.round(np.asarray(table.optimal) * SCALE).astype("<u4")
    packed = io.BytesIO()
    np.savez_compressed(packed, **arrays)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, packed.getvalue())
    except OSError as exc:
        raise TableError(f"cannot write {quote(str(path))}: {exc.strerror}") from None
    return path


def _read_member(np: Any, archive: zipfile.ZipFile, name: str, dtype: str,
                 shape: tuple[int, ...]) -> NDArray[Any]:
    """One array of a table: its .npy header must give exactly ``dtype`` and ``shape``; exactly
    that many bytes are read."""
    try:
        info = archive.getinfo(name + ".npy")
    except KeyError:
        raise TableError(f"the table has no {name!r} array") from None
    count = 1
    for s in shape:
        count *= s
    need = count * np.dtype(dtype).itemsize
    if info.file_size > need + 4096:
        raise TableError(f"the table's {name!r} array is larger than its header says")
    with archive.open(info) as f:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            found_shape, fortran, found_dtype = np.lib.format.read_array_header_1_0(f)
        elif version == (2, 0):
            found_shape, fortran, found_dtype = np.lib.format.read_array_header_2_0(f)
        else:
            raise TableError(f"the table's {name!r} array has an unknown format")
        if found_dtype != np.dtype(dtype) or tuple(found_shape) != shape or fortran:
            raise TableError(f"the table's {name!r} array has the wrong type or size")
        data = f.read(need)
    if len(data) != need:
        raise TableError(f"the table's {name!r} array is cut short")
    out: NDArray[Any] = np.frombuffer(data, dtype=dtype).reshape(shape)
    return out


def load_table(path: Path | str) -> Table:
    """Read a table file (untrusted: see the module docstring); TableError on anything wrong."""
    np = numpy_module()
    shown = quote(str(path))
    try:
        size = os.stat(path).st_size
        if not Path(path).is_file():
            raise TableError(f"{shown} is not a table file")
    except OSError as exc:
        raise TableError(f"cannot read {shown}: {exc.strerror}") from None
    if size > MAX_TABLE_BYTES:
        raise TableError(f"{shown} is too large to be a table")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_TABLE_BYTES + 1)
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            info = archive.getinfo("header.npy")
            if info.file_size > MAX_HEADER_BYTES + 256:
                raise TableError(f"{shown}: the table's header is too long")
            with archive.open(info) as f:
                version = np.lib.format.read_magic(f)
                reader = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                          else np.lib.format.read_array_header_2_0)
                shape, _, dtype = reader(f)
                if dtype != np.dtype(np.uint8) or len(shape) != 1 or shape[0] > MAX_HEADER_BYTES:
                    raise TableError(f"{shown}: the table's header is malformed")
                raw = f.read(shape[0])
            header = json.loads(raw.decode("utf-8"))
            _check_header(header, shown)
            N = header["positions"]
            n = header["players"]
            codes = _read_member(np, archive, "codes", "<i8", (N,))
            against = _read_member(np, archive, "against_random", "<u4", (n, N)) / SCALE
            optimal = (_read_member(np, archive, "optimal", "<u4", (N,)) / SCALE
                       if "optimal" in header["models"] else None)
    except TableError:
        raise
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile, NotImplementedError,
            RuntimeError, SyntaxError, TypeError, RecursionError, UnicodeError, MemoryError,
            OverflowError):
        raise TableError(f"{shown} is not a castlerules table") from None
    if N and not bool(np.all(np.diff(codes) > 0)):
        raise TableError(f"{shown}: the table's codes are not in order")
    return Table(header, codes, optimal, against)


def _check_header(header: Any, shown: str) -> None:
    """The header's fields and their types (their agreement with a game is ``matches``)."""
    if not isinstance(header, dict):
        raise TableError(f"{shown}: the table's header is malformed")
    if header.get("format") != TABLE_FORMAT:
        raise TableError(f"{shown}: a table of another format ({quote(header.get('format'))}); "
                         f"this castlerules reads format {TABLE_FORMAT}")
    kinds = {"game": str, "players": int, "readings": dict, "options": dict, "source": str,
             "canon": int, "root": str, "bound": float, "positions": int, "models": list,
             "seconds": float, "start": dict}
    for key, kind in kinds.items():
        value = header.get(key)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
            header[key] = value
        if not isinstance(value, kind) or isinstance(value, bool):
            raise TableError(f"{shown}: the table's header has no valid {key!r}")
    if not 1 <= header["players"] <= 64 or not 0 <= header["positions"] <= MAX_POSITIONS:
        raise TableError(f"{shown}: the table's header is out of range")
    if not set(header["models"]) <= {"optimal", "against-random"}:
        raise TableError(f"{shown}: the table's header names unknown models")
    if not math.isfinite(header["bound"]) or not math.isfinite(header["seconds"]):
        raise TableError(f"{shown}: the table's header is out of range")
    # what a command prints of a table it uses: numbers and short plain text only
    for model, values in header["start"].items():
        if model not in MODELS or not isinstance(values, list) or len(values) != header[
                "players"] or not all(isinstance(v, float) and 0 <= v <= 1 for v in values):
            raise TableError(f"{shown}: the table's header has no valid 'start'")
    notes = header.get("notes", [])
    if not isinstance(notes, list) or len(notes) > 4 or not all(
            isinstance(t, str) and len(t) <= 300 and t.isprintable() for t in notes):
        raise TableError(f"{shown}: the table's header has no valid 'notes'")


def mismatch(table: Table, ident: dict[str, Any]) -> str | None:
    """Why ``table`` was not made for the game of ``ident`` (None: it was)."""
    labels = {"format": "format", "game": "game", "players": "player count",
              "readings": "readings", "options": "options", "source": "rules' source",
              "canon": "position codes", "root": "root position"}
    for key, label in labels.items():
        if table.header.get(key) != ident[key]:
            return f"the table was made for another {label}"
    return None


def find_table(game: Game[Any, Any], path: Path | str | None = None, root: str = "start"
               ) -> Table:
    """The table of ``game`` from ``path`` or the cache; TableError if there is none that
    matches (the message says how to make one)."""
    canon = canon_of(game)
    ident = identity(game, canon, root)
    where = Path(path) if path is not None else table_path(ident)
    if path is None and not where.exists():
        raise TableError(f"no solved table for this {game.name} game: run 'castlerules solve "
                         f"{game.name}' with the same options first")
    table = load_table(where)
    why = mismatch(table, ident)
    if why is not None:
        raise TableError(f"{quote(str(where))} cannot be used: {why}")
    return table


def evaluator(game: Game[Any, Any], path: Path | str | None = None) -> Evaluator:
    """An ``Evaluator`` of ``game`` from its stored table (see ``find_table``)."""
    return Evaluator(game, canon_of(game), find_table(game, path))
