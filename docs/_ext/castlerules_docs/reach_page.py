"""The verification page's part on reach: per game, the share of the conditions of the
clause-tagged rules that ``castlerules verify --all-readings --reach`` saw true and false, and every
condition it did not, with the note that says why (``docs/data/reach.json``, made by
``tools/reach_report.py``; ``docs/data/reach-notes.toml``)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from castlerules_docs.rst import esc, list_table, literal


def notes(root: Path) -> dict[tuple[str, str, str], str]:
    """(game, function's qualified name, condition) -> why it is not seen both ways."""
    path = root / "docs" / "data" / "reach-notes.toml"
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {(n["game"], n["function"], n["condition"]): n["note"] for n in data.get("note", [])}


def below_target(root: Path) -> dict[str, dict[str, Any]]:
    """Game -> why it is below the target of 95 % and the floor it keeps (``below_target``)."""
    path = root / "docs" / "data" / "reach-notes.toml"
    if not path.is_file():
        return {}
    found: dict[str, dict[str, Any]] = tomllib.loads(path.read_text(encoding="utf-8")).get(
        "below_target", {})
    return found


def measured(root: Path) -> dict[str, Any]:
    path = root / "docs" / "data" / "reach.json"
    if not path.is_file():
        return {}
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")).get("games", {})
    return found


def key(game: str, condition: dict[str, Any]) -> tuple[str, str, str]:
    """A listed condition's key in the notes: its game, function (qualified name) and text."""
    return game, condition["qualname"], condition["condition"]


def part_reach(root: Path, names: list[str]) -> list[str]:
    data = measured(root)
    why = notes(root)
    rows = []
    for name in names:
        r = data.get(name)
        if r is None:
            rows.append([esc(name), "—", "—", "—", "—", "no data"])
            continue
        single = r.get("all_readings", {})
        rows.append([
            esc(name), str(r["conditions"]),
            f"{r['both_ways']} ({100 * r['share']:.1f} %)",
            f"{r['by_families']}", f"{r['mcdc']} ({100 * r['mcdc_share']:.1f} %)",
            f"{single.get('both_ways', '—')} ({100 * single.get('share', 0):.1f} %)",
            f"{r['runs']} runs, {esc(r['measured'])}",
        ])
    out = list_table(["Game", "Conditions", "Seen both ways", "Of them on the families' values",
                      "MC/DC", "By the single readings alone", "Plan"], rows, classes="reach")
    for name in names:
        r = data.get(name)
        if r is None or not r["not_both_ways"]:
            continue
        out += ["", f"**{esc(name)}**: the conditions not seen both ways", ""]
        short = below_target(root).get(name)
        if short is not None:
            out += [f"Below the target of 95 %: {esc(short['why'])}", ""]
        body = []
        for c in r["not_both_ways"]:
            k = key(name, c)
            body.append([f"{literal(c['file'])}:{c['line']}", literal(k[1]),
                         literal(c["condition"]), esc(c["seen"]),
                         esc(why.get(k, "(no note)"))])
        out += list_table(["Where", "Function", "Condition", "Seen", "Why"], body,
                          classes="reach-missing")
    return out
