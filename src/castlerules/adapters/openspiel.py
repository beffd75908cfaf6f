"""OpenSpiel adapter: every castlerules game as a registered pure-Python OpenSpiel game.

Install with ``pip install "castlerules[openspiel]"``. Importing this module registers every game,
as OpenSpiel's own Python games do::

    import pyspiel
    import castlerules.adapters.openspiel                  # registers castlerules_<game>

    game = pyspiel.load_game("castlerules_splut(players=3)")
    game = pyspiel.load_game("castlerules_kasteel(readings=no-legal-move:lose;own-key:slide-through)")

The OpenSpiel name of a castlerules game is ``castlerules_`` followed by its name with ``-`` written
``_`` (``castlerules_vlotte_geesten``). Its parameters are the game's scalar options (``players`` and,
for example, ``first_player``), with the castlerules defaults, plus ``readings`` (a string
``ID:OPTION;ID:OPTION`` — OpenSpiel's game strings use ``=`` and ``,`` themselves; see
``castlerules readings GAME``) and ``ruleset``. Bad values raise
``ValueError`` (a ``castlerules.InvalidOptionError``) when the game is loaded. OpenSpiel fills
every parameter in, so one at its default counts as not given and yields to a reading
(``readings=player-count:4`` makes four players, and the game's parameters say ``players=4``);
any other value must agree with the readings, as with ``castlerules.make``.

The mapping:

- **Game type.** Sequential dynamics, perfect information, terminal rewards, zero-sum utility.
  Chance mode ``EXPLICIT_STOCHASTIC`` (every game has at least the race node described below, and
  dice or draws where the rules have them), with the exact castlerules probabilities as floats.
- **Action ids.** An action's id is its index in ``game.action_universe()``; chance outcomes are ids
  too. Ids ``len(universe) + p`` are the race outcomes "player ``p`` acts next".
  ``num_distinct_actions`` and ``max_chance_outcomes`` are both ``len(universe) + players``.
  ``apply_action`` accepts only a legal id of the node (an id out of range, a negative id, another
  player's action or an outcome of another node raises ``castlerules.InvalidActionError``).
- **Several actors.** Where several players may act at once (Vlotte Geesten's grabs, Spookslot's
  secret passage), an explicit chance node draws uniformly which waiting player acts next; that
  player then picks one of their own legal actions, and the race is drawn again among those still
  waiting. The module docstring of ``castlerules.adapters.common`` explains why this is faithful.
- **Action strings** are castlerules notation (``p2 grab mouse``); race outcomes read
  ``race: p2 acts next``.
- **Returns** come from ``game.winners``: winners share +1, the others share -1 (see
  ``castlerules.adapters.common.returns``); a tie of everyone scores 0.
- **Observations.** The observation string is ``game.render(state)``; the information state string
  is the history (perfect information); the observation tensor is the game's designed observation
  (``castlerules.<game>.observation``, the same values as the PettingZoo environments of
  ``castlerules.envs``) with ``observation_tensor_shape()`` ``[channels, rows, columns]`` —
  ``[channels, places]`` for Spookslot, ``[entries]`` for Vlotte Geesten — and
  ``pyspiel.make_observation(game, params={"observation": "fields"})`` gives the generic field
  vector of ``castlerules.adapters.common.FieldVector`` instead. ``max_game_length`` is twice the game's documented
  playout cap (each player action may be preceded by a race node).
- **Serialization.** ``state.serialize()`` is ``castlerules-openspiel:1:`` and the history of
  action ids; ``game.deserialize_state(text)`` replays that history through ``apply_action``, so
  every id is checked and the text can never hold anything but ids (bounded by
  ``max_game_length``). It never unpickles. (OpenSpiel's *C++* functions
  ``pyspiel.deserialize_game_and_state`` and ``Game.deserialize_state`` called from C++ use
  OpenSpiel's generic Python-game format, which unpickles part of its input for every Python game:
  never pass a stranger's text to those.)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Any

from castlerules.adapters.common import (
    ActionTable,
    Observer,
    Planes,
    make_game,
    player_counts,
    returns,
    scalar_options,
    table_for,
)
from castlerules.core.catalog import games, make
from castlerules.core.errors import InvalidActionError, InvalidOptionError, quote
from castlerules.core.extras import MissingExtraError
from castlerules.core.game import Game
from castlerules.core.readings import parse_reading_list

try:
    import numpy as np
    import pyspiel
except ImportError as _missing:
    raise MissingExtraError(
        _missing.name or "pyspiel", "castlerules.adapters.openspiel", "openspiel"
    ) from None

PREFIX = "castlerules_"
#: The first part of every serialized castlerules state.
SERIAL_TAG = "castlerules-openspiel:1:"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)


def openspiel_name(name: str) -> str:
    """The OpenSpiel short name of a castlerules game."""
    return PREFIX + name.replace("-", "_")


def parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game with their defaults: its scalar options, ``readings``
    and ``ruleset`` (strings; empty for none)."""
    return {**scalar_options(name), "readings": "", "ruleset": ""}


def _options(name: str, params: dict[str, Any] | None) -> dict[str, Any]:
    """castlerules options from OpenSpiel parameters (``readings`` as ``ID:OPT;ID:OPT``).

    OpenSpiel hands a game every parameter, the defaults filled in, so a parameter at its default
    cannot be told from one not given: it is left out and yields to a reading (the game's
    parameters then report the value it plays, see ``CastleGame``); any other value is explicit and
    must agree with the readings (``castlerules.core.readings.resolve``)."""
    defaults = parameters(name)
    options = {
        key: value
        for key, value in (params or {}).items()
        if not (key in defaults and type(value) is type(defaults[key]) and value == defaults[key])
    }
    text = options.pop("readings", "") or ""
    ruleset = options.pop("ruleset", "") or ""
    if not isinstance(text, str) or not isinstance(ruleset, str):
        raise InvalidOptionError("readings and ruleset are strings such as 'own-key:slide-through'")
    readings = parse_reading_list(text)
    if readings:
        options["readings"] = readings
    if ruleset:
        options["ruleset"] = ruleset
    return options


def _reported(name: str, rules: Game[Any, Any], params: dict[str, Any] | None) -> dict[str, Any]:
    """The parameters a game reports: those given, with each scalar option's value the game plays
    (a reading may set one that was left at its default)."""
    out = {**parameters(name), **(params or {})}
    for key, default in scalar_options(name).items():
        out[key] = rules.num_players if key == "players" else rules.options.get(key, default)
    return out


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
        parameter_specification=parameters(name),
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
        self.rules: Game[Any, Any] = make_game(name, **_options(name, params))
        self.table: ActionTable = table_for(self.rules)
        super().__init__(
            _game_type(name), _game_info(self.rules, self.table), _reported(name, self.rules, params)
        )

    def new_initial_state(self) -> CastleState:
        return CastleState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CastleObserver:
        encoding = (params or {}).get("observation", "planes")
        if set(params or {}) - {"observation"} or encoding not in ("planes", "fields"):
            raise InvalidOptionError(
                f"the observation parameter is observation=planes or =fields; got {quote(params)}"
            )
        return CastleObserver(self, iig_obs_type, encoding)

    def deserialize_state(self, text: str) -> CastleState:
        """The state ``CastleState.serialize`` wrote: its history replayed and checked id by id.

        Raises ``castlerules.InvalidStateError`` for anything else (never unpickles)."""
        from castlerules.core.errors import InvalidStateError

        if not isinstance(text, str) or not text.startswith(SERIAL_TAG):
            raise InvalidStateError(f"not a serialized castlerules state: {quote(text)}")
        body = text[len(SERIAL_TAG) :].strip()
        limit = 2 * self.rules.playout_cap
        if len(body) > 12 * limit:
            raise InvalidStateError("the serialized history is too long")
        parts = body.split(",") if body else []
        if len(parts) > limit or not all(p.isascii() and p.isdigit() and len(p) < 9 for p in parts):
            raise InvalidStateError(f"the history must be action ids 0, 1, ...: {quote(body)}")
        state = self.new_initial_state()
        for ply, part in enumerate(parts):
            try:
                state.apply_action(int(part))
            except InvalidActionError as exc:
                raise InvalidStateError(f"history item {ply}: {exc}") from None
        return state


class _Shared:
    """Holds what all states of a game share; ``copy.deepcopy`` (OpenSpiel's clone) keeps it."""

    __slots__ = ("rules", "table")

    def __init__(self, rules: Game[Any, Any], table: ActionTable) -> None:
        self.rules = rules
        self.table = table

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Node:
    """An immutable castlerules state with what OpenSpiel asks of it, computed once (a deep copy
    shares it): the current player, the legal ids and, at chance nodes, the outcomes."""

    __slots__ = ("legal", "outcomes", "player", "race", "racer", "value")

    def __init__(self, shared: _Shared, value: Any, racer: int | None) -> None:
        rules, table = shared.rules, shared.table
        self.value = value
        self.racer = racer
        #: A race node: a chance node of the adapter (who acts first), not of the rules.
        self.race = False
        self.outcomes: tuple[tuple[int, float], ...] = ()
        # the players who may act: none exactly at terminal and chance states (the conformance
        # kit checks it), so a decision node costs one question
        actors = rules.actors(value)
        if racer is not None:
            self.player = racer
            self.legal: tuple[int, ...] = table.legal_ids(value, racer)
        elif len(actors) == 1:
            (self.player,) = actors
            self.legal = table.legal_ids(value, None)
        elif actors:
            self.player = CHANCE
            self.race = True
            ordered = sorted(actors)
            self.outcomes = tuple((len(table) + p, 1.0 / len(ordered)) for p in ordered)
            self.legal = tuple(a for a, _ in self.outcomes)
        elif rules.is_chance(value):
            self.player = CHANCE
            chance = table.chance_node(value)
            self.outcomes, self.legal = chance.outcomes, chance.ids
        else:
            self.player = TERMINAL
            self.legal = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self


class CastleState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable castlerules state (plus who won the current race).

    OpenSpiel clones Python states with ``copy.deepcopy``; the rules, the action table and the
    immutable castlerules node are shared by the copies, so a clone costs a few small objects.
    """

    def __init__(self, game: CastleGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.rules, game.table)
        self._node = _Node(self._shared, game.rules.initial_state(), None)

    @property
    def rules(self) -> Game[Any, Any]:
        return self._shared.rules

    @property
    def table(self) -> ActionTable:
        return self._shared.table

    @property
    def state(self) -> Any:
        """The castlerules state."""
        return self._node.value

    @property
    def racer(self) -> int | None:
        """The player who won the race at a several-actors node, until they act."""
        return self._node.racer

    def current_player(self) -> int:
        return self._node.player

    def is_terminal(self) -> bool:
        return self._node.player == TERMINAL

    def returns(self) -> list[float]:
        return returns(self.rules, self._node.value)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._node.outcomes)

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        node = self._node
        if player != node.player and node.player != CHANCE:
            return ()
        return node.legal

    def _apply_action(self, action: int) -> None:
        node = self._node
        legal = node.legal  # ascending
        if type(action) is not int or (
            (i := bisect_left(legal, action)) == len(legal) or legal[i] != action
        ):
            raise self._refusal(action)
        shared = self._shared
        if node.race:
            self._node = _Node(shared, node.value, action - len(shared.table))
            return
        after = shared.rules.successor(node.value, shared.table.universe[action])
        self._node = _Node(shared, after, None)

    def _refusal(self, action: Any) -> InvalidActionError:
        node = self._node
        size = len(self.table) + self.rules.num_players
        if not isinstance(action, int) or not 0 <= action < size:
            return InvalidActionError(f"action id {quote(action)} is not one of 0..{size - 1}")
        if node.player == TERMINAL:
            return InvalidActionError("the game is over: no action is legal")
        who = "chance" if node.player == CHANCE else f"player {node.player}"
        text = self._action_to_string(node.player, action)
        return InvalidActionError(f"action {action} ({text}) is not legal for {who} here")

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._shared.table
        text = table.chance_text.get(action)
        if text is not None:
            return text
        if action >= len(table):
            return f"race: p{action - len(table)} acts next"
        if action < 0:
            return f"<no action {action}>"
        return table.action_str(self._node.value, action)

    def serialize(self) -> str:
        """``castlerules-openspiel:1:`` and the history of action ids (see the module docstring)."""
        return SERIAL_TAG + ",".join(str(a) for a in self.history())

    def __str__(self) -> str:
        text = self.rules.render(self._node.value)
        if self._node.racer is not None:
            text += f"\nrace won by: p{self._node.racer}"
        return text


class CastleObserver:
    """OpenSpiel's PyObserver for castlerules games (perfect information)."""

    def __init__(self, game: CastleGame, iig_obs_type: Any, encoding: str = "planes") -> None:
        self.observer: Observer | Planes = (
            Planes(game.rules) if encoding == "planes" else Observer(game.rules)
        )
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.observer.size, np.float32)
        if isinstance(self.observer, Planes):
            # OpenSpiel's order: channels first, [channels, rows, columns] (the transpose of
            # PettingZoo's (rows, columns, channels)); Vlotte Geesten's vector stays flat
            shape = self.observer.shape
            self._planes: tuple[int, ...] | None = shape
            front = (shape[-1], *shape[:-1]) if len(shape) > 1 else shape
            self.dict = {"observation": self.tensor.reshape(front)}
        else:
            self._planes = None
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CastleState, player: int) -> None:
        values: Any = self.observer.encode(state.state, player)
        shape = self._planes
        if shape is None or len(shape) == 1:
            self.tensor[:] = values
            return
        planes = np.frombuffer(values, dtype=np.int8).reshape(shape)
        self.dict["observation"][...] = np.moveaxis(planes, -1, 0)

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
    """Register castlerules games with OpenSpiel (all by default; again is a no-op). Importing
    this module has already registered every game.

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
    """``pyspiel.load_game`` for a castlerules game by its castlerules name; ``readings`` may be
    given as a dict."""
    register([name])
    readings = options.pop("readings", None)
    if isinstance(readings, dict):
        options["readings"] = ";".join(f"{k}:{v}" for k, v in readings.items())
    elif readings is not None:
        options["readings"] = readings
    return pyspiel.load_game(openspiel_name(name), options)


def _mcts_budget(args: list[str]) -> list[str]:
    """The ``mcts`` example's flags with this game's simulations added (unless given), and its
    random rollouts cut at the game's rollout plies (a cut rollout counts as a draw)."""
    import re

    from open_spiel.python.algorithms import mcts

    game = next((a.split("=", 1)[1] for a in args if a.startswith("--game=")), "")
    found = re.fullmatch(r"castlerules_([a-z_]+)", game)
    name = found.group(1).replace("_", "-") if found else ""
    from castlerules.core.catalog import infos

    budgets = {g.name: g.mcts for g in infos()}  # each game's declaration (GameInfo.mcts)
    sims, plies = budgets.get(name, (1000, 0))
    out = []
    for a in args:
        if a.startswith("--max_rollout_plies="):
            value = a.split("=", 1)[1]
            plies = int(value) if value.isdigit() else plies
            continue
        out.append(a)
    if not any(a.startswith("--max_simulations") for a in out):
        out.append(f"--max_simulations={sims}")
    if plies:
        base = mcts.RandomRolloutEvaluator

        class Evaluator(base):  # type: ignore[misc, valid-type]
            def __init__(self, n_rollouts: int = 1, random_state: Any = None,
                         max_length: int | None = plies) -> None:
                super().__init__(n_rollouts, random_state, max_length)

        mcts.RandomRolloutEvaluator = Evaluator
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m castlerules.adapters.openspiel EXAMPLE [FLAGS ...]``: run one of OpenSpiel's
    example programs (``open_spiel.python.examples.EXAMPLE``) with every castlerules game
    registered, for example::

        python -m castlerules.adapters.openspiel mcts --game=castlerules_kasteel --player2=human

    For ``mcts`` on a castlerules game the simulations and rollout length come from
    the game's declared budget (``GameInfo.mcts``) unless the flags give them.
    """
    import re
    import runpy
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0].startswith("-") or not re.fullmatch(r"[a-z_][a-z0-9_]*", args[0]):
        print(
            "usage: python -m castlerules.adapters.openspiel EXAMPLE [FLAGS ...]\n"
            "runs OpenSpiel's open_spiel.python.examples.EXAMPLE with the castlerules games "
            "registered, e.g.: mcts --game=castlerules_kasteel --player2=human",
            file=sys.stderr,
        )
        return 2
    module = f"open_spiel.python.examples.{args[0]}"
    if args[0] == "mcts":
        args = _mcts_budget(args)
    sys.argv = [module, *args[1:]]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except ImportError as exc:
        print(f"castlerules: error: OpenSpiel has no example {args[0]!r}: {exc}", file=sys.stderr)
        return 2
    return 0


register()

if __name__ == "__main__":
    raise SystemExit(main())
