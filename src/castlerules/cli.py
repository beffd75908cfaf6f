"""The ``castlerules`` command: play, show, explain, rules, readings, verify, replay, bench, simulate.

Exit status: 0 success; 1 a finding (``verify`` with an unexpected result, ``explain`` of an illegal
move); 2 bad arguments or bad input (one line on standard error, never a traceback).
Output is coloured on a terminal and plain when piped.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.table import Table

from castlerules.core import theorem as th
from castlerules.core.catalog import games, make, normalize_name, suggest
from castlerules.core.errors import RulesError, quote, quote_words
from castlerules.core.play import random_action
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec

EXAMPLES = {
    "games": "castlerules games",
    "rules": "castlerules rules splut splut.trol.werpen   |   castlerules rules kasteel --kind setup",
    "readings": "castlerules readings splut --json",
    "play": "castlerules play kasteel --human 0 --seed 3 -o game.json",
    "show": "castlerules show game.json --ply 12 --svg board.svg   |   castlerules show splut start",
    "explain": "castlerules explain splut start 'p0 Tf2-f3'   |   castlerules explain splut start x --all",
    "replay": "castlerules replay game.json",
    "verify": "castlerules verify kasteel --reading no-legal-move=lose --verbose",
    "bench": "castlerules bench spookslot --seconds 5",
    "simulate": "castlerules simulate splut -n 1000 --workers 2",
}
VERDICT_STYLE = {
    "proved": "green",
    "expected finding": "cyan",
    "unknown": "yellow",
    "unexpected": "bold red",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse builds its messages around the arguments as given: the one quoting rule
        # (castlerules.core.errors) shortens them, so a long argument is never repeated whole.
        self.exit(2, f"castlerules: error: {quote_words(message)} (see 'castlerules --help')\n")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples' line breaks and shows an option's default once: from the value when
    the help text does not already say it, never for options without one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or default in (None, False, argparse.SUPPRESS)
            or action.option_strings == []
        ):
            return text
        return f"{text} (default: {default})"


def _out() -> Console:
    """The console on standard output (found at call time, so tests can capture it)."""
    return Console(file=sys.stdout, soft_wrap=not sys.stdout.isatty(), highlight=False)


def _err() -> Console:
    return Console(file=sys.stderr, soft_wrap=True, highlight=False)


def _game_arg(value: str) -> str:
    name = normalize_name(value)
    if name not in games():
        raise argparse.ArgumentTypeError(
            f"unknown game {quote(value)}{suggest(value[:100])}; the games are: {', '.join(games())}"
        )
    return name


def _int_arg(low: int) -> Any:
    def parse(value: str) -> int:
        try:
            number = int(value, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {quote(value)}") from None
        if number < low:
            raise argparse.ArgumentTypeError(f"expected an integer >= {low}, got {quote(value)}")
        return number

    return parse


def _seconds_arg(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, got {quote(value)}"
        ) from None
    if not 0 < number <= 86_400:
        raise argparse.ArgumentTypeError(
            f"expected seconds between 0 and 86400, got {quote(value)}"
        )
    return number


def _delay_arg(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {quote(value)}") from None
    if not 0 <= number <= 600:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 and 600, got {quote(value)}")
    return number


def _player_arg(value: str) -> int:
    text = value[1:] if value[:1] in ("p", "P") else value
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a player such as 0 or p0, got {quote(value)}")
    return int(text)


def _readings(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, option = pair.partition("=")
        if not sep or not key or not option:
            raise RulesError(f"--reading expects INTERPRETATION=OPTION, got {quote(pair)}")
        out[key.strip()] = option.strip()
    return out


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        options["players"] = args.players
    readings = _readings(getattr(args, "reading", None))
    if readings:
        options["readings"] = readings
    if getattr(args, "ruleset", None):
        options["ruleset"] = args.ruleset
    return options


def _para(out: Console, text: str, first: str, rest: str | None = None, style: str = "") -> None:
    """One paragraph: on a terminal wrapped to its width with a hanging indent (later lines
    indented by ``rest``, default two more than ``first``); piped, one unwrapped line."""
    if not out.is_terminal:
        out.print(first + text, markup=False, highlight=False, style=style or None, soft_wrap=True)
        return
    hang = rest if rest is not None else first + "  "
    width = max(40, min(out.width, 120) - 1)
    for line in textwrap.wrap(text, width, initial_indent=first, subsequent_indent=hang) or [first]:
        out.print(line, markup=False, highlight=False, style=style or None, soft_wrap=True)


def _write(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RulesError(f"{what}: cannot write {quote(path)}: {reason}") from None


def _read(path: str, what: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(64_000_001)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a valid path"
        raise RulesError(f"{what}: cannot read {quote(path)}: {reason}") from None


# -- games, rules, readings -------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    from castlerules.core.catalog import game_class

    rows = []
    for name in games():
        low, high = game_class(name).players_range
        players = f"{low}" if low == high else f"{low}-{high}"
        rows.append({"game": name, "title": load_spec(name).title, "players": players})
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for row in rows:
        print(f"{row['game']}\t{row['title']}\t{row['players']} players")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from castlerules.core.trace import trace

    tests: Path | None = None
    if args.tests is not None:
        tests = Path(args.tests)
        if not tests.is_dir():
            raise RulesError(f"--tests: {quote(args.tests)} is not a folder")
    rows = trace(args.game, tests)
    known = {r["id"] for r in rows}
    unknown = [c for c in args.clauses if c not in known]
    if unknown:
        raise RulesError(
            f"{args.game} has no clause {quote(unknown[0])} (see 'castlerules rules {args.game}')"
        )
    kinds = set(args.kind or ()) or {"rule", "setup", "physical"}
    if args.clauses:
        rows = [r for r in rows if r["id"] in args.clauses]
    elif args.kind or not (args.all or args.json):
        rows = [r for r in rows if r["kind"] in kinds]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    out = _out()
    spec = load_spec(args.game)
    sections = {c.id: (c.section_en or c.section) for c in spec.clauses}
    current = None
    for r in rows:
        section = sections[r["id"]]
        if section != current:
            current = section
            out.print(f"\n[bold]{section}[/bold]" if section else "")
        out.print(f"[bold cyan]{r['id']}[/bold cyan]  [dim]{r['kind']}[/dim]")
        _para(out, r["en"], "    ")
        _para(out, f"“{r['nl']}”", "    ", style="italic")
        if r["kind"] in ("physical", "flavour"):
            _para(out, f"not a rule: {r['reason']}", "    ")
        for label in ("implemented_by", "interpretations", "theorems", "tests"):
            if r[label]:
                _para(out, f"{label.replace('_', ' ')}: {', '.join(r[label])}", "    ")
    if tests is None:
        out.print("\n(test links need a castlerules checkout: add --tests PATH/TO/tests)",
                  markup=False, style="dim")
    return 0


def cmd_readings(args: argparse.Namespace) -> int:
    from castlerules.core.plan import option_theorems

    spec = load_spec(args.game)
    stated = option_theorems(args.game)
    rows: list[dict[str, Any]] = [
        {
            "id": i.id,
            "short_id": i.short_id,
            "question": i.question,
            "clauses": list(i.clauses),
            "keyword": i.keyword or None,
            "default": i.default,
            "options": [
                {"id": o.id, "text": o.text, "default": o.id == i.default,
                 "playable": o.playable, "reason": o.reason,
                 "theorems": stated.get((i.id, o.id), [])}
                for o in i.options
            ],
        }
        for i in spec.interpretations
    ]
    rulesets: list[dict[str, Any]] = [
        {"id": r.id, "title": r.title, "description": r.description,
         "readings": dict(r.readings), "notes": dict(r.notes)}
        for r in spec.rulesets
    ]
    if args.json:
        print(json.dumps({"interpretations": rows, "rulesets": rulesets}, indent=1,
                         ensure_ascii=False))
        return 0
    out = _out()
    for row in rows:
        keyword = f"  (keyword option {row['keyword']})" if row["keyword"] else ""
        out.print(f"[bold cyan]{row['short_id']}[/bold cyan]{keyword}")
        _para(out, row["question"], "    ")
        for o in row["options"]:
            mark = " (default)" if o["default"] else ""
            flag = "" if o["playable"] else f" — not playable: {o['reason']}"
            _para(out, f"{o['id']}{mark}: {o['text']}{flag}", "  - ", "      ")
    for r in rulesets:
        out.print(f"\n[bold]ruleset {r['id']}[/bold]: {r['title']}")
        _para(out, r["description"], "    ")
    out.print(
        f"\nplay one: castlerules play {args.game} --reading ID=OPTION; in Python: "
        f"castlerules.make({args.game!r}, readings={{'ID': 'OPTION'}})",
        markup=False, style="dim",
    )
    return 0


# -- play, replay, show, explain -----------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    from castlerules.bots import make_bot
    from castlerules.terminal import BOT_DELAY, Session

    game = make(args.game, **_options(args))
    humans = sorted(set(args.human or ()))
    bad = [p for p in humans if not 0 <= p < game.num_players]
    if bad:
        raise RulesError(f"--human {bad[0]}: {game.name} has players 0 to {game.num_players - 1}")
    if not 1 <= args.strength <= 10:
        raise RulesError(f"--strength {args.strength}: expected 1 to 10")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    cap = args.max_plies if args.max_plies is not None else game.playout_cap
    simulations = args.simulations if args.simulations is not None else 300 * args.strength
    think = args.think if args.think is not None else float(args.strength)
    quiet = args.json and not humans
    console = _out() if not quiet else Console(file=open(os.devnull, "w"), soft_wrap=True)  # noqa: SIM115
    session = Session(
        game,
        humans=humans,
        bots=lambda p: make_bot(args.bot, random.Random(rng.randrange(2**32)), simulations, think),
        rng=rng,
        console=console,
        stdin=sys.stdin,
        max_plies=cap,
        interactive=bool(humans) and sys.stdin.isatty(),
        bot_delay=BOT_DELAY if args.bot_delay is None else args.bot_delay,
    )
    if not quiet:
        console.print(f"{game!r}, seed {seed}", markup=False, style="dim")
    import signal

    # Started with SIGINT ignored (a background job of a non-interactive shell), Python installs
    # no handler: Ctrl-C must still end the game with its record kept (for the game only).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    interrupted = False
    try:
        session.run()
    except KeyboardInterrupt:
        interrupted = True
        session.stopped = "interrupted (Ctrl-C)"
        console.print("", markup=False)
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    record = session.record(seed)
    plies = f"{len(record.actions)} plies"
    if not quiet:
        if not humans:
            console.print(game.render(session.state), markup=False)
        if game.is_terminal(session.state):
            if not humans:  # a human's last board already said it
                console.print(f"[bold]{session.view.result(session.state)}[/bold] ({plies})")
        else:
            console.print(f"[bold]not finished[/bold]: {session.stopped} ({plies})")
    if args.output:
        _write(args.output, record.to_json() + "\n", "-o")
        if not quiet:
            console.print(f"record of {plies} written to {args.output}", markup=False, style="dim")
    if args.json:
        print(record.to_json())
    return 130 if interrupted else 0


def _load_record(path: str) -> Record:
    return Record.from_json(_read(path, "record"))


def cmd_replay(args: argparse.Namespace) -> int:
    from castlerules.terminal import view_of

    record = _load_record(args.file)
    final = replay(record)
    game = make(record.game, **record.options_dict())
    out = _out()
    out.print(game.render(final), markup=False)
    status = view_of(game).result(final) if game.is_terminal(final) else "The game has not ended."
    out.print(f"{len(record.actions)} plies replayed. {status}", markup=False)
    return 0


def _position(game_name: str, text: str, args: argparse.Namespace) -> tuple[Any, Any]:
    """(game, state) of a position text (or ``start``); the player count is the one given, else
    the first in the game's range for which the text is a valid position."""
    from castlerules.core.catalog import game_class

    options = _options(args)
    if "players" in options:
        counts = [options.pop("players")]
    else:
        low, high = game_class(game_name).players_range
        default = make(game_name, **options).num_players
        counts = [default, *(n for n in range(low, high + 1) if n != default)]
    first_error: RulesError | None = None
    for n in counts:
        game = make(game_name, players=n, **options)
        if text.strip() == "start":
            return game, game.initial_state()
        try:
            return game, game.state_from_text(text)
        except RulesError as exc:
            first_error = first_error or exc
    assert first_error is not None
    raise first_error


def cmd_show(args: argparse.Namespace) -> int:
    target = args.target
    if normalize_name(target) in games():
        if args.position is None:
            raise RulesError("show GAME POSITION: give a position text or 'start'")
        game, state = _position(normalize_name(target), args.position, args)
        where = ""
    else:
        if args.position is not None:
            raise RulesError(f"{quote(target)} is not a game; show RECORD takes no position")
        record = _load_record(target)
        ply = len(record.actions) if args.ply is None else args.ply
        if not 0 <= ply <= len(record.actions):
            raise RulesError(f"--ply {ply}: the record has plies 0 to {len(record.actions)}")
        state = replay(record, ply=ply)
        game = make(record.game, **record.options_dict())
        where = f"after ply {ply} of {len(record.actions)}"
    out = _out()
    out.print(game.render(state), markup=False)  # it ends with the position text
    if where:
        out.print(where, markup=False)
    if args.svg:
        _write(args.svg, game.render_svg(state) + "\n", "--svg")
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    game, state = _position(args.game, args.position, args)
    out = _out()
    if args.all:
        from castlerules.terminal import legal_moves_text

        legal = legal_moves_text(game, state) if not game.is_terminal(state) else "(the game is over)"
        out.print(f"legal moves: {legal}", markup=False)
    if args.move is None:
        if args.all:
            return 0
        if game.is_terminal(state):
            out.print("the game is over in this position: no move is legal", markup=False)
            return 0
        from castlerules.terminal import legal_moves_text

        out.print(f"legal moves: {legal_moves_text(game, state)}", markup=False)
        out.print(f"(give a move to check it: castlerules explain {game.name} POSITION MOVE)",
                  markup=False, style="dim")
        return 0
    action = game.parse_action(state, args.move)
    found = game.violation(state, action)
    if found is None:
        after = game.apply(state, action)
        out.print(f"[green]legal[/green]: {game.action_to_str(state, action)}")
        out.print(f"after it: {game.state_to_text(after)}", markup=False)
        return 0
    from castlerules.terminal import clause_english

    out.print(f"[red]illegal[/red]: {found.reason}", highlight=False)
    english = clause_english(game, found.clause)
    if english:
        out.print(f"rule {found.clause}: {english}", markup=False)
    out.print(f"clause {found.clause}: “{found.text_nl}”", markup=False)
    return 1


# -- verify ---------------------------------------------------------------------------------------


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
                f"--reading {key}: no interpretation of {', '.join(names)} has that id"
                if not owners
                else f"--reading {key}: several games have it; give the full id"
            )
        out[owners[0]][key] = option
    return out


def cmd_verify(args: argparse.Namespace) -> int:
    from castlerules.core.plan import plan

    names = args.games or list(games())
    per_game = _readings_for(names, args.reading or [])
    theorems = []
    for name in names:
        theorems += plan(name, per_game[name], all_readings=args.all_readings, deep=args.deep,
                         only=args.theorem or ())
    if args.theorem:
        unknown = sorted(set(args.theorem) - {t.id for t in theorems})
        if unknown:
            raise RulesError(f"--theorem {unknown[0]}: no theorem of {', '.join(names)} has that id")
    err = _err()
    runs: list[th.Run] = []
    progress = err.is_terminal and not args.json
    if progress:
        from rich.progress import Progress

        with Progress(console=err, transient=True) as bar:
            task = bar.add_task("proving", total=len(theorems))
            for t in theorems:
                bar.update(task, description=t.id)
                runs.append(th.run(t))
                bar.advance(task)
                if args.fail_fast and not runs[-1].ok:
                    break
    else:
        for i, t in enumerate(theorems, 1):
            r = th.run(t)
            runs.append(r)
            err.print(f"[{i}/{len(theorems)}] {t.id}: {r.verdict} ({r.seconds:.2f} s)",
                      markup=False)
            if args.fail_fast and not r.ok:
                break
    bad = [r for r in runs if not r.ok]
    if args.json:
        print(json.dumps([r.to_data() for r in runs], indent=1, ensure_ascii=False))
        return 1 if bad else 0
    out = _out()
    for name in names:
        mine = [r for r in runs if r.theorem.game == name]
        if not mine:
            continue
        from rich import box

        table = Table(title=f"{name}: {load_spec(name).title}", title_justify="left",
                      box=box.SIMPLE_HEAD if out.is_terminal else None, pad_edge=False)
        for column in ("theorem", "under", "method", "basis", "verdict", "seconds"):
            table.add_column(column, justify="right" if column == "seconds" else "left")
        for r in mine:
            table.add_row(
                r.theorem.id, r.theorem.under, r.theorem.method, r.theorem.basis,
                f"[{VERDICT_STYLE[r.verdict]}]{r.verdict}[/]", f"{r.seconds:.2f}",
            )
        out.print(table)
        out.print()
    for r in runs:
        if r.result.counterexample and (args.verbose or not r.ok):
            out.print(f"[bold]{r.theorem.id}[/bold] ({r.verdict}): counterexample")
            out.print(r.result.counterexample, markup=False)
            if r.result.position:
                out.print(f"position: {r.result.position}", markup=False)
            if r.theorem.finding:
                out.print(f"finding: {r.theorem.finding}", markup=False)
            out.print()
    findings = [r for r in runs if r.verdict == "expected finding"]
    secs = sum(r.seconds for r in runs)
    summary = f"{len(runs) - len(bad)} of {len(runs)} as expected in {secs:.1f} s"
    if findings:
        summary += f" ({len(findings)} expected findings"
        summary += "; --verbose shows their boards)" if not args.verbose else ")"
    out.print(f"[bold]{summary}[/bold]" if not bad else f"[bold red]{summary}[/bold red]")
    for r in bad:
        out.print(f"[red]unexpected: {r.theorem.id}: {r.result.status.value} "
                  f"(expected {r.theorem.expected.value}) {r.result.detail}[/red]", markup=True)
    return 1 if bad else 0


# -- bench, simulate ----------------------------------------------------------------------------


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


def cmd_simulate(args: argparse.Namespace) -> int:
    from castlerules import simulate as sim

    if args.plot and Path(args.plot).suffix.lower() not in (".png", ".svg"):
        raise RulesError(f"--plot: the file must end in .png or .svg, got {args.plot!r}")
    if args.scheduler and args.backend != "dask":
        raise RulesError("--scheduler is for the dask backend: add --backend dask")
    cpus = os.cpu_count() or 1
    if args.workers > cpus and args.backend == "local":
        _err().print(
            f"castlerules: note: {args.workers} workers on {cpus} CPUs; they will share them",
            markup=False,
        )
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
            records=Path(args.save_records) if args.save_records else None,
            progress=bar,
            address=args.scheduler,
        )
    finally:
        bar.close()
    if args.plot:
        sim.plot(result.summary, Path(args.plot), result.lengths)
        print(f"chart written to {args.plot}", file=sys.stderr if args.json else sys.stdout)
    if args.json:
        data = {
            **result.summary,
            "workers": result.workers,
            "backend": args.backend,
            "seconds": round(result.seconds, 3),
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(sim.format_table(result.summary))
        print(
            f"\n{args.n} games in {result.seconds:.2f} s "
            f"({args.backend} backend, {result.workers} worker{'s' if result.workers > 1 else ''})"
        )
    return 0


# -- the parser -----------------------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, players: bool = True) -> None:
    if players:
        p.add_argument("--players", type=_int_arg(1), help="number of players (the game's default)")
    p.add_argument("--reading", action="append", metavar="ID=OPTION",
                   help="play an interpretation's option (repeatable; see 'castlerules readings')")
    p.add_argument("--ruleset", help="a named set of readings, such as 'literal'")


def _sub(sub: Any, name: str, help_text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=help_text, epilog=f"example:\n  {EXAMPLES[name]}",
        formatter_class=_Formatter,
    )
    return parser


def build_parser() -> argparse.ArgumentParser:
    from castlerules import __version__

    parser = _Parser(
        prog="castlerules",
        description=(__doc__ or "").replace("``", ""),
        formatter_class=_Formatter,
        epilog="examples:\n" + "\n".join(f"  {e}" for e in EXAMPLES.values()),
    )
    parser.add_argument("--version", action="version", version=f"castlerules {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    p = _sub(sub, "games", "list the games: name, title and player counts")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_games)

    p = _sub(sub, "rules", "a game's clauses: English, Dutch, code, interpretations, theorems")
    p.add_argument("game", type=_game_arg)
    p.add_argument("clauses", nargs="*", metavar="CLAUSE", help="only these clause ids")
    p.add_argument("--kind", action="append", choices=("rule", "setup", "physical", "flavour"),
                   help="only clauses of this kind (repeatable; flavour is hidden otherwise)")
    p.add_argument("--all", action="store_true", help="every clause, flavour text included")
    p.add_argument("--tests", default=None, help="a castlerules checkout's tests folder, for test links")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_rules)

    p = _sub(sub, "readings", "a game's interpretations: question, clauses, options, rulesets")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_readings)

    p = _sub(sub, "play", "play a game in the terminal (without --human: a random game)")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--human", action="append", type=_player_arg, metavar="P",
                   help="a player you play, such as 0 or p0 (repeatable)")
    p.add_argument("--bot", choices=("random", "mcts"), default="random",
                   help="who plays the other players")
    p.add_argument("--strength", type=_int_arg(1), default=1, metavar="N",
                   help="MCTS: how hard the bots think, 1 to 10: about N seconds and N x 300 "
                        "simulations a move (the default, 1, answers within about a second)")
    p.add_argument("--simulations", type=_int_arg(1), default=None,
                   help="MCTS: at most this many simulations a move (default: 300 x strength)")
    p.add_argument("--think", type=_seconds_arg, default=None,
                   help="MCTS: at most this many seconds a move (default: the strength's)")
    p.add_argument("--bot-delay", type=_delay_arg, default=None, metavar="SECONDS",
                   help="in a race (Vlotte Geesten), how long a bot takes to react "
                        "(default: 2.5, varied a little each round)")
    p.add_argument("--seed", type=_int_arg(0), default=None,
                   help="seed of chance and bots (default: a random seed, stored in the record)")
    p.add_argument("--max-plies", type=_int_arg(1), default=None,
                   help="stop after this many plies (default: the game's playout cap)")
    p.add_argument("--output", "-o", help="write the record (JSON) to this file")
    p.add_argument("--json", action="store_true", help="print the record as JSON")
    _common(p)
    p.set_defaults(func=cmd_play)

    p = _sub(sub, "show", "show a position: RECORD [--ply N], or GAME POSITION (text or 'start')")
    p.add_argument("target", metavar="RECORD|GAME")
    p.add_argument("position", nargs="?", help="a position text, or 'start' (with GAME)")
    p.add_argument("--ply", type=_int_arg(0), default=None, help="with RECORD: after this ply")
    p.add_argument("--svg", metavar="FILE", help="also write the picture as SVG")
    _common(p)
    p.set_defaults(func=cmd_show)

    p = _sub(sub, "explain", "is MOVE legal in POSITION? If not, the clause it breaks")
    p.add_argument("game", type=_game_arg)
    p.add_argument("position", help="a position text, or 'start'")
    p.add_argument("move", nargs="?", help="a move in the game's notation")
    p.add_argument("--all", action="store_true", help="list the legal moves")
    _common(p)
    p.set_defaults(func=cmd_explain)

    p = _sub(sub, "replay", "replay a record file and show the final position")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)

    p = _sub(sub, "verify", "run the theorems (all games, or those named), for every player count")
    p.add_argument("games", nargs="*", type=_game_arg, metavar="GAME")
    p.add_argument("--reading", action="append", metavar="ID=OPTION",
                   help="everything under an interpretation's option (repeatable)")
    p.add_argument("--all-readings", action="store_true",
                   help="also, for every option of every interpretation, the theorems that "
                        "state what it does")
    p.add_argument("--deep", action="store_true", help="also the proofs beyond the default budget")
    p.add_argument("--theorem", action="append", metavar="ID",
                   help="only this theorem (repeatable)")
    p.add_argument("--fail-fast", action="store_true",
                   help="stop at the first unexpected result (the mutation kit uses it)")
    p.add_argument("--verbose", action="store_true", help="print every counterexample's board")
    p.add_argument("--json", action="store_true", help="the results as JSON")
    p.set_defaults(func=cmd_verify)

    p = _sub(sub, "bench", "random-play throughput (actions per second)")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--seconds", type=_seconds_arg, default=3.0, help="how long to play")
    p.add_argument("--seed", type=_int_arg(0), default=0)
    p.add_argument("--json", action="store_true")
    _common(p)
    p.set_defaults(func=cmd_bench)

    p = _sub(sub, "simulate", "many seeded random games, in parallel, with statistics")
    p.add_argument("game", type=_game_arg)
    p.add_argument("-n", type=_int_arg(1), required=True, help="number of games")
    p.add_argument("--workers", type=_int_arg(1), default=1, help="processes (at most one a game)")
    p.add_argument("--seed", type=_int_arg(0), default=0)
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", help="dask backend: the address of a running scheduler")
    p.add_argument("--max-plies", type=_int_arg(1), default=None, help="cut games off here")
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE", help="write a chart (.png or .svg)")
    p.add_argument("--save-records", metavar="DIR", help="write every game's record to DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    _common(p)
    p.set_defaults(func=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        code: int = args.func(args)
    except RulesError as exc:
        message = quote_words(" ".join(str(exc).split()))  # the one quoting rule, once more
        print(f"castlerules: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("castlerules: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
