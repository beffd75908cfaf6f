"""Kasteel theorems: moves along a line, the move generator, every transition, what a move costs, the
start and the skulls, the end and who wins, no overlap, and whether Kasteel can draw.

Two kinds of proof, both about the code the game runs (``basis="code"``), under the game's readings:

- **z3 over the dual-mode kernels** the game runs: ``kernel.move_legal`` (from which the game's move
  tables are built), ``kernel.after_move`` (what the successor does to the bitboards),
  ``kernel.move_cost`` and ``kernel.has_won`` (tabulated by ``winners``), over every line length
  and every fact along the line, or over a symbolic whole board (one boolean per square for a
  yellow knight, a red knight and a skull) satisfying the invariant.
- **Exhaustive enumeration of the game's own methods** (``legal_actions``, ``violation``,
  ``successor``, ``winners``, ``actors``, ``chance_outcomes``, ``initial_state``) against an
  independent reading of the clauses written here (``spec_line``, ``spec_successor``,
  ``spec_winners``), over a stated finite family of positions: every line of the board (player,
  square, direction) with every nearest knight on it, and every move of every line.

Every check takes the game object it is about, so a test can hand it a deliberately broken rule and
see the counterexample; a counterexample carries the position text and the squares that matter
(``highlight``). Every check is bounded (a fixed family of positions, a fixed line of play, z3
with a time-out): a rule bug that makes a game endless makes a check fail, never hang.

Where the theorems reach. The rulebook's numbers and places (the two players, yellow first, the
passes of each level, four skulls, the start squares, keys, canals and the reference map) are
``[[fact]]`` entries of specs/kasteel.toml, quoted from their clauses; a theorem compares the game
with them (``common.fact``), never with a constant of the rules code. Each theorem declares what it
depends on (``DEPENDS_ON``: the readings that change what it states, and the keyword options whose
values it quantifies over), so ``verify --all-readings`` runs it under each of their options.
Option values are quantified over, symbolically where z3 can (the passes in every kernel proof and
the symbolic board are a free integer; ``kasteel.deadlock-threshold`` leaves the number of skulls
free), otherwise over a documented finite set of sibling games made with the game's own class
(``common.sibling``): every level, every explicit number of passes 0-1000, every number of skulls
the zone holds, single and whole-row fixed skull sets, the packaged map and a custom one. Kasteel is
for two players only (fact ``players``), so no statement depends on the player count.

The modules follow the rulebook:

- ``moves`` — Spel: how a knight moves (the line rule, the generator, the own key, no overlap);
- ``transition`` — Spel: what a legal action does (every transition against ``spec_successor``);
- ``canals`` — Kanalen: what a move costs, the passes of each level and every passes value;
- ``setup`` — Beginsituatie and the first move: the maps, the start, the skulls placed;
- ``end`` — Einde van het spel: who wins, one winner, stuck and deadlocked players, no move limit;
- ``whole_board`` — the symbolic board the z3 proofs share; ``common`` — shared helpers and facts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from castlerules.core.theorem import Result, Status, Theorem
from castlerules.kasteel.board import load_board
from castlerules.kasteel.rules import Kasteel
from castlerules.kasteel.theorems.canals import (
    check_enter_over_wall,
    check_level_passes,
    check_move_cost,
    check_pass_budget,
    check_passes_monotone,
    min_skull_cut,
)
from castlerules.kasteel.theorems.common import (
    GAME,
    OPTION_TESTS,
    STUCK_EXAMPLE,
    STUCK_LINE,
    STUCK_SKULLS,
    TESTS,
    build,
    position,
    refute,
    skull_sets,
)
from castlerules.kasteel.theorems.end import (
    FINDING_DEADLOCK,
    FINDING_REACHABLE,
    FINDING_REACHABLE_COSTLY,
    FINDING_REACHABLE_OPEN,
    FINDING_STUCK,
    FINDING_WALLS,
    WALL_CUT_ANYWHERE,
    WALL_CUT_MIDDLE,
    check_deadlock_threshold,
    check_end,
    check_never_deadlocked,
    check_never_stuck,
    check_no_move_limit,
    check_one_winner,
    check_stuck_reachable,
    check_stuck_rule,
    find_stuck,
    search_stuck_line,
    spec_stuck,
    spec_winners,
    stuck_line_affordable,
    stuck_skulls,
)
from castlerules.kasteel.theorems.moves import (
    check_line_rule,
    check_move_generation,
    check_no_overlap,
    check_own_key_path,
    check_slide_prefix,
    spec_line,
    spec_line_targets,
    spec_targets,
)
from castlerules.kasteel.theorems.setup import (
    REPRESENTATIVES,
    check_board,
    check_chance_and_start,
    check_first_move,
    check_skulls_placed,
    spec_zone,
)
from castlerules.kasteel.theorems.transition import check_transition, spec_cost, spec_successor
from castlerules.kasteel.theorems.whole_board import Symbolic

__all__ = [
    "FINDING_DEADLOCK",
    "FINDING_REACHABLE",
    "FINDING_REACHABLE_COSTLY",
    "FINDING_REACHABLE_OPEN",
    "FINDING_STUCK",
    "FINDING_WALLS",
    "GAME",
    "REPRESENTATIVES",
    "STUCK_EXAMPLE",
    "STUCK_LINE",
    "STUCK_SKULLS",
    "TESTS",
    "Symbolic",
    "build",
    "check_board",
    "check_chance_and_start",
    "check_end",
    "check_enter_over_wall",
    "check_first_move",
    "check_level_passes",
    "check_line_rule",
    "check_move_cost",
    "check_move_generation",
    "check_never_deadlocked",
    "check_never_stuck",
    "check_no_move_limit",
    "check_no_overlap",
    "check_one_winner",
    "check_own_key_path",
    "check_pass_budget",
    "check_passes_monotone",
    "check_skulls_placed",
    "check_slide_prefix",
    "check_stuck_reachable",
    "check_transition",
    "find_stuck",
    "min_skull_cut",
    "position",
    "refute",
    "search_stuck_line",
    "skull_sets",
    "spec_cost",
    "spec_line",
    "spec_line_targets",
    "spec_stuck",
    "spec_successor",
    "spec_targets",
    "spec_winners",
    "spec_zone",
    "stuck_line_affordable",
    "stuck_skulls",
    "theorems",
]


#: What each theorem depends on besides the rules (``Theorem.depends_on``): the readings that
#: change what it states or checks (so ``verify --all-readings`` runs it under each of their
#: options), and the keyword options whose values it quantifies over or runs under. Kasteel is
#: for two players only (fact ``players``), so no theorem depends on the player count.
LINE = ("kasteel.interp.moves", "kasteel.interp.climb", "kasteel.interp.own-key",
        "kasteel.interp.key-square", "kasteel.interp.pass-cost")
SKULLS = ("skulls", "skull_squares", "kasteel.interp.skulls", "kasteel.interp.skull-squares",
          "kasteel.interp.skull-zone")
PASSES = ("level", "passes", "kasteel.interp.level", "kasteel.interp.passes")
BOARD = ("board", "kasteel.interp.board", "kasteel.interp.start", "kasteel.interp.board-format")
STUCK = ("stuck", "kasteel.interp.no-legal-move")
DEPENDS_ON: dict[str, tuple[str, ...]] = {
    "kasteel.line-rule": LINE,
    "kasteel.move-generation": (*LINE, "kasteel.interp.turns", *SKULLS, *PASSES, *BOARD),
    "kasteel.move-generation-deep": (*LINE, "kasteel.interp.turns", *SKULLS, *PASSES, *BOARD),
    "kasteel.transition": (*LINE, "kasteel.interp.capture", "kasteel.interp.turns", *SKULLS,
                           *PASSES, *BOARD),
    "kasteel.move-cost": ("kasteel.interp.pass-cost", *BOARD),
    "kasteel.chance-and-start": (*SKULLS, *PASSES, *BOARD),
    "kasteel.board": BOARD,
    "kasteel.end": (*STUCK, "kasteel.interp.end", "kasteel.interp.turns", *LINE, *SKULLS),
    "kasteel.one-winner": (*STUCK, "kasteel.interp.end", "kasteel.interp.capture", *LINE,
                           *SKULLS, *PASSES),
    "kasteel.never-stuck": (*LINE, *SKULLS, *PASSES),
    "kasteel.stuck-reachable": ("kasteel.interp.capture", *STUCK, *LINE, *SKULLS, *PASSES),
    "kasteel.never-deadlocked": (*LINE, *SKULLS, *PASSES, *STUCK),
    "kasteel.no-overlap": ("kasteel.interp.capture", "kasteel.interp.own-key", *SKULLS),
    "kasteel.own-key": ("kasteel.interp.own-key", *LINE),
    "kasteel.passes-monotone": ("kasteel.interp.pass-cost", *LINE),
    "kasteel.enter-over-wall": (*LINE, *SKULLS),
    "kasteel.slide-prefix": (*LINE, *BOARD),
    "kasteel.first-move": ("kasteel.interp.turns", "level", "passes", "skulls", "skull_squares",
                           "stuck"),
    "kasteel.level-passes": (*PASSES, "kasteel.interp.program"),
    "kasteel.skulls-placed": SKULLS,
    "kasteel.pass-budget": (*LINE, *PASSES, "kasteel.interp.skull-zone"),
    "kasteel.no-move-limit": ("kasteel.interp.no-move-limit", "kasteel.interp.end",
                              "kasteel.interp.turns"),
    "kasteel.deadlock-threshold": (*LINE, "kasteel.interp.skull-zone", *STUCK, "skulls",
                                   "passes"),
    "kasteel.stuck-rule": (*STUCK, "kasteel.interp.turns", *LINE),
}
#: The statements added for option values, set-up facts and the end without a move limit (their
#: failing tests live in ``OPTION_TESTS``).
NEW = frozenset({"kasteel.first-move", "kasteel.level-passes", "kasteel.skulls-placed",
                 "kasteel.pass-budget", "kasteel.no-move-limit", "kasteel.deadlock-threshold",
                 "kasteel.stuck-rule"})


#: The statements whose verdicts are findings about the rulebook's set-up (made only there).
SETUP_FINDINGS = frozenset({"kasteel.never-stuck", "kasteel.stuck-reachable",
                            "kasteel.never-deadlocked", "kasteel.enter-over-wall",
                            "kasteel.deadlock-threshold"})


def theorems(game: Any = None) -> tuple[Theorem, ...]:
    g: Kasteel = game if isinstance(game, Kasteel) else Kasteel()
    # The numbers of skulls that wall a knight in or deadlock both players are facts of the
    # rulebook's map (found by z3 there); on another map they are that map's own.
    rulebook_map = g.board == load_board(None)
    chance = g._fixed is None
    crowded = g._skulls_anywhere or (rulebook_map and chance and g.skull_count >= 5)
    deadlock: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_DEADLOCK} if crowded else {}
    )
    walls = (g._skulls_anywhere and g.skull_count >= WALL_CUT_ANYWHERE) or (
        rulebook_map and chance and g.skull_count >= WALL_CUT_MIDDLE)
    walled: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_WALLS} if walls else {}
    )
    # Whether a stuck position is reachable: never with fewer than three skulls (none exists,
    # z3); else the stuck line where the passes pay for it; open under mover-removed and where
    # they do not.
    reachable: dict[str, Any]
    if g.skull_count < 3:
        reachable = {}
    elif g._mover_removed:
        reachable = {"expected": Status.UNKNOWN, "finding": FINDING_REACHABLE_OPEN}
    elif stuck_line_affordable(g):
        reachable = {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_REACHABLE}
    else:
        reachable = {"expected": Status.UNKNOWN, "finding": FINDING_REACHABLE_COSTLY}
    stuck: dict[str, Any] = (
        {"expected": Status.COUNTEREXAMPLE, "finding": FINDING_STUCK} if g.skull_count >= 3 else {}
    )
    moves = ("kasteel.spel.schuiven", "kasteel.spel.muren-langs", "kasteel.spel.klimmen",
             "kasteel.spel.niet-springen", "kasteel.spel.eigen-sleutel")
    end = ("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
           "kasteel.doel.sleutel")
    passes = ("kasteel.kanalen.passen", "kasteel.kanalen.uitgeput", "kasteel.kanalen.schedels",
              "kasteel.kanalen.vrij")

    def t(tid: str, statement: str, clauses: Sequence[str], method: str,
          check: Callable[[], Result], test: str, **extra: Any) -> Theorem:
        extra["depends_on"] = DEPENDS_ON[tid]
        where = OPTION_TESTS if tid in NEW else TESTS
        return Theorem(tid, GAME, statement, tuple(clauses), method, check,
                       fails_with=f"{where}::{test}", **extra)

    made = (
        t("kasteel.line-rule",
          "The move rule the game's tables are built from (kernel.move_legal) is the clauses: for "
          "every line length and every fact along the line, a knight may move to a square exactly "
          "when the squares obey the level rule (a climb is one square), no knight stands before "
          "it, no own knight on it, the own key is neither entered nor crossed and the passes pay "
          "for the canal and skull squares entered (each as the game's readings say; the passes "
          "left are a free integer, so every level and passes= value).",
          (*moves, "kasteel.spel.slaan", *passes), "z3", lambda: check_line_rule(g),
          "test_line_rule_fails_if_a_climb_may_slide_on"),
        t("kasteel.move-generation",
          "The game's move generator and its legality check agree with the clauses on every line "
          "of the board: for a knight of either player on every square, with no knight or one "
          "knight of either player on any square of its row or column, and every number of passes "
          "that matters, the legal moves are exactly the squares the clauses allow; a pass is "
          "legal exactly when the player cannot move (or the reading allows passing).",
          (*moves, "kasteel.spel.slaan", "kasteel.spel.geel-eerst", *passes), "exhaustive",
          lambda: check_move_generation(g), "test_move_generation_fails_if_a_capture_is_skipped"),
        t("kasteel.move-generation-deep",
          "As kasteel.move-generation, with every passes value at every nearest knight and both "
          "skull placements.",
          (*moves, "kasteel.spel.slaan", *passes), "exhaustive",
          lambda: check_move_generation(g, deep=True),
          "test_move_generation_fails_if_a_capture_is_skipped", deep=True),
        t("kasteel.transition",
          "Every transition is exactly what the rules say: for every move of every line of the "
          "board (to an empty square or onto an opposing knight), the moved knight stands on its "
          "destination, the captured knight (or, per the reading, the moving one) is gone, the "
          "mover has paid one pass per canal and skull square entered, the opponent's passes and "
          "the skulls are unchanged and the opponent is to move; a pass only gives the turn "
          "away; a skull only lands.",
          ("kasteel.spel.slaan", "kasteel.spel.geel-eerst", "kasteel.spel.schuiven", *passes),
          "exhaustive", lambda: check_transition(g),
          "test_transition_fails_if_the_turn_does_not_pass"),
        t("kasteel.move-cost",
          "A move costs exactly the canal and skull squares it enters (per square, or one per "
          "move): z3 for every path length over the cost kernels, and every pair of squares on a "
          "line of the board is charged for exactly the squares between them.",
          passes, "z3", lambda: check_move_cost(g), "test_move_cost_fails_if_the_last_square_is_free"),
        t("kasteel.chance-and-start",
          "The game starts with every knight on its wall, the level's passes for both players and "
          "yellow to move; the skulls fall one by one, each uniformly on a free square of the skull "
          "zone; after the last skull yellow moves first.",
          ("kasteel.begin.muren", "kasteel.spel.geel-eerst", "kasteel.kanalen.niveau",
           "kasteel.kanalen.schedels"), "exhaustive", lambda: check_chance_and_start(g),
          "test_chance_theorem_fails_if_a_skull_may_fall_twice"),
        t("kasteel.board",
          "The board is well formed and the knights start on their walls ('Aan het begin van het "
          "spel staan de ridders op de top van hun kasteelmuren'): on this game's map and every "
          "packaged map, one key square each, on ground, and every knight on a wall square; the "
          "packaged default map is, square by square, the rulebook's reference map (facts: yellow "
          "at the bottom on f1 n1 h2 l2 h6 l6 c8 q8, 8 a side, red mirrored, keys j4 and j16, "
          "canals j2 j8 j12 j18); every square of the packaged map and of a custom map given as "
          "text is what the text says, and a game starts with the knights of its map.",
          ("kasteel.begin.muren", "kasteel.doel.sleutel", "kasteel.kanalen.vrij"), "exhaustive",
          lambda: check_board(g), "test_board_fails_if_the_map_is_upside_down",
          all_options_of=("kasteel.interp.board", "kasteel.interp.start")),
        t("kasteel.end",
          "Who wins: a knight on the opponent's key square wins for its owner, a player without "
          "knights loses, a stuck player to move loses at once (stuck=lose) or when his opponent "
          "is stuck too; then the game is over and nobody acts, otherwise exactly the player to "
          "move acts (every square for a lone knight of either player, the stuck and deadlocked "
          "positions, and the winner table on all its inputs).",
          end, "exhaustive", lambda: check_end(g), "test_end_fails_if_the_own_key_wins"),
        t("kasteel.one-winner",
          "Kasteel never draws, part 1: every terminal state reached in play has exactly one "
          "winner. Proved by induction: the start is not terminal, and from every non-terminal "
          "state satisfying the invariant (no overlap, no knight on its own key, at most the "
          "starting knights, passes in range, the skulls placed) any move or pass leads to a state "
          "that is not terminal or has exactly one winner (z3, all such states, both players to "
          "move). The invariant itself is kept by kasteel.no-overlap and kasteel.passes-monotone.",
          end, "z3", lambda: check_one_winner(g),
          "test_one_winner_fails_if_a_stuck_player_loses_whoever_is_to_move"),
        t("kasteel.never-stuck",
          "Kasteel never draws, part 2 (claim): the player to move always has a legal move while "
          "he has knights.",
          (*end, *moves, *passes), "z3", lambda: check_never_stuck(g),
          "test_never_stuck_is_proved_when_every_move_is_allowed", **stuck),
        t("kasteel.stuck-reachable",
          "Kasteel never draws, part 3 (claim): no position reachable from the start leaves the "
          "player to move with knights but no legal move (with fewer than three skulls z3 shows "
          "that no position at all does; with more, a line of play from the start is searched "
          "for).",
          (*end, "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"),
          "z3" if g.skull_count < 3 else "search",
          lambda: check_stuck_reachable(g), "test_stuck_reachable_is_proved_if_yellow_keeps_passes",
          **reachable),
        t("kasteel.never-deadlocked",
          "Kasteel never draws, part 4: with the game's skulls no state satisfying the invariant "
          "leaves both players with knights and no legal move, so passing can never go on for "
          "ever.",
          (*end, *passes), "z3", lambda: check_never_deadlocked(g),
          "test_never_deadlocked_fails_if_every_move_costs_a_pass", **deadlock),
        t("kasteel.no-overlap",
          "Pieces never overlap and no knight ever stands on its own key square (inductive step "
          "over all states satisfying the invariant).",
          ("kasteel.spel.slaan", "kasteel.spel.schuiven", "kasteel.spel.eigen-sleutel"), "z3",
          lambda: check_no_overlap(g), "test_no_overlap_fails_if_a_capture_does_not_remove_the_knight"),
        t("kasteel.own-key",
          "A legal move never ends on the mover's own key square, and (unless the reading lets a "
          "knight slide through it) never passes it (every line length).",
          ("kasteel.spel.eigen-sleutel",), "z3", lambda: check_own_key_path(g),
          "test_own_key_fails_if_the_key_square_is_ignored"),
        t("kasteel.passes-monotone",
          "Passes never go below zero and never increase: a legal move leaves the mover between 0 "
          "and his passes before (every line length, the passes a free integer >= 0: every level "
          "and every passes= value).",
          passes, "z3", lambda: check_passes_monotone(g),
          "test_passes_monotone_fails_without_the_cost_check"),
        t("kasteel.enter-over-wall",
          "Once a player's passes are used up he can still reach the opponent's key square over "
          "the walls: from every starting square, with no passes, whatever the skulls.",
          ("kasteel.kanalen.uitgeput", "kasteel.spel.klimmen", "kasteel.spel.muren-langs",
           "kasteel.doel.sleutel"), "exhaustive", lambda: check_enter_over_wall(g),
          "test_enter_over_wall_fails_without_climbing", **walled),
        t("kasteel.slide-prefix",
          "If a move along a line of the board is legal, so is the move to the line's first "
          "target; so a player without a legal move to any first target has no legal move.",
          moves, "z3", lambda: check_slide_prefix(g),
          "test_slide_prefix_fails_if_only_the_last_square_is_paid"),
        t("kasteel.first-move",
          "'De eerste zet is geel, vanaf dan komen de spelers regelmatig aan de beurt' (fact "
          "first-player): under every option value of a documented set (this game; levels 1-3; "
          "passes 0, 1, 1000; skulls 0, 1, 4, 5 and a full zone; fixed skulls; stuck pass and "
          "lose) nobody acts while the skulls fall, yellow makes the first move, only the player "
          "to move has legal actions, and each move or pass gives the turn to the other player; "
          "Kasteel is for the fact's two players and refuses every other count.",
          ("kasteel.spel.geel-eerst", "kasteel.begin.muren", "kasteel.doel.sleutel"),
          "exhaustive", lambda: check_first_move(g), "test_first_move_fails_if_red_starts"),
        t("kasteel.level-passes",
          "'niveau 1=>8 passen, niveau 2=>7 passen, niveau 3=>6 passen' (fact level-passes): the "
          "game of every level 1-3 starts both players with the fact's passes, and the level "
          "changes nothing else (the program's difficulty is not a rule); an explicit passes=n "
          "replaces the level's number for both players for every n from 0 to 1000; values "
          "outside those ranges are refused. One check covers every option of the level and "
          "passes readings.",
          ("kasteel.kanalen.niveau", "kasteel.kanalen.passen"), "exhaustive",
          lambda: check_level_passes(g), "test_level_passes_fails_if_level_three_has_seven",
          all_options_of=("kasteel.interp.level", "kasteel.interp.passes")),
        t("kasteel.skulls-placed",
          "'de schedels (ergens willekeurig in het midden van het veld)': without a skulls option "
          "the game places the fact's 4 skulls; for every number of skulls the zone holds (every "
          "value up to 60 squares), the game with that many places exactly that many, one at a "
          "time, uniformly on the free squares of the zone (the fact's rows 9-11, or anywhere, as "
          "read), nobody acting meanwhile, then yellow moves; with fixed skull_squares (every "
          "single zone square, each zone row, the whole zone, none) the skulls lie there from the "
          "start with no chance node; squares outside the zone, repeats and too many skulls are "
          "refused. One check covers every option of the skulls and skull-squares readings.",
          ("kasteel.kanalen.schedels",), "exhaustive", lambda: check_skulls_placed(g),
          "test_skulls_placed_fails_if_a_count_is_off_by_one",
          all_options_of=("kasteel.interp.skulls", "kasteel.interp.skull-squares")),
        t("kasteel.pass-budget",
          "'Zodra dit aantal is uitgeput, kan de speler de kanalen niet meer oversteken' and 'wordt "
          "er ook 1 pas afgetrokken': for a lone knight of either player on every square with a "
          "canal or a skull on its lines and every number of passes left (0 up to one more than "
          "the costly squares of its lines, and 1000, the most passes= gives), the legal moves are "
          "exactly those whose canal and skull squares the passes pay for (per square, or one "
          "per move, as read), and a move deducts exactly its cost from the mover alone.",
          (*passes, "kasteel.kanalen.niveau"), "exhaustive", lambda: check_pass_budget(g),
          "test_pass_budget_fails_if_a_pass_too_many_is_spent"),
        t("kasteel.no-move-limit",
          "The game ends only as the rules say, never by a move count ('Het stap-telling paneel "
          "... heeft geen effect op het spel of het winnen'): two knights shuttling back and forth "
          "for 2000 plies from the first move return to the same position with the same legal "
          "actions every four plies and the game is never over; the state holds no move counter.",
          ("kasteel.einde.geen-gelijkspel", "kasteel.einde.sleutel", "kasteel.einde.ridders",
           "kasteel.intro.stappenteller"), "exhaustive", lambda: check_no_move_limit(g),
          "test_no_move_limit_fails_if_the_game_ends_after_a_number_of_moves"),
        t("kasteel.deadlock-threshold",
          "On the rulebook's map a deadlock (both players with knights and no legal move, where a "
          "stuck player to move loses instead of passing for ever) takes five skulls, as the "
          "no-legal-move reading says: z3 with the number of skulls and the passes as free values finds no deadlock "
          "with any number of skulls from 0 to the fact's 4 and any passes (every level and "
          "passes= value), and finds one with exactly five that the game's own generator "
          "confirms.",
          ("kasteel.einde.geen-gelijkspel", "kasteel.kanalen.schedels", "kasteel.kanalen.uitgeput"),
          "z3", lambda: check_deadlock_threshold(g),
          "test_deadlock_threshold_fails_if_every_move_costs_a_pass",
          **({"expected": Status.COUNTEREXAMPLE, "finding": FINDING_DEADLOCK}
             if g._skulls_anywhere else {})),
        t("kasteel.stuck-rule",
          "A player with knights and no legal move (kasteel.interp.no-legal-move, both options at "
          "once): under stuck=pass he passes — a pass is his only action and the opponent moves "
          "next — and is beaten only if his opponent could not move either; under stuck=lose he "
          "has lost; in a deadlock (the documented five-skull position) the stuck player to move "
          "loses under both, so there is no draw (the documented stuck position, open positions, "
          "either player to move).",
          ("kasteel.einde.geen-gelijkspel", "kasteel.spel.geel-eerst", "kasteel.einde.sleutel",
           "kasteel.einde.ridders"), "exhaustive", lambda: check_stuck_rule(g),
          "test_stuck_rule_fails_if_stuck_lose_is_ignored",
          all_options_of=("kasteel.interp.no-legal-move",)),
    )
    # Whether a knight can be walled in or stuck, both players deadlocked, and how many skulls
    # that takes, are findings about the rulebook's set-up — its map, the skulls falling anywhere
    # in the zone —, not rules: on another map or with fixed skulls they are that set-up's own,
    # and those statements are not made (kasteel.end, kasteel.one-winner and kasteel.stuck-rule
    # state that the game still never draws, on every set-up).
    if rulebook_map and chance:
        return made
    return tuple(x for x in made if x.id not in SETUP_FINDINGS)

