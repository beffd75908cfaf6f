"""The OpenSpiel adapter passes OpenSpiel's own random simulation test, and its MCTS bot plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
np = pytest.importorskip("numpy")

import castlerules  # noqa: E402
from castlerules.adapters import openspiel  # noqa: E402
from castlerules.adapters.common import player_counts, returns  # noqa: E402

#: Every game at every player count; the counts between the fewest, the default and the most run
#: in the slow tier (CI), the edit loop keeps those three.
CASES = [
    pytest.param(
        name, players, id=f"{name}-{players}",
        marks=() if players in player_counts(name) else (pytest.mark.slow,),
    )
    for name in castlerules.games()
    for players in range(player_counts(name)[0], player_counts(name)[1] + 1)
]


def test_every_game_is_registered() -> None:
    names = openspiel.register()
    assert names == [openspiel.openspiel_name(g) for g in castlerules.games()]
    assert set(names) <= set(pyspiel.registered_names())
    assert openspiel.register() == names  # again: a no-op


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test(name: str, players: int) -> None:
    game = openspiel.load(name, players=players)
    assert game.num_players() == players
    # Serialisation (a state rebuilt from its history) is checked at the default player count.
    serialize = players == player_counts(name)[2]
    pyspiel.random_sim_test(game, num_sims=1, serialize=serialize, verbose=False)


@pytest.mark.parametrize("name", castlerules.games())
def test_game_type_and_info(name: str) -> None:
    game = openspiel.load(name)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    universe = castlerules.make(name).action_universe()
    assert game.num_distinct_actions() == len(universe) + game.num_players()
    assert game.get_parameters()["players"] == castlerules.make(name).num_players


@pytest.mark.parametrize("name", castlerules.games())
def test_ids_strings_and_probabilities_follow_castlerules(name: str) -> None:
    """Along a seeded game: ids index the universe, strings are castlerules notation, the chance
    probabilities are the exact ones as floats, and the returns come from the winners."""
    game = openspiel.load(name)
    rules = castlerules.make(name)
    universe = rules.action_universe()
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(400):
        if state.is_terminal():
            break
        inner = state.state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            if rules.is_chance(inner):
                exact = dict(rules.chance_outcomes(inner))
                for action, p in outcomes:
                    assert p == float(exact[universe[action]])
            else:  # the race among several actors: uniform
                assert len(outcomes) == len(rules.actors(inner)) > 1
            action = rng.choice([a for a, _ in outcomes])
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal)
            action = rng.choice(legal)
            text = state.action_to_string(state.current_player(), action)
            assert rules.parse_action(inner, text) == universe[action]
        state.apply_action(action)
    assert state.returns() == returns(rules, state.state)


def test_bad_parameters_are_a_value_error() -> None:
    with pytest.raises(ValueError, match="players"):
        openspiel.load("vlotte-geesten", players=1)


class _UniformEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values 0 before the end and uniform priors: MCTS without costly random rollouts."""

    def evaluate(self, state: Any) -> Any:
        return np.array(state.returns() if state.is_terminal() else [0.0] * state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("name", castlerules.games())
def test_mcts_bot_plays_a_whole_game(name: str) -> None:
    game = openspiel.load(name)
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=_UniformEvaluator(), random_state=rng
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves > 0
    assert state.returns() == returns(castlerules.make(name), state.state)
    assert abs(sum(state.returns())) < 1e-9


def _rollout_bot(game: Any, rng: Any, simulations: int) -> Any:
    """OpenSpiel's MCTS bot with its own random-rollout evaluator."""
    return mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )


def test_mcts_with_random_rollouts_chooses_legal_actions() -> None:
    """OpenSpiel's MCTS with its random-rollout evaluator, at the start of a Vlotte Geesten round."""
    game = openspiel.load("vlotte-geesten", players=2)
    rng = np.random.RandomState(0)
    bot = _rollout_bot(game, rng, simulations=3)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # a roll
    state.apply_action(state.chance_outcomes()[0][0])  # the race: p0 is quickest
    action = bot.step(state)
    assert action in state.legal_actions()


def test_mcts_with_random_rollouts_plays_a_whole_spookslot_game() -> None:
    """OpenSpiel's MCTS bot with its own random-rollout evaluator, through dice, the ball and the
    secret passage (the several-actors race) to the end."""
    game = openspiel.load("spookslot", players=3)
    rng = np.random.RandomState(1)
    bot = _rollout_bot(game, rng, simulations=4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()).count(1.0) == 1


def test_importing_the_module_registers_every_game_by_its_name_string() -> None:
    game = pyspiel.load_game("castlerules_splut(players=3)")
    assert game.num_players() == 3
    kasteel = pyspiel.load_game("castlerules_kasteel(readings=no-legal-move:lose)")
    assert kasteel.rules.reading("no-legal-move") == "lose"


def test_apply_action_accepts_only_the_nodes_legal_ids() -> None:
    game = openspiel.load("splut", players=3)
    state = game.new_initial_state()
    legal = state.legal_actions()
    size = game.num_distinct_actions()
    with pytest.raises(pyspiel.SpielError, match="kInvalidAction"):  # OpenSpiel's own check
        state.apply_action(-1)
    for bad in (-2, -len(legal), size, size + 5, 2**40):
        with pytest.raises(castlerules.InvalidActionError):
            state.apply_action(bad)
    other = next(a for a in range(size) if a not in legal)
    with pytest.raises(castlerules.InvalidActionError, match="not legal for player 0"):
        state.apply_action(other)
    assert state.legal_actions() == legal and state.current_player() == 0
    # at the race node of Vlotte Geesten only the waiting players are outcomes
    vg = openspiel.load("vlotte-geesten", players=3)
    s = vg.new_initial_state()
    s.apply_action(s.chance_outcomes()[0][0])  # the roll
    race = [a for a, _ in s.chance_outcomes()]
    assert len(race) == 3
    with pytest.raises(castlerules.InvalidActionError):
        s.apply_action(len(vg.rules.action_universe()) + 5)  # "player 5 acts next"
    s.apply_action(race[0])
    assert s.current_player() == 0


def test_serialization_is_a_checked_history_and_never_unpickles(tmp_path: Any) -> None:
    import base64
    import pickle

    game = openspiel.load("kasteel")
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    assert text.startswith(openspiel.SERIAL_TAG)
    again = game.deserialize_state(text)
    assert again.state == state.state and again.history() == state.history()

    marker = tmp_path / "pwned"

    class Exploit:
        def __reduce__(self) -> Any:
            return (open, (str(marker), "w"))

    payload = base64.b64encode(pickle.dumps({"x": Exploit()})).decode()
    for hostile in (
        f"history=\nmove_number=0\n__dict__={payload}",
        openspiel.SERIAL_TAG + "1,2,x",
        openspiel.SERIAL_TAG + "99999999",
        openspiel.SERIAL_TAG + ",".join(["0"] * 10),
        None,
    ):
        with pytest.raises(castlerules.RulesError):
            game.deserialize_state(hostile)
    assert not marker.exists()


def test_openspiels_example_programs_run_on_castlerules_games() -> None:
    """``python -m castlerules.adapters.openspiel mcts --game=castlerules_splut ...`` runs
    OpenSpiel's own examples/mcts.py with the games registered (here two random players)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "castlerules.adapters.openspiel", "mcts",
         "--game=castlerules_splut", "--player1=random", "--player2=random", "--quiet"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Overall returns" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "castlerules.adapters.openspiel"], capture_output=True, text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "usage:" in bad.stderr


@pytest.mark.parametrize(
    ("name", "variant"),
    [(n, v) for n in castlerules.games() for v in range(len(castlerules.make(n).variants()))],
)
def test_a_games_fast_legal_ids_agree_with_the_universe(name: str, variant: int) -> None:
    """Where a game's ``space`` module computes legal ids itself (for speed), they are exactly the
    universe indices of the game's legal actions, on the states of a random game of each of the
    game's variants."""
    from castlerules.adapters.common import ActionTable
    from castlerules.core.play import playout

    game = castlerules.make(name, **castlerules.make(name).variants()[variant])
    table = ActionTable(game)
    states, _ = playout(game, random.Random(5), max_plies=300)
    for state in states[::7]:
        if game.is_terminal(state) or game.is_chance(state):
            continue
        for player in sorted(game.actors(state)):
            legal = game.legal_actions_of(state, player)
            assert table.legal_ids(state, player) == tuple(sorted(table.index[a] for a in legal))
