"""The mutation kit: do the theorems alone catch realistic rule bugs?

Each game's mutants are data in ``mutants/<game>.toml``::

    [[mutant]]
    id = "kasteel-own-key-passable"          # unique slug
    kind = "movement"                        # see KINDS
    file = "src/castlerules/kasteel/rules.py"
    original = '''if sq in own or sq == own_key:'''  # occurs exactly once in the file
    replacement = '''if sq in own:'''
    bug = "A knight may slide through its own key square."
    readings = { }                           # optional: the readings the bug lives under
    options = { players = 4 }                # optional: keyword options of ``make`` the bug needs
    survivor = "..."                         # optional: why no theorem catches it (survivors)

and, optionally, at the top of the file ``positions = ["<position text>", ...]``: reachable positions
added to the probe (for bugs that random play rarely shows).

For every mutant this script

1. applies it to a temporary copy of ``src/`` (and ``specs/``);
2. checks that it changes behaviour on some reachable state: the original rules write a probe of
   the initial state and of states from seeded random games (and the listed positions) — the legal
   actions as text (digested), whether the state is terminal, the winners, the actors, the chance
   distribution and every successor — and the mutant must disagree somewhere (a mutant that changes
   nothing is an error in the kit); the mutant's process stops at the first difference;
3. runs ``castlerules verify GAME --json --fail-fast --jobs 1`` (the theorems only, up to the
   first that fails; with the mutant's readings and the readings its keyword options select, such
   as ``no_yellow=true``; the default run covers every player count) under the mutant; the mutant
   is *killed* if any theorem does not give its expected result (a crash or a time-out counts, and
   is shown as such).

Two sets of mutants: the **tuning** set (``mutants/<game>.toml``), which the theorems have been
fitted against, and the **held-out** set (``mutants/heldout/<game>.toml``), written from the Dutch
text and the code by someone who had not read the theorems, and never used to tune them. The
held-out figure is the one that counts.

Usage::

    python tools/mutants.py [GAME ...] [--set tuning|heldout] [--jobs 2]
                            [--json mutants/results.json] [--only ID ...] [--probe-only]
                            [--costs VERIFY.json]

``--probe-only`` checks that each mutant applies and changes behaviour, without running the
theorems (for whoever writes mutants without seeing the theorems).

``--json`` replaces the named games' results in the file and keeps the others'.

``--costs`` names the output of ``castlerules verify --json`` on the original rules (CI passes the
one its verify step has just written): each mutant's verify then runs the theorems that took
least time there first (``verify --costs``), so that a mutant a quick theorem kills does not wait
for the slow ones. Which mutants are killed does not change; which theorem is named first may.

It prints a table per game and the kill rate, and exits 1 if a mutant is stale (its original text is
not found exactly once) or changes no behaviour, or if a game's theorems kill fewer than
``--require`` (default 0.9) of its mutants.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
KINDS = (
    "turn-order",  # who acts next
    "bookkeeping",  # step / turn / pass counters
    "per-turn",  # per-turn restrictions (levitation once, the previous player's rocks, ...)
    "movement",  # where a piece may go
    "capture",  # what a move removes
    "payout",  # points, passes, penalties
    "chance",  # chance outcomes and their probabilities
    "end",  # how the game ends and who wins
    "setup",  # the start position
)
#: Seeded random games per probe (per option set).
PROBE_GAMES = 6
#: At most this many states per probed game are kept (evenly spread).
PROBE_STATES = 150
#: At most this many legal actions per state have their successors compared (evenly spread).
PROBE_ACTIONS = 24


SETS = {"tuning": MUTANTS, "heldout": MUTANTS / "heldout"}


def load(game: str, where: Path = MUTANTS) -> dict[str, Any]:
    path = where / f"{game}.toml"
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    for m in data.get("mutant", []):
        missing = {"id", "kind", "file", "original", "replacement", "bug"} - set(m)
        if missing:
            raise SystemExit(f"{path}: mutant {m.get('id', '?')} lacks {sorted(missing)}")
        extra = set(m) - {"id", "kind", "file", "original", "replacement", "bug", "readings",
                          "options", "survivor"}
        if extra:
            raise SystemExit(f"{path}: mutant {m['id']} has unknown fields {sorted(extra)}")
        if m["kind"] not in KINDS:
            raise SystemExit(f"{path}: mutant {m['id']}: kind {m['kind']!r} not in {KINDS}")
    return data


# -- the probe -------------------------------------------------------------------------------------


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def observe(game: Any, state: Any) -> dict[str, Any]:
    """What the rules say about one state (as text and digests, comparable across processes)."""
    out: dict[str, Any] = {
        "terminal": game.is_terminal(state),
        "winners": sorted(game.winners(state)),
        "actors": sorted(game.actors(state)),
        "chance": game.is_chance(state),
    }
    try:
        legal = game.legal_actions(state)
        # The lists as their length and a digest (a Vlotte Geesten roll has 3,125 outcomes, and
        # the observations travel to every mutant's process); each action written once, as at a
        # chance state the outcomes are the legal actions.
        text = {a: game.action_to_str(state, a) for a in legal}
        if game.is_chance(state):
            outcomes = [f"{text[o] if o in text else game.action_to_str(state, o)} {p}"
                        for o, p in game.chance_outcomes(state)]
            out["outcomes"] = [len(outcomes), _digest("\n".join(outcomes))]
        out["legal"] = [len(legal), _digest("\n".join(text[a] for a in legal))]
        step = max(1, len(legal) // PROBE_ACTIONS)
        out["next"] = [_digest(game.state_to_json(game.apply(state, a))) for a in legal[::step]]
    except Exception as exc:  # a mutant may crash: that is a difference too
        out["error"] = type(exc).__name__
    return out


def probe_states(game: Any, positions: list[str], seed: int = 1) -> list[str]:
    """State JSON of the probe: the listed positions and states of seeded random games."""
    from castlerules.core.errors import RulesError
    from castlerules.core.play import playout

    found: list[str] = []
    for text in positions:
        try:
            found.append(game.state_to_json(game.state_from_text(text)))
        except RulesError:  # a position for another player count or reading
            continue
    for k in range(PROBE_GAMES):
        states, _ = playout(game, random.Random(seed * 1000 + k), max_plies=20_000)
        step = max(1, len(states) // PROBE_STATES)
        found.extend(game.state_to_json(s) for s in states[::step])
    return found


def observations(
    game_name: str, readings: dict[str, str], states: list[str],
    options: dict[str, Any] | None = None,
) -> Iterator[dict[str, Any]]:
    """What the rules say about the start, then about each of ``states``, one at a time."""
    import castlerules

    game = castlerules.make(game_name, readings=readings or None, **(options or {}))
    try:  # the start itself: a set-up mutant changes it without changing any later state's rules
        yield {"initial": game.state_to_json(game.initial_state())}
    except Exception as exc:
        yield {"error": f"initial: {type(exc).__name__}"}
    for text in states:
        try:
            found = observe(game, game.state_from_json(text))
        except Exception as exc:
            found = {"error": f"load: {type(exc).__name__}"}
        yield found


def run_probe(
    game_name: str, readings: dict[str, str], states: list[str],
    options: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Every observation of the probe (the original rules': what a mutant is compared with)."""
    return list(observations(game_name, readings, states, options))


def first_difference(observed: Iterable[dict[str, Any]],
                     expected: list[dict[str, Any]]) -> int | None:
    """The index of the first observation that differs from the expected one (``None``: none
    does). It stops there: a mutant that changes the start is not observed any further."""
    for i, (a, b) in enumerate(zip(expected, observed)):
        # (through JSON, as the expected observations came: a tuple and a list are the same)
        if json.loads(json.dumps(b)) != a:
            return i
    return None


def _probe_main(path: str) -> None:
    """Run in the mutant's process: read the probe and the original rules' observations, observe
    the states under the mutant up to the first difference, and write its index (or null)."""
    task = json.loads(Path(path).read_text(encoding="utf-8"))
    found = first_difference(
        observations(task["game"], task["readings"], task["states"], task.get("options")),
        task["expected"],
    )
    Path(task["out"]).write_text(json.dumps({"difference": found}), encoding="utf-8")


# -- one mutant ------------------------------------------------------------------------------------


def apply_mutant(mutant: dict[str, Any], where: Path) -> None:
    """A copy of src/ (with specs/ as castlerules/specs) under ``where``, with the mutant applied."""
    shutil.copytree(ROOT / "src", where / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "specs", where / "src" / "castlerules" / "specs")
    target = where / mutant["file"]
    text = target.read_text(encoding="utf-8")
    if text.count(mutant["original"]) != 1:
        raise ValueError(
            f"stale: the original text occurs {text.count(mutant['original'])} times in "
            f"{mutant['file']}"
        )
    target.write_text(text.replace(mutant["original"], mutant["replacement"]), encoding="utf-8")


def _env(where: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(where / "src"), "PYTHONDONTWRITEBYTECODE": "1"}


def readings_of_options(game: str, options: dict[str, Any]) -> dict[str, str]:
    """The readings that keyword options select (``no_yellow=True`` is ``no-yellow=on``): a mutant
    that lives under such an option lives in that reading, and verify runs under it. Options whose
    value is a parameter (custom dice, a player count) select no reading: the theorems must
    quantify over their values themselves."""
    from castlerules.core.spec import load_spec

    found: dict[str, str] = {}
    for interp in load_spec(game).interpretations:
        if not interp.keyword or interp.keyword not in options or interp.keyword == "players":
            continue
        for option in interp.options:
            if not option.parameter and option.playable and option.value == options[interp.keyword]:
                found[interp.id] = option.id
    return found


def _key(mutant: dict[str, Any]) -> str:
    return json.dumps([sorted(mutant.get("readings", {}).items()),
                       sorted(mutant.get("options", {}).items())])


def check_mutant(
    game: str, mutant: dict[str, Any], probe: dict[str, Any], timeout: float,
    probe_only: bool = False, costs: str | None = None,
) -> dict[str, Any]:
    readings = dict(mutant.get("readings", {}))
    options = dict(mutant.get("options", {}))
    row: dict[str, Any] = {
        "id": mutant["id"],
        "kind": mutant["kind"],
        "bug": mutant["bug"],
        "file": mutant["file"],
        "survivor": mutant.get("survivor", ""),
        "readings": readings,
        "options": options,
    }
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="castlerules-mutant-") as tmp:
        where = Path(tmp)
        try:
            apply_mutant(mutant, where)
        except ValueError as exc:
            row.update(stale=str(exc), changes=False, killed=False)
            return row
        task = where / "probe.json"
        out = where / "observed.json"
        key = _key(mutant)
        task.write_text(
            json.dumps({"game": game, "readings": readings, "options": options,
                        "states": probe[key]["states"], "expected": probe[key]["observed"],
                        "out": str(out)}),
            encoding="utf-8",
        )
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--probe", str(task)],
            env=_env(where), capture_output=True, text=True, timeout=timeout, cwd=tmp,
        )
        if done.returncode != 0 or not out.exists():
            row["changes"] = True
            # (the mutant's copy named as such: its temporary path differs from run to run)
            row["difference"] = ("the probe crashed under the mutant: "
                                 + done.stderr.replace(tmp, "<mutant copy>")[-300:])
        else:
            diff = json.loads(out.read_text(encoding="utf-8"))["difference"]
            row["changes"] = diff is not None
            if diff is not None:
                row["difference"] = f"probe state #{diff}"
        if probe_only:
            row["seconds"] = round(time.perf_counter() - start, 1)
            return row
        # One process: the kit runs its mutants side by side (``--jobs``), and worker processes
        # of each mutant's own would only add their start-up to every mutant.
        command = [sys.executable, "-m", "castlerules", "verify", game, "--json", "--fail-fast",
                   "--jobs", "1"]
        if costs:  # the theorems that cost least on the original rules first
            command += ["--costs", costs]
        for k, v in {**readings_of_options(game, options), **readings}.items():
            command += ["--reading", f"{k}={v}"]
        try:
            verify = subprocess.run(
                command, env=_env(where), capture_output=True, text=True, timeout=timeout, cwd=tmp
            )
        except subprocess.TimeoutExpired:
            row.update(killed=True, by=["(time-out)"])
        else:
            try:
                by = [r["id"] for r in json.loads(verify.stdout)["unexpected"]]
            except (ValueError, KeyError, TypeError):
                by = ["(verify crashed)"]
            row.update(killed=verify.returncode != 0, by=by)
    row["seconds"] = round(time.perf_counter() - start, 1)
    return row


def make_probe(game: str, data: dict[str, Any], mutants: list[dict[str, Any]]) -> dict[str, Any]:
    """Observations of the original rules, per distinct set of mutant readings."""
    import castlerules

    probe: dict[str, Any] = {}
    for m in mutants:
        readings = dict(m.get("readings", {}))
        options = dict(m.get("options", {}))
        key = _key(m)
        if key in probe:
            continue
        g = castlerules.make(game, readings=readings or None, **options)
        states = probe_states(g, list(data.get("positions", [])))
        probe[key] = {"states": states, "observed": run_probe(game, readings, states, options)}
    return probe


def run_game(
    game: str, jobs: int, timeout: float, only: set[str], where: Path = MUTANTS,
    probe_only: bool = False, costs: str | None = None,
) -> list[dict[str, Any]]:
    data = load(game, where)
    mutants = [m for m in data.get("mutant", []) if not only or m["id"] in only]
    if not mutants:
        return []
    probe = make_probe(game, data, mutants)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(check_mutant, game, m, probe, timeout, probe_only, costs)
                   for m in mutants]
        rows = []
        for f in futures:
            row = f.result()
            mark = "killed" if row.get("killed") else "SURVIVED"
            if probe_only:
                mark = "applies"
            if row.get("stale"):
                mark = "STALE"
            elif not row.get("changes"):
                mark += " (no behaviour change!)"
            print(f"  {game} {row['id']}: {mark} {', '.join(row.get('by', []))}", flush=True)
            rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--json", metavar="FILE", help="write the results as JSON")
    parser.add_argument("--only", nargs="*", default=[], help="only these mutant ids")
    parser.add_argument("--require", type=float, default=0.9, help="kill rate each game needs")
    parser.add_argument("--set", choices=sorted(SETS), default="tuning",
                        help="the tuning mutants or the held-out ones")
    parser.add_argument("--probe-only", action="store_true",
                        help="only check that each mutant applies and changes behaviour")
    parser.add_argument("--costs", metavar="FILE",
                        help="a verify --json output of the original rules: each mutant's "
                             "verify runs the theorems that took least time there first")
    parser.add_argument("--probe", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:
        _probe_main(args.probe)
        return 0
    where = SETS[args.set]
    games = args.games or sorted(p.stem for p in where.glob("*.toml"))
    results: dict[str, Any] = {}
    bad = False
    for game in games:
        rows = run_game(game, args.jobs, args.timeout, set(args.only), where, args.probe_only,
                        str(Path(args.costs).resolve()) if args.costs else None)
        killed = sum(1 for r in rows if r.get("killed"))
        stale = [r["id"] for r in rows if r.get("stale")]
        inert = [r["id"] for r in rows if not r.get("stale") and not r.get("changes")]
        rate = killed / len(rows) if rows else 0.0
        results[game] = {"mutants": rows, "killed": killed, "total": len(rows), "rate": rate}
        if not args.probe_only:
            print(f"{game} ({args.set}): {killed} of {len(rows)} killed by the theorems ({rate:.0%})")
        if stale or inert:
            print(f"{game}: stale {stale}, no behaviour change {inert}")
            bad = True
        if rows and not args.only and not args.probe_only and rate < args.require:
            bad = True
    if args.json:
        # The file holds every game; a run for some games replaces only theirs.
        path = Path(args.json)
        merged: dict[str, Any] = {}
        if path.is_file() and not args.only:
            try:
                merged = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                merged = {}
        merged.update(results)
        path.write_text(json.dumps(dict(sorted(merged.items())), indent=1) + "\n", encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
