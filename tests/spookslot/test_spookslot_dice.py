"""Dice with which no pawn can ever move are refused (interpretation spookslot.interp.die-faces),
decided from the board and the dice with the game's own moves — and the die-faces theorem states
exactly which dice that is, and catches a check that refuses too few or too many."""

from __future__ import annotations

import random
from typing import Any

import pytest
from strategies import chain_board

import castlerules
from castlerules.core.errors import MESSAGE_LIMIT, InvalidOptionError
from castlerules.core.play import random_action
from castlerules.core.theorem import Status, run
from castlerules.spookslot import Spookslot
from castlerules.spookslot import theorems as th
from castlerules.spookslot.state import GHOST, LINE, START, Phase, make_state

LINE_SQUARE = {"start-line": "line-square"}


def refusal(**options: Any) -> str:
    with pytest.raises(InvalidOptionError) as caught:
        castlerules.make("spookslot", **options)
    message = str(caught.value)
    assert "no pawn can ever move" in message and len(message) <= MESSAGE_LIMIT
    return message


@pytest.mark.clause("spookslot.optioneel.geel", "spookslot.beurt.dobbelen")
def test_ones_without_yellow_are_refused() -> None:
    """The first square t1 is yellow: with the optional rule a 1 never moves a pawn."""
    for dice in ([1] * 6, [1, 1, "ghost", "ghost", "ghost", "ghost"], [1, "ghost", "ghost",
                                                                        "ghost", "ghost", "ghost"]):
        assert "t1" in refusal(die_faces=dice, no_yellow=True)
        assert castlerules.make("spookslot", die_faces=dice).die  # without it: t1 is fine
    assert "no number" in refusal(die_faces=["ghost"] * 6)
    castlerules.make("spookslot", die_faces=[1, 2, 1, 1, 1, 1], no_yellow=True)  # t2 is green


@pytest.mark.clause("spookslot.pionnen.start")
def test_pawns_that_can_only_reach_the_start_line_are_refused() -> None:
    """Under start-line = line-square a 1 moves a pawn onto the line, and from there a 1 ends on
    the yellow t1: after one move per pawn nothing can move again (the game used to roll for
    ever). A 2 from behind the line ends on t1 too; a die with a 1 and a 2 gets through."""
    for players in (2, 4, 5):
        message = refusal(die_faces=[1] * 6, no_yellow=True, players=players,
                          readings=LINE_SQUARE)
        assert "start line, a 1" in message and "t1" in message
    refusal(die_faces=[2] * 6, no_yellow=True, readings=LINE_SQUARE)
    game = castlerules.make("spookslot", die_faces=[1, 2, 1, 1, 1, 1], no_yellow=True,
                            readings=LINE_SQUARE)
    state, rng = game.initial_state(), random.Random(3)
    for _ in range(400):  # pawns get past the line
        state = game.apply(state, random_action(game, state, rng))
    assert any(q not in (START, LINE) for pawns in state.pawns for q in pawns)


def test_the_refusal_is_computed_from_the_board() -> None:
    """A custom board whose first squares are all yellow: with the optional rule no die gets a
    pawn on it (every number 1-6 ends on yellow), while the same dice are fine on the packaged
    board and on the custom board without the rule."""
    text = chain_board(30).replace('id = "q0"\ncolour = "blue"', 'id = "q0"\ncolour = "yellow"')
    assert text != chain_board(30)
    castlerules.make("spookslot", board=text)  # the board itself is fine
    for dice in ([1, 2, 3, 4, "ghost", "ghost"], [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]):
        assert "q" in refusal(board=text, die_faces=dice, no_yellow=True)
        castlerules.make("spookslot", die_faces=dice, no_yellow=True)
        castlerules.make("spookslot", board=text, die_faces=dice)
    assert "q0" in refusal(board=text, no_yellow=True)  # the default die too


# -- the theorem catches a check that refuses too few or too many ---------------------------------


def _die_faces(game: Spookslot) -> Any:
    found = {t.id: t for t in th.theorems(game)}
    return run(found["spookslot.die-faces"]).result


def _ending_check_blind_to_the_start(self: Spookslot) -> None:
    """An ending check that only looks at the squares of the board a pawn reaches by its own
    moves: blind to a pawn that never gets past the start line."""
    from castlerules.spookslot import ending

    ways, _ = ending._places(self)
    stuck = ending.stuck_places(self)[1]
    if stuck & (ending._later(ways, START) - {START, LINE}):
        raise InvalidOptionError("spookslot: a game can go on for ever")


def test_die_faces_catches_a_die_accepted_that_cannot_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the die check nor the ending check (which also refuses such a die: a pawn behind
    the start line never reaches the Exit) refuses anything."""
    monkeypatch.setattr(Spookslot, "_check_die", lambda self: None)
    monkeypatch.setattr(Spookslot, "_check_ending", _ending_check_blind_to_the_start)
    result = _die_faces(Spookslot())
    assert result.status is Status.COUNTEREXAMPLE
    assert "is accepted, but a pawn never move" in (result.counterexample or "")


@pytest.mark.slow  # two runs of the die-faces theorem
def test_die_faces_catches_a_check_blind_to_the_start_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that only asks whether some number moves a pawn from behind the start line (not
    whether it can then get off the line) accepts the 1s under line-square: the theorem says
    so."""

    def any_first_move(self: Spookslot) -> None:
        start = self.initial_state()
        for face in self._faces - {GHOST}:
            moving = make_state(start.pawns, start.turn, Phase.MOVE, face, (), start.first,
                                start.released, -1)
            if self.move_set(moving).dest:
                return
        raise InvalidOptionError("die_faces: no first move")

    assert _die_faces(Spookslot(readings=LINE_SQUARE)).status is Status.PROVED
    monkeypatch.setattr(Spookslot, "_check_die", any_first_move)
    monkeypatch.setattr(Spookslot, "_check_ending", _ending_check_blind_to_the_start)
    result = _die_faces(Spookslot(readings=LINE_SQUARE))
    assert result.status is Status.COUNTEREXAMPLE
    assert "no_yellow is accepted" in (result.counterexample or "")


def test_die_faces_catches_a_die_refused_that_can_move(monkeypatch: pytest.MonkeyPatch) -> None:
    check = Spookslot._check_die

    def no_sixes(self: Spookslot) -> None:
        if 6 in self._faces:
            raise InvalidOptionError("die_faces: no sixes")
        check(self)

    monkeypatch.setattr(Spookslot, "_check_die", no_sixes)
    result = _die_faces(Spookslot())
    assert result.status is Status.COUNTEREXAMPLE
    assert "is refused, but a pawn can move" in (result.counterexample or "")
