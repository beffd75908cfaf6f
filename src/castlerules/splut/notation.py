"""Splut! notation: ``p0 Tf2-f3``, ``p0 Tf3-f4 pull``, ``p1 Sd8-d7 lev e5-e4``, ``p0 throw n``,
``p2 pass``.

The piece letter (S sorcerer, T troll, D dwarf) is written for the reader and optional when parsing;
``pull`` drags the rock straight behind the troll; ``lev a-b`` levitates the rock on ``a`` to ``b``.
"""

from __future__ import annotations

from typing import Any

from castlerules.core.errors import ParseError
from castlerules.splut.board import BY_NAME, NAMES, NEXT, OFF, Dir
from castlerules.splut.state import LETTERS, Pass, Piece, State, Step, Throw

DIR_NAMES = {d: d.name.lower() for d in Dir}
BY_DIR_NAME = {v: k for k, v in DIR_NAMES.items()} | {
    "north": Dir.N, "east": Dir.E, "south": Dir.S, "west": Dir.W
}


def _letter(state: State, player: int, square: int) -> str:
    if 0 <= player < len(state.pieces) and square in state.pieces[player]:
        return LETTERS[Piece(state.pieces[player].index(square))]
    return ""


def action_to_str(state: State, action: Any) -> str:
    if isinstance(action, Step):
        text = (
            f"p{action.player} {_letter(state, action.player, action.frm)}"
            f"{NAMES.get(action.frm, '?')}-{NAMES.get(action.to, '?')}"
        )
        if action.pull:
            text += " pull"
        if action.lev != OFF:
            d = NEXT[action.frm].index(action.to) if action.to in NEXT[action.frm] else -1
            dest = NEXT[action.lev][d] if d >= 0 and action.lev in NAMES else OFF
            text += f" lev {NAMES.get(action.lev, '?')}-{NAMES.get(dest, 'off')}"
        return text
    if isinstance(action, Throw):
        return f"p{action.player} throw {DIR_NAMES[action.direction]}"
    if isinstance(action, Pass):
        return f"p{action.player} pass"
    raise ParseError(f"not a Splut! action: {action!r}")


def _square(word: str, text: str) -> int:
    try:
        return BY_NAME[word.lower()]
    except KeyError:
        raise ParseError(f"{text!r}: {word!r} is not a square of the board (a5, e1 ... i5)") from None


def _player(word: str, text: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit():
        raise ParseError(f"{text!r}: expected a player such as 'p0', got {word!r}")
    return int(word[1:])


def parse_action(state: State, text: str) -> Any:
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    words = text.split()
    if len(words) == 2 and words[1] == "pass":
        return Pass(_player(words[0], text))
    if len(words) == 3 and words[1] == "throw":
        try:
            return Throw(_player(words[0], text), BY_DIR_NAME[words[2].lower()])
        except KeyError:
            raise ParseError(f"{text!r}: a throw direction is n, e, s or w") from None
    if len(words) in (2, 3, 4) and "-" in words[1]:
        player = _player(words[0], text)
        move = words[1]
        letter = ""
        if move[:1] in "STD" and move[:1] != "":
            letter, move = move[0], move[1:]
        a, _, b = move.partition("-")
        frm, to = _square(a, text), _square(b, text)
        if letter and _letter(state, player, frm) not in ("", letter):
            raise ParseError(f"{text!r}: the piece on {a} is not a {letter}")
        rest = words[2:]
        if rest == ["pull"]:
            return Step(player, frm, to, pull=True)
        if not rest:
            return Step(player, frm, to)
        if len(rest) == 2 and rest[0] == "lev":
            r, _, r2 = rest[1].partition("-")
            rock = _square(r, text)
            d = NEXT[frm].index(to) if to in NEXT[frm] else -1
            dest = NEXT[rock][d] if d >= 0 else OFF
            if r2.lower() != NAMES.get(dest, "off"):
                raise ParseError(
                    f"{text!r}: the levitated rock moves the sorcerer's way, to "
                    f"{NAMES.get(dest, 'off')}, not {r2!r}"
                )
            return Step(player, frm, to, lev=rock)
    raise ParseError(
        f"{text!r}: expected 'p<N> [STD]<from>-<to> [pull | lev <rock>-<to>]', "
        "'p<N> throw n|e|s|w' or 'p<N> pass'"
    )
