"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test for every game."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pz_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

import castlerules  # noqa: E402
from castlerules.adapters import pettingzoo  # noqa: E402

# The generic adapter is tested through its own entry points, deprecated in 0.3 (they go in 0.4,
# when these tests move to castlerules.envs.env(name, observation="fields")).
pytestmark = pytest.mark.filterwarnings("ignore:castlerules.adapters.pettingzoo:DeprecationWarning")
from castlerules.adapters.common import player_counts  # noqa: E402

CASES = [
    (name, players)
    for name in castlerules.games()
    for players in range(player_counts(name)[0], player_counts(name)[1] + 1)
]
IDS = [f"{n}-{p}" for n, p in CASES]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_api_test(name: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation "is not a NumPy array": its classic games,
        # with the same observation/action_mask dict, get the same warnings.
        warnings.simplefilter("ignore", UserWarning)
        pz_test.api_test(pettingzoo.env(name, players=players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_seed_test(name: str, players: int) -> None:
    make_env = pettingzoo.env_fn(name)
    pz_test.seed_test(lambda: make_env(players=players), num_cycles=100)


def play(env: Any, seed: int) -> tuple[list[str], list[int], dict[str, float]]:
    env.reset(seed=seed)
    agents, actions = [], []
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[(seed + len(actions)) % len(legal)])
            actions.append(action)
        agents.append(agent)
        env.step(action)
    return agents, actions, totals


@pytest.mark.parametrize("name", castlerules.games())
def test_a_whole_game_matches_the_rules(name: str) -> None:
    """Replaying the environment's actions through castlerules gives its final state; the rewards
    add up to the returns of the winners."""
    env = pettingzoo.env(name, render_mode="ansi")
    _, _, totals = play(env, seed=5)
    raw = env.unwrapped
    rules = raw.rules
    state = rules.initial_state()
    for action in raw.history:
        state = rules.apply(state, action)
    assert state == raw.game_state
    assert rules.render(state) == env.render()
    if rules.is_terminal(state):
        winners = {f"player_{p}" for p in rules.winners(state)}
        assert all((totals[a] > 0) == (a in winners) for a in totals) or len(winners) in (
            0,
            rules.num_players,
        )
    assert abs(sum(totals.values())) < 1e-9


def test_several_actors_are_drawn_from_those_who_may_act() -> None:
    """Vlotte Geesten: after a roll everyone may grab; the selected agent is one of them, and
    its mask holds only its own actions."""
    env = pettingzoo.raw_env("vlotte-geesten", players=4)
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        actors = env.rules.actors(env.game_state)
        assert len(actors) == 4
        player = int(env.agent_selection.split("_")[1])
        assert player in actors
        seen.add(player)
        mask = env.observe(env.agent_selection)["action_mask"]
        for action_id in np.flatnonzero(mask):
            assert env.table.universe[action_id].player == player
        others = env.observe(f"player_{(player + 1) % 4}")["action_mask"]
        assert not others.any()
    assert len(seen) > 1  # the race is not always won by the same seat


def test_illegal_action_raises_a_rules_error_on_the_raw_env() -> None:
    env = pettingzoo.raw_env("vlotte-geesten", players=2)
    env.reset(seed=1)
    roll = 0  # id 0 is a roll: a chance outcome, never an agent's action
    with pytest.raises(castlerules.RulesError):
        env.step(roll)
    with pytest.raises(castlerules.RulesError):
        env.step(10**6)


def test_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    env = pettingzoo.env("vlotte-geesten", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(0)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


def test_bad_options_are_rules_errors() -> None:
    with pytest.raises(castlerules.InvalidOptionError):
        pettingzoo.env("vlotte-geesten", players=1)
    with pytest.raises(castlerules.InvalidOptionError):
        pettingzoo.env("vlotte-geesten", render_mode="rgb_array")
    with pytest.raises(castlerules.InvalidOptionError):
        pettingzoo.env_fn("chess")


@pytest.mark.parametrize("bad", [None, [0], "x", "33", 2.7, True])
def test_an_action_must_be_an_integer_id(bad: Any) -> None:
    for make_env in (pettingzoo.env, pettingzoo.raw_env):
        env = make_env("splut", players=2)
        env.reset(seed=1)
        with pytest.raises(castlerules.InvalidActionError):
            env.step(bad)


def test_numpy_integers_are_action_ids() -> None:
    env = pettingzoo.env("splut", players=2)
    env.reset(seed=1)
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))
    assert env.unwrapped.plies == 1


def test_an_illegal_action_says_why_in_the_offenders_infos() -> None:
    env = pettingzoo.env("kasteel")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    raw = env.unwrapped
    illegal = next(
        i for i in range(len(mask))
        if not mask[i] and type(raw.table.universe[i]).__name__ == "Move"
        and raw.table.universe[i].player == 0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    info = env.infos[agent]
    assert info["illegal_move"] and info["reason"] and info["clause"].startswith("kasteel.")
    assert info["text_nl"] and info["legal"] and all(isinstance(t, str) for t in info["legal"])
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_state_is_a_method_with_its_space() -> None:
    env = pettingzoo.env("spookslot", players=3)
    env.reset(seed=2)
    state = env.unwrapped.state()
    assert env.unwrapped.state_space.contains(state)


def test_readings_are_options_of_the_environment() -> None:
    env = pettingzoo.env("kasteel", readings={"no-legal-move": "lose"})
    assert env.unwrapped.rules.reading("no-legal-move") == "lose"
