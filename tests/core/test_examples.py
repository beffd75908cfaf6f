"""Every script in examples/ runs and exits 0, so none can rot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
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
