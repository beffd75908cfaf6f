"""Reach: which conditions of the clause-tagged rules a verification's checks see true and false.

A theorem checked over a *family* of states is exhaustive over that family, and nothing in the
verdict says whether the family holds the cases the rules branch on. ``castlerules verify --reach``
measures it: while the plan runs, every function a game tags with ``@clause`` or ``@reads``
(``core.registry``) is instrumented, and each *condition* of each *decision* in it records the
values it takes.

What is a decision, and a condition (the measure of DO-178C's condition coverage and MC/DC):

- a *decision* is the test of an ``if``, ``elif``, ``while`` or conditional expression, a
  comprehension's ``if`` filter, the condition of ``require`` (``core.game.require(c, why)`` is
  ``if not c: raise``), every expression of ``and``/``or`` elsewhere (a value such as
  ``found = a or b``: its last operand is then the value it yields, not a condition, unless it is
  Boolean by its form), and the dual-mode shim's ``If`` (its condition) and ``And``/``Or`` (where
  they are not inside another decision); a constant is no condition;
- its *conditions* are the operands that ``and``, ``or``, ``not`` and the shim's ``And``, ``Or``,
  ``Not`` join (a comparison, a name, a call: anything else is one condition).

Not decisions, and said so in the report's key: an ``assert`` (it states that its condition always
holds; ``python -O`` removes it), a ``for`` loop's choice between no pass and some, an exception
handler, and the conditions inside a function that a tagged function calls but that is not tagged
itself (it is measured where it is tagged, or not at all).

How: each tagged function's source is parsed, every condition wrapped in a call that records its
value and returns it unchanged (so ``and``/``or`` still short-circuit and return the same
operand), every decision in a call that records its outcome and the values its conditions took in
that evaluation, and the function's code object is replaced by the compiled result
(``function.__code__``), so every reference to the function — a method, a module name, a name
imported elsewhere, a ``functools.partial`` — runs the measured code. ``uninstall`` puts the
original code back. ``sys.settrace`` would only see lines (``a and b`` on one line is one line),
coverage.py's branch data only arcs between lines; neither sees a condition.

A condition's value is True or False, or — in a z3 theorem that calls a dual-mode kernel on z3
terms — a term. A term z3 simplifies to a constant counts as that constant; any other term counts
as *seen both ways by z3*: the proof quantifies over every value the term takes. (A proof's
assumptions may still rule a value out; the report names the conditions z3 alone reached.)

Tables a game builds at creation over every value it could meet (Splut's turn bookkeeping for
every turn below 1024, Kasteel's lines for every square) are no family's reach: the function that
builds one is marked ``@tabulation`` and nothing is recorded while it runs.

MC/DC: a condition has shown its *independent effect* when two recorded evaluations of its
decision differ in that condition and in the outcome while every other condition either took the
same value in both or was not evaluated in one of them (short-circuit masking), or when z3 saw it
as a term.
"""

from __future__ import annotations
import __future__

import ast
import functools
import importlib
import inspect
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

F = TypeVar("F", bound=Callable[..., Any])

#: The codes of a condition's (or a decision's) value in an evaluation: not evaluated, false,
#: true, a z3 term that is no constant.
NOT_EVALUATED, FALSE, TRUE, TERM = 0, 1, 2, 3
_BITS = 2
_MASK = (1 << _BITS) - 1

#: The names of the dual-mode shim's functions (``core.symbolic``) a decision is made of.
_SHIM = ("If", "And", "Or", "Not")


@attrs.frozen(slots=True)
class Condition:
    """One condition of one decision, where it stands in the source."""

    decision: int
    #: Its place among its decision's conditions.
    position: int
    line: int
    text: str


@attrs.frozen(slots=True)
class Decision:
    """A decision of a measured function: where, what kind, and its conditions."""

    index: int
    function: str
    file: str
    line: int
    kind: str
    text: str
    conditions: tuple[Condition, ...]


@attrs.frozen(slots=True)
class Function:
    """A measured function: its qualified name, where it is, the clauses and readings it is tagged
    with (a function tagged only with readings states the clauses those readings read), and its
    decisions."""

    name: str
    qualname: str
    game: str
    file: str
    line: int
    clauses: tuple[str, ...]
    readings: tuple[str, ...]
    decisions: tuple[int, ...]


@attrs.frozen(slots=True)
class Skipped:
    """A tagged function that cannot be measured, and why (listed, never dropped)."""

    name: str
    game: str
    reason: str


#: Why a ``@tabulation`` function is listed and not measured.
TABLE_REASON = ("it builds a table over every value when the game (or the board) is made; the "
                "theorems check the table entry by entry")


# -- recording ----------------------------------------------------------------------------------


class _Local(threading.local):
    def __init__(self) -> None:
        #: Open evaluations of decisions with several conditions: [decision, vector].
        self.frames: list[list[int]] = []
        #: Above zero while a ``@tabulation`` function runs: nothing is recorded.
        self.paused = 0


_LOCAL = _Local()
#: seen[decision]: the evaluations recorded, each ``vector << 2 | outcome`` (the vector holds
#: each condition's code in two bits, condition 0 lowest).
_SEEN: list[set[int]] = []
#: (decision, position) of conditions z3 has already seen as an open term.
_OPEN: set[tuple[int, int]] = set()
_PLAIN = frozenset({bool, int, str, bytes, tuple, list, frozenset, set, dict, type(None)})
_ACTIVE = False


def _code(value: Any, decision: int, position: int) -> int:
    """The code of ``value`` as a condition (or, with ``position`` -1, an outcome)."""
    if value is True:
        return TRUE
    if value is False:
        return FALSE
    if type(value) in _PLAIN:
        return TRUE if value else FALSE
    z3 = sys.modules.get("z3")
    if z3 is not None and isinstance(value, z3.ExprRef):
        key = (decision, position)
        if key in _OPEN:
            return TERM
        plain = z3.simplify(value)
        if z3.is_true(plain):
            return TRUE
        if z3.is_false(plain):
            return FALSE
        _OPEN.add(key)
        return TERM
    return TRUE if value else FALSE


def _one(decision: int, value: Any) -> Any:
    """A decision of one condition: record its value (and so its outcome); return it."""
    if _LOCAL.paused:
        return value
    c = _code(value, decision, 0)
    _SEEN[decision].add(c << _BITS | c)
    return value


def _open(decision: int) -> None:
    """A decision of several conditions begins an evaluation."""
    _LOCAL.frames.append([decision, 0])


def _leaf(decision: int, position: int, value: Any) -> Any:
    """A condition of the decision being evaluated took ``value``; return it unchanged."""
    frames = _LOCAL.frames
    if frames and not _LOCAL.paused:
        top = frames[-1]
        if top[0] == decision:
            top[1] |= _code(value, decision, position) << (_BITS * position)
    return value


def _close(decision: int, value: Any) -> Any:
    """The decision's evaluation ends with ``value``: record it with its conditions' values."""
    frames = _LOCAL.frames
    vector = 0
    # (an exception inside a condition leaves its frame behind: drop frames down to this one)
    while frames:
        top = frames.pop()
        if top[0] == decision:
            vector = top[1]
            break
    if not _LOCAL.paused:
        _SEEN[decision].add(vector << _BITS | _code(value, decision, -1))
    return value


def tabulation(func: F) -> F:
    """Mark a function that builds a table over every value the game could meet (when a game is
    made): nothing it evaluates counts as reached (see the module docstring). Free when no
    measurement runs."""

    @functools.wraps(func)
    def tabulate(*args: Any, **kwargs: Any) -> Any:
        if not _ACTIVE:
            return func(*args, **kwargs)
        _LOCAL.paused += 1
        try:
            return func(*args, **kwargs)
        finally:
            _LOCAL.paused -= 1

    tabulate.__tabulation__ = True  # type: ignore[attr-defined]
    return tabulate  # type: ignore[return-value]


# -- the rewriting ------------------------------------------------------------------------------

_NAMES = {"one": "__reach_one__", "open": "__reach_open__", "leaf": "__reach_leaf__",
          "close": "__reach_close__"}
_FUNCTIONS: dict[str, Callable[..., Any]] = {
    _NAMES["one"]: _one, _NAMES["open"]: _open, _NAMES["leaf"]: _leaf,
    _NAMES["close"]: _close,
}


def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=ast.Name(id=_NAMES[name], ctx=ast.Load()), args=list(args), keywords=[])


class _Rewriter(ast.NodeTransformer):
    """Wraps the decisions and conditions of one function's body (see the module docstring)."""

    def __init__(self, function: str, file: str, source: str, first_line: int,
                 shim: frozenset[str], require: frozenset[str], decisions: list[Decision]) -> None:
        self.function = function
        self.file = file
        self.source = source
        self.offset = first_line - 1
        self.shim = shim
        #: The names of ``core.game.require`` in the function's module: its condition is a
        #: decision (``require(c, why)`` is ``if not c: raise``).
        self.require = require
        self.decisions = decisions

    # what a name means in the function's module
    def _shim_call(self, node: ast.AST, *names: str) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in self.shim
            and node.func.id in names
            and not node.keywords
            and not any(isinstance(a, ast.Starred) for a in node.args)
        )

    def _leaves(self, node: ast.expr, value: bool = False) -> list[ast.expr]:
        """The conditions of the decision ``node``, in evaluation order. With ``value`` (an
        ``and``/``or`` whose value is used as it is, not as a test), the last operand is the
        value the expression yields, not a condition, unless it is Boolean by its form."""
        if isinstance(node, ast.BoolOp):
            values = list(node.values)
            if value and not self._boolean(values[-1]):
                values = values[:-1]
            return [x for v in values for x in self._leaves(v)]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self._leaves(node.operand)
        if isinstance(node, ast.Call) and node.args:
            if self._shim_call(node, "And", "Or"):
                return [x for v in node.args for x in self._leaves(v)]
            if self._shim_call(node, "Not") and len(node.args) == 1:
                return self._leaves(node.args[0])
        return [node]

    def _boolean(self, node: ast.expr) -> bool:
        """Whether ``node`` is Boolean by its form: a comparison, a ``not``, an ``and``/``or``,
        the shim's ``And``/``Or``/``Not``, or a Boolean constant."""
        return (isinstance(node, (ast.Compare, ast.BoolOp))
                or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
                or self._shim_call(node, "And", "Or", "Not")
                or (isinstance(node, ast.Constant) and isinstance(node.value, bool)))

    def _text(self, node: ast.expr) -> str:
        found = ast.get_source_segment(self.source, node) or ast.unparse(node)
        return " ".join(found.split())

    def decision(self, node: ast.expr, kind: str, value: bool = False) -> ast.expr:
        """``node`` measured as a decision: its conditions wrapped, then the whole (``value``:
        see ``_leaves``). A constant is no condition: a decision of constants is left alone."""
        leaves = [x for x in self._leaves(node, value) if not isinstance(x, ast.Constant)]
        if not leaves:
            return self.generic_visit(node)  # type: ignore[return-value]
        index = len(_SEEN) + len(self.decisions)
        ids = {id(x): k for k, x in enumerate(leaves)}
        conditions = tuple(
            Condition(index, k, x.lineno + self.offset, self._text(x)) for k, x in enumerate(leaves)
        )
        self.decisions.append(Decision(index, self.function, self.file,
                                       node.lineno + self.offset, kind, self._text(node),
                                       conditions))
        number = ast.Constant(index)
        if len(leaves) == 1 and leaves[0] is node:
            return _call("one", number, self.visit(node))

        def wrap(x: ast.expr) -> ast.expr:
            if id(x) in ids:
                return _call("leaf", number, ast.Constant(ids[id(x)]), self.visit(x))
            if isinstance(x, ast.Constant) or not self._holds_leaf(x, ids):
                return self.visit(x)  # type: ignore[no-any-return]
            if isinstance(x, ast.BoolOp):
                return ast.BoolOp(op=x.op, values=[wrap(v) for v in x.values])
            if isinstance(x, ast.UnaryOp):
                return ast.UnaryOp(op=x.op, operand=wrap(x.operand))
            assert isinstance(x, ast.Call)
            return ast.Call(func=x.func, args=[wrap(a) for a in x.args], keywords=[])

        opened = ast.BoolOp(op=ast.Or(), values=[_call("open", number), wrap(node)])
        return _call("close", number, opened)

    @staticmethod
    def _holds_leaf(node: ast.expr, ids: Mapping[int, int]) -> bool:
        return any(id(x) in ids for x in ast.walk(node))

    # decisions in statements
    def visit_If(self, node: ast.If) -> ast.AST:
        node.test = self.decision(node.test, "if")
        node.body = [self.visit(s) for s in node.body]
        node.orelse = [self.visit(s) for s in node.orelse]
        return node

    def visit_While(self, node: ast.While) -> ast.AST:
        node.test = self.decision(node.test, "while")
        node.body = [self.visit(s) for s in node.body]
        node.orelse = [self.visit(s) for s in node.orelse]
        return node

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        return node  # states that its condition always holds: not a branch (module docstring)

    # decisions in expressions
    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        return ast.IfExp(test=self.decision(node.test, "conditional expression"),
                         body=self.visit(node.body), orelse=self.visit(node.orelse))

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        node.target = self.visit(node.target)
        node.iter = self.visit(node.iter)
        node.ifs = [self.decision(x, "comprehension filter") for x in node.ifs]
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        return self.decision(node, "and/or", value=True)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if (isinstance(node.func, ast.Name) and node.func.id in self.require
                and node.args and not isinstance(node.args[0], ast.Starred)):
            first = self.decision(node.args[0], "require")
            return ast.Call(func=node.func, args=[first, *(self.visit(a) for a in node.args[1:])],
                            keywords=[self.visit(k) for k in node.keywords])
        if self._shim_call(node, "If") and len(node.args) == 3:
            cond, then, other = node.args
            return ast.Call(func=node.func, args=[self.decision(cond, "If"), self.visit(then),
                                                  self.visit(other)], keywords=[])
        if self._shim_call(node, "And", "Or", "Not") and node.args:
            return self.decision(node, node.func.id)  # type: ignore[attr-defined]
        return self.generic_visit(node)


# -- installing ---------------------------------------------------------------------------------


@attrs.define
class _Installed:
    function: Any
    code: Any
    module: Any


_INSTALLED: list[_Installed] = []
_FUNCS: list[Function] = []
_DECISIONS: list[Decision] = []
_SKIPPED: list[Skipped] = []
_GAMES: list[str] = []
_LOCK = threading.Lock()


def _package(game: str) -> str:
    from castlerules.core.catalog import info

    return info(game).package


def _resolve(name: str) -> Any:
    """The function a registry name (``module.Class.method``) stands for (``tabulation``'s
    wrapper, if it has one), or None."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            obj: Any = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = inspect.getattr_static(obj, attr, None)
            if obj is None:
                return None
            if isinstance(obj, (staticmethod, classmethod)):
                obj = obj.__func__
            elif isinstance(obj, property):
                obj = obj.fget
        return obj if callable(obj) else None
    return None


def tagged(game: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """The functions of ``game`` tagged with ``@clause`` or ``@reads``: (qualified name, clauses,
    readings), in the order the registry met them."""
    from castlerules.core import registry
    from castlerules.core.trace import import_game

    import_game(game)
    prefix = _package(game) + "."
    names: dict[str, tuple[list[str], list[str]]] = {}
    for table, slot in ((registry._LINKS, 0), (registry._READS, 1)):
        for tag, funcs in table.items():
            for name in funcs:
                if name.startswith(prefix):
                    entry = names.setdefault(name, ([], []))
                    if tag not in entry[slot]:
                        entry[slot].append(tag)
    return [(n, tuple(c), tuple(r)) for n, (c, r) in names.items()]


def _relative(path: str) -> str:
    here = Path(path).resolve()
    root = Path(__file__).resolve().parents[2]
    try:
        return here.relative_to(root).as_posix()
    except ValueError:
        return here.name


def _instrument(func: Any, name: str, game: str, clauses: tuple[str, ...],
                readings: tuple[str, ...]) -> str:
    """Replace ``func``'s code by its measured form; '' or the reason it cannot be."""
    code = func.__code__
    try:
        lines, first = inspect.getsourcelines(func)
    except (OSError, TypeError) as exc:
        return f"its source cannot be read ({exc})"
    source = textwrap.dedent("".join(lines))
    tree = ast.parse(source)
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if len(defs) != 1 or defs[0].name != func.__name__:
        return "its source is not one function definition"
    node = defs[0]
    node.decorator_list = []
    node.returns = None
    arguments = node.args
    arguments.defaults = [ast.Constant(None) for _ in arguments.defaults]
    arguments.kw_defaults = [None if d is None else ast.Constant(None)
                             for d in arguments.kw_defaults]
    for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
              arguments.vararg, arguments.kwarg):
        if a is not None:
            a.annotation = None
    shim = frozenset(n for n in _SHIM if _is_shim(func.__globals__.get(n), n))
    from castlerules.core.game import require as _require

    requires = frozenset(k for k, v in func.__globals__.items() if v is _require)
    file = _relative(inspect.getsourcefile(func) or code.co_filename)
    found: list[Decision] = []
    _Rewriter(name, file, source, first, shim, requires, found).visit(node)
    free = code.co_freevars
    module = ast.parse(f"def __reach_outer__({', '.join(free)}):\n    return {node.name}\n")
    outer = module.body[0]
    assert isinstance(outer, ast.FunctionDef)
    outer.body.insert(0, node)
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, first - 1)
    namespace: dict[str, Any] = {}
    exec(compile(module, code.co_filename, "exec",  # our own package's source, parsed above
                 flags=__future__.annotations.compiler_flag, dont_inherit=True), namespace)
    new = namespace["__reach_outer__"](*([None] * len(free))).__code__
    if new.co_freevars != free:
        return f"its free variables {free} could not be kept"
    if hasattr(code, "co_qualname"):
        new = new.replace(co_qualname=code.co_qualname)
    module_obj = sys.modules[func.__module__]
    for key, value in _FUNCTIONS.items():
        func.__globals__[key] = value
    _INSTALLED.append(_Installed(func, code, module_obj))
    func.__code__ = new
    _DECISIONS.extend(found)
    _SEEN.extend(set() for _ in found)
    _FUNCS.append(Function(name, func.__qualname__, game, file, first, clauses, readings,
                           tuple(d.index for d in found)))
    return ""


def _is_shim(value: Any, name: str) -> bool:
    from castlerules.core import symbolic

    return value is getattr(symbolic, name)


def install(games: Iterable[str]) -> None:
    """Measure the tagged functions of ``games`` from now on (more games may be added later)."""
    global _ACTIVE
    with _LOCK:
        for game in games:
            if game in _GAMES:
                continue
            _GAMES.append(game)
            done: set[int] = set()
            for name, clauses, readings in tagged(game):
                func = _resolve(name)
                if getattr(func, "__tabulation__", False):
                    _SKIPPED.append(Skipped(name, game, TABLE_REASON))
                    continue
                func = inspect.unwrap(func) if func is not None else None
                if func is None or not hasattr(func, "__code__"):
                    _SKIPPED.append(Skipped(name, game, "no plain function has that name"))
                    continue
                if id(func) in done:
                    continue
                done.add(id(func))
                reason = _instrument(func, name, game, clauses, readings)
                if reason:
                    _SKIPPED.append(Skipped(name, game, reason))
        _ACTIVE = True
    _forget_games()


#: What to call when measuring starts or stops: caches of games made before (a worker keeps its
#: games between tasks, ``core.execute``) are emptied, so the games are made again, measured.
_FORGETTERS: list[Callable[[], None]] = []


def forget_on_change(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever measuring is installed or uninstalled."""
    if forget not in _FORGETTERS:
        _FORGETTERS.append(forget)


def _forget_games() -> None:
    """Games kept from before were made with the code as it was: forget them."""
    for forget in _FORGETTERS:
        forget()


def uninstall() -> None:
    """Put every measured function's own code back and forget what was recorded."""
    global _ACTIVE
    with _LOCK:
        for item in reversed(_INSTALLED):
            item.function.__code__ = item.code
            for key in _FUNCTIONS:
                item.function.__globals__.pop(key, None)
        _INSTALLED.clear()
        _FUNCS.clear()
        _DECISIONS.clear()
        _SEEN.clear()
        _OPEN.clear()
        _SKIPPED.clear()
        _GAMES.clear()
        _ACTIVE = False
    _forget_games()


def installed() -> tuple[str, ...]:
    """The games measured now."""
    return tuple(_GAMES)


# -- what was seen -------------------------------------------------------------------------------

#: What one run records: for each measured function (by name), for each of its decisions (by its
#: place in the function), the evaluations seen. Plain data: it travels back from a worker.
Seen = dict[str, list[list[int]]]


def take() -> Seen:
    """What was recorded since the last ``take`` (and forget it)."""
    out: Seen = {}
    for f in _FUNCS:
        found = [sorted(_SEEN[d]) for d in f.decisions]
        if any(found):
            out[f.name] = found
        for d in f.decisions:
            _SEEN[d].clear()
    return out


def merge(into: Seen, more: Seen) -> None:
    """Add ``more`` to ``into``."""
    for name, decisions in more.items():
        have = into.setdefault(name, [[] for _ in decisions])
        for k, evaluations in enumerate(decisions):
            have[k] = sorted(set(have[k]) | set(evaluations))


def _codes(evaluation: int, count: int) -> tuple[list[int], int]:
    vector = evaluation >> _BITS
    return [(vector >> (_BITS * k)) & _MASK for k in range(count)], evaluation & _MASK


def _independent(evaluations: Sequence[tuple[list[int], int]], k: int) -> bool:
    """MC/DC for condition ``k`` (see the module docstring)."""
    if any(u[k] == TERM for u, _ in evaluations):
        return True
    for a, (u, out_u) in enumerate(evaluations):
        if u[k] not in (TRUE, FALSE) or out_u not in (TRUE, FALSE):
            continue
        for v, out_v in evaluations[a + 1:]:
            if v[k] in (TRUE, FALSE) and v[k] != u[k] and out_v in (TRUE, FALSE) \
                    and out_v != out_u and all(
                        j == k or u[j] == v[j] or NOT_EVALUATED in (u[j], v[j])
                        for j in range(len(u))):
                return True
    return False


@attrs.frozen(slots=True)
class ConditionReach:
    """What one condition was seen as."""

    function: str
    qualname: str
    file: str
    line: int
    text: str
    decision: str
    kind: str
    clauses: tuple[str, ...]
    readings: tuple[str, ...]
    true: bool
    false: bool
    term: bool
    independent: bool

    @property
    def both(self) -> bool:
        return self.term or (self.true and self.false)

    @property
    def seen(self) -> str:
        """In words: ``never evaluated``, ``only true``, ``only false``, ``both ways``, ``by z3``."""
        if self.term:
            return "by z3"
        if self.true and self.false:
            return "both ways"
        return "only true" if self.true else "only false" if self.false else "never evaluated"

    def to_data(self) -> dict[str, Any]:
        return {"function": self.function, "qualname": self.qualname, "file": self.file,
                "line": self.line,
                "condition": self.text, "decision": self.decision, "kind": self.kind,
                "clauses": list(self.clauses), "readings": list(self.readings),
                "seen": self.seen, "mcdc": self.independent}


@attrs.frozen(slots=True)
class GameReach:
    """The reach of one game's measured functions."""

    game: str
    conditions: tuple[ConditionReach, ...]
    functions: int
    skipped: tuple[Skipped, ...]

    @property
    def both(self) -> int:
        return sum(c.both for c in self.conditions)

    @property
    def by_families(self) -> int:
        """Conditions seen true and false on concrete values (a family, not z3 alone)."""
        return sum(c.true and c.false for c in self.conditions)

    @property
    def independent(self) -> int:
        return sum(c.independent for c in self.conditions)

    @property
    def share(self) -> float:
        return self.both / len(self.conditions) if self.conditions else 1.0

    @property
    def mcdc_share(self) -> float:
        return self.independent / len(self.conditions) if self.conditions else 1.0

    def missing(self) -> list[ConditionReach]:
        """The conditions not seen both ways, in source order."""
        return [c for c in self.conditions if not c.both]

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "functions": self.functions,
            "conditions": len(self.conditions),
            "both_ways": self.both,
            "by_families": self.by_families,
            "share": round(self.share, 4),
            "mcdc": self.independent,
            "mcdc_share": round(self.mcdc_share, 4),
            "not_both_ways": [c.to_data() for c in self.missing()],
            "mcdc_missing": [c.to_data() for c in self.conditions
                             if c.both and not c.independent],
            "not_measured": [{"function": s.name, "reason": s.reason} for s in self.skipped],
        }


def _clauses_of(f: Function) -> tuple[str, ...]:
    """The clauses of a function: its own, or those its readings read."""
    if f.clauses:
        return f.clauses
    from castlerules.core.spec import game_of_clause, load_spec

    out: list[str] = []
    for iid in f.readings:
        for cid in load_spec(game_of_clause(iid)).interpretation(iid).clauses:
            if cid not in out:
                out.append(cid)
    return tuple(out)


def report(seen: Seen, games: Iterable[str] | None = None) -> list[GameReach]:
    """The reach of each measured game (default: all) from what was recorded."""
    wanted = list(games) if games is not None else list(_GAMES)
    out = []
    for game in wanted:
        conditions: list[ConditionReach] = []
        funcs = [f for f in _FUNCS if f.game == game]
        for f in funcs:
            clauses = _clauses_of(f)
            recorded = seen.get(f.name, [[] for _ in f.decisions])
            for k, d in enumerate(f.decisions):
                decision = _DECISIONS[d]
                count = len(decision.conditions)
                evaluations = [_codes(e, count) for e in
                               (recorded[k] if k < len(recorded) else [])]
                for c in decision.conditions:
                    values = {u[c.position] for u, _ in evaluations}
                    conditions.append(ConditionReach(
                        f.name, f.qualname, decision.file, c.line, c.text, decision.text, decision.kind,
                        clauses, f.readings, TRUE in values, FALSE in values, TERM in values,
                        _independent(evaluations, c.position),
                    ))
        skipped = tuple(s for s in _SKIPPED if s.game == game)
        out.append(GameReach(game, tuple(conditions), len(funcs), skipped))
    return out


def render(reaches: Sequence[GameReach], *, width: int = 100) -> Iterator[str]:
    """The reach as lines for a person: per game the shares, then every condition not seen both
    ways with its clauses, file and line."""
    for r in reaches:
        yield (f"{r.game}: {r.both} of {len(r.conditions)} conditions seen both ways "
               f"({100 * r.share:.1f} %; {r.by_families} on the families' values, the rest by "
               f"z3), MC/DC {r.independent} ({100 * r.mcdc_share:.1f} %), in {r.functions} "
               "clause-tagged functions")
        for s in r.skipped:
            yield f"  not measured: {s.name}: {s.reason}"
        for c in r.missing():
            more = f" (+{len(c.clauses) - 2} more)" if len(c.clauses) > 2 else ""
            yield f"  {c.file}:{c.line} {c.qualname}"
            head = f"      {c.text}: {c.seen}"
            yield head if c.decision == c.text else head + _cut(
                f", in {c.kind} {c.decision}", max(20, width - len(head)))
            yield _cut(f"      clauses: {', '.join(c.clauses[:2])}{more}", width)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def summary_data(reaches: Sequence[GameReach]) -> Mapping[str, Any]:
    """The reach as JSON data, by game."""
    return {r.game: r.to_data() for r in reaches}
