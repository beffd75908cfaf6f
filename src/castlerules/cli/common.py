"""What the commands of ``castlerules`` share: the parser's classes and argument types, the game
options every command reads (``--players``, ``--reading``, ``--ruleset``, ``--option``), the output
consoles, files read and written, and records and positions given on the command line.

A name with a leading underscore is this package's own: its command modules share it; it is not
part of the library's API."""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from castlerules.core.catalog import games, make, normalize_name, suggest
from castlerules.core.errors import RulesError, printable, quote, quote_words
from castlerules.core.readings import parse_reading_list
from castlerules.core.record import Record
from castlerules.core.styled import Console

# -- the parser -----------------------------------------------------------------------------------


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


def _sub(sub: Any, name: str, help_text: str, example: str) -> argparse.ArgumentParser:
    """The subcommand ``name``: its help line, the same as its description, and its example."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=help_text, epilog=f"example:\n  {example}",
        formatter_class=_Formatter,
    )
    return parser


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


# -- the game's options ---------------------------------------------------------------------------


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
    """``mapping``, ``list`` or ``scalar``: the short form an option of ``game`` takes, as its
    configuration declares it (an unknown name is a scalar: ``make`` refuses it with the game's
    own list)."""
    from castlerules.core.catalog import game_class

    found = game_class(game).config_type.option_info(name)
    return "scalar" if found is None else found.kind


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


# -- output, files --------------------------------------------------------------------------------


def _out() -> Console:
    """The console on standard output (found at call time, so tests can capture it)."""
    return Console(sys.stdout)


def _err() -> Console:
    return Console(sys.stderr, wrap=False)


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


def _silence_stdout() -> None:
    """Standard output to /dev/null from now on (after it closed)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


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


# -- records and positions ------------------------------------------------------------------------


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
