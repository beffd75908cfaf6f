"""The ``castlerules solve`` command, and what solved tables add to ``show``, ``replay``, ``play``
and ``simulate`` (``--eval``, ``--table``, the ``solved`` bot).

``castlerules solve GAME`` solves the game under its options (``castlerules.solve``), or reads the
table an earlier call stored in the cache folder (``$XDG_CACHE_HOME/castlerules``, default
``~/.cache/castlerules``) or at ``--table FILE``, and prints each seat's chance to win from the
start: both seats playing optimally, and each seat playing optimally against random others.
``--all-readings`` solves the game under every single reading that differs from the one given,
each reading's whole solve one task (``--backend dask``: on a Dask cluster, the ``LocalCluster``
of ``castlerules.core.parallel.dask_client`` or the scheduler at ``--scheduler``); each task stores
its reading's table in the cache folder of the machine that ran it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from castlerules.cli.common import _common, _game_arg, _int_arg, _options, _sub
from castlerules.core.catalog import make
from castlerules.core.errors import RulesError, quote

NAME = "solve"
HELP = "exact win chances: optimal play, and optimal against random"
EXAMPLE = ("castlerules solve spookslot --json   |   "
           "castlerules solve spookslot --from 'h1,x/hw1,x p0 roll - - -' --all-readings")


# -- castlerules solve ------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    count = _int_arg(1)  # a positive count
    p.add_argument("--json", action="store_true", help="the figures as JSON")
    p.add_argument("--table", metavar="FILE",
                   help="read the table from FILE if it holds this game's, else solve and write "
                        "it there (default: the cache folder, $XDG_CACHE_HOME/castlerules)")
    p.add_argument("--from", dest="root", metavar="POSITION",
                   help="solve the positions reachable from POSITION (an endgame) instead of "
                        "the start")
    p.add_argument("--recompute", action="store_true", help="solve even if a table is stored")
    p.add_argument("--max-positions", type=count, default=None, metavar="N",
                   help="stop with an error beyond N positions (default: 2,000,000, at most "
                        "10,000,000; memory grows by about 3 kB a position)")
    p.add_argument("--all-readings", action="store_true",
                   help="solve under every single reading that differs from the one given, "
                        "each reading's solve one task")
    p.add_argument("--jobs", type=count, default=None, metavar="N",
                   help="--all-readings with --backend dask: the LocalCluster's workers "
                        "(default: the machine's cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="--all-readings: one solve after the other here, or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="--backend dask: a running scheduler (default: a LocalCluster)")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    _common(p)
    return p


def run(args: argparse.Namespace) -> int:
    """``castlerules solve``, with the game's options as the command line gave them."""
    options = _options(args)
    if args.scheduler and args.backend != "dask":
        raise RulesError("--scheduler is for the dask backend: add --backend dask")
    if (args.backend != "local" or args.jobs) and not args.all_readings:
        raise RulesError("--backend and --jobs are for --all-readings")
    game = make(args.game, **options)
    if args.all_readings:
        if args.table:
            raise RulesError("--all-readings stores each reading's table in the cache folder: "
                             "give it without --table")
        return _all_readings(args, options)
    found = obtain(game, args.root, args.table, args.recompute, _progress(args),
                   args.max_positions)
    if args.json:
        print(json.dumps(found, indent=1, ensure_ascii=False))
    else:
        print_figures(found)
    return 0


def _progress(args: argparse.Namespace) -> Any:
    if args.quiet or args.json:
        return None
    began = time.monotonic()

    def say(message: str) -> None:
        print(f"  [{time.monotonic() - began:6.0f} s] {message}", file=sys.stderr, flush=True)

    return say


def _root(game: Any, text: str | None) -> tuple[Any, str]:
    if text is None or text.strip() == "start":
        return game.initial_state(), "start"
    state = game.state_from_text(text)
    return state, game.state_to_text(state)


def obtain(game: Any, root_text: str | None = None, table: str | None = None,
           recompute: bool = False, progress: Any = None, limit: int | None = None
           ) -> dict[str, Any]:
    """Solve ``game`` (from ``root_text``), or read the table a solve stored; returns the figures
    (``castlerules solve --json``) with where the table is and whether it was reused."""
    from castlerules import solve as sv

    sv.numpy_module()
    began = time.process_time()
    wall = time.perf_counter()
    canon = sv.canon_of(game)
    root, shown = _root(game, root_text)
    ident = sv.identity(game, canon, shown)
    path = Path(table) if table else sv.table_path(ident)
    note = ""
    if path.exists() and not recompute:
        try:
            found = sv.load_table(path)
        except sv.TableError as exc:
            if table:
                raise
            found, note = None, f"the stored table was not used ({exc})"
        if found is not None:
            why = sv.mismatch(found, ident)
            if why is None:
                return _figures(found.header, path, True, began, wall)
            if table:
                raise sv.TableError(f"{quote(table)} holds a table that is not this game's "
                                    f"({why}); name another file, or remove it")
            note = f"the stored table was not used: {why}"
    if note and progress is not None:
        progress(note)
    solution = sv.solve(game, root, root_text=shown, progress=progress,
                        limit=limit or sv.MAX_SOLVE_POSITIONS)
    sv.save_table(solution.table, path)
    out = _figures(solution.table.header, path, False, began, wall)
    for key in ("nodes", "edges", "depths", "sweeps", "endless_positions", "graph_seconds"):
        out[key] = solution.summary[key]
    return out


def _figures(header: dict[str, Any], path: Path, reused: bool, began: float, wall: float
             ) -> dict[str, Any]:
    return {
        **({"notes": header["notes"]} if header.get("notes") else {}),
        "game": header["game"],
        "players": header["players"],
        "readings": header["readings"],
        "options": header["options"],
        "root": header["root"],
        "start": header["start"],
        "positions": header["positions"],
        "bound": header["bound"],
        "seconds": round(time.process_time() - began, 3),
        "wall_seconds": round(time.perf_counter() - wall, 3),
        "solve_seconds": header["seconds"],
        "table": str(path),
        "reused": reused,
    }


def _percent(value: float) -> str:
    return f"{100 * value:.4f}%"


def print_figures(found: dict[str, Any], readings_note: str = "") -> None:
    """The figures of one solve, as a person reads them."""
    seats = range(found["players"])
    where = "from the start" if found["root"] == "start" else f"from {found['root']}"
    print(f"{found['game']}, {found['players']} players{readings_note}: chances to win {where}")
    every = "both" if found["players"] == 2 else "all"
    labels = {
        "optimal": f"{every} playing optimally",
        "against-random": "each playing optimally against random others",
        "random": f"{every} playing at random",
    }
    for model, label in labels.items():
        values = found["start"].get(model)
        if values is None:
            continue
        cells = "   ".join(f"p{p} {_percent(values[p])}" for p in seats)
        print(f"  {cells}   {label}")
    print(f"  every figure within {found['bound']:.1e}; {found['positions']:,} positions")
    for note in found.get("notes", ()):
        print(f"  note: {note}")
    how = (f"read in {found['seconds']:.2f} s (solved in {found['solve_seconds']:.0f} s CPU)"
           if found["reused"] else f"solved in {found['seconds']:.1f} s CPU")
    print(f"table {found['table']}: {how}")



@attrs.frozen(slots=True)
class SolveTask:
    """One reading's whole solve, as data a Dask worker can make the game again from."""

    game: str
    options_json: str
    root: str | None
    label: str
    limit: int | None = None


def run_solve_task(task: SolveTask) -> dict[str, Any]:
    """The work unit of ``--all-readings``: make the game, solve it (or read its stored table),
    return the figures (or why it could not be solved)."""
    try:
        game = make(task.game, **json.loads(task.options_json))
        found = obtain(game, task.root, limit=task.limit)
    except RulesError as exc:
        return {"reading": task.label, "error": str(exc)}
    return {"reading": task.label, **found}


def _all_readings(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from castlerules.core.readings import single_deviations
    from castlerules.core.spec import load_spec
    from castlerules.solve import numpy_module

    numpy_module()
    spec = load_spec(args.game)
    base = dict(options.get("readings") or {})
    base_ids = {spec.interpretation(k).id for k in base}
    tasks = [SolveTask(args.game, json.dumps(options, sort_keys=True), args.root, "as given",
                       args.max_positions)]
    for deviation in single_deviations(spec):
        if not deviation:
            continue
        ((interp, option),) = deviation.items()
        found = spec.interpretation(interp)
        if found.id in base_ids or found.keyword == "players":
            continue  # the base fixes it; the player count is --players
        merged = {**options, "readings": {**base, found.id: option}}
        tasks.append(SolveTask(args.game, json.dumps(merged, sort_keys=True), args.root,
                               f"{found.short_id}={option}", args.max_positions))
    results = _run_tasks(tasks, args)
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
    else:
        for r in results:
            if "error" in r:
                print(f"{r['reading']}: not solved: {r['error']}")
                continue
            print_figures(r, f", reading {r['reading']}")
    return 0 if all("error" not in r for r in results) else 1


def _run_tasks(tasks: Sequence[SolveTask], args: argparse.Namespace) -> list[dict[str, Any]]:
    say = _progress(args)
    if args.backend == "local":
        out = []
        for i, t in enumerate(tasks):
            if say is not None:
                say(f"reading {i + 1} of {len(tasks)}: {t.label}")
            out.append(run_solve_task(t))
        return out
    from castlerules.core.parallel import dask_client, processes

    jobs = processes(args.jobs, len(tasks), oversubscribe=getattr(args, "oversubscribe", False))
    with dask_client(workers=jobs, scheduler=args.scheduler) as (distributed, client):
        futures = {client.submit(run_solve_task, t, pure=False): i for i, t in enumerate(tasks)}
        found: dict[int, dict[str, Any]] = {}
        for future in distributed.as_completed(list(futures)):
            i = futures[future]
            found[i] = future.result()
            if say is not None:
                say(f"solved {len(found)} of {len(tasks)}: {tasks[i].label}")
    return [found[i] for i in range(len(tasks))]


# -- --eval and --table for show, replay, play and simulate ----------------------------------------


def add_eval_arguments(p: argparse.ArgumentParser, eval_help: str) -> None:
    """``--eval`` and ``--table`` for ``show`` and ``replay``."""
    p.add_argument("--eval", action="store_true", help=eval_help)
    add_table_argument(p)


def add_table_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--table", metavar="FILE",
                   help="the solved table to use (default: the one 'castlerules solve' stored "
                        "for this game)")


def evaluator_for(game: Any, table: str | None) -> Any:
    """The evaluator of a solved table of ``game`` (see ``castlerules.solve.find_table``)."""
    from castlerules import solve as sv

    return sv.evaluator(game, table)


def _chances(values: Sequence[float]) -> str:
    return ", ".join(f"p{p} {_percent(v)}" for p, v in enumerate(values))


def eval_lines(game: Any, state: Any, table: str | None) -> list[str]:
    """What ``show --eval`` prints: each seat's chance under optimal play, and for each legal
    move its chance for the mover and what choosing it instead of the best costs."""
    ev = evaluator_for(game, table)
    lines = [f"chances, both playing optimally: {_chances(ev.chances(state))} "
             f"(within {ev.table.bound:.1e})"]
    if game.is_terminal(state):
        return lines
    if game.is_chance(state):
        for outcome, p in game.chance_outcomes(state):
            after = ev.chances(game.successor(state, outcome))
            lines.append(f"  {game.action_to_str(state, outcome)} ({p}): {_chances(after)}")
        return lines
    for player in sorted(game.actors(state)):
        found = ev.action_values(state, player)
        best = max(v for _, v in found)
        lines.append(f"p{player}'s moves, with p{player}'s chance after each:")
        for action, v in found:
            cost = best - v
            tail = "best" if cost <= ev.table.bound * 2 else f"costs {100 * cost:.4f} points"
            lines.append(f"  {game.action_to_str(state, action):<24} {_percent(v):>10}  {tail}")
    return lines


def print_eval(game: Any, state: Any, table: str | None) -> None:
    for line in eval_lines(game, state, table):
        print(line)


def replay_eval_lines(game: Any, states: Sequence[Any], actions: Sequence[Any],
                      table: str | None, worst: int = 5) -> list[str]:
    """What ``replay --eval`` prints: the chances after every ply, then the costliest choices
    (the chance the player gave away against the best move, in points of percentage)."""
    ev = evaluator_for(game, table)
    lines = [f"0. start: {_chances(ev.chances(states[0]))}"]
    mistakes: list[tuple[float, int, str]] = []
    for i, (state, action) in enumerate(zip(states, actions), start=1):
        text = game.action_to_str(state, action)
        after = ev.chances(states[i])
        lines.append(f"{i}. {text}: {_chances(after)}")
        if game.is_chance(state):
            continue
        actors = sorted(game.actors(state))
        player = actors[0] if len(actors) == 1 else getattr(action, "player", None)
        if player is None:
            continue
        found = ev.action_values(state, player)
        best_action, best = max(found, key=lambda item: item[1])
        mine = dict(found).get(action, best)
        cost = best - mine
        if cost > ev.table.bound * 2:
            better = game.action_to_str(state, best_action)
            mistakes.append((cost, i, f"ply {i}: {text} cost p{player} {100 * cost:.4f} points "
                                      f"({better} was best)"))
    mistakes.sort(key=lambda m: (-m[0], m[1]))
    if mistakes:
        lines.append(f"the costliest choices ({min(worst, len(mistakes))} of {len(mistakes)}):")
        lines += [f"  {m[2]}" for m in mistakes[:worst]]
    else:
        lines.append("no choice gave away any chance")
    return lines
