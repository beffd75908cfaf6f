"""The command line: every command, its JSON, and one-line errors with exit code 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_runner import run

import castlerules

TESTS = str(Path(__file__).parents[1])


def test_games_lists_one_game_a_line_name_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(castlerules.games())
    assert "2-8 players" in out and "\t2 players" in out


@pytest.mark.parametrize("game", castlerules.games())
def test_rules_json_has_every_clause(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, "rules", game, "--json", "--tests", TESTS)
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == len(castlerules.make(game).spec.clauses)
    for row in rows:
        assert {"id", "kind", "nl", "en", "implemented_by", "tests", "theorems"} <= set(row)
        if row["kind"] == "rule":
            assert row["implemented_by"], row["id"]


def test_rules_text_hides_flavour_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "vlotte-geesten")
    assert code == 0
    assert "vg.situatie3.regel" in out and "implemented by" in out
    assert "vg.intro.uitleg" not in out  # flavour
    assert "test links need a castlerules checkout" in out
    code, out, _ = run(capsys, "rules", "vlotte-geesten", "--kind", "flavour")
    assert "vg.intro.uitleg" in out and "vg.situatie3.regel" not in out
    code, out, _ = run(capsys, "rules", "vlotte-geesten", "vg.spel.worp", "--tests", TESTS)
    assert code == 0 and "vg.spel.worp" in out and "vg.situatie3.regel" not in out


def test_rules_with_a_missing_tests_folder_or_clause_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "rules", "splut", "--tests", str(tmp_path / "nowhere"))
    assert code == 2 and "is not a folder" in err
    code, _, err = run(capsys, "rules", "splut", "splut.no-such-clause")
    assert code == 2 and "no clause" in err


@pytest.mark.parametrize("game", castlerules.games())
def test_readings_json_lists_every_interpretation(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    code, out, _ = run(capsys, "readings", game, "--json")
    assert code == 0
    data = json.loads(out)
    spec = castlerules.make(game).spec
    assert [i["id"] for i in data["interpretations"]] == [i.id for i in spec.interpretations]
    for i in data["interpretations"]:
        assert sum(o["default"] for o in i["options"]) == 1
        for o in i["options"]:
            assert {"id", "text", "default", "playable", "reason"} <= set(o)
            assert o["playable"] or o["reason"]


def test_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "vlotte-geesten", "--json", "--theorem",
                       "vg.answer-unique", "--theorem", "vg.points-conserved")
    assert code == 0
    rows = json.loads(out)
    assert {r["id"] for r in rows} == {"vg.answer-unique", "vg.points-conserved"}
    for r in rows:
        assert {"id", "game", "method", "basis", "status", "expected", "verdict", "readings",
                "seconds"} <= set(r)
        assert r["status"] in ("PROVED", "COUNTEREXAMPLE", "UNKNOWN")
        assert r["basis"] in ("code", "model")


def test_verify_table_groups_by_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "vlotte-geesten", "--theorem", "vg.answer-unique")
    assert code == 0
    assert "Vlotte Geesten: Het Dobbelspel (vlotte-geesten)" in out
    assert "1 of 1 as expected" in out
    assert "vg.answer-unique: proved" in out and "basis: code" in out
    assert err.count("\n") >= 1  # progress on stderr (plain when not a terminal)


def test_verify_under_a_reading_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    spec = castlerules.make("vlotte-geesten").spec
    interp = spec.interpretation("next-roller")
    other = next(o.id for o in interp.options if o.id != interp.default)
    code, out, _ = run(capsys, "verify", "vlotte-geesten", "--json", "--reading",
                       f"next-roller={other}", "--theorem", "vg.winner")
    rows = json.loads(out)
    assert rows and all(r["readings"] == {"vg.interp.next-roller": other} for r in rows)
    code, _, err = run(capsys, "verify", "vlotte-geesten", "--reading", "no-such=thing")
    assert code == 2 and "no interpretation" in err
    code, _, err = run(capsys, "verify", "vlotte-geesten", "--theorem", "vg.no-such")
    assert code == 2 and "no theorem" in err


def test_random_play_is_shown_one_ply_a_line_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys, "play", "vlotte-geesten", "--seed", "4", "--players", "3", "-o", str(path)
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("1. roll ")
    assert "wins" in out or "share the win" in out
    record = json.loads(path.read_text())
    assert record["seed"] == 4 and record["game"] == "vlotte-geesten"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "plies replayed. The supply is empty, so the game is over" in out
    record["actions"][3] = "p9 pass"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    # the 4th action, numbered as play numbers it
    assert "ply 4:" in err and len(err.strip().splitlines()) == 1


def test_play_json_prints_only_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "splut", "--seed", "1", "--max-plies", "12", "--json")
    assert code == 0
    record = json.loads(out)
    assert len(record["actions"]) == 12 and record["seed"] == 1


def test_play_without_a_seed_stores_the_one_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "splut", "--max-plies", "3", "--json")
    assert code == 0 and isinstance(json.loads(out)["seed"], int)


def test_a_human_plays_by_typing_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = castlerules.make("splut")
    first = game.action_to_str(game.initial_state(), game.legal_actions(game.initial_state())[0])
    moves = ["?", "p0 Xz9-z8", "p0 Se1-e2", first, "undo", first, "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(moves) + "\n"))
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", "splut", "--human", "0", "--seed", "2", "-o", str(path))
    assert code == 0
    assert "legal:" in out  # the answer to '?'
    assert "not a move" in out or "illegal" in out
    assert "taken back" in out
    assert "not finished: quit" in out
    record = json.loads(path.read_text())
    assert record["actions"][0] == first


def test_show_and_explain(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "show", "splut", "start", "--svg", str(tmp_path / "b.svg"))
    assert code == 0 and "position:" in out
    assert (tmp_path / "b.svg").read_text().lstrip().startswith("<svg")
    game = castlerules.make("splut")
    start = game.initial_state()
    move = game.action_to_str(start, game.legal_actions(start)[0])
    code, out, _ = run(capsys, "explain", "splut", "start", move)
    assert code == 0 and "legal" in out and "after it:" in out
    code, out, _ = run(capsys, "explain", "splut", game.state_to_text(start), "p1 Se9-e8")
    assert code == 1 and "illegal" in out and "clause splut." in out
    code, out, _ = run(capsys, "explain", "splut", "start", "--all")
    assert code == 0 and move in out
    path = tmp_path / "r.json"
    run(capsys, "play", "splut", "--seed", "3", "--max-plies", "5", "-o", str(path))
    code, out, _ = run(capsys, "show", str(path), "--ply", "2")
    assert code == 0 and "after ply 2 of 5" in out
    code, _, err = run(capsys, "show", str(path), "--ply", "9")
    assert code == 2 and "plies 0 to 5" in err


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "vlotte-geesten", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["actions_per_second"] > 0 and data["actions"] > 0


def test_help_version_and_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "play" in out and "examples:" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and castlerules.__version__ in out
    code, _, err = run(capsys, "play", "splat")
    assert code == 2 and "did you mean 'splut'" in err
    code, out, _ = run(capsys, "play", "Vlotte_Geesten", "--seed", "1", "--max-plies", "2", "--json")
    assert code == 0 and json.loads(out)["game"] == "vlotte-geesten"
    code, out, _ = run(capsys, "play", "--help")
    assert "default:" in out and "example:" in out


@pytest.mark.parametrize(
    "args",
    [
        ("bench", "chess"),
        ("play", "vlotte-geesten", "--players", "12"),
        ("play", "vlotte-geesten", "--seed", "x"),
        ("play", "vlotte-geesten", "--max-plies", "-5"),
        ("play", "vlotte-geesten", "--human", "9"),
        ("bench", "vlotte-geesten", "--seconds", "-1"),
        ("replay", "/no/such/file.json"),
        ("show", "splut", "not a position"),
        ("explain", "splut", "start", "p0 fly away"),
        ("frobnicate",),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "content",
    [b"\x00\xff\xfe binary", "caf\xe9".encode("latin-1"), '{"game": "splut"}'.encode("utf-16"),
     b"[" * 100_000, b'{"game":"kasteel","options":{"board":"/etc/hostname"},"actions":[]}'],
)
def test_replay_of_a_bad_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "hostname" not in err or "/etc/hostname" in err  # never the file's content


@pytest.mark.parametrize("where", ["missing/folder/g.json", ".", "/dev/full"])
def test_play_output_that_cannot_be_written_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "play", "splut", "--seed", "1", "--max-plies", "2", "-o", where)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "cannot write" in err


def test_rules_tests_folder_with_odd_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "test_x.py").mkdir()
    (tmp_path / "test_latin.py").write_bytes("# caf\xe9\n".encode("latin-1"))
    (tmp_path / "test_broken.py").write_text("def (:\n")
    code, _, err = run(capsys, "rules", "splut", "--tests", str(tmp_path))
    assert code == 0, err


def test_the_mcts_bot_plays_legal_moves_within_its_time(capsys: pytest.CaptureFixture[str]) -> None:
    import random
    import time

    from castlerules.bots import MCTSBot

    game = castlerules.make("kasteel", skull_squares=["c10", "j9", "q11"])
    bot = MCTSBot(random.Random(1), simulations=10_000, seconds=0.3, rollout_plies=50)
    state = game.initial_state()
    started = time.perf_counter()
    action = bot.choose(game, state, 0)
    assert time.perf_counter() - started < 3
    assert game.is_legal(state, action)
    code, out, _ = run(capsys, "play", "splut", "--bot", "mcts", "--think", "0.05",
                       "--simulations", "20", "--seed", "1", "--max-plies", "6")
    assert code == 0 and "6. " in out
