"""Shared by the Kasteel theorems: the game's name, the documented stuck line, positions built by hand, the skull sets the enumerations use, and the free z3 facts of a line."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Result
from castlerules.kasteel.board import PLAYER_NAMES, Board
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import State, bitboard, make_state

GAME = "kasteel"


TESTS = "tests/kasteel/test_kasteel_theorems.py"
#: The tests of the statements about option values, the set-up facts and the reach of the rules.
OPTION_TESTS = "tests/kasteel/test_kasteel_option_theorems.py"

#: The clauses several statements are about: how a knight moves, the end, the passes.
MOVE_CLAUSES = ("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
                "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel")
END_CLAUSES = ("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
               "kasteel.doel.sleutel")
PASS_CLAUSES = ("kasteel.kanalen.passen", "kasteel.kanalen.uitgeput", "kasteel.kanalen.schedels",
                "kasteel.kanalen.vrij")

#: What the statements depend on besides the rules (``depends_on`` of each), in groups: the
#: readings that change what a statement states or checks (so ``verify --all-readings`` runs it
#: under each of their options) and the keyword options whose values it quantifies over or runs
#: under. Kasteel is for two players only (fact ``players``), so none depends on the player count.
LINE = ("kasteel.interp.moves", "kasteel.interp.climb", "kasteel.interp.own-key",
        "kasteel.interp.key-square", "kasteel.interp.pass-cost")
SKULLS = ("skulls", "skull_squares", "kasteel.interp.skulls", "kasteel.interp.skull-squares",
          "kasteel.interp.skull-zone")
PASSES = ("level", "passes", "kasteel.interp.level", "kasteel.interp.passes")
BOARD = ("board", "kasteel.interp.board", "kasteel.interp.start", "kasteel.interp.board-format")
STUCK = ("stuck", "kasteel.interp.no-legal-move")


def rulebook_set_up(game: Kasteel) -> bool:
    """Whether ``game`` plays the rulebook's set-up: its map, the skulls falling in the zone.
    Whether a knight can be walled in or stuck, both players deadlocked, and how many skulls that
    takes, are findings about that set-up, not rules: on another map or with fixed skulls they are
    that set-up's own, and those statements are not made (kasteel.end, kasteel.one-winner and
    kasteel.stuck-rule state that the game still never draws, on every set-up)."""
    from castlerules.kasteel.board import load_board

    return game.board == load_board(None) and game._fixed is None
MoveLegal = Callable[..., Any]
AfterMove = Callable[..., tuple[Any, Any]]
EndOk = Callable[[Any, Any], Any]
HasWon = Callable[..., Any]


def fact(fact_id: str) -> Any:
    """A number or place of the rulebook, from the spec data that quotes it (``[[fact]]`` in
    specs/kasteel.toml): never from the rules code a theorem checks."""
    return load_spec(GAME).fact(fact_id)


def level_passes() -> dict[int, int]:
    """The passes of each level, as clause kasteel.kanalen.niveau says ("niveau 1=>8 passen ...")."""
    return {int(level): int(n) for level, n in fact("level-passes").items()}


def first_player() -> int:
    """The player who moves first, as clause kasteel.spel.geel-eerst says ("De eerste zet is
    geel")."""
    return PLAYER_NAMES.index(fact("first-player"))


def start_passes(game: Kasteel) -> int:
    """The passes each player starts with in ``game``, read from its options and the facts: the
    explicit number if one is given (kasteel.interp.passes), else the level's."""
    options = game.options
    if "passes" in options:
        return int(options["passes"])
    return level_passes()[int(options.get("level", fact("default-level")))]


def sibling(game: Kasteel, **changes: Any) -> Kasteel:
    """A game of the same class with ``game``'s readings and options but ``changes`` (an option
    given as None is left out): the option values a theorem quantifies over, in the game it is
    about (a deliberately broken game class makes broken siblings)."""
    options = dict(game.options)
    for name, value in changes.items():
        if value is None:
            options.pop(name, None)
        else:
            options[name] = value
    return type(game)(**options)


#: A game from the start, written out: the skulls fall on i11, j10, k11 and s11 (one chance outcome
#: among many, so the position is reachable), yellow walks a knight to j11 and spends all eight
#: passes going j11-j10-j11, while one red knight captures the other seven yellow knights. Then
#: yellow is to move with one knight and no legal move. Built by ``examples/kasteel_stuck_line.py``.
STUCK_LINE: tuple[str, ...] = (
    "skull i11", "skull j10", "skull k11", "skull s11", "c8-c9", "q12-q11",
    "c9-c10", "q11-q9", "c10-i10", "q9xq8", "i10-j10", "q8-l8", "j10-j11", "l8-l7", "j11-j10",
    "l7xl6", "j10-j11", "l6xl2", "j11-j10", "l2-l6", "j10-j11", "l6xh6", "j11-j10", "h6xh2",
    "j10-j11", "h2-h1", "j11-j10", "h1-g1", "j10-j11", "g1xf1", "j11-j10", "f1-g1", "j10-j11",
    "g1-m1", "j11-j10", "m1xn1", "j10-j11", "n19-o19", "j11-j10", "o19-s19", "j10-j11",
    "s19-r19",
)


#: The stuck position the finding describes: a lone yellow knight on j11, skulls on j10, i11 and
#: k11 (and s11), the canal j12 above it, no passes left (the end of ``STUCK_LINE``, with one red
#: knight).
STUCK_EXAMPLE = "19/19/19/19/19/19/19/19/9Y9/19/19/19/19/19/19/19/19/19/R18 y 0,8 j10,i11,k11,s11"


STUCK_SKULLS = ("i11", "j10", "k11")


def position(game: Kasteel, state: State) -> str | None:
    try:
        return game.state_to_text(state)
    except (IndexError, KeyError, ValueError):
        return None


def refute(game: Kasteel, state: State, detail: str, squares: Sequence[int] = ()) -> Result:
    """A counterexample: the position (picture and text) and the squares that matter."""
    b = game.board
    names = tuple(b.name(s) for s in squares if 0 <= s < b.size)
    try:
        picture = game.render(state)
    except (IndexError, KeyError, ValueError):
        picture = repr(state)
    return Result.refuted(picture, detail, position=position(game, state), highlight=names)


def build(game: Kasteel, yellow: Iterable[int], red: Iterable[int], passes: tuple[int, int],
          skulls: frozenset[int], to_move: int) -> State:
    knights = (frozenset(yellow), frozenset(red))
    bits = (bitboard(knights[0]), bitboard(knights[1]))
    assert bits[0] is not None and bits[1] is not None
    skull_bits = bitboard(skulls)
    assert skull_bits is not None
    return make_state(knights, passes, skulls, to_move, (bits[0], bits[1]), skull_bits, None)


def skull_sets(game: Kasteel) -> list[frozenset[int]]:
    """Skull placements the enumerations use: the fixed skulls, or ``skull_count`` squares of the
    zone spread evenly (and a second, shifted spread)."""
    if game._fixed is not None:
        return [game._fixed]
    zone, n = game._zone, game.skull_count
    if n == 0:
        return [frozenset()]
    out = []
    for shift in (0, len(zone) // (2 * n) or 1):
        out.append(frozenset(zone[(shift + k * len(zone) // n) % len(zone)] for k in range(n)))
    return out


def _reserve(board: Board, avoid: Sequence[int]) -> int:
    """A square on no line with any of ``avoid`` and not a key square (for a knight that keeps its
    player in the game without touching the lines that are checked)."""
    rows = {a // board.width for a in avoid}
    cols = {a % board.width for a in avoid}
    for sq in range(board.size - 1, -1, -1):
        if sq // board.width not in rows and sq % board.width not in cols and sq not in board.keys:
            return sq
    return -1


def _path_symbols(d: int, tag: str = "") -> tuple[Any, list[Any], list[Any], list[Any], list[Any],
                                                  list[Any], list[Any], list[Any], Any]:
    """Free z3 facts of a line of ``d`` squares (``tag`` keeps each theorem's symbols apart)."""
    origin = z3.Bool(f"{tag}origin_wall")
    walls = [z3.Bool(f"{tag}wall_{i}") for i in range(d)]
    own = [z3.Bool(f"{tag}own_{i}") for i in range(d)]
    opp = [z3.Bool(f"{tag}opp_{i}") for i in range(d)]
    key = [z3.Bool(f"{tag}own_key_{i}") for i in range(d)]
    enemy = [z3.Bool(f"{tag}enemy_key_{i}") for i in range(d)]
    canal = [z3.Bool(f"{tag}canal_{i}") for i in range(d)]
    skull = [z3.Bool(f"{tag}skull_{i}") for i in range(d)]
    return origin, walls, own, opp, key, enemy, canal, skull, z3.Int(f"{tag}passes")


def _show_path(names: Sequence[Any]) -> Callable[[z3.ModelRef], str]:
    def show(m: z3.ModelRef) -> str:
        return ", ".join(f"{v}={m.eval(v, model_completion=True)}" for v in names)

    return show


def _longest(game: Kasteel) -> int:
    return max(game.board.width, game.board.height) - 1

