"""The command line: every command, its JSON, and one-line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run

import castlerules


def test_games_lists_one_game_a_line_name_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(castlerules.games())


@pytest.mark.parametrize("game", castlerules.games())
def test_rules_json_has_every_clause(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, "rules", game, "--json", "--tests", str(Path(__file__).parents[1]))
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == len(castlerules.make(game).spec.clauses)
    for row in rows:
        assert {"id", "kind", "nl", "en", "implemented_by", "tests", "theorems"} <= set(row)
        if row["kind"] == "rule":
            assert row["implemented_by"], row["id"]


def test_rules_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "vlotte-geesten")
    assert code == 0
    assert "vg.situatie3.regel" in out and "implemented by" in out


def test_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "vlotte-geesten", "--json")
    assert code == 0
    rows = json.loads(out)
    assert {r["id"] for r in rows} >= {"vg.answer-unique", "vg.points-conserved"}
    for r in rows:
        assert {"id", "game", "method", "status", "expected", "seconds"} <= set(r)
        assert r["status"] in ("PROVED", "COUNTEREXAMPLE", "UNKNOWN")
    assert err.count("\n") == len(rows)  # one progress line per theorem


def test_verify_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "vlotte-geesten")
    assert code == 0
    assert "as expected" in out


def test_play_then_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys, "play", "vlotte-geesten", "--seed", "4", "--players", "3", "-o", str(path)
    )
    assert code == 0
    assert json.loads(out)["game"] == "vlotte-geesten"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "game ended" in out
    record = json.loads(path.read_text())
    record["actions"][3] = "p9 pass"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "ply 3" in err and len(err.strip().splitlines()) == 1


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "vlotte-geesten", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["actions_per_second"] > 0 and data["actions"] > 0


@pytest.mark.parametrize(
    "args",
    [
        ("bench", "chess"),
        ("play", "vlotte-geesten", "--players", "12"),
        ("play", "vlotte-geesten", "--seed", "x"),
        ("replay", "/no/such/file.json"),
        ("frobnicate",),
        (),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
