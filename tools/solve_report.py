"""The solved Spookslot figures the documentation shows: a fresh solve of the whole two-player game
under the default readings, written to ``docs/data/solve/spookslot.json``.

The file holds the start values of every model (``castlerules solve spookslot --json``), the
certified bound, the size of the position graph, what the solve cost on the machine that ran it
(CPU seconds, peak memory) and how long reading the stored table back takes, the fingerprint of
the rules it was made from (``castlerules.solve.source_hash``), and an estimate for three
players scaled from the measured two-player figures (the arithmetic is in ``three_players``).
Every number in it was computed by the run; ``tests/spookslot/test_spookslot_solve_full.py``
(slow tier) solves again and compares.

Usage::

    python tools/solve_report.py            # solve (about five CPU minutes) and write the file
    python tools/solve_report.py --check    # is the file there and made from the current rules?
"""

from __future__ import annotations

import argparse
import datetime
import json
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "data" / "solve" / "spookslot.json"


def measure(progress: Any = None) -> dict[str, Any]:
    """Solve the default two-player game afresh, store its table in a temporary folder, read it
    back, and return the figures."""
    import castlerules
    from castlerules import solve as sv

    game = castlerules.make("spookslot")
    began = time.process_time()
    wall = time.perf_counter()
    solution = sv.solve(game, progress=progress)
    cpu = time.process_time() - began
    wall_seconds = time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with tempfile.TemporaryDirectory() as folder:
        path = sv.save_table(solution.table, Path(folder) / "spookslot.npz")
        size = path.stat().st_size
        read_began = time.process_time()
        table = sv.load_table(path)
        ev = sv.Evaluator(game, sv.canon_of(game), table)
        again = ev.chances(game.initial_state())
        read = time.process_time() - read_began
    s = solution.summary
    assert abs(again[0] - s["start"]["optimal"][0]) <= table.bound
    return {
        "made": datetime.date.today().isoformat(),
        "castlerules": castlerules.__version__,
        "source": sv.source_hash(game),
        "game": "spookslot",
        "players": 2,
        "readings": "default",
        "start": s["start"],
        "bound": s["bound"],
        "positions": s["positions"],
        "nodes": s["nodes"],
        "edges": s["edges"],
        "depths": s["depths"],
        "sweeps": s["sweeps"],
        "endless_positions": s["endless_positions"],
        "cpu_seconds": round(cpu, 1),
        "graph_cpu_seconds": s["graph_seconds"],
        "wall_seconds": round(wall_seconds, 1),
        "peak_mib": round(peak),
        "table_bytes": size,
        "table_read_seconds": round(read, 2),
        "three_players": three_players(game, s, cpu),
    }


def three_players(game: Any, s: dict[str, Any], cpu: float) -> dict[str, Any]:
    """Three players, on paper: the two-player graph's measured shape scaled to the number of
    ways three players' pawns can stand (each player's two pawns an unordered pair of the
    places: start, the squares, escaped; the positions named from the player to move)."""
    places = 2 + len(game.board.ids)
    pairs = places * (places + 1) // 2
    share = s["positions"] / pairs**2  # of the pairs-of-pairs, how many two-player turns occur
    positions = share * pairs**3
    per_position = {"nodes": s["nodes"] / s["positions"], "edges": s["edges"] / s["positions"]}
    nodes = positions * per_position["nodes"]
    edges = positions * per_position["edges"]
    # iteration arrays: a 4-byte child and an 8-byte weight per edge; per value vector 8 bytes
    # per node and per position for each of the 3 seat shifts; against-random: 3 seats x 2 bounds
    vectors = 6 * 8 * (nodes + 3 * positions)
    return {
        "places": places,
        "pairs_per_player": pairs,
        "two_player_share": round(share, 4),
        "positions": round(positions),
        "nodes": round(nodes),
        "edges": round(edges),
        "memory_gib": round((12 * edges + vectors) / 2**30),
        "cpu_hours": round(cpu * positions / s["positions"] / 3600),
    }


def write(data: dict[str, Any]) -> None:
    """Write the file atomically (``castlerules.core.files.write_atomic``)."""
    from castlerules.core.files import write_atomic

    OUT.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(OUT, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compute nothing: is the file there and made from these rules?")
    args = parser.parse_args()
    if args.check:
        import castlerules
        from castlerules import solve as sv

        if not OUT.exists():
            print(f"{OUT} is missing", file=sys.stderr)
            return 1
        data = json.loads(OUT.read_text(encoding="utf-8"))
        if data.get("source") != sv.source_hash(castlerules.make("spookslot")):
            print(f"{OUT} was made from other rules: run tools/solve_report.py", file=sys.stderr)
            return 1
        print(f"{OUT} is current")
        return 0

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    data = measure(say)
    write(data)
    print(json.dumps({k: data[k] for k in ("start", "bound", "positions", "cpu_seconds",
                                           "peak_mib", "table_read_seconds")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
