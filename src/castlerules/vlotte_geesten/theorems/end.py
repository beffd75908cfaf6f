"""The end of the game and who wins (vg.einde.*, vg.doel.winnaar; interpretation vg.interp.ties)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from castlerules.core.extras import z3
from castlerules.core.theorem import Result, Status, theorem, z3_prove
from castlerules.vlotte_geesten import kernel
from castlerules.vlotte_geesten.state import State
from castlerules.vlotte_geesten.theorems.common import (
    NO_POINTS,
    STATEMENT_TESTS,
    TESTS,
    TIES,
    reading,
    refuted_at,
    render_model,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import Box, Reference

# -- the end and who wins -------------------------------------------------------------------------


Winners = Callable[..., list[Any]]


@theorem(
    "vg.winner",
    "For every score vector (2-8 players), the winners are exactly the players with the "
    "highest score — or, when ties are a draw, the one player with more points than every "
    "other, and nobody when the highest score is shared (both options of the ties "
    "reading).",
    clauses=("vg.einde.winnaar", "vg.doel.winnaar"),
    method="z3",
    call=lambda check, game: check(game=game, every=True),
    all_options_of=(TIES,),
    fails_with=f"{TESTS}::test_winner_theorem_finds_the_lowest_score_winning",
)
def check_winner_flags_z3(
    winner_flags: Winners = kernel.winner_flags, game: Any = None,
    players: Sequence[int] = range(2, 9), every: bool = False,
) -> Result:
    """For every score vector: a player wins exactly when no other player has more points (shared)
    — or, under the draw reading, when every other player has fewer; someone always wins unless
    the reading is draw and the highest score is shared."""
    options = [False, True] if every else [
        game is not None and reading(game, TIES) == "draw"]
    for draw in options:
        result = _winner_flags_z3(winner_flags, draw, players)
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every score vector, {len(list(players))} player counts, "
                         f"{len(options)} reading(s)")


def _winner_flags_z3(winner_flags: Winners, draw: bool, players: Sequence[int]) -> Result:
    for n in players:
        scores = [z3.Int(f"score_p{i}") for i in range(n)]
        flags = winner_flags(scores, draw)
        top = [z3.And(*(scores[i] >= scores[j] for j in range(n) if j != i)) for i in range(n)]
        unique = [z3.And(*(scores[i] > scores[j] for j in range(n) if j != i)) for i in range(n)]
        claim = z3.And(
            *(flags[i] == (unique[i] if draw else top[i]) for i in range(n)),
            z3.Or(*flags) if not draw else z3.Or(*flags) == z3.Or(*unique),
        )
        def render(model: z3.ModelRef, shown: list[Any] = scores) -> str:
            return f"draw={draw}, " + render_model(model, shown)

        result = z3_prove(claim, render=render)
        if result.status is not Status.PROVED:
            return result
    return Result.proved(f"z3, every score vector, {len(list(players))} player counts")


def _end_scores(n: int, debt: bool) -> Iterator[tuple[int, ...]]:
    low = -2 if debt else 0
    for head in itertools.product(range(low, total_points() + 1), repeat=n - 1):
        last = total_points() - sum(head)
        if low <= last:
            yield (*head, last)


@theorem(
    "vg.end",
    "For each player count: a state is terminal exactly when the supply is empty; then "
    "nobody acts, nothing is legal and nothing is left to chance; before the end nobody "
    "has won; and at every end position (for up to 4 players; for more, the tied ends of "
    "vg.ties) the game names exactly the highest scores as winners (or the reading's draw).",
    clauses=("vg.einde.voorraad-leeg", "vg.einde.winnaar", "vg.doel.winnaar"),
    method="exhaustive",
    depends_on=("players", TIES, NO_POINTS),
    fails_with=f"{TESTS}::test_end_theorem_finds_a_game_that_goes_on",
)
def check_end(game: Any) -> Result:
    """The end: a state is terminal exactly when the supply is empty (z3, for every supply); then
    nobody acts, nothing is legal and there is no chance, every action is refused with
    vg.einde.voorraad-leeg; and ``winners`` names exactly the reference's winners for every end
    position (scores summing to 35, each from 0 — from -2 under debt — for up to 4 players); before
    the end nobody has won."""
    supply = z3.Int("supply")
    symbolic = game.is_terminal(State((0,) * game.num_players, supply, 0, 0))
    proof = z3_prove(symbolic == (supply == 0), assumptions=[supply >= 0])
    if proof.status is not Status.PROVED:
        return proof
    ref = Reference(game)
    box = Box(game)
    for state in box.terminal_states():
        if game.actors(state) or game.legal_actions(state) or game.is_chance(state):
            return box.refuted(state, "something may still happen after the end", ("supply",))
        for action in box.actions()[:3]:
            v = game.violation(state, action)
            if v is None or v.clause != "vg.einde.voorraad-leeg":
                return box.refuted(state, "an action is not refused at the end", ("supply",))
    for state in itertools.chain(box.chance_states(), box.round_states(rolls=1, profiles=1)):
        if game.is_terminal(state) or game.winners(state):
            return box.refuted(state, "a winner before the end", ("supply",))
    ends = 0
    if game.num_players <= 4:
        for scores in _end_scores(game.num_players, reading(game, NO_POINTS) == "debt"):
            state = State(scores, 0, 0, 0)
            if set(game.winners(state)) != ref.winners(scores):
                return box.refuted(state, f"the winners are {sorted(game.winners(state))}, not "
                                   f"{sorted(ref.winners(scores))}",
                                   tuple(f"p{i}" for i in ref.winners(scores)))
            ends += 1
    return Result.proved(f"z3 for the end; {ends} end positions, the right winners in each")




def tied_ends(n: int) -> Iterator[tuple[tuple[int, ...], frozenset[int]]]:
    """(end scores, the players sharing the top) for every k from 1 to n and every run of k
    consecutive seats sharing the highest score, the others below — every such end the 35 points
    allow (all n tied only when n divides 35), the scores summing to 35."""
    total = total_points()
    for k in range(1, n + 1):
        for start in range(n):
            top = frozenset((start + i) % n for i in range(k))
            rest = n - k
            for t in range(total // k, 0, -1):
                left = total - k * t
                if 0 <= left <= rest * (t - 1):
                    break
            else:
                continue
            scores = []
            for i in range(n):
                if i in top:
                    scores.append(t)
                else:
                    give = min(t - 1, left)
                    left -= give
                    scores.append(give)
            yield tuple(scores), top
            if k == n:
                break


@theorem(
    "vg.ties",
    "For each player count and both options of the ties reading, at every end where k "
    "players share the highest score (every k and every run of seats the 35 points "
    "allow): under shared those k win; under draw the one top player wins when k = 1 and "
    "nobody when k > 1.",
    clauses=("vg.einde.winnaar", "vg.doel.winnaar"),
    method="exhaustive",
    depends_on=("players",),
    all_options_of=(TIES,),
    fails_with=f"{STATEMENT_TESTS}::test_tie_theorem_finds_a_shared_win_under_draw",
)
def check_ties(game: Any) -> Result:
    """For the game's player count, under both options of the ties reading, at every end where k
    players share the highest score (``tied_ends``): under ``shared`` exactly those k win; under
    ``draw`` the one player with the highest score wins when k = 1, and nobody when k > 1."""
    n = game.num_players
    checked = 0
    for option in ("shared", "draw"):
        made = variant(game, readings={TIES: option})
        for scores, top in tied_ends(n):
            state = State(scores, 0, 0, 0)
            expected = set(top) if option == "shared" or len(top) == 1 else set()
            found = set(made.winners(state))
            if found != expected:
                return refuted_at(made, state, f"ties={option}: the winners are {sorted(found)}, "
                                  f"not {sorted(expected)}", tuple(f"p{i}" for i in top))
            checked += 1
    return Result.proved(f"{n} players: {checked} end positions under both readings")
