"""Splut! as a Hypothesis state machine: random legal actions, the invariants checked after each."""

from __future__ import annotations

import attrs
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from castlerules.splut import Pass, Splut, State, Step, Throw
from castlerules.splut.board import OFF, SQUARE_SET
from castlerules.splut.theorems.stuck import has_step, levitable_now


class SplutMachine(RuleBasedStateMachine):
    game: Splut
    state: State

    @initialize(players=st.sampled_from([2, 3, 4]))
    def start(self, players: int) -> None:
        self.game = Splut(players=players)
        self.state = self.game.initial_state()
        self.steps_this_turn = 0

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions(self.state)
        action = data.draw(st.sampled_from(legal))
        before = self.game.state_to_json(self.state)
        nxt = self.game.apply(self.state, action)
        assert self.game.state_to_json(self.state) == before  # apply is pure
        if isinstance(action, Step):
            self.steps_this_turn += 1
            assert self.steps_this_turn <= 3
        if nxt.turn != self.state.turn:
            if isinstance(action, Step) and nxt.throw_from == OFF:
                assert self.steps_this_turn == (1 if self.state.turn == 0 else
                                                2 if self.state.turn == 1 else 3)
            self.steps_this_turn = 0
        if isinstance(action, Throw | Pass):
            assert nxt.turn == self.state.turn + 1 or self.game.is_terminal(nxt)
        self.state = nxt

    @precondition(lambda self: self.game.is_terminal(self.state))
    @rule()
    def new_game(self) -> None:
        """A finished game has no actions; start again."""
        assert self.game.legal_actions(self.state) == ()
        self.state = self.game.initial_state()
        self.steps_this_turn = 0

    @invariant()
    def consistent(self) -> None:
        s = self.state
        self.game.validate_state(s)
        assert len(set(s.rocks)) == 4 and set(s.rocks) <= SQUARE_SET
        alive = [p for p, t in enumerate(s.pieces) if t[0] != OFF]
        assert self.game.is_terminal(s) == (len(alive) == 1)
        if self.game.is_terminal(s):
            assert self.game.winners(s) == frozenset(alive)
        else:
            assert self.game.actors(s) == {s.to_move}

    @invariant()
    def made_like_any_state(self) -> None:
        """The successor's cheap construction (state.make_state) and its incremental occupancy
        give the very State the constructor makes from the JSON fields: its class, equality,
        hash and the derived fields."""
        s = self.state
        rebuilt = attrs.evolve(s)
        assert type(s) is State
        assert s == rebuilt and hash(s) == hash(rebuilt)
        assert (s.board, s.over) == (rebuilt.board, rebuilt.over)

    @invariant()
    def step_model_agrees(self) -> None:
        """Refinement: the z3 model of "has a legal step" (theorems.has_step), evaluated on plain
        values, agrees with the move generator."""
        s = self.state
        if self.game.is_terminal(s) or s.throw_from != OFF:
            return
        model = bool(has_step(s.board, s.to_move, levitable_now(s)))
        assert model == (self.game.legal_actions(s) != (Pass(s.to_move),))


SplutMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
TestSplutMachine = SplutMachine.TestCase
