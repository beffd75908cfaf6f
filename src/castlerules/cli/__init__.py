"""The ``castlerules`` command: play, show, explain, rules, readings, verify, replay, bench, simulate,
solve.

Exit status: 0 success; 1 a finding (``verify`` with an unexpected result, ``explain`` of an illegal
move); 2 bad arguments, bad input, or an optional dependency the command needs that is not
installed (one line on standard error, never a traceback; for a missing one it names the
``pip install "castlerules[EXTRA]"`` that brings it).
Output is coloured on a terminal and plain when piped.
"""

# The first paragraphs above are the description 'castlerules --help' shows. Each command is a
# module of this package (its NAME, HELP, EXAMPLE, add_parser and run); what they share is in
# castlerules.cli.common.

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, Protocol

from castlerules.cli import (
    bench,
    explain,
    games,
    play,
    readings,
    replay,
    rules,
    show,
    simulate,
    solve,
    theorem,
    verify,
)
from castlerules.cli.common import OPTION_SYNTAX as OPTION_SYNTAX
from castlerules.cli.common import _Formatter, _Parser, _silence_stdout
from castlerules.cli.common import option_text as option_text
from castlerules.cli.common import option_value as option_value
from castlerules.cli.verify import _theorem_costs as _theorem_costs
from castlerules.core.errors import RulesError, quote_words
from castlerules.core.extras import MissingExtraError


class Command(Protocol):
    """A command of ``castlerules``: a module of this package."""

    NAME: str
    EXAMPLE: str

    def add_parser(self, subparsers: Any) -> argparse.ArgumentParser: ...

    def run(self, args: argparse.Namespace) -> int: ...


#: The commands, in the order ``castlerules --help`` lists them.
COMMANDS: tuple[Command, ...] = (
    games, rules, theorem, readings, play, show, explain, replay, verify, bench, simulate, solve,
)
#: Each command's example, by name.
EXAMPLES = {command.NAME: command.EXAMPLE for command in COMMANDS}


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``castlerules``: each command's subparser, made by its module."""
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
    for command in COMMANDS:
        command.add_parser(sub).set_defaults(func=command.run)
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
