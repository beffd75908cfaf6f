"""The pages of one game: introduction with notation, how to play, worked examples, rulebook,
interpretations and theorems. ("What each reading changes" is in ``readings_page``.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from castlerules_docs import playground
from castlerules_docs.data import NON_RULES, OUT_DIR, GameDoc, check_functions, describe
from castlerules_docs.pictures import figure, render, slug
from castlerules_docs.rst import (
    clause_ref,
    code_block,
    code_ref,
    demote_sections,
    details,
    esc,
    indent,
    interp_ref,
    joined,
    line_block,
    list_table,
    literal,
    literal_block,
    prose,
    theorem_ref,
    title,
)

#: Qualified names of functions the pages link to that autodoc must document even when private
#: (theorem checks and the code paths of readings); filled while the pages are written.
LINKED_CODE: set[str] = set()


def problems_block(gd: GameDoc) -> list[str]:
    out: list[str] = []
    if gd.problems:
        out += [".. error::", "", "   Parts of this game could not be documented:", ""]
        out += [f"   - {esc(p)}" for p in gd.problems]
        out.append("")
    return out


def coverage(rows: list[dict[str, Any]]) -> dict[str, int]:
    rules = [r for r in rows if r["kind"] == "rule"]
    return {
        "clauses": len(rows),
        "rules": len(rules),
        "implemented": sum(1 for r in rules if r["implemented_by"]),
        "tested": sum(1 for r in rules if r["tests"]),
        "proved": sum(1 for r in rules if r["theorems"]),
        "uncovered": sum(1 for r in rules if not r["tests"] and not r["theorems"]),
    }


def players_text(low: int, high: int) -> str:
    return f"{low} players" if low == high else f"{low}–{high} players"


# -- verdicts ---------------------------------------------------------------------------------

VERDICT_CLASS = {
    "proved": "proved",
    "expected finding": "finding",
    "unknown": "unknown",
    "unexpected": "unexpected",
    "not run": "notrun",
}

METHOD_TEXT = {
    "z3": "z3 over every case: the negation of the statement is unsatisfiable",
    "exhaustive": "exhaustive enumeration of every case",
    "search": "a search for a witness (it can find one, never prove there is none)",
}


def verdict(run: dict[str, Any] | None) -> str:
    if run is None:
        return "not run"
    found = run.get("verdict")
    if found in VERDICT_CLASS:
        return str(found)
    status, ok = run.get("status"), run.get("ok")
    if not ok:
        return "unknown" if status == "UNKNOWN" else "unexpected"
    return "proved" if status == "PROVED" else "expected finding"


def verdict_badge(run: dict[str, Any] | None, deep: bool = False) -> str:
    v = verdict(run)
    text = v.upper()
    if run is None and deep:
        text = "DEEP: NOT RUN"
    return f":verdict-{VERDICT_CLASS[v]}:`{text}`"


# -- the introduction --------------------------------------------------------------------------


def page_intro(gd: GameDoc, folder: Path) -> list[str]:
    spec = gd.spec
    out = [f".. _game-{gd.slug}:", "", *title(spec.title, "="), *problems_block(gd)]
    doc = (gd.cls.__doc__ or "").strip() if gd.cls is not None else ""
    if doc:
        out += [prose(doc.split("\n\n")[0]), ""]
    low, high = gd.players_range
    out += [
        f"- **Players:** {players_text(low, high)}.",
        "- **Learn it:** :doc:`how to play <how-to-play>` (the rules in English), "
        ":doc:`worked examples <examples>` (the rulebook's examples, drawn).",
        "- **Check it:** the :doc:`rulebook <rulebook>` (every Dutch sentence with its code and "
        "tests), the :doc:`interpretations <interpretations>` (where the text is open), the "
        ":doc:`theorems <theorems>` (what is proved) and :doc:`what each reading changes <readings>`.",
        "",
        f"The rules of *{esc(spec.title)}* exist only as Dutch prose. Source: "
        f"{esc(spec.attribution).rstrip('.')}.",
        "",
        *code_block(
            f"import castlerules\n\ngame = castlerules.make({gd.name!r})\nstate = game.initial_state()\n"
            "print(game.render(state))",
            "python",
        ),
    ]
    if gd.game is not None and gd.cls is not None:
        cls = gd.cls
        out += [
            f"With its default options the game is {literal(repr(gd.game))}, an instance of "
            f":py:class:`{cls.__qualname__} <{cls.__module__}.{cls.__qualname__}>`.",
            "",
        ]
    cov = coverage(gd.rows)
    runs = [r for r in gd.runs.values() if r is not None]
    proved = sum(1 for r in runs if verdict(r) == "proved")
    found = sum(1 for r in runs if verdict(r) == "expected finding")
    bad = sum(1 for r in runs if verdict(r) in ("unknown", "unexpected"))
    not_run = sum(1 for r in gd.runs.values() if r is None)
    out += [
        *title("At a glance", "-"),
        f"- :doc:`Rulebook <rulebook>`: {cov['clauses']} clauses, {cov['rules']} of them game rules; "
        f"{cov['implemented']} of the rules are enforced by named code, {cov['tested']} are "
        f"checked by tests and {cov['proved']} by theorems.",
        f"- :doc:`Interpretations <interpretations>`: {len(spec.interpretations)} places where the text is silent "
        f"or ambiguous, each with its options and the chosen default; {len(spec.rulesets)} "
        "ruleset(s).",
        f"- :doc:`Theorems <theorems>`: {len(gd.theorems)} theorems — {proved} proved, {found} expected "
        f"finding(s), {bad} unknown or unexpected"
        + (f", {not_run} not run in this build (``--deep``)" if not_run else "")
        + ".",
        f"- :doc:`Worked examples <examples>`: {len(gd.examples)}.",
        f"- API reference of the package: :doc:`{gd.package} </{OUT_DIR}/api/games>` (and the code the rulebook links to: :doc:`/{OUT_DIR}/code/index`).",
        "",
        *title("The starting position", "-"),
    ]
    if gd.svg is not None:
        out += figure(
            folder, "start.svg", gd.svg, f"The starting position of {spec.title}, drawn by the library",
            "``game.render_svg(game.initial_state())``", text_picture=gd.svg_is_text,
        )
    if gd.text is not None and (gd.svg is None or not gd.svg_is_text):
        out += ["As text, ``print(game.render(game.initial_state()))``:", "", *literal_block(gd.text)]
    out += notation_section(gd)
    out += json_section(gd)
    out += [
        ".. toctree::",
        "   :hidden:",
        "",
        "   How to play <how-to-play>",
        "   Worked examples <examples>",
        "   Rulebook <rulebook>",
        "   Interpretations <interpretations>",
        "   Theorems <theorems>",
        "   What each reading changes <readings>",
        "",
    ]
    return out


_ROLE = re.compile(r":(?:[\w-]+:)?[\w-]+:`([^`]*)`")


def rst_problems(text: str) -> str:
    """docutils' complaints about ``text`` as a standalone document (Sphinx roles read as
    literals), or ""."""
    import io

    import docutils.core

    plain = _ROLE.sub(lambda m: f"``{m.group(1)}``", text)
    stream = io.StringIO()
    try:
        docutils.core.publish_doctree(
            plain,
            settings_overrides={"warning_stream": stream, "report_level": 2, "halt_level": 5,
                                "file_insertion_enabled": False, "raw_enabled": False},
        )  # fmt: skip
    except Exception as exc:  # docutils gave up
        return str(exc)
    return " ".join(stream.getvalue().split())[:300]


def notation_section(gd: GameDoc) -> list[str]:
    out = [".. _notation-" + gd.slug + ":", "", *title("Position notation", "-")]
    out += [
        "A position is one line of text that holds the whole state; every action has a text too. "
        "The conventions all four games share (the player prefix, square names, the JSON "
        "envelope) are on :doc:`/notation`. The grammar below is the docstring of "
        f":py:mod:`{gd.package}.notation`.",
        "",
    ]
    doc = gd.notation_doc()
    complaint = rst_problems(doc) if doc else ""
    if not doc:
        out += [".. note::", "", "   The notation module has no docstring yet.", ""]
    elif len(doc.splitlines()) < 4:
        out += [".. note::", "", "   The grammar of this game's notation is not written up yet; "
                "its module says only:", "", *indent(doc.splitlines(), "      "), ""]  # fmt: skip
    elif complaint:
        out += [
            ".. note::",
            "",
            "   The notation docstring is not valid reStructuredText yet, so it is shown as "
            f"plain text ({esc(complaint)}).",
            "",
            *literal_block(doc),
        ]
    else:
        out += [f".. py:currentmodule:: {gd.package}.notation", "", demote_sections(doc, "~^\"'"), ""]
        out += [".. py:currentmodule:: None", ""]
    if gd.starts:
        out += [
            "The start position in this build, ``game.state_to_text(game.initial_state())``:",
            "",
        ]
        rows = [[str(n), literal(text)] for n, text in gd.starts]
        out += list_table(["Players", "Start position"], rows, classes="positions", widths="12 88")
        n, text = gd.starts[0]
        call = f"castlerules.position({gd.name!r}, {text!r}"
        call += f", players={n})" if len(gd.starts) > 1 else ")"
        out += [
            "``repr`` of a state is the call that rebuilds it, so a position can be pasted into a "
            "test:",
            "",
            *code_block(call, "python"),
        ]
    return out


def json_section(gd: GameDoc) -> list[str]:
    out = [*title("State JSON", "-")]
    out += [
        "``game.state_to_json(state)`` writes the envelope ``{\"format\": 1, \"game\": ..., "
        "\"state\": {...}}``; ``game.state_from_json(text)`` reads it (and the bare state object "
        "of format 0) and validates it. ``game.json_schema()`` returns the JSON Schema of this "
        "game's state JSON.",
        "",
    ]
    if gd.schema_file is not None:
        link = f"`{gd.name}.schema.json <../../schemas/{gd.name}.schema.json>`_"
        out += [f"The schema shipped in the package: {link} (``castlerules/schemas/``).", ""]
        if gd.schema_current is False:
            out += [".. note::", "", "   The shipped schema file differs from what "
                    "``game.json_schema()`` returns in this build: it is regenerated with "
                    "``python tools/schemas.py``.", ""]  # fmt: skip
    else:
        out += ["No schema file ships for this game yet.", ""]
    if gd.game is not None and gd.start is not None:
        try:
            shown = json.dumps(json.loads(gd.game.state_to_json(gd.start)), indent=1)
        except Exception as exc:
            gd.problems.append(describe("write the start as JSON", exc))
        else:
            if len(shown.splitlines()) > 40:
                shown = json.dumps(json.loads(shown))
            out += ["The start position as JSON:", "", *code_block(shown, "json")]
    return out


# -- how to play ---------------------------------------------------------------------------------


def section_title(heading: str) -> str:
    parts = [p.strip().rstrip(":").strip() for p in heading.splitlines() if p.strip()]
    return " — ".join(parts)


def english_section(clause: Any) -> str:
    """The English title of a clause's section, falling back to the Dutch heading."""
    return str(clause.section_en or clause.section or "")


def sections(gd: GameDoc) -> list[tuple[str, str, list[Any]]]:
    """(English title, Dutch title, clauses) of each section, in rulebook order."""
    out: list[tuple[str, str, list[Any]]] = []
    for c in gd.spec.clauses:
        key = c.section or ""
        if not out or c.heading or out[-1][1] != key:
            out.append((english_section(c), key, []))
        out[-1][2].append(c)
    return out


def page_how_to_play(gd: GameDoc) -> list[str]:
    out = [*title(f"{gd.title}: how to play", "="), *problems_block(gd)]
    low, high = gd.players_range
    out += [
        f"*{esc(gd.title)}* is for {players_text(low, high)}. This page is the rulebook in "
        "English, generated from the English summaries of its rule and set-up clauses, in the "
        "rulebook's order; flavour text and notes about the physical material are left out. After "
        "each paragraph, the Dutch clauses it summarises are linked: the :doc:`rulebook <rulebook>` "
        "shows each of them verbatim, with the code that enforces it. Where the text is silent or "
        "ambiguous, the :doc:`interpretations <interpretations>` say how castlerules reads it, "
        "and the :doc:`worked examples <examples>` show the rules at work.",
        "",
    ]
    if gd.svg is not None:
        out += [
            ".. figure:: start.svg",
            f"   :alt: The starting position of {esc(gd.title)}",
            # at its drawn size (at most a page column wide), so its text reads at 12 px or more
            f"   :figclass: {'board-text' if gd.svg_is_text else 'board'}",
            "",
            "   The starting position.",
            "",
        ]
    by_clause = {}
    for e in gd.examples:
        for c in e.clauses[:1]:
            by_clause.setdefault(c, []).append(e)
    shown_any = False
    for english, dutch, clauses in sections(gd):
        told = [c for c in clauses if c.kind not in NON_RULES and c.en.strip()]
        if not told:
            continue
        shown_any = True
        heading = english or "Introduction"
        out += title(section_title(heading), "-")
        if dutch and english and english != dutch:
            out += [f":nl-heading:`{esc(section_title(dutch))}`", ""]
        sentences = [c.en.strip() for c in told]
        text = " ".join(s if s.endswith((".", "!", "?", ":", ";", ",")) else s + "." for s in sentences)
        out += [esc(text), ""]
        out += [".. rst-class:: dutch-clauses", "", "Dutch: " + joined(clause_ref(c.id) for c in told), ""]
        examples = [e for c in clauses for e in by_clause.get(c.id, ())]
        if examples:
            links = joined(f":ref:`{esc(e.title)} <example-{gd.slug}-{e.id}>`"
                           + playground.try_it_inline(gd.name, e) for e in examples)  # fmt: skip
            out += [f"**Worked example:** {links}", ""]
    if not shown_any:
        out += ["No rule clause of this game has an English summary yet.", ""]
    return out


# -- worked examples ---------------------------------------------------------------------------


def page_examples(gd: GameDoc, folder: Path) -> list[str]:
    out = [*title(f"{gd.title}: worked examples", "="), *problems_block(gd)]
    out += [
        "The examples of the Dutch rulebook (and a few more situations), each as the position "
        "before, the moves and the position after, drawn by the library "
        "(``game.render_svg(state, highlight=...)``; the highlighted squares are the ones that "
        f"matter). They are data, in ``specs/examples/{gd.name}.toml``, and the test suite "
        "replays every one, so the pictures cannot drift from the rules.",
        "",
    ]
    if not gd.examples:
        out += [".. note::", "", "   This game has no worked examples yet.", ""]
        return out
    from castlerules import make

    for e in gd.examples:
        out += [f".. _example-{gd.slug}-{e.id}:", "", *title(e.title, "-")]
        out += [prose(e.caption), ""]
        options = e.options_dict()
        call = f"castlerules.make({gd.name!r}" + "".join(f", {k}={v!r}" for k, v in options.items()) + ")"
        try:
            game = make(gd.name, **options)
            before = game.state_from_text(e.before)
            states = [before]
            for move in e.moves:
                states.append(game.play(states[-1], move))
            after = states[-1]
            after_text = game.state_to_text(after)
        except Exception as exc:
            problem = describe(f"replay the worked example {e.id}", exc)
            gd.problems.append(problem)
            out += [".. error::", "", f"   {esc(problem)}", ""]
            continue
        if after_text != e.after:
            problem = (f"the worked example {e.id} does not end where it says: the moves give "
                       f"{after_text!r}, the example says {e.after!r}")  # fmt: skip
            gd.problems.append(problem)
            out += [".. error::", "", f"   {esc(problem)}", ""]
        highlight = tuple(e.highlight)
        base = slug(e.id)
        out += [".. container:: example-pair", ""]
        out += indent(
            figure(folder, f"{base}-before.svg", render(game, before, highlight),
                   f"{e.title}: before", "**Before**"), "   "
        )
        out += indent(
            figure(folder, f"{base}-after.svg", render(game, after, highlight),
                   f"{e.title}: after", "**After**"), "   "
        )
        rows = [
            ["Before", literal(e.before)],
            ["Moves", joined(literal(m) for m in e.moves)],
            ["After", literal(after_text)],
        ]
        if options:
            rows.insert(0, ["Game", literal(call)])
        if highlight:
            rows.append(["Highlighted", joined(literal(h) for h in highlight)])
        rows.append(["Clauses", joined(clause_ref(c) for c in e.clauses)])
        out += _facts(rows)
        out += playground.try_it(game, e.before, tuple(e.moves))
        code = [f"game = {call}", f"state = castlerules.position({gd.name!r}, {e.before!r}"
                + (f", {', '.join(f'{k}={v!r}' for k, v in options.items())})" if options else ")")]
        code += [f"state = game.play(state, {m!r})" for m in e.moves]
        code += ["print(game.state_to_text(state))"]
        out += code_block("\n".join(code), "python")
    return out


def _facts(rows: list[list[str]]) -> list[str]:
    out = [".. list-table::", "   :class: example-facts", "   :widths: 18 82", ""]
    for a, b in rows:
        out += [f"   * - {a}", f"     - {b}"]
    return [*out, ""]


# -- the rulebook --------------------------------------------------------------------------------


def heading_line(clause: Any) -> str:
    dutch = section_title(clause.heading)
    english = section_title(clause.heading_en) if clause.heading_en else ""
    return f"{dutch} — {english}" if english and english != dutch else dutch


def clause_block(row: dict[str, Any], titles: dict[str, str]) -> list[str]:
    cid, kind = row["id"], row["kind"]
    uncovered = kind == "rule" and not row["implemented_by"]
    untested = kind == "rule" and not row["tests"] and not row["theorems"]
    classes = f"clause kind-{kind}" + (" uncovered" if uncovered or untested else "")
    out = [
        f".. _clause-{cid}:",
        "",
        f".. container:: {classes}",
        "",
        f"   .. castlerules-object:: clause {cid}",
        "",
        f"   .. rubric:: {literal(cid)} :kind-{kind}:`{kind}`",
        "      :class: clause-id",
        "",
        "   .. container:: nl",
        "",
        *line_block(row["nl"], "      "),
        "",
        f"   :English: {esc(row['en'])}",
    ]
    if kind in NON_RULES:
        out.append(f"   :Not a rule: {prose(row['reason'])}")
    elif row["reason"]:
        out.append(f"   :Note: {prose(row['reason'])}")
    if row["implemented_by"] or kind == "rule":
        code = joined(
            (code_ref(q) for q in row["implemented_by"]), ":uncovered:`no code enforces this rule`"
        )
        out.append(f"   :Enforced by: {code}")
    if untested:
        out.append("   :Checked by: :uncovered:`no test or theorem covers this rule`")
    elif kind == "rule" or row["tests"] or row["theorems"]:
        out.append(f"   :Tests: {joined(literal(t) for t in row['tests'])}")
        out.append(f"   :Theorems: {joined(theorem_ref(t) for t in row['theorems'])}")
    if row["interpretations"]:
        refs = (f"{interp_ref(i)} — {esc(titles.get(i, ''))}" for i in row["interpretations"])
        out.append(f"   :Interpretations: {joined(refs)}")
    return [*out, ""]


def page_rulebook(gd: GameDoc) -> list[str]:
    questions = {i.id: i.question for i in gd.spec.interpretations}
    cov = coverage(gd.rows)
    out = [
        *title(f"Rulebook: {gd.title}", "="),
        *problems_block(gd),
        f"Every clause of the Dutch text of *{esc(gd.title)}*, in rulebook order "
        f"({cov['clauses']} clauses), under the rulebook's Dutch headings with their English. Each "
        "shows the verbatim Dutch, an English summary and its kind: a game **rule**, **setup**, "
        "**physical** (about the material, with the reason it is not a rule) or **flavour**. "
        "Rules and setup link to the code that enforces them in the API reference, and to the "
        "tests and :doc:`theorems <theorems>` that check them; the :doc:`interpretations <interpretations>` settle what the "
        "text leaves open. To learn the game, read :doc:`how to play <how-to-play>` first.",
        "",
        f"Source: {esc(gd.spec.attribution)}",
        "",
    ]
    gaps = []
    if cov["implemented"] < cov["rules"]:
        gaps.append(f"{cov['rules'] - cov['implemented']} rule clause(s) have no code")
    if cov["uncovered"]:
        gaps.append(f"{cov['uncovered']} rule clause(s) have neither a test nor a theorem")
    if gaps:
        flagged = joined(
            clause_ref(r["id"])
            for r in gd.rows
            if r["kind"] == "rule" and (not r["implemented_by"] or not (r["tests"] or r["theorems"]))
        )
        out += [
            ".. warning::",
            "",
            f"   {' and '.join(gaps).capitalize()}: {flagged}. They are marked in red below and "
            f"in the :doc:`/{OUT_DIR}/traceability`.",
            "",
        ]
    section = None
    for row, clause in zip(gd.rows, gd.spec.clauses):
        if clause.heading and heading_line(clause) != section:
            section = heading_line(clause)
            out += title(section, "-")
        out += clause_block(row, questions)
    return out


# -- interpretations -----------------------------------------------------------------------------


def option_value(option: Any) -> str:
    if option.parameter:
        return "any value (a parameter)"
    if option.value is None:
        return ""
    return literal(repr(option.value))


def page_interpretations(gd: GameDoc) -> list[str]:
    from castlerules.core.registry import readers

    spec = gd.spec
    playable = sum(1 for i in spec.interpretations for o in i.options if o.playable)
    options = sum(len(i.options) for i in spec.interpretations)
    out = [
        *title(f"Interpretations: {gd.title}", "="),
        *problems_block(gd),
        f"Where the Dutch text of *{esc(gd.title)}* is silent or ambiguous, castlerules makes a "
        "ruling. Each interpretation has an id, the question, the clauses it reads, its options "
        "(each with a short id) and the default the library plays. Every playable option is a "
        "switch: ``castlerules.make(GAME, readings={INTERPRETATION: OPTION})`` (the full id or "
        "the short one after ``interp.``); some are also keyword options of ``make``. An option "
        "that cannot be played says why. Where an interpretation has several options, each names "
        "the theorems that state what it does (``castlerules verify --reading ID=OPTION`` runs "
        "them). :doc:`What each reading changes <readings>` shows what each reading changes in the "
        "theorems, the move trees and random play.",
        "",
        f"{len(spec.interpretations)} interpretations with {options} options, {playable} of them "
        "playable. ``castlerules readings " + gd.name + "`` lists them on the command line.",
        "",
    ]
    out += rulesets_section(gd)
    if not spec.interpretations:
        out += ["This game needs no interpretations.", ""]
    chosen_by: dict[tuple[str, str], list[str]] = {}
    for r in spec.rulesets:
        for iid, oid in r.readings:
            chosen_by.setdefault((iid, oid), []).append(r.id)
    for i in spec.interpretations:
        out += [
            f".. _interp-{i.id}:",
            "",
            ".. container:: interpretation",
            "",
            f"   .. castlerules-object:: interpretation {i.id}",
            "",
            f"   .. rubric:: {literal(i.id)}",
            "      :class: clause-id",
            "",
            f"   **{esc(i.question)}**",
            "",
        ]
        rows = []
        for o in i.options:
            mark = " :default:`default`" if o.id == i.default else ""
            play = "yes" if o.playable else f":not-playable:`no` — {prose(o.reason)}"
            if o.playable and o.reason:
                play += f" ({prose(o.reason)})"
            rulesets = joined(literal(r) for r in chosen_by.get((i.id, o.id), []))
            row = [f"{literal(o.id)}{mark}", prose(o.text), play]
            if i.keyword:
                row.append(option_value(o))
            row.append(rulesets)
            if len(i.options) > 1:
                stated = gd.option_theorems.get((i.id, o.id), [])
                row.append(joined(theorem_ref(t) for t in stated) if stated else "—")
            rows.append(row)
        header = ["Option", "Reading", "Playable"]
        if i.keyword:
            header.append(f"``{i.keyword}=``")
        header.append("Rulesets")
        if len(i.options) > 1:
            header.append("Theorems")
        widths = {
            (True, True): "12 34 14 8 10 22", (True, False): "16 44 18 10 12",
            (False, True): "14 38 16 10 22", (False, False): "18 50 20 12",
        }[(bool(i.keyword), len(i.options) > 1)]
        out += list_table(header, rows, classes="options", widths=widths, indent_by="   ")
        example = f"readings={{{i.short_id!r}: OPTION}}"
        switch = f"``castlerules.make({gd.name!r}, {example})``"
        if i.keyword:
            switch += f", or the keyword option ``{i.keyword}``"
        code = list(readers(i.id))
        LINKED_CODE.update(code)
        out += [
            f"   :Switch: {switch}",
            f"   :Clauses read: {joined(clause_ref(c) for c in i.clauses)}",
            f"   :Code that switches on it: {joined((code_ref(q) for q in code), 'none tagged')}",
            "",
        ]
    return out


def rulesets_section(gd: GameDoc) -> list[str]:
    spec = gd.spec
    out = [*title("Rulesets", "-")]
    if not spec.rulesets:
        return [*out, "This game has no named rulesets yet.", ""]
    out += [
        "A ruleset is a named set of readings, as data in the spec: "
        f"``castlerules.make({gd.name!r}, ruleset=NAME)``.",
        "",
    ]
    for r in spec.rulesets:
        out += [f".. _ruleset-{gd.slug}-{r.id}:", "", *title(f"{r.id}: {r.title}", "~")]
        out += [prose(r.description), ""]
        notes = dict(r.notes)
        rows = [
            [interp_ref(iid, iid.split(".interp.", 1)[-1]), literal(oid), prose(notes.get(iid, ""))]
            for iid, oid in r.readings
        ]
        rows += [
            [interp_ref(iid, iid.split(".interp.", 1)[-1]), "(default)", prose(text)]
            for iid, text in r.notes
            if iid not in dict(r.readings)
        ]
        out += list_table(["Interpretation", "Option", "Why"], rows, classes="ruleset", widths="28 18 54")
    return out


# -- theorems ----------------------------------------------------------------------------------


def theorem_block(gd: GameDoc, t: Any, run: dict[str, Any] | None, folder: Path) -> list[str]:
    v = verdict(run)
    out = [
        f".. _theorem-{t.id}:",
        "",
        f".. container:: theorem verdict-{VERDICT_CLASS[v]}",
        "",
        f"   .. castlerules-object:: theorem {t.id}",
        "",
        f"   .. rubric:: {literal(t.id)} {verdict_badge(run, t.deep)}",
        "      :class: clause-id",
        "",
        f"   {prose(t.statement)}",
        "",
    ]
    if run is None:
        if t.deep:
            why = "it needs more than the default budget: ``castlerules verify --deep`` runs it"
        elif t.readings:
            shown = " ".join(f"--reading {k.split('.interp.')[-1]}={v}" for k, v in t.readings)
            why = (f"it states what a non-default reading does: ``castlerules verify {gd.name} "
                   f"{shown}`` runs it, and CI runs every option's statements "
                   "(``castlerules verify --all-readings``)")
        else:
            why = "it was not run"
        out.append(f"   :Verdict: not run in this build — {why}")
    else:
        ok = "as expected" if run["ok"] else f"the theorem expects {run['expected']}"
        out.append(f"   :Verdict: {verdict_badge(run)} — {run['status']}, {ok} "
                   f"({float(run.get('seconds', 0)):.2f} s)")  # fmt: skip
    out.append(f"   :Method: ``{t.method}`` — {esc(METHOD_TEXT.get(t.method, t.method))}")
    if t.basis == "model":
        refinement = t.refinement
        LINKED_CODE.add(refinement)
        out.append(
            "   :Basis: ``model`` — a separate encoding of the rules; the refinement check "
            f"{code_ref(refinement) if refinement.startswith('castlerules') else literal(refinement)} "
            "ties it to the rules the game runs, inside the theorem's check"
        )
    else:
        out.append("   :Basis: ``code`` — about the functions the game runs")
    checks = check_functions(t.check)
    if checks:
        LINKED_CODE.update(checks)
        parent = " (the function that makes the check)" if ".<locals>" in checks[0] else ""
        out.append(f"   :Check: {joined(code_ref(c) for c in checks)}{parent}")
    out.append(
        f"   :Can fail: ``python -m pytest {t.fails_with}`` breaks a rule on purpose and "
        "shows that the check notices" if t.fails_with else "   :Can fail: no test names it yet"
    )
    out.append(f"   :Clauses: {joined(clause_ref(c) for c in t.clauses)}")
    if t.readings:
        out.append("   :Readings: " + joined(literal(f"{k}={v}") for k, v in t.readings))
    depends = [d for d in t.depends_on if d != "players"]
    if "players" in t.depends_on:
        low, high = gd.players_range
        out.append(f"   :Player counts: stated, and checked by the default ``castlerules verify``, "
                   f"for every player count ({low}–{high}); the verdict shown is for {t.players}")
    if depends or t.all_options_of:
        parts = [literal(d.split(".interp.")[-1]) for d in depends]
        parts += [f"{literal(d.split('.interp.')[-1])} (every option in one check)"
                  for d in t.all_options_of if d not in depends]
        out.append("   :Depends on: " + joined(parts))
    if t.deep:
        out.append("   :Deep: yes — run by ``castlerules verify --deep``, not by the default ``verify``")
    if run is not None and run.get("detail"):
        out.append(f"   :Detail: {prose(run['detail'])}")
    out.append("")
    if run is not None and not run["ok"]:
        out += [
            "   .. error::",
            "",
            f"      Unexpected result: the check returned {run['status']}, the theorem expects "
            f"{run['expected']}. ``castlerules verify`` fails until the code, the theorem or the "
            "interpretation is fixed.",
            "",
        ]
    if run is not None:
        out += counterexample(gd, gd.game, run, folder, f"theorem-{slug(t.id)}", "   ")
    finding = t.finding or (run or {}).get("finding", "")
    if finding:
        out += ["   .. admonition:: Finding", "      :class: finding", "", f"      {prose(finding)}", ""]
    return out


def counterexample(
    gd: GameDoc, game: Any, run: dict[str, Any], folder: Path, base: str, at: str
) -> list[str]:
    """The counterexample of a run: its position drawn, its position text, and the full text in a
    collapsed block."""
    text, position = run.get("counterexample"), run.get("position")
    if not text and not position:
        return []
    out = [f"{at}**Counterexample.**", ""]
    if position and game is not None:
        state, game, exc = read_position(gd, game, position, run.get("position_options"))
        if exc is not None:
            gd.problems.append(describe(f"read the counterexample position of {run['id']}", exc))
            out += [f"{at}.. error::", "", f"{at}   The position text does not parse: {esc(describe('read it', exc))}", ""]
        else:
            highlight = tuple(run.get("highlight") or ())
            caption = "``game.render_svg(state, highlight=" + repr(highlight) + ")``"
            if game.num_players != gd.game.num_players:
                caption = f"A {game.num_players}-player game. " + caption
            out += figure(folder, f"{base}.svg", render(game, state, highlight),
                          f"The counterexample of {run['id']}", caption, indent_by=at,
                          width_class="board-medium")  # fmt: skip
        out += [f"{at}Position text:", "", *code_block(position, "text", at)]
        if exc is None:
            out += playground.try_it(game, position, at=at)
    if text:
        if position:
            out += details("The full counterexample", code_block(text, "text", at), at)
        else:
            out += code_block(text, "text", at)
    return out


def read_position(
    gd: GameDoc, game: Any, position: str, options: Any = None
) -> tuple[Any, Any, Exception | None]:
    """(state, the game it is a state of, None), or (None, game, the error). A theorem about
    several player counts reports positions of any of them: the options the result names
    (``position_options``) are used first, else each player count of the game is tried (with the
    same readings) when the text is not a position of ``game``."""
    from castlerules import make

    if isinstance(options, dict) and options:
        try:
            other = make(gd.name, **{**game.options, **options})
            return other.state_from_text(position), other, None
        except Exception:
            pass
    try:
        return game.state_from_text(position), game, None
    except Exception as exc:
        first = exc
    low, high = gd.players_range
    readings = game.options.get("readings")
    for n in range(low, high + 1):
        if n == game.num_players:
            continue
        try:
            other = make(gd.name, players=n, readings=readings)
            return other.state_from_text(position), other, None
        except Exception:
            continue
    return None, game, first


def page_theorems(gd: GameDoc, folder: Path) -> list[str]:
    out = [
        *title(f"Theorems: {gd.title}", "="),
        *problems_block(gd),
        f"Statements about the rules of *{esc(gd.title)}*, each with the check that proves it or "
        "finds a counterexample (:doc:`/verification` says what each method and basis proves). "
        "The verdict is the result of running the check for this build: "
        ":verdict-proved:`PROVED` (z3 or an exhaustive enumeration covers every case), "
        ":verdict-finding:`EXPECTED FINDING` (a counterexample the project expects: a position "
        "the Dutch text does not settle, with the ruling chosen), :verdict-unknown:`UNKNOWN` "
        "(z3 gave up, or the check crashed) and :verdict-unexpected:`UNEXPECTED` (the check "
        "disagrees with the theorem: ``castlerules verify`` fails).",
        "",
    ]
    if not gd.theorems:
        return [*out, "This game has no theorems yet.", ""]
    rows = []
    for t in gd.theorems:
        run = gd.runs.get(t.id)
        seconds = f"{float(run['seconds']):.2f}" if run is not None else "—"
        rows.append([theorem_ref(t.id), verdict_badge(run, t.deep), f"``{t.method}``",
                     f"``{t.basis}``" + (" (deep)" if t.deep else ""), seconds])  # fmt: skip
    out += list_table(["Theorem", "Verdict", "Method", "Basis", "Seconds"], rows, classes="theorem-summary")
    for t in gd.theorems:
        out += theorem_block(gd, t, gd.runs.get(t.id), folder)
    return out
