"""The "What each reading changes" page of a game, from ``docs/data/readings/<game>.json``.

The data is made on purpose by ``tools/readings_report.py`` (it takes a while) and committed; this
page shows it as computed, says when and how it was made, and says clearly when it is missing or
older than the code. A cell is always a result that was computed, never one inferred.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from castlerules_docs.data import GameDoc, describe
from castlerules_docs.game_pages import VERDICT_CLASS, counterexample, problems_block, verdict
from castlerules_docs.pictures import slug
from castlerules_docs.rst import esc, interp_ref, list_table, literal, theorem_ref, title

SYMBOL = {
    "proved": ("proved", "✓"),
    "expected finding": ("finding", "◆"),
    "unknown": ("unknown", "?"),
    "unexpected": ("unexpected", "✗"),
}


def tool(root: Path) -> Any:
    """The ``tools/readings_report.py`` module of the checkout, or None."""
    path = root / "tools" / "readings_report.py"
    if not path.is_file():
        return None
    name = "castlerules_readings_report"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _cell(run: dict[str, Any] | None) -> str:
    if run is None:
        return ":verdict-notrun:`not run`"
    v = verdict(run)
    cls, mark = SYMBOL.get(v, ("notrun", "·"))
    return f":verdict-{cls}:`{mark}`"


def _percent(x: Any) -> str:
    return "—" if x is None else f"{100 * float(x):.1f} %"


def _option_text(gd: GameDoc, readings: dict[str, str]) -> str:
    parts = []
    for iid, oid in readings.items():
        try:
            i = gd.spec.interpretation(iid)
            parts.append(f"{interp_ref(i.id, i.short_id)} = ``{oid}``")
        except Exception:
            parts.append(literal(f"{iid} = {oid}"))
    return ", ".join(parts) or "**default**"


def page_readings(gd: GameDoc, root: Path, folder: Path) -> list[str]:
    out = [*title(f"{gd.title}: what each reading changes", "="), *problems_block(gd)]
    out += [
        "Each row below is one *reading* of the rules: the default, or the default with one "
        "interpretation read another way (every playable option of the :doc:`interpretations <interpretations>`, one at "
        "a time). For each reading the game's theorems were run, the move tree from the start "
        "was counted, and random games were simulated. Every cell is a result that was computed "
        "for that reading — none is inferred from another.",
        "",
    ]
    module = tool(root)
    if module is None:
        return [*out, ".. warning::", "", "   ``tools/readings_report.py`` is missing: no data.", ""]
    command = f"python tools/readings_report.py {gd.name}"
    try:
        state, data = module.status(gd.name)
    except Exception as exc:
        gd.problems.append(describe("check the readings data", exc))
        state, data = "unreadable", None
    if data is None:
        out += [
            ".. warning::",
            "",
            f"   **No data yet.** The readings report of this game has not been made "
            f"({'the file is unreadable' if state == 'unreadable' else 'there is no file'} "
            f"``docs/data/readings/{gd.name}.json``). It is made on purpose, when the rules are "
            f"stable, with ``{command}`` and committed.",
            "",
        ]
        return out
    out += [
        ".. admonition:: How and when this data was made",
        "   :class: data-provenance",
        "",
        f"   Made on **{esc(data.get('generated', '?'))}** with {literal(data.get('command', command))} "
        f"(castlerules {esc(data.get('castlerules', '?'))}"
        + (f", commit ``{str(data['commit'])[:12]}``" if data.get("commit") else "")
        + (", with uncommitted changes to the game" if data.get("uncommitted_changes") else "")
        + "). It is regenerated on purpose, when the rules or the theorems change, and committed "
        f"as ``docs/data/readings/{gd.name}.json``; the build only reads it.",
        "",
    ]
    computed = sorted({str(e["computed"]) for e in data.get("readings", []) if isinstance(e, dict) and e.get("computed")})
    if len(computed) > 1:
        out += [f"The readings were computed between {esc(computed[0])} and {esc(computed[-1])}.", ""]
    if state == "stale-game":
        out += [".. warning::", "", "   **Older than the code.** This game's rules, theorems or "
                "spec have changed since this data was made, so some results below may no longer "
                f"hold. Regenerate it with ``{command}``.", ""]  # fmt: skip
    elif state == "stale-core":
        out += [".. note::", "", "   The game-agnostic core (or the simulator) has changed since this "
                "data was made; the game's own code has not. Regenerate it with "
                f"``{command}`` to be sure.", ""]  # fmt: skip
    entries = [e for e in data.get("readings", []) if isinstance(e, dict)]
    settings = data.get("settings", {})
    out += matrix(gd, entries)
    out += findings(gd, entries, folder)
    out += perft_table(gd, entries, settings)
    out += simulation_table(gd, entries, settings)
    broken = [e for e in entries if e.get("error")]
    if broken:
        out += [*title("Readings that could not be played", "-")]
        out += [f"- {_option_text(gd, e.get('readings', {}))}: {esc(e['error'])}" for e in broken]
        out.append("")
    return out


def matrix(gd: GameDoc, entries: list[dict[str, Any]]) -> list[str]:
    out = [*title("Theorems under each reading", "-")]
    ids: list[str] = []
    for e in entries:
        for r in e.get("theorems", []):
            if r["id"] not in ids:
                ids.append(r["id"])
    if not ids:
        return [*out, "No theorem was run under any reading.", ""]
    out += [
        "A column per theorem (its number is in the list below the table), a row per reading: "
        ":verdict-proved:`✓` proved, :verdict-finding:`◆` the expected finding (a counterexample "
        "the theorem expects), :verdict-unknown:`?` unknown, :verdict-unexpected:`✗` unexpected "
        "(the statement fails under this reading; the counterexample is drawn below), "
        ":verdict-notrun:`not run` (the theorem does not exist under this reading, or was not "
        "run).",
        "",
    ]
    numbers = {tid: k for k, tid in enumerate(ids, 1)}
    header = ["Reading", *(f":abbr:`T{numbers[t]} ({t})`" for t in ids)]
    rows = []
    for e in entries:
        if e.get("error"):
            continue
        by_id = {r["id"]: r for r in e.get("theorems", [])}
        rows.append([_option_text(gd, e.get("readings", {})), *(_cell(by_id.get(t)) for t in ids)])
    out += [".. container:: wide-table", ""]
    out += list_table(header, rows, classes="readings-matrix", indent_by="   ")
    out += [f"- T{numbers[t]}: {theorem_ref(t) if t in {x.id for x in gd.theorems} else literal(t)}" for t in ids]
    out.append("")
    changed = []
    default = next((e for e in entries if not e.get("readings")), None)
    base = {r["id"]: verdict(r) for r in (default or {}).get("theorems", [])}
    for e in entries:
        if not e.get("readings") or e.get("error"):
            continue
        for r in e.get("theorems", []):
            if r["id"] in base and verdict(r) != base[r["id"]]:
                changed.append(r["id"])
    if default is not None:
        if changed:
            uniq = list(dict.fromkeys(changed))
            out += ["**Theorems whose verdict changes under some reading:** "
                    + ", ".join(theorem_ref(t) if t in numbers else literal(t) for t in uniq) + ".", ""]  # fmt: skip
        else:
            out += ["Every theorem has the same verdict under every reading that was computed.", ""]
    return out


def findings(gd: GameDoc, entries: list[dict[str, Any]], folder: Path) -> list[str]:
    """The counterexamples found under non-default readings where the verdict is not the
    default's (or not the expected one), each drawn."""
    from castlerules import make

    default = next((e for e in entries if not e.get("readings")), None)
    base = {r["id"]: verdict(r) for r in (default or {}).get("theorems", [])}
    out: list[str] = []
    for e in entries:
        readings = e.get("readings", {})
        if not readings or e.get("error"):
            continue
        for r in e.get("theorems", []):
            v = verdict(r)
            if v == base.get(r["id"]) or (v == "proved"):
                continue
            if not out:
                out += [*title("What fails under a reading", "-")]
            out += [
                f".. container:: theorem verdict-{VERDICT_CLASS[v]}",
                "",
                f"   .. rubric:: {literal(r['id'])} under {_option_text(gd, readings)}",
                "      :class: clause-id",
                "",
                f"   Verdict: :verdict-{VERDICT_CLASS[v]}:`{v.upper()}` ({r.get('status')}; under "
                f"the default: {base.get(r['id'], 'not run')}).",
                "",
            ]
            if r.get("detail"):
                out += [f"   {esc(r['detail'])}", ""]
            try:
                game = make(gd.name, readings=readings)
            except Exception:
                game = None
            name = f"reading-{slug(e.get('label', 'x'))}-{slug(r['id'])}"
            out += counterexample(gd, game, r, folder, name, "   ")
    return out


def perft_table(gd: GameDoc, entries: list[dict[str, Any]], settings: dict[str, Any]) -> list[str]:
    depth = settings.get("depth", 3)
    default = next((e for e in entries if not e.get("readings")), None)
    moves = (default or {}).get("perft", {}).get("from") or []
    position = (default or {}).get("perft", {}).get("position")
    where = "the start"
    if moves:
        where = ("the position after " + ", ".join(f"``{m}``" for m in moves)
                 + (f" (``{position}``)" if position else ""))  # fmt: skip
    out = [*title(f"Move trees at depth {depth}", "-")]
    out += [
        f"The number of action sequences of {depth} plies from {where} "
        "(``castlerules.core.perft.perft``; chance outcomes count as branches). A reading that "
        "changes the legal actions near that position changes this count; one that only matters "
        "later in a game does not.",
        "",
    ]
    if moves:
        out += [
            "The tree from the start is too big to count under every reading (every roll of the "
            "dice times every grab of every player), so it is counted from one roll: the roll of "
            "the rulebook's first example.",
            "",
        ]
    base = (default or {}).get("perft", {}).get("count")
    rows = []
    for e in entries:
        if e.get("error"):
            continue
        p = e.get("perft", {})
        count = p.get("count")
        if count is None:
            rows.append([_option_text(gd, e.get("readings", {})), esc(p.get("error", "not computed")), ""])
            continue
        diff = "" if base is None or not e.get("readings") else ("same" if count == base else f"{count - base:+,}")
        rows.append([_option_text(gd, e.get("readings", {})), f"{count:,}", diff])
    return [*out, *list_table(["Reading", "Leaves", "Against the default"], rows, classes="perft")]


def simulation_table(gd: GameDoc, entries: list[dict[str, Any]], settings: dict[str, Any]) -> list[str]:
    n = settings.get("games", "?")
    out = [*title("Random play under each reading", "-")]
    out += [
        f"{n} seeded random games per reading (``castlerules simulate``, seed "
        f"{settings.get('seed', 0)}): chance outcomes with their exact probabilities, every other "
        "choice uniformly random. Random play is not human play; the figures show how a reading "
        "changes the game under blind choices. The length is in plies (every action, chance "
        "outcomes included).",
        "",
    ]
    rows = []
    for e in entries:
        if e.get("error"):
            continue
        s = e.get("simulation", {})
        if "error" in s:
            rows.append([_option_text(gd, e.get("readings", {})), esc(s["error"]), "", "", "", ""])
            continue
        rows.append([
            _option_text(gd, e.get("readings", {})),
            f"{float(s.get('mean_length', 0)):.1f}",
            f"{s.get('median_length', '—')}",
            _percent(s.get("first_player_win_rate")),
            f"{s.get('ties', 0)} / {s.get('no_winner', 0)}",
            str(s.get("unfinished", 0)),
        ])  # fmt: skip
    header = ["Reading", "Mean length", "Median", "First player wins", "Ties / no winner", "Unfinished"]
    return [*out, *list_table(header, rows, classes="simulation")]
