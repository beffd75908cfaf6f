"""The ``castlerules`` command: games, rules, play, replay, verify, bench, simulate."""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from castlerules.core import theorem as th
from castlerules.core.catalog import games, make
from castlerules.core.errors import RulesError
from castlerules.core.play import random_action, random_record
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"castlerules: error: {message} (see 'castlerules --help')\n")


def _game_arg(value: str) -> str:
    if value not in games():
        raise argparse.ArgumentTypeError(
            f"unknown game {value!r}; the games are: {', '.join(games())}"
        )
    return value


def _options(args: argparse.Namespace) -> dict[str, Any]:
    players = getattr(args, "players", None)
    return {} if players is None else {"players": players}


def cmd_games(args: argparse.Namespace) -> int:
    for name in games():
        spec = load_spec(name)
        print(f"{name}\t{spec.title}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from castlerules.core.trace import trace

    rows = trace(args.game, Path(args.tests))
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['id']}  [{r['kind']}]  {r['en']}")
        print(f"    nl: {r['nl']}")
        if r["kind"] in ("physical", "flavour"):
            print(f"    not a rule: {r['reason']}")
        for label in ("implemented_by", "tests", "theorems", "interpretations"):
            if r[label]:
                print(f"    {label.replace('_', ' ')}: {', '.join(r[label])}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = make(args.game, **_options(args))
    record = random_record(game, args.seed, args.max_plies)
    text = record.to_json()
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read {args.file}: {exc.strerror}") from exc
    record = Record.from_json(text)
    states = replay(record)
    game = make(record.game, **record.options_dict())
    final = states[-1]
    print(game.render(final))
    status = "ended" if game.is_terminal(final) else "not ended"
    winners = ", ".join(str(w) for w in sorted(game.winners(final))) or "-"
    print(f"{len(record.actions)} plies replayed; game {status}; winners: {winners}")
    return 0


def _readings_for(names: Sequence[str], pairs: Sequence[str]) -> dict[str, dict[str, str]]:
    """``--reading ID=OPT`` values, split by the game whose interpretation each names."""
    from castlerules.core.errors import SpecError

    out: dict[str, dict[str, str]] = {n: {} for n in names}
    for pair in pairs:
        key, sep, option = pair.partition("=")
        if not sep or not key or not option:
            raise RulesError(f"--reading expects INTERPRETATION=OPTION, got {pair!r}")
        owners = []
        for n in names:
            try:
                load_spec(n).interpretation(key)
            except SpecError:
                continue
            owners.append(n)
        if len(owners) != 1:
            raise RulesError(
                f"--reading {key}: no interpretation of {', '.join(names)} has that id"
                if not owners
                else f"--reading {key}: several games have it; give the full id"
            )
        out[owners[0]][key] = option
    return out


def cmd_verify(args: argparse.Namespace) -> int:
    names = args.games or list(games())
    per_game = _readings_for(names, args.reading or [])
    theorems = [
        t
        for name in names
        for t in make(name, readings=per_game[name] or None).theorems()
        if args.deep or not t.deep
    ]
    total = len(theorems)
    done = 0

    def progress(run: th.Run) -> None:
        nonlocal done
        done += 1
        mark = "ok " if run.ok else "BAD"
        print(
            f"[{done}/{total}] {mark} {run.theorem.id}: {run.result.status.value}"
            f" ({run.seconds:.2f} s)",
            file=sys.stderr,
            flush=True,
        )

    runs = th.run_all(theorems, progress)
    bad = [r for r in runs if not r.ok]
    if args.json:
        print(json.dumps([r.to_data() for r in runs], indent=1, ensure_ascii=False))
    else:
        width = max((len(r.theorem.id) for r in runs), default=10)
        print(f"{'theorem':<{width}}  {'method':<10}  {'status':<14}  {'expected':<14}  seconds")
        for r in runs:
            print(
                f"{r.theorem.id:<{width}}  {r.theorem.method:<10}  {r.result.status.value:<14}  "
                f"{r.theorem.expected.value:<14}  {r.seconds:7.2f}"
            )
        for r in runs:
            if r.result.counterexample and (not r.ok or r.theorem.finding):
                print(f"\n{r.theorem.id}: counterexample\n{r.result.counterexample}")
                if r.theorem.finding:
                    print(f"finding: {r.theorem.finding}")
        secs = sum(r.seconds for r in runs)
        print(f"\n{len(runs) - len(bad)} of {len(runs)} as expected in {secs:.1f} s")
    return 1 if bad else 0


def bench(game_name: str, seconds: float, options: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Random-play throughput of one game: whole seeded games until ``seconds`` have passed."""
    game = make(game_name, **options)
    rng = random.Random(seed)
    actions = finished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        plies = 0
        while not game.is_terminal(state) and plies < game.playout_cap:
            state = game.apply(state, random_action(game, state, rng))
            plies += 1
        actions += plies
        finished += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "options": game.options,
        "games": finished,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def cmd_bench(args: argparse.Namespace) -> int:
    result = bench(args.game, args.seconds, _options(args), args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['game']}: {result['actions_per_second']:,} actions/s "
            f"({result['actions']:,} actions in {result['games']} games, {result['seconds']} s; "
            f"peak memory {result['max_rss_mib']} MiB)"
        )
    return 0


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}")
    return number


def cmd_simulate(args: argparse.Namespace) -> int:
    from castlerules import simulate as sim

    if args.plot and Path(args.plot).suffix.lower() not in (".png", ".svg"):
        raise RulesError(f"--plot: the file must end in .png or .svg, got {args.plot!r}")
    if args.scheduler and args.backend != "dask":
        raise RulesError("--scheduler is for the dask backend: add --backend dask")
    bar = sim.ProgressBar(args.n, enabled=not args.no_progress)
    try:
        result = sim.simulate(
            args.game,
            args.n,
            options=_options(args),
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            max_plies=args.max_plies,
            keep_records=args.save_records is not None,
            progress=bar,
            address=args.scheduler,
        )
    finally:
        bar.close()
    if args.save_records is not None:
        sim.save_records(result, Path(args.save_records))
    if args.plot:
        sim.plot(result.summary, result.results, Path(args.plot))
    if args.json:
        data = {
            **result.summary,
            "workers": args.workers,
            "backend": args.backend,
            "seconds": round(result.seconds, 3),
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(sim.format_table(result.summary))
        print(
            f"\n{args.n} games in {result.seconds:.2f} s "
            f"({args.backend} backend, {args.workers} worker{'s' if args.workers > 1 else ''})"
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="castlerules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("games", help="list the games, one a line, name first")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="the clauses of a game with their code, tests and theorems")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--json", action="store_true")
    p.add_argument("--tests", default="tests", help="test folder to scan for clause markers")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("play", help="play a seeded random game and print it as a record")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int)
    p.add_argument("--max-plies", type=int, default=None)
    p.add_argument("--output", "-o", help="also write the record to this file")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="replay a record file and show the final state")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("verify", help="run the theorems (all games, or those named)")
    p.add_argument("games", nargs="*", type=_game_arg)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--reading", action="append", metavar="ID=OPTION",
        help="play an interpretation's option (repeatable)",
    )
    p.add_argument("--deep", action="store_true", help="also the proofs beyond the default budget")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("bench", help="random-play throughput (actions per second)")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--players", type=int)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("simulate", help="many seeded random games, in parallel, with statistics")
    p.add_argument("game", type=_game_arg)
    p.add_argument("-n", type=_positive, required=True, help="number of games")
    p.add_argument("--players", type=int)
    p.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", help="dask backend: the address of a running scheduler")
    p.add_argument("--max-plies", type=_positive, default=None)
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE", help="write a chart (.png or .svg)")
    p.add_argument("--save-records", metavar="DIR", help="write every game's record to DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except RulesError as exc:
        print(f"castlerules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
