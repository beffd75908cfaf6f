"""The ``castlerules rules`` command: a game's clauses in English and Dutch, with the code,
interpretations, theorems and tests tied to each."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from castlerules.cli.common import _game_arg, _out, _para, _sub
from castlerules.cli.theorem import _show_theorems, _theorem_ids
from castlerules.core.errors import RulesError, quote
from castlerules.core.spec import load_spec
from castlerules.core.styled import Text

NAME = "rules"
HELP = "a game's clauses: English, Dutch, code, interpretations, theorems"
EXAMPLE = "castlerules rules splut splut.trol.werpen   |   castlerules rules kasteel --kind setup"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("clauses", nargs="*", metavar="CLAUSE",
                   help="only these clause ids (a theorem id shows that theorem)")
    p.add_argument("--kind", action="append", choices=("rule", "setup", "physical", "flavour"),
                   help="only clauses of this kind (repeatable; flavour is hidden otherwise)")
    p.add_argument("--all", action="store_true", help="every clause, flavour text included")
    p.add_argument("--tests", default=None, help="a castlerules checkout's tests folder, for test links")
    p.add_argument("--json", action="store_true", help="as JSON")
    return p


def run(args: argparse.Namespace) -> int:
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
