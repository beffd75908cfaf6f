"""A Hypothesis state machine for Kasteel: legal play from reachable states, invariants after
every action (no overlap, no knight on its own key, passes in range and never rising, a move costs
what it enters, knights only disappear, exactly one winner at the end)."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import reach

import castlerules
from castlerules.kasteel import Move
from castlerules.kasteel.theorems.reference import spec_cost

OPTION_SETS = [{}, {"level": 3, "stuck": "lose"}, {"passes": 1, "skulls": 8}]


class KasteelMachine(RuleBasedStateMachine):
    game: Any
    state: Any

    @initialize(
        options=st.sampled_from(OPTION_SETS),
        seed=st.integers(0, 2**32 - 1),
        plies=st.integers(0, 1000),
    )
    def start(self, options: dict[str, Any], seed: int, plies: int) -> None:
        self.game = castlerules.make("kasteel", **options)
        self.state = reach(self.game, seed, plies)

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        g, before = self.game, self.state
        action = data.draw(st.sampled_from(g.legal_actions(before)))
        self.state = after = g.apply(before, action)
        if isinstance(action, Move):
            p = action.player
            assert after.passes[p] == before.passes[p] - spec_cost(g, before, action.frm, action.to)
            assert after.passes[1 - p] == before.passes[1 - p]
            assert len(after.knights[p]) == len(before.knights[p])
            captured = action.to in before.knights[1 - p]
            assert len(after.knights[1 - p]) == len(before.knights[1 - p]) - captured
        else:
            assert after.passes == before.passes
            assert after.knights == before.knights

    @rule()
    def round_trip(self) -> None:
        """Always possible (also at the end): the state survives JSON unchanged."""
        assert self.game.state_from_json(self.game.state_to_json(self.state)) == self.state

    @invariant()
    def pieces_never_overlap_nor_stand_on_their_own_key(self) -> None:
        if hasattr(self, "state"):
            s, b = self.state, self.game.board
            assert not s.knights[0] & s.knights[1]
            assert b.keys[0] not in s.knights[0]
            assert b.keys[1] not in s.knights[1]

    @invariant()
    def passes_in_range(self) -> None:
        if hasattr(self, "state"):
            assert all(0 <= p <= self.game.start_passes for p in self.state.passes)

    @invariant()
    def terminal_iff_exactly_one_winner(self) -> None:
        if hasattr(self, "state"):
            g, s = self.game, self.state
            assert g.is_terminal(s) == (len(g.winners(s)) == 1)
            assert g.is_terminal(s) == (not g.actors(s) and not g.is_chance(s))
            g.validate_state(s)


TestKasteelMachine = KasteelMachine.TestCase
TestKasteelMachine.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
