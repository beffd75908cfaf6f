"""The theorem results the docs show: the default game's runs, read from the JSON of
``castlerules verify --json`` (which holds every player count), and what the JSON lacks proved by a
pool of processes and kept in the cache."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import castlerules
from castlerules.core.plan import plan
from castlerules.core.theorem import Result, Run

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"
GAME = "vlotte-geesten"  # 2 to 8 players, 4 by default: the default run holds each count


@pytest.fixture
def data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    monkeypatch.syspath_prepend(str(EXT))
    monkeypatch.setenv("CASTLERULES_DOCS_CACHE", str(tmp_path / "cache"))
    from castlerules_docs import data as module

    return module


def verify_json(path: Path, leave_out: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """What ``castlerules verify GAME --json`` writes, without running the checks: every planned
    run (every player count) marked proved, its seconds telling the runs apart."""
    runs = [
        Run(t, Result.proved("stand-in"), seconds=k).to_data()
        for k, t in enumerate(plan(GAME))
        if t.id not in leave_out
    ]
    path.write_text(json.dumps({"unexpected": [], "runs": runs}), encoding="utf-8")
    return runs


def test_the_docs_show_the_default_player_counts_runs_from_a_verify_json(
    data: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = verify_json(tmp_path / "verify.json")
    default = castlerules.make(GAME).num_players
    assert {r["players"] for r in runs} == set(range(2, 9))
    monkeypatch.setenv("CASTLERULES_VERIFY_JSON", str(tmp_path / "verify.json"))
    shown = data.load_runs([GAME])
    assert set(shown) == {t.id for t in castlerules.make(GAME).theorems() if not t.deep}
    for tid, run in shown.items():
        assert run["players"] == default, f"{tid}: the {run['players']}-player run is shown"
        # the run the default game planned for it, not another count's
        (planned,) = [r for r in runs if r["id"] == tid and r["players"] == default]
        assert run["seconds"] == planned["seconds"]
    assert not (tmp_path / "cache").exists(), "nothing was proved, nothing cached"


@pytest.mark.slow  # starts a pool of two processes that import castlerules and z3
def test_what_the_json_lacks_is_proved_in_parallel_and_cached(
    data: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = ("vg.ties", "vg.next-roller")
    verify_json(tmp_path / "verify.json", leave_out=missing)
    monkeypatch.setenv("CASTLERULES_VERIFY_JSON", str(tmp_path / "verify.json"))
    monkeypatch.setenv("CASTLERULES_DOCS_JOBS", "2")
    shown = data.load_runs([GAME])
    for tid in missing:
        assert shown[tid]["verdict"] == "proved" and shown[tid]["detail"] != "stand-in", tid
        assert shown[tid]["players"] == castlerules.make(GAME).num_players
    (cache,) = (tmp_path / "cache").glob("theorems-*.json")
    assert set(json.loads(cache.read_text(encoding="utf-8"))) == set(missing)
