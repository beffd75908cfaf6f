"""What the versioned environments share: the AEC environment with designed observations and
pictures, and the parallel environment of games where several players act at once."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from castlerules.adapters import pettingzoo as adapter
from castlerules.adapters.common import ActionTable, Planes, make_game, returns, table_for
from castlerules.core.chance import sample
from castlerules.core.errors import InvalidActionError, InvalidOptionError, quote
from castlerules.core.extras import MissingExtraError
from castlerules.core.game import Game
from castlerules.envs.pictures import picture

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as _missing:
    raise MissingExtraError(
        _missing.name or "pettingzoo", "the castlerules.envs environments", "pettingzoo"
    ) from None

RENDER_MODES = ["ansi", "human", "rgb_array"]
OBSERVATIONS = ("planes", "fields")


def _observation_space(planes: Planes, actions: int) -> gymnasium.spaces.Dict:
    low = np.broadcast_to(np.array(planes.low, dtype=np.int8), planes.shape)
    high = np.broadcast_to(np.array(planes.high, dtype=np.int8), planes.shape)
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(low.copy(), high.copy(), planes.shape, np.int8),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), dtype=np.int8),
        }
    )


def _check(render_mode: Any, observation: Any) -> None:
    """The environments' own arguments (strings: an array or any other value compares as no
    name)."""
    if render_mode is not None and not (isinstance(render_mode, str) and render_mode in RENDER_MODES):
        raise InvalidOptionError(f"render_mode must be one of {RENDER_MODES}, got {quote(render_mode)}")
    if not (isinstance(observation, str) and observation in OBSERVATIONS):
        raise InvalidOptionError(f"observation must be 'planes' or 'fields', got {quote(observation)}")


def _render(rules: Game[Any, Any], state: Any, mode: str | None) -> Any:
    if mode is None:
        gymnasium.logger.warn("render() was called without a render_mode")
        return None
    if mode == "rgb_array":
        return picture(rules, state)
    text = rules.render(state)
    if mode == "human":
        print(text)
        return None
    return text


class CastleAEC(adapter.raw_env):
    """A castlerules game as a versioned PettingZoo AEC environment (the raw environment of
    ``castlerules.envs.<game>_v<k>``): ``castlerules.adapters.pettingzoo.raw_env`` with the game's
    designed observation (``observation="planes"``, the default; ``"fields"``: the generic field
    vector) and ``render_mode="rgb_array"``."""

    GAME: ClassVar[str] = ""
    VERSION: ClassVar[int] = 0
    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": RENDER_MODES,
        "name": "castlerules_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        *,
        render_mode: str | None = None,
        max_plies: int | None = None,
        observation: str = "planes",
        **options: Any,
    ) -> None:
        _check(render_mode, observation)
        super().__init__(self.GAME, render_mode=render_mode, max_plies=max_plies, **options)
        self.metadata = {**type(self).metadata,
                         "name": f"{self.GAME.replace('-', '_')}_v{self.VERSION}"}
        self.planes: Planes | None = None
        if observation == "planes":
            self.planes = Planes(self.rules)
            space = _observation_space(self.planes, len(self.table))
            self.observation_spaces = dict.fromkeys(self.possible_agents, space)
            self.state_space: Any = space["observation"]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        found = super().observe(agent) if self.planes is None else None
        if found is not None:
            return found
        assert self.planes is not None
        mask = self.action_mask(agent)
        values = np.frombuffer(self.planes.encode(self.game_state, self.player(agent)), dtype=np.int8)
        return {"observation": values.reshape(self.planes.shape).copy(), "action_mask": mask}

    def state(self) -> np.ndarray[Any, Any]:
        """The global state: the observation of player 0 (every game is of perfect
        information)."""
        if self.planes is None:
            return super().state()
        values = np.frombuffer(self.planes.encode(self.game_state, 0), dtype=np.int8)
        return values.reshape(self.planes.shape).copy()

    def render(self) -> Any:
        """``ansi``: the text picture; ``human``: prints it; ``rgb_array``: an ``(H, W, 3)``
        uint8 picture (``castlerules.envs.pictures``)."""
        return _render(self.rules, self.game_state, self.render_mode)


def wrap(raw: AECEnv) -> AECEnv:
    """The usual wrappers of PettingZoo's classic games (as ``castlerules.adapters.pettingzoo.env``):
    an illegal action ends the game with reward -1 for the offender; order is enforced."""
    wrapped: AECEnv = adapter.TerminateIllegal(raw, illegal_reward=-1)
    return adapter.OrderEnforcing(wrapped)


class CastleParallel(ParallelEnv):  # type: ignore[misc]
    """A castlerules game where several players act at once, as a PettingZoo ParallelEnv.

    Each ``step`` takes one action from every agent; the actions of the players who may act now
    (``game.actors``) count, the others' are ignored (their action mask is all zeros). The counted
    actions are applied in a race order drawn from the environment's seeded generator (the rules
    do not say who is quickest, see ``castlerules.adapters.common``); an action is skipped, with
    ``infos[agent]["too_late"]``, once a quicker player's action has made it impossible (the round
    ended with a correct grab, or the object was taken). An action outside the player's mask ends
    the game: -1 for the offender (the first in seat order, if several), the others share +1,
    and the offenders' ``infos`` say why (as the AEC environment's ``TerminateIllegalWrapper``).
    Chance (the dice) is drawn from the same generator, so a seed and the actions reproduce a
    game; a refused ``step`` (a RulesError: not a dict, an unknown agent, a missing action, an
    action that is not an id) is refused before anything is drawn, so it leaves the game and the
    generator as they were. Rewards come at the end, as in the AEC environment.
    """

    GAME: ClassVar[str] = ""
    VERSION: ClassVar[int] = 0
    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": RENDER_MODES,
        "name": "castlerules_v0",
        "render_fps": 2,
    }

    def __init__(
        self,
        *,
        render_mode: str | None = None,
        max_plies: int | None = None,
        observation: str = "planes",
        **options: Any,
    ) -> None:
        _check(render_mode, observation)
        if observation != "planes":
            raise InvalidOptionError("the parallel environment has the 'planes' observation only")
        self.metadata = {**type(self).metadata,
                         "name": f"{self.GAME.replace('-', '_')}_v{self.VERSION}"}
        self.rules: Game[Any, Any] = make_game(self.GAME, **options)
        self.table: ActionTable = table_for(self.rules)
        self.planes = Planes(self.rules)
        self.render_mode = render_mode
        self.max_plies = adapter.check_max_plies(max_plies, self.rules.playout_cap)
        self.possible_agents = [adapter.agent_name(p) for p in range(self.rules.num_players)]
        self.agents: list[str] = []
        space = _observation_space(self.planes, len(self.table))
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(len(self.table)) for a in self.possible_agents
        }
        self.state_space = space["observation"]
        self._rng = random.Random()
        self.game_state: Any = self.rules.initial_state()
        self.plies = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        if not isinstance(agent, str) or agent not in self.observation_spaces:
            raise adapter.UnknownAgentError(
                f"unknown agent {quote(agent)}; the agents are {', '.join(self.possible_agents)}"
            )
        return str(agent)

    def _observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        player = self.possible_agents.index(agent)
        values = np.frombuffer(self.planes.encode(self.game_state, player), dtype=np.int8)
        mask = np.zeros(len(self.table), dtype=np.int8)
        rules = self.rules
        if not rules.is_terminal(self.game_state) and player in rules.actors(self.game_state):
            mask[list(self.table.legal_ids(self.game_state, player))] = 1
        return {"observation": values.reshape(self.planes.shape).copy(), "action_mask": mask}

    def state(self) -> np.ndarray[Any, Any]:
        values = np.frombuffer(self.planes.encode(self.game_state, 0), dtype=np.int8)
        return values.reshape(self.planes.shape).copy()

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._rng = adapter.seeded(seed, options, self._rng)
        self.game_state = self.rules.initial_state()
        self.plies = 0
        self.agents = list(self.possible_agents)
        self._chance()
        return {a: self._observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def _chance(self) -> None:
        rules = self.rules
        while (
            not rules.is_terminal(self.game_state)
            and rules.is_chance(self.game_state)
            and self.plies < self.max_plies
        ):
            self.game_state = rules.apply(
                self.game_state, sample(rules.chance_outcomes(self.game_state), self._rng)
            )
            self.plies += 1

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        rules = self.rules
        start = self.game_state
        chosen = self._chosen(actions)  # every check comes before any draw from the generator
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        offender: str | None = None
        for player, action_id in chosen.items():  # each checked against the state it saw
            if action_id not in self.table.legal_ids(start, player):
                agent = self.possible_agents[player]
                offender = offender or agent
                found = rules.violation(start, self.table.universe[action_id])
                infos[agent] = {"illegal_move": True,
                                "reason": found.reason if found else "not this player's action"}
        order = list(chosen)
        if offender is None:
            self._rng.shuffle(order)  # the race: who is quickest
        for player in order if offender is None else ():
            state = self.game_state
            if rules.is_chance(state) or rules.is_terminal(state) or player not in rules.actors(state):
                infos[self.possible_agents[player]]["too_late"] = True
                continue
            if chosen[player] not in self.table.legal_ids(state, player):
                # legal when chosen, but a quicker player's action came first: too late
                infos[self.possible_agents[player]]["too_late"] = True
                continue
            self.game_state = rules.apply(state, self.table.universe[chosen[player]])
            self.plies += 1
        self._chance()
        ended = rules.is_terminal(self.game_state)
        truncated = not ended and offender is None and self.plies >= self.max_plies
        done = ended or truncated or offender is not None
        rewards = dict.fromkeys(self.agents, 0.0)
        if offender is not None:
            others = [a for a in self.agents if a != offender]
            rewards = {a: (-1.0 if a == offender else 1.0 / len(others)) for a in self.agents}
        elif done:
            scores = returns(rules, self.game_state)
            rewards = {a: scores[self.possible_agents.index(a)] for a in self.agents}
        observations = {a: self._observe(a) for a in self.agents}
        terminations = dict.fromkeys(self.agents, done and not truncated)
        truncations = dict.fromkeys(self.agents, truncated)
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _action_id(self, action: Any) -> int:
        return int(adapter.raw_env.action_id(self, action))

    def _chosen(self, actions: Any) -> dict[int, int]:
        """The action id of every player who may act now, in seat order, from ``step``'s
        ``actions``. Refused (a RulesError, the environment unchanged): a step once every agent
        is done, anything but a dict, an agent that is not in the game, a missing action of a
        player who may act, and an action that is not an id (``None`` may stand for the action
        of a player who may not act now; theirs is not played)."""
        if not self.agents:
            raise adapter.CallOrderError(
                "the game is over and every agent is done (or reset() was not called): "
                "call reset()"
            )
        if not isinstance(actions, dict):
            raise InvalidActionError(f"step() takes a dict of agent: action, got {quote(actions)}")
        for agent in actions:
            if not isinstance(agent, str) or agent not in self.agents:
                raise adapter.UnknownAgentError(
                    f"unknown agent {quote(agent)}; the agents are {', '.join(self.agents)}"
                )
        acting = self.rules.actors(self.game_state)
        chosen: dict[int, int] = {}
        for player, agent in enumerate(self.possible_agents):
            if player in acting:
                if agent not in actions:
                    raise InvalidActionError(f"{agent} may act now: step() needs its action")
                chosen[player] = self._action_id(actions[agent])
            elif actions.get(agent) is not None:
                self._action_id(actions[agent])  # checked, not played
        return chosen

    def render(self) -> Any:
        return _render(self.rules, self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
