"""Onderdelen, Begin van het spel, Hoe te zitten: the board, the start and the seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castlerules.core.theorem import Result, theorem
from castlerules.splut.board import (
    LINE,
    NAMES,
    NEXT,
    OFF,
    SQUARES,
    TIPS,
)
from castlerules.splut.game import Splut
from castlerules.splut.reference import Reference
from castlerules.splut.state import State, Step
from castlerules.splut.theorems._common import (
    CLAUSE_TESTS,
    TESTS,
    _every_count,
    _refute,
    under_readings,
)

# -- the board and the start ---------------------------------------------------------------------
_SEAT_WORDS = ("South", "West", "North", "East")


def _named_squares(text: str, words: Sequence[str]) -> dict[str, dict[str, str]]:
    """'South rock E1, dwarf E2, ...; West ...' -> {"South": {"rock": "e1", ...}, ...}."""
    import re

    out: dict[str, dict[str, str]] = {}
    for seat in _SEAT_WORDS:
        found = re.search(seat + r" ([^;.]*)", text)
        if found is None:
            continue
        out[seat] = {
            m.group(1): m.group(2).lower()
            for m in re.finditer(r"(" + "|".join(words) + r") ([A-I][1-9])", found.group(1))
        }
    return out


def start_squares(game: Splut) -> dict[str, dict[str, str]]:
    """The start squares of every seat, read from the text of the game's start-positions option
    (a mirrored option names only the pieces it moves; the others are "as above")."""
    spec = game.spec.interpretation("start-positions")
    base = _named_squares(spec.option("rock-view").text, ("rock", "dwarf", "troll", "sorcerer"))
    chosen = spec.option(game.reading("start-positions")).text
    for seat, pieces in _named_squares(chosen, ("rock", "dwarf", "troll", "sorcerer")).items():
        base[seat].update(pieces)
    return base


@theorem(
    "splut.board",
    "The board is the 41-square diamond of the interpretation, the game's neighbour and "
    "line tables are its orthogonal adjacency, the four tips are the squares with one "
    "neighbour; the rocks start on the tips and, for 2, 3 and 4 players, every team on "
    "the squares the start-positions reading names, the first player (seating reading) "
    "to move with the opening's steps (exhaustive).",
    clauses=("splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.beweging.aangrenzend",
             "splut.beweging.orthogonaal", "splut.zitten.drie-begin", "splut.zitten.vier-begin",
             "splut.zet.eerste-een"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_board_theorem_catches_a_wrong_start",
    depends_on=('start-positions', 'seating', 'steps-per-turn'),
)
def check_board(game: Splut) -> Result:
    """Exhaustive: the board is the diamond the interpretation board-geometry describes (square
    (c, r) on it when |c - 5| + |r - 5| <= 4), the game's neighbour and line tables are its
    orthogonal adjacency (north = the next row), the tips are the squares with one neighbour; and
    for 2, 3 and 4 players the start has the four rocks on the tips, every seated team on the
    squares the start-positions option names, and the first player to move with the opening's
    steps (seating and steps-per-turn readings)."""
    columns = "abcdefghi"
    diamond = {(c, r) for c in range(1, 10) for r in range(1, 10) if abs(c - 5) + abs(r - 5) <= 4}
    names = {f"{columns[c - 1]}{r}" for c, r in diamond}
    if set(NAMES.values()) != names or len(SQUARES) != 41:
        return Result.refuted(f"{len(SQUARES)} squares", "the board is not the 41-square diamond")
    by_name = {v: k for k, v in NAMES.items()}
    steps = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
    for (c, r) in diamond:
        x = by_name[f"{columns[c - 1]}{r}"]
        for d, (dc, dr) in steps.items():
            there = (c + dc, r + dr)
            want = by_name[f"{columns[there[0] - 1]}{there[1]}"] if there in diamond else OFF
            if NEXT[x][d] != want:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the neighbour table is wrong",
                                      highlight=(NAMES[x],))
            line, y = [], want
            while y != OFF:
                line.append(y)
                y = NEXT[y][d]
            if tuple(line) != LINE[x][d]:
                return Result.refuted(f"{NAMES[x]} direction {d}", "the line table is wrong")
    tips = {x for x in SQUARES if sum(y != OFF for y in NEXT[x]) == 1}
    if tips != set(TIPS) or {NAMES[t] for t in tips} != {"a5", "e1", "e9", "i5"}:
        return Result.refuted(str(sorted(NAMES[t] for t in TIPS)), "the tips are wrong")
    squares = start_squares(game)
    for g in _every_count(game):
        start = g.initial_state()
        reference = Reference(g)
        for player, seat in enumerate(g.seats):
            named = squares[_SEAT_WORDS[int(seat_index(seat))]]
            trio = tuple(by_name[named[k]] for k in ("sorcerer", "troll", "dwarf"))
            if start.pieces[player] != trio:
                return _refute(g, start, f"player {player} ({_SEAT_WORDS[int(seat_index(seat))]}) "
                                         "does not start where the interpretation says")
        if set(start.rocks) != tips or start.to_move != reference.first or start.steps_left != (
            1 if reference.opening else 3
        ):
            return _refute(g, start, "the rocks, the first player or the first steps are wrong")
    return Result.proved("every square, neighbour and line; the start for 2, 3 and 4 players")


def seat_index(seat: Any) -> int:
    """A seat's place in the words South, West, North, East."""
    return ("SOUTH", "WEST", "NORTH", "EAST").index(seat.name)



# -- the start, the seats and the turn order, against the rulebook's facts -----------------------
def fact(fid: str) -> Any:
    """A rulebook fact of Splut! (``[[fact]]`` in specs/splut.toml): never a value of the code."""
    from castlerules.core.spec import load_spec

    return load_spec("splut").fact(fid)


def seats_of(game: Splut) -> list[str]:
    """The seat of each player ("south", ...) as the seating option of ``game`` rules it (fact)."""
    return list(fact("seats")[game.reading("seating")][str(game.num_players)])


def sitting_orders(game: Splut) -> list[tuple[int, ...]]:
    """The orders in which the players may have sat down, as the text tells it ("Hoe te zitten"):
    the second opposite the first, the third in one of the two seats left, the fourth in the last.
    Under seating = seating-order the players are numbered as they sat down: only 0, 1, 2, 3."""
    import itertools

    seats, opposite = seats_of(game), fact("opposite")
    n = game.num_players
    if game.reading("seating") == "seating-order":
        orders: Sequence[tuple[int, ...]] = [tuple(range(n))]
    else:
        orders = list(itertools.permutations(range(n)))
    return [o for o in orders if seats[o[1]] == opposite[seats[o[0]]]]


def text_starter(game: Splut, order: Sequence[int]) -> int:
    """Who begins if the players sat down in ``order``: with 3 players the one to the right of the
    third ("De tegenstander rechts van hem begint het spel"), with 4 the fourth ("De vierde
    tegenstander ... begint"); with 2 the text names no starter and the first to sit begins."""
    seats = seats_of(game)
    n = game.num_players
    if n == 3:
        assert fact("starter-three") == "right of the third"
        return seats.index(fact("right-of")[seats[order[2]]])
    if n == 4:
        assert fact("starter-four") == "the fourth"
        return order[3]
    return order[0]


@theorem(
    "splut.start",
    lambda game: (
        f"With {game.num_players} players, the start is the rulebook's: four rocks ('Er staan altijd 4 rotsen "
        "op het spelbord'), on the four tips ('De 4 vakken met slechts één aangrenzend vak'); "
        f"{game.num_players} teams, each of a sorcerer, a troll and a dwarf, on the squares of its seat — "
        "the dwarf in front of the rock, the troll to its right, the sorcerer to its left, as "
        "the start-positions option reads right and left —, the seats those of the seating "
        "option; the starter the text names ('De tegenstander rechts van hem begint', 'De "
        "vierde tegenstander ... begint') to move, with one step ('slechts recht op één "
        "beweging'; three under steps-per-turn = always-three). Every value from the "
        "rulebook's facts (exhaustive). " + under_readings(game, ("start-positions", "seating",
                                                              "steps-per-turn"))
    ),
    clauses=("splut.onderdelen.stukken", "splut.onderdelen.vier-rotsen", "splut.begin.alle-rotsen",
             "splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.rotsen.vier",
             "splut.zet.eerste-een", "splut.zitten.drie-begin", "splut.zitten.vier-begin"),
    method="exhaustive",
    fails_with=f"{CLAUSE_TESTS}::test_start_theorem_catches_a_wrong_start",
    depends_on=("players", "start-positions", "seating", "steps-per-turn"),
)
def check_start(game: Splut) -> Result:
    """The start of ``game`` (its player count and readings) against the rulebook's facts: four
    rocks, on the four tips; as many teams as players, each of a sorcerer, a troll and a dwarf, on
    the squares of its seat as the start-positions option places them; the text's starter to move,
    with the first turn's steps (steps-per-turn: 1, or 3 under always-three)."""
    start = game.initial_state()
    n = game.num_players
    view = fact(f"start-{game.reading('start-positions')}")
    seats = seats_of(game)
    if len(start.rocks) != fact("rocks") or sorted(NAMES[r] for r in start.rocks) != sorted(
        fact("rock-squares")
    ):
        return _refute(game, start, f"the rocks start on {[NAMES[r] for r in start.rocks]}, "
                                    f"not on the {fact('rocks')} tips {fact('rock-squares')}")
    if len(start.pieces) != n:
        return _refute(game, start, f"{len(start.pieces)} teams for {n} players")
    for p, seat in enumerate(seats):
        if view[seat]["rock"] not in {NAMES[r] for r in start.rocks}:
            return _refute(game, start, f"no rock on {view[seat]['rock']} in front of {seat}")
        for k, piece in enumerate(fact("team")):
            where = start.pieces[p][k]
            if where == OFF or NAMES[where] != view[seat][piece]:
                return _refute(game, start, f"player {p} ({seat}): its {piece} starts on "
                                            f"{NAMES.get(where, 'no square')}, the rulebook "
                                            f"says {view[seat][piece]}")
    starters = {text_starter(game, o) for o in sitting_orders(game)}
    opening = game.reading("steps-per-turn") == "opening"
    steps = fact("steps-first-turn") if opening else fact("steps-later")
    if start.to_move not in starters or (game.reading("seating") == "clockwise"
                                         and start.to_move != 0):
        return _refute(game, start, f"player {start.to_move} begins; the text's starter is one "
                                    f"of {sorted(starters)}")
    if (start.turn, start.steps_left, start.throw_from, start.moved_before, start.moved_now) != (
        0, steps, OFF, frozenset(), frozenset()
    ):
        return _refute(game, start, f"the first turn has {start.steps_left} steps, not {steps}")
    return Result.proved(f"{n} players: rocks, {n} teams of three, the starter and the first turn")


def next_seat(game: Splut, mover: int, alive: Sequence[int]) -> int:
    """Who moves after ``mover`` by the rulebook: the next player to the left ("de speler links van
    hem"), seat after seat, skipping seats that are empty or whose team has left; the mover again
    only if nobody else is left."""
    seats, left = seats_of(game), fact("left-of")
    seat = seats[mover]
    for _ in range(4):
        seat = left[seat]
        if seat in seats and seats.index(seat) in alive:
            return seats.index(seat)
    return mover


@theorem(
    "splut.seating",
    lambda game: (
        "Splut! is for 2 to 4 players ('Splut! ondersteunt 2 tot 4 spelers'): a game is made "
        f"for exactly those counts. With {game.num_players} players every player has a seat of its own, the "
        "second to sit down opposite the first ('tegenover de eerste tegenstander'), in an "
        "order of sitting down the text allows (under seating = seating-order: the players' "
        "numbers), and the first to move is the starter the text names for that order; after "
        "every turn, from every pattern of teams on the board (a team eliminated or a seat "
        "empty), the turn passes to the player on the mover's left ('gaat de beurt verder bij "
        "de speler links van hem'), skipping empty seats and teams that have left. Seats, "
        "opposite, left and right from the rulebook's facts (exhaustive). "
        + under_readings(game, ("seating",))
    ),
    clauses=("splut.verloop.spelers", "splut.zitten.twee", "splut.zitten.drie",
             "splut.zitten.drie-begin", "splut.zitten.vier", "splut.zitten.vier-begin",
             "splut.verloop.klok", "splut.zet.afwisselen", "splut.winnen.team-weg"),
    method="exhaustive",
    fails_with=f"{CLAUSE_TESTS}::test_seating_theorem_catches_a_wrong_order",
    depends_on=("players", "player-count", "seating"),
)
def check_seating(game: Splut) -> Result:
    """For the game's player count and seating option: the game can be made for exactly the
    rulebook's player counts; every player has its own seat; the second to sit down sits opposite
    the first ("tegenover"), in some order of sitting down the text allows — under seating-order
    in the order of the player numbers — and the first player to move is the starter the text
    names for that order; and, playing a step that ends a turn from every pattern of teams on the
    board (two or more, the mover among them), the next player is the one to the mover's left,
    skipping seats that are empty or whose team has left."""
    import itertools

    from castlerules.core.catalog import make
    from castlerules.core.errors import RulesError

    counts = fact("players")
    for k in range(min(counts) - 1, max(counts) + 2):
        try:
            made = make("splut", players=k).num_players
        except RulesError:
            made = None
        if (made == k) != (k in counts):
            return Result.refuted(f"players={k}: {'made' if made else 'refused'}",
                                  "the player counts are not the rulebook's 2 to 4")
    n = game.num_players
    seats = seats_of(game)
    start = game.initial_state()
    if len(set(seats)) != n or [s.name.lower() for s in game.seats] != seats:
        return _refute(game, start, f"the players sit {[s.name for s in game.seats]}, the "
                                    f"seating option says {seats}")
    orders = sitting_orders(game)
    if not orders or start.to_move not in {text_starter(game, o) for o in orders}:
        return _refute(game, start, f"player {start.to_move} begins: no order of sitting down "
                                    "the text allows makes that player the starter")
    checked = 0
    for size in range(2, n + 1):
        for alive in itertools.combinations(range(n), size):
            for mover in alive:
                pieces = tuple(t if p in alive else (OFF, OFF, OFF)
                               for p, t in enumerate(start.pieces))
                state = State(pieces=pieces, rocks=start.rocks, to_move=mover, turn=4,
                              steps_left=1)
                step = next(a for a in game.legal_actions(state) if isinstance(a, Step)
                            and a.frm == pieces[mover][0] and a.lev == OFF)
                after = game.successor(state, step)
                want = next_seat(game, mover, alive)
                if after.to_move != want or after.steps_left != fact("steps-later"):
                    return _refute(game, state, f"after player {mover}'s turn player "
                                                f"{after.to_move} moves; the rulebook says "
                                                f"player {want} (to the left)", step)
                checked += 1
    return Result.proved(f"{n} players: seats, starter and {checked} turn ends")


def clockwise_of(game: Splut) -> tuple[int, ...]:
    """The players in the order the turn passes ("de speler links van hem"), from player 0: seat
    after seat to the left, as the rulebook's facts say (never the game's own table)."""
    seats, left = seats_of(game), fact("left-of")
    order, seat = [], seats[0]
    for _ in range(4):
        if seat in seats:
            order.append(seats.index(seat))
        seat = left[seat]
    return tuple(order)
