"""Every script in examples/ runs and exits 0, so none can rot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


#: Examples that run for seconds (benchmarks, training): the slow tier.
SLOW = {"splut_bench.py", "spookslot_bench.py", "train_vlotte_geesten.py"}


@pytest.mark.parametrize(
    "script",
    [pytest.param(p, id=p.name, marks=pytest.mark.slow if p.name in SLOW else ()) for p in EXAMPLES],
)
def test_example_runs(script: Path, tmp_path: Path) -> None:
    # a training example runs its shortened version (``--quick``) here; what an example writes to
    # the temporary folder goes to this test's own (TMPDIR), never to a file another run shares
    quick = ["--quick"] if script.name.startswith("train_") else []
    done = subprocess.run(
        [sys.executable, str(script), *quick], capture_output=True, text=True, timeout=120,
        check=False, cwd=tmp_path, env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_the_readme_snippet_runs_in_the_checkout_and_prints() -> None:
    """The README's Python snippet, pasted into ``python`` in the clone's root, runs and shows
    something (the src layout keeps the checkout from shadowing the installed package)."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
    done = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).parents[2], check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert "None" in lines and len(lines) >= 4
    for module in ("castlerules", "castlerules.cli"):
        done = subprocess.run(
            [sys.executable, "-c", f"import {module}; print({module}.__name__)"],
            capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[2],
        )
        assert done.returncode == 0, done.stderr
    done = subprocess.run([sys.executable, "-m", "castlerules", "games"], capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).parents[2])
    assert done.returncode == 0 and "splut" in done.stdout


@pytest.mark.slow
@pytest.mark.xdist_group("checkout-builds")  # pip wheel builds in the checkout: one build at a time
def test_the_readme_snippet_runs_from_an_installed_wheel_in_the_checkout(tmp_path: Path) -> None:
    """Built as a wheel and installed elsewhere, the package (with its rulebook data) is the one
    Python imports in the clone's root, and the README's snippet runs there."""
    root = Path(__file__).parents[2]
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(root)], check=True, timeout=600, capture_output=True)
    (wheel,) = wheels.glob("castlerules-*.whl")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, timeout=600, capture_output=True)
    readme = (root / "README.md").read_text(encoding="utf-8")
    snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
    probe = ("import castlerules, castlerules.specs, pathlib; "
             "print(pathlib.Path(castlerules.__file__).resolve())\n")
    done = subprocess.run(
        [sys.executable, "-c", probe + snippet], capture_output=True, text=True, timeout=120,
        cwd=root, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, check=False,
    )
    assert done.returncode == 0, done.stderr
    first, *rest = done.stdout.strip().splitlines()
    assert Path(first).is_relative_to(target.resolve()), first
    assert "None" in rest
