"""Sphinx extension that generates the per-game pages, the traceability matrix and the API pages.

Everything it writes is computed from the packaged rulebook data (``castlerules.core.spec``), the
``@clause`` registry, the ``@pytest.mark.clause`` markers under ``tests/`` and the theorem runs, for
every game ``castlerules.games()`` lists, so a new game appears without hand edits.

Theorem status is real: the runs are read from the JSON of ``castlerules verify --json`` when the
environment variable ``CASTLERULES_VERIFY_JSON`` names such a file, and otherwise the build runs
the theorems itself. Generated reStructuredText goes to ``generated/`` next to ``conf.py``.

Why not sphinx-needs: its need ids cannot contain dots (``id.part`` addresses a need *part*), so
the stable clause ids (``splut.trol.werpen``) would have to be rewritten; its configuration names
changed within its 9.x series (deprecation warnings, which fail a ``-W`` build); and it brings some
ten more packages. The matrix needs one table per game, which a few lines of reStructuredText do.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pkgutil
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: The environment variable naming a ``castlerules verify --json`` output file.
VERIFY_JSON_ENV = "CASTLERULES_VERIFY_JSON"
OUT_DIR = "generated"
NON_RULES = ("physical", "flavour")

# -- reStructuredText helpers -------------------------------------------------------------------

_SPECIAL = re.compile(r"([\\*`_|\[\]<>])")


def esc(text: str) -> str:
    """``text`` as inline reStructuredText: markup characters escaped, whitespace collapsed."""
    text = re.sub(r"\s+", " ", str(text)).strip()
    text = _SPECIAL.sub(r"\\\1", text)
    # a paragraph that starts like a list, an enumeration or a directive must stay a paragraph
    if re.match(r"^([-+*#>:.]|\d+[.)]|[A-Za-z][.)]\s)", text):
        text = "\\" + text
    return text


def line_block(text: str, indent: str = "") -> list[str]:
    """Verbatim prose (Dutch text) as a line block, keeping its line breaks."""
    lines = str(text).strip().splitlines() or [""]
    out = []
    for line in lines:
        line = _SPECIAL.sub(r"\\\1", line.rstrip())
        out.append(f"{indent}| {line}" if line.strip() else f"{indent}|")
    return out


def literal(text: str) -> str:
    """An inline literal (for ids and test node ids)."""
    return f"``{text}``" if "``" not in text else esc(text)


def literal_block(text: str, indent: str = "") -> list[str]:
    body = [f"{indent}   {line}" if line.strip() else "" for line in str(text).splitlines()]
    return [f"{indent}.. code-block:: text", "", *body, ""]


def title(text: str, char: str, overline: bool = False) -> list[str]:
    text = esc(text)
    rule = char * max(len(text), 3)
    return [rule, text, rule, ""] if overline else [text, rule, ""]


def clause_label(cid: str) -> str:
    return f"clause-{cid}"


def clause_ref(cid: str) -> str:
    return f":ref:`{cid} <{clause_label(cid)}>`"


def theorem_ref(tid: str) -> str:
    return f":ref:`{tid} <theorem-{tid}>`"


def interp_ref(iid: str) -> str:
    return f":ref:`{iid} <interp-{iid}>`"


def code_target(qualname: str) -> str:
    """The documented object for a registered implementation (a closure links to its parent)."""
    return qualname.split(".<locals>", 1)[0]


def code_ref(qualname: str) -> str:
    target = code_target(qualname)
    parts = target.split(".")
    shown = ".".join(parts[2:]) if len(parts) > 2 else target  # drop "castlerules.<game>"
    return f":py:obj:`{shown} <{target}>`"


def status_role(status: str) -> str:
    return f":status-{status.lower()}:`{status}`"


#: id -> reference markup for every clause, interpretation and theorem (filled by ``generate``).
KNOWN_IDS: dict[str, str] = {}


def linkify(text: str) -> str:
    """``text`` (already escaped) with every known clause, interpretation or theorem id linked."""
    if not KNOWN_IDS:
        return text
    pattern = "|".join(re.escape(i) for i in sorted(KNOWN_IDS, key=len, reverse=True))
    return re.sub(rf"(?<![\w.-])({pattern})(?![\w-]|\.\w)", lambda m: KNOWN_IDS[m.group(1)], text)


def prose(text: str) -> str:
    return linkify(esc(text))


def joined(items: Iterable[str], empty: str = "—") -> str:
    items = list(items)
    return ", ".join(items) if items else empty


# -- data -----------------------------------------------------------------------------------------


def load_runs(games: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Theorem id -> the ``Run.to_data()`` dict, from the verify JSON or by running them now."""
    runs: dict[str, dict[str, Any]] = {}
    path = os.environ.get(VERIFY_JSON_ENV, "").strip()
    if path:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ExtensionError(
                f"{VERIFY_JSON_ENV}={path}: cannot read the verify JSON: {exc}"
            ) from exc
        if not isinstance(data, list):
            raise ExtensionError(f"{VERIFY_JSON_ENV}={path}: expected a list of theorem runs")
        runs = {str(r["id"]): r for r in data if isinstance(r, dict) and "id" in r}
        logger.info(f"castlerules: {len(runs)} theorem runs read from {path}")
    from castlerules import make
    from castlerules.core.theorem import run

    start = time.perf_counter()
    ran = 0
    for name in games:
        try:
            theorems = make(name).theorems()
        except Exception:  # reported on the game's own pages
            continue
        for t in theorems:
            if t.id not in runs:
                runs[t.id] = run(t).to_data()
                ran += 1
    if ran:
        logger.info(f"castlerules: ran {ran} theorems in {time.perf_counter() - start:.1f} s")
    return runs


class GameDoc:
    """Everything the pages of one game show, gathered once; ``problems`` lists what failed."""

    def __init__(self, name: str, tests_root: Path, runs: dict[str, dict[str, Any]]) -> None:
        from castlerules.core.catalog import GAMES, make
        from castlerules.core.game import Game
        from castlerules.core.spec import load_spec
        from castlerules.core.trace import trace

        self.name = name
        self.problems: list[str] = []
        self.spec = load_spec(name)
        self.package = GAMES[name].split(":")[0].rsplit(".", 1)[0]
        self.game: Any = self._try("make the game", lambda: make(name))
        self.rows: list[dict[str, Any]] = self._try(
            "trace the clauses", lambda: trace(name, tests_root)
        ) or [self._bare_row(c) for c in self.spec.clauses]
        self.theorems: list[Any] = list(
            self._try("list the theorems", lambda: self.game.theorems()) or ()
        )
        self.runs = {t.id: runs.get(t.id) for t in self.theorems}
        state = self._try("make the initial state", lambda: self.game.initial_state())
        self.svg: str | None = self._try(
            "render the start as SVG", lambda: self.game.render_svg(state)
        )
        #: True when the game draws no picture of its own (the SVG is the text picture).
        self.svg_is_text = self.game is not None and type(self.game).render_svg is Game.render_svg
        self.text: str | None = self._try(
            "render the start as text", lambda: self.game.render(state)
        )

    def _try(self, what: str, thunk: Callable[[], Any]) -> Any:
        try:
            return thunk()
        except Exception as exc:
            last = traceback.extract_tb(exc.__traceback__)[-1]
            self.problems.append(
                f"could not {what}: {type(exc).__name__}: {exc} "
                f"({Path(last.filename).name}, line {last.lineno})"
            )
            return None

    @staticmethod
    def _bare_row(c: Any) -> dict[str, Any]:
        return {
            "id": c.id, "kind": c.kind, "section": c.section, "nl": c.nl, "en": c.en,
            "reason": c.reason, "implemented_by": [], "tests": [], "theorems": [],
            "interpretations": [],
        }  # fmt: skip

    @property
    def slug(self) -> str:
        return self.name

    def doc(self, page: str) -> str:
        return f"/{OUT_DIR}/{self.slug}/{page}"


# -- pages ----------------------------------------------------------------------------------------


def problems_block(gd: GameDoc) -> list[str]:
    if not gd.problems:
        return []
    out = [".. error::", "", "   Parts of this game could not be documented:", ""]
    out += [f"   - {esc(p)}" for p in gd.problems]
    return [*out, ""]


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


def page_intro(gd: GameDoc) -> list[str]:
    spec = gd.spec
    out = [f".. _game-{gd.slug}:", "", *title(spec.title, "="), *problems_block(gd)]
    doc = (type(gd.game).__doc__ or "").strip() if gd.game is not None else ""
    if doc:
        out += [prose(doc.split("\n\n")[0]), ""]
    out += [
        f"The rules of *{esc(spec.title)}* exist only as Dutch prose. Source: "
        f"{esc(spec.attribution).rstrip('.')}. castlerules splits that text into {len(spec.clauses)} clauses and ties every game rule "
        "to the code that enforces it, and to the tests and theorems that check it.",
        "",
        ".. code-block:: python",
        "",
        "   import castlerules",
        "",
        f"   game = castlerules.make({gd.name!r})",
        "   state = game.initial_state()",
        "",
    ]
    if gd.game is not None:
        cls = type(gd.game)
        out += [f"With its default options this game is {literal(repr(gd.game))}, an instance of "
                f":py:class:`{cls.__qualname__} <{cls.__module__}.{cls.__qualname__}>`.", ""]  # fmt: skip
    cov = coverage(gd.rows)
    runs = [r for r in gd.runs.values() if r is not None]
    proved = sum(1 for r in runs if r["status"] == "PROVED")
    found = sum(1 for r in runs if r["status"] == "COUNTEREXAMPLE")
    unexpected = sum(1 for r in runs if not r["ok"])
    out += [
        *title("At a glance", "-"),
        f"- :doc:`rulebook`: {cov['clauses']} clauses, {cov['rules']} of them game rules; "
        f"{cov['implemented']} of the rules are enforced by named code, {cov['tested']} are "
        f"checked by tests and {cov['proved']} by theorems.",
        f"- :doc:`interpretations`: {len(gd.spec.interpretations)} places where the text is "
        "silent or ambiguous, each with the chosen reading.",
        f"- :doc:`theorems`: {len(gd.theorems)} theorems — {proved} proved, {found} with a "
        f"counterexample (a finding), {unexpected} with an unexpected result.",
        f"- API reference of the package: :doc:`{gd.package} </{OUT_DIR}/api/{gd.slug}>`.",
        "",
    ]
    out += [*title("The starting position", "-")]
    if gd.svg is not None:
        out += [
            ".. figure:: start.svg",
            f"   :alt: The starting position of {spec.title}, drawn by the library",
            f"   :figclass: {'board-text' if gd.svg_is_text else 'board'}",
            "",
            "   ``game.render_svg(game.initial_state())``",
            "",
        ]
    if gd.text is not None and (gd.svg is None or not gd.svg_is_text):
        out += ["As text, ``game.render(game.initial_state())``:", "", *literal_block(gd.text)]
    out += [
        ".. toctree::",
        "   :hidden:",
        "",
        "   Rulebook <rulebook>",
        "   Interpretations <interpretations>",
        "   Theorems <theorems>",
        "",
    ]
    return out


def section_title(heading: str) -> str:
    parts = [p.strip().rstrip(":").strip() for p in heading.splitlines() if p.strip()]
    return " — ".join(parts)


def clause_block(row: dict[str, Any], titles: dict[str, str]) -> list[str]:
    cid, kind = row["id"], row["kind"]
    uncovered = kind == "rule" and not row["implemented_by"]
    untested = kind == "rule" and not row["tests"] and not row["theorems"]
    classes = f"clause kind-{kind}" + (" uncovered" if uncovered or untested else "")
    out = [
        f".. _{clause_label(cid)}:",
        "",
        f".. container:: {classes}",
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
        *title(f"Rulebook: {gd.spec.title}", "="),
        *problems_block(gd),
        f"Every clause of the Dutch text of *{esc(gd.spec.title)}*, in rulebook order ({cov['clauses']} clauses). Each shows "
        "the verbatim Dutch, an English summary and its kind: a game **rule**, **setup**, "
        "**physical** (about the material, with the reason it is not a rule) or **flavour**. "
        "Rules and setup link to the code that enforces them in the API reference, and to the "
        "tests and :doc:`theorems` that check them; :doc:`interpretations` settle what the "
        "text leaves open.",
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
        out += [
            ".. warning::",
            "",
            f"   {' and '.join(gaps).capitalize()}: "
            + joined(
                clause_ref(r["id"])
                for r in gd.rows
                if r["kind"] == "rule"
                and (not r["implemented_by"] or not (r["tests"] or r["theorems"]))
            )
            + f". They are marked in red below and in the :doc:`/{OUT_DIR}/traceability`.",
            "",
        ]
    section = None
    for row, clause in zip(gd.rows, gd.spec.clauses):
        if clause.heading and section_title(clause.heading) != section:
            section = section_title(clause.heading)
            out += title(section, "-")
        out += clause_block(row, questions)
    return out


def page_interpretations(gd: GameDoc) -> list[str]:
    out = [
        *title(f"Interpretations: {gd.spec.title}", "="),
        *problems_block(gd),
        f"Where the Dutch text of *{esc(gd.spec.title)}* is silent or ambiguous, castlerules "
        "makes a ruling. Each has an id, "
        "the question, the options players plausibly take, the default the library uses, and — "
        "where players differ — the option of ``castlerules.make`` that switches to another "
        "reading.",
        "",
    ]
    if not gd.spec.interpretations:
        out += ["This game needs no interpretations.", ""]
    for i in gd.spec.interpretations:
        out += [
            f".. _interp-{i.id}:",
            "",
            ".. container:: interpretation",
            "",
            f"   .. rubric:: {literal(i.id)}",
            "      :class: clause-id",
            "",
            f"   **{esc(i.question)}**",
            "",
        ]
        for option in i.options:
            mark = " :default:`default`" if option.id == i.default else ""
            line = f"   - {literal(option.id)} — {prose(option.text)}{mark}"
            if not option.playable:
                line += f" *Not playable:* {prose(option.reason)}"
            out.append(line)
        example = f"readings={{{i.short_id!r}: OPTION}}"
        switch = f"``castlerules.make({gd.name!r}, {example})``"
        if i.keyword:
            switch += f", or the keyword option ``{i.keyword}``"
        out += [
            "",
            f"   :Switch: {switch}",
            f"   :Clauses read: {joined(clause_ref(c) for c in i.clauses)}",
            "",
        ]
    return out


def theorem_block(t: Any, run: dict[str, Any] | None) -> list[str]:
    out = [
        f".. _theorem-{t.id}:",
        "",
        ".. container:: theorem",
        "",
        f"   .. rubric:: {literal(t.id)}",
        "      :class: clause-id",
        "",
        f"   {prose(t.statement)}",
        "",
    ]
    if run is None:
        status, expected_text = "UNKNOWN", "the theorem was not run"
        out += ["   :Status: :status-unknown:`NOT RUN`"]
    else:
        status = run["status"]
        ok = "as expected" if run["ok"] else f"expected {run['expected']}"
        expected_text = f"{status_role(status)} ({ok}, {float(run['seconds']):.2f} s)"
        out += [f"   :Status: {expected_text}"]
    out += [
        f"   :Method: {esc(t.method)}",
        f"   :Clauses: {joined(clause_ref(c) for c in t.clauses)}",
    ]
    if run is not None and run.get("detail"):
        out.append(f"   :Detail: {prose(run['detail'])}")
    out.append("")
    if run is not None and not run["ok"]:
        out += [
            "   .. error::",
            "",
            f"      Unexpected result: the check returned {status}, the theorem expects "
            f"{run['expected']}. ``castlerules verify`` fails until the code, the theorem or "
            "the interpretation is fixed.",
            "",
        ]
    if run is not None and run.get("counterexample"):
        out += ["   Counterexample:", "", *literal_block(run["counterexample"], "   ")]
    finding = t.finding or (run or {}).get("finding", "")
    if finding:
        out += ["   .. admonition:: Finding", "      :class: finding", ""]
        out += [f"      {prose(finding)}", ""]
    return out


def page_theorems(gd: GameDoc) -> list[str]:
    out = [
        *title(f"Theorems: {gd.spec.title}", "="),
        *problems_block(gd),
        f"Statements about the rules of *{esc(gd.spec.title)}*, each checked by a method described in "
        ":doc:`/verification`. The status below is the result of running the check for this "
        "build. A theorem that expects a **COUNTEREXAMPLE** documents a finding: a position "
        "the Dutch text does not cover, shown with the ruling the project chose.",
        "",
    ]
    if not gd.theorems:
        out += ["This game has no theorems yet.", ""]
    else:
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :class: theorem-summary",
            "",
            "   * - Theorem",
            "     - Method",
            "     - Status",
        ]
        for t in gd.theorems:
            run = gd.runs.get(t.id)
            if run is None:
                status = ":status-unknown:`NOT RUN`"
            else:
                status = status_role(run["status"])
                if not run["ok"]:
                    status += f" :uncovered:`expected {run['expected']}`"
            out += [f"   * - {theorem_ref(t.id)}", f"     - {esc(t.method)}", f"     - {status}"]
        out.append("")
    for t in gd.theorems:
        out += theorem_block(t, gd.runs.get(t.id))
    return out


def page_games(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("The games", "="),
        "Each game has an introduction with its starting position, the rulebook (every Dutch "
        "clause with its code, tests and theorems), the interpretations register and the "
        "theorems with their status in this build.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :class: games",
        "",
        "   * - Game",
        "     - Clauses (rules)",
        "     - Interpretations",
        "     - Theorems",
    ]
    for gd in docs:
        cov = coverage(gd.rows)
        out += [
            f"   * - :doc:`{esc(gd.spec.title)} <{gd.slug}/index>`",
            f"     - {cov['clauses']} ({cov['rules']})",
            f"     - :doc:`{len(gd.spec.interpretations)} <{gd.slug}/interpretations>`",
            f"     - :doc:`{len(gd.theorems)} <{gd.slug}/theorems>`",
        ]
    out += ["", ".. toctree::", "   :hidden:", ""]
    out += [f"   {gd.slug}/index" for gd in docs]
    return [*out, ""]


def page_traceability(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("Traceability matrix", "="),
        "Every clause of every game: the code that enforces it, the tests that check it "
        "(``@pytest.mark.clause``) and the theorems that cover it. It is computed for each build "
        "from the rulebook data, the ``@clause`` registry and the test files. Rule clauses that "
        "no code enforces, or that no test or theorem checks, are "
        ":uncovered:`marked like this`.",
        "",
        ".. list-table:: Coverage of the rule clauses",
        "   :header-rows: 1",
        "   :class: coverage",
        "",
        "   * - Game",
        "     - Rules",
        "     - With code",
        "     - With tests",
        "     - With theorems",
        "     - Unchecked",
    ]
    for gd in docs:
        c = coverage(gd.rows)
        unchecked = f":uncovered:`{c['uncovered']}`" if c["uncovered"] else "0"
        no_code = c["rules"] - c["implemented"]
        code = f":uncovered:`{c['implemented']}`" if no_code else str(c["implemented"])
        out += [
            f"   * - :ref:`{esc(gd.spec.title)} <traceability-{gd.slug}>`",
            f"     - {c['rules']}",
            f"     - {code}",
            f"     - {c['tested']}",
            f"     - {c['proved']}",
            f"     - {unchecked}",
        ]
    out.append("")
    for gd in docs:
        out += [f".. _traceability-{gd.slug}:", "", *title(gd.spec.title, "-")]
        out += problems_block(gd)
        bad = [r for r in gd.rows if r["kind"] == "rule" and not r["tests"] and not r["theorems"]]
        nocode = [r for r in gd.rows if r["kind"] == "rule" and not r["implemented_by"]]
        if nocode:
            out += [
                "**Rules no code enforces:** " + joined(clause_ref(r["id"]) for r in nocode),
                "",
            ]
        if bad:
            out += ["**Rules no test or theorem checks:** "
                    + joined(clause_ref(r["id"]) for r in bad), ""]  # fmt: skip
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 22 26 30 22",
            "   :class: trace",
            "",
            "   * - Clause",
            "     - Code",
            "     - Tests",
            "     - Theorems",
        ]
        for r in gd.rows:
            rule = r["kind"] == "rule"
            if r["kind"] in NON_RULES:
                continue
            code = joined(
                (code_ref(q) for q in r["implemented_by"]), ":uncovered:`none`" if rule else "—"
            )
            checked = r["tests"] or r["theorems"]
            tests = joined(literal(t.split("::")[-1]) for t in r["tests"])
            thms = joined(theorem_ref(t) for t in r["theorems"])
            if rule and not checked:
                tests = thms = ":uncovered:`none`"
            out += [
                f"   * - {clause_ref(r['id'])} :kind-{r['kind']}:`{r['kind']}`",
                f"     - {code}",
                f"     - {tests}",
                f"     - {thms}",
            ]
        out.append("")
        others = [r for r in gd.rows if r["kind"] in NON_RULES]
        if others:
            out += [
                f"Not game rules ({len(others)} clauses; the reasons are in the rulebook): "
                + joined(clause_ref(r["id"]) for r in others),
                "",
            ]
    return out


# -- API pages ------------------------------------------------------------------------------------


def submodules(package: str) -> list[str]:
    """The modules of ``package`` (not imported here; autodoc imports and reports them)."""
    try:
        spec = importlib.util.find_spec(package)
    except Exception:  # a broken package: autodoc of the package itself reports it
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    return sorted(
        f"{package}.{m.name}"
        for m in pkgutil.iter_modules(spec.submodule_search_locations)
        if not m.name.startswith("_")
    )


def automodule(module: str, members: bool = True) -> list[str]:
    out = [f".. automodule:: {module}"]
    out += (
        ["   :members:", "   :undoc-members:", "   :show-inheritance:"]
        if members
        else ["   :no-members:"]
    )
    return [*out, ""]


def page_api_index(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("API reference", "="),
        "Generated from the docstrings. Functions and methods that enforce a clause of a "
        "rulebook say which one, and link back to it.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        "   castlerules",
        "   core",
        "   cli",
    ]
    out += [f"   {gd.slug}" for gd in docs]
    return [*out, ""]


def page_api_top() -> list[str]:
    import castlerules

    out = [*title("castlerules", "="), *automodule("castlerules", members=False)]
    out += ["The public names, defined in the modules of :doc:`core`:", ""]
    for name in castlerules.__all__:
        obj = getattr(castlerules, name)
        summary = (obj.__doc__ or "").strip().split("\n")[0]
        link = f":py:obj:`castlerules.{name} <{obj.__module__}.{obj.__qualname__}>`"
        out.append(f"- {link} — {plain_text_safe(summary)}" if summary else f"- {link}")
    return [*out, ""]


def page_api_modules(heading: str, package: str, modules: list[str]) -> list[str]:
    out = [*title(heading, "="), *automodule(package, members=False)]
    for module in modules:
        out += [*title(module, "-"), *automodule(module)]
    return out


# -- writing --------------------------------------------------------------------------------------


def write(path: Path, lines: list[str] | str) -> None:
    """Write only when the text changed, so Sphinx re-reads only what is new."""
    text = lines if isinstance(lines, str) else "\n".join(lines).rstrip() + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def page_random_play(docs: list[GameDoc]) -> list[str]:
    """Seeded random play of every game at its default options, beside published figures where a
    game's ``stats`` module has them (``PUBLISHED``)."""
    import importlib

    from castlerules.simulate import simulate

    out = [
        *title("Random play", "="),
        "What happens when every choice is uniformly random: each game below is simulated with "
        "``castlerules simulate`` at its default options and seed 0 while the docs are built. "
        "**Random play is not human play**: these figures describe the rules under blind choices, "
        "not how people play. Where the rulebook prints statistics of games played by people, they "
        "stand beside the simulated ones.",
        "",
    ]
    for gd in docs:
        package = gd.package
        try:
            stats = importlib.import_module(f"{package}.stats")
        except ModuleNotFoundError:
            stats = None
        n = int(getattr(stats, "DOC_GAMES", 200))
        summary = simulate(gd.name, n, seed=0).summary
        out += [*title(gd.spec.title, "-"), f"{n} games, ``castlerules simulate {gd.name} -n {n}``.", ""]
        out += [".. code-block:: text", ""]
        from castlerules.simulate import format_table

        out += ["   " + line for line in format_table(summary).splitlines()] + [""]
        published = getattr(stats, "PUBLISHED", None)
        if published:
            turns = summary["counters"].get("turns", {}).get("per_game")
            simulated = {
                "games": summary["games"],
                "first player win rate": summary["wins_by_seat"][0] / summary["games"],
                "turns per game (mean)": turns,
            }
            out += [
                ".. list-table:: Published (people) and simulated (random play)",
                "   :header-rows: 1",
                "",
                "   * - figure",
                "     - published",
                "     - random play",
            ]
            for key, value in published.items():
                sim = simulated.get(key)
                shown = "-" if sim is None else (f"{sim:.3f}" if isinstance(sim, float) else str(sim))
                pub = f"{value:.3f}" if isinstance(value, float) else str(value)
                out += [f"   * - {key}", f"     - {pub}", f"     - {shown}"]
            out.append("")
    return out


def generate(srcdir: Path, tests_root: Path) -> list[GameDoc]:
    """Write every generated page under ``srcdir/generated``; return what was documented."""
    import castlerules

    names = list(castlerules.games())
    runs = load_runs(names)
    docs = [GameDoc(name, tests_root, runs) for name in names]
    KNOWN_IDS.clear()
    for gd in docs:
        KNOWN_IDS.update({c.id: clause_ref(c.id) for c in gd.spec.clauses})
        KNOWN_IDS.update({i.id: interp_ref(i.id) for i in gd.spec.interpretations})
        KNOWN_IDS.update({t.id: theorem_ref(t.id) for t in gd.theorems})
    out = srcdir / OUT_DIR
    for gd in docs:
        base = out / gd.slug
        write(base / "index.rst", page_intro(gd))
        write(base / "rulebook.rst", page_rulebook(gd))
        write(base / "interpretations.rst", page_interpretations(gd))
        write(base / "theorems.rst", page_theorems(gd))
        if gd.svg is not None:
            write(base / "start.svg", gd.svg)
        write(
            out / "api" / f"{gd.slug}.rst",
            page_api_modules(gd.package, gd.package, submodules(gd.package)),
        )
    write(out / "games.rst", page_games(docs))
    write(out / "traceability.rst", page_traceability(docs))
    write(out / "random-play.rst", page_random_play(docs))
    write(out / "api" / "index.rst", page_api_index(docs))
    write(out / "api" / "castlerules.rst", page_api_top())
    write(out / "api" / "core.rst", page_api_modules(
        "castlerules.core", "castlerules.core", submodules("castlerules.core")))  # fmt: skip
    write(out / "api" / "cli.rst", [*title("castlerules.cli", "="), *automodule("castlerules.cli")])
    return docs


# -- Sphinx hooks ---------------------------------------------------------------------------------


def on_builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    tests_root = Path(app.config.castlerules_tests_root or srcdir.parent / "tests")
    docs = generate(srcdir, tests_root)
    for gd in docs:
        for problem in gd.problems:
            logger.warning(f"{gd.name}: {problem}", type="castlerules", subtype="game")


def on_skip_member(
    app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any
) -> bool | None:
    """Document every function that enforces a clause, private or special ones included."""
    if getattr(obj, "__clauses__", None) and callable(obj):
        return False
    return None


_LITERAL = re.compile(r"(``.+?``)")


def plain_text_safe(line: str) -> str:
    """Escape what plain-text docstrings mean literally but reStructuredText reads as markup:
    ``|x|`` (an absolute value, not a substitution) and ``*args`` (not emphasis)."""
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"\|", r"\\|", parts[i])
        parts[i] = re.sub(r"(?<![\w*\\])(\*\*?)(?=\w+[,)])", r"\\\1", parts[i])
    return "".join(parts)


def on_process_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Make plain-text docstrings safe; append the clauses a function enforces, linked."""
    lines[:] = [plain_text_safe(line) for line in lines]
    if what in ("data", "attribute") and len(repr(obj)) > 80:
        lines += ["", ":meta hide-value:"]  # a long table reads better in the source
    ids: tuple[str, ...] = getattr(obj, "__clauses__", ()) or ()
    if ids and isinstance(ids, tuple) and callable(obj):
        unique = list(dict.fromkeys(ids))
        lines += ["", f":Enforces: {joined(clause_ref(c) for c in unique)}", ""]


_NAME = re.compile(r"(?<![\w.])([A-Z]\w*)\b")


def qualify(text: str | None, module: Any) -> str | None:
    """Qualify the bare class names of an annotation that ``module`` imports at run time.

    An annotation autodoc cannot evaluate (one name is imported only for type checking) stays
    text, and a bare ``State`` would then match the state class of every game."""
    if not text or module is None:
        return text

    def full(match: re.Match[str]) -> str:
        value = getattr(module, match.group(1), None)
        home = getattr(value, "__module__", "") or ""
        if isinstance(value, type) and home.startswith("castlerules"):
            return f"{home}.{value.__qualname__}"
        return match.group(0)

    return _NAME.sub(full, text)


def on_process_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    return qualify(signature, module), qualify(return_annotation, module)


def on_missing_reference(app: Sphinx, env: BuildEnvironment, node: Any, contnode: Any) -> None:
    """A link to castlerules code from a hand-written or generated page must resolve."""
    target = str(node.get("reftarget", ""))
    refdoc = str(node.get("refdoc", ""))
    if (
        node.get("refdomain") == "py"
        and target.startswith("castlerules")
        and not refdoc.startswith(f"{OUT_DIR}/api/")
    ):
        logger.warning(
            f"link to {target} does not resolve: the object is not in the API reference",
            location=node,
            type="castlerules",
            subtype="link",
        )
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("castlerules_tests_root", "", "env")
    app.connect("builder-inited", on_builder_inited)
    app.connect("autodoc-skip-member", on_skip_member)
    app.connect("autodoc-process-docstring", on_process_docstring)
    app.connect("autodoc-process-signature", on_process_signature)
    app.connect("missing-reference", on_missing_reference)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
