"""The player-count, option and pawn-pair theorems: each finds a counterexample for a broken rule."""

from __future__ import annotations

from typing import Any

import pytest

import castlerules
from castlerules.core.theorem import Result, Status, run
from castlerules.spookslot import Spookslot, rules
from castlerules.spookslot import config as spookslot_config
from castlerules.spookslot import theorems as th
from castlerules.spookslot.state import EXIT, START, Move, Phase, State
from castlerules.spookslot.theorems.families import ball_states
from castlerules.spookslot.theorems.players import pair_states


def _theorem(game: Spookslot, tid: str) -> Result:
    found = {t.id: t for t in th.theorems(game)}
    return run(found[tid]).result


def test_player_counts_catches_a_refused_sixth_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spookslot_config.SpookslotConfig, "players_range", (2, 5))
    result = _theorem(Spookslot(), "spookslot.player-counts")
    assert result.status is Status.COUNTEREXAMPLE
    assert "6 players is refused" in (result.counterexample or "")


class _SkipsTheLast(Spookslot):
    """Broken: after a ghost, a stuck roll, the ball or the passage the last player is skipped."""

    def next_turn(self, state: State) -> State:
        after = super().next_turn(state)
        if after.turn == self.num_players - 1:
            return State(after.pawns, 0, Phase.ROLL, 0, (), after.first, after.released)
        return after


def test_turn_order_catches_a_skipped_player() -> None:
    result = _theorem(_SkipsTheLast(players=3), "spookslot.turn-order")
    assert result.status is Status.COUNTEREXAMPLE
    assert "not player 2's" in (result.counterexample or "")


class _WrapsToTheFirstPlayer(Spookslot):
    """Broken: after the last player number the turn goes back to whoever began, not to p0."""

    def next_turn(self, state: State) -> State:
        after = super().next_turn(state)
        if after.turn == 0 and self._first != 0:
            return State(after.pawns, self._first, Phase.ROLL, 0, (), after.first, after.released)
        return after


def test_turn_order_catches_a_wrap_to_the_first_player() -> None:
    """The default game begins with p0, where the bug cannot show: the theorem tries every
    first player."""
    result = _theorem(_WrapsToTheFirstPlayer(players=3), "spookslot.turn-order")
    assert result.status is Status.COUNTEREXAMPLE
    assert "not player 0's" in (result.counterexample or "")


def test_board_check_finds_the_last_stair_on_the_laboratory_floor() -> None:
    from castlerules.core.spec import read_text
    from castlerules.spookslot.board import parse_board
    from castlerules.spookslot.theorems.options import reconstruction_differences

    text = read_text("boards/spookslot-default.toml")
    s6 = text.index('id = "s6"')
    moved = text[:s6] + text[s6:].replace('floor = "stairs"', 'floor = "lower"', 1)
    assert [p[:3] for p in reconstruction_differences(parse_board(moved))] == ["s6:"]


class _OnePawnWins(Spookslot):
    """Broken: a player with two pawns wins as soon as one is out."""

    def escaped(self, pawns: tuple[tuple[str, ...], ...], player: int) -> bool:
        return any(q == EXIT for q in pawns[player])


class _OnePawnClause(Spookslot):
    """Broken: every finished game names the one-pawn clause, two pawns each or not."""

    def termination(self, state: Any) -> Any:
        from castlerules.spookslot.rules import PAWN_OUT

        return PAWN_OUT


def test_winner_catches_the_wrong_reason_for_the_end() -> None:
    result = _theorem(_OnePawnClause(), "spookslot.winner")
    assert result.status is Status.COUNTEREXAMPLE and "winnen-een-pion" in result.detail
    assert _theorem(_OnePawnClause(players=5), "spookslot.winner").status is Status.PROVED


def test_winner_catches_a_win_with_one_pawn() -> None:
    assert _theorem(_OnePawnWins(), "spookslot.winner").status is Status.COUNTEREXAMPLE
    # five players have one pawn each: there the same rule is right
    assert _theorem(_OnePawnWins(players=5), "spookslot.winner").status is Status.PROVED


def test_pawn_pairs_catches_a_lead_pawn_that_is_not_nearest() -> None:
    game = Spookslot(readings={"forced-move": "lead-pawn"})
    game._distance = {q: -d for q, d in game._distance.items()}  # the farthest pawn must move
    result = _theorem(game, "spookslot.pawn-pairs")
    assert result.status is Status.COUNTEREXAMPLE


LEAD_AND_LINE = {"forced-move": "lead-pawn", "start-line": "line-square"}


def _line_as_near_as_behind_it(game: Spookslot) -> Spookslot:
    """Broken the way the game once was: under start-line = line-square, behind the start line
    counted as near the Exit as the line itself."""
    game._distance = {**game._distance, START: game._distance["line"]}
    return game


def test_pawn_choice_catches_behind_the_line_as_near_as_it() -> None:
    """The statement finds the bug the code and the step-by-step reading once shared; the same
    statement holds for the game as it is."""
    broken = _line_as_near_as_behind_it(Spookslot(readings=LEAD_AND_LINE))
    result = _theorem(broken, "spookslot.pawn-choice")
    assert result.status is Status.COUNTEREXAMPLE
    assert "line" in (result.position or "")
    assert _theorem(Spookslot(readings=LEAD_AND_LINE), "spookslot.pawn-choice").status is (
        Status.PROVED)


def test_pawn_choice_catches_a_lead_pawn_rule_under_any_pawn() -> None:
    class _LeadAlways(Spookslot):
        def _tables(self) -> None:
            super()._tables()
            self._forced = "lead-pawn"
            self._distance = self.board.distance_to_exit()

    assert _theorem(_LeadAlways(), "spookslot.pawn-choice").status is Status.COUNTEREXAMPLE


def test_pawn_pairs_catches_behind_the_line_as_near_as_it() -> None:
    """The step-by-step reading no longer shares the mistake, so comparing with it finds it."""
    broken = _line_as_near_as_behind_it(Spookslot(readings=LEAD_AND_LINE))
    assert _theorem(broken, "spookslot.pawn-pairs").status is Status.COUNTEREXAMPLE


class _SplitRoll(Spookslot):
    """Broken: the other pawn on the board steps one square along as well."""

    def _after_move(self, state: State, move: Any) -> State:
        after = super()._after_move(state, move)
        if self.pawns_per_player == 1:
            return after
        other = 1 - move.pawn
        q = after.pawns[move.player][other]
        if q in (START, EXIT) or self.board.next[q][0] == EXIT:
            return after
        pawns = rules.place(after.pawns, move.player, other, self.board.next[q][0])
        return State(pawns, after.turn, after.phase, after.roll, after.pending, after.first,
                     after.released, after.winner)


def test_one_pawn_per_roll_catches_a_split_roll() -> None:
    result = _theorem(_SplitRoll(), "spookslot.one-pawn-per-roll")
    assert result.status is Status.COUNTEREXAMPLE
    assert "not only pawn" in (result.counterexample or "")


def test_die_faces_catches_a_lost_face(monkeypatch: pytest.MonkeyPatch) -> None:
    parse = spookslot_config._parse_faces
    monkeypatch.setattr(spookslot_config, "_parse_faces",
                        lambda faces: tuple(dict.fromkeys(parse(faces))))  # repeats lost
    result = _theorem(Spookslot(), "spookslot.die-faces")
    assert result.status is Status.COUNTEREXAMPLE


def test_trap_weights_catches_a_weight_off_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    parse = spookslot_config._parse_weights
    monkeypatch.setattr(spookslot_config, "_parse_weights",
                        lambda weights: {t: w + 1 for t, w in parse(weights).items()})
    result = _theorem(Spookslot(), "spookslot.trap-weights")
    assert result.status is Status.COUNTEREXAMPLE
    assert "weights" in (result.counterexample or "")


class _EscapedFirstPawnLocks(Spookslot):
    """Broken (4 players, while-there): an escaped first pawn no longer frees the second."""

    def locked(self, state: State, player: int, pawn: int) -> bool:
        if not self._four or self._sticky_release:
            return super().locked(state, player, pawn)
        first = state.first[player]
        if first in (-1, pawn):
            return False
        return state.pawns[player][first] not in self.board.lower


def test_second_pawn_waits_reaches_an_escaped_first_pawn() -> None:
    """The pawn pairs include a player whose first pawn has escaped while the second is still on
    the board."""
    game = _EscapedFirstPawnLocks(players=4, readings={"four-player-second-pawn": "while-there"})
    result = _theorem(game, "spookslot.second-pawn-waits")
    assert result.status is Status.COUNTEREXAMPLE
    assert result.position is not None
    shown = castlerules.make("spookslot", players=4).state_from_text(result.position)
    assert EXIT in shown.pawns[shown.turn]
    assert any(s.pawns[s.turn][0] == EXIT and s.pawns[s.turn][1] not in (START, EXIT)
               for s in pair_states(castlerules.make("spookslot", players=4)))


def test_the_families_reach_every_owner_and_the_second_pawn_first() -> None:
    game = castlerules.make("spookslot", players=4)
    states = list(pair_states(game))
    assert {s.first[s.turn] for s in states} == {-1, 0, 1}
    assert {s.released[s.turn] for s in states} == {False, True}
    owners = {p for s in ball_states(game) for p, ps in enumerate(s.pawns)
              if p != s.turn and any(q != START for q in ps)}
    assert owners == {0, 1, 2, 3}
    assert Move(3, 1) in {m for s in states for m in game.legal_actions(s)
                          if isinstance(m, Move)}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_dependent_theorem_says_so(players: int) -> None:
    for t in castlerules.make("spookslot", players=players).theorems():
        if t.id in ("spookslot.winner", "spookslot.turn-order", "spookslot.pawn-pairs"):
            assert "players" in t.depends_on and "spookslot.interp.players" in t.depends_on


class _ShortWindow(Spookslot):
    """Broken: the window a move looks ahead is sized for the default die (faces up to 4)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.window = 4 + self.num_players * self.pawns_per_player


def test_long_bounces_catch_a_window_too_short() -> None:
    assert _theorem(_ShortWindow(), "spookslot.long-bounces").status is Status.COUNTEREXAMPLE


@pytest.mark.parametrize("options", [{"readings": {"forced-move": "lead-pawn"}},
                                     {"ruleset": "literal", "players": 4}])
def test_option_theorems_run_under_a_reading(options: dict[str, Any]) -> None:
    """The checks that make games with other option values keep the game's readings."""
    game = castlerules.make("spookslot", **options)
    for t in th.theorems(game):
        if t.id in ("spookslot.player-counts", "spookslot.start-position",
                    "spookslot.trap-weights"):
            assert run(t).result.status is Status.PROVED, t.id
    made = th.players.remake(game, first_player=1)
    changed = {k for k, v in made.readings.items() if game.readings[k] != v}
    assert changed == {"spookslot.interp.first-player"}
    assert made.num_players == game.num_players


def test_options_end_catches_a_check_blind_to_others_balls(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ending check that forgets the balls other players drop (a pawn stuck in a danger zone
    with no ghost on the die is sent back by them) disagrees with the model: the theorem says
    where."""
    from castlerules.core.cache import BoundedCache
    from castlerules.spookslot import ending

    monkeypatch.setattr(ending, "_VERDICTS", BoundedCache(64))
    monkeypatch.setattr(ending, "_ROLLS", BoundedCache(1 << 12))
    assert _theorem(Spookslot(), "spookslot.options-end").status is Status.PROVED
    monkeypatch.setattr(ending, "_ball_moves", lambda game, square: frozenset())
    monkeypatch.setattr(ending, "_VERDICTS", BoundedCache(64))
    result = _theorem(Spookslot(), "spookslot.options-end")
    assert result.status is Status.COUNTEREXAMPLE
    assert "die [5, 5, 5, 5, 5, 5]" in (result.counterexample or "")
