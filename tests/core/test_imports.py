"""The import picture of the package has no circles.

Every ``import`` statement in ``src/castlerules`` is read with ``ast``: at module level, inside a
function or method, and under ``if TYPE_CHECKING:`` alike. An import deferred into a function still
makes one module depend on the other (it only hides the circle from the interpreter at load time),
and a type-only import still ties the two modules' meaning together, so every one of them is an
edge. An edge goes to the module named: ``from castlerules.a import b`` is an edge to
``castlerules.a.b`` when that is a module, else to ``castlerules.a``; ``import castlerules.a.b`` is
an edge to ``castlerules.a.b``. The parent packages Python runs on the way (``castlerules.a``'s
``__init__``) are not edges: a package's ``__init__`` re-exporting its modules is not a circle.
Imports of other distributions are not followed. A circle is a strongly connected component of more
than one module.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable
from pathlib import Path

import pytest

import castlerules

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "castlerules"


def modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` file under the package ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The package modules the module ``name`` (file ``path``) imports anywhere in its text."""
    known = set(known)
    is_package = path.name == "__init__.py"
    out: set[str] = set()

    def nearest(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(filter(None, (nearest(a.name) for a in node.names)))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                found = target if target in known else nearest(source)
                if found:
                    out.add(found)
    out.discard(name)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = counter
                    counter += 1
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    found = modules(root)
    return {name: imports(name, path, found) for name, path in found.items()}


def test_the_package_has_no_import_circles() -> None:
    graph = import_graph(PACKAGE)
    assert len(graph) > 100  # the whole package was read
    assert "castlerules.splut.state" in graph["castlerules.splut.notation"]  # edges are found
    assert circles(graph) == []


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    """The finder sees the circles the house notes name: a state importing its notation in
    ``__repr__``, a type-only import, a relative import."""
    pkg = tmp_path / "castlerules"
    (pkg / "game").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game" / "__init__.py").write_text("from castlerules.game.rules import Rules\n")
    (pkg / "game" / "state.py").write_text(
        "class State:\n    def __repr__(self):\n"
        "        from castlerules.game.notation import text\n        return text(self)\n")
    (pkg / "game" / "notation.py").write_text(
        "from typing import TYPE_CHECKING\nfrom .state import State\n"
        "if TYPE_CHECKING:\n    from castlerules.game import rules\n")
    (pkg / "game" / "rules.py").write_text("from castlerules.game import notation\n")
    (pkg / "game" / "render.py").write_text("import castlerules.game.state\n")
    graph = import_graph(pkg)
    assert graph["castlerules.game.render"] == {"castlerules.game.state"}
    assert circles(graph) == [["castlerules.game.notation", "castlerules.game.rules",
                               "castlerules.game.state"]]
    # cut the two deferred edges: no circle is left (the package __init__ is not one)
    (pkg / "game" / "state.py").write_text("class State:\n    pass\n")
    (pkg / "game" / "notation.py").write_text("from .state import State\n")
    assert circles(import_graph(pkg)) == []


@pytest.mark.parametrize("game", ["splut", "spookslot", "kasteel", "vlotte_geesten"])
def test_the_game_class_stands_beside_its_rules(game: str) -> None:
    """The class ``make`` returns is defined in ``<game>.game`` and exported by the package; the
    rules module holds the rules classes it derives from and never names the game class (the
    rules never import their game)."""
    package = importlib.import_module(f"castlerules.{game}")
    rules = importlib.import_module(f"castlerules.{game}.rules")
    cls = type(castlerules.make(game.replace("_", "-")))
    assert getattr(package, cls.__name__) is cls and cls.__module__ == f"castlerules.{game}.game"
    assert not hasattr(rules, cls.__name__)
    assert any(base.__module__ == rules.__name__ for base in cls.__mro__)
