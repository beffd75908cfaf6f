"""The ``castlerules readings`` command: a game's interpretations (question, clauses, options and
how to play each) and its rulesets."""

from __future__ import annotations

import argparse
import json
from typing import Any

from castlerules.cli.common import _game_arg, _out, _para, _sub, option_text
from castlerules.core.spec import load_spec
from castlerules.core.styled import Text

NAME = "readings"
HELP = "a game's interpretations: question, clauses, options, rulesets"
EXAMPLE = "castlerules readings splut --json"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("--json", action="store_true", help="as JSON")
    return p


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


def run(args: argparse.Namespace) -> int:
    from castlerules.core.catalog import game_class
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
    config = game_class(args.game).config_type
    options: list[dict[str, Any]] = [
        {"name": o.name, "default": o.default, "doc": o.doc, "kind": o.kind}
        for o in config.options_info()
    ]
    if args.json:
        print(json.dumps({"options": options, "interpretations": rows, "rulesets": rulesets},
                         indent=1, ensure_ascii=False))
        return 0
    out = _out()
    out.print(Text("keyword options (--option NAME=VALUE; --players N)", "bold"))
    for o in options:
        _para(out, f"{o['name']} (default {json.dumps(o['default'])}): {o['doc']}", "  - ", "      ")
    out.print()
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
