"""OpenSpiel adapter: every castlerules game as a registered pure-Python OpenSpiel game.

Install with ``pip install "castlerules[openspiel]"``, then::

    import pyspiel
    from castlerules.adapters import openspiel

    openspiel.register()                                   # idempotent
    game = pyspiel.load_game("castlerules_splut", {"players": 3})

The OpenSpiel name of a castlerules game is ``castlerules_`` followed by its name with ``-`` written
``_`` (``castlerules_vlotte_geesten``). Its parameters are the game's scalar options (``players``
and, for example, ``first_player``), with the castlerules defaults; bad values raise ``ValueError``
(a ``castlerules.InvalidOptionError``) when the game is loaded.

The mapping:

- **Game type.** Sequential dynamics, perfect information, terminal rewards, zero-sum utility.
  Chance mode ``EXPLICIT_STOCHASTIC`` (every game has at least the race node described below, and
  dice or draws where the rules have them), with the exact castlerules probabilities as floats.
- **Action ids.** An action's id is its index in ``game.action_universe()``; chance outcomes are ids
  too. Ids ``len(universe) + p`` are the race outcomes "player ``p`` acts next".
  ``num_distinct_actions`` and ``max_chance_outcomes`` are both ``len(universe) + players``.
- **Several actors.** Where several players may act at once (Vlotte Geesten's grabs, Spookslot's
  secret passage), an explicit chance node draws uniformly which waiting player acts next; that
  player then picks one of their own legal actions, and the race is drawn again among those still
  waiting. The module docstring of ``castlerules.adapters.common`` explains why this is faithful.
- **Action strings** are castlerules notation (``p2 grab mouse``); race outcomes read
  ``race: p2 acts next``.
- **Returns** come from ``game.winners``: winners share +1, the others share -1 (see
  ``castlerules.adapters.common.returns``); a tie of everyone scores 0.
- **Observations.** The observation string is ``game.render(state)``; the information state string
  is the history (perfect information); the observation tensor is the integer vector of
  ``castlerules.adapters.common.Observer``. ``max_game_length`` is twice the game's documented
  playout cap (each player action may be preceded by a race node); a random game that reaches the
  cap is cut off there as the castlerules random player does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import pyspiel

from castlerules.adapters.common import (
    ActionTable,
    Observer,
    make_game,
    player_counts,
    returns,
    scalar_options,
    table_for,
)
from castlerules.core.catalog import games, make
from castlerules.core.game import Game

PREFIX = "castlerules_"


def openspiel_name(name: str) -> str:
    """The OpenSpiel short name of a castlerules game."""
    return PREFIX + name.replace("-", "_")


def _game_type(name: str) -> Any:
    low, high, _ = player_counts(name)
    title = make(name).spec.title
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"castlerules: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=scalar_options(name),
    )


def _game_info(game: Game[Any, Any], table: ActionTable) -> Any:
    n = game.num_players
    return pyspiel.GameInfo(
        num_distinct_actions=len(table) + n,
        max_chance_outcomes=len(table) + n,
        num_players=n,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=2 * game.playout_cap,
    )


class CastleGame(pyspiel.Game):  # type: ignore[misc]
    """A castlerules game seen through OpenSpiel; ``.rules`` is the castlerules game.

    ``register`` makes one subclass per game, whose constructor takes OpenSpiel's parameters only.
    """

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        options = {**scalar_options(name), **(params or {})}
        self.rules: Game[Any, Any] = make_game(name, **options)
        self.table: ActionTable = table_for(self.rules)
        super().__init__(_game_type(name), _game_info(self.rules, self.table), options)

    def new_initial_state(self) -> CastleState:
        return CastleState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CastleObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return CastleObserver(self, iig_obs_type)


class _Shared:
    """Holds what all states of a game share; ``copy.deepcopy`` (OpenSpiel's clone) keeps it."""

    __slots__ = ("rules", "table")

    def __init__(self, rules: Game[Any, Any], table: ActionTable) -> None:
        self.rules = rules
        self.table = table

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Frozen:
    """Holds an immutable castlerules state; a deep copy shares it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return _Frozen(self.value)


class CastleState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable castlerules state (plus who won the current race).

    OpenSpiel clones Python states with ``copy.deepcopy``; the rules, the action table and the
    immutable castlerules state are shared by the copies, so a clone costs a few small objects.
    """

    def __init__(self, game: CastleGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.rules, game.table)
        self._state = _Frozen(game.rules.initial_state())
        #: The player who won the race at a several-actors node, until they act.
        self.racer: int | None = None

    @property
    def rules(self) -> Game[Any, Any]:
        return self._shared.rules

    @property
    def table(self) -> ActionTable:
        return self._shared.table

    @property
    def state(self) -> Any:
        """The castlerules state."""
        return self._state.value

    # -- whose turn ------------------------------------------------------------------------
    def _is_race(self) -> bool:
        return self.racer is None and len(self.rules.actors(self.state)) > 1

    def current_player(self) -> int:
        rules, state = self.rules, self.state
        if rules.is_terminal(state):
            return int(pyspiel.PlayerId.TERMINAL)
        if rules.is_chance(state) or self._is_race():
            return int(pyspiel.PlayerId.CHANCE)
        if self.racer is not None:
            return self.racer
        (only,) = rules.actors(state)
        return only

    def is_terminal(self) -> bool:
        return bool(self.rules.is_terminal(self.state))

    def returns(self) -> list[float]:
        return returns(self.rules, self.state)

    # -- actions ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._is_race():
            actors = sorted(self.rules.actors(self.state))
            return [(len(self.table) + p, 1.0 / len(actors)) for p in actors]
        return list(self.table.chance_ids(self.state))

    def _legal_actions(self, player: int) -> list[int]:
        if self.rules.is_terminal(self.state):
            return []
        if self.rules.is_chance(self.state) or self._is_race():
            return [a for a, _ in self.chance_outcomes()]
        return list(self.table.legal_ids(self.state, self.current_player()))

    def _apply_action(self, action: int) -> None:
        if self._is_race():
            self.racer = action - len(self.table)
            return
        self._state = _Frozen(self.rules.apply(self.state, self.table.universe[action]))
        self.racer = None

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._shared.table
        text = table.chance_text.get(action)
        if text is not None:
            return text
        if action >= len(table):
            return f"race: p{action - len(table)} acts next"
        return table.action_str(self._state.value, action)

    def __str__(self) -> str:
        text = self.rules.render(self.state)
        if self.racer is not None:
            text += f"\nrace won by: p{self.racer}"
        return text


class CastleObserver:
    """OpenSpiel's PyObserver for castlerules games (perfect information)."""

    def __init__(self, game: CastleGame, iig_obs_type: Any) -> None:
        self.observer = Observer(game.rules)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CastleState, player: int) -> None:
        self.tensor[:] = self.observer.encode(state.state, player)

    def string_from(self, state: CastleState, player: int) -> str:
        if self.perfect_recall:
            return str(state.history_str())
        return str(state)


_CLASSES: dict[str, type[CastleGame]] = {}


def _game_class(name: str) -> type[CastleGame]:
    """The subclass of CastleGame registered for ``name`` (OpenSpiel registers classes)."""
    if name not in _CLASSES:

        def __init__(self: CastleGame, params: dict[str, Any] | None = None) -> None:
            CastleGame.__init__(self, name, params)

        title = "".join(part.title() for part in name.split("-"))
        _CLASSES[name] = type(f"{title}Game", (CastleGame,), {"__init__": __init__})
    return _CLASSES[name]


def register(names: Iterable[str] | None = None) -> list[str]:
    """Register castlerules games with OpenSpiel (all by default; again is a no-op).

    Returns the OpenSpiel names of the games registered by this call and before.
    """
    registered = set(pyspiel.registered_names())
    done = []
    for name in names if names is not None else games():
        short = openspiel_name(name)
        if short not in registered:
            pyspiel.register_game(_game_type(name), _game_class(name))
        done.append(short)
    return done


def load(name: str, **options: Any) -> Any:
    """``pyspiel.load_game`` for a castlerules game by its castlerules name."""
    register([name])
    return pyspiel.load_game(openspiel_name(name), options)
