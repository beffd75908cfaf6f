"""The wheel alone, in a fresh virtual environment without extras: every game plays, replays and
renders; what needs an extra says in one line which ``pip install`` brings it, never a traceback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Every game, every player count of its range: a seeded random game to its end, its record saved,
#: loaded and replayed, every tenth state drawn as text and as SVG.
PLAY = textwrap.dedent(
    """
    import random, sys, tempfile, pathlib
    import castlerules
    from castlerules.core.play import random_action
    assert not [m for m in sys.modules if m.split(".")[0] in ("z3", "covertable", "hypothesis")]
    folder = pathlib.Path(tempfile.mkdtemp())
    for name in castlerules.games():
        low, high = castlerules.game_class(name).players_range
        for players in range(low, high + 1):
            game = castlerules.make(name, players=players)
            rng = random.Random(players)
            state, actions = game.initial_state(), []
            while not game.is_terminal(state) and len(actions) < 3000:
                action = random_action(game, state, rng)
                actions.append(game.action_to_str(state, action))
                state = game.apply(state, action)
            record = castlerules.Record.new(name, game.options, tuple(actions))
            path = folder / f"{name}-{players}.json"
            record.save(path)
            replayed = castlerules.replay_game(castlerules.Record.load(path))
            assert replayed.final == state and replayed.game == game
            for ply in range(0, len(actions) + 1, 10):
                shown = replayed.state(ply)
                assert game.render(shown) and game.render_svg(shown).startswith("<svg")
            if game.is_terminal(state):
                assert game.outcome(state).winners == game.winners(state)
    print("played", sorted(m for m in sys.modules if m.split(".")[0] in ("z3", "covertable")))
    """
)

#: What needs an extra, and the extra its one line names.
NEEDS_EXTRA = [
    (["verify", "kasteel"], "verify"),
    (["verify", "splut", "--combinations", "2"], "verify"),
]
IMPORTS_NEEDING_EXTRA = [
    ("castlerules.strategies", "hypothesis"),
    ("castlerules.adapters.openspiel", "openspiel"),
    ("castlerules.adapters.pettingzoo", "pettingzoo"),
    ("castlerules.envs.splut_v0", "pettingzoo"),
]


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.mark.slow  # builds the wheel and installs it with its two dependencies (about 40 s)
@pytest.mark.xdist_group("checkout-builds")  # pip wheel builds in the checkout: one at a time
def test_the_wheel_alone_plays_replays_and_renders_every_game(tmp_path: Path) -> None:
    wheels, venv = tmp_path / "wheels", tmp_path / "venv"
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                  str(ROOT)])
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = wheels.glob("castlerules-*.whl")
    assert _run([sys.executable, "-m", "venv", str(venv)]).returncode == 0
    python, cli = venv / "bin" / "python", venv / "bin" / "castlerules"
    installed = _run([str(python), "-m", "pip", "install", "-q", str(wheel)])
    assert installed.returncode == 0, installed.stderr[-2000:]
    listed = _run([str(python), "-m", "pip", "list", "--format=freeze"]).stdout.lower()
    names = {line.split("==")[0] for line in listed.split()}
    assert {"castlerules", "attrs"} <= names
    assert not names & {"z3-solver", "covertable", "hypothesis", "numpy", "rich"}, names

    played = _run([str(python), "-c", PLAY], cwd=tmp_path)
    assert played.returncode == 0, played.stderr[-3000:]
    assert played.stdout.strip().splitlines()[-1] == "played []"

    # the rulebook and its theorem column work without z3: the theorems are declared without it
    rules = _run([str(cli), "rules", "kasteel", "kasteel.einde.sleutel"], cwd=tmp_path)
    assert rules.returncode == 0, rules.stderr
    assert "theorems: kasteel." in " ".join(rules.stdout.split())
    theorem = _run([str(cli), "theorem", "kasteel", "kasteel.one-winner"], cwd=tmp_path)
    assert theorem.returncode == 0 and "kasteel.one-winner" in theorem.stdout, theorem.stderr
    for command, extra in NEEDS_EXTRA:
        done = _run([str(cli), *command], cwd=tmp_path)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert f'pip install "castlerules[{extra}]"' in done.stderr, done.stderr
    for module, extra in IMPORTS_NEEDING_EXTRA:
        done = _run([str(python), "-c", f"import {module}"], cwd=tmp_path)
        last = done.stderr.strip().splitlines()[-1]
        assert done.returncode == 1 and last.startswith("castlerules.core.extras.MissingExtraError")
        assert f'pip install "castlerules[{extra}]"' in last, done.stderr


@pytest.mark.slow  # builds the sdist and, from it, the wheel (about 20 s)
@pytest.mark.xdist_group("checkout-builds")
def test_both_distributions_carry_the_licence_the_notice_and_the_sdist_the_tests(
    tmp_path: Path,
) -> None:
    import os
    import tarfile
    import zipfile

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    built = _run([sys.executable, "-m", "build", "-o", str(tmp_path), str(ROOT)], env=env)
    assert built.returncode == 0, built.stderr[-3000:]
    warnings = [line for line in (built.stdout + built.stderr).splitlines()
                if "warning" in line.lower()]
    assert not warnings, warnings
    (sdist,) = tmp_path.glob("castlerules-*.tar.gz")
    (wheel,) = tmp_path.glob("castlerules-*.whl")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "NOTICE", "CHANGELOG.md", "README.md"} <= names
    assert {"tests/core/test_base_install.py", "docs/conf.py", "docs/_inventories/python.inv",
            "examples/check_invariant.py", "specs/splut.toml"} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    with zipfile.ZipFile(wheel) as archive:
        listed = archive.namelist()
    assert {n.rsplit("/", 1)[-1] for n in listed if "/licenses/" in n} == {"LICENSE", "NOTICE"}
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    for title in ("Vlotte Geesten: Het Dobbelspel", "Splut!", "Spookslot", "Het kasteel veroveren"):
        assert f'"{title}"' in notice, title


def test_every_package_of_the_tree_is_in_the_distribution() -> None:
    """pyproject's package list names every folder of files under src/castlerules and specs/:
    a package left out (a new game's, a new part's) would be missing from the wheel, silently."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT / "src").parts)
             for p in (ROOT / "src" / "castlerules").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    found |= {".".join(("castlerules", *p.parent.relative_to(ROOT).parts))
              for p in (ROOT / "specs").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert found - listed == set()
    assert listed - found == set()
