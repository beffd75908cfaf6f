"""The reach of the theorems, measured: ``castlerules verify GAME --all-readings --combinations 2
--reach`` (the plan CI runs) for each game, written to ``docs/data/reach.json`` for the
verification page.

For each game the file holds what ``--reach`` reports — how many conditions of the clause-tagged
rules the plan saw true and false (and MC/DC), and every condition it did not see both ways, with
its function, file, line and clauses —, the plan's size, its unexpected results, and when and from
which code it was made, and the share the single readings' runs alone saw (``--all-readings``).
Every condition the whole plan did not see both ways must have a note in
``docs/data/reach-notes.toml`` saying why (a test checks it); the page shows each with its note.

Usage::

    python tools/reach_report.py [GAME ...] [--jobs N]

Run it when the rules and the theorems are stable (it takes the time of CI's verify step,
about twice over), and commit the file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "data" / "reach.json"
NOTES = ROOT / "docs" / "data" / "reach-notes.toml"
FORMAT = 1


def measure(game: str, jobs: int) -> dict[str, Any]:
    """The reach of ``game`` under CI's plan (and the plan's size)."""
    command = [sys.executable, "-m", "castlerules", "verify", game, "--all-readings",
               "--combinations", "2", "--reach", "--json", "--jobs", str(jobs)]
    with tempfile.TemporaryFile() as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, check=False,
                              cwd=ROOT)
        out.seek(0)
        data = json.loads(out.read().decode("utf-8"))
    from castlerules.core.theorem import verify_runs

    reach = data["reach"][game]
    single = data["reach_all_readings"][game]
    reach["plan"] = f"castlerules verify {game} --all-readings --combinations 2"
    reach["runs"] = len(data["runs"]) + sum(
        1 for r in verify_runs({"combinations": data["combinations"]}))
    reach["all_readings"] = {k: single[k] for k in ("conditions", "both_ways", "share", "mcdc",
                                                    "mcdc_share")}
    reach["unexpected"] = [f"{r['id']} ({r['under']}): {r['status']}" for r in data["unexpected"]]
    reach["exit"] = done.returncode
    return dict(reach)


def _write(path: Path, data: dict[str, Any]) -> None:
    from castlerules.core.files import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    import castlerules

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    games = args.games or list(castlerules.games())
    data: dict[str, Any] = {"format": FORMAT, "games": {}}
    if OUT.is_file():
        data = json.loads(OUT.read_text(encoding="utf-8"))
    for game in games:
        found = measure(game, args.jobs)
        found["measured"] = datetime.date.today().isoformat()
        found["version"] = castlerules.__version__
        data["games"][game] = found
        _write(OUT, data)
        print(f"{game}: {found['both_ways']} of {found['conditions']} conditions both ways "
              f"({100 * found['share']:.1f} %), MC/DC {100 * found['mcdc_share']:.1f} %, "
              f"{len(found['not_both_ways'])} listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
