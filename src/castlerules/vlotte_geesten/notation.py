"""Vlotte Geesten notation: actions (``roll bottle bottle chair mouse bottle``, ``p2 grab mouse``,
``p0 pass``) and the one-line position text of a whole state.

Actions
-------

``roll <red> <white> <grey> <green> <blue>``
    A chance outcome: the object on top of each die, in the order of the dice's colours (red,
    white, grey, green, blue).
``p<N> grab <object>[+<object>...]``
    Player N grabs one object, or several at once (always a wrong grab).
``p<N> pass``
    Player N does not grab after this roll.

Objects are ``chair``, ``ghost``, ``mouse``, ``bottle`` and ``book`` (the Dutch ``stoel``, ``spook``,
``muis``, ``fles`` and ``boek`` are accepted too), in any case. The player prefix is required for a
grab or a pass, because every player may act after a roll; ``p0 roll ...`` is accepted for a roll
(the roller's number is not checked: the roll is a chance outcome). Player numbers are ASCII digits.

Position text
-------------

Eight fields separated by single spaces::

    <scores> <supply> <pot> <roller> <dice> <acted> <wrong> <grabbed>

``scores``
    Every player's points, player 0 first, separated by commas: ``0,3,1`` (a score may be negative
    only under the ``debt`` reading of vg.interp.penalty-no-points). The number of scores is the
    number of players.
``supply``
    The points left in the supply (the game ends when it is 0).
``pot``
    The points in the pot.
``roller``
    Who holds the dice: ``p0``, ``p1``, ...
``dice``
    ``-`` before the roll; else the objects on the red, white, grey, green and blue die as five
    letters: ``C`` chair, ``G`` ghost, ``M`` mouse, ``B`` bottle, ``K`` book (``BBCMB``).
``acted``
    ``-``, or the players who are done for this round in the order they acted: ``p2,p0``. Under the
    default reading a player is done after grabbing or passing; under ``regrab`` (vg.interp.grab-phase)
    after passing.
``wrong``
    ``-``, or the players who grabbed wrongly this round, in order: ``p2``.
``grabbed``
    ``-``, or the letters of the objects grabbed this round: ``BK``.

Letters are accepted in either case; the text is written in capitals. Examples:

- the start of a four-player game (``START``)::

      0,0,0,0 35 0 p0 - - - -

- three players, player 2 rolled bottle, bottle, chair, mouse, bottle (situation 1: the mouse), and
  player 0 grabbed the bottle, wrongly::

      4,0,2 29 0 p2 BBCMB p0 p0 B

- the end of a two-player game (the supply is empty)::

      20,15 0 0 p1 - - - -

A parse error names the column where the text goes wrong (``column 12: ...``); a text that parses
but is inconsistent (scores, supply and pot not adding up to 35, say) is refused by the game's
validation with an ``InvalidStateError`` naming the field.
"""

from __future__ import annotations

import re
from typing import Any

from castlerules.core.errors import InvalidActionError, ParseError, quote
from castlerules.core.jsonio import int_range, parse_int
from castlerules.core.written import repr_writer, str_writer
from castlerules.vlotte_geesten.state import DUTCH, LETTERS, Grab, Obj, Pass, Roll, State

NAMES = {o.name.lower(): o for o in Obj} | DUTCH
BY_LETTER = {letter: Obj(i) for i, letter in enumerate(LETTERS)}
#: The position text of the start of a four-player game.
START = "0,0,0,0 35 0 p0 - - - -"
#: Action text longer than this is refused before it is read.
MAX_ACTION_CHARS = 200
_PLAYER = re.compile(r"p([0-9]{1,3})")
FIELDS = ("scores", "supply", "pot", "roller", "dice", "acted", "wrong", "grabbed")


def obj_name(o: Obj) -> str:
    return o.name.lower()


def start_text(players: int) -> str:
    """The position text of the start with ``players`` players and player 0 to roll."""
    return f"{','.join('0' * players)} 35 0 p0 - - - -"


# -- actions -----------------------------------------------------------------------------------


def action_to_str(action: Any) -> str:
    """The notation of an action; InvalidActionError for anything that is not a well-formed one."""
    try:
        if action.__class__ is Roll:
            return "roll " + " ".join(obj_name(f) for f in action.faces)
        if action.__class__ is Grab:
            names = "+".join(obj_name(o) for o in sorted(action.objects))
            return f"p{int(action.player)} grab {names}"
        if action.__class__ is Pass:
            return f"p{int(action.player)} pass"
    except (AttributeError, TypeError, ValueError, KeyError):
        pass
    raise InvalidActionError(f"not a well-formed Vlotte Geesten action: {quote(action)}")


def _obj(word: str, text: str) -> Obj:
    found = NAMES.get(word.lower())
    if found is None:
        raise ParseError(
            f"{quote(text)}: unknown object {quote(word, 20)}; objects are "
            f"{', '.join(o.name.lower() for o in Obj)}"
        )
    return found


def _player(word: str, text: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None:
        raise ParseError(f"{quote(text)}: expected a player such as 'p0', got {quote(word, 20)}")
    return int(match.group(1))


def parse_action(text: str) -> Any:
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise ParseError(f"{quote(text)}: longer than {MAX_ACTION_CHARS} characters")
    words = text.split()
    if len(words) == 7 and words[1] == "roll":
        _player(words[0], text)
        words = words[1:]
    if len(words) == 6 and words[0] == "roll":
        return Roll(tuple(_obj(w, text) for w in words[1:]))
    if len(words) == 2 and words[1] == "pass":
        return Pass(_player(words[0], text))
    if len(words) == 3 and words[1] == "grab":
        parts = words[2].split("+")
        objects = frozenset(_obj(w, text) for w in parts)
        if len(objects) != len(parts):
            raise ParseError(f"{quote(text)}: an object is named twice")
        return Grab(_player(words[0], text), objects)
    raise ParseError(
        f"{quote(text)}: expected 'roll <5 objects>', 'p<N> grab <object>[+<object>...]' "
        "or 'p<N> pass'"
    )


# -- positions ---------------------------------------------------------------------------------


def _players_text(players: tuple[int, ...]) -> str:
    return ",".join(f"p{p}" for p in players) if players else "-"


def _objects_text(objects: Any) -> str:
    return "".join(LETTERS[o] for o in objects) if objects else "-"


def state_to_text(state: State) -> str:
    """The one-line position text of ``state`` (grammar in this module's docstring)."""
    return " ".join(
        (
            ",".join(str(s) for s in state.scores),
            str(state.supply),
            str(state.pot),
            f"p{state.roller}",
            _objects_text(state.dice),
            _players_text(state.acted),
            _players_text(state.wrong),
            _objects_text(sorted(state.grabbed)),
        )
    )


def _fields(text: str) -> list[tuple[int, str]]:
    """The fields of a position text with the column (1-based) where each starts."""
    fields: list[tuple[int, str]] = []
    column = 1
    for word in text.split(" "):
        if not word:
            raise ParseError(f"column {column}: fields are separated by single spaces")
        fields.append((column, word))
        column += len(word) + 1
    return fields


def _int(column: int, word: str, what: str, field: str) -> int:
    """A number field of the state, within its range (``State``'s table of limits)."""
    low, high = int_range(State, field)
    found = parse_int(word, (low, high))
    if found is None:
        raise ParseError(
            f"column {column}: {what}: expected a number from {low} to {high}, got {quote(word, 20)}"
        )
    return found


def _player_number(word: str, field: str) -> int | None:
    """The number of a player written ``p<N>``, within the range of ``field`` of ``State``."""
    return parse_int(word[1:], int_range(State, field)) if word[:1] == "p" else None


def _players(column: int, word: str, what: str) -> tuple[int, ...]:
    if word == "-":
        return ()
    out = []
    for part in word.split(","):
        found = _player_number(part, what)
        if found is None:
            raise ParseError(
                f"column {column}: {what}: expected players such as 'p0,p2' or '-', "
                f"got {quote(part, 20)}"
            )
        out.append(found)
        column += len(part) + 1
    return tuple(out)


def _letters(column: int, word: str, what: str) -> list[Obj]:
    if word == "-":
        return []
    out = []
    for i, ch in enumerate(word):
        found = BY_LETTER.get(ch.upper())
        if found is None:
            raise ParseError(
                f"column {column + i}: {what}: {quote(ch)} is not an object letter "
                f"({', '.join(f'{letter} {obj_name(o)}' for letter, o in BY_LETTER.items())})"
            )
        out.append(found)
    return out


def parse_position(text: str) -> State:
    """The state a position text describes (not yet validated against a game's options)."""
    stripped = text.strip()
    offset = len(text) - len(text.lstrip())
    fields = [(c + offset, w) for c, w in _fields(stripped)] if stripped else []
    if len(fields) != len(FIELDS):
        if len(fields) > len(FIELDS):
            where = fields[len(FIELDS)][0]
        else:
            where = fields[-1][0] + len(fields[-1][1]) if fields else 1
        raise ParseError(
            f"column {where}: expected {len(FIELDS)} fields ({' '.join(FIELDS)}), "
            f"got {len(fields)}"
        )
    (c_sc, scores), (c_su, supply), (c_po, pot), (c_ro, roller) = fields[:4]
    (c_di, dice), (c_ac, acted), (c_wr, wrong), (c_gr, grabbed) = fields[4:]
    parts = scores.split(",")
    if len(parts) > 8:
        raise ParseError(f"column {c_sc}: scores: at most 8 players, got {len(parts)} scores")
    values = []
    column = c_sc
    for part in parts:
        values.append(_int(column, part, "scores", "scores"))
        column += len(part) + 1
    roller_number = _player_number(roller, "roller")
    if roller_number is None:
        raise ParseError(f"column {c_ro}: roller: expected a player such as 'p0', got {quote(roller, 20)}")
    faces = _letters(c_di, dice, "dice")
    if dice != "-" and len(faces) != 5:
        raise ParseError(f"column {c_di}: dice: expected '-' or five object letters, got {quote(dice, 20)}")
    objects = _letters(c_gr, grabbed, "grabbed")
    if len(set(objects)) != len(objects):
        raise ParseError(f"column {c_gr}: grabbed: an object is named twice")
    return State(
        scores=tuple(values),
        supply=_int(c_su, supply, "supply", "supply"),
        pot=_int(c_po, pot, "pot", "pot"),
        roller=roller_number,
        dice=tuple(faces) if faces else None,  # type: ignore[arg-type]
        acted=_players(c_ac, acted, "acted"),
        grabbed=frozenset(objects),
        wrong=_players(c_wr, wrong, "wrong"),
    )


@repr_writer(Roll, Grab, Pass)
def action_repr(action: Roll | Grab | Pass) -> str:
    """``Grab('p0 grab book')``: the class and the action's text."""
    return f"{type(action).__name__}({action_to_str(action)!r})"


@repr_writer(State)
def position_repr(state: State) -> str:
    """The call that rebuilds ``state``: ``castlerules.position('vlotte-geesten', TEXT[, players=N])``."""
    text = state_to_text(state)
    players = "" if len(state.scores) == 4 else f", players={len(state.scores)}"
    return f"castlerules.position('vlotte-geesten', {text!r}{players})"


str_writer(Roll, Grab, Pass)(action_to_str)
