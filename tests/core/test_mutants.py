"""The mutation kit: the theorems alone kill at least 90 % of each game's realistic rule mutants, in
the tuning set and in the held-out set (written from the Dutch text and the code by someone who had
not read the theorems), and every mutant is current (its original text is in the code) and changes
behaviour.

The slow tier (it applies each mutant to a copy of the sources and runs that game's theorems);
``python tools/mutants.py`` prints the table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.stem for p in (ROOT / "mutants").glob("*.toml"))
HELD_OUT = sorted(p.stem for p in (ROOT / "mutants" / "heldout").glob("*.toml"))


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, kit", [(g, "tuning") for g in GAMES] + [(g, "heldout") for g in HELD_OUT]
)
def test_the_theorems_kill_the_mutants(game: str, kit: str, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    command = [sys.executable, str(ROOT / "tools" / "mutants.py"), game, "--set", kit,
               "--json", str(out)]
    # CI's verify JSON (the original rules' theorem times): the quick theorems first
    costs = os.environ.get("CASTLERULES_VERIFY_JSON", "").strip()
    if costs and Path(costs).is_file():
        command += ["--costs", costs]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600, cwd=ROOT)
    results = json.loads(out.read_text(encoding="utf-8"))[game]
    assert results["total"] >= (12 if kit == "tuning" else 10), "at least 12 (10) mutants per game"
    for row in results["mutants"]:
        assert not row.get("stale"), f"{row['id']}: {row['stale']}"
        assert row["changes"], f"{row['id']} changes no behaviour on the probe"
    assert results["rate"] >= 0.9, done.stdout[-3000:]
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_every_game_has_mutants() -> None:
    import castlerules

    assert set(GAMES) == set(castlerules.games())
    assert set(HELD_OUT) == set(castlerules.games())
