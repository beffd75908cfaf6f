"""The cost of a verification run, serial against two local processes and a two-worker Dask
LocalCluster: ``castlerules verify`` with ``--all-readings``, ``--combinations 2`` or
``--combinations 3``, one run each, wall time and CPU time (the run and every process it started).

    python benchmarks/verify_scaling.py --what all-readings pairs --modes serial jobs2 dask2
    python benchmarks/verify_scaling.py --what triples --games vlotte-geesten splut --modes jobs2

The wall-time ratio serial / parallel is the figure that matters; on a machine that others load
the wall times grow, so the load average (before and after) is printed with them, and the CPU
time is the steadier figure. Quoted in notes, never asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

WHAT = {
    "all-readings": ["--all-readings"],
    "pairs": ["--combinations", "2"],
    "triples": ["--combinations", "3"],
}
MODES = {
    "serial": ["--jobs", "1"],
    "jobs2": ["--jobs", "2"],
    "dask2": ["--backend", "dask", "--jobs", "2"],
}


def measure(games: list[str], what: str, mode: str) -> dict[str, object]:
    """One ``castlerules verify`` run: wall and CPU seconds, theorem runs, unexpected results."""
    command = [sys.executable, "-m", "castlerules", "verify", *games, *WHAT[what], *MODES[mode],
               "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    runs = configurations = 0
    try:
        data = json.loads(done.stdout)
    except ValueError:
        data = None
    if isinstance(data, dict):
        runs = len(data.get("runs", []))
        for game in data.get("combinations", []):
            configurations += len(game["configurations"])
            runs += len({(r["id"], r["under"]) for c in game["configurations"]
                         for r in c["results"]})
    return {
        "games": games, "what": what, "mode": mode, "exit": done.returncode,
        "configurations": configurations, "theorem_runs": runs,
        "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
        "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=[], help="default: every game")
    parser.add_argument("--what", nargs="+", choices=list(WHAT), default=["all-readings", "pairs"])
    parser.add_argument("--modes", nargs="+", choices=list(MODES),
                        default=["serial", "jobs2", "dask2"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for what in args.what:
        for mode in args.modes:
            row = measure(args.games, what, mode)
            rows.append(row)
            if not args.json:
                print(f"{what:<13}{mode:<8} exit {row['exit']}  {row['configurations']:>4} configs "
                      f"{row['theorem_runs']:>5} runs  wall {row['wall_s']:>8.1f} s  "
                      f"cpu {row['cpu_s']:>8.1f} s  load {row['load_before']} -> "
                      f"{row['load_after']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
