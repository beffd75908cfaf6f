"""Simulation: many seeded random games, in parallel, with statistics, records and a chart.

``--bot SEAT=KIND`` has a bot play a seat instead (``mcts``, or ``solved``: perfect play from the
table ``castlerules solve`` stored), so a bot can be pitted against the solved bot; chance is
still drawn from the game's seed.

``castlerules simulate GAME -n N [--players K] [--workers W] [--seed S]`` plays N random games
(castlerules' random player: chance outcomes with their exact probabilities, otherwise a uniformly
random legal action). Game ``i`` is seeded with ``game_seed(S, i)`` alone, so the games — and every
statistic — are the same whatever the number of workers, the chunking or the backend.

The work unit is ``run_job(Job) -> list[GameResult]``: a pure function of picklable values, run in
this process (``--workers 1``), in a pool of processes (``--workers W``), or on a dask.distributed
cluster (``--backend dask``; a ``LocalCluster`` of W processes, or ``--scheduler ADDRESS``).

Per-game counters come from a hook, ``counters(game, states, actions) -> dict[str, int]`` in the
game package's ``stats`` module (``castlerules.splut.stats``, ...). A ``stats`` module may also define
``exact(game) -> dict[str, tuple[Fraction, str]]``: for a counter, its exact probability as a share
of another counter (Vlotte Geesten: each situation as a share of all rolls), shown beside the
simulated share.

Random play is not human play: the figures describe the rules under uniformly random choices.
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import io
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

import attrs

from castlerules.core.catalog import make
from castlerules.core.errors import InvalidOptionError, RulesError, quote
from castlerules.core.files import write_atomic
from castlerules.core.game import Game
from castlerules.core.parallel import processes
from castlerules.core.play import playout
from castlerules.core.record import Record

Counters = dict[str, int]
QUANTILES = (("min", 0.0), ("p10", 0.1), ("p25", 0.25), ("median", 0.5), ("p75", 0.75),
             ("p90", 0.9), ("max", 1.0))  # fmt: skip


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (independent of everything else)."""
    digest = hashlib.sha256(f"castlerules.simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@attrs.frozen(slots=True)
class Job:
    """A slice of a simulation: games ``first`` .. ``first + count - 1``. Picklable."""

    game: str
    options_json: str
    seed: int
    first: int
    count: int
    max_plies: int | None = None
    keep_records: bool = False
    #: Who plays each seat (``castlerules.bots``: random, mcts, solved); empty: random play.
    bots: tuple[str, ...] = ()
    #: The solved table the ``solved`` bot plays from (a path), if one plays.
    table: str | None = None


@attrs.frozen(slots=True)
class GameResult:
    """One simulated game: who won, how long it took, its counters and (optionally) its record."""

    index: int
    seed: int
    winners: tuple[int, ...]
    plies: int
    finished: bool
    counters: tuple[tuple[str, int], ...]
    record: str | None = None


@functools.cache
def _game(name: str, options_json: str) -> Game[Any, Any]:
    return make(name, **json.loads(options_json))


def _stats_module(game_class: type[Game[Any, Any]]) -> Any:
    return game_class.info.part("stats")


def counters_of(game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any]) -> Counters:
    """The game's counters for one game (empty if its package has no ``stats`` module)."""
    module = _stats_module(type(game))
    if module is None:
        return {}
    found: Counters = module.counters(game, states, actions)
    return found


def exact_shares(game: Game[Any, Any]) -> dict[str, tuple[Fraction, str]]:
    """The game's exact shares (see the module docstring); empty if it defines none."""
    module = _stats_module(type(game))
    if module is None or not hasattr(module, "exact"):
        return {}
    found: dict[str, tuple[Fraction, str]] = module.exact(game)
    return found


@functools.cache
def _evaluator(game: Game[Any, Any], table: str | None) -> Any:
    """The solved table's evaluator a worker's ``solved`` bots share (read once a process)."""
    from castlerules.solve import evaluator

    return evaluator(game, table)


def bot_playout(game: Game[Any, Any], rng: random.Random, bots: Sequence[str],
                table: str | None, max_plies: int | None = None) -> tuple[list[Any], list[Any]]:
    """Play a game with ``bots[p]`` choosing for seat ``p``: chance drawn with its exact
    probabilities; where several players may act, the race draws who acts next uniformly
    (as the adapters do); return (states, actions)."""
    from castlerules.bots import make_bot
    from castlerules.core.chance import sample

    solved = _evaluator(game, table) if "solved" in bots else None
    players = [make_bot(kind, random.Random(rng.randrange(2**32)), evaluator=solved)
               for kind in bots]
    cap = game.playout_cap if max_plies is None else max_plies
    state = game.initial_state()
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < cap:
        if game.is_chance(state):
            action = sample(game.chance_outcomes(state), rng)
        else:
            actors = sorted(game.actors(state))
            mover = actors[0] if len(actors) == 1 else rng.choice(actors)
            action = players[mover].choose(game, state, mover)
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return states, actions


def play_game(game: Game[Any, Any], index: int, seed: int, job: Job) -> GameResult:
    """Play game ``index`` of a simulation seeded ``seed``."""
    own_seed = game_seed(seed, index)
    if job.bots:
        states, actions = bot_playout(game, random.Random(own_seed), job.bots, job.table,
                                      job.max_plies)
    else:
        states, actions = playout(game, random.Random(own_seed), job.max_plies)
    final = states[-1]
    record = None
    if job.keep_records:
        texts = tuple(game.action_to_str(s, a) for s, a in zip(states, actions))
        record = Record.new(game.name, game.options, texts, seed=own_seed).to_json()
    return GameResult(
        index=index,
        seed=own_seed,
        winners=tuple(sorted(game.winners(final))),
        plies=len(actions),
        finished=game.is_terminal(final),
        counters=tuple(sorted(counters_of(game, states, actions).items())),
        record=record,
    )


def run_job(job: Job) -> list[GameResult]:
    """The work unit: play the games of one job. Pure: the result depends on ``job`` alone."""
    game = _game(job.game, job.options_json)
    return [play_game(game, i, job.seed, job) for i in range(job.first, job.first + job.count)]


def job_size(n: int, workers: int) -> int:
    """Games per job: enough jobs to balance ``workers`` and show progress, at most 100 games."""
    return max(1, min(100, math.ceil(n / (8 * workers))))


def iter_jobs(
    game: str,
    n: int,
    options: dict[str, Any],
    seed: int,
    workers: int,
    max_plies: int | None = None,
    keep_records: bool = False,
    bots: tuple[str, ...] = (),
    table: str | None = None,
) -> Iterator[Job]:
    """The jobs of ``n`` games, made one at a time (a simulation of 10**12 games starts at once)."""
    size = job_size(n, workers)
    text = json.dumps(options, sort_keys=True)
    for first in range(0, n, size):
        yield Job(game, text, seed, first, min(size, n - first), max_plies, keep_records, bots,
                  table)


# -- backends ----------------------------------------------------------------------------------
Progress = Callable[[int], None]


Sink = Callable[[list[GameResult]], None]


def _run_local(jobs: Iterable[Job], workers: int, sink: Sink) -> None:
    if workers == 1:
        for job in jobs:
            sink(run_job(job))
        return
    window = 4 * workers
    from castlerules.core.parallel import worker_pool

    with worker_pool(workers) as pool:
        pending: set[concurrent.futures.Future[list[GameResult]]] = set()
        for job in jobs:
            pending.add(pool.submit(run_job, job))
            if len(pending) >= window:
                done, pending = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in done:
                    sink(future.result())
        for future in concurrent.futures.as_completed(pending):
            sink(future.result())


def _run_dask(
    jobs: Iterable[Job],
    workers: int,
    sink: Sink,
    client: Any = None,
    address: str | None = None,
) -> None:
    from castlerules.core.parallel import dask_client

    with dask_client(workers=workers, scheduler=address, client=client) as (distributed, client):
        window = 4 * max(1, workers)
        running = distributed.as_completed()
        in_flight = 0
        for job in jobs:
            running.add(client.submit(run_job, job, pure=False))
            in_flight += 1
            if in_flight >= window:
                sink(next(running).result())
                in_flight -= 1
        for future in running:
            sink(future.result())


# -- statistics --------------------------------------------------------------------------------
def quantile(sorted_values: Sequence[int], q: float) -> int:
    """The nearest-rank quantile of sorted values."""
    return sorted_values[round(q * (len(sorted_values) - 1))]


def histogram_quantile(histogram: Counter[int], total: int, q: float) -> int:
    """``quantile`` of the multiset a histogram (value -> count) describes."""
    rank = round(q * (total - 1))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen > rank:
            return value
    raise ValueError("empty histogram")


class Tally:
    """The statistics of a simulation, accumulated game by game in constant memory (the lengths
    are kept as a histogram)."""

    def __init__(self, players: int, bots: tuple[str, ...] = ()) -> None:
        self.bots = bots
        self.n = 0
        self.wins = [0] * players
        self.sole = [0] * players
        self.ties = self.no_winner = self.unfinished = 0
        self.lengths: Counter[int] = Counter()
        self.totals: dict[str, int] = {}

    def add(self, r: GameResult) -> None:
        self.n += 1
        for p in r.winners:
            self.wins[p] += 1
            if len(r.winners) == 1:
                self.sole[p] += 1
        self.ties += len(r.winners) > 1
        self.no_winner += r.finished and not r.winners
        self.unfinished += not r.finished
        self.lengths[r.plies] += 1
        for key, value in r.counters:
            self.totals[key] = self.totals.get(key, 0) + value

    def summary(self, game: Game[Any, Any], seed: int) -> dict[str, Any]:
        """The statistics as JSON-able data (no timings: it is deterministic)."""
        n = self.n
        totals = self.totals
        mean = sum(v * c for v, c in self.lengths.items()) / n if n else 0.0
        data: dict[str, Any] = {
            "game": game.name,
            "options": game.options,
            "players": game.num_players,
            "games": n,
            "seed": seed,
            "wins_by_seat": list(self.wins),
            "wins_interval95": [list(wilson(w, n)) for w in self.wins],
            "sole_wins_by_seat": list(self.sole),
            "ties": self.ties,
            "no_winner": self.no_winner,
            "unfinished": self.unfinished,
            "length": {
                "unit": "plies (every action, chance outcomes included)",
                "mean": mean,
                **{
                    name: histogram_quantile(self.lengths, n, q) if n else 0
                    for name, q in QUANTILES
                },
            },
            "counters": {
                key: {"total": total, "per_game": total / n if n else 0.0}
                for key, total in sorted(totals.items())
            },
        }
        shares: dict[str, dict[str, Any]] = {}
        for key, (prob, of) in exact_shares(game).items():
            base = totals.get(of, 0)
            shares[key] = {
                "of": of,
                "observed": totals.get(key, 0) / base if base else None,
                "exact": str(prob),
                "exact_float": float(prob),
            }
        if shares:
            data["shares"] = shares
        if self.bots:
            data["bots"] = list(self.bots)
        return data


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a share ``successes / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(game: Game[Any, Any], results: Iterable[GameResult], seed: int) -> dict[str, Any]:
    """The statistics of some results (see ``Tally``)."""
    tally = Tally(game.num_players)
    for r in results:
        tally.add(r)
    return tally.summary(game, seed)


def format_table(summary: dict[str, Any]) -> str:
    """The statistics as a plain-text table."""
    n = summary["games"]
    bots = summary.get("bots")
    kind = (f"games ({', '.join(f'p{p} {b}' for p, b in enumerate(bots))})" if bots
            else "random games")
    lines = [
        f"{summary['game']}, {summary['players']} players: {n} {kind} (seed {summary['seed']})",
        "",
        "wins by seat (a tie counts for every winner; the share's 95 % interval)",
        f"  {'seat':<6}{'wins':>8}{'share':>9}{'95 % interval':>18}{'sole wins':>11}",
    ]
    for p, (w, s) in enumerate(zip(summary["wins_by_seat"], summary["sole_wins_by_seat"])):
        low, high = summary["wins_interval95"][p]
        lines.append(f"  {'p' + str(p):<6}{w:>8}{w / n if n else 0:>9.3f}"
                     f"{f'{low:.3f}-{high:.3f}':>18}{s:>11}")
    lines.append(
        f"  ties {summary['ties']}, no winner {summary['no_winner']}, "
        f"unfinished (playout cap) {summary['unfinished']}"
    )
    length = summary["length"]
    lines += [
        "",
        "game length in plies (every action, chance outcomes included)",
        "  " + "".join(f"{k:>9}" for k in ("mean", *(q for q, _ in QUANTILES))),
        "  " + f"{length['mean']:>9.1f}" + "".join(f"{length[q]:>9}" for q, _ in QUANTILES),
    ]
    if summary["counters"]:
        width = max(len(k) for k in summary["counters"])
        lines += ["", f"  {'counter':<{width}}{'total':>10}{'per game':>11}"]
        for key, c in summary["counters"].items():
            lines.append(f"  {key:<{width}}{c['total']:>10}{c['per_game']:>11.3f}")
    if summary.get("shares"):
        width = max(len(k) for k in summary["shares"])
        lines += ["", f"  {'share':<{width}}  {'of':<10}{'observed':>10}{'exact':>10}  exact"]
        for key, s in summary["shares"].items():
            observed = "-" if s["observed"] is None else f"{s['observed']:.4f}"
            lines.append(
                f"  {key:<{width}}  {s['of']:<10}{observed:>10}{s['exact_float']:>10.4f}  {s['exact']}"
            )
    if not bots or "random" in bots:
        lines += ["", "random play is not human play: these figures describe uniformly random "
                  "choices"]
    return "\n".join(lines)


def plot(summary: dict[str, Any], path: Path, lengths: Counter[int] | None = None) -> None:
    """A chart (PNG or SVG by the file's suffix): wins by seat and the distribution of lengths."""
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise InvalidOptionError(f"--plot: the file must end in .png or .svg, got {path.name!r}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise InvalidOptionError(
            '--plot needs matplotlib: pip install "castlerules[plot]"'
        ) from exc
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    seats = [f"p{p}" for p in range(summary["players"])]
    left.bar(seats, summary["wins_by_seat"], color="tab:blue")
    left.set_title("wins by seat")
    left.set_ylabel("games")
    counts = lengths or Counter()
    values = sorted(counts)
    if values:
        low, high = values[0], values[-1]
        bins = max(1, min(40, high - low + 1, max(5, summary["games"] // 10)))
        width = (high - low + 1) / bins
        edges = [low - 0.5 + i * width for i in range(bins + 1)]
        right.hist(values, weights=[counts[v] for v in values], bins=edges, color="tab:gray",
                   edgecolor="white")
    right.set_ylabel("games")
    right.axvline(summary["length"]["mean"], color="tab:red", label="mean")
    right.set_title("game length")
    right.set_xlabel("plies")
    right.legend()
    fig.suptitle(
        f"{summary['game']}, {summary['players']} players, {summary['games']} random games"
    )
    fig.tight_layout()
    try:
        drawn = io.BytesIO()
        fig.savefig(drawn, format=suffix[1:])
        write_atomic(path, drawn.getvalue())
    except OSError as exc:
        raise InvalidOptionError(f"--plot: cannot write {quote(str(path))}: {exc.strerror}") from exc
    finally:
        plt.close(fig)


# -- the whole run -----------------------------------------------------------------------------
class ProgressBar:
    """Progress on standard error: a progress line on a terminal; elsewhere (piped, in CI) one
    line at the end, so logs stay plain."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.start = time.perf_counter()
        self._bar: Any = None
        if enabled and self.stream.isatty():
            from castlerules.core.styled import Console, ProgressLine

            self._bar = ProgressLine(Console(self.stream), total, "simulating").__enter__()

    def __call__(self, count: int) -> None:
        self.done += count
        if self._bar is not None:
            self._bar.update(self.done)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
        if self.enabled and self.done:
            elapsed = time.perf_counter() - self.start
            self.stream.write(f"{self.done}/{self.total} games in {elapsed:.1f} s\n")
            self.stream.flush()


@attrs.frozen
class Simulation:
    """A finished simulation: its statistics, the length histogram, its wall time and workers,
    and (with ``keep_results``) every game's result in game order."""

    game: Game[Any, Any]
    summary: dict[str, Any]
    lengths: Counter[int]
    seconds: float
    workers: int
    results: tuple[GameResult, ...] = ()


def simulate(
    game: str,
    n: int,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    max_plies: int | None = None,
    keep_records: bool = False,
    keep_results: bool = True,
    records: Path | None = None,
    progress: Progress | None = None,
    client: Any = None,
    address: str | None = None,
    bots: Sequence[str] | None = None,
    table: str | None = None,
    oversubscribe: bool = False,
) -> Simulation:
    """Play ``n`` seeded random games of ``game`` and summarise them (see the module docstring).

    ``bots``: who plays each seat (``random``, ``mcts`` or ``solved``, one per seat; default
    random play); ``table``: the solved table the ``solved`` bot plays from (default the one
    ``castlerules solve`` stored for the game).

    Memory stays flat however large ``n`` is: jobs are made as they are needed, at most a few per
    worker are in flight, statistics are accumulated (``Tally``), and results are kept only with
    ``keep_results`` (the default, for small runs; the command line passes False, so its memory
    is the same for any ``n``). ``records``: a folder to write every game's record to, as the
    games finish. No more worker processes are started than there are jobs or CPUs
    (``oversubscribe=True`` lifts the CPU cap; ``castlerules.core.parallel.processes``).
    ``client``: an existing dask.distributed Client for ``backend="dask"`` (else one is made on a
    LocalCluster of ``workers`` processes, or on the scheduler at ``address``, by
    ``castlerules.core.parallel.dask_client``, as ``verify`` makes its own).
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidOptionError(f"the number of games must be a positive integer, got {n!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise InvalidOptionError(f"workers must be a positive integer, got {workers!r}")
    if backend not in ("local", "dask"):
        raise InvalidOptionError(f"backend must be 'local' or 'dask', got {backend!r}")
    if address is not None and backend != "dask":
        raise InvalidOptionError("--scheduler is for the dask backend: add --backend dask")
    if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
        raise InvalidOptionError(f"max_plies must be a positive integer, got {max_plies!r}")
    options = dict(options or {})
    the_game = make(game, **options)
    options = the_game.options
    try:
        json.dumps(options)
    except TypeError as exc:
        raise InvalidOptionError(f"options must be JSON-able: {exc}") from exc
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidOptionError(f"cannot make {str(records)!r}: {exc.strerror}") from exc
    seats = _bots(the_game, bots)
    if "solved" in seats:
        table = str(_solved_table(the_game, table))
    if address is None and client is None:  # processes start here: at most one a CPU
        workers = processes(workers, workers, oversubscribe=oversubscribe)
    workers = min(workers, math.ceil(n / job_size(n, workers)))
    jobs = iter_jobs(game, n, options, seed, workers, max_plies, keep_records or records is not None,
                     seats, table)
    report = progress or (lambda count: None)
    tally = Tally(the_game.num_players, seats)
    kept: list[GameResult] = []

    def sink(found: list[GameResult]) -> None:
        for r in found:
            tally.add(r)
            if records is not None and r.record is not None:
                _save_record(the_game.name, r, records)
        if keep_results:
            kept.extend(found)
        report(len(found))

    start = time.perf_counter()
    if backend == "dask":
        _run_dask(jobs, workers, sink, client, address)
    else:
        _run_local(jobs, workers, sink)
    seconds = time.perf_counter() - start
    results = tuple(sorted(kept, key=lambda r: r.index))
    return Simulation(
        the_game, tally.summary(the_game, seed), tally.lengths, seconds, workers, results
    )


def seat_bots(texts: Sequence[str], players: int) -> list[str]:
    """``--bot P=KIND`` texts (``0=solved``, ``p1=mcts``) as the bot of every seat (random where
    none is given)."""
    from castlerules.bots import BOTS

    out = ["random"] * players
    for text in texts:
        seat, sep, kind = text.partition("=")
        seat = seat.strip().removeprefix("p")
        if not sep or not (seat.isascii() and seat.isdigit()) or kind.strip() not in BOTS:
            raise InvalidOptionError(f"--bot expects SEAT=KIND with KIND one of {', '.join(BOTS)}"
                                     f", such as 0=solved; got {text[:40]!r}")
        if not 0 <= int(seat) < players:
            raise InvalidOptionError(f"--bot {text[:40]}: the seats are 0 to {players - 1}")
        out[int(seat)] = kind.strip()
    return out


def _bots(game: Game[Any, Any], bots: Sequence[str] | None) -> tuple[str, ...]:
    """The bot of each seat (empty: random play throughout)."""
    from castlerules.bots import BOTS

    if not bots:
        return ()
    seats = tuple(bots)
    if len(seats) != game.num_players or any(b not in BOTS for b in seats):
        raise InvalidOptionError(f"bots must name one of {', '.join(BOTS)} for each of the "
                                 f"{game.num_players} seats, got {list(seats)!r}")
    return () if all(b == "random" for b in seats) else seats


def _solved_table(game: Game[Any, Any], table: str | None) -> Path:
    """Where the solved bot's table is: ``table``, or the one stored for ``game`` (read here
    once, so a missing or unsuited table is reported before any game is played)."""
    from castlerules import solve as sv

    sv.find_table(game, table)
    if table is not None:
        return Path(table).resolve()
    return sv.table_path(sv.identity(game, sv.canon_of(game)))


def _save_record(game: str, r: GameResult, folder: Path) -> Path:
    path = folder / f"{game}-{r.index:06d}.json"
    try:
        write_atomic(path, (r.record or "") + "\n")
    except OSError as exc:
        raise InvalidOptionError(f"cannot write {quote(str(path))}: {exc.strerror}") from exc
    return path


def save_records(simulation: Simulation, folder: Path) -> list[Path]:
    """Write each game's record to ``folder/<game>-<index>.json``; replay with ``castlerules replay``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidOptionError(f"cannot make {folder}: {exc.strerror}") from exc
    paths = []
    for r in simulation.results:
        if r.record is None:
            raise RulesError("the simulation kept no records (keep_records=False)")
        paths.append(_save_record(simulation.game.name, r, folder))
    return paths


def counters_hooks(names: Iterable[str]) -> dict[str, bool]:
    """Which games define a counters hook (for documentation and tests)."""
    from castlerules.core.catalog import game_class

    return {name: _stats_module(game_class(name)) is not None for name in names}
