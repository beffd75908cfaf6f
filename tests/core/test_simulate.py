"""``castlerules simulate``: deterministic whatever the workers or backend, statistics, records."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from cli_runner import run

import castlerules
from castlerules import simulate as sim
from castlerules.core.record import Record, replay


def test_game_seeds_depend_on_seed_and_index_only() -> None:
    assert sim.game_seed(0, 5) == sim.game_seed(0, 5)
    assert len({sim.game_seed(s, i) for s in range(3) for i in range(100)}) == 300


def test_the_work_unit_is_picklable_and_pure() -> None:
    job = next(sim.iter_jobs("vlotte-geesten", 3, {"players": 3}, seed=4, workers=1))
    assert pickle.loads(pickle.dumps(job)) == job
    results = sim.run_job(job)
    assert pickle.loads(pickle.dumps(results)) == results
    assert sim.run_job(job) == results


def test_same_results_whatever_the_number_of_workers() -> None:
    one = sim.simulate("vlotte-geesten", 24, options={"players": 3}, seed=11, workers=1)
    two = sim.simulate("vlotte-geesten", 24, options={"players": 3}, seed=11, workers=2)
    assert one.results == two.results
    assert one.summary == two.summary
    other = sim.simulate("vlotte-geesten", 24, options={"players": 3}, seed=12, workers=1)
    assert other.results != one.results


def test_statistics_add_up() -> None:
    done = sim.simulate("vlotte-geesten", 30, options={"players": 4}, seed=2)
    s = done.summary
    assert s["games"] == 30 and s["players"] == 4
    assert sum(s["sole_wins_by_seat"]) + s["ties"] + s["no_winner"] + s["unfinished"] == 30
    assert sum(s["wins_by_seat"]) >= 30 - s["unfinished"]
    length = s["length"]
    assert length["min"] <= length["p10"] <= length["median"] <= length["p90"] <= length["max"]
    assert length["mean"] == sum(r.plies for r in done.results) / 30
    counters = s["counters"]
    rolls = counters["rolls"]["total"]
    assert rolls == sum(counters[f"situation {k}"]["total"] for k in (1, 2, 3))
    assert counters["right grabs"]["total"] == 35 * 30  # every point leaves the supply once
    table = sim.format_table(s)
    assert "wins by seat" in table and "situation 1" in table and "421/625" in table


def test_vlotte_geesten_shares_are_exact() -> None:
    shares = sim.exact_shares(castlerules.make("vlotte-geesten"))
    assert sum(p for p, _ in shares.values()) == 1
    assert shares["situation 3"] == (Fraction(24, 625), "rolls")  # 5! * 5^-5 = 120/3125


def test_every_game_has_a_counters_hook() -> None:
    assert all(sim.counters_hooks(castlerules.games()).values())


@pytest.mark.parametrize("name", castlerules.games())
def test_every_game_simulates_with_its_counters(name: str) -> None:
    done = sim.simulate(name, 4, seed=1, workers=1)
    assert done.summary["counters"]
    assert len(done.results) == 4


def test_records_of_simulated_games_replay_and_altered_ones_are_refused(tmp_path: Path) -> None:
    done = sim.simulate("vlotte-geesten", 3, options={"players": 2}, seed=9, keep_records=True)
    paths = sim.save_records(done, tmp_path)
    assert [p.name for p in paths] == [f"vlotte-geesten-{i:06d}.json" for i in range(3)]
    for path, result in zip(paths, done.results):
        record = Record.from_json(path.read_text(encoding="utf-8"))
        states = replay(record, every_state=True)
        game = castlerules.make(record.game, **record.options_dict())
        assert len(record.actions) == result.plies
        assert tuple(sorted(game.winners(states[-1]))) == result.winners
    # Alter one grab: it becomes a second grab by a player who already acted.
    data = json.loads(paths[0].read_text(encoding="utf-8"))
    ply = next(i for i, a in enumerate(data["actions"]) if a.startswith("roll")) + 1
    first = data["actions"][ply]
    data["actions"].insert(ply + 1, first)
    paths[0].write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(castlerules.RecordError) as caught:
        replay(Record.from_json(paths[0].read_text(encoding="utf-8")))
    assert caught.value.ply == ply + 2  # actions[ply + 1], counted from 1


def test_cli_simulate_table_json_records_and_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    code, out, err = run(
        capsys, "simulate", "vlotte-geesten", "-n", "6", "--players", "3", "--seed", "5",
        "--json", "--save-records", str(folder),
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 6 and data["seed"] == 5 and len(data["wins_by_seat"]) == 3
    assert "6/6 games" in err  # the progress bar
    files = sorted(folder.glob("*.json"))
    assert len(files) == 6
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0 and "plies replayed" in out
    record = json.loads(files[1].read_text(encoding="utf-8"))
    record["actions"][0] = "roll ghost ghost ghost ghost nothing"
    files[1].write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(files[1]))
    assert code == 2 and "ply 1:" in err and len(err.strip().splitlines()) == 1

    code, out, _ = run(capsys, "simulate", "vlotte-geesten", "-n", "4", "--no-progress")
    assert code == 0 and "wins by seat" in out and "random play is not human play" in out


@pytest.mark.parametrize(
    "args",
    [
        ["-n", "0"],
        ["-n", "x"],
        [],
        ["-n", "3", "--workers", "0"],
        ["-n", "3", "--players", "1"],
        ["-n", "3", "--backend", "spark"],
        ["-n", "3", "--plot", "chart.gif"],
        ["-n", "3", "--scheduler", "tcp://127.0.0.1:1"],
    ],
)
def test_cli_simulate_bad_arguments(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, "simulate", "vlotte-geesten", *args)
    assert code == 2
    assert not out
    assert len(err.strip().splitlines()) == 1 and err.startswith("castlerules: error:")


def test_cli_simulate_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    for suffix in ("png", "svg"):
        chart = tmp_path / f"chart.{suffix}"
        code, _, err = run(
            capsys, "simulate", "vlotte-geesten", "-n", "5", "--plot", str(chart), "--no-progress"
        )
        assert code == 0, err
        assert chart.stat().st_size > 1000
    assert (tmp_path / "chart.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_dask_local_cluster_gives_the_same_results() -> None:
    distributed = pytest.importorskip("dask.distributed")
    local = sim.simulate("vlotte-geesten", 12, options={"players": 2}, seed=3)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = sim.simulate(
            "vlotte-geesten", 12, options={"players": 2}, seed=3, backend="dask", client=client
        )
    assert remote.results == local.results
    assert remote.summary == local.summary


def test_the_core_package_imports_no_optional_library() -> None:
    code = (
        "import sys, castlerules, castlerules.cli, castlerules.simulate, castlerules.adapters;"
        "import castlerules.adapters.common;"
        "[castlerules.make(g).action_universe() for g in castlerules.games()];"
        "bad = {'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'dask', 'distributed',"
        " 'matplotlib', 'numpy'} & set(sys.modules);"
        "print(sorted(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_jobs_are_made_lazily_and_workers_never_outnumber_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    jobs = sim.iter_jobs("splut", 10**12, {}, seed=0, workers=2)
    first = next(jobs)
    assert first.first == 0 and first.count == 100
    done = sim.simulate("splut", 1, seed=1, workers=24)
    assert done.workers == 1 and done.summary["games"] == 1
    code, out, err = run(capsys, "simulate", "splut", "-n", "1", "--workers", "64", "--no-progress")
    assert code == 0 and "64 workers on" in err and "1 worker)" in out


def test_statistics_stream_without_keeping_results() -> None:
    kept = sim.simulate("vlotte-geesten", 10, options={"players": 2}, seed=6)
    streamed = sim.simulate("vlotte-geesten", 10, options={"players": 2}, seed=6,
                            keep_results=False)
    assert streamed.results == () and streamed.summary == kept.summary
    assert sum(streamed.lengths.values()) == 10
