"""Vlotte Geesten as a game: the class ``castlerules.make("vlotte-geesten")`` makes -- the rules
(``castlerules.vlotte_geesten.rules``) with the variants, the notation and the pictures."""

from __future__ import annotations

from typing import Any, ClassVar

from castlerules.core.declaration import GameInfo
from castlerules.vlotte_geesten import notation, render
from castlerules.vlotte_geesten.declaration import GAME
from castlerules.vlotte_geesten.rules import (
    _ALL_ROLLS,
    VlotteGeestenRules,
)
from castlerules.vlotte_geesten.state import (
    COLOURS,
    Action,
    State,
)


class VlotteGeesten(VlotteGeestenRules):
    """Vlotte Geesten: Het Dobbelspel for 2–8 players. The ``literal`` ruleset reads a shared
    highest score as a draw.
    """

    info: ClassVar[GameInfo] = GAME
    playout_cap: ClassVar[int] = 200_000

    @classmethod
    def variants(cls) -> tuple[dict[str, Any], ...]:
        loaded = {c: ["chair", "ghost", "ghost", "mouse", "bottle", "book"] for c in COLOURS}
        return (
            *({"players": n} for n in range(2, 9)),
            {"players": 3, "first_player": 2},
            {"players": 2, "faces": loaded},
        )

    @property
    def num_players(self) -> int:
        return self._n

    def candidate_actions(self, state: State) -> tuple[Any, ...]:
        if state.dice is None:
            return (*_ALL_ROLLS, self._grabs[0][0], self._passes[0])
        return (*self._passes, *(g for gs in self._grabs for g in gs), self._rolls[0])

    # -- notation, JSON, pictures ----------------------------------------------------------
    def state_to_text(self, state: State) -> str:
        return notation.state_to_text(state)

    def parse_position(self, text: str) -> State:
        return notation.parse_position(text)

    def action_to_str(self, state: State, action: Action) -> str:
        return notation.action_to_str(action)

    def parse_action(self, state: State, text: str) -> Action:
        found: Action = notation.parse_action(text)
        return found

    def describe_chance(self, state: State, outcome: Any) -> str:
        """A chance outcome in words, as a person at the table tells it."""
        return render.describe_chance(self, state, outcome)

    def render(self, state: State) -> str:
        return render.render_text(state)

    def render_svg(self, state: State, highlight: tuple[str, ...] = ()) -> str:
        """The table: objects, dice, the situation and its answer, scores, supply, pot, a legend;
        ``highlight`` marks objects (``mouse``), dice (``green die``), players (``p1``), ``supply``
        or ``pot``."""
        return render.render_svg(state, self.winners(state), highlight)

