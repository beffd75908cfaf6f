"""The versioned environments (castlerules.envs.<game>_v0): PettingZoo's own tests for every game
and player count, and the designed observations checked against hand-made positions — each
expected cell worked out by hand from the layout the observation modules document."""

from __future__ import annotations

import importlib
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pz_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

import castlerules  # noqa: E402
from castlerules import InvalidOptionError  # noqa: E402
from castlerules.adapters.common import player_counts  # noqa: E402
from castlerules.envs import MODULES  # noqa: E402


def module(name: str) -> Any:
    return importlib.import_module(f"castlerules.envs.{MODULES[name]}")


def every_count(name: str) -> range:
    low, high, _ = player_counts(name)
    return range(low, high + 1)


# every game and player count (about 10 s in all, so all in the default tier)
ALL = [
    pytest.param(name, n, id=f"{name}-{n}") for name in castlerules.games() for n in every_count(name)
]


@pytest.mark.parametrize(("name", "players"), ALL)
def test_api_test_and_seed_test(name: str, players: int) -> None:
    env_module = module(name)
    with warnings.catch_warnings():
        # a dict observation (observation + action_mask) "is not a NumPy array": PettingZoo's
        # classic games get the same warnings
        warnings.simplefilter("ignore", UserWarning)
        pz_test.api_test(env_module.env(players=players), num_cycles=200)
    pz_test.seed_test(lambda: env_module.env(players=players), num_cycles=60)


PARALLEL = [pytest.param(n, id=f"vlotte-geesten-{n}") for n in every_count("vlotte-geesten")]


@pytest.mark.parametrize("players", PARALLEL)
def test_parallel_api_test(players: int) -> None:
    from castlerules.envs import vlotte_geesten_v0

    pz_test.parallel_api_test(vlotte_geesten_v0.parallel_env(players=players), num_cycles=400)


def test_the_modules_follow_pettingzoos_convention() -> None:
    from castlerules.envs import kasteel_v0, splut_v0, spookslot_v0, vlotte_geesten_v0

    env = splut_v0.env(players=3, render_mode="rgb_array")
    assert env.unwrapped.metadata["name"] == "splut_v0"
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert "rgb_array" in env.metadata["render_modes"]
    assert isinstance(kasteel_v0.raw_env(), kasteel_v0.raw_env)
    assert not hasattr(spookslot_v0, "parallel_env")  # a move is one player's
    assert vlotte_geesten_v0.parallel_env(players=5).possible_agents[-1] == "player_4"


# -- observation shapes (from the pages: rows x columns x channels) ---------------------------
@pytest.mark.parametrize(
    ("name", "shape"),
    [("splut", (9, 9, 28)), ("kasteel", (19, 19, 12)), ("spookslot", (44, 46)),
     ("vlotte-geesten", (73,))],
)
def test_observation_shapes(name: str, shape: tuple[int, ...]) -> None:
    for players in every_count(name):
        env = module(name).env(players=players)
        env.reset(seed=0)
        space = env.observation_space(env.agents[0])["observation"]
        assert space.shape == shape and space.dtype == np.int8
        observation = env.observe(env.agents[-1])["observation"]
        assert observation.shape == shape and observation.dtype == np.int8
        assert space.contains(observation)


def observe(name: str, text: str, player: int, **options: Any) -> tuple[Any, dict[str, int]]:
    """The planes of position ``text`` for ``player`` and the channel index by documented name."""
    env = module(name).raw_env(**options)
    env.reset(seed=0)
    env.unwrapped.game_state = env.rules.state_from_text(text)
    planes = env.observe(f"player_{player}")["observation"]
    names = {n: i for i, (n, _) in enumerate(env.planes.channels)}
    return planes, names


def cells(plane: Any) -> set[tuple[int, ...]]:
    return {tuple(int(i) for i in index) for index in np.argwhere(plane)}


SPLUT3 = "Sd2,Tf2,De2/Sb6,Tb4,Db5/Sf8,Td8,De8 e1,a5,i5,e9 p0 0 1 - - - -"


def test_splut_from_souths_seat_is_the_picture() -> None:
    """Player 0 sits south: no turn; obs[i, j] is column j, row 9 - i."""
    planes, ch = observe("splut", SPLUT3, 0, players=3)
    assert cells(planes[:, :, ch["my sorcerer"]]) == {(7, 3)}  # d2
    assert cells(planes[:, :, ch["my troll"]]) == {(7, 5)}  # f2
    assert cells(planes[:, :, ch["rock"]]) == {(8, 4), (4, 0), (4, 8), (0, 4)}  # e1 a5 i5 e9
    assert cells(planes[:, :, ch["the next player's sorcerer"]]) == {(3, 1)}  # b6 (west)
    assert planes[:, :, ch["to move: me"]].all()
    assert planes[:, :, ch["steps left: 1"]].all() and not planes[:, :, ch["steps left: 2"]].any()
    assert planes[:, :, ch["board"]].sum() == 41
    assert not planes[:, :, ch["the 3rd player after me: sorcerer"]].any()  # no fourth player


def test_splut_is_turned_so_the_observer_sits_at_the_bottom() -> None:
    """West (player 1) faces east: north is on their left. Their sorcerer b6 is one column from
    their edge (second row from the bottom) and one square north of the middle (left of the
    middle column)."""
    planes, ch = observe("splut", SPLUT3, 1, players=3)
    assert cells(planes[:, :, ch["my sorcerer"]]) == {(7, 3)}  # b6
    assert cells(planes[:, :, ch["my troll"]]) == {(7, 5)}  # b4
    assert cells(planes[:, :, ch["my dwarf"]]) == {(7, 4)}  # b5
    # north (player 2) is on west's left; f8 is east of the middle: farther from west
    assert cells(planes[:, :, ch["the next player's sorcerer"]]) == {(3, 1)}
    # south (player 0) on west's right; d2 is west of the middle: nearer to west
    assert cells(planes[:, :, ch["the 2nd player after me: sorcerer"]]) == {(5, 7)}
    assert planes[:, :, ch["to move: the 2nd player after me"]].all()
    assert not planes[:, :, ch["to move: me"]].any()


KASTEEL = ("5R7R5/7R3R7/19/19/19/7R3R7/19/2R13R2/19/19/19/2Y13Y2/19/7Y3Y7/19/19/19/7Y3Y7/5Y7Y5"
           " r 5,7 a9,b9,c10,s11")


def test_kasteel_mirrors_the_rows_for_red() -> None:
    yellow, ch = observe("kasteel", KASTEEL, 0)
    red, _ = observe("kasteel", KASTEEL, 1)
    # yellow's key square j4 and red's j16: each sees its own key four rows above the bottom
    assert cells(yellow[:, :, ch["my key square"]]) == {(15, 9)}
    assert cells(red[:, :, ch["my key square"]]) == {(15, 9)}
    assert cells(yellow[:, :, ch["opponent's key square"]]) == {(3, 9)}
    # yellow's knights f1 and n1 on the bottom row for yellow; red's f19 and n19 for red
    assert {(18, 5), (18, 13)} <= cells(yellow[:, :, ch["my knights"]])
    assert {(18, 5), (18, 13)} <= cells(red[:, :, ch["my knights"]])
    assert {(0, 5), (0, 13)} <= cells(red[:, :, ch["opponent's knights"]])
    assert len(cells(red[:, :, ch["my knights"]])) == 8
    assert red[:, :, ch["my turn"]].all() and not yellow[:, :, ch["my turn"]].any()
    assert (red[:, :, ch["my passes"]] == 7).all() and (red[:, :, ch["opponent's passes"]] == 5).all()
    assert not yellow[:, :, ch["skulls to place"]].any()  # all four are placed
    # s11 (row 11 of 19) is the ninth row from the top for yellow, the eleventh for red
    assert (8, 18) in cells(yellow[:, :, ch["skull"]]) and (10, 18) in cells(red[:, :, ch["skull"]])
    assert len(cells(red[:, :, ch["skull"]])) == 4
    # j12 (the canal in red's wall line, row 12) is on mirrored row 11 for red
    assert red[11, 9, ch["canal"]] == 1 and yellow[7, 9, ch["canal"]] == 1


def test_spookslot_places_follow_the_board_order() -> None:
    """Places: start, t1 t2 t3, s1 ... s6, ..., exit."""
    planes, ch = observe("spookslot", "t3,s2/-,s1/t1,t3 p1 move4 - - -", 1, players=3)
    assert cells(planes[:, ch["pawn a: me"]]) == {(0,)}  # start
    assert cells(planes[:, ch["pawn b: me"]]) == {(4,)}  # s1
    assert cells(planes[:, ch["pawn a: the next player"]]) == {(1,)}  # t1
    assert cells(planes[:, ch["pawn b: the 2nd player after me"]]) == {(5,)}  # s2
    assert cells(planes[:, ch["start"]]) == {(0,)} and cells(planes[:, ch["exit"]]) == {(43,)}
    assert cells(planes[:, ch["trap: stairs"]]) == {(4,), (5,), (6,), (7,), (8,), (9,)}
    assert cells(planes[:, ch["trap fallback"]]) >= {(3,)}  # the stairs send back to t3
    assert planes[:, ch["to move: me"]].all() and planes[:, ch["next: move"]].all()
    assert planes[:, ch["rolled: 4"]].all() and not planes[:, ch["rolled: 3"]].any()
    assert not planes[:, ch["pawn a: the 3rd player after me"]].any()


def test_vlotte_geesten_dice_scores_and_pot() -> None:
    vector, ch = observe("vlotte-geesten", "3,5,0,1 26 0 p2 CGKGG p0 p0 GMK", 1)
    assert vector[ch["red die: chair"]] == 1 and vector[ch["red die: ghost"]] == 0
    assert vector[ch["grey die: book"]] == 1 and vector[ch["blue die: ghost"]] == 1
    assert vector[ch["dice rolled"]] == 1
    assert [vector[ch[f"score: {who}"]] for who in
            ("me", "the next player", "the 2nd player after me", "the 3rd player after me")] == [
        5, 0, 1, 3]
    assert vector[ch["supply"]] == 26 and vector[ch["pot"]] == 0
    assert vector[ch["rolls: the next player"]] == 1
    assert vector[ch["acted: the 3rd player after me"]] == 1
    assert vector[ch["wrong grab: the 3rd player after me"]] == 1
    assert [vector[ch[f"grabbed: {o}"]] for o in ("chair", "ghost", "mouse", "bottle", "book")] == [
        0, 1, 1, 0, 1]
    assert vector[ch["in the game: the 3rd player after me"]] == 1
    assert vector[ch["in the game: the 4th player after me"]] == 0


def test_fields_stay_available() -> None:
    from castlerules.envs import splut_v0

    env = splut_v0.env(observation="fields")
    env.reset(seed=1)
    assert env.observe("player_0")["observation"].ndim == 1
    with pytest.raises(InvalidOptionError):
        splut_v0.env(observation="pixels")
    with pytest.raises(InvalidOptionError):
        splut_v0.env(render_mode="video")


@pytest.mark.parametrize("name", castlerules.games())
def test_rgb_array_is_a_picture_that_follows_the_game(name: str) -> None:
    env = module(name).env(render_mode="rgb_array")
    env.reset(seed=3)
    first = env.render()
    assert first.ndim == 3 and first.shape[2] == 3 and first.dtype == np.uint8
    assert first.shape[0] > 100 and first.shape[1] > 100
    frames = [first]
    for _agent in env.agent_iter(max_iter=6):
        observation, _, termination, truncation, _ = env.last()
        mask = observation["action_mask"]
        env.step(None if termination or truncation else int(np.flatnonzero(mask)[0]))
        frames.append(env.render())
    assert any(not np.array_equal(first, f) for f in frames[1:])


def test_the_same_values_reach_openspiel() -> None:
    pytest.importorskip("pyspiel")
    import pyspiel

    import castlerules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("castlerules_splut(players=3)")
    assert game.observation_tensor_shape() == [28, 9, 9]
    state = game.new_initial_state()
    tensor = np.array(state.observation_tensor(1)).reshape(28, 9, 9)
    planes, _ = observe("splut", SPLUT3, 1, players=3)
    assert np.array_equal(np.moveaxis(tensor, 0, -1), planes)
    assert pyspiel.load_game("castlerules_vlotte_geesten").observation_tensor_shape() == [73]


def test_parallel_grabs_race_and_a_late_action_is_skipped() -> None:
    from castlerules.envs import vlotte_geesten_v0

    env = vlotte_geesten_v0.parallel_env(players=2)
    env.reset(seed=4)
    rules = env.rules
    answer = next(a for a in rules.legal_actions_of(env.game_state, 0)
                  if type(a).__name__ == "Grab" and rules.apply(env.game_state, a).scores[0] > 0)
    table = env.table
    mine = table.index[answer]
    theirs = table.index[type(answer)(1, answer.objects)]
    _, _, _, _, infos = env.step({"player_0": mine, "player_1": theirs})
    # one of the two was quicker; the other was too late and lost nothing
    assert sum(bool(i.get("too_late")) for i in infos.values()) == 1
    assert sorted(env.game_state.scores) in ([0, 1], [0, 2], [0, 3], [0, 4], [0, 5])


def test_parallel_illegal_action_ends_the_game() -> None:
    from castlerules.envs import vlotte_geesten_v0

    env = vlotte_geesten_v0.parallel_env(players=3)
    observations, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    _, rewards, terminations, _, infos = env.step({**legal, "player_1": bad})
    assert rewards["player_1"] == -1 and rewards["player_0"] == 0.5
    assert all(terminations.values()) and infos["player_1"]["illegal_move"]
    assert env.agents == []


@pytest.mark.slow  # runs every page snippet in a subprocess (about 15 s)
def test_the_snippets_of_the_environment_pages_run(tmp_path: Any) -> None:
    """Each environment page shows a complete program (``envs_pages.snippet``): it runs."""
    import subprocess
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))
    try:
        from castlerules_docs.envs_pages import snippet
    finally:
        sys.path.pop(0)
    programs = [snippet(m) for m in MODULES.values()]
    programs.append(snippet("vlotte_geesten_v0", parallel=True))
    for k, code in enumerate(programs):
        script = tmp_path / f"snippet_{k}.py"
        script.write_text(code, encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                              timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip()


def test_parallel_step_refuses_what_is_not_a_dict_of_actions() -> None:
    from castlerules import InvalidActionError
    from castlerules.envs import vlotte_geesten_v0

    env = vlotte_geesten_v0.parallel_env(players=2)
    with pytest.raises(InvalidActionError):
        env.step({"player_0": 0, "player_1": 0})  # before reset
    env.reset(seed=0)
    for bad in ([1, 2], "player_0", {"player_0": "x", "player_1": 0}, {"player_0": 1}):
        with pytest.raises(InvalidActionError):
            env.step(bad)


def test_human_mode_prints_the_text_picture(capsys: Any) -> None:
    from castlerules.envs import kasteel_v0

    env = kasteel_v0.env(render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    assert "position:" in capsys.readouterr().out
    ansi = kasteel_v0.env(render_mode="ansi")
    ansi.reset(seed=0)
    assert "position:" in ansi.render()


def test_one_entry_point_for_every_declared_game() -> None:
    """``castlerules.envs`` serves each declared game's versioned module and ``env(name)`` (any
    spelling); the older entry points warn that they are deprecated and still work."""
    import castlerules.envs as envs
    from castlerules.adapters import pettingzoo as adapter

    for declared in castlerules.core.catalog.infos():
        module = importlib.import_module(f"castlerules.envs.{declared.env_module}")
        assert declared.name == module.raw_env.GAME
        assert hasattr(module, "parallel_env") == declared.simultaneous
        made = envs.env(declared.name.upper().replace("-", "_"), observation="fields")
        assert made.unwrapped.metadata["name"] == declared.env_module
    with pytest.warns(DeprecationWarning, match="castlerules.envs"):
        old = adapter.env("splut", players=3)
    assert old.unwrapped.metadata["name"] == "castlerules_splut_v0"
    with pytest.warns(DeprecationWarning, match="castlerules.envs"):
        adapter.env_fn("kasteel")()
    with pytest.raises(AttributeError):
        envs.chess_v0  # noqa: B018
