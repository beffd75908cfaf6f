"""A type checker sees the games: ``castlerules.make`` is overloaded on each packaged game's name, and
each game is a ``Game[State, Action]``, so ``mypy --strict`` catches the typical misuses of a
project that depends on castlerules, and passes a correct script."""

from __future__ import annotations

import atexit
import shutil
import tempfile
import textwrap
import typing
from pathlib import Path

import pytest

import castlerules

SRC = Path(castlerules.__file__).resolve().parents[1]
#: One mypy cache for the module's runs (the second reads the package from it).
CACHE = Path(tempfile.mkdtemp(prefix="castlerules-mypy-"))
atexit.register(shutil.rmtree, CACHE, True)

CORRECT = """
import castlerules
from castlerules.kasteel import Kasteel
from castlerules.splut import Step

game = castlerules.make("splut", players=3)
state = game.initial_state()
first = game.legal_actions(state)[0]
if isinstance(first, Step):
    print(first.frm)
state = game.apply(state, first)
state = game.play(state, game.action_to_str(state, game.legal_actions(state)[0]))
print(sorted(game.winners(state)), state.turn)
kasteel: Kasteel = castlerules.make("kasteel")
print(kasteel.initial_state().passes)
chosen = castlerules.make("Vlotte_Geesten")   # a name known at run time: any game
print(chosen.legal_actions(chosen.initial_state()))
"""

#: (what the mistake is, the line) — each must be an error of mypy --strict.
MISUSES = (
    ("text where an action goes", 's = splut.apply(s, "p0 Sd2-d3")'),
    ("a number where a state goes", "splut.legal_actions(3)"),
    ("a Spookslot action in a Kasteel game", 'kasteel.apply(k, Move(0, 0, ("l",)))'),
    ("a Kasteel field read off a Spookslot state", "print(spook.initial_state().knights)"),
    ("a Splut state in a Kasteel game", "kasteel.legal_actions(s)"),
)

SETUP = """
import castlerules
from castlerules.spookslot import Move

splut = castlerules.make("splut")
s = splut.initial_state()
kasteel = castlerules.make("kasteel")
k = kasteel.initial_state()
spook = castlerules.make("spookslot")
"""


def _mypy(tmp_path: Path, name: str, text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")
    if "site-packages" not in SRC.parts:  # an editable install: mypy reads the checkout's src
        monkeypatch.setenv("MYPYPATH", str(SRC))
    script = tmp_path / f"{name}.py"
    script.write_text(textwrap.dedent(text), encoding="utf-8")
    # the checkout's package as the user's installed one: its own modules are read, not reported
    out, err, status = api.run([
        "--strict", "--follow-imports=silent", "--no-error-summary",
        "--cache-dir", str(CACHE), "--config-file", "", str(script),
    ])
    return out + err, status


def test_the_overloads_are_the_catalog() -> None:
    """One overload per packaged game, returning its rules class, and one for any name."""
    declared = {g.name: g.cls for g in castlerules.core.catalog.infos()
                if g.package in castlerules.core.catalog.PACKAGED}
    classes = {cls.__name__: cls for cls in declared.values()}
    hints = [typing.get_type_hints(f, localns={**vars(castlerules), **classes})
             for f in typing.get_overloads(castlerules.make)]
    named = {typing.get_args(h["name"])[0]: h["return"] for h in hints
             if typing.get_origin(h["name"]) is typing.Literal}
    assert named == declared
    assert any(h["name"] is str for h in hints)


def test_mypy_passes_a_correct_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said, status = _mypy(tmp_path, "correct", CORRECT, monkeypatch)
    assert status == 0, said


def test_mypy_catches_the_typical_misuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = SETUP + "\n".join(line for _, line in MISUSES) + "\n"
    said, status = _mypy(tmp_path, "misuses", body, monkeypatch)
    assert status == 1
    first = len(textwrap.dedent(SETUP).splitlines()) + 1
    flagged = {int(line.split(":")[1]) for line in said.splitlines() if ": error:" in line}
    caught = [what for i, (what, _) in enumerate(MISUSES) if first + i in flagged]
    assert caught == [what for what, _ in MISUSES], said
