"""A Hypothesis state machine: random legal play with the invariants checked after every action."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import castlerules
from castlerules.vlotte_geesten.rules import answer_of
from castlerules.vlotte_geesten.state import TOTAL_POINTS, Grab


class VlotteGeestenMachine(RuleBasedStateMachine):
    game: Any
    state: Any

    @initialize(players=st.integers(2, 8))
    def start(self, players: int) -> None:
        self.game = castlerules.make("vlotte-geesten", players=players)
        self.state = self.game.initial_state()

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.state
        action = data.draw(st.sampled_from(self.game.legal_actions(before)))
        self.state = self.game.apply(before, action)
        if isinstance(action, Grab) and before.dice is not None:
            correct = len(action.objects) == 1 and next(iter(action.objects)) == answer_of(
                before.dice
            )
            if correct:  # the grabber took the supply point, the pot and the penalties
                assert (
                    self.state.scores[action.player]
                    >= before.scores[action.player] + 1 + before.pot
                )
                assert self.state.supply == before.supply - 1
                assert self.state.roller == action.player

    @invariant()
    def points_are_conserved(self) -> None:
        if hasattr(self, "state"):
            s = self.state
            assert sum(s.scores) + s.supply + s.pot == TOTAL_POINTS
            assert min(s.scores) >= 0 and s.pot >= 0

    @invariant()
    def terminal_iff_no_actors_and_no_chance(self) -> None:
        if hasattr(self, "state"):
            g, s = self.game, self.state
            assert g.is_terminal(s) == (not g.actors(s) and not g.is_chance(s))
            if g.is_terminal(s):
                assert s.pot == 0 and g.winners(s)


TestVlotteGeestenMachine = VlotteGeestenMachine.TestCase
TestVlotteGeestenMachine.settings = settings(max_examples=30, stateful_step_count=60, deadline=None)
