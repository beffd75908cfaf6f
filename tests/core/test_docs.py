"""The documentation builds with warnings as errors and shows every rule clause and every theorem.

The build reads the theorem results of this test session (the ``theorem_runs`` fixture) as the JSON
of ``castlerules verify --json``, so the theorems are not run twice.
"""

from __future__ import annotations

import doctest
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import castlerules
from castlerules.core.spec import load_spec
from castlerules.core.theorem import Run

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def site(theorem_runs: dict[str, Run], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built once for this module with ``-W`` (warnings are errors)."""
    tmp = tmp_path_factory.mktemp("docs")
    verify = tmp / "verify.json"
    verify.write_text(json.dumps([r.to_data() for r in theorem_runs.values()]), encoding="utf-8")
    out, warnings = tmp / "html", tmp / "warnings.txt"
    env = {**os.environ, "CASTLERULES_VERIFY_JSON": str(verify)}
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    command += ["-d", str(tmp / "doctrees"), "-w", str(warnings), str(DOCS), str(out)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    problems = warnings.read_text(encoding="utf-8") if warnings.exists() else ""
    assert done.returncode == 0, f"the docs build failed:\n{problems}\n{done.stderr[-4000:]}"
    return out


def blocks(page: str, kind: str) -> dict[str, str]:
    """The ``<div class="{kind} ...">`` blocks of a generated page, by the id in their heading."""
    found = {}
    for part in page.split(f'<div class="{kind} ')[1:]:
        match = re.search(r'<span class="pre">([^<]+)</span>', part)
        assert match, f"a {kind} block without an id"
        found[html.unescape(match.group(1))] = part
    return found


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_the_docs_build_with_warnings_as_errors(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "generated" / "traceability.html").is_file()
    assert (site / "searchindex.js").is_file()


@pytest.mark.parametrize("name", castlerules.games())
def test_every_rule_clause_is_on_its_rulebook_page_with_code(site: Path, name: str) -> None:
    page = (site / "generated" / name / "rulebook.html").read_text(encoding="utf-8")
    shown = blocks(page, "clause")
    spec = load_spec(name)
    assert list(shown) == [c.id for c in spec.clauses], "every clause, in rulebook order"
    for c in spec.clauses:
        assert " ".join(c.nl.split()) in text_of(shown[c.id]), f"{c.id}: the Dutch text, verbatim"
        if c.kind != "rule":
            continue
        targets = re.findall(r'href="\.\./api/[^"#]+\.html#(castlerules\.[^"]+)"', shown[c.id])
        assert targets, f"{c.id}: no link to the code that enforces it"
        api = (site / "generated" / "api" / f"{name}.html").read_text(encoding="utf-8")
        for target in targets:
            assert f'id="{target}"' in api, f"{c.id}: the link to {target} leads nowhere"


@pytest.mark.parametrize("name", castlerules.games())
def test_every_theorem_is_shown_with_its_status(
    site: Path, name: str, theorem_runs: dict[str, Run]
) -> None:
    page = (site / "generated" / name / "theorems.html").read_text(encoding="utf-8")
    shown = blocks(page, "theorem")
    for t in castlerules.make(name).theorems():
        assert t.id in shown, f"theorem {t.id} is missing"
        status = theorem_runs[t.id].result.status.value
        assert f'<span class="status-{status.lower()}">{status}</span>' in shown[t.id], t.id


def test_the_traceability_matrix_lists_every_game(site: Path) -> None:
    page = (site / "generated" / "traceability.html").read_text(encoding="utf-8")
    for name in castlerules.games():
        assert f'id="traceability-{name}"' in page
        for c in load_spec(name).clauses:
            if c.kind == "rule":
                assert f">{c.id}<" in page, c.id


def test_the_tutorial_examples_run() -> None:
    result = doctest.testfile(
        str(DOCS / "tutorial.rst"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.failed == 0 and result.attempted > 10
