"""Spookslot theorems: the board's shape, the exit/bounce kernel (z3), and exhaustive checks of the
game's own transition function against an independent step-by-step reading of the rules.

``theorems(game)`` builds every theorem for that game object — its player count, board and
readings. The exhaustive checks enumerate finite families of positions that cover every case that
matters for the rule in question (stated in each theorem):

* moves: every square (and behind the start), every face of the die, and every way of placing up to
  three other pawns on the squares a move from there can touch (all placements that exist with two
  players; the game's move generator only looks at those squares);
* rolls: every pawn placement of the mover on every square, with and without another pawn in a
  danger zone, before and after the first ghost;
* the ball: every trap with pawns of the mover and of another player on every pair of squares;
* the passage: every set of pawns on the red star squares.

For each position the game's legal actions and the successor of each are compared with what the
rulebook says, computed independently here (``reference_moves``, ``expected_after_*``). The
invariants (pawns conserved, shared squares, exact exits) are checked on every successor, so they
are inductive steps: from any position of the families the rules keep them. Nothing plays a game,
so a rule bug that makes games endless cannot make a theorem hang.

The single-pawn Markov chain is built from the board data alone and compared, square by square and
exactly, with the one-turn distribution of the game's rules (explored to a bounded depth).

One module per kind of statement: ``board`` (the board and the exit/bounce kernel, z3),
``reading`` (the independent reading of the rules), ``families`` (the positions enumerated),
``moves``, ``turn`` (rolls, ball, passage, set-up, the four-player rule) and ``chain``.
"""


from __future__ import annotations

from castlerules.core.theorem import Result, Status, Theorem
from castlerules.spookslot import kernel
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.theorems.board import check_board, check_bounce, check_exit_exact
from castlerules.spookslot.theorems.chain import (
    Chain,
    Row,
    check_chain_matches_game,
    engine_turn,
    expected_turns,
    policy_branch,
    simulate_turns,
    simulation_agrees,
    single_pawn_chain,
    turn_distribution,
)
from castlerules.spookslot.theorems.common import (
    GAME,
    TESTS,
    WINDOW,
    Case,
    Kernel,
    Key,
)
from castlerules.spookslot.theorems.families import (
    ball_states,
    four_player_states,
    move_states,
    passage_states,
    roll_states,
)
from castlerules.spookslot.theorems.moves import MoveCases, check_move_successors, check_moves
from castlerules.spookslot.theorems.reading import BoardData, Reading, reference_moves
from castlerules.spookslot.theorems.turn import (
    check_balls,
    check_passages,
    check_rolls,
    check_second_pawn,
    check_start,
)

__all__ = [
    "GAME",
    "TESTS",
    "WINDOW",
    "BoardData",
    "Case",
    "Chain",
    "Kernel",
    "Key",
    "MoveCases",
    "Reading",
    "Row",
    "ball_states",
    "check_balls",
    "check_board",
    "check_bounce",
    "check_chain_matches_game",
    "check_exit_exact",
    "check_move_successors",
    "check_moves",
    "check_passages",
    "check_rolls",
    "check_second_pawn",
    "check_start",
    "engine_turn",
    "expected_turns",
    "four_player_states",
    "move_states",
    "passage_states",
    "policy_branch",
    "reference_moves",
    "roll_states",
    "simulate_turns",
    "simulation_agrees",
    "single_pawn_chain",
    "theorems",
    "turn_distribution",
]


# -- the list ---------------------------------------------------------------------------------------
def theorems(game: Spookslot | None = None) -> tuple[Theorem, ...]:
    """Every theorem for ``game`` (default: the default game), under its options and readings."""
    g = Spookslot() if game is None else game
    count_back = g.reading("exit-exact") == "count-back"
    share = g.reading("bounce-past-exit") == "share"
    largest = min(WINDOW, g.window)
    #: Three other pawns cover every placement of a two-player game; larger games check two in
    #: the default budget and three with --deep.
    blockers = 3 if g.window <= 8 else 2
    exit_clauses = ("spookslot.exit.precies", "spookslot.exit.niet-springen",
                    "spookslot.exit.ontsnapt")
    bounce_clauses = ("spookslot.eindigen.bezet", "spookslot.getal.zetten",
                      "spookslot.exit.moet-verplaatsen", "spookslot.exit.blijft-staan")
    move_clauses = ("spookslot.getal.zetten", "spookslot.getal.tellen", "spookslot.eindigen.bezet",
                    "spookslot.routes.kiezen", "spookslot.exit.precies",
                    "spookslot.exit.niet-springen", "spookslot.exit.moet-verplaatsen",
                    "spookslot.exit.blijft-staan", "spookslot.optioneel.geel",
                    "spookslot.optioneel.geel-blijft-staan", "spookslot.getal.vier-spelers")
    chain_clauses = ("spookslot.beurt.dobbelen", "spookslot.getal.zetten",
                     "spookslot.eindigen.gevaar", "spookslot.spook.kogel",
                     "spookslot.spook.nog-een-keer", "spookslot.kogel.valstrik",
                     "spookslot.geschrokken.terug", "spookslot.geheim.sterveld",
                     "spookslot.exit.precies", "spookslot.routes.kiezen")
    family = ("every square and behind the start, every face of the die, and up to three other "
              "pawns on the squares a move can touch")
    deep = () if blockers == 3 else (
        Theorem(
            "spookslot.moves-reference-three", GAME,
            f"For {family}, the game's legal moves and "
            "where each ends equal the step-by-step reading of the move rules, and every move "
            "leads to the position the rules give.",
            move_clauses, "exhaustive", lambda: _both(g, 3), deep=True,
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
        ),
    )
    if blockers == 2:
        family = family.replace("up to three", "up to two")
    return (*_main(g, count_back, share, largest, blockers, family, exit_clauses, bounce_clauses,
                   move_clauses, chain_clauses), *deep)


def _both(game: Spookslot, blockers: int) -> Result:
    cases = MoveCases(game, blockers, keep=False)
    first = check_moves(cases)
    return first if first.status is not Status.PROVED else check_move_successors(cases)


def _chain_game(game: Spookslot) -> Spookslot | None:
    """The two-player game with ``game``'s board, die and ball, if the single-pawn chain models it
    (the readings that change one pawn's turn, and the optional rule, are not in the chain)."""
    changed = ("ghost-reroll", "exit-exact", "start-line")
    if game.no_yellow or any(game.reading(r) != game.spec.interpretation(r).default
                             for r in changed):
        return None
    if game.num_players == 2:
        return game
    return Spookslot(**{**game.options, "players": 2})


def _main(g: Spookslot, count_back: bool, share: bool, largest: int, blockers: int, family: str,
          exit_clauses: tuple[str, ...], bounce_clauses: tuple[str, ...],
          move_clauses: tuple[str, ...], chain_clauses: tuple[str, ...]) -> tuple[Theorem, ...]:
    solo = _chain_game(g)
    cases = MoveCases(g, blockers)
    chain = () if solo is None else (
        Theorem(
            "spookslot.single-pawn-chain", GAME,
            "For one pawn alone (policy: a fixed route at forks, always the secret passage), the "
            "exact Markov chain built from the board data equals, row by row, the one-turn "
            "distribution of the game's own rules; its expected number of turns is solved exactly.",
            chain_clauses, "exhaustive", lambda: check_chain_matches_game(solo),
            fails_with=f"{TESTS}::test_chain_check_catches_a_wrong_chain",
        ),
    )
    return (
        Theorem(
            "spookslot.start-position", GAME,
            "The game starts with every pawn behind the start line — two pawns each with 2 to 4 "
            "players, one with 5 or 6 — and the first player (the oldest: the first_player option) "
            "rolls the die.",
            ("spookslot.pionnen.aantal", "spookslot.pionnen.start", "spookslot.pionnen.beginner",
             "spookslot.beurt.dobbelen"),
            "exhaustive", lambda: check_start(g),
            fails_with=f"{TESTS}::test_start_theorem_catches_a_wrong_set_up",
        ),
        Theorem(
            "spookslot.board-well-formed", GAME,
            "On the game's board every square reaches the Exit and is reached from the start; "
            "every danger square's fallback is the nearest blue square behind it; each fork's two "
            "routes rejoin, one longer and safe, the other shorter through a danger zone; there are "
            "exactly two red star squares and one green star square.",
            ("spookslot.doel.race", "spookslot.geschrokken.terug", "spookslot.routes.kiezen",
             "spookslot.geheim.sterveld"),
            "exhaustive", lambda: check_board(g.board),
            fails_with=f"{TESTS}::test_board_check_finds_a_wrong_fallback",
        ),
        Theorem(
            "spookslot.exit-exact", GAME,
            "The exit/bounce kernel the game calls ends a move on the Exit only when the roll is "
            "exactly the distance to it, and never beyond it: a bounce never reaches the Exit.",
            exit_clauses, "z3",
            lambda: check_exit_exact(kernel.landing, count_back, share, largest),
            fails_with=f"{TESTS}::test_exit_exact_catches_a_bounce_onto_the_exit",
        ),
        Theorem(
            "spookslot.bounce-next-free", GAME,
            "A move ends on the rolled square if free, else on the next free square before the "
            "Exit; it is impossible (the pawn stays) exactly when the roll passes the Exit or every "
            "square from the rolled one up to the Exit is taken (under the readings: counting "
            "back from the Exit, sharing the rolled square).",
            bounce_clauses, "z3",
            lambda: check_bounce(kernel.landing, count_back, share, largest),
            fails_with=f"{TESTS}::test_bounce_theorem_catches_a_missing_bounce",
        ),
        Theorem(
            "spookslot.moves-reference", GAME,
            f"For {family}, the game's legal moves and where each ends equal a step-by-step "
            "reading of the move rules (count, bounce, routes at forks, the exact Exit, the "
            "optional rule, the 4-player rule, the readings).",
            move_clauses, "exhaustive", lambda: check_moves(cases),
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
        ),
        Theorem(
            "spookslot.move-successor", GAME,
            f"For {family}, every legal move leads to exactly the position the rules give: the "
            "pawn on its square; a danger square drops the ball for the same player; an escape "
            "takes the pawn off and, with the player's last pawn, ends the game with that player "
            "as the winner; otherwise the next player (clockwise) rolls. Pawns are conserved, no "
            "pawn returns behind the start or from the Exit, a move never ends on a taken square.",
            ("spookslot.pionnen.beginner", "spookslot.eindigen.veilig", "spookslot.eindigen.gevaar",
             "spookslot.exit.ontsnapt", "spookslot.doel.winnen-twee-pionnen",
             "spookslot.doel.winnen-een-pion", "spookslot.einde.twee-vier",
             "spookslot.einde.vijf-zes", "spookslot.pionnen.aantal", "spookslot.eindigen.bezet"),
            "exhaustive", lambda: check_move_successors(cases),
            fails_with=f"{TESTS}::test_move_successor_catches_a_wrong_next_player",
        ),
        Theorem(
            "spookslot.roll-transition", GAME,
            "For the mover's pawn on every square, with another pawn in danger or not, before the "
            "first roll and after a ghost: the die shows its six faces with equal chances; a ghost "
            "drops the ball when anyone is in a danger zone, "
            "else gives one more roll, and a second ghost ends the turn (reading: rolls again); a "
            "number gives a move if any pawn can move, else the next player rolls.",
            ("spookslot.beurt.dobbelen", "spookslot.spook.kogel", "spookslot.spook.nog-een-keer",
             "spookslot.exit.blijft-staan", "spookslot.pionnen.beginner"),
            "exhaustive", lambda: check_rolls(g),
            fails_with=f"{TESTS}::test_roll_transition_catches_a_second_reroll",
        ),
        Theorem(
            "spookslot.ball-transition", GAME,
            "For pawns of the mover and of another player on every pair of squares (one in "
            "danger): the ball reaches each trap with its weight's chance; for every trap exactly "
            "the pawns in that trap's danger zone go back to their "
            "fallback blue square (and may share it); the portrait then lets the owners of pawns "
            "on the red star squares decide (reading: moves them); then the next player rolls.",
            ("spookslot.kogel.valstrik", "spookslot.valstrik.trap", "spookslot.valstrik.boekenkast",
             "spookslot.valstrik.portret", "spookslot.valstrik.bijl", "spookslot.geschrokken.terug",
             "spookslot.geschrokken.blauw-meerdere", "spookslot.geheim.sterveld"),
            "exhaustive", lambda: check_balls(g),
            fails_with=f"{TESTS}::test_ball_transition_catches_a_wrong_fallback",
        ),
        Theorem(
            "spookslot.passage-transition", GAME,
            "For every set of pawns on the red star squares still to decide: exactly their owners "
            "act, each pawn decides once, taking the passage puts it on the green star square "
            "(shared if need be), and when all have decided the next player rolls.",
            ("spookslot.geheim.sterveld", "spookslot.geheim.groen-meerdere",
             "spookslot.valstrik.portret"),
            "exhaustive", lambda: check_passages(g),
            fails_with=f"{TESTS}::test_passage_transition_catches_a_second_decision",
        ),
        Theorem(
            "spookslot.second-pawn-waits", GAME,
            "With 4 players, for the mover's two pawns on every pair of places and every "
            "consistent bookkeeping: the second pawn moves only once the first has stood on the "
            "laboratory floor (reading: while it stands there), and the first pawn and the release "
            "are recorded as the moves happen. With 2, 3, 5 or 6 players nobody waits.",
            ("spookslot.getal.vier-spelers", "spookslot.getal.twee-drie-spelers"),
            "exhaustive", lambda: check_second_pawn(g),
            fails_with=f"{TESTS}::test_second_pawn_check_catches_a_pawn_that_does_not_wait",
        ),
        *chain,
    )
