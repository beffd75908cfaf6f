"""What each reading changes: a game's theorems, move trees and random play under every reading.

For a game, under the default reading and under every reading that differs from it in one
interpretation (``castlerules.core.readings.single_deviations``), this script computes

- every theorem of the game made with that reading (``castlerules verify GAME --reading ...``;
  not the ``--deep`` ones), with its status and, for a counterexample, the position and the
  squares that matter;
- the move-tree count from the start at depth 3 (``castlerules.core.perft.perft``);
- a seeded simulation of random games (``castlerules.simulate.simulate``): game length and the
  first player's win rate,

and writes ``docs/data/readings/<game>.json``, which the documentation's "What each reading
changes" pages show. Every number in that file was computed by this run; nothing is inferred. The
file records when and how it was made, and fingerprints of the code it was made from, so the pages
can say when the code has changed since.

Usage::

    python tools/readings_report.py [GAME ...] [--games N] [--depth D] [--jobs J] [--out DIR]
    python tools/readings_report.py --check [GAME ...]

``--check`` computes nothing: it says which games' data is missing or older than the code (exit
status 1 if any). Running every game takes a while (Vlotte Geesten's depth-3 tree alone has tens of
millions of leaves per reading); ``--jobs`` runs readings in parallel processes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "data" / "readings"
FORMAT = 1
#: Fields of a theorem run kept in the report.
RUN_FIELDS = ("id", "method", "basis", "status", "expected", "ok", "verdict", "detail",
              "counterexample", "position", "highlight", "seconds")  # fmt: skip


def _package_dir(game: str) -> Path:
    import castlerules
    from castlerules.core.catalog import GAMES

    package = GAMES[game].split(":")[0].rsplit(".", 1)[0]
    return Path(castlerules.__file__).parent / package.split(".", 1)[1]


def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes() if path.is_file() else b"")
        h.update(b"\0")
    return h.hexdigest()[:16]


def fingerprints(game: str) -> dict[str, str]:
    """Digests of the code the report depends on: the game's package, spec and examples
    (``game``), and the game-agnostic core with the simulator (``core``)."""
    from importlib import resources

    import castlerules

    specs = resources.files("castlerules.specs")
    spec_files = [Path(str(specs.joinpath(f"{game}.toml")))]
    examples = Path(str(specs.joinpath("examples").joinpath(f"{game}.toml")))
    if examples.is_file():
        spec_files.append(examples)
    top = Path(castlerules.__file__).parent
    return {
        "game": _digest(sorted(_package_dir(game).glob("*.py")) + spec_files),
        "core": _digest([*sorted((top / "core").glob("*.py")), top / "simulate.py"]),
    }


def label(readings: dict[str, str]) -> str:
    if not readings:
        return "default"
    return ", ".join(f"{k.split('.interp.', 1)[-1]} = {v}" for k, v in readings.items())


def _theorems(game: Any) -> list[dict[str, Any]]:
    from castlerules.core.theorem import run

    out = []
    for t in game.theorems():
        if t.deep:
            continue
        data = run(t).to_data()
        out.append({k: data.get(k) for k in RUN_FIELDS})
    return out


def _perft(game: Any, depth: int) -> dict[str, Any]:
    from castlerules.core.perft import perft

    start = time.perf_counter()
    count = perft(game, game.initial_state(), depth)
    return {"depth": depth, "count": count, "seconds": round(time.perf_counter() - start, 2)}


def _simulation(name: str, readings: dict[str, str], games: int) -> dict[str, Any]:
    from castlerules.simulate import simulate

    start = time.perf_counter()
    options = {"readings": readings} if readings else {}
    summary = simulate(name, games, options=options, seed=0, keep_results=False).summary
    n = summary["games"]
    length = summary["length"]
    return {
        "games": n,
        "seed": 0,
        "length_unit": length.get("unit", "plies"),
        "mean_length": length["mean"],
        "median_length": length.get("median"),
        "min_length": length.get("min"),
        "max_length": length.get("max"),
        "wins_by_seat": summary["wins_by_seat"],
        "sole_wins_by_seat": summary.get("sole_wins_by_seat"),
        "first_player_win_rate": summary["wins_by_seat"][0] / n if n else None,
        "ties": summary.get("ties"),
        "no_winner": summary.get("no_winner"),
        "unfinished": summary.get("unfinished"),
        "seconds": round(time.perf_counter() - start, 2),
    }


def _guard(what: str, thunk: Any) -> Any:
    try:
        return thunk()
    except Exception as exc:
        return {"error": f"{what}: {type(exc).__name__}: {' '.join(str(exc).split())[:400]}"}


def one_reading(name: str, readings: dict[str, str], games: int, depth: int) -> dict[str, Any]:
    """Everything the report holds for one reading of one game (errors recorded, not raised)."""
    import castlerules

    start = time.perf_counter()
    entry: dict[str, Any] = {"readings": readings, "label": label(readings)}
    try:
        game = castlerules.make(name, readings=readings or None)
    except Exception as exc:
        entry["error"] = f"the game cannot be made: {type(exc).__name__}: {exc}"
        entry["seconds"] = round(time.perf_counter() - start, 2)
        return entry
    entry["options"] = game.options
    theorems = _guard("the theorems", lambda: _theorems(game))
    if isinstance(theorems, dict):
        entry["theorems_error"] = theorems["error"]
        theorems = []
    entry["theorems"] = theorems
    entry["perft"] = _guard("the move tree", lambda: _perft(game, depth))
    entry["simulation"] = _guard("the simulation", lambda: _simulation(name, readings, games))
    entry["seconds"] = round(time.perf_counter() - start, 2)
    return entry


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def command_line(argv: list[str]) -> str:
    return " ".join(["python tools/readings_report.py", *argv]).strip()


def report(names: list[str], games: int, depth: int, jobs: int, out: Path, argv: list[str]) -> None:
    import castlerules
    from castlerules.core.readings import single_deviations
    from castlerules.core.spec import load_spec

    tasks = [(name, d) for name in names for d in single_deviations(load_spec(name))]
    results: dict[int, dict[str, Any]] = {}
    started = time.perf_counter()
    print(f"{len(tasks)} readings of {', '.join(names)}", file=sys.stderr, flush=True)
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(one_reading, n, d, games, depth): i for i, (n, d) in enumerate(tasks)}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            i = futures[future]
            results[i] = future.result()
            name, readings = tasks[i]
            print(f"[{done}/{len(tasks)}] {name} {label(readings)}: {results[i]['seconds']} s",
                  file=sys.stderr, flush=True)  # fmt: skip
    commit = _git("rev-parse", "HEAD")
    for name in names:
        package = _package_dir(name).relative_to(ROOT) if ROOT in _package_dir(name).parents else None
        dirty = _git("status", "--porcelain", "--", str(package), f"specs/{name}.toml") if package else None
        data = {
            "format": FORMAT,
            "game": name,
            "generated": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "command": command_line(argv),
            "castlerules": castlerules.__version__,
            "commit": commit,
            "uncommitted_changes": bool(dirty) if dirty is not None else None,
            "fingerprints": fingerprints(name),
            "settings": {"games": games, "depth": depth, "seed": 0},
            "readings": [results[i] for i, (n, _) in enumerate(tasks) if n == name],
        }
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{name}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    print(f"done in {time.perf_counter() - started:.0f} s", file=sys.stderr)


def status(name: str, out: Path = OUT) -> tuple[str, dict[str, Any] | None]:
    """("missing" | "unreadable" | "stale-game" | "stale-core" | "current", the data)."""
    path = out / f"{name}.json"
    if not path.is_file():
        return "missing", None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "unreadable", None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "unreadable", None
    now = fingerprints(name)
    stored = data.get("fingerprints") or {}
    if stored.get("game") != now["game"]:
        return "stale-game", data
    if stored.get("core") != now["core"]:
        return "stale-core", data
    return "current", data


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("--games", dest="n", type=int, default=300, help="simulated games per reading")
    parser.add_argument("--depth", type=int, default=3, help="move-tree depth from the start")
    parser.add_argument("--jobs", type=int, default=1, help="readings computed in parallel")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the JSON files")
    parser.add_argument("--check", action="store_true", help="only say which data is out of date")
    args = parser.parse_args(argv)
    import castlerules

    names = args.games or list(castlerules.games())
    unknown = [n for n in names if n not in castlerules.games()]
    if unknown:
        parser.error(f"unknown games {unknown}; the games are: {', '.join(castlerules.games())}")
    if args.check:
        bad = 0
        for name in names:
            state, data = status(name, args.out)
            when = f" (made {data['generated']})" if data else ""
            print(f"{name}: {state}{when}")
            bad += state != "current"
        return 1 if bad else 0
    if args.n < 1 or args.depth < 0 or args.jobs < 1:
        parser.error("--games and --jobs must be positive and --depth at least 0")
    report(names, args.n, args.depth, args.jobs, args.out, argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
