"""The ``castlerules theorem`` command: a theorem by id, its statement, clauses and scope, and how
to run it alone (``castlerules rules`` shows one the same way)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from castlerules.cli.common import _game_arg, _out, _sub
from castlerules.core.errors import RulesError, quote

NAME = "theorem"
HELP = "a theorem by id: statement, clauses, scope, how to run it alone"
EXAMPLE = "castlerules theorem kasteel kasteel.one-winner"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("ids", nargs="+", metavar="ID", help="theorem ids, such as kasteel.one-winner")
    p.add_argument("--json", action="store_true", help="as JSON")
    return p


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


def run(args: argparse.Namespace) -> int:
    unknown = [t for t in args.ids if t not in _theorem_ids(args.game)]
    if unknown:
        raise RulesError(
            f"{args.game} has no theorem {quote(unknown[0])} "
            f"(see 'castlerules verify {args.game} --json' or the theorems page)"
        )
    _show_theorems(args.game, args.ids, args.json)
    return 0
