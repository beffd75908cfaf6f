"""Pages and page parts about all games: the overview, traceability, random play, the mutation
table, the command-line reference, the adapters' figures and the limits on untrusted input."""

from __future__ import annotations

import importlib
import json
import os
import tomllib
from pathlib import Path
from typing import Any

from castlerules_docs.data import NON_RULES, OUT_DIR, GameDoc, constants, describe
from castlerules_docs.game_pages import coverage, players_text, problems_block, verdict
from castlerules_docs.rst import (
    clause_ref,
    code_block,
    code_ref,
    esc,
    joined,
    list_table,
    literal,
    prose,
    theorem_ref,
    title,
)

#: One line per game for the overview (editorial; the rest of the page is computed).
GAME_LINES = {
    "vlotte-geesten": "A reaction game with five dice: read the roll, work out which of the five "
    "objects it points to, and grab it before anyone else.",
    "splut": "An abstract strategy game on a diamond board: trolls throw rocks, dwarves push, "
    "sorcerers levitate; crush every other sorcerer to win.",
    "spookslot": "A race through a haunted castle: roll, move your pawns along the path, and hope "
    "the ghost's ball does not open the trap under them.",
    "kasteel": "A two-player race of knights on a castle map with walls and canals: reach the "
    "other side's key square, or leave the other side no move.",
}


def page_games(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("The games", "="),
        "Four games whose rules exist only as Dutch prose. Each has a page to learn it (*how to "
        "play*, *worked examples*), its position notation, and the pages that check it: the "
        "rulebook (every Dutch clause with its code, tests and theorems), the interpretations, "
        "the theorems and what each reading changes.",
        "",
    ]
    for gd in docs:
        low, high = gd.players_range
        out += [f".. _overview-{gd.slug}:", "", *title(gd.title, "-"), *problems_block(gd)]
        out += [".. container:: game-card", ""]
        if gd.svg is not None:
            out += [
                f"   .. image:: {gd.slug}/start.svg",
                f"      :alt: The starting position of {esc(gd.title)}",
                f"      :class: game-thumb{' board-text' if gd.svg_is_text else ''}",
                f"      :target: {gd.slug}/index.html",
                "",
            ]
        line = GAME_LINES.get(gd.name) or ((gd.cls.__doc__ or "").strip().split("\n")[0] if gd.cls else "")
        out += [
            "   .. container:: game-card-text",
            "",
            f"      **{players_text(low, high)}** · ``castlerules.make({gd.name!r})``",
            "",
            f"      {esc(line)}",
            "",
            f"      :doc:`Introduction <{gd.slug}/index>` · :doc:`How to play <{gd.slug}/how-to-play>` · "
            f":doc:`Worked examples <{gd.slug}/examples>` · :doc:`Rulebook <{gd.slug}/rulebook>` · "
            f":doc:`Interpretations <{gd.slug}/interpretations>` · :doc:`Theorems <{gd.slug}/theorems>` · "
            f":doc:`What each reading changes <{gd.slug}/readings>`",
            "",
        ]
    rows = []
    for gd in docs:
        cov = coverage(gd.rows)
        low, high = gd.players_range
        proved = sum(1 for r in gd.runs.values() if verdict(r) == "proved")
        rows.append([
            f":doc:`{esc(gd.title)} <{gd.slug}/index>`",
            f"{low}" if low == high else f"{low}–{high}",
            f"{cov['clauses']} ({cov['rules']})",
            f":doc:`{len(gd.spec.interpretations)} <{gd.slug}/interpretations>`",
            f":doc:`{len(gd.theorems)} <{gd.slug}/theorems>` ({proved} proved)",
            f":doc:`{len(gd.examples)} <{gd.slug}/examples>`",
        ])  # fmt: skip
    out += [*title("In numbers", "-")]
    out += list_table(
        ["Game", "Players", "Clauses (rules)", "Interpretations", "Theorems", "Examples"], rows,
        classes="games",
    )
    out += [".. toctree::", "   :hidden:", ""]
    out += [f"   {gd.slug}/index" for gd in docs]
    return [*out, ""]


def page_traceability(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("Traceability matrix", "="),
        "Every clause of every game: the code that enforces it, the tests that check it "
        "(``@pytest.mark.clause``) and the theorems that cover it. It is computed for each build "
        "from the rulebook data, the ``@clause`` registry and the test files. Rule clauses that "
        "no code enforces, or that no test or theorem checks, are :uncovered:`marked like this`.",
        "",
    ]
    rows = []
    for gd in docs:
        c = coverage(gd.rows)
        no_code = c["rules"] - c["implemented"]
        rows.append([
            f":ref:`{esc(gd.title)} <traceability-{gd.slug}>`",
            str(c["rules"]),
            f":uncovered:`{c['implemented']}`" if no_code else str(c["implemented"]),
            str(c["tested"]),
            str(c["proved"]),
            f":uncovered:`{c['uncovered']}`" if c["uncovered"] else "0",
        ])  # fmt: skip
    out += list_table(["Game", "Rules", "With code", "With tests", "With theorems", "Unchecked"],
                      rows, caption="Coverage of the rule clauses", classes="coverage")  # fmt: skip
    for gd in docs:
        out += [f".. _traceability-{gd.slug}:", "", *title(gd.title, "-"), *problems_block(gd)]
        bad = [r for r in gd.rows if r["kind"] == "rule" and not r["tests"] and not r["theorems"]]
        nocode = [r for r in gd.rows if r["kind"] == "rule" and not r["implemented_by"]]
        if nocode:
            out += ["**Rules no code enforces:** " + joined(clause_ref(r["id"]) for r in nocode), ""]
        if bad:
            out += ["**Rules no test or theorem checks:** " + joined(clause_ref(r["id"]) for r in bad), ""]
        rows = []
        for r in gd.rows:
            if r["kind"] in NON_RULES:
                continue
            rule = r["kind"] == "rule"
            code = joined((code_ref(q) for q in r["implemented_by"]), ":uncovered:`none`" if rule else "—")
            tests = joined(literal(t.split("::")[-1]) for t in r["tests"])
            thms = joined(theorem_ref(t) for t in r["theorems"])
            if rule and not (r["tests"] or r["theorems"]):
                tests = thms = ":uncovered:`none`"
            rows.append([f"{clause_ref(r['id'])} :kind-{r['kind']}:`{r['kind']}`", code, tests, thms])
        out += [".. container:: wide-table", ""]
        out += list_table(["Clause", "Code", "Tests", "Theorems"], rows, classes="trace",
                          widths="22 26 30 22", indent_by="   ")  # fmt: skip
        others = [r for r in gd.rows if r["kind"] in NON_RULES]
        if others:
            out += [f"Not game rules ({len(others)} clauses; the reasons are in the rulebook): "
                    + joined(clause_ref(r["id"]) for r in others), ""]  # fmt: skip
    return out


def page_random_play(docs: list[GameDoc]) -> list[str]:
    """Seeded random play of every game at its default options, beside published figures where a
    game's ``stats`` module has them (``PUBLISHED``)."""
    from castlerules.simulate import format_table, simulate

    out = [
        *title("Random play", "="),
        "What happens when every choice is uniformly random: each game below is simulated with "
        "``castlerules simulate`` at its default options and seed 0 while the docs are built. "
        "**Random play is not human play**: these figures describe the rules under blind choices, "
        "not how people play. Where the rulebook prints statistics of games played by people, they "
        "stand beside the simulated ones. Each game's *what each reading changes* page has the "
        "same figures under every reading.",
        "",
    ]
    for gd in docs:
        out += [*title(gd.title, "-")]
        try:
            stats = gd.info.part("stats")
        except Exception:
            stats = None
        n = gd.info.doc_games
        try:
            summary = simulate(gd.name, n, seed=0, keep_results=False).summary
        except Exception as exc:
            problem = describe("simulate random games", exc)
            gd.problems.append(problem)
            out += [".. error::", "", f"   {esc(problem)}", ""]
            continue
        out += [f"{n} games, ``castlerules simulate {gd.name} -n {n}``.", ""]
        out += code_block(format_table(summary))
        published = getattr(stats, "PUBLISHED", None)
        if published:
            turns = summary["counters"].get("turns", {}).get("per_game")
            simulated = {
                "games": summary["games"],
                "first player win rate": summary["wins_by_seat"][0] / summary["games"],
                "turns per game (mean)": turns,
            }
            rows = []
            for key, value in published.items():
                sim = simulated.get(key)
                shown = "-" if sim is None else (f"{sim:.3f}" if isinstance(sim, float) else str(sim))
                pub = f"{value:.3f}" if isinstance(value, float) else str(value)
                rows.append([esc(key), pub, shown])
            out += list_table(["Figure", "Published", "Random play"], rows,
                              caption="Published (people) and simulated (random play)")  # fmt: skip
    return out


# -- the mutation kit ------------------------------------------------------------------------------


#: The two mutant sets: the tuning set the theorems were fitted against, and the held-out set
#: written by someone who had not read the theorems (the figure that counts).
MUTANT_SETS = {
    "tuning": ("mutants", "mutants"),
    "heldout": ("mutants/heldout", "heldout"),
}


def _mutant_data(root: Path, folder: str) -> tuple[dict[str, Any] | None, dict[str, dict[str, Any]]]:
    """The results of ``tools/mutants.py --json FOLDER/results.json`` (or None) and every
    ``FOLDER/<game>.toml`` mutant by game and id."""
    results = None
    path = root / folder / "results.json"
    if path.is_file():
        try:
            results = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            results = None
    kit: dict[str, dict[str, Any]] = {}
    for toml in sorted((root / folder).glob("*.toml")):
        try:
            data = tomllib.loads(toml.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        kit[toml.stem] = {str(m.get("id")): m for m in data.get("mutant", []) if isinstance(m, dict)}
    return results, kit


def _where(m: dict[str, Any]) -> str:
    """Under which readings and options a mutant lives, for a person."""
    parts = [f"{str(k).split('.interp.')[-1]}={v}" for k, v in (m.get("readings") or {}).items()]
    parts += [f"{k}={v}" for k, v in (m.get("options") or {}).items()]
    return f" Under {literal(', '.join(parts))}." if parts else ""


def part_mutants(root: Path, docs: list[GameDoc], which: str = "tuning") -> list[str]:
    folder, anchor = MUTANT_SETS[which]
    results, kit = _mutant_data(root, folder)
    set_flag = "" if which == "tuning" else f" --set {which}"
    out: list[str] = []
    if not results:
        out += [
            ".. note::",
            "",
            "   This mutant set has not been run for this build: there is no "
            f"``{folder}/results.json`` yet. It is written by "
            f"``python tools/mutants.py{set_flag} --json {folder}/results.json``.",
            "",
        ]
        if kit:
            counts = ", ".join(f"{g}: {len(m)}" for g, m in kit.items())
            out += [f"Mutants defined so far ({counts}).", ""]
        return out
    rows = []
    for game, data in results.items():
        if not isinstance(data, dict):
            continue
        killed, total = data.get("killed", 0), data.get("total", 0)
        rate = f"{100 * killed / total:.0f} %" if total else "—"
        rows.append([f":ref:`{esc(game)} <{anchor}-{game}>`", f"{killed} / {total}", rate])
    out += list_table(["Game", "Killed by the theorems alone / mutants", "Rate"], rows, classes="mutants-summary")
    known = {t.id for gd in docs for t in gd.theorems}
    for game, data in results.items():
        if not isinstance(data, dict):
            continue
        defined = kit.get(game, {})
        heading = f"Mutants: {game}" if which == "tuning" else f"Held-out mutants: {game}"
        out += [f".. _{anchor}-{game}:", "", *title(heading, "^")]
        rows = []
        for m in data.get("mutants", []):
            spec = defined.get(str(m.get("id")), {})
            by = [b for b in m.get("by", []) if isinstance(b, str)]
            killers = joined(theorem_ref(b) if b in known else literal(b) for b in by)
            if m.get("stale"):
                verdict_cell, killers = ":verdict-unexpected:`stale`", esc(m["stale"])
            elif m.get("killed"):
                verdict_cell = ":verdict-proved:`killed`"
            else:
                reason = m.get("survivor") or spec.get("survivor") or ""
                verdict_cell = ":verdict-unexpected:`survived`"
                killers = prose(reason) if reason else ":uncovered:`no documented reason`"
            if not m.get("changes", True) and not m.get("stale"):
                verdict_cell += " :uncovered:`no behaviour change`"
            rows.append([
                literal(m.get("id", "?")),
                literal(m.get("kind", spec.get("kind", "?"))),
                prose(m.get("bug", spec.get("bug", "")))
                + (f" (in ``{Path(str(m.get('file') or spec.get('file'))).name}``)" if m.get("file") or spec.get("file") else "")
                + _where({**spec, **m}),
                verdict_cell,
                killers,
            ])  # fmt: skip
        out += [".. container:: wide-table", ""]
        out += list_table(["Mutant", "Kind", "The bug", "Verdict", "Killed by / why it survives"], rows,
                          classes="mutants", widths="18 10 34 10 28", indent_by="   ")  # fmt: skip
    return out


# -- readings across games -------------------------------------------------------------------------


def part_readings_summary(root: Path, docs: list[GameDoc]) -> list[str]:
    from castlerules_docs.readings_page import tool

    module = tool(root)
    rows = []
    for gd in docs:
        state, data = ("missing", None)
        if module is not None:
            try:
                state, data = module.status(gd.name)
            except Exception:
                state, data = "unreadable", None
        link = f":doc:`{esc(gd.title)} </{OUT_DIR}/{gd.slug}/readings>`"
        if data is None:
            rows.append([link, "—", "—", f"no data ({state})"])
            continue
        entries = [e for e in data.get("readings", []) if isinstance(e, dict)]
        default = next((e for e in entries if not e.get("readings")), {})
        base = {r["id"]: verdict(r) for r in default.get("theorems", [])}
        changed = sorted({r["id"] for e in entries if e.get("readings") for r in e.get("theorems", [])
                          if r["id"] in base and verdict(r) != base[r["id"]]})  # fmt: skip
        when = {"current": "", "stale-game": " — older than the game's code",
                "stale-core": " — older than the core"}.get(state, "")  # fmt: skip
        rows.append([link, str(len(entries)), joined((literal(c) for c in changed), "none"),
                     esc(data.get("generated", "?")) + when])  # fmt: skip
    return list_table(["Game", "Readings computed", "Theorems whose verdict changes", "Made"], rows,
                      classes="readings-summary")  # fmt: skip


# -- the command line ------------------------------------------------------------------------------


def page_cli() -> list[str]:
    from castlerules.cli import build_parser

    out = [
        *title("Command line", "="),
        "The ``castlerules`` command, installed with the package (``python -m castlerules`` "
        "does the same). Every option is listed with its default; the help below is the program's "
        "own ``--help``, generated for this build. Exit status: 0 success, 1 a finding (``verify`` "
        "with an unexpected result, ``explain`` of an illegal move), 2 bad arguments or input — "
        "always one line on standard error, never a traceback.",
        "",
    ]
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "82"
    try:
        parser = build_parser()
        out += code_block(parser.format_help())
        subparsers = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
        for action in subparsers:
            for name, sub in action.choices.items():  # type: ignore[attr-defined]
                out += [f".. _cli-{name}:", "", *title(f"castlerules {name}", "-")]
                out += code_block(sub.format_help())
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
    return out


# -- the adapters' figures ---------------------------------------------------------------------------


def adapter_rows(docs: list[GameDoc]) -> list[dict[str, Any]]:
    """Per game and player count: the action universe, the observation and the OpenSpiel sizes."""
    from castlerules import make

    found = []
    for gd in docs:
        if gd.cls is None:
            continue
        low, high = gd.players_range
        for n in range(low, high + 1):
            try:
                from castlerules.adapters.common import Observer, Planes, table_for

                game = make(gd.name, players=n)
                table = table_for(game)
                observer = Observer(game)
                shape = Planes(game).shape  # OpenSpiel's tensor: channels first
                found.append({
                    "game": gd, "players": n, "universe": len(table), "observation": observer.size,
                    "tensor": [shape[-1], *shape[:-1]] if len(shape) > 1 else list(shape),
                    "state": observer.state_size, "chance": game.is_chance(game.initial_state()),
                    "cap": game.playout_cap,
                })  # fmt: skip
            except Exception as exc:
                gd.problems.append(describe(f"compute the adapter figures for {n} players", exc))
                break
    return found


def part_adapter_figures(docs: list[GameDoc], which: str) -> list[str]:
    rows = []
    seen: set[str] = set()
    for r in adapter_rows(docs):
        gd, n = r["game"], r["players"]
        first = gd.name not in seen
        seen.add(gd.name)
        if which == "openspiel":
            name = "castlerules_" + gd.name.replace("-", "_")
            game = f":doc:`{esc(gd.title)} </{OUT_DIR}/{gd.slug}/index>` ``{name}``" if first else ""
            rows.append([game, str(n), f"{r['universe'] + n:,}", f"{r['universe']:,}",
                         f"``{r['tensor']}``", f"{2 * r['cap']:,}"])  # fmt: skip
        else:
            game = f":doc:`{esc(gd.title)} </{OUT_DIR}/{gd.slug}/index>` ``env({gd.name!r})``" if first else ""
            rows.append([game, str(n), f"``Discrete({r['universe']})``", f"({r['observation']},)",
                         f"({r['state']},)"])  # fmt: skip
    if which == "openspiel":
        header = ["Game", "Players", "num_distinct_actions", "of them the universe", "Observation tensor shape",
                  "max_game_length"]  # fmt: skip
    else:
        header = ["Game", "Agents", "Action space", "observation shape", "state() shape"]
    return [".. container:: wide-table", "",
            *list_table(header, rows, classes="adapter-figures", indent_by="   ")]  # fmt: skip


# -- limits on untrusted input -----------------------------------------------------------------------


def part_game_limits(docs: list[GameDoc]) -> list[str]:
    rows = []
    for gd in docs:
        for part in ("board", "notation", "state", "rules"):
            try:
                module = importlib.import_module(f"{gd.package}.{part}")
            except Exception:
                continue
            for name, value, doc in constants(module):
                rows.append([
                    f":doc:`{esc(gd.title)} </{OUT_DIR}/{gd.slug}/index>`",
                    literal(f"{part}.{name}"),
                    f"{value:,}" if isinstance(value, int) else str(value),
                    esc(doc) if doc else "",
                ])  # fmt: skip
    if not rows:
        return ["No game defines limits of its own yet.", ""]
    return list_table(["Game", "Constant (in the game's package)", "Value", "What it bounds"], rows,
                      classes="limits", widths="18 32 12 38")  # fmt: skip


def part_spaces(docs: list[GameDoc]) -> list[str]:
    """Per game: what its action universe holds (by kind of action, for the default options) and
    its ``space`` module's own description of the ids and the observation."""
    from collections import Counter

    from castlerules.adapters.common import table_for

    out: list[str] = []
    for gd in docs:
        out += [*title(gd.title, "~")]
        if gd.game is None:
            out += ["The game cannot be made in this build.", ""]
            continue
        try:
            module = gd.info.part("space")
            universe = table_for(gd.game).universe
        except Exception as exc:
            gd.problems.append(describe("read the action universe", exc))
            out += ["The action universe cannot be computed in this build.", ""]
            continue
        kinds = Counter(type(a).__name__ for a in universe)
        parts = ", ".join(f"{n:,} ``{k}``" for k, n in kinds.items())
        custom = "its own layout" if hasattr(module, "observation") else "the generic layout"
        out += [
            f"With the default options ({literal(repr(gd.game))}): {len(universe):,} ids — {parts}. "
            f"The observation uses {custom}.",
            "",
        ]
        doc = (module.__doc__ or "").strip()
        if doc:
            out += [prose(" ".join(doc.split("\n\n", 1)[-1].split()) if "\n\n" in doc else doc), ""]
    return out
