"""The ``castlerules verify`` command: the theorems of the games named (all by default), under the
readings and options given, in combination, with their reach, on local processes or Dask."""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from typing import Any

from castlerules.cli.common import (
    _err,
    _game_arg,
    _int_arg,
    _note_cap,
    _option_texts,
    _out,
    _read,
    _readings,
    _sub,
    option_value,
)
from castlerules.core import theorem as th
from castlerules.core.catalog import games
from castlerules.core.errors import RulesError, quote
from castlerules.core.spec import load_spec

NAME = "verify"
HELP = "run the theorems (all games, or those named), for every player count"
EXAMPLE = ("castlerules verify kasteel --reading no-legal-move=lose --verbose   |   "
           "castlerules verify spookslot --combinations 2 --jobs 2")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("games", nargs="*", type=_game_arg, metavar="GAME")
    p.add_argument("--reading", action="append", metavar="ID=OPTION",
                   help="everything under an interpretation's option (repeatable)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a keyword option of the game that takes it (repeatable; see "
                        "'castlerules --help'), such as faces=... with --reading "
                        "dice-faces=custom")
    p.add_argument("--all-readings", action="store_true",
                   help="also, for every option of every interpretation, the theorems that "
                        "state what it does")
    p.add_argument("--deep", action="store_true", help="also the proofs beyond the default budget")
    p.add_argument("--theorem", action="append", metavar="ID",
                   help="only this theorem (repeatable)")
    p.add_argument("--fail-fast", action="store_true",
                   help="stop at the first unexpected result (the mutation kit uses it)")
    p.add_argument("--costs", metavar="FILE",
                   help="run the theorems that took least time in FILE (an earlier verify "
                        "--json) first, with --fail-fast the quickest way to a failure; the "
                        "results keep the plan's order")
    p.add_argument("--verbose", action="store_true", help="print every counterexample's board")
    p.add_argument("--json", action="store_true", help="the results as JSON")
    p.add_argument("--reach", action="store_true",
                   help="measure the reach of the run: every condition of the clause-tagged "
                        "rules seen true and false (and MC/DC), the share per game and every "
                        "condition not seen both ways, with its clauses, file and line")
    p.add_argument("--combinations", type=int, choices=(2, 3), metavar="T",
                   help="readings in combination: every theorem that depends on the readings, "
                        "under each configuration of a covering array in which every T options "
                        "of T interpretations meet (2: pairs, 3: triples); with "
                        "--all-readings, the single readings too, a run both share once")
    p.add_argument("--jobs", type=_int_arg(1), default=None, metavar="N",
                   help="run the theorems on N processes (default: the machine's cores; 1: here, "
                        "one after the other); with --backend dask, the LocalCluster's workers")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local processes, or a Dask distributed cluster")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="--backend dask: a running scheduler, tcp://HOST:PORT (default: a "
                        "LocalCluster)")
    p.add_argument("--oversubscribe", action="store_true",
                   help="start the processes --jobs asks for even where they are more than "
                        "the CPUs (without it, at most one per CPU)")
    return p


def _readings_for(names: Sequence[str], pairs: Sequence[str]) -> dict[str, dict[str, str]]:
    """``--reading ID=OPT`` values, split by the game whose interpretation each names."""
    from castlerules.core.errors import SpecError

    out: dict[str, dict[str, str]] = {n: {} for n in names}
    for key, option in _readings(pairs).items():
        owners = []
        for n in names:
            try:
                load_spec(n).interpretation(key)
            except SpecError:
                continue
            owners.append(n)
        if len(owners) != 1:
            raise RulesError(
                f"--reading {quote(key)}: no interpretation of {', '.join(names)} has that id"
                if not owners
                else f"--reading {quote(key)}: several games have it; give the full id"
            )
        out[owners[0]][key] = option
    return out


def _options_for(names: Sequence[str], texts: Sequence[str] | None) -> dict[str, dict[str, Any]]:
    """``--option NAME=VALUE`` values, given to the one game of ``names`` that takes ``NAME``."""
    from castlerules.core.catalog import game_class

    out: dict[str, dict[str, Any]] = {n: {} for n in names}
    for key, text in _option_texts(texts).items():
        owners = [n for n in names if key in game_class(n).config_type.keywords()]
        if len(owners) != 1:
            raise RulesError(
                f"--option {quote(key)}: no game of {', '.join(names)} takes it"
                if not owners
                else f"--option {quote(key)}: {' and '.join(owners)} take it; verify one of them"
            )
        out[owners[0]][key] = option_value(owners[0], key, text)
    return out


def _theorem_costs(path: str) -> dict[str, float]:
    """Theorem id -> the seconds its runs took in the output of ``castlerules verify --json``
    (``theorem.verify_runs``: its runs and every configuration's), summed. A file that cannot be
    read says why (missing, a folder, too large, not JSON) before what it should be."""
    from castlerules.core.jsonio import parse_json

    bad = f"--costs: {quote(path)} is not the JSON output of castlerules verify --json"
    data = parse_json(_read(path, "--costs"), f"--costs file {quote(path)}", RulesError,
                      64_000_000)
    if isinstance(data, dict) and not {"runs", "combinations"} & set(data):
        raise RulesError(bad)
    try:
        data = th.verify_runs(data)
    except (TypeError, AttributeError):
        raise RulesError(bad) from None
    if not isinstance(data, list):
        raise RulesError(bad)
    costs: dict[str, float] = {}
    for r in data:
        seconds = _seconds(r.get("seconds")) if isinstance(r, dict) else None
        if seconds is None or not isinstance(r.get("id"), str):
            raise RulesError(f"{bad} (a run without an id and its seconds: {quote(r)})")
        costs[r["id"]] = costs.get(r["id"], 0.0) + seconds
    return costs


def _seconds(value: Any) -> float | None:
    """A run's ``seconds`` as a float: a finite number from 0 to a year, else None (an integer
    too large for a float included)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        seconds = float(value)
    except OverflowError:
        return None
    return seconds if math.isfinite(seconds) and 0 <= seconds <= 366 * 86_400 else None


def _plan(args: argparse.Namespace, names: Sequence[str]
          ) -> tuple[list[th.Theorem], list[tuple[Any, list[int]]], list[int]]:
    """The theorems ``verify`` runs, in the plan's order; each game's combination plan (with
    ``--combinations``) and where each of its theorems is in that list; and where the theorems
    of the single readings are."""
    from castlerules.core.plan import combination_plan, joined, plan

    per_game = _readings_for(names, args.reading or [])
    keywords = _options_for(names, args.option)
    if args.combinations and (args.reading or args.option):
        raise RulesError("--combinations chooses the readings and options itself: give it "
                         "without --reading and --option")
    theorems: list[th.Theorem] = []
    #: Each game's combination plan, and where each of its theorems is in ``theorems``.
    combined: list[tuple[Any, list[int]]] = []
    #: Where the theorems of the single readings are (with --combinations: --all-readings').
    singles: list[int] = []
    for name in names:
        mine: list[th.Theorem] = []
        if not args.combinations or args.all_readings:
            mine = plan(name, per_game[name], all_readings=args.all_readings, deep=args.deep,
                        only=args.theorem or (), options=keywords[name])
        singles += range(len(theorems), len(theorems) + len(mine))
        if args.combinations:
            cp = combination_plan(name, args.combinations, deep=args.deep,
                                  only=args.theorem or ())
            # with --all-readings: a theorem both hold runs once
            extra, where = joined(mine, cp)
            combined.append((cp, [len(theorems) + i for i in where]))
            mine += extra
        theorems += mine
    if args.theorem:
        unknown = sorted(set(args.theorem) - {t.id for t in theorems})
        if unknown:
            raise RulesError(f"--theorem {unknown[0]}: no theorem of {', '.join(names)} has that id")
    return theorems, combined, singles


def run(args: argparse.Namespace) -> int:
    from castlerules.core import reach
    from castlerules.core.execute import execute
    from castlerules.core.extras import require

    require("z3", "castlerules verify")
    if args.combinations:
        require("covertable", "castlerules verify --combinations")

    names = args.games or list(games())
    theorems, combined, singles = _plan(args, names)
    err = _err()
    count = [0]

    def line(r: th.Run) -> None:
        count[0] += 1
        err.print(f"[{count[0]}/{len(theorems)}] {r.theorem.id}: {r.verdict} ({r.seconds:.2f} s)")

    # The order the theorems run in: the plan's, or with --costs the cheapest first (a fail-fast
    # run then reaches a failing cheap theorem before the costly ones); reported in the plan's.
    order = list(range(len(theorems)))
    if args.costs:
        costs = _theorem_costs(args.costs)
        order.sort(key=lambda i: costs.get(theorems[i].id, math.inf))

    # --reach: the clause-tagged functions measured here (the serial run) and in each worker;
    # what the whole plan saw, and (with --combinations) what the single readings' runs saw
    measured: dict[str, list[list[int]]] | None = None
    single_seen: dict[str, list[list[int]]] = {}
    is_single = set(singles)
    if args.reach:
        reach.install(names)
        measured = {}

    def saw(index: int, seen: dict[str, list[list[int]]]) -> None:
        assert measured is not None
        reach.merge(measured, seen)
        if order[index] in is_single:
            reach.merge(single_seen, seen)

    def run_all(report: Any) -> list[th.Run]:
        return execute([theorems[i] for i in order], jobs=args.jobs, backend=args.backend,
                       scheduler=args.scheduler, progress=report, fail_fast=args.fail_fast,
                       oversubscribe=args.oversubscribe,
                       reach=saw if measured is not None else None)

    if args.jobs is not None and args.scheduler is None:
        _note_cap("--jobs", args.jobs, args.oversubscribe)

    started = time.perf_counter()
    try:
        if err.is_terminal and not args.json:
            from castlerules.core.styled import ProgressLine

            with ProgressLine(err, len(theorems), "proving") as bar:
                done = run_all(lambda r: bar.advance(r.theorem.id))
        else:
            done = run_all(line)
        reaches = None if measured is None else reach.report(measured, names)
        single_reaches = (reach.report(single_seen, names)
                          if measured is not None and combined and args.all_readings else None)
    finally:
        if measured is not None:
            reach.uninstall()
    wall = time.perf_counter() - started
    # Each theorem's run at its place in the plan (None: not run, after a fail-fast stop).
    ran: list[th.Run | None] = [None] * len(theorems)
    for i, r in zip(order, done):
        ran[i] = r
    runs = [r for r in ran if r is not None]
    bad = [r for r in runs if not r.ok]
    if args.json:
        out: dict[str, Any] = {"unexpected": _unexpected(ran, combined)}
        if not combined or args.all_readings:
            out["runs"] = [run.to_data() for i in singles if (run := ran[i]) is not None]
        if combined:
            out["combinations"] = [cp.to_data([ran[i] for i in where]) for cp, where in combined]
        if reaches is not None:
            out["reach"] = reach.summary_data(reaches)
        if single_reaches is not None:
            out["reach_all_readings"] = reach.summary_data(single_reaches)
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 1 if bad else 0
    if combined:
        for cp, _ in combined:
            _out().print("\n".join(cp.summary()))
    from castlerules.report import print_report

    code = print_report(_out(), runs, names, verbose=args.verbose, wall=wall)
    if single_reaches is not None:
        _out().print("\n".join(f"{r.game}, the single readings alone: {r.both} of "
                                f"{len(r.conditions)} conditions seen both ways "
                                f"({100 * r.share:.1f} %)" for r in single_reaches))
    if reaches is not None:
        console = _out()
        width = max(60, min(console.width, 120))
        console.print("\n".join(reach.render(reaches, width=width)), crop=False)
    return code


def _unexpected(ran: list[th.Run | None], combined: list[tuple[Any, list[int]]]
                ) -> list[dict[str, Any]]:
    """Every run whose result is not the expected one, in the plan's order, each with what it
    ran under and — for a run of ``--combinations`` — the configurations that hold it (by their
    place in that game's ``combinations`` entry)."""
    holders: dict[int, list[dict[str, Any]]] = {}
    for cp, where in combined:
        for k, config in enumerate(cp.array.configurations):
            for member in cp.members[k]:
                holders.setdefault(where[member], []).append(
                    {"game": cp.array.game, "configuration": k, **config.to_data()})
    out = []
    for i, run in enumerate(ran):
        if run is None or run.ok:
            continue
        data = run.to_data()
        out.append({
            "id": data["id"], "game": data["game"], "under": data["under"],
            "players": data["players"], "readings": data["readings"],
            "options": data["options"], "status": data["status"],
            "expected": data["expected"], "detail": data["detail"],
            "position": data["position"], "configurations": holders.get(i, []),
        })
    return out
