"""Spookslot notation: the actions as text, and the one-line position text of a state.

Actions
-------

================================  ===========================================================
``roll 3``, ``roll ghost``        the die (a chance outcome)
``ball axe``                      the dropped ball reaches a trap: ``stairs``, ``bookcase``,
                                  ``portrait`` or ``axe`` (a chance outcome)
``p0 move a``                     player 0 moves pawn ``a`` (``b``: the second pawn) the rolled
                                  number
``p1 move b via lk1``             ... taking, at each fork the move passes, the route that
                                  starts with the named square (several forks:
                                  ``via ls1,hw1``)
``p2 passage a``, ``p2 stay a``   a pawn on a red star square takes the secret passage, or stays
``p0 pass``                       no move after a number (only with
                                  spookslot.interp.forced-move = optional)
================================  ===========================================================

The player prefix ``p<N>`` is accepted before every action (``p0 roll 3`` names the player whose
turn it is) and needed only where several players may act: when several players decide about the
secret passage. ``move a`` is the move of the player whose turn it is. Numbers are ASCII digits;
a square id is 1-24 letters, digits, ``-`` or ``_``.

Position text
-------------

One line of six fields separated by single spaces::

    <pawns> <turn> <phase> <passage> <four-player> <winner>

``pawns``
    Each player's pawns, players separated by ``/``, a player's pawns (``a`` then ``b``) by ``,``.
    A pawn is a square id of the board, ``-`` behind the start line, ``x`` escaped, or ``line`` on
    the start line (only with spookslot.interp.start-line = line-square).
``turn``
    The player whose turn it is: ``p0``, ``p1``, ...
``phase``
    ``roll`` (the die is rolled next), ``reroll`` (the extra roll after a ghost with nobody in
    danger), ``move3`` (the player moves the number rolled, here 3), ``ball`` (the ball drops
    next), ``passage`` (owners of pawns on the red star squares decide) or ``over``.
``passage``
    The pawns that still decide about the secret passage (``p0a,p1b``), or ``-``.
``four-player``
    With 4 players: for each player, separated by ``,``, the pawn they moved first (``a`` or
    ``b``; ``-`` before their first move) followed by ``!`` once the second pawn is free to move.
    With other player counts: ``-``.
``winner``
    The winner once the game is over (``p1``), else ``-``.

The start position of the default two-player game is ``START_TEXT``::

    -,-/-,- p0 roll - - -

Examples: ``t3,-/l2,x p1 move4 - - -`` (player 1 to move 4; their pawn ``b`` has escaped);
``lk2,-/lk4,- p1 passage p0a,p1a - -`` (the portrait fired with both pawns on the red star
squares); ``l1,-/-,-/-,-/s2,- p3 roll - a!,-,-,a -`` (4 players: player 0's second pawn is free,
player 3's waits). Errors name the column (``column 9: ...``) or the field.
"""

from __future__ import annotations

import re
from typing import Any

from castlerules.core.errors import ParseError, quote
from castlerules.core.jsonio import int_range, parse_int
from castlerules.core.written import repr_writer, str_writer
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    LINE,
    PAWN_LETTERS,
    START,
    TRAPS,
    Ball,
    Move,
    Pass,
    Passage,
    Phase,
    Roll,
    State,
)

#: The position text of the default game's start (two players, player 0 begins).
START_TEXT = "-,-/-,- p0 roll - - -"

FORMS = (
    "'roll <n>', 'roll ghost', 'ball <trap>', 'p<N> move <a|b> [via <square>[,<square>...]]', "
    "'p<N> passage <a|b>', 'p<N> stay <a|b>' or 'p<N> pass'"
)
_SQUARE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")
_PLAYER = re.compile(r"p([0-9]{1,2})")
_PLACE_TEXT = {START: "-", EXIT: "x"}
_TEXT_PLACE = {"-": START, "x": EXIT}
_PHASES = {"roll": Phase.ROLL, "reroll": Phase.REROLL, "ball": Phase.BALL,
           "passage": Phase.PASSAGE, "over": Phase.OVER}


def pawn_letter(k: int) -> str:
    return PAWN_LETTERS[k] if 0 <= k < len(PAWN_LETTERS) else str(k)


# -- actions ----------------------------------------------------------------------------------------
def action_to_str(action: Any) -> str:
    """The notation of ``action``; ParseError if it is not a well-formed Spookslot action."""
    try:
        return _action_text(action)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        raise ParseError(f"not a well-formed Spookslot action: {quote(action)}") from None


def _action_text(action: Any) -> str:
    if isinstance(action, Roll):
        return "roll ghost" if action.face == GHOST else f"roll {int(action.face)}"
    if isinstance(action, Ball):
        if action.trap not in TRAPS:
            raise ValueError(action.trap)
        return f"ball {action.trap}"
    if isinstance(action, Move):
        for v in action.via:
            if not _SQUARE.fullmatch(v):
                raise ValueError(v)
        via = f" via {','.join(action.via)}" if action.via else ""
        return f"p{int(action.player)} move {PAWN_LETTERS[action.pawn]}{via}"
    if isinstance(action, Passage):
        word = "passage" if action.take else "stay"
        return f"p{int(action.player)} {word} {PAWN_LETTERS[action.pawn]}"
    if isinstance(action, Pass):
        return f"p{int(action.player)} pass"
    raise ValueError("not an action")


def _player(word: str, text: str) -> int:
    found = _PLAYER.fullmatch(word)
    if found is None:
        raise ParseError(f"{quote(text)}: expected a player such as 'p0', got {quote(word)}")
    return int(found.group(1))


def _pawn(word: str, text: str) -> int:
    if len(word) != 1 or word not in PAWN_LETTERS:
        raise ParseError(f"{quote(text)}: expected a pawn letter ('a' or 'b'), got {quote(word)}")
    return PAWN_LETTERS.index(word)


def parse_action(text: str, state: State | None = None) -> Any:
    """The action ``text`` names (whether it is legal is for ``violation`` to say).

    The player prefix ``p<N>`` may stand before every action. It may be left out where only one
    player can act in ``state``: a move or a pass is then the player's whose turn it is, a
    passage decision the one deciding player's. Before a roll or the ball it must name the player
    whose turn it is."""
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    if len(text) > 200:
        raise ParseError(f"{quote(text)}: an action is at most 200 characters")
    words = text.split()
    player: int | None = None
    if words and _PLAYER.fullmatch(words[0]):
        player = _player(words[0], text)
        words = words[1:]
    if len(words) == 2 and words[0] in ("roll", "ball"):
        if player is not None and state is not None and player != state.turn:
            raise ParseError(f"{quote(text)}: it is player {state.turn}'s turn, not player "
                             f"{player}'s")
        return _chance(words, text)
    if words and words[0] in ("move", "pass", "passage", "stay"):
        if player is None:
            player = _implied_player(words[0], text, state)
        return _decision(player, words, text)
    raise ParseError(f"{quote(text)}: expected {FORMS}")


def _chance(words: list[str], text: str) -> Any:
    if words[0] == "roll":
        if words[1] == "ghost":
            return Roll(GHOST)
        if re.fullmatch(r"[1-6]", words[1]):
            return Roll(int(words[1]))
        raise ParseError(f"{quote(text)}: a roll is a number from 1 to 6 or 'ghost'")
    if words[1] in TRAPS:
        return Ball(words[1])
    raise ParseError(f"{quote(text)}: the traps are {', '.join(TRAPS)}")


def _implied_player(word: str, text: str, state: State | None) -> int:
    """The player an action without a prefix belongs to, where only one player can act."""
    if state is None:
        raise ParseError(f"{quote(text)}: name the player, for example 'p0 {word} ...'")
    if word in ("passage", "stay"):
        deciding = sorted({p for p, _ in state.pending})
        if len(deciding) != 1:
            raise ParseError(f"{quote(text)}: several players decide about the passage; name the "
                             "player, for example 'p0 passage a'")
        return deciding[0]
    return state.turn


def _decision(player: int, words: list[str], text: str) -> Any:
    if words[0] == "move" and len(words) in (2, 4):
        via: tuple[str, ...] = ()
        if len(words) == 4:
            if words[2] != "via":
                raise ParseError(f"{quote(text)}: expected 'via' before the route")
            via = tuple(words[3].split(","))
            if not all(_SQUARE.fullmatch(v) for v in via) or len(via) > 16:
                raise ParseError(f"{quote(text)}: the route is square ids separated by commas")
        return Move(player, _pawn(words[1], text), via)
    if words[0] in ("passage", "stay") and len(words) == 2:
        return Passage(player, _pawn(words[1], text), words[0] == "passage")
    if words[0] == "pass" and len(words) == 1:
        return Pass(player)
    raise ParseError(f"{quote(text)}: expected {FORMS}")


# -- positions --------------------------------------------------------------------------------------
def _place(q: str) -> str:
    return _PLACE_TEXT.get(q, q)


def position_text(state: State) -> str:
    """The one-line position text of ``state`` (see the module docstring)."""
    pawns = "/".join(",".join(_place(q) for q in ps) for ps in state.pawns)
    phase = f"move{state.roll}" if state.phase is Phase.MOVE else state.phase.value
    pending = ",".join(f"p{p}{pawn_letter(k)}" for p, k in state.pending) or "-"
    if state.first:
        four = ",".join(
            ("-" if f == -1 else pawn_letter(f)) + ("!" if free else "")
            for f, free in zip(state.first, state.released)
        )
    else:
        four = "-"
    winner = "-" if state.winner == -1 else f"p{state.winner}"
    return f"{pawns} p{state.turn} {phase} {pending} {four} {winner}"


class _Fields:
    """The fields of a position text with the column where each begins."""

    def __init__(self, text: str) -> None:
        if not text or text != text.strip() or any(c in text for c in "\t\r\n"):
            raise ParseError("column 1: a position is one line of fields separated by single "
                             "spaces, without leading or trailing space")
        self.items: list[tuple[int, str]] = []
        col = 1
        for word in text.split(" "):
            if not word:
                raise ParseError(f"column {col}: two spaces in a row")
            self.items.append((col, word))
            col += len(word) + 1
        if len(self.items) != 6:
            raise ParseError(
                f"column {col - 1}: expected 6 fields (pawns, turn, phase, passage, four-player, "
                f"winner), got {len(self.items)}"
            )

    def fail(self, i: int, message: str, offset: int = 0) -> ParseError:
        col, word = self.items[i]
        return ParseError(f"column {col + offset}: {message} (got {quote(word)})")


def _parse_pawns(fields: _Fields) -> tuple[tuple[str, ...], ...]:
    _col, word = fields.items[0]
    out = []
    offset = 0
    for part in word.split("/"):
        pawns = []
        for token in part.split(","):
            if token in _TEXT_PLACE:
                pawns.append(_TEXT_PLACE[token])
            elif token == LINE or (_SQUARE.fullmatch(token) and token not in (START, EXIT)):
                pawns.append(token)
            else:
                raise fields.fail(0, "a pawn is a square id, '-' (behind the start line) or 'x' "
                                     "(escaped)", offset)
            offset += len(token) + 1
        out.append(tuple(pawns))
    if len(out) > 6:
        raise fields.fail(0, "at most 6 players")
    return tuple(out)


def _state_int(word: str, field: str, low: int | None = None) -> int | None:
    """A number field of the state within its range (``State``'s table of limits), or None."""
    bounds = int_range(State, field)
    return parse_int(word, bounds if low is None else (low, bounds[1]))


def _parse_player(fields: _Fields, i: int, what: str, field: str) -> int:
    word = fields.items[i][1]
    found = _state_int(word[1:], field, 0) if word[:1] == "p" else None
    if found is None:
        raise fields.fail(i, f"{what}: expected a player such as 'p0'")
    return found


def _parse_phase(fields: _Fields) -> tuple[Phase, int]:
    word = fields.items[2][1]
    if word in _PHASES:
        return _PHASES[word], 0
    roll = _state_int(word[4:], "roll", 1) if word[:4] == "move" else None
    if roll is None:
        high = int_range(State, "roll")[1]
        raise fields.fail(2, f"the phase is roll, reroll, move<1-{high}>, ball, passage or over")
    return Phase.MOVE, roll


def _parse_pending(fields: _Fields) -> tuple[tuple[int, int], ...]:
    word = fields.items[3][1]
    if word == "-":
        return ()
    out = []
    offset = 0
    for token in word.split(","):
        player = _state_int(token[1:-1], "pending") if token[:1] == "p" else None
        if player is None or token[-1:] not in ("a", "b"):
            raise fields.fail(3, "the passage field lists pawns such as p0a,p1b, or is '-'", offset)
        out.append((player, PAWN_LETTERS.index(token[-1])))
        offset += len(token) + 1
    return tuple(out)


def _parse_four(fields: _Fields) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    word = fields.items[4][1]
    if word == "-":
        return (), ()
    first, released = [], []
    offset = 0
    for token in word.split(","):
        found = re.fullmatch(r"([ab-])(!?)", token)
        if found is None:
            raise fields.fail(4, "the four-player field is a pawn letter or '-' per player, "
                                 "with '!' once the second pawn is free", offset)
        first.append(-1 if found.group(1) == "-" else PAWN_LETTERS.index(found.group(1)))
        released.append(found.group(2) == "!")
        offset += len(token) + 1
    return tuple(first), tuple(released)


def parse_position(text: str) -> State:
    """The state a position text describes (not yet checked against a game: see
    ``Spookslot.validate_state``). ParseError names the column."""
    fields = _Fields(text)
    pawns = _parse_pawns(fields)
    turn = _parse_player(fields, 1, "the turn", "turn")
    phase, roll = _parse_phase(fields)
    pending = _parse_pending(fields)
    first, released = _parse_four(fields)
    winner = -1 if fields.items[5][1] == "-" else _parse_player(fields, 5, "the winner", "winner")
    return State(pawns, turn, phase, roll, pending, first, released, winner)


@repr_writer(State)
def position_repr(state: State) -> str:
    """``castlerules.position('spookslot', TEXT[, players=N])``: the call that rebuilds ``state``."""
    players = "" if len(state.pawns) == 2 else f", players={len(state.pawns)}"
    return f"castlerules.position('spookslot', {position_text(state)!r}{players})"


@repr_writer(Roll, Ball, Move, Passage, Pass)
def action_repr(action: Any) -> str:
    """``Move('p0 move a')``: the class and the action's text."""
    return f"{type(action).__name__}({action_to_str(action)!r})"


str_writer(Roll, Ball, Move, Passage, Pass)(action_to_str)
