"""The ``castlerules explain`` command: is a move legal in a position, and if not, the clause it
breaks."""

from __future__ import annotations

import argparse
from typing import Any

from castlerules.cli.common import _common, _game_arg, _out, _position, _sub
from castlerules.core.errors import RulesError
from castlerules.core.styled import Text

NAME = "explain"
HELP = "is MOVE legal in POSITION? If not, the clause it breaks"
EXAMPLE = "castlerules explain splut start 'p0 Tf2-f3'   |   castlerules explain splut start x --all"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = _sub(subparsers, NAME, HELP, EXAMPLE)
    p.add_argument("game", type=_game_arg)
    p.add_argument("position", help="a position text, or 'start'")
    p.add_argument("move", nargs="?", help="a move in the game's notation")
    p.add_argument("--all", action="store_true", help="list the legal moves")
    _common(p)
    return p


def run(args: argparse.Namespace) -> int:
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
