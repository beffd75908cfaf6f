"""Theorems: statements about a game's rules with a check that proves them or finds a counterexample."""

from __future__ import annotations

import enum
import json
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import attrs

from castlerules.core.extras import z3

F = TypeVar("F", bound=Callable[..., Any])


class Status(enum.Enum):
    PROVED = "PROVED"
    COUNTEREXAMPLE = "COUNTEREXAMPLE"
    UNKNOWN = "UNKNOWN"


#: How a theorem is checked: z3 over every case, exhaustive enumeration of every case, or (for a
#: finding only) a search that found a witness. Samples are tests, never theorems.
METHODS = ("z3", "exhaustive", "search")
#: What a theorem is about: ``code`` — the functions the game runs (a dual-mode kernel, or the
#: game's own rules enumerated); ``model`` — a separate encoding, tied to the rules by the
#: refinement check the theorem names and runs as part of its check.
BASES = ("code", "model")


@attrs.frozen(slots=True)
class Result:
    """What a check found: PROVED, or a COUNTEREXAMPLE (rendered), or UNKNOWN (e.g. a timeout)."""

    status: Status
    detail: str = ""
    counterexample: str | None = None
    #: The counterexample's position text, when it is a state of the game.
    position: str | None = None
    #: Square names that matter in the counterexample (highlighted in its picture).
    highlight: tuple[str, ...] = ()
    #: The options of the game the position belongs to, where they differ from the theorem's
    #: game (a 3-player position found by a theorem of the 2-player game, say).
    position_options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def proved(cls, detail: str = "") -> Result:
        return cls(Status.PROVED, detail)

    @classmethod
    def refuted(
        cls,
        counterexample: str,
        detail: str = "",
        position: str | None = None,
        highlight: tuple[str, ...] = (),
        options: dict[str, Any] | None = None,
    ) -> Result:
        return cls(
            Status.COUNTEREXAMPLE, detail, counterexample, position, tuple(highlight),
            tuple(sorted((options or {}).items())),
        )

    @classmethod
    def unknown(cls, detail: str) -> Result:
        return cls(Status.UNKNOWN, detail)


@attrs.frozen(slots=True)
class Theorem:
    """A named statement about one game's rules.

    ``expected`` is PROVED for invariants; a theorem that documents a finding (a position the text
    does not cover) expects COUNTEREXAMPLE, and ``finding`` says what the project decided.
    """

    id: str
    game: str
    statement: str
    clauses: tuple[str, ...]
    method: str = attrs.field(validator=attrs.validators.in_(METHODS))
    check: Callable[[], Result] = attrs.field(eq=False, repr=False)
    expected: Status = Status.PROVED
    finding: str = ""
    basis: str = attrs.field(default="code", validator=attrs.validators.in_(BASES))
    #: For ``basis="model"``: the refinement check (``module.function``) that ties the model to the
    #: rules; the theorem's check runs it, so a rule bug makes the theorem fail.
    refinement: str = ""
    #: Needs more than the default budget: run by ``castlerules verify --deep`` only.
    deep: bool = False
    #: The test that shows the theorem can fail (a deliberately broken rule), as a test node id.
    fails_with: str = ""
    #: The non-default readings of the game the theorem was made for (filled in by the catalog).
    readings: tuple[tuple[str, str], ...] = ()
    #: What the statement takes from the game besides the rules themselves: ``"players"`` (it is
    #: stated, and checked, for every player count), keyword option names (``"faces"``,
    #: ``"trap_weights"``: it quantifies over their values) and interpretation ids (full or short;
    #: made under a non-default option of one of them, it states what that option does). The
    #: planner (``core.plan``) runs a theorem once per distinct value of what it depends on.
    depends_on: tuple[str, ...] = ()
    #: Interpretations whose every option this one check covers (the reading is a symbolic
    #: parameter of the statement): one run states what each option does.
    all_options_of: tuple[str, ...] = ()
    #: The player count of the game the theorem was made for (filled in by the catalog).
    players: int = 0
    #: The game's keyword options other than players and readings, as ``(name, JSON text)`` (filled
    #: in by the catalog): what the check ran under.
    options: tuple[tuple[str, str], ...] = ()
    #: The check function the theorem is declared on, as ``module:function`` (``@theorem``).
    source: str = ""

    @property
    def under(self) -> str:
        """What the check runs under, for a person: ``"3 players, penalty-no-points=debt"``
        (``scope_parts``)."""
        return ", ".join(scope_parts(self)) or "default"

    def __attrs_post_init__(self) -> None:
        if self.basis == "model" and not self.refinement:
            raise ValueError(f"{self.id}: a theorem about a model must name its refinement check")
        if self.method == "search" and self.expected is Status.PROVED:
            raise ValueError(f"{self.id}: a search finds witnesses; it cannot prove a theorem")


def scope_parts(t: Theorem) -> list[str]:
    """What a theorem was made under, part by part, each as the command line takes it: the player
    count, each non-default reading as ``--reading`` takes it (``no-legal-move=lose``, also where a
    keyword option says it: Kasteel's ``stuck="lose"``), each other keyword option as ``--option``
    takes it (``skulls=5``; a value that selects a parameter option, such as custom dice, says
    its reading by itself)."""
    from castlerules.core.errors import SpecError
    from castlerules.core.spec import load_spec

    parts = [f"{t.players} players"] if t.players else []
    try:
        spec = load_spec(t.game)
    except SpecError:
        spec = None
    options = dict(t.options)
    said_by_reading: set[str] = set()
    for k, v in t.readings:
        short = k.split(".interp.")[-1]
        if spec is not None:
            interp = spec.interpretation(k)
            if interp.keyword in options and interp.option(v).parameter:
                continue  # the option's value says it
            if interp.keyword:
                said_by_reading.add(interp.keyword)
        parts.append(f"{short}={v}")
    for k, v in t.options:
        if k in said_by_reading:
            continue
        part = f"{k}={_option_text(v)}"
        if part not in parts:
            parts.append(part)
    return parts


def _option_text(text: str) -> str:
    """An option's JSON value as ``--option`` takes it: a word bare, a board text by its size,
    any other value as JSON with spaces (so it can be wrapped)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if isinstance(value, str):
        if "\n" in value:
            return f"(a board given as text, {len(value.splitlines())} lines)"
        return value if value and not any(c.isspace() for c in value) else json.dumps(value)
    return json.dumps(value, ensure_ascii=False)


#: How a declaration calls its check for one game: ``call(check, game)``.
Call = Callable[[Callable[..., Result], Any], Result]


@attrs.frozen(slots=True)
class Declared:
    """A theorem declared beside its check by ``@theorem``: the statement and what it is about,
    made into a :class:`Theorem` for each game object by :meth:`make`.

    Everything that depends on the game (its player count, readings and options) is a function of
    the game: ``statement`` and any other field may be one (a text naming the player count, what
    the statement depends on with that count), ``when`` says whether the statement is made for a
    game at all, and ``vary`` returns the fields that differ for it together (``expected`` and
    ``finding`` of a finding about one set-up, with a ``method``)."""

    id: str
    statement: str | Callable[[Any], str]
    clauses: tuple[str, ...]
    method: str
    check: Callable[..., Result] = attrs.field(eq=False, repr=False)
    call: Call | None = attrs.field(eq=False, repr=False)
    when: Callable[[Any], bool] | None = attrs.field(eq=False, repr=False)
    vary: Callable[[Any], dict[str, Any]] | None = attrs.field(eq=False, repr=False)
    fields: tuple[tuple[str, Any], ...]

    @property
    def source(self) -> str:
        """The check function, as ``module:function``."""
        return f"{self.check.__module__}:{self.check.__qualname__}"

    def make(self, game: Any, name: str) -> Theorem | None:
        """The theorem for ``game`` (of the game called ``name``), or None if it is not made there."""
        if self.when is not None and not self.when(game):
            return None
        check, call = self.check, self.call
        statement = self.statement(game) if callable(self.statement) else self.statement
        extra = {k: v(game) if callable(v) else v for k, v in self.fields}
        extra.update(self.vary(game) if self.vary is not None else {})
        extra.setdefault("method", self.method)

        def run_check() -> Result:
            return call(check, game) if call is not None else check(game)

        return Theorem(self.id, name, statement, self.clauses, check=run_check,
                       source=self.source, **extra)


_DECLARED: list[Declared] = []


def theorem(
    id: str,
    statement: str | Callable[[Any], str],
    *,
    clauses: Sequence[str],
    method: str,
    call: Call | None = None,
    when: Callable[[Any], bool] | None = None,
    vary: Callable[[Any], dict[str, Any]] | None = None,
    **fields: Any,
) -> Callable[[F], F]:
    """Declare theorem ``id`` on the check function it decorates (as ``@clause`` ties a rule to
    its clauses): its statement, clauses, method and the other fields of :class:`Theorem`
    (``depends_on``, ``fails_with``, ``deep``, ``expected`` and ``finding``, ``basis`` and
    ``refinement``, ``all_options_of``).

    The check is called ``check(game)`` for the game the theorem is made for, or
    ``call(check, game)`` where it takes other arguments (a reading of the game, a sibling game,
    ``deep=True``). One check may carry several declarations (stacked decorators): variants that
    differ in an argument, a deep instance. ``when`` and ``vary`` are functions of the game (see
    ``Declared``). The game's ``theorems(game)`` collects the declarations of its theorems
    package with ``declared_theorems``. A clause id the spec does not have raises
    ``SpecError`` when the module is imported (as ``@clause`` does)."""
    unknown = set(fields) - {f.name for f in attrs.fields(Theorem)} - {"expected"}
    if unknown or {"id", "game", "check", "source"} & set(fields):
        raise TypeError(f"{id}: @theorem takes no field {sorted(unknown)[0] if unknown else ''}")
    if method not in METHODS:
        raise ValueError(f"{id}: unknown method {method!r}")
    from castlerules.core.spec import find_clause

    for cid in clauses:
        find_clause(cid)  # SpecError at import time for a clause the rulebook data does not have

    def mark(func: F) -> F:
        declared = Declared(id, statement, tuple(clauses), method, func, call, when, vary,
                            tuple(sorted(fields.items())))
        _DECLARED.append(declared)
        existing: tuple[Declared, ...] = getattr(func, "__theorems__", ())
        func.__theorems__ = (*existing, declared)  # type: ignore[attr-defined]
        return func

    return mark


def declarations(package: str) -> list[Declared]:
    """Every theorem declared on a check of ``package`` or a module in it, in declaration order."""
    return [d for d in _DECLARED
            if d.check.__module__ == package or d.check.__module__.startswith(package + ".")]


def declared_theorems(
    package: str, game: Any, name: str, order: Sequence[str]
) -> tuple[Theorem, ...]:
    """The theorems declared in ``package`` (its modules imported) made for ``game``, in the order
    of the ids in ``order`` (the package's ``ORDER``: the order of reports and pages). Every
    declared id is listed there exactly once and every listed id is declared, else ValueError."""
    found: dict[str, Declared] = {}
    for d in declarations(package):
        if d.id in found:
            raise ValueError(f"theorem {d.id} is declared twice ({found[d.id].source}, {d.source})")
        found[d.id] = d
    if sorted(order) != sorted(found):
        missing = sorted(set(found) - set(order)) or sorted(set(order) - set(found))
        raise ValueError(f"{package}.ORDER does not list exactly the declared theorems: {missing}")
    made = (found[tid].make(game, name) for tid in order)
    return tuple(t for t in made if t is not None)


@attrs.frozen(slots=True)
class Run:
    theorem: Theorem
    result: Result
    seconds: float

    @property
    def ok(self) -> bool:
        return self.result.status is self.theorem.expected

    @property
    def verdict(self) -> str:
        """``proved``, ``expected finding`` (a counterexample the project expects and documents),
        ``unknown`` (z3 gave up or the check crashed) or ``unexpected``."""
        status = self.result.status
        if not self.ok:
            return "unknown" if status is Status.UNKNOWN else "unexpected"
        return "proved" if status is Status.PROVED else "expected finding"

    def to_data(self) -> dict[str, Any]:
        t = self.theorem
        return {
            "id": t.id,
            "game": t.game,
            "statement": t.statement,
            "clauses": list(t.clauses),
            "method": t.method,
            "basis": t.basis,
            "refinement": t.refinement,
            "deep": t.deep,
            "fails_with": t.fails_with,
            "readings": dict(t.readings),
            "players": t.players,
            "options": {k: json.loads(v) for k, v in t.options},
            "depends_on": list(t.depends_on),
            "all_options_of": list(t.all_options_of),
            "under": t.under,
            "status": self.result.status.value,
            "expected": t.expected.value,
            "ok": self.ok,
            "verdict": self.verdict,
            "detail": self.result.detail,
            "counterexample": self.result.counterexample,
            "position": self.result.position,
            "position_options": dict(self.result.position_options),
            "highlight": list(self.result.highlight),
            "finding": t.finding,
            "seconds": round(self.seconds, 3),
        }


def verify_runs(data: Any) -> list[dict[str, Any]]:
    """Every run in the output of ``castlerules verify --json`` (``Run.to_data`` of each):
    ``{"unexpected": [...], "runs": [...], "combinations": [...]}`` — the single readings' runs and
    each configuration's results, a run shared by several configurations once per holder — or
    the plain list of runs that versions before 0.3 wrote. Raises TypeError on anything else."""
    if isinstance(data, list):
        return data
    if not isinstance(data, dict):
        raise TypeError("not the output of castlerules verify --json")
    runs = list(data.get("runs", []))
    for game in data.get("combinations", []):
        for config in game.get("configurations", []):
            runs += config.get("results", [])
    return runs


#: Wall-clock limits of one check (seconds): a check that gives no answer in time is UNKNOWN, so a
#: rule bug that makes a game endless fails ``verify`` instead of hanging it.
TIME_LIMIT = 300.0
DEEP_TIME_LIMIT = 1800.0


def _check(theorem: Theorem) -> Result:
    try:
        return theorem.check()
    except Exception as exc:  # a crashing check must show up in the table, not abort the run
        return Result.unknown(f"check raised {type(exc).__name__}: {str(exc)[:500]}")


def run(theorem: Theorem, time_limit: float | None = None) -> Run:
    """Run one theorem's check and time it. An exception inside the check, or no answer within
    ``time_limit`` seconds (default ``TIME_LIMIT``, or ``DEEP_TIME_LIMIT`` for a deep theorem), is
    reported as UNKNOWN. (A check over its limit is left running in a daemon thread: Python cannot
    stop it, but the run goes on and the process can exit.)"""
    import threading

    limit = time_limit if time_limit is not None else (
        DEEP_TIME_LIMIT if theorem.deep else TIME_LIMIT
    )
    start = time.perf_counter()
    box: list[Result] = []
    worker = threading.Thread(target=lambda: box.append(_check(theorem)), daemon=True,
                              name=f"theorem {theorem.id}")
    worker.start()
    worker.join(limit)
    if box:
        result = box[0]
    else:
        result = Result.unknown(f"no answer within {limit:.0f} s (the check may not terminate)")
    return Run(theorem, result, time.perf_counter() - start)


def run_all(
    theorems: Iterable[Theorem], progress: Callable[[Run], None] | None = None
) -> list[Run]:
    runs = []
    for t in theorems:
        r = run(t)
        if progress is not None:
            progress(r)
        runs.append(r)
    return runs


def solve_alone(formulas: Sequence[Any], timeout_ms: int) -> tuple[Any, Any, str]:
    """z3's answer to ``formulas`` (sat, unsat or unknown), the model in the caller's context (None
    unless sat) and why z3 gave up (empty unless unknown), solved in a z3 context of their own.

    z3 numbers terms in the order a context first meets them, and its search follows the
    numbering: in the process's one shared context a query's time depended on every term made
    before it (a Kasteel query of 0.6 s alone ran past its two-minute limit after a worker's
    other theorems). Translated into a fresh context, the same query is numbered the same way
    whatever ran before, so its time is its own."""
    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", timeout_ms)
    for formula in formulas:
        solver.add(formula.translate(ctx) if z3.is_expr(formula)
                   else z3.BoolVal(bool(formula), ctx))
    answer = solver.check()
    if answer == z3.sat:
        return answer, solver.model().translate(z3.main_ctx()), ""
    return answer, None, solver.reason_unknown() if answer == z3.unknown else ""


def z3_prove(
    claim: Any,
    *,
    assumptions: Sequence[Any] = (),
    render: Callable[[z3.ModelRef], str] | None = None,
    timeout_ms: int = 60_000,
    detail: str = "",
) -> Result:
    """Prove ``assumptions ⇒ claim`` for all values of its free variables.

    z3 looks for values satisfying the assumptions and not the claim; none (unsat) is a proof, one is
    a counterexample rendered by ``render`` (default: the model).
    """
    answer, model, why = solve_alone([*assumptions, z3.Not(claim)], timeout_ms)
    if answer == z3.unsat:
        return Result.proved(detail or "z3: the negation is unsatisfiable")
    if model is not None:
        shown = render(model) if render is not None else str(model)
        return Result.refuted(shown, detail)
    return Result.unknown(f"z3: {why}")


def z3_find(
    condition: Any,
    *,
    render: Callable[[z3.ModelRef], str] | None = None,
    timeout_ms: int = 60_000,
) -> tuple[str, Any] | None:
    """A model of ``condition`` (rendered, raw), or None if z3 shows there is none.

    Raises TimeoutError on z3's 'unknown'.
    """
    answer, model, why = solve_alone([condition], timeout_ms)
    if answer == z3.unsat:
        return None
    if model is not None:
        return (render(model) if render is not None else str(model)), model
    raise TimeoutError(f"z3: {why}")


def for_all(
    cases: Iterable[Any], holds: Callable[[Any], bool], render: Callable[[Any], str] = repr
) -> Result:
    """Exhaustive check: the first case where ``holds`` fails is the counterexample."""
    n = 0
    for case in cases:
        n += 1
        if not holds(case):
            return Result.refuted(render(case), f"failed after {n} cases")
    return Result.proved(f"all {n} cases checked")
