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
* the passage: every set of pawns on the red star squares;
* pawn pairs: the mover's two pawns on every ordered pair of places, escaped included (so a player
  whose first pawn has escaped while the second is on the board is reached), with every 4-player
  bookkeeping the game's validation accepts (either pawn first, released or not);
* long bounces: a row of up to every other pawn of the game from the rolled square on;
* turns: every chance outcome and decision of one turn, for every player of every count;
* option values: every die of six faces (accepted exactly when a pawn can ever move onto the
  board), a stated set of trap weights, every packaged board.

For each position the game's legal actions and the successor of each are compared with what the
rulebook says, computed independently here (``reference_moves``, ``expected_after_*``). The
invariants (pawns conserved, shared squares, exact exits) are checked on every successor, so they
are inductive steps: from any position of the families the rules keep them. Nothing plays a game,
so a rule bug that makes games endless cannot make a theorem hang.

The single-pawn Markov chain is built from the board data alone and compared, square by square and
exactly, with the one-turn distribution of the game's rules (explored to a bounded depth).

Where the theorems reach (``depends_on``): every theorem whose truth can change with the player
count declares ``"players"`` and runs for 2-6 players in the default ``castlerules verify``; every
theorem names the interpretations whose options it states (so ``--all-readings`` runs it under each
of their options) and the keyword options it quantifies over (``die_faces``, ``trap_weights``,
``board``, ``first_player``, ``no_yellow``). The rulebook's numbers come from the spec's
``[[fact]]`` entries (``common.fact``), never from the rules code.

One module per kind of statement: ``board`` (the board and the exit/bounce kernel, z3),
``reading`` (the independent reading of the rules), ``families`` (the positions enumerated),
``moves``, ``turn`` (rolls, ball, passage), ``players`` (player counts, set-up, turn order,
winners, the mover's pawns on every pair of places, the four-player rule), ``options`` (die
faces, trap weights, packaged boards) and ``chain``.
"""


from __future__ import annotations

from collections.abc import Iterator

from castlerules.core.theorem import Result, Status, Theorem
from castlerules.spookslot import kernel
from castlerules.spookslot.rules import Spookslot
from castlerules.spookslot.state import State
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
    PLAYERS_TESTS,
    TESTS,
    WINDOW,
    Case,
    Kernel,
    Key,
    fact,
    pawns_per_player,
)
from castlerules.spookslot.theorems.ending import check_ending, pawn_model
from castlerules.spookslot.theorems.families import (
    ball_states,
    four_player_states,
    long_bounce_states,
    move_states,
    passage_states,
    roll_states,
)
from castlerules.spookslot.theorems.legality import check_legality
from castlerules.spookslot.theorems.moves import MoveCases, check_move_successors, check_moves
from castlerules.spookslot.theorems.options import (
    REPRESENTATIVES,
    check_boards,
    check_die_faces,
    check_trap_weights,
)
from castlerules.spookslot.theorems.players import (
    PAIRS,
    check_one_pawn,
    check_pawn_choice,
    check_player_counts,
    check_second_pawn,
    check_start,
    check_turn_order,
    check_winner,
    pair_states,
    remake,
)
from castlerules.spookslot.theorems.positions import check_positions
from castlerules.spookslot.theorems.reading import BoardData, Reading, reference_moves
from castlerules.spookslot.theorems.turn import (
    check_balls,
    check_passages,
    check_rolls,
)

__all__ = [
    "GAME",
    "REPRESENTATIVES",
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
    "check_ending",
    "check_exit_exact",
    "check_legality",
    "check_move_successors",
    "check_moves",
    "check_passages",
    "check_positions",
    "check_rolls",
    "check_second_pawn",
    "check_start",
    "engine_turn",
    "expected_turns",
    "four_player_states",
    "move_states",
    "passage_states",
    "pawn_model",
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
C = "spookslot."
#: The interpretations the move generator reads (its statements change with each of their options).
MOVE_READINGS = ("route-choice", "bounce-at-fork", "bounce-colour", "exit-exact",
                 "bounce-past-exit", "forced-move", "shared-squares", "start-line", "no-yellow",
                 "no_yellow", "die_faces", "board")
#: What a game's ending depends on (spookslot.options-end): its die, ball, board, player count and
#: every reading that changes a pawn's turn, its bounces or the balls others drop.
ENDING = ("players", "die_faces", "trap_weights", "board", "no_yellow", "no-yellow",
          "exit-exact", "start-line", "ghost-reroll", "ball-once", "secret-passage",
          "forced-move", "shared-squares", "bounce-colour", "bounce-at-fork", "route-choice",
          "bounce-past-exit")
#: The largest window any game has: the largest face the die-faces option allows (6) plus the most
#: pawns of any player count (facts player-counts and pawns-per-player).
LARGEST_WINDOW = 6 + max(n * pawns_per_player(n) for n in fact("player-counts"))


def _clauses(*names: str) -> tuple[str, ...]:
    return tuple(C + n for n in names)


def theorems(game: Spookslot | None = None) -> tuple[Theorem, ...]:
    """Every theorem for ``game`` (default: the default game), under its options and readings.
    Cheap: it builds the theorems; nothing is checked until a theorem's check runs."""
    g = Spookslot() if game is None else game
    n = g.num_players
    count_back = g.reading("exit-exact") == "count-back"
    share = g.reading("bounce-past-exit") == "share"
    four = ("four-player-second-pawn",) if n == 4 else ()
    #: Three other pawns cover every placement of a two-player game's default die; with a larger
    #: die two. With 3-6 players the default run checks one other pawn (the last other player's)
    #: and --deep three; the pawn pairs cover the mover's own two pawns everywhere.
    blockers = (3 if g.window <= 8 else 2) if n == 2 else 1
    last = " (the last other player's first)" if n > 2 else ""
    words = {1: f"one other pawn{last}", 2: f"two other pawns{last}",
             3: f"three other pawns{last}"}
    family = (f"every square and behind the start, every face of the die, and up to "
              f"{words[blockers]} on the squares a move can touch")
    cases = MoveCases(g, blockers, family=lambda: move_states(g, blockers), what=family)
    pairs = MoveCases(g, 0, family=lambda: pair_states(g), what=PAIRS)
    move_clauses = _clauses(
        "getal.zetten", "getal.tellen", "eindigen.bezet", "routes.kiezen", "exit.precies",
        "exit.niet-springen", "exit.moet-verplaatsen", "exit.blijft-staan", "optioneel.geel",
        "optioneel.geel-blijft-staan", "getal.vier-spelers")
    chain_clauses = _clauses(
        "beurt.dobbelen", "getal.zetten", "eindigen.gevaar", "spook.kogel", "spook.nog-een-keer",
        "kogel.valstrik", "geschrokken.terug", "geheim.sterveld", "exit.precies", "routes.kiezen")
    moves = ("players", *MOVE_READINGS, *four)
    solo = _chain_game(g)
    T = Theorem
    out: list[Theorem] = [
        T(
            C + "player-counts", GAME,
            "The game is for 2 to 6 players (fact player-counts, 'voor 2 tot 6 spelers'): a game "
            "is made for exactly those counts (-1 to 9 tried), each with that many players.",
            _clauses("intro.spelers"), "exhaustive", lambda: check_player_counts(g),
            fails_with=f"{PLAYERS_TESTS}::test_player_counts_catches_a_refused_sixth_player",
        ),
        T(
            C + "start-position", GAME,
            "For every player count and every first player: the game starts with every pawn behind "
            "the start line — the facts' pawns per player: two with 2 to 4 players, one with 5 or "
            "6 — and the first player (the oldest: the first_player option, default the fact "
            "first-player) rolls the die.",
            _clauses("pionnen.aantal", "pionnen.start", "pionnen.beginner", "beurt.dobbelen",
                     "intro.spelers"),
            "exhaustive", lambda: check_start(g),
            fails_with=f"{TESTS}::test_start_theorem_catches_a_wrong_set_up",
            depends_on=("players", "first_player", "first-player"),
        ),
        T(
            C + "turn-order", GAME,
            "For every player count and every player: from every pawn behind the start, a pawn in "
            "danger, or pawns of this and the next player on the red star squares, through every "
            "chance outcome and every decision of the turn, the turn stays with the player until "
            "it ends and then passes clockwise (fact turn-order: the next player number, after "
            "the last the first), whoever began the game (every first_player).",
            _clauses("pionnen.beginner", "beurt.dobbelen"), "exhaustive",
            lambda: check_turn_order(g),
            fails_with=f"{PLAYERS_TESTS}::test_turn_order_catches_a_skipped_player",
            depends_on=("players", "first_player", "ghost-reroll", "forced-move",
                        "secret-passage"),
        ),
        T(
            C + "winner", GAME,
            "For every player count and every player moving a pawn onto the Exit, whatever the "
            "mover's other pawn does (behind the start, every square, escaped) and whether another "
            "player has a pawn out: the moves onto the Exit are the rules', and the game ends "
            "exactly when every pawn of the mover is out "
            "(fact pawns-to-win: both with 2-4 players, the one with 5 or 6), with the mover as "
            "the only winner; before that nobody has won.",
            _clauses("doel.winnen-twee-pionnen", "doel.winnen-een-pion", "einde.twee-vier",
                     "einde.vijf-zes", "exit.ontsnapt", "doel.race"),
            "exhaustive", lambda: check_winner(g),
            fails_with=f"{PLAYERS_TESTS}::test_winner_catches_a_win_with_one_pawn",
            depends_on=("players", *four),
        ),
        T(
            C + "board-well-formed", GAME,
            "On the game's board and on every packaged board (specs/boards/spookslot-*.toml) every "
            "square reaches the Exit and is reached from the start; every danger square (the facts' "
            "red and stair colours) has one of the four traps and its fallback is the nearest blue "
            "square behind it; the facts' number of forks, each with two routes that rejoin, one "
            "longer and safe, the other shorter through a danger zone; exactly two red star squares "
            "and one green star square; and the packaged default board is, square by square "
            "(colour, star, floor, trap, fallback, successors), the reconstruction the board "
            "ruling "
            "adopts (fact reconstruction).",
            _clauses("doel.race", "geschrokken.terug", "routes.kiezen", "geheim.sterveld",
                     "eindigen.veilig", "eindigen.gevaar", "getal.tellen"),
            "exhaustive", lambda: check_boards(g),
            fails_with=f"{TESTS}::test_board_check_finds_a_wrong_fallback",
            depends_on=("board",),
        ),
        T(
            C + "exit-exact", GAME,
            "Under the game's exit-exact and bounce-past-exit readings (--all-readings: each of "
            "their options), for windows of every size up "
            f"to {LARGEST_WINDOW} squares (the largest face plus the most pawns of any game), every "
            "roll 1-6, distance to the Exit and occupancy: the exit/bounce kernel the game calls "
            "ends a move on the Exit only when the roll is exactly the distance to it, and never "
            "beyond it: a bounce never reaches the Exit.",
            _clauses("exit.precies", "exit.niet-springen", "exit.ontsnapt"), "z3",
            lambda: check_exit_exact(kernel.landing, count_back, share, LARGEST_WINDOW),
            fails_with=f"{TESTS}::test_exit_exact_catches_a_bounce_onto_the_exit",
            depends_on=("exit-exact", "bounce-past-exit"),
        ),
        T(
            C + "bounce-next-free", GAME,
            "Under the game's exit-exact and bounce-past-exit readings (--all-readings: each of "
            "their options), for windows up to "
            f"{LARGEST_WINDOW} squares: a move ends on the rolled square if free, else on the next "
            "free square before the Exit; it is impossible (the pawn stays) exactly when the roll "
            "passes the Exit or every square from the rolled one up to the Exit is taken "
            "(count-back: a roll past the Exit counts back from it to the nearest free square; "
            "share: a blocked bounce shares the rolled square).",
            _clauses("eindigen.bezet", "getal.zetten", "exit.moet-verplaatsen",
                     "exit.blijft-staan"), "z3",
            lambda: check_bounce(kernel.landing, count_back, share, LARGEST_WINDOW),
            fails_with=f"{TESTS}::test_bounce_theorem_catches_a_missing_bounce",
            depends_on=("exit-exact", "bounce-past-exit"),
        ),
        T(
            C + "moves-reference", GAME,
            f"For {family}, the game's legal moves and where each ends equal a step-by-step "
            "reading of the move rules (count, bounce, routes at forks, the exact Exit, the "
            "optional rule, the 4-player rule, the readings).",
            move_clauses, "exhaustive", lambda: check_moves(cases),
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
            depends_on=moves,
        ),
        T(
            C + "positions", GAME,
            f"With {n} players the game accepts every position of its families (before a roll, "
            "after a ghost, before the ball, at a passage decision, at a move from every square, "
            "at the end) and refuses every change of one that breaks a rule: pawns for a player "
            "not at the table, a pawn too many (the facts: two each with 2 to 4 players, one "
            "with 5 or 6), a pawn on no square, the turn of nobody, two pawns on a square that is "
            "neither blue nor the green star (except under bounce-past-exit = share), a winner "
            "before the end or one whose pawns have not all escaped, a player out and the game "
            "not over, a number outside the move phase or one the die does not have, the ball "
            "with nobody in danger, a passage pending outside its phase, twice, for nobody or "
            "off the red star squares, anything pending at the end. Exhaustive.",
            _clauses("pionnen.aantal", "intro.spelers", "eindigen.bezet",
                     "geschrokken.blauw-meerdere", "geheim.groen-meerdere", "geheim.sterveld",
                     "spook.kogel", "beurt.dobbelen", "einde.twee-vier", "einde.vijf-zes"),
            "exhaustive", lambda: check_positions(g),
            fails_with=f"{TESTS}::test_positions_catches_a_careless_validation",
            depends_on=("players", "bounce-past-exit", "die-faces", "die_faces"),
        ),
        T(
            C + "legality", GAME,
            f"With {n} players, in every phase of a turn — before a roll and after a ghost with "
            "the mover's pawn on every square, before the ball drops, at every passage decision, "
            "at every move from every square with every face (for 2 players the longest bounces "
            "too), and at the end — every action the game can be asked about (every face, "
            "trap, pass, pawn, route and passage, and some that name no route or no pawn) is "
            "legal exactly when the rules list it (the step-by-step reading's moves, a pass "
            "when moving is optional or no pawn can move, the die's faces, the traps the ball "
            "reaches, the pending passages) and the legal actions are exactly those; a refused "
            "action names a clause and quotes it: a roll 'Spelverloop', a ball 'De kogel', a "
            "passage 'De geheime doorgang', a move or pass out of turn the turn order, a player "
            "or pawn the game does not have the player count or 'pionnen', anything after the "
            "end the end of the game. Exhaustive.",
            _clauses("beurt.dobbelen", "kogel.valstrik", "geheim.sterveld", "pionnen.beginner",
                     "getal.zetten", "exit.moet-verplaatsen", "exit.precies",
                     "exit.niet-springen", "routes.kiezen", "optioneel.geel-blijft-staan",
                     "einde.twee-vier", "einde.vijf-zes", "intro.spelers", "pionnen.aantal"),
            "exhaustive", lambda: check_legality(g),
            fails_with=f"{TESTS}::test_legality_catches_a_careless_predicate",
            depends_on=(*moves, "trap-weights", "trap_weights"),
        ),
        T(
            C + "move-successor", GAME,
            f"For {family}, every legal move leads to exactly the position the rules give: the "
            "pawn on its square; a danger square drops the ball for the same player; an escape "
            "takes the pawn off and, with the player's last pawn, ends the game with that player "
            "as the winner; otherwise the next player (clockwise) rolls; yellow squares are "
            "ordinary safe squares (no power). Pawns are conserved, no pawn returns behind the "
            "start or from the Exit, a move never ends on a taken square.",
            _clauses("pionnen.beginner", "eindigen.veilig", "eindigen.gevaar", "exit.ontsnapt",
                     "doel.winnen-twee-pionnen", "doel.winnen-een-pion", "einde.twee-vier",
                     "einde.vijf-zes", "pionnen.aantal", "eindigen.bezet"),
            "exhaustive", lambda: check_move_successors(cases),
            fails_with=f"{TESTS}::test_move_successor_catches_a_wrong_next_player",
            depends_on=(*moves, "yellow-power"),
        ),
        T(
            C + "pawn-pairs", GAME,
            f"For {PAIRS}: the game's legal moves (and the pass, under forced-move = optional) "
            "equal the step-by-step reading — with two pawns the player moves one that can move "
            "(forced-move: any of them; lead-pawn: the one nearest the Exit when it can; "
            "optional: or passes), a pawn that cannot move stays and the other may try — and "
            "every move leads to the position the rules give (escape, win, the ball, the next "
            "player).",
            _clauses("getal.zetten", "getal.niet-verdelen", "exit.moet-verplaatsen",
                     "exit.blijft-staan", "exit.ontsnapt", "optioneel.geel-blijft-staan",
                     "getal.vier-spelers", "getal.twee-drie-spelers", "doel.winnen-twee-pionnen"),
            "exhaustive", lambda: _moves_and_successors(pairs),
            fails_with=f"{PLAYERS_TESTS}::test_pawn_pairs_catches_a_lead_pawn_that_is_not_nearest",
            depends_on=moves,
        ),
        T(
            C + "pawn-choice", GAME,
            f"For {PAIRS}: the pawns the player may move are exactly the pawns that can move "
            "(each alone, by the step-by-step reading, the 4-player rule applied) — forced-move "
            "any-pawn and optional: every one of them (optional: or pass, when one can move); "
            "lead-pawn: those of them nearest the Exit by the board's distance (the fewest "
            "steps; behind the start line one step before the first square, or, under "
            "start-line = line-square, one step before the line).",
            _clauses("getal.zetten", "getal.niet-verdelen", "exit.moet-verplaatsen",
                     "exit.blijft-staan"),
            "exhaustive", lambda: check_pawn_choice(pairs),
            fails_with=f"{PLAYERS_TESTS}::test_pawn_choice_catches_behind_the_line_as_near_as_it",
            depends_on=moves,
        ),
        T(
            C + "one-pawn-per-roll", GAME,
            f"For {PAIRS}: every legal move moves exactly the pawn it names, of the player to move, "
            "the whole roll to where the rules say, and no other pawn: a roll is never split over "
            "two pawns ('Je mag de worp niet over twee pionnen verdelen').",
            _clauses("getal.niet-verdelen", "getal.zetten"), "exhaustive",
            lambda: check_one_pawn(pairs),
            fails_with=f"{PLAYERS_TESTS}::test_one_pawn_per_roll_catches_a_split_roll",
            depends_on=("players", "forced-move", "no-yellow", "no_yellow"),
        ),
        T(
            C + "long-bounces", GAME,
            "For the game's die and for the die 1, 2, 3, 4, 5, 6 (the largest faces the die_faces "
            "option allows): the mover's pawn on every place, every number, every way forward, "
            "and a row of 0 up to every other pawn of the game standing from the rolled square "
            "on: the game's moves and their successors equal the step-by-step reading — a bounce "
            "passes the whole row to the first free square, or (before the Exit) the pawn stays.",
            _clauses("eindigen.bezet", "getal.zetten", "getal.tellen", "exit.niet-springen",
                     "exit.blijft-staan"), "exhaustive", lambda: _long_bounces(g),
            fails_with=f"{PLAYERS_TESTS}::test_long_bounces_catch_a_window_too_short",
            depends_on=(*moves, "die-faces"),
        ),
        T(
            C + "roll-transition", GAME,
            "For every player count, the first and the last player rolling, the mover's pawn on "
            "every square, with another pawn (3-6 players: the last other player's) in danger or "
            "not, before the first roll and after a ghost: the die shows its six faces with equal chances; a ghost "
            "drops the ball when anyone is in a danger zone, "
            "else gives one more roll, and a second ghost ends the turn (reading: rolls again); a "
            "number gives a move if any pawn can move, else the next player rolls.",
            _clauses("beurt.dobbelen", "spook.kogel", "spook.nog-een-keer", "exit.blijft-staan",
                     "pionnen.beginner"),
            "exhaustive", lambda: check_rolls(g),
            fails_with=f"{TESTS}::test_roll_transition_catches_a_second_reroll",
            depends_on=("players", "ghost-reroll", "die_faces", "forced-move", *four),
        ),
        T(
            C + "ball-transition", GAME,
            "For pawns of the mover and of another player (with 3 or more players: each other "
            "player in turn) on every pair of squares (one in danger): the ball reaches each trap "
            "with its weight's chance; for every trap exactly the pawns in that trap's danger zone "
            "(ball-once = mover-only: the mover's) go back to their fallback blue square (and may "
            "share it); the portrait then lets the owners of pawns on the red star squares decide "
            "(secret-passage = always: moves them); then the next player rolls.",
            _clauses("kogel.valstrik", "valstrik.trap", "valstrik.boekenkast", "valstrik.portret",
                     "valstrik.bijl", "geschrokken.terug", "geschrokken.blauw-meerdere",
                     "geheim.sterveld"),
            "exhaustive", lambda: check_balls(g),
            fails_with=f"{TESTS}::test_ball_transition_catches_a_wrong_fallback",
            depends_on=("players", "ball-once", "secret-passage", "trap_weights", "board", *four),
        ),
        T(
            C + "passage-transition", GAME,
            "For every set of pawns on the red star squares still to decide (the mover's and each "
            "other player's): exactly their owners act, each pawn decides once, taking the "
            "passage puts it on the green star square (shared if need be), and when all have "
            "decided the next player rolls.",
            _clauses("geheim.sterveld", "geheim.groen-meerdere", "valstrik.portret"),
            "exhaustive", lambda: check_passages(g),
            fails_with=f"{TESTS}::test_passage_transition_catches_a_second_decision",
            depends_on=("players", "secret-passage", "ball-once", *four),
        ),
        T(
            C + "second-pawn-waits", GAME,
            f"For {PAIRS}: with 4 players (fact second-pawn-waits-players) the second pawn moves "
            "only once the first pawn stands on the laboratory floor (fact release-floor) or has "
            "escaped — under once-reached also once it has stood there — the pawn moved first is "
            "recorded as the first pawn and the release as it happens; with 2, 3, 5 or 6 players "
            "every pawn that can move may move (fact second-pawn-free-players).",
            _clauses("getal.vier-spelers", "getal.twee-drie-spelers"),
            "exhaustive", lambda: check_second_pawn(g, pairs),
            fails_with=f"{TESTS}::test_second_pawn_check_catches_a_pawn_that_does_not_wait",
            depends_on=("players", *four),
        ),
        T(
            C + "die-faces", GAME,
            "For every die of six faces from 1-6 and the ghost (each of the 924 multisets, in "
            "ascending order with the game's no_yellow and with it toggled, and every seventh in "
            "descending order) and the default die (fact die-faces: 1, 2, 3, 4, ghost, ghost): "
            "die_faces accepts it exactly when some game with it moves a pawn onto the board "
            "(every position reached while all pawns are behind the start line or on it, "
            "explored with the game's own rules), and refuses it otherwise — a die with which no "
            "pawn can ever move; an accepted die shows each face with chance (its count)/6 and "
            "exactly those rolls are legal; dice of five or seven faces or with a face 0 or 7 "
            "are refused.",
            _clauses("beurt.dobbelen", "getal.zetten", "spook.kogel"), "exhaustive",
            lambda: check_die_faces(g),
            fails_with=f"{PLAYERS_TESTS}::test_die_faces_catches_a_lost_face",
            depends_on=("die_faces", "die-faces", "board", "start-line", "exit-exact"),
        ),
        T(
            C + "options-end", GAME,
            "A game can always still end ('wie als eerste ... uit het kasteel heeft gebracht'): "
            "for the game's own die, ball, board, player count and readings, and for the "
            "campaign's two option sets (six 5s; every ball to the stairs), the options are "
            "refused exactly when one pawn can come to a place from which it never reaches the "
            "Exit — its owner's turns (every outcome of the die and the ball, every choice) and "
            "the balls other players drop, with the other players' pawns in its way — and the "
            "places and stuck places the game's check finds, with the game's own rules, are "
            "those of a model of one pawn read from the board data and the rulebook's sentences.",
            _clauses("doel.race", "einde.twee-vier", "einde.vijf-zes", "beurt.dobbelen",
                     "getal.zetten", "exit.precies", "spook.kogel", "spook.nog-een-keer",
                     "kogel.valstrik", "geschrokken.terug", "geheim.sterveld", "eindigen.bezet"),
            "exhaustive", lambda: check_ending(g),
            fails_with=f"{PLAYERS_TESTS}::test_options_end_catches_a_check_blind_to_others_balls",
            depends_on=ENDING,
        ),
        T(
            C + "options-end-every", GAME,
            "As spookslot.options-end, for every set of die faces (127: each non-empty set of "
            "1-6 and the ghost) and every set of traps the ball reaches (15) on the game's board "
            "with its player count and readings: the options are refused exactly when the model "
            "of one pawn finds a place it can come to and never leave for the Exit, place by "
            "place as the game's check finds them.",
            _clauses("doel.race", "einde.twee-vier", "einde.vijf-zes", "beurt.dobbelen",
                     "getal.zetten", "exit.precies", "kogel.valstrik", "geschrokken.terug"),
            "exhaustive", lambda: check_ending(g, every=True), deep=True,
            fails_with=f"{PLAYERS_TESTS}::test_options_end_catches_a_check_blind_to_others_balls",
            depends_on=ENDING,
        ),
        T(
            C + "trap-weights", GAME,
            "For every trap_weights vector with weights 0-3 (not all 0; 255 vectors), three with "
            "weights up to 1,000,000, and the default (fact trap-weights: uniform over the fact's "
            "four traps): the ball reaches each trap with chance weight / total, a trap of weight "
            "0 never; bad weights are refused.",
            _clauses("kogel.valstrik", "valstrik.trap", "valstrik.boekenkast", "valstrik.portret",
                     "valstrik.bijl"), "exhaustive",
            lambda: check_trap_weights(g),
            fails_with=f"{PLAYERS_TESTS}::test_trap_weights_catches_a_weight_off_by_one",
            depends_on=("trap_weights", "trap-weights"),
        ),
    ]
    if solo is not None:
        out.append(T(
            C + "single-pawn-chain", GAME,
            "For one pawn alone (policy: a fixed route at forks, always the secret passage), the "
            "exact Markov chain built from the board data equals, row by row, the one-turn "
            "distribution of the game's own rules (with its die, ball and board); its expected "
            "number of turns is solved exactly.",
            chain_clauses, "exhaustive", lambda: check_chain_matches_game(solo),
            fails_with=f"{TESTS}::test_chain_check_catches_a_wrong_chain",
            depends_on=("die_faces", "trap_weights", "board", "secret-passage"),
        ))
    if blockers != 3:
        deep = MoveCases(g, 3, keep=False)
        out.append(T(
            C + "moves-reference-three", GAME,
            f"For {family.replace(words[blockers], words[3])}, the game's legal moves and "
            "where each ends equal the step-by-step reading of the move rules, and every move "
            "leads to the position the rules give.",
            move_clauses, "exhaustive", lambda: _moves_and_successors(deep), deep=True,
            fails_with=f"{TESTS}::test_moves_reference_catches_a_missing_bounce",
            depends_on=moves,
        ))
    return tuple(out)


def _long_bounces(game: Spookslot) -> Result:
    """``long_bounce_states`` of ``game`` and of ``game`` with the die 1-6."""
    details = []
    for g in (game, remake(game, die_faces=[1, 2, 3, 4, 5, 6])):
        def family(g: Spookslot = g) -> Iterator[State]:
            return long_bounce_states(g)

        cases = MoveCases(g, 0, family=family, what="rows of pawns")
        result = _moves_and_successors(cases)
        if result.status is not Status.PROVED:
            return result
        details.append(result.detail)
    return Result.proved("; ".join(details))


def _moves_and_successors(cases: MoveCases) -> Result:
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
