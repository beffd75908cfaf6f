"""Running a verification's theorems: in this process, on local processes, or on a Dask cluster.

Every (theorem, configuration, player count) a plan holds is an independent task. A theorem
holds its check as a closure, which cannot travel to another process, so a task travels as
picklable data (``Task``: the game's name, player count, readings and keyword options, and the
theorem's id); the worker makes the game again with ``castlerules.make``, finds the theorem among
``game.theorems()`` by its id, runs it, and sends back the ``Result`` and the seconds it took.
Games, and the theorems (with what they enumerate once and share), are kept in the worker
between its tasks (``_theorems``).

``execute(theorems, jobs=..., backend=...)`` returns the runs in the order of ``theorems`` whatever
order they finish in, so a parallel run is identical to a serial one but for the seconds; with
``fail_fast`` it stops where a serial run stops, at the first unexpected result in that order.

- ``jobs=1``: in this process, one theorem after the other (a theorem's own time limit applies).
- ``backend="local"``, ``jobs=N``: ``N`` worker processes on this machine.
- ``backend="dask"``: a Dask distributed cluster (``pip install "castlerules[dask]"``): the one at
  ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``), else a ``LocalCluster`` of ``jobs``
  single-threaded worker processes (set up by ``castlerules.core.parallel.dask_client``, as
  ``simulate`` does).

However many ``jobs`` are asked for, no more processes start than there are theorems or CPUs
(``castlerules.core.parallel.processes``; ``oversubscribe=True`` lifts the CPU cap). Every
machine of a cluster needs castlerules installed, at the same version. A cluster elsewhere is
started with ``dask scheduler`` on one machine and ``dask worker tcp://SCHEDULER:8786 --nthreads
1`` on each of the others.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from castlerules.core import reach
from castlerules.core.errors import InvalidOptionError, RulesError
from castlerules.core.parallel import cpus, dask_client, processes, worker_pool
from castlerules.core.theorem import Result, Run, Theorem, run

BACKENDS = ("local", "dask")


@attrs.frozen(slots=True)
class Task:
    """One theorem to check, as data a worker can make the theorem again from."""

    game: str
    players: int
    readings: tuple[tuple[str, str], ...]
    #: Keyword options other than players and readings, as ``(name, JSON text)``.
    options: tuple[tuple[str, str], ...]
    theorem: str
    #: What the theorem runs under (``Theorem.under``): the worker checks it made the same one.
    under: str


def task_of(theorem: Theorem) -> Task:
    """The task that checks ``theorem``."""
    return Task(theorem.game, theorem.players, theorem.readings, theorem.options, theorem.id,
                theorem.under)


@functools.lru_cache(maxsize=8)
def _theorems(game: str, players: int, readings: tuple[tuple[str, str], ...],
              options: tuple[tuple[str, str], ...]) -> dict[str, Theorem]:
    """The theorems of a game made again from a task's data, by id (kept for the next task)."""
    from castlerules.core.catalog import make

    made = make(game, players=players, readings=dict(readings) or None,
                **{k: json.loads(v) for k, v in options})
    return {t.id: t for t in made.theorems()}


reach.forget_on_change(_theorems.cache_clear)


def theorem_of(task: Task) -> Theorem:
    """The theorem a task names, made again from its data."""
    found = _theorems(task.game, task.players, task.readings, task.options).get(task.theorem)
    if found is None or found.under != task.under:
        raise RulesError(f"{task.game}: no theorem {task.theorem} under {task.under}")
    return found


def run_task(task: Task) -> tuple[Result, float]:
    """The work unit: make the task's theorem and run it (its time limit applies)."""
    done = run(theorem_of(task))
    return done.result, done.seconds


def run_task_measured(task: Task) -> tuple[Result, float, dict[str, list[list[int]]]]:
    """``run_task`` with the game's clause-tagged functions measured (``core.reach``, installed in
    this process on first use): also what the run's conditions were seen as."""
    if task.game not in reach.installed():
        reach.install([task.game])
    reach.take()  # what ran between tasks is no task's
    result, seconds = run_task(task)
    return result, seconds, reach.take()


def default_jobs() -> int:
    """The machine's cores (those this process may use)."""
    return cpus()


Progress = Callable[[Run], None]


def execute(
    theorems: Sequence[Theorem],
    *,
    jobs: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    progress: Progress | None = None,
    fail_fast: bool = False,
    client: Any = None,
    oversubscribe: bool = False,
    reach: Callable[[int, dict[str, list[list[int]]]], None] | None = None,
) -> list[Run]:
    """Run ``theorems`` (see the module docstring) and return their runs in the given order.

    ``progress`` is called with each run as it finishes (in finishing order). ``client``: an
    existing ``dask.distributed.Client`` to use (with ``backend="dask"``). ``oversubscribe``:
    start ``jobs`` processes even where they are more than the CPUs. ``reach``: measure the
    clause-tagged functions of the games while the theorems run (``core.reach``; wherever a task
    runs) and call it with each theorem's index in ``theorems`` and what its run saw."""
    if backend not in BACKENDS:
        raise InvalidOptionError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise InvalidOptionError("--scheduler is for the dask backend: add --backend dask")
    workers = processes(jobs, len(theorems), oversubscribe=oversubscribe)
    if reach is None and backend == "local" and workers == 1:
        return _serial(theorems, progress, fail_fast)
    collector = _Collector(theorems, progress, fail_fast, reach)
    tasks = [task_of(t) for t in theorems]
    work: Callable[[Task], tuple[Any, ...]] = run_task if reach is None else run_task_measured
    if backend == "local" and workers == 1:
        for index, task in enumerate(tasks):
            collector.add(index, *work(task))
            if collector.over():
                break
    elif backend == "local":
        _run_local(tasks, workers, collector, work)
    else:
        _run_dask(tasks, workers, collector, scheduler, client, work)
    return collector.runs()


def _serial(theorems: Sequence[Theorem], progress: Progress | None, fail_fast: bool) -> list[Run]:
    runs = []
    for t in theorems:
        done = run(t)
        runs.append(done)
        if progress is not None:
            progress(done)
        if fail_fast and not done.ok:
            break
    return runs


class _Collector:
    """The runs as they come back, kept in task order; knows when a fail-fast run is over."""

    def __init__(self, theorems: Sequence[Theorem], progress: Progress | None,
                 fail_fast: bool,
                 reach: Callable[[int, dict[str, list[list[int]]]], None] | None = None) -> None:
        self.theorems = theorems
        self.progress = progress
        self.fail_fast = fail_fast
        self.reach = reach
        self.found: dict[int, Run] = {}
        #: The first unexpected result in task order among those back (fail-fast only).
        self.first_bad: int | None = None

    def add(self, index: int, result: Result, seconds: float,
            seen: dict[str, list[list[int]]] | None = None) -> None:
        if self.reach is not None and seen:
            self.reach(index, seen)
        done = Run(self.theorems[index], result, seconds)
        self.found[index] = done
        if self.progress is not None:
            self.progress(done)
        if self.fail_fast and not done.ok and (self.first_bad is None or index < self.first_bad):
            self.first_bad = index

    def over(self) -> bool:
        """With fail-fast: every task before the first unexpected result is back, so the runs a
        serial run would return are all here."""
        if self.first_bad is None:
            return False
        return all(i in self.found for i in range(self.first_bad))

    def needed(self, index: int) -> bool:
        """Whether a task still matters (not after the first unexpected result)."""
        return self.first_bad is None or index < self.first_bad

    def runs(self) -> list[Run]:
        end = len(self.theorems) if self.first_bad is None else self.first_bad + 1
        return [self.found[i] for i in range(end)]


def _run_local(tasks: Sequence[Task], jobs: int, collector: _Collector,
               work: Callable[[Task], tuple[Any, ...]] = run_task) -> None:
    """``jobs`` worker processes (``core.parallel.worker_pool``); a few tasks in flight per
    worker, so a stop is quick."""
    window = 2 * jobs
    todo = iter(enumerate(tasks))
    with worker_pool(jobs) as pool:
        pending: dict[concurrent.futures.Future[tuple[Any, ...]], int] = {}

        def fill() -> None:
            while len(pending) < window:
                nxt = next(todo, None)
                if nxt is None:
                    return
                index, task = nxt
                if collector.needed(index):
                    pending[pool.submit(work, task)] = index

        fill()
        while pending and not collector.over():
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                index = pending.pop(future)
                collector.add(index, *future.result())
            fill()
        for future in pending:
            future.cancel()


def _run_dask(tasks: Sequence[Task], jobs: int, collector: _Collector, scheduler: str | None,
              client: Any, work: Callable[[Task], tuple[Any, ...]] = run_task) -> None:
    with dask_client(workers=jobs, scheduler=scheduler, client=client) as (distributed, client):
        futures = {client.submit(work, task, pure=False): i for i, task in enumerate(tasks)}
        for future in distributed.as_completed(list(futures)):
            index = futures[future]
            collector.add(index, *future.result())
            if collector.over():
                break
        client.cancel(list(futures))
