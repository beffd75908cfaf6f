"""Setting up: the players, the box, the supply, who rolls first (vg.spel.spelers,
vg.voorbereiding.inhoud, vg.voorbereiding.voorraad, vg.voorbereiding.eerste-speler; interpretation
vg.interp.first-player)."""

from __future__ import annotations

from typing import Any

from castlerules.core.errors import RulesError
from castlerules.core.theorem import Result, Theorem
from castlerules.vlotte_geesten.notation import state_to_text
from castlerules.vlotte_geesten.state import Grab, Obj, Pass, State
from castlerules.vlotte_geesten.theorems.common import (
    FIRST_PLAYER,
    GAME,
    STATEMENT_TESTS,
    TESTS,
    fact,
    refuted_at,
    total_points,
    variant,
)
from castlerules.vlotte_geesten.theorems.reference import Box


def check_start(game: Any) -> Result:
    """For the game's player count n and every first player (the default, then each of the n
    players given by ``first_player``): the game starts before the first roll with all the points of
    the box (the fact: 35) in the supply, n scores of 0, an empty pot and the first player holding
    the dice — player 0 unless another is given (the fact of the first-player reading)."""
    n = game.num_players
    total = total_points()
    options = {k: v for k, v in game.options.items() if k != "first_player"}
    default = type(game)(**{**options, "players": n})  # first_player not given
    givens = [(default, int(fact("first-player-default")))]
    givens += [(variant(game, players=n, first_player=f), f) for f in range(n)]
    for made, first in givens:
        start = made.initial_state()
        expected = State((0,) * n, total, 0, first)
        if start != expected or not made.is_chance(start) or made.is_terminal(start):
            return refuted_at(
                made, start, f"p{first} first: the start is {state_to_text(start)}, not "
                f"{state_to_text(expected)}", ("supply", f"p{first}"))
        if made.actors(start):
            return refuted_at(made, start, "somebody acts before the first roll")
    return Result.proved(f"{n} players, the default and each of the {n} first players")


def check_player_counts(game: Any) -> Result:
    """'Je speelt het met 2 tot 8 spelers': the game can be made for exactly the player counts from
    the fewest to the most of the fact (tried from 0 to 10), and then has that many players."""
    low, high = fact("player-counts")
    for n in range(0, 11):
        try:
            made = variant(game, players=n, first_player=0)
        except RulesError:
            if low <= n <= high:
                return Result.refuted(f"a {n}-player game cannot be made")
            continue
        if not low <= n <= high:
            return Result.refuted(f"a {n}-player game can be made")
        if made.num_players != n or len(made.initial_state().scores) != n:
            return Result.refuted(f"a game made for {n} players has {made.num_players}")
    return Result.proved(f"exactly {low} to {high} players")


def check_seats(game: Any) -> Result:
    """For the game's player count n and every roller: after the roll every one of the n players —
    the roller too — may act, each with a pass and a grab of every set of the objects of the box
    (the fact: five); a roll shows as many dice as the box holds (five); a player numbered n or
    more is refused with vg.spel.spelers."""
    n = game.num_players
    objects, dice = int(fact("objects-in-the-box")), int(fact("dice-in-the-box"))
    box = Box(game)
    faces: Any = box.rolls[0]
    if len(faces) != dice:
        return Result.refuted(f"a roll shows {len(faces)} dice, not {dice}")
    grabs = (1 << objects) - 1
    for roller in range(n):
        state = State(tuple(1 for _ in range(n)), total_points() - n - 1, 1, roller, faces)
        if set(game.actors(state)) != set(range(n)):
            return box.refuted(state, f"the players who may act after p{roller}'s roll are "
                               f"{sorted(game.actors(state))}, not all {n}", (f"p{roller}",))
        for p in range(n):
            own = game.legal_actions_of(state, p)
            seen = {frozenset(a.objects) for a in own if isinstance(a, Grab)}
            if Pass(p) not in own or len(seen) != grabs or set().union(*seen) != set(Obj):
                return box.refuted(state, f"p{p} may not pass or grab every set of objects "
                                   f"({len(seen)} grabs)", (f"p{p}",))
        if game.legal_actions_of(state, n) or game.legal_actions_of(state, n + 3):
            return box.refuted(state, f"a player numbered {n} or more has legal actions")
        for action in (Pass(n), Grab(n, frozenset({Obj.CHAIR})), Pass(n + 3)):
            v = game.violation(state, action)
            if v is None or v.clause != "vg.spel.spelers":
                return box.refuted(state, f"{game.action_to_str(state, action)} is not refused "
                                   "with vg.spel.spelers")
    return Result.proved(f"{n} players, each roller")


def theorems(game: Any) -> list[Theorem]:
    return [
        Theorem(
            "vg.start", GAME,
            "For each player count, the game starts with the 35 points of the box (a fact) in the "
            "supply, every score 0, an empty pot, nobody acting and the first player to roll: "
            "player 0 by default (the first-player reading), or each player given as first_player.",
            ("vg.voorbereiding.inhoud", "vg.voorbereiding.voorraad",
             "vg.voorbereiding.eerste-speler", "vg.spel.spelers"), "exhaustive",
            lambda: check_start(game),
            depends_on=("players", "first_player", FIRST_PLAYER),
            fails_with=f"{TESTS}::test_start_theorem_finds_a_point_too_many",
        ),
        Theorem(
            "vg.player-counts", GAME,
            "'Je speelt het met 2 tot 8 spelers': a game can be made for exactly 2 to 8 players "
            "(the fact; 0 to 10 tried), and a game made for n players has n.",
            ("vg.spel.spelers",), "exhaustive", lambda: check_player_counts(game),
            fails_with=f"{STATEMENT_TESTS}::test_player_count_theorem_finds_a_ninth_player",
        ),
        Theorem(
            "vg.seats", GAME,
            "For each player count n and every roller: after a roll all n players, the roller "
            "too, may act, each with a pass and a grab of every set of the five objects; a roll "
            "shows the five dice of the box; a player numbered n or more is refused with "
            "vg.spel.spelers.",
            ("vg.spel.spelers", "vg.spel.gooier-grijpt-mee", "vg.spel.worp",
             "vg.voorbereiding.inhoud"), "exhaustive", lambda: check_seats(game),
            depends_on=("players",),
            fails_with=f"{STATEMENT_TESTS}::test_seat_theorem_finds_the_roller_left_out",
        ),
    ]
