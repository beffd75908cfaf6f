"""A fifth game, declared in this folder alone (``tests/extension/nim``): registered with
``castlerules.register``, it is listed by ``castlerules games``, played with ``castlerules play``,
verified by ``castlerules verify``, served as an environment and on the Play page's Python side —
with no edit anywhere else. That is what "a game is a declaration" means."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import castlerules
from castlerules import cli
from tests.extension.nim import GAME


@pytest.fixture
def nim() -> Iterator[castlerules.GameInfo]:
    castlerules.register(GAME)
    try:
        yield GAME
    finally:
        castlerules.core.catalog.unregister(GAME.name)


def test_it_is_listed(nim: castlerules.GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "nim\tNim\t2 players" in listed and "splut" in listed
    assert castlerules.info("NIM") is nim
    assert castlerules.make("nim").initial_state().heaps == (3, 4, 5)


def test_a_person_plays_it(nim: castlerules.GameInfo, capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    typed = "".join(f"{heap}1\n" for heap in "aaabbbbccccc")  # one stone a move, while there is one
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    record = tmp_path / "nim.json"
    assert cli.main(["play", "nim", "--human", "0", "--seed", "4", "-o", str(record)]) == 0
    said = capsys.readouterr().out
    assert "The game is over" in said
    assert cli.main(["replay", str(record)]) == 0
    assert "plies replayed" in capsys.readouterr().out
    game = castlerules.make("nim")
    final = castlerules.replay(castlerules.Record.load(record))
    assert game.is_terminal(final) and game.outcome(final) is not None


def test_it_is_verified(nim: castlerules.GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["verify", "nim", "--json", "--jobs", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unexpected"] == []
    assert [(r["id"], r["status"]) for r in out["runs"]] == [("nim.xor-rule", "PROVED")]


def test_the_theorem_can_fail(nim: castlerules.GameInfo, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.extension.nim import rules

    game = castlerules.make("nim")
    monkeypatch.setattr(rules.Nim, "successor", lambda self, s, a: rules.State(
        tuple(n - a.count * (i == a.heap) for i, n in enumerate(s.heaps)), s.to_move))  # no turn
    (theorem,) = game.theorems()
    assert theorem.check().status is castlerules.core.theorem.Status.COUNTEREXAMPLE


def test_it_is_an_environment(nim: castlerules.GameInfo) -> None:
    pytest.importorskip("pettingzoo")
    pz_test = pytest.importorskip("pettingzoo.test")
    import castlerules.envs

    env = castlerules.envs.env("nim", observation="fields")
    assert env.unwrapped.metadata["name"] == "nim_v0"
    pz_test.api_test(env, num_cycles=50)
    from castlerules.envs import nim_v0  # the versioned module, made from the declaration

    assert nim_v0.raw_env.GAME == "nim"


def test_it_is_on_the_play_page(nim: castlerules.GameInfo) -> None:
    from castlerules.playground import Host

    host = Host()
    assert "nim" in [g["name"] for g in json.loads(host.handle('{"cmd": "catalog"}'))["games"]]
    view = json.loads(host.handle(json.dumps({"cmd": "new", "args": {"game": "nim"}})))["view"]
    assert view["position"] == "3,4,5 p0" and "p0 c5" in [m["text"] for m in view["legal"]]
    played = json.loads(host.handle(json.dumps({"cmd": "play", "args": {"text": "c5"}})))
    assert played["played"] == "p0 c5"
    bot = json.loads(host.handle(json.dumps({"cmd": "bot", "args": {"player": 1}})))
    assert "played" in bot and len(bot["view"]["moves"]) == 2
