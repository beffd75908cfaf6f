"""Spookslot theorems: each holds for the real rules and finds a counterexample for a broken rule."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

import castlerules
from castlerules.core.spec import read_text
from castlerules.core.symbolic import And, If, Not
from castlerules.core.theorem import Result, Status, run
from castlerules.spookslot import Spookslot
from castlerules.spookslot import theorems as th
from castlerules.spookslot.board import DEFAULT_BOARD, parse_board
from castlerules.spookslot.kernel import NO_MOVE
from castlerules.spookslot.state import GHOST, START, Phase, State
from castlerules.spookslot.theorems.board import check_board, check_bounce, check_exit_exact
from castlerules.spookslot.theorems.chain import (
    Chain,
    check_chain_matches_game,
    expected_turns,
    simulate_turns,
    simulation_agrees,
    single_pawn_chain,
    turn_distribution,
)
from castlerules.spookslot.theorems.legality import check_legality
from castlerules.spookslot.theorems.options import check_boards
from castlerules.spookslot.theorems.players import check_start
from castlerules.spookslot.theorems.positions import check_positions

THEOREMS = {t.id: t for t in th.theorems(Spookslot())}


def _theorem(game: Spookslot, tid: str) -> Result:
    found = {t.id: t for t in th.theorems(game)}
    return run(found[tid]).result


@pytest.mark.verify_run
@pytest.mark.slow  # the same runs as tests/core/test_theorems.py and `castlerules verify`
@pytest.mark.parametrize("tid", sorted(THEOREMS))
def test_theorem_holds(tid: str) -> None:
    r = run(THEOREMS[tid])
    assert r.result.status is THEOREMS[tid].expected, r.result
    assert r.ok and THEOREMS[tid].method in ("z3", "exhaustive")


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 5}, {"players": 3, "no_yellow": True},
                                     {"players": 4, "ruleset": "literal"}])
def test_theorems_hold_for_other_player_counts(options: dict[str, Any]) -> None:
    for t in th.theorems(castlerules.make("spookslot", **options)):
        if not t.deep:
            assert run(t).ok, t.id


def test_theorems_cite_known_clauses_and_name_their_failing_test() -> None:
    from castlerules.core.spec import find_clause

    for t in THEOREMS.values():
        assert t.game == "spookslot" and t.basis == "code"
        for c in t.clauses:
            find_clause(c)
        path, name = t.fails_with.split("::")
        if path == "tests/spookslot/test_spookslot_players.py":
            from tests.spookslot import test_spookslot_players as players

            assert hasattr(players, name), name
        else:
            assert path == "tests/spookslot/test_spookslot_theorems.py" and name in globals()


# -- broken rules -------------------------------------------------------------------------------------
def test_board_check_finds_a_wrong_fallback() -> None:
    text = read_text(DEFAULT_BOARD).replace('fallback = "l3"', 'fallback = "t3"', 1)
    result = check_board(parse_board(text))
    assert result.status is Status.COUNTEREXAMPLE
    assert "lk1" in (result.counterexample or "")


def test_boards_check_finds_a_misshapen_board_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that loads boards without checking their shape lets a misshapen one in."""
    from castlerules.spookslot import board as module

    assert check_boards(Spookslot()).status is Status.PROVED
    monkeypatch.setattr(module, "board_problems", lambda board, name=None: [])
    found = check_boards(Spookslot())
    assert found.status is Status.COUNTEREXAMPLE and "is accepted" in (found.counterexample or "")


def test_boards_check_finds_a_square_cut_off_from_the_exit_missed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A board check that takes every square to reach the Exit misses the squares of a board
    made in code that lead only to each other (no board text gives one: the parser refuses a
    circle); every misshapen board text is still refused for its own fault."""
    from castlerules.spookslot.board import Board
    from castlerules.spookslot.theorems.options import CUT_OFF

    monkeypatch.setattr(Board, "reaching_exit", lambda self: set(self.ids))
    found = check_boards(Spookslot())
    assert found.status is Status.COUNTEREXAMPLE
    assert f"square {CUT_OFF[0]} is cut off" in (found.counterexample or "")


class _NothingIsNo(Spookslot):
    """Broken: a no_yellow of nothing is taken as the optional rule off."""

    def __init__(self, *, no_yellow: Any = False, **options: Any) -> None:
        super().__init__(no_yellow=False if no_yellow is None else no_yellow, **options)


class _SafeOverShort(Spookslot):
    """Broken: route-choice = bounce-safe quietly overrides bounce-at-fork = short."""

    def __init__(self, *, readings: Any = None, **options: Any) -> None:
        if readings and readings.get("route-choice") == "bounce-safe":
            readings = {k: v for k, v in readings.items() if k != "bounce-at-fork"}
        super().__init__(readings=readings, **options)


def test_option_refusals_catch_an_option_let_through() -> None:
    from castlerules.spookslot.theorems.options import check_option_refusals

    assert check_option_refusals(Spookslot()).status is Status.PROVED
    for broken, shown in ((_NothingIsNo(), "no_yellow = None"),
                          (_SafeOverShort(), "route-choice = bounce-safe, bounce-at-fork = short")):
        found = check_option_refusals(broken)
        assert found.status is Status.COUNTEREXAMPLE and found.counterexample == f"{shown} is made", \
            broken.__doc__


def test_board_check_finds_a_star_on_the_wrong_square() -> None:
    """The packaged default board must be the reconstruction the board ruling adopts, square by
    square: a red star moved from lk4 to lk3 still has the rulebook's shape (two red stars), but
    it is not the board the ruling describes."""
    from castlerules.spookslot.theorems.options import reconstruction_differences

    assert reconstruction_differences(parse_board(read_text(DEFAULT_BOARD))) == []
    text = read_text(DEFAULT_BOARD)
    lk3 = text.index('id = "lk3"')
    lk4 = text.index('id = "lk4"')
    moved = (text[:lk3] + text[lk3:lk4].replace('fallback = "l3"', 'fallback = "l3"\nstar = true', 1)
             + text[lk4:].replace("star = true\n", "", 1))
    board = parse_board(moved)
    assert check_board(board).status is Status.PROVED  # the shape alone does not see it
    found = reconstruction_differences(board)
    assert any(p.startswith("lk3") for p in found) and any(p.startswith("lk4") for p in found)


def _bounce_onto_exit(roll: Any, to_exit: Any, occupied: Sequence[Any], *readings: bool) -> Any:
    """Broken: the bounce may land on the Exit."""
    bounce: Any = NO_MOVE
    for j in range(len(occupied), 0, -1):
        free = If(j < to_exit, Not(occupied[j - 1]), j == to_exit)
        bounce = If(And(j >= roll, j <= to_exit, free), j, bounce)
    return If(roll > to_exit, NO_MOVE, If(roll == to_exit, to_exit, bounce))


def _no_bounce(roll: Any, to_exit: Any, occupied: Sequence[Any], *readings: bool) -> Any:
    """Broken: the pawn stops on the rolled square even if it is taken."""
    return If(roll > to_exit, NO_MOVE, roll)


def test_exit_exact_catches_a_bounce_onto_the_exit() -> None:
    result = check_exit_exact(_bounce_onto_exit, False, False, 8)
    assert result.status is Status.COUNTEREXAMPLE
    assert "roll" in (result.counterexample or "")


def test_bounce_theorem_catches_a_missing_bounce() -> None:
    assert check_bounce(_no_bounce, False, False, 8).status is Status.COUNTEREXAMPLE
    assert check_bounce(_bounce_onto_exit, False, False, 8).status is Status.COUNTEREXAMPLE


class _ThreeInFour(Spookslot):
    """Broken: the 4-player game starts with one pawn each."""

    def initial_state(self) -> State:
        s = super().initial_state()
        return State(tuple(ps[:1] for ps in s.pawns), s.turn, s.phase, 0, (), s.first, s.released)


class _AnyFirstPlayer(Spookslot):
    """Broken: a first player is taken modulo the player count."""

    def __init__(self, *, first_player: int = 0, **options: Any) -> None:
        players = options.get("players", 2)
        super().__init__(first_player=int(first_player) % players, **options)


def test_start_theorem_catches_a_wrong_set_up() -> None:
    assert _theorem(_ThreeInFour(players=4), "spookslot.start-position").status is \
        Status.COUNTEREXAMPLE
    assert check_start(_AnyFirstPlayer(players=3)).status is Status.COUNTEREXAMPLE


def test_roll_transition_catches_a_loaded_die() -> None:
    class _Loaded(Spookslot):
        def chance_outcomes(self, state: State) -> Any:
            found = super().chance_outcomes(state)
            return tuple((a, Fraction(1, len(found))) for a, _ in found)

    assert _theorem(_Loaded(), "spookslot.roll-transition").status is Status.COUNTEREXAMPLE


class _PassAnyTime(Spookslot):
    """Broken: the predicate lets the mover pass whenever it is asked (the generator does not)."""

    def rule_violation(self, state: State, action: Any) -> Any:
        from castlerules.spookslot.state import Pass

        if isinstance(action, Pass) and state.phase is Phase.MOVE and action.player == state.turn:
            return None
        return super().rule_violation(state, action)


class _RollsAreTheBalls(Spookslot):
    """Broken: a roll at the wrong moment is refused with the ball's clause."""

    def _roll_violation(self, state: State, action: Any) -> Any:
        from castlerules.core.registry import violation

        found = super()._roll_violation(state, action)
        return None if found is None else violation("spookslot.kogel.valstrik", found.reason)


class _AnySharing(Spookslot):
    """Broken: any square may hold several pawns."""

    def _configure(self, config: Any) -> None:
        super()._configure(config)
        self._share_blocked = True


class _WinnerAnyTime(Spookslot):
    """Broken: a winner may be named before the end."""

    def validate_state(self, state: State) -> None:
        import attrs

        if state.phase is not Phase.OVER:
            state = attrs.evolve(state, winner=-1)
        super().validate_state(state)


class _PendingAnyPawn(Spookslot):
    """Broken: a pending pawn its player does not have is passed over (the rest is checked)."""

    def validate_state(self, state: State) -> None:
        import attrs

        kept = tuple((p, k) for p, k in state.pending if k < self.pawns_per_player)
        super().validate_state(attrs.evolve(state, pending=kept) if kept else state)


def test_positions_catches_a_careless_validation() -> None:
    assert check_positions(Spookslot()).status is Status.PROVED
    for broken in (_AnySharing(), _WinnerAnyTime(), _PendingAnyPawn(), _PendingAnyPawn(players=5)):
        found = check_positions(broken)
        assert found.status is Status.COUNTEREXAMPLE and found.position, broken.__doc__


class _PassageForAnyone(Spookslot):
    """Broken: a passage is not asked whether its player and pawn are in the game, so one of a
    stranger is refused only because that pawn is not pending ('De geheime doorgang')."""

    def _passage_violation(self, state: State, action: Any) -> Any:
        from castlerules.core.registry import violation

        if state.phase is not Phase.PASSAGE or (action.player, action.pawn) not in state.pending:
            return violation("spookslot.geheim.sterveld", "the passage is not this pawn's")
        return None


class _EveryoneMoves(Spookslot):
    """Broken: while a pawn is to move every player acts, not only the player to move."""

    def actors(self, state: State) -> frozenset[int]:
        if state.phase is Phase.MOVE:
            return frozenset(range(self.num_players))
        return super().actors(state)


class _MoverRolls(Spookslot):
    """Broken: the player to move acts at the roll and the ball too (they are chance)."""

    def actors(self, state: State) -> frozenset[int]:
        if self.is_chance(state):
            return frozenset((state.turn,))
        return super().actors(state)


def test_legality_catches_a_careless_predicate() -> None:
    assert check_legality(Spookslot()).status is Status.PROVED
    for broken in (_PassAnyTime(), _RollsAreTheBalls(), _PassageForAnyone(),
                   _PassageForAnyone(players=5)):
        found = check_legality(broken)
        assert found.status is Status.COUNTEREXAMPLE and found.position, broken.__doc__


def test_legality_catches_the_wrong_players_acting() -> None:
    for broken in (_EveryoneMoves(), _MoverRolls()):
        found = check_legality(broken)
        assert found.status is Status.COUNTEREXAMPLE and "act" in (found.counterexample or ""), \
            broken.__doc__


class _NoBounce(Spookslot):
    """Broken: moves ignore the other pawns (no bounce)."""

    def _land(self, path: tuple[str, ...], roll: int, occ: int) -> int:
        return super()._land(path, roll, 0)


def test_moves_reference_catches_a_missing_bounce() -> None:
    result = _theorem(_NoBounce(), "spookslot.moves-reference")
    assert result.status is Status.COUNTEREXAMPLE
    assert result.position is not None and result.highlight
    game = Spookslot()
    state = game.state_from_text(result.position)  # the counterexample is a real position
    svg = game.render_svg(state, result.highlight)
    assert svg.count('stroke="#ff00aa"') >= len([q for q in result.highlight if q != "exit"]) > 0


class _BackWithoutRoute(Spookslot):
    """Broken: a move counted back from the Exit names no route, also when the count passed a
    fork on the way there."""

    def outcomes(self, p: int, k: int, pos: str, roll: int, occ: int) -> Any:
        import attrs

        from castlerules.spookslot.state import Move

        for o in super().outcomes(p, k, pos, roll, occ):
            if o.move is not None and 0 < o.offset < roll:
                o = attrs.evolve(o, move=Move(p, k))
            yield o


def test_fork_near_exit_catches_a_bounce_back_without_its_route() -> None:
    """On the rulebook's board no count back from the Exit crosses a fork, so the move family
    there cannot tell; on the small board a pawn on the fork rolls past the Exit."""
    from castlerules.spookslot.theorems.near_fork import check_fork_near_exit, near_fork_game

    back = {"exit-exact": "count-back"}
    assert _theorem(_BackWithoutRoute(readings=back), "spookslot.moves-reference").status is \
        Status.PROVED
    assert check_fork_near_exit(near_fork_game(Spookslot(readings=back))).status is Status.PROVED
    found = check_fork_near_exit(near_fork_game(_BackWithoutRoute(readings=back)))
    assert found.status is Status.COUNTEREXAMPLE and "via d1" in (found.counterexample or "")


class _TurnStays(Spookslot):
    """Broken: after a safe move the same player rolls again."""

    def _after_move(self, state: State, move: Any) -> State:
        after = super()._after_move(state, move)
        if after.phase is Phase.ROLL:
            return State(after.pawns, state.turn, Phase.ROLL, 0, (), after.first, after.released)
        return after


def test_move_successor_catches_a_wrong_next_player() -> None:
    result = _theorem(_TurnStays(), "spookslot.move-successor")
    assert result.status is Status.COUNTEREXAMPLE
    assert "p0 roll" in (result.counterexample or "")


class _GhostAgain(Spookslot):
    """Broken: a second ghost with nobody in danger gives yet another roll."""

    def _after_roll(self, state: State, face: int) -> State:
        if face == GHOST and state.phase is Phase.REROLL and not self.anyone_in_danger(state):
            return state
        return super()._after_roll(state, face)


def test_roll_transition_catches_a_second_reroll() -> None:
    assert _theorem(_GhostAgain(), "spookslot.roll-transition").status is Status.COUNTEREXAMPLE


class _TrapToStart(Spookslot):
    """Broken: a fired trap sends pawns behind the start line."""

    def _after_ball(self, state: State, trap: str) -> State:
        zone = self.board.zone[trap]
        pawns = tuple(tuple(START if q in zone else q for q in ps) for ps in state.pawns)
        return self.next_turn(State(pawns, state.turn, Phase.BALL, 0, (), state.first,
                                    state.released))


def test_ball_transition_catches_a_wrong_fallback() -> None:
    result = _theorem(_TrapToStart(), "spookslot.ball-transition")
    assert result.status is Status.COUNTEREXAMPLE


class _DecideTwice(Spookslot):
    """Broken: a pawn that decided stays pending."""

    def _after_passage(self, state: State, action: Any) -> State:
        after = super()._after_passage(state, action)
        if after.phase is Phase.ROLL:
            return State(after.pawns, state.turn, Phase.PASSAGE, 0, state.pending, after.first,
                         after.released)
        return after


def test_passage_transition_catches_a_second_decision() -> None:
    result = _theorem(_DecideTwice(), "spookslot.passage-transition")
    assert result.status is Status.COUNTEREXAMPLE


class _NoWaiting(Spookslot):
    """Broken: with 4 players the second pawn never waits."""

    def locked(self, state: Any, player: int, pawn: int) -> bool:
        return False


def test_second_pawn_check_catches_a_pawn_that_does_not_wait() -> None:
    result = _theorem(_NoWaiting(players=4), "spookslot.second-pawn-waits")
    assert result.status is Status.COUNTEREXAMPLE


def _chain_without_ghosts(**kw: Any) -> Chain:
    """Broken: a chain for a die with no ghost."""
    kw["die"] = [(f, Fraction(1, 4)) for f in (1, 2, 3, 4)]
    return single_pawn_chain(**kw)


def test_chain_check_catches_a_wrong_chain() -> None:
    result = check_chain_matches_game(Spookslot(), _chain_without_ghosts)
    assert result.status is Status.COUNTEREXAMPLE


class _EndlessGhosts(Spookslot):
    """Broken: ghosts never end the turn (an endless turn)."""

    def _after_roll(self, state: State, face: int) -> State:
        if face == GHOST and not self.anyone_in_danger(state):
            return State(state.pawns, state.turn, Phase.REROLL, 0, (), state.first,
                         state.released)
        return super()._after_roll(state, face)


def test_a_rule_that_makes_turns_endless_fails_the_chain_theorem_instead_of_hanging() -> None:
    result = _theorem(_EndlessGhosts(), "spookslot.single-pawn-chain")
    assert result.status is Status.COUNTEREXAMPLE
    assert "did not end" in (result.counterexample or "")


# -- the exact analysis and the simulation (statistics belong in the tests) ---------------------------
def test_exact_distribution_sums_towards_one_and_matches_expectation() -> None:
    chain = single_pawn_chain(policy="short")
    dist = turn_distribution(chain, 400)
    assert all(isinstance(p, Fraction) and p >= 0 for p in dist)
    # a turn moves at most 4 squares; the secret passage (lk2 -> g5) cuts the way to 3 * 4 + 4
    # squares to lk2 and 8 from g5 to the Exit: 6 turns at least, with probability (1/6)^6 * 1/4
    assert dist[:5] == [0] * 5 and dist[5] == Fraction(1, 6**6 * 4)
    assert 1 - sum(dist) < Fraction(1, 10**6)
    mean = sum(t * p for t, p in enumerate(dist, start=1))
    assert abs(float(mean) - float(expected_turns(chain))) < 1e-3


def test_every_row_of_the_chain_is_a_distribution() -> None:
    for policy in ("short", "safe"):
        for row in single_pawn_chain(policy=policy).values():
            assert sum(row.values()) == 1


@pytest.mark.clause("spookslot.beurt.dobbelen", "spookslot.getal.zetten", "spookslot.spook.kogel")
def test_simulation_agrees_with_the_exact_chain() -> None:
    """A statistical check (not a theorem): seeded games of a lone pawn played by the rules agree
    with the exact chain — mean within 5 standard errors, distribution within the DKW band."""
    chain = single_pawn_chain(policy="short")
    ok, summary = simulation_agrees(chain, simulate_turns("short", 3000))
    assert ok, summary
    wrong = _chain_without_ghosts(policy="short")
    bad, summary = simulation_agrees(wrong, simulate_turns("short", 400))
    assert not bad, summary
