"""The command line: every command, its JSON, and one-line errors with exit code 2."""

from __future__ import annotations

import io
import json
import re
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
    data = json.loads(out)
    assert data["unexpected"] == []
    rows = data["runs"]
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
    rows = json.loads(out)["runs"]
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


# -- verify speaks: statements, scope, clauses, verdicts, headlines, a key ---------------------------


def _synthetic_runs(names: tuple[str, ...]) -> list[object]:
    """A run for every theorem the default verify plans, each with the verdict its theorem
    expects (no check runs: this is about what the report shows)."""
    from castlerules.core.plan import plan
    from castlerules.core.theorem import Result, Run, Status

    runs = []
    for name in names:
        for t in plan(name):
            result = (Result.proved(f"checked for {t.id}") if t.expected is Status.PROVED
                      else Result.refuted("a board", f"found for {t.id}"))
            runs.append(Run(t, result, 0.01))
    return runs


def _report(runs: list[object], names: tuple[str, ...], width: int) -> str:
    from castlerules.core.styled import Console
    from castlerules.report import print_report

    buffer = io.StringIO()
    print_report(Console(buffer, width=width, colour=False), runs, names)  # type: ignore[arg-type]
    return buffer.getvalue()


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("width", [80, 60])
def test_verify_report_holds_every_statement_whole(width: int) -> None:
    """Issue 28.2: each theorem's statement (wrapped, never cut), what each run was checked
    for, the clauses it states and its verdict; nothing cut with '…'; lines fit the width."""
    names = castlerules.games()
    runs = _synthetic_runs(names)
    text = _report(runs, names, width)
    said = _words(text)
    assert "…" not in text
    for line in text.splitlines():
        assert len(line) <= width or len(line.split()) == 1, line
    seen: set[str] = set()
    for r in runs:
        t = r.theorem  # type: ignore[attr-defined]
        assert f"checked for {t.id}" in said or f"found for {t.id}" in said
        if t.id in seen:
            continue
        seen.add(t.id)
        assert _words(t.statement) in said, t.id  # the first run's statement, whole
        assert f"{t.id}: {'proved' if t.expected.value == 'PROVED' else 'expected finding'}" \
            in said
        for clause in t.clauses:
            assert clause in said
    assert "Every roll has exactly one answer: holds under the default readings " \
           "(vg.answer-unique proved" in said
    assert "Kasteel never draws: holds under the default readings (kasteel.one-winner proved; " \
           "kasteel.never-stuck expected finding; kasteel.stuck-reachable expected finding" in said
    # the key: methods, bases, expected findings, and where to read more (for a pip user too)
    for term in ("z3:", "exhaustive:", "search:", "basis code:", "basis model:",
                 "expected finding:", "'castlerules theorem GAME ID'",
                 "'How the rules are verified'"):
        assert term in said
    assert ".rst" not in said


def test_a_headline_fails_when_one_of_its_theorems_does() -> None:
    from castlerules.core.theorem import Result, Run

    runs = [r for r in _synthetic_runs(("kasteel",)) if r.theorem.id.startswith("kasteel.")]  # type: ignore[attr-defined]
    broken = [Run(r.theorem, Result.refuted("a draw", "a draw"), 0.0)  # type: ignore[attr-defined]
              if r.theorem.id == "kasteel.one-winner" else r for r in runs]  # type: ignore[attr-defined]
    said = _words(_report(broken, ("kasteel",), 80))
    assert "Kasteel never draws: NOT established under the default readings (kasteel.one-winner " \
           "unexpected" in said
    assert "unexpected: kasteel.one-winner (2 players): COUNTEREXAMPLE (expected PROVED)" in said


def test_the_headline_ids_are_theorems() -> None:
    import castlerules
    from castlerules.core.plan import every_configuration

    for declared in castlerules.core.catalog.infos():
        known = {t.id for t in every_configuration(declared.name)}
        assert declared.headlines, declared.name
        for _, ids in declared.headlines:
            assert set(ids) <= known, declared.name


def test_verify_speaks_at_sixty_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(capsys, "verify", "kasteel", "--theorem", "kasteel.never-stuck",
                       "--theorem", "kasteel.stuck-rule")
    assert code == 0
    said = _words(out)
    assert "kasteel.never-stuck: expected finding" in said
    assert "Kasteel never draws, part 2 (claim): the player to move always has a legal move " \
           "while he has knights." in said
    assert "kasteel.stuck-rule: proved" in said and "checked for 2 players:" in said
    assert "Kasteel never draws: holds under the default readings (kasteel.never-stuck " \
           "expected finding; kasteel.stuck-rule proved)" in said
    assert "states: kasteel.einde.geen-gelijkspel" in said
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 60
    assert "2 of 2 as expected" in said


def test_verify_says_its_wall_time_and_scopes_as_the_command_line_takes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 36.4: the closing line gives the run's wall time (the checks' own seconds, added up
    over the processes, only beside it); a reading given by its keyword option (Kasteel's stuck)
    is said as --reading takes it, and the headline says under what it holds."""
    from castlerules.core.plan import plan
    from castlerules.core.theorem import Result, Run, scope_parts

    (t,) = plan("kasteel", {"no-legal-move": "lose"}, only=["kasteel.one-winner"])
    assert scope_parts(t) == ["2 players", "no-legal-move=lose"] and t.under == \
        "2 players, no-legal-move=lose"
    code, _, _ = run(capsys, "verify", "kasteel", "--reading", "no-legal-move=lose",
                     "--theorem", "kasteel.stuck-rule")
    assert code == 0
    buffer = io.StringIO()
    from castlerules.core.styled import Console
    from castlerules.report import print_report

    runs = [Run(t, Result.proved("ok"), 3.0), Run(t, Result.proved("ok"), 3.0)]
    print_report(Console(buffer, width=80, colour=False), runs, ("kasteel",), wall=2.0)
    said = _words(buffer.getvalue())
    assert "in 2.0 s of wall time (6.0 s of checks side by side)" in said
    assert "every run under: no-legal-move=lose * Kasteel never draws: holds under " \
           "no-legal-move=lose" in said


def test_a_scope_says_the_player_count_once() -> None:
    """Issue 36.4: a check that names the count itself ("2 players, each roller") is not told
    "2 players: 2 players, ..."."""
    from castlerules.core.plan import plan
    from castlerules.core.theorem import Result, Run
    from castlerules.report import scope_line

    (t,) = plan("vlotte-geesten", only=["vg.seats"])[:1]
    said = scope_line(Run(t, Result.proved(f"{t.players} players, each roller"), 0.1))
    assert said == f"{t.players} players: each roller"


def test_a_theorem_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    """``rules GAME ID`` (and ``theorem GAME ID``) show a theorem: statement, clauses, scope, and
    the command that runs it alone — which does run it."""
    from castlerules.core.plan import plan

    (t,) = plan("kasteel", only=["kasteel.stuck-rule"])
    for args in (("rules", "kasteel", t.id), ("theorem", "kasteel", t.id)):
        code, out, _ = run(capsys, *args)
        assert code == 0
        said = _words(out)
        assert _words(t.statement) in said and ", ".join(t.clauses) in said
        assert "castlerules verify checks it for: 2 players" in said
        assert f"run it alone: castlerules verify kasteel --theorem {t.id}" in said
    code, out, _ = run(capsys, "verify", "kasteel", "--theorem", t.id)
    assert code == 0 and f"{t.id}: proved" in _words(out)
    code, out, _ = run(capsys, "theorem", "vlotte-geesten", "vg.legal-actions", "--json")
    (data,) = json.loads(out)
    assert data["default_run"] == [f"{n} players" for n in (4, 2, 3, 5, 6, 7, 8)]
    code, out, _ = run(capsys, "theorem", "vlotte-geesten", "vg.legal-actions")
    assert "castlerules verify checks it for: 2-8 players" in _words(out)
    code, _, err = run(capsys, "theorem", "kasteel", "kasteel.no-such")
    assert code == 2 and "no theorem 'kasteel.no-such'" in err
    code, _, err = run(capsys, "rules", "kasteel", "kasteel.no-such")
    assert code == 2 and "no clause or theorem 'kasteel.no-such'" in err


# -- --option NAME=VALUE ------------------------------------------------------------------------

#: Every die shows only its own colour's object: every roll is chair ghost mouse bottle book.
OWN_OBJECT = "red:" + ",".join(["chair"] * 6) + ";white:" + ",".join(["ghost"] * 6) + \
    ";grey:" + ",".join(["mouse"] * 6) + ";green:" + ",".join(["bottle"] * 6) + \
    ";blue:" + ",".join(["book"] * 6)


def test_option_values_are_json_or_the_short_form() -> None:
    from castlerules.cli import option_value

    assert option_value("kasteel", "passes", "3") == 3
    assert option_value("kasteel", "stuck", "lose") == "lose"
    assert option_value("kasteel", "board", "maps/mine.txt") == "maps/mine.txt"
    assert option_value("kasteel", "skull_squares", "i11,j10") == ["i11", "j10"]
    assert option_value("kasteel", "skull_squares", '["i11", "j10"]') == ["i11", "j10"]
    assert option_value("spookslot", "die_faces", "1,2,3,4,ghost,ghost") == \
        [1, 2, 3, 4, "ghost", "ghost"]
    assert option_value("spookslot", "no_yellow", "true") is True
    assert option_value("spookslot", "trap_weights", "stairs:1;bookcase:2;portrait:3;axe:0") == \
        {"stairs": 1, "bookcase": 2, "portrait": 3, "axe": 0}
    faces = option_value("vlotte-geesten", "faces", "red:chair,ghost,ghost,mouse,bottle,book")
    assert faces == {"red": ["chair", "ghost", "ghost", "mouse", "bottle", "book"]}


def test_verify_with_custom_dice(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28.3: the reading that needs its parameter runs with the parameter."""
    code, _, err = run(capsys, "verify", "vlotte-geesten", "--reading",
                       "vg.interp.dice-faces=custom", "--theorem", "vg.chance")
    assert code == 2 and "needs its parameter" in err
    code, out, _ = run(capsys, "verify", "vlotte-geesten", "--reading",
                       "vg.interp.dice-faces=custom", "--option", f"faces={OWN_OBJECT}",
                       "--theorem", "vg.chance", "--theorem", "vg.answer-unique", "--json")
    assert code == 0
    rows = json.loads(out)["runs"]
    assert {r["id"] for r in rows} == {"vg.chance", "vg.answer-unique"}
    for r in rows:
        assert r["verdict"] == "proved"
        assert r["options"]["faces"]["white"] == ["ghost"] * 6
        assert r["readings"] == {"vg.interp.dice-faces": "custom"}
    code, _, err = run(capsys, "verify", "splut", "--option", "faces=red:chair")
    assert code == 2 and "no game of splut takes it" in err


def test_play_with_custom_dice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "vlotte-geesten", "--option", f"faces={OWN_OBJECT}",
                       "--seed", "4", "--max-plies", "30", "--json")
    assert code == 0
    record = json.loads(out)
    rolls = [a for a in record["actions"] if a.startswith("roll")]
    assert len(rolls) > 3 and set(rolls) == {"roll chair ghost mouse bottle book"}
    assert record["options"]["faces"]["grey"] == ["mouse"] * 6


def test_every_command_that_makes_a_game_takes_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    squares = ("--option", "skull_squares=i11,j10,k11")
    code, out, _ = run(capsys, "show", "kasteel", "start", *squares)
    assert code == 0 and {"i11", "j10", "k11"} <= set(re.findall(r"skulls: ([a-s0-9 ]+)", out)[0]
                                                         .split())
    code, out, _ = run(capsys, "explain", "kasteel", "start", "f1-f4", *squares)
    assert code == 0 and "legal" in out  # no skulls fall: yellow moves at once
    code, out, _ = run(capsys, "bench", "kasteel", "--seconds", "0.1", "--json", *squares)
    assert code == 0 and json.loads(out)["options"]["skull_squares"] == ["j10", "i11", "k11"]
    code, out, _ = run(capsys, "simulate", "kasteel", "-n", "1", "--no-progress", "--json",
                       *squares)
    assert code == 0 and json.loads(out)["options"]["skull_squares"] == ["j10", "i11", "k11"]
    path = tmp_path / "k.json"
    code, _, _ = run(capsys, "play", "kasteel", "--seed", "2", "--max-plies", "4", "-o",
                     str(path), *squares)
    assert code == 0
    code, out, _ = run(capsys, "replay", str(path), *squares)  # agrees with the record
    assert code == 0 and "4 plies replayed" in out
    code, _, err = run(capsys, "replay", str(path), "--option", "skull_squares=a10")
    assert code == 2 and "the record was played with" in err


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (("--option", "passes=-3"), "passes must be an integer from 0 to 1000, got -3"),
        (("--option", "pases=3"), "unknown option(s) ['pases']; accepted: level, passes"),
        (("--option", "players=3"), "--option players: give it as --players N"),
        (("--option", "passes=3", "--option", "passes=4"), "'passes' is given twice"),
        (("--option", "passes"), "--option expects NAME=VALUE"),
        (("--option", "skull_squares=z99"), "skull"),
    ],
)
def test_a_bad_option_gets_the_librarys_error(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], complaint: str
) -> None:
    code, _, err = run(capsys, "play", "kasteel", "--max-plies", "1", *args)
    assert code == 2 and complaint in err and len(err.strip().splitlines()) == 1


def _example_files(folder: Path) -> None:
    """The board files 'castlerules readings' names in its examples, each a real custom board."""
    from castlerules.core.spec import read_text

    kasteel = read_text("boards/kasteel-default.txt").replace(
        "10 . . . . . . . . .", "10 # . . . . . . . .")
    (folder / "my-map.txt").write_text(kasteel)
    spookslot = read_text("boards/spookslot-default.toml").replace(
        'name = "reconstruction v1"', 'name = "my board"')
    (folder / "my-board.toml").write_text(spookslot)


@pytest.mark.parametrize("game", castlerules.games())
def test_readings_shows_how_to_give_every_option_and_it_works(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    game: str,
) -> None:
    """Issue 31.9: an option that needs a value is shown with the --option that gives it, and
    that exact command line plays it."""
    import shlex

    monkeypatch.chdir(tmp_path)
    _example_files(tmp_path)
    code, out, _ = run(capsys, "readings", game, "--json")
    spec = castlerules.make(game).spec
    for interp in json.loads(out)["interpretations"]:
        for o in interp["options"]:
            option = spec.interpretation(interp["id"]).option(o["id"])
            if not option.playable:
                assert o["command_line"] is None
                continue
            flags = shlex.split(o["command_line"])
            assert flags[:2] == ["--reading", f"{interp['short_id']}={o['id']}"]
            assert ("--option" in flags) == option.parameter
            if not option.parameter:
                continue
            code, played, err = run(capsys, "play", game, *flags, "--seed", "1",
                                    "--max-plies", "2", "--json")
            assert code == 0, err
            made = castlerules.make(game, **json.loads(played)["options"])
            assert made.reading(interp["id"]) == o["id"]
    code, out, _ = run(capsys, "readings", game)
    said = _words(out)
    for interp in spec.interpretations:
        for option in interp.options:
            if option.parameter:
                assert f"play it with: --reading {interp.short_id}={option.id} --option" in said


# -- a record names its own options ------------------------------------------------------------


def test_show_and_replay_of_a_record_refuse_options_that_disagree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 31.12: they used to be accepted and ignored, even unknown ones."""
    path = tmp_path / "s.json"
    run(capsys, "play", "splut", "--players", "3", "--seed", "3", "--max-plies", "5", "-o",
        str(path))
    code, plain, _ = run(capsys, "show", str(path))
    assert code == 0
    for command in ("show", "replay"):
        for args, complaint in (
            (("--players", "2"), "the record was played with players=3"),
            (("--reading", "seating=seating-order"), "the record was played with"),
            (("--reading", "no-such=thing"), "unknown interpretation 'no-such'"),
            (("--ruleset", "no-such"), "unknown ruleset 'no-such'"),
            (("--option", "passes=3"), "unknown option(s) ['passes']"),
        ):
            code, _, err = run(capsys, command, str(path), *args)
            assert code == 2 and complaint in err, (command, args, err)
    code, out, _ = run(capsys, "show", str(path), "--players", "3", "--reading",
                       "seating=clockwise")  # they agree: the same game
    assert code == 0 and out == plain


# -- in a terminal --------------------------------------------------------------------------------


class _Pty:
    """``castlerules ARGS`` in a pseudo-terminal of ``columns`` x 24: what a person sees."""

    def __init__(self, *args: str, columns: int = 80) -> None:
        import fcntl
        import os
        import pty
        import struct
        import subprocess
        import sys
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        self.proc = subprocess.Popen([sys.executable, "-m", "castlerules", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.raw = b""

    def screen(self) -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", self.raw.decode("utf-8", "replace"))

    def read_until(self, pattern: str, timeout: float = 60.0) -> str:
        import os
        import select
        import time

        deadline = time.monotonic() + timeout
        while not re.search(pattern, _words(self.screen())):
            left = deadline - time.monotonic()
            assert left > 0, f"{pattern!r} never came:\n{self.screen()[-2000:]}"
            if select.select([self.master], [], [], min(left, 0.5))[0]:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                assert chunk or self.proc.poll() is None, self.screen()[-2000:]
                self.raw += chunk
        return self.screen()

    def type(self, line: str) -> None:
        import os

        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        import os

        try:
            return self.proc.wait(timeout=60)
        finally:
            os.close(self.master)


@pytest.mark.slow  # two processes in a pseudo-terminal
def test_verify_in_a_terminal_of_80_columns() -> None:
    from castlerules.core.plan import plan

    ids = ("kasteel.never-stuck", "kasteel.stuck-rule")
    t = _Pty("verify", "kasteel", *(a for i in ids for a in ("--theorem", i)))
    screen = t.read_until(r"2 of 2 as expected")
    assert t.close() == 0
    said = _words(screen)
    for theorem in plan("kasteel", only=ids):
        assert _words(theorem.statement) in said
    assert "Kasteel never draws: holds under the default readings" in said
    assert "'castlerules theorem GAME ID'" in said and ".rst" not in said
    assert "…" not in screen
    assert max(len(line.rstrip("\r")) for line in screen.splitlines()) <= 80


@pytest.mark.slow
def test_a_human_plays_custom_dice_in_a_terminal() -> None:
    """Every die shows its own object only: situation 3 every time, the ghost on the white die,
    so the answer is the white object, the ghost."""
    t = _Pty("play", "vlotte-geesten", "--players", "2", "--human", "0", "--seed", "5",
             "--bot-delay", "30", "--option", f"faces={OWN_OBJECT}")
    t.read_until(r"roll>")
    t.type("")
    screen = t.read_until(r"p0>")
    assert "rolls: red chair, white ghost, grey mouse, green bottle, blue book" in screen
    t.type("ghost")
    t.read_until(r"p0 grabbed the ghost: right")
    t.type("quit")
    t.read_until(r"not finished")
    assert t.close() == 0


@pytest.mark.parametrize(
    ("reading", "said"),
    [
        ("all-taken", "p0 grabbed the chair+ghost: a wrong grab: more than one object; the chair "
                      "and ghost are taken for this round, the ghost (the answer) too: nobody "
                      "can grab it now."),
        ("put-back", "p0 grabbed the chair+ghost: a wrong grab: more than one object; they go "
                     "back on the table and p0 is out of this round."),
    ],
)
def test_the_round_line_says_what_a_grab_of_several_objects_did(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, reading: str, said: str
) -> None:
    """Issue 28.4: the dice show every object once, the ghost on the white die: the answer is the
    ghost. The player grabs the chair and the ghost at once."""
    monkeypatch.setattr("sys.stdin", io.StringIO("chair+ghost\nquit\n"))
    code, out, _ = run(capsys, "play", "vlotte-geesten", "--players", "2", "--human", "0",
                       "--seed", "5", "--option", f"faces={OWN_OBJECT}", "--reading",
                       f"multi-grab={reading}")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("The answer was the ghost"))
    assert said in line


def test_a_game_in_the_terminal_opens_with_its_seats_not_a_python_call(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36.4: the first line says the game, who plays each seat, the readings that are not
    the default and the seed that repeats the game."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "play", "kasteel", "--human", "0", "--seed", "1", "--bot", "mcts",
                       "--reading", "no-legal-move=lose")
    assert code == 0
    first = out.splitlines()[0]
    assert first == ("Het kasteel veroveren, 2 players (yellow you, red mcts); readings: "
                     "no-legal-move=lose; seed 1 (--seed 1 plays it again)")
    assert "castlerules.make(" not in out


def test_readings_say_why_a_default_is_the_default_and_an_earlier_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "readings", "vlotte-geesten")
    said = _words(out)
    assert code == 0 and "why the default: The two sentences together." in said
    assert "the default up to castlerules 0.2 was all-taken" in said
    code, out, _ = run(capsys, "readings", "vlotte-geesten", "--json")
    multi = next(i for i in json.loads(out)["interpretations"] if i["short_id"] == "multi-grab")
    assert multi["default"] == "put-back" and multi["earlier"] == {"default": "all-taken",
                                                                  "until": "0.2"}
