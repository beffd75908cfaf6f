"""Beginsituatie and the first move — the board, the start and the skulls (kasteel.begin.muren,
kasteel.spel.geel-eerst, kasteel.kanalen.niveau, kasteel.kanalen.schedels), compared with the
rulebook's facts (``[[fact]]`` in specs/kasteel.toml), for every packaged map and every value of
the options that shape the start (level, passes, skulls, skull_squares)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from castlerules.core.errors import InvalidOptionError, RulesError
from castlerules.core.spec import read_text
from castlerules.core.theorem import Result, theorem
from castlerules.kasteel.board import PACKAGED, PLAYER_NAMES, RED, YELLOW, Board, Kind
from castlerules.kasteel.game import Kasteel
from castlerules.kasteel.state import Move, Pass, PlaceSkull, State
from castlerules.kasteel.theorems.common import (
    BOARD,
    OPTION_TESTS,
    PASSES,
    SKULLS,
    TESTS,
    fact,
    first_player,
    position,
    refute,
    sibling,
    start_passes,
)
from castlerules.kasteel.theorems.reference import (
    spec_zone,
)
from castlerules.kasteel.theorems.transition import _derived_ok


@theorem(
    "kasteel.chance-and-start",
    "The game starts with every knight on its wall, the level's passes for both players and "
    "yellow to move; the skulls fall one by one, each uniformly on a free square of the skull "
    "zone; after the last skull yellow moves first.",
    clauses=("kasteel.begin.muren", "kasteel.spel.geel-eerst", "kasteel.kanalen.niveau",
             "kasteel.kanalen.schedels"),
    method="exhaustive",
    depends_on=(*SKULLS, *PASSES, *BOARD),
    fails_with=f"{TESTS}::test_chance_theorem_fails_if_a_skull_may_fall_twice",
)
def check_chance_and_start(game: Kasteel) -> Result:
    """Exhaustive: the game starts with every knight on its wall start square, the level's passes
    (8, 7, 6) or the given number for both, yellow to move; while skulls are missing the state is a
    chance node whose outcomes are exactly the free squares of the skull zone, each with the same
    probability (every chance node with at most two skulls placed — one when the zone has more
    than 100 squares — and the state after the last skull is yellow's to move)."""
    b = game.board
    start = game.initial_state()
    passes = start_passes(game)
    fixed = game._fixed or frozenset()
    want = State(b.start, (passes, passes), fixed, first_player())
    if start != want or not all(b.kinds[x] is Kind.WALL for k in b.start for x in k):
        return refute(game, start, f"the start is {position(game, start)}, expected "
                      f"{position(game, want)}")
    zone = spec_zone(game)
    count = 0
    frontier = [start]
    deepest = 2 if len(zone) <= 100 else 1
    for depth in range(min(deepest, game.skull_count) + 1):
        nxt = []
        for state in frontier:
            if len(state.skulls) >= game.skull_count:
                continue
            count += 1
            outcomes = game.chance_outcomes(state)
            free = zone - state.skulls
            squares = {o.square for o, _ in outcomes}
            probs = {p for _, p in outcomes}
            if (not game.is_chance(state) or squares != free or len(outcomes) != len(free)
                    or probs != {Fraction(1, len(free))} or game.actors(state)
                    or game.legal_actions(state) != tuple(o for o, _ in outcomes)):
                return refute(game, state, "the chance node's outcomes are not the free squares "
                              "of the zone, each with the same probability", sorted(squares ^ free))
            if depth < deepest:
                nxt += [game.apply(state, o) for o, _ in outcomes]
        frontier = nxt
    state = start
    while game.is_chance(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    first = first_player()
    if game.actors(state) != {first} or state.to_move != first:
        return refute(game, state, f"after the last skull {PLAYER_NAMES[first]} is not to move")
    return Result.proved(f"{count} chance nodes and the start")


def map_symbols(board: Board) -> list[str]:
    """The map in the symbols of the fact ``default-map``: rows from the top, each ``<row>
    <symbol> ...`` ('#' wall, '.' ground, 'K' key, 'C' canal, 'Y'/'R' a starting knight)."""
    out = []
    for r in range(board.height - 1, -1, -1):
        row = []
        for c in range(board.width):
            sq = r * board.width + c
            kind = board.kinds[sq]
            symbol = {Kind.GROUND: ".", Kind.WALL: "#", Kind.CANAL: "C", Kind.KEY: "K"}[kind]
            if sq in board.start[YELLOW]:
                symbol = "Y"
            elif sq in board.start[RED]:
                symbol = "R"
            row.append(symbol)
        out.append(f"{r + 1} " + " ".join(row))
    return out


def reference_map_wrong(board: Board) -> str | None:
    """How ``board`` differs from the rulebook's default map (the facts ``default-map``,
    ``start-squares``, ``knights-per-side``, ``key-squares`` and ``canals``), None if it does not."""
    want = [" ".join(row.split()) for row in fact("default-map")]
    got = map_symbols(board)
    if got != want:
        wrong = [f"row {w.split()[0]}: {g!r}, the reference {w!r}"
                 for g, w in zip(got, want) if g != w]
        return f"the map is not the reference map ({'; '.join(wrong[:3]) or 'its size differs'})"
    squares = fact("start-squares")
    for p in (YELLOW, RED):
        who = PLAYER_NAMES[p]
        if sorted(board.names(board.start[p]).split()) != sorted(squares[who]):
            return f"{who}'s knights start on {board.names(board.start[p])}, not {squares[who]}"
        if len(board.start[p]) != fact("knights-per-side"):
            return f"{who} has {len(board.start[p])} knights, not {fact('knights-per-side')}"
        if board.name(board.keys[p]) != fact("key-squares")[who]:
            return f"{who}'s key square is {board.name(board.keys[p])}"
    canals = board.names(x for x in range(board.size) if board.kinds[x] is Kind.CANAL).split()
    if sorted(canals) != sorted(fact("canals")):
        return f"the canals are {canals}, not {fact('canals')}"
    return None


#: A custom map (kasteel.interp.board = custom): a small castle for each player, a canal in each
#: wall, written in the map format and read square by square by ``read_map`` here, independently
#: of the game's parser.
CUSTOM_MAP = """\
; a small castle each: walls, a canal in each wall, the keys inside
 9 . . . . R . . . .
 8 . # # # C # # # .
 7 . # . . r . . # .
 6 . R # # # # # R .
 5 . . . . . . . . .
 4 . Y # # # # # Y .
 3 . # . . y . . # .
 2 . # # # C # # # .
 1 . . . . Y . . . .
   a b c d e f g h i
"""
#: The kind of square each map symbol stands for (the map format, kasteel.interp.board-format).
MAP_KINDS = {".": Kind.GROUND, "#": Kind.WALL, "Y": Kind.WALL, "R": Kind.WALL, "C": Kind.CANAL,
             "y": Kind.KEY, "r": Kind.KEY}


def read_map(text: str) -> dict[str, str]:
    """Square name -> symbol, read from a map's text as kasteel.interp.board-format describes it:
    rows from the top, each numbered, one symbol per column, the last line naming the columns;
    comment lines start with ';'."""
    lines = [x.split() for x in text.splitlines() if x.strip() and not x.strip().startswith(";")]
    *rows, columns = lines
    out = {}
    for number, *cells in rows:
        for column, symbol in zip(columns, cells):
            out[f"{column}{number}"] = symbol
    return out


def map_wrong(board: Board, text: str) -> str | None:
    """How ``board`` differs from the map ``text`` as ``read_map`` reads it, None if it does not."""
    symbols = read_map(text)
    if len(symbols) != board.size:
        return f"the map has {len(symbols)} squares, the board {board.size}"
    for name, symbol in symbols.items():
        sq = board.square(name)
        knight = [p for p, s in ((YELLOW, "Y"), (RED, "R")) if s == symbol]
        key = [p for p, s in ((YELLOW, "y"), (RED, "r")) if s == symbol]
        if (board.kinds[sq] is not MAP_KINDS[symbol]
                or any(sq not in board.start[p] for p in knight)
                or (not knight and sq in board.start[0] | board.start[1])
                or any(board.keys[p] != sq for p in key)
                or (not key and sq in board.keys)):
            return f"{name} is {symbol!r} on the map but not on the board"
    return None


def _map_text(rows: list[list[str]], columns: list[str] | None = None) -> str:
    """A map's text from its rows of symbols (the top row first), each numbered, and the line of
    column names (a, b, c, ... unless given)."""
    height = len(rows)
    names = columns if columns is not None else list("abcdefghijklmnopqrstuvwxyz"[:len(rows[0])])
    return "\n".join([*(f"{height - i} {' '.join(r)}" for i, r in enumerate(rows)),
                      "  " + " ".join(names)]) + "\n"


def broken_maps() -> Iterator[tuple[str, Any]]:
    """Map texts that each break one rule of the map format (kasteel.interp.board-format, the
    sizes from the fact map-size), made from ``CUSTOM_MAP``: (what is broken, the text)."""
    low, high = fact("map-size")
    grid = [line.split()[1:] for line in CUSTOM_MAP.splitlines()
            if line.strip() and not line.strip().startswith(";")][:-1]
    yield "a map that is not text", CUSTOM_MAP.encode()
    yield f"fewer than {low} rows", _map_text(grid[: low - 1])
    tall = grid + [["."] * len(grid[0])] * (high + 1 - len(grid))
    yield f"more than {high} rows", _map_text(tall)
    yield f"fewer than {low} columns", _map_text([r[: low - 1] for r in grid])
    yield f"more than {high} columns", _map_text([r + ["."] * (high + 1 - len(r)) for r in grid])
    names = list("abcdefghijklmnopqrstuvwxyz"[:len(grid[0])])
    yield "the columns named out of order", _map_text(grid, [names[1], names[0], *names[2:]])
    yield "a row numbered wrong", _map_text(grid).replace(f"{len(grid)} ", f"{len(grid) + 1} ", 1)
    yield "a row one square short", _map_text([grid[0][:-1], *grid[1:]])
    yield "an unknown symbol", _map_text([["X", *grid[0][1:]], *grid[1:]])
    yield "two yellow key squares", _map_text([["y", *grid[0][1:]], *grid[1:]])
    yield "no red key square", _map_text([[("." if x == "r" else x) for x in r] for r in grid])
    yield "no red knight", _map_text([[("#" if x == "R" else x) for x in r] for r in grid])


def good_maps() -> Iterator[tuple[str, str, str]]:
    """Map texts the format accepts (a comment and blank lines anywhere, the smallest and the
    largest size): (what it is, the text, the text it must read as)."""
    low, high = fact("map-size")
    commented = CUSTOM_MAP.replace("\n", "\n\n; a comment\n", 2)
    yield "comments and blank lines", commented, CUSTOM_MAP
    small = [["R", "r"] + ["."] * (low - 2)] + [["."] * low] * (low - 2) + [["Y", "y"] + ["."] * (low - 2)]
    yield f"{low} by {low}", _map_text(small), _map_text(small)
    big = [["R", "r"] + ["."] * (high - 2)] + [["."] * high] * (high - 2) + [["Y", "y"] + ["."] * (high - 2)]
    yield f"{high} by {high}", _map_text(big), _map_text(big)


def map_format_wrong() -> str | None:
    """What the game's map reader (``parse_board``) gets wrong about the map format, if anything:
    it refuses every map of ``broken_maps`` and reads every map of ``good_maps`` as its
    square-by-square text says."""
    from castlerules.kasteel.board import parse_board

    for what, text in broken_maps():
        try:
            parse_board(text)
        except RulesError:
            continue
        return f"a map with {what} is accepted"
    for what, text, same in good_maps():
        try:
            board = parse_board(text)
        except RulesError as exc:
            return f"a map with {what} is refused ({exc})"
        wrong = map_wrong(board, same)
        if wrong is not None:
            return f"a map with {what}: {wrong}"
    return None


@theorem(
    "kasteel.board",
    "The board is well formed and the knights start on their walls ('Aan het begin van het "
    "spel staan de ridders op de top van hun kasteelmuren'): on this game's map and every "
    "packaged map, one key square each, on ground, and every knight on a wall square; the "
    "packaged default map is, square by square, the rulebook's reference map (facts: yellow "
    "at the bottom on f1 n1 h2 l2 h6 l6 c8 q8, 8 a side, red mirrored, keys j4 and j16, "
    "canals j2 j8 j12 j18); every square of the packaged map and of a custom map given as "
    "text is what the text says, and a game starts with the knights of its map.",
    clauses=("kasteel.begin.muren", "kasteel.doel.sleutel", "kasteel.kanalen.vrij"),
    method="exhaustive",
    depends_on=BOARD,
    fails_with=f"{TESTS}::test_board_fails_if_the_map_is_upside_down",
    all_options_of=("kasteel.interp.board", "kasteel.interp.start"),
)
def check_board(game: Kasteel) -> Result:
    """Exhaustive over the squares of every map: on this game's map, every packaged map and a
    custom map (``CUSTOM_MAP``), each player has one key square, on ground, and at least one
    knight, every knight starts on a wall square ('staan de ridders op de top van hun
    kasteelmuren', kasteel.begin.muren), no knight starts on a key square, every square is what
    the map text says (read here by ``read_map``), and a game on the map starts with its knights;
    the packaged default map is, square by square, the rulebook's reference map (fact
    ``default-map``: yellow at the bottom, red mirrored), with the facts' start squares (8 a side),
    key squares j4/j16 and canals. So both options of the board and the start readings, the default
    map and a custom one, are checked at once."""
    maps: list[tuple[str, Kasteel, str | None]] = [("this game's map", game, None)]
    for name in sorted(PACKAGED):
        maps.append((name, sibling(game, board=name, skull_squares=None, skulls=None),
                     read_text(PACKAGED[name])))
    maps.append(("a custom map", sibling(game, board=CUSTOM_MAP, skull_squares=None, skulls=None),
                 CUSTOM_MAP))
    if game.board.source not in PACKAGED:
        maps.append(("this game's custom map", game, game.board.source))
    for label, g, text in maps:
        b = g.board
        for p in (YELLOW, RED):
            key = b.keys[p]
            if b.kinds[key] is not Kind.KEY or not b.start[p] or key in b.start[0] | b.start[1]:
                return Result.refuted(b.name(key), f"{label}: {PLAYER_NAMES[p]}'s key or knights "
                                      "are wrong")
            walls = [x for x in b.start[p] if b.kinds[x] is not Kind.WALL]
            if fact("knights-on-walls") == "wall" and walls:
                return Result.refuted(b.names(walls), f"{label}: a knight does not start on a wall")
        wrong = None if text is None else map_wrong(b, text)
        if wrong is None and b.source == "kasteel-default":
            wrong = reference_map_wrong(b)
        if wrong is not None:
            return Result.refuted("\n".join(map_symbols(b)), f"{label}: {wrong}")
        start = g.initial_state()
        if start.knights != b.start:
            return refute(g, start, f"{label}: the game does not start with the knights of its map")
    wrong = map_format_wrong()
    if wrong is not None:
        return Result.refuted(wrong, "the map format (kasteel.interp.board-format)")
    return Result.proved(f"every square of {len(maps)} maps (this game's, the packaged, a custom "
                         "one); the default map is the reference map; every map that breaks the "
                         "format is refused")


# -- the first move, under every value of the options that shape the start ----------------------


def option_games(game: Kasteel) -> Iterator[tuple[str, Kasteel]]:
    """``game`` and its siblings under a documented finite set of option values: every level
    (1-3), passes 0, 1 and the most (1000), skulls 0, 1, the fact's 4, 5 and a full skull zone,
    fixed skull_squares none, the first and the last three squares of the zone, and both stuck
    rules — each with ``game``'s readings and map."""
    b = game.board
    zone = sorted(spec_zone(game))
    yield "this game", game
    for level in sorted(int(x) for x in fact("level-passes")):
        yield f"level={level}", sibling(game, level=level, passes=None)
    low, high = fact("explicit-passes")
    for n in (low, low + 1, high):
        yield f"passes={n}", sibling(game, passes=n)
    for n in sorted({0, 1, fact("skulls"), fact("skulls") + 1, len(zone)}):
        if n <= len(zone):
            yield f"skulls={n}", sibling(game, skulls=n, skull_squares=None)
    for names in ([], [b.name(s) for s in zone[:1]], last_zone_squares(game)):
        yield f"skull_squares={names}", sibling(game, skull_squares=names, skulls=None)
    for stuck in ("pass", "lose"):
        yield f"stuck={stuck}", sibling(game, stuck=stuck)


def last_zone_squares(game: Kasteel) -> list[str]:
    """the last three squares of the game's skull zone"""
    b = game.board
    return [b.name(sq) for sq in sorted(spec_zone(game))[-3:]]


#: One value of each option that needs a parameter, from the documented sets ``option_games``
#: and ``check_board`` try (``castlerules verify --combinations`` combines it with the other
#: readings): the custom map (its own board and start), one explicit pass, one skull more than
#: the fact's four, and as fixed skulls the last three squares of the skull zone of the map the
#: rest of the configuration gives.
REPRESENTATIVES: dict[str, dict[str, tuple[Any, ...]]] = {
    "board": {"custom": (CUSTOM_MAP,)},
    "start": {"custom": (CUSTOM_MAP,)},
    "passes": {"explicit": (fact("explicit-passes")[0] + 1,)},
    "skulls": {"custom": (fact("skulls") + 1,)},
    "skull-squares": {"fixed": (last_zone_squares,)},
}


def pick(legal: tuple[Any, ...], k: int) -> Any:
    """The ``k``-th action of a fixed line of play: spread over the legal actions."""
    return legal[(k * 7919 + 3) % len(legal)]


def two_players_wrong(game: Kasteel) -> str | None:
    """Kasteel is for two ('de tegenstander', fact ``players``): the game has that many players,
    acts only for them, and refuses every other count from 1 to 8."""
    n = fact("players")
    if game.num_players != n or type(game).players_range != (n, n):
        return f"the game has {game.num_players} players (range {type(game).players_range})"
    for other in range(1, 9):
        if other == n:
            continue
        try:
            sibling(game, players=other)
        except RulesError:
            continue
        return f"the game accepts {other} players"
    return None


@theorem(
    "kasteel.first-move",
    "'De eerste zet is geel, vanaf dan komen de spelers regelmatig aan de beurt' (fact "
    "first-player): under every option value of a documented set (this game; levels 1-3; "
    "passes 0, 1, 1000; skulls 0, 1, 4, 5 and a full zone; fixed skulls; stuck pass and "
    "lose) nobody acts while the skulls fall, yellow makes the first move, only the player "
    "to move has legal actions, and each move or pass gives the turn to the other player; "
    "Kasteel is for the fact's two players and refuses every other count.",
    clauses=("kasteel.spel.geel-eerst", "kasteel.begin.muren", "kasteel.doel.sleutel"),
    method="exhaustive",
    depends_on=("kasteel.interp.turns", "level", "passes", "skulls", "skull_squares",
                "stuck"),
    fails_with=f"{OPTION_TESTS}::test_first_move_fails_if_red_starts",
)
def check_first_move(game: Kasteel, plies: int = 16) -> Result:
    """'De eerste zet is geel, vanaf dan komen de spelers regelmatig aan de beurt': for ``game``
    and every game of ``option_games``, nobody acts while the skulls fall, the first player to act
    is the fact's (yellow), every legal action belongs to the player to move, and along a fixed
    line of ``plies`` plies every move or pass gives the turn to the other player; Kasteel has the
    fact's two players and no other count."""
    wrong = two_players_wrong(game)
    if wrong is not None:
        return Result.refuted(wrong, "Kasteel is a game for two")
    first = first_player()
    levels = sorted(int(x) for x in fact("level-passes"))
    low, high = fact("explicit-passes")
    for bad in ({"stuck": "maybe"}, {"level": levels[0] - 1}, {"level": levels[-1] + 1},
                {"level": True}, {"passes": low - 1}, {"passes": high + 1}, {"skulls": -1}):
        if _accepted(game, **bad):
            return Result.refuted(f"{bad}", "an option value outside its documented values is "
                                  "accepted")
    count = 0
    for label, g in option_games(game):
        count += 1
        state = g.initial_state()
        k = 0
        while g.is_chance(state):
            if g.actors(state) or g.winners(state):
                return refute(g, state, f"{label}: someone acts while the skulls fall")
            state = g.apply(state, pick(g.legal_actions(state), k))
            k += 1
        if g.actors(state) != {first} or state.to_move != first:
            return refute(g, state, f"{label}: the first move is not {PLAYER_NAMES[first]}'s")
        for ply in range(plies):
            if g.is_terminal(state):
                break
            p = state.to_move
            legal = g.legal_actions(state)
            if g.actors(state) != {p} or any(getattr(a, "player", None) != p for a in legal):
                return refute(g, state, f"{label}: an action of the player not to move is legal")
            action = pick(legal, ply)
            after = g.apply(state, action)
            if after.to_move != 1 - p:
                squares = [action.frm, action.to] if isinstance(action, Move) else []
                return refute(g, state, f"{label}: after {g.action_to_str(state, action)} "
                              f"{PLAYER_NAMES[after.to_move]} is to move again", squares)
            state = after
    return Result.proved(f"{count} games (every level, passes 0/1/1000, skulls 0/1/4/5/full zone, "
                         "fixed skulls, both stuck rules), each to the first move and "
                         f"{plies} plies on; two players only; values outside the documented "
                         "ones refused")


# -- the skulls, for every number of skulls and every fixed set -----------------------------------


def _skull_walk(g: Kasteel, n: int, label: str, zone: set[int], passes: int,
                ask: bool = False) -> Result | None:
    """Place ``g``'s skulls one by one (a fixed spread of outcomes): at the start and at every
    chance node the knights are on their start squares with ``passes`` each and nobody acts; the
    outcomes are exactly the free squares of ``zone``, each equally likely; after the ``n``-th
    skull the first player (the fact) is to move with ``n`` skulls on distinct squares. With
    ``ask``, at every chance node the legality predicate allows a skull on exactly the free squares
    of the zone (every square of the board asked) and refuses a move or a pass, all with the skull
    clause (kasteel.kanalen.schedels: the skulls come before the first move)."""
    state = g.initial_state()
    b = g.board
    placed = 0
    first = first_player()
    while True:
        if (state.knights != b.start or state.passes != (passes, passes)
                or not _derived_ok(state)):
            return refute(g, state, f"{label}: the start is wrong after {placed} skulls")
        if placed == n:
            break
        outcomes = g.chance_outcomes(state)
        free = zone - state.skulls
        if (not g.is_chance(state) or g.actors(state) or g.winners(state)
                or {o.square for o, _ in outcomes} != free or len(outcomes) != len(free)
                or {pr for _, pr in outcomes} != {Fraction(1, len(free))}
                or g.legal_actions(state) != tuple(o for o, _ in outcomes)):
            return refute(g, state, f"{label}: skull {placed + 1} of {n} does not fall uniformly "
                          "on a free square of the skull zone", sorted(free))
        if ask:
            wrong = _skull_asked(g, state, free)
            if wrong is not None:
                return refute(g, state, f"{label}: {wrong}", sorted(free))
        state = g.apply(state, outcomes[(placed * 13 + 5) % len(outcomes)][0])
        placed += 1
    if (g.is_chance(state) or len(state.skulls) != n or not state.skulls <= zone
            or g.actors(state) != {first}):
        return refute(g, state, f"{label}: after {n} skulls the game does not go to "
                      f"{PLAYER_NAMES[first]}'s first move", sorted(state.skulls))
    return None


def _skull_asked(g: Kasteel, state: State, free: set[int]) -> str | None:
    """What the legality predicate gets wrong at a chance node, if anything (see ``_skull_walk``)."""
    b = g.board
    knight = min(state.knights[YELLOW])
    others = [Move(YELLOW, knight, ray[0]) for ray in b.rays[knight] if ray]
    asked = [PlaceSkull(sq) for sq in range(b.size)] + others[:1] + [Pass(YELLOW), Pass(RED)]
    for action in asked:
        found = g.violation(state, action)
        allowed = isinstance(action, PlaceSkull) and action.square in free
        if (found is None) != allowed or (found is not None
                                          and found.clause != "kasteel.kanalen.schedels"):
            return (f"{g.action_to_str(state, action)} while the skulls fall: the game says "
                    f"{found.clause if found else 'legal'}")
    return None


@theorem(
    "kasteel.skulls-placed",
    "'de schedels (ergens willekeurig in het midden van het veld)': without a skulls option "
    "the game places the fact's 4 skulls; for every number of skulls the zone holds (every "
    "value up to 60 squares), the game with that many places exactly that many, one at a "
    "time, uniformly on the free squares of the zone (the fact's rows 9-11, or anywhere, as "
    "read), nobody acting meanwhile, then yellow moves; with fixed skull_squares (every "
    "single zone square, each zone row, the whole zone, none) the skulls lie there from the "
    "start with no chance node; squares outside the zone, repeats and too many skulls are "
    "refused. One check covers every option of the skulls and skull-squares readings.",
    clauses=("kasteel.kanalen.schedels",),
    method="exhaustive",
    depends_on=SKULLS,
    fails_with=f"{OPTION_TESTS}::test_skulls_placed_fails_if_a_count_is_off_by_one",
    all_options_of=("kasteel.interp.skulls", "kasteel.interp.skull-squares"),
)
def check_skulls_placed(game: Kasteel) -> Result:
    """'de schedels (ergens willekeurig in het midden van het veld)': without a skulls option the
    game places the fact's number of skulls (4), and while they fall a skull may be placed on
    exactly the free squares of the zone and nothing else happens (the legality predicate asked
    about every square, a move and a pass); for every number n of skulls from 0 to the size
    of the skull zone (every value when the zone has at most 60 squares — the default middle rows
    have 57 — else 0-6 and the two largest), the game with skulls=n places exactly n, one at a
    time, each uniformly on a free square of the zone (``spec_zone``), while nobody acts, and then
    yellow moves; one more than the zone holds is refused. With skull_squares=S for every single
    square of the zone, the zone's rows each as one set, the whole zone (at most 60 squares) and
    none, there is no chance node and the skulls are exactly S from the start; a square outside the
    zone, or named twice, is refused."""
    b = game.board
    zone = spec_zone(game)
    passes = start_passes(game)
    plain = sibling(game, skulls=None, skull_squares=None)
    found = _skull_walk(plain, fact("skulls"), "no skulls option", zone, passes, ask=True)
    if found is not None:
        return found
    counts = (range(len(zone) + 1) if len(zone) <= 60
              else sorted({*range(7), len(zone) - 1, len(zone)}))
    for n in counts:
        found = _skull_walk(sibling(game, skulls=n, skull_squares=None), n, f"skulls={n}", zone,
                            passes)
        if found is not None:
            return found
    ordered = sorted(zone)
    rows = sorted({sq // b.width for sq in zone})
    families = [[], *([sq] for sq in ordered), *([sq for sq in ordered if sq // b.width == r]
                                                 for r in rows)]
    if len(ordered) <= 60:
        families.append(ordered)
    first = first_player()
    for squares in families:
        names = [b.name(sq) for sq in squares]
        g = sibling(game, skull_squares=names, skulls=None)
        state = g.initial_state()
        if (g.is_chance(state) or state.skulls != frozenset(squares) or not _derived_ok(state)
                or g.actors(state) != {first} or state.knights != b.start
                or state.passes != (passes, passes)):
            return refute(g, state, f"skull_squares={names}: the start is not the knights' "
                          "start with exactly these skulls", squares)
    refused = [sq for sq in range(b.size) if sq not in zone]
    for sq in refused:
        if _accepted(game, skull_squares=[b.name(sq)], skulls=None):
            return Result.refuted(b.name(sq), "a skull may be fixed outside the skull zone")
    if ordered and _accepted(game, skull_squares=[b.name(ordered[0])] * 2, skulls=None):
        return Result.refuted(b.name(ordered[0]), "a skull square may be named twice")
    if _accepted(game, skulls=len(zone) + 1, skull_squares=None):
        return Result.refuted(str(len(zone) + 1), "more skulls than the zone holds are accepted")
    return Result.proved(f"{len(counts) + 1} skull counts, {len(families)} fixed skull sets, "
                         f"{len(refused)} squares outside the zone of {len(zone)}")


def _accepted(game: Kasteel, **changes: Any) -> bool:
    try:
        sibling(game, **changes)
    except RulesError:
        return False
    return True


#: Values of ``stuck`` that name no rule of the stuck player: another word, a spelling the game
#: does not use, nothing, a number, a list.
NOT_STUCK_RULES: tuple[Any, ...] = ("draw", "Pass", None, 1, [])


def _refusal(cls: type[Kasteel], **options: Any) -> str | None:
    """The message of the InvalidOptionError a game of ``cls`` with ``options`` raises (None: it
    is made)."""
    try:
        cls(**options)
    except InvalidOptionError as exc:
        return str(exc)
    return None


@theorem(
    "kasteel.option-refusals",
    "A player who cannot move either passes or loses: a stuck that names neither (another "
    "word, 'Pass', nothing, a number, a list) is refused with an InvalidOptionError naming "
    "stuck. Of the readings moves and climb, every pair of options makes a game except "
    "moves = mixed with climb = climb-then-slide (mixed moves have no separate climb), "
    "which is refused with an InvalidOptionError naming both. Exhaustive over these values "
    "and every pair of the two readings' options.",
    clauses=("kasteel.einde.geen-gelijkspel", "kasteel.spel.schuiven", "kasteel.spel.klimmen"),
    method="exhaustive",
    fails_with=f"{OPTION_TESTS}::test_option_refusals_catch_an_option_let_through",
    depends_on=(),
)
def check_option_refusals(game: Kasteel) -> Result:
    """For every value of ``NOT_STUCK_RULES``, a game of ``game``'s class with it as ``stuck`` is
    refused naming the option; for every pair of options of moves and climb, a game under them
    is made, but for mixed with climb-then-slide, refused naming both readings."""
    cls = type(game)
    for value in NOT_STUCK_RULES:
        found = _refusal(cls, stuck=value)
        if found is None or "stuck" not in found:
            said = "made" if found is None else f"refused with: {found}"
            return Result.refuted(f"stuck = {value!r} is {said}", f"stuck = {value!r}")
    spec, pairs = game.spec, 0
    moves = [o.id for o in spec.interpretation("kasteel.interp.moves").options]
    climbs = [o.id for o in spec.interpretation("kasteel.interp.climb").options]
    for move in moves:
        for climb in climbs:
            pairs += 1
            readings = {"moves": move, "climb": climb}
            found = _refusal(cls, readings=readings)
            refused = (move, climb) == ("mixed", "climb-then-slide")
            shown = f"moves = {move}, climb = {climb}"
            if (found is not None) != refused or (
                    refused and not all(f"{r}=" in (found or "") for r in readings)):
                said = "made" if found is None else f"refused with: {found}"
                return Result.refuted(f"{shown} is {said}", shown)
    return Result.proved(f"{len(NOT_STUCK_RULES)} values of stuck refused; {pairs} pairs of moves "
                         "and climb, all made but mixed with climb-then-slide")
