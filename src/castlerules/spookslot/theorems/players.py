"""Players ('Spookslot is een dobbel- en racespel voor 2 tot 6 spelers', 'Pionnen kiezen', 'Je gooit
een getal' with 4 and with 2 or 3 players, 'Einde van het spel'): the player counts, the set-up,
the turn order, who wins, and the mover's two pawns (or one) on every pair of places.

Every value checked here comes from the spec's ``[[fact]]`` entries (quoted from the rulebook) or
from the independent reading (``reading.Reading``), never from the rules code. Each check takes
the game it is about (its player count, board, options and readings).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from castlerules.core.errors import RulesError
from castlerules.core.theorem import Result, Status, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import (
    EXIT,
    GHOST,
    START,
    Move,
    Phase,
    State,
)
from castlerules.spookslot.theorems.common import (
    PLAYERS_TESTS,
    TESTS,
    _key,
    _position,
    _refute,
    clause_ids,
    fact,
    four_player,
    move_depends,
    pawns_per_player,
)
from castlerules.spookslot.theorems.families import _fill, _places, _valid, long_bounce_states
from castlerules.spookslot.theorems.moves import MoveCases, check_moves_and_successors
from castlerules.spookslot.theorems.reading import Reading


def remake(game: Spookslot, cls: type[Spookslot] | None = None, **changes: Any) -> Spookslot:
    """A game of the same class (or ``cls``) with ``game``'s options and readings and
    ``changes``."""
    spec = game.spec
    keyword = {i.id for i in spec.interpretations if i.keyword}
    readings = {
        k: v for k, v in game.readings.items()
        if k not in keyword and v != spec.interpretation(k).default
    }
    options = {k: v for k, v in {**game.options, **changes}.items()
               if k not in ("readings", "ruleset")}
    return (cls or type(game))(**options, readings=readings or None)


# -- the player counts -------------------------------------------------------------------------------
@theorem(
    "spookslot.player-counts",
    "The game is for 2 to 6 players (fact player-counts, 'voor 2 tot 6 spelers'): a game "
    "is made for exactly those counts (-1 to 9 tried), each with that many players.",
    clauses=clause_ids("intro.spelers"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_player_counts_catches_a_refused_sixth_player",
)
def check_player_counts(game: Spookslot) -> Result:
    """'... voor 2 tot 6 spelers': the game is made for exactly the player counts of the fact
    ``player-counts`` (from -1 to 9 tried), each with that many players in its start position."""
    allowed = set(fact("player-counts"))
    for n in range(-1, 10):
        try:
            made = remake(game, players=n, first_player=0)
        except RulesError:
            if n in allowed:
                return Result.refuted(f"a game of {n} players is refused", f"{n} players")
            continue
        if n not in allowed:
            return Result.refuted(f"a game of {n} players is made", f"{n} players")
        start = made.initial_state()
        if made.num_players != n or len(start.pawns) != n:
            return Result.refuted(f"a game made for {n} players has {len(start.pawns)} players")
    return Result.proved(f"players {sorted(allowed)} accepted, -1 to 9 otherwise refused")


# -- the set-up ----------------------------------------------------------------------------------------
@theorem(
    "spookslot.start-position",
    "For every player count and every first player: the game starts with every pawn behind "
    "the start line — the facts' pawns per player: two with 2 to 4 players, one with 5 or "
    "6 — and the first player (the oldest: the first_player option, default the fact "
    "first-player) rolls the die.",
    clauses=clause_ids("pionnen.aantal", "pionnen.start", "pionnen.beginner", "beurt.dobbelen",
                     "intro.spelers"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_start_theorem_catches_a_wrong_set_up",
    depends_on=("players", "first_player", "first-player"),
)
def check_start(game: Spookslot) -> Result:
    """The start position is the rulebook's set-up, for every first player of ``game``'s count:
    every pawn (facts ``pawns-per-player``) behind the start line (``start-place``), the first
    player rolls the die; with 4 players nobody has moved a first pawn yet. A first player who is
    not at the table (or no player number) and a ``no_yellow`` that is not true or false are
    refused."""
    n = game.num_players
    per = pawns_per_player(n)
    given = game.options.get("first_player", fact("first-player"))
    for first in range(n):
        g = game if first == given else remake(game, first_player=first)
        s = g.initial_state()
        want = State(((fact("start-place"),) * per,) * n, first, Phase.ROLL, 0, (),
                     (-1,) * n if n == 4 else (), (False,) * n if n == 4 else (), -1)
        if s != want:
            return _refute(g, s, f"first player {first}: the rules' set-up is "
                           f"{_position(g, want)}")
        if not g.is_chance(s) or g.actors(s) or g.is_terminal(s):
            return _refute(g, s, "the game does not begin with the first player's roll")
    for bad in ({"first_player": -1}, {"first_player": n}, {"first_player": True},
                {"first_player": "1"}, {"no_yellow": "yes"}):
        try:
            remake(game, **bad)
        except RulesError:
            continue
        return Result.refuted(f"{bad}", "an option value that names no player (or is no yes or "
                              "no) is accepted")
    return Result.proved(f"{n} players with {per} pawn(s) each behind the start line, for each "
                         f"of the {n} first players; the default first player is player "
                         f"{fact('first-player')}; a first player not at the table is refused")


# -- the turn order ------------------------------------------------------------------------------------
def _turn_starts(game: Spookslot, p: int) -> Iterator[State]:
    """Positions where player ``p`` is about to roll: every pawn behind the start line; ``p``'s
    pawn on the first danger square of the board; ``p``'s pawn on a red star square and the next
    player's on the other (the portrait opens the passage for both)."""
    b = game.board
    n = game.num_players
    danger = [q for q in b.ids if q in b.danger]
    stars = list(b.red_stars)
    layouts: list[dict[int, str]] = [{}, {p: danger[0]}]
    if len(stars) >= 2:
        layouts.append({p: stars[0], (p + 1) % n: stars[1]})
    for layout in layouts:
        pawns = tuple(
            (layout.get(i, START),) + (START,) * (game.pawns_per_player - 1) for i in range(n)
        )
        first = tuple(0 if pawns[i][0] != START else -1 for i in range(n)) if n == 4 else ()
        released = tuple(pawns[i][0] in b.lower for i in range(n)) if n == 4 else ()
        s = State(pawns, p, Phase.ROLL, 0, (), first, released)
        if _valid(game, s):
            yield s


@theorem(
    "spookslot.turn-order",
    "For every player count and every player: from every pawn behind the start, a pawn in "
    "danger, or pawns of this and the next player on the red star squares, through every "
    "chance outcome and every decision of the turn, the turn stays with the player until "
    "it ends and then passes clockwise (fact turn-order: the next player number, after "
    "the last the first), whoever began the game (every first_player).",
    clauses=clause_ids("pionnen.beginner", "beurt.dobbelen"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_turn_order_catches_a_skipped_player",
    depends_on=("players", "first_player", "ghost-reroll", "forced-move",
                "secret-passage"),
)
def check_turn_order(game: Spookslot) -> Result:
    """'De oudste speler begint. Daarna gaat de beurt met de klok mee' (fact ``turn-order``: the
    next player number, after the last the first): for every player of the game, every position
    of ``_turn_starts`` and every way the turn can go (every chance outcome, every decision), the
    turn stays with that player until it ends, and the next turn is the next player's — whoever
    began the game (every ``first_player``: who begins changes nothing of the order after)."""
    n = game.num_players
    count = 0
    for first in range(n):
        made = remake(game, first_player=first)
        found, count = _turn_order(made, count)
        if found is not None:
            return found
    return Result.proved(f"{count} positions within a turn, for each of the {n} players and each "
                         "first player: the turn ends with the next player (clockwise) to roll")


def _turn_order(game: Spookslot, count: int) -> tuple[Result | None, int]:
    """``check_turn_order`` for one game: a counterexample or None, and the positions seen."""
    n = game.num_players
    for p in range(n):
        want = (p + 1) % n
        for start in _turn_starts(game, p):
            todo, seen = [start], {start}
            while todo:
                s = todo.pop()
                count += 1
                if len(seen) > 5000:
                    return _refute(game, start, "one turn has more than 5000 positions"), count
                for action in game.legal_actions(s):
                    after = game.apply(s, action)
                    if after.phase is Phase.OVER:
                        continue
                    if after.phase is Phase.ROLL:
                        if after.turn != want:
                            return _refute(game, s, f"player {p}'s turn is followed by player "
                                           f"{after.turn}'s, not player {want}'s", action,
                                           after), count
                        continue
                    if after.turn != p:
                        return _refute(game, s, f"player {p}'s turn passes to player "
                                       f"{after.turn} before it ends", action, after), count
                    if after not in seen:
                        seen.add(after)
                        todo.append(after)
    return None, count


# -- who wins --------------------------------------------------------------------------------------------
def _variants(game: Spookslot, pawns: tuple[tuple[str, ...], ...],
              turn: int) -> Iterator[tuple[tuple[int, ...], tuple[bool, ...]]]:
    """Every 4-player bookkeeping (first pawn, release) of the player to move that the game's
    validation accepts; the other players as their pawns say (a moved first pawn a, released
    on the laboratory floor). Other counts: none."""
    if game.num_players != 4:
        yield (), ()
        return
    base_first, base_released = [], []
    for ps in pawns:
        moved = [k for k, q in enumerate(ps) if q != START]
        base_first.append(moved[0] if moved else -1)
        lead = ps[moved[0]] if moved else START
        base_released.append(lead in game.board.lower or lead == EXIT or len(moved) > 1)
    for f, free in itertools.product((-1, 0, 1), (False, True)):
        first = list(base_first)
        released = list(base_released)
        first[turn], released[turn] = f, free
        yield tuple(first), tuple(released)


@theorem(
    "spookslot.winner",
    "For every player count and every player moving a pawn onto the Exit, whatever the "
    "mover's other pawn does (behind the start, every square, escaped) and whether another "
    "player has a pawn out: the moves onto the Exit are the rules', and the game ends "
    "exactly when every pawn of the mover is out "
    "(fact pawns-to-win: both with 2-4 players, the one with 5 or 6), with the mover as "
    "the only winner, the game saying why by the clause of the pawns that win; before that "
    "nobody has won.",
    clauses=clause_ids("doel.winnen-twee-pionnen", "doel.winnen-een-pion", "einde.twee-vier",
                     "einde.vijf-zes", "exit.ontsnapt", "doel.race"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_winner_catches_a_win_with_one_pawn",
    depends_on=lambda game: ("players", *four_player(game)),
)
def check_winner(game: Spookslot) -> Result:
    """For every player as the mover, a pawn one square before the Exit rolling 1, the mover's other
    pawn (2-4 players) behind the start, on every square or escaped, and another player with or
    without an escaped pawn: the moves onto the Exit are the rules' (an exact roll), and the game
    ends exactly when every pawn of the mover is out (fact
    ``pawns-to-win``: both with 2-4 players, the one with 5 or 6), and then the mover alone has
    won; before that nobody has won and the next player rolls."""
    n = game.num_players
    need = int(fact("pawns-to-win")[str(n)])
    per = game.pawns_per_player
    places = [START, *game.board.ids, EXIT]
    reading = Reading(game)
    # why the game ended: the clause of the pawns the fact says win (both, or the one)
    ended = "spookslot.doel.winnen-twee-pionnen" if need == 2 else "spookslot.doel.winnen-een-pion"
    count = 0
    if 1 not in {f for f in game._faces if f != GHOST}:
        faces = sorted(f for f in game._faces if f != GHOST)
    else:
        faces = [1]
    for p in range(n):
        other = (p + 1) % n
        for last, face in itertools.product(game.board.ids, faces):
            if game.board.shortest(last, EXIT) != face:
                continue
            mates = [(last,)] if per == 1 else [(last, q) for q in places] + [(q, last)
                                                                               for q in places]
            theirs: list[list[str]] = [[]] if per == 1 else [[], [EXIT, game.board.ids[0]]]
            for mine, their in itertools.product(mates, theirs):
                pawns = _fill(game, mine, [], p)
                assert pawns is not None
                if their:
                    pawns = tuple(tuple(their) if i == other else ps for i, ps in enumerate(pawns))
                for first, released in _variants(game, pawns, p):
                    s = State(pawns, p, Phase.MOVE, face, (), first, released)
                    if not _valid(game, State(pawns, p, Phase.ROLL, 0, (), first, released)):
                        continue
                    if game.winners(s) or game.is_terminal(s):
                        return _refute(game, s, "the game is over before anyone escaped")
                    want = {m for m, d in reading.moves(s)[0].items() if d == EXIT}
                    got = {_key(m) for m, d in game.moves(s).items() if d == EXIT}
                    if want != got:
                        return _refute(game, s, f"the moves onto the Exit are {sorted(got)}, "
                                       f"not the rules' {sorted(want)}")
                    for action in game.legal_actions(s):
                        if not isinstance(action, Move):
                            continue
                        count += 1
                        after = game.apply(s, action)
                        out = sum(q == EXIT for q in after.pawns[p])
                        over = out == need
                        if game.is_terminal(after) != over:
                            return _refute(game, s, f"with {out} of the mover's pawns out the game "
                                           f"{'goes on' if over else 'ends'}", action, after)
                        if game.winners(after) != (frozenset({p}) if over else frozenset()):
                            return _refute(game, s, f"the winners are {set(game.winners(after))}",
                                           action, after)
                        if over and (game.legal_actions(after) or game.actors(after)):
                            return _refute(game, s, "the game goes on after it was won", action,
                                           after)
                        if over and game.termination(after).clause != ended:
                            return _refute(game, s, f"the game says it ended by "
                                           f"{game.termination(after).clause}, not {ended}",
                                           action, after)
    if not count:
        return Result.refuted("no move next to the Exit was checked", "vacuous")
    return Result.proved(f"{count} moves next to the Exit, every player moving: the game ends "
                         f"exactly when the mover's {need} pawn(s) are out, with the mover as "
                         "the one winner")


# -- the mover's pawns on every pair of places -------------------------------------------------------
def pair_states(game: Spookslot) -> Iterator[State]:
    """MOVE positions: the last player to move (the move passes the turn round to the first;
    spookslot.moves-reference has the first player move too); with 2-4 players the mover's two
    pawns on every ordered pair of places (behind the start, the start line under its reading,
    every square, escaped — so a player whose first pawn has escaped while the second is on the
    board is among them), every other pawn behind the start; with 5 or 6 players the mover's one
    pawn on every place and the next player's pawn behind the start or on every square; every
    number of the die; with 4 players every first pawn and release the game's validation accepts
    (the first pawn a or b, released or not, whatever the floor of either)."""
    n, per = game.num_players, game.pawns_per_player
    places = [*_places(game), EXIT]
    faces = sorted(f for f in game._faces if f != GHOST)
    turn = n - 1
    layouts: list[tuple[tuple[str, ...], list[str]]]
    if per == 2:
        layouts = [(pair, []) for pair in itertools.product(places, repeat=2)
                   if pair != (EXIT, EXIT)]
    else:
        layouts = [((q,), [r]) for q in places if q != EXIT
                   for r in [START, *game.board.ids]]
    for mine, others in layouts:
        pawns = _fill(game, tuple(mine), others, turn)
        if pawns is None:
            continue
        for first, released in _variants(game, pawns, turn):
            if not _valid(game, State(pawns, turn, Phase.ROLL, 0, (), first, released)):
                continue
            for face in faces:
                yield State(pawns, turn, Phase.MOVE, face, (), first, released)


PAIRS = ("the last player to move, the mover's two pawns on every ordered pair of places "
         "(behind the start, every square, escaped; 5-6 players: the one pawn and another "
         "player's), every number, every consistent 4-player bookkeeping")


@theorem(
    "spookslot.one-pawn-per-roll",
    f"For {PAIRS}: every legal move moves exactly the pawn it names, of the player to move, "
    "the whole roll to where the rules say, and no other pawn: a roll is never split over "
    "two pawns ('Je mag de worp niet over twee pionnen verdelen').",
    clauses=clause_ids("getal.niet-verdelen", "getal.zetten"),
    method="exhaustive",
    call=lambda check, game: check(pair_cases(game)),
    fails_with=f"{PLAYERS_TESTS}::test_one_pawn_per_roll_catches_a_split_roll",
    depends_on=("players", "forced-move", "no-yellow", "no_yellow"),
)
def check_one_pawn(cases: Any) -> Result:
    """'Je mag de worp niet over twee pionnen verdelen': every legal move moves exactly one pawn —
    the one it names, of the player to move — from where it stood to where the rules say, and no
    other pawn (a move that drops the ball moves nothing else until the ball falls)."""
    game = cases.game
    count = 0
    for s, dest, _ in cases.cases():
        for action in game.legal_actions(s):
            if not isinstance(action, Move):
                continue
            count += 1
            after = game.apply(s, action)
            changed = [(p, k) for p, (ps, qs) in enumerate(zip(s.pawns, after.pawns))
                       for k, (a, b) in enumerate(zip(ps, qs)) if a != b]
            target = dest.get(_key(action))
            if changed != [(s.turn, action.pawn)] or after.pawns[s.turn][action.pawn] != target:
                return _refute(game, s, f"the move changed pawns {changed} (ending on "
                               f"{after.pawns[s.turn][action.pawn]}), not only pawn "
                               f"{action.pawn} of player {s.turn} to {target}", action, after)
    if not count:
        return Result.refuted("no move was checked", "vacuous")
    return Result.proved(f"{count} moves: each moves exactly the pawn it names, the whole roll")


@theorem(
    "spookslot.pawn-choice",
    f"For {PAIRS}: the pawns the player may move are exactly the pawns that can move "
    "(each alone, by the step-by-step reading, the 4-player rule applied) — forced-move "
    "any-pawn and optional: every one of them (optional: or pass, when one can move); "
    "lead-pawn: those of them nearest the Exit by the board's distance (the fewest "
    "steps; behind the start line one step before the first square, or, under "
    "start-line = line-square, one step before the line).",
    clauses=clause_ids("getal.zetten", "getal.niet-verdelen", "exit.moet-verplaatsen",
                     "exit.blijft-staan"),
    method="exhaustive",
    call=lambda check, game: check(pair_cases(game)),
    fails_with=f"{PLAYERS_TESTS}::test_pawn_choice_catches_behind_the_line_as_near_as_it",
    depends_on=move_depends,
)
def check_pawn_choice(cases: Any) -> Result:
    """'Je zet één van je pionnen precies zoveel velden vooruit als het getal aangeeft', with the
    game's forced-move reading, stated on the outcome: over ``pair_states``, the pawns the game
    lets move are exactly the pawns that can move by themselves (each alone by the step-by-step
    reading, the four-player rule applied) — under any-pawn and optional all of them, under
    lead-pawn those of them nearest the Exit: the fewest steps along the board to the Exit, behind
    the start line one step before the first square, or one step before the line where the line
    is a square of its own (start-line = line-square). Under optional a pass is legal exactly
    when a pawn can move."""
    game = cases.game
    reading: Reading = cases.reading
    forced = game.reading("forced-move")
    count = 0
    for s, _dest, _ in cases.cases():
        p = s.turn
        actions = game.legal_actions(s)
        moved = sorted({a.pawn for a in actions if isinstance(a, Move)})
        can = [k for k, q in enumerate(s.pawns[p])
               if q != EXIT and not reading.locked(s, p, k) and reading.pawn_moves(s, k)]
        want = can
        if forced == "lead-pawn" and can:
            near = min(reading.distance(s.pawns[p][k]) for k in can)
            want = [k for k in can if reading.distance(s.pawns[p][k]) == near]
        count += 1
        if moved != want:
            shown = ", ".join(f"{'ab'[k]} on {s.pawns[p][k]} ({reading.distance(s.pawns[p][k])} "
                              "steps from the Exit)" for k in can) or "none"
            return _refute(game, s, f"the game lets pawn(s) {[('ab'[k]) for k in moved]} move; "
                           f"the pawns that can move are {shown}, so under forced-move = "
                           f"{forced} the rules let {[('ab'[k]) for k in want]} move")
        passes = any(not isinstance(a, Move) for a in actions)
        if passes != (forced == "optional" and bool(can)):
            return _refute(game, s, f"a pass is {'legal' if passes else 'not legal'} under "
                           f"forced-move = {forced}")
    if not count:
        return Result.refuted("no move position was checked", "vacuous")
    return Result.proved(f"{count} move positions: the pawns that may move are those the "
                         f"forced-move reading ({forced}) names")


# -- the four-player rule ----------------------------------------------------------------------------
@theorem(
    "spookslot.second-pawn-waits",
    f"For {PAIRS}: with 4 players (fact second-pawn-waits-players) the second pawn moves "
    "only once the first pawn stands on the laboratory floor (fact release-floor) or has "
    "escaped — under once-reached also once it has stood there — the pawn moved first is "
    "recorded as the first pawn and the release as it happens; with 2, 3, 5 or 6 players "
    "every pawn that can move may move (fact second-pawn-free-players).",
    clauses=clause_ids("getal.vier-spelers", "getal.twee-drie-spelers"),
    method="exhaustive",
    call=lambda check, game: check(game, pair_cases(game)),
    fails_with=f"{TESTS}::test_second_pawn_check_catches_a_pawn_that_does_not_wait",
    depends_on=lambda game: ("players", *four_player(game)),
)
def check_second_pawn(game: Spookslot, cases: Any) -> Result:
    """'Met 4 spelers ... Je tweede pion mag pas bewegen als je eerste pion helemaal van de trap af
    is en op een veld van de laboratoriumverdieping staat' (facts ``second-pawn-waits-players``,
    ``release-floor``); 'Met 2 of 3 spelers mag je vanaf het begin met beide pionnen naar beneden'
    (``second-pawn-free-players``). Over ``pair_states``: with 4 players a pawn moves only if it
    is the first pawn, or the first pawn stands on the laboratory floor or has escaped, or (reading
    once-reached) the first pawn has stood there; a pawn moved first becomes the first pawn, and
    the release is recorded as it happens. With any other count both pawns move whenever the
    rules let each move."""
    n = game.num_players
    waits = n in fact("second-pawn-waits-players")
    floor = fact("release-floor")
    lower = {sq.id for sq in game.board.squares if sq.floor == floor}
    sticky = game.reading("four-player-second-pawn") == "once-reached"
    reading: Reading = cases.reading
    count = 0
    for s, _dest, _ in cases.cases():
        p = s.turn
        moved = {a.pawn for a in game.legal_actions(s) if isinstance(a, Move)}
        for k in range(game.pawns_per_player):
            on_board = s.pawns[p][k] != EXIT
            if not on_board:
                continue
            alone = reading.pawn_moves(s, k)
            first = s.first[p] if waits else -1
            if first in (-1, k) or not waits:
                free = True
            else:
                lead = s.pawns[p][first]
                free = lead in lower or lead == EXIT or (sticky and s.released[p])
            if not free and k in moved:
                return _refute(game, s, f"pawn {'ab'[k]} moved while the first pawn "
                               f"{'ab'[first]} is on {s.pawns[p][first]}")
            if free and alone and k not in moved and game.reading("forced-move") != "lead-pawn":
                return _refute(game, s, f"pawn {'ab'[k]} may move but the game does not let it")
        if not waits:
            continue
        for action in game.legal_actions(s):
            if not isinstance(action, Move):
                continue
            count += 1
            after = game.apply(s, action)
            f = s.first[p] if s.first[p] != -1 else action.pawn
            lead = after.pawns[p][f]
            released = s.released[p] or lead in lower or lead == EXIT
            if after.first[p] != f or (after.phase is not Phase.OVER
                                        and after.released[p] != released):
                return _refute(game, s, f"after the move the first pawn should be {'ab'[f]}, "
                               f"released: {released}", action, after)
    if waits and not count:
        return Result.refuted("no move of a 4-player position was checked", "vacuous")
    what = "with 4 players the second pawn waits" if waits else "nobody waits"
    return Result.proved(f"{what}; {count} moves with their first-pawn bookkeeping")


def pair_cases(game: Spookslot) -> MoveCases:
    """The mover's two pawns on every ordered pair of places (``pair_states``)."""
    return MoveCases(game, 0, family=lambda: pair_states(game), what=PAIRS)


@theorem(
    "spookslot.pawn-pairs",
    f"For {PAIRS}: the game's legal moves (and the pass, under forced-move = optional) "
    "equal the step-by-step reading — with two pawns the player moves one that can move "
    "(forced-move: any of them; lead-pawn: the one nearest the Exit when it can; "
    "optional: or passes), a pawn that cannot move stays and the other may try — and "
    "every move leads to the position the rules give (escape, win, the ball, the next "
    "player).",
    clauses=clause_ids("getal.zetten", "getal.niet-verdelen", "exit.moet-verplaatsen",
                     "exit.blijft-staan", "exit.ontsnapt", "optioneel.geel-blijft-staan",
                     "getal.vier-spelers", "getal.twee-drie-spelers", "doel.winnen-twee-pionnen"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_pawn_pairs_catches_a_lead_pawn_that_is_not_nearest",
    depends_on=move_depends,
)
def check_pawn_pairs(game: Spookslot) -> Result:
    """The moves and successors of the pawn pairs of ``game`` against the step-by-step reading."""
    return check_moves_and_successors(pair_cases(game))


@theorem(
    "spookslot.long-bounces",
    "For the game's die and for the die 1, 2, 3, 4, 5, 6 (the largest faces the die_faces "
    "option allows): the mover's pawn on every place, every number, every way forward, "
    "and a row of 0 up to every other pawn of the game standing from the rolled square "
    "on: the game's moves and their successors equal the step-by-step reading — a bounce "
    "passes the whole row to the first free square, or (before the Exit) the pawn stays.",
    clauses=clause_ids("eindigen.bezet", "getal.zetten", "getal.tellen", "exit.niet-springen",
                     "exit.blijft-staan"),
    method="exhaustive",
    fails_with=f"{PLAYERS_TESTS}::test_long_bounces_catch_a_window_too_short",
    depends_on=lambda game: (*move_depends(game), "die-faces"),
)
def check_long_bounces(game: Spookslot) -> Result:
    """``long_bounce_states`` of ``game`` and of ``game`` with the die 1-6."""
    details = []
    for g in (game, remake(game, die_faces=[1, 2, 3, 4, 5, 6])):
        def family(g: Spookslot = g) -> Iterator[State]:
            return long_bounce_states(g)

        cases = MoveCases(g, 0, family=family, what="rows of pawns")
        result = check_moves_and_successors(cases)
        if result.status is not Status.PROVED:
            return result
        details.append(result.detail)
    return Result.proved("; ".join(details))
