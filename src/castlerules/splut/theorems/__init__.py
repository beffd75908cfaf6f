"""Splut! theorems: the kernels (throw, push, bookkeeping, who moves next, the end), the tables the
game runs, its whole transition against an independent reading, the board invariants over every
state, and whether players can be left without a legal step.

``theorems(game)`` builds every theorem for that game object: its player count and its readings.
Each check takes the rule functions it is about as parameters (defaulting to the game's own), so a
test can hand it a deliberately broken rule and see the counterexample (the ``fails_with`` test of
each theorem). What each kind of check proves:

- *z3 over a kernel* (basis ``code``): the dual-mode function the game calls, for every input.
- *exhaustive over the game* (basis ``code``): the game's own functions (its tables, its move
  generator, legality predicate and successor) on every case of a stated finite set, against the
  kernels or against ``reference.Reference``, an independent reading of the clauses.
- *z3 over a model* (basis ``model``): a whole-board encoding of one action, for every board; the
  check first runs its refinement (the model against the game's successor on a finite family of
  positions), so a rule bug in the game fails the theorem too.

Where the theorems reach: every rule clause of the rulebook is in the clauses of a statement, every
playable option of a reading is stated by a theorem made under it (``depends_on``), the theorems
that can depend on the player count run for 2, 3 and 4 players, and a value a theorem checks — a
start square, a seat, a count — comes from the rulebook's facts (``[[fact]]`` in specs/splut.toml),
never from the rules code.

One module per kind of statement, so a Dutch clause leads to its statements in one hop:

- ``setup``: Onderdelen, Begin van het spel, Hoe te zitten — the board, the start, the seats, the
  starter and whose turn follows (splut.board, splut.start, splut.seating);
- ``pieces``: Bij elke zet, Overzicht van elk stuk, the glossary — each piece's powers, clause by
  clause, on the game's own moves (splut.own-pieces, splut.pull-optional, splut.throw-at-once,
  splut.turn-passes, splut.throw-crushes, splut.levitation-blocked, splut.levitation-follows,
  splut.orthogonal) and the rock under a troll (splut.rock-under-troll);
- ``kernels``: Werpen, Duwen, Bij elke zet, Verloop, Hoe je wint — the dual-mode kernels under z3
  and the tables the game runs;
- ``transition``: the whole game against an independent reading;
- ``model``: the board invariants (rocks, one thing per square, whole teams);
- ``stuck``: players without a legal step, and deadlocks.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from castlerules.core.theorem import Status, Theorem
from castlerules.splut.rules import Splut
from castlerules.splut.theorems._common import (
    GAME,
    KIND_NAMES,
    MAX_LINE,
    _all,
    _every_count,
    _ints,
    _refute,
    _shower,
    _squares_of,
    _with_players,
)
from castlerules.splut.theorems.kernels import (
    _alive_shower,
    _expected_push,
    _next_player_z3,
    _team_shower,
    _throw_shower,
    check_end_z3,
    check_next_player_z3,
    check_push_z3,
    check_rocks_z3,
    check_steps_z3,
    check_tables,
    check_throw_z3,
    push_claim,
    tables_of,
    throw_claim,
)
from castlerules.splut.theorems.model import (
    _at,
    _board_shower,
    _flat,
    _next_table,
    _symbolic_board,
    board_invariant,
    board_of,
    check_line_lemma,
    check_state_invariants,
    model_after,
    model_push,
    model_step,
    model_throw,
    nxt,
    on_board,
    refine_board_model,
)
from castlerules.splut.theorems.pieces import (
    CLAUSE_PREDICATES,
    check_clause,
    check_under_troll,
)
from castlerules.splut.theorems.positions import check_positions
from castlerules.splut.theorems.setup import (
    _SEAT_WORDS,
    _named_squares,
    check_board,
    check_seating,
    check_start,
    clockwise_of,
    seat_index,
    start_squares,
)
from castlerules.splut.theorems.stuck import (
    K_DWARF,
    K_EMPTY,
    K_ROCK,
    K_SORCERER,
    K_TROLL,
    _Cell,
    _KindCell,
    _stuck_result,
    check_deadlock,
    check_no_step,
    decode,
    find_deadlock,
    find_stuck,
    has_step,
    kinds_of,
    levitable_now,
    piece_stuck,
    refine_stuck_model,
)
from castlerules.splut.theorems.transition import (
    SEEDS,
    candidates,
    check_transition,
    family,
    seeds,
    transition_mismatch,
)

__all__ = [
    "CLAUSE_PREDICATES",
    "GAME",
    "KIND_NAMES",
    "K_DWARF",
    "K_EMPTY",
    "K_ROCK",
    "K_SORCERER",
    "K_TROLL",
    "MAX_LINE",
    "SEEDS",
    "_SEAT_WORDS",
    "_Cell",
    "_KindCell",
    "_alive_shower",
    "_all",
    "_at",
    "_board_shower",
    "_every_count",
    "_expected_push",
    "_flat",
    "_ints",
    "_named_squares",
    "_next_player_z3",
    "_next_table",
    "_refute",
    "_shower",
    "_squares_of",
    "_stuck_result",
    "_symbolic_board",
    "_team_shower",
    "_throw_shower",
    "_with_players",
    "board_invariant",
    "board_of",
    "candidates",
    "check_board",
    "check_clause",
    "check_deadlock",
    "check_end_z3",
    "check_line_lemma",
    "check_next_player_z3",
    "check_no_step",
    "check_positions",
    "check_push_z3",
    "check_rocks_z3",
    "check_seating",
    "check_start",
    "check_state_invariants",
    "check_steps_z3",
    "check_tables",
    "check_throw_z3",
    "check_transition",
    "check_under_troll",
    "clockwise_of",
    "decode",
    "family",
    "find_deadlock",
    "find_stuck",
    "has_step",
    "kinds_of",
    "levitable_now",
    "model_after",
    "model_push",
    "model_step",
    "model_throw",
    "nxt",
    "on_board",
    "piece_stuck",
    "push_claim",
    "refine_board_model",
    "refine_stuck_model",
    "seat_index",
    "seeds",
    "start_squares",
    "tables_of",
    "theorems",
    "throw_claim",
    "transition_mismatch",
]


# -- the register -------------------------------------------------------------------------------
NO_STEP_FINDING = (
    "A player can be left without any legal step. z3 finds, with 2 players, a team whose dwarf has "
    "been crushed and whose troll and sorcerer are boxed in at the edge by rocks (two in a row, or "
    "one against the edge, so levitation cannot free them) and by the other team's pieces. It "
    "happens in play: a seeded random 4-player game (kept as a record in the tests) reaches such a "
    "turn after 252 actions. The text says steps are mandatory but does not cover this; by "
    "interpretation splut.interp.no-legal-step the player passes (the explicit action 'pass', legal "
    "only then), and a turn also ends early when no legal step is left."
)
FULL_TEAM_FINDING = (
    "With 3 (and 4) players even a complete team (sorcerer, troll and dwarf) can be left without a "
    "legal step: the more pieces, the easier the board's lines fill up to the edge. The player "
    "passes (interpretation splut.interp.no-legal-step)."
)
DEADLOCK_FINDING = (
    "Under the reading levitate-ahead = forbidden (the literal ruleset before its fix, and the "
    "published open-source engine), the players can all be left without a legal step at once: "
    "z3 finds, for 2, 3 and 4 players, teams whose dwarves are gone packed against the west tip, "
    "each sorcerer boxed in by its neighbours and by rocks it may no longer levitate out of its way "
    "(for example Sb5,Ta5/Sc6,Tb6 b4,c5,d6,c7 with 2 players); the game confirms it. With the "
    "default 'pass' reading of splut.interp.no-legal-step the players would then pass for ever. "
    "The literal ruleset therefore plays no-legal-step = eliminated (a player who cannot make the "
    "mandatory steps is out), which ends such a game; the open-source-engine ruleset keeps "
    "passing, as nothing is known about what that engine does. With the default readings no "
    "deadlock exists (proved for 2, 3 and 4 players)."
)
TESTS = "tests/splut/test_splut_theorems.py"
CLAUSE_TESTS = "tests/splut/test_splut_clauses.py"
#: The interpretations each clause predicate's statement depends on.
CLAUSE_READINGS: dict[str, tuple[str, ...]] = {
    "splut.pull-optional": ("pull-and-throw", "pull-straight"),
    "splut.throw-at-once": ("blocked-throw", "throw-step"),
    "splut.throw-crushes": ("throw-own-sorcerer", "blocked-throw", "rocks-stay"),
    "splut.turn-passes": ("seating", "no-legal-step", "previous-player-eliminated"),
    "splut.levitation-blocked": ("levitate-behind", "levitate-blocked", "levitate-ahead"),
    "splut.levitation-follows": ("levitate-behind", "levitate-any-rock", "levitate-start"),
    "splut.own-pieces": ("step-pieces", "occupied-exceptions"),
}




#: The interpretations the independent reading (reference.Reference) follows: the transition
#: theorems state what each of their options does.
TRANSITION_READINGS = ('seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight')


def under_readings(game: Splut, interps: Sequence[str]) -> str:
    """What the game's options of ``interps`` say, in words (the spec's option texts), for a
    statement: "Under the default readings." when none departs from the default."""
    spec = game.spec
    said = []
    for short in interps:
        interp = spec.interpretation(short)
        chosen = game.reading(interp.id)
        if chosen != interp.default:
            said.append(f"{interp.short_id} = {chosen}: {interp.option(chosen).text}")
    if not said:
        return "Under the default readings."
    return "Under " + " ".join(said)


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    """Every theorem of ``game`` (default: ``Splut()``), under its player count and readings."""
    g: Splut = game if game is not None else Splut()
    read = g.reading
    blocked = read("blocked-throw") == "rock-stays"
    slide = read("push-distance") == "slide"
    thrower_wins = read("winner") == "last-thrower"
    n = g.num_players
    throw = ("splut.trol.werpen", "splut.werpen.vlucht", "splut.werpen.rand", "splut.werpen.trol",
             "splut.werpen.rots", "splut.werpen.tovenaar", "splut.splut.dwerg",
             "splut.dwerg.klein", "splut.woorden.obstakel", "splut.woorden.doelwit")
    push = ("splut.dwerg.duwen", "splut.dwerg.duwen-lijn", "splut.woorden.duwen",
            "splut.voorbeeld.duwen")
    steps = ("splut.zet.verplicht", "splut.zet.eerste-een", "splut.zet.tweede-twee",
             "splut.zet.drie", "splut.trol.werpen-einde")
    order = ("splut.verloop.klok", "splut.zet.afwisselen", "splut.zitten.drie-begin",
             "splut.zitten.vier-begin")
    end = ("splut.winnen.team-weg", "splut.splut.team", "splut.winnen.laatste",
           "splut.winnen.doel", "splut.rotsen.splut", "splut.woorden.tovenaar")
    rocks = ("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.woorden.rotsen",
             "splut.splut.rots-blijft", "splut.beweging.bezet")
    turn_rules = ("splut.tovenaar.een-rots", "splut.tovenaar.vorige-speler",
                  "splut.tovenaar.geduwd-getrokken", "splut.tovenaar.doorgaan",
                  "splut.tovenaar.stoppen", "splut.trol.trekken", "splut.trol.trekken-recht",
                  "splut.beweging.orthogonaal", "splut.beweging.eigen-team")
    three, four = (functools.partial(_with_players, g, k) for k in (3, 4))
    # Without levitating a rock out of its way a sorcerer can be boxed in for good: a finding.
    deadlock: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": DEADLOCK_FINDING}
        if read("levitate-ahead") == "forbidden" else {}
    )
    clause_theorems = tuple(
        Theorem(
            tid, GAME,
            (predicate.__doc__ or "").strip() + f" Exhaustive over every state within two actions "
            f"of the seed positions (four of the start), {n} players. " + under_readings(g, deps),
            clauses, "exhaustive", functools.partial(check_clause, g, tid),
            fails_with=f"{CLAUSE_TESTS}::test_clause_theorem_catches_a_broken_rule[{tid}]",
            depends_on=("players", *deps),
        )
        for tid, (predicate, clauses) in CLAUSE_PREDICATES.items()
        for deps in [CLAUSE_READINGS.get(tid, ())]
    )
    return (
        Theorem(
            "splut.start", GAME,
            f"With {n} players, the start is the rulebook's: four rocks ('Er staan altijd 4 rotsen "
            "op het spelbord'), on the four tips ('De 4 vakken met slechts één aangrenzend vak'); "
            f"{n} teams, each of a sorcerer, a troll and a dwarf, on the squares of its seat — "
            "the dwarf in front of the rock, the troll to its right, the sorcerer to its left, as "
            "the start-positions option reads right and left —, the seats those of the seating "
            "option; the starter the text names ('De tegenstander rechts van hem begint', 'De "
            "vierde tegenstander ... begint') to move, with one step ('slechts recht op één "
            "beweging'; three under steps-per-turn = always-three). Every value from the "
            "rulebook's facts (exhaustive). " + under_readings(g, ("start-positions", "seating",
                                                                  "steps-per-turn")),
            ("splut.onderdelen.stukken", "splut.onderdelen.vier-rotsen", "splut.begin.alle-rotsen",
             "splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.rotsen.vier",
             "splut.zet.eerste-een", "splut.zitten.drie-begin", "splut.zitten.vier-begin"),
            "exhaustive", functools.partial(check_start, g),
            fails_with=f"{CLAUSE_TESTS}::test_start_theorem_catches_a_wrong_start",
            depends_on=("players", "start-positions", "seating", "steps-per-turn"),
        ),
        Theorem(
            "splut.seating", GAME,
            "Splut! is for 2 to 4 players ('Splut! ondersteunt 2 tot 4 spelers'): a game is made "
            f"for exactly those counts. With {n} players every player has a seat of its own, the "
            "second to sit down opposite the first ('tegenover de eerste tegenstander'), in an "
            "order of sitting down the text allows (under seating = seating-order: the players' "
            "numbers), and the first to move is the starter the text names for that order; after "
            "every turn, from every pattern of teams on the board (a team eliminated or a seat "
            "empty), the turn passes to the player on the mover's left ('gaat de beurt verder bij "
            "de speler links van hem'), skipping empty seats and teams that have left. Seats, "
            "opposite, left and right from the rulebook's facts (exhaustive). "
            + under_readings(g, ("seating",)),
            ("splut.verloop.spelers", "splut.zitten.twee", "splut.zitten.drie",
             "splut.zitten.drie-begin", "splut.zitten.vier", "splut.zitten.vier-begin",
             "splut.verloop.klok", "splut.zet.afwisselen", "splut.winnen.team-weg"),
            "exhaustive", functools.partial(check_seating, g),
            fails_with=f"{CLAUSE_TESTS}::test_seating_theorem_catches_a_wrong_order",
            depends_on=("players", "player-count", "seating"),
        ),
        Theorem(
            "splut.rock-under-troll", GAME,
            "Under blocked-throw = rock-stays a rock can lie under a troll. Under rock-under-troll "
            "= forbidden no legal step levitates it or pulls it while the troll stands on it; "
            "under rock-under-troll = allowed ('Een tovenaar kan rotsen laten zweven'; a troll "
            "'kan een rots van een aangrenzend vak ... trekken') it is a rock like any other: a "
            "sorcerer that has not levitated yet this turn may levitate it wherever the other "
            "levitation readings let it start levitating a rock on that square (not the previous "
            "player's; levitate-start, levitate-any-rock and previous-and-this-turn as the game "
            "reads them), with "
            "every step onto a free square that moves the rock onto a free square — afterwards "
            "the rock lies one square the sorcerer's way and the troll stays —, and a troll not "
            "standing on a rock may pull it with every step onto a free square straight away from "
            "it — afterwards the rock lies on the square that troll left and the other troll "
            "stays; the sorcerer never enters the troll's square. Under both readings a troll "
            "standing on a rock pulls no other rock onto its square. Exhaustive over every "
            "state with a rock under a troll within two actions of six seed positions, 2 "
            "players: the rock under the troll of the player to move and under another "
            "player's, next to the sorcerer to move, at a turn's first step and later; the family must hold the mover's troll "
            "resting on a rock with a rock straight behind it, and under allowed such "
            "levitations and pulls. "
            + under_readings(g, ("rock-under-troll",)),
            ("splut.tovenaar.zweven", "splut.trol.trekken", "splut.tovenaar.vorige-speler"),
            "exhaustive", functools.partial(check_under_troll, g),
            fails_with=f"{CLAUSE_TESTS}::test_rock_under_troll_theorem_catches_both_ways",
            depends_on=("rock-under-troll", "blocked-throw", "levitate-any-rock", "levitate-start",
                        "previous-and-this-turn", "levitate-behind"),
        ),
        *clause_theorems,
        Theorem(
            "splut.positions", GAME,
            f"With {n} players the game accepts every position within two actions of the seed "
            "positions (four of the start) and refuses every change of one that breaks a rule "
            "of the board or of the turn: a troll or dwarf whose sorcerer has left ('het hele "
            "team wordt uit de arena verwijderd'), two pieces on one square, a sorcerer on a "
            "rock, a troll on a rock without a throw to make (except under blocked-throw = "
            "rock-stays, which leaves one there), the player of a team that has left to move, "
            "more steps left than the turn has (1, 2, then 3 from the rulebook's facts) or none "
            "without a throw, a throw by a troll not on a rock or from a rock the troll to move "
            "does not stand on or with all steps left or during a levitation, a levitation "
            "without its rock or with a rock not moved this turn or under a troll, a rock moved "
            "or a levitation ended before the turn's first step, at the end a turn under way "
            "(steps, a throw, a moved or levitated rock) or a player whose team has left to move "
            "(except under winner = last-thrower); and anything that is not a state. "
            "Exhaustive. " + under_readings(g, ("blocked-throw", "winner",
                                                              "steps-per-turn")),
            ("splut.onderdelen.vier-rotsen", "splut.rotsen.vier", "splut.beweging.bezet",
             "splut.winnen.team-weg", "splut.splut.team", "splut.zet.eerste-een",
             "splut.zet.tweede-twee", "splut.zet.drie", "splut.trol.werpen",
             "splut.tovenaar.zweven", "splut.winnen.laatste"),
            "exhaustive", functools.partial(check_positions, g),
            fails_with=f"{TESTS}::test_positions_theorem_catches_a_careless_validation",
            depends_on=("players", "blocked-throw", "winner", "steps-per-turn"),
        ),
        Theorem(
            "splut.board", GAME,
            "The board is the 41-square diamond of the interpretation, the game's neighbour and "
            "line tables are its orthogonal adjacency, the four tips are the squares with one "
            "neighbour; the rocks start on the tips and, for 2, 3 and 4 players, every team on "
            "the squares the start-positions reading names, the first player (seating reading) "
            "to move with the opening's steps (exhaustive).",
            ("splut.begin.rotsen-hoeken", "splut.begin.opstelling", "splut.beweging.aangrenzend",
             "splut.beweging.orthogonaal", "splut.zitten.drie-begin", "splut.zitten.vier-begin",
             "splut.zet.eerste-een"),
            "exhaustive", functools.partial(check_board, g),
            fails_with=f"{TESTS}::test_board_theorem_catches_a_wrong_start",
            depends_on=('start-positions', 'seating', 'steps-per-turn'),
        ),
        Theorem(
            "splut.throw-lands", GAME,
            "For every arrangement of empty squares, dwarves, obstacles (trolls, rocks) and "
            "sorcerers on a line of 0-8 squares, a throw is legal exactly when the rock can leave "
            "(any throw, under blocked-throw = rock-stays) and lands on the line before the first "
            "obstacle or the edge, on the first sorcerer if one comes first, and on a dwarf only "
            "when an obstacle or the edge follows it; a rock that cannot leave stays (the "
            "trajectory function the game calls).",
            throw, "z3", functools.partial(check_throw_z3, blocked_ok=blocked),
            fails_with=f"{TESTS}::test_throw_theorem_catches_broken_landing",
            depends_on=('blocked-throw',),
        ),
        Theorem(
            "splut.push-line", GAME,
            "A dwarf's step along a line of 1-8 squares is allowed exactly when the line has an "
            "empty square; it then moves exactly the unbroken line in front of the dwarf one "
            "square (or, under push-distance = slide, packs every piece of the line against the "
            "edge in order) and changes nothing else (the push function the game calls).",
            push, "z3", functools.partial(check_push_z3, slide=slide),
            fails_with=f"{TESTS}::test_push_theorem_catches_broken_push",
            depends_on=('push-distance', 'push-edge'),
        ),
        Theorem(
            "splut.rocks-kept", GAME,
            "Inductive step over every line content: a throw puts the rock on a square that held "
            "no rock (or leaves it where it was) and keeps the number of rocks; a push keeps one "
            "thing per square and every thing of the line. Rocks are never removed.",
            (*rocks, "splut.werpen.vlucht", "splut.dwerg.duwen"), "z3",
            functools.partial(check_rocks_z3, slide=slide, blocked_ok=blocked),
            fails_with=f"{TESTS}::test_rocks_theorem_catches_broken_rules",
            depends_on=('push-distance', 'blocked-throw', 'rocks-stay'),
        ),
        Theorem(
            "splut.step-count", GAME,
            "Turn 0 has 1 step, turn 1 has 2, every later turn 3 (under the game's reading); by "
            "induction over every turn with 1 to its steps left, a turn makes exactly its steps "
            "unless a throw or a pass ends it early, and never more: a step counts down or starts "
            "the next turn with its full count, a step onto a rock counts down for the throw, a "
            "throw or a pass starts the next turn (the bookkeeping functions the game calls).",
            steps, "z3", functools.partial(check_steps_z3, opening=g.opening),
            fails_with=f"{TESTS}::test_step_theorem_catches_broken_count",
            depends_on=('steps-per-turn',),
        ),
        Theorem(
            "splut.next-player", GAME,
            f"With {n} players (seated as the seating option says), after every turn the next "
            "player is the first one after the mover in clockwise seat order — seat after seat to "
            "the left, from the rulebook's facts — whose sorcerer is on the board, never a team "
            "that has left (z3 over every pattern of teams; the game's table of who moves next "
            "is checked against this kernel over that order, entry by entry).",
            order, "z3", functools.partial(check_next_player_z3, g, every_count=False),
            fails_with=f"{TESTS}::test_next_player_theorem_catches_a_wrong_order",
            depends_on=('players', 'seating'),
        ),
        Theorem(
            "splut.elimination", GAME,
            "Crushing a sorcerer removes exactly its team; a team has its troll exactly when it "
            "has its sorcerer; the game is over exactly when at most one sorcerer remains, and "
            "then the player whose sorcerer is left wins (under winner = last-thrower: the "
            "thrower) — inductive step, 2-4 players.",
            end, "z3", functools.partial(check_end_z3, thrower_wins=thrower_wins),
            fails_with=f"{TESTS}::test_elimination_theorem_catches_broken_kill",
            depends_on=('winner',),
        ),
        Theorem(
            "splut.tables", GAME,
            "Every entry of the tables the game runs on its hot path is what it stands for: the "
            "turn bookkeeping (every turn below 1024, 0-3 steps left) is the kernels', the throw "
            "kinds are the clauses', each interned action is the step of its slot, the line "
            f"slices are the board's lines (exhaustive, {n} players).",
            (*steps, *throw[:6]), "exhaustive", functools.partial(check_tables, g, every_count=False),
            fails_with=f"{TESTS}::test_tables_theorem_catches_a_wrong_table",
            depends_on=('players', 'steps-per-turn', 'throw-own-sorcerer'),
        ),
        Theorem(
            "splut.transition", GAME,
            f"For {n} players, on every state within three actions of the seed positions "
            "that put each rule of the rulebook within reach, and five of the start (pulls, throws "
            "and kills, SPLUT! on a dwarf, pushes and the edge, levitation and its bookkeeping, "
            "the previous player's rocks, blocked throws, a player without a step, the end): the "
            "game's end, winner, player to act, legal actions — by the move generator and by the "
            "legality predicate on every candidate — and the whole state after every legal "
            "action (pieces, rocks, player to move, turn, steps left, throw, levitation, moved "
            "rocks) are exactly those of an independent reading of the rules, which shares only "
            "the board geometry (itself checked by splut.board) with the game; and every "
            "position and legal action written as text reads back (exhaustive). "
            + under_readings(g, TRANSITION_READINGS),
            (*turn_rules, *steps, *order, *end, *throw[:5], *push[:2]), "exhaustive",
            functools.partial(check_transition, g, 3, every_count=False),
            fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
            depends_on=('players', 'seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight'),
        ),
        Theorem(
            "splut.transition-deep", GAME,
            "The same as splut.transition one action further: every state within four actions "
            f"of the seed positions and six of the start, for {n} players (exhaustive).",
            (*turn_rules, *steps, *order, *end, *throw[:5], *push[:2]), "exhaustive",
            functools.partial(check_transition, g, 4, every_count=False), deep=True,
            fails_with=f"{TESTS}::test_transition_theorem_catches_broken_rules",
            depends_on=('players', 'seating', 'steps-per-turn', 'pull-and-throw', 'blocked-throw', 'rock-under-troll', 'throw-own-sorcerer', 'push-distance', 'push-edge', 'levitate-any-rock', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'levitate-start', 'previous-and-this-turn', 'previous-player', 'previous-player-eliminated', 'no-legal-step', 'winner', 'throw-step', 'occupied-exceptions', 'step-pieces', 'pull-straight'),
        ),
        Theorem(
            "splut.state-invariants", GAME,
            "Inductive step over every board (up to four teams) with four rocks on four distinct "
            "squares, nothing off the board, no two things on one square and whole teams: every "
            "sorcerer step (levitating any rock or none), troll step (pulling or not, onto a free "
            "square or a rock), dwarf step and push along every line of the board, and throw "
            "along every line keeps all of that (a troll holding a rock excepted; under "
            "blocked-throw = rock-stays a troll may stand on a rock). z3 on a whole-board model "
            "of one action; the check first runs the model's refinement against the game.",
            (*rocks, *end[:2], "splut.beweging.orthogonaal", "splut.tovenaar.zweven",
             "splut.tovenaar.blokkeren", "splut.trol.trekken", "splut.trol.werpen",
             "splut.dwerg.duwen", "splut.werpen.vlucht"),
            "z3", functools.partial(check_state_invariants, g), basis="model",
            refinement="castlerules.splut.theorems.refine_board_model",
            fails_with=f"{TESTS}::test_state_invariants_theorem_catches_broken_rules",
            depends_on=('blocked-throw', 'rock-under-troll', 'push-distance', 'throw-own-sorcerer', 'levitate-behind', 'levitate-ahead', 'levitate-blocked', 'rocks-stay', 'occupied-exceptions'),
        ),
        Theorem(
            "splut.always-a-step", GAME,
            f"The player to move always has a legal step (z3 over every arrangement of rocks and "
            f"pieces, {n} players; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3",
            functools.partial(check_no_step, g),
            expected=Status.COUNTEREXAMPLE, finding=NO_STEP_FINDING,
            fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
        ),
        Theorem(
            "splut.always-a-step-full-team", GAME,
            "With 3 players, a player whose three pieces are all on the board always has a legal "
            "step (z3; a found position is confirmed by the move generator).",
            ("splut.zet.verplicht", "splut.zet.drie"), "z3",
            lambda: check_no_step(three(), full_team=True),
            expected=Status.COUNTEREXAMPLE, finding=FULL_TEAM_FINDING,
            fails_with=f"{TESTS}::test_no_step_finding_is_confirmed_by_the_game",
        ),
        Theorem(
            "splut.no-deadlock", GAME,
            "In a 2-player game the two players are never both without a legal step, even with "
            "every rock levitable (as after a round of passes), so passing cannot go on for ever "
            "(z3 over every arrangement of the kinds of things on the squares — which team owns "
            "a piece does not change whether it can step; the model's refinement against the "
            "game runs first).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(_with_players(g, 2)), basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
        Theorem(
            "splut.no-deadlock-3", GAME,
            "With 3 players, the players with a sorcerer are never all without a legal step, even "
            "with every rock levitable, so passing cannot go on for ever (z3 over every "
            "arrangement; with a team gone it is the 2-player case).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(three()), basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
        Theorem(
            "splut.no-deadlock-4", GAME,
            "With 4 players, the players with a sorcerer are never all without a legal step, even "
            "with every rock levitable, so passing cannot go on for ever (z3 over every "
            "arrangement; with teams gone it is the 3- or 2-player case).",
            ("splut.zet.verplicht", "splut.winnen.laatste"), "z3",
            lambda: check_deadlock(four(), timeout_ms=1_500_000), deep=True, basis="model", **deadlock,
            refinement="castlerules.splut.theorems.refine_stuck_model",
            fails_with=f"{TESTS}::test_deadlock_theorem_catches_still_sorcerers",
        ),
    )
