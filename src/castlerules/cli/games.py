"""The ``castlerules games`` command: the games, their titles and player counts."""

from __future__ import annotations

import argparse
import json
from typing import Any

from castlerules.cli.common import _sub
from castlerules.core.catalog import games
from castlerules.core.spec import load_spec

NAME = "games"
HELP = "list the games: name, title and player counts"
EXAMPLE = "castlerules games"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("--json", action="store_true", help="as JSON")
    return p


def run(args: argparse.Namespace) -> int:
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
