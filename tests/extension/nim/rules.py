"""Nim's rules: a take from one heap, each tied to its clause."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import ClassVar

import attrs

from castlerules import GameInfo, ParseError
from castlerules.core.config import NEVER, Config, Readings, option, player_count, readings_field
from castlerules.core.errors import Violation
from castlerules.core.game import Game
from castlerules.core.outcome import Termination
from castlerules.core.registry import clause, violation
from tests.extension.nim import GAME

HEAPS = (3, 4, 5)


@attrs.frozen
class State:
    heaps: tuple[int, ...]
    to_move: int = 0


@attrs.frozen
class Take:
    player: int
    heap: int
    count: int


@attrs.frozen(kw_only=True, cache_hash=True)
class NimConfig(Config):
    """What a game of Nim is made with: two players and a reading of every interpretation."""

    game: ClassVar[str] = GAME.name
    players_range: ClassVar[tuple[int, int]] = (2, 2)
    players: int = option(2, doc="two players", validator=player_count, record=NEVER)
    readings: Readings = readings_field()


LAST_STONE = Termination("last-stone", "nim.winnen", "the last stone is taken")


class Nim(Game[State, Take]):
    info: ClassVar[GameInfo] = GAME
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = (Take,)

    config_type: ClassVar[type[NimConfig]] = NimConfig

    @clause("nim.opzet")
    def initial_state(self) -> State:
        return State(HEAPS)

    def is_terminal(self, state: State) -> bool:
        return not any(state.heaps)

    @clause("nim.winnen")
    def winners(self, state: State) -> frozenset[int]:
        return frozenset({1 - state.to_move}) if self.is_terminal(state) else frozenset()

    def termination(self, state: State) -> Termination:
        return LAST_STONE

    def is_chance(self, state: State) -> bool:
        return False

    def chance_outcomes(self, state: State) -> tuple[tuple[Take, Fraction], ...]:
        return ()

    @clause("nim.beurt")
    def actors(self, state: State) -> frozenset[int]:
        return frozenset() if self.is_terminal(state) else frozenset({state.to_move})

    def legal_actions(self, state: State) -> tuple[Take, ...]:
        return tuple(a for a in self.candidate_actions(state) if self.rule_violation(state, a) is None)

    def candidate_actions(self, state: State) -> tuple[Take, ...]:
        return tuple(Take(p, h, c) for p in (0, 1) for h in range(len(state.heaps))
                     for c in range(1, max(HEAPS) + 1))

    @clause("nim.beurt", "nim.nemen")
    def rule_violation(self, state: State, action: Take) -> Violation | None:
        if self.is_terminal(state) or action.player != state.to_move:
            return violation("nim.beurt", f"it is p{state.to_move}'s turn")
        if not (0 <= action.heap < len(state.heaps) and 1 <= action.count <= state.heaps[action.heap]):
            return violation("nim.nemen", "take one or more of the stones a heap holds")
        return None

    def successor(self, state: State, action: Take) -> State:
        heaps = list(state.heaps)
        heaps[action.heap] -= action.count
        return State(tuple(heaps), 1 - state.to_move)

    def action_to_str(self, state: State, action: Take) -> str:
        return f"p{action.player} {'abc'[action.heap]}{action.count}"

    def parse_action(self, state: State, text: str) -> Take:
        found = re.fullmatch(r"(?:p([01]) )?([abc])([1-9])", text.strip())
        if found is None:
            raise ParseError(f"not a take: {text[:40]!r} (such as 'p0 b2')")
        player = state.to_move if found.group(1) is None else int(found.group(1))
        return Take(player, "abc".index(found.group(2)), int(found.group(3)))

    def state_to_text(self, state: State) -> str:
        return f"{','.join(map(str, state.heaps))} p{state.to_move}"

    def parse_position(self, text: str) -> State:
        found = re.fullmatch(r"([0-9]),([0-9]),([0-9]) p([01])", text.strip())
        if found is None:
            raise ParseError(f"not a Nim position: {text[:40]!r} (such as '3,4,5 p0')")
        return State(tuple(int(found.group(i)) for i in (1, 2, 3)), int(found.group(4)))

    def render(self, state: State) -> str:
        rows = [f"{'abc'[i]}: {'o' * n}" for i, n in enumerate(state.heaps)]
        return "\n".join([*rows, f"position: {self.state_to_text(state)}"])
