"""The legality predicate ('Spelverloop', 'Het getal gooien', 'De kogel', 'De geheime doorgang',
'Het einde'): on every phase of a turn, every action the game can be asked about is legal exactly
when the rules list it, and a refused one names the rule of its kind and quotes it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from castlerules.core.spec import find_clause
from castlerules.core.theorem import Result, theorem
from castlerules.spookslot.game import Spookslot
from castlerules.spookslot.state import EXIT, START, Ball, Move, Pass, Passage, Phase, Roll, State
from castlerules.spookslot.theorems.common import (
    TESTS,
    _refute,
    clause_ids,
    move_depends,
    pawns_per_player,
)
from castlerules.spookslot.theorems.families import (
    _bookkeeping,
    _fill,
    _places,
    _roll_phases,
    _valid,
    long_bounce_states,
    move_states,
    passage_states,
)
from castlerules.spookslot.theorems.reading import Reading
from castlerules.spookslot.theorems.turn import _expected_actions


def over_states(game: Spookslot) -> Iterator[State]:
    """For every player: the game won by that player (every pawn of it out), the others behind the
    start."""
    n, per = game.num_players, game.pawns_per_player
    for p in range(n):
        pawns = tuple((EXIT,) * per if q == p else (START,) * per for q in range(n))
        first, released = _bookkeeping(game, pawns)
        yield State(pawns, p, Phase.OVER, 0, (), first, released, p)


def expected_legal(reading: Reading, game: Spookslot, state: State) -> set[Any]:
    """The actions the rules allow in ``state``: the reading's moves (and a pass when moving is
    optional or no pawn can move), the die's faces, the ball's traps, the passage decisions."""
    if state.phase is Phase.OVER:
        return set()
    if state.phase is Phase.MOVE:
        dest, _ = reading.moves(state)
        out: set[Any] = {Move(*key) for key in dest}
        if reading.forced == "optional" or not dest:
            out.add(Pass(state.turn))
        return out
    return _expected_actions(game, reading, state)


def expected_actors(state: State) -> frozenset[int]:
    """Who decides in ``state``, by the rules: the player whose turn it is chooses the move (or
    the pass); at the secret passage the owner of each pawn on a red star square decides for
    it; the die and the ball are chance, and nobody decides after the end."""
    if state.phase is Phase.MOVE:
        return frozenset((state.turn,))
    if state.phase is Phase.PASSAGE:
        return frozenset(p for p, _ in state.pending)
    return frozenset()


def strangers(game: Spookslot, state: State) -> tuple[Passage, ...]:
    """Passages that name a player the game does not have, and (with 5 or 6 players: a pawn b
    exists in no other game) a pawn its player does not have."""
    out = [Passage(game.num_players, 0, True)]
    if game.pawns_per_player == 1:
        out.append(Passage(state.turn, 1, True))
    return tuple(out)


def _rule_of(game: Spookslot, state: State, action: Any) -> set[str] | None:
    """The rules a refused ``action`` breaks by its kind, where its kind settles it (None: any
    rule clause): the end; the die, the ball and the passage at their moments; the turn's owner."""
    n = game.num_players
    if state.phase is Phase.OVER:  # the end clause of the player count: two pawns or one each
        two = pawns_per_player(n) == 2
        return {"spookslot.einde.twee-vier" if two else "spookslot.einde.vijf-zes"}
    if isinstance(action, Roll):
        return {"spookslot.beurt.dobbelen"}
    if isinstance(action, Ball):
        return {"spookslot.kogel.valstrik"}
    if isinstance(action, (Move, Pass, Passage)) and not 0 <= action.player < n:
        return {"spookslot.intro.spelers"}
    if isinstance(action, (Move, Passage)) and not 0 <= action.pawn < game.pawns_per_player:
        return {"spookslot.pionnen.aantal"}
    if isinstance(action, Passage):
        return {"spookslot.geheim.sterveld"}
    if (state.phase is Phase.MOVE and isinstance(action, (Move, Pass))
            and action.player != state.turn):
        return {"spookslot.pionnen.beginner"}
    return None


def chance_states(game: Spookslot) -> Iterator[State]:
    """The mover's pawn (the first player's, and the last's) on every square, the others behind
    the start: before the roll, after a ghost (the extra roll), and — on a danger square — before
    the ball drops."""
    n = game.num_players
    for turn in sorted({0, n - 1}):
        for q in _places(game):
            own = (q, START) if game.pawns_per_player == 2 else (q,)
            yield from _roll_phases(game, own, [], turn)
            pawns = _fill(game, own, [], turn)
            if pawns is not None and q in game.board.danger:
                first, released = _bookkeeping(game, pawns)
                state = State(pawns, turn, Phase.BALL, 0, (), first, released)
                if _valid(game, state):
                    yield state


def families(game: Spookslot) -> Iterator[tuple[str, Iterator[State]]]:
    """The positions the legality statement ranges over, named."""
    yield "rolls, extra rolls and ball drops (the mover on every square)", chance_states(game)
    yield "passage decisions", passage_states(game)
    yield "moves from every square with every face", move_states(game, 0)
    if game.num_players == 2:
        yield "moves of the longest bounces", long_bounce_states(game)
    yield "ends", over_states(game)


@theorem(
    "spookslot.legality",
    lambda game: (
        f"With {game.num_players} players, in every phase of a turn — before a roll and after a ghost with "
        "the mover's pawn on every square, before the ball drops, at every passage decision, "
        "at every move from every square with every face (for 2 players the longest bounces "
        "too), and at the end — every action the game can be asked about (every face, "
        "trap, pass, pawn, route and passage, and some that name no route or no pawn) is "
        "legal exactly when the rules list it (the step-by-step reading's moves, a pass "
        "when moving is optional or no pawn can move, the die's faces, the traps the ball "
        "reaches, the pending passages) and the legal actions are exactly those; a refused "
        "action names a clause and quotes it: a roll 'Spelverloop', a ball 'De kogel', a "
        "passage 'De geheime doorgang', a move or pass out of turn the turn order, a player "
        "or pawn the game does not have the player count or 'pionnen' (a passage too), "
        "anything after the end the end of the game. Who acts is the player to move at a "
        "move, the owners of the pending pawns at a passage decision, and nobody at a roll, "
        "a ball or the end. Exhaustive."
    ),
    clauses=clause_ids("beurt.dobbelen", "kogel.valstrik", "geheim.sterveld", "pionnen.beginner",
                     "getal.zetten", "exit.moet-verplaatsen", "exit.precies",
                     "exit.niet-springen", "routes.kiezen", "optioneel.geel-blijft-staan",
                     "einde.twee-vier", "einde.vijf-zes", "intro.spelers", "pionnen.aantal"),
    method="exhaustive",
    fails_with=f"{TESTS}::test_legality_catches_a_careless_predicate",
    depends_on=lambda game: (*move_depends(game), "trap-weights", "trap_weights"),
)
def check_legality(game: Spookslot) -> Result:
    """Exhaustive over ``families``: the players who act are ``expected_actors``; for every
    candidate action (``Spookslot.candidate_actions``: every face, trap, pass, pawn, route and
    passage, and some that name no route or no pawn; and the passages of ``strangers``) the
    legality predicate says legal exactly when ``expected_legal`` lists it, and the legal actions
    are exactly those; a refused action names a rule clause, quotes it, and — where the action's
    kind settles it (``_rule_of``) — the rule of that kind."""
    reading = Reading(game)
    states = asked = refused = 0
    said = []
    for what, family in families(game):
        before = states
        for state in family:
            want = expected_legal(reading, game, state)
            if not _valid(game, state):
                if state.phase is Phase.MOVE and want == {Pass(state.turn)}:
                    continue  # no pawn can move: not a position (the turn ends at the roll)
                return _refute(game, state, "the game refuses a position of the rules")
            states += 1
            if set(game.legal_actions(state)) != want:
                return _refute(game, state, f"the legal actions are not the rules' "
                               f"{sorted(map(str, want))}")
            actors = expected_actors(state)
            if game.actors(state) != actors:
                return _refute(game, state, f"the game says players {sorted(game.actors(state))} "
                               f"act, the rules {sorted(actors)}")
            for action in (*game.candidate_actions(state), *strangers(game, state)):
                asked += 1
                found = game.violation(state, action)
                if (found is None) != (action in want):
                    return _refute(game, state, f"the game says {found or 'legal'}, the rules "
                                   f"{'allow it' if action in want else 'do not'}", action)
                if found is None:
                    continue
                refused += 1
                rules = _rule_of(game, state, action)
                if find_clause(found.clause).nl != found.text_nl or (
                        rules is not None and found.clause not in rules):
                    return _refute(game, state, f"refused with {found.clause}, not "
                                   f"{' or '.join(sorted(rules or {'its own clause'}))}", action)
        said.append(f"{states - before} {what}")
    return Result.proved(f"{game.num_players} players, {asked} actions asked on {states} "
                         f"positions ({', '.join(said)}), {refused} refused")
