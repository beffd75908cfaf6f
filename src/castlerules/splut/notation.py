"""Splut! notation: one line of text for a whole position, and a short text for every action.

Squares are named by column ``a``-``i`` and row ``1``-``9`` (``e1`` is South's rock tip, ``e9``
North's); only the 41 squares of the diamond exist. The pieces are ``S`` (sorcerer), ``T`` (troll)
and ``D`` (dwarf); letters and square names may be typed in either case.

Position text
-------------

Nine fields separated by single spaces::

    <teams> <rocks> <to move> <turn> <steps left> <throw> <levitation> <moved before> <moved now>

``teams``
    Each player's pieces on the board, player 0 first, separated by ``/``; within a team the
    pieces are separated by commas, each a letter and a square (``Sd2,Tf2,De2``). A team whose
    dwarf was crushed lists two pieces; a team that has left the board is ``-``.
``rocks``
    The squares of the four rocks, separated by commas (written row by row from row 1; any order
    is read).
``to move``
    The player whose turn it is: ``p0``, ``p1`` ...
``turn``
    How many turns were begun before this one (``0`` in the first turn of the game).
``steps left``
    The steps left in this turn.
``throw``
    ``-``, or the square of the troll that has just stepped onto a rock and must throw it.
``levitation``
    ``-`` while no rock has been levitated this turn; the square of the rock being levitated; or
    ``done`` once levitation has stopped for the rest of the turn.
``moved before``, ``moved now``
    The squares of the rocks moved by the previous player (they cannot be levitated) and of those
    moved in this turn, separated by commas (any order), or ``-`` for none.

The start of a two-player game (``START_2``)::

    Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -

Three players (``START_3``) and four (``START_4``)::

    Sd2,Tf2,De2/Sb6,Tb4,Db5/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -
    Sd2,Tf2,De2/Sb6,Tb4,Db5/Sf8,Td8,De8/Sh4,Th6,Dh5 e1,a5,i5,e9 p0 0 1 - - - -

Player 1 in the middle of a later turn, levitating the rock now on ``e4``; player 0's dwarf has been
crushed and player 0 moved the rock on ``c5`` in its turn::

    Sd3,Tf4/Sf7,Td7,De8 e4,c5,i5,e9 p1 5 2 - e4 c5 e4

``castlerules.position("splut", text, players=N)`` reads a position (``repr`` of a state is that
call); an error names the column where the text goes wrong (``column 25: ...``) or, for a position
that is well written but impossible, what is inconsistent.

Actions
-------

``p0 Tf2-f3``
    A step: player, piece letter, from, ``-``, to. The letter is written for the reader and may be
    left out; the player may be left out too (it is the player to move).
``p0 Tf3-f4 pull``
    A troll's step that pulls the rock straight behind it into the square it leaves.
``p1 Sd8-d7 lev e5-e4``
    A sorcerer's step that levitates the rock on ``e5`` the same way, to ``e4`` (the destination may
    be left out: ``lev e5``).
``p0 throw n``
    The troll that has stepped onto a rock throws it north (``n``, ``e``, ``s``, ``w``).
``p2 pass``
    No legal step is left: the turn ends.
"""

from __future__ import annotations

from typing import Any, Protocol

from castlerules.core.errors import InvalidActionError, ParseError, quote
from castlerules.core.jsonio import int_range, parse_int
from castlerules.core.written import repr_writer
from castlerules.splut.board import BY_NAME, DIRECTION, NAMES, OFF, SQUARE_SET, Dir
from castlerules.splut.state import LETTERS, Lev, Pass, Piece, State, Step, Throw


class SplutRules(Protocol):
    """What the action text needs of the game (its rules object provides it; the notation does not
    import the rules): where a levitated rock goes under the game's readings, and the error for a
    value that is not an action."""

    def lev_destination(self, state: State, action: Step) -> int: ...

    def not_an_action(self, action: Any) -> InvalidActionError: ...

DIR_NAMES = {d: d.name.lower() for d in Dir}
BY_DIR_NAME = {v: k for k, v in DIR_NAMES.items()} | {
    "north": Dir.N, "east": Dir.E, "south": Dir.S, "west": Dir.W
}
LETTER_PIECE = {"S": Piece.SORCERER, "T": Piece.TROLL, "D": Piece.DWARF}
FIELDS = ("teams", "rocks", "to move", "turn", "steps left", "throw", "levitation",
          "moved before", "moved now")

#: The start positions, by player count.
START_2 = "Sd2,Tf2,De2/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -"
START_3 = "Sd2,Tf2,De2/Sb6,Tb4,Db5/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -"
START_4 = "Sd2,Tf2,De2/Sb6,Tb4,Db5/Sf8,Td8,De8/Sh4,Th6,Dh5 e1,a5,i5,e9 p0 0 1 - - - -"
START = {2: START_2, 3: START_3, 4: START_4}


def square(value: Any) -> str:
    """The name of a square for a message: ``e5``, or the quoted value if it names none."""
    name = NAMES.get(value) if isinstance(value, int) else None
    return name if name is not None else f"square number {quote(value)}"


# -- position text --------------------------------------------------------------------------------
def _squares(squares: Any) -> str:
    return ",".join(NAMES[s] for s in sorted(squares)) if squares else "-"


def state_to_text(state: State) -> str:
    """The position text of ``state`` (see the module docstring)."""
    teams = []
    for trio in state.pieces:
        here = [f"{LETTERS[Piece(k)]}{NAMES[sq]}" for k, sq in enumerate(trio) if sq != OFF]
        teams.append(",".join(here) if here else "-")
    throw = NAMES[state.throw_from] if state.throw_from != OFF else "-"
    if state.lev == Lev.ACTIVE:
        lev = NAMES[state.lev_rock]
    else:
        lev = "done" if state.lev == Lev.DONE else "-"
    return " ".join(
        [
            "/".join(teams),
            ",".join(NAMES[r] for r in state.rocks),
            f"p{state.to_move}",
            str(state.turn),
            str(state.steps_left),
            throw,
            lev,
            _squares(state.moved_before),
            _squares(state.moved_now),
        ]
    )


@repr_writer(State)
def position_repr(state: State) -> str:
    """``castlerules.position('splut', '<text>'[, players=N])``: the call that rebuilds ``state``
    (``repr(state)``; a malformed state shows its fields, see ``core.written``)."""
    text = state_to_text(state)
    n = len(state.pieces)
    players = "" if n == 2 else f", players={n}"
    return f"castlerules.position('splut', {text!r}{players})"


class _Reader:
    """Reads one position text field by field; errors name the column (1-based)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.fields: list[tuple[int, str]] = []
        start = 0
        for part in text.split(" "):
            self.fields.append((start + 1, part))
            start += len(part) + 1

    def fail(self, column: int, message: str) -> ParseError:
        return ParseError(f"column {column}: {message}")

    def square(self, column: int, word: str, what: str) -> int:
        found = BY_NAME.get(word.lower()) if word.isascii() else None
        if found is None:
            raise self.fail(column, f"{quote(word)} is not a square of the board ({what})")
        return found

    def number(self, column: int, word: str, what: str, field: str) -> int:
        """A number field of the state, within its range (``State``'s table of limits)."""
        bounds = int_range(State, field)
        found = parse_int(word, bounds)
        if found is None:
            raise self.fail(column, f"{what} must be a number from {bounds[0]} to {bounds[1]}, "
                                    f"got {quote(word)}")
        return found

    def square_list(self, column: int, word: str, what: str) -> list[int]:
        if word == "-":
            return []
        out = []
        for part in word.split(","):
            out.append(self.square(column, part, what))
            column += len(part) + 1
        return out


def _team(reader: _Reader, column: int, word: str, p: int) -> tuple[int, int, int]:
    trio = [OFF, OFF, OFF]
    if word == "-":
        return (OFF, OFF, OFF)
    for part in word.split(","):
        letter = part[:1].upper()
        if letter not in LETTER_PIECE:
            raise reader.fail(
                column, f"expected a piece such as 'Sd2' (S, T or D and a square), got {quote(part)}"
            )
        k = LETTER_PIECE[letter]
        if trio[k] != OFF:
            raise reader.fail(column, f"player {p} has two pieces {letter}")
        trio[k] = reader.square(column + 1, part[1:], f"the {LETTERS[k]} of player {p}")
        column += len(part) + 1
    return (trio[0], trio[1], trio[2])


def parse_position(text: str, players: int) -> State:
    """The state a position text describes (not yet validated); ParseError names the column."""
    if not isinstance(text, str):
        raise ParseError(f"position text must be a string, got {type(text).__name__}")
    stripped = text.strip()
    offset = len(text) - len(text.lstrip())
    reader = _Reader(stripped)
    fields = [(column + offset, word) for column, word in reader.fields]
    for column, word in fields:
        if word == "":
            raise reader.fail(column, "fields are separated by single spaces")
    if len(fields) != len(FIELDS):
        where = fields[len(FIELDS)][0] if len(fields) > len(FIELDS) else offset + len(stripped) + 1
        raise reader.fail(
            where, f"expected {len(FIELDS)} fields ({', '.join(FIELDS)}), got {len(fields)}"
        )
    (c_teams, teams), (c_rocks, rocks), (c_to, to_move), (c_turn, turn), (c_left, left), \
        (c_throw, throw), (c_lev, lev), (c_before, before), (c_now, now) = fields
    words = teams.split("/")
    if len(words) != players:
        raise reader.fail(c_teams, f"{len(words)} teams for a {players}-player game")
    pieces = []
    column = c_teams
    for p, word in enumerate(words):
        pieces.append(_team(reader, column, word, p))
        column += len(word) + 1
    rock_squares = reader.square_list(c_rocks, rocks, "a rock")
    if len(rock_squares) != 4 or len(set(rock_squares)) != 4:
        raise reader.fail(c_rocks, f"expected four different rock squares, got {quote(rocks)}")
    mover = parse_int(to_move[1:], int_range(State, "to_move")) if to_move[:1] == "p" else None
    if mover is None:
        raise reader.fail(c_to, f"expected the player to move such as 'p0', got {quote(to_move)}")
    throw_from = OFF if throw == "-" else reader.square(c_throw, throw, "the throwing troll")
    if lev == "-":
        lev_state, lev_rock = Lev.UNUSED, OFF
    elif lev.lower() == "done":
        lev_state, lev_rock = Lev.DONE, OFF
    else:
        lev_state = Lev.ACTIVE
        lev_rock = reader.square(c_lev, lev, "the levitated rock, '-' or 'done'")
    moved_before = reader.square_list(c_before, before, "a rock moved by the previous player")
    moved_now = reader.square_list(c_now, now, "a rock moved in this turn")
    for column, found in ((c_before, moved_before), (c_now, moved_now)):
        if len(set(found)) != len(found):
            raise reader.fail(column, "a square is named twice")
    return State(
        pieces=tuple(pieces),
        rocks=tuple(sorted(rock_squares)),  # type: ignore[arg-type]
        to_move=mover,
        turn=reader.number(c_turn, turn, "the turn", "turn"),
        steps_left=reader.number(c_left, left, "the steps left", "steps_left"),
        throw_from=throw_from,
        lev=lev_state,
        lev_rock=lev_rock,
        moved_before=frozenset(moved_before),
        moved_now=frozenset(moved_now),
    )


# -- action text ----------------------------------------------------------------------------------
def _letter(state: State, player: int, sq: int) -> str:
    if 0 <= player < len(state.pieces) and sq in state.pieces[player]:
        return LETTERS[Piece(state.pieces[player].index(sq))]
    return ""


def action_to_str(game: SplutRules, state: State, action: Any) -> str:
    """The text of ``action`` in ``state``; InvalidActionError for an action no text can name."""
    cls = action.__class__
    if cls is Step:
        if action.frm not in SQUARE_SET or action.to not in SQUARE_SET:
            bad = action.frm if action.frm not in SQUARE_SET else action.to
            raise InvalidActionError(f"a step between board squares has no {square(bad)}")
        text = (
            f"p{action.player} {_letter(state, action.player, action.frm)}"
            f"{NAMES[action.frm]}-{NAMES[action.to]}"
        )
        if action.pull:
            text += " pull"
        if action.lev != OFF:
            if action.lev not in SQUARE_SET:
                raise InvalidActionError(f"there is no rock to levitate on {square(action.lev)}")
            text += f" lev {NAMES[action.lev]}"
            dest = game.lev_destination(state, action)
            if dest != OFF:
                text += f"-{NAMES[dest]}"
        return text
    if cls is Throw:
        return f"p{action.player} throw {DIR_NAMES[action.direction]}"
    if cls is Pass:
        return f"p{action.player} pass"
    raise game.not_an_action(action)


def _fail(text: str, message: str) -> ParseError:
    return ParseError(f"{quote(text)}: {message}")


def _square(word: str, text: str) -> int:
    found = BY_NAME.get(word.lower()) if word.isascii() else None
    if found is None:
        raise _fail(text, f"{quote(word)} is not a square of the board (a5, e1 ... i5)")
    return found


def _player(word: str, text: str) -> int:
    if len(word) < 2 or word[0] not in "pP" or not (word[1:].isascii() and word[1:].isdigit()):
        raise _fail(text, f"expected a player such as 'p0', got {quote(word)}")
    if len(word) > 3:
        raise _fail(text, f"there is no player {quote(word)}")
    return int(word[1:])


SYNTAX = (
    "expected '[p<N>] [S|T|D]<from>-<to> [pull | lev <rock>[-<to>]]', "
    "'[p<N>] throw n|e|s|w' or '[p<N>] pass'"
)


def parse_action(game: SplutRules, state: State, text: str) -> Any:
    """The action ``text`` names in ``state`` (see the module docstring); ParseError if none."""
    if not isinstance(text, str):
        raise ParseError(f"expected action text, got {type(text).__name__}")
    if len(text) > 200:
        raise _fail(text, "an action is at most 200 characters")
    words = text.split()
    if words and words[0][:1] in "pP" and words[0][1:2].isdigit():
        player = _player(words[0], text)
        words = words[1:]
    else:
        player = state.to_move
    if words == ["pass"]:
        return Pass(player)
    if len(words) == 2 and words[0].lower() == "throw":
        direction = BY_DIR_NAME.get(words[1].lower())
        if direction is None:
            raise _fail(text, "a throw direction is n, e, s or w")
        return Throw(player, direction)
    if 1 <= len(words) <= 3 and "-" in words[0]:
        return _step(game, state, text, player, words)
    raise _fail(text, SYNTAX)


def _step(game: SplutRules, state: State, text: str, player: int, words: list[str]) -> Step:
    move = words[0]
    letter = ""
    if move[:1].upper() in LETTER_PIECE and move[1:2].isalpha():
        letter, move = move[0].upper(), move[1:]
    a, _, b = move.partition("-")
    frm, to = _square(a, text), _square(b, text)
    if letter and _letter(state, player, frm) not in ("", letter):
        raise _fail(text, f"the piece on {NAMES[frm]} is not a {letter}")
    rest = [w.lower() for w in words[1:]]
    if not rest:
        return Step(player, frm, to)
    if rest == ["pull"]:
        return Step(player, frm, to, pull=True)
    if len(rest) == 2 and rest[0] == "lev":
        r, dash, r2 = rest[1].partition("-")
        step = Step(player, frm, to, lev=_square(r, text))
        if dash:
            dest = game.lev_destination(state, step) if (frm, to) in DIRECTION else OFF
            if dest == OFF or r2 != NAMES[dest]:
                where = NAMES[dest] if dest != OFF else "nowhere on the board"
                raise _fail(
                    text,
                    f"the levitated rock moves the sorcerer's way, to {where}, not {quote(r2)}",
                )
        return step
    raise _fail(text, SYNTAX)
