"""Spookslot as a Hypothesis state machine: random legal play for every player count and variant,
with the invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from castlerules.core.chance import sample
from castlerules.spookslot import Move, Phase, Spookslot, State
from castlerules.spookslot.state import EXIT, START


class SpookslotMachine(RuleBasedStateMachine):
    game: Spookslot
    state: State
    escaped: set[tuple[int, int]]

    @initialize(players=st.integers(2, 6), no_yellow=st.booleans(), first=st.integers(0, 5))
    def start(self, players: int, no_yellow: bool, first: int) -> None:
        self.game = Spookslot(players=players, no_yellow=no_yellow, first_player=first % players)
        self.state = self.game.initial_state()
        self.escaped = set()

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        g, s = self.game, self.state
        if g.is_chance(s):
            seed = data.draw(st.integers(0, 10**6))
            action: Any = sample(g.chance_outcomes(s), random.Random(seed))
        else:
            legal = g.legal_actions(s)
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
        text = g.action_to_str(s, action)
        assert g.parse_action(s, text) == action
        after = g.apply(s, action)
        if isinstance(action, Move):
            dest = after.pawns[action.player][action.pawn]
            assert dest == g.moves(s)[action]
            assert dest == EXIT or dest not in g.occupied(s)  # lands on a free square
        for p, ps in enumerate(after.pawns):
            for k, q in enumerate(ps):
                if (p, k) in self.escaped:
                    assert q == EXIT  # escaped pawns never return
                if q == EXIT:
                    self.escaped.add((p, k))
        self.state = after

    @precondition(lambda self: self.game.is_terminal(self.state))
    @rule()
    def play_again(self) -> None:
        self.state = self.game.initial_state()
        self.escaped = set()

    @invariant()
    def pawns_conserved(self) -> None:
        per = self.game.pawns_per_player
        assert all(len(ps) == per for ps in self.state.pawns)
        assert len(self.state.pawns) == self.game.num_players

    @invariant()
    def shared_squares_only_blue_or_green_star(self) -> None:
        board = self.game.board
        counts = Counter(q for ps in self.state.pawns for q in ps if q not in (START, EXIT))
        for q, c in counts.items():
            assert c == 1 or q in board.blue or q == board.green_star

    @invariant()
    def json_round_trip_and_valid(self) -> None:
        g = self.game
        assert g.state_from_json(g.state_to_json(self.state)) == self.state

    @invariant()
    def actors_match_the_phase(self) -> None:
        g, s = self.game, self.state
        if g.is_terminal(s):
            assert not g.actors(s) and g.winners(s) == frozenset({s.winner})
            assert all(q == EXIT for q in s.pawns[s.winner])
        elif g.is_chance(s):
            assert not g.actors(s) and not g.winners(s)
        else:
            assert g.actors(s) and g.legal_actions(s)
            if s.phase is Phase.MOVE:
                assert g.actors(s) == {s.turn}

    @invariant()
    def four_player_rule(self) -> None:
        g, s = self.game, self.state
        if g.num_players == 4 and s.phase is Phase.MOVE:
            for m in g.moves(s):
                first = s.first[m.player]
                assert s.released[m.player] or first in (-1, m.pawn)


SpookslotMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=150, deadline=None
)
TestSpookslotMachine = SpookslotMachine.TestCase
