"""A fork within a roll of the Exit ('Twee routes', 'Ontsnappen via het Exitveld', 'De kogel'):
the moves, their successors and the ball on a small custom board whose fork lies so near the Exit
that a move from it can pass the Exit, which the rulebook's board does not allow (its last fork
is 6 squares from the Exit, and no roll from it or from before it passes the Exit)."""

from __future__ import annotations

from castlerules.core.theorem import Result, Status, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.theorems.common import MOVE_CLAUSES, TESTS, clause_ids, move_depends
from castlerules.spookslot.theorems.moves import (
    MoveCases,
    blockers,
    check_move_successors,
    check_moves,
    family_text,
)
from castlerules.spookslot.theorems.players import remake
from castlerules.spookslot.theorems.turn import check_balls

#: The squares of the small board, in walking order: (id, colour, floor, next, trap and fallback
#: of a danger square, star). The fork f1 splits into a safe route of three squares (a1, a2, a3)
#: and a dangerous one of one square (d1) that rejoin on m1, the last square before the Exit: from
#: f1 the Exit is 3 squares away along the short route, so a roll of 4 passes it. Two red star
#: squares (r1, r2, the portrait's) and the green star square g1; the stairs and the bookcase have
#: no danger zone on this board.
SQUARES: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, str] | None, bool], ...] = (
    ("t1", "blue", "upper", ("r1",), None, False),
    ("r1", "red", "upper", ("r2",), ("portrait", "t1"), True),
    ("r2", "red", "upper", ("g1",), ("portrait", "t1"), True),
    ("g1", "green", "lower", ("f1",), None, True),
    ("f1", "blue", "lower", ("a1", "d1"), None, False),
    ("a1", "green", "lower", ("a2",), None, False),
    ("a2", "yellow", "lower", ("a3",), None, False),
    ("a3", "green", "lower", ("m1",), None, False),
    ("d1", "red", "lower", ("m1",), ("axe", "f1"), False),
    ("m1", "blue", "lower", ("exit",), None, False),
)


def near_fork_board() -> str:
    """The board text of ``SQUARES`` (the format of specs/boards/spookslot-default.toml)."""
    out = ['name = "a fork near the Exit"', f'start = "{SQUARES[0][0]}"']
    for sid, colour, floor, nxt, danger, star in SQUARES:
        out += ["", "[[square]]", f'id = "{sid}"', f'colour = "{colour}"', 'room = "hall"',
                f'floor = "{floor}"', "next = [" + ", ".join(f'"{q}"' for q in nxt) + "]"]
        if danger is not None:
            out += [f'trap = "{danger[0]}"', f'fallback = "{danger[1]}"']
        if star:
            out.append("star = true")
    return "\n".join(out) + "\n"


def near_fork_game(game: Spookslot) -> Spookslot:
    """``game`` (its class, options and readings) on the small board."""
    return remake(game, board=near_fork_board())


@theorem(
    "spookslot.fork-near-exit",
    lambda game: (
        "On a small board of the rulebook's shape whose fork lies 3 squares from the Exit along "
        "its dangerous route (so a move from the fork, or from before it, can pass the Exit, and "
        "under exit-exact = count-back a bounce back from the Exit crosses the fork and names "
        f"its route), for {family_text(game)}: the game's legal moves and where "
        "each ends equal the step-by-step reading of the move rules, and every legal move "
        "leads to the position the rules give; and for pawns of the mover and another player "
        "on every pair of squares, every trap the ball reaches (the stairs and the bookcase "
        "have no danger zone there) sends exactly the pawns of its zone back, as the rules "
        "say. Exhaustive."
    ),
    clauses=tuple(dict.fromkeys((*MOVE_CLAUSES, *clause_ids(
        "kogel.valstrik", "valstrik.portret", "valstrik.bijl", "geschrokken.terug",
        "geheim.sterveld")))),
    method="exhaustive",
    call=lambda check, game: check(near_fork_game(game)),
    fails_with=f"{TESTS}::test_fork_near_exit_catches_a_bounce_back_without_its_route",
    depends_on=lambda game: (*move_depends(game), "yellow-power", "ball-once", "secret-passage",
                             "trap_weights"),
)
def check_fork_near_exit(game: Spookslot) -> Result:
    """On ``game`` (made on the small board by ``near_fork_game``): ``check_moves`` and
    ``check_move_successors`` over its move family, then ``check_balls``."""
    cases = MoveCases(game, blockers(game))
    said = []
    for check in (check_moves, check_move_successors):
        found = check(cases)
        if found.status is not Status.PROVED:
            return found
        said.append(found.detail)
    found = check_balls(game)
    if found.status is not Status.PROVED:
        return found
    said.append(found.detail)
    return Result.proved("; ".join(said))
