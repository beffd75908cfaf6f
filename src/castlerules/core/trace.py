"""Traceability, computed: clause -> code that enforces it -> tests that check it -> theorems."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path
from typing import Any

from castlerules.core.catalog import info
from castlerules.core.registry import implementations
from castlerules.core.spec import load_spec


def import_game(game: str) -> None:
    """Import a game's modules so that their ``@clause`` links are registered."""
    declared = info(game)
    declared.cls  # noqa: B018 (importing the rules registers their links)
    declared.part("theorems")


def _marker_ids(decorator: ast.expr) -> list[str]:
    """Clause ids in ``@pytest.mark.clause("a", "b")``."""
    if not isinstance(decorator, ast.Call):
        return []
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "clause"):
        return []
    return [
        a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]


def tests_by_clause(root: Path) -> dict[str, list[str]]:
    """Scan test files under ``root`` for ``@pytest.mark.clause(...)`` (on functions, classes, or
    a module-level ``pytestmark``) and map each clause id to test node ids."""
    found: defaultdict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("test_*.py")):
        if not path.is_file():
            continue
        try:
            tree = ast.parse(path.read_bytes())
        except (SyntaxError, ValueError, OSError):  # not Python, not decodable, not readable
            continue
        rel = path.relative_to(root.parent).as_posix() if root.parent in path.parents else str(path)
        module_ids: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                values = node.value.elts if isinstance(node.value, ast.List) else [node.value]
                for v in values:
                    module_ids += _marker_ids(v)
        for cid in module_ids:
            found[cid].append(rel)
        for item in ast.walk(tree):
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for dec in item.decorator_list:
                    for cid in _marker_ids(dec):
                        found[cid].append(f"{rel}::{item.name}")
    return dict(found)


def trace(game: str, tests_root: Path | None = None) -> list[dict[str, Any]]:
    """One row per clause of ``game``, in rulebook order."""
    import_game(game)
    from castlerules.core.plan import clause_theorems

    spec = load_spec(game)
    theorems = clause_theorems(game)
    tests = tests_by_clause(tests_root) if tests_root is not None and tests_root.is_dir() else {}
    interps: defaultdict[str, list[str]] = defaultdict(list)
    for i in spec.interpretations:
        for cid in i.clauses:
            interps[cid].append(i.id)
    return [
        {
            "id": c.id,
            "kind": c.kind,
            "section": c.section,
            "nl": c.nl,
            "en": c.en,
            "reason": c.reason,
            "implemented_by": list(implementations(c.id)),
            "tests": tests.get(c.id, []),
            "theorems": theorems.get(c.id, []),
            "interpretations": interps.get(c.id, []),
        }
        for c in spec.clauses
    ]
