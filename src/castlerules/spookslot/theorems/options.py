"""Option values ('In je beurt gooi je de dobbelsteen', 'De kogel ... rolt naar één van de vier
valstrikken', the board): the die for every list of faces the ``die_faces`` option accepts, the ball
for every weight vector of a stated finite set of ``trap_weights``, and the rulebook's shape of
every packaged board.

The game computes its die and its ball from the option with plain Python (not a dual-mode kernel),
so z3 cannot run that code symbolically; these statements are exhaustive over the option values
instead, and say which values.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from importlib.resources import files
from typing import Any

from castlerules.core.errors import InvalidOptionError, RulesError
from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.board import Board, Square, board_problems, parse_board
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import EXIT, GHOST, LINE, START, Ball, Phase, Roll, State
from castlerules.spookslot.theorems.common import PLAYERS_TESTS, TESTS, clause_ids, fact
from castlerules.spookslot.theorems.players import remake

#: Every face the die-faces interpretation allows: a number from 1 to 6, or the ghost.
FACE_VALUES: tuple[int | str, ...] = (1, 2, 3, 4, 5, 6, "ghost")
#: The weights tried for each trap: every vector of 0-3 (not all 0) and these large ones.
LARGE_WEIGHTS = ((1_000_000, 1, 0, 999_999), (1_000_000,) * 4, (0, 0, 0, 1_000_000))


def _face(f: int | str) -> int:
    return GHOST if f == "ghost" else int(f)


def _roll_state(game: Spookslot) -> State:
    s = game.initial_state()
    return State(s.pawns, s.turn, Phase.ROLL, 0, (), s.first, s.released)


def _ball_state(game: Spookslot) -> State:
    """Player 0's first pawn on the board's first danger square (a trap's zone), the rest behind
    the start line."""
    s = game.initial_state()
    danger = next(q for q in game.board.ids if q in game.board.danger)
    pawns = tuple((danger, *ps[1:]) if p == 0 else ps for p, ps in enumerate(s.pawns))
    first = tuple(0 if p == 0 else -1 for p in range(len(pawns))) if s.first else ()
    return State(pawns, 0, Phase.BALL, 0, (), first, s.released)


#: The places before the board: behind the start line, and the line itself (start-line =
#: line-square).
START_AREA = frozenset({START, LINE})
#: The most positions ``enters_the_board`` explores.
AREA_LIMIT = 100_000


class _AnyDie(Spookslot):
    """The game with any die of six faces, also one ``die_faces`` refuses: what it would play."""

    def _check_die(self) -> None:
        return None

    def _check_ending(self) -> None:
        return None


def ends(game: Spookslot) -> bool:
    """Whether, in the model of one pawn built from the board data (``spookslot.options-end``),
    the pawn can reach the Exit from every place it can come to under ``game``'s options."""
    from castlerules.spookslot.theorems.ending import Switches, pawn_model

    stuck = pawn_model(game.board, frozenset(game._faces), frozenset(game._traps),
                       Switches.of(game))[1]
    return not stuck


def enters_the_board(game: Spookslot) -> bool | None:
    """Whether some game from the start moves a pawn off the start area (onto a square of the
    board or the Exit): every position the game reaches while all pawns are behind the start line
    or on it is explored, through each legal move and each chance outcome, with the game's own
    rules. None if there are more than ``AREA_LIMIT`` such positions."""
    start = game.initial_state()
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        if game.is_terminal(state):
            continue
        chance = game.is_chance(state)
        for action in ([a for a, _ in game.chance_outcomes(state)] if chance
                       else game.legal_actions(state)):
            after = game.apply(state, action)
            if any(q not in START_AREA for pawns in after.pawns for q in pawns):
                return True
            if after not in seen:
                if len(seen) >= AREA_LIMIT:
                    return None
                seen.add(after)
                todo.append(after)
    return False


@theorem(
    "spookslot.die-faces",
    "For every die of six faces from 1-6 and the ghost (each of the 924 multisets, in "
    "ascending order with the game's no_yellow and with it toggled, and every seventh in "
    "descending order) and the default die (fact die-faces: 1, 2, 3, 4, ghost, ghost): "
    "die_faces accepts it exactly when some game with it moves a pawn onto the board "
    "(every position reached while all pawns are behind the start line or on it, "
    "explored with the game's own rules), and refuses it otherwise — a die with which no "
    "pawn can ever move; an accepted die shows each face with chance (its count)/6 and "
    "exactly those rolls are legal; dice of five or seven faces or with a face 0 or 7 "
    "are refused.",
    clauses=clause_ids("beurt.dobbelen", "getal.zetten", "spook.kogel"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_die_faces_catches_a_lost_face",
    depends_on=("die_faces", "die-faces", "board", "start-line", "exit-exact"),
)
def check_die_faces(game: Spookslot) -> Result:
    """For every die of six faces from 1-6 and the ghost — each of the 924 multisets, in ascending
    order, with the game's ``no_yellow`` and with it toggled, and every seventh in descending
    order — ``die_faces`` accepts the die exactly when some game with it moves a pawn onto the
    board (``enters_the_board``: every position reached while all pawns are behind the start line
    or on it, explored with the game's own rules) and a game with it can always still end
    (``ends``: the model of spookslot.options-end); otherwise it raises a RulesError. An accepted
    die shows each face with chance (its count)/6 and no other face, and exactly those rolls are
    legal before a move; the default die is the fact ``die-faces`` (1, 2, 3, 4, ghost, ghost); a
    die of five or seven faces, or with a face 0 or 7, is refused. (A die accepted with which no
    pawn enters the board is reported before a die wrongly accepted or refused for the ending.)"""
    count = refused = 0
    #: The first die accepted or refused against the ending model, reported after the loop.
    ending_wrong: Result | None = None
    default = Counter(_face(f) for f in fact("die-faces"))
    dice: list[tuple[int | str, ...]] = list(
        itertools.combinations_with_replacement(FACE_VALUES, 6))
    cases: list[tuple[Any, bool]] = [(None, game.no_yellow)]
    cases += [(d, yellow) for yellow in (game.no_yellow, not game.no_yellow) for d in dice]
    cases += [(d[::-1], game.no_yellow) for d in dice[::7]]
    for faces, yellow in cases:
        count += 1
        shown = "the default die" if faces is None else f"die {list(faces)}"
        shown += " with no_yellow" if yellow else ""
        changes: dict[str, Any] = {"die_faces": None if faces is None else list(faces),
                                   "no_yellow": yellow}
        try:
            g = remake(game, **changes)
        except RulesError:
            g = None
        bare = g if g is not None else remake(game, _AnyDie, **changes)
        enters = enters_the_board(bare)
        if enters is None:
            return Result.refuted(f"{shown}: more than {AREA_LIMIT} positions before the board",
                                  shown)
        if g is not None and not enters:
            return Result.refuted(f"{shown} is accepted, but a pawn never moves onto the board",
                                  shown)
        ending = enters and ends(bare)
        if g is not None and not ending and ending_wrong is None:
            ending_wrong = Result.refuted(
                f"{shown} is accepted, but a game with it can go on for ever", shown)
        if g is None and ending and ending_wrong is None:
            ending_wrong = Result.refuted(f"{shown} is refused, but a pawn can move onto the "
                                          "board and a game with it can always still end", shown)
        if g is None or not ending:
            refused += 1
            continue
        want = default if faces is None else Counter(_face(f) for f in faces)
        s = _roll_state(g)
        got = {getattr(a, "face", a): p for a, p in g.chance_outcomes(s)}
        odds = {f: Fraction(c, 6) for f, c in want.items()}
        if got != odds:
            return Result.refuted(f"{shown}: the game's chances {got} are not {odds}", shown)
        if set(g.legal_actions(s)) != {Roll(f) for f in want}:
            return Result.refuted(f"{shown}: the legal rolls are not the die's faces", shown)
        for f in range(0, 7):
            if g.is_legal(s, Roll(f)) != (f in want):
                return Result.refuted(f"{shown}: a roll of {f} is "
                                      f"{'legal' if f not in want else 'refused'}", shown)
    if ending_wrong is not None:
        return ending_wrong
    for bad in ([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6, 1], [0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 7]):
        try:
            remake(game, die_faces=bad)
        except RulesError:
            continue
        return Result.refuted(f"the die {bad} is accepted", "die_faces")
    return Result.proved(f"{count} dice: {refused} refused, exactly those with which no pawn ever "
                         "moves onto the board or a game can go on for ever; each accepted "
                         "face's chance is its count / 6; four malformed dice refused")


@theorem(
    "spookslot.trap-weights",
    "For every trap_weights vector with weights 0-3 (not all 0; 255 vectors), three with "
    "weights up to 1,000,000, and the default (fact trap-weights: uniform over the fact's "
    "four traps): the ball reaches each trap with chance weight / total, a trap of weight "
    "0 never; bad weights are refused.",
    clauses=clause_ids("kogel.valstrik", "valstrik.trap", "valstrik.boekenkast", "valstrik.portret",
                     "valstrik.bijl"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_trap_weights_catches_a_weight_off_by_one",
    depends_on=("trap_weights", "trap-weights"),
)
def check_trap_weights(game: Spookslot) -> Result:
    """For every weight vector of the four traps (fact ``traps``) with weights 0-3, not all 0
    (255 vectors), three vectors of weights up to 1,000,000, and the default (fact
    ``trap-weights``: uniform): the vector is refused exactly when, with the game's die, a game
    can go on for ever (``ends``, the model of spookslot.options-end); otherwise the dropped ball
    reaches each trap with chance weight / total, a trap of weight 0 never (its outcome is
    refused), and a fired trap of positive weight acts as the rules say (checked by
    spookslot.ball-transition for the game's own weights)."""
    traps = list(fact("traps"))
    vectors = [v for v in itertools.product(range(4), repeat=4) if any(v)] + list(LARGE_WEIGHTS)
    count = 0
    default = fact("trap-weights")
    base = remake(game, trap_weights=None)
    cases: list[tuple[Any, dict[str, int]]] = [(None, {t: int(default[t]) for t in traps})]
    cases += [(dict(zip(traps, v)), dict(zip(traps, v))) for v in vectors]
    refused = 0
    for weights, want in cases:
        count += 1
        shown = "the default weights" if weights is None else f"weights {weights}"
        try:
            g = base if weights is None else remake(game, trap_weights=weights)
        except RulesError:
            g = None
        ending = ends(remake(game, _AnyDie, trap_weights=weights))
        if g is not None and not ending:
            return Result.refuted(f"{shown} is accepted, but a game can go on for ever", shown)
        if g is None and ending:
            return Result.refuted(f"{shown} is refused, but a game can always still end", shown)
        if g is None:
            refused += 1
            continue
        s = _ball_state(g)
        total = sum(want.values())
        odds = {t: Fraction(w, total) for t, w in want.items() if w}
        got = {getattr(a, "trap", a): p for a, p in g.chance_outcomes(s)}
        if got != odds:
            return Result.refuted(f"{shown}: the game's chances {got} are not {odds}", shown)
        for t in traps:
            if g.is_legal(s, Ball(t)) != (t in odds):
                return Result.refuted(f"{shown}: the ball reaching {t} is "
                                      f"{'legal' if t not in odds else 'refused'}", shown)
    for bad in ({t: 0 for t in traps}, {t: -1 for t in traps}, {"stairs": 1}):
        try:
            remake(game, trap_weights=bad)
        except RulesError:
            continue
        return Result.refuted(f"the weights {bad} are accepted", "trap_weights")
    return Result.proved(f"{count} weight vectors: {refused} refused, exactly those under which "
                         "a game can go on for ever; each trap's chance is its weight / the total")


# -- boards ---------------------------------------------------------------------------------------------
def packaged_boards() -> list[str]:
    """The names of the Spookslot boards shipped in the package's ``boards`` folder."""
    folder = files("castlerules.specs") / "boards"
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                  if p.name.startswith("spookslot-") and p.name.endswith(".toml"))


#: The packaged board that is the reconstruction the board ruling adopts.
RECONSTRUCTION = "spookslot-default"


def board_facts(board: Board) -> list[str]:
    """What keeps ``board`` from the rulebook's facts, read from its squares alone: every square a
    safe colour (fact ``safe-colours``) without a trap, or a danger colour (``danger-colours``)
    with one of the four traps (``traps``) and a blue fallback square that is the nearest blue
    square behind it on every way back; every trap has a danger zone; ``forks`` forks; exactly
    ``red-star-squares`` red star squares and ``green-star-squares`` green star square."""
    safe, danger, traps = set(fact("safe-colours")), set(fact("danger-colours")), fact("traps")
    problems = []
    by_id = {sq.id: sq for sq in board.squares}
    back: dict[str, list[str]] = {}
    for sq in board.squares:
        for n in sq.next:
            back.setdefault(n, []).append(sq.id)
    back.setdefault(board.start, []).append(START)
    for sq in board.squares:
        if sq.colour in safe:
            if sq.trap is not None:
                problems.append(f"{sq.id} is safe but has a trap")
        elif sq.colour in danger:
            if sq.trap not in traps:
                problems.append(f"{sq.id} is in danger but its trap is {sq.trap}")
            nearest = _nearest_blue_behind(sq.id, back, by_id)
            if sq.fallback is None or nearest != {sq.fallback}:
                problems.append(f"{sq.id}: fallback {sq.fallback}, nearest blue behind {nearest}")
        else:
            problems.append(f"{sq.id} has the colour {sq.colour}")
    for t in traps:
        if not any(sq.trap == t for sq in board.squares):
            problems.append(f"the trap {t} has no danger zone")
    forks = sum(1 for sq in board.squares if len(sq.next) > 1)
    if forks != fact("forks"):
        problems.append(f"{forks} forks, not {fact('forks')}")
    reds = sum(1 for sq in board.squares if sq.star and sq.colour == "red")
    greens = sum(1 for sq in board.squares if sq.star and sq.colour == "green")
    if reds != fact("red-star-squares") or greens != fact("green-star-squares"):
        problems.append(f"{reds} red and {greens} green star squares")
    if not any(EXIT in sq.next for sq in board.squares):
        problems.append("no square leads to the Exit")
    return problems


Layout = tuple[str, bool, str, str | None, str | None, tuple[str, ...]]


def _reconstruction() -> dict[str, Layout]:
    """The fact ``reconstruction``: square id -> (colour, star, floor, trap, fallback,
    successors)."""
    out = {}
    for entry in fact("reconstruction"):
        head, _, nxt = entry.partition(" -> ")
        sid, colour, floor, *trap = head.split()
        fell = trap[0].split(":") if trap else [None, None]
        out[sid] = (colour.rstrip("*"), colour.endswith("*"), floor, fell[0], fell[1],
                    tuple(nxt.split(",")))
    return out


def reconstruction_differences(board: Board) -> list[str]:
    """Where ``board`` differs, square by square, from the reconstruction the board ruling
    adopts (fact ``reconstruction``): colour, star, floor, trap, fallback and successors of every square,
    and no square more or less."""
    want = _reconstruction()
    have = {sq.id: (sq.colour, sq.star, sq.floor, sq.trap, sq.fallback, tuple(sq.next))
            for sq in board.squares}
    problems = [f"{sid}: the board has {have.get(sid)}, the reconstruction {want.get(sid)}"
                for sid in sorted(set(want) | set(have)) if have.get(sid) != want.get(sid)]
    return problems


def _nearest_blue_behind(q: str, back: dict[str, list[str]], by_id: dict[str, Any]) -> set[str]:
    """The blue squares first met on the ways back from ``q`` at the least distance."""
    frontier, seen = {q}, {q}
    while frontier:
        step = {p for x in frontier for p in back.get(x, []) if p not in seen and p != START}
        blue = {p for p in step if by_id[p].colour == "blue"}
        if blue:
            return blue
        seen |= step
        frontier = step
    return set()


def _square_changed(text: str, square: str, field: str, value: str | None) -> str:
    """The board text with ``field`` of ``square`` set to ``value`` (TOML; None: removed)."""
    blocks = text.split("[[square]]")
    for i, block in enumerate(blocks):
        if f'id = "{square}"\n' not in block:
            continue
        lines = [x for x in block.split("\n") if not x.startswith(f"{field} = ")]
        if value is not None:
            lines.insert(2, f"{field} = {value}")
        blocks[i] = "\n".join(lines)
    changed = "[[square]]".join(blocks)
    if changed == text and value is not None:
        raise RuntimeError(f"the packaged board has no square {square}")
    return changed


def misshapen_boards() -> list[tuple[str, str]]:
    """Board texts made from the reconstruction that each lack one part of the rulebook's shape:
    (what is wrong, the text)."""
    from castlerules.core.spec import read_text

    text = read_text(f"boards/{RECONSTRUCTION}.toml")
    lonely = ('\n[[square]]\nid = "lonely"\ncolour = "blue"\nroom = "great hall"\n'
              'floor = "lower"\nnext = ["h1"]\n')
    starless = text
    for q in ("lk2", "lk4", "g5"):
        starless = _square_changed(starless, q, "star", None)
    return [
        ("a square the start does not reach", text + lonely),
        ("a fallback that is not the nearest blue square behind (lk1 to t3)",
         _square_changed(text, "lk1", "fallback", '"t3"')),
        ("a fork whose routes do not rejoin before the Exit (hw3 to the Exit)",
         _square_changed(text, "hw3", "next", '["exit"]')),
        ("one red star square", _square_changed(text, "lk4", "star", None)),
        ("no star square at all", starless),
    ]


#: The two squares ``cut_off_board`` adds.
CUT_OFF = ("cut-off-a", "cut-off-b")


def cut_off_board(board: Board) -> Board:
    """``board`` with two squares added that lead only to each other, cut off from the Exit. Made
    in code: no board text gives one, since ``parse_board`` refuses a circle and a square without
    a way on; ``board_problems`` is also asked about boards made in code."""
    extra = tuple(Square(q, "blue", "cellar", "lower", (CUT_OFF[1 - i],))
                  for i, q in enumerate(CUT_OFF))
    return Board(board.name, board.start, (*board.squares, *extra))


@theorem(
    "spookslot.board-well-formed",
    "On the game's board and on every packaged board (specs/boards/spookslot-*.toml) every "
    "square reaches the Exit and is reached from the start; every danger square (the facts' "
    "red and stair colours) has one of the four traps and its fallback is the nearest blue "
    "square behind it; the facts' number of forks, each with two routes that rejoin, one "
    "longer and safe, the other shorter through a danger zone; exactly two red star squares "
    "and one green star square; and the packaged default board is, square by square "
    "(colour, star, floor, trap, fallback, successors), the reconstruction the board "
    "ruling "
    "adopts (fact reconstruction). A board that lacks one part of that shape (a square the "
    "start does not reach, a wrong fallback, a fork whose routes do not rejoin, one red star "
    "square, no star square) is refused and the check finds a problem with it; on a board "
    "made in code with two squares that lead only to each other, the check names each of "
    "them as not reaching the Exit.",
    clauses=clause_ids("doel.race", "geschrokken.terug", "routes.kiezen", "geheim.sterveld",
                     "eindigen.veilig", "eindigen.gevaar", "getal.tellen"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_board_check_finds_a_wrong_fallback",
    depends_on=("board",),
)
def check_boards(game: Spookslot) -> Result:
    """The game's board and every packaged board have the rulebook's shape: ``board_problems``
    (the check the game makes when it loads a board) finds nothing, and neither does the
    independent ``board_facts``; every packaged board loads by its name; and a board that lacks
    one part of the shape (``misshapen_boards``) is refused, ``board_problems`` naming it; and
    on a board made in code with squares cut off from the Exit (``cut_off_board``, which no board
    text gives), ``board_problems`` names each of them as not reaching the Exit."""
    boards: list[tuple[str, Board]] = [(f"the game's board {game.board.name!r}", game.board)]
    for name in packaged_boards():
        try:
            boards.append((f"the packaged board {name}", remake(game, board=name).board))
        except RulesError as exc:
            return Result.refuted(f"the packaged board {name} does not load: {exc}", name)
    for shown, board in boards:
        problems = board_problems(board) + board_facts(board)
        if problems:
            return Result.refuted(f"{shown}: " + "; ".join(problems), shown)
    default = remake(game, board=RECONSTRUCTION).board
    problems = reconstruction_differences(default)
    if problems:
        shown = f"the packaged board {RECONSTRUCTION}"
        return Result.refuted(f"{shown}: " + "; ".join(problems[:6]), shown)
    for what, text in misshapen_boards():
        try:
            remake(game, board=text)
        except RulesError:
            pass
        else:
            return Result.refuted(f"a board with {what} is accepted", what)
        if not board_problems(parse_board(text, where="board")):
            return Result.refuted(f"the board check finds nothing wrong with {what}", what)
    cut = board_problems(cut_off_board(game.board))
    for q in CUT_OFF:
        if not any(f"square {q} " in p and "Exit" in p for p in cut):
            return Result.refuted(f"the board check does not find that square {q} is cut off "
                                  "from the Exit", q)
    return Result.proved(f"{len(boards)} boards ({', '.join(s for s, _ in boards)}): every square "
                         "reaches the Exit, fallbacks are the nearest blue square behind, forks "
                         "rejoin with a longer safe and a shorter dangerous route, the facts' "
                         "colours, traps, forks and star squares; the packaged reconstruction is "
                         f"the fact's, square by square; {len(misshapen_boards())} misshapen "
                         "boards refused; the squares cut off from the Exit on a board made in "
                         "code found")


# -- refused options -------------------------------------------------------------------------------
#: Values of ``no_yellow`` other than true and false: a string, two numbers, nothing, a list, a
#: table.
NOT_BOOLEAN: tuple[Any, ...] = ("yes", 1, 0, None, [], {})


def _refusal(cls: type[Spookslot], **options: Any) -> str | None:
    """The message of the InvalidOptionError a game of ``cls`` with ``options`` raises (None: it
    is made)."""
    try:
        cls(**options)
    except InvalidOptionError as exc:
        return str(exc)
    return None


@theorem(
    "spookslot.option-refusals",
    "The optional yellow rule is on or off: a no_yellow that is not true or false (a "
    "string, the numbers 1 and 0, nothing, a list, a table) is refused with an "
    "InvalidOptionError naming no_yellow. Of the readings route-choice and bounce-at-fork, "
    "every pair of options makes a game except route-choice = bounce-safe with "
    "bounce-at-fork = short (bounce-safe sends every bounce along the safe route), which is "
    "refused with an InvalidOptionError naming both. Exhaustive over these values and "
    "every pair of the two readings' options.",
    clauses=clause_ids("optioneel.geel", "routes.kiezen"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_option_refusals_catch_an_option_let_through",
    depends_on=(),
)
def check_option_refusals(game: Spookslot) -> Result:
    """For every value of ``NOT_BOOLEAN``, a game of ``game``'s class and player count with it as
    ``no_yellow`` is refused naming the option; for every pair of options of route-choice and
    bounce-at-fork, a game under them is made, but for bounce-safe with short, refused naming
    both readings."""
    cls, n = type(game), game.num_players
    for value in NOT_BOOLEAN:
        found = _refusal(cls, players=n, no_yellow=value)
        if found is None or "no_yellow" not in found:
            said = "made" if found is None else f"refused with: {found}"
            return Result.refuted(f"no_yellow = {value!r} is {said}", f"no_yellow = {value!r}")
    spec, pairs = game.spec, 0
    routes = [o.id for o in spec.interpretation("spookslot.interp.route-choice").options]
    forks = [o.id for o in spec.interpretation("spookslot.interp.bounce-at-fork").options]
    for route in routes:
        for fork in forks:
            pairs += 1
            readings = {"route-choice": route, "bounce-at-fork": fork}
            found = _refusal(cls, players=n, readings=readings)
            refused = (route, fork) == ("bounce-safe", "short")
            shown = f"route-choice = {route}, bounce-at-fork = {fork}"
            if (found is not None) != refused or (
                    refused and not all(r in (found or "") for r in readings)):
                said = "made" if found is None else f"refused with: {found}"
                return Result.refuted(f"{shown} is {said}", shown)
    return Result.proved(f"{len(NOT_BOOLEAN)} values of no_yellow refused; {pairs} pairs of "
                         "route-choice and bounce-at-fork, all made but bounce-safe with short")


# -- representatives ---------------------------------------------------------------------------------
def _recoloured_board() -> str:
    """The reconstruction's board text with the colours of its first two squares swapped (t1
    green, t2 yellow): a custom board of the rulebook's shape that differs from the packaged one
    where the optional yellow rule looks."""
    from castlerules.core.spec import read_text

    text = read_text(f"boards/{RECONSTRUCTION}.toml")
    swapped = text.replace('id = "t1"\ncolour = "yellow"', 'id = "t1"\ncolour = "green"', 1)
    swapped = swapped.replace('id = "t2"\ncolour = "green"', 'id = "t2"\ncolour = "yellow"', 1)
    if swapped.count('colour = "') != text.count('colour = "') or swapped == text:
        raise RuntimeError("the packaged board no longer starts with t1 yellow, t2 green")
    return swapped


#: One value of each option that needs a parameter, from the family its option-value statement
#: covers (``castlerules verify --combinations`` combines it with the other readings): a die with
#: the faces 5 and 6 and one ghost, trap weights 0-3 with a trap never reached, a custom board of
#: the rulebook's shape, the second player beginning.
REPRESENTATIVES: dict[str, dict[str, tuple[Any, ...]]] = {
    "die-faces": {"custom": ([1, 2, 3, 5, 6, "ghost"],)},
    "trap-weights": {"custom": ({"stairs": 0, "bookcase": 1, "portrait": 2, "axe": 3},)},
    "board": {"custom": (_recoloured_board(),)},
    "first-player": {"given": (1,)},
}
