"""PettingZoo adapter: every castlerules game as an AEC environment.

Install with ``pip install "castlerules[pettingzoo]"``, then::

    from castlerules.adapters import pettingzoo

    env = pettingzoo.env("splut", players=3, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

The agents are ``player_0`` … ``player_{n-1}`` (castlerules players 0 … n-1).

The versioned per-game environments of ``castlerules.envs`` (``from castlerules.envs import
splut_v0``; ``splut_v0.env(players=3)`` for ``env("splut", players=3)``) are these environments
with observations designed per game and ``render_mode="rgb_array"``; ``env(name)`` here keeps the
generic field vector (``observation="fields"`` there).

- **Actions.** One ``Discrete(len(game.action_universe()))`` space per agent, the same for all: an
  action's id is its index in ``game.action_universe()``. ``observation["action_mask"]`` marks the
  acting agent's legal ids (all zeros for the others). An action must be an integer
  (``operator.index``: Python and NumPy integers; ``None``, ``[0]``, ``"x"``, ``"33"``, ``2.7`` and
  ``True`` are refused with ``castlerules.InvalidActionError``, as is an id out of range). A legal-typed
  but illegal id ends the game with reward -1 for the offender (as PettingZoo's
  ``TerminateIllegalWrapper`` does in its classic games), and the offender's ``infos`` say why:
  ``illegal_move``, ``reason`` (English), ``clause`` (its id), ``text_nl`` (the Dutch clause) and
  ``legal`` (the notation of the legal actions). The raw environment (``raw_env``) raises
  ``castlerules.IllegalActionError`` instead.
- **Chance.** Dice and other chance outcomes are drawn inside ``step`` and ``reset`` from the
  environment's generator, a ``random.Random`` seeded by ``reset(seed=...)``, with the exact
  castlerules probabilities (``castlerules.core.chance.sample``): the same seed and actions give
  the same game.
- **Several actors at once.** AEC selects one agent at a time. Where the rules let several players
  act at once (Vlotte Geesten: every player may grab after a roll; Spookslot: the owners of pawns on
  the red star squares each decide on the secret passage), ``agent_selection`` is drawn uniformly
  from the players who may still act (the *race*), with the same seeded generator. The selected
  agent takes one of their own legal actions; then the race is drawn again among those still
  waiting, until the phase ends. Every order of acting that the rules allow can occur and each
  player decides only for themselves, after seeing what the quicker players did — so the mapping is
  faithful (see ``castlerules.adapters.common``). Where one player may act, that player is
  selected.
- **Observations.** ``observation["observation"]`` is the integer vector of
  ``castlerules.adapters.common.Observer`` (the whole state — every game is of perfect
  information — and a one-hot of the observing seat).
- **Rewards** come only at the end, from ``game.winners``: winners share +1, the others share -1.
  A game still running after the game's documented playout cap of plies is truncated.
- **Rendering** (``render_mode="ansi"`` returns, ``"human"`` prints) is ``game.render(state)``.
- **Global state.** ``env.state()`` is the observation vector of the whole state without a seat
  (``state_space`` describes it); the castlerules state itself is ``env.unwrapped.game_state``.
- **Options.** ``env(game, players=..., readings={...}, ruleset=..., ...)``: the game's options, as
  ``castlerules.make`` takes them.
- **After the end**, PettingZoo's conventions: an agent that is done steps with ``None`` and leaves
  (any other action is ``castlerules.InvalidActionError``, a ``ValueError`` as PettingZoo raises);
  the raw environment's ``step`` and ``last`` once every agent has left, and its ``step``,
  ``last`` and ``observe`` before ``reset``, are ``CallOrderError`` (an ``InvalidActionError``); an
  agent name that is not in the game (``observe``, ``action_space``, ``rewards[...]``, ...) is
  ``UnknownAgentError``, all of them ``castlerules.RulesError``. (The wrapped ``env`` keeps
  PettingZoo's ``OrderEnforcingWrapper``, whose own errors answer a call before ``reset``.)
- **Arguments.** ``max_plies`` is ``None`` (the game's playout cap) or a positive integer;
  ``reset(seed=...)`` takes ``None`` or a non-negative integer, Python's or NumPy's (as PettingZoo's
  seeding does), and ``options`` ``None`` or a dict (no option is read). Anything else is
  ``castlerules.InvalidOptionError``, raised before the environment changes.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from castlerules.adapters.common import ActionTable, Observer, make_game, returns, table_for
from castlerules.core.catalog import games
from castlerules.core.chance import sample
from castlerules.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RulesError,
    quote,
)
from castlerules.core.extras import MissingExtraError
from castlerules.core.game import Game

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _missing:
    raise MissingExtraError(
        _missing.name or "pettingzoo", "castlerules.adapters.pettingzoo", "pettingzoo"
    ) from None

_LOW, _HIGH = -(2**31), 2**31 - 1


def agent_name(player: int) -> str:
    return f"player_{player}"


class UnknownAgentError(RulesError):
    """An agent name that is not one of the environment's agents (or one that has left)."""


class CallOrderError(InvalidActionError):
    """A call the environment cannot answer now: before ``reset()``, or once every agent is
    done."""


def _whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a Python or NumPy integer (not a bool), else None."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def check_max_plies(value: Any, cap: int) -> int:
    """The ``max_plies`` argument: ``None`` gives the game's playout cap ``cap``; otherwise a
    positive integer (a game is truncated once it has run that many plies)."""
    if value is None:
        return cap
    found = _whole_number(value)
    if found is None or found < 1:
        raise InvalidOptionError(
            f"max_plies must be None (the game's cap, {cap}) or a positive integer, "
            f"got {quote(value)}"
        )
    return found


def seeded(seed: Any, options: Any, rng: random.Random) -> random.Random:
    """The generator after ``reset(seed, options)``: ``seed=None`` keeps ``rng``, a non-negative
    integer (Python's or NumPy's, as PettingZoo's seeding takes) starts a new one. ``options``
    must be None or a dict (none is read). Checked before anything changes."""
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptionError(f"reset options must be None or a dict, got {quote(options)}")
    if seed is None:
        return rng
    found = _whole_number(seed)
    if found is None or found < 0:
        raise InvalidOptionError(f"seed must be None or a non-negative integer, got {quote(seed)}")
    return random.Random(found)


class _AgentDict(dict[str, Any]):
    """A per-agent dict (rewards, terminations, ...) whose missing agent is an UnknownAgentError:
    after the end PettingZoo removes the agents that are done, and a later ``last()`` or
    ``rewards[agent]`` must not surface as a bare ``KeyError``."""

    def __missing__(self, agent: Any) -> Any:
        raise UnknownAgentError(
            f"no agent {quote(agent)} in the game now (done agents leave; call reset())"
        )


_PER_AGENT = ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos")


class raw_env(AECEnv):  # type: ignore[misc]  # (PettingZoo names it so)
    """A castlerules game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "castlerules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "vlotte-geesten",
        *,
        render_mode: str | None = None,
        max_plies: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        modes = self.metadata["render_modes"]
        if render_mode is not None and not (isinstance(render_mode, str) and render_mode in modes):
            raise InvalidOptionError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {quote(render_mode)}"
            )
        self.rules: Game[Any, Any] = make_game(game, **options)
        self.table: ActionTable = table_for(self.rules)
        self.observer = Observer(self.rules)
        self.render_mode = render_mode
        self.max_plies = check_max_plies(max_plies, self.rules.playout_cap)
        self.metadata = {**self.metadata, "name": f"castlerules_{game.replace('-', '_')}_v0"}
        n = self.rules.num_players
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._players = {a: p for p, a in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        self.action_spaces = {a: gymnasium.spaces.Discrete(len(self.table)) for a in self.agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        _LOW, _HIGH, (self.observer.size,), dtype=np.int64
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (len(self.table),), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self.state_space = gymnasium.spaces.Box(
            _LOW, _HIGH, (self.observer.state_size,), dtype=np.int64
        )
        self._rng = random.Random()
        #: The castlerules state.
        self.game_state: Any = self.rules.initial_state()
        self.plies = 0
        self.history: list[Any] = []

    # -- spaces ----------------------------------------------------------------------------
    def player(self, agent: Any) -> int:
        """The castlerules player of ``agent``; UnknownAgentError if it names none."""
        found = self._players.get(agent) if isinstance(agent, str) else None
        if found is None:
            raise UnknownAgentError(
                f"unknown agent {quote(agent)}; the agents are {', '.join(self.possible_agents)}"
            )
        return found

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self.player(agent)]]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self.player(agent)]]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        mask = self.action_mask(agent)
        observation = np.array(
            self.observer.encode(self.game_state, self.player(agent)), dtype=np.int64
        )
        return {"observation": observation, "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """``agent``'s action mask: its legal ids if it acts now, else all zeros;
        CallOrderError before ``reset``."""
        player = self.player(agent)
        if not hasattr(self, "terminations"):
            raise CallOrderError("call reset() before observe()")
        mask = np.zeros(len(self.table), dtype=np.int8)
        if agent == self.agent_selection and not self.rules.is_terminal(self.game_state):
            mask[list(self.table.legal_ids(self.game_state, player))] = 1
        return mask

    def state(self) -> np.ndarray[Any, Any]:
        """The global state: the observation vector of the whole state, without a seat."""
        values = self.observer.encode(self.game_state, 0)[: self.observer.state_size]
        return np.array(values, dtype=np.int64)

    def action_id(self, action: Any) -> int:
        """``action`` as an id of the action space; InvalidActionError if it is none."""
        if isinstance(action, bool | np.bool_):
            raise InvalidActionError(f"an action is an integer id, not {quote(action)}")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise InvalidActionError(
                f"an action is an integer id 0..{len(self.table) - 1}, got {quote(action)}"
            ) from None
        if not 0 <= action_id < len(self.table):
            raise InvalidActionError(f"action id {action_id} is not in 0..{len(self.table) - 1}")
        return action_id

    def explain(self, agent: str, action_id: int) -> dict[str, Any]:
        """Why ``action_id`` is not legal for ``agent`` now, as ``infos`` entries."""
        player = self.player(agent)
        action = self.table.universe[action_id]
        legal = [
            self.table.action_str(self.game_state, a)
            for a in self.table.legal_ids(self.game_state, player)
        ]
        info: dict[str, Any] = {"illegal_move": True, "legal": legal}
        try:
            found = self.rules.violation(self.game_state, action)
        except RulesError as exc:
            found, info["reason"] = None, str(exc)
        if found is not None:
            info.update(reason=found.reason, clause=found.clause, text_nl=found.text_nl)
        elif "reason" not in info:
            shown = self.table.action_str(self.game_state, action_id)
            info["reason"] = f"{shown!r} is an action of another player, not of {agent}"
        return info

    # -- the game --------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = seeded(seed, options, self._rng)
        self.game_state = self.rules.initial_state()
        self.plies = 0
        self.history = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._per_agent_dicts()
        self.agent_selection = self.possible_agents[0]
        self._advance()

    def _per_agent_dicts(self) -> None:
        """The per-agent dicts as ``_AgentDict`` (wrappers may have replaced them)."""
        for name in _PER_AGENT:
            found = getattr(self, name)
            if type(found) is not _AgentDict:
                setattr(self, name, _AgentDict(found))

    def _apply(self, action: Any) -> None:
        self.game_state = self.rules.apply(self.game_state, action)
        self.history.append(action)
        self.plies += 1

    def _advance(self) -> None:
        """Play chance nodes, settle the end, and select the next agent (drawing a race)."""
        rules = self.rules
        while (
            not rules.is_terminal(self.game_state)
            and rules.is_chance(self.game_state)
            and self.plies < self.max_plies
        ):
            self._apply(sample(rules.chance_outcomes(self.game_state), self._rng))
        ended = rules.is_terminal(self.game_state)
        if ended or self.plies >= self.max_plies:
            scores = returns(rules, self.game_state)
            for agent in self.agents:
                self.rewards[agent] = scores[self.possible_agents.index(agent)]
                self.terminations[agent] = ended
                self.truncations[agent] = not ended
            return
        actors = sorted(rules.actors(self.game_state))
        player = actors[0] if len(actors) == 1 else self._rng.choice(actors)
        self.agent_selection = agent_name(player)

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's step of an agent that is done: its only action is ``None`` (anything
        else is an InvalidActionError, still a ``ValueError`` as PettingZoo raises)."""
        if action is not None:
            raise InvalidActionError(
                f"{self.agent_selection} is done (the game is over): its only action is None, "
                f"got {quote(action)}"
            )
        self._per_agent_dicts()
        super()._was_dead_step(None)

    def _selected(self) -> str:
        """The selected agent; CallOrderError before ``reset`` or once every agent is done."""
        if not hasattr(self, "terminations"):
            raise CallOrderError("call reset() before step() or last()")
        if not self.agents or self.agent_selection not in self.terminations:
            raise CallOrderError("the game is over and every agent is done: call reset()")
        return str(self.agent_selection)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._selected()
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self._players[agent]
        action_id = self.action_id(action)
        legal = self.table.legal_ids(self.game_state, player)
        if action_id not in legal:
            self._refuse(agent, action_id)
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._apply(self.table.universe[action_id])
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _refuse(self, agent: str, action_id: int) -> NoReturn:
        """Raise the error for an action id outside ``agent``'s action mask."""
        action = self.table.universe[action_id]
        found = self.rules.violation(self.game_state, action)
        if found is not None:
            raise IllegalActionError(found)
        shown = self.table.action_str(self.game_state, action_id)
        raise InvalidActionError(f"{shown!r} is not an action of {agent}, who acts now")

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.rules.render(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper`` that first checks the action's type and range
    (``castlerules.InvalidActionError``) and writes why an illegal action is illegal into the
    offender's ``infos`` (see the module docstring)."""

    def step(self, action: Any) -> None:
        raw: raw_env = self.env.unwrapped
        agent = raw._selected()  # CallOrderError before a reset that worked
        if not (raw.terminations.get(agent) or raw.truncations.get(agent)):
            action = raw.action_id(action)
            if action not in raw.table.legal_ids(raw.game_state, raw.player(agent)):
                raw.infos[agent] = {**raw.infos.get(agent, {}), **raw.explain(agent, action)}
        super().step(action)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` whose ``reset`` counts only once it has worked: a
    reset refused for its arguments leaves the environment as it was (not reset, if it was not)."""

    _has_reset: bool
    _has_updated: bool

    def reset(self, seed: Any = None, options: Any = None) -> None:
        before = (self._has_reset, self._has_updated)
        try:
            super().reset(seed=seed, options=options)
        except RulesError:
            self._has_reset, self._has_updated = before
            raise


def env(game: str = "vlotte-geesten", **kwargs: Any) -> AECEnv:
    """The environment of ``game`` with the usual wrappers of PettingZoo's classic games.

    Keyword arguments: ``render_mode``, ``max_plies`` and the game's options (``players``,
    ``readings``, ...).
    """
    wrapped: AECEnv = raw_env(game, **kwargs)
    wrapped = TerminateIllegal(wrapped, illegal_reward=-1)
    return OrderEnforcing(wrapped)


def env_fn(game: str) -> Callable[..., AECEnv]:
    """A constructor for one game: ``env_fn("splut")(players=3)``."""
    if game not in games():
        raise InvalidOptionError(
            f"unknown game {quote(game)}; the games are: {', '.join(games())}"
        )

    def make_env(**kwargs: Any) -> AECEnv:
        return env(game, **kwargs)

    make_env.__name__ = f"{game.replace('-', '_')}_v0"
    return make_env
