"""Games that end ('Wie als eerste ... via het Exitveld uit het kasteel heeft gebracht'): the
options ``Spookslot`` accepts are exactly those under which one pawn, from every place it can come
to, can still reach the Exit — checked against a model of one pawn built from the board data and
the rulebook's sentences, not from the game's code.

The model (``pawn_model``) reads the board's squares, colours, traps, fallbacks, stars and
successors, and the readings as plain switches. In a turn the pawn's owner rolls:

- a number ``r``: the pawn walks ``r`` squares along a route of its owner's choice; exactly onto the
  Exit it escapes ('precies op het Exitveld'); past the Exit it cannot move, or under
  ``exit-exact = count-back`` it turns at the Exit and ends ``2d - r`` squares ahead; with the
  optional rule it may not end on yellow; a move it cannot make leaves it where it is (under
  ``forced-move = optional`` it may also stay). On a danger square the ball drops: each trap the
  ball can reach fires — its danger zone goes back to its fallback square, the portrait opens the
  passage from a red star square to the green star (``secret-passage``: the owner chooses, or it
  always goes);
- the ghost: on a danger square the ball drops; elsewhere the owner rolls again ('nog een keer'),
  and a second ghost ends the turn (``ghost-reroll = until-number``: rolls until a number).

Other players may drop the ball while the pawn is in danger (not under ``ball-once =
mover-only``), and their pawns may fill up to as many squares as they have pawns where the pawn's
move ends, so that it bounces on ('naar het eerstvolgende vrije veld'; a bounce never reaches the
Exit; past the Exit it bounces back towards the pawn; squares pawns may share under
``shared-squares = always`` are never bounced over; after the counted square the bounce takes the
route ``route-choice`` and ``bounce-at-fork`` give). Bounces count for where a pawn can come, not as
a way out; a place is stuck when the Exit cannot be reached from it by the owner's turns and the
balls of others.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from typing import Any

import attrs

from castlerules.core.errors import RulesError
from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.board import Board
from castlerules.spookslot.ending import stuck_places
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import EXIT, GHOST, LINE, START, TRAPS
from castlerules.spookslot.theorems.chain import policy_branch
from castlerules.spookslot.theorems.common import ENDING, PLAYERS_TESTS, clause_ids
from castlerules.spookslot.theorems.players import remake

#: Every face the die may have (the ghost as 0).
FACES = (1, 2, 3, 4, 5, 6, GHOST)
#: The option sets the campaign reported (six 5s; every ball to the stairs): both must be refused.
REPORTED: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...] = (
    ((5,), TRAPS),
    ((1, 2, 3, 4, GHOST), ("stairs",)),
)


class _Unchecked(Spookslot):
    """The game with any options, also ones the game refuses: what it would play."""

    def _check_die(self) -> None:
        return None

    def _check_ending(self) -> None:
        return None


def _unchecked(game: Spookslot, **changes: Any) -> Spookslot:
    return remake(game, _Unchecked, **changes)


@attrs.frozen
class Switches:
    """The readings and counts the model reads, as plain values (``Switches.of(game)``)."""

    count_back: bool
    line: bool
    until_number: bool
    mover_only: bool
    always_passage: bool
    optional: bool
    share_always: bool
    count_square: bool
    bounce_fork: str
    bounce_route: str
    no_yellow: bool
    others: int

    @classmethod
    def of(cls, game: Spookslot) -> Switches:
        r = game.reading
        route = "safe" if r("route-choice") == "bounce-safe" else "choose"
        return cls(
            count_back=r("exit-exact") == "count-back",
            line=r("start-line") == "line-square",
            until_number=r("ghost-reroll") == "until-number",
            mover_only=r("ball-once") == "mover-only",
            always_passage=r("secret-passage") == "always",
            optional=r("forced-move") == "optional",
            share_always=r("shared-squares") == "always",
            count_square=r("bounce-colour") == "count-square",
            bounce_fork="safe" if route == "safe" else r("bounce-at-fork"),
            bounce_route=route,
            no_yellow=game.no_yellow,
            others=(game.num_players - 1) * (2 if game.num_players <= 4 else 1),
        )


def _walks(board: Board, q: str, length: int, line: bool) -> Iterator[tuple[str, ...]]:
    """Every walk of up to ``length`` steps forward from ``q`` (the Exit ends one)."""
    first = {START: (LINE,) if line else (board.start,), LINE: (board.start,)}

    def grow(at: str, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if len(path) == length or at == EXIT:
            yield path
            return
        for nxt in first.get(at) or board.next[at]:
            yield from grow(nxt, (*path, nxt))

    yield from grow(q, ())


def _branch_ok(board: Board, path: tuple[str, ...], start: tuple[str, ...], step: int,
               rule: str) -> bool:
    """Whether the bounce step ``step`` (1-based) of ``path`` follows ``rule`` at a fork."""
    at = start[0] if step == 1 else path[step - 2]
    if at in (START, LINE) or len(board.next.get(at, ())) < 2 or rule == "choose":
        return True
    return path[step - 1] == policy_branch(board, at, rule)


@functools.lru_cache(maxsize=512)
def pawn_model(board: Board, faces: frozenset[int], traps: frozenset[str],
               s: Switches) -> tuple[frozenset[str], frozenset[str]]:
    """(places, stuck) of one pawn under the model (see the module docstring)."""
    zone = {q: t for t in TRAPS for q in (sq.id for sq in board.squares if sq.trap == t)}
    reds = set(board.red_stars)
    numbers = sorted(f for f in faces if f != GHOST)

    def ball(q: str) -> set[str]:
        out = set()
        for t in traps:
            if zone.get(q) == t:
                out.add(board.fallback[q])
            elif t == "portrait" and q in reds and board.green_star is not None:
                out.add(board.green_star)
                if not s.always_passage:
                    out.add(q)
            else:
                out.add(q)
        return out

    def after(dest: str, trigger: str) -> set[str]:
        if dest == EXIT:
            return {EXIT}
        if trigger in board.danger and dest in board.danger:
            return ball(dest)
        return {dest}

    def landing(q: str, r: int, bounce: int) -> dict[frozenset[str], set[str]]:
        """Where a move of ``r`` from ``q`` can end, by the squares other pawns fill for it (up to
        ``bounce`` of them; none: the pawn alone)."""
        out: dict[frozenset[str], set[str]] = {}

        def add(run: tuple[str, ...], ends: set[str]) -> None:
            out.setdefault(frozenset(run), set()).update(ends)

        for path in _walks(board, q, r + bounce, s.line):
            d = path.index(EXIT) + 1 if EXIT in path else None
            if d is not None and r == d:
                add((), {EXIT})
                continue
            if d is not None and r > d:
                if not s.count_back or 2 * d - r < 1:
                    continue
                t = 2 * d - r
                for j in range(t, max(1, t - bounce) - 1, -1):
                    dest = path[j - 1]
                    if j < t and not _blocking(path[j], s, board):
                        break
                    if not (s.no_yellow and dest in board.yellow):
                        add(path[j:t], after(dest, path[t - 1] if s.count_square else dest))
                continue
            if len(path) < r:
                continue
            for j in range(r, r + bounce + 1):
                if j > len(path) or (d is not None and j >= d):
                    break
                if j > r and not (_blocking(path[j - 2], s, board) and _branch_ok(
                        board, path, (q,), j, s.bounce_fork if j == r + 1 else s.bounce_route)):
                    break
                dest = path[j - 1]
                if not (s.no_yellow and dest in board.yellow):
                    add(path[r - 1 : j - 1], after(dest, path[r - 1] if s.count_square else dest))
        return out

    def turn(q: str) -> set[str]:
        moved: set[str] = set()
        for r in numbers:
            ends = landing(q, r, 0).get(frozenset(), set())
            moved |= ends if ends else {q}
            if ends and s.optional:
                moved.add(q)
        out: set[str] = set()
        for f in faces:
            if f != GHOST:
                continue
            if q in board.danger:
                out |= ball(q)
            else:
                out |= moved | (set() if s.until_number else {q})
        return out | moved

    ways: dict[str, set[str]] = {}
    reach: dict[str, set[str]] = {}
    todo = [START]
    grew = True
    while grew:  # a bounce needs pawns standing on its squares: places, found as they grow
        while todo:
            q = todo.pop()
            if q in ways:
                continue
            if q == EXIT:
                ways[q], reach[q] = set(), set()
                continue
            ways[q] = turn(q) | (ball(q) if q in board.danger and not s.mover_only else set())
            reach[q] = set(ways[q])
            todo.extend(ways[q] - ways.keys())
        grew = False
        standing = ways.keys() - {START, LINE, EXIT}
        for q in list(ways):
            for r in numbers if q != EXIT else ():
                for run, ends in landing(q, r, s.others).items():
                    if run and run <= standing and not ends <= reach[q]:
                        reach[q] |= ends
                        todo.extend(ends - ways.keys())
                        grew = True
    good = {EXIT}
    changed = True
    while changed:  # the places from which the Exit can be reached, by the turns alone
        changed = False
        for q, nxt in ways.items():
            if q not in good and nxt & good:
                good.add(q)
                changed = True
    places = frozenset(reach)
    return places, frozenset(places - good)


def _blocking(q: str, s: Switches, board: Board) -> bool:
    """Whether a pawn on ``q`` makes a move ending there bounce on."""
    if q in (START, LINE, EXIT):  # places off the board are never taken
        return False
    if not s.share_always:
        return True
    return q not in board.blue and q != board.green_star


def _die(faces: tuple[int, ...]) -> list[int | str]:
    return ["ghost" if f == GHOST else f for f in itertools.islice(itertools.cycle(faces), 6)]


def _weights(traps: tuple[str, ...]) -> dict[str, int]:
    return {t: int(t in traps) for t in TRAPS}


def option_sets(every: bool) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The die faces and the traps the ball reaches: every set of each (``every``), else the
    reported ones."""
    if not every:
        return list(REPORTED)
    dice = [c for k in range(1, len(FACES) + 1) for c in itertools.combinations(FACES, k)]
    balls = [c for k in range(1, len(TRAPS) + 1) for c in itertools.combinations(TRAPS, k)]
    return [(d, b) for d in dice for b in balls]


@theorem(
    "spookslot.options-end",
    "A game can always still end ('wie als eerste ... uit het kasteel heeft gebracht'): "
    "for the game's own die, ball, board, player count and readings, and for the "
    "campaign's two option sets (six 5s; every ball to the stairs), the options are "
    "refused exactly when one pawn can come to a place from which it never reaches the "
    "Exit — its owner's turns (every outcome of the die and the ball, every choice) and "
    "the balls other players drop, with the other players' pawns in its way — and the "
    "places and stuck places the game's check finds, with the game's own rules, are "
    "those of a model of one pawn read from the board data and the rulebook's sentences.",
    clauses=clause_ids("doel.race", "einde.twee-vier", "einde.vijf-zes", "beurt.dobbelen",
                     "getal.zetten", "exit.precies", "spook.kogel", "spook.nog-een-keer",
                     "kogel.valstrik", "geschrokken.terug", "geheim.sterveld", "eindigen.bezet"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_options_end_catches_a_check_blind_to_others_balls",
    depends_on=ENDING,
)
@theorem(
    "spookslot.options-end-every",
    "As spookslot.options-end, for every set of die faces (127: each non-empty set of "
    "1-6 and the ghost) and every set of traps the ball reaches (15) on the game's board "
    "with its player count and readings: the options are refused exactly when the model "
    "of one pawn finds a place it can come to and never leave for the Exit, place by "
    "place as the game's check finds them.",
    clauses=clause_ids("doel.race", "einde.twee-vier", "einde.vijf-zes", "beurt.dobbelen",
                     "getal.zetten", "exit.precies", "kogel.valstrik", "geschrokken.terug"),
    method="exhaustive",
    call=lambda check, game: check(game, every=True),
    deep=True,
    fails_with=f"{PLAYERS_TESTS}::test_options_end_catches_a_check_blind_to_others_balls",
    depends_on=ENDING,
)
def check_ending(game: Spookslot, every: bool = False) -> Result:
    """The game's own options, and each option set of ``option_sets(every)`` on the game's board
    with its player count and readings: the game refuses the options exactly when the model finds
    a stuck place, and the places and stuck places the game's check finds are the model's."""
    s = Switches.of(game)
    cases: list[tuple[Any, Any]] = [(None, None), *option_sets(every)]
    refused = 0
    for faces, traps in cases:
        changes: dict[str, Any] = {}
        if faces is not None:
            changes = {"die_faces": _die(faces), "trap_weights": _weights(traps)}
        shown = "the game's options" if faces is None else (
            f"die {_die(faces)}, ball to {', '.join(traps)}")
        bare = _unchecked(game, **changes)
        want = pawn_model(bare.board, frozenset(bare._faces), frozenset(bare._traps), s)
        got = stuck_places(bare)
        try:
            remake(game, **changes)
            accepted = True
        except RulesError:
            accepted = False
        if got != want:
            return Result.refuted(
                f"{shown}: the game's check finds places {sorted(got[0])}, stuck "
                f"{sorted(got[1])}; the model {sorted(want[0])}, stuck {sorted(want[1])}", shown)
        enters = any(q not in (START, LINE) for q in want[0])
        if accepted != (enters and not want[1]):
            return Result.refuted(f"{shown} is {'accepted' if accepted else 'refused'}, but the "
                                  f"model finds stuck places {sorted(want[1])}", shown)
        if faces is not None and (faces, traps) in REPORTED and accepted:
            return Result.refuted(f"{shown}: the campaign's option set is accepted", shown)
        refused += not accepted
    what = "its own options and the campaign's two" if not every else (
        f"{len(cases) - 1} sets of die faces and traps and its own options")
    return Result.proved(f"{what}: the check agrees with the model place by place; "
                         f"{refused} refused")
