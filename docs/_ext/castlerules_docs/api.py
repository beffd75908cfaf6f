"""The API reference pages (autodoc), and the docstring hooks that keep them readable."""

from __future__ import annotations

import importlib.util
import inspect
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


def inherited_parts(cls: type) -> str | None:
    """For a class assembled from parts (a game's rules classes beneath its game class, ``Game``'s
    identity beneath ``Game``): the ``:inherited-members:`` value that documents the parts' members
    as the class's own, the first base that is not such a part (public, or not castlerules') and
    every base after it (autodoc leaves out a member of a named class only where it meets it
    first); None for a class with no such parts, and for every class that is not a game."""
    from castlerules.core.game import Game

    if not issubclass(cls, Game):
        return None
    mro = cls.__mro__
    for i, base in enumerate(mro[1:], start=1):
        defined = f"{base.__module__}.{base.__qualname__}"
        if not base.__module__.startswith("castlerules.") or defined in PUBLIC or base is object:
            return None if i == 1 else ", ".join(b.__name__ for b in mro[i:])
    return None


def autoclass(target: str, cls: type) -> list[str]:
    out = [f".. autoclass:: {target}", "   :members:", "   :show-inheritance:"]
    stop = inherited_parts(cls)
    return [*out, *([f"   :inherited-members: {stop}"] if stop else []), ""]


def automodule(module: str, members: bool = True) -> list[str]:
    out = [f".. automodule:: {module}"]
    out += ["   :members:", "   :show-inheritance:"] if members else ["   :no-members:"]
    return [*out, ""]


#: The modules whose ``__all__`` is the public API, with what each page calls them.
PUBLIC_TOP = "castlerules"
PUBLIC_MODULES = ("castlerules", "castlerules.strategies")


def public_names() -> dict[str, str]:
    """Where each public object is defined -> its public name (``castlerules.core.record.Record``
    -> ``castlerules.Record``): for every module whose ``__all__`` is public (``castlerules``, the
    strategies, each game's package)."""
    import castlerules

    found: dict[str, str] = {}
    packages = [*PUBLIC_MODULES, *(game_package(n) for n in castlerules.games())]
    for name in packages:
        module = importlib.import_module(name)
        for member in getattr(module, "__all__", ()):
            obj = getattr(module, member)
            home = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', member)}"
            found.setdefault(home, f"{name}.{member}")
    return found


def game_package(name: str) -> str:
    from castlerules.core.catalog import game_class

    return game_class(name).__module__.rsplit(".", 1)[0]


def page_api_index(docs: list[GameDoc]) -> list[str]:
    out = [
        *title("API reference", "="),
        "The public API of castlerules: the names in ``castlerules.__all__``, in "
        "``castlerules.strategies.__all__`` and in each game's package (``castlerules.splut`` and "
        "the others), and the adapters' modules. Everything else is internal: it may change in any "
        "version (:doc:`../code/index` shows the code each clause of a rulebook links to).",
        "",
        "Versions follow ``MAJOR.MINOR.PATCH``. The changes of each version are in the file "
        "``CHANGELOG.md`` of the source distribution.",
        "",
        *title("Deprecation policy", "-"),
        "A public name that is renamed or removed keeps working for one minor version after the "
        "change, with a :py:exc:`DeprecationWarning` that names its replacement; it goes in the minor "
        "version after that (renamed in 0.3: warns through 0.3, gone in 0.4). A change of meaning "
        "that cannot warn is named under *Changed* in the changelog. Records and state JSON of "
        "every earlier version keep loading.",
        "",
        *title("Plies", "-"),
        "Plies are counted one way everywhere: ply *k* is a record's *k*-th action, counted from 1 "
        "(``record.actions[k - 1]``); the state after ply *k* is ``replay(record, ply=k)`` and "
        "``replay_game(record).state(k)``; ply 0 is the start; ``RecordError.ply`` and its message "
        "name the same number.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        "   castlerules",
        "   strategies",
        "   games",
        "   adapters",
    ]
    return [*out, ""]


def page_api_top() -> list[str]:
    """The ``castlerules`` page: every name of ``castlerules.__all__``, documented under that name."""
    import castlerules

    out = [*title("castlerules", "="), *automodule("castlerules", members=False)]
    out += ["The public names (``castlerules.__all__``):", ""]
    for name in castlerules.__all__:
        obj = getattr(castlerules, name)
        summary = first_sentence(obj.__doc__ or "")
        link = f":py:obj:`castlerules.{name}`"
        out.append(f"- {link} — {plain_text_safe(summary)}" if summary else f"- {link}")
    out += ["", ".. py:currentmodule:: castlerules", ""]
    for name in castlerules.__all__:
        obj = getattr(castlerules, name)
        if isinstance(obj, type):
            out += autoclass(f"castlerules.{name}", obj)
        else:
            out += [f".. autofunction:: castlerules.{name}", ""]
    out += [".. py:data:: castlerules.__version__", "", "   The version of this castlerules.", ""]
    return out


def first_sentence(doc: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    cut = paragraph.find(". ")
    return paragraph if cut < 0 else paragraph[: cut + 1]


def page_api_strategies() -> list[str]:
    out = [*title("castlerules.strategies", "=")]
    if not importable("castlerules.strategies"):
        return [*out, "Needs Hypothesis (``pip install \"castlerules[hypothesis]\"``), which is not "
                "installed where the docs were built.", ""]  # fmt: skip
    return [*out, *automodule("castlerules.strategies"), "See :doc:`../../howto-invariant`.", ""]


def page_api_games(docs: list[GameDoc]) -> list[str]:
    out = [*title("The games", "=")]
    out += ["Each game's package exports its game class, its state and its actions "
            "(``__all__``); make a game with :py:func:`castlerules.make`.", ""]
    for gd in docs:
        package = importlib.import_module(gd.package)
        parted = [name for name in getattr(package, "__all__", ())
                  if isinstance(getattr(package, name), type)
                  and inherited_parts(getattr(package, name))]
        out += [*title(gd.package, "-"), *automodule(gd.package)]
        if parted:  # documented below, with the members of their parts
            out[-1:] = [f"   :exclude-members: {', '.join(parted)}", ""]
        for name in parted:
            out += autoclass(f"{gd.package}.{name}", getattr(package, name))
        for name in getattr(package, "__all__", ()):
            value = getattr(package, name)
            if isinstance(value, type) or callable(value):
                continue  # automodule documents classes and functions
            kind = type(value)
            out += [f".. py:data:: {name}",
                    f"   :type: {kind.__module__}.{kind.__qualname__}", "",
                    f"   {plain_text_safe(first_sentence(kind.__doc__ or '')) or name}", ""]
    return out


#: The adapters' public modules (each needs its extra).
ADAPTER_MODULES = (
    "castlerules.adapters.openspiel", "castlerules.adapters.pettingzoo", "castlerules.envs",
)


def page_api_adapters() -> list[str]:
    modules = [m for m in ADAPTER_MODULES if importable(m)]
    missing = sorted(set(ADAPTER_MODULES) - set(modules))
    out = [*title("Adapters and environments", "=")]
    out += ["Each needs its extra: ``castlerules[openspiel]``, ``castlerules[pettingzoo]``.", ""]
    for module in modules:
        out += [*title(module, "-"), *automodule(module)]
    if missing:
        out += [".. note::", "", "   Not documented here because their framework is not installed "
                "where the docs were built: " + ", ".join(f"``{m}``" for m in missing) + ".", ""]  # fmt: skip
    return out


#: Internal objects the hand-written pages link to (writing a theorem, the caches), besides the
#: code the rulebook pages link to (``NEEDED``).
LINKED_INTERNALS = (
    "castlerules.core.theorem.Theorem", "castlerules.core.theorem.Result",
    "castlerules.core.theorem.z3_prove", "castlerules.core.theorem.z3_find",
    "castlerules.core.theorem.for_all", "castlerules.core.theorem.theorem",
    "castlerules.core.cache.BoundedCache",
)
#: Internal modules the pages link to (their docstring is shown): the shim of the proofs, how the
#: runs are planned, combined and executed, the conformance kit and perft, the solver and
#: Spookslot's part of it, the reach measure, where parallel work runs.
LINKED_MODULES = (
    "castlerules.core.symbolic", "castlerules.core.plan", "castlerules.core.combinations",
    "castlerules.core.execute", "castlerules.core.conformance", "castlerules.core.perft",
    "castlerules.solve", "castlerules.spookslot.solve", "castlerules.core.reach",
    "castlerules.core.parallel",
)


def _split(qualname: str) -> tuple[str, list[str]]:
    """(module, attribute path) of a dotted name, the longest importable module first."""
    parts = qualname.split(".")
    for i in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:i])
        try:
            importlib.import_module(module)
        except ImportError:
            continue
        return module, parts[i:]
    return qualname, []


def page_code(needed: set[str], game_packages: list[str]) -> list[str]:
    """The internal page: each object a rulebook page or a hand-written page links to, by module
    (the clause's code, a theorem's check, a refinement test, the theorem-writing helpers)."""
    out = [*title("The code behind the rules", "=")]
    out += [
        "**Not the public API** (that is the :doc:`../api/index`): the functions and methods that "
        "each clause of a rulebook links to, the checks of the theorems, and the helpers for "
        "writing a theorem, for a reader who checks a ruling against the code. They may change "
        "in any version. The ``[source]`` link of each shows its code.",
        "",
    ]
    by_module: dict[str, dict[str, list[str]]] = {}
    for qualname in sorted({*needed, *LINKED_INTERNALS}):
        module, path = _split(qualname)
        if not path:
            continue
        members = by_module.setdefault(module, {})
        if len(path) == 1:
            members.setdefault(path[0], [])
        else:
            members.setdefault(path[0], []).append(".".join(path[1:2]))
    for module in (*LINKED_MODULES, *(f"{p}.notation" for p in game_packages)):
        by_module.setdefault(module, {})
    for module in sorted(by_module):
        out += [*title(module, "-"), *automodule(module, members=False)]
        for top, inner in sorted(by_module[module].items()):
            obj = getattr(importlib.import_module(module), top, None)
            if isinstance(obj, type) and inner and f"{module}.{top}" in PUBLIC:
                # a public class has its entry in the API reference: only the members linked here
                for member in sorted(set(inner)):
                    kind = "autoproperty" if isinstance(
                        inspect.getattr_static(obj, member, None), property) else "automethod"
                    out += [f".. {kind}:: {module}.{top}.{member}", ""]
            elif isinstance(obj, type):
                out += [f".. autoclass:: {module}.{top}"]
                out += ([f"   :members: {', '.join(sorted(set(inner)))}", "   :undoc-members:"]
                        if inner else ["   :no-members:"])
                out += [""]
            elif callable(obj):
                out += [f".. autofunction:: {module}.{top}", ""]
            else:
                out += [f".. autodata:: {module}.{top}", "   :no-value:", ""]
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


#: Qualified names the rulebook pages link to (filled by the page writers): the internal page
#: documents exactly these.
NEEDED: set[str] = set()
#: Where each public object is defined -> its public name (see ``public_names``).
PUBLIC: dict[str, str] = {}


def public_target(target: str) -> str | None:
    """The public name of ``target`` or of the object it is a member of
    (``castlerules.core.game.Game.apply`` -> ``castlerules.Game.apply``), else None."""
    parts = target.split(".")
    for i in range(len(parts), 1, -1):
        found = PUBLIC.get(".".join(parts[:i]))
        if found is not None:
            return ".".join([found, *parts[i:]])
    return None


def is_type_variable(target: str) -> bool:
    """Whether ``target`` names a ``TypeVar`` (``castlerules.core.game.S``)."""
    import typing

    module, _, name = target.rpartition(".")
    try:
        return isinstance(getattr(importlib.import_module(module), name), typing.TypeVar)
    except (ImportError, AttributeError, ValueError):
        return False


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
