"""What the generated pages show, gathered from the library: theorem runs and everything of a game.

Every step that asks a game for something is wrapped (``GameDoc._try``), so a game that is half
rewritten still gets its pages: what works is shown, what failed is listed on the pages and reported
as a build warning.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import json
import os
import re
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.display import status_iterator

from castlerules.core.files import write_atomic

logger = logging.getLogger(__name__)

#: The environment variable naming a ``castlerules verify --json`` output file.
VERIFY_JSON_ENV = "CASTLERULES_VERIFY_JSON"
OUT_DIR = "generated"
NON_RULES = ("physical", "flavour")


def load_runs(games: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Theorem id -> the ``Run.to_data()`` dict of the default game's theorem (the default reading,
    the default player count), from the verify JSON, and for the theorems it does not hold, from
    the cache or by running them now, in parallel (``deep`` theorems only when the JSON has them:
    they belong to ``castlerules verify --deep``)."""
    from castlerules import make

    theorems: dict[str, Any] = {}
    for name in games:
        try:
            theorems.update((t.id, t) for t in make(name).theorems())
        except Exception:  # reported on the game's own pages
            continue
    runs: dict[str, dict[str, Any]] = {}
    path = os.environ.get(VERIFY_JSON_ENV, "").strip()
    if path:
        runs = runs_from_verify_json(Path(path), theorems)
        logger.info(f"castlerules: {len(runs)} theorem runs of the default games read from {path}")
    todo = [t for t in theorems.values() if t.id not in runs and not t.deep]
    if not todo:
        return runs
    cache = cache_file()
    cached = _read_cache(cache)
    missing = [t for t in todo if t.id not in cached]
    if missing:
        jobs = proving_jobs(len(missing))
        start = time.perf_counter()
        checks = 0.0
        for data in status_iterator(
            _prove(missing, jobs), "castlerules: proving ", "darkgreen", len(missing),
            stringify_func=lambda data: str(data["id"]),
        ):
            cached[str(data["id"])] = data
            checks += float(data.get("seconds", 0))
        logger.info(
            f"castlerules: proved {len(missing)} theorems in {time.perf_counter() - start:.1f} s "
            f"with {jobs} process{'es' if jobs > 1 else ''} ({checks:.1f} s of checks); "
            f"{CACHE_ENV} or {VERIFY_JSON_ENV} saves this"
        )
        _write_cache(cache, cached)
    if len(missing) < len(todo):
        logger.info(f"castlerules: {len(todo) - len(missing)} theorem runs reused from "
                    f"{cache.name} (the package source has not changed since they ran)")
    runs.update((t.id, cached[t.id]) for t in todo)
    return runs


def run_key(data: dict[str, Any]) -> str:
    """What tells one run of a theorem from another in a verify JSON: the id, the player count,
    the readings and the options (the default run holds a theorem once per player count)."""
    return json.dumps([data.get("id"), data.get("players"), data.get("readings") or {},
                       data.get("options") or {}], sort_keys=True)  # fmt: skip


def theorem_key(t: Any) -> str:
    """``run_key`` of a theorem before it runs."""
    return run_key({"id": t.id, "players": t.players, "readings": dict(t.readings),
                    "options": {k: json.loads(v) for k, v in t.options}})  # fmt: skip


def runs_from_verify_json(path: Path, theorems: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The runs of ``theorems`` in the JSON of ``castlerules verify --json`` (any verify run: the
    default run's other player counts and other readings' runs are left out)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ExtensionError(f"{VERIFY_JSON_ENV}={path}: cannot read the verify JSON: {exc}") from exc
    from castlerules.core.theorem import verify_runs

    try:
        found = verify_runs(data)
    except TypeError:
        raise ExtensionError(f"{VERIFY_JSON_ENV}={path}: not the output of castlerules verify "
                             "--json") from None
    wanted = {theorem_key(t): t.id for t in theorems.values()}
    runs: dict[str, dict[str, Any]] = {}
    for r in found:
        if isinstance(r, dict) and run_key(r) in wanted:
            runs[wanted[run_key(r)]] = r
    return runs


#: The environment variable naming how many processes prove the theorems (default: one per core).
JOBS_ENV = "CASTLERULES_DOCS_JOBS"


def proving_jobs(tasks: int) -> int:
    given = os.environ.get(JOBS_ENV, "").strip()
    try:
        jobs = int(given) if given else len(os.sched_getaffinity(0))
    except ValueError as exc:
        raise ExtensionError(f"{JOBS_ENV}={given}: expected a number of processes") from exc
    return max(1, min(jobs, tasks))


def _prove(theorems: Sequence[Any], jobs: int) -> Iterator[dict[str, Any]]:
    """``Run.to_data()`` of each theorem as it finishes: in this process, or over a pool of
    ``jobs`` processes (each makes the game again and runs the theorem it is given by id)."""
    from castlerules.core.theorem import run

    if jobs <= 1:
        for t in theorems:
            yield run(t).to_data()
        return
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
        futures = {pool.submit(prove_one, t.game, t.id): t for t in theorems}
        for done in concurrent.futures.as_completed(futures):
            try:
                yield done.result()
            except Exception:  # a worker that died: run the theorem here, where it shows why
                yield run(futures[done]).to_data()


@functools.cache
def _default_theorems(game: str) -> dict[str, Any]:
    from castlerules import make

    return {t.id: t for t in make(game).theorems()}


def prove_one(game: str, theorem_id: str) -> dict[str, Any]:
    """Run one theorem of the default ``game`` (in a worker process of ``_prove``)."""
    from castlerules.core.theorem import run

    return run(_default_theorems(game)[theorem_id]).to_data()


#: The environment variable naming the folder of cached theorem runs (default: generated/_cache).
CACHE_ENV = "CASTLERULES_DOCS_CACHE"


def source_key() -> str:
    """A hash of the package's source: every file of ``castlerules`` and of its specs package
    (rules, theorems, clause texts, boards), so a cached run is used only for the code it ran on."""
    import hashlib
    import sys

    import castlerules.specs

    import castlerules

    digest = hashlib.sha256()
    digest.update(sys.version.encode())
    try:
        import z3

        digest.update(z3.get_version_string().encode())
    except ImportError:  # pragma: no cover - the docs extras bring z3
        pass
    for package in (castlerules, castlerules.specs):
        root = Path(str(package.__file__)).parent
        for path in sorted(root.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def cache_file() -> Path:
    folder = os.environ.get(CACHE_ENV, "").strip()
    base = Path(folder) if folder else Path(__file__).resolve().parents[2] / OUT_DIR / "_cache"
    return base / f"theorems-{source_key()}.json"


def _read_cache(path: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_cache(path: Path, runs: dict[str, dict[str, Any]]) -> None:
    """Keep the runs under this source key (older keys are removed: they can never match again)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("theorems-*.json"):
            if old != path:
                old.unlink()
        write_atomic(path, json.dumps(runs, ensure_ascii=False))
    except OSError as exc:
        logger.info(f"castlerules: cannot keep the theorem runs in {path}: {exc}")


def qualname_of(func: Any) -> str | None:
    """``module.qualname`` of a function (for a ``functools.partial``, of the function it wraps)."""
    while hasattr(func, "func") and not hasattr(func, "__qualname__"):
        func = func.func
    module = getattr(func, "__module__", None)
    qual = getattr(func, "__qualname__", None)
    if not module or not qual or not str(module).startswith("castlerules"):
        return None
    return f"{module}.{qual}"


def constants(module: Any, prefix: str = "MAX_") -> list[tuple[str, Any, str]]:
    """(name, value, doc comment) of the module's constants named ``prefix...``, in source order."""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return []
    comments: dict[str, str] = {}
    lines = source.splitlines()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id.startswith(prefix):
                    doc = []
                    k = node.lineno - 2
                    while k >= 0 and lines[k].strip().startswith("#:"):
                        doc.insert(0, lines[k].strip()[2:].strip())
                        k -= 1
                    comments[target.id] = " ".join(doc)
    return [
        (name, getattr(module, name), doc)
        for name, doc in comments.items()
        if isinstance(getattr(module, name, None), int | float)
    ]


def check_functions(func: Any) -> list[str]:
    """The named functions a theorem's check runs: the check itself when it is a module-level
    function; for a lambda or closure that wraps named ``check_*`` functions (``lambda:
    check_start(game)``), those; else the function that encloses it."""
    while hasattr(func, "func") and not hasattr(func, "__qualname__"):
        func = func.func
    qual = qualname_of(func)
    if qual is None or ".<locals>" not in qual:
        return [qual] if qual else []
    found: list[str] = []
    cells = [c.cell_contents for c in (getattr(func, "__closure__", None) or ()) if _filled(c)]
    names = getattr(getattr(func, "__code__", None), "co_names", ())
    scope = getattr(func, "__globals__", {})
    for value in [*cells, *(scope.get(n) for n in names)]:
        inner = qualname_of(value) if callable(value) else None
        if inner and ".<locals>" not in inner and inner.rsplit(".", 1)[-1].startswith("check"):
            found.append(inner)
    return list(dict.fromkeys(found)) or [qual]


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


class GameDoc:
    """Everything the pages of one game show, gathered once; ``problems`` lists what failed."""

    def __init__(self, name: str, tests_root: Path, runs: dict[str, dict[str, Any]]) -> None:
        from castlerules.core.catalog import game_class, info, make
        from castlerules.core.game import Game
        from castlerules.core.plan import every_configuration, option_theorems
        from castlerules.core.spec import load_spec
        from castlerules.core.trace import trace

        self.name = name
        self.problems: list[str] = []
        #: Parts not written yet (shown on the page, not warned about).
        self.missing: list[str] = []
        self.spec = load_spec(name)
        self.info = info(name)
        self.package = self.info.package
        self.cls: Any = self._try("import the game", lambda: game_class(name))
        self.game: Any = self._try("make the game", lambda: make(name))
        self.rows: list[dict[str, Any]] = self._try(
            "trace the clauses", lambda: trace(name, tests_root)
        ) or [self._bare_row(c) for c in self.spec.clauses]
        self.theorems: list[Any] = list(
            self._try("list the theorems", lambda: self.game.theorems()) or ()
        )
        # Theorems made only under another player count or reading (they state what an option
        # does): listed after the default game's, once each.
        shown = {t.id for t in self.theorems}
        for t in self._try("list every reading's theorems", lambda: every_configuration(name)) or ():
            if t.id not in shown:
                shown.add(t.id)
                self.theorems.append(t)
        self.option_theorems: dict[tuple[str, str], list[str]] = (
            self._try("find each option's theorems", lambda: option_theorems(name)) or {}
        )
        self.runs = {t.id: runs.get(t.id) for t in self.theorems}
        self.start = self._try("make the initial state", lambda: self.game.initial_state())
        self.svg: str | None = self._try(
            "render the start as SVG", lambda: self.game.render_svg(self.start)
        )
        #: True when the game draws no picture of its own (the SVG is the text picture).
        self.svg_is_text = self.cls is not None and self.cls.render_svg is Game.render_svg
        self.text: str | None = self._try("render the start as text", lambda: self.game.render(self.start))
        self.start_text: str | None = self._try(
            "write the start's position text", lambda: self.game.state_to_text(self.start)
        )
        self.players_range: tuple[int, int] = tuple(getattr(self.cls, "players_range", (2, 2)))  # type: ignore[assignment]
        self.starts = self._starts()
        self.notation_module = self._try(
            "import the notation module", lambda: importlib.import_module(f"{self.package}.notation")
        )
        self.schema_file = self._schema_file()
        self.schema_current = self._schema_current()
        self.examples = self._try("load the worked examples", lambda: _examples(name)) or ()

    # -- helpers -----------------------------------------------------------------------------
    def _try(self, what: str, thunk: Callable[[], Any]) -> Any:
        try:
            return thunk()
        except Exception as exc:
            self.problems.append(describe(what, exc))
            return None

    @staticmethod
    def _bare_row(c: Any) -> dict[str, Any]:
        return {
            "id": c.id, "kind": c.kind, "section": c.section, "nl": c.nl, "en": c.en,
            "reason": c.reason, "implemented_by": [], "tests": [], "theorems": [],
            "interpretations": [],
        }  # fmt: skip

    def _starts(self) -> list[tuple[int, str]]:
        """(players, start position text) for every player count of the game."""
        if self.game is None or self.start_text is None:
            return []
        from castlerules import make

        low, high = self.players_range
        out = []
        for n in range(low, high + 1):
            if n == self.game.num_players:
                out.append((n, self.start_text))
                continue
            try:
                g = make(self.name, players=n)
                out.append((n, g.state_to_text(g.initial_state())))
            except Exception as exc:
                self.problems.append(describe(f"write the start text for {n} players", exc))
        return out

    def _schema_file(self) -> Path | None:
        import castlerules

        path = Path(castlerules.__file__).parent / "schemas" / f"{self.name}.schema.json"
        return path if path.is_file() else None

    def _schema_current(self) -> bool | None:
        """Whether the shipped schema file is what ``game.json_schema()`` returns now."""
        if self.schema_file is None or self.game is None:
            return None
        try:
            return bool(json.loads(self.schema_file.read_text(encoding="utf-8")) == self.game.json_schema())
        except Exception:
            return None

    @property
    def slug(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        return str(self.spec.title)

    def doc(self, page: str) -> str:
        return f"/{OUT_DIR}/{self.slug}/{page}"

    def notation_doc(self) -> str:
        module = self.notation_module
        return inspect.cleandoc(module.__doc__ or "") if module is not None else ""


def describe(what: str, exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" ({Path(frames[-1].filename).name}, line {frames[-1].lineno})" if frames else ""
    message = re.sub(r"\s+", " ", str(exc))[:300]
    return f"could not {what}: {type(exc).__name__}: {message}{where}"


def _examples(name: str) -> tuple[Any, ...]:
    from castlerules.core.examples import load_examples

    return tuple(load_examples(name))
