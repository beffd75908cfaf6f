"""The full two-player Spookslot solve: CPU seconds (graph and each model), peak memory, positions,
bound, and the time a second ``castlerules solve`` takes to reuse the stored table.

    python benchmarks/solve_spookslot.py [--reading ID=OPTION ...]

It solves in a cache folder of its own (a temporary one), so a stored table never stands in for
the solve. Quoted in notes, never asserted by a test (the budget: 20 CPU minutes, 3 GB).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reading", action="append", default=[], metavar="ID=OPTION")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        import castlerules
        from castlerules.cli.solve import obtain
        from castlerules.core.readings import parse_reading_list

        readings = parse_reading_list(args.reading, "--reading") or None
        game = castlerules.make("spookslot", readings=readings)
        began = time.monotonic()

        def say(message: str) -> None:
            print(f"[{time.monotonic() - began:6.0f} s] {message}", file=sys.stderr, flush=True)

        cpu = time.process_time()
        found = obtain(game, progress=say)
        cpu = time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        command = [sys.executable, "-m", "castlerules", "solve", "spookslot", "--json",
                   *(f"--reading={r}" for r in args.reading)]
        again = time.perf_counter()
        second = json.loads(subprocess.run(command, check=True, capture_output=True,
                                           text=True).stdout)
        again = time.perf_counter() - again
    print(json.dumps({
        "start": found["start"],
        "bound": found["bound"],
        "positions": found["positions"],
        "nodes": found["nodes"],
        "edges": found["edges"],
        "sweeps": found["sweeps"],
        "cpu_seconds": round(cpu, 1),
        "graph_cpu_seconds": found["graph_seconds"],
        "peak_mib": round(peak),
        "second_call": {"reused": second["reused"], "cpu_seconds": second["seconds"],
                        "wall_seconds_with_start_up": round(again, 2)},
    }, indent=1))


if __name__ == "__main__":
    main()
