"""The parts of the "Spookslot solved" page (``docs/solved.rst``).

The headline figures and the three-player estimate are read from ``docs/data/solve/spookslot.json``
(made by ``tools/solve_report.py``, a full solve: too slow for a docs build); the page says when
that file was made from other rules than the ones documented. The last-pawn race table and the
fork pictures are computed here, at build time, from a solve of the last-pawn race alone (about
two thousand positions, a second).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from castlerules_docs.rst import esc, list_table, write

#: The squares of the race table: the end of the castle, from the green star square on.
RACE_FROM = "g5"


def generate(root: Path, out: Path) -> None:
    """Write the page's parts under ``out/parts`` and its pictures under ``out/solve``."""
    data = _data(root)
    write(out / "parts" / "solve-figures.rst", part_figures(data))
    write(out / "parts" / "solve-three.rst", part_three(data))
    try:
        race, forks = part_race(out)
    except ImportError as exc:  # numpy missing where the docs are built
        race = forks = [f".. note:: Not computed for this build: {esc(exc)}.", ""]
    write(out / "parts" / "solve-race.rst", race)
    write(out / "parts" / "solve-forks.rst", forks)


def _data(root: Path) -> dict[str, Any] | None:
    path = root / "docs" / "data" / "solve" / "spookslot.json"
    try:
        found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found


def _pc(value: float, digits: int = 2) -> str:
    return f"{100 * value:.{digits}f} %"


def _stale(data: dict[str, Any]) -> list[str]:
    import castlerules
    from castlerules.solve import source_hash

    if data.get("source") == source_hash(castlerules.make("spookslot")):
        return []
    return [".. warning:: These figures were computed from an earlier version of the rules; run "
            "``python tools/solve_report.py`` to compute them for this one.", ""]


def part_figures(data: dict[str, Any] | None) -> list[str]:
    """The headline figures and what the solve cost."""
    if data is None:
        return [".. note:: No solved figures: ``docs/data/solve/spookslot.json`` is missing; "
                "``python tools/solve_report.py`` makes it.", ""]
    start = data["start"]
    opt, against, rand = start["optimal"], start["against-random"], start["random"]
    rows = [
        ["both play optimally", _pc(opt[0], 4), _pc(opt[1], 4)],
        ["each plays optimally against a random player", _pc(against[0], 4),
         _pc(against[1], 4)],
        ["both play at random", _pc(rand[0], 4), _pc(rand[1], 4)],
    ]
    out = [*_stale(data)]
    out += list_table(["Chance to win from the start", "p0 (moves first)", "p1"], rows,
                      classes="solved-figures")
    edge = opt[0] - opt[1]
    out += [
        f"- **Moving first is worth {100 * edge:.2f} points** of winning chance between two "
        f"perfect players: {_pc(opt[0])} against {_pc(opt[1])}. Between two random players it "
        f"is worth {100 * (rand[0] - rand[1]):.2f} points.",
        f"- **Perfect play against a random player** wins {_pc(against[0])} of games moving "
        f"first and {_pc(against[1])} moving second.",
        f"- Every figure is exact to within {data['bound']:.1e} (a certified bound, see below). "
        f"The solve covered {data['positions']:,} turn starts ({data['nodes']:,} positions "
        f"counting every phase of a turn, {data['edges']:,} transitions), in "
        f"{data['cpu_seconds']:,.0f} CPU seconds and {data['peak_mib']:,} MiB at most; reading "
        f"the stored table ({data['table_bytes'] / 2**20:.0f} MiB) back takes "
        f"{data['table_read_seconds']:.2f} s. Computed on {data['made']} with castlerules "
        f"{data['castlerules']} (``python tools/solve_report.py``).",
        "",
    ]
    return out


def part_three(data: dict[str, Any] | None) -> list[str]:
    """Three players, on paper."""
    if data is None:
        return []
    t = data["three_players"]
    return [
        f"Each player's two pawns stand on an unordered pair of the {t['places']} places "
        f"(behind the start, the squares, escaped): {t['pairs_per_player']:,} pairs. Two "
        f"players' turn starts, named from the player to move, are at most "
        f"{t['pairs_per_player']:,}² configurations, of which the solve met "
        f"{100 * t['two_player_share']:.1f} %. At the same share, three players have about "
        f"**{t['positions']:,.0f} turn starts**, {t['nodes']:,.0f} positions counting every "
        f"phase, and {t['edges']:,.0f} transitions. Kept as this solver keeps them (a 4-byte "
        f"child and an 8-byte weight per transition, and six value vectors for the "
        f"against-random model: three seats, two bounds) that is about **{t['memory_gib']:,} "
        f"GiB**; building the graph at the two-player rate takes about **{t['cpu_hours']:,} CPU "
        "hours**.",
        "",
        "So three players need what this machine does not have: the graph built in parts on a "
        "cluster (the escaped pawns only ever grow, so the positions split by who has escaped "
        "into pieces that can be solved one after the other, each on Dask), and the arrays on "
        "disk rather than in memory. And *optimal* play is not one thing with three players: "
        "what is best for one seat depends on how the other two treat each other (the seats' "
        "best replies need not agree, and a two-against-one reading is another game), so the "
        "solver refuses the optimal model there and solves the against-random one only.",
        "",
    ]


@functools.cache
def race_solution() -> Any:
    """The last-pawn race of the default two-player game, solved (once a build; the Play page
    ships its table too)."""
    import castlerules
    from castlerules import solve as sv
    from castlerules.spookslot import solve as ss

    game = castlerules.make("spookslot")
    return sv.solve(game, roots=ss.last_pawn_positions(game), root_text="last-pawn race",
                    models=("optimal",))


def part_race(out: Path) -> tuple[list[str], list[str]]:
    """The last-pawn race table and the fork pictures, from a solve of the race alone."""
    import castlerules
    from castlerules import solve as sv
    from castlerules.spookslot import solve as ss

    game = castlerules.make("spookslot")
    solution = race_solution()
    ev = sv.Evaluator(game, sv.canon_of(game), solution.table)
    table = ss.race_table(game, ev)
    ids = list(game.board.ids)
    squares = ids[ids.index(RACE_FROM):]
    rows = []
    for mine in squares:
        cells = [f"**{esc(mine)}**"]
        for theirs in squares:
            value = table.get((mine, theirs))
            cells.append("" if value is None else f"{100 * value:.1f}")
        rows.append(cells)
    race = [
        f"The chance, in per cent, that the player to move wins when both have one pawn left "
        f"(the row: the mover's pawn; the column: the other's), both playing optimally, from "
        f":literal:`{esc(RACE_FROM)}` on. The whole table ({len(table):,} pairs of squares, "
        f"behind the start included) is a solve of {solution.summary['positions']:,} positions, "
        f"exact to {solution.table.bound:.1e}; ``castlerules show spookslot 'h1,x/g7,x p0 roll "
        "- - -' --eval`` gives any one of them.",
        "",
        *list_table(["", *(f"{esc(q)}" for q in squares)], rows, classes="race-table"),
    ]
    forks = []
    choices = ss.fork_choices(game, ev)
    for fork, found in choices.items():
        counts = {k: sum(1 for _, _, cells in found for c in cells.values() if c == k)
                  for k in ("safe", "short", "equal")}
        svg = ss.fork_picture(game, fork, found)
        write(out / "solve" / f"fork-{fork}.svg", svg)
        forks += [
            f".. figure:: /generated/solve/fork-{fork}.svg",
            f"   :alt: The right route at the fork at {fork} in the last-pawn race",
            "   :figclass: board",
            "",
            f"   The fork at ``{esc(fork)}``, last pawn against last pawn: the short route is "
            f"right in {counts['short']:,} cases, the safe one in {counts['safe']:,}, and both "
            f"are as good in {counts['equal']:,}.",
            "",
        ]
    return race, forks
