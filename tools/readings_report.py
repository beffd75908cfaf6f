"""What each reading changes: a game's theorems, move trees and random play under every reading.

For a game, under the default reading and under every reading that differs from it in one
interpretation (``castlerules.core.readings.single_deviations``), this script computes

- every theorem of the game made with that reading (``castlerules verify GAME --reading ...``;
  not the ``--deep`` ones), with its status and, for a counterexample, the position and the
  squares that matter;
- the move-tree count at depth 3 (``castlerules.core.perft.perft``) from the start, or for a game
  whose tree from the start is too big to count per reading, from the position after the moves
  ``PERFT_FROM`` names (Vlotte Geesten: the roll of the rulebook's situation-1 example);
- a seeded simulation of random games (``castlerules.simulate.simulate``): game length and the
  first player's win rate,

and writes ``docs/data/readings/<game>.json``, which the documentation's "What each reading
changes" pages show. Every number in that file was computed by this run; nothing is inferred. The
file records when and how it was made, and fingerprints of the code it was made from, so the pages
can say when the code has changed since.

Usage::

    python tools/readings_report.py [GAME ...] [--games N] [--depth D] [--jobs J] [--resume]
    python tools/readings_report.py --check [GAME ...]

The file of a game is rewritten after every reading, so a run that is stopped keeps what it did;
``--resume`` keeps the readings already in the file that were made from the same code and
settings, and computes only the others. ``--check`` computes nothing: it says which games' data is
missing or older than the code (exit status 1 if any). ``--jobs`` runs readings in parallel
processes. Run it when the rules are stable, and commit the files.
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
#: Moves played from the start before the move tree is counted, for games whose tree from the start
#: is too big to count under every reading (Vlotte Geesten: 3125 rolls times every grab of every
#: player; from one roll, the grabs alone).
PERFT_FROM: dict[str, tuple[str, ...]] = {
    "vlotte-geesten": ("roll bottle bottle chair mouse bottle",),
}
#: Fields of a theorem run kept in the report.
RUN_FIELDS = ("id", "method", "basis", "status", "expected", "ok", "verdict", "detail",
              "counterexample", "position", "position_options", "highlight", "seconds")  # fmt: skip


def _package_dir(game: str) -> Path:
    import castlerules
    from castlerules.core.catalog import info

    package = info(game).package
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
    moves = PERFT_FROM.get(game.name, ())
    state = game.initial_state()
    for move in moves:
        state = game.play(state, move)
    count = perft(game, state, depth)
    return {
        "depth": depth,
        "from": list(moves),
        "position": game.state_to_text(state),
        "count": count,
        "seconds": round(time.perf_counter() - start, 2),
    }


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
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    entry: dict[str, Any] = {"readings": readings, "label": label(readings), "computed": now}
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


def _header(name: str, games: int, depth: int, argv: list[str]) -> dict[str, Any]:
    import castlerules

    package = _package_dir(name)
    relative = package.relative_to(ROOT) if ROOT in package.parents else None
    dirty = _git("status", "--porcelain", "--", str(relative), f"specs/{name}.toml") if relative else None
    return {
        "format": FORMAT,
        "game": name,
        "generated": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": command_line(argv),
        "castlerules": castlerules.__version__,
        "commit": _git("rev-parse", "HEAD"),
        "uncommitted_changes": bool(dirty) if dirty is not None else None,
        "fingerprints": fingerprints(name),
        "settings": {"games": games, "depth": depth, "seed": 0},
        "readings": [],
    }


def _kept(name: str, out: Path, header: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The readings of an earlier run that can be kept: same code, same settings."""
    path = out / f"{name}.json"
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if old.get("fingerprints") != header["fingerprints"] or old.get("settings") != header["settings"]:
        return {}
    return {json.dumps(e.get("readings", {}), sort_keys=True): e for e in old.get("readings", [])}


def _save(out: Path, data: dict[str, Any], order: list[str]) -> None:
    done = {json.dumps(e["readings"], sort_keys=True): e for e in data["readings"]}
    data = {**data, "readings": [done[k] for k in order if k in done]}
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{data['game']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def report(
    names: list[str], games: int, depth: int, jobs: int, out: Path, argv: list[str], resume: bool
) -> None:
    from castlerules.core.readings import single_deviations
    from castlerules.core.spec import load_spec

    started = time.perf_counter()
    files: dict[str, dict[str, Any]] = {}
    orders: dict[str, list[str]] = {}
    tasks = []
    for name in names:
        header = _header(name, games, depth, argv)
        kept = _kept(name, out, header) if resume else {}
        deviations = single_deviations(load_spec(name))
        orders[name] = [json.dumps(d, sort_keys=True) for d in deviations]
        header["readings"] = [kept[k] for k in orders[name] if k in kept]
        files[name] = header
        tasks += [(name, d) for d, k in zip(deviations, orders[name]) if k not in kept]
        if kept:
            print(f"{name}: keeping {len(header['readings'])} readings of the earlier run", file=sys.stderr)
    print(f"{len(tasks)} readings to compute", file=sys.stderr, flush=True)
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(one_reading, n, d, games, depth): (n, d) for n, d in tasks}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            name, readings = futures[future]
            entry = future.result()
            files[name]["readings"].append(entry)
            _save(out, files[name], orders[name])
            print(f"[{done}/{len(tasks)}] {name} {label(readings)}: {entry['seconds']} s",
                  file=sys.stderr, flush=True)  # fmt: skip
    for name in names:
        _save(out, files[name], orders[name])
        print(f"wrote {out / f'{name}.json'}", file=sys.stderr)
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
    parser.add_argument("--resume", action="store_true",
                        help="keep the readings an earlier run made from the same code")
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
    report(names, args.n, args.depth, args.jobs, args.out, argv, args.resume)
    return 0


if __name__ == "__main__":
    sys.exit(main())
