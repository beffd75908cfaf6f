"""The environments' boundary (``castlerules.envs.<game>_v0``: AEC raw and wrapped, and Vlotte
Geesten's parallel environment): arguments of the wrong type or value, calls before ``reset`` and
after the end. Every such call is a ``castlerules.RulesError`` with a short message, raised before
anything changes — the game, the plies, the agents and the seeded generator — so the same seed and
the same accepted calls always give the same game.

The fuzz tests are bounded; ``CASTLERULES_FUZZ=1`` runs 20 times as many examples
(``CASTLERULES_FUZZ=N``: N times). ``--hypothesis-show-statistics`` lists what was tried (each
call by kind, and whether it was played or refused).
"""

from __future__ import annotations

import importlib
import math
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import FUZZ_SCALE

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import castlerules  # noqa: E402
from castlerules.adapters import pettingzoo as pettingzoo_env  # noqa: E402
from castlerules.adapters.common import player_counts  # noqa: E402
from castlerules.core.errors import (  # noqa: E402
    MESSAGE_LIMIT,
    QUOTE_LIMIT,
    InvalidActionError,
    InvalidOptionError,
    RulesError,
)
from castlerules.envs import MODULES  # noqa: E402
from castlerules.envs import vlotte_geesten_v0 as vg  # noqa: E402

GAMES = list(castlerules.games())
#: The fuzz tier (``CASTLERULES_FUZZ``): also plays games to their own end (up to 900 plies).
FUZZ = FUZZ_SCALE > 1
pytestmark = pytest.mark.filterwarnings("ignore:.*render\\(\\) was called without a render_mode")
#: A long input whose letter occurs in no message of the library.
FILLER = "Q" * 5000


def module(name: str) -> Any:
    return importlib.import_module(f"castlerules.envs.{MODULES[name]}")


def short(exc: BaseException) -> None:
    message = str(exc)
    assert len(message) <= MESSAGE_LIMIT
    assert all(len(run) <= QUOTE_LIMIT for run in re.findall(r"Q+", message)), message[:120]


def first_legal(observation: dict[str, Any]) -> int | None:
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[0]) if len(legal) else None


# -- 5. a refused parallel step draws nothing -----------------------------------------------------


def _parallel_game(refusals: list[Callable[[dict[str, Any]], Any]], seed: int = 11) -> list[str]:
    """The positions of a seeded 3-player parallel game in which every agent plays its first
    legal action; before each step the ``refusals`` (each given the step's actions) are tried."""
    env = vg.parallel_env(players=3)
    observations, _ = env.reset(seed=seed)
    seen = []
    for _ in range(60):
        if not env.agents:
            break
        actions = {a: first_legal(o) for a, o in observations.items()}
        for refusal in refusals:
            with pytest.raises(RulesError) as caught:
                env.step(refusal(actions))
            short(caught.value)
        observations, *_ = env.step(actions)
        seen.append(env.rules.state_to_text(env.game_state))
    return seen


def _acting(actions: dict[str, Any]) -> list[str]:
    return [a for a, v in actions.items() if v is not None]


REFUSED_STEPS: list[Callable[[dict[str, Any]], Any]] = [
    lambda acts: {a: v for a, v in acts.items() if a != _acting(acts)[-1]},  # an action missing
    lambda acts: {**acts, _acting(acts)[0]: "x"},  # not an id
    lambda acts: {**acts, _acting(acts)[-1]: 10**9},  # out of range
    lambda acts: {**acts, "player_9": 0},  # not an agent
    lambda acts: {**acts, ("player_0",): 0},  # not a name
]


def test_a_refused_parallel_step_leaves_the_seeded_game_as_it_was() -> None:
    """Item 5: the same seed and the same accepted actions give the same game, whatever refused
    steps came between them (the race order used to be drawn before the actions were checked)."""
    plain = _parallel_game([])
    assert len(plain) > 10
    assert _parallel_game(REFUSED_STEPS) == plain
    for refusal in REFUSED_STEPS:
        assert _parallel_game([refusal]) == plain


def test_a_refused_parallel_step_changes_nothing() -> None:
    env = vg.parallel_env(players=4)
    observations, _ = env.reset(seed=2)
    actions = {a: first_legal(o) for a, o in observations.items()}
    before = (env.game_state, env._rng.getstate(), env.plies, list(env.agents))
    for refusal in REFUSED_STEPS:
        with pytest.raises(RulesError):
            env.step(refusal(actions))
        assert (env.game_state, env._rng.getstate(), env.plies, list(env.agents)) == before


def test_a_parallel_player_who_may_not_act_may_send_none() -> None:
    """A player who may not act now sends None (or any id: it is not played); a value that is
    no id at all is refused even from them."""
    env = vg.parallel_env(players=3)
    observations, _ = env.reset(seed=0)
    rng = random.Random(0)
    for _ in range(100):
        waiting = [a for a, o in observations.items() if not o["action_mask"].any()]
        if waiting:
            break
        observations, *_ = env.step({a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                                     for a, o in observations.items()})
    assert waiting, "no state where a player waits"
    actions = {a: first_legal(o) for a, o in observations.items()}
    for bad in ("x", 2.5, [0], True):
        with pytest.raises(InvalidActionError):
            env.step({**actions, waiting[0]: bad})
    before = env.game_state
    env.step({**actions, waiting[0]: None})
    assert env.game_state != before


# -- 6. arguments ---------------------------------------------------------------------------------

KINDS: dict[str, Callable[..., Any]] = {
    **{f"{name}-raw": module(name).raw_env for name in GAMES},
    **{f"{name}-wrapped": module(name).env for name in GAMES},
    "vlotte-geesten-parallel": vg.parallel_env,
    "adapter-raw": lambda **kw: pettingzoo_env.raw_env("splut", **kw),
}

BAD_MAX_PLIES = ["5", -1, 0, float("nan"), math.inf, 2.5, True, np.float64(3.0), [5], b"5"]


@pytest.mark.parametrize("kind", KINDS)
def test_max_plies_is_none_or_a_positive_integer(kind: str) -> None:
    for bad in BAD_MAX_PLIES:
        with pytest.raises(InvalidOptionError, match="max_plies"):
            KINDS[kind](max_plies=bad)
    env = KINDS[kind](max_plies=np.int64(3))
    assert env.unwrapped.max_plies == 3 and isinstance(env.unwrapped.max_plies, int)
    assert KINDS[kind]().unwrapped.max_plies == KINDS[kind]().unwrapped.rules.playout_cap


@pytest.mark.parametrize("name", GAMES)
def test_max_plies_truncates_after_that_many_plies(name: str) -> None:
    env = module(name).raw_env(max_plies=3)
    env.reset(seed=1)
    while env.agents and not (env.terminations[env.agent_selection]
                              or env.truncations[env.agent_selection]):
        env.step(first_legal(env.observe(env.agent_selection)))
    ended = env.rules.is_terminal(env.game_state)
    assert env.plies == 3 or (ended and env.plies < 3)
    assert all(env.truncations.values()) != ended


@pytest.mark.parametrize("kind", KINDS)
def test_reset_takes_python_and_numpy_integer_seeds(kind: str) -> None:
    def opening(seed: Any) -> Any:
        """The position and the generator after the reset (and, in parallel, one step)."""
        env = KINDS[kind]()
        env.reset(seed=seed)
        if kind.endswith("parallel"):
            env.step({a: first_legal(env._observe(a)) for a in env.agents})
        raw = env.unwrapped
        return raw.game_state, raw._rng.getstate()

    assert opening(np.int64(3)) == opening(3) == opening(np.uint8(3))
    assert opening(np.uint64(2**64 - 1)) == opening(2**64 - 1) != opening(2**64)
    env = KINDS[kind]()
    env.reset(seed=5)
    raw = env.unwrapped
    before = raw._rng.getstate()
    for bad in (-1, np.int64(-3), 2.5, "3", True, np.bool_(False), [3], b"3", math.nan):
        with pytest.raises(InvalidOptionError, match="seed"):
            env.reset(seed=bad)
        assert raw._rng.getstate() == before
    for bad in ("fast", [1], 3):
        with pytest.raises(InvalidOptionError, match="options"):
            env.reset(seed=1, options=bad)
    env.reset(seed=1, options={})


@pytest.mark.parametrize("name", GAMES)
def test_raw_observe_before_reset_is_a_call_order_error(name: str) -> None:
    for env in (module(name).raw_env(), module(name).raw_env(observation="fields"),
                pettingzoo_env.raw_env(name)):
        with pytest.raises(pettingzoo_env.CallOrderError, match=r"reset\(\)"):
            env.observe("player_0")
        with pytest.raises(pettingzoo_env.UnknownAgentError):
            env.observe("player_9")
        env.reset(seed=0)
        assert env.observation_space("player_0").contains(env.observe("player_0"))


@pytest.mark.parametrize("agent", [["x"], {"a": 1}, None, 0, "player_9", FILLER, ("player_0",)])
def test_parallel_spaces_of_what_is_not_an_agent(agent: Any) -> None:
    env = vg.parallel_env(players=3)
    for call in (env.action_space, env.observation_space):
        with pytest.raises(pettingzoo_env.UnknownAgentError) as caught:
            call(agent)
        short(caught.value)


def test_parallel_step_before_reset_and_after_the_end() -> None:
    env = vg.parallel_env(players=2, max_plies=4)
    with pytest.raises(pettingzoo_env.CallOrderError, match=r"reset\(\)"):
        env.step({})
    observations, _ = env.reset(seed=3)
    while env.agents:
        observations, *_ = env.step({a: first_legal(o) for a, o in observations.items()})
    with pytest.raises(pettingzoo_env.CallOrderError, match="every agent is done"):
        env.step({"player_0": None, "player_1": None})


# -- the fuzz tier --------------------------------------------------------------------------------


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=examples * FUZZ_SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


#: Values of every wrong type, and of the right type with wrong values.
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 400),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.just(FILLER),
    st.lists(st.integers(0, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(0, 3), max_size=2),
    st.sampled_from([np.int64(3), np.int8(-1), np.uint64(2**63), np.float64(2.0),
                     np.bool_(True), np.array([1, 2]), np.array(4), b"3", object(), math.nan,
                     "player_0", "player_9", ("player_0",), frozenset({1}), complex(1, 1)]),
)


#: ``legal`` for a step that is always a legal action.
ALWAYS = 0
#: Keys that name no agent of the parallel environment.
NOT_AGENTS = st.one_of(st.text(max_size=8), st.integers(-3, 9),
                       st.sampled_from(["player_9", "player_0 ", "PLAYER_0", FILLER]))
#: Seeds: mostly valid, sometimes None or hostile.
SEEDS = st.one_of(st.integers(0, 2**20), st.integers(0, 2**20), st.integers(0, 2**20), st.none(),
                  HOSTILE)


def _snapshot(env: Any) -> Any:
    raw = env.unwrapped
    return (raw.game_state, raw._rng.getstate(), raw.plies, list(raw.agents),
            getattr(raw, "agent_selection", None), len(getattr(raw, "history", ())))


class Session:
    """One environment driven by drawn calls; every call either works or is a short RulesError
    that changed nothing. ``accepted`` keeps the calls that worked and change the game."""

    def __init__(self, kind: str, env: Any) -> None:
        self.kind = kind
        self.env = env
        self.parallel = kind.endswith("parallel")
        self.wrapped = kind.endswith("wrapped")
        self.accepted: list[tuple[str, Any]] = []
        self.reset_once = False
        self.label = kind.rsplit("-", 1)[-1]

    def call(self, what: str, call: Callable[[], Any], arg: Any = None) -> tuple[bool, Any]:
        """(worked, result) of ``call()``; a reset or step that worked is kept in ``accepted``."""
        before = _snapshot(self.env)
        try:
            result = call()
        except RulesError as exc:
            short(exc)
            assert _snapshot(self.env) == before, f"{what} was refused but changed the environment"
            event(f"{self.label} {what}: refused ({type(exc).__name__})")
            return False, None
        except (AssertionError, AttributeError) as exc:
            # the wrapped environment keeps PettingZoo's OrderEnforcingWrapper: its own errors
            # answer a call before the first reset, and only then
            if not (self.wrapped and not self.reset_once and "reset" in str(exc)):
                raise
            event(f"wrapped {what}: PettingZoo's before-reset error")
            return False, None
        event(f"{self.label} {what}: played")
        if what in ("reset", "step"):
            self.accepted.append((what, arg))
            self.reset_once = self.reset_once or what == "reset"
            if self.parallel:
                observations = result[0]
                for agent, observation in observations.items():
                    _check_observation(self, agent, observation)
        return True, result


def _check_observation(session: Session, agent: str, observation: Any) -> None:
    """In its space, and the mask is the legal actions of the agent if it acts now."""
    env = session.env
    raw = env.unwrapped
    assert env.observation_space(agent).contains(observation)
    player = raw.possible_agents.index(agent)
    if session.parallel:
        acting = player in raw.rules.actors(raw.game_state)
    else:
        acting = agent == raw.agent_selection
    want = set() if raw.rules.is_terminal(raw.game_state) or not acting else set(
        raw.table.legal_ids(raw.game_state, player))
    assert set(np.flatnonzero(observation["action_mask"]).tolist()) == want


def _step_value(data: st.DataObject, session: Session, legal: int) -> Any:
    """A legal id (``legal`` times as often as each other kind), an id of the universe, None, or
    a hostile value."""
    raw = session.env.unwrapped
    choice = "legal" if legal == ALWAYS else data.draw(
        st.sampled_from(["legal"] * legal + ["id", "hostile", "none"]))
    if choice == "legal":
        agent = getattr(raw, "agent_selection", None)
        if agent not in raw.agents or raw.terminations[agent] or raw.truncations[agent]:
            return None
        legal = np.flatnonzero(raw.observe(agent)["action_mask"])
        return int(data.draw(st.sampled_from(list(legal)))) if len(legal) else None
    if choice == "id":
        return data.draw(st.integers(0, len(raw.table) - 1))
    return None if choice == "none" else data.draw(HOSTILE)


def _parallel_actions(data: st.DataObject, session: Session, legal: int) -> Any:
    """Every agent's legal action (``legal`` times as often as each other kind), some left out or
    replaced, an unknown agent added, or a hostile value instead of the dict."""
    env = session.env
    shape = "legal" if legal == ALWAYS else data.draw(
        st.sampled_from(["legal"] * legal + ["mixed", "hostile"]))
    if shape == "hostile":
        return data.draw(HOSTILE)
    actions: dict[Any, Any] = {}
    for agent in env.possible_agents:
        legal = np.flatnonzero(env._observe(agent)["action_mask"])
        if shape == "legal" or data.draw(st.booleans()):
            actions[agent] = int(data.draw(st.sampled_from(list(legal)))) if len(legal) else None
        elif data.draw(st.booleans()):
            actions[agent] = data.draw(st.one_of(HOSTILE, st.integers(0, len(env.table) - 1)))
    if shape == "mixed" and data.draw(st.booleans()):
        actions[data.draw(NOT_AGENTS)] = 0
    return actions


def _drive(data: st.DataObject, session: Session, calls: int) -> None:
    env = session.env
    raw = env.unwrapped
    agents = st.one_of(st.sampled_from(raw.possible_agents), HOSTILE)

    def step(legal: int) -> None:
        if session.parallel:
            actions = _parallel_actions(data, session, legal)
            session.call("step", lambda: env.step(actions), actions)
        else:
            value = _step_value(data, session, legal)
            session.call("step", lambda: env.step(value), value)

    if data.draw(st.integers(0, 9)) < 8:  # mostly a seeded game first; sometimes no reset
        seed = data.draw(st.integers(0, 2**20))
        session.call("reset", lambda: env.reset(seed=seed), seed)
    for what in [data.draw(st.sampled_from(
            ["reset", "step", "step", "step", "observe", "spaces", "last", "state", "render",
             "run", "run", *(["finish"] if FUZZ else [])])) for _ in range(calls)]:
        if what == "reset":
            seed = data.draw(SEEDS)
            options = data.draw(st.one_of(st.none(), st.none(), st.just({}), HOSTILE))
            session.call("reset", lambda s=seed, o=options: env.reset(seed=s, options=o), seed)
        elif what == "step":
            step(2)
        elif what in ("run", "finish"):  # toward the end, and past it
            for _ in range(data.draw(st.integers(1, 40)) if what == "run" else 900):
                step(12 if what == "run" else ALWAYS)
            if session.reset_once and (not raw.agents or (not session.parallel and all(
                    raw.terminations[a] or raw.truncations[a] for a in raw.agents))):
                ended = "the game's end" if raw.rules.is_terminal(raw.game_state) else "truncated"
                event(f"{session.label}: reached the end ({ended})")
        elif what == "observe" and not session.parallel:
            agent = data.draw(agents)
            worked, found = session.call("observe", lambda a=agent: env.observe(a))
            if worked:
                _check_observation(session, agent, found)
        elif what == "spaces":
            agent = data.draw(agents)
            session.call("action_space", lambda a=agent: env.action_space(a))
            session.call("observation_space", lambda a=agent: env.observation_space(a))
        elif what == "last" and not session.parallel:
            session.call("last", lambda: env.last(data.draw(st.booleans())))
        elif what == "state":
            session.call("state", env.state)
        elif what == "render":
            session.call("render", env.render)


def _replay(kind: str, options: dict[str, Any], accepted: list[tuple[str, Any]]) -> Any:
    """A fresh environment given only the accepted calls."""
    env = KINDS[kind](**options)
    for what, arg in accepted:
        if what == "reset":
            env.reset(seed=arg)
        else:
            env.step(arg)
    return env


@fuzz(3)
@given(st.data())
@pytest.mark.parametrize("kind", [k for k in KINDS if k != "adapter-raw"])
def test_fuzz_environment_calls(kind: str, data: st.DataObject) -> None:
    """Drawn calls with drawn arguments — before reset, during the game, after the end (short
    ``max_plies``, or the game's own end) — on every environment: each call works or is a short
    RulesError that changed nothing, observations are in their spaces with the legal actions as
    the mask, and replaying only the accepted calls gives the same game (a refused call never
    draws from the seeded generator)."""
    name = kind.rsplit("-", 1)[0]
    low, high, _ = player_counts(name)
    options = {"players": data.draw(st.integers(low, high)),
               "max_plies": data.draw(st.sampled_from([1, 2, 5, 30, 200, None]))}
    session = Session(kind, KINDS[kind](**options))
    session.env.unwrapped._rng.seed(0)  # a reset without a seed then plays the same for each run
    _drive(data, session, data.draw(st.integers(1, 25)))
    accepted = session.accepted
    resets = [arg for what, arg in accepted if what == "reset"]
    if resets and resets[0] is not None:  # a seeded game: the accepted calls reproduce it
        again = _replay(kind, options, accepted)
        assert _snapshot(again)[:4] == _snapshot(session.env)[:4]


@fuzz(4)
@given(st.data())
@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_environment_arguments(kind: str, data: st.DataObject) -> None:
    """Drawn keyword arguments to the constructors: an environment, or a short RulesError."""
    keyword = data.draw(st.sampled_from(["max_plies", "render_mode", "observation", "players",
                                         "readings", "ruleset", "no_such_option"]))
    value = data.draw(HOSTILE)
    try:
        env = KINDS[kind](**{keyword: value})
    except RulesError as exc:
        short(exc)
        event(f"{keyword}: refused")
        return
    event(f"{keyword}: accepted")
    assert isinstance(env.unwrapped.max_plies, int) and env.unwrapped.max_plies >= 1


@pytest.mark.parametrize("kind", KINDS)
def test_render_mode_and_observation_are_names(kind: str) -> None:
    """A NumPy array (whose ``in`` answers with an array) or a list is no name: refused."""
    for keyword in ("render_mode", "observation"):
        if keyword == "observation" and kind == "adapter-raw":
            continue  # the generic environment has no observation argument
        for bad in (np.array(["ansi", "human"]), np.array([1, 2]), ["planes"], b"ansi"):
            with pytest.raises(InvalidOptionError, match=keyword):
                KINDS[kind](**{keyword: bad})
