"""The ``castlerules`` command: play, show, explain, rules, readings, verify, replay, bench, simulate,
solve.

Exit status: 0 success; 1 a finding (``verify`` with an unexpected result, ``explain`` of an illegal
move); 2 bad arguments, bad input, or an optional dependency the command needs that is not
installed (one line on standard error, never a traceback; for a missing one it names the
``pip install "castlerules[EXTRA]"`` that brings it).
Output is coloured on a terminal and plain when piped.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import resource
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from castlerules import solve_command
from castlerules.core import theorem as th
from castlerules.core.catalog import games, make, normalize_name, suggest
from castlerules.core.errors import RulesError, printable, quote, quote_words
from castlerules.core.extras import MissingExtraError
from castlerules.core.play import random_action
from castlerules.core.readings import parse_reading_list
from castlerules.core.record import Record, replay
from castlerules.core.spec import load_spec
from castlerules.core.styled import Console, Text

EXAMPLES = {
    "games": "castlerules games",
    "rules": "castlerules rules splut splut.trol.werpen   |   castlerules rules kasteel --kind setup",
    "theorem": "castlerules theorem kasteel kasteel.one-winner",
    "readings": "castlerules readings splut --json",
    "play": "castlerules play kasteel --human 0 --seed 3 -o game.json",
    "show": "castlerules show game.json --ply 12 --svg board.svg   |   castlerules show splut start",
    "explain": "castlerules explain splut start 'p0 Tf2-f3'   |   castlerules explain splut start x --all",
    "replay": "castlerules replay game.json",
    "verify": "castlerules verify kasteel --reading no-legal-move=lose --verbose   |   "
              "castlerules verify spookslot --combinations 2 --jobs 2",
    "bench": "castlerules bench spookslot --seconds 5",
    "simulate": "castlerules simulate splut -n 1000 --workers 2",
    "solve": solve_command.EXAMPLE,
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse builds its messages around the arguments as given: the one quoting rule
        # (castlerules.core.errors) shortens them, so a long argument is never repeated whole.
        self.exit(2, f"castlerules: error: {printable(quote_words(message))} "
                     "(see 'castlerules --help')\n")


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
    return Console(sys.stdout)


def _err() -> Console:
    return Console(sys.stderr, wrap=False)


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
    for text in pairs or ():  # an empty one ('', ',') is a mistake, not "no reading"
        if not parse_reading_list(text, "--reading"):
            raise RulesError(f"--reading expects ID=OPTION, got {quote(text)}")
    return parse_reading_list(pairs or (), "--reading")


#: How ``--option NAME=VALUE`` reads a value (the command line's help and README say the same).
OPTION_SYNTAX = (
    "NAME=VALUE, a keyword option of the game (repeatable). VALUE is JSON, as a record's "
    "'options' hold it (passes=3, no_yellow=true, skull_squares='[\"i11\",\"j10\"]'), or in "
    "short: a word is text (stuck=lose, board=my-map.txt: a board file you name, or a packaged "
    "board's name); a list option takes items separated by ',' (skull_squares=i11,j10, "
    "die_faces=1,2,3,4,ghost,ghost); a mapping option takes KEY:VALUE entries separated by ';' "
    "(trap_weights='stairs:1;bookcase:2;portrait:1;axe:0', "
    "faces='red:chair,chair,ghost,mouse,bottle,book;white:...'). 'castlerules readings GAME' "
    "shows each option that needs a value with an example."
)
#: Options given by their own flags, not by ``--option``.
_OWN_FLAGS = {"players": "--players N", "readings": "--reading ID=OPTION", "ruleset": "--ruleset NAME"}


def _option_kind(game: str, name: str) -> str:
    """``mapping``, ``list`` or ``scalar``: the short form an option of ``game`` takes, from the
    annotation of its keyword in the game's signature (an unknown name is a scalar: ``make``
    refuses it with the game's own list)."""
    import inspect

    from castlerules.core.catalog import game_class

    param = inspect.signature(game_class(game)).parameters.get(name)
    annotation = str(param.annotation) if param is not None else ""
    if annotation.startswith("Mapping"):
        return "mapping"
    if annotation.startswith("Sequence"):
        return "list"
    return "scalar"


def _short_item(word: str) -> Any:
    """One item of a short-form list or mapping: a JSON number, true, false or null if it is
    one, else the text."""
    from castlerules.core.jsonio import parse_json

    word = word.strip()
    try:
        value = parse_json(word, "value", RulesError, 400)
    except RulesError:
        return word
    return value if not isinstance(value, list | dict) else word


def option_value(game: str, name: str, text: str) -> Any:
    """The value of ``--option NAME=TEXT`` for ``game`` (see ``OPTION_SYNTAX``): JSON if the text
    is JSON, else the short form the option's kind takes."""
    from castlerules.core.jsonio import parse_json

    try:
        return parse_json(text, f"--option {name}", RulesError, 1_000_000)
    except RulesError:
        pass
    kind = _option_kind(game, name)
    if kind == "list":
        return [_short_item(w) for w in text.split(",")]
    if kind == "mapping":
        out: dict[str, Any] = {}
        for entry in filter(None, (e.strip() for e in text.split(";"))):
            key, sep, value = entry.partition(":")
            if not sep or not key.strip():
                raise RulesError(f"--option {name}: expected KEY:VALUE entries separated by "
                                 f"';', got {quote(entry)}")
            out[key.strip()] = ([_short_item(w) for w in value.split(",")] if "," in value
                                else _short_item(value))
        return out
    return text


def _option_texts(texts: Sequence[str] | None) -> dict[str, str]:
    """``--option NAME=VALUE`` texts by name (not yet read: a value's form depends on the game);
    a name given twice must have the same value."""
    out: dict[str, str] = {}
    for text in texts or ():
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not name:
            raise RulesError(f"--option expects NAME=VALUE, got {quote(text)}")
        if name in _OWN_FLAGS:
            raise RulesError(f"--option {name}: give it as {_OWN_FLAGS[name]}")
        if name in out and out[name] != value:
            raise RulesError(f"--option {quote(name)} is given twice, as {quote(out[name])} and "
                             f"{quote(value)}; give one")
        out[name] = value
    return out


def _keyword_options(game: str, texts: Sequence[str] | None) -> dict[str, Any]:
    return {k: option_value(game, k, v) for k, v in _option_texts(texts).items()}


def _options(args: argparse.Namespace, game: str | None = None) -> dict[str, Any]:
    """The options of the game a command makes: ``--players``, ``--reading``, ``--ruleset`` and
    every ``--option`` (read for ``game``, default ``args.game``)."""
    options: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        options["players"] = args.players
    readings = _readings(getattr(args, "reading", None))
    if readings:
        options["readings"] = readings
    if getattr(args, "ruleset", None):
        options["ruleset"] = args.ruleset
    texts = getattr(args, "option", None)
    if texts:
        options.update(_keyword_options(game or args.game, texts))
    return options


def _para(out: Console, text: str, first: str, rest: str | None = None, style: str = "") -> None:
    """One paragraph: on a terminal wrapped to its width with a hanging indent (later lines
    indented by ``rest``, default two more than ``first``); piped, one unwrapped line."""
    if not out.is_terminal:
        out.print(first + text, style=style, wrap=False)
        return
    hang = rest if rest is not None else first + "  "
    width = max(40, min(out.width, 120) - 1)
    # never inside a word or at its hyphens: a command shown can be copied whole
    lines = textwrap.wrap(text, width, initial_indent=first, subsequent_indent=hang,
                          break_long_words=False, break_on_hyphens=False)
    for line in lines or [first]:
        out.print(line, style=style, wrap=False)


def _write(path: str, text: str, what: str) -> None:
    from castlerules.core.files import write_atomic

    try:
        write_atomic(path, text)  # a temporary file in the same folder, then renamed
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
    theorems = [c for c in args.clauses if c not in known and c in _theorem_ids(args.game)]
    unknown = [c for c in args.clauses if c not in known and c not in theorems]
    if unknown:
        raise RulesError(
            f"{args.game} has no clause or theorem {quote(unknown[0])} "
            f"(see 'castlerules rules {args.game}')"
        )
    if theorems:  # a theorem id: the theorem, as 'castlerules theorem' shows it
        _show_theorems(args.game, theorems, args.json)
        if len(theorems) == len(args.clauses):
            return 0
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
            out.print(Text.assemble("\n", (section, "bold")) if section else "")
        out.print(Text.assemble((r["id"], "bold cyan"), "  ", (r["kind"], "dim")))
        _para(out, r["en"], "    ")
        _para(out, f"“{r['nl']}”", "    ", style="italic")
        if r["kind"] in ("physical", "flavour"):
            _para(out, f"not a rule: {r['reason']}", "    ")
        for label in ("implemented_by", "interpretations", "theorems", "tests"):
            if r[label]:
                _para(out, f"{label.replace('_', ' ')}: {', '.join(r[label])}", "    ")
    if tests is None:
        out.print("\n(test links need a castlerules checkout: add --tests PATH/TO/tests)", style="dim")
    return 0


def option_text(game: str, name: str, value: Any) -> str:
    """``value`` of the keyword option ``name`` as ``--option`` reads it back (the short form
    where the option's kind has one), quoted for a shell where it needs it."""
    import shlex

    def item(v: Any) -> str:
        return v if isinstance(v, str) else json.dumps(v)

    kind = _option_kind(game, name)
    if kind == "list" and isinstance(value, list) and value and all(
        isinstance(v, str | int) and "," not in str(v) for v in value
    ):
        text = ",".join(item(v) for v in value)
    elif kind == "mapping" and isinstance(value, dict):
        text = ";".join(
            f"{k}:{','.join(item(x) for x in v) if isinstance(v, list) else item(v)}"
            for k, v in value.items()
        )
    elif isinstance(value, str):
        text = value
    else:
        text = json.dumps(value, ensure_ascii=False)
    return shlex.quote(f"{name}={text}")


def _reading_flags(game: str, interp: Any, option: Any) -> str | None:
    """How to play an option on the command line: ``--reading ID=OPTION``, and for an option
    that needs a value the ``--option`` that gives it; None for an unplayable option."""
    if not option.playable:
        return None
    flags = f"--reading {interp.short_id}={option.id}"
    if option.parameter:
        value = option.example if option.example is not None else "VALUE"
        flags += f" --option {option_text(game, interp.keyword, value)}"
    return flags


def _theorem_ids(game: str) -> set[str]:
    """The id of every theorem of ``game``, under any reading, player count or budget."""
    from castlerules.core.plan import every_configuration

    return {t.id for t in every_configuration(game)}


def _show_theorems(game: str, ids: Sequence[str], as_json: bool) -> None:
    from castlerules.core.plan import plan
    from castlerules.report import print_theorem, theorem_data

    found = [(plan(game, all_readings=True, only=[t]), plan(game, only=[t])) for t in ids]
    if as_json:
        data = [theorem_data(game, every, default) for every, default in found]
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return
    out = _out()
    for i, (every, default) in enumerate(found):
        if i:
            out.print()
        print_theorem(out, game, every, default)


def cmd_theorem(args: argparse.Namespace) -> int:
    unknown = [t for t in args.ids if t not in _theorem_ids(args.game)]
    if unknown:
        raise RulesError(
            f"{args.game} has no theorem {quote(unknown[0])} "
            f"(see 'castlerules verify {args.game} --json' or the theorems page)"
        )
    if args.json:
        _show_theorems(args.game, args.ids, True)
        return 0
    from castlerules.core.plan import plan

    for i, tid in enumerate(args.ids):
        if i:
            _out().print()
        _show_theorems(args.game, [tid], False)
        (made, *_) = plan(args.game, all_readings=True, only=[tid])
        _para(_out(), f"check: {made.source}", "  ", "    ")
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
            "why": i.why,
            "earlier": ({"default": i.earlier[0], "until": i.earlier[1]} if i.earlier else None),
            "options": [
                {"id": o.id, "text": o.text, "default": o.id == i.default,
                 "playable": o.playable, "reason": o.reason,
                 "theorems": stated.get((i.id, o.id), []),
                 "command_line": _reading_flags(args.game, i, o)}
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
        out.print(Text.assemble((row["short_id"], "bold cyan"), keyword))
        _para(out, row["question"], "    ")
        for o in row["options"]:
            mark = " (default)" if o["default"] else ""
            flag = "" if o["playable"] else f" — not playable: {o['reason']}"
            _para(out, f"{o['id']}{mark}: {o['text']}{flag}", "  - ", "      ")
            if o["command_line"] and "--option" in o["command_line"]:
                _para(out, f"play it with: {o['command_line']}", "      ", "        ")
        if row["why"]:
            _para(out, f"why the default: {row['why']}", "    ", "      ", style="dim")
        if row["earlier"]:
            _para(out, f"the default up to castlerules {row['earlier']['until']} was "
                  f"{row['earlier']['default']}: a record of then names no option of it and "
                  "replays under that one", "    ", "      ", style="dim")
    for r in rulesets:
        out.print(Text.assemble("\n", (f"ruleset {r['id']}", "bold"), f": {r['title']}"))
        _para(out, r["description"], "    ")
    out.print()
    _para(out, f"play one: castlerules play {args.game} --reading ID=OPTION (an option that needs "
          "a value: with the --option shown under it); in Python: "
          f"castlerules.make({args.game!r}, readings={{'ID': 'OPTION'}})", "", "  ", style="dim")
    return 0


# -- play, replay, show, explain -----------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    """A game in the terminal. Its record (``-o``) is checked writable first, kept up to date as
    the game goes, and written whatever ends the game: its end, ``quit``, the end of the input,
    Ctrl-C (status 130), SIGTERM or SIGHUP (128 + the signal), standard output closing (141, as
    SIGPIPE would) — each said in one line on standard error."""
    from castlerules.bots import make_bot
    from castlerules.recording import RecordFile, Stopped, Stops
    from castlerules.terminal import BOT_DELAY, Session

    game = make(args.game, **_options(args))
    humans = sorted(set(args.human or ()))
    bad = [p for p in humans if not 0 <= p < game.num_players]
    if bad:
        raise RulesError(f"--human {bad[0]}: {game.name} has players 0 to {game.num_players - 1}")
    if not 1 <= args.strength <= 10:
        raise RulesError(f"--strength {args.strength}: expected 1 to 10")
    kept = RecordFile(args.output) if args.output is not None else None  # refused now, not later
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    cap = args.max_plies if args.max_plies is not None else game.playout_cap
    simulations = args.simulations if args.simulations is not None else 300 * args.strength
    think = args.think if args.think is not None else float(args.strength)
    quiet = args.json and not humans
    solved = solve_command.evaluator_for(game, args.table) if args.bot == "solved" else None
    console = _out() if not quiet else Console(open(os.devnull, "w"), wrap=False)  # noqa: SIM115

    def keep(waiting: bool) -> None:
        if kept is not None:
            kept.keep(lambda: session.record(seed).to_json() + "\n", session.changes, waiting)

    session = Session(
        game,
        humans=humans,
        bots=lambda p: make_bot(args.bot, random.Random(rng.randrange(2**32)), simulations, think,
                                solved),
        rng=rng,
        console=console,
        stdin=sys.stdin,
        max_plies=cap,
        interactive=bool(humans) and sys.stdin.isatty(),
        bot_delay=BOT_DELAY if args.bot_delay is None else args.bot_delay,
        on_change=keep,
    )
    import signal

    # Started with SIGINT ignored (a background job of a non-interactive shell), Python installs
    # no handler: Ctrl-C must still end the game with its record kept (for the game only).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    stops = Stops()
    status = 0
    #: Why the game stopped early, for the line on standard error ("" when it did not).
    cut = ""
    with stops.installed():
        try:
            try:
                if not quiet:
                    console.print(_play_header(game, session.view, humans, args.bot, seed),
                                  style="dim")
                session.run()
            finally:
                stops.armed = False  # from here on a signal is noted: the record is written
                if ignored:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
        except KeyboardInterrupt:
            status, session.stopped = 130, "interrupted (Ctrl-C)"
            _quietly(lambda: console.print(""))
        except Stopped as stop:
            status, cut = 128 + stop.signum, stop.reason
            session.stopped = cut
            _quietly(lambda: console.print(""))  # off the prompt's line
        except OSError as exc:  # the output closed (a pipe's reader quit, the terminal went)
            status, cut = _output_closed(exc)
            session.stopped = cut
        record = session.record(seed)
        plies = f"{len(record.actions)} plies"
        if kept is not None:
            kept.write(record.to_json() + "\n")
        if not cut:
            try:
                _tell_end(console, session, game, humans, quiet, plies, kept)
                if args.json:
                    print(record.to_json(), flush=True)
            except OSError as exc:
                status, cut = _output_closed(exc)
        if stops.status is not None and not cut:  # a signal while the record was written
            status, cut = stops.status, stops.reason
    if cut:
        where = f": record of {plies} written to {args.output}" if kept is not None else ""
        _quietly(lambda: print(f"castlerules: {cut}{where}", file=sys.stderr, flush=True))
    return status


def _output_closed(exc: OSError) -> tuple[int, str]:
    """(exit status, what happened) when writing the game's output failed: standard output
    closed (141, the status SIGPIPE gives), or another output error (1). Later writes to
    standard output go nowhere, so the exit does not fail again flushing it."""
    import errno

    _silence_stdout()
    if isinstance(exc, BrokenPipeError):
        return 141, "standard output closed"
    if exc.errno == errno.EIO:
        return 129, "the terminal is gone (input/output error)"
    return 1, f"cannot write the output: {exc.strerror or exc}"


def _silence_stdout() -> None:
    """Standard output to /dev/null from now on (after it closed)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _quietly(say: Any) -> None:
    """``say()``, where the output may be gone: an output error is dropped."""
    with contextlib.suppress(OSError):
        say()


def _tell_end(console: Console, session: Any, game: Any, humans: Sequence[int], quiet: bool,
              plies: str, kept: Any) -> None:
    """How the game ended, and where its record went."""
    if quiet:
        return
    if not humans:
        console.print(game.render(session.state))
    if game.is_terminal(session.state):
        if not humans:  # a human's last board already said it
            console.print(Text.assemble((session.view.result(session.state), "bold"),
                                        f" ({plies})"))
    else:
        console.print(Text.assemble(("not finished", "bold"), f": {session.stopped} ({plies})"))
    if kept is not None:
        console.print(f"record of {plies} written to {kept.path}", style="dim")


def _play_header(game: Any, view: Any, humans: Sequence[int], bot: str, seed: int) -> str:
    """The first line of a game in the terminal, for a person: the game, who plays each seat, the
    readings that are not the default ones, and the seed that repeats it."""
    seats = [f"{view.who(p)} {'you' if p in humans else bot}" for p in range(game.num_players)]
    spec = game.spec
    other = [f"{spec.interpretation(k).short_id}={v}" for k, v in sorted(game.readings.items())
             if v != spec.interpretation(k).default]
    readings = f"; readings: {', '.join(other)}" if other else ""
    return (f"{spec.title}, {game.num_players} players ({', '.join(seats)}){readings}; "
            f"seed {seed} (--seed {seed} plays it again)")


def _load_record(path: str) -> Record:
    return Record.from_json(_read(path, "record"))


def _given_flags(args: argparse.Namespace) -> str:
    """The game options given on the command line, as typed (for messages)."""
    flags = []
    if getattr(args, "players", None) is not None:
        flags.append(f"--players {args.players}")
    flags += [f"--reading {quote(r)}" for r in getattr(args, "reading", None) or ()]
    if getattr(args, "ruleset", None):
        flags.append(f"--ruleset {quote(args.ruleset)}")
    flags += [f"--option {quote(o)}" for o in getattr(args, "option", None) or ()]
    return " ".join(flags)


def _record_game(record: Record, args: argparse.Namespace) -> Any:
    """The game a record was played in. A record names its own options: game options given on
    the command line as well must agree with them (they then change nothing), else an error
    says which disagree. A record of an earlier version is read as it was played
    (``make_stored``)."""
    from castlerules.core.catalog import make_stored

    game = make_stored(record.game, record.options_dict())
    given = _options(args, record.game)
    if not given:
        return game
    merged = {**game.options, **given}
    merged["readings"] = {**(game.options.get("readings") or {}),
                          **(given.get("readings") or {})} or None
    if merged["readings"] is None:
        del merged["readings"]
    try:
        agrees = make(record.game, **merged) == game
    except RulesError as exc:
        raise RulesError(f"{_given_flags(args)}: {exc}") from None
    if not agrees:
        shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}"
                          for k, v in game.options.items())
        raise RulesError(
            f"{_given_flags(args)}: the record was played with {shown or 'the default options'}; "
            "a record's options come from the record (give none, or only ones that agree)"
        )
    return game


def cmd_replay(args: argparse.Namespace) -> int:
    from castlerules.terminal import view_of

    record = _load_record(args.file)
    final = replay(record)  # first: it makes the record's game as untrusted input
    game = _record_game(record, args)
    out = _out()
    out.print(game.render(final))
    status = view_of(game).result(final) if game.is_terminal(final) else "The game has not ended."
    out.print(f"{len(record.actions)} plies replayed. {status}")
    if args.eval:
        states = replay(record, every_state=True)
        actions = [game.parse_action(x, t) for x, t in zip(states, record.actions)]
        print("\n".join(solve_command.replay_eval_lines(game, states, actions, args.table)))
    return 0


def _position(game_name: str, text: str, args: argparse.Namespace) -> tuple[Any, Any]:
    """(game, state) of a position text (or ``start``); the player count is the one given, else
    the first in the game's range for which the text is a valid position."""
    from castlerules.core.catalog import game_class

    options = _options(args, game_name)
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
    raise _about_position(first_error)


def _about_position(exc: RulesError) -> RulesError:
    """``exc``, a position text's error, saying that it is about the position (same class)."""
    try:
        return type(exc)(f"the position: {exc}")
    except TypeError:  # an error class that takes more than a message
        return RulesError(f"the position: {exc}")


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
        # first: it makes the record's game as untrusted input; only the plies up to the one shown
        state = replay(record, ply=ply)
        game = _record_game(record, args)
        where = f"after ply {ply} of {len(record.actions)}"
    out = _out()
    out.print(game.render(state))  # it ends with the position text
    if where:
        out.print(where)
    if args.svg:
        _write(args.svg, game.render_svg(state) + "\n", "--svg")
    if args.eval:
        solve_command.print_eval(game, state, args.table)
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    game, state = _position(args.game, args.position, args)
    out = _out()
    if args.all:
        from castlerules.terminal import legal_moves_text

        legal = legal_moves_text(game, state) if not game.is_terminal(state) else "(the game is over)"
        out.print(f"legal moves: {legal}")
    if args.move is None:
        if args.all:
            return 0
        if game.is_terminal(state):
            out.print("the game is over in this position: no move is legal")
            return 0
        from castlerules.terminal import legal_moves_text

        out.print(f"legal moves: {legal_moves_text(game, state)}")
        out.print(f"(give a move to check it: castlerules explain {game.name} POSITION MOVE)", style="dim")
        return 0
    if game.is_chance(state) and not game.is_terminal(state):
        outcomes = dict(game.chance_outcomes(state))
        try:
            asked = game.parse_action(state, args.move)
        except RulesError:
            asked = None
        if asked not in outcomes:  # a player's move where chance acts first
            from castlerules.terminal import chance_first

            for line in chance_first(game, state, args.move):
                out.print(line, wrap=False)
            return 1
    action = game.parse_action(state, args.move)
    found = game.violation(state, action)
    if found is None:
        after = game.apply(state, action)
        out.print(Text.assemble(("legal", "green"), f": {game.action_to_str(state, action)}"))
        out.print(f"after it: {game.state_to_text(after)}")
        return 0
    from castlerules.terminal import clause_english

    out.print(Text.assemble(("illegal", "red"), f": {found.reason}"))
    english = clause_english(game, found.clause)
    if english:
        out.print(f"rule {found.clause}: {english}")
    out.print(f"clause {found.clause}: “{found.text_nl}”")
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
                f"--reading {quote(key)}: no interpretation of {', '.join(names)} has that id"
                if not owners
                else f"--reading {quote(key)}: several games have it; give the full id"
            )
        out[owners[0]][key] = option
    return out


def _options_for(names: Sequence[str], texts: Sequence[str] | None) -> dict[str, dict[str, Any]]:
    """``--option NAME=VALUE`` values, given to the one game of ``names`` that takes ``NAME``."""
    import inspect

    from castlerules.core.catalog import game_class

    out: dict[str, dict[str, Any]] = {n: {} for n in names}
    for key, text in _option_texts(texts).items():
        owners = [n for n in names if key in inspect.signature(game_class(n)).parameters]
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


def cmd_verify(args: argparse.Namespace) -> int:
    from castlerules.core import reach
    from castlerules.core.execute import execute
    from castlerules.core.extras import require
    from castlerules.core.plan import combination_plan, joined, plan

    require("z3", "castlerules verify")
    if args.combinations:
        require("covertable", "castlerules verify --combinations")

    names = args.games or list(games())
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


def _note_cap(flag: str, asked: int, oversubscribe: bool) -> None:
    """Say on standard error when more processes are asked for than there are CPUs: they are
    capped at the CPUs, or with ``--oversubscribe`` started and share them."""
    from castlerules.core.parallel import cpus

    have = cpus()
    if asked <= have:
        return
    if oversubscribe:
        said = f"{flag} {asked} on {have} CPUs: the processes will share them"
    else:
        said = (f"{flag} {asked}: at most {have} processes, one per CPU "
                f"(--oversubscribe starts more)")
    _err().print(f"castlerules: note: {said}")


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
        raise RulesError(f"--plot: the file must end in .png or .svg, got {quote(args.plot)}")
    if args.scheduler is not None and args.backend != "dask":
        raise RulesError("--scheduler is for the dask backend: add --backend dask")
    if args.plot:
        from castlerules.core.files import check_writable

        check_writable(args.plot, "--plot")  # before the games, not after them
    if args.scheduler is None:
        _note_cap("--workers", args.workers, args.oversubscribe)
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
            bots=sim.seat_bots(args.bot or (), make(args.game, **_options(args)).num_players),
            table=args.table,
            keep_results=False,
            oversubscribe=args.oversubscribe,
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
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a keyword option of the game (repeatable): VALUE is JSON as in a "
                        "record, or short: passes=3, board=my-map.txt, skull_squares=i11,j10, "
                        "trap_weights='stairs:1;axe:3' (see 'castlerules --help')")


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
        epilog="examples:\n" + "\n".join(f"  {e}" for e in EXAMPLES.values())
        + "\n\n" + textwrap.fill("--option " + OPTION_SYNTAX, 78, subsequent_indent="  "),
    )
    parser.add_argument("--version", action="version", version=f"castlerules {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    p = _sub(sub, "games", "list the games: name, title and player counts")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_games)

    p = _sub(sub, "rules", "a game's clauses: English, Dutch, code, interpretations, theorems")
    p.add_argument("game", type=_game_arg)
    p.add_argument("clauses", nargs="*", metavar="CLAUSE",
                   help="only these clause ids (a theorem id shows that theorem)")
    p.add_argument("--kind", action="append", choices=("rule", "setup", "physical", "flavour"),
                   help="only clauses of this kind (repeatable; flavour is hidden otherwise)")
    p.add_argument("--all", action="store_true", help="every clause, flavour text included")
    p.add_argument("--tests", default=None, help="a castlerules checkout's tests folder, for test links")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_rules)

    p = _sub(sub, "theorem", "a theorem by id: statement, clauses, scope, how to run it alone")
    p.add_argument("game", type=_game_arg)
    p.add_argument("ids", nargs="+", metavar="ID", help="theorem ids, such as kasteel.one-winner")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_theorem)

    p = _sub(sub, "readings", "a game's interpretations: question, clauses, options, rulesets")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=cmd_readings)

    p = _sub(sub, "play", "play a game in the terminal (without --human: a random game)")
    p.add_argument("game", type=_game_arg)
    p.add_argument("--human", action="append", type=_player_arg, metavar="P",
                   help="a player you play, such as 0 or p0 (repeatable)")
    p.add_argument("--bot", choices=("random", "mcts", "solved"), default="random",
                   help="who plays the other players (solved: perfect play from the table "
                        "'castlerules solve' stored)")
    solve_command.add_table_argument(p)
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
    solve_command.add_eval_arguments(p, "each seat's chance and each move's, from a solved table")
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
    solve_command.add_eval_arguments(p, "the chances after every ply and the costliest choices, "
                                        "from a solved table")
    _common(p)  # options a record already names: they must agree with it
    p.set_defaults(func=cmd_replay)

    p = _sub(sub, "verify", "run the theorems (all games, or those named), for every player count")
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
    p.add_argument("--workers", type=_int_arg(1), default=1,
                   help="processes (at most one a game, and one per CPU unless --oversubscribe)")
    p.add_argument("--seed", type=_int_arg(0), default=0)
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="dask backend: a running scheduler, tcp://HOST:PORT")
    p.add_argument("--oversubscribe", action="store_true",
                   help="start the processes --workers asks for even where they are more than "
                        "the CPUs (without it, at most one per CPU)")
    p.add_argument("--max-plies", type=_int_arg(1), default=None, help="cut games off here")
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE", help="write a chart (.png or .svg)")
    p.add_argument("--save-records", metavar="DIR", help="write every game's record to DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--bot", action="append", metavar="SEAT=KIND",
                   help="who plays a seat: random (the default), mcts or solved (repeatable; "
                        "0=solved pits the solved bot against random play)")
    solve_command.add_table_argument(p)
    _common(p)
    p.set_defaults(func=cmd_simulate)

    p = _sub(sub, "solve", solve_command.HELP)
    p.add_argument("game", type=_game_arg)
    solve_command.add_arguments(p, _int_arg(1))
    _common(p)
    p.set_defaults(func=lambda args: solve_command.cmd_solve(args, _options(args)))
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
    except MissingExtraError as exc:  # an optional dependency: the line names its pip install
        print(f"castlerules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of standard output quit (| head): as SIGPIPE would end it
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        print("castlerules: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
