"""The solver on Spookslot: exact agreement with a second method, certified bounds, the canonical
code, tables as untrusted files, and the commands that use them (on small endgames and on a small
board whose whole game solves in seconds; the full game is the slow tier's and the benchmark's)."""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import solve_exact as exact
from cli_runner import run

import castlerules
from castlerules import solve as sv
from castlerules.core.play import random_record
from castlerules.spookslot.solve import SpookslotCanon

np = pytest.importorskip("numpy")

MINI = Path(__file__).parent / "data" / "mini-board.toml"
#: Endgames small enough for exact elimination: a two-pawn player, a secret passage, the axe.
ENDGAMES = ("lk4,x/h2,x p0 roll - - -", "h2,g3/h1,x p1 roll - - -", "h1,x/hw1,x p0 roll - - -")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "castlerules"


@pytest.fixture(scope="module")
def mini() -> Iterator[tuple[castlerules.Game, sv.Solution]]:
    """The whole game on the small board, solved once for the module."""
    game = castlerules.make("spookslot", board=MINI.read_text(encoding="utf-8"))
    yield game, sv.solve(game)


def _policy(ev: sv.Evaluator, model: str = "optimal") -> exact.Policy:
    return lambda state, player: ev.best_action(state, player, model)


@pytest.mark.parametrize("text", ENDGAMES)
def test_an_endgame_agrees_with_exact_fractions_to_1e9(text: str) -> None:
    """Every model's start value agrees with the exact solution of the same endgame (every
    state its own variable, Fractions, elimination), within 1e-9 and within the certified bound;
    the solver's choices are proved optimal in exact arithmetic (no player can do better)."""
    game = castlerules.make("spookslot")
    root = game.state_from_text(text)
    solution = sv.solve(game, root, root_text=text)
    ev = sv.Evaluator(game, sv.canon_of(game), solution.table)
    bound = solution.table.bound
    assert bound <= 1e-9
    states = exact.reachable(game, root)
    start = solution.summary["start"]
    # optimal: both seats follow the solver's choices, which nobody can improve on
    choose = _policy(ev)
    both = [exact.values(game, states, p, choose, set()) for p in range(2)]
    assert exact.improvements(game, states, both, choose, {0, 1}) == []
    assert both[0][root] + both[1][root] == 1  # the game ends with probability 1
    for p in range(2):
        assert abs(start["optimal"][p] - both[p][root]) <= min(bound, 1e-9)
    # against random: each seat follows its solver choices, the other plays at random
    for p in range(2):
        own = _policy(ev, "against-random")
        vals = exact.values(game, states, p, own, {1 - p})
        assert exact.improvements(game, states, [vals if q == p else {} for q in range(2)],
                                  own, {p}) == []
        assert abs(start["against-random"][p] - vals[root]) <= min(bound, 1e-9)
    # random against random
    for p in range(2):
        vals = exact.values(game, states, p, None, {0, 1})
        assert abs(start["random"][p] - vals[root]) <= 1e-9


def test_the_exact_check_finds_a_policy_that_can_be_improved() -> None:
    """The optimality check can fail: the worst move instead of the best is caught."""
    game = castlerules.make("spookslot")
    text = ENDGAMES[1]
    root = game.state_from_text(text)
    ev = sv.Evaluator(game, sv.canon_of(game), sv.solve(game, root, root_text=text).table)

    def worst(state: object, player: int) -> object:
        return min(ev.action_values(state, player), key=lambda item: item[1])[0]

    states = exact.reachable(game, root)
    vals = [exact.values(game, states, p, worst, set()) for p in range(2)]
    assert exact.improvements(game, states, vals, worst, {0, 1})


def test_the_bracket_holds_before_convergence() -> None:
    """Stopped early, the lower and upper values still bracket the exact value (monotone
    iteration), and the bound says how far apart they are."""
    game = castlerules.make("spookslot")
    text = ENDGAMES[2]
    root = game.state_from_text(text)
    canon = sv.canon_of(game)
    graph = sv.build_graph(game, canon, [root])
    early = sv.iterate(graph, "random", max_sweeps=3)
    states = exact.reachable(game, root)
    truth = exact.values(game, states, 0, None, {0, 1})
    i = int(np.searchsorted(graph.codes, canon.code(root)[0]))
    assert early.lower[0][i] <= truth[root] <= early.upper[0][i]
    assert early.bound > 1e-6  # three sweeps are not enough, and the bound says so
    done = sv.iterate(graph, "random")
    assert done.bound < 1e-9 and done.upper[0][i] - done.lower[0][i] < 1e-9


def test_play_that_can_go_on_for_ever_is_found_and_optimal_play_is_not_claimed() -> None:
    """With optional moves (forced-move = optional) both players may pass for ever: the solver
    finds such positions and does not solve optimal play; the other models are still bounded.
    Under the default reading no position lets play go on for ever."""
    text = ENDGAMES[2]
    optional = castlerules.make("spookslot", readings={"forced-move": "optional"})
    graph = sv.build_graph(optional, sv.canon_of(optional), [optional.state_from_text(text)])
    assert len(sv.endless(graph, "optimal")) > 0
    assert len(sv.endless(graph, "random")) == 0
    solution = sv.solve(optional, optional.state_from_text(text), root_text=text)
    assert "optimal" not in solution.summary["start"]
    assert solution.summary["notes"] and solution.summary["bound"] <= 1e-9
    default = castlerules.make("spookslot")
    graph = sv.build_graph(default, sv.canon_of(default), [default.state_from_text(text)])
    assert len(sv.endless(graph, "optimal")) == 0


def test_the_code_forgets_pawn_letters_and_seat_names_only() -> None:
    """Swapping a player's pawns, or renaming the seats from the player to move, keeps the code;
    any other change of a turn start changes it (checked over every turn start of a game)."""
    game = castlerules.make("spookslot")
    canon = SpookslotCanon(game)
    a = game.state_from_text("t3,l2/g1,x p0 roll - - -")
    assert canon.code(a)[0] == canon.code(game.state_from_text("l2,t3/x,g1 p0 roll - - -"))[0]
    swapped = game.state_from_text("g1,x/t3,l2 p1 roll - - -")
    assert canon.code(a) == (canon.code(swapped)[0], 0) and canon.code(swapped)[1] == 1
    assert canon.code(a)[0] != canon.code(game.state_from_text("t3,l2/g1,x p1 roll - - -"))[0]
    seen: dict[int, tuple[tuple[str, ...], ...]] = {}
    for seed in range(12):
        for state in castlerules.replay(random_record(game, seed), every_state=True):
            if not canon.is_stored(state):
                continue
            turn = state.turn
            shape = tuple(tuple(sorted(state.pawns[(turn + r) % 2])) for r in range(2))
            assert seen.setdefault(canon.code(state)[0], shape) == shape


def test_four_players_code_the_first_pawn_by_its_place() -> None:
    game = castlerules.make("spookslot", players=4)
    canon = SpookslotCanon(game)
    one = game.state_from_text("l1,-/-,-/-,-/-,- p1 roll - a!,-,-,- -")
    other = game.state_from_text("-,l1/-,-/-,-/-,- p1 roll - b!,-,-,- -")
    assert canon.code(one)[0] == canon.code(other)[0]
    locked = game.state_from_text("s2,-/-,-/-,-/-,- p1 roll - a,-,-,- -")
    free = game.state_from_text("s2,-/-,-/-,-/-,- p1 roll - a!,-,-,- -")
    assert canon.code(locked)[0] != canon.code(free)[0]


def test_the_whole_small_game_is_solved_and_the_seats_add_up(
        mini: tuple[castlerules.Game, sv.Solution]) -> None:
    _game, solution = mini
    s = solution.summary
    assert s["bound"] <= 1e-9 and s["endless_positions"] == 0
    assert abs(sum(s["start"]["optimal"]) - 1) <= 2 * s["bound"]
    assert abs(sum(s["start"]["random"]) - 1) <= 2e-9
    # playing well against random players beats everyone playing at random, seat by seat
    for p in range(2):
        assert s["start"]["against-random"][p] > s["start"]["random"][p]


@pytest.mark.slow
def test_random_play_agrees_with_simulate_within_its_interval(
        mini: tuple[castlerules.Game, sv.Solution]) -> None:
    """The random-against-random chance of the small game lies in the 95 % interval of
    ``castlerules simulate`` (20,000 games; a different seed would be another honest sample)."""
    from castlerules import simulate as sim

    game, solution = mini
    done = sim.simulate("spookslot", 20_000, options=game.options, seed=5, workers=2,
                        keep_results=False)
    for p in range(2):
        low, high = done.summary["wins_interval95"][p]
        assert low <= solution.summary["start"]["random"][p] <= high


def test_random_play_agrees_with_simulate_on_a_small_sample(
        mini: tuple[castlerules.Game, sv.Solution]) -> None:
    """The same check with 1,000 games (seeded: the same games every run)."""
    from castlerules import simulate as sim

    game, solution = mini
    done = sim.simulate("spookslot", 1_000, options=game.options, seed=1, keep_results=False)
    for p in range(2):
        low, high = done.summary["wins_interval95"][p]
        assert low <= solution.summary["start"]["random"][p] <= high


def test_the_solved_bot_beats_random_play(mini: tuple[castlerules.Game, sv.Solution],
                                          tmp_path: Path) -> None:
    """Against a random seat the solved bot wins about as often as the against-random value
    says (inside simulate's 95 % interval), far more often than random play."""
    from castlerules import simulate as sim

    game, solution = mini
    table = sv.save_table(solution.table, tmp_path / "mini.npz")
    done = sim.simulate("spookslot", 600, options=game.options, seed=3, bots=["solved", "random"],
                        table=str(table), keep_results=False)
    low, high = done.summary["wins_interval95"][0]
    assert low <= solution.summary["start"]["against-random"][0] <= high
    assert done.summary["bots"] == ["solved", "random"]


# -- tables ---------------------------------------------------------------------------------------


def _small_table() -> tuple[castlerules.Game, sv.Table]:
    game = castlerules.make("spookslot")
    text = ENDGAMES[0]
    return game, sv.solve(game, game.state_from_text(text), root_text=text).table


def test_a_table_round_trips_and_is_written_atomically(tmp_path: Path) -> None:
    game, table = _small_table()
    path = sv.save_table(table, tmp_path / "t.npz")
    assert sorted(os.listdir(tmp_path)) == ["t.npz"]  # no temporary file left behind
    back = sv.load_table(path)
    assert back.header == json.loads(json.dumps(table.header))
    assert np.array_equal(back.codes, table.codes)
    assert np.array_equal(back.optimal, table.optimal)
    assert np.array_equal(back.against_random, table.against_random)
    ident = sv.identity(game, sv.canon_of(game), ENDGAMES[0])
    assert sv.mismatch(back, ident) is None
    other = castlerules.make("spookslot", readings={"ghost-reroll": "until-number"})
    assert "readings" in (sv.mismatch(back, sv.identity(other, sv.canon_of(other),
                                                        ENDGAMES[0])) or "")


def _rewrite(path: Path, target: Path, change: dict[str, object]) -> None:
    """A copy of the table at ``path`` with some members replaced (raw bytes or arrays)."""
    with zipfile.ZipFile(path) as z, zipfile.ZipFile(target, "w") as out:
        for name in z.namelist():
            if name in change:
                continue
            out.writestr(name, z.read(name))
        for name, value in change.items():
            if isinstance(value, bytes):
                out.writestr(name, value)
            else:
                import io

                buf = io.BytesIO()
                np.lib.format.write_array(buf, value, allow_pickle=True)
                out.writestr(name, buf.getvalue())


@pytest.mark.parametrize("damage", ["not-zip", "pickle", "header-json", "header-type", "shape",
                                    "dtype", "order", "format", "missing", "short", "notes",
                                    "start"])
def test_a_damaged_table_raises_only_a_table_error(tmp_path: Path, damage: str) -> None:
    _, table = _small_table()
    good = sv.save_table(table, tmp_path / "good.npz")
    bad = tmp_path / "bad.npz"
    header = dict(table.header)
    n = len(table.codes)
    if damage == "not-zip":
        bad.write_bytes(b"\x93NUMPY not a zip at all" * 10)
    elif damage == "pickle":
        _rewrite(good, bad, {"codes.npy": np.array([{"x": 1}] * n, dtype=object)})
    elif damage == "header-json":
        _rewrite(good, bad, {"header.npy": np.frombuffer(b"{not json", dtype=np.uint8)})
    elif damage == "header-type":
        header["positions"] = "many"
        _rewrite(good, bad, {"header.npy": np.frombuffer(json.dumps(header).encode(), np.uint8)})
    elif damage == "shape":
        header["positions"] = n * 1000
        _rewrite(good, bad, {"header.npy": np.frombuffer(json.dumps(header).encode(), np.uint8)})
    elif damage == "dtype":
        _rewrite(good, bad, {"codes.npy": table.codes.astype(np.float64)})
    elif damage == "order":
        _rewrite(good, bad, {"codes.npy": table.codes[::-1].copy()})
    elif damage == "notes":  # text a command would print: no control characters
        header["notes"] = ["\x1b[2J the screen cleared"]
        _rewrite(good, bad, {"header.npy": np.frombuffer(json.dumps(header).encode(), np.uint8)})
    elif damage == "start":
        header["start"] = {"optimal": ["half", "half"]}
        _rewrite(good, bad, {"header.npy": np.frombuffer(json.dumps(header).encode(), np.uint8)})
    elif damage == "format":
        header["format"] = 99
        _rewrite(good, bad, {"header.npy": np.frombuffer(json.dumps(header).encode(), np.uint8)})
    elif damage == "missing":
        _rewrite(good, bad, {"optimal.npy": b""})
        with zipfile.ZipFile(good) as z, zipfile.ZipFile(bad, "w") as out:
            for name in z.namelist():
                if name != "optimal.npy":
                    out.writestr(name, z.read(name))
    else:
        data = good.read_bytes()
        bad.write_bytes(data[: len(data) // 2])
    with pytest.raises(sv.TableError) as info:
        sv.load_table(bad)
    assert len(str(info.value)) < 400


def test_a_table_of_another_game_is_not_used(cache: Path, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    _game, table = _small_table()
    path = sv.save_table(table, tmp_path / "endgame.npz")
    code, _, err = run(capsys, "show", "spookslot", ENDGAMES[0], "--eval", "--table", str(path),
                       "--reading", "ghost-reroll=until-number")
    assert code == 2 and "cannot be used" in err and "readings" in err
    code, _, err = run(capsys, "solve", "spookslot", "--table", str(path))
    assert code == 2 and "not this game's" in err and "root position" in err


# -- the commands ------------------------------------------------------------------------------


def test_solve_twice_reads_the_stored_table(cache: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    code, out, _ = run(capsys, "solve", "spookslot", "--from", ENDGAMES[0], "--json")
    first = json.loads(out)
    assert code == 0 and first["reused"] is False and first["bound"] <= 1e-9
    assert set(first["start"]) == {"optimal", "against-random", "random"}
    assert first["positions"] > 0 and first["seconds"] >= 0
    assert Path(first["table"]).parent == cache
    code, out, _ = run(capsys, "solve", "spookslot", "--from", ENDGAMES[0], "--json")
    second = json.loads(out)
    assert second["reused"] is True and second["start"] == first["start"]
    code, out, _ = run(capsys, "solve", "spookslot", "--from", ENDGAMES[0])
    assert code == 0 and "both playing optimally" in out and "read in" in out


def test_a_damaged_stored_table_is_solved_again(cache: Path, capsys: pytest.CaptureFixture[str]
                                                ) -> None:
    code, out, _ = run(capsys, "solve", "spookslot", "--from", ENDGAMES[0], "--json")
    path = Path(json.loads(out)["table"])
    path.write_bytes(b"garbage")
    code, out, _err = run(capsys, "solve", "spookslot", "--from", ENDGAMES[0], "--json")
    assert code == 0 and json.loads(out)["reused"] is False


def test_without_numpy_the_command_says_what_to_install(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    # None in sys.modules makes every import of numpy fail, whether or not it was imported before
    # (a replaced __import__ is bypassed by importlib.import_module of an imported module).
    for name in [m for m in sys.modules if m == "numpy" or m.startswith("numpy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)
    code, _out, err = run(capsys, "solve", "spookslot")
    assert code == 2 and err.count("\n") == 1 and 'pip install "castlerules[solve]"' in err


def test_eval_without_a_table_says_how_to_make_one(cache: Path, capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    code, _, err = run(capsys, "show", "spookslot", "start", "--eval")
    assert code == 2 and "castlerules solve spookslot" in err


@pytest.fixture
def mini_table(mini: tuple[castlerules.Game, sv.Solution], tmp_path: Path) -> str:
    return str(sv.save_table(mini[1].table, tmp_path / "mini.npz"))


def test_show_eval_prints_each_move_and_its_cost(mini_table: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    board = f"board={MINI}"
    code, out, _ = run(capsys, "show", "spookslot", "b1,a1/c1,- p0 move3 - - -", "--eval",
                       "--table", mini_table, "--option", board)
    assert code == 0
    assert "both playing optimally: p0" in out
    assert "best" in out and "costs" in out and "p0 move a via k1" in out
    code, out, _ = run(capsys, "show", "spookslot", "start", "--eval", "--table", mini_table,
                       "--option", board)
    assert code == 0 and "roll ghost (1/3)" in out


def test_replay_eval_lists_the_chances_and_the_costliest_choices(
        mini: tuple[castlerules.Game, sv.Solution], mini_table: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = mini
    record = random_record(game, 4)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--eval", "--table", mini_table)
    assert code == 0
    assert f"{len(record.actions)}. " in out and "0. start: p0" in out
    assert "the costliest choices" in out


def test_play_with_the_solved_bot(mini: tuple[castlerules.Game, sv.Solution], mini_table: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "spookslot", "--bot", "solved", "--table", mini_table,
                       "--option", f"board={MINI}", "--seed", "2", "--json")
    record = castlerules.Record.from_json(out)
    assert code == 0 and castlerules.replay(record).phase.value == "over"
    game, solution = mini
    ev = sv.Evaluator(game, sv.canon_of(game), solution.table)
    for state, text in zip(castlerules.replay(record, every_state=True), record.actions):
        action = game.parse_action(state, text)
        if not game.is_chance(state):
            assert action == ev.best_action(state, action.player)


def test_simulate_pits_a_bot_against_the_solved_bot(
        mini_table: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "spookslot", "-n", "20", "--no-progress", "--bot",
                       "0=random", "--bot", "p1=solved", "--table", mini_table, "--option",
                       f"board={MINI}")
    assert code == 0 and "20 games (p0 random, p1 solved)" in out
    code, _, err = run(capsys, "simulate", "spookslot", "-n", "2", "--bot", "3=solved")
    assert code == 2 and "seats are 0 to 1" in err


@pytest.mark.parametrize("backend", [
    "local", pytest.param("dask", marks=pytest.mark.slow)])
def test_all_readings_solve_each_reading_as_one_task(
        backend: str, cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--all-readings``: each single reading's whole solve is one task (on Dask: one task each,
    on a two-worker LocalCluster)."""
    if backend == "dask":
        pytest.importorskip("dask.distributed")
    code, out, _ = run(capsys, "solve", "spookslot", "--from", ENDGAMES[2], "--all-readings",
                       "--backend", backend, "--json", "--quiet",
                       *(("--jobs", "2") if backend == "dask" else ()))
    found = json.loads(out)
    labels = [r["reading"] for r in found]
    assert labels[0] == "as given" and "forced-move=optional" in labels
    assert len(labels) == len(set(labels)) > 10
    optional = next(r for r in found if r["reading"] == "forced-move=optional")
    assert "optimal" not in optional["start"] and optional["notes"]
    solved = [r for r in found if "error" not in r]
    assert all(r["bound"] <= 1e-9 for r in solved)
    # each reading's table is stored, so a second run reads them all
    assert len(list(cache.glob("spookslot-2p-*.npz"))) == len(solved)
    assert code == (0 if len(solved) == len(found) else 1)


def test_both_owners_take_the_secret_passage_when_the_race_lets_them() -> None:
    """Both players decide about the passage (the race draws who decides first): each takes it,
    and a pawn left on its red star square gives its owner a smaller chance."""
    game = castlerules.make("spookslot")
    text = "lk2,x/lk4,x p0 passage p0a,p1a - -"
    state = game.state_from_text(text)
    solution = sv.solve(game, state, root_text=text, models=("optimal",))
    ev = sv.Evaluator(game, sv.canon_of(game), solution.table)
    for player in (0, 1):
        found = dict((game.action_to_str(state, a), v)
                     for a, v in ev.action_values(state, player))
        assert found[f"p{player} passage a"] > found[f"p{player} stay a"]
        assert game.action_to_str(state, ev.best_action(state, player)) == f"p{player} passage a"


# -- the Play page's table (JSON, no numpy) ----------------------------------------------------


def test_a_json_table_gives_the_same_chances_without_numpy_arrays() -> None:
    game, table = _small_table()
    back = sv.table_from_json(sv.table_to_json(table))
    assert isinstance(back.codes, list) and back.codes == [int(c) for c in table.codes]
    state = game.state_from_text(ENDGAMES[0])
    assert sv.chances_from(back, game, state) == sv.chances_from(table, game, state)
    assert sv.chances_from(back, game, game.initial_state()) is None  # not in this table
    other = castlerules.make("spookslot", readings={"ghost-reroll": "until-number"})
    assert sv.chances_from(back, other, other.state_from_text(ENDGAMES[0])) is None
    # the Play page asks it in every game: a game that cannot be solved has no chances, no error
    for name in castlerules.games():
        if name != "spookslot":
            made = castlerules.make(name)
            assert sv.chances_from(back, made, made.initial_state()) is None


@pytest.mark.parametrize("change", [
    lambda d: d.update(codes=d["codes"][::-1]),
    lambda d: d.update(codes=["x"] * len(d["codes"])),
    lambda d: d.update(optimal=[-1] * len(d["optimal"])),
    lambda d: d.update(optimal=d["optimal"][:-1]),
    lambda d: d.update(against_random=[]),
    lambda d: d["header"].update(players=True),
    lambda d: d.update(extra=1),
])
def test_a_damaged_json_table_raises_only_a_table_error(change: object) -> None:
    _, table = _small_table()
    data = json.loads(sv.table_to_json(table))
    change(data)  # type: ignore[operator]
    with pytest.raises(sv.TableError):
        sv.table_from_json(json.dumps(data))
    with pytest.raises(sv.TableError):
        sv.table_from_json("[" * 100_000)


def test_the_play_page_shows_the_chances_a_shipped_table_holds() -> None:
    from castlerules.playground import Host

    game, table = _small_table()
    host = Host()
    loaded = json.loads(host.handle(json.dumps({"cmd": "table", "args": {
        "text": sv.table_to_json(table)}})))
    assert loaded == {"positions": len(table.codes)}
    answer = json.loads(host.handle(json.dumps({"cmd": "new", "args": {
        "game": "spookslot", "position": ENDGAMES[0]}})))
    expected = sv.Evaluator(game, sv.canon_of(game), table).chances(
        game.state_from_text(ENDGAMES[0]))
    assert answer["view"]["chances"] == pytest.approx(list(expected), abs=1e-12)
    answer = json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "spookslot"}})))
    assert answer["view"]["chances"] is None
    bad = json.loads(host.handle(json.dumps({"cmd": "table", "args": {"text": "{}"}})))
    assert "error" in bad


def test_a_game_too_large_to_solve_stops_at_the_limit(cache: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Three players have about a billion turn starts: the solve stops once it has found more
    positions than the limit, with a one-line error, instead of filling the memory."""
    code, _, err = run(capsys, "solve", "spookslot", "--players", "3", "--max-positions", "2000",
                       "--quiet")
    assert code == 2 and "more than 2,000 positions" in err and err.count("\n") == 1


# -- the last-pawn race and the forks -------------------------------------------------------------


@pytest.fixture(scope="module")
def race() -> tuple[castlerules.Game, sv.Evaluator]:
    from castlerules.spookslot import solve as ss

    game = castlerules.make("spookslot")
    solution = sv.solve(game, roots=ss.last_pawn_positions(game), root_text="last-pawn race",
                        models=("optimal",))
    return game, sv.Evaluator(game, sv.canon_of(game), solution.table)


def test_the_last_pawn_race_is_every_valid_pair_of_last_pawns(
        race: tuple[castlerules.Game, sv.Evaluator]) -> None:
    from castlerules.spookslot import solve as ss

    game, ev = race
    positions = ss.last_pawn_positions(game)
    places = ("start", *game.board.ids)
    shared = set(game.board.blue) | {game.board.green_star, "start"}
    assert len(positions) == sum(1 for a in places for b in places if a != b or a in shared)
    table = ss.race_table(game, ev)
    assert len(table) == len(positions)
    # the mover's chance and the other's add up to 1 (one of them escapes first)
    for (mine, theirs), value in table.items():
        state = game.state_from_text(f"{mine if mine != 'start' else '-'},x/"
                                     f"{theirs if theirs != 'start' else '-'},x p0 roll - - -")
        assert abs(sum(ev.chances(state)) - 1) <= 2 * ev.table.bound
        assert 0 < value < 1


def test_the_fork_picture_colours_each_choice_the_evaluator_makes(
        race: tuple[castlerules.Game, sv.Evaluator]) -> None:
    from castlerules.spookslot import solve as ss
    from castlerules.spookslot.state import EXIT, Phase, State

    game, ev = race
    choices = ss.fork_choices(game, ev)
    assert set(choices) == set(game.board.forks)
    for fork, rows in choices.items():
        assert rows
        svg = ss.fork_picture(game, fork, rows)
        assert svg.startswith("<svg") and svg.count("<rect") >= sum(len(c) for _, _, c in rows)
        square, roll, cells = rows[len(rows) // 2]
        other, choice = next(iter(cells.items()))
        state = State(pawns=((square, EXIT), (other, EXIT)), turn=0, phase=Phase.MOVE, roll=roll)
        best = game.action_to_str(state, ev.best_action(state, 0))
        route = {"safe": game.board.branch(fork, "safe"), "short": game.board.branch(fork, "short")}
        if choice != "equal":
            assert f"via {route[choice]}" in best
