"""Running theorems as independent tasks: a task made again in a worker is the same theorem; local
processes and a Dask LocalCluster return the serial run's results in the serial order; a
fail-fast run stops where the serial one stops."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run as run_cli

import castlerules
from castlerules.core import execute as ex
from castlerules.core.plan import plan
from castlerules.core.theorem import Result, Run, Status, Theorem


def _made(name: str, ids: set[str], **options: Any) -> list[Theorem]:
    return [t for t in castlerules.make(name, **options).theorems() if t.id in ids]


def _some_theorems() -> list[Theorem]:
    """Quick theorems of every game, some made under parameter options (the loaded dice, a custom
    map with fixed skulls, a custom Spookslot board and die), in plan order."""
    from castlerules.kasteel.theorems import REPRESENTATIVES as KASTEEL
    from castlerules.kasteel.theorems.setup import last_zone_squares
    from castlerules.spookslot.theorems import REPRESENTATIVES as SPOOKSLOT
    from castlerules.vlotte_geesten.theorems import REPRESENTATIVES as VG

    out = plan("vlotte-geesten", only=["vg.ties", "vg.seats"])
    out += plan("splut", {"levitate-start": "first-step"}, only=["splut.start"])
    out += _made("vlotte-geesten", {"vg.chance", "vg.start"}, players=3,
                 faces=VG["dice-faces"]["custom"][0], first_player=1)
    custom_map = KASTEEL["board"]["custom"][0]
    fixed = last_zone_squares(castlerules.make("kasteel", board=custom_map))
    out += _made("kasteel", {"kasteel.board", "kasteel.level-passes"}, board=custom_map,
                 skull_squares=fixed, readings={"moves": "mixed"})
    out += _made("spookslot", {"spookslot.board-well-formed", "spookslot.start-position"},
                 players=4, board=SPOOKSLOT["board"]["custom"][0],
                 die_faces=SPOOKSLOT["die-faces"]["custom"][0])
    return out


def _data(runs: list[Run]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.to_data().items() if k != "seconds"} for r in runs]


def test_a_task_makes_the_same_theorem_again() -> None:
    theorems = _some_theorems()
    assert any(dict(t.options).get("board") for t in theorems)  # parameter options travel
    for t in theorems:
        again = ex.theorem_of(ex.task_of(t))
        assert (again.id, again.under, again.statement, again.depends_on) == (
            t.id, t.under, t.statement, t.depends_on)


def test_a_task_for_another_theorem_is_refused() -> None:
    t = plan("splut", only=["splut.start"])[0]
    task = ex.task_of(t)
    with pytest.raises(castlerules.RulesError, match="no theorem"):
        ex.theorem_of(ex.Task(task.game, task.players, task.readings, task.options,
                              "splut.no-such", task.under))


def _theorem(tid: str, status: Status) -> Theorem:
    result = Result.proved() if status is Status.PROVED else Result.refuted("x", "broken")
    return Theorem(tid, "splut", "made up", (), "exhaustive", lambda: result)


def test_fail_fast_stops_at_the_first_unexpected_result_in_order() -> None:
    theorems = [_theorem("a", Status.PROVED), _theorem("b", Status.COUNTEREXAMPLE),
                _theorem("c", Status.PROVED)]
    seen: list[str] = []
    runs = ex.execute(theorems, jobs=1, fail_fast=True, progress=lambda r: seen.append(r.theorem.id))
    assert [r.theorem.id for r in runs] == ["a", "b"] == seen
    assert [r.theorem.id for r in ex.execute(theorems, jobs=1)] == ["a", "b", "c"]


def test_results_coming_back_out_of_order_are_put_in_order() -> None:
    """What a parallel run sees: later tasks may finish first; a failure is final only once every
    task before it is back, and the runs end where a serial run ends."""
    theorems = [_theorem(t, Status.PROVED) for t in "abcde"]
    collector = ex._Collector(theorems, None, fail_fast=True)
    bad = Result.refuted("x", "broken")
    collector.add(3, bad, 0.1)
    assert not collector.over() and not collector.needed(4) and collector.needed(2)
    collector.add(0, Result.proved(), 0.1)
    collector.add(2, bad, 0.1)
    assert not collector.over()
    collector.add(1, Result.proved(), 0.1)
    assert collector.over()
    assert [r.theorem.id for r in collector.runs()] == ["a", "b", "c"]


def test_bad_options_are_refused() -> None:
    with pytest.raises(castlerules.RulesError, match="backend"):
        ex.execute([], backend="spark")
    with pytest.raises(castlerules.RulesError, match="scheduler"):
        ex.execute([], scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(castlerules.RulesError, match="jobs"):
        ex.execute([], jobs=0)


@pytest.mark.slow
def test_two_local_processes_give_the_serial_results_in_order() -> None:
    theorems = _some_theorems()
    serial = ex.execute(theorems, jobs=1)
    finished: list[str] = []
    parallel = ex.execute(theorems, jobs=2, progress=lambda r: finished.append(r.theorem.id))
    assert _data(parallel) == _data(serial)
    assert sorted(finished) == sorted(t.id for t in theorems)


@pytest.mark.slow
def test_a_two_worker_dask_cluster_gives_the_serial_results_in_order() -> None:
    pytest.importorskip("dask.distributed")
    theorems = _some_theorems()
    serial = ex.execute(theorems, jobs=1)
    on_dask = ex.execute(theorems, jobs=2, backend="dask")
    assert _data(on_dask) == _data(serial)


def test_verify_costs_runs_the_quick_theorems_first_and_reports_in_plan_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """``verify --fail-fast --costs FILE`` runs what took least time in FILE first, so a failing
    quick theorem stops the run before the slow ones; the results keep the plan's order."""
    args = ["verify", "vlotte-geesten", "--jobs", "1", "--json", "--theorem", "vg.start",
            "--theorem", "vg.seats", "--theorem", "vg.ties"]
    code, out, _ = run_cli(capsys, *args)
    planned = [(r["id"], r["players"]) for r in json.loads(out)["runs"]]
    assert code == 0 and planned[0][0] == "vg.start" and planned[-1][0] == "vg.ties"
    costs = tmp_path / "costs.json"
    costs.write_text(json.dumps([{"id": "vg.start", "seconds": 3.0},
                                 {"id": "vg.seats", "seconds": 2.0},
                                 {"id": "vg.ties", "seconds": 0.5}]), encoding="utf-8")
    code, out, err = run_cli(capsys, *args, "--costs", str(costs))
    assert code == 0 and [(r["id"], r["players"]) for r in json.loads(out)["runs"]] == planned
    ran = [line.split("] ", 1)[1].split(":")[0] for line in err.splitlines() if "] vg." in line]
    assert ran == sorted(ran, key=["vg.ties", "vg.seats", "vg.start"].index)

    real = ex.run

    def ties_broken(t: Theorem) -> Run:
        done = real(t)
        return Run(t, Result.refuted("x", "broken"), done.seconds) if t.id == "vg.ties" else done

    monkeypatch.setattr(ex, "run", ties_broken)
    code, out, _ = run_cli(capsys, *args, "--fail-fast")
    first_ties = [tid for tid, _ in planned].index("vg.ties")
    data = json.loads(out)
    assert code == 1 and len(data["runs"]) == first_ties + 1 > 1
    assert [(r["id"], r["status"]) for r in data["unexpected"]] == [("vg.ties", "COUNTEREXAMPLE")]
    code, out, err = run_cli(capsys, *args, "--fail-fast", "--costs", str(costs))
    assert code == 1 and [r["id"] for r in json.loads(out)["runs"]] == ["vg.ties"]
    assert err.count("] vg.") == 1


@pytest.mark.parametrize("text", ["not json", '{"runs": 5}', '[{"id": 1, "seconds": 1}]',
                                  '[{"id": "vg.start", "seconds": -1}]', "[" * 100_000, '"x"',
                                  '{"combinations": [{"configurations": 3}]}'])
def test_verify_costs_refuses_a_file_that_is_not_verify_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str,
) -> None:
    costs = tmp_path / "costs.json"
    costs.write_text(text, encoding="utf-8")
    code, _, err = run_cli(capsys, "verify", "splut", "--theorem", "splut.start", "--costs",
                           str(costs))
    assert code == 2 and "--costs" in err and len(err) < 300
