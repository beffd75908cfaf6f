"""The API reference pages (autodoc), and the docstring hooks that keep them readable."""

from __future__ import annotations

import importlib.util
import pkgutil
import re
import sys
from typing import Any

from castlerules_docs.data import GameDoc
from castlerules_docs.rst import clause_ref, interp_ref, joined, title


def submodules(package: str) -> list[str]:
    """The modules of ``package`` (not imported here; autodoc imports and reports them)."""
    try:
        spec = importlib.util.find_spec(package)
    except Exception:  # a broken package: autodoc of the package itself reports it
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    found: list[str] = []
    for m in pkgutil.iter_modules(spec.submodule_search_locations):
        if m.name.startswith("_"):
            continue
        found.append(f"{package}.{m.name}")
        if m.ispkg:  # a game's theorems, one module per rulebook section
            found += submodules(f"{package}.{m.name}")
    return sorted(found)


def importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except Exception:
        return False
    return True


def automodule(module: str, members: bool = True) -> list[str]:
    out = [f".. automodule:: {module}"]
    out += (
        ["   :members:", "   :undoc-members:", "   :show-inheritance:"] if members else ["   :no-members:"]
    )
    return [*out, ""]


def page_api_index(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("API reference", "="),
        "Generated from the docstrings. Functions and methods that enforce a clause of a rulebook "
        "say which one, and link back to it; the code paths of a reading name their "
        "interpretation. Long tables of constants show their name only: the values are in the "
        "source (the ``[source]`` link).",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        "   castlerules",
        "   core",
        "   adapters",
        "   tools",
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


def page_api_adapters() -> list[str]:
    modules = [m for m in submodules("castlerules.adapters") if importable(m)]
    missing = sorted(set(submodules("castlerules.adapters")) - set(modules))
    out = page_api_modules("castlerules.adapters", "castlerules.adapters", modules)
    if missing:
        out += [".. note::", "", "   Not documented here because their framework is not installed "
                "where the docs were built: " + ", ".join(f"``{m}``" for m in missing) + ".", ""]  # fmt: skip
    return out


def page_api_tools() -> list[str]:
    out = [*title("Tools", "=")]
    out += [
        "Besides the library: the simulator (``castlerules simulate``), the bots of ``castlerules "
        "play``, the terminal helpers, and the solver (``castlerules solve``).",
        "",
    ]
    for module in ("castlerules.simulate", "castlerules.bots", "castlerules.terminal",
                   "castlerules.solve", "castlerules.solve_command"):
        if importable(module):
            out += [*title(module, "-"), *automodule(module)]
    return out


_LITERAL = re.compile(r"(``.+?``)")


def plain_text_safe(line: str) -> str:
    """Escape what plain-text docstrings mean literally but reStructuredText reads as markup:
    ``|x|`` (an absolute value, not a substitution) and ``*args`` (not emphasis)."""
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"\|", r"\\|", parts[i])
        parts[i] = re.sub(r"(?<![\w*\\])(\*\*?)(?=\w+[,)])", r"\\\1", parts[i])
    return "".join(parts)


#: Qualified names autodoc must document even when private (filled by the page writers).
NEEDED: set[str] = set()


def on_skip_member(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """Document every function that enforces a clause or switches on a reading, and every function
    a page links to (a theorem's check), private or special ones included."""
    if callable(obj) and (getattr(obj, "__clauses__", None) or getattr(obj, "__readings__", None)):
        return False
    qual = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
    if qual in NEEDED:
        return False
    return None


#: Values longer than this are tables (``NEXT``, ``LINE``): the API pages show only their names.
LONGEST_VALUE = 60


def on_doctree_read(app: Any, doctree: Any) -> None:
    """Drop the ``= value`` of module data and attributes whose value is a long table (autodoc
    decides from the raw docstring, so the hiding happens on the doctree)."""
    from sphinx import addnodes

    for desc in doctree.findall(addnodes.desc):
        if desc.get("domain") != "py" or desc.get("objtype") not in ("data", "attribute"):
            continue
        for signature in desc.findall(addnodes.desc_signature):
            for annotation in list(signature.findall(addnodes.desc_annotation)):
                text = annotation.astext().strip()
                if text.startswith("=") and len(text[1:].strip()) > LONGEST_VALUE:
                    annotation.parent.remove(annotation)


_STRUCTURE = re.compile(r"^\s*(=+|-+|~+)(\s+=+)*\s*$")
#: Docstrings shown as plain text because they are not valid reStructuredText (name -> problem).
BROKEN: dict[str, str] = {}


def on_process_docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Make plain-text docstrings safe; show a docstring with broken tables or sections as plain
    text (so one bad docstring does not break the build; ``test_docs`` names it); append the
    clauses a function enforces and the interpretations it reads, linked."""
    from castlerules_docs.game_pages import rst_problems

    if any(_STRUCTURE.match(line) for line in lines):
        problem = rst_problems("\n".join(lines))
        if problem:
            BROKEN[name] = problem
            lines[:] = ["*This docstring is not valid reStructuredText, so it is shown as plain text.*",
                        "", "::", "", *("    " + line for line in lines), ""]  # fmt: skip
            return
    lines[:] = [plain_text_safe(line) for line in lines]
    ids: tuple[str, ...] = getattr(obj, "__clauses__", ()) or ()
    if ids and isinstance(ids, tuple) and callable(obj):
        unique = list(dict.fromkeys(ids))
        lines += ["", f":Enforces: {joined(clause_ref(c) for c in unique)}", ""]
    reads: tuple[str, ...] = getattr(obj, "__readings__", ()) or ()
    if reads and isinstance(reads, tuple) and callable(obj):
        unique = list(dict.fromkeys(reads))
        lines += ["", f":Reads: {joined(interp_ref(i) for i in unique)}", ""]


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
    app: Any, what: str, name: str, obj: Any, options: Any, signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:  # fmt: skip
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    return qualify(signature, module), qualify(return_annotation, module)
